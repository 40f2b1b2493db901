// SPDX-License-Identifier: MIT
/* t-linux-pat -- the PAT value Linux programs and its cache-mode <-> PTE tables, by kernel
 * version and CPU (XMT-2.1, XMT-2.2; TV-27..TV-33, TV-40..TV-46), and the
 * boot messages. Sources per case: arch/x86/mm/pat.c@v4.2 pat_init()/pat_bsp_init(),
 * pat.c@v4.8 init_cache_modes(), pat/memtype.c@v6.12 pat_bp_init(), init.c@v4.2 static
 * tables, and tip commit 5557e831f688 "x86/mm/pat: Disambiguate PAT-disabled boot
 * messages" (x86/mm for v5.6). */
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

static const unsigned versions[] = { V(4, 2), V(4, 8), V(4, 14), V(5, 6), V(6, 12) };

struct logbuf {
	int n;
	char line[16][128];
};

static void logcb(void *ctx, enum iom_loglevel lvl, const char *text)
{
	struct logbuf *b = ctx;
	(void)lvl;
	if (b->n < 16)
		snprintf(b->line[b->n++], sizeof(b->line[0]), "%s", text);
}

static bool has_line(const struct logbuf *b, const char *s)
{
	for (int i = 0; i < b->n; i++)
		if (!strcmp(b->line[i], s))
			return true;
	return false;
}

static void dump(const struct logbuf *b)
{
	for (int i = 0; i < b->n; i++)
		print_message("  log[%d] %s\n", i, b->line[i]);
}

#define EXPECT_LINE(b, s)                                                                      \
	do {                                                                                   \
		if (!has_line(b, s)) {                                                         \
			dump(b);                                                               \
			fail_msg("missing log line \"%s\"", s);                                \
		}                                                                              \
	} while (0)

static void setup(unsigned v, enum iom_pat_hw pat, bool errata, uint64_t fw, bool mtrr_on,
		  struct iom_pat_setup *p, struct logbuf *b)
{
	struct iom_cpu c;
	iom_cpu_init(&c);
	c.pat = pat;
	c.pat_errata = errata;
	c.firmware_pat = fw;
	memset(b, 0, sizeof(*b));
	iom_linux_pat_setup(v, &c, mtrr_on, p, logcb, b);
}

#define CFG_42 "x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WC  UC- WT  "
#define CFG_414 "x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WP  UC- WT  "
#define CFG_ERR "x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WC  UC- UC  "
#define CFG_EMU "x86/PAT: Configuration [0-7]: WB  WT  UC- UC  WB  WT  UC- UC  "

/* ---- defaults and helpers ----------------------------------------------------------- */

static void test_cpu_init_and_pcm(void **st)
{
	(void)st;
	struct iom_cpu c;
	memset(&c, 0x5a, sizeof(c));
	iom_cpu_init(&c);
	assert_int_equal(c.pat, IOM_PAT_ON);
	assert_int_equal(c.firmware_pat, IOM_PAT_POWER_ON); /* TV-27 power-on value */
	assert_true(c.mtrr);
	assert_false(c.pat_errata);
	assert_false(c.wc_broken_chipset);
	/* enum page_cache_mode, pgtable_types.h@v4.2 L114 (= v6.12): WB 0 WC 1 UC- 2 UC 3 WT 4 WP 5 */
	assert_int_equal(iom_linux_pcm(IOM_MT_WB), 0);
	assert_int_equal(iom_linux_pcm(IOM_MT_WC), 1);
	assert_int_equal(iom_linux_pcm(IOM_MT_UC_MINUS), 2);
	assert_int_equal(iom_linux_pcm(IOM_MT_UC), 3);
	assert_int_equal(iom_linux_pcm(IOM_MT_WT), 4);
	assert_int_equal(iom_linux_pcm(IOM_MT_WP), 5);
	assert_string_equal(iom_pat_hw_name(IOM_PAT_ON), "on");
	assert_string_equal(iom_pat_hw_name(IOM_PAT_OFF), "off");
	assert_string_equal(iom_pat_hw_name(IOM_PAT_ABSENT), "absent");
}

