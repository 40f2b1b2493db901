// SPDX-License-Identifier: MIT
/* iomodel -- effective memory type from the MTRR type and the page-level attributes.
 * Both SDM tables are data (tables/x86_eff_pat.def, tables/x86_eff_nopat.def); this file
 * only indexes them. */
#include "internal.h"
#include "iomodel/memtype.h"

struct pat_cell {
	enum iom_mt mtrr, pat, eff;
	const char *key;
};
static const struct pat_cell pat_table[] = {
#define EFF_PAT(m, p, e, k) { IOM_MT_##m, IOM_MT_##p, IOM_MT_##e, k },
#include "../tables/x86_eff_pat.def"
#undef EFF_PAT
};
_Static_assert(ARRAY_SIZE(pat_table) == 5 * 6, "Table 11-7 has 5 MTRR rows x 6 PAT columns");

struct nopat_cell {
	enum iom_mt mtrr;
	int pcd, pwt;
	enum iom_mt eff;
	bool ms;
	const char *key;
};
static const struct nopat_cell nopat_table[] = {
#define EFF_NOPAT(m, pcd, pwt, e, ms, k) { IOM_MT_##m, pcd, pwt, IOM_MT_##e, ms, k },
#include "../tables/x86_eff_nopat.def"
#undef EFF_NOPAT
};
_Static_assert(ARRAY_SIZE(nopat_table) == 5 * 4, "Table 11-6: 5 MTRR types x PCD x PWT");

struct iom_eff iom_eff_pat(enum iom_mt mtrr, enum iom_mt pat)
{
	for (size_t i = 0; i < ARRAY_SIZE(pat_table); i++)
		if (pat_table[i].mtrr == mtrr && pat_table[i].pat == pat)
			return (struct iom_eff){ pat_table[i].eff, false, pat_table[i].key };
	return (struct iom_eff){ IOM_MT_NONE, false, "invalid" };
}

struct iom_eff iom_eff_nopat(enum iom_mt mtrr, int pcd, int pwt)
{
	for (size_t i = 0; i < ARRAY_SIZE(nopat_table); i++) {
		const struct nopat_cell *c = &nopat_table[i];
		if (c->mtrr == mtrr && c->pcd == !!pcd && c->pwt == !!pwt)
			return (struct iom_eff){ c->eff, c->ms, c->key };
	}
	return (struct iom_eff){ IOM_MT_NONE, false, "invalid" };
}
