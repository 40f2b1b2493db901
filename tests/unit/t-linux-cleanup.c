// SPDX-License-Identifier: MIT
/* t-linux-cleanup -- the MTRR sanitizer (iom_linux_mtrr_cleanup): test vectors TV-96..TV-99 of
 * XMT-5.7 (8 variable registers, spare 1, no TOM2, FE=1), then cases that
 * pin the search order, the fewest-registers rule, the spare count, the granularity rounding
 * and the preconditions. Source for every expectation: arch/x86/kernel/cpu/mtrr/cleanup.c@v6.12
 * (function named per test); the non-TV expectations were worked by hand from that code and
 * agree with a line-by-line scratch port of it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/linux.h"

#define KiB 0x400ULL
#define MiB 0x100000ULL
#define GiB 0x40000000ULL

struct vr {
	uint64_t base, size;
	enum iom_mt type;
};

/* Firmware state: MAXPHYADDR 36, vcnt registers, E=FE=1, default UC, fixed ranges WB/UC/WP
 * as in environment E0, then the listed variable registers from register 0. */
static void fw(struct iom_mtrr_state *s, unsigned vcnt, const struct vr *r, size_t n)
{
	iom_mtrr_state_init(s, 36, vcnt);
	s->enabled = s->fixed_enabled = true;
	s->def_type = 0;
	for (unsigned i = 0; i < IOM_MTRR_NR_FIXED; i++) {
		uint64_t a, z;
		iom_mtrr_fixed_range(i, &a, &z);
		s->fixed[i] = a < 0xA0000 ? 6 : a < 0xC0000 ? 0 : 5;
	}
	for (size_t i = 0; i < n; i++)
		assert_int_equal(iom_mtrr_var_set(s, (unsigned)i, r[i].base, r[i].size, r[i].type), 0);
}

static struct iom_mtrr_cleanup_result *run(const struct iom_mtrr_state *s,
					   const struct iom_mtrr_cleanup_opts *o)
{
	struct iom_mtrr_cleanup_result *r = malloc(sizeof(*r));
	assert_non_null(r);
	assert_int_equal(iom_linux_mtrr_cleanup(s, o, r), 0);
	return r;
}

/* The new layout, both as the result list and as decoded from the rewritten registers;
 * registers past it must be clear, the rest of the state untouched. */
static void expect_layout(const struct iom_mtrr_state *in, const struct iom_mtrr_cleanup_result *r,
			  const struct vr *want, unsigned n)
{
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_APPLIED);
	assert_int_equal(r->num_reg, n);
	for (unsigned i = 0; i < in->vcnt; i++) {
		uint64_t b, z;
		enum iom_mt t;
		bool c;
		bool used = iom_mtrr_var_get(&r->state, i, &b, &z, &t, &c);
		if (i >= n) {
			assert_false(used);
			continue;
		}
		if (r->layout[i].base != want[i].base || r->layout[i].size != want[i].size ||
		    r->layout[i].type != want[i].type)
			fail_msg("reg %u: got %s [%#llx,+%#llx), want %s [%#llx,+%#llx)", i,
				 iom_mt_name(r->layout[i].type), (unsigned long long)r->layout[i].base,
				 (unsigned long long)r->layout[i].size, iom_mt_name(want[i].type),
				 (unsigned long long)want[i].base, (unsigned long long)want[i].size);
		assert_true(used && c);
		assert_int_equal(b, want[i].base);
		assert_int_equal(z, want[i].size);
		assert_int_equal(t, want[i].type);
	}
	assert_int_equal(r->state.def_type, in->def_type);
	assert_true(r->state.enabled && r->state.fixed_enabled);
	assert_memory_equal(r->state.fixed, in->fixed, sizeof(in->fixed));
}

static void expect_unchanged(const struct iom_mtrr_state *in, const struct iom_mtrr_cleanup_result *r)
{
	assert_memory_equal(&r->state, in, sizeof(*in));
}

/* ---- TV-96..TV-99 (XMT-5.7) -------------------------------------------------------- */

/* TV-96: WB [0,4G), UC [3.5G,4G). Chunks 64K..512M keep [0,3.5G) exact (2G+1G+512M, 3
 * registers); chunk 1G rounds it up to 4G with a 512M UC hole (hole < half: 2 registers),
 * and the fewest registers win (mtrr_search_optimal_index()). First in order: gran 64K,
 * chunk 1G = candidate 14; chunk 2G also gives 2 and must not be the one reported. */