static void test_version_table(void **st)
{
	(void)st;
	/* every row has a key, a first release, evidence and a description */
	for (int f = 0; f < IOM_KF__COUNT; f++) {
		const struct iom_kfeat_info *i = iom_kfeat_info((enum iom_kfeat)f);
		assert_non_null(i);
		assert_non_null(i->key);
		assert_true(i->since >= V(3, 0));
		assert_true(strlen(i->commit) > 8);
		assert_true(strlen(i->what) > 8);
		assert_false(iom_kfeat(i->since - 1, (enum iom_kfeat)f));
		assert_true(iom_kfeat(i->since, (enum iom_kfeat)f));
		assert_true(iom_kfeat(V(6, 12), (enum iom_kfeat)f));
	}
	assert_null(iom_kfeat_info(IOM_KF__COUNT));
	/* spec "Version boundaries, verified": VB-1 v4.14, VB-2 v4.14, VB-3 v5.6, VB-4 v5.6,
	 * VB-5a v6.5, VB-10a v4.2, VB-10c v4.2 */
	assert_int_equal(iom_kfeat_info(IOM_KF_PAT_SLOT5_WP)->since, V(4, 14));
	assert_int_equal(iom_kfeat_info(IOM_KF_ISA_NO_DIRECT_MAP)->since, V(4, 14));
	assert_int_equal(iom_kfeat_info(IOM_KF_NO_IOREMAP_NOCACHE)->since, V(5, 6));
	assert_int_equal(iom_kfeat_info(IOM_KF_PAT_LIST_NEW_FORMAT)->since, V(5, 6));
	assert_int_equal(iom_kfeat_info(IOM_KF_MTRR_CACHE_MAP)->since, V(6, 5));
	assert_int_equal(iom_kfeat_info(IOM_KF_IOREMAP_UC)->since, V(4, 2));
	assert_int_equal(iom_kfeat_info(IOM_KF_IOREMAP_WT)->since, V(4, 2));
}

/* ---- full PAT: TV-28, TV-29, TV-40, TV-41, TV-42 --------------------------------- */

static void test_full_pat_by_version(void **st)
{
	(void)st;
	for (size_t i = 0; i < N(versions); i++) {
		unsigned v = versions[i];
		bool wp = v >= V(4, 14); /* VB-1: slot 5 = WP from v4.14 */
		struct iom_pat_setup p;
		struct logbuf b;
		setup(v, IOM_PAT_ON, false, IOM_PAT_POWER_ON, true, &p, &b);
		assert_true(p.enabled);
		assert_true(p.hw);
		assert_true(p.msr_written);
		/* TV-28 (4.2-4.8) / TV-29 (>= 4.14) */
		assert_int_equal(p.msr, wp ? 0x0407050600070106ULL : 0x0407010600070106ULL);
		assert_true(p.tables_from_msr);
		assert_int_equal(p.table_pat, p.msr);
		EXPECT_LINE(&b, wp ? CFG_414 : CFG_42);
		assert_int_equal(b.n, 1);
		/* TV-40: 4 KiB cache bits WB 0, WC PWT, UC- PCD, UC PCD|PWT, WT PAT|PCD|PWT,
		 * WP falls back to PCD before 4.14; TV-41: WP = PAT|PWT (slot 5) from 4.14 */
		assert_int_equal(p.cm2pte[IOM_MT_WB], 0x000);
		assert_int_equal(p.cm2pte[IOM_MT_WC], 0x008);
		assert_int_equal(p.cm2pte[IOM_MT_UC_MINUS], 0x010);
		assert_int_equal(p.cm2pte[IOM_MT_UC], 0x018);
		assert_int_equal(p.cm2pte[IOM_MT_WT], 0x098);
		assert_int_equal(p.cm2pte[IOM_MT_WP], wp ? 0x088 : 0x010);
		/* reverse decode (pgprot2cachemode, XMT-2.2): 0 WB 1 WC 2 UC- 3 UC 4 WB
		 * 5 WC|WP 6 UC- 7 WT */
		static const enum iom_mt rev[8] = { IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_UC,
						    IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_WT };
		for (unsigned k = 0; k < 8; k++)
			assert_int_equal(p.pte2cm[k], k == 5 && wp ? IOM_MT_WP : rev[k]);
		/* TV-42: WT on a 2 MiB leaf: pgprot_4k_2_large() moves bit 7 to bit 12 -> 0x1018 */
		unsigned idx = iom_pat_index(p.cm2pte[IOM_MT_WT], false);
		assert_int_equal(iom_pat_index_bits(idx, true), 0x1018);
		/* the lowest slot wins when a type sits in two slots (pat.c@v4.2 L183): WB is
		 * in slots 0 and 4, UC- in 2 and 6 -> PTE bits of slots 0 and 2 */
		assert_int_equal(iom_pat_index(p.cm2pte[IOM_MT_UC_MINUS], false), 2);
		/* a firmware PAT value other than power-on changes nothing: Linux overwrites it */
		setup(v, IOM_PAT_ON, false, 0x0606060606060606ULL, true, &p, &b);
		assert_int_equal(p.msr, wp ? 0x0407050600070106ULL : 0x0407010600070106ULL);
		assert_int_equal(p.cm2pte[IOM_MT_WC], 0x008);
	}
}

