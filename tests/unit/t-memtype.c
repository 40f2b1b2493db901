// SPDX-License-Identifier: MIT
/* t-memtype -- the x86 hardware model (include/iomodel/memtype.h) checked against the spec
 * Intel SDM vol. 3A §11.5.2.2 and §11.12.5 (Tables 11-6 and 11-7; docs/x86-model.md) and the
 * test vectors TV-01..TV-39, with oracles written here,
 * independently of the library's tables:
 *   - Table 11-7 from the "model rule" of XMT-1.5;
 *   - Table 11-6 from the SDM notes 2-4 quoted in XMT-1.6 (P6 values for note 4);
 *   - MTRR precedence from SDM §11.11.4.1 as restated in XMT-1.3;
 *   - fixed-range layout from SDM §11.11.2.2 (XMT-1.2 table).
 * Each case names its source in a comment. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/memtype.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define KiB 0x400ULL
#define MiB 0x100000ULL
#define GiB 0x40000000ULL

static const enum iom_mt mtrr_types[] = { IOM_MT_UC, IOM_MT_WC, IOM_MT_WT, IOM_MT_WP, IOM_MT_WB };
static const enum iom_mt all_types[] = { IOM_MT_UC, IOM_MT_UC_MINUS, IOM_MT_WC,
					 IOM_MT_WT, IOM_MT_WP, IOM_MT_WB };

/* ---- oracles ------------------------------------------------------------------------ */

/* XMT-1.5 "Model rule equivalent to the table" (SDM Table 11-7). */
static enum iom_mt oracle_t11_7(enum iom_mt mtrr, enum iom_mt pat)
{
	bool uc_or_wc = mtrr == IOM_MT_UC || mtrr == IOM_MT_WC;
	switch (pat) {
	case IOM_MT_WC: return IOM_MT_WC;
	case IOM_MT_UC: return IOM_MT_UC;
	case IOM_MT_UC_MINUS: return (mtrr == IOM_MT_WC || mtrr == IOM_MT_WP) ? IOM_MT_WC : IOM_MT_UC;
	case IOM_MT_WB: return mtrr;
	case IOM_MT_WT: return uc_or_wc ? IOM_MT_UC : IOM_MT_WT;
	case IOM_MT_WP: return uc_or_wc ? IOM_MT_UC : IOM_MT_WP;
	default: return IOM_MT_NONE;
	}
}

/* XMT-1.6 (SDM Table 11-6 notes): MTRR UC -> UC; note 2: PCD set -> UC; note 3: PCD
 * clear, PWT set -> WT for WB, else the MTRR type; PCD=PWT=0 -> the MTRR type; note 4:
 * opposite PCD/PWT under a WC or WP MTRR is model-specific (P6 values: WC/01 WC, WC/10 WC,
 * WP/01 WP, WP/10 WC, XMT-6.2). */
static enum iom_mt oracle_t11_6(enum iom_mt mtrr, int pcd, int pwt, bool *ms)
{
	*ms = (pcd != pwt) && (mtrr == IOM_MT_WC || mtrr == IOM_MT_WP);
	if (mtrr == IOM_MT_UC)
		return IOM_MT_UC;
	if (*ms) {
		if (mtrr == IOM_MT_WC)
			return IOM_MT_WC;
		return pcd ? IOM_MT_WC : IOM_MT_WP;
	}
	if (pcd)
		return IOM_MT_UC;
	if (pwt)
		return mtrr == IOM_MT_WB ? IOM_MT_WT : mtrr;
	return mtrr;
}

/* XMT-1.3 rule 3 (SDM §11.11.4.1): combine the set of matching variable-range types. */
static enum iom_mt oracle_overlap(unsigned mask, bool *undef)
{
	*undef = false;
	if (mask & (1u << IOM_MT_UC))
		return IOM_MT_UC;
	if (__builtin_popcount(mask) == 1)
		return (enum iom_mt)__builtin_ctz(mask);
	if (mask == ((1u << IOM_MT_WT) | (1u << IOM_MT_WB)))
		return IOM_MT_WT;
	*undef = true;
	return IOM_MT_NONE;
}

static void expect_piece(const struct iom_mtrr_piece *p, uint64_t start, uint64_t end,
			 enum iom_mt t, enum iom_mtrr_src src);
static void check_tiling(const struct iom_mtrr_state *s, uint64_t start, uint64_t end,
			 const struct iom_mtrr_piece *p, long n);

/* ---- 1. Table 11-7 and Table 11-6, every cell ------------------------------------ */

static void test_t11_7_every_cell(void **st)
{
	(void)st;
	int cells = 0;
	for (size_t m = 0; m < N(mtrr_types); m++) {
		for (size_t p = 0; p < N(all_types); p++) {
			/* SDM Table 11-7 cell (row mtrr_types[m], column all_types[p]) */
			struct iom_eff e = iom_eff_pat(mtrr_types[m], all_types[p]);
			enum iom_mt want = oracle_t11_7(mtrr_types[m], all_types[p]);
			if (e.type != want)
				fail_msg("T11-7 MTRR %s x PAT %s: got %s want %s", iom_mt_name(mtrr_types[m]),
					 iom_mt_name(all_types[p]), iom_mt_name(e.type), iom_mt_name(want));
			assert_false(e.model_specific); /* Table 11-7 has no model-specific cell */
			assert_non_null(e.source);
			assert_int_equal(strncmp(e.source, "SDM-T11-7", 9), 0);
			cells++;
		}
	}
	assert_int_equal(cells, 30);
	/* MTRR UC- does not exist (XMT-1.1): no cell */
	assert_int_equal(iom_eff_pat(IOM_MT_UC_MINUS, IOM_MT_WB).type, IOM_MT_NONE);
	assert_int_equal(iom_eff_pat(IOM_MT_NONE, IOM_MT_WB).type, IOM_MT_NONE);
}

static void test_t11_6_every_cell(void **st)
{
	(void)st;
	int cells = 0, ms_cells = 0;
	for (size_t m = 0; m < N(mtrr_types); m++) {
		for (int pcd = 0; pcd < 2; pcd++) {
			for (int pwt = 0; pwt < 2; pwt++) {
				bool ms;
				enum iom_mt want = oracle_t11_6(mtrr_types[m], pcd, pwt, &ms);
				struct iom_eff e = iom_eff_nopat(mtrr_types[m], pcd, pwt);
				if (e.type != want || e.model_specific != ms)
					fail_msg("T11-6 MTRR %s PCD %d PWT %d: got %s ms=%d want %s ms=%d",
						 iom_mt_name(mtrr_types[m]), pcd, pwt, iom_mt_name(e.type),
						 e.model_specific, iom_mt_name(want), ms);
				assert_non_null(e.source);
				assert_int_equal(strncmp(e.source, "SDM-T11-6", 9), 0);
				cells++;
				ms_cells += e.model_specific;
			}
		}
	}
	assert_int_equal(cells, 20);
	assert_int_equal(ms_cells, 4); /* note 4: WC/01, WC/10, WP/01, WP/10 */
	/* non-zero PCD/PWT arguments count as 1 */
	assert_int_equal(iom_eff_nopat(IOM_MT_WB, 0x10, 0).type, IOM_MT_UC);
	assert_int_equal(iom_eff_nopat(IOM_MT_WB, 0, 8).type, IOM_MT_WT);
	assert_int_equal(iom_eff_nopat(IOM_MT_UC_MINUS, 0, 0).type, IOM_MT_NONE);
}