static void test_tv96(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 4 * GiB, IOM_MT_WB },
					  { 0xE0000000, 512 * MiB, IOM_MT_UC } };
	static const struct vr want[] = { { 0, 4 * GiB, IOM_MT_WB },
					  { 0xE0000000, 512 * MiB, IOM_MT_UC } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 2);
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	expect_layout(&s, r, want, 2);
	assert_int_equal(r->covered, 3584 * MiB);
	assert_int_equal(r->gran, 64 * KiB);
	assert_int_equal(r->chunk, 1 * GiB);
	assert_int_equal(r->lose, 0);
	assert_int_equal(r->chosen, 14);
	assert_false(r->pair_tried);
	for (int i = 0; i < 14; i++) { /* chunk 64K..512M: 3 registers, lossless */
		assert_int_equal(r->cand[i].num_reg, 3);
		assert_int_equal(r->cand[i].lose, 0);
		assert_false(r->cand[i].bad);
	}
	assert_int_equal(r->cand[15].num_reg, 2); /* chunk 2G ties and comes later */
	free(r);
}

/* TV-97: WB [0,8G), UC [3G,4G). The covered set [0,3G) + [4G,8G) needs 3 registers at every
 * chunk; the first (gran 64K, chunk 64K) writes it exactly, with no UC register left.
 * (Chunk 2G would also give 3 but keep the UC hole: WB [0,4G), UC [3G,4G), WB [4G,8G).) */
static void test_tv97(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 8 * GiB, IOM_MT_WB }, { 3 * GiB, 1 * GiB, IOM_MT_UC } };
	static const struct vr want[] = { { 0, 2 * GiB, IOM_MT_WB },
					  { 2 * GiB, 1 * GiB, IOM_MT_WB },
					  { 4 * GiB, 4 * GiB, IOM_MT_WB } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 2);
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	expect_layout(&s, r, want, 3);
	assert_int_equal(r->covered, 7 * GiB);
	assert_int_equal(r->gran, 64 * KiB);
	assert_int_equal(r->chunk, 64 * KiB);
	assert_int_equal(r->chosen, 0);
	for (size_t i = 0; i < r->nr_cand; i++)
		if (!r->cand[i].bad && !r->cand[i].lose)
			assert_true(r->cand[i].num_reg >= 3);
	assert_int_equal(r->cand[15].num_reg, 3);
	free(r);
}

/* TV-98: WB [0,2G), WB [2G,3G), WB [3G,3.5G), no UC register: mtrr_need_cleanup() = 0. */
static void test_tv98(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 2 * GiB, IOM_MT_WB },
					  { 2 * GiB, 1 * GiB, IOM_MT_WB },
					  { 3 * GiB, 512 * MiB, IOM_MT_WB } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 3);
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_NO_UC_REG);
	assert_string_equal(iom_mtrr_cleanup_status_name(r->status), "no-uc-register");
	assert_int_equal(r->nr_cand, 0);
	expect_unchanged(&s, r);
	free(r);
}

/* TV-99: the TV-96 layout with default type WB (mtrr_cleanup() reads DEF_TYPE[7:0] first),
 * or with a WC, WT or WP register added (mtrr_need_cleanup(): WB + UC must account for every
 * used register; WP is not excused although x86_get_mtrr_mem_range() treats it like UC). */
static void test_tv99(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 4 * GiB, IOM_MT_WB },
					  { 0xE0000000, 512 * MiB, IOM_MT_UC } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 2);
	s.def_type = 6;
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_DEFAULT_NOT_UC);
	expect_unchanged(&s, r);
	free(r);

	static const enum iom_mt other[] = { IOM_MT_WC, IOM_MT_WT, IOM_MT_WP };
	for (size_t i = 0; i < 3; i++) {
		fw(&s, 8, in_r, 2);
		assert_int_equal(iom_mtrr_var_set(&s, 5, 0xF0000000, 16 * MiB, other[i]), 0);
		r = run(&s, NULL);
		assert_int_equal(r->status, IOM_MTRR_CLEANUP_OTHER_TYPE);
		assert_int_equal(r->reg, 5);
		assert_int_equal(r->nr_cand, 0);
		expect_unchanged(&s, r);
		free(r);
	}
}

/* ---- preconditions ------------------------------------------------------------------- */

/* mtrr_bp_init(): E=0 drops the interface, so mtrr_cleanup() returns at mtrr_enabled().
 * mtrr_need_cleanup() asks for a UC register before looking at other types, so WB + WC
 * without UC reports the missing UC; a reserved encoding (2) counts as another type. */