/* TV-30, TV-46: Intel PAT errata CPUs, any version. */
static void test_errata(void **st)
{
	(void)st;
	for (size_t i = 0; i < N(versions); i++) {
		struct iom_pat_setup p;
		struct logbuf b;
		setup(versions[i], IOM_PAT_ON, true, IOM_PAT_POWER_ON, true, &p, &b);
		assert_true(p.enabled);
		assert_true(p.msr_written);
		assert_int_equal(p.msr, 0x0007010600070106ULL); /* TV-30 */
		EXPECT_LINE(&b, CFG_ERR);
		assert_int_equal(p.cm2pte[IOM_MT_WT], 0x010); /* TV-46: fallback UC- (PCD) */
		assert_int_equal(p.cm2pte[IOM_MT_WC], 0x008); /* TV-46 */
		assert_int_equal(p.cm2pte[IOM_MT_WP], 0x010);
		assert_int_equal(p.cm2pte[IOM_MT_UC], 0x018);
		assert_int_equal(p.pte2cm[7], IOM_MT_UC);
	}
}

/* ---- nopat on a PAT-capable CPU: TV-43 ---------------------------------------------- */

static void test_nopat(void **st)
{
	(void)st;
	for (size_t i = 0; i < N(versions); i++) {
		unsigned v = versions[i];
		struct iom_pat_setup p;
		struct logbuf b;
		setup(v, IOM_PAT_OFF, false, IOM_PAT_POWER_ON, true, &p, &b);
		assert_false(p.enabled);
		assert_true(p.hw);
		assert_false(p.msr_written);
		assert_int_equal(p.msr, IOM_PAT_POWER_ON); /* the MSR keeps the firmware value */
		/* nopat message: "PAT support disabled." until 5557e831f688 (v5.6), then
		 * "PAT support disabled via boot option." (pat/memtype.c@v6.12 nopat()) */
		EXPECT_LINE(&b, v >= V(5, 6) ? "x86/PAT: PAT support disabled via boot option."
					     : "x86/PAT: PAT support disabled.");
		EXPECT_LINE(&b, CFG_EMU);
		/* TV-43: WT -> PWT (slot 1), WC -> PCD (no WC slot, static fallback) */
		assert_int_equal(p.cm2pte[IOM_MT_WT], 0x008);
		assert_int_equal(p.cm2pte[IOM_MT_WC], 0x010);
		assert_int_equal(p.cm2pte[IOM_MT_UC_MINUS], 0x010);
		assert_int_equal(p.cm2pte[IOM_MT_UC], 0x018);
		assert_int_equal(p.cm2pte[IOM_MT_WP], 0x010);
		assert_int_equal(p.pte2cm[1], IOM_MT_WT);

		/* firmware left another value (e.g. kexec from a PAT kernel): 4.2 still uses
		 * the emulated table; from 4.6 (PAT_INIT_REWORK) the actual MSR value
		 * (pat.c@v4.8 init_cache_modes(), pat/memtype.c@v6.12 pat_bp_init()) */
		setup(v, IOM_PAT_OFF, false, 0x0407010600070106ULL, true, &p, &b);
		assert_int_equal(p.msr, 0x0407010600070106ULL);
		if (v >= V(4, 8)) {
			assert_int_equal(p.table_pat, 0x0407010600070106ULL);
			assert_int_equal(p.cm2pte[IOM_MT_WC], 0x008);
			EXPECT_LINE(&b, CFG_42);
		} else {
			assert_int_equal(p.table_pat, IOM_PAT_POWER_ON);
			assert_int_equal(p.cm2pte[IOM_MT_WC], 0x010);
		}
	}
}

/* ---- CPU without PAT: TV-44, TV-45 -------------------------------------------------- */

