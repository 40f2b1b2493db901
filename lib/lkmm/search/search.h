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

/* The test's symmetries (sym.c): n of them, the identity first; element e sends thread t
 * to pi[e * nthr + t] and location l to sigma[e * nloc + l]. n = 1: none but the identity
 * (none found, more than cap, or a value that names a location). */
struct lk_sym {
	int n, nthr, nloc;
	int *pi, *sigma;
};
int lk_sym_find(const struct lk_test *lt, unsigned cap, struct lk_sym *g);
void lk_sym_release(struct lk_sym *g);
/* Is the path combination c the least of its orbit? Then img[0..*nimg) are the elements
 * giving its distinct images, the identity first (seen: scratch, g->n * nthr ints). */
bool lk_sym_images(const struct lk_sym *g, const int *c, int *img, int *nimg, int *seen);

#endif
