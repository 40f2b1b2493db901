// SPDX-License-Identifier: MIT
/* iomodel -- MTRR registers and the hardware type of an address or a range.
 * Register layouts: SDM Vol. 3A §11.11.2 (IA32_MTRRCAP, IA32_MTRR_DEF_TYPE, fixed ranges,
 * PHYSBASE/PHYSMASK); precedence: §11.11.4.1 (XMT-1.2, XMT-1.3).
 * Range lookups work on the breakpoints of the registers, never page by page. This file
 * models the hardware only; Linux's lookup (mtrr_type_lookup) is in lib/linux. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/memtype.h"

static const struct overlap_row {
	enum iom_mt a, b, result;
	const char *key;
} overlap_rows[] = {
#define MTRR_OVERLAP(a, b, r, k) { IOM_MT_##a, IOM_MT_##b, IOM_MT_##r, k },
#include "../tables/x86_mtrr_overlap.def"
#undef MTRR_OVERLAP
};

#define MSR_V 0x800ULL          /* PHYSMASK valid bit 11                 */
#define MSR_E 0x800ULL          /* DEF_TYPE E bit 11                     */
#define MSR_FE 0x400ULL         /* DEF_TYPE FE bit 10                    */
#define ONE_MIB 0x100000ULL

static uint64_t addr_mask(const struct iom_mtrr_state *s)
{
	unsigned pb = s->phys_bits ? s->phys_bits : 36;
	return (pb >= 64 ? ~0ULL : ((1ULL << pb) - 1)) & ~0xfffULL;
}

void iom_mtrr_state_init(struct iom_mtrr_state *s, unsigned phys_bits, unsigned vcnt)
{
	memset(s, 0, sizeof(*s));
	s->phys_bits = phys_bits;
	s->vcnt = vcnt > IOM_MTRR_MAX_VAR ? IOM_MTRR_MAX_VAR : vcnt;
	s->fix_supported = true;
	s->wc_supported = true;
}

uint64_t iom_mtrr_deftype_msr(const struct iom_mtrr_state *s)
{
	return s->def_type | (s->fixed_enabled ? MSR_FE : 0) | (s->enabled ? MSR_E : 0);
}

void iom_mtrr_set_deftype_msr(struct iom_mtrr_state *s, uint64_t msr)
{
	s->def_type = (uint8_t)(msr & 0xff);
	s->fixed_enabled = msr & MSR_FE;
	s->enabled = msr & MSR_E;
}

/* Encoding as generic_set_mtrr() writes it (arch/x86/kernel/cpu/mtrr/generic.c@v4.2):
 * PHYSBASE = base | type, PHYSMASK = -size within MAXPHYADDR | V. TV-35..TV-37. */
int iom_mtrr_var_set(struct iom_mtrr_state *s, unsigned n, uint64_t base, uint64_t size,
		     enum iom_mt type)
{
	if (n >= IOM_MTRR_MAX_VAR || size < 0x1000 || (size & (size - 1)) || (base & (size - 1)) ||
	    type == IOM_MT_UC_MINUS || type < 0 || type >= IOM_MT__COUNT)
		return -1;
	uint64_t am = addr_mask(s);
	s->var[n].physbase = (base & am) | iom_mt_hw(type);
	s->var[n].physmask = (~(size - 1) & am) | MSR_V;
	return 0;
}

void iom_mtrr_var_clear(struct iom_mtrr_state *s, unsigned n)
{
	if (n < IOM_MTRR_MAX_VAR)
		s->var[n].physbase = s->var[n].physmask = 0;
}

bool iom_mtrr_var_get(const struct iom_mtrr_state *s, unsigned n, uint64_t *base,
		      uint64_t *size, enum iom_mt *type, bool *contiguous)
{
	if (n >= IOM_MTRR_MAX_VAR || !(s->var[n].physmask & MSR_V))
		return false;
	uint64_t am = addr_mask(s);
	uint64_t m = s->var[n].physmask & am;
	uint64_t top = am + 0x1000;             /* 2^MAXPHYADDR (0 if 64 bits) */
	uint64_t low = m ? (m & -m) : top;
	if (base)
		*base = s->var[n].physbase & am & m;
	if (size)
		*size = low;
	if (contiguous)
		*contiguous = !m || ((m + low) & am) == 0;
	if (type && iom_mt_from_hw((unsigned)(s->var[n].physbase & 0xff), true, type))
		*type = IOM_MT_NONE;
	return true;
}

bool iom_mtrr_var_match(const struct iom_mtrr_state *s, unsigned n, uint64_t a)
{
	if (n >= IOM_MTRR_MAX_VAR || !(s->var[n].physmask & MSR_V))
		return false;
	uint64_t m = s->var[n].physmask & addr_mask(s);
	return (a & m) == (s->var[n].physbase & m);
}