static void test_pat_absent(void **st)
{
	(void)st;
	for (size_t i = 0; i < N(versions); i++) {
		unsigned v = versions[i];
		struct iom_pat_setup p;
		struct logbuf b;
		setup(v, IOM_PAT_ABSENT, false, 0, true, &p, &b);
		assert_false(p.enabled);
		assert_false(p.hw);
		assert_false(p.msr_written);
		EXPECT_LINE(&b, v >= V(5, 6) ? "x86/PAT: PAT not supported by the CPU."
					     : "x86/PAT: PAT not supported by CPU.");
		if (v == V(4, 2)) {
			/* TV-44: 4.2 returns before touching the tables: static WT -> PCD */
			assert_int_equal(p.cm2pte[IOM_MT_WT], 0x010);
			assert_false(p.tables_from_msr);
			assert_int_equal(b.n, 1); /* no Configuration line */
		} else {
			/* TV-45: emulated table, WT -> PWT */
			assert_int_equal(p.cm2pte[IOM_MT_WT], 0x008);
			EXPECT_LINE(&b, CFG_EMU);
		}
		/* static defaults common to all (init.c@v4.2 L41-60) */
		assert_int_equal(p.cm2pte[IOM_MT_WB], 0);
		assert_int_equal(p.cm2pte[IOM_MT_WC], 0x010);
		assert_int_equal(p.cm2pte[IOM_MT_UC_MINUS], 0x010);
		assert_int_equal(p.cm2pte[IOM_MT_UC], 0x018);
		assert_int_equal(p.cm2pte[IOM_MT_WP], 0x010);
	}
	/* 4.2 static __pte2cachemode_tbl: 0 WB 1 UC- 2 UC- 3 UC 4 WB 5 UC- 6 UC- 7 UC */
	struct iom_pat_setup p;
	struct logbuf b;
	setup(V(4, 2), IOM_PAT_ABSENT, false, 0, true, &p, &b);
	static const enum iom_mt st42[8] = { IOM_MT_WB, IOM_MT_UC_MINUS, IOM_MT_UC_MINUS, IOM_MT_UC,
					     IOM_MT_WB, IOM_MT_UC_MINUS, IOM_MT_UC_MINUS, IOM_MT_UC };
	assert_memory_equal(p.pte2cm, st42, sizeof(st42));
}

/* ---- PAT MSR reads 0 (XMT-2.2 row "PAT MSR reads 0") ----------------------------- */

static void test_pat_msr_zero(void **st)
{
	(void)st;
	for (size_t i = 0; i < N(versions); i++) {
		unsigned v = versions[i];
		struct iom_pat_setup p;
		struct logbuf b;
		setup(v, IOM_PAT_ON, false, 0, true, &p, &b);
		assert_false(p.enabled);
		assert_false(p.msr_written);
		/* pat.c@v4.2/v4.8 pat_bsp_init(): "PAT MSR is 0, disabled."; renamed by
		 * 5557e831f688 (v5.6); pat/memtype.c@v6.12 pat_bp_init() */
		EXPECT_LINE(&b, v >= V(5, 6) ? "x86/PAT: PAT support disabled by the firmware."
					     : "x86/PAT: PAT MSR is 0, disabled.");
		if (v == V(4, 2)) {
			assert_int_equal(p.cm2pte[IOM_MT_WT], 0x010); /* static tables */
		} else {
			assert_int_equal(p.cm2pte[IOM_MT_WT], 0x008); /* emulated */
			EXPECT_LINE(&b, CFG_EMU);
		}
	}
}

/* ---- MTRRs disabled (XMT-2.2 row "no MTRR support", XMT-2.10 "PAT init path") -------- */

