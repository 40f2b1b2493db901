// SPDX-License-Identifier: MIT
/* iomodel -- Linux's MTRR sanitizer ("mtrr cleanup"), a pure function of the variable
 * registers and the boot options (XMT-3.6, test vectors TV-96..TV-99).
 *
 * Written from a reading of arch/x86/kernel/cpu/mtrr/cleanup.c@v6.12: mtrr_cleanup(),
 * mtrr_need_cleanup(), x86_get_mtrr_mem_range(), mtrr_calc_range_state(),
 * x86_setup_var_mtrrs(), set_var_mtrr_range(), range_to_mtrr_with_hole(), range_to_mtrr(),
 * set_var_mtrr() and mtrr_search_optimal_index(); kernel/range.c@v6.12
 * (add_range_with_merge(), subtract_range(), clean_sort_range()); generic.c@v6.12
 * generic_get_mtrr() for how a register is read back; mtrr.c@v6.12 mtrr_bp_init() for when
 * it runs. The kernel works in pages for the covered set and in KiB for the new layout;
 * so does this file, because the trimming arithmetic below depends on unsigned wrap-around
 * in those units. */
#include <string.h>
#include "internal.h"
#include "iomodel/linux.h"

#define T_UC 0u                 /* MTRR encodings                                        */
#define T_WP 5u
#define T_WB 6u
#define T_LIMIT 7u              /* MTRR_NUM_TYPES: encodings >= this are not counted      */
#define MSR_V 0x800ULL
#define MIB_PAGES 256ULL        /* 1 MiB in 4 KiB pages                                  */
#define MIB_KIB 1024ULL
#define FOUR_GIB_PAGES 0x100000ULL
#define DEFAULT_CHUNK (256ULL << 20)
#define MAX_SIZE (1ULL << 52)
/* Spans in a covered set: at most one per WB register plus [0, 1 MiB), plus one split per
 * UC register and one for TOM2. (The kernel has 256 slots; it cannot run out with
 * VCNT <= 255 and no TOM2, which covers every real CPU.) */
#define MAX_SPANS (2 * IOM_MTRR_MAX_VAR + 4)

/* ---- covered sets: sorted, disjoint, non-touching [lo, hi) page spans ---------------- */

struct span {
	uint64_t lo, hi;
};
struct spanset {
	size_t n;
	struct span s[MAX_SPANS];
};

/* Union with [lo, hi); spans that overlap or merely touch it fuse, as in
 * add_range_with_merge(). */
static void set_add(struct spanset *a, uint64_t lo, uint64_t hi)
{
	if (lo >= hi)
		return;
	size_t i = 0, j;
	while (i < a->n && a->s[i].hi < lo)
		i++;
	j = i;
	while (j < a->n && a->s[j].lo <= hi) {
		if (a->s[j].lo < lo)
			lo = a->s[j].lo;
		if (a->s[j].hi > hi)
			hi = a->s[j].hi;
		j++;
	}
	/* spans i..j-1 are replaced by one */
	if (j == i) {
		if (a->n == MAX_SPANS)
			return;
		memmove(&a->s[i + 1], &a->s[i], (a->n - i) * sizeof(a->s[0]));
		a->n++;
	} else if (j > i + 1) {
		memmove(&a->s[i + 1], &a->s[j], (a->n - j) * sizeof(a->s[0]));
		a->n -= j - i - 1;
	}
	a->s[i].lo = lo;
	a->s[i].hi = hi;
}

/* Remove [lo, hi) (subtract_range()); a span strictly containing it splits in two. */
static void set_sub(struct spanset *a, uint64_t lo, uint64_t hi)
{
	if (lo >= hi)
		return;
	struct span keep[MAX_SPANS];
	size_t k = 0;
	for (size_t i = 0; i < a->n; i++) {
		struct span x = a->s[i];
		if (x.hi <= lo || x.lo >= hi) {
			keep[k++] = x;
			continue;
		}
		if (x.lo < lo && k < MAX_SPANS)
			keep[k++] = (struct span){ x.lo, lo };
		if (x.hi > hi && k < MAX_SPANS)
			keep[k++] = (struct span){ hi, x.hi };
	}
	memcpy(a->s, keep, k * sizeof(keep[0]));
	a->n = k;
}

