// SPDX-License-Identifier: MIT
/* iomodel -- the effective type of each sub-range of a mapping on this kernel's CPU:
 * hardware MTRR type (lib/memtype) x the PAT entry selected by the PTE bits (Table 11-7),
 * or PCD/PWT directly on a CPU without PAT (Table 11-6). */
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
