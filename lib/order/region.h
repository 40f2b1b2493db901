/* SPDX-License-Identifier: MIT */
/* iomodel -- the ordering class of a litmus region (not installed). */
#ifndef IOMODEL_ORDER_REGION_H
#define IOMODEL_ORDER_REGION_H

#include "iomodel/litmus.h"

/* The class (IOM_ORD_UC or IOM_ORD_WC) of region s of test t on arch at kver under model,
 * from the mapping-attribute table. Returns 0, or -1 with *why (static, or the attrs
 * note) when the mapping is NULL, absent or cacheable there. */
int iom_ord_region_class(const struct iom_lit_test *t, const struct iom_lit_sym *s,
			 enum iom_arch a, unsigned kver, enum iom_lit_model model, unsigned *cls,
			 const char **why);

#endif