/* Fixed-range layout: 0x250 = 8 x 64 KiB from 0; 0x258/0x259 = 8 x 16 KiB from 0x80000
 * and 0xA0000; 0x268..0x26F = 8 x 4 KiB each from 0xC0000 (SDM §11.11.2.2). Index formula
 * as mtrr_type_lookup_fixed() in generic.c@v4.2. TV-34. */
int iom_mtrr_fixed_index(uint64_t a, unsigned *msr, unsigned *byte)
{
	int idx;
	if (a >= ONE_MIB)
		return -1;
	if (a < 0x80000)
		idx = (int)(a >> 16);
	else if (a < 0xC0000)
		idx = 8 + (int)((a - 0x80000) >> 14);
	else
		idx = 24 + (int)((a - 0xC0000) >> 12);
	if (msr)
		*msr = idx < 8 ? 0x250 : idx < 16 ? 0x258 : idx < 24 ? 0x259 : 0x268 + (unsigned)(idx - 24) / 8;
	if (byte)
		*byte = (unsigned)idx % 8;
	return idx;
}

void iom_mtrr_fixed_range(unsigned idx, uint64_t *start, uint64_t *size)
{
	if (idx < 8) {
		*start = (uint64_t)idx << 16;
		*size = 0x10000;
	} else if (idx < 24) {
		*start = 0x80000 + ((uint64_t)(idx - 8) << 14);
		*size = 0x4000;
	} else {
		*start = 0xC0000 + ((uint64_t)(idx - 24) << 12);
		*size = 0x1000;
	}
}

static bool fixed_active(const struct iom_mtrr_state *s)
{
	return s->enabled && s->fixed_enabled && s->fix_supported;
}

/* Combine the types of all variable ranges matching one address (SDM §11.11.4.1 rule 3,
 * rows in tables/x86_mtrr_overlap.def). */
static void combine_var(struct iom_mtrr_piece *p, unsigned types)
{
	int first = -1, second = -1, n = 0;
	for (int t = 0; t < IOM_MT__COUNT; t++) {
		if (!(types & (1u << t)))
			continue;
		n++;
		if (first < 0)
			first = t;
		else if (second < 0)
			second = t;
	}
	if (n == 1) {
		p->type = (enum iom_mt)first;
		return;
	}
	if (types & (1u << IOM_MT_UC)) {
		/* "UC wins" holds for every pair containing UC, hence for any set with UC. */
		p->type = IOM_MT_UC;
		return;
	}
	if (n == 2) {
		for (size_t i = 0; i < ARRAY_SIZE(overlap_rows); i++) {
			const struct overlap_row *r = &overlap_rows[i];
			if ((r->a == first && r->b == second) || (r->a == second && r->b == first)) {
				p->type = r->result;
				return;
			}
		}
	}
	p->type = IOM_MT_NONE;
	p->undefined = true;
	p->undef_a = (enum iom_mt)first;
	p->undef_b = (enum iom_mt)second;
}

