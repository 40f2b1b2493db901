// SPDX-License-Identifier: MIT
/* iomodel -- LKMM relation layer: linux-kernel.cat (tools/memory-model@v6.12), one
 * function per section of the file, run after linux-kernel.bell and lock.cat. R, W, M,
 * Release, Acquire, rmw, rf, co and fr are lock.cat's; addr, data and ctrl the bell's. */
#include <stdlib.h>
#include "lkmm/rel/model.h"

/* ---- l.64-73 fundamental coherence ordering ---- */
int lk_cat_coherence(struct lk_model *m)
{
	/* l.69-70 coherence: acyclic po-loc | rf | co | fr (po-loc | rf kept per rf, model.h) */
	if (m->coh_gen != m->rf_gen) {
		rel_copy(D, &m->coh_rf, &m->po_loc);
		rel_or(D, &m->coh_rf, &m->rf);
		m->coh_gen = m->rf_gen;
	}
	rel_copy(D, &m->coherence, &m->coh_rf);
	rel_or(D, &m->coherence, &m->co);
	rel_or(D, &m->coherence, &m->fr);
	if (!m->coherent && !rel_acyclic(D, &m->coherence))
		return IOM_LKMM_AX_COHERENCE;
	/* l.73 atomic: empty rmw & (fre ; coe) */
	rel_seq(D, &m->atomic, &m->fre, &m->coe);
	rel_and(D, &m->atomic, &m->rmw);
	if (!rel_empty(D, &m->atomic))
		return IOM_LKMM_AX_ATOMIC;
	return IOM_LKMM_AX_NONE;
}

/* Two shapes of l.36-53, added to mb: [M] ; po? ; [S] ; fencerel(F) ; [M] (mb_after)
 * and [M] ; fencerel(F) ; [S] ; po? ; [M] (mb_before). */
static void mb_after(struct lk_model *m, const struct lk_exec *x, const lk_set *S, uint32_t f)
{
	lk_set fs;
	lk_rel a, b;
	lk_set_from_tag(m, x, &fs, f);
	if (set_empty(D, &fs))
		return;             /* the term is empty */
	fencerel(m, &a, &fs);
	restrict2(m, &a, &a, S, &m->M);
	rel_opt(D, &b, &m->po);
	rel_dom(D, &b, &m->M);
	rel_seq(D, &a, &b, &a);
	rel_or(D, &m->mb, &a);
}

static void mb_before(struct lk_model *m, const struct lk_exec *x, const lk_set *S, uint32_t f)
{
	lk_set fs;
	lk_rel a, b;
	lk_set_from_tag(m, x, &fs, f);
	if (set_empty(D, &fs))
		return;             /* the term is empty */
	fencerel(m, &a, &fs);
	restrict2(m, &a, &a, &m->M, S);
	rel_opt(D, &b, &m->po);
	rel_ran(D, &b, &m->M);
	rel_seq(D, &a, &a, &b);
	rel_or(D, &m->mb, &a);
}

/* ---- l.23-62 basic relations: Release, Acquire and the fences ---- */
/* l.55-58 strong-fence, nonrw-fence and fence from mb */
static void fences_from_mb(struct lk_model *m)
{
	/* l.55 strong-fence = mb | gp */
	rel_copy(D, &m->strong_fence, &m->mb);
	rel_or(D, &m->strong_fence, &m->gp);
	/* l.57 nonrw-fence = strong-fence | po-rel | acq-po */
	rel_copy(D, &m->nonrw_fence, &m->strong_fence);
	rel_or(D, &m->nonrw_fence, &m->po_rel);
	rel_or(D, &m->nonrw_fence, &m->acq_po);
	/* l.58 fence = nonrw-fence | wmb | rmb */
	rel_copy(D, &m->fence, &m->nonrw_fence);
	rel_or(D, &m->fence, &m->wmb);
	rel_or(D, &m->fence, &m->rmb);
}

/* All but po-unlock-lock-po (l.30, it reads rf) and the mb term that reads it; the fences
 * too when there is no such term (no After-unlock-lock event). */
