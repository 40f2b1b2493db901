// SPDX-License-Identifier: MIT
/* t-linux-mtrr -- Linux's MTRR interface on environment E0 of XMT-5:
 * mtrr_type_lookup() 4.2 scan vs 6.12 cache map (TV-47..TV-56), mtrr_add()/mtrr_del() with
 * the kernel's check order, errno values, usage counts and log text (TV-77..TV-91, TV-95),
 * arch_phys_wc_*() (TV-89, TV-92..TV-94). Sources: arch/x86/kernel/cpu/mtrr/main.c@v4.2
 * mtrr_add_page() L288, mtrr_del_page() L467, arch_phys_wc_add() L557; generic.c@v4.2
 * mtrr_type_lookup() L257, generic_validate_add_page() L848; mtrr.c and generic.c@v6.12
 * (messages without the "mtrr: " prefix except generic.c's alignment message). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/linux.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define V(a, b) IOM_KVER(a, b)
#define KiB 0x400ULL
#define MiB 0x100000ULL
#define GiB 0x40000000ULL
#define MT_UC 0u
#define MT_WC 1u
#define MT_WT 4u
#define MT_WP 5u
#define MT_WB 6u
#define MT_INVALID 0xFFu

/* ---- environment E0 (XMT-5) ---------------------------------------------------- */

static void e0_fixed(struct iom_mtrr_state *s)
{
	for (unsigned i = 0; i < IOM_MTRR_NR_FIXED; i++) {
		uint64_t a, z;
		iom_mtrr_fixed_range(i, &a, &z);
		s->fixed[i] = a < 0xA0000 ? 6 : a < 0xC0000 ? 0 : 5;
	}
}

static void e0_mtrr(struct iom_mtrr_state *s)
{
	iom_mtrr_state_init(s, 36, 8);
	s->enabled = s->fixed_enabled = true;
	s->def_type = 0;
	e0_fixed(s);
	iom_mtrr_var_set(s, 0, 0, 2 * GiB, IOM_MT_WB);
}

static struct iom_kernel *kboot(unsigned v, enum iom_pat_hw pat, const struct iom_mtrr_state *s,
				bool cpu_mtrr)
{
	struct iom_cpu c;
	iom_cpu_init(&c);
	c.pat = pat;
	c.mtrr = cpu_mtrr;
	struct iom_kernel *k = iom_kernel_new(v, &c, s);
	assert_non_null(k);
	static const struct iom_resource res[] = {
		{ IOM_RES_RAM, "System RAM", 0, 0x9F000, false },
		{ IOM_RES_RAM, "System RAM", 0x100000, 0x7F000000, false },
		{ IOM_RES_RESERVED, "reserved", 0x7F000000, 0x80000000, false },
		{ IOM_RES_BAR, "0000:01:00.0", 0xE0000000, 0xE1000000, false },
	};
	for (size_t i = 0; i < N(res); i++)
		assert_int_equal(iom_kernel_add_resource(k, &res[i]), 0);
	iom_kernel_boot(k);
	return k;
}

static struct iom_kernel *e0(unsigned v, enum iom_pat_hw pat)
{
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	return kboot(v, pat, &s, true);
}

static const char *last_log(const struct iom_kernel *k)
{
	size_t n = iom_kernel_nr_log(k);
	return n ? iom_kernel_log(k, n - 1)->text : "";
}

static size_t nlog(const struct iom_kernel *k)
{
	return iom_kernel_nr_log(k);
}

#define EXPECT_LAST(k, s)                                                                      \
	do {                                                                                   \
		if (strcmp(last_log(k), (s)))                                                  \
			fail_msg("last log \"%s\", want \"%s\"", last_log(k), (s));           \
	} while (0)

static void expect_var(const struct iom_kernel *k, unsigned reg, uint64_t base, uint64_t size,
		       enum iom_mt type)
{
	uint64_t b, z;
	enum iom_mt t;
	bool c;
	assert_true(iom_mtrr_var_get(iom_kernel_mtrr(k), reg, &b, &z, &t, &c));
	assert_int_equal(b, base);
	assert_int_equal(z, size);
	assert_int_equal(t, type);
}

/* ---- mtrr_type_lookup(): TV-47..TV-56 ------------------------------------------------ */

struct lk_case {
	const char *tv;
	uint64_t start, end;
	unsigned t42, u42, t612, u612;
};