static void test_preconditions(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 4 * GiB, IOM_MT_WB },
					  { 0xE0000000, 512 * MiB, IOM_MT_UC } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 2);
	s.enabled = false;
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_MTRR_DISABLED);
	free(r);

	static const struct vr wbwc[] = { { 0, 4 * GiB, IOM_MT_WB },
					  { 0xE0000000, 16 * MiB, IOM_MT_WC } };
	fw(&s, 8, wbwc, 2);
	r = run(&s, NULL);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_NO_UC_REG);
	free(r);

	fw(&s, 8, in_r, 2);
	s.var[0].physbase = (s.var[0].physbase & ~0xffULL) | 2;
	r = run(&s, NULL);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_OTHER_TYPE);
	assert_int_equal(r->reg, 0);
	free(r);
}

/* ---- search order and the fewest-registers rule ------------------------------------- */

/* The table is gran-major: gran 64K..2G, for each chunk gran..2G; 16+15+...+1 = 136 rows
 * (mtrr_cleanup() loops, NUM_RESULT). */
static void test_candidate_order(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 4 * GiB, IOM_MT_WB },
					  { 0xE0000000, 512 * MiB, IOM_MT_UC } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 2);
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	assert_int_equal(r->nr_cand, IOM_MTRR_CLEANUP_NR_CAND);
	size_t k = 0;
	for (uint64_t g = 64 * KiB; g <= 2 * GiB; g <<= 1)
		for (uint64_t c = g; c <= 2 * GiB; c <<= 1, k++) {
			assert_int_equal(r->cand[k].gran, g);
			assert_int_equal(r->cand[k].chunk, c);
		}
	assert_int_equal(k, 136);
	assert_int_equal(r->cand[16].gran, 128 * KiB);
	assert_int_equal(r->cand[135].gran, 2 * GiB);
	/* gran 2G, chunk 2G: [0,3.5G) trimmed to 2G (lossy), rounded up to nothing more */
	assert_int_equal(r->cand[135].num_reg, 1);
	assert_int_equal(r->cand[135].lose, 1536 * MiB);
	free(r);
}

/* WB [0,2G), UC [512M,1G): covered [0,512M) + [1G,2G). Chunk 64K writes both spans exactly
 * (2 registers). Chunk 2G also needs 2 but rounds [0,512M) up to 2G, over-reaching the next
 * span by 1G ("second_sizek" in range_to_mtrr_with_hole()) and re-creating the firmware's
 * WB [0,2G) + UC hole. Ascending chunk order must pick the former. */
static void test_chunk_order_picks_first(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 2 * GiB, IOM_MT_WB }, { 512 * MiB, 512 * MiB, IOM_MT_UC } };
	static const struct vr want[] = { { 0, 512 * MiB, IOM_MT_WB }, { 1 * GiB, 1 * GiB, IOM_MT_WB } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 2);
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	expect_layout(&s, r, want, 2);
	assert_int_equal(r->chunk, 64 * KiB);
	assert_int_equal(r->cand[15].num_reg, 2);
	assert_int_equal(r->cand[15].lose, 0);
	free(r);

	/* the same pair given on the command line (gran 64K, chunk 2G) yields the other layout */
	static const struct vr hole[] = { { 0, 2 * GiB, IOM_MT_WB }, { 512 * MiB, 512 * MiB, IOM_MT_UC } };
	struct iom_mtrr_cleanup_opts o;
	iom_mtrr_cleanup_opts_init(&o);
	o.gran_size = 64 * KiB;
	o.chunk_size = 2 * GiB;
	r = run(&s, &o);
	assert_true(r->pair_tried);
	assert_int_equal(r->chosen, -1);
	expect_layout(&s, r, hole, 2);
	free(r);
}

/* WB [0,2G), WB [2G,+64K), UC [3.75G,4G) (outside RAM): covered [0,2G+64K). Gran 64K keeps
 * it exactly in 2 registers; every gran >= 128K rounds the size down to 2G, 1 register but
 * 64K lost. min_loss_pfn[1] is then 64K, not 0, so 1 register never qualifies. */