void lk_cat_basic_fixed(struct lk_model *m, const struct lk_exec *x)
{
	lk_set s;
	lk_rel a, b;
	/* l.28 acq-po = [Acquire] ; po ; [M] ; l.29 po-rel = [M] ; po ; [Release] */
	restrict2(m, &m->acq_po, &m->po, &m->Acquire, &m->M);
	restrict2(m, &m->po_rel, &m->po, &m->M, &m->Release);
	/* l.30 po-unlock-lock-po is empty without UL or LKR */
	m->ulk = !set_empty(D, &m->UL) && !set_empty(D, &m->LKR);
	rel_clear(D, &m->po_unlock_lock_po);
	/* l.33-34 R4rmb = R \ Noreturn ; rmb = [R4rmb] ; fencerel(Rmb) ; [R4rmb] */
	m->R4rmb = m->R;
	set_minus(D, &m->R4rmb, &m->Noreturn);
	lk_set_from_tag(m, x, &s, LK_T_RMB);
	fencerel(m, &m->rmb_fencerel, &s);             /* also read by l.189 and l.191 */
	restrict2(m, &m->rmb, &m->rmb_fencerel, &m->R4rmb, &m->R4rmb);
	/* l.35 wmb = [W] ; fencerel(Wmb) ; [W] */
	lk_set_from_tag(m, x, &s, LK_T_WMB);
	fencerel(m, &m->wmb, &s);
	restrict2(m, &m->wmb, &m->wmb, &m->W, &m->W);
	/* l.36-53 mb = ([M] ; fencerel(Mb) ; [M]) | the atomic, spinlock, unlock-lock and
	 * srcu-unlock forms (mb0: all but unlock-lock, which lk_cat_basic adds) */
	lk_set_from_tag(m, x, &s, LK_T_MB);
	fencerel(m, &m->mb, &s);
	restrict2(m, &m->mb, &m->mb, &m->M, &m->M);
	/* [M] ; fencerel(Before-atomic) ; [RMW] ; po? ; [M] */
	mb_before(m, x, &m->RMW, LK_T_BEFORE_ATOMIC);
	/* [M] ; po? ; [RMW] ; fencerel(After-atomic) ; [M] */
	mb_after(m, x, &m->RMW, LK_T_AFTER_ATOMIC);
	/* [M] ; po? ; [LKW] ; fencerel(After-spinlock) ; [M] */
	mb_after(m, x, &m->LKW, LK_T_AFTER_SPINLOCK);
	/* [M] ; po? ; [Srcu-unlock] ; fencerel(After-srcu-read-unlock) ; [M] */
	mb_after(m, x, &m->Srcu_unlock, LK_T_AFTER_SRCU_READ_UNLOCK);
	rel_copy(D, &m->mb0, &m->mb);
	lk_set_from_tag(m, x, &s, LK_T_AFTER_UNLOCK_LOCK);
	m->aul = m->ulk && !set_empty(D, &s);
	/* l.54 gp = po ; [Sync-rcu | Sync-srcu] ; po? */
	s = m->Sync_rcu;
	set_or(D, &s, &m->Sync_srcu);
	restrict2(m, &a, &m->po, NULL, &s);
	rel_opt(D, &b, &m->po);
	rel_seq(D, &m->gp, &a, &b);
	if (!m->aul)
		fences_from_mb(m);
	/* l.59-62 barrier = fencerel(Barrier | Rmb | Wmb | Mb | Sync-rcu | Sync-srcu |
	 * Before-atomic | After-atomic | Acquire | Release | Rcu-lock | Rcu-unlock |
	 * Srcu-lock | Srcu-unlock) | (po ; [Release]) | ([Acquire] ; po) */
	lk_set_from_tag(m, x, &s, LK_T_BARRIER | LK_T_RMB | LK_T_WMB | LK_T_MB | LK_T_SYNC_RCU |
			LK_T_SYNC_SRCU | LK_T_BEFORE_ATOMIC | LK_T_AFTER_ATOMIC | LK_T_RCU_LOCK |
			LK_T_RCU_UNLOCK | LK_T_SRCU_LOCK | LK_T_SRCU_UNLOCK);
	set_or(D, &s, &m->Acquire);
	set_or(D, &s, &m->Release);
	fencerel(m, &m->barrier, &s);
	restrict2(m, &a, &m->po, NULL, &m->Release);
	rel_or(D, &m->barrier, &a);
	restrict2(m, &a, &m->po, &m->Acquire, NULL);
	rel_or(D, &m->barrier, &a);
}

int lk_cat_basic(struct lk_model *m, const struct lk_exec *x)
{
	lk_set s;
	lk_rel a, b;
	if (!m->ulk)
		return IOM_LKMM_AX_NONE;
	/* l.30 po-unlock-lock-po = po ; [UL] ; (po | rf) ; [LKR] ; po */
	restrict2(m, &a, &m->po, NULL, &m->UL);
	rel_copy(D, &b, &m->po);
	rel_or(D, &b, &m->rf);
	rel_ran(D, &b, &m->LKR);
	rel_seq(D, &a, &a, &b);
	rel_seq(D, &m->po_unlock_lock_po, &a, &m->po);
	if (!m->aul)
		return IOM_LKMM_AX_NONE;
	/* l.36-53 mb: [M] ; po-unlock-lock-po ; [After-unlock-lock] ; po ; [M] */
	lk_set_from_tag(m, x, &s, LK_T_AFTER_UNLOCK_LOCK);
	restrict2(m, &a, &m->po_unlock_lock_po, &m->M, &s);
	restrict2(m, &b, &m->po, NULL, &m->M);
	rel_seq(D, &a, &a, &b);
	rel_copy(D, &m->mb, &m->mb0);
	rel_or(D, &m->mb, &a);
	fences_from_mb(m);
	return IOM_LKMM_AX_NONE;
}

/* ---- l.75-85 instruction execution ordering: ppo ---- */
/* ppo0: the terms of ppo that read no rf, co or fr (rwdep, addr ; [Plain] ; wmb, addr ; [R],
 * fence & int), and dep ; [Marked], which l.84 follows with rfi */
static void ppo_fixed_terms(struct lk_model *m)
{
	lk_rel dep, r;
	/* l.80 dep = addr | data */
	rel_copy(D, &dep, &m->addr);
	rel_or(D, &dep, &m->data);
	/* l.81 rwdep = (dep | ctrl) ; [W] */
	rel_copy(D, &m->ppo0, &dep);
	rel_or(D, &m->ppo0, &m->ctrl);
	rel_ran(D, &m->ppo0, &m->W);
	/* l.83 to-w: addr ; [Plain] ; wmb */
	restrict2(m, &r, &m->addr, NULL, &m->Plain);
	rel_seq(D, &r, &r, &m->wmb);
	rel_or(D, &m->ppo0, &r);
	/* l.84 to-r: addr ; [R] */
	restrict2(m, &r, &m->addr, NULL, &m->R);
	rel_or(D, &m->ppo0, &r);
	restrict2(m, &m->dep_marked, &dep, NULL, &m->Marked);
	/* l.85 fence & int */
	rel_copy(D, &r, &m->fence);
	rel_and(D, &r, &m->int_);
	rel_or(D, &m->ppo0, &r);
}

/* fixed when the dependencies are (lk_bell_fixed) and fence is (lk_cat_basic_fixed) */
void lk_cat_ppo_fixed(struct lk_model *m)
{
	m->ppo_fixed = m->deps_fixed && !m->aul;
	if (m->ppo_fixed)
		ppo_fixed_terms(m);
}

static inline __attribute__((always_inline)) void ppo_rows(struct lk_model *m, const int NW)
{
	for (int i = 0; i < D->n; i++)
		for (int k = 0; k < NW; k++)
			m->ppo.r[i].w[k] = m->ppo_rf.r[i].w[k] |
				((m->co.r[i].w[k] | m->fr.r[i].w[k]) & m->int_.r[i].w[k]);
}