static uint64_t set_pages(const struct spanset *a)
{
	uint64_t t = 0;
	for (size_t i = 0; i < a->n; i++)
		t += a->s[i].hi - a->s[i].lo;
	return t;
}

static bool set_equal(const struct spanset *a, const struct spanset *b)
{
	return a->n == b->n && !memcmp(a->s, b->s, a->n * sizeof(a->s[0]));
}

/* ---- registers ---------------------------------------------------------------------- */

struct preg {                   /* a variable register as the kernel reads it, in pages  */
	uint64_t base, size;    /* size 0: register free                                  */
	unsigned type;          /* raw encoding, 0 when free                              */
};

/* generic_get_mtrr(): a free register reads as base 0, size 0, type 0. The size is the
 * two's complement of the mask after every bit above the mask's top set bit is forced
 * to 1 (the "incorrect mask, fixing it" case); the base keeps all its bits. */
static struct preg read_reg(const struct iom_mtrr_state *s, unsigned i)
{
	struct preg r = { 0, 0, 0 };
	if (!(s->var[i].physmask & MSR_V))
		return r;
	unsigned pb = s->phys_bits ? s->phys_bits : 36;
	uint64_t m = s->var[i].physmask & ~0xfffULL;
	uint64_t mask;
	if (m)
		mask = m | (~0ULL << (63 - __builtin_clzll(m)));
	else
		mask = pb >= 64 ? 0 : ~0ULL << pb;
	r.size = (0 - mask) >> 12;
	r.base = s->var[i].physbase >> 12;
	r.type = (unsigned)(s->var[i].physbase & 0xff);
	return r;
}

struct env {                    /* what stays fixed across trials                         */
	unsigned vcnt;
	bool clip_low_uc;       /* fixed ranges present and enabled (FE=1, E=1)           */
	uint64_t x_lo, x_hi;    /* [4 GiB, TOM2) in pages, empty without TOM2             */
};

/* x86_get_mtrr_mem_range(): the WB registers' union, minus every UC or WP register (one
 * starting below 1 MiB is clipped to start at 1 MiB when fixed ranges apply, and noted in
 * warn when given), minus [4 GiB, TOM2). */
static void covered_by(const struct env *e, const struct preg *r, unsigned n, struct spanset *a,
		       uint64_t *warn)
{
	for (unsigned i = 0; i < n; i++)
		if (r[i].type == T_WB)
			set_add(a, r[i].base, r[i].base + r[i].size);
	for (unsigned i = 0; i < n; i++) {
		if ((r[i].type != T_UC && r[i].type != T_WP) || !r[i].size)
			continue;
		uint64_t lo = r[i].base, hi = r[i].base + r[i].size;
		if (lo < MIB_PAGES && e->clip_low_uc) {
			if (warn)
				warn[i / 64] |= 1ULL << (i % 64);
			if (hi <= MIB_PAGES)
				continue;
			lo = MIB_PAGES;
		}
		set_sub(a, lo, hi);
	}
	set_sub(a, e->x_lo, e->x_hi);
}

/* ---- one trial: the covered set re-expressed as registers (KiB units) ---------------- */

struct kreg {
	uint64_t base, size;    /* KiB                                                     */
	unsigned type;
};

struct planner {
	uint64_t startk, sizek; /* the block being accumulated                             */
	uint64_t chunk, gran;   /* KiB                                                     */
	unsigned n, max;
	struct kreg r[IOM_MTRR_MAX_VAR];
};

static uint64_t round_up(uint64_t x, uint64_t a) /* the kernel's ALIGN(), wrapping */
{
	return (x + a - 1) & ~(a - 1);
}

/* range_to_mtrr(): cover [startk, startk + sizek) from its start with the largest block
 * that both fits the rest and is aligned to the current address; stop when the registers
 * run out. */