static void run_lookup(const struct iom_mtrr_state *s, const struct lk_case *c, size_t n)
{
	static const unsigned old[] = { V(4, 2), V(4, 8), V(5, 6), V(6, 1) }; /* scan */
	static const unsigned map[] = { V(6, 5), V(6, 12) };                 /* cache map */
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < N(old) + N(map); j++) {
			bool is_map = j >= N(old);
			unsigned v = is_map ? map[j - N(old)] : old[j];
			struct iom_kernel *k = kboot(v, IOM_PAT_ON, s, true);
			int u = 42;
			unsigned t = iom_k_mtrr_type_lookup(k, c[i].start, c[i].end, &u);
			unsigned wt = is_map ? c[i].t612 : c[i].t42, wu = is_map ? c[i].u612 : c[i].u42;
			if (t != wt || u != (int)wu)
				fail_msg("%s v%u.%u: got type %u uniform %d, want %u %u", c[i].tv, v >> 8,
					 v & 0xff, t, u, wt, wu);
			iom_kernel_free(k);
		}
	}
}

static void test_lookup_tv47(void **st)
{
	(void)st;
	/* TV-47: default UC; WB [0,4G), UC [3G,4G), WC [0xE0000000,16M) */
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	iom_mtrr_var_set(&s, 0, 0, 4 * GiB, IOM_MT_WB);
	iom_mtrr_var_set(&s, 1, 3 * GiB, 1 * GiB, IOM_MT_UC);
	iom_mtrr_var_set(&s, 2, 0xE0000000, 16 * MiB, IOM_MT_WC);
	static const struct lk_case c[] = {
		{ "TV-47", 0xE0000000, 0xE0001000, MT_UC, 0, MT_UC, 1 },
		/* WB [0,3G) inside reg0 only: one register, uniform in both */
		{ "TV-47b", 0x40000000, 0x40001000, MT_WB, 1, MT_WB, 1 },
		/* [3G-4K, 3G+4K): WB then UC: non-uniform in both (type changes WB -> UC) */
		{ "TV-47c", 3 * GiB - 0x1000, 3 * GiB + 0x1000, MT_UC, 0, MT_UC, 0 },
	};
	run_lookup(&s, c, N(c));
}

static void test_lookup_tv48_50(void **st)
{
	(void)st;
	/* TV-48..TV-50: default UC; WB [0,2G), WC [0xE0000000,16M) */
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	iom_mtrr_var_set(&s, 1, 0xE0000000, 16 * MiB, IOM_MT_WC);
	static const struct lk_case c[] = {
		{ "TV-48", 0xE0000000, 0xE1000000, MT_WC, 1, MT_WC, 1 },
		{ "TV-49", 0xE0000000, 0xE2000000, MT_UC, 0, MT_UC, 0 },
		{ "TV-50", 0xDFE00000, 0xE0200000, MT_UC, 0, MT_UC, 1 },
		/* default type only: uniform */
		{ "TV-48b", 0xF0000000, 0xF1000000, MT_UC, 1, MT_UC, 1 },
		/* WB reg0 into the default: [2G-4K, 2G+4K) */
		{ "TV-66 lookup", 0x7FFFF000, 0x80001000, MT_UC, 0, MT_UC, 0 },
	};
	run_lookup(&s, c, N(c));
}

static void test_lookup_tv51_52(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	iom_mtrr_var_set(&s, 0, 0, 4 * GiB, IOM_MT_WB);
	iom_mtrr_var_set(&s, 1, 0x80000000, 256 * MiB, IOM_MT_WT);
	static const struct lk_case c51[] = {
		/* TV-51: WB + WT overlap -> WT (check_type_overlap / get_effective_type) */
		{ "TV-51", 0x80000000, 0x80001000, MT_WT, 0, MT_WT, 1 },
	};
	run_lookup(&s, c51, N(c51));
	iom_mtrr_var_set(&s, 1, 0x80000000, 256 * MiB, IOM_MT_WC);
	static const struct lk_case c52[] = {
		/* TV-52: WB + WC is undefined in hardware; Linux folds it to UC */
		{ "TV-52", 0x80000000, 0x80001000, MT_UC, 0, MT_UC, 1 },
	};
	run_lookup(&s, c52, N(c52));
	/* WP + WB also folds to UC; identical WB + WB stays WB */
	iom_mtrr_var_set(&s, 1, 0x80000000, 256 * MiB, IOM_MT_WP);
	static const struct lk_case cwp[] = {
		{ "WP+WB", 0x80000000, 0x80001000, MT_UC, 0, MT_UC, 1 },
	};
	run_lookup(&s, cwp, N(cwp));
	iom_mtrr_var_set(&s, 1, 0x80000000, 256 * MiB, IOM_MT_WB);
	static const struct lk_case cwb[] = {
		/* 4.2: a second match clears uniform even when the types agree */
		{ "WB+WB", 0x80000000, 0x80001000, MT_WB, 0, MT_WB, 1 },
	};
	run_lookup(&s, cwb, N(cwb));
}

