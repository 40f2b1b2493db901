// SPDX-License-Identifier: MIT
/* iomodel -- LKMM relation layer: lock.cat (tools/memory-model@v6.12), which
 * linux-kernel.cat includes at its top: spinlock events as reads, writes and RMWs, the
 * critical sections, lock.cat's flags and checks, and the rf and co that include the lock
 * events. lock.cat's rf choices for LF, RL and RU (l.86-131, "with ... from cross") are
 * made by the search; lk_lock_rf_candidates() gives it each event's choices. */
#include "lkmm/rel/model.h"

/* lock.cat l.86 rfi-lf, l.96 possible-rfe-noncrit-lf and l.118-120 (RU): the events that
 * LF/RL/RU event e may read from, into cand; returns how many. */
int lk_lock_rf_candidates(const struct lk_exec *x, int e, int *cand)
{
	int k = x->ev[e].kind, l = x->ev[e].loc, nc = 0;
	if (k == LK_EV_LF || k == LK_EV_RL) {
		/* l.86 rfi-lf = ([LKW] ; po-loc ; [LF]) \ ([LKW] ; po-loc ; [UL] ; po-loc) */
		int nin = 0;
		for (int w = 0; w < e; w++) {
			if (x->ev[w].kind != LK_EV_LKW || x->ev[w].loc != l || !rel_has(&x->po, w, e))
				continue;
			bool ul = false;
			for (int u = w + 1; u < e; u++)
				if (x->ev[u].kind == LK_EV_UL && x->ev[u].loc == l &&
				    rel_has(&x->po, w, u) && rel_has(&x->po, u, e))
					ul = true;
			if (!ul)
				nin++;
		}
		if (nin) {
			/* an LF inside its own critical section reads from its LKW(s); with
			 * several (nested locks), rf-lf holds all of them: keep the first, the
			 * candidate fails lock-nest anyway */
			for (int w = 0; w < e; w++)
				if (x->ev[w].kind == LK_EV_LKW && x->ev[w].loc == l && rel_has(&x->po, w, e)) {
					cand[nc++] = w;
					break;
				}
			return nc;
		}
		/* l.96 possible-rfe-noncrit-lf = (LKW * {e}) & loc & ext */
		for (int w = 0; w < x->n; w++)
			if (x->ev[w].kind == LK_EV_LKW && x->ev[w].loc == l && x->ev[w].tid != x->ev[e].tid)
				cand[nc++] = w;
		return nc;
	}
	/* l.118-119: the last po-previous UL of the same lock */
	int last = -1;
	for (int u = 0; u < e; u++)
		if (x->ev[u].kind == LK_EV_UL && x->ev[u].loc == l && rel_has(&x->po, u, e))
			last = u;
	if (last >= 0)
		cand[nc++] = last;
	/* l.120 ((UL | IW) * {e}) & loc & ext */
	for (int w = 0; w < x->n; w++)
		if ((x->ev[w].kind == LK_EV_UL || (x->ev[w].tags & LK_T_IW)) &&
		    x->ev[w].loc == l && x->ev[w].tid != x->ev[e].tid)
			cand[nc++] = w;
	return nc;
}

/* The part that reads neither rf nor co: the sets, lk-rmw, critical, the flags and the
 * checks of l.37-83 but l.64 (it reads FW). */