static void emit(struct planner *p, uint64_t startk, uint64_t sizek, unsigned type)
{
	while (sizek && p->n < p->max) {
		unsigned order = 63 - (unsigned)__builtin_clzll(sizek);
		if (startk && (unsigned)__builtin_ctzll(startk) < order)
			order = (unsigned)__builtin_ctzll(startk);
		uint64_t blk = 1ULL << order;
		p->r[p->n++] = (struct kreg){ startk, blk, type };
		startk += blk;
		sizek -= blk;
	}
}

/* range_to_mtrr_with_hole(): write out the accumulated block, given the next covered span
 * [nextk, nextk + next_sizek) (both 0 after the last one). Returns how much of the next
 * span the block's WB register already covers ("second_sizek"). */
static uint64_t flush(struct planner *p, uint64_t nextk, uint64_t next_sizek)
{
	/* Granularity. The size loses the distance from the start to the next gran boundary,
	 * but the start itself is not moved; then the size is rounded down to a multiple of
	 * gran. A block whose aligned start passes the next span's start is dropped; so is one
	 * whose size would drop to nothing or wrap below zero (which the first case implies,
	 * since the next span starts after the block ends). */
	uint64_t astart = round_up(p->startk, p->gran);
	if (nextk && astart > nextk)
		return 0;
	p->sizek -= astart - p->startk;
	uint64_t sz = round_up(p->sizek, p->gran);
	if (sz > p->sizek) {
		sz -= p->gran;
		if (!sz)
			return 0;
	}
	p->sizek = sz;

	/* Chunk: round the size up to a multiple of chunk; a block already a multiple is
	 * written as it is. */
	uint64_t big = round_up(p->sizek, p->chunk);
	if (big == p->sizek) {
		emit(p, p->startk, p->sizek, T_WB);
		return 0;
	}
	/* Not the last block: the rounded block may not run past the end of the next span. */
	if (next_sizek) {
		while (p->startk + big > nextk + next_sizek) {
			big = big >= p->chunk ? big - p->chunk : 0;
			if (!big)
				break;
		}
	}
	uint64_t carry, hole;
	for (;;) {
		uint64_t end = p->startk + big;
		carry = end > nextk && end <= nextk + next_sizek ? end - nextk : 0;
		hole = 0;
		if (big > p->sizek) {
			hole = big - p->sizek - carry;
			/* a UC hole must stay under half of the rounded block, else shrink by a chunk */
			if (hole >= big / 2 && big >= p->chunk) {
				big -= p->chunk;
				continue;
			}
		}
		break;
	}
	uint64_t end = p->startk + big;
	if (big)
		emit(p, p->startk, big, T_WB);
	if (big < p->sizek)
		emit(p, end, p->sizek - big, T_WB);         /* what the shrunk block left over */
	if (hole)
		emit(p, end - hole - carry, hole, T_UC);
	return carry;
}

/* set_var_mtrr_range(): spans touching the block, or starting at or below 1 MiB, extend
 * it; otherwise the block is written and the span (less what was carried) starts anew. */
static void feed(struct planner *p, uint64_t basek, uint64_t sizek)
{
	if (p->n >= p->max)
		return;
	if (basek <= MIB_KIB || p->startk + p->sizek == basek) {
		p->sizek = basek + sizek - p->startk;
		return;
	}
	uint64_t carry = p->sizek ? flush(p, basek, sizek) : 0;
	p->startk = basek + carry;
	p->sizek = sizek - carry;
}

/* x86_setup_var_mtrrs(). */
static void plan(const struct env *e, const struct spanset *ram, uint64_t chunk, uint64_t gran,
		 struct planner *p)
{
	memset(p, 0, sizeof(*p));
	p->chunk = chunk >> 10;
	p->gran = gran >> 10;
	p->max = e->vcnt;
	for (size_t i = 0; i < ram->n; i++)
		feed(p, ram->s[i].lo << 2, (ram->s[i].hi - ram->s[i].lo) << 2);
	if (p->sizek)
		flush(p, 0, 0);
}