static void test_lossless_beats_fewer(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 2 * GiB, IOM_MT_WB },
					  { 2 * GiB, 64 * KiB, IOM_MT_WB },
					  { 0xF0000000, 256 * MiB, IOM_MT_UC } };
	static const struct vr want[] = { { 0, 2 * GiB, IOM_MT_WB }, { 2 * GiB, 64 * KiB, IOM_MT_WB } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 3);
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	expect_layout(&s, r, want, 2);
	assert_int_equal(r->chosen, 0);
	assert_int_equal(r->cand[16].num_reg, 1); /* gran 128K */
	assert_int_equal(r->cand[16].lose, 64 * KiB);
	assert_false(r->cand[16].bad);
	free(r);
}

/* WB [0,2G), WB [2G,+4K), UC elsewhere: no gran (>= 64K) keeps the 4K page, so every row
 * loses exactly 4K and the kernel prints the table and "can not find optimal value". */
static void test_no_optimum(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 2 * GiB, IOM_MT_WB },
					  { 2 * GiB, 4 * KiB, IOM_MT_WB },
					  { 0xF0000000, 256 * MiB, IOM_MT_UC } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 3);
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_NO_OPTIMUM);
	assert_int_equal(r->chosen, -1);
	assert_int_equal(r->nr_cand, 136);
	for (size_t i = 0; i < r->nr_cand; i++) {
		assert_int_equal(r->cand[i].lose, 4 * KiB);
		assert_false(r->cand[i].bad);
	}
	expect_unchanged(&s, r);
	free(r);
}

/* A hole of exactly half the rounded block is refused ("less than half"): WB [0,2G), UC
 * [1G,2G) leaves [0,1G); chunk 2G would round it to 2G with a 1G hole, so the block shrinks
 * by a chunk to nothing and [0,1G) is written as is. Every row with gran <= 1G: 1 register,
 * lossless; gran 2G trims the block to nothing (0 registers, 1G lost). */
static void test_hole_half(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 2 * GiB, IOM_MT_WB }, { 1 * GiB, 1 * GiB, IOM_MT_UC } };
	static const struct vr want[] = { { 0, 1 * GiB, IOM_MT_WB } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 2);
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	expect_layout(&s, r, want, 1);
	for (size_t i = 0; i < 135; i++) {
		assert_int_equal(r->cand[i].num_reg, 1);
		assert_int_equal(r->cand[i].lose, 0);
	}
	assert_int_equal(r->cand[135].num_reg, 0);
	assert_int_equal(r->cand[135].lose, 1 * GiB);
	free(r);
}

/* Same amount, different RAM is bad (the memcmp() in mtrr_calc_range_state()). FE=0, WB
 * [0,4G), UC [512K,+256K), UC [4G-256K,+256K): covered [0,512K) + [768K,4G-256K). Spans
 * starting at or below 1 MiB always fuse, so every layout also caches [512K,768K); with gran
 * 512K the end is trimmed by 256K, the totals match, and the rows still may not count as
 * lossless. Nothing qualifies. */
static void test_same_total_other_ram(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 4 * GiB, IOM_MT_WB },
					  { 512 * KiB, 256 * KiB, IOM_MT_UC },
					  { 4 * GiB - 256 * KiB, 256 * KiB, IOM_MT_UC } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 3);
	s.fixed_enabled = false;
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_NO_OPTIMUM);
	assert_int_equal(r->covered, 4 * GiB - 512 * KiB);
	assert_int_equal(r->cand[46].gran, 512 * KiB);
	assert_int_equal(r->cand[46].chunk, 1 * MiB);
	assert_int_equal(r->cand[46].num_reg, 2);
	assert_int_equal(r->cand[46].lose, 0);
	assert_true(r->cand[46].bad);
	free(r);
}

/* ---- spare registers (mtrr_search_optimal_index()) ----------------------------------- */

/* TV-97 needs 3 registers. With 4: spare 1 leaves 3 (applied), spare 2 leaves 2 (none);
 * spare 0 on 3 registers allows all 3. A spare count >= vcnt is clamped to vcnt - 1, so a
 * one-register layout still goes through. */