static void test_lookup_tv53_54(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	static const struct lk_case c[] = {
		/* TV-53: fixed WB then fixed UC: 4.2 looks at start only */
		{ "TV-53", 0x9F000, 0xA1000, MT_WB, 0, MT_UC, 0 },
		/* TV-54: 4.2 is never uniform below 1 MiB; 6.12 is */
		{ "TV-54", 0x0, 0x1000, MT_WB, 0, MT_WB, 1 },
		/* ISA window, fixed UC then WP: 4.2 UC at start; 6.12 UC, and uniform stays 1
		 * because type_merge(UC, WP) does not change the running type (like TV-50) */
		{ "fixed UC/WP", 0xA0000, 0x100000, MT_UC, 0, MT_UC, 1 },
		/* fixed WP then variable WB across 1 MiB: 4.2 still the fixed type at start;
		 * 6.12 merges WP and WB to UC (get_effective_type) */
		{ "fixed/var", 0xFF000, 0x101000, MT_WP, 0, MT_UC, 0 },
	};
	run_lookup(&s, c, N(c));
	/* FE=0: the variable ranges apply below 1 MiB too, in both algorithms */
	s.fixed_enabled = false;
	static const struct lk_case c2[] = {
		{ "FE=0", 0xA0000, 0xA1000, MT_WB, 1, MT_WB, 1 },
	};
	run_lookup(&s, c2, N(c2));
}

static void test_lookup_tv55_56(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	s.enabled = false;
	/* TV-55: DEF_TYPE.E = 0: 4.2 0xFF with *uniform untouched; 6.12 UC, uniform 1 */
	static const unsigned vs[] = { V(4, 2), V(4, 8), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = kboot(vs[i], IOM_PAT_ON, &s, true);
		int u = 42;
		unsigned t = iom_k_mtrr_type_lookup(k, 0xE0000000, 0xE0001000, &u);
		if (vs[i] >= V(6, 5)) {
			assert_int_equal(t, MT_UC);
			assert_int_equal(u, 1);
		} else {
			assert_int_equal(t, MT_INVALID);
			assert_int_equal(u, 42);
		}
		iom_kernel_free(k);
	}
	/* TV-56: state never read (no MTRR feature): 4.2 0xFF untouched; 6.12 UC, uniform 0 */
	e0_mtrr(&s);
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = kboot(vs[i], IOM_PAT_ON, &s, false);
		int u = 42;
		unsigned t = iom_k_mtrr_type_lookup(k, 0x1000, 0x2000, &u);
		if (vs[i] >= V(6, 5)) {
			assert_int_equal(t, MT_UC);
			assert_int_equal(u, 0);
		} else {
			assert_int_equal(t, MT_INVALID);
			assert_int_equal(u, 42);
		}
		iom_kernel_free(k);
	}
}

/* A lookup whose range covers many MTRR pieces: 88 fixed ranges alternating WB/WT, then
 * reg0 WB. 6.12 merges every piece (get_effective_type(WB, WT) = WT), so WT and not
 * uniform; 4.2 answers the fixed type at start. */
static void test_lookup_many_pieces(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	for (unsigned i = 0; i < IOM_MTRR_NR_FIXED; i++)
		s.fixed[i] = (i & 1) ? 4 : 6;
	static const struct lk_case c[] = {
		{ "88 fixed pieces", 0x0, 0x200000, MT_WB, 0, MT_WT, 0 },
	};
	run_lookup(&s, c, N(c));
	/* and many variable pieces above 1 MiB: 100 WT registers of 1 MiB inside reg0 WB */
	e0_mtrr(&s);
	s.vcnt = 120;
	for (unsigned i = 1; i <= 100; i++)
		iom_mtrr_var_set(&s, i, (uint64_t)i * 0x200000, 0x100000, IOM_MT_WT);
	struct iom_kernel *k = kboot(V(6, 12), IOM_PAT_ON, &s, true);
	int u = 42;
	assert_int_equal(iom_k_mtrr_type_lookup(k, 0x100000, 0x10000000, &u), MT_WT);
	assert_int_equal(u, 0);
	iom_kernel_free(k);
}

