// SPDX-License-Identifier: MIT
/* iomodel -- LKMM engine, search layer: the symmetries of a test.
 *
 * A symmetry g renames threads (pi) and locations (sigma) so that thread t's paths are,
 * path by path and event by event, thread pi[t]'s with every location l read as sigma[l],
 * and the locations sigma moves agree in initial value and kind. linux-kernel.cat,
 * linux-kernel.bell and lock.cat read no name: they read kinds, tags, po, the dependencies,
 * rmw, loc, int/ext and rf, co, fr, all of which g carries over. So g maps each candidate
 * of a path combination c onto a candidate of g(c) (thread pi[t] runs path c[t]), which the
 * model accepts exactly when it accepts the first, with the same flags. The symmetries form
 * a group G, and the combinations fall into orbits under it.
 *
 * The search (search.c) visits the least combination of each orbit, c, and records each
 * execution e it accepts once for every distinct image combination g(c), as g(e): the
 * candidates of g(c) are exactly the images g(e) of c's (g has an inverse in G), so every
 * execution of the orbit is recorded once, with its own final state. Counts, states and
 * flags are herd7's; only the model checks of the other combinations are saved. */
#include <stdlib.h>
#include <string.h>
#include "lkmm/lkmm_int.h"
#include "lkmm/search/search.h"

struct symfind {
	const struct lk_test *lt;
	struct lk_sym *g;
	unsigned cap;
	unsigned long nodes;        /* backtracking nodes: the search gives up past a bound */
	int pi[LK_MAXTHR];
	bool used[LK_MAXTHR];
	int sigma[LK_MAXLOC], inv[LK_MAXLOC];
	int undo[LK_MAXLOC];
	bool full;                  /* more symmetries than cap, or too long a search */
};

static bool ev_same(const struct lk_ev *a, const struct lk_ev *b)
{
	return a->kind == b->kind && a->tags == b->tags && a->val == b->val && a->poi == b->poi &&
	       a->size == b->size &&
	       a->stmt == b->stmt && a->grp == b->grp && a->prim == b->prim && a->elem == b->elem &&
	       (a->loc < 0) == (b->loc < 0);
}

static bool rows_same(const uint64_t *a, const uint64_t *b, int n)
{
	return !memcmp(a, b, (size_t)n * sizeof(*a));
}

/* Map thread i's locations onto thread j's (sigma, inv), path by path: false when the
 * paths differ or the map would not be one to one. *nu counts the entries added (undo). */
static bool map_thread(struct symfind *f, int i, int j, int *nu)
{
	const struct lk_paths *a = &f->lt->paths[i], *b = &f->lt->paths[j];
	if (a->n != b->n)
		return false;
	for (unsigned v = 0; v < a->n; v++) {
		const struct lk_path *p = &a->v[v], *q = &b->v[v];
		int n = p->nev;
		if (n != q->nev || p->loop != q->loop || p->ioflush != q->ioflush ||
		    !rows_same(p->addr, q->addr, n) || !rows_same(p->data, q->data, n) ||
		    !rows_same(p->ctrl, q->ctrl, n) || !rows_same(p->rmw, q->rmw, n) ||
		    !rows_same(p->vdep, q->vdep, n) || !rows_same(p->adep, q->adep, n) ||
		    !rows_same(p->iico_later, q->iico_later, n) || !rows_same(p->ioppo, q->ioppo, n) ||
		    !rows_same(p->glue, q->glue, n) ||
		    /* AArch64: the pick dependencies, and po's arms under variant deps */
		    !rows_same(p->pick, q->pick, n) || !rows_same(p->pctrl, q->pctrl, n) ||
		    !rows_same(p->paddr, q->paddr, n) || p->forest != q->forest ||
		    (p->forest && !rows_same(p->posucc, q->posucc, n)))
			return false;
		for (int e = 0; e < n; e++) {
			const struct lk_ev *x = &p->ev[e], *y = &q->ev[e];
			if (!ev_same(x, y))
				return false;
			if (x->loc < 0)
				continue;
			if (f->sigma[x->loc] < 0 && f->inv[y->loc] < 0) {
				f->sigma[x->loc] = y->loc;
				f->inv[y->loc] = x->loc;
				f->undo[(*nu)++] = x->loc;
			} else if (f->sigma[x->loc] != y->loc)
				return false;
		}
	}
	return true;
}

static void unmap(struct symfind *f, int from, int to)
{
	for (int k = from; k < to; k++) {
		int l = f->undo[k];
		f->inv[f->sigma[l]] = -1;
		f->sigma[l] = -1;
	}
}

/* Locations sigma moves must be alike to the model and to herd7's output: scalars
 * (an array element or sym+off would drag its neighbours along), of one initial value,
 * both locks or neither, and lock.cat l.64's FW (the observed locks) must agree. */