static void test_pat_without_mtrr(void **st)
{
	(void)st;
	struct iom_pat_setup p;
	struct logbuf b;
	/* 4.2: pat_init() is only reached from the MTRR code: PAT nominally enabled, never
	 * programmed, static tables */
	setup(V(4, 2), IOM_PAT_ON, false, IOM_PAT_POWER_ON, false, &p, &b);
	assert_true(p.enabled);
	assert_false(p.msr_written);
	assert_int_equal(p.cm2pte[IOM_MT_WC], 0x010);
	/* 4.8: main.c mtrr_bp_init() disables PAT with the MTRRs; tables from the MSR */
	setup(V(4, 8), IOM_PAT_ON, false, IOM_PAT_POWER_ON, false, &p, &b);
	assert_false(p.enabled);
	assert_false(p.msr_written);
	EXPECT_LINE(&b, "x86/PAT: MTRRs disabled, skipping PAT initialization too.");
	EXPECT_LINE(&b, CFG_EMU);
	assert_int_equal(p.cm2pte[IOM_MT_WT], 0x008);
	/* nopat and no MTRR code: 4.2 builds its emulated table in pat_init() only, so the
	 * static one stays (WT -> PCD); 4.8 builds it in init_cache_modes() anyway */
	setup(V(4, 2), IOM_PAT_OFF, false, IOM_PAT_POWER_ON, false, &p, &b);
	EXPECT_LINE(&b, "x86/PAT: PAT support disabled.");
	assert_int_equal(b.n, 1);
	assert_int_equal(p.cm2pte[IOM_MT_WT], 0x010);
	setup(V(4, 8), IOM_PAT_OFF, false, IOM_PAT_POWER_ON, false, &p, &b);
	EXPECT_LINE(&b, CFG_EMU);
	assert_int_equal(p.cm2pte[IOM_MT_WT], 0x008);
	/* CPU without PAT and MTRRs off: pat_init() is never reached, so no "not supported"
	 * line; 4.2 keeps the static tables, 4.8 logs the MTRR reason and emulates, 6.12
	 * checks the CPU itself */
	setup(V(4, 2), IOM_PAT_ABSENT, false, 0, false, &p, &b);
	assert_int_equal(b.n, 0);
	assert_int_equal(p.cm2pte[IOM_MT_WT], 0x010);
	setup(V(4, 8), IOM_PAT_ABSENT, false, 0, false, &p, &b);
	EXPECT_LINE(&b, "x86/PAT: MTRRs disabled, skipping PAT initialization too.");
	assert_false(has_line(&b, "x86/PAT: PAT not supported by CPU."));
	assert_int_equal(p.cm2pte[IOM_MT_WT], 0x008);
	setup(V(6, 12), IOM_PAT_ABSENT, false, 0, false, &p, &b);
	EXPECT_LINE(&b, "x86/PAT: PAT not supported by the CPU.");
	/* 6.12: PAT and MTRR decoupled, PAT programmed anyway */
	setup(V(6, 12), IOM_PAT_ON, false, IOM_PAT_POWER_ON, false, &p, &b);
	assert_true(p.enabled);
	assert_true(p.msr_written);
	assert_int_equal(p.msr, 0x0407050600070106ULL);
	EXPECT_LINE(&b, CFG_414);
}

/* ---- the same through a booted kernel (iom_kernel_boot) -------------------------- */

static struct iom_kernel *boot(unsigned v, enum iom_pat_hw pat, bool mtrr_enabled)
{
	struct iom_cpu c;
	iom_cpu_init(&c);
	c.pat = pat;
	struct iom_mtrr_state s;
	iom_mtrr_state_init(&s, 36, 8);
	s.enabled = mtrr_enabled;
	s.fixed_enabled = true;
	iom_mtrr_var_set(&s, 0, 0, 0x80000000ULL, IOM_MT_WB);
	struct iom_kernel *k = iom_kernel_new(v, &c, &s);
	assert_non_null(k);
	iom_kernel_boot(k);
	return k;
}

static bool klog_has(const struct iom_kernel *k, const char *s)
{
	for (size_t i = 0; i < iom_kernel_nr_log(k); i++)
		if (!strcmp(iom_kernel_log(k, i)->text, s))
			return true;
	return false;
}

static void kdump(const struct iom_kernel *k)
{
	for (size_t i = 0; i < iom_kernel_nr_log(k); i++)
		print_message("  klog[%zu] %s\n", i, iom_kernel_log(k, i)->text);
}

#define EXPECT_KLINE(k, s)                                                                     \
	do {                                                                                   \
		if (!klog_has(k, s)) {                                                         \
			kdump(k);                                                              \
			fail_msg("missing kernel log line \"%s\"", s);                         \
		}                                                                              \
	} while (0)

