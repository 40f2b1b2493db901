// SPDX-License-Identifier: MIT
/* iomodel -- LKMM relation layer: cos-opt.cat's co generation and the per-location checks
 * of linux-kernel.cat, as the search asks them while it builds a location's co order,
 * before a candidate is complete. Each is exact: an order it rejects fails the named
 * check in every completion (the checks only grow with rf, co and fr). The model run on
 * the complete candidate (cat.c) decides everything again. */
#include "lkmm/rel/model.h"

/* cos-opt.cat's obsco: co must extend what po-loc and the reads already order, or the
 * candidate fails coherence (linux-kernel.cat l.70) in every completion; and the sources
 * that linux-kernel.cat l.73 (atomic) ties to each RMW write. The writes of location l are
 * locw[0..nw), locw[0] its initial write. pred[c] gets the indices that must come before
 * locw[c] (ww, rw, wr and rr coherence), atom_src[c] the index of the source of the read
 * of RMW write locw[c] (or -1). With memory false (a device register) only the indices are
 * reset. Returns false when no order of the writes can pass: a read that must both precede
 * and follow its own source, or that must come before the initial write. */
bool lk_co_constraints(const struct lk_exec *x, int l, const int *locw, int nw, bool memory,
		       bool lock, uint64_t *pred, int *atom_src)
{
	int idx[LK_MAXEV];
	for (int c = 0; c < nw; c++) {
		idx[locw[c]] = c;
		pred[c] = 0;
		atom_src[c] = -1;
	}
	for (int a = 1; a < nw && memory; a++)
		for (int b = 1; b < nw; b++)
			if (rel_has(&x->po, locw[a], locw[b]))
				pred[b] |= 1ull << a;                       /* ww */
	if (lock || !memory)
		return true;
	int rd[LK_MAXEV], nrd = 0;          /* the reads of l that have an rf, in order */
	for (int r = 0; r < x->n; r++)
		if (x->ev[r].kind == LK_EV_R && x->ev[r].loc == l && x->rf[r] >= 0)
			rd[nrd++] = r;
	for (int q = 0; q < nrd; q++) {
		int r = rd[q];
		int ia = idx[x->rf[r]];
		for (int b = 1; b < nw; b++) {
			int wb = locw[b];
			if (rel_has(&x->po, r, wb)) {                   /* rw */
				if (b == ia)
					return false;
				pred[b] |= 1ull << ia;
			}
			if (rel_has(&x->po, wb, r) && b != ia) {        /* wr */
				if (ia == 0)
					return false;
				pred[ia] |= 1ull << b;
			}
			if (rel_has(&x->rmw, r, wb))
				atom_src[b] = ia;
		}
		for (int q2 = q + 1; q2 < nrd; q2++) {                   /* rr */
			int r2 = rd[q2];
			if (rel_has(&x->po, r, r2) && idx[x->rf[r2]] != ia) {
				if (idx[x->rf[r2]] == 0)
					return false;
				pred[idx[x->rf[r2]]] |= 1ull << ia;
			}
		}
	}
	return true;
}

/* May locw[c] come next, after the writes in used? Its must-before writes are all placed
 * (obsco), and placing it puts no write of another thread between an RMW's source and
 * the RMW's own write (linux-kernel.cat l.73 atomic: rmw & (fre ; coe) empty). */
bool lk_co_may_follow(const struct lk_exec *x, const int *locw, int nw, const uint64_t *pred,
		      const int *atom_src, uint64_t used, int c)
{
	if (pred[c] & ~used)
		return false;
	int w = locw[c];
	for (int a = 1; a < nw; a++)
		if (a != c && atom_src[a] >= 0 && !(used >> a & 1) && (used >> atom_src[a] & 1) &&
		    x->ev[locw[a]].tid != x->ev[w].tid)
			return false;
	return true;
}