static bool locs_agree(const struct lk_test *lt, const int *sigma)
{
	for (int l = 0; l < lt->nloc; l++) {
		int m = sigma[l];
		if (m == l)
			continue;
		const int ls[2] = { l, m };
		for (int k = 0; k < 2; k++)
			if (lt->loc_off[ls[k]] || lt->t->syms[lt->loc_sym[ls[k]]].array_len ||
			    lt->reg_dev[ls[k]] >= 0)
				return false;
		if (lt->loc_init[l] != lt->loc_init[m] || lt->is_lock[l] != lt->is_lock[m] ||
		    (lt->is_lock[l] && lt->observed[l] != lt->observed[m]))
			return false;
	}
	return true;
}

static void find(struct symfind *f, int i)
{
	const struct lk_test *lt = f->lt;
	if (f->full)
		return;
	if (++f->nodes > 100000) {
		f->full = true;
		return;
	}
	if (i == (int)lt->nthr) {
		int sigma[LK_MAXLOC];
		for (int l = 0; l < lt->nloc; l++)
			sigma[l] = f->sigma[l] >= 0 ? f->sigma[l] : l;  /* no thread's: stays */
		if (!locs_agree(lt, sigma))
			return;
		if ((unsigned)f->g->n == f->cap) {
			f->full = true;
			return;
		}
		memcpy(&f->g->pi[(size_t)f->g->n * lt->nthr], f->pi, lt->nthr * sizeof(int));
		memcpy(&f->g->sigma[(size_t)f->g->n * lt->nloc], sigma, (size_t)lt->nloc * sizeof(int));
		f->g->n++;
		return;
	}
	int base = 0;
	for (int l = 0; l < lt->nloc; l++)
		base += f->sigma[l] >= 0;
	for (int j = 0; j < (int)lt->nthr && !f->full; j++) {
		if (f->used[j])
			continue;
		int nu = base;
		bool ok = map_thread(f, i, j, &nu);
		if (ok) {
			f->used[j] = true;
			f->pi[i] = j;
			find(f, i + 1);
			f->used[j] = false;
		}
		unmap(f, base, nu);
	}
}

int lk_sym_find(const struct lk_test *lt, unsigned cap, struct lk_sym *g)
{
	memset(g, 0, sizeof(*g));
	g->nthr = (int)lt->nthr;
	g->nloc = lt->nloc;
	g->pi = malloc((size_t)cap * lt->nthr * sizeof(int));
	g->sigma = malloc((size_t)cap * (size_t)(lt->nloc ? lt->nloc : 1) * sizeof(int));
	struct symfind *f = calloc(1, sizeof(*f));
	if (!g->pi || !g->sigma || !f) {
		free(f);
		lk_sym_release(g);
		return -IOM_ENOMEM;
	}
	/* a value that names a location would have to be renamed with it: none then */
	bool ptr = false;
	for (int l = 0; l < lt->nloc && !ptr; l++)
		ptr = lk_is_ptr(lt->loc_init[l]);
	for (unsigned t = 0; t < lt->nthr && !ptr; t++)
		for (unsigned v = 0; v < lt->paths[t].n && !ptr; v++)
			for (int e = 0; e < lt->paths[t].v[v].nev && !ptr; e++)
				ptr = lk_is_ptr(lt->paths[t].v[v].ev[e].val);
	f->lt = lt;
	f->g = g;
	f->cap = cap;
	for (int l = 0; l < LK_MAXLOC; l++)
		f->sigma[l] = f->inv[l] = -1;
	if (!ptr && lt->nthr > 1 && cap)
		find(f, 0);
	/* the identity is found first (thread j = i, location l = l at every step); a search
	 * that stopped early keeps only it: the symmetries found need not be a group */
	if (f->full || g->n < 1 || ptr) {
		g->n = 1;
		for (int t = 0; t < g->nthr; t++)
			g->pi[t] = t;
		for (int l = 0; l < g->nloc; l++)
			g->sigma[l] = l;
	}
	free(f);
	return 0;
}

void lk_sym_release(struct lk_sym *g)
{
	free(g->pi);
	free(g->sigma);
	g->pi = g->sigma = NULL;
	g->n = 0;
}

/* Is c the least combination of its orbit? If so, img[0..*nimg) are the elements of G giving
 * its distinct images, the identity first. seen: scratch for (*nimg) * nthr choices. */
bool lk_sym_images(const struct lk_sym *g, const int *c, int *img, int *nimg, int *seen)
{
	int nt = g->nthr, k = 0;
	int im[LK_MAXTHR];
	for (int e = 0; e < g->n; e++) {
		const int *pi = &g->pi[(size_t)e * nt];
		for (int t = 0; t < nt; t++)
			im[pi[t]] = c[t];
		int d = 0;
		while (d < nt && im[d] == c[d])
			d++;
		if (d < nt && im[d] < c[d])
			return false;  /* a lesser combination of the orbit stands for c */
		bool dup = false;
		for (int q = 0; q < k && !dup; q++)
			dup = !memcmp(&seen[(size_t)q * nt], im, (size_t)nt * sizeof(int));
		if (dup)
			continue;
		memcpy(&seen[(size_t)k * nt], im, (size_t)nt * sizeof(int));
		img[k++] = e;
	}
	*nimg = k;
	return true;
}
