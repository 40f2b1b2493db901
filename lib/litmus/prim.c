// SPDX-License-Identifier: MIT
/* iomodel -- litmus primitive table, architecture/version/model/verdict names.
 * The rows live in tables/litmus_primitives.def, each with its source; this file only
 * turns them into lookups. Whether a primitive exists in a release is answered here;
 * what it orders is the engine's business. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/litmus.h"

#define ARCHS_ALL IOM_LIT_ARCH_ALL
#define ARCHS_PPC (1u << IOM_ARCH_POWERPC)

/* ORDER IOM_LIT_P */
static const struct iom_lit_prim_info prims[] = {
	[IOM_LIT_P_NONE] = { IOM_LIT_P_NONE, NULL, IOM_LIT_PC_NONE, IOM_LIT_DIR_NONE,
			     IOM_LIT_FL_NONE, 0, IOM_LIT_B_NONE, IOM_LIT_LK_NONE, false, 0, 0, 0,
			     NULL, IOM_LIT_LF_NONE, IOM_LIT_ANN_NONE, 0, 0, IOM_LIT_RET_NONE, 0, -1, -1,
			     -1, false },
#define LIT_PRIM(id, name, cls, dir, fl, w, bar, lk, be, first, removed, archs, src)       \
	[IOM_LIT_P_##id] = { IOM_LIT_P_##id, name, IOM_LIT_PC_##cls, IOM_LIT_DIR_##dir,         \
			     IOM_LIT_FL_##fl, w, IOM_LIT_B_##bar, IOM_LIT_LK_##lk, be, first,    \
			     removed, ARCHS_##archs, src, IOM_LIT_LF_NONE, IOM_LIT_ANN_NONE, 0, 0, \
			     IOM_LIT_RET_NONE, 0, -1, -1, -1, false },
#define LIT_PRIM_LK(id, name, cls, dir, fl, w, bar, lk, be, first, removed, archs, lkform,  \
		    ann, op, imm, ret, nargs, loc, val, cmp, lval, src)                        \
	[IOM_LIT_P_##id] = { IOM_LIT_P_##id, name, IOM_LIT_PC_##cls, IOM_LIT_DIR_##dir,         \
			     IOM_LIT_FL_##fl, w, IOM_LIT_B_##bar, IOM_LIT_LK_##lk, be, first,    \
			     removed, ARCHS_##archs, src, IOM_LIT_LF_##lkform, IOM_LIT_ANN_##ann, \
			     op, imm, IOM_LIT_RET_##ret, nargs, loc, val, cmp, lval },
#include "../tables/litmus_primitives.def"
#undef LIT_PRIM
#undef LIT_PRIM_LK
};

/* ORDER IOM_LIT_ANN; spellings of linux-kernel.def@v6.12 / linux-kernel.bell@v6.12. */
static const char *const ann_names[] = {
	[IOM_LIT_ANN_NONE] = "",
	[IOM_LIT_ANN_ONCE] = "once",
	[IOM_LIT_ANN_ACQUIRE] = "acquire",
	[IOM_LIT_ANN_RELEASE] = "release",
	[IOM_LIT_ANN_MB] = "mb",
	[IOM_LIT_ANN_RMB] = "rmb",
	[IOM_LIT_ANN_WMB] = "wmb",
	[IOM_LIT_ANN_BEFORE_ATOMIC] = "before-atomic",
	[IOM_LIT_ANN_AFTER_ATOMIC] = "after-atomic",
	[IOM_LIT_ANN_AFTER_SPINLOCK] = "after-spinlock",
	[IOM_LIT_ANN_AFTER_UNLOCK_LOCK] = "after-unlock-lock",
	[IOM_LIT_ANN_AFTER_SRCU_READ_UNLOCK] = "after-srcu-read-unlock",
	[IOM_LIT_ANN_BARRIER] = "barrier",
	[IOM_LIT_ANN_RCU_LOCK] = "rcu-lock",
	[IOM_LIT_ANN_RCU_UNLOCK] = "rcu-unlock",
	[IOM_LIT_ANN_SYNC_RCU] = "sync-rcu",
	[IOM_LIT_ANN_SRCU_LOCK] = "srcu-lock",
	[IOM_LIT_ANN_SRCU_UNLOCK] = "srcu-unlock",
	[IOM_LIT_ANN_SYNC_SRCU] = "sync-srcu",
	[IOM_LIT_ANN_NORETURN] = "noreturn",
};
_Static_assert(ARRAY_SIZE(ann_names) == IOM_LIT_ANN__COUNT, "ann_names");

const char *iom_lit_ann_name(enum iom_lit_ann a)
{
	if ((int)a < 0 || a >= IOM_LIT_ANN__COUNT)
		return "";
	return ann_names[a];
}
_Static_assert(ARRAY_SIZE(prims) == IOM_LIT_P__COUNT, "litmus_primitives.def rows");

const struct iom_lit_prim_info *iom_lit_prim_info(enum iom_lit_prim p)
{
	if ((int)p < 0 || p >= IOM_LIT_P__COUNT)
		return &prims[IOM_LIT_P_NONE];
	return &prims[p];
}

enum iom_lit_prim iom_lit_prim_lookup(const char *name)
{
	if (!name)
		return IOM_LIT_P_NONE;
	for (int p = 1; p < IOM_LIT_P__COUNT; p++)
		if (prims[p].name && !strcmp(prims[p].name, name))
			return (enum iom_lit_prim)p;
	return IOM_LIT_P_NONE;
}