static void test_boot_log(void **st)
{
	(void)st;
	for (size_t i = 0; i < N(versions); i++) {
		unsigned v = versions[i];
		struct iom_kernel *k = boot(v, IOM_PAT_ON, true);
		EXPECT_KLINE(k, v >= V(4, 14) ? CFG_414 : CFG_42);
		assert_true(iom_kernel_pat(k)->enabled);
		assert_int_equal(iom_kernel_log(k, 0)->call, -1); /* boot messages: call -1 */
		iom_kernel_free(k);
		k = boot(v, IOM_PAT_OFF, true);
		EXPECT_KLINE(k, v >= V(5, 6) ? "x86/PAT: PAT support disabled via boot option."
					     : "x86/PAT: PAT support disabled.");
		assert_false(iom_kernel_pat(k)->enabled);
		iom_kernel_free(k);
	}
	/* MTRRs disabled by the BIOS (E=0): "MTRR: Disabled" (main.c@v4.2/v4.8
	 * mtrr_bp_init()), "MTRRs disabled by BIOS" (mtrr.c@v6.12) */
	struct iom_kernel *k = boot(V(4, 8), IOM_PAT_ON, false);
	EXPECT_KLINE(k, "MTRR: Disabled");
	EXPECT_KLINE(k, "x86/PAT: MTRRs disabled, skipping PAT initialization too.");
	assert_false(iom_kernel_pat(k)->enabled);
	iom_kernel_free(k);
	k = boot(V(6, 12), IOM_PAT_ON, false);
	EXPECT_KLINE(k, "MTRRs disabled by BIOS");
	assert_true(iom_kernel_pat(k)->enabled);
	iom_kernel_free(k);
	/* 4.2, E=0 but the CPU has MTRRs: get_mtrr_state() still runs and calls pat_init()
	 * (generic.c@v4.2 get_mtrr_state(), XMT-2.2), so PAT is programmed */
	k = boot(V(4, 2), IOM_PAT_ON, false);
	EXPECT_KLINE(k, "MTRR: Disabled");
	EXPECT_KLINE(k, CFG_42);
	assert_true(iom_kernel_pat(k)->msr_written);
	assert_int_equal(iom_kernel_pat(k)->cm2pte[IOM_MT_WC], 0x008);
	iom_kernel_free(k);
}

/* CPU without MTRRs at all: "MTRR: Disabled" (4.2/4.8: mtrr_if is NULL, so
 * mtrr_enabled() is false) and "MTRRs disabled (not available)" (mtrr.c@v6.12). */
static void test_boot_no_mtrr_cpu(void **st)
{
	(void)st;
	struct iom_cpu c;
	iom_cpu_init(&c);
	c.mtrr = false;
	struct iom_mtrr_state s;
	iom_mtrr_state_init(&s, 36, 8);
	static const struct { unsigned v; const char *msg; } cases[] = {
		{ V(4, 2), "MTRR: Disabled" },
		{ V(4, 8), "MTRR: Disabled" },
		{ V(6, 12), "MTRRs disabled (not available)" },
	};
	for (size_t i = 0; i < N(cases); i++) {
		struct iom_kernel *k = iom_kernel_new(cases[i].v, &c, &s);
		iom_kernel_boot(k);
		EXPECT_KLINE(k, cases[i].msg);
		assert_false(iom_kernel_mtrr_enabled(k));
		iom_kernel_free(k);
	}
}

/* The 6.5+ cache map line (generic.c@v6.12 mtrr_build_map()): entries, fixed runs,
 * variable entries, max = fixed + 2 * num_var_ranges, and "built from" num_var_ranges
 * (+1 with TOM2), i.e. VCNT, not the number of valid registers. */
