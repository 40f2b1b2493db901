/* SPDX-License-Identifier: MIT */
/* iomodel -- LKMM search layer entry point (lib/lkmm/search/search.c). */
#ifndef IOMODEL_LKMM_SEARCH_H
#define IOMODEL_LKMM_SEARCH_H

#include "lkmm/lkmm_int.h"

/* Enumerate every candidate execution of lt, run the model, fill res (counts, states,
 * flags, witness). */
int lk_search_run(struct lk_test *lt, const struct iom_lkmm_opts *o, struct iom_lkmm_result *res,
		  struct iom_diag *d);
/* report layer: Graphviz text of one execution (malloc'd). ax = the failing check or
 * IOM_LKMM_AX_NONE. */
char *lk_dot_render(const struct lk_test *lt, const struct lk_exec *x, int ax, const char *extra);

#endif