int lk_lock_fixed(struct lk_model *m, const struct lk_exec *x, uint32_t *flags)
{
	lk_set s, dom, ran;
	lk_rel r, pulu;

	/* l.37 LF = LF | RL */
	m->LF = m->LF0;
	set_or(D, &m->LF, &m->RL);
	/* l.40-41 ALL-LOCKS and mixed-lock-accesses: ([M \ IW \ ALL-LOCKS] ; loc ; [ALL-LOCKS]) */
	m->ALL_LOCKS = m->LKR;
	set_or(D, &m->ALL_LOCKS, &m->LKW);
	set_or(D, &m->ALL_LOCKS, &m->UL);
	set_or(D, &m->ALL_LOCKS, &m->LF);
	set_or(D, &m->ALL_LOCKS, &m->RU);
	set_or(D, &m->ALL_LOCKS, &m->Srcu_lock);
	set_or(D, &m->ALL_LOCKS, &m->Srcu_unlock);
	set_or(D, &m->ALL_LOCKS, &m->Sync_srcu);
	s = m->M0;
	set_minus(D, &s, &m->IW);
	set_minus(D, &s, &m->ALL_LOCKS);
	restrict2(m, &r, &m->loc, &s, &m->ALL_LOCKS);
	if (!rel_empty(D, &r))
		*flags |= 1u << IOM_LKMM_FLAG_MIXED_LOCK_ACCESSES;
	/* l.44 lk-rmw = ([LKR] ; po-loc ; [LKW]) \ (po ; po) ; l.45 rmw = rmw | lk-rmw */
	restrict2(m, &m->lk_rmw, &m->po_loc, &m->LKR, &m->LKW);
	m->lkrmw = !rel_empty(D, &m->lk_rmw);
	if (m->lkrmw) {
		rel_seq(D, &r, &m->po, &m->po);
		rel_minus(D, &m->lk_rmw, &r);
	}
	rel_copy(D, &m->rmw, &x->rmw);
	rel_or(D, &m->rmw, &m->lk_rmw);
	/* l.48-49 unpaired-LKW, unpaired-LKR */
	rel_range(D, &ran, &m->lk_rmw);
	s = m->LKW;
	set_minus(D, &s, &ran);
	if (!set_empty(D, &s))
		*flags |= 1u << IOM_LKMM_FLAG_UNPAIRED_LKW;
	rel_domain(D, &dom, &m->lk_rmw);
	s = m->LKR;
	set_minus(D, &s, &dom);
	if (!set_empty(D, &s))
		*flags |= 1u << IOM_LKMM_FLAG_UNPAIRED_LKR;
	/* po-loc ; [UL] ; po-loc, used by l.55 and l.61 */
	if (set_empty(D, &m->UL))
		rel_clear(D, &pulu);
	else {
		restrict2(m, &pulu, &m->po_loc, NULL, &m->UL);
		rel_seq(D, &pulu, &pulu, &m->po_loc);
	}
	/* l.55 lock-nest: empty ([LKW] ; po-loc ; [LKR]) \ (po-loc ; [UL] ; po-loc) */
	restrict2(m, &m->lock_check, &m->po_loc, &m->LKW, &m->LKR);
	rel_minus(D, &m->lock_check, &pulu);
	if (!rel_empty(D, &m->lock_check))
		return IOM_LKMM_AX_LOCK_NEST;
	/* l.61 nested-is-locked: empty ([LKW] ; po-loc ; [RU]) \ (po-loc ; [UL] ; po-loc) */
	restrict2(m, &m->lock_check, &m->po_loc, &m->LKW, &m->RU);
	rel_minus(D, &m->lock_check, &pulu);
	if (!rel_empty(D, &m->lock_check))
		return IOM_LKMM_AX_NESTED_IS_LOCKED;
	/* l.70-74 R, W, Release, Acquire; l.140-141 W = W | UL, M = R | W (nothing between
	 * l.71 and l.140 reads W, so W holds both at once) */
	m->R = m->R0;
	set_or(D, &m->R, &m->LKR);
	set_or(D, &m->R, &m->LF);
	set_or(D, &m->R, &m->RU);
	m->W = m->W0;
	set_or(D, &m->W, &m->LKW);
	set_or(D, &m->W, &m->UL);
	m->M = m->R;
	set_or(D, &m->M, &m->W);
	m->Release = m->Release0;
	set_or(D, &m->Release, &m->UL);
	m->Acquire = m->Acquire0;
	set_or(D, &m->Acquire, &m->LKR);
	/* l.77 critical = ([LKW] ; po-loc ; [UL]) \ (po-loc ; [LKW | UL] ; po-loc) */
	restrict2(m, &m->critical, &m->po_loc, &m->LKW, &m->UL);
	m->crit = !rel_empty(D, &m->critical);
	if (m->crit) {
		s = m->LKW;
		set_or(D, &s, &m->UL);
		restrict2(m, &r, &m->po_loc, NULL, &s);
		rel_seq(D, &r, &r, &m->po_loc);
		rel_minus(D, &m->critical, &r);
	}
	/* l.79 unmatched-unlock */
	rel_range(D, &ran, &m->critical);
	s = m->UL;
	set_minus(D, &s, &ran);
	if (!set_empty(D, &s))
		*flags |= 1u << IOM_LKMM_FLAG_UNMATCHED_UNLOCK;
	/* l.82-83 UNMATCHED-LKW = LKW \ domain(critical); unmatched-locks: empty
	 * ([UNMATCHED-LKW] ; loc ; [UNMATCHED-LKW]) \ id */
	rel_domain(D, &dom, &m->critical);
	m->UNMATCHED_LKW = m->LKW;
	set_minus(D, &m->UNMATCHED_LKW, &dom);
	restrict2(m, &m->lock_check, &m->loc, &m->UNMATCHED_LKW, &m->UNMATCHED_LKW);
	rel_minus(D, &m->lock_check, &m->id);
	if (!rel_empty(D, &m->lock_check))
		return IOM_LKMM_AX_UNMATCHED_LOCKS;
	return IOM_LKMM_AX_NONE;
}

