// SPDX-License-Identifier: MIT
/// In a file that writes MMIO with a relaxed accessor (writel_relaxed(), writeq_relaxed(),
/// writew_relaxed(), writeb_relaxed(), __raw_writel(), __raw_writeq(), __raw_writew(),
/// __raw_writeb()): those writes; the calls that order earlier stores to DMA memory before
/// a later MMIO write (dma_wmb(), wmb(), mb(), the non-relaxed writel() family, and the
/// streaming-DMA calls that hand a buffer to the device); and every store of a
/// cpu_to_le16/32/64() value, the way a driver fills a descriptor the device reads.
//# Reports nothing by itself: lib/lint joins these facts per function and decides
//# dma-write-then-relaxed-doorbell, backing each finding with the litmus test of the
//# statements (docs/lint.md).
// Source: Documentation/memory-barriers.txt@6.12 "dma_wmb()" (the descriptor-then-doorbell
// example) and driver-api/device-io.rst@6.12 (the _relaxed accessors order nothing against
// normal memory); the article's "Existing practice" (relaxed accessors in drivers).
// The relaxed writes are the anchor: the other rules depend on it, so spatch parses only
// the files that name one of them. That holds in a program of its own: joined with the
// mapping rules, spatch's prefilter took writel() and mb() as reasons to parse a file.
// Run: apart

@relaxed_write@
expression list es;
position p1, p2, p3, p4, p5, p6, p7, p8;
@@
(
writel_relaxed@p1(es)
|
writeq_relaxed@p2(es)
|
writew_relaxed@p3(es)
|
writeb_relaxed@p4(es)
|
__raw_writel@p5(es)
|
__raw_writeq@p6(es)
|
__raw_writew@p7(es)
|
__raw_writeb@p8(es)
)

@script:python@
p1 << relaxed_write.p1 = [];
p2 << relaxed_write.p2 = [];
p3 << relaxed_write.p3 = [];
p4 << relaxed_write.p4 = [];
p5 << relaxed_write.p5 = [];
p6 << relaxed_write.p6 = [];
p7 << relaxed_write.p7 = [];
p8 << relaxed_write.p8 = [];
es << relaxed_write.es;
@@
n, p = first([("writel_relaxed", p1), ("writeq_relaxed", p2), ("writew_relaxed", p3), ("writeb_relaxed", p4), ("__raw_writel", p5), ("__raw_writeq", p6), ("__raw_writew", p7), ("__raw_writeb", p8)])
fact("call", n, p, es)

@dma_order depends on relaxed_write@
expression list es;
position p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14;
@@
(
dma_wmb@p1(es)
|
wmb@p2(es)
|
mb@p3(es)
|
writel@p4(es)
|
writeq@p5(es)
|
writew@p6(es)
|
writeb@p7(es)
|
iowrite32@p8(es)
|
iowrite16@p9(es)
|
iowrite8@p10(es)
|
dma_map_single@p11(es)
|
dma_map_page@p12(es)
|
dma_sync_single_for_device@p13(es)
|
dma_map_sg@p14(es)
)

@script:python@
p1 << dma_order.p1 = [];
p2 << dma_order.p2 = [];
p3 << dma_order.p3 = [];
p4 << dma_order.p4 = [];
p5 << dma_order.p5 = [];
p6 << dma_order.p6 = [];
p7 << dma_order.p7 = [];
p8 << dma_order.p8 = [];
p9 << dma_order.p9 = [];
p10 << dma_order.p10 = [];
p11 << dma_order.p11 = [];
p12 << dma_order.p12 = [];
p13 << dma_order.p13 = [];
p14 << dma_order.p14 = [];
es << dma_order.es;
@@
n, p = first([("dma_wmb", p1), ("wmb", p2), ("mb", p3), ("writel", p4), ("writeq", p5), ("writew", p6), ("writeb", p7), ("iowrite32", p8), ("iowrite16", p9), ("iowrite8", p10), ("dma_map_single", p11), ("dma_map_page", p12), ("dma_sync_single_for_device", p13), ("dma_map_sg", p14)])
fact("call", n, p, es)

// The barriers that order memory for other CPUs only (memory-barriers.txt@6.12 "SMP BARRIER
// PAIRING" and "dma_wmb()": smp_wmb() is no substitute for dma_wmb() before a doorbell), and
// the compiler barrier: a finding whose store and doorbell one of them sits between says so.
@cpu_barrier depends on relaxed_write@
expression list es;
position p1, p2, p3;
@@
(
smp_wmb@p1(es)
|
smp_mb@p2(es)
|
barrier@p3(es)
)

@script:python@
p1 << cpu_barrier.p1 = [];
p2 << cpu_barrier.p2 = [];
p3 << cpu_barrier.p3 = [];
es << cpu_barrier.es;
@@
n, p = first([("smp_wmb", p1), ("smp_mb", p2), ("barrier", p3)])
fact("call", n, p, es)

@le_store depends on relaxed_write@
expression L, E;
position p1, p2, p3;
@@
(
L@p1 = cpu_to_le32(E)
|
L@p2 = cpu_to_le64(E)
|
L@p3 = cpu_to_le16(E)
)