const char *iom_lit_prim_name(enum iom_lit_prim p)
{
	if (p == IOM_LIT_P_PLAIN_LOAD)
		return "plain load";
	if (p == IOM_LIT_P_PLAIN_STORE)
		return "plain store";
	const char *n = iom_lit_prim_info(p)->name;
	return n ? n : "?";
}

/* Static sentences, so *why needs no allocation; one per version-bounded row. */
static const char *why_text(enum iom_lit_prim p, bool too_old)
{
	switch (p) {
	case IOM_LIT_P_MMIOWB:
		return "mmiowb() was removed in v5.2 (spinlocks now track pending MMIO writes)";
	case IOM_LIT_P_IO_STOP_WC:
		return "io_stop_wc() first appeared in v5.17";
	case IOM_LIT_P_DMA_MB:
		return "dma_mb() first appeared in v5.19";
	case IOM_LIT_P_SMP_MB_AFTER_SPINLOCK:
		return "smp_mb__after_spinlock() first appeared in v4.14";
	default:
		return too_old ? "the primitive does not exist yet in this release"
			       : "the primitive was removed before this release";
	}
}

bool iom_lit_prim_available(enum iom_lit_prim p, unsigned kver, const char **why)
{
	const struct iom_lit_prim_info *pi = iom_lit_prim_info(p);
	if (p == IOM_LIT_P_NONE || !kver)
		return p != IOM_LIT_P_NONE;
	if (pi->first && kver < pi->first) {
		if (why)
			*why = why_text(p, true);
		return false;
	}
	if (pi->removed && kver >= pi->removed) {
		if (why)
			*why = why_text(p, false);
		return false;
	}
	return true;
}

bool iom_lit_prim_available_on(enum iom_lit_prim p, enum iom_arch a, unsigned kver,
			       const char **why)
{
	if (!iom_lit_prim_available(p, kver, why))
		return false;
	if ((int)a >= 0 && a < IOM_ARCH__COUNT && !(iom_lit_prim_info(p)->archs & (1u << a))) {
		if (why)
			*why = "the primitive exists only on powerpc";
		return false;
	}
	return true;
}

/* ORDER IOM_LIT_MODEL */
static const char *const model_names[] = {
	[IOM_LIT_MODEL_KERNEL] = "kernel",
	[IOM_LIT_MODEL_ARTICLE] = "article",
	[IOM_LIT_MODEL_PORTABLE] = "portable",
};
_Static_assert(ARRAY_SIZE(model_names) == IOM_LIT_MODEL__COUNT, "model_names");

const char *iom_lit_model_name(enum iom_lit_model m)
{
	if ((int)m < 0 || m >= IOM_LIT_MODEL__COUNT)
		return "*";
	return model_names[m];
}

int iom_lit_model_parse(const char *s, enum iom_lit_model *out)
{
	for (int m = 0; m < IOM_LIT_MODEL__COUNT; m++) {
		if (!strcmp(s, model_names[m])) {
			*out = (enum iom_lit_model)m;
			return 0;
		}
	}
	return -1;
}

/* ORDER IOM_LIT_V */
static const char *const verdict_names[] = {
	[IOM_LIT_V_NONE] = "-",
	[IOM_LIT_V_NEVER] = "Never",
	[IOM_LIT_V_SOMETIMES] = "Sometimes",
	[IOM_LIT_V_ALWAYS] = "Always",
	[IOM_LIT_V_ERROR] = "Error",
};
_Static_assert(ARRAY_SIZE(verdict_names) == IOM_LIT_V__COUNT, "verdict_names");

const char *iom_lit_verdict_name(enum iom_lit_verdict v)
{
	if ((int)v < 0 || v >= IOM_LIT_V__COUNT)
		return "-";
	return verdict_names[v];
}

int iom_lit_verdict_parse(const char *s, enum iom_lit_verdict *out)
{
	for (int v = IOM_LIT_V_NEVER; v < IOM_LIT_V__COUNT; v++) {
		if (!strcmp(s, verdict_names[v])) {
			*out = (enum iom_lit_verdict)v;
			return 0;
		}
	}
	return -1;
}

/* ORDER IOM_LIT_RGN */
static const char *const region_names[] = {
	[IOM_LIT_RGN_IOREMAP] = "ioremap",
	[IOM_LIT_RGN_IOREMAP_NOCACHE] = "ioremap_nocache",
	[IOM_LIT_RGN_IOREMAP_WC] = "ioremap_wc",
	[IOM_LIT_RGN_IOREMAP_UC] = "ioremap_uc",
	[IOM_LIT_RGN_IOREMAP_NP] = "ioremap_np",
	[IOM_LIT_RGN_IOREMAP_WT] = "ioremap_wt",
	[IOM_LIT_RGN_IOREMAP_CACHE] = "ioremap_cache",
	[IOM_LIT_RGN_IOPORT] = "ioport",
};
_Static_assert(ARRAY_SIZE(region_names) == IOM_LIT_RGN__COUNT, "region_names");

const char *iom_lit_region_kind_name(enum iom_lit_region_kind k)
{
	if ((int)k < 0 || k >= IOM_LIT_RGN__COUNT)
		return "?";
	return region_names[k];
}