static void test_boot_cache_map_line(void **st)
{
	(void)st;
	struct iom_cpu c;
	iom_cpu_init(&c);
	struct iom_mtrr_state s;
	iom_mtrr_state_init(&s, 36, 8);
	s.enabled = s.fixed_enabled = true;
	for (unsigned i = 0; i < IOM_MTRR_NR_FIXED; i++) { /* E0 fixed: WB, UC, WP runs */
		uint64_t a, z;
		iom_mtrr_fixed_range(i, &a, &z);
		s.fixed[i] = a < 0xA0000 ? 6 : a < 0xC0000 ? 0 : 5;
	}
	iom_mtrr_var_set(&s, 0, 0, 0x80000000ULL, IOM_MT_WB);
	struct iom_kernel *k = iom_kernel_new(V(6, 12), &c, &s);
	iom_kernel_boot(k);
	EXPECT_KLINE(k, "MTRR map: 4 entries (3 fixed + 1 variable; max 19), built from 8 variable MTRRs");
	iom_kernel_free(k);
	/* TV-47 layout: WB [0,4G), UC [3G,4G), WC inside the UC one -> add_map_entry() leaves
	 * [1M,3G) WB and [3G,4G) UC (the WC part merges to UC, get_effective_type()) */
	iom_mtrr_var_set(&s, 0, 0, 0x100000000ULL, IOM_MT_WB);
	iom_mtrr_var_set(&s, 1, 0xC0000000ULL, 0x40000000ULL, IOM_MT_UC);
	iom_mtrr_var_set(&s, 2, 0xE0000000ULL, 0x1000000ULL, IOM_MT_WC);
	k = iom_kernel_new(V(6, 12), &c, &s);
	iom_kernel_boot(k);
	EXPECT_KLINE(k, "MTRR map: 5 entries (3 fixed + 2 variable; max 19), built from 8 variable MTRRs");
	iom_kernel_free(k);
	/* more map entries than any internal buffer: 150 disjoint WC registers above 4 GiB
	 * next to reg0..2 -> 2 + 150 variable entries */
	s.vcnt = 160;
	for (unsigned i = 3; i < 153; i++)
		iom_mtrr_var_set(&s, i, 0x100000000ULL + (uint64_t)i * 0x200000, 0x100000, IOM_MT_WC);
	k = iom_kernel_new(V(6, 12), &c, &s);
	iom_kernel_boot(k);
	EXPECT_KLINE(k, "MTRR map: 155 entries (3 fixed + 152 variable; max 323), built from 160 variable MTRRs");
	iom_kernel_free(k);
	for (unsigned i = 3; i < 153; i++)
		iom_mtrr_var_clear(&s, i);
	/* FE=0: no fixed entries; vcnt 10 -> max 20 */
	s.fixed_enabled = false;
	s.vcnt = 10;
	k = iom_kernel_new(V(6, 12), &c, &s);
	iom_kernel_boot(k);
	EXPECT_KLINE(k, "MTRR map: 2 entries (0 fixed + 2 variable; max 20), built from 10 variable MTRRs");
	iom_kernel_free(k);
	/* not logged before 6.5 */
	k = iom_kernel_new(V(6, 1), &c, &s);
	iom_kernel_boot(k);
	for (size_t i = 0; i < iom_kernel_nr_log(k); i++)
		assert_null(strstr(iom_kernel_log(k, i)->text, "MTRR map"));
	iom_kernel_free(k);
}

/* Effective type of the Linux PTE bits on each set-up (XMT-2.7 table, E0 MTRR UC/WB/WC):
 * iom_k_effective goes through the PAT entry on PAT hardware and Table 11-6 without. */
static void test_effective_by_setup(void **st)
{
	(void)st;
	struct iom_kernel *k = boot(V(4, 8), IOM_PAT_ON, true);
	const struct iom_pat_setup *p = iom_kernel_pat(k);
	unsigned idx;
	enum iom_mt ent;
	/* TV-103 pieces: PA1 WC x UC MTRR -> WC; PA3 UC -> UC */
	struct iom_eff e = iom_k_effective(k, IOM_MT_UC, p->cm2pte[IOM_MT_WC], &idx, &ent);
	assert_int_equal(idx, 1);
	assert_int_equal(ent, IOM_MT_WC);
	assert_int_equal(e.type, IOM_MT_WC);
	assert_int_equal(iom_k_effective(k, IOM_MT_WC, p->cm2pte[IOM_MT_UC_MINUS], NULL, NULL).type,
			 IOM_MT_WC); /* TV-03 through Linux's UC- slot */
	assert_int_equal(iom_k_effective(k, IOM_MT_WC, p->cm2pte[IOM_MT_UC], NULL, NULL).type,
			 IOM_MT_UC);
	assert_int_equal(iom_k_effective(k, IOM_MT_WB, p->cm2pte[IOM_MT_WT], &idx, &ent).type,
			 IOM_MT_WT);
	assert_int_equal(idx, 7);
	iom_kernel_free(k);
	/* nopat, power-on PAT (XMT-2.7): ioremap_wt PTE PWT -> PA1 WT; x WC MTRR = UC */
	k = boot(V(4, 8), IOM_PAT_OFF, true);
	p = iom_kernel_pat(k);
	assert_int_equal(iom_k_effective(k, IOM_MT_WC, p->cm2pte[IOM_MT_WT], NULL, &ent).type, IOM_MT_UC);
	assert_int_equal(ent, IOM_MT_WT);
	assert_int_equal(iom_k_effective(k, IOM_MT_WC, p->cm2pte[IOM_MT_WC], NULL, NULL).type, IOM_MT_WC);
	assert_int_equal(iom_k_effective(k, IOM_MT_UC, p->cm2pte[IOM_MT_WC], NULL, NULL).type, IOM_MT_UC);
	iom_kernel_free(k);
	/* CPU without PAT: Table 11-6, model-specific flag passes through (TV-16) */
	k = boot(V(4, 8), IOM_PAT_ABSENT, true);
	p = iom_kernel_pat(k);
	e = iom_k_effective(k, IOM_MT_WC, p->cm2pte[IOM_MT_UC_MINUS], NULL, &ent);
	assert_int_equal(e.type, IOM_MT_WC);
	assert_true(e.model_specific);
	assert_int_equal(ent, IOM_MT_NONE);
	e = iom_k_effective(k, IOM_MT_WC, p->cm2pte[IOM_MT_UC], NULL, NULL);
	assert_int_equal(e.type, IOM_MT_UC);
	assert_false(e.model_specific);
	/* P6 + ioremap_wt (PWT) under a WC MTRR: WC, model-specific (XMT-2.7) */
	e = iom_k_effective(k, IOM_MT_WC, p->cm2pte[IOM_MT_WT], NULL, NULL);
	assert_int_equal(e.type, IOM_MT_WC);
	assert_true(e.model_specific);
	/* undefined MTRR type stays undefined */
	assert_int_equal(iom_k_effective(k, IOM_MT_NONE, 0, NULL, NULL).type, IOM_MT_NONE);
	iom_kernel_free(k);
}

