// SPDX-License-Identifier: MIT
/// Calls that ask for write combining or manage it: arch_phys_wc_add()/_del() and the devm_
/// form (the WC cookie), arch_io_reserve_memtype_wc()/arch_io_free_memtype_wc() and the
/// devm_ form (a WC reservation), and the WC mappings: ioremap_wc(), devm_ioremap_wc(),
/// pci_iomap_wc(), pci_iomap_wc_range(), pci_ioremap_wc_bar(), io_mapping_create_wc().
//# Reports: wc-cookie-without-wc-mapping, registers-under-wc-mtrr, wc-uc-alias (with the
//# mappings of lint/wc-mapping.cocci, decided by the memory-type model).
// Source: seed 001 (7d89a3cb159a: mtrr_add() -> arch_phys_wc_add(), ioremap() ->
// ioremap_wc()); arch/x86/kernel/cpu/mtrr/mtrr.c@6.12 (arch_phys_wc_add() is a no-op under
// PAT); arch/x86/mm/pat/memtype.c@6.12 (arch_io_reserve_memtype_wc()). Two rules: the cookies
// and reservations (cookie_call) and the WC mappings (wcmap_call).

@cookie_call@
expression list es;
position p1, p2, p3, p4, p5, p6;
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
)

@script:python@
p1 << cookie_call.p1 = [];
p2 << cookie_call.p2 = [];
p3 << cookie_call.p3 = [];
p4 << cookie_call.p4 = [];
p5 << cookie_call.p5 = [];
p6 << cookie_call.p6 = [];
es << cookie_call.es;
@@
n, p = first([("arch_phys_wc_add", p1), ("devm_arch_phys_wc_add", p2), ("arch_phys_wc_del", p3), ("arch_io_reserve_memtype_wc", p4), ("devm_arch_io_reserve_memtype_wc", p5), ("arch_io_free_memtype_wc", p6)])
fact("call", n, p, es)

@wcmap_call@
expression list es;
position p1, p2, p3, p4, p5, p6;
@@
(
ioremap_wc@p1(es)
|
devm_ioremap_wc@p2(es)
|
pci_iomap_wc@p3(es)
|
pci_iomap_wc_range@p4(es)
|
pci_ioremap_wc_bar@p5(es)
|
io_mapping_create_wc@p6(es)
)

@script:python@
p1 << wcmap_call.p1 = [];
p2 << wcmap_call.p2 = [];
p3 << wcmap_call.p3 = [];
p4 << wcmap_call.p4 = [];
p5 << wcmap_call.p5 = [];
p6 << wcmap_call.p6 = [];
es << wcmap_call.es;
@@
n, p = first([("ioremap_wc", p1), ("devm_ioremap_wc", p2), ("pci_iomap_wc", p3), ("pci_iomap_wc_range", p4), ("pci_ioremap_wc_bar", p5), ("io_mapping_create_wc", p6)])
fact("call", n, p, es)