/* TV-01..TV-15 (XMT-5.1): explicit vectors, Table 11-7. */
static void test_tv01_15(void **st)
{
	(void)st;
	static const struct { const char *tv; enum iom_mt mtrr, pat, want; } v[] = {
		{ "TV-01", IOM_MT_UC, IOM_MT_WC, IOM_MT_WC },
		{ "TV-02", IOM_MT_UC, IOM_MT_UC_MINUS, IOM_MT_UC },
		{ "TV-03", IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_WC },
		{ "TV-04", IOM_MT_WC, IOM_MT_UC, IOM_MT_UC },
		{ "TV-05", IOM_MT_WC, IOM_MT_WT, IOM_MT_UC },
		{ "TV-06", IOM_MT_WC, IOM_MT_WB, IOM_MT_WC },
		{ "TV-07", IOM_MT_WC, IOM_MT_WP, IOM_MT_UC },
		{ "TV-08", IOM_MT_WT, IOM_MT_WB, IOM_MT_WT },
		{ "TV-09", IOM_MT_WT, IOM_MT_UC_MINUS, IOM_MT_UC },
		{ "TV-10", IOM_MT_WB, IOM_MT_WT, IOM_MT_WT },
		{ "TV-11", IOM_MT_WP, IOM_MT_UC_MINUS, IOM_MT_WC },
		{ "TV-12", IOM_MT_WP, IOM_MT_WT, IOM_MT_WT },
		{ "TV-13", IOM_MT_WB, IOM_MT_WP, IOM_MT_WP },
		{ "TV-14", IOM_MT_WT, IOM_MT_WP, IOM_MT_WP },
		{ "TV-15", IOM_MT_UC, IOM_MT_WB, IOM_MT_UC },
	};
	for (size_t i = 0; i < N(v); i++) {
		struct iom_eff e = iom_eff_pat(v[i].mtrr, v[i].pat);
		if (e.type != v[i].want)
			fail_msg("%s: got %s want %s", v[i].tv, iom_mt_name(e.type), iom_mt_name(v[i].want));
	}
}

/* TV-16..TV-19 (Table 11-6) and TV-20 (nopat power-on PAT, Table 11-7). */
static void test_tv16_20(void **st)
{
	(void)st;
	struct iom_eff e = iom_eff_nopat(IOM_MT_WC, 1, 0); /* TV-16 */
	assert_int_equal(e.type, IOM_MT_WC);
	assert_true(e.model_specific);
	e = iom_eff_nopat(IOM_MT_WC, 1, 1); /* TV-17 */
	assert_int_equal(e.type, IOM_MT_UC);
	assert_false(e.model_specific);
	assert_int_equal(iom_eff_nopat(IOM_MT_WB, 0, 1).type, IOM_MT_WT); /* TV-18 */
	assert_int_equal(iom_eff_nopat(IOM_MT_WB, 1, 0).type, IOM_MT_UC); /* TV-19 */
	/* TV-20: IA32_PAT = power-on, PTE PCD=0 PWT=1 PAT=0 -> PA1 = WT; WT x WC MTRR = UC */
	enum iom_mt slots[8];
	assert_int_equal(iom_pat_decode(IOM_PAT_POWER_ON, slots), 0);
	unsigned idx = iom_pat_index(IOM_PTE_PWT, false);
	assert_int_equal(idx, 1);
	assert_int_equal(slots[idx], IOM_MT_WT);
	assert_int_equal(iom_eff_pat(IOM_MT_WC, slots[idx]).type, IOM_MT_UC);
	/* ... which differs from a P6 (Table 11-6 WC/01 = WC, model-specific) */
	assert_int_equal(iom_eff_nopat(IOM_MT_WC, 0, 1).type, IOM_MT_WC);
}

/* ---- 2. names, encodings, parse (XMT-1.1) --------------------------------------- */

static void test_names_encodings(void **st)
{
	(void)st;
	static const struct { enum iom_mt t; const char *name, *kname, *mname; unsigned hw; } v[] = {
		/* XMT-1.1: encodings SDM Tables 11-8/11-10; cattr_name() and
		 * mtrr_attrib_to_str() names (pat_internal.h@v4.2, if.c@v4.2) */
		{ IOM_MT_UC, "UC", "uncached", "uncachable", 0 },
		{ IOM_MT_UC_MINUS, "UC-", "uncached-minus", "?", 7 },
		{ IOM_MT_WC, "WC", "write-combining", "write-combining", 1 },
		{ IOM_MT_WT, "WT", "write-through", "write-through", 4 },
		{ IOM_MT_WP, "WP", "write-protected", "write-protect", 5 },
		{ IOM_MT_WB, "WB", "write-back", "write-back", 6 },
	};
	for (size_t i = 0; i < N(v); i++) {
		assert_string_equal(iom_mt_name(v[i].t), v[i].name);
		assert_string_equal(iom_mt_kname(v[i].t), v[i].kname);
		assert_string_equal(iom_mt_mtrr_name(v[i].t), v[i].mname);
		assert_int_equal(iom_mt_hw(v[i].t), v[i].hw);
	}
	assert_string_equal(iom_mt_name(IOM_MT_NONE), "-");
	assert_string_equal(iom_mt_kname(IOM_MT_NONE), "broken"); /* cattr_name() default */
	assert_string_equal(iom_mt_mtrr_name(IOM_MT_NONE), "?");
	assert_int_equal(iom_mt_hw(IOM_MT_NONE), 0xff);

	/* decode every byte value: MTRR 0,1,4,5,6 valid; PAT additionally 7 (XMT-1.1) */
	for (unsigned enc = 0; enc < 256; enc++) {
		enum iom_mt t = IOM_MT_NONE;
		bool mtrr_ok = enc == 0 || enc == 1 || enc == 4 || enc == 5 || enc == 6;
		bool pat_ok = mtrr_ok || enc == 7;
		assert_int_equal(iom_mt_from_hw(enc, true, &t) == 0, mtrr_ok);
		if (mtrr_ok)
			assert_int_equal(iom_mt_hw(t), enc);
		assert_int_equal(iom_mt_from_hw(enc, false, &t) == 0, pat_ok);
		if (pat_ok)
			assert_int_equal(iom_mt_hw(t), enc);
	}
}

static void test_parse(void **st)
{
	(void)st;
	static const struct { const char *s; int rc; enum iom_mt t; } v[] = {
		{ "UC", 0, IOM_MT_UC }, { "uc", 0, IOM_MT_UC }, { "UC-", 0, IOM_MT_UC_MINUS },
		{ "uc-", 0, IOM_MT_UC_MINUS }, { "wc", 0, IOM_MT_WC }, { "Wt", 0, IOM_MT_WT },
		{ "wp", 0, IOM_MT_WP }, { "WB", 0, IOM_MT_WB },
		{ "uncached", 0, IOM_MT_UC }, { "uncached-minus", 0, IOM_MT_UC_MINUS },
		{ "write-combining", 0, IOM_MT_WC }, { "write-through", 0, IOM_MT_WT },
		{ "write-protected", 0, IOM_MT_WP }, { "write-back", 0, IOM_MT_WB },
		{ "uncachable", 0, IOM_MT_UC }, { "write-protect", 0, IOM_MT_WP },
		{ "uc_minus", 0, IOM_MT_UC_MINUS }, { "UC_MINUS", 0, IOM_MT_UC_MINUS },
		{ "?", -1, IOM_MT_NONE }, { "", -1, IOM_MT_NONE }, { "UC+", -1, IOM_MT_NONE },
		{ "wbx", -1, IOM_MT_NONE }, { "broken", -1, IOM_MT_NONE },
	};
	for (size_t i = 0; i < N(v); i++) {
		enum iom_mt t = IOM_MT_NONE;
		int rc = iom_mt_parse(v[i].s, &t);
		if (rc != v[i].rc || (rc == 0 && t != v[i].t))
			fail_msg("parse \"%s\": rc %d type %s", v[i].s, rc, iom_mt_name(t));
	}
}

