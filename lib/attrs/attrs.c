// SPDX-License-Identifier: MIT
/* iomodel -- mapping attributes by architecture, kernel version and API.
 * Rows come from tables/attrs_{x86,arm64,powerpc,riscv}.def and attribute properties from
 * tables/attrs_props.def (ATTR-A.1 to ATTR-A.8). This file selects rows and applies
 * the one platform effect that is not a row: an x86 WC MTRR over the range (ATTR-A.2 MTRR x PAT).
 * Must not print. */
#include <string.h>
#include "internal.h"
#include "iomodel/attrs.h"
#include "iomodel/linux.h"

enum plat_cond { PLAT_ANY, PLAT_PAT, PLAT_NOPAT, PLAT_SVPBMT, PLAT_NOSVPBMT };

struct attrs_row {
	enum iom_attrs_api api;
	unsigned from, until;
	enum plat_cond plat;
	enum iom_attrs_status status;
	enum iom_attr attr;
	enum iom_attrs_api via;
	const char *encoding, *note, *source;
};

#define ATTRS_ROW(api, from, until, plat, st, attr, via, enc, note, src)                       \
	{ IOM_ATTRS_API_##api, from, until, PLAT_##plat, IOM_ATTRS_##st, IOM_ATTR_##attr,      \
	  IOM_ATTRS_API_##via, enc, note, src },
static const struct attrs_row rows_x86[] = {
#include "../tables/attrs_x86.def"
};
static const struct attrs_row rows_arm64[] = {
#include "../tables/attrs_arm64.def"
};
static const struct attrs_row rows_powerpc[] = {
#include "../tables/attrs_powerpc.def"
};
static const struct attrs_row rows_riscv[] = {
#include "../tables/attrs_riscv.def"
};
#undef ATTRS_ROW

static const struct {
	const struct attrs_row *rows;
	size_t nr;
} tables[] = {
	[IOM_ARCH_X86] = { rows_x86, ARRAY_SIZE(rows_x86) },
	[IOM_ARCH_ARM64] = { rows_arm64, ARRAY_SIZE(rows_arm64) },
	[IOM_ARCH_POWERPC] = { rows_powerpc, ARRAY_SIZE(rows_powerpc) },
	[IOM_ARCH_RISCV] = { rows_riscv, ARRAY_SIZE(rows_riscv) },
};
_Static_assert(ARRAY_SIZE(tables) == IOM_ARCH__COUNT, "one table per architecture");

/* ORDER IOM_ATTR */
static const struct iom_attr_props props[] = {
#define ATTR_PROPS(a, name, arch, c, g, r, s, e, note, src)                                    \
	[IOM_ATTR_##a] = { IOM_ATTR_##a, name, IOM_ARCH_##arch, IOM_ATTRS_##c, IOM_ATTRS_##g,  \
			   IOM_ATTRS_##r, IOM_ATTRS_##s, IOM_ATTRS_##e, note, src },
#include "../tables/attrs_props.def"
#undef ATTR_PROPS
};
_Static_assert(ARRAY_SIZE(props) == IOM_ATTR__COUNT, "attrs_props.def rows");

/* ORDER IOM_ATTRS_API */
static const char *const api_names[] = {
	[IOM_ATTRS_API_IOREMAP] = "ioremap",
	[IOM_ATTRS_API_IOREMAP_NOCACHE] = "ioremap_nocache",
	[IOM_ATTRS_API_IOREMAP_WC] = "ioremap_wc",
	[IOM_ATTRS_API_IOREMAP_UC] = "ioremap_uc",
	[IOM_ATTRS_API_IOREMAP_NP] = "ioremap_np",
	[IOM_ATTRS_API_IOREMAP_WT] = "ioremap_wt",
	[IOM_ATTRS_API_IOREMAP_CACHE] = "ioremap_cache",
	[IOM_ATTRS_API_IOPORT] = "ioport",
	[IOM_ATTRS_API_PGPROT_NONCACHED] = "pgprot_noncached",
	[IOM_ATTRS_API_PGPROT_WRITECOMBINE] = "pgprot_writecombine",
	[IOM_ATTRS_API_PGPROT_DEVICE] = "pgprot_device",
};
_Static_assert(ARRAY_SIZE(api_names) == IOM_ATTRS_API__COUNT, "api_names");

const char *iom_attrs_api_name(enum iom_attrs_api api)
{
	if ((int)api < 0 || api >= IOM_ATTRS_API__COUNT)
		return "?";
	return api_names[api];
}

int iom_attrs_api_parse(const char *s, enum iom_attrs_api *out)
{
	for (int i = 0; i < IOM_ATTRS_API__COUNT; i++) {
		if (!strcmp(s, api_names[i])) {
			*out = (enum iom_attrs_api)i;
			return 0;
		}
	}
	return -1;
}

enum iom_attrs_api iom_attrs_api_from_region(enum iom_lit_region_kind k)
{
	switch (k) {
	case IOM_LIT_RGN_IOREMAP_NOCACHE: return IOM_ATTRS_API_IOREMAP_NOCACHE;
	case IOM_LIT_RGN_IOREMAP_WC: return IOM_ATTRS_API_IOREMAP_WC;
	case IOM_LIT_RGN_IOREMAP_UC: return IOM_ATTRS_API_IOREMAP_UC;
	case IOM_LIT_RGN_IOREMAP_NP: return IOM_ATTRS_API_IOREMAP_NP;
	case IOM_LIT_RGN_IOREMAP_WT: return IOM_ATTRS_API_IOREMAP_WT;
	case IOM_LIT_RGN_IOREMAP_CACHE: return IOM_ATTRS_API_IOREMAP_CACHE;
	case IOM_LIT_RGN_IOPORT: return IOM_ATTRS_API_IOPORT;
	default: return IOM_ATTRS_API_IOREMAP;
	}
}

const struct iom_attr_props *iom_attr_props(enum iom_attr a)
{
	if ((int)a < 0 || a >= IOM_ATTR__COUNT)
		a = IOM_ATTR_NONE;
	return &props[a];
}

const char *iom_attr_name(enum iom_attr a)
{
	return iom_attr_props(a)->name;
}

const char *iom_attrs_tri_name(enum iom_attrs_tri v)
{
	static const char *const n[] = { [IOM_ATTRS_NO] = "no", [IOM_ATTRS_YES] = "yes",
					 [IOM_ATTRS_COND] = "cond", [IOM_ATTRS_NA] = "n/a" };
	return (int)v >= 0 && v <= IOM_ATTRS_NA ? n[v] : "?";
}

const char *iom_attrs_status_name(enum iom_attrs_status s)
{
	static const char *const n[] = { [IOM_ATTRS_MAPPED] = "mapped", [IOM_ATTRS_NULL] = "NULL",
					 [IOM_ATTRS_ABSENT] = "absent" };
	return (int)s >= 0 && s <= IOM_ATTRS_ABSENT ? n[s] : "?";
}

static int plat_match(enum plat_cond c, enum iom_arch arch, unsigned kver,
		      const struct iom_attrs_platform *plat)
{
	/* Svpbmt support was merged in v5.19 (ATTR-A.5, ff689fd21cb1). */
	int svpbmt = arch == IOM_ARCH_RISCV && kver >= IOM_KVER(5, 19) && !plat->no_svpbmt;
	switch (c) {
	case PLAT_ANY: return 1;
	case PLAT_PAT: return !plat->nopat;
	case PLAT_NOPAT: return plat->nopat;
	case PLAT_SVPBMT: return svpbmt;
	case PLAT_NOSVPBMT: return !svpbmt;
	}
	return 0;
}

/* MTRR WC combined with the PAT/PTE type, ATTR-A.2 (MTRR x PAT matrix, WC row). */
static enum iom_attr mtrr_wc_effect(enum iom_attr a)
{
	switch (a) {
	case IOM_ATTR_X86_UC_MINUS: return IOM_ATTR_X86_WC; /* MTRR WC + PAT UC- = WC */
	case IOM_ATTR_X86_UC: return IOM_ATTR_X86_UC;       /* MTRR WC + PAT UC = UC  */
	case IOM_ATTR_X86_WC: return IOM_ATTR_X86_WC;
	case IOM_ATTR_X86_WT: return IOM_ATTR_X86_UC;       /* WC row, WT column: UC  */
	case IOM_ATTR_X86_WB: return IOM_ATTR_X86_WC;       /* WC row, WB column: WC  */
	default: return a;
	}
}

int iom_attrs_lookup_ex(enum iom_arch arch, unsigned kver, enum iom_attrs_api api,
			const struct iom_attrs_platform *plat, struct iom_attrs_result *out,
			struct iom_diag *d)
{
	static const struct iom_attrs_platform dflt;
	const char *why = NULL;
	char v[16];
	if (!plat)
		plat = &dflt;
	memset(out, 0, sizeof(*out));
	if ((int)arch < 0 || arch >= IOM_ARCH__COUNT || (int)api < 0 ||
	    api >= IOM_ATTRS_API__COUNT || !kver) {
		iom_diag_set(d, IOM_EINVAL, NULL, 0, 0, "attrs: bad architecture, API or version");
		return -IOM_EINVAL;
	}
	if (!iom_arch_available(arch, kver, &why)) {
		iom_diag_set(d, IOM_EINVAL, NULL, 0, 0, "%s does not exist in v%s: %s",
			     iom_arch_name(arch), iom_kver_str(kver, v, sizeof(v)), why);
		return -IOM_EINVAL;
	}
	for (size_t i = 0; i < tables[arch].nr; i++) {
		const struct attrs_row *r = &tables[arch].rows[i];
		if (r->api != api || kver < r->from || (r->until && kver >= r->until) ||
		    !plat_match(r->plat, arch, kver, plat))
			continue;
		out->arch = arch;
		out->kver = kver;
		out->api = api;
		out->status = r->status;
		out->via = r->via;
		out->fallback = r->via != api;
		out->attr = r->attr;
		out->effective = r->attr;
		out->encoding = r->encoding;
		out->note = r->note;
		out->source = r->source;
		if (arch == IOM_ARCH_X86 && plat->mtrr_wc && r->status == IOM_ATTRS_MAPPED &&
		    mtrr_wc_effect(r->attr) != r->attr) {
			out->effective = mtrr_wc_effect(r->attr);
			out->platform_note = "a WC MTRR covers the range (ATTR-A.2 MTRR x PAT)";
		}
		return 0;
	}
	iom_diag_set(d, IOM_EINVAL, NULL, 0, 0, "attrs: no row for %s on %s at v%s",
		     iom_attrs_api_name(api), iom_arch_name(arch), iom_kver_str(kver, v, sizeof(v)));
	return -IOM_EINVAL;
}

int iom_attrs_lookup(enum iom_arch arch, unsigned kver, enum iom_attrs_api api,
		     struct iom_attrs_result *out)
{
	return iom_attrs_lookup_ex(arch, kver, api, NULL, out, NULL);
}
