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

/* What lk_co_constraints() reads of po and rmw for a memory location (not a lock, not a
 * device register), once per path combination: the ww must-before indices of each write,
 * and for each read rd[q] of the location (at most 64, in event order) the indices b of
 * the writes it is po-before (rw[q]), po-after (wr[q]) and the RMW partner of (rmw[q]),
 * and the later reads it is po-before (rr[q], bits over q). */
void lk_co_prepare(const struct lk_exec *x, const int *locw, int nw, const int *rd, int nrd,
		   struct lk_co_prep *p)
{
	p->nrd = nrd;
	for (int b = 0; b < nw; b++) {
		p->ww[b] = 0;
		for (int a = 1; a < nw && b > 0; a++)
			if (rel_has(&x->po, locw[a], locw[b]))
				p->ww[b] |= 1ull << a;
	}
	for (int q = 0; q < nrd; q++) {
		int r = rd[q];
		p->rw[q] = p->wr[q] = p->rmw[q] = p->rr[q] = 0;
		for (int b = 1; b < nw; b++) {
			int wb = locw[b];
			if (rel_has(&x->po, r, wb))
				p->rw[q] |= 1ull << b;
			if (rel_has(&x->po, wb, r))
				p->wr[q] |= 1ull << b;
			if (rel_has(&x->rmw, r, wb))
				p->rmw[q] |= 1ull << b;
		}
		for (int q2 = q + 1; q2 < nrd; q2++)
			if (rel_has(&x->po, r, rd[q2]))
				p->rr[q] |= 1ull << q2;
	}
}

/* lk_co_constraints() for a memory location, from what lk_co_prepare() kept: the same
 * answer, pred and atom_src. widx[w] is write w's index in its location's locw. */
bool lk_co_constraints_prep(const struct lk_exec *x, int nw, const int *rd, const int *widx,
			    const struct lk_co_prep *p, uint64_t *pred, int *atom_src)
{
	for (int c = 0; c < nw; c++) {
		pred[c] = p->ww[c];
		atom_src[c] = -1;
	}
	for (int q = 0; q < p->nrd; q++) {
		if (x->rf[rd[q]] < 0)
			continue;  /* AArch64, variant deps: a speculated read of no write */
		int ia = widx[x->rf[rd[q]]];
		if (p->rw[q] >> ia & 1)
			return false;                                      /* CoRW1 */
		for (uint64_t b = p->rw[q]; b; b &= b - 1)
			pred[__builtin_ctzll(b)] |= 1ull << ia;            /* rw */
		uint64_t wr = p->wr[q] & ~(1ull << ia);
		if (wr && ia == 0)
			return false;
		pred[ia] |= wr;                                            /* wr */
		for (uint64_t b = p->rmw[q]; b; b &= b - 1)
			atom_src[__builtin_ctzll(b)] = ia;
		for (uint64_t q2 = p->rr[q]; q2; q2 &= q2 - 1) {         /* rr */
			if (x->rf[rd[__builtin_ctzll(q2)]] < 0)
				continue;
			int ib = widx[x->rf[rd[__builtin_ctzll(q2)]]];
			if (ib != ia) {
				if (ib == 0)
					return false;
				pred[ib] |= 1ull << ia;
			}
		}
	}
	return true;
}

/* For lk_co_next(), once per path combination: for each write a of the location (locw
 * index 1 <= a < nw) the writes that may be placed while a, an RMW write, waits for its
 * place after its source: a itself and the writes of a's thread (allow[a]). */
void lk_co_allow(const struct lk_exec *x, const int *locw, int nw, uint64_t *allow)
{
	for (int a = 1; a < nw; a++) {
		allow[a] = 1ull << a;
		for (int c = 1; c < nw; c++)
			if (x->ev[locw[c]].tid == x->ev[locw[a]].tid)
				allow[a] |= 1ull << c;
	}
}

/* The indices c (1 <= c < nw) that may come next after the writes in used: c is not
 * placed, its must-before writes all are (obsco), and placing it puts no write of another
 * thread between an RMW's source and the RMW's own write (linux-kernel.cat l.73 atomic:
 * rmw & (fre ; coe) empty): while an RMW write a waits, its source placed, only a and
 * the writes of a's thread may come. */
uint64_t lk_co_next(int nw, const uint64_t *pred, const int *atom_src, const uint64_t *allow, uint64_t rmw,
		    uint64_t used)
{
	uint64_t cand = (nw == 64 ? ~0ull : (1ull << nw) - 1) & ~used & ~1ull;
	for (uint64_t r = rmw & ~used; r; r &= r - 1) {    /* rmw: the indices with a source */
		int a = __builtin_ctzll(r);
		if (used >> atom_src[a] & 1)
			cand &= allow[a];
	}
	uint64_t ok = 0;
	for (; cand; cand &= cand - 1) {
		int c = __builtin_ctzll(cand);
		if (!(pred[c] & ~used))
			ok |= 1ull << c;
	}
	return ok;
}
