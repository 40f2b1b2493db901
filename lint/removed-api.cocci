// SPDX-License-Identifier: MIT
/// Calls of APIs that some kernel versions lack: ioremap_nocache() and
/// devm_ioremap_nocache() (gone in 5.6), mmiowb() (gone in 5.2), and the newer
/// ioremap_uc(), ioremap_wt() (4.2), memremap() (4.3), io_stop_wc() (5.17), dma_mb() (5.19).
//# Reports: removed-api, for the kernel given with --kernel. The versions are not here: they
//# come from include/iomodel/linux_versions.def and tables/litmus_primitives.def through
//# tables/lint_names.def.
// Source: 4bdc0d676a64 "remove ioremap_nocache and devm_ioremap_nocache"; the mmiowb()
// removal series merged in 5.2 (dd4e5d6106b2); e4b6be33c289 (ioremap_uc); d838270e2516
// (ioremap_wt); d5624bb29f49 (io_stop_wc).

@versioned_call@
expression list es;
position p1, p2, p3, p4, p5, p6, p7, p8;
@@
(
ioremap_nocache@p1(es)
|
devm_ioremap_nocache@p2(es)
|
ioremap_uc@p3(es)
|
ioremap_wt@p4(es)
|
memremap@p5(es)
|
mmiowb@p6(es)
|
io_stop_wc@p7(es)
|
dma_mb@p8(es)
)

@script:python@
p1 << versioned_call.p1 = [];
p2 << versioned_call.p2 = [];
p3 << versioned_call.p3 = [];
p4 << versioned_call.p4 = [];
p5 << versioned_call.p5 = [];
p6 << versioned_call.p6 = [];
p7 << versioned_call.p7 = [];
p8 << versioned_call.p8 = [];
es << versioned_call.es;
@@
n, p = first([("ioremap_nocache", p1), ("devm_ioremap_nocache", p2), ("ioremap_uc", p3),
              ("ioremap_wt", p4), ("memremap", p5), ("mmiowb", p6), ("io_stop_wc", p7),
              ("dma_mb", p8)])
fact("call", n, p, es)