/* The rest (after lk_lock_fixed passed): l.64 and the rf, co, fr of l.134-155. */
int lk_lock_cat(struct lk_model *m, const struct lk_exec *x, uint32_t *flags)
{
	int n = x->n;
	lk_set s;
	lk_rel r;
	/* l.64 lock-final: [FW] ; loc ; [ALL-LOCKS] (empty without lock events) */
	bool locks = !set_empty(D, &m->ALL_LOCKS);
	if (locks) {
		restrict2(m, &r, &m->loc, &m->FW, &m->ALL_LOCKS);
		if (!rel_empty(D, &r))
			*flags |= 1u << IOM_LKMM_FLAG_LOCK_FINAL;
	}
	/* l.134 rf = rf | rf-lf | rf-ru (the choices of l.110 and l.131 come with x->rf) */
	rel_copy(D, &m->rf, &m->rf0);
	for (int i = 0; i < n; i++) {
		int k = x->ev[i].kind;
		if ((k == LK_EV_LF || k == LK_EV_RL || k == LK_EV_RU) && x->rf[i] >= 0)
			rel_add(&m->rf, x->rf[i], i);
	}
	/* l.137-139 co0 and cos-opt.cat: co extends IW -> LKW and LKW -> UNMATCHED-LKW */
	if (set_empty(D, &m->LKW)) {
		rel_clear(D, &m->lock_check);         /* [LKW] ; ... is empty */
	} else {
		restrict2(m, &m->lock_check, &m->loc, &m->LKW, &m->UNMATCHED_LKW);
		rel_minus(D, &m->lock_check, &m->id);
		rel_minus(D, &m->lock_check, &x->co);
		if (!m->partial && !rel_empty(D, &m->lock_check))
			return IOM_LKMM_AX_UNMATCHED_LOCKS;   /* no co exists: cos-opt ConsCo */
	}
	/* l.144 co = (co | critical | (critical^-1 ; co))+ */
	if (m->crit) {
		rel_inv(D, &r, &m->critical);
		rel_seq(D, &r, &r, &x->co);
		rel_or(D, &r, &x->co);
		rel_or(D, &r, &m->critical);
		rel_plus(D, &m->co, &r);
	} else if (x->co_closed)
		rel_copy(D, &m->co, &x->co);
	else
		rel_plus(D, &m->co, &x->co);
	rel_copy(D, &m->coe, &m->co);
	rel_and(D, &m->coe, &m->ext);
	/* l.149 rf = rf | ([IW | UL] ; singlestep(co) ; lk-rmw^-1) */
	if (m->lkrmw) {         /* else lk-rmw is empty, and so is the term */
		lk_rel step, inv;
		rel_seq(D, &r, &m->co, &m->co);
		rel_copy(D, &step, &m->co);
		rel_minus(D, &step, &r);                       /* stdlib.cat l.48-50 singlestep */
		s = m->IW;
		set_or(D, &s, &m->UL);
		rel_dom(D, &step, &s);
		rel_inv(D, &inv, &m->lk_rmw);
		rel_seq(D, &step, &step, &inv);
		rel_or(D, &m->rf, &step);
	}
	/* l.150-155 rfe, rfi, fr, fre; rfe, rfi and rf^-1 again only when rf is not the
	 * last candidate's (the search's co choices under one rf choice, model.h) */
	if (!m->rfl_valid || !rel_equal(D, &m->rfl_rf, &m->rf)) {
		rel_copy(D, &m->rfe, &m->rf);
		rel_and(D, &m->rfe, &m->ext);
		rel_copy(D, &m->rfi, &m->rf);
		rel_and(D, &m->rfi, &m->int_);
		rel_inv(D, &m->rf_inv, &m->rf);
		rel_copy(D, &m->rfl_rf, &m->rf);
		m->rfl_valid = true;
		m->rf_gen++;
	}
	rel_seq(D, &m->fr, &m->rf_inv, &m->co);
	rel_copy(D, &m->fre, &m->fr);
	rel_and(D, &m->fre, &m->ext);
	return IOM_LKMM_AX_NONE;
}