/* ---- 3. PAT MSR and PTE bits (XMT-1.4, TV-27, TV-31..TV-33) --------------------- */

static void test_pat_decode_encode(void **st)
{
	(void)st;
	enum iom_mt s[8];
	/* TV-27: power-on value, SDM Table 11-12 */
	static const enum iom_mt po[8] = { IOM_MT_WB, IOM_MT_WT, IOM_MT_UC_MINUS, IOM_MT_UC,
					   IOM_MT_WB, IOM_MT_WT, IOM_MT_UC_MINUS, IOM_MT_UC };
	assert_int_equal(IOM_PAT_POWER_ON, 0x0007040600070406ULL);
	assert_int_equal(iom_pat_decode(0x0007040600070406ULL, s), 0);
	assert_memory_equal(s, po, sizeof(po));
	assert_int_equal(iom_pat_encode(po), 0x0007040600070406ULL);
	/* TV-28/TV-29/TV-30 values decode to the slots the spec lists */
	static const struct { uint64_t v; enum iom_mt s[8]; } lin[] = {
		{ 0x0407010600070106ULL, { IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_UC,
					   IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_WT } },
		{ 0x0407050600070106ULL, { IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_UC,
					   IOM_MT_WB, IOM_MT_WP, IOM_MT_UC_MINUS, IOM_MT_WT } },
		{ 0x0007010600070106ULL, { IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_UC,
					   IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_UC } },
	};
	for (size_t i = 0; i < N(lin); i++) {
		assert_int_equal(iom_pat_decode(lin[i].v, s), 0);
		assert_memory_equal(s, lin[i].s, sizeof(s));
		assert_int_equal(iom_pat_encode(lin[i].s), lin[i].v);
	}
	/* reserved encodings 2, 3 and reserved high bits -> #GP on write: -1, slot NONE */
	assert_int_equal(iom_pat_decode(0x0007040600070402ULL, s), -1);
	assert_int_equal(s[0], IOM_MT_NONE);
	assert_int_equal(s[1], IOM_MT_WT);
	assert_int_equal(iom_pat_decode(0x0307040600070406ULL, s), -1);
	assert_int_equal(s[7], IOM_MT_NONE);
	assert_int_equal(iom_pat_decode(0x0007040600070416ULL, s), -1); /* bit 4 of PA0 */
	assert_int_equal(s[0], IOM_MT_NONE);
	assert_int_equal(iom_pat_decode(0x8007040600070406ULL, s), -1); /* bit 63 */
	assert_int_equal(s[7], IOM_MT_NONE);
}

static void test_pat_index(void **st)
{
	(void)st;
	/* SDM Table 11-11: index = 4*PAT + 2*PCD + PWT; PAT = bit 7 (4 KiB PTE) or bit 12
	 * (2 MiB/1 GiB leaf, where bit 7 is PS) -- XMT-1.4. */
	for (unsigned pat = 0; pat < 2; pat++)
		for (unsigned pcd = 0; pcd < 2; pcd++)
			for (unsigned pwt = 0; pwt < 2; pwt++)
				for (unsigned other = 0; other < 2; other++) {
					unsigned want = 4 * pat + 2 * pcd + pwt;
					uint64_t base = (pcd ? 0x10 : 0) | (pwt ? 0x08 : 0) | 0x8000000000000163ULL;
					uint64_t pte4k = base | (pat ? 0x80 : 0) | (other ? 0x1000 : 0);
					uint64_t pte2m = base | (pat ? 0x1000 : 0) | (other ? 0x80 : 0);
					assert_int_equal(iom_pat_index(pte4k, false), want);
					assert_int_equal(iom_pat_index(pte2m, true), want);
				}
	for (unsigned i = 0; i < 8; i++) {
		uint64_t b4 = iom_pat_index_bits(i, false), b2 = iom_pat_index_bits(i, true);
		assert_int_equal(iom_pat_index(b4, false), i);
		assert_int_equal(iom_pat_index(b2, true), i);
		assert_int_equal(b4 & ~0x98ULL, 0);
		assert_int_equal(b2 & ~0x1018ULL, 0);
	}
	assert_int_equal(iom_pat_index_bits(7, false), 0x98); /* PAT|PCD|PWT */
	assert_int_equal(iom_pat_index_bits(5, true), 0x1008); /* PAT_LARGE|PWT */

	enum iom_mt po[8], lin42[8], lin612[8];
	iom_pat_decode(IOM_PAT_POWER_ON, po);
	iom_pat_decode(0x0407010600070106ULL, lin42);
	iom_pat_decode(0x0407050600070106ULL, lin612);
	/* TV-31: 4 KiB PTE bit7=1 PCD=1 PWT=1 -> index 7: WT (Linux value), UC (power-on) */
	unsigned i31 = iom_pat_index(0x80 | 0x10 | 0x08, false);
	assert_int_equal(i31, 7);
	assert_int_equal(lin42[i31], IOM_MT_WT);
	assert_int_equal(po[i31], IOM_MT_UC);
	/* TV-32: 2 MiB PDE, PS (bit 7)=1, bit12=1, PCD=0, PWT=1 -> index 5: WC (4.2-4.8),
	 * WP (6.12), WT (power-on) */
	unsigned i32 = iom_pat_index(0x80 | 0x1000 | 0x08, true);
	assert_int_equal(i32, 5);
	assert_int_equal(lin42[i32], IOM_MT_WC);
	assert_int_equal(lin612[i32], IOM_MT_WP);
	assert_int_equal(po[i32], IOM_MT_WT);
	/* the same bits read as a 4 KiB PTE would select index 5 through bit 7 only by
	 * accident; bit 12 must not count there */
	assert_int_equal(iom_pat_index(0x1000 | 0x08, false), 1);
	/* TV-33: 2 MiB PDE bit12=0, PCD=1, PWT=0 (PS set) -> index 2: UC- everywhere */
	unsigned i33 = iom_pat_index(0x80 | 0x10, true);
	assert_int_equal(i33, 2);
	assert_int_equal(lin42[i33], IOM_MT_UC_MINUS);
	assert_int_equal(po[i33], IOM_MT_UC_MINUS);
}

/* ---- 4. MTRR registers (XMT-1.2, TV-34..TV-39) --------------------------------- */

/* SDM §11.11.2.2: the 11 fixed-range MSRs in Linux fixed_ranges[] order. */
static const unsigned fixed_msrs[11] = { 0x250, 0x258, 0x259, 0x268, 0x269, 0x26A,
					 0x26B, 0x26C, 0x26D, 0x26E, 0x26F };