int lk_cat_ppo(struct lk_model *m)
{
	lk_rel r;
	if (m->ppo_fixed && !m->ulk) {
		/* the terms that read rf and fixed relations, kept per rf (model.h) */
		if (m->ppo_gen != m->rf_gen) {
			rel_seq(D, &m->ppo_rf, &m->dep_marked, &m->rfi);      /* l.84 */
			rel_or(D, &m->ppo_rf, &m->ppo0);
			m->ppo_gen = m->rf_gen;
		}
		/* l.82-83: ppo = the rf terms | ((co | fr) & int), row by row in one pass, NW words
		 * a row (a constant) */
		switch (D->nw) {
		case 1: ppo_rows(m, 1); break;
		case 2: ppo_rows(m, 2); break;
		case 3: ppo_rows(m, 3); break;
		default: ppo_rows(m, LK_W); break;
		}
		return IOM_LKMM_AX_NONE;
	}
	if (!m->ppo_fixed)
		ppo_fixed_terms(m);
	rel_copy(D, &m->ppo, &m->ppo0);
	/* l.82 overwrite = co | fr ; l.83 to-w = rwdep | (overwrite & int) | (addr ; [Plain] ; wmb) */
	rel_copy(D, &r, &m->co);
	rel_or(D, &r, &m->fr);
	rel_and(D, &r, &m->int_);
	rel_or(D, &m->ppo, &r);
	/* l.84 to-r = (addr ; [R]) | (dep ; [Marked] ; rfi) */
	rel_seq(D, &r, &m->dep_marked, &m->rfi);
	rel_or(D, &m->ppo, &r);
	/* l.85 ppo = to-r | to-w | (fence & int) | (po-unlock-lock-po & int) */
	if (m->ulk) {
		rel_copy(D, &r, &m->po_unlock_lock_po);
		rel_and(D, &r, &m->int_);
		rel_or(D, &m->ppo, &r);
	}
	return IOM_LKMM_AX_NONE;
}

/* ---- l.87-100 propagation: ordering from release operations and strong fences ---- */
/* l.92-93 prop and l.99 hb of one candidate, row by row (lk_cat_hb) */
static inline __attribute__((always_inline)) void prop_hb_rows(struct lk_model *m, const int NW)
{
	const uint64_t *mk = m->Marked.w;
	for (int i = 0; i < D->n; i++) {
		uint64_t pr[LK_W] = { 0 }, h[LK_W] = { 0 };
		if (mk[i >> 6] >> (i & 63) & 1) {
			for (int k = 0; k < NW; k++)
				pr[k] = m->prop_tail.r[i].w[k];
			for (int k = 0; k < NW; k++)
				for (uint64_t ow = (m->co.r[i].w[k] | m->fr.r[i].w[k]) & m->ext.r[i].w[k]; ow;
				     ow &= ow - 1) {
					int j = k * 64 + __builtin_ctzll(ow);
					for (int q = 0; q < NW; q++)
						pr[q] |= m->prop_tail.r[j].w[q];
				}
			/* (prop \ id) & int: i's bit cleared a word at a time (a store at a
			 * computed index would keep the row in memory) */
			for (int k = 0; k < NW; k++) {
				uint64_t pi = pr[k] & m->int_.r[i].w[k] & ~((i >> 6) == k ? 1ull << (i & 63) : 0);
				h[k] = (m->ppo.r[i].w[k] | m->rfe.r[i].w[k] | pi) & mk[k];
			}
		}
		for (int k = 0; k < NW; k++) {
			m->prop.r[i].w[k] = pr[k];
			m->hb.r[i].w[k] = h[k];
		}
	}
}

int lk_cat_hb(struct lk_model *m)
{
	lk_rel a, b;
	/* the terms that read rf and not co: computed again only when rf, po-unlock-lock-po
	 * or strong-fence (which reads it) differ from the last candidate's (model.h) */
	if (!m->rfc_valid || !rel_equal(D, &m->rfc_rf, &m->rf) ||
	    !rel_equal(D, &m->rfc_pulp, &m->po_unlock_lock_po) || !rel_equal(D, &m->rfc_sf, &m->strong_fence)) {
		/* l.89 rmw-sequence = (rf ; rmw)* (id without rmw) */
		bool rmw = !rel_empty(D, &m->rmw);
		if (rmw) {
			rel_seq(D, &m->rmw_sequence, &m->rf, &m->rmw);
			rel_star(D, &m->rmw_sequence, &m->rmw_sequence);
		} else
			rel_id(D, &m->rmw_sequence, &m->all);
		/* l.88 A-cumul(r) = (rfe ; [Marked])? ; r ; l.90-91 cumul-fence = [Marked] ;
		 * (A-cumul(strong-fence | po-rel) | wmb | po-unlock-lock-po) ; [Marked] ;
		 * rmw-sequence */
		rel_copy(D, &b, &m->rfe);
		rel_ran(D, &b, &m->Marked);
		rel_opt(D, &b, &b);
		lk_rel sr;
		rel_copy(D, &sr, &m->strong_fence);
		rel_or(D, &sr, &m->po_rel);
		rel_seq(D, &a, &b, &sr);
		rel_or(D, &a, &m->wmb);
		rel_or(D, &a, &m->po_unlock_lock_po);
		restrict2(m, &a, &a, &m->Marked, &m->Marked);
		if (rmw)
			rel_seq(D, &m->cumul_fence, &a, &m->rmw_sequence);
		else
			rel_copy(D, &m->cumul_fence, &a);
		/* l.92-93 prop's tail: cumul-fence* ; [Marked] ; rfe? ; [Marked] */
		rel_star_acyclic(D, &a, &m->cumul_fence);  /* Kahn, or Warshall if cyclic */
		rel_ran(D, &a, &m->Marked);
		rel_opt(D, &b, &m->rfe);
		rel_ran(D, &b, &m->Marked);
		rel_seq(D, &m->prop_tail, &a, &b);
		m->rfc_hb_cyclic = -1;  /* asked only when hb fails: lk_cat_hb_rf_cyclic() */
		rel_copy(D, &m->rfc_rf, &m->rf);
		rel_copy(D, &m->rfc_pulp, &m->po_unlock_lock_po);
		rel_copy(D, &m->rfc_sf, &m->strong_fence);
		m->rfc_valid = true;
	}
	/* l.92-93 prop = [Marked] ; (overwrite & ext)? ; prop's tail, which is
	 * [Marked] ; (tail | ((overwrite & ext) ; tail)); l.99 hb = [Marked] ; (ppo | rfe |
	 * ((prop \ id) & int)) ; [Marked] */
	/* row by row in one pass, NW words a row (a constant: rows stay in registers): row i
	 * of prop is the tail's row i and the tail's rows of i's (co | fr) & ext successors */
	switch (D->nw) {
	case 1: prop_hb_rows(m, 1); break;
	case 2: prop_hb_rows(m, 2); break;
	case 3: prop_hb_rows(m, 3); break;
	default: prop_hb_rows(m, LK_W); break;
	}
	/* l.100 happens-before: acyclic hb (and hb*, from the same order, where pb (l.107,
	 * which needs a strong fence) or the RCU section (l.134, which needs a grace period)
	 * reads it; hb_star is left stale otherwise) */
	bool star = !rel_empty(D, &m->strong_fence) || !set_empty(D, &m->Sync_rcu) ||
		    !set_empty(D, &m->Sync_srcu);
	if (star ? !rel_star_if_acyclic(D, &m->hb_star, &m->hb) : !rel_acyclic(D, &m->hb))
		return IOM_LKMM_AX_HAPPENS_BEFORE;
	return IOM_LKMM_AX_NONE;
}