static void test_spare(void **st)
{
	(void)st;
	static const struct vr tv97[] = { { 0, 8 * GiB, IOM_MT_WB }, { 3 * GiB, 1 * GiB, IOM_MT_UC } };
	struct iom_mtrr_state s;
	struct iom_mtrr_cleanup_opts o;
	iom_mtrr_cleanup_opts_init(&o);
	assert_int_equal(o.spare, 1);

	fw(&s, 4, tv97, 2);
	struct iom_mtrr_cleanup_result *r = run(&s, &o);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_APPLIED);
	assert_int_equal(r->num_reg, 3);
	free(r);

	o.spare = 2;
	r = run(&s, &o);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_NO_OPTIMUM);
	expect_unchanged(&s, r);
	free(r);

	fw(&s, 3, tv97, 2);
	o.spare = 1;
	r = run(&s, &o);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_NO_OPTIMUM);
	free(r);
	o.spare = 0;
	r = run(&s, &o);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_APPLIED);
	assert_int_equal(r->num_reg, 3);
	free(r);

	static const struct vr one[] = { { 0, 2 * GiB, IOM_MT_WB }, { 3 * GiB, 1 * GiB, IOM_MT_UC } };
	static const struct vr want[] = { { 0, 2 * GiB, IOM_MT_WB } };
	fw(&s, 8, one, 2);
	o.spare = 9;
	r = run(&s, &o);
	expect_layout(&s, r, want, 1);
	free(r);
}

/* ---- granularity rounding (range_to_mtrr_with_hole()) -------------------------------- */

/* WB [16M,+256K) with UC [16M,+64K): covered [0,1M) + [16M+64K,16M+256K). Given gran 128K
 * (chunk default 256M): the block's size loses the 64K up to the next 128K boundary and
 * stays a multiple of 128K, but its start is not moved, so [16M+64K,16M+192K) is kept
 * (two 64K registers) and the last 64K is lost. A given pair is applied although lossy.
 * The search instead finds gran 64K exact: 64K + 128K. */
static void test_gran_trim_keeps_start(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 16 * MiB, 256 * KiB, IOM_MT_WB },
					  { 16 * MiB, 64 * KiB, IOM_MT_UC } };
	static const struct vr lossy[] = { { 0, 1 * MiB, IOM_MT_WB },
					   { 16 * MiB + 64 * KiB, 64 * KiB, IOM_MT_WB },
					   { 16 * MiB + 128 * KiB, 64 * KiB, IOM_MT_WB } };
	static const struct vr exact[] = { { 0, 1 * MiB, IOM_MT_WB },
					   { 16 * MiB + 64 * KiB, 64 * KiB, IOM_MT_WB },
					   { 16 * MiB + 128 * KiB, 128 * KiB, IOM_MT_WB } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 2);
	struct iom_mtrr_cleanup_opts o;
	iom_mtrr_cleanup_opts_init(&o);
	o.gran_size = 128 * KiB;
	struct iom_mtrr_cleanup_result *r = run(&s, &o);
	assert_int_equal(r->covered, 1 * MiB + 192 * KiB);
	assert_true(r->pair_tried);
	assert_false(r->pair.bad);
	assert_int_equal(r->pair.chunk, 256 * MiB);
	assert_int_equal(r->nr_cand, 0);
	expect_layout(&s, r, lossy, 3);
	assert_int_equal(r->lose, 64 * KiB);
	free(r);

	r = run(&s, NULL);
	expect_layout(&s, r, exact, 3);
	assert_int_equal(r->lose, 0);
	free(r);
}

/* A block whose gran-aligned start passes the next span's start is dropped whole: WB
 * [16M,+1M) less UC [16M,+64K) and UC [16M+256K,+256K) leaves [16M+64K,16M+256K) and
 * [16M+512K,17M); gran 1M aligns the first to 17M > 16M+512K (dropped), and the second's
 * size trims to 0. Only [0,1M) stays: 704K lost. */
static void test_gran_drops_block(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 16 * MiB, 1 * MiB, IOM_MT_WB },
					  { 16 * MiB, 64 * KiB, IOM_MT_UC },
					  { 16 * MiB + 256 * KiB, 256 * KiB, IOM_MT_UC } };
	static const struct vr want[] = { { 0, 1 * MiB, IOM_MT_WB } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 3);
	struct iom_mtrr_cleanup_opts o;
	iom_mtrr_cleanup_opts_init(&o);
	o.gran_size = 1 * MiB;
	struct iom_mtrr_cleanup_result *r = run(&s, &o);
	expect_layout(&s, r, want, 1);
	assert_int_equal(r->lose, 704 * KiB);
	free(r);
}

/* ---- UC under 1 MiB, TOM2, options ---------------------------------------------------- */

/* x86_get_mtrr_mem_range(): with FE=1 a UC register wholly below 1 MiB is skipped (and
 * flagged as the "BIOS bug" warning), so WB [0,4G) stays one register. With FE=0 it is
 * subtracted, but set_var_mtrr_range() folds any span starting at or below 1 MiB into a
 * block from 0, so every layout covers [0,512K) too: all 136 rows bad, no optimum. */
