// SPDX-License-Identifier: MIT
/* iomodel -- the table of x86 behaviour changes by kernel version. */
#include "internal.h"
#include "iomodel/linux.h"

static const struct iom_kfeat_info feats[] = {
#define KFEAT(id, maj, min, commit, what) { #id, IOM_KVER(maj, min), commit, what },
#include "iomodel/linux_versions.def"
#undef KFEAT
};
_Static_assert(ARRAY_SIZE(feats) == IOM_KF__COUNT, "feature table");

const struct iom_kfeat_info *iom_kfeat_info(enum iom_kfeat f)
{
	return f >= 0 && f < IOM_KF__COUNT ? &feats[f] : NULL;
}

bool iom_kfeat(unsigned v, enum iom_kfeat f)
{
	return v >= feats[f].since;
}