static void test_fixed_all_88(void **st)
{
	(void)st;
	uint64_t next = 0;
	for (unsigned idx = 0; idx < IOM_MTRR_NR_FIXED; idx++) {
		/* oracle: MSR k covers 8 sub-ranges; granule 64K for MSR 0, 16K for 1-2, 4K after */
		unsigned k = idx / 8;
		uint64_t gran = k == 0 ? 64 * KiB : k < 3 ? 16 * KiB : 4 * KiB;
		uint64_t start, size;
		iom_mtrr_fixed_range(idx, &start, &size);
		assert_int_equal(start, next); /* the 88 ranges tile [0, 1 MiB) in order */
		assert_int_equal(size, gran);
		next = start + size;
		unsigned msr = 0, byte = 99;
		for (uint64_t a = start; a < start + size; a += size / 4) {
			assert_int_equal(iom_mtrr_fixed_index(a, &msr, &byte), (int)idx);
			assert_int_equal(msr, fixed_msrs[k]);
			assert_int_equal(byte, idx % 8);
		}
		assert_int_equal(iom_mtrr_fixed_index(start + size - 1, NULL, NULL), (int)idx);
	}
	assert_int_equal(next, 1 * MiB);
	assert_int_equal(iom_mtrr_fixed_index(1 * MiB, NULL, NULL), -1);
	assert_int_equal(iom_mtrr_fixed_index(~0ULL, NULL, NULL), -1);
}

static void test_tv34(void **st)
{
	(void)st;
	static const struct { uint64_t a; int idx; unsigned msr, byte; } v[] = {
		{ 0x70000, 7, 0x250, 7 },  /* TV-34 fixed_ranges[7]  = MSR 0x250 byte 7 */
		{ 0xA4000, 17, 0x259, 1 }, /* TV-34 fixed_ranges[17] = MSR 0x259 byte 1 */
		{ 0xC8000, 32, 0x269, 0 }, /* TV-34 fixed_ranges[32] = MSR 0x269 byte 0 */
		{ 0xFF000, 87, 0x26F, 7 }, /* TV-34 fixed_ranges[87] = MSR 0x26F byte 7 */
	};
	for (size_t i = 0; i < N(v); i++) {
		unsigned msr, byte;
		assert_int_equal(iom_mtrr_fixed_index(v[i].a, &msr, &byte), v[i].idx);
		assert_int_equal(msr, v[i].msr);
		assert_int_equal(byte, v[i].byte);
	}
}

static void test_deftype_msr(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	iom_mtrr_state_init(&s, 36, 8);
	/* reset state (SDM "MTRR Initialization"): E=FE=0, default UC; MTRRCAP FIX and WC */
	assert_false(s.enabled);
	assert_false(s.fixed_enabled);
	assert_int_equal(s.def_type, 0);
	assert_true(s.fix_supported);
	assert_true(s.wc_supported);
	assert_int_equal(s.vcnt, 8);
	assert_int_equal(s.phys_bits, 36);
	assert_int_equal(iom_mtrr_deftype_msr(&s), 0);
	/* IA32_MTRR_DEF_TYPE: type 7:0, FE bit 10, E bit 11 (XMT-1.2) */
	iom_mtrr_set_deftype_msr(&s, 0xC06);
	assert_true(s.enabled);
	assert_true(s.fixed_enabled);
	assert_int_equal(s.def_type, 6);
	assert_int_equal(iom_mtrr_deftype_msr(&s), 0xC06);
	iom_mtrr_set_deftype_msr(&s, 0x800);
	assert_true(s.enabled);
	assert_false(s.fixed_enabled);
	assert_int_equal(iom_mtrr_deftype_msr(&s), 0x800);
	iom_mtrr_set_deftype_msr(&s, 0x401);
	assert_false(s.enabled);
	assert_true(s.fixed_enabled);
	assert_int_equal(s.def_type, 1);
}

static void test_var_encode(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	/* TV-35: WC [0xE0000000, +16 MiB), phys_bits 36 (generic_set_mtrr() generic.c@v4.2) */
	iom_mtrr_state_init(&s, 36, 8);
	assert_int_equal(iom_mtrr_var_set(&s, 1, 0xE0000000, 16 * MiB, IOM_MT_WC), 0);
	assert_int_equal(s.var[1].physbase, 0x00000000E0000001ULL);
	assert_int_equal(s.var[1].physmask, 0x0000000FFF000800ULL);
	/* TV-36: same range, phys_bits 40 */
	iom_mtrr_state_init(&s, 40, 8);
	assert_int_equal(iom_mtrr_var_set(&s, 0, 0xE0000000, 16 * MiB, IOM_MT_WC), 0);
	assert_int_equal(s.var[0].physmask, 0x000000FFFF000800ULL);
	/* TV-37: UC [0xE07FF000, +4 KiB), phys_bits 36 */
	iom_mtrr_state_init(&s, 36, 8);
	assert_int_equal(iom_mtrr_var_set(&s, 2, 0xE07FF000, 4 * KiB, IOM_MT_UC), 0);
	assert_int_equal(s.var[2].physbase, 0x00000000E07FF000ULL);
	assert_int_equal(s.var[2].physmask, 0x0000000FFFFFF800ULL);
	/* 52-bit width: 1 TiB WB at 1 TiB */
	iom_mtrr_state_init(&s, 52, 8);
	assert_int_equal(iom_mtrr_var_set(&s, 0, 1ULL << 40, 1ULL << 40, IOM_MT_WB), 0);
	assert_int_equal(s.var[0].physbase, (1ULL << 40) | 6);
	assert_int_equal(s.var[0].physmask, 0x000FFF0000000800ULL);
	/* SDM §11.11.4 rule: size >= 4 KiB power of two, base aligned; UC- not encodable */
	assert_int_equal(iom_mtrr_var_set(&s, 1, 0xE0000000, 0xC00000, IOM_MT_WC), -1);
	assert_int_equal(iom_mtrr_var_set(&s, 1, 0xE0400000, 0x800000, IOM_MT_WC), -1);
	assert_int_equal(iom_mtrr_var_set(&s, 1, 0xE0001000, 0x2000, IOM_MT_WC), -1);
	assert_int_equal(iom_mtrr_var_set(&s, 1, 0, 0x800, IOM_MT_WC), -1);
	assert_int_equal(iom_mtrr_var_set(&s, 1, 0, 0, IOM_MT_WC), -1);
	assert_int_equal(iom_mtrr_var_set(&s, 1, 0, 0x1000, IOM_MT_UC_MINUS), -1);
	assert_int_equal(iom_mtrr_var_set(&s, 1, 0, 0x1000, IOM_MT_NONE), -1);
	assert_int_equal(iom_mtrr_var_set(&s, IOM_MTRR_MAX_VAR, 0, 0x1000, IOM_MT_WB), -1);
	assert_int_equal(s.var[1].physmask, 0); /* nothing written on failure */
}