/* pat_x_mtrr_type() (pat.c@v4.2 L344, memtype.c@v6.12 L361): only WB requests change. */
static void test_pat_x_mtrr_type(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_ON);
		assert_int_equal(iom_k_pat_x_mtrr_type(k, 0x7F000000, 0x7F001000, IOM_MT_WB), IOM_MT_WB);
		assert_int_equal(iom_k_pat_x_mtrr_type(k, 0xE0000000, 0xE0001000, IOM_MT_WB),
				 IOM_MT_UC_MINUS); /* TV-65 */
		assert_int_equal(iom_k_pat_x_mtrr_type(k, 0x7FFFF000, 0x80001000, IOM_MT_WB),
				 IOM_MT_UC_MINUS); /* TV-66 */
		static const enum iom_mt other[] = { IOM_MT_UC, IOM_MT_UC_MINUS, IOM_MT_WC, IOM_MT_WT, IOM_MT_WP };
		for (size_t j = 0; j < N(other); j++)
			assert_int_equal(iom_k_pat_x_mtrr_type(k, 0xE0000000, 0xE0001000, other[j]), other[j]);
		iom_kernel_free(k);
	}
	/* MTRRs off: 4.2 lookup INVALID -> not WB -> UC-; 6.12 lookup UC -> UC- (XMT-6.6) */
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	s.enabled = false;
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = kboot(vs[i], IOM_PAT_ON, &s, true);
		assert_int_equal(iom_k_pat_x_mtrr_type(k, 0x7F000000, 0x7F001000, IOM_MT_WB), IOM_MT_UC_MINUS);
		iom_kernel_free(k);
	}
}

/* ---- mtrr_add(): TV-77..TV-88 -------------------------------------------------------- */

static void test_add_tv77_78(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(4, 2), IOM_PAT_OFF);
	size_t l0 = nlog(k);
	/* TV-77: lowest empty register, count 1, encoded as generic_set_mtrr() does (TV-35) */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	expect_var(k, 1, 0xE0000000, 16 * MiB, IOM_MT_WC);
	assert_int_equal(iom_kernel_mtrr(k)->var[1].physbase, 0xE0000001ULL);
	assert_int_equal(iom_kernel_mtrr(k)->var[1].physmask, 0xFFF000800ULL);
	assert_int_equal(iom_kernel_mtrr_usage(k, 1), 1);
	assert_int_equal(iom_kernel_mtrr_used(k), 1);
	assert_int_equal(nlog(k), l0); /* success logs nothing */
	/* TV-78: same call: same register, count 2, no new register */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	assert_int_equal(iom_kernel_mtrr_usage(k, 1), 2);
	assert_int_equal(iom_kernel_mtrr_used(k), 1);
	/* increment=false: no count change; a range inside it, same type, too */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, false), 1);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0100000, 1 * MiB, MT_WC, false), 1);
	assert_int_equal(iom_kernel_mtrr_usage(k, 1), 2);
	/* firmware reg0 and unused registers start with count 1 (init_table()) */
	assert_int_equal(iom_kernel_mtrr_usage(k, 0), 1);
	assert_int_equal(iom_kernel_mtrr_usage(k, 7), 1);
	assert_int_equal(iom_kernel_mtrr_usage(k, 8), 0);
	/* inside firmware reg0 with the same type: its index, count 2 */
	assert_int_equal(iom_k_mtrr_add(k, 0x40000000, 16 * MiB, MT_WB, true), 0);
	assert_int_equal(iom_kernel_mtrr_usage(k, 0), 2);
	assert_int_equal(iom_kernel_mtrr_used(k), 1);
	iom_kernel_free(k);
}

static void test_add_tv79_81(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(4, 2), IOM_PAT_OFF);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	/* TV-79: UC inside WC: compatible, new register 2 */
	assert_int_equal(iom_k_mtrr_add(k, 0xE07FF000, 4 * KiB, MT_UC, true), 2);
	expect_var(k, 2, 0xE07FF000, 4 * KiB, IOM_MT_UC);
	assert_int_equal(iom_kernel_mtrr_usage(k, 2), 1);
	assert_int_equal(iom_kernel_mtrr_used(k), 2);
	iom_kernel_free(k);

	k = e0(V(4, 2), IOM_PAT_OFF);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	/* TV-80: enclosing, same type: replaces reg 1 (now 32 MiB), count 1 + 1 */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 32 * MiB, MT_WC, true), 1);
	expect_var(k, 1, 0xE0000000, 32 * MiB, IOM_MT_WC);
	assert_int_equal(iom_kernel_mtrr_usage(k, 1), 2);
	assert_false(iom_mtrr_var_get(iom_kernel_mtrr(k), 2, NULL, NULL, NULL, NULL));
	/* replacement without increment keeps the count */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 64 * MiB, MT_WC, false), 1);
	assert_int_equal(iom_kernel_mtrr_usage(k, 1), 2);
	iom_kernel_free(k);

	k = e0(V(4, 2), IOM_PAT_OFF);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	/* TV-81: enclosing, incompatible type */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 32 * MiB, MT_WT, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: 0xe0000000,0x2000000 overlaps existing 0xe0000000,0x1000000");
	/* (a partial overlap cannot happen: aligned power-of-two ranges nest or are apart) */
	/* enclosing a register of a compatible type: a new register */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 32 * MiB, MT_UC, true), 2);
	iom_kernel_free(k);
}