/* l.92-99 with no overwrite: prop's and so hb's part that every co shares, [Marked] ;
 * (ppo | rfe | (([Marked] ; tail) \ id) & int) ; [Marked], of the candidate lk_cat_hb()
 * last judged (ppo's co terms, (co | fr) & int, are po's in every coherent candidate).
 * Is it cyclic? Then hb is cyclic whatever co is (lk_model_rf_doomed). */
bool lk_cat_hb_rf_cyclic(struct lk_model *m)
{
	if (m->rfc_hb_cyclic < 0) {
		lk_rel a;
		rel_copy(D, &a, &m->prop_tail);
		rel_dom(D, &a, &m->Marked);
		rel_minus(D, &a, &m->id);
		rel_and(D, &a, &m->int_);
		rel_or(D, &a, &m->ppo);
		rel_or(D, &a, &m->rfe);
		restrict2(m, &a, &a, &m->Marked, &m->Marked);
		m->rfc_hb_cyclic = !rel_acyclic(D, &a);
	}
	return m->rfc_hb_cyclic;
}

/* ---- l.102-108 write and fence propagation ordering ---- */
int lk_cat_pb(struct lk_model *m)
{
	/* pb* (l.134, l.159) is read by the RCU section only, which needs a grace period:
	 * then it comes from the same order as the check */
	bool star = !set_empty(D, &m->Sync_rcu) || !set_empty(D, &m->Sync_srcu);
	/* l.107 pb = prop ; strong-fence ; hb* ; [Marked]: empty without a strong fence */
	if (rel_empty(D, &m->strong_fence)) {
		rel_clear(D, &m->pb);
		if (star)
			rel_id(D, &m->pb_star, &m->all);
		return IOM_LKMM_AX_NONE;
	}
	lk_rel ps;
	rel_seq_sparse(D, &ps, &m->prop, &m->strong_fence);
	rel_seq(D, &m->pb, &ps, &m->hb_star);
	rel_ran(D, &m->pb, &m->Marked);
	/* l.108 propagation: acyclic pb */
	if (star ? !rel_star_if_acyclic(D, &m->pb_star, &m->pb) : !rel_acyclic(D, &m->pb))
		return IOM_LKMM_AX_PROPAGATION;
	return IOM_LKMM_AX_NONE;
}

/* ---- l.110-161 RCU ---- */
/* l.145-148: N |= (rcu-gp ; mid ; rcu-rscsi) | (rcu-rscsi ; mid ; rcu-gp) |
 * ((srcu-gp ; mid ; srcu-rscsi) & loc) | ((srcu-rscsi ; mid ; srcu-gp) & loc), with
 * [S] ; r as r restricted to domain S and r ; [S] to range S; a term whose grace-period set
 * is empty is empty. */
/* N |= ([dom] ; a ; b ; [ran]) & both, row by row (dom, ran, both NULL: no restriction),
 * NW words a row. (Skipping a's bits where b's row is empty, as few of b's rows are here,
 * was slower: finding those rows costs about what it saves.) */
static inline __attribute__((always_inline)) void or_seq_rows(struct lk_model *m, lk_rel *N,
							      const lk_set *dom, const lk_rel *a,
							      const lk_rel *b, const lk_set *ran,
							      const lk_rel *both, const int NW)
{
	for (int i = 0; i < D->n; i++) {
		if (dom && !set_has(dom, i))
			continue;
		uint64_t acc[LK_W] = { 0 }, any = 0;
		for (int k = 0; k < NW; k++)
			for (uint64_t w = a->r[i].w[k]; w; w &= w - 1) {
				int j = k * 64 + __builtin_ctzll(w);
				for (int q = 0; q < NW; q++)
					acc[q] |= b->r[j].w[q];
			}
		for (int q = 0; q < NW; q++) {
			if (ran)
				acc[q] &= ran->w[q];
			if (both)
				acc[q] &= both->r[i].w[q];
			any |= acc[q];
		}
		if (any)
			for (int q = 0; q < NW; q++)
				N->r[i].w[q] |= acc[q];
	}
}

static void or_seq(struct lk_model *m, lk_rel *N, const lk_set *dom, const lk_rel *a, const lk_rel *b,
		   const lk_set *ran, const lk_rel *both)
{
	switch (D->nw) {
	case 1: or_seq_rows(m, N, dom, a, b, ran, both, 1); break;
	case 2: or_seq_rows(m, N, dom, a, b, ran, both, 2); break;
	case 3: or_seq_rows(m, N, dom, a, b, ran, both, 3); break;
	default: or_seq_rows(m, N, dom, a, b, ran, both, LK_W); break;
	}
}