/* mtrr_calc_range_state(): plan, read the plan back as registers, compare coverage. */
static void trial(const struct env *e, const struct spanset *ram, uint64_t ram_pages,
		  uint64_t chunk, uint64_t gran, struct iom_mtrr_cleanup_cand *c, struct planner *p)
{
	struct spanset now;
	struct preg r[IOM_MTRR_MAX_VAR];

	plan(e, ram, chunk, gran, p);
	for (unsigned i = 0; i < p->n; i++)
		r[i] = (struct preg){ p->r[i].base >> 2, p->r[i].size >> 2, p->r[i].type };
	now.n = 0;
	covered_by(e, r, p->n, &now, NULL);
	uint64_t now_pages = set_pages(&now);

	memset(c, 0, sizeof(*c));
	c->gran = gran;
	c->chunk = chunk;
	c->num_reg = p->n;
	if (now_pages > ram_pages) {
		c->bad = true;
		c->lose = (now_pages - ram_pages) << 12;
	} else {
		c->lose = (ram_pages - now_pages) << 12;
		if (!c->lose && !set_equal(&now, ram))
			c->bad = true;
	}
}

/* ---- the entry point ---------------------------------------------------------------- */

void iom_mtrr_cleanup_opts_init(struct iom_mtrr_cleanup_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->spare = 1;   /* CONFIG_MTRR_SANITIZER_SPARE_REG_NR_DEFAULT */
}

const char *iom_mtrr_cleanup_status_name(enum iom_mtrr_cleanup_status s)
{
	static const char *const names[] = { "applied", "no-optimum", "mtrr-disabled",
					     "default-not-uc", "no-uc-register", "other-type" };
	return (unsigned)s < ARRAY_SIZE(names) ? names[s] : "?";
}

static bool size_ok(uint64_t v)
{
	return v >= 0x1000 && v <= MAX_SIZE && !(v & (v - 1));
}

/* set_var_mtrr_all() via set_var_mtrr(): PHYSBASE = base | type, PHYSMASK = the size's
 * mask within MAXPHYADDR | V; registers past the plan are cleared. */
static void apply(const struct planner *p, const struct iom_mtrr_cleanup_cand *c,
		  struct iom_mtrr_cleanup_result *out)
{
	unsigned pb = out->state.phys_bits ? out->state.phys_bits : 36;
	uint64_t am = pb >= 64 ? ~0ULL : (1ULL << pb) - 1;
	for (unsigned i = 0; i < out->state.vcnt; i++) {
		struct iom_mtrr_var *v = &out->state.var[i];
		if (i >= p->n) {
			v->physbase = v->physmask = 0;
			continue;
		}
		uint64_t base = p->r[i].base << 10, size = p->r[i].size << 10;
		v->physbase = base | p->r[i].type;
		v->physmask = (am & ~(size - 1)) | MSR_V;
		out->layout[i] = (struct iom_mtrr_cleanup_reg){
			base, size, p->r[i].type == T_WB ? IOM_MT_WB : IOM_MT_UC };
	}
	out->status = IOM_MTRR_CLEANUP_APPLIED;
	out->gran = c->gran;
	out->chunk = c->chunk;
	out->num_reg = p->n;
	out->lose = c->lose;
}

int iom_linux_mtrr_cleanup(const struct iom_mtrr_state *in, const struct iom_mtrr_cleanup_opts *o,
			   struct iom_mtrr_cleanup_result *out)
{
	struct iom_mtrr_cleanup_opts def;
	if (!o) {
		iom_mtrr_cleanup_opts_init(&def);
		o = &def;
	}
	uint64_t chunk_opt = o->chunk_size ? o->chunk_size : DEFAULT_CHUNK;
	if ((o->gran_size && (!size_ok(o->gran_size) || !size_ok(chunk_opt))) ||
	    (o->chunk_size && !size_ok(o->chunk_size)) ||
	    (o->tom2 && (o->tom2 < (FOUR_GIB_PAGES << 12) || (o->tom2 & 0xfff))))
		return -1;

	memset(out, 0, sizeof(*out));
	out->state = *in;
	out->reg = -1;
	out->chosen = -1;

