// SPDX-License-Identifier: MIT
/// Definitions and prototypes of the functions the other rules of lint/ report calls of.
//# Reports nothing by itself. A definition in a driver (a stub such as
//# "static inline int mtrr_add(...) { return -ENODEV; }" under #ifndef CONFIG_MTRR) makes
//# that driver's calls of the name its own, and the arch code that implements a primitive
//# is a definition, not a call. A prototype is recorded and never a call.
// Source: issue 17's "definitions are not calls"; tables/lint_names.def lists the names
// (tests/unit/t-lint.c checks that this file names each of them).

@definition@
type T;
parameter list ps;
position p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12;
@@
(
T mtrr_add@p1(ps) {...}
|
T mtrr_add_page@p2(ps) {...}
|
T mtrr_del@p3(ps) {...}
|
T mtrr_del_page@p4(ps) {...}
|
T ioremap_nocache@p5(ps) {...}
|
T devm_ioremap_nocache@p6(ps) {...}
|
T ioremap_uc@p7(ps) {...}
|
T ioremap_wt@p8(ps) {...}
|
T memremap@p9(ps) {...}
|
T mmiowb@p10(ps) {...}
|
T io_stop_wc@p11(ps) {...}
|
T dma_mb@p12(ps) {...}
)

@script:python@
p1 << definition.p1 = [];
p2 << definition.p2 = [];
p3 << definition.p3 = [];
p4 << definition.p4 = [];
p5 << definition.p5 = [];
p6 << definition.p6 = [];
p7 << definition.p7 = [];
p8 << definition.p8 = [];
p9 << definition.p9 = [];
p10 << definition.p10 = [];
p11 << definition.p11 = [];
p12 << definition.p12 = [];
@@
n, p = first([("mtrr_add", p1), ("mtrr_add_page", p2), ("mtrr_del", p3), ("mtrr_del_page", p4), ("ioremap_nocache", p5), ("devm_ioremap_nocache", p6), ("ioremap_uc", p7), ("ioremap_wt", p8), ("memremap", p9), ("mmiowb", p10), ("io_stop_wc", p11), ("dma_mb", p12)])
fact("def", n, p)

@prototype@
type T;
parameter list ps;
position p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12;
@@
(
T mtrr_add@p1(ps);
|
T mtrr_add_page@p2(ps);
|
T mtrr_del@p3(ps);
|
T mtrr_del_page@p4(ps);
|
T ioremap_nocache@p5(ps);
|
T devm_ioremap_nocache@p6(ps);
|
T ioremap_uc@p7(ps);
|
T ioremap_wt@p8(ps);
|
T memremap@p9(ps);
|
T mmiowb@p10(ps);
|
T io_stop_wc@p11(ps);
|
T dma_mb@p12(ps);
)

@script:python@
p1 << prototype.p1 = [];
p2 << prototype.p2 = [];
p3 << prototype.p3 = [];
p4 << prototype.p4 = [];
p5 << prototype.p5 = [];
p6 << prototype.p6 = [];
p7 << prototype.p7 = [];
p8 << prototype.p8 = [];
p9 << prototype.p9 = [];
p10 << prototype.p10 = [];
p11 << prototype.p11 = [];
p12 << prototype.p12 = [];
@@
n, p = first([("mtrr_add", p1), ("mtrr_add_page", p2), ("mtrr_del", p3), ("mtrr_del_page", p4), ("ioremap_nocache", p5), ("devm_ioremap_nocache", p6), ("ioremap_uc", p7), ("ioremap_wt", p8), ("memremap", p9), ("mmiowb", p10), ("io_stop_wc", p11), ("dma_mb", p12)])
fact("proto", n, p)
