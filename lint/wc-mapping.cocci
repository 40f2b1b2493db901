// SPDX-License-Identifier: MIT
/// In a file that asks for write combining or calls the MTRR interface (a call of
/// lint/cookie.cocci or lint/mtrr.cocci):
/// the uncached and cached mappings (ioremap(), ioremap_cache(), devm_ioremap(),
/// devm_ioremap_uc(), the pci_iomap() family, pci_ioremap_bar()) and iounmap(); the
/// variable each mapping, cookie or MTRR is kept in (`L = f(...)`); and every assignment,
/// which links a mapping's address to a cookie's base (info->fix.smem_start = addr).
//# Reports nothing by itself: lib/lint joins these facts to the cookies' and decides
//# wc-cookie-without-wc-mapping, registers-under-wc-mtrr and wc-uc-alias.
// Source: seed 004 (3cc2dac5be3f: registers mapped with ioremap() inside a WC MTRR, then
// ioremap_uc()); seed 001; the article, "Mapping attributes" ("don't do that" for WC/UC
// aliases). Each rule depends on a call the earlier rules name, so spatch matches these
// rules only in the ~130 files of drivers/ that ask for WC or take an MTRR, not in every
// file that calls ioremap().

@map_call depends on cookie_call || wcmap_call || mtrr_call@
expression list es;
position p1, p2, p3, p4, p5, p6, p7, p8, p9;
@@
(
ioremap@p1(es)
|
ioremap_cache@p2(es)
|
devm_ioremap@p3(es)
|
devm_ioremap_uc@p4(es)
|
pci_iomap@p5(es)
|
pci_iomap_range@p6(es)
|
pcim_iomap@p7(es)
|
pci_ioremap_bar@p8(es)
|
iounmap@p9(es)
)

@script:python@
p1 << map_call.p1 = [];
p2 << map_call.p2 = [];
p3 << map_call.p3 = [];
p4 << map_call.p4 = [];
p5 << map_call.p5 = [];
p6 << map_call.p6 = [];
p7 << map_call.p7 = [];
p8 << map_call.p8 = [];
p9 << map_call.p9 = [];
es << map_call.es;
@@
n, p = first([("ioremap", p1), ("ioremap_cache", p2), ("devm_ioremap", p3), ("devm_ioremap_uc", p4), ("pci_iomap", p5), ("pci_iomap_range", p6), ("pcim_iomap", p7), ("pci_ioremap_bar", p8), ("iounmap", p9)])
fact("call", n, p, es)

@kept depends on cookie_call || wcmap_call || mtrr_call@
expression list es;
expression L;
position p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20, p21, p22;
@@
(
L = ioremap@p1(es)
|
L = ioremap_cache@p2(es)
|
L = devm_ioremap@p3(es)
|
L = devm_ioremap_uc@p4(es)
|
L = pci_iomap@p5(es)
|
L = pci_iomap_range@p6(es)
|
L = pcim_iomap@p7(es)
|
L = pci_ioremap_bar@p8(es)
|
L = ioremap_wc@p9(es)
|
L = devm_ioremap_wc@p10(es)
|
L = pci_iomap_wc@p11(es)
|
L = pci_iomap_wc_range@p12(es)
|
L = pci_ioremap_wc_bar@p13(es)
|
L = io_mapping_create_wc@p14(es)
|
L = arch_phys_wc_add@p15(es)
|
L = devm_arch_phys_wc_add@p16(es)
|
L = ioremap_nocache@p17(es)
|
L = devm_ioremap_nocache@p18(es)
|
L = ioremap_uc@p19(es)
|
L = ioremap_wt@p20(es)
|
L = mtrr_add@p21(es)
|
L = mtrr_add_page@p22(es)
)

@script:python@
p1 << kept.p1 = [];
p2 << kept.p2 = [];
p3 << kept.p3 = [];
p4 << kept.p4 = [];
p5 << kept.p5 = [];
p6 << kept.p6 = [];
p7 << kept.p7 = [];
p8 << kept.p8 = [];
p9 << kept.p9 = [];
p10 << kept.p10 = [];
p11 << kept.p11 = [];
p12 << kept.p12 = [];
p13 << kept.p13 = [];
p14 << kept.p14 = [];
p15 << kept.p15 = [];
p16 << kept.p16 = [];
p17 << kept.p17 = [];
p18 << kept.p18 = [];
p19 << kept.p19 = [];
p20 << kept.p20 = [];
p21 << kept.p21 = [];
p22 << kept.p22 = [];
es << kept.es;
L << kept.L;
@@
n, p = first([("ioremap", p1), ("ioremap_cache", p2), ("devm_ioremap", p3), ("devm_ioremap_uc", p4), ("pci_iomap", p5), ("pci_iomap_range", p6), ("pcim_iomap", p7), ("pci_ioremap_bar", p8), ("ioremap_wc", p9), ("devm_ioremap_wc", p10), ("pci_iomap_wc", p11), ("pci_iomap_wc_range", p12), ("pci_ioremap_wc_bar", p13), ("io_mapping_create_wc", p14), ("arch_phys_wc_add", p15), ("devm_arch_phys_wc_add", p16), ("ioremap_nocache", p17), ("devm_ioremap_nocache", p18), ("ioremap_uc", p19), ("ioremap_wt", p20), ("mtrr_add", p21), ("mtrr_add_page", p22)])
ret(n, p, L)

@assign depends on cookie_call || wcmap_call || mtrr_call@
expression L, R;
assignment operator op;
position p;
@@
L@p op R

@script:python@
L << assign.L;
R << assign.R;
op << assign.op;
p << assign.p;
@@
# L = R, and L += R / L -= R as L = L + (R) / L = L - (R) (atyfb trims smem_len so)
o = str(op).strip()
if o == "=":
    assign(p, L, R)
elif o in ("+=", "-="):
    assign(p, L, "%s %s (%s)" % (_norm(str(L)), o[0], _norm(str(R))))
