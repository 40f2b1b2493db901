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
// aliases). Each rule depends on a call the earlier rules name, so spatch parses and
// matches these rules only in the ~130 files of drivers/ that ask for WC or take an MTRR,
// not in every file that calls ioremap().

// The names are a regular expression, not a disjunction of calls: a regular expression
// gives spatch's prefilter no token, so these rules add nothing to the files it parses
// (the files that name a cookie, a WC mapping or an MTRR call). Written as a disjunction,
// joined with lint/removed-api.cocci, the prefilter's formula grew past what spatch keeps
// and it parsed every file that names ioremap() (1,634 files of drivers/, 66 s against 14 s).
@map_call depends on cookie_call || wcmap_call || mtrr_call@
identifier F =~ "^(ioremap|ioremap_cache|devm_ioremap|devm_ioremap_uc|pci_iomap|pci_iomap_range|pcim_iomap|pci_ioremap_bar|iounmap)$";
expression list es;
position p;
@@
F@p(es)

@script:python@
F << map_call.F;
p << map_call.p;
es << map_call.es;
@@
fact("call", str(F), p, es)

@kept depends on cookie_call || wcmap_call || mtrr_call@
identifier F =~ "^(ioremap|ioremap_cache|devm_ioremap|devm_ioremap_uc|pci_iomap|pci_iomap_range|pcim_iomap|pci_ioremap_bar|ioremap_wc|devm_ioremap_wc|pci_iomap_wc|pci_iomap_wc_range|pci_ioremap_wc_bar|io_mapping_create_wc|arch_phys_wc_add|devm_arch_phys_wc_add|ioremap_nocache|devm_ioremap_nocache|ioremap_uc|ioremap_wt|mtrr_add|mtrr_add_page)$";
expression list es;
expression L;
position p;
@@
L = F@p(es)

@script:python@
F << kept.F;
p << kept.p;
es << kept.es;
L << kept.L;
@@
ret(str(F), p, L)

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
