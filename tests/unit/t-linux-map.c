// SPDX-License-Identifier: MIT
/* iom_k_resolve_map(): the whole address space as pieces of equal MTRR type and tracked
 * reservation, with the effective type (SDM Table 11-7 via the Linux PAT set-up). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "iomodel/linux.h"

static struct iom_kernel *boot(void)
{
	struct iom_mtrr_state s;
	struct iom_cpu cpu;
	iom_mtrr_state_init(&s, 36, 8);
	s.enabled = true;
	s.def_type = 0;
	iom_mtrr_var_set(&s, 0, 0, 1ULL << 31, IOM_MT_WB);
	iom_mtrr_var_set(&s, 1, 0xe0000000, 1ULL << 24, IOM_MT_WC);
	iom_cpu_init(&cpu);
	struct iom_kernel *k = iom_kernel_new(IOM_KVER(4, 8), &cpu, &s);
	iom_kernel_boot(k);
	return k;
}

static void test_map(void **st)
{
	(void)st;
	struct iom_kernel *k = boot();
	enum iom_mt got;
	/* nested reservations of one type: [e0000000, e0800000) and [e0100000, e0200000) */
	assert_int_equal(iom_k_reserve_memtype(k, 0xe0000000, 0xe0800000, IOM_MT_UC_MINUS, &got), 0);
	assert_int_equal(iom_k_reserve_memtype(k, 0xe0100000, 0xe0200000, IOM_MT_UC_MINUS, &got), 0);
	assert_int_equal(iom_k_reserve_memtype(k, 0xd0000000, 0xd0001000, IOM_MT_WC, &got), 0);
	struct iom_kmap_piece p[16];
	long n = iom_k_resolve_map(k, 0, 1ULL << 36, p, 16);
	/* WB [0,2G), default UC [2G, d0000000), WC reservation, UC, UC- tracked under the WC
	 * MTRR [e0000000, e0800000), WC MTRR untracked, default UC to the top */
	assert_int_equal(n, 7);
	assert_int_equal(p[0].mtrr, IOM_MT_WB);
	assert_int_equal(p[0].tracked, IOM_MT_NONE);
	assert_int_equal(p[2].start, 0xd0000000);
	assert_int_equal(p[2].tracked, IOM_MT_WC);
	assert_int_equal(p[2].eff.type, IOM_MT_WC);    /* SDM-T11-7 UC/WC */
	assert_int_equal(p[4].start, 0xe0000000);
	assert_int_equal(p[4].end, 0xe0800000);        /* nesting does not split the piece */
	assert_int_equal(p[4].tracked, IOM_MT_UC_MINUS);
	assert_int_equal(p[4].eff.type, IOM_MT_WC);    /* SDM-T11-7 WC/UC- */
	assert_int_equal(p[5].tracked, IOM_MT_NONE);
	assert_int_equal(p[5].mtrr, IOM_MT_WC);
	assert_int_equal(p[6].end, 1ULL << 36);
	/* the count does not depend on max */
	assert_int_equal(iom_k_resolve_map(k, 0, 1ULL << 36, p, 2), 7);
	assert_int_equal(iom_k_resolve_map(k, 5, 5, p, 2), -1);
	iom_kernel_free(k);
}

/* An API missing from the version is refused by iom_k_map() itself (NO_IOREMAP_NOCACHE,
 * 4bdc0d676a64: ioremap_nocache() gone in 5.6), and still works at 4.8. */
static void test_missing_api(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	struct iom_cpu cpu;
	struct iom_mapping m;
	iom_mtrr_state_init(&s, 36, 8);
	iom_cpu_init(&cpu);
	struct iom_kernel *k = iom_kernel_new(IOM_KVER(6, 12), &cpu, &s);
	iom_kernel_boot(k);
	assert_int_equal(iom_k_map(k, IOM_API_IOREMAP_NOCACHE, 0xe0000000, 0x1000, 0, &m), -1);
	assert_int_equal(m.err, -38);
	assert_int_equal(iom_k_nr_mappings(k), 0);
	iom_kernel_free(k);
	k = iom_kernel_new(IOM_KVER(4, 8), &cpu, &s);
	iom_kernel_boot(k);
	assert_true(iom_k_map(k, IOM_API_IOREMAP_NOCACHE, 0xe0000000, 0x1000, 0, &m) >= 0);
	iom_kernel_free(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_map), cmocka_unit_test(test_missing_api) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
