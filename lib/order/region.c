// SPDX-License-Identifier: MIT
/* iomodel -- the ordering class of a litmus region: UC or WC, from the mapping-attribute
 * table (attrs.h). Used by the LKMM engine's MMIO layer (lib/lkmm/io). */
#include "iomodel/attrs.h"
#include "iomodel/order.h"
#include "order/region.h"

static bool mtrr_wc(const struct iom_lit_test *t, int dev)
{
	for (unsigned i = 0; i < t->nr_mtrr_wc_devs; i++)
		if (t->mtrr_wc_devs[i] == dev)
			return true;
	return false;
}

/* Region class on arch at kver, from the mapping-attribute table (attrs.h, spec
 * ATTR-A.8: a mapping whose attribute permits gathering or reordering is WC,
 * any other device mapping UC; NULL or absent mappings are errors, and so are cacheable
 * ones (the engine models MMIO). Platform facts: platform(nopat), mtrr_wc(devN).
 * In the portable model the class is the documented one: ioremap_wc()/ioremap_wt() are
 * non-default mappings with no portable guarantee whatever an architecture makes of them
 * (MB-B, DEVIO-B); availability still follows the architecture.
 * Returns 0 and *cls, or -1 with *why (static, or the attrs note). */
int iom_ord_region_class(const struct iom_lit_test *t, const struct iom_lit_sym *s,
			enum iom_arch a, unsigned kver, enum iom_lit_model model, unsigned *cls,
			const char **why)
{
	struct iom_attrs_platform plat = { t->nopat, mtrr_wc(t, s->dev), false };
	struct iom_attrs_result res;
	enum iom_attrs_api api = iom_attrs_api_from_region(s->region);
	*cls = IOM_ORD_UC;
	if (iom_attrs_lookup_ex(a, kver, api, &plat, &res, NULL) < 0) {
		*why = "no mapping-attribute row for this architecture and version";
		return -1;
	}
	if (res.status != IOM_ATTRS_MAPPED) {
		*why = res.note ? res.note
			 : res.status == IOM_ATTRS_NULL ? "the mapping returns NULL here"
							: "the mapping function does not exist here";
		return -1;
	}
	const struct iom_attr_props *p = iom_attr_props(res.effective);
	if (p && p->cacheable == IOM_ATTRS_YES) {
		*why = "a cacheable mapping is normal memory; the ordering engine models MMIO only";
		return -1;
	}
	if (model == IOM_LIT_MODEL_PORTABLE) {
		if (s->region == IOM_LIT_RGN_IOREMAP_WC || s->region == IOM_LIT_RGN_IOREMAP_WT)
			*cls = IOM_ORD_WC;
		return 0;
	}
	if (p && (p->gathering == IOM_ATTRS_YES || p->reordering == IOM_ATTRS_YES))
		*cls = IOM_ORD_WC;
	return 0;
}