static void test_add_replace_two(void **st)
{
	(void)st;
	/* a new range enclosing two same-type registers: replace = -2, a fresh register is
	 * allocated and the enclosed ones stay (main.c@v4.2 mtrr_add_page(), XMT-3.2 step 9) */
	struct iom_kernel *k = e0(V(4, 8), IOM_PAT_OFF);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	assert_int_equal(iom_k_mtrr_add(k, 0xE1000000, 16 * MiB, MT_WC, true), 2);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 32 * MiB, MT_WC, true), 3);
	expect_var(k, 1, 0xE0000000, 16 * MiB, IOM_MT_WC);
	expect_var(k, 2, 0xE1000000, 16 * MiB, IOM_MT_WC);
	expect_var(k, 3, 0xE0000000, 32 * MiB, IOM_MT_WC);
	assert_int_equal(iom_kernel_mtrr_usage(k, 3), 1);
	iom_kernel_free(k);
}

static void test_add_checks_tv82_87(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(4, 2), IOM_PAT_OFF);
	/* TV-82: inside reg0 WB, WC is incompatible */
	assert_int_equal(iom_k_mtrr_add(k, 0x40000000, 16 * MiB, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: type mismatch for 40000000,1000000 old: write-back new: write-combining");
	/* inside reg0 WB, WT is compatible (WT/WB) and UC too: new registers */
	assert_int_equal(iom_k_mtrr_add(k, 0x40000000, 16 * MiB, MT_WT, true), 1);
	assert_int_equal(iom_k_mtrr_add(k, 0x50000000, 16 * MiB, MT_UC, true), 2);
	/* WP inside WB is a mismatch ("write-protect", mtrr_attrib_to_str) */
	assert_int_equal(iom_k_mtrr_add(k, 0x60000000, 16 * MiB, MT_WP, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: type mismatch for 60000000,1000000 old: write-back new: write-protect");
	/* TV-83, TV-84: generic_validate_add_page() */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 0xC00000, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: base(0xe0000000) is not aligned on a size(0xc00000) boundary");
	assert_int_equal(iom_k_mtrr_add(k, 0xE0400000, 0x800000, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: base(0xe0400000) is not aligned on a size(0x800000) boundary");
	/* an 8 KiB range on a 4 KiB boundary (SDM §11.11.4 rule) */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0001000, 0x2000, MT_WC, true), -EINVAL);
	/* TV-85: mtrr_check() */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000800, 0x1000, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: size and base must be multiples of 4 kiB");
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 0x1800, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: size and base must be multiples of 4 kiB");
	/* TV-86: type 7 (after the alignment check) */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, 7, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: type: 7 invalid");
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 0xC00000, 7, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: base(0xe0000000) is not aligned on a size(0xc00000) boundary");
	/* types 2 and 3 pass mtrr_add_page()'s check (< MTRR_NUM_TYPES) */
	assert_int_equal(iom_k_mtrr_add(k, 0xF0000000, 16 * MiB, 2, true), 3);
	/* step 5: zero size (reachable only at base 0) */
	assert_int_equal(iom_k_mtrr_add(k, 0, 0, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: zero sized request");
	/* step 6: beyond the 36-bit MTRR width */
	assert_int_equal(iom_k_mtrr_add(k, 0x1000000000ULL, 0x1000, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: base or size exceeds the MTRR width");
	/* base 0 with size 0 passes the alignment loop; any other base fails it first */
	assert_int_equal(iom_k_mtrr_add(k, 0x1000, 0, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: base(0x1000) is not aligned on a size(0x0000) boundary");
	iom_kernel_free(k);

	/* TV-87: MTRRCAP.WC = 0 -> -ENOSYS; after the type check */
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	s.wc_supported = false;
	k = kboot(V(4, 2), IOM_PAT_OFF, &s, true);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), -ENOSYS);
	EXPECT_LAST(k, "mtrr: your processor doesn't support write-combining");
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, 9, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: type: 9 invalid");
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_UC, true), 1);
	iom_kernel_free(k);
	/* have_wrcomb() is also false on the broken chipsets (main.c@v4.2 L89) */
	struct iom_cpu c;
	iom_cpu_init(&c);
	c.pat = IOM_PAT_OFF;
	c.wc_broken_chipset = true;
	e0_mtrr(&s);
	k = iom_kernel_new(V(4, 2), &c, &s);
	iom_kernel_boot(k);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), -ENOSYS);
	iom_kernel_free(k);
}

static void test_add_nospc_tv88(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(4, 2), IOM_PAT_OFF);
	for (unsigned i = 1; i < 8; i++)
		assert_int_equal(iom_k_mtrr_add(k, 0x100000000ULL * i, 16 * MiB, MT_WC, true), (int)i);
	assert_int_equal(iom_kernel_mtrr_used(k), 7);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), -ENOSPC);
	EXPECT_LAST(k, "mtrr: no more MTRRs available");
	/* freeing one makes the lowest free register available again */
	assert_int_equal(iom_k_mtrr_del(k, 3, 0, 0), 3);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 3);
	iom_kernel_free(k);
}