static void test_var_decode_match(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	uint64_t base, size;
	enum iom_mt t;
	bool contig;
	/* TV-38: SDM example, MAXPHYADDR 40: PHYSBASE5 0xA0000001, PHYSMASK5 0xFFFF800800 */
	iom_mtrr_state_init(&s, 40, 8);
	s.var[5].physbase = 0x00000000A0000001ULL;
	s.var[5].physmask = 0x000000FFFF800800ULL;
	assert_true(iom_mtrr_var_get(&s, 5, &base, &size, &t, &contig));
	assert_int_equal(base, 0xA0000000);
	assert_int_equal(size, 8 * MiB);
	assert_int_equal(t, IOM_MT_WC);
	assert_true(contig);
	assert_true(iom_mtrr_var_match(&s, 5, 0xA0000000));
	assert_true(iom_mtrr_var_match(&s, 5, 0xA07FFFFF));
	assert_false(iom_mtrr_var_match(&s, 5, 0xA0800000));
	assert_false(iom_mtrr_var_match(&s, 5, 0x9FFFFFFF));
	/* bits above MAXPHYADDR are not compared */
	assert_true(iom_mtrr_var_match(&s, 5, (1ULL << 40) | 0xA0000000));
	/* TV-39: PHYSBASE 0xE0000001 / PHYSMASK 0xFFF000800, 36 bit */
	iom_mtrr_state_init(&s, 36, 8);
	s.var[0].physbase = 0xE0000001ULL;
	s.var[0].physmask = 0xFFF000800ULL;
	assert_true(iom_mtrr_var_match(&s, 0, 0xE0FFFFFF));
	assert_false(iom_mtrr_var_match(&s, 0, 0xE1000000));
	/* V=0: free, never matches */
	s.var[1].physbase = 0xE0000001ULL;
	s.var[1].physmask = 0xFFF000000ULL;
	assert_false(iom_mtrr_var_get(&s, 1, &base, &size, &t, &contig));
	assert_false(iom_mtrr_var_match(&s, 1, 0xE0000000));
	iom_mtrr_var_clear(&s, 0);
	assert_false(iom_mtrr_var_get(&s, 0, NULL, NULL, NULL, NULL));
	/* reserved type byte (UC- = 7 is reserved in an MTRR, Table 11-8) */
	s.var[2].physbase = 0xE0000007ULL;
	s.var[2].physmask = 0xFFF000800ULL;
	assert_true(iom_mtrr_var_get(&s, 2, NULL, NULL, &t, NULL));
	assert_int_equal(t, IOM_MT_NONE);
	/* mask 0 with V=1: matches every address (size = 2^MAXPHYADDR) */
	s.var[3].physbase = 0x6;
	s.var[3].physmask = 0x800;
	assert_true(iom_mtrr_var_get(&s, 3, &base, &size, &t, &contig));
	assert_int_equal(size, 1ULL << 36);
	assert_true(contig);
	assert_true(iom_mtrr_var_match(&s, 3, 0xFFFFFFFFFULL));
}

