// SPDX-License-Identifier: MIT
/* iomodel -- memory type names and hardware encodings.
 * Encodings: SDM Vol. 3A Table 11-8 (MTRR) and Table 11-10 (PAT); Linux mirrors them in
 * arch/x86/include/uapi/asm/mtrr.h@v4.2 (MTRR_TYPE_*) and pat.c@v4.2 (PAT_*).
 * Names: cattr_name() in arch/x86/mm/pat_internal.h@v4.2 and mtrr_attrib_to_str() in
 * arch/x86/kernel/cpu/mtrr/if.c@v4.2 (XMT-1.1). */
#include <string.h>
#include <strings.h>
#include "internal.h"
#include "iomodel/memtype.h"

/* ORDER IOM_MT */
static const char *const names[] = {
	[IOM_MT_UC] = "UC", [IOM_MT_UC_MINUS] = "UC-", [IOM_MT_WC] = "WC",
	[IOM_MT_WT] = "WT", [IOM_MT_WP] = "WP",        [IOM_MT_WB] = "WB",
};
static const char *const knames[] = {
	[IOM_MT_UC] = "uncached",        [IOM_MT_UC_MINUS] = "uncached-minus",
	[IOM_MT_WC] = "write-combining", [IOM_MT_WT] = "write-through",
	[IOM_MT_WP] = "write-protected", [IOM_MT_WB] = "write-back",
};
static const char *const mtrr_names[] = {
	[IOM_MT_UC] = "uncachable",      [IOM_MT_UC_MINUS] = "?",
	[IOM_MT_WC] = "write-combining", [IOM_MT_WT] = "write-through",
	[IOM_MT_WP] = "write-protect",   [IOM_MT_WB] = "write-back",
};
static const unsigned hw[] = {
	[IOM_MT_UC] = 0, [IOM_MT_UC_MINUS] = 7, [IOM_MT_WC] = 1,
	[IOM_MT_WT] = 4, [IOM_MT_WP] = 5,       [IOM_MT_WB] = 6,
};
_Static_assert(ARRAY_SIZE(names) == IOM_MT__COUNT, "names");
_Static_assert(ARRAY_SIZE(knames) == IOM_MT__COUNT, "knames");
_Static_assert(ARRAY_SIZE(mtrr_names) == IOM_MT__COUNT, "mtrr_names");
_Static_assert(ARRAY_SIZE(hw) == IOM_MT__COUNT, "hw");

static int valid(enum iom_mt t)
{
	return t >= 0 && t < IOM_MT__COUNT;
}

const char *iom_mt_name(enum iom_mt t)
{
	return valid(t) ? names[t] : "-";
}

const char *iom_mt_kname(enum iom_mt t)
{
	return valid(t) ? knames[t] : "broken";
}

const char *iom_mt_mtrr_name(enum iom_mt t)
{
	return valid(t) ? mtrr_names[t] : "?";
}

int iom_mt_parse(const char *s, enum iom_mt *out)
{
	for (int t = 0; t < IOM_MT__COUNT; t++) {
		if (!strcasecmp(s, names[t]) || !strcasecmp(s, knames[t]) ||
		    (t != IOM_MT_UC_MINUS && !strcasecmp(s, mtrr_names[t]))) {
			*out = (enum iom_mt)t;
			return 0;
		}
	}
	if (!strcasecmp(s, "uc_minus") || !strcasecmp(s, "ucminus")) {
		*out = IOM_MT_UC_MINUS;
		return 0;
	}
	return -1;
}

unsigned iom_mt_hw(enum iom_mt t)
{
	return valid(t) ? hw[t] : 0xff;
}

int iom_mt_from_hw(unsigned enc, bool in_mtrr, enum iom_mt *out)
{
	for (int t = 0; t < IOM_MT__COUNT; t++) {
		if (hw[t] == enc) {
			if (in_mtrr && t == IOM_MT_UC_MINUS)
				return -1; /* 7 is reserved in an MTRR (Table 11-8) */
			*out = (enum iom_mt)t;
			return 0;
		}
	}
	return -1;
}