/* 6.12: the messages printed from mtrr.c lost the "mtrr: " prefix; the alignment message
 * comes from generic.c, which keeps it (mtrr.c/generic.c@v6.12 L246..L446, L1052). */
static void test_add_messages_612(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(6, 12), IOM_PAT_OFF);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 32 * MiB, MT_WT, true), -EINVAL);
	EXPECT_LAST(k, "0xe0000000,0x2000000 overlaps existing 0xe0000000,0x1000000");
	assert_int_equal(iom_k_mtrr_add(k, 0x40000000, 16 * MiB, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "type mismatch for 40000000,1000000 old: write-back new: write-combining");
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 0xC00000, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "mtrr: base(0xe0000000) is not aligned on a size(0xc00000) boundary");
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000800, 0x1000, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "size and base must be multiples of 4 kiB");
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, 7, true), -EINVAL);
	EXPECT_LAST(k, "type: 7 invalid");
	assert_int_equal(iom_k_mtrr_add(k, 0, 0, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "zero sized request");
	assert_int_equal(iom_k_mtrr_add(k, 0x1000000000ULL, 0x1000, MT_WC, true), -EINVAL);
	EXPECT_LAST(k, "base or size exceeds the MTRR width");
	assert_int_equal(iom_k_mtrr_del(k, 9, 0, 0), -EINVAL);
	EXPECT_LAST(k, "register: 9 too big");
	assert_int_equal(iom_k_mtrr_del(k, 5, 0, 0), -EINVAL);
	EXPECT_LAST(k, "MTRR 5 not used");
	for (unsigned i = 2; i < 8; i++)
		assert_int_equal(iom_k_mtrr_add(k, 0x100000000ULL * i, 16 * MiB, MT_WC, true), (int)i);
	assert_int_equal(iom_k_mtrr_add(k, 0xF0000000, 16 * MiB, MT_WC, true), -ENOSPC);
	EXPECT_LAST(k, "no more MTRRs available");
	iom_kernel_free(k);
	/* 4.8 and 4.14 still have the prefix (pr_warning("mtrr: ...") in main.c) */
	static const unsigned old[] = { V(4, 8), V(4, 14) };
	for (size_t i = 0; i < N(old); i++) {
		k = e0(old[i], IOM_PAT_OFF);
		assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, 7, true), -EINVAL);
		EXPECT_LAST(k, "mtrr: type: 7 invalid");
		iom_kernel_free(k);
	}
}

/* ---- mtrr_del(): TV-89..TV-91 -------------------------------------------------------- */

static void test_del_tv90_91(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(4, 2), IOM_PAT_OFF);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1); /* TV-78 */
	/* TV-90: count 2 -> 1 (still programmed) -> 0 (cleared) -> not used */
	assert_int_equal(iom_k_mtrr_del(k, 1, 0, 0), 1);
	assert_int_equal(iom_kernel_mtrr_usage(k, 1), 1);
	expect_var(k, 1, 0xE0000000, 16 * MiB, IOM_MT_WC);
	assert_int_equal(iom_k_mtrr_del(k, 1, 0, 0), 1);
	assert_int_equal(iom_kernel_mtrr_usage(k, 1), 0);
	assert_false(iom_mtrr_var_get(iom_kernel_mtrr(k), 1, NULL, NULL, NULL, NULL));
	assert_int_equal(iom_kernel_mtrr(k)->var[1].physmask & 0x800, 0); /* PHYSMASK V=0 */
	assert_int_equal(iom_kernel_mtrr_used(k), 0);
	assert_int_equal(iom_k_mtrr_del(k, 1, 0, 0), -EINVAL);
	EXPECT_LAST(k, "mtrr: MTRR 1 not used");
	/* TV-91 */
	assert_int_equal(iom_k_mtrr_del(k, 8, 0, 0), -EINVAL);
	EXPECT_LAST(k, "mtrr: register: 8 too big");
	/* reg < 0: find by exact base and size (pages) */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	assert_int_equal(iom_k_mtrr_del(k, -1, 0xE0000000, 8 * MiB), -EINVAL);
	assert_int_equal(iom_kernel_log(k, nlog(k) - 1)->level, IOM_LOG_DEBUG);
	EXPECT_LAST(k, "mtrr: no MTRR for e0000000,800000 found");
	assert_int_equal(iom_k_mtrr_del(k, -1, 0xE0000000, 16 * MiB), 1);
	assert_false(iom_mtrr_var_get(iom_kernel_mtrr(k), 1, NULL, NULL, NULL, NULL));
	/* reg >= 0: base and size are ignored */
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
	assert_int_equal(iom_k_mtrr_del(k, 1, 0x12345000, 0x1000), 1);
	/* unaligned arguments fail in mtrr_del() before the lookup */
	assert_int_equal(iom_k_mtrr_del(k, 0, 0x800, 0), -EINVAL);
	EXPECT_LAST(k, "mtrr: size and base must be multiples of 4 kiB");
	/* the firmware register can be deleted too: count 1 -> 0, cleared */
	assert_int_equal(iom_k_mtrr_del(k, 0, 0, 0), 0);
	assert_false(iom_mtrr_var_get(iom_kernel_mtrr(k), 0, NULL, NULL, NULL, NULL));
	iom_kernel_free(k);
}

