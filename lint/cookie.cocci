// SPDX-License-Identifier: MIT
/// Calls that ask for write combining or manage it: arch_phys_wc_add()/_del() and the devm_
/// form (the WC cookie), arch_io_reserve_memtype_wc()/arch_io_free_memtype_wc() and the
/// devm_ form (a WC reservation), and the WC mappings: ioremap_wc(), devm_ioremap_wc(),
/// pci_iomap_wc(), pci_iomap_wc_range(), pci_ioremap_wc_bar(), io_mapping_create_wc().
//# Reports: wc-cookie-without-wc-mapping, registers-under-wc-mtrr, wc-uc-alias (with the
//# mappings of lint/wc-mapping.cocci, decided by the memory-type model).
// Source: seed 001 (7d89a3cb159a: mtrr_add() -> arch_phys_wc_add(), ioremap() ->
// ioremap_wc()); arch/x86/kernel/cpu/mtrr/mtrr.c@6.12 (arch_phys_wc_add() is a no-op under
// PAT); arch/x86/mm/pat/memtype.c@6.12 (arch_io_reserve_memtype_wc()).

@wc_call@
expression list es;
position p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12;
@@
(
arch_phys_wc_add@p1(es)
|
devm_arch_phys_wc_add@p2(es)
|
arch_phys_wc_del@p3(es)
|
arch_io_reserve_memtype_wc@p4(es)
|
devm_arch_io_reserve_memtype_wc@p5(es)
|
arch_io_free_memtype_wc@p6(es)
|
ioremap_wc@p7(es)
|
devm_ioremap_wc@p8(es)
|
pci_iomap_wc@p9(es)
|
pci_iomap_wc_range@p10(es)
|
pci_ioremap_wc_bar@p11(es)
|
io_mapping_create_wc@p12(es)
)

@script:python@
p1 << wc_call.p1 = [];
p2 << wc_call.p2 = [];
p3 << wc_call.p3 = [];
p4 << wc_call.p4 = [];
p5 << wc_call.p5 = [];
p6 << wc_call.p6 = [];
p7 << wc_call.p7 = [];
p8 << wc_call.p8 = [];
p9 << wc_call.p9 = [];
p10 << wc_call.p10 = [];
p11 << wc_call.p11 = [];
p12 << wc_call.p12 = [];
es << wc_call.es;
@@
n, p = first([("arch_phys_wc_add", p1), ("devm_arch_phys_wc_add", p2), ("arch_phys_wc_del", p3), ("arch_io_reserve_memtype_wc", p4), ("devm_arch_io_reserve_memtype_wc", p5), ("arch_io_free_memtype_wc", p6), ("ioremap_wc", p7), ("devm_ioremap_wc", p8), ("pci_iomap_wc", p9), ("pci_iomap_wc_range", p10), ("pci_ioremap_wc_bar", p11), ("io_mapping_create_wc", p12)])
fact("call", n, p, es)
