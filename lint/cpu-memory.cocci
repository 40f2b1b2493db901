// SPDX-License-Identifier: MIT
/// Memory only the CPU uses: each pointer or member kept from kmalloc() and its family, and
/// each pointer taken from such memory in the same function, as "ret" facts.
//# Reports nothing by itself: lib/lint/ordering.c does not count a cpu_to_le*() store into
//# such memory as a store the device reads (dma-write-then-relaxed-doorbell), nor a
//# le*_to_cpu() read from it as a read of what the device wrote (relaxed-read-then-dma-read).
// Source: core-api/memory-allocation.rst@6.12 (kmalloc() and its family give normal kernel
// memory); core-api/dma-api.rst@6.12 (a device reads such memory only through a streaming
// mapping, dma_map_single(), which the rules count as ordering).
// Run: included
// lint/doorbell.cocci and lint/dma-read.cocci include these rules ("//+ include"), each
// "depends on ANCHOR" becoming the including program's rule for the stores (le_store) or the
// loads (le_load): the rules run only in the files where what they qualify was found (run
// wherever the program reads, they cost 11 s more on drivers/net/ethernet, a third).

// Memory only the CPU uses (core-api/memory-allocation.rst@6.12: kmalloc() and its
// family give normal kernel memory; a driver hands it to a device only through a
// streaming mapping, dma_map_single(), which orders it itself). A cpu_to_le*() value
// stored there fills a command the CPU copies to the device, or a driver's own table
// (wil6210's wmi.c@6.12 kzalloc()s each command, then copies it into device memory with
// __raw_writel(); cqhci-crypto.c@6.12 keeps the crypto capabilities in devm_kcalloc()
// memory): not a store the device reads by DMA. The allocation, as a "ret" fact: the
// pointer or member it is kept in.
@cpu_alloc depends on ANCHOR@
expression X;
expression list es;
position p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14;
@@
X =
(
kmalloc@p1(es)
|
kzalloc@p2(es)
|
kcalloc@p3(es)
|
kmalloc_array@p4(es)
|
kmemdup@p5(es)
|
kvmalloc@p6(es)
|
kvzalloc@p7(es)
|
kvcalloc@p8(es)
|
vmalloc@p9(es)
|
vzalloc@p10(es)
|
devm_kmalloc@p11(es)
|
devm_kzalloc@p12(es)
|
devm_kcalloc@p13(es)
|
devm_kmalloc_array@p14(es)
)

@script:python@
p1 << cpu_alloc.p1 = [];
p2 << cpu_alloc.p2 = [];
p3 << cpu_alloc.p3 = [];
p4 << cpu_alloc.p4 = [];
p5 << cpu_alloc.p5 = [];
p6 << cpu_alloc.p6 = [];
p7 << cpu_alloc.p7 = [];
p8 << cpu_alloc.p8 = [];
p9 << cpu_alloc.p9 = [];
p10 << cpu_alloc.p10 = [];
p11 << cpu_alloc.p11 = [];
p12 << cpu_alloc.p12 = [];
p13 << cpu_alloc.p13 = [];
p14 << cpu_alloc.p14 = [];
X << cpu_alloc.X;
@@
n, p = first([("kmalloc", p1), ("kzalloc", p2), ("kcalloc", p3), ("kmalloc_array", p4), ("kmemdup", p5), ("kvmalloc", p6), ("kvzalloc", p7), ("kvcalloc", p8), ("vmalloc", p9), ("vzalloc", p10), ("devm_kmalloc", p11), ("devm_kzalloc", p12), ("devm_kcalloc", p13), ("devm_kmalloc_array", p14)])
if p:
    ret(n, p, X)

// a pointer taken from such memory in the same function (wmi.c@6.12 l.1976:
// wmi = &evt->event.wmi, where evt is kmalloc()ed): a "ret" fact named cpu_derive for the
// pointer, at the pointer
@cpu_derive depends on cpu_alloc@
expression cpu_alloc.X;
expression E;
identifier P;
type T;
position p1, p2, p3, p4;
@@
(
P@p1 = &<+... X ...+>
|
P@p2 = (T)&<+... X ...+>
|
P@p3 = (T)X
|
P@p4 = X + E
)

@script:python@
p1 << cpu_derive.p1 = [];
p2 << cpu_derive.p2 = [];
p3 << cpu_derive.p3 = [];
p4 << cpu_derive.p4 = [];
P << cpu_derive.P;
@@
for p in (p1, p2, p3, p4):
    if p:
        once("ret", "cpu_derive", p, [_norm(str(P))])

@cpu_decl depends on cpu_alloc@
expression cpu_alloc.X;
expression E;
identifier P;
type T, T2;
position p1, p2, p3;
@@
(
T P@p1 = &<+... X ...+>;
|
T P@p2 = (T2)&<+... X ...+>;
|
T P@p3 = X + E;
)

@script:python@
p1 << cpu_decl.p1 = [];
p2 << cpu_decl.p2 = [];
p3 << cpu_decl.p3 = [];
P << cpu_decl.P;
@@
for p in (p1, p2, p3):
    if p:
        once("ret", "cpu_derive", p, [_norm(str(P))])