struct iom_mtrr_piece iom_mtrr_type_at(const struct iom_mtrr_state *s, uint64_t a)
{
	struct iom_mtrr_piece p;
	memset(&p, 0, sizeof(p));
	p.start = a;
	p.end = a + 1;
	p.undef_a = p.undef_b = IOM_MT_NONE;
	if (!s->enabled) { /* E=0: UC everywhere (SDM §11.11.2.1). TV-24 */
		p.type = IOM_MT_UC;
		p.src = IOM_MTRR_SRC_DISABLED;
		return p;
	}
	if (a < ONE_MIB && fixed_active(s)) { /* fixed ranges win below 1 MiB. TV-25 */
		int idx = iom_mtrr_fixed_index(a, NULL, NULL);
		p.src = IOM_MTRR_SRC_FIXED;
		if (iom_mt_from_hw(s->fixed[idx], true, &p.type)) {
			p.type = IOM_MT_NONE;
			p.undefined = true;
		}
		return p;
	}
	unsigned types = 0;
	bool bad = false;
	for (unsigned i = 0; i < s->vcnt; i++) {
		if (!iom_mtrr_var_match(s, i, a))
			continue;
		enum iom_mt t;
		if (iom_mt_from_hw((unsigned)(s->var[i].physbase & 0xff), true, &t))
			bad = true;
		else
			types |= 1u << t;
		p.var_mask[i / 64] |= 1ULL << (i % 64);
	}
	if (types || bad) {
		p.src = IOM_MTRR_SRC_VAR;
		combine_var(&p, types);
		if (bad) {
			p.type = IOM_MT_NONE;
			p.undefined = true;
		}
		return p;
	}
	p.src = IOM_MTRR_SRC_DEFAULT;
	if (iom_mt_from_hw(s->def_type, true, &p.type)) {
		p.type = IOM_MT_NONE;
		p.undefined = true;
	}
	return p;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static bool same_piece(const struct iom_mtrr_piece *a, const struct iom_mtrr_piece *b)
{
	return a->type == b->type && a->undefined == b->undefined && a->src == b->src &&
	       a->undef_a == b->undef_a && a->undef_b == b->undef_b &&
	       !memcmp(a->var_mask, b->var_mask, sizeof(a->var_mask));
}

/* The blocks matched by a non-contiguous mask: 2^holes blocks of the size of the lowest
 * mask bit, where "holes" are the clear mask bits above it (SDM §11.11.3: a match is
 * (A & mask) == (base & mask) whatever the mask's shape). */
#define MAX_HOLE_BITS 8 /* at most 256 blocks per register are enumerated */
static unsigned mask_holes(const struct iom_mtrr_state *s, unsigned i, uint64_t *holes)
{
	uint64_t am = addr_mask(s);
	uint64_t m = s->var[i].physmask & am;
	uint64_t low = m & -m;
	*holes = am & ~m & ~(low - 1);
	return (unsigned)__builtin_popcountll(*holes);
}

long iom_mtrr_resolve(const struct iom_mtrr_state *s, uint64_t start, uint64_t end,
		      struct iom_mtrr_piece *out, size_t max)
{
	/* Breakpoints: the range ends, 1 MiB, every fixed-range boundary, and both ends of
	 * every block matched by a valid variable range, clipped to (start, end). Between
	 * two consecutive breakpoints the type cannot change. A non-contiguous mask matches
	 * several blocks; they are enumerated when there are at most 2^MAX_HOLE_BITS, else
	 * the range is refused (-2). */
	uint64_t stackpts[2 * 64 + IOM_MTRR_NR_FIXED + 4];
	uint64_t *pts = stackpts;
	size_t cap = 2 * (size_t)s->vcnt + IOM_MTRR_NR_FIXED + 4, n = 0;
	if (start >= end)
		return -1;
	if (s->enabled) {
		for (unsigned i = 0; i < s->vcnt; i++) {
			uint64_t holes;
			bool contig;
			if (!iom_mtrr_var_get(s, i, NULL, NULL, NULL, &contig) || contig)
				continue;
			unsigned nh = mask_holes(s, i, &holes);
			if (nh > MAX_HOLE_BITS)
				return -2;
			cap += 2 * ((size_t)1 << nh);
		}
	}
	if (cap > ARRAY_SIZE(stackpts)) {
		pts = malloc(cap * sizeof(*pts));
		if (!pts)
			return -1;
	}
#define ADDPT(x)                                                                               \
	do {                                                                                   \
		uint64_t x_ = (x);                                                             \
		if (x_ > start && x_ < end)                                                    \
			pts[n++] = x_;                                                         \
	} while (0)
	pts[n++] = start;
	if (s->enabled) {
		ADDPT(ONE_MIB);
		if (fixed_active(s) && start < ONE_MIB) {
			for (unsigned i = 0; i < IOM_MTRR_NR_FIXED; i++) {
				uint64_t fs, fz;
				iom_mtrr_fixed_range(i, &fs, &fz);
				ADDPT(fs);
			}
		}
		for (unsigned i = 0; i < s->vcnt; i++) {
			uint64_t b, z;
			bool contig;
			if (!iom_mtrr_var_get(s, i, &b, &z, NULL, &contig))
				continue;
			if (!contig) {
				uint64_t holes, f = 0;
				mask_holes(s, i, &holes);
				for (;;) { /* the subsets of the hole bits, in increasing order */
					ADDPT(b | f);
					if ((b | f) + z > (b | f))
						ADDPT((b | f) + z);
					if (f == holes)
						break;
					f = ((f | ~holes) + 1) & holes;
				}
				continue;
			}
			ADDPT(b);
			if (b + z > b)
				ADDPT(b + z);
		}
	}
#undef ADDPT
	qsort(pts, n, sizeof(*pts), cmp_u64);
	long nr = 0;
	struct iom_mtrr_piece cur;
	for (size_t i = 0; i < n; i++) {
		if (i && pts[i] == pts[i - 1])
			continue;
		uint64_t ps = pts[i];
		size_t j = i + 1;
		while (j < n && pts[j] == ps)
			j++;
		uint64_t pe = j < n ? pts[j] : end;
		struct iom_mtrr_piece p = iom_mtrr_type_at(s, ps);
		p.start = ps;
		p.end = pe;
		if (nr && same_piece(&cur, &p)) {
			cur.end = pe;
		} else {
			if (nr && (size_t)(nr - 1) < max)
				out[nr - 1] = cur;
			cur = p;
			nr++;
		}
	}
	if (nr && (size_t)(nr - 1) < max)
		out[nr - 1] = cur;
	if (pts != stackpts)
		free(pts);
	return nr;
}