static void rcu_order_gp_terms(struct lk_model *m, lk_rel *N, const lk_rel *mid,
			       const lk_rel *rcu_rscsi, const lk_rel *srcu_rscsi)
{
	if (!set_empty(D, &m->Sync_rcu)) {
		or_seq(m, N, &m->Sync_rcu, mid, rcu_rscsi, NULL, NULL);
		or_seq(m, N, NULL, rcu_rscsi, mid, &m->Sync_rcu, NULL);
	}
	if (!set_empty(D, &m->Sync_srcu)) {
		or_seq(m, N, &m->Sync_srcu, mid, srcu_rscsi, NULL, &m->loc);
		or_seq(m, N, NULL, srcu_rscsi, mid, &m->Sync_srcu, &m->loc);
	}
}

/* Is some (e, e) in a ; b ; [S]? (irreflexive without building the product) */
static bool seq_has_loop(struct lk_model *m, const lk_rel *a, const lk_rel *b, const lk_set *s)
{
	for (int i = 0; i < D->n; i++) {
		if (!set_has(s, i))
			continue;
		LK_FOR_W(D, k)
			for (uint64_t w = a->r[i].w[k]; w; w &= w - 1)
				if (rel_has(b, k * 64 + __builtin_ctzll(w), i))
					return true;
	}
	return false;
}

/* lk_cat_rcu's fixpoint on one word a row. rcu-order relates events of C = Sync_rcu |
 * Rcu_lock | Rcu_unlock only (l.144-153: each term begins with rcu-gp, rcu-rscsi or
 * rcu-order and ends with one of them; rcu-rscsi goes from an unlock to a lock), and reads
 * rcu-link only between such events: its rows at rcu-gp's, rcu-rscsi's and rcu-order's
 * ranges, its columns at their domains. So the fixpoint over C x C is l.144-153's, exactly,
 * when no srcu grace period adds the srcu terms (their "& loc" reads more). */
static void rcu_small_prep(struct lk_model *m)
{
	if (!m->rcuc && !(m->rcuc = malloc(sizeof(*m->rcuc))))
		return;  /* lk_cat_rcu's fixpoint at full width */
	lk_set C = m->Sync_rcu;
	set_or(D, &C, &m->Rcu_lock);
	set_or(D, &C, &m->Rcu_unlock);
	int nc = 0;
	m->rcuc->gp = 0;
	for (int e = 0; e < D->n; e++) {
		if (!set_has(&C, e))
			continue;
		if (nc == 64) {
			m->rcuc->n = -1;  /* lk_cat_rcu's fixpoint at full width */
			return;
		}
		m->rcuc->pos[e] = (uint8_t)nc;
		m->rcuc->ev[nc] = (uint8_t)e;
		if (set_has(&m->Sync_rcu, e))
			m->rcuc->gp |= 1ull << nc;
		nc++;
	}
	m->rcuc->n = nc;
	for (int c = 0; c < nc; c++) {
		uint64_t o = 0;
		const lk_set *r = &m->rcuf_rscsi.r[m->rcuc->ev[c]];
		LK_FOR_W(D, k)
			for (uint64_t w = r->w[k] & C.w[k]; w; w &= w - 1)
				o |= 1ull << m->rcuc->pos[k * 64 + __builtin_ctzll(w)];
		m->rcuc->rs[c] = o;
	}
	for (int e = 0; e < D->n; e++) {
		uint64_t o = 0;
		LK_FOR_W(D, k)
			for (uint64_t w = m->po.r[e].w[k] & C.w[k]; w; w &= w - 1)
				o |= 1ull << m->rcuc->pos[k * 64 + __builtin_ctzll(w)];
		m->rcuc->po[e] = o;
	}
}

/* d[i] = the union of b's rows at a[i]'s bits, over n one-word rows */
static void seq1(uint64_t *d, const uint64_t *a, const uint64_t *b, int n)
{
	for (int i = 0; i < n; i++) {
		uint64_t acc = 0;
		for (uint64_t w = a[i]; w; w &= w - 1)
			acc |= b[__builtin_ctzll(w)];
		d[i] = acc;
	}
}

/* N |= (rcu-gp ; mid ; rcu-rscsi) | (rcu-rscsi ; mid ; rcu-gp), one word a row */
static void gp_terms1(const struct lk_model *m, uint64_t *N, const uint64_t *mid, int n)
{
	const uint64_t *rs = m->rcuc->rs, gp = m->rcuc->gp;
	for (int i = 0; i < n; i++) {
		uint64_t acc = 0, acc2 = 0;
		if (gp >> i & 1)
			for (uint64_t w = mid[i]; w; w &= w - 1)
				acc |= rs[__builtin_ctzll(w)];
		for (uint64_t w = rs[i]; w; w &= w - 1)
			acc2 |= mid[__builtin_ctzll(w)];
		N[i] |= acc | (acc2 & gp);
	}
}

/* The fixpoint (l.144-153) from rcu-link's head (po? ; hb* ; pb* ; prop, l.134) and
 * l.161's test as order_link_loop() does it; false when rb is
 * irreflexive and no plain access needs rcu-order, else rcu-order is left in m->rcu_order */