static void test_disabled_tv89(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	s.enabled = false;
	static const unsigned vs[] = { V(4, 2), V(4, 8), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = kboot(vs[i], IOM_PAT_OFF, &s, true);
		assert_false(iom_kernel_mtrr_enabled(k));
		size_t l0 = nlog(k);
		assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), -ENODEV);
		assert_int_equal(iom_k_mtrr_add_page(k, 0xE0000, 0x1000, MT_WC, true), -ENXIO);
		assert_int_equal(iom_k_mtrr_del(k, 1, 0, 0), -ENODEV);
		assert_int_equal(iom_k_arch_phys_wc_add(k, 0xE0000000, 16 * MiB), 0);
		/* even unaligned input: the enabled check comes first, silently */
		assert_int_equal(iom_k_mtrr_add(k, 0xE0000800, 0x1000, MT_WC, true), -ENODEV);
		assert_int_equal(nlog(k), l0);
		assert_int_equal(iom_kernel_mtrr_used(k), 0);
		iom_kernel_free(k);
	}
	/* no MTRRs on the CPU at all: same */
	e0_mtrr(&s);
	struct iom_kernel *k = kboot(V(4, 8), IOM_PAT_OFF, &s, false);
	assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), -ENODEV);
	assert_int_equal(iom_k_arch_phys_wc_add(k, 0xE0000000, 16 * MiB), 0);
	iom_kernel_free(k);
}

/* ---- arch_phys_wc_*(): TV-92..TV-94 ------------------------------------------------- */

static void test_phys_wc_tv92_94(void **st)
{
	(void)st;
	/* TV-92: PAT on -> no-op */
	struct iom_kernel *k = e0(V(4, 8), IOM_PAT_ON);
	assert_int_equal(iom_k_arch_phys_wc_add(k, 0xE0000000, 16 * MiB), 0);
	assert_int_equal(iom_k_arch_phys_wc_index(k, 0), -1);
	size_t l0 = nlog(k);
	iom_k_arch_phys_wc_del(k, 0);
	assert_int_equal(nlog(k), l0);
	assert_int_equal(iom_kernel_mtrr_used(k), 0);
	assert_false(iom_mtrr_var_get(iom_kernel_mtrr(k), 1, NULL, NULL, NULL, NULL));
	iom_kernel_free(k);
	/* TV-93: PAT off -> reg + 1000 */
	k = e0(V(4, 8), IOM_PAT_OFF);
	int h = iom_k_arch_phys_wc_add(k, 0xE0000000, 16 * MiB);
	assert_int_equal(h, 1001);
	assert_int_equal(iom_k_arch_phys_wc_index(k, h), 1);
	expect_var(k, 1, 0xE0000000, 16 * MiB, IOM_MT_WC);
	assert_int_equal(iom_kernel_mtrr_usage(k, 1), 1);
	/* a second add of the same range shares the register (increment = true) */
	assert_int_equal(iom_k_arch_phys_wc_add(k, 0xE0000000, 16 * MiB), 1001);
	assert_int_equal(iom_kernel_mtrr_usage(k, 1), 2);
	iom_k_arch_phys_wc_del(k, h);
	expect_var(k, 1, 0xE0000000, 16 * MiB, IOM_MT_WC);
	iom_k_arch_phys_wc_del(k, h);
	assert_false(iom_mtrr_var_get(iom_kernel_mtrr(k), 1, NULL, NULL, NULL, NULL));
	/* TV-94: size not a power of two -> -22 and the warning (4.8 prints the addresses
	 * with %p: 16 hex digits, no 0x) */
	h = iom_k_arch_phys_wc_add(k, 0xE0000000, 0xC00000);
	assert_int_equal(h, -EINVAL);
	EXPECT_LAST(k, "Failed to add WC MTRR for [00000000e0000000-00000000e0bfffff]; performance may suffer.");
	l0 = nlog(k);
	iom_k_arch_phys_wc_del(k, h); /* negative: no-op */
	assert_int_equal(nlog(k), l0);
	assert_int_equal(iom_k_arch_phys_wc_index(k, h), -1);
	/* handles 1..999 are WARNed about, then mtrr_del(handle - 1000) runs anyway */
	iom_k_arch_phys_wc_del(k, 5);
	assert_true(nlog(k) > l0);
	assert_int_equal(iom_k_arch_phys_wc_index(k, 999), -1);
	assert_int_equal(iom_k_arch_phys_wc_index(k, 1000), 0);
	iom_kernel_free(k);
	/* 6.12: %p is hashed, so the addresses are not printed as such */
	k = e0(V(6, 12), IOM_PAT_OFF);
	assert_int_equal(iom_k_arch_phys_wc_add(k, 0xE0000000, 0xC00000), -EINVAL);
	const char *t = last_log(k);
	assert_int_equal(strncmp(t, "Failed to add WC MTRR for [", 27), 0);
	assert_null(strstr(t, "e0000000"));
	assert_non_null(strstr(t, "]; performance may suffer."));
	iom_kernel_free(k);
}