	/* mtrr_bp_init(): with E=0 the interface is dropped and the cleanup never called. */
	if (!in->enabled) {
		out->status = IOM_MTRR_CLEANUP_MTRR_DISABLED;
		return 0;
	}
	/* mtrr_cleanup(): the default type, read from DEF_TYPE[7:0]. */
	if (in->def_type != T_UC) {
		out->status = IOM_MTRR_CLEANUP_DEFAULT_NOT_UC;
		return 0;
	}
	struct env e = { .vcnt = in->vcnt, .clip_low_uc = in->fix_supported && in->fixed_enabled };
	if (o->tom2) {
		e.x_lo = FOUR_GIB_PAGES;
		e.x_hi = o->tom2 >> 12;
	}
	struct preg r[IOM_MTRR_MAX_VAR];
	for (unsigned i = 0; i < e.vcnt; i++)
		r[i] = read_reg(in, i);

	/* mtrr_need_cleanup(): at least one UC register, and every used register WB or UC.
	 * Encodings 7 and up are not counted at all, so they fail the second test as well. */
	unsigned nuc = 0, nwb = 0, nfree = 0;
	int other = -1;
	for (unsigned i = 0; i < e.vcnt; i++) {
		if (!r[i].size)
			nfree++;
		else if (r[i].type == T_UC)
			nuc++;
		else if (r[i].type == T_WB)
			nwb++;
		else if (other < 0)
			other = (int)i;
	}
	if (!nuc) {
		out->status = IOM_MTRR_CLEANUP_NO_UC_REG;
		return 0;
	}
	if (nuc + nwb != e.vcnt - nfree) {
		out->status = IOM_MTRR_CLEANUP_OTHER_TYPE;
		out->reg = other;
		return 0;
	}

	/* The RAM to keep WB: [0, 1 MiB) always, plus what the registers say. */
	struct spanset ram;
	ram.n = 0;
	set_add(&ram, 0, MIB_PAGES);
	covered_by(&e, r, e.vcnt, &ram, out->uc_below_1m);
	uint64_t ram_pages = set_pages(&ram);
	out->covered = ram_pages << 12;

	struct planner pl;

	/* Both sizes given: try that pair first and keep it unless it is bad, even if lossy. */
	if (o->gran_size) {
		out->pair_tried = true;
		trial(&e, &ram, ram_pages, chunk_opt, o->gran_size, &out->pair, &pl);
		if (!out->pair.bad) {
			apply(&pl, &out->pair, out);
			return 0;
		}
	}

	/* Every gran 64K..2G, and for each every chunk gran..2G. For each register count, the
	 * smallest loss among the results that are not bad. */
	uint64_t best[IOM_MTRR_MAX_VAR + 1];
	memset(best, 0xff, sizeof(best));
	size_t k = 0;
	for (uint64_t gran = 1ULL << 16; gran < 1ULL << 32; gran <<= 1)
		for (uint64_t chunk = gran; chunk < 1ULL << 32; chunk <<= 1, k++) {
			struct iom_mtrr_cleanup_cand *c = &out->cand[k];
			trial(&e, &ram, ram_pages, chunk, gran, c, &pl);
			if (!c->bad && c->lose < best[c->num_reg])
				best[c->num_reg] = c->lose;
		}
	out->nr_cand = k;

	/* mtrr_search_optimal_index(): the fewest registers, at most vcnt - spare and at least
	 * one, for which some result loses nothing; then the first such result in order. */
	unsigned spare = o->spare >= e.vcnt ? e.vcnt - 1 : o->spare;
	unsigned want = 0;
	for (unsigned n = 1; n <= e.vcnt - spare && !want; n++)
		if (best[n] == 0)
			want = n;
	if (want) {
		for (size_t i = 0; i < k; i++) {
			const struct iom_mtrr_cleanup_cand *c = &out->cand[i];
			if (!c->bad && c->num_reg == want && !c->lose) {
				out->chosen = (int)i;
				break;
			}
		}
	}
	if (out->chosen < 0) {
		out->status = IOM_MTRR_CLEANUP_NO_OPTIMUM;
		return 0;
	}
	const struct iom_mtrr_cleanup_cand *c = &out->cand[out->chosen];
	plan(&e, &ram, c->chunk, c->gran, &pl);
	apply(&pl, c, out);
	return 0;
}