static bool rcu_order_small(struct lk_model *m, const lk_rel *head, bool plain)
{
	int n = m->rcuc->n;
	uint64_t L[64], F0[64], B0[64], B1[64], T[64], A[64];
	/* rcu-link = head ; po on C x C: po's rows on C's columns are m->rcuc->po */
	for (int c = 0; c < n; c++) {
		uint64_t o = 0;
		const lk_set *r = &head->r[m->rcuc->ev[c]];
		LK_FOR_W(D, k)
			for (uint64_t w = r->w[k]; w; w &= w - 1)
				o |= m->rcuc->po[k * 64 + __builtin_ctzll(w)];
		L[c] = o;
	}
	/* F0: rcu-gp and the two terms with rcu-link alone in the middle */
	for (int i = 0; i < n; i++)
		F0[i] = (m->rcuc->gp >> i & 1) << i;
	gp_terms1(m, F0, L, n);
	uint64_t *O = B0, *N = B1;
	memcpy(O, F0, (size_t)n * sizeof(uint64_t));
	for (;;) {
		memcpy(N, F0, (size_t)n * sizeof(uint64_t));
		seq1(T, L, O, n);               /* rcu-link ; rcu-order ; rcu-link */
		seq1(A, T, L, n);
		gp_terms1(m, N, A, n);
		seq1(T, O, L, n);               /* rcu-order ; rcu-link ; rcu-order */
		seq1(A, T, O, n);
		for (int i = 0; i < n; i++)
			N[i] |= A[i];
		if (!memcmp(N, O, (size_t)n * sizeof(uint64_t)))
			break;
		uint64_t *w = O;
		O = N;
		N = w;
	}
	bool loop = false;
	for (int b = 0; b < n && !loop; b++)
		for (uint64_t w = O[b]; w && !loop; w &= w - 1)
			loop = L[__builtin_ctzll(w)] >> b & 1;
	if (!plain && !loop)
		return false;
	rel_clear(D, &m->rcu_order);
	for (int b = 0; b < n; b++)
		for (uint64_t w = O[b]; w; w &= w - 1)
			rel_add(&m->rcu_order, m->rcuc->ev[b], m->rcuc->ev[__builtin_ctzll(w)]);
	return true;
}

/* Is some (b, c) in o with (c, b) in l? (irreflexive o ; l, by o's few bits) */
static bool order_link_loop(struct lk_model *m, const lk_rel *o, const lk_rel *l)
{
	for (int b = 0; b < D->n; b++)
		LK_FOR_W(D, k)
			for (uint64_t w = o->r[b].w[k]; w; w &= w - 1)
				if (rel_has(l, k * 64 + __builtin_ctzll(w), b))
					return true;
	return false;
}

/* Only the plain-access section (l.172-216) reads l.155-156's fence and strong-fence and
 * rb again: without plain accesses they are left unset, and rb too unless its check fails
 * (lk_model_failed_edges draws it). */
int lk_cat_rcu(struct lk_model *m)
{
	bool plain = !set_empty(D, &m->Plain);
	if (set_empty(D, &m->Sync_rcu) && set_empty(D, &m->Sync_srcu)) {
		/* no grace period: rcu-order, rcu-fence and rb are empty */
		if (plain) {
			rel_copy(D, &m->fence_rcu, &m->fence);
			rel_copy(D, &m->strong_fence_rcu, &m->strong_fence);
			rel_clear(D, &m->rb);
		}
		return IOM_LKMM_AX_NONE;
	}
	lk_rel B0, B1, F0, A, T;
	lk_set K;
	/* pb*: lk_cat_pb, from its acyclicity check (l.108) */
	/* l.134 rcu-link = po? ; hb* ; pb* ; prop ; po, from the events K only: rcu-order
	 * reads rcu-link from a grace period (rcu-gp ; rcu-link), from what rcu-rscsi
	 * leads to (rcu-rscsi ; rcu-link: a lock) and from the range of rcu-order (a grace
	 * period or a lock), the same with srcu; the other rows are never read. [K] ; po?
	 * and l.126-127 rcu-rscsi, srcu-rscsi read fixed relations only: computed once per
	 * fixed part (rcuf_valid) */
	if (!m->rcuf_valid) {
		K = m->Sync_rcu;
		set_or(D, &K, &m->Sync_srcu);
		set_or(D, &K, &m->Rcu_lock);
		set_or(D, &K, &m->Srcu_lock);
		restrict2(m, &m->rcuf_head, &m->po, &K, NULL);
		rel_id(D, &A, &K);
		rel_or(D, &m->rcuf_head, &A);          /* [K] ; po? */
		rel_inv(D, &m->rcuf_rscsi, &m->rcu_rscs);
		rel_inv(D, &m->rcuf_srscsi, &m->srcu_rscs);
		rcu_small_prep(m);
		m->rcuf_valid = m->deps_fixed && !m->partial;  /* srcu-rscs reads rf otherwise */
	}
	const lk_rel *rcu_rscsi = &m->rcuf_rscsi, *srcu_rscsi = &m->rcuf_srscsi;
	rel_seq(D, &T, &m->rcuf_head, &m->hb_star);
	rel_seq(D, &A, &T, &m->pb_star);
	rel_seq(D, &T, &A, &m->prop);
	/* without srcu's grace periods, on the events of C in one word each (the same steps);
	 * rcu-link's last step (; po) is taken there, on C's columns only, and m->rcu_link is
	 * left unset */
	if (set_empty(D, &m->Sync_srcu) && m->rcuc && m->rcuc->n >= 0) {
		if (!rcu_order_small(m, &T, plain))
			return IOM_LKMM_AX_NONE;
		goto rcu_fence;
	}
	rel_seq(D, &m->rcu_link, &T, &m->po);
	/* l.144-153 rcu-order, least fixpoint from empty. Each step computes N = F(O) with F
	 * built from ';', '|' and '&' of fixed relations and O: F is monotone, so from O = {}
	 * the steps only grow, and they reach the fixpoint within as many steps as there are
	 * pairs of events. The loop runs to convergence (it once stopped after 4 * LK_MAXEV
	 * steps whatever the state). The terms that do not read O (rcu-gp, srcu-gp and the
	 * four with rcu-link alone in the middle) are F0, computed once; those that read it
	 * are empty while O is. (Computing each step from the last one's new pairs only was
	 * slower: most runs take two steps, and the first then has a product more.) */
	rel_id(D, &F0, &m->Sync_rcu);                  /* rcu-gp */
	if (!set_empty(D, &m->Sync_srcu)) {
		rel_id(D, &A, &m->Sync_srcu);          /* srcu-gp */
		rel_or(D, &F0, &A);
	}
	rcu_order_gp_terms(m, &F0, &m->rcu_link, rcu_rscsi, srcu_rscsi);
	/* O and N alternate between B0 and B1; the first step, from O = {}, gives F0 */
	lk_rel *O = &B0, *N = &B1;
	rel_copy(D, O, &F0);
	for (;;) {
		rel_copy(D, N, &F0);
		/* the four with rcu-link ; rcu-order ; rcu-link in the middle */
		rel_seq(D, &T, &m->rcu_link, O);
		rel_seq(D, &A, &T, &m->rcu_link);
		rcu_order_gp_terms(m, N, &A, rcu_rscsi, srcu_rscsi);
		/* (rcu-order ; rcu-link ; rcu-order) */
		rel_seq(D, &T, O, &m->rcu_link);
		or_seq(m, N, NULL, &T, O, NULL, NULL);
		if (rel_equal(D, N, O))
			break;
		lk_rel *w = O;
		O = N;
		N = w;
	}
	rel_copy(D, &m->rcu_order, O);
	/* l.161 without plain accesses, only whether rb is irreflexive matters (rb itself is
	 * drawn when the check fails). rb = prop ; po ; rcu-order ; po? ; hb* ; pb* ; [Marked]
	 * (l.154, l.159) has (x, x) iff, rotated at the rcu-order edge (b, c), c reaches b by
	 * po? ; hb* ; pb* ; [Marked] ; prop ; po, which is l.134's rcu-link (prop begins with
	 * [Marked], l.92): some (b, c) of rcu-order with (c, b) in rcu-link. c is in
	 * rcu-order's range, the rows rcu-link has. */
	if (!plain && !order_link_loop(m, &m->rcu_order, &m->rcu_link))
		return IOM_LKMM_AX_NONE;
rcu_fence:
	/* l.154 rcu-fence = po ; rcu-order ; po? */
	rel_seq(D, &m->rcu_fence, &m->po, &m->rcu_order);
	rel_opt(D, &A, &m->po);
	rel_seq(D, &m->rcu_fence, &m->rcu_fence, &A);
	if (plain) {
		/* l.155-156 fence = fence | rcu-fence ; strong-fence = strong-fence | rcu-fence */
		rel_copy(D, &m->fence_rcu, &m->fence);
		rel_or(D, &m->fence_rcu, &m->rcu_fence);
		rel_copy(D, &m->strong_fence_rcu, &m->strong_fence);
		rel_or(D, &m->strong_fence_rcu, &m->rcu_fence);
	}
	/* l.159 rb = prop ; rcu-fence ; hb* ; pb* ; [Marked] */
	rel_seq_sparse(D, &A, &m->prop, &m->rcu_fence);
	rel_seq(D, &A, &A, &m->hb_star);
	if (!plain && !seq_has_loop(m, &A, &m->pb_star, &m->Marked))
		return IOM_LKMM_AX_NONE;
	rel_seq(D, &m->rb, &A, &m->pb_star);
	rel_ran(D, &m->rb, &m->Marked);
	/* l.161 rcu: irreflexive rb */
	if (!rel_irreflexive(D, &m->rb))
		return IOM_LKMM_AX_RCU;
	return IOM_LKMM_AX_NONE;
}