static void test_var_noncontiguous(void **st)
{
	(void)st;
	/* SDM §11.11.3: a match is (A & mask) == (base & mask) whatever the mask's shape. A
	 * mask with a hole (bits 24..35 set except bit 28) matches two 16 MiB blocks 256 MiB
	 * apart. var_get reports the lowest block and contiguous=false (memtype.h). */
	struct iom_mtrr_state s;
	iom_mtrr_state_init(&s, 36, 8);
	s.enabled = true;
	s.def_type = 0;
	s.var[0].physbase = 0xE0000000ULL | 1;             /* WC */
	s.var[0].physmask = (0xFFF000000ULL & ~0x10000000ULL) | 0x800;
	uint64_t base, size;
	bool contig = true;
	enum iom_mt t;
	assert_true(iom_mtrr_var_get(&s, 0, &base, &size, &t, &contig));
	assert_false(contig);
	assert_int_equal(size, 16 * MiB);
	assert_int_equal(base, 0xE0000000);
	assert_true(iom_mtrr_var_match(&s, 0, 0xE0000000));
	assert_true(iom_mtrr_var_match(&s, 0, 0xE0FFFFFF));
	assert_false(iom_mtrr_var_match(&s, 0, 0xE1000000));
	assert_true(iom_mtrr_var_match(&s, 0, 0xF0000000)); /* the aliased block */
	assert_true(iom_mtrr_var_match(&s, 0, 0xF0FFF000));
	assert_false(iom_mtrr_var_match(&s, 0, 0xD0000000));
	/* the point lookup follows the hardware rule */
	assert_int_equal(iom_mtrr_type_at(&s, 0xF0001000).type, IOM_MT_WC);
	assert_int_equal(iom_mtrr_type_at(&s, 0xE8000000).type, IOM_MT_UC);
	/* a lower set bit with holes above: bit 12 only -> every other 4 KiB page */
	s.var[1].physbase = 0x1000 | 6;
	s.var[1].physmask = 0x1000 | 0x800;
	assert_true(iom_mtrr_var_get(&s, 1, &base, &size, NULL, &contig));
	assert_false(contig);
	assert_true(iom_mtrr_var_match(&s, 1, 0x3000));
	assert_false(iom_mtrr_var_match(&s, 1, 0x4000));
	/* range resolution: with 23 hole bits (8 M blocks) it is refused, not guessed */
	struct iom_mtrr_piece p[8];
	assert_true(iom_mtrr_resolve(&s, 0xD0000000, 0x100000000ULL, p, N(p)) < 0);
	/* with one hole bit the two blocks are resolved by interval arithmetic */
	s.var[1].physmask = 0;
	long n = iom_mtrr_resolve(&s, 0xD0000000, 0x100000000ULL, p, N(p));
	assert_int_equal(n, 5);
	expect_piece(&p[0], 0xD0000000, 0xE0000000, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	expect_piece(&p[1], 0xE0000000, 0xE1000000, IOM_MT_WC, IOM_MTRR_SRC_VAR);
	expect_piece(&p[2], 0xE1000000, 0xF0000000, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	expect_piece(&p[3], 0xF0000000, 0xF1000000, IOM_MT_WC, IOM_MTRR_SRC_VAR);
	expect_piece(&p[4], 0xF1000000, 0x100000000ULL, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	check_tiling(&s, 0xD0000000, 0x100000000ULL, p, n);
	/* three hole bits (25, 27, 31) over the whole 36-bit space: 8 blocks, all tiled */
	s.var[0].physmask = (0xFFF000000ULL & ~0x8A000000ULL) | 0x800;
	s.var[0].physbase = 0x200000000ULL | 1;
	n = iom_mtrr_resolve(&s, 0, 1ULL << 36, NULL, 0);
	assert_int_equal(n, 2 * 8 + 1);
	struct iom_mtrr_piece q[17];
	assert_int_equal(iom_mtrr_resolve(&s, 0, 1ULL << 36, q, N(q)), 17);
	check_tiling(&s, 0, 1ULL << 36, q, 17);
	for (int i = 1; i < 17; i += 2) {
		assert_int_equal(q[i].type, IOM_MT_WC);
		assert_int_equal(q[i].end - q[i].start, 16 * MiB);
	}
}

/* ---- 5. hardware precedence (XMT-1.3, TV-21..TV-26) ----------------------------- */

static void e0_fixed(struct iom_mtrr_state *s)
{
	/* XMT-5 E0 fixed ranges: 0-0x9FFFF WB, 0xA0000-0xBFFFF UC, 0xC0000-0xFFFFF WP */
	for (unsigned i = 0; i < IOM_MTRR_NR_FIXED; i++) {
		uint64_t a, z;
		iom_mtrr_fixed_range(i, &a, &z);
		s->fixed[i] = a < 0xA0000 ? 6 : a < 0xC0000 ? 0 : 5;
	}
}

/* Environment E0 (XMT-5): 36 bits, 8 vars, E=FE=1, default UC, reg0 WB [0, 2 GiB). */
static void e0(struct iom_mtrr_state *s)
{
	iom_mtrr_state_init(s, 36, 8);
	s->enabled = s->fixed_enabled = true;
	s->def_type = 0;
	e0_fixed(s);
	iom_mtrr_var_set(s, 0, 0, 2 * GiB, IOM_MT_WB);
}

static void test_precedence_e_fe(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0(&s);
	struct iom_mtrr_piece p;
	/* TV-25: E=1 FE=1, 0xA0000 fixed UC, variable WB [0,2G) -> UC (fixed wins < 1 MiB) */
	p = iom_mtrr_type_at(&s, 0xA0000);
	assert_int_equal(p.type, IOM_MT_UC);
	assert_int_equal(p.src, IOM_MTRR_SRC_FIXED);
	assert_int_equal(iom_mtrr_type_at(&s, 0xC8000).type, IOM_MT_WP);
	assert_int_equal(iom_mtrr_type_at(&s, 0x9FFFF).type, IOM_MT_WB);
	/* TV-26: FE=0 -> WB from the variable range */
	s.fixed_enabled = false;
	p = iom_mtrr_type_at(&s, 0xA0000);
	assert_int_equal(p.type, IOM_MT_WB);
	assert_int_equal(p.src, IOM_MTRR_SRC_VAR);
	assert_int_equal(p.var_mask[0], 1);
	/* no FIX support (MTRRCAP bit 8 clear): FE has no effect */
	s.fixed_enabled = true;
	s.fix_supported = false;
	assert_int_equal(iom_mtrr_type_at(&s, 0xA0000).type, IOM_MT_WB);
	s.fix_supported = true;
	/* above 1 MiB the fixed ranges never apply */
	p = iom_mtrr_type_at(&s, 1 * MiB);
	assert_int_equal(p.src, IOM_MTRR_SRC_VAR);
	/* default type where nothing matches */
	p = iom_mtrr_type_at(&s, 2 * GiB);
	assert_int_equal(p.type, IOM_MT_UC);
	assert_int_equal(p.src, IOM_MTRR_SRC_DEFAULT);
	s.def_type = 6;
	assert_int_equal(iom_mtrr_type_at(&s, 2 * GiB).type, IOM_MT_WB);
	/* TV-24: E=0 -> UC for every address, FE ignored */
	s.enabled = false;
	static const uint64_t addrs[] = { 0, 0x9F000, 0xA0000, 0xC0000, 1 * MiB, GiB, 3 * GiB, 0xFFFFFF000ULL };
	for (size_t i = 0; i < N(addrs); i++) {
		p = iom_mtrr_type_at(&s, addrs[i]);
		assert_int_equal(p.type, IOM_MT_UC);
		assert_int_equal(p.src, IOM_MTRR_SRC_DISABLED);
		assert_false(p.undefined);
	}
}

static void test_precedence_overlaps(void **st)
{
	(void)st;
	/* every pair of MTRR types in two overlapping variable ranges, against the oracle;
	 * TV-21 (UC+WC), TV-22 (WB+WT), TV-23 (WB+WC undefined) are among them */
	for (size_t a = 0; a < N(mtrr_types); a++) {
		for (size_t b = 0; b < N(mtrr_types); b++) {
			struct iom_mtrr_state s;
			iom_mtrr_state_init(&s, 36, 8);
			s.enabled = true;
			s.def_type = 6;
			iom_mtrr_var_set(&s, 2, 0x80000000, 256 * MiB, mtrr_types[a]);
			iom_mtrr_var_set(&s, 5, 0x80000000, 16 * MiB, mtrr_types[b]);
			bool undef;
			enum iom_mt want = oracle_overlap((1u << mtrr_types[a]) | (1u << mtrr_types[b]), &undef);
			struct iom_mtrr_piece p = iom_mtrr_type_at(&s, 0x80001000);
			assert_int_equal(p.src, IOM_MTRR_SRC_VAR);
			assert_int_equal(p.var_mask[0], (1u << 2) | (1u << 5));
			if (p.undefined != undef || p.type != want)
				fail_msg("overlap %s+%s: got %s undef=%d", iom_mt_name(mtrr_types[a]),
					 iom_mt_name(mtrr_types[b]), iom_mt_name(p.type), p.undefined);
			if (undef) { /* both types named, in either order */
				unsigned named = (1u << p.undef_a) | (1u << p.undef_b);
				assert_int_equal(named, (1u << mtrr_types[a]) | (1u << mtrr_types[b]));
			}
			/* outside the small register only the big one applies */
			p = iom_mtrr_type_at(&s, 0x81000000);
			assert_int_equal(p.type, mtrr_types[a]);
			assert_int_equal(p.var_mask[0], 1u << 2);
		}
	}
	/* TV-23 explicitly: WB + WC -> undefined, naming WB and WC */
	struct iom_mtrr_state s;
	iom_mtrr_state_init(&s, 36, 8);
	s.enabled = true;
	iom_mtrr_var_set(&s, 0, 0, 4 * GiB, IOM_MT_WB);
	iom_mtrr_var_set(&s, 1, 0x80000000, 256 * MiB, IOM_MT_WC);
	struct iom_mtrr_piece p = iom_mtrr_type_at(&s, 0x80000000);
	assert_true(p.undefined);
	assert_int_equal(p.type, IOM_MT_NONE);
	assert_true((p.undef_a == IOM_MT_WB && p.undef_b == IOM_MT_WC) ||
		    (p.undef_a == IOM_MT_WC && p.undef_b == IOM_MT_WB));
	/* three registers: UC wins over anything (XMT-1.3 "one is UC") */
	iom_mtrr_var_set(&s, 2, 0x80000000, 4 * KiB, IOM_MT_UC);
	p = iom_mtrr_type_at(&s, 0x80000000);
	assert_false(p.undefined);
	assert_int_equal(p.type, IOM_MT_UC);
	/* WB + WT + WT (identical twice) -> WT; WB + WT + WC -> undefined */
	iom_mtrr_var_set(&s, 1, 0x80000000, 256 * MiB, IOM_MT_WT);
	iom_mtrr_var_set(&s, 2, 0x80000000, 4 * KiB, IOM_MT_WT);
	p = iom_mtrr_type_at(&s, 0x80000000);
	assert_false(p.undefined);
	assert_int_equal(p.type, IOM_MT_WT);
	iom_mtrr_var_set(&s, 2, 0x80000000, 4 * KiB, IOM_MT_WC);
	p = iom_mtrr_type_at(&s, 0x80000000);
	assert_true(p.undefined);
	/* identical overlap: WB + WB -> WB */
	iom_mtrr_var_set(&s, 1, 0x80000000, 256 * MiB, IOM_MT_WB);
	iom_mtrr_var_clear(&s, 2);
	p = iom_mtrr_type_at(&s, 0x80000000);
	assert_false(p.undefined);
	assert_int_equal(p.type, IOM_MT_WB);
	/* reserved encodings (2, 3, 7 in an MTRR; Table 11-8) make the type undefined, with
	 * no types to name */
	struct iom_mtrr_state r;
	iom_mtrr_state_init(&r, 36, 8);
	r.enabled = r.fixed_enabled = true;
	r.def_type = 2;
	p = iom_mtrr_type_at(&r, 4 * GiB);
	assert_true(p.undefined);
	assert_int_equal(p.src, IOM_MTRR_SRC_DEFAULT);
	assert_int_equal(p.undef_a, IOM_MT_NONE);
	r.fixed[5] = 3;
	p = iom_mtrr_type_at(&r, 5 * 0x10000);
	assert_true(p.undefined);
	assert_int_equal(p.src, IOM_MTRR_SRC_FIXED);
	r.var[0].physbase = 0x80000007ULL;
	r.var[0].physmask = 0xFF0000800ULL;
	p = iom_mtrr_type_at(&r, 0x80000000);
	assert_true(p.undefined);
	assert_int_equal(p.src, IOM_MTRR_SRC_VAR);
	/* registers at or above VCNT are not looked at */
	iom_mtrr_var_set(&s, 9, 0x80000000, 4 * KiB, IOM_MT_UC);
	assert_int_equal(iom_mtrr_type_at(&s, 0x80000000).type, IOM_MT_WB);
}

/* ---- 6. iom_mtrr_resolve -------------------------------------------------------- */

static void expect_piece(const struct iom_mtrr_piece *p, uint64_t start, uint64_t end,
			 enum iom_mt t, enum iom_mtrr_src src)
{
	if (p->start != start || p->end != end || p->type != t || p->src != src)
		fail_msg("piece [%#llx,%#llx) %s src %d, want [%#llx,%#llx) %s src %d",
			 (unsigned long long)p->start, (unsigned long long)p->end, iom_mt_name(p->type),
			 p->src, (unsigned long long)start, (unsigned long long)end, iom_mt_name(t), src);
}

/* Brute-force oracle over page samples: every piece's type equals type_at at its start,
 * middle and last byte, pieces tile the range, and neighbours differ. */
static void check_tiling(const struct iom_mtrr_state *s, uint64_t start, uint64_t end,
			 const struct iom_mtrr_piece *p, long n)
{
	assert_true(n > 0);
	assert_int_equal(p[0].start, start);
	assert_int_equal(p[n - 1].end, end);
	for (long i = 0; i < n; i++) {
		assert_true(p[i].start < p[i].end);
		if (i)
			assert_int_equal(p[i].start, p[i - 1].end);
		uint64_t probe[3] = { p[i].start, p[i].start + (p[i].end - p[i].start) / 2, p[i].end - 1 };
		for (int j = 0; j < 3; j++) {
			struct iom_mtrr_piece q = iom_mtrr_type_at(s, probe[j]);
			assert_int_equal(q.type, p[i].type);
			assert_int_equal(q.undefined, p[i].undefined);
		}
	}
}

static void test_resolve_e0(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0(&s);
	struct iom_mtrr_piece p[16];
	/* whole 36-bit space: fixed runs merged by type, then reg0, then the default */
	long n = iom_mtrr_resolve(&s, 0, 1ULL << 36, p, N(p));
	assert_int_equal(n, 5);
	expect_piece(&p[0], 0, 0xA0000, IOM_MT_WB, IOM_MTRR_SRC_FIXED);
	expect_piece(&p[1], 0xA0000, 0xC0000, IOM_MT_UC, IOM_MTRR_SRC_FIXED);
	expect_piece(&p[2], 0xC0000, 1 * MiB, IOM_MT_WP, IOM_MTRR_SRC_FIXED);
	expect_piece(&p[3], 1 * MiB, 2 * GiB, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	expect_piece(&p[4], 2 * GiB, 1ULL << 36, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	check_tiling(&s, 0, 1ULL << 36, p, n);
	/* a range spanning fixed area, variable range and default type */
	n = iom_mtrr_resolve(&s, 0x9F000, 0x80001000, p, N(p));
	assert_int_equal(n, 5);
	expect_piece(&p[0], 0x9F000, 0xA0000, IOM_MT_WB, IOM_MTRR_SRC_FIXED);
	expect_piece(&p[3], 1 * MiB, 2 * GiB, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	expect_piece(&p[4], 2 * GiB, 0x80001000, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	/* a range inside one fixed granule and inside one page */
	n = iom_mtrr_resolve(&s, 0xA4000, 0xA4001, p, N(p));
	assert_int_equal(n, 1);
	expect_piece(&p[0], 0xA4000, 0xA4001, IOM_MT_UC, IOM_MTRR_SRC_FIXED);
	/* boundaries exactly at piece edges produce no empty piece */
	n = iom_mtrr_resolve(&s, 1 * MiB, 2 * GiB, p, N(p));
	assert_int_equal(n, 1);
	expect_piece(&p[0], 1 * MiB, 2 * GiB, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	/* start >= end */
	assert_int_equal(iom_mtrr_resolve(&s, 0x1000, 0x1000, p, N(p)), -1);
	assert_int_equal(iom_mtrr_resolve(&s, 0x2000, 0x1000, p, N(p)), -1);
}

static void test_resolve_merging(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	struct iom_mtrr_piece p[16];
	/* FE=0: the 1 MiB boundary and the fixed granules disappear, one variable piece */
	e0(&s);
	s.fixed_enabled = false;
	long n = iom_mtrr_resolve(&s, 0, 2 * GiB, p, N(p));
	assert_int_equal(n, 1);
	expect_piece(&p[0], 0, 2 * GiB, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	/* E=0: one UC piece over everything */
	s.enabled = false;
	n = iom_mtrr_resolve(&s, 0, 1ULL << 36, p, N(p));
	assert_int_equal(n, 1);
	expect_piece(&p[0], 0, 1ULL << 36, IOM_MT_UC, IOM_MTRR_SRC_DISABLED);
	/* all 88 fixed ranges WB, FE=1: one fixed piece, then reg0 */
	e0(&s);
	memset(s.fixed, 6, sizeof(s.fixed));
	n = iom_mtrr_resolve(&s, 0, 4 * MiB, p, N(p));
	assert_int_equal(n, 2);
	expect_piece(&p[0], 0, 1 * MiB, IOM_MT_WB, IOM_MTRR_SRC_FIXED);
	expect_piece(&p[1], 1 * MiB, 4 * MiB, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	/* alternating fixed types give one piece per granule */
	for (unsigned i = 0; i < IOM_MTRR_NR_FIXED; i++)
		s.fixed[i] = (i & 1) ? 0 : 6;
	n = iom_mtrr_resolve(&s, 0, 1 * MiB, p, 0);
	assert_int_equal(n, 88);
	/* overlapping registers: WB [0,4G) with UC [3G,4G) and WC [0xE0000000,16M) inside */
	iom_mtrr_state_init(&s, 36, 8);
	s.enabled = true;
	s.def_type = 0;
	iom_mtrr_var_set(&s, 0, 0, 4 * GiB, IOM_MT_WB);
	iom_mtrr_var_set(&s, 1, 3 * GiB, 1 * GiB, IOM_MT_UC);
	iom_mtrr_var_set(&s, 2, 0xE0000000, 16 * MiB, IOM_MT_WC);
	iom_mtrr_var_set(&s, 3, 0x10000000, 256 * MiB, IOM_MT_WC);
	n = iom_mtrr_resolve(&s, 0, 8 * GiB, p, N(p));
	assert_int_equal(n, 7);
	expect_piece(&p[0], 0, 0x10000000, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	assert_true(p[1].undefined); /* WB + WC */
	assert_int_equal(p[1].start, 0x10000000);
	assert_int_equal(p[1].end, 0x20000000);
	expect_piece(&p[2], 0x20000000, 3 * GiB, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	expect_piece(&p[3], 3 * GiB, 0xE0000000, IOM_MT_UC, IOM_MTRR_SRC_VAR);
	expect_piece(&p[4], 0xE0000000, 0xE1000000, IOM_MT_UC, IOM_MTRR_SRC_VAR);
	assert_int_equal(p[4].var_mask[0], 0x7); /* three registers match there */
	expect_piece(&p[5], 0xE1000000, 4 * GiB, IOM_MT_UC, IOM_MTRR_SRC_VAR);
	expect_piece(&p[6], 4 * GiB, 8 * GiB, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	check_tiling(&s, 0, 8 * GiB, p, n);
}

static void test_resolve_max_contract(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0(&s);
	/* memtype.h: writes at most max pieces, returns the number needed */
	assert_int_equal(iom_mtrr_resolve(&s, 0, 1ULL << 36, NULL, 0), 5);
	struct iom_mtrr_piece p[6];
	memset(p, 0xA5, sizeof(p));
	struct iom_mtrr_piece guard;
	memset(&guard, 0xA5, sizeof(guard));
	assert_int_equal(iom_mtrr_resolve(&s, 0, 1ULL << 36, p, 2), 5);
	expect_piece(&p[0], 0, 0xA0000, IOM_MT_WB, IOM_MTRR_SRC_FIXED);
	expect_piece(&p[1], 0xA0000, 0xC0000, IOM_MT_UC, IOM_MTRR_SRC_FIXED);
	assert_memory_equal(&p[2], &guard, sizeof(guard)); /* nothing beyond max */
	assert_int_equal(iom_mtrr_resolve(&s, 0, 1ULL << 36, p, 5), 5);
	expect_piece(&p[4], 2 * GiB, 1ULL << 36, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	assert_memory_equal(&p[5], &guard, sizeof(guard));
	assert_int_equal(iom_mtrr_resolve(&s, 0, 1ULL << 36, p, 1), 5);
	expect_piece(&p[0], 0, 0xA0000, IOM_MT_WB, IOM_MTRR_SRC_FIXED);
}

static void test_resolve_52bit_and_tib(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	struct iom_mtrr_piece p[8];
	/* whole 52-bit space, WB [1 TiB, 2 TiB), UC default, fixed ranges on */
	iom_mtrr_state_init(&s, 52, 8);
	s.enabled = s.fixed_enabled = true;
	e0_fixed(&s);
	iom_mtrr_var_set(&s, 0, 1ULL << 40, 1ULL << 40, IOM_MT_WB);
	iom_mtrr_var_set(&s, 1, 0, 2 * GiB, IOM_MT_WB);
	long n = iom_mtrr_resolve(&s, 0, 1ULL << 52, p, N(p));
	assert_int_equal(n, 7);
	expect_piece(&p[3], 1 * MiB, 2 * GiB, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	expect_piece(&p[4], 2 * GiB, 1ULL << 40, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	expect_piece(&p[5], 1ULL << 40, 2ULL << 40, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	expect_piece(&p[6], 2ULL << 40, 1ULL << 52, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	check_tiling(&s, 0, 1ULL << 52, p, n);
	/* a 1 TiB range and a 4 KiB range next to it: one piece each, same answers as the
	 * point lookup (interval arithmetic: the size of the range does not matter) */
	n = iom_mtrr_resolve(&s, 1ULL << 40, 2ULL << 40, p, N(p));
	assert_int_equal(n, 1);
	expect_piece(&p[0], 1ULL << 40, 2ULL << 40, IOM_MT_WB, IOM_MTRR_SRC_VAR);
	n = iom_mtrr_resolve(&s, 2ULL << 40, (2ULL << 40) + 4 * KiB, p, N(p));
	assert_int_equal(n, 1);
	expect_piece(&p[0], 2ULL << 40, (2ULL << 40) + 4 * KiB, IOM_MT_UC, IOM_MTRR_SRC_DEFAULT);
	/* 1 TiB straddling the register end: two pieces at the exact boundary */
	n = iom_mtrr_resolve(&s, (3ULL << 39), (5ULL << 39), p, N(p));
	assert_int_equal(n, 2);
	assert_int_equal(p[0].end, 2ULL << 40);
	/* the top of a 64-bit space cannot overflow the end of a register */
	n = iom_mtrr_resolve(&s, (1ULL << 52) - 4 * KiB, 1ULL << 52, p, N(p));
	assert_int_equal(n, 1);
}

/* IA32_MTRRCAP.VCNT is 8 bits: up to 255 variable ranges; registers above 64 use the
 * second word of var_mask and the heap path of the resolver. */
static void test_many_registers(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	iom_mtrr_state_init(&s, 40, 200);
	assert_int_equal(s.vcnt, 200);
	s.enabled = true;
	s.def_type = 0;
	for (unsigned i = 0; i < 200; i++) /* 200 disjoint 1 MiB WB ranges, 2 MiB apart */
		assert_int_equal(iom_mtrr_var_set(&s, i, (uint64_t)i * 2 * MiB, 1 * MiB, IOM_MT_WB), 0);
	struct iom_mtrr_piece pt = iom_mtrr_type_at(&s, 130 * 2 * MiB);
	assert_int_equal(pt.type, IOM_MT_WB);
	assert_int_equal(pt.var_mask[0], 0);
	assert_int_equal(pt.var_mask[2], 1ULL << (130 - 128));
	long n = iom_mtrr_resolve(&s, 0, 1ULL << 40, NULL, 0);
	assert_int_equal(n, 400); /* 200 WB + 199 gaps + the tail */
	static struct iom_mtrr_piece p[400];
	assert_int_equal(iom_mtrr_resolve(&s, 0, 1ULL << 40, p, 400), 400);
	check_tiling(&s, 0, 1ULL << 40, p, 400);
	iom_mtrr_state_init(&s, 40, 1000);
	assert_int_equal(s.vcnt, IOM_MTRR_MAX_VAR); /* clamped */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t11_7_every_cell),
		cmocka_unit_test(test_t11_6_every_cell),
		cmocka_unit_test(test_tv01_15),
		cmocka_unit_test(test_tv16_20),
		cmocka_unit_test(test_names_encodings),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_pat_decode_encode),
		cmocka_unit_test(test_pat_index),
		cmocka_unit_test(test_fixed_all_88),
		cmocka_unit_test(test_tv34),
		cmocka_unit_test(test_deftype_msr),
		cmocka_unit_test(test_var_encode),
		cmocka_unit_test(test_var_decode_match),
		cmocka_unit_test(test_var_noncontiguous),
		cmocka_unit_test(test_precedence_e_fe),
		cmocka_unit_test(test_precedence_overlaps),
		cmocka_unit_test(test_resolve_e0),
		cmocka_unit_test(test_resolve_merging),
		cmocka_unit_test(test_resolve_max_contract),
		cmocka_unit_test(test_resolve_52bit_and_tib),
		cmocka_unit_test(test_many_registers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
