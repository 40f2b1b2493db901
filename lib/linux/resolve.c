// SPDX-License-Identifier: MIT
/* iomodel -- the effective type of each sub-range of a mapping on this kernel's CPU:
 * hardware MTRR type (lib/memtype) x the PAT entry selected by the PTE bits (Table 11-7),
 * or PCD/PWT directly on a CPU without PAT (Table 11-6). */
#include <stdlib.h>
#include "kernel.h"

struct iom_eff iom_k_effective(const struct iom_kernel *k, enum iom_mt mtrr, uint64_t pte,
			       unsigned *pat_index, enum iom_mt *pat_entry)
{
	unsigned idx = iom_pat_index(pte, false);
	if (pat_index)
		*pat_index = idx;
	if (pat_entry)
		*pat_entry = IOM_MT_NONE;
	if (mtrr == IOM_MT_NONE)
		return (struct iom_eff){ IOM_MT_NONE, false, "SDM-11.11.4.1 undefined" };
	if (!k->pat.hw)
		return iom_eff_nopat(mtrr, !!(pte & IOM_PTE_PCD), !!(pte & IOM_PTE_PWT));
	enum iom_mt slots[8];
	iom_pat_decode(k->pat.msr, slots);
	if (pat_entry)
		*pat_entry = slots[idx];
	if (slots[idx] == IOM_MT_NONE)
		return (struct iom_eff){ IOM_MT_NONE, false, "SDM-11.12.2 reserved PAT entry" };
	return iom_eff_pat(mtrr, slots[idx]);
}

long iom_k_resolve(const struct iom_kernel *k, uint64_t start, uint64_t end, uint64_t pte,
		   struct iom_kpiece *out, size_t max)
{
	if (start >= end)
		return -1;
	/* Merge neighbours with the same MTRR and effective type. The piece being built is
	 * kept here, not in out[], so that the count does not depend on max. The MTRR
	 * pieces are fetched in chunks, each starting at the end of the last one seen, so
	 * any number of them can be handled. */
	long nr = 0;
	struct iom_kpiece cur;
	for (uint64_t a = start; a < end;) {
		struct iom_mtrr_piece pcs[256];
		long n = iom_mtrr_resolve(&k->mtrr, a, end, pcs, ARRAY_SIZE(pcs));
		if (n <= 0)
			return -1;
		if (n > (long)ARRAY_SIZE(pcs))
			n = (long)ARRAY_SIZE(pcs);
		for (long i = 0; i < n; i++) {
			struct iom_kpiece p = { .start = pcs[i].start, .end = pcs[i].end };
			p.mtrr = pcs[i].type;
			p.mtrr_undefined = pcs[i].undefined;
			p.undef_a = pcs[i].undef_a;
			p.undef_b = pcs[i].undef_b;
			p.eff = iom_k_effective(k, p.mtrr, pte, &p.pat_index, &p.pat_entry);
			if (nr && cur.end == p.start && cur.mtrr == p.mtrr &&
			    cur.mtrr_undefined == p.mtrr_undefined && cur.undef_a == p.undef_a &&
			    cur.undef_b == p.undef_b && cur.eff.type == p.eff.type &&
			    cur.eff.model_specific == p.eff.model_specific) {
				cur.end = p.end;
				continue;
			}
			if (nr && (size_t)(nr - 1) < max)
				out[nr - 1] = cur;
			cur = p;
			nr++;
		}
		a = pcs[n - 1].end;
	}
	if (nr && (size_t)(nr - 1) < max)
		out[nr - 1] = cur;
	return nr;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

long iom_k_resolve_map(const struct iom_kernel *k, uint64_t start, uint64_t end,
		       struct iom_kmap_piece *out, size_t max)
{
	if (start >= end)
		return -1;
	long nm = iom_mtrr_resolve(&k->mtrr, start, end, NULL, 0);
	if (nm < 0)
		return -1;
	/* The tree is sorted by start; ends are sorted too unless reservations nest, so they
	 * are sorted only when needed. Three sorted streams are then merged in one sweep. */
	struct iom_mtrr_piece *mp = malloc((size_t)nm * sizeof(*mp));
	uint64_t *ends = malloc((k->nr_nodes + 1) * sizeof(*ends));
	size_t *starts = malloc((k->nr_nodes + 1) * sizeof(*starts));
	if (!mp || !ends || !starts) {
		free(mp);
		free(ends);
		free(starts);
		return -1;
	}
	iom_mtrr_resolve(&k->mtrr, start, end, mp, (size_t)nm);
	size_t ns = 0, ne = 0;
	bool sorted = true;
	for (size_t i = 0; i < k->nr_nodes; i++) {
		const struct iom_memtype_node *n = &k->nodes[i];
		if (n->end <= start || n->start >= end)
			continue;
		starts[ns++] = i;
		if (ne && n->end < ends[ne - 1])
			sorted = false;
		ends[ne++] = n->end;
	}
	if (!sorted)
		qsort(ends, ne, sizeof(*ends), cmp_u64);
	/* effective type per (MTRR type, tracked mode), computed once */
	struct iom_eff cache[IOM_MT__COUNT][IOM_MT__COUNT];
	bool have[IOM_MT__COUNT][IOM_MT__COUNT] = { { false } };
	/* Overlapping reservations always share a type (the tree refuses anything else), so
	 * a count of active reservations and the type of the last one started suffice. */
	long nr = 0, mi = 0;
	size_t si = 0, ei = 0;
	long active = 0;
	enum iom_mt cur = IOM_MT_NONE;
	uint64_t pos = start;
	struct iom_kmap_piece last = { 0 };
	while (pos < end) {
		while (ei < ne && ends[ei] <= pos) {
			active--;
			ei++;
		}
		while (si < ns && (k->nodes[starts[si]].start <= pos)) {
			active++;
			cur = k->nodes[starts[si]].type;
			si++;
		}
		while (mi + 1 < nm && mp[mi].end <= pos)
			mi++;
		uint64_t next = mp[mi].end < end ? mp[mi].end : end;
		if (si < ns && k->nodes[starts[si]].start < next)
			next = k->nodes[starts[si]].start;
		if (ei < ne && ends[ei] < next)
			next = ends[ei];
		struct iom_kmap_piece p = { pos, next, mp[mi].type, mp[mi].undefined,
					    active > 0 ? cur : IOM_MT_NONE, { IOM_MT_NONE, false, "untracked" } };
		if (p.tracked != IOM_MT_NONE) {
			if (p.mtrr == IOM_MT_NONE) {
				p.eff = iom_k_effective(k, p.mtrr, k->pat.cm2pte[p.tracked], NULL, NULL);
			} else {
				if (!have[p.mtrr][p.tracked]) {
					cache[p.mtrr][p.tracked] =
						iom_k_effective(k, p.mtrr, k->pat.cm2pte[p.tracked], NULL, NULL);
					have[p.mtrr][p.tracked] = true;
				}
				p.eff = cache[p.mtrr][p.tracked];
			}
		}
		if (nr && last.end == pos && last.mtrr == p.mtrr && last.mtrr_undefined == p.mtrr_undefined &&
		    last.tracked == p.tracked) {
			last.end = next; /* same state continues: extend the previous piece */
		} else {
			nr++;
			last = p;
		}
		if ((size_t)(nr - 1) < max)
			out[nr - 1] = last;
		pos = next;
	}
	free(mp);
	free(ends);
	free(starts);
	return nr;
}
