// SPDX-License-Identifier: MIT
/// In a file that reads MMIO with a relaxed accessor (readl_relaxed(), readq_relaxed(),
/// readw_relaxed(), readb_relaxed(), __raw_readl(), __raw_readq(), __raw_readw(),
/// __raw_readb()): those reads; the calls that order a later read of DMA memory after an
/// MMIO read (dma_rmb(), rmb(), the non-relaxed readl() family, and the streaming-DMA
/// calls that hand a buffer back to the CPU); and every le16/32/64_to_cpu() read (and the
/// le16/32/64_to_cpup() reads through a pointer), the way a driver reads a descriptor the
/// device wrote.
//# Reports nothing by itself: lib/lint joins these facts per function and decides
//# relaxed-read-then-dma-read, backing each finding with the litmus test of the
//# statements (docs/lint.md).
// Source: Documentation/memory-barriers.txt@6.12 "dma_rmb()" (the descriptor-status
// example) and driver-api/device-io.rst@6.12 (readX_relaxed() orders nothing against normal
// memory); the article's "Existing practice" (ahci_brcmstb's brcm_sata_readreg()).
// The relaxed reads are the anchor. A program of its own: joined with the write side,
// spatch parsed eight times the files (drivers/net/ethernet 28 s against 3.4 s).
// Run: apart

// The drivers' own read accessors: the last alternative is generated, as doorbell.cocci's.
@relaxed_read@
expression list es;
//+ wrapper_read_decl
position p1, p2, p3, p4, p5, p6, p7, p8, p9;
@@
(
readl_relaxed@p1(es)
|
readq_relaxed@p2(es)
|
readw_relaxed@p3(es)
|
readb_relaxed@p4(es)
|
__raw_readl@p5(es)
|
__raw_readq@p6(es)
|
__raw_readw@p7(es)
|
__raw_readb@p8(es)
//+ wrapper_read
)

@script:python@
p1 << relaxed_read.p1 = [];
p2 << relaxed_read.p2 = [];
p3 << relaxed_read.p3 = [];
p4 << relaxed_read.p4 = [];
p5 << relaxed_read.p5 = [];
p6 << relaxed_read.p6 = [];
p7 << relaxed_read.p7 = [];
p8 << relaxed_read.p8 = [];
es << relaxed_read.es;
@@
n, p = first([("readl_relaxed", p1), ("readq_relaxed", p2), ("readw_relaxed", p3), ("readb_relaxed", p4), ("__raw_readl", p5), ("__raw_readq", p6), ("__raw_readw", p7), ("__raw_readb", p8)])
if p:
    fact("call", n, p, es)

@dma_rorder depends on relaxed_read@
expression list es;
position p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13;
@@
(
dma_rmb@p1(es)
|
rmb@p2(es)
|
readl@p3(es)
|
readq@p4(es)
|
readw@p5(es)
|
readb@p6(es)
|
ioread32@p7(es)
|
ioread16@p8(es)
|
ioread8@p9(es)
|
dma_sync_single_for_cpu@p10(es)
|
dma_unmap_single@p11(es)
|
dma_unmap_page@p12(es)
|
dma_unmap_sg@p13(es)
)

@script:python@
p1 << dma_rorder.p1 = [];
p2 << dma_rorder.p2 = [];
p3 << dma_rorder.p3 = [];
p4 << dma_rorder.p4 = [];
p5 << dma_rorder.p5 = [];
p6 << dma_rorder.p6 = [];
p7 << dma_rorder.p7 = [];
p8 << dma_rorder.p8 = [];
p9 << dma_rorder.p9 = [];
p10 << dma_rorder.p10 = [];
p11 << dma_rorder.p11 = [];
p12 << dma_rorder.p12 = [];
p13 << dma_rorder.p13 = [];
es << dma_rorder.es;
@@
n, p = first([("dma_rmb", p1), ("rmb", p2), ("readl", p3), ("readq", p4), ("readw", p5), ("readb", p6), ("ioread32", p7), ("ioread16", p8), ("ioread8", p9), ("dma_sync_single_for_cpu", p10), ("dma_unmap_single", p11), ("dma_unmap_page", p12), ("dma_unmap_sg", p13)])
fact("call", n, p, es)

@le_load depends on relaxed_read@
expression E;
position p1, p2, p3, p4, p5, p6;
@@
(
le32_to_cpu@p1(E)
|
le64_to_cpu@p2(E)
|
le16_to_cpu@p3(E)
|
le32_to_cpup@p4(E)
|
le64_to_cpup@p5(E)
|
le16_to_cpup@p6(E)
)

@script:python@
p1 << le_load.p1 = [];
p2 << le_load.p2 = [];
p3 << le_load.p3 = [];
p4 << le_load.p4 = [];
p5 << le_load.p5 = [];
p6 << le_load.p6 = [];
E << le_load.E;
@@
n, p = first([("le32_to_cpu", p1), ("le64_to_cpu", p2), ("le16_to_cpu", p3), ("le32_to_cpup", p4), ("le64_to_cpup", p5), ("le16_to_cpup", p6)])
fact("call", n, p, E)

// where such a read is kept: "addr = le32_to_cpu(d->addr)", for lib/lint/ordering.c to
// see the value passed on as the address of a streaming mapping the driver unmaps (a
// field the CPU wrote when it mapped the buffer, not one the device wrote)
@le_kept depends on le_load@
expression L, E;
position p1, p2, p3;
@@
(
L@p1 = le32_to_cpu(E)
|
L@p2 = le64_to_cpu(E)
|
L@p3 = le16_to_cpu(E)
)

@script:python@
p1 << le_kept.p1 = [];
p2 << le_kept.p2 = [];
p3 << le_kept.p3 = [];
L << le_kept.L;
E << le_kept.E;
@@
n, p = first([("le32_to_cpu", p1), ("le64_to_cpu", p2), ("le16_to_cpu", p3)])
if p:
    assign(p, L, "%s(%s)" % (n, _norm(str(E))))


// Memory only the CPU uses (kmalloc() and its family): lint/cpu-memory.cocci
//+ include cpu-memory.cocci le_load