/* ---- l.172-216 plain accesses and data races; fence and strong-fence are l.155-156's ---- */
/* l.177-179 mixed-accesses reads fixed relations only (po-loc, barrier, the sets): once per
 * fixed part, into its flags, which a candidate reports only when every check passed */
void lk_cat_plain_fixed(struct lk_model *m, uint32_t *flags)
{
	lk_set s;
	lk_rel a, b;
	/* ([Plain & W] ; (po-loc \ barrier) ; [Marked]) and ([Marked] ; (po-loc \ barrier) ;
	 * [Plain & W]) */
	s = m->Plain;
	set_and(D, &s, &m->W);
	rel_copy(D, &a, &m->po_loc);
	rel_minus(D, &a, &m->barrier);
	restrict2(m, &b, &a, &s, &m->Marked);
	if (!rel_empty(D, &b))
		*flags |= 1u << IOM_LKMM_FLAG_MIXED_ACCESSES;
	restrict2(m, &b, &a, &m->Marked, &s);
	if (!rel_empty(D, &b))
		*flags |= 1u << IOM_LKMM_FLAG_MIXED_ACCESSES;
}

int lk_cat_plain(struct lk_model *m, uint32_t *flags)
{
	const lk_rel *fence = &m->fence_rcu, *strong_fence = &m->strong_fence_rcu;
	lk_set s;
	lk_rel a, b;
	/* l.177-179 mixed-accesses: lk_cat_plain_fixed */
	if (set_empty(D, &m->Plain))
		return IOM_LKMM_AX_NONE;  /* pre-race is empty: nothing below can fire */
	/* l.182 xbstar = (hb | pb | rb)* */
	rel_copy(D, &m->xbstar, &m->hb);
	rel_or(D, &m->xbstar, &m->pb);
	rel_or(D, &m->xbstar, &m->rb);
	rel_star(D, &m->xbstar, &m->xbstar);
	/* l.183-184 vis = cumul-fence* ; rfe? ; [Marked] ;
	 *                 ((strong-fence ; [Marked] ; xbstar) | (xbstar & int)) */
	rel_star(D, &a, &m->cumul_fence);
	rel_opt(D, &b, &m->rfe);
	rel_ran(D, &b, &m->Marked);
	rel_seq(D, &a, &a, &b);
	restrict2(m, &b, strong_fence, NULL, &m->Marked);
	rel_seq(D, &b, &b, &m->xbstar);
	rel_copy(D, &m->vis, &m->xbstar);
	rel_and(D, &m->vis, &m->int_);
	rel_or(D, &b, &m->vis);
	rel_seq(D, &m->vis, &a, &b);
	/* l.187 w-pre-bounded = [Marked] ; (addr | fence)? */
	rel_copy(D, &m->w_pre_bounded, &m->addr);
	rel_or(D, &m->w_pre_bounded, fence);
	rel_opt(D, &m->w_pre_bounded, &m->w_pre_bounded);
	rel_dom(D, &m->w_pre_bounded, &m->Marked);
	/* l.188-189 r-pre-bounded = [Marked] ; (addr | nonrw-fence |
	 *                           ([R4rmb] ; fencerel(Rmb) ; [~Noreturn]))? */
	set_not(D, &s, &m->Noreturn);
	restrict2(m, &m->r_pre_bounded, &m->rmb_fencerel, &m->R4rmb, &s);
	rel_or(D, &m->r_pre_bounded, &m->addr);
	rel_or(D, &m->r_pre_bounded, &m->nonrw_fence);
	rel_opt(D, &m->r_pre_bounded, &m->r_pre_bounded);
	rel_dom(D, &m->r_pre_bounded, &m->Marked);
	/* l.190 w-post-bounded = fence? ; [Marked] ; rmw-sequence */
	rel_opt(D, &m->w_post_bounded, fence);
	rel_ran(D, &m->w_post_bounded, &m->Marked);
	rel_seq(D, &m->w_post_bounded, &m->w_post_bounded, &m->rmw_sequence);
	/* l.191-192 r-post-bounded = (nonrw-fence | ([~Noreturn] ; fencerel(Rmb) ; [R4rmb]))? ;
	 *                            [Marked] */
	restrict2(m, &m->r_post_bounded, &m->rmb_fencerel, &s, &m->R4rmb);
	rel_or(D, &m->r_post_bounded, &m->nonrw_fence);
	rel_opt(D, &m->r_post_bounded, &m->r_post_bounded);
	rel_ran(D, &m->r_post_bounded, &m->Marked);
	/* l.195-196 ww-vis = fence | (strong-fence ; xbstar ; w-pre-bounded) |
	 *                    (w-post-bounded ; vis ; w-pre-bounded)
	 * l.197-198 wr-vis: the same with r-pre-bounded
	 * l.199 rw-xbstar = fence | (r-post-bounded ; xbstar ; w-pre-bounded) */
	lk_rel sx, wv;
	rel_seq(D, &sx, strong_fence, &m->xbstar);
	rel_seq(D, &wv, &m->w_post_bounded, &m->vis);
	rel_seq(D, &m->ww_vis, &sx, &m->w_pre_bounded);
	rel_seq(D, &a, &wv, &m->w_pre_bounded);
	rel_or(D, &m->ww_vis, &a);
	rel_or(D, &m->ww_vis, fence);
	rel_seq(D, &m->wr_vis, &sx, &m->r_pre_bounded);
	rel_seq(D, &a, &wv, &m->r_pre_bounded);
	rel_or(D, &m->wr_vis, &a);
	rel_or(D, &m->wr_vis, fence);
	rel_seq(D, &m->rw_xbstar, &m->r_post_bounded, &m->xbstar);
	rel_seq(D, &m->rw_xbstar, &m->rw_xbstar, &m->w_pre_bounded);
	rel_or(D, &m->rw_xbstar, fence);
	/* l.202 pre-race = ext & ((Plain * M) | ((M \ IW) * Plain)) */
	s = m->M;
	set_minus(D, &s, &m->IW);
	rel_cross(D, &m->pre_race, &m->Plain, &m->M);
	rel_cross(D, &a, &s, &m->Plain);
	rel_or(D, &m->pre_race, &a);
	rel_and(D, &m->pre_race, &m->ext);
	/* l.205-208 plain-coherence: wr-incoh, rw-incoh and ww-incoh empty */
	rel_inv(D, &b, &m->rw_xbstar);
	rel_copy(D, &m->plain_coherence, &m->pre_race);
	rel_and(D, &m->plain_coherence, &m->rf);
	rel_and(D, &m->plain_coherence, &b);           /* wr-incoh */
	if (!rel_empty(D, &m->plain_coherence))
		return IOM_LKMM_AX_PLAIN_COHERENCE;
	rel_inv(D, &b, &m->wr_vis);
	rel_copy(D, &m->plain_coherence, &m->pre_race);
	rel_and(D, &m->plain_coherence, &m->fr);
	rel_and(D, &m->plain_coherence, &b);           /* rw-incoh */
	if (!rel_empty(D, &m->plain_coherence))
		return IOM_LKMM_AX_PLAIN_COHERENCE;
	rel_inv(D, &b, &m->ww_vis);
	rel_copy(D, &m->plain_coherence, &m->pre_race);
	rel_and(D, &m->plain_coherence, &m->co);
	rel_and(D, &m->plain_coherence, &b);           /* ww-incoh */
	if (!rel_empty(D, &m->plain_coherence))
		return IOM_LKMM_AX_PLAIN_COHERENCE;
	if (m->partial)
		return IOM_LKMM_AX_NONE;
	/* l.211-216 data-race: a flag */
	lk_rel c;
	/* l.211 ww-nonrace = ww-vis & ((Marked * W) | rw-xbstar) & ((W * Marked) | wr-vis) */
	rel_cross(D, &b, &m->Marked, &m->W);
	rel_or(D, &b, &m->rw_xbstar);
	rel_copy(D, &a, &m->ww_vis);
	rel_and(D, &a, &b);
	rel_cross(D, &b, &m->W, &m->Marked);
	rel_or(D, &b, &m->wr_vis);
	rel_and(D, &a, &b);
	/* l.212 ww-race = (pre-race & co) \ ww-nonrace */
	rel_copy(D, &c, &m->pre_race);
	rel_and(D, &c, &m->co);
	rel_minus(D, &c, &a);
	bool race = !rel_empty(D, &c);
	if (!race) {
		/* l.213 wr-race = (pre-race & (co? ; rf)) \ wr-vis \ rw-xbstar^-1 */
		rel_opt(D, &a, &m->co);
		rel_seq(D, &a, &a, &m->rf);
		rel_and(D, &a, &m->pre_race);
		rel_minus(D, &a, &m->wr_vis);
		rel_inv(D, &b, &m->rw_xbstar);
		rel_minus(D, &a, &b);
		race = !rel_empty(D, &a);
	}
	if (!race) {
		/* l.214 rw-race = (pre-race & fr) \ rw-xbstar */
		rel_copy(D, &a, &m->pre_race);
		rel_and(D, &a, &m->fr);
		rel_minus(D, &a, &m->rw_xbstar);
		race = !rel_empty(D, &a);
	}
	if (race)
		*flags |= 1u << IOM_LKMM_FLAG_DATA_RACE;
	return IOM_LKMM_AX_NONE;
}
