// SPDX-License-Identifier: MIT
/// Calls of the x86 variable-MTRR interface: mtrr_add(), mtrr_add_page(), mtrr_del(),
/// mtrr_del_page().
//# Reports: mtrr-add-in-driver (outside arch/x86; the fix is arch_phys_wc_add() and
//# arch_phys_wc_del(), with ioremap_wc() for the mapping).
// Source: seed 001, commit 7d89a3cb159a "drivers/video/fbdev/atyfb: Use arch_phys_wc_add()
// and ioremap_wc()", whose own SmPL rewrites mtrr_add(base, size, MTRR_TYPE_WRCOMB, 1) and
// mtrr_del(); seed 004, commit 3cc2dac5be3f (the UC "hole" MTRR it removes);
// arch/x86/kernel/cpu/mtrr/mtrr.c@6.12 (the four functions, none exported to modules).
// Each name is written out, so spatch's prefilter parses only files that name one.

@mtrr_call@
expression list es;
position p1, p2, p3, p4;
@@
(
mtrr_add@p1(es)
|
mtrr_add_page@p2(es)
|
mtrr_del@p3(es)
|
mtrr_del_page@p4(es)
)

@script:python@
p1 << mtrr_call.p1 = [];
p2 << mtrr_call.p2 = [];
p3 << mtrr_call.p3 = [];
p4 << mtrr_call.p4 = [];
es << mtrr_call.es;
@@
n, p = first([("mtrr_add", p1), ("mtrr_add_page", p2), ("mtrr_del", p3), ("mtrr_del_page", p4)])
fact("call", n, p, es)