/* ---- TV-95: firmware F1 ------------------------------------------------------------- */

static void test_f1_tv95(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	s.def_type = 6;
	iom_mtrr_var_set(&s, 1, 0xC0000000, 1 * GiB, IOM_MT_UC);
	static const unsigned vs[] = { V(4, 2), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = kboot(vs[i], IOM_PAT_OFF, &s, true);
		assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 2);
		assert_int_equal(iom_k_mtrr_add(k, 0xE07FF000, 4 * KiB, MT_UC, true), 1);
		assert_int_equal(iom_kernel_mtrr_usage(k, 1), 2);
		assert_int_equal(iom_kernel_mtrr_used(k), 1);
		int u = 42;
		assert_int_equal(iom_k_mtrr_type_lookup(k, 0xE0000000, 0xE0001000, &u), MT_UC);
		/* the hardware type is UC too (UC wins, SDM §11.11.4.1) */
		struct iom_mtrr_piece p = iom_mtrr_type_at(iom_kernel_mtrr(k), 0xE0000000);
		assert_int_equal(p.type, IOM_MT_UC);
		iom_kernel_free(k);
	}
}

/* The 6.12 lookup serves changes made by mtrr_add()/mtrr_del() (the map is rebuilt). */
static void test_lookup_after_add(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_OFF);
		int u = 42;
		assert_int_equal(iom_k_mtrr_type_lookup(k, 0xE0000000, 0xE1000000, &u), MT_UC);
		assert_int_equal(iom_k_mtrr_add(k, 0xE0000000, 16 * MiB, MT_WC, true), 1);
		assert_int_equal(iom_k_mtrr_type_lookup(k, 0xE0000000, 0xE1000000, &u), MT_WC);
		assert_int_equal(u, 1);
		assert_int_equal(iom_k_mtrr_del(k, 1, 0, 0), 1);
		assert_int_equal(iom_k_mtrr_type_lookup(k, 0xE0000000, 0xE1000000, &u), MT_UC);
		iom_kernel_free(k);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lookup_tv47),
		cmocka_unit_test(test_lookup_tv48_50),
		cmocka_unit_test(test_lookup_tv51_52),
		cmocka_unit_test(test_lookup_tv53_54),
		cmocka_unit_test(test_lookup_tv55_56),
		cmocka_unit_test(test_lookup_many_pieces),
		cmocka_unit_test(test_pat_x_mtrr_type),
		cmocka_unit_test(test_add_tv77_78),
		cmocka_unit_test(test_add_tv79_81),
		cmocka_unit_test(test_add_replace_two),
		cmocka_unit_test(test_add_checks_tv82_87),
		cmocka_unit_test(test_add_nospc_tv88),
		cmocka_unit_test(test_add_messages_612),
		cmocka_unit_test(test_del_tv90_91),
		cmocka_unit_test(test_disabled_tv89),
		cmocka_unit_test(test_phys_wc_tv92_94),
		cmocka_unit_test(test_f1_tv95),
		cmocka_unit_test(test_lookup_after_add),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