static void test_uc_below_1m(void **st)
{
	(void)st;
	static const struct vr in_r[] = { { 0, 4 * GiB, IOM_MT_WB }, { 0, 512 * KiB, IOM_MT_UC } };
	static const struct vr want[] = { { 0, 4 * GiB, IOM_MT_WB } };
	struct iom_mtrr_state s;
	fw(&s, 8, in_r, 2);
	struct iom_mtrr_cleanup_result *r = run(&s, NULL);
	expect_layout(&s, r, want, 1);
	assert_int_equal(r->uc_below_1m[0], 2);
	free(r);

	s.fixed_enabled = false;
	r = run(&s, NULL);
	assert_int_equal(r->status, IOM_MTRR_CLEANUP_NO_OPTIMUM);
	assert_int_equal(r->uc_below_1m[0], 0);
	assert_int_equal(r->covered, 4 * GiB - 512 * KiB);
	for (size_t i = 0; i < r->nr_cand; i++) {
		assert_true(r->cand[i].bad);
		assert_int_equal(r->cand[i].lose, 512 * KiB);
	}
	free(r);
}

/* mtrr_cleanup(): on AMD with TOM2, [4G,TOM2) is taken out of the RAM to cover, so TV-97's
 * [4G,8G) needs no register: WB 2G + 1G. */
static void test_tom2(void **st)
{
	(void)st;
	static const struct vr tv97[] = { { 0, 8 * GiB, IOM_MT_WB }, { 3 * GiB, 1 * GiB, IOM_MT_UC } };
	static const struct vr want[] = { { 0, 2 * GiB, IOM_MT_WB }, { 2 * GiB, 1 * GiB, IOM_MT_WB } };
	struct iom_mtrr_state s;
	fw(&s, 8, tv97, 2);
	struct iom_mtrr_cleanup_opts o;
	iom_mtrr_cleanup_opts_init(&o);
	o.tom2 = 8 * GiB;
	struct iom_mtrr_cleanup_result *r = run(&s, &o);
	expect_layout(&s, r, want, 2);
	assert_int_equal(r->covered, 3 * GiB);
	free(r);
}

/* Options the model refuses (the kernel's ALIGN() only works for powers of two). */
static void test_bad_options(void **st)
{
	(void)st;
	static const struct vr tv97[] = { { 0, 8 * GiB, IOM_MT_WB }, { 3 * GiB, 1 * GiB, IOM_MT_UC } };
	struct iom_mtrr_state s;
	fw(&s, 8, tv97, 2);
	struct iom_mtrr_cleanup_result *r = malloc(sizeof(*r));
	assert_non_null(r);
	struct iom_mtrr_cleanup_opts o;
	iom_mtrr_cleanup_opts_init(&o);
	o.gran_size = 3 * MiB;
	assert_int_equal(iom_linux_mtrr_cleanup(&s, &o, r), -1);
	o.gran_size = 2 * KiB;
	assert_int_equal(iom_linux_mtrr_cleanup(&s, &o, r), -1);
	o.gran_size = 1 * MiB;
	o.chunk_size = 96 * MiB;
	assert_int_equal(iom_linux_mtrr_cleanup(&s, &o, r), -1);
	iom_mtrr_cleanup_opts_init(&o);
	o.tom2 = 2 * GiB;
	assert_int_equal(iom_linux_mtrr_cleanup(&s, &o, r), -1);
	assert_string_equal(iom_mtrr_cleanup_status_name(IOM_MTRR_CLEANUP_APPLIED), "applied");
	assert_string_equal(iom_mtrr_cleanup_status_name((enum iom_mtrr_cleanup_status)99), "?");
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tv96),
		cmocka_unit_test(test_tv97),
		cmocka_unit_test(test_tv98),
		cmocka_unit_test(test_tv99),
		cmocka_unit_test(test_preconditions),
		cmocka_unit_test(test_candidate_order),
		cmocka_unit_test(test_chunk_order_picks_first),
		cmocka_unit_test(test_lossless_beats_fewer),
		cmocka_unit_test(test_no_optimum),
		cmocka_unit_test(test_hole_half),
		cmocka_unit_test(test_same_total_other_ram),
		cmocka_unit_test(test_spare),
		cmocka_unit_test(test_gran_trim_keeps_start),
		cmocka_unit_test(test_gran_drops_block),
		cmocka_unit_test(test_uc_below_1m),
		cmocka_unit_test(test_tom2),
		cmocka_unit_test(test_bad_options),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