/* iom_linux_pat_tables(): the same walk from a logged layout (pat.c@v4.2
 * pat_init_cache_modes(): slots 7..0, lowest slot wins, missing modes keep PCD).
 * iom_linux_pcm_mode() inverts enum page_cache_mode; iom_kver_parse_release() takes the
 * X.Y of uname -r style strings. */
static void test_tables_from_layout(void **st)
{
	(void)st;
	struct iom_pat_setup p;
	/* 4.2 full PAT: WT only in slot 7 -> 0x098; WP has no slot -> PCD fallback (TV-40) */
	iom_linux_pat_tables(0x0407010600070106ULL, &p);
	assert_int_equal(p.cm2pte[IOM_MT_WB], 0);
	assert_int_equal(p.cm2pte[IOM_MT_WC], 0x008);
	assert_int_equal(p.cm2pte[IOM_MT_UC_MINUS], 0x010);
	assert_int_equal(p.cm2pte[IOM_MT_UC], 0x018);
	assert_int_equal(p.cm2pte[IOM_MT_WT], 0x098);
	assert_int_equal(p.cm2pte[IOM_MT_WP], 0x010);
	assert_int_equal(p.pte2cm[5], IOM_MT_WC);
	/* a layout with WC in slot 6 and slot 1: the lowest (1) wins */
	enum iom_mt slots[8] = { IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_UC,
				 IOM_MT_WB, IOM_MT_WP, IOM_MT_WC, IOM_MT_WT };
	iom_linux_pat_tables(iom_pat_encode(slots), &p);
	assert_int_equal(iom_pat_index(p.cm2pte[IOM_MT_WC], false), 1);
	assert_int_equal(iom_pat_index(p.cm2pte[IOM_MT_WP], false), 5);
	for (int t = 0; t < IOM_MT__COUNT; t++)
		assert_int_equal(iom_linux_pcm_mode(iom_linux_pcm((enum iom_mt)t)), t);
	assert_int_equal(iom_linux_pcm_mode(6), IOM_MT_NONE);
	unsigned v;
	assert_int_equal(iom_kver_parse_release("6.12.118-1-amd64", &v), 0);
	assert_int_equal(v, IOM_KVER(6, 12));
	assert_int_equal(iom_kver_parse_release("4.2.0-rc1+", &v), 0);
	assert_int_equal(v, IOM_KVER(4, 2));
	assert_int_equal(iom_kver_parse_release("v5.6", &v), 0);
	assert_int_equal(v, IOM_KVER(5, 6));
	assert_int_equal(iom_kver_parse_release("linux", &v), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpu_init_and_pcm),
		cmocka_unit_test(test_tables_from_layout),
		cmocka_unit_test(test_version_table),
		cmocka_unit_test(test_full_pat_by_version),
		cmocka_unit_test(test_errata),
		cmocka_unit_test(test_nopat),
		cmocka_unit_test(test_pat_absent),
		cmocka_unit_test(test_pat_msr_zero),
		cmocka_unit_test(test_pat_without_mtrr),
		cmocka_unit_test(test_boot_log),
		cmocka_unit_test(test_boot_no_mtrr_cpu),
		cmocka_unit_test(test_boot_cache_map_line),
		cmocka_unit_test(test_effective_by_setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