@script:python@
p1 << le_store.p1 = [];
p2 << le_store.p2 = [];
p3 << le_store.p3 = [];
L << le_store.L;
E << le_store.E;
@@
n, p = first([("cpu_to_le32", p1), ("cpu_to_le64", p2), ("cpu_to_le16", p3)])
if p:
    assign(p, L, "%s(%s)" % (n, _norm(str(E))))


// DMA-coherent memory, followed by name: the member a driver keeps such a region in
// (core-api/dma-api.rst@6.12: dma_alloc_coherent() and dmam_alloc_coherent() return memory
// the device reads with no cache maintenance; dma_pool_alloc() and dma_pool_zalloc() carve
// blocks of it; dma_zalloc_coherent() until 5.0). A store through that member, or through
// a pointer into it, is a store the device may read: a descriptor however it is written
// (cpu_to_be32(), a cast, a plain value). lib/lint/ordering.c keeps a store through a
// pointer only where the same function assigned the pointer from the region before it.
// The call's arguments give the region's DMA address (the handle, its third argument):
// a relaxed write of it tells the device where the ring is (set-up, not a doorbell).
@dma_region depends on relaxed_write@
expression X;
identifier fld;
expression list es;
position p1, p2, p3, p4, p5;
@@
X->fld =
(
dma_alloc_coherent@p1(es)
|
dmam_alloc_coherent@p2(es)
|
dma_pool_alloc@p3(es)
|
dma_pool_zalloc@p4(es)
|
dma_zalloc_coherent@p5(es)
)

@script:python@
p1 << dma_region.p1 = [];
p2 << dma_region.p2 = [];
p3 << dma_region.p3 = [];
p4 << dma_region.p4 = [];
p5 << dma_region.p5 = [];
X << dma_region.X;
fld << dma_region.fld;
es << dma_region.es;
@@
n, p = first([("dma_alloc_coherent", p1), ("dmam_alloc_coherent", p2), ("dma_pool_alloc", p3), ("dma_pool_zalloc", p4), ("dma_zalloc_coherent", p5)])
if p:
    fact("call", n, p, es)
    ret(n, p, "%s->%s" % (X, fld))

// a store through the member: r->d[i].ctrl = V, r->d->ctrl = V, r->d[i] = V
@region_store depends on dma_region@
identifier dma_region.fld, f;
expression X, I, V;
position p1, p2, p3;
@@
(
X@p1->fld[I].f = V
|
X@p2->fld->f = V
|
X@p3->fld[I] = V
)

@script:python@
p1 << region_store.p1 = [];
p2 << region_store.p2 = [];
p3 << region_store.p3 = [];
X << region_store.X;
fld << dma_region.fld;
f << region_store.f = "";
I << region_store.I = "";
V << region_store.V;
@@
assign_first([(p1, "%s->%s[%s].%s" % (X, fld, I, f), V), (p2, "%s->%s->%s" % (X, fld, f), V), (p3, "%s->%s[%s]" % (X, fld, I), V)])

// a pointer into it: d = &r->d[i], d = r->d + i, d = r->d (a declaration
// "struct desc *d = &r->d[i];" matches too: Coccinelle's standard isomorphisms)
@region_ptr depends on dma_region@
identifier dma_region.fld, D;
expression X, I;
position p1, p2, p3;
@@
(
D@p1 = &X->fld[I]
|
D@p2 = X->fld + I
|
D@p3 = X->fld
)

@script:python@
p1 << region_ptr.p1 = [];
p2 << region_ptr.p2 = [];
p3 << region_ptr.p3 = [];
D << region_ptr.D;
X << region_ptr.X;
fld << dma_region.fld;
I << region_ptr.I = "";
@@
assign_first([(p1, "&%s->%s[%s]" % (X, fld, I)), (p2, "%s->%s + %s" % (X, fld, I)), (p3, "%s->%s" % (X, fld))], D)

// a store through such a pointer: d->ctrl = V, d->buf[i] = V
@region_pstore depends on region_ptr@
identifier region_ptr.D, f;
expression I, V;
position p1, p2;
@@
(
D@p1->f[I] = V
|
D@p2->f = V
)

@script:python@
p1 << region_pstore.p1 = [];
p2 << region_pstore.p2 = [];
D << region_ptr.D;
f << region_pstore.f;
I << region_pstore.I = "";
V << region_pstore.V;
@@
assign_first([(p1, "%s->%s[%s]" % (D, f, I), V), (p2, "%s->%s" % (D, f), V)])


// the memory handed on: a call given the pointer, or what it was taken from
// (mlx4_SW2HW_EQ(dev, mailbox, n) after eq_context = mailbox->buf). What the callee does
// with it (order it and ring the device) lint may not see: ordering.c ends the search for
// a doorbell there, after a store.
@region_pass depends on region_ptr@
identifier region_ptr.D;
expression region_ptr.X;
identifier FN;
position p1, p2;
@@
(
FN@p1(..., D, ...)
|
FN@p2(..., X, ...)
)

@script:python@
p1 << region_pass.p1 = [];
p2 << region_pass.p2 = [];
D << region_ptr.D;
X << region_ptr.X;
FN << region_pass.FN;
@@
for p, a in ((p1, D), (p2, X)):
    if p:
        once("pass", str(FN), p, [_norm(str(a))])
