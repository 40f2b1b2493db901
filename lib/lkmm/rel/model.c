// SPDX-License-Identifier: MIT
/* iomodel -- LKMM relation layer: the model of Linux 6.12 tools/memory-model as herd7 7.57
 * evaluates it on one candidate execution: linux-kernel.bell, then linux-kernel.cat with
 * lock.cat included at its top (and herd7's stdlib.cat and cos-opt.cat underneath).
 * Every relation below names the file and line it implements (tools/memory-model@v6.12).
 * The order of the definitions matters where a name is redefined ("let-shadowing"): the
 * bell redefines addr/ctrl/data; lock.cat redefines R, W, M, Release, Acquire, rmw, rf, co,
 * fr; linux-kernel.cat l.155-156 add rcu-fence to fence and strong-fence after hb and pb
 * were built, so only rb and the data-race section see it, while nonrw-fence (l.57) never
 * does. */
#include <stdlib.h>
#include "lkmm/rel/rel.h"

struct lk_model {
	struct lk_dim dim;
	int dirty_n;                /* rows written since the last reset (lk_model_new)   */
	/* sets */
	lk_set all, R0, W0, M0, R, W, M, F, IW, FW, Marked, Plain, notM0;
	lk_set Once, Acq, Rel, Noret, RMWs, LKR, LKW, UL, LF, RU, RL;
	lk_set Srcu_lock, Srcu_unlock, Sync_srcu, Sync_rcu, Rcu_lock, Rcu_unlock;
	lk_set R4rmb, notNoret, UNMATCHED, tmpS;
	/* relations */
	lk_rel po, loc, intr, ext, id, poloc, rf, co, fr, rfe, rfi, coe, fre, rmw, lkrmw;
	lk_rel addr, data, ctrl, critical, t1, t2, t3, t4;
	lk_rel acqpo, porel, pulp, rmb, wmb, mb, gp, strong, nonrw, fence, barrier;
	lk_rel ppo, cumul, prop, hb, hbstar, pb, pbstar, rmwseq, rcu_link, rcu_order, rcu_fence;
	lk_rel rb, xbstar, vis, wpre, rpre, wpost, rpost, wwvis, wrvis, rwx, prerace, srcu_rscs;
	lk_rel rcu_rscs, rfmem, rmbf;
	bool partial;               /* lk_model_check_partial: checks only, no flags      */
};

/* one model kept per thread between runs: a fresh one is half a megabyte to fault in */
static _Thread_local struct lk_model *model_cache;

struct lk_model *lk_model_new(void)
{
	struct lk_model *m = model_cache;
	model_cache = NULL;
	if (m) {
		/* as new: the sets, and the rows of every relation the last runs wrote (rows
		 * and words past n stay zero, rel.h) */
		int dn = m->dirty_n;
		memset(&m->all, 0, (size_t)((char *)&m->po - (char *)&m->all));
		for (lk_rel *r = &m->po; r <= &m->rmbf; r++)
			memset(r->r, 0, (size_t)dn * sizeof(r->r[0]));
		m->partial = false;
		m->dirty_n = 0;
		return m;
	}
	return calloc(1, sizeof(struct lk_model));
}

void lk_model_free(struct lk_model *m)
{
	if (model_cache)
		free(m);
	else
		model_cache = m;
}

#define D (&m->dim)

/* fencerel(S) = (po & (_ * S)) ; po   (herd7 stdlib.cat l.29) */
static void fencerel(struct lk_model *m, lk_rel *d, const lk_set *s)
{
	rel_copy(D, &m->t4, &m->po);
	rel_ran(D, &m->t4, s);
	rel_seq(D, d, &m->t4, &m->po);
}

/* d = [a] ; r ; [b] */
static void restrict2(struct lk_model *m, lk_rel *d, const lk_rel *r, const lk_set *a, const lk_set *b)
{
	if (d != r)
		rel_copy(D, d, r);
	if (a)
		rel_dom(D, d, a);
	if (b)
		rel_ran(D, d, b);
}

static void set_from_tag(struct lk_model *m, const struct lk_exec *x, lk_set *s, uint32_t tag)
{
	set_clear(D, s);
	for (int i = 0; i < x->n; i++)
		if (x->ev[i].tags & tag)
			set_add(s, i);
}

static void set_from_kind(struct lk_model *m, const struct lk_exec *x, lk_set *s, int kind)
{
	set_clear(D, s);
	for (int i = 0; i < x->n; i++)
		if (x->ev[i].kind == kind)
			set_add(s, i);
}

/* rcu-rscs, linux-kernel.bell l.45-54: the recursive matching of nested Rcu-lock and
 * Rcu-unlock pairs along po; per thread it is bracket matching (innermost first). */
static void rcu_rscs(struct lk_model *m, const struct lk_exec *x, lk_rel *out)
{
	rel_clear(D, out);
	int stack[LK_MAXEV], sp = 0, cur = -2;
	for (int i = 0; i < x->n; i++) {
		const struct lk_ev *e = &x->ev[i];
		if (e->tid != cur) {
			cur = e->tid;
			sp = 0;
		}
		if (e->kind != LK_EV_F)
			continue;
		if (e->tags & LK_T_RCU_LOCK)
			stack[sp++] = i;
		else if ((e->tags & LK_T_RCU_UNLOCK) && sp)
			rel_add(out, stack[--sp], i);
	}
}

int lk_model_check(struct lk_model *m, const struct lk_exec *x, const bool *observed,
		   uint32_t *flags)
{
	int n = x->n;
	m->dim.n = n;
	if (n > m->dirty_n)
		m->dirty_n = n;
	m->dim.nw = (n + 63) / 64;
	*flags = 0;
	set_all(D, &m->all);

	/* ---- herd7's base sets and relations ---- */
	set_from_kind(m, x, &m->R0, LK_EV_R);
	set_from_kind(m, x, &m->W0, LK_EV_W);
	m->M0 = m->R0;
	set_or(D, &m->M0, &m->W0);
	set_not(D, &m->notM0, &m->M0);
	set_from_kind(m, x, &m->F, LK_EV_F);
	set_from_tag(m, x, &m->IW, LK_T_IW);
	set_from_tag(m, x, &m->Once, LK_T_ONCE);
	set_from_tag(m, x, &m->Acq, LK_T_ACQUIRE);
	set_from_tag(m, x, &m->Rel, LK_T_RELEASE);
	set_from_tag(m, x, &m->Noret, LK_T_NORETURN);
	set_not(D, &m->notNoret, &m->Noret);
	set_from_tag(m, x, &m->RMWs, LK_T_ATOMIC);
	set_from_kind(m, x, &m->LKR, LK_EV_LKR);
	set_from_kind(m, x, &m->LKW, LK_EV_LKW);
	set_from_kind(m, x, &m->UL, LK_EV_UL);
	set_from_kind(m, x, &m->LF, LK_EV_LF);
	set_from_kind(m, x, &m->RL, LK_EV_RL);
	set_from_kind(m, x, &m->RU, LK_EV_RU);
	set_from_tag(m, x, &m->Srcu_lock, LK_T_SRCU_LOCK);
	set_from_tag(m, x, &m->Srcu_unlock, LK_T_SRCU_UNLOCK);
	set_from_tag(m, x, &m->Sync_srcu, LK_T_SYNC_SRCU);
	set_from_tag(m, x, &m->Sync_rcu, LK_T_SYNC_RCU);
	set_from_tag(m, x, &m->Rcu_lock, LK_T_RCU_LOCK);
	set_from_tag(m, x, &m->Rcu_unlock, LK_T_RCU_UNLOCK);
	rel_copy(D, &m->po, &x->po);
	rel_clear(D, &m->loc);
	rel_clear(D, &m->intr);
	rel_clear(D, &m->ext);
	rel_clear(D, &m->id);
	for (int i = 0; i < n; i++) {
		set_add(&m->id.r[i], i);
		for (int j = 0; j < n; j++) {
			const struct lk_ev *a = &x->ev[i], *b = &x->ev[j];
			if (a->loc >= 0 && a->loc == b->loc)
				rel_add(&m->loc, i, j);
			/* IW form their own group and are never int (herd7 machModelChecker.ml) */
			if (a->tid >= 0 && a->tid == b->tid)
				rel_add(&m->intr, i, j);
			else
				rel_add(&m->ext, i, j);
		}
	}
	/* FW: the co-last write of each observed location (herd7 mem.ml fold_mem_finals) */
	set_clear(D, &m->FW);
	for (int i = 0; i < n; i++) {
		const struct lk_ev *e = &x->ev[i];
		if (e->kind == LK_EV_W && observed[e->loc]) {
			bool last = true;
			for (int j = 0; j < n; j++)
				if (rel_has(&x->co, i, j) && x->ev[j].kind == LK_EV_W)
					last = false;
			if (last)
				set_add(&m->FW, i);
		}
	}
	rel_copy(D, &m->poloc, &m->po);
	rel_and(D, &m->poloc, &m->loc);                /* stdlib.cat l.18 po-loc = po & loc */
	rel_clear(D, &m->rfmem);
	for (int i = 0; i < n; i++)
		if ((x->ev[i].kind == LK_EV_R) && x->rf[i] >= 0)
			rel_add(&m->rfmem, x->rf[i], i);
	rel_copy(D, &m->rmw, &x->rmw);
	rel_copy(D, &m->addr, &x->addr);
	rel_copy(D, &m->data, &x->data);
	rel_copy(D, &m->ctrl, &x->ctrl);

	/* ---- linux-kernel.bell ---- */
	/* l.45-54 rcu-rscs */
	rcu_rscs(m, x, &m->rcu_rscs);
	rel_domain(D, &m->tmpS, &m->rcu_rscs);
	lk_set s1 = m->Rcu_lock;
	set_minus(D, &s1, &m->tmpS);
	if (!set_empty(D, &s1))
		*flags |= 1u << IOM_LKMM_FLAG_UNMATCHED_RCU_LOCK;     /* l.57 */
	rel_range(D, &m->tmpS, &m->rcu_rscs);
	s1 = m->Rcu_unlock;
	set_minus(D, &s1, &m->tmpS);
	if (!set_empty(D, &s1))
		*flags |= 1u << IOM_LKMM_FLAG_UNMATCHED_RCU_UNLOCK;   /* l.58 */
	/* l.61 carry-srcu-data = (data ; [~Srcu-unlock] ; rf)* */
	lk_set notSU;
	set_not(D, &notSU, &m->Srcu_unlock);
	restrict2(m, &m->t1, &m->data, NULL, &notSU);
	rel_seq(D, &m->t1, &m->t1, &m->rfmem);
	rel_star(D, &m->t1, &m->t1);
	/* l.62 srcu-rscs = ([Srcu-lock] ; carry-srcu-data ; data ; [Srcu-unlock]) & loc */
	rel_dom(D, &m->t1, &m->Srcu_lock);
	rel_seq(D, &m->srcu_rscs, &m->t1, &m->data);
	rel_ran(D, &m->srcu_rscs, &m->Srcu_unlock);
	rel_and(D, &m->srcu_rscs, &m->loc);
	rel_domain(D, &m->tmpS, &m->srcu_rscs);
	s1 = m->Srcu_lock;
	set_minus(D, &s1, &m->tmpS);
	if (!set_empty(D, &s1))
		*flags |= 1u << IOM_LKMM_FLAG_UNMATCHED_SRCU_LOCK;    /* l.65 */
	rel_range(D, &m->tmpS, &m->srcu_rscs);
	s1 = m->Srcu_unlock;
	set_minus(D, &s1, &m->tmpS);
	if (!set_empty(D, &s1))
		*flags |= 1u << IOM_LKMM_FLAG_UNMATCHED_SRCU_UNLOCK;  /* l.66 */
	/* l.67 multiple-srcu-matches: (srcu-rscs^-1 ; srcu-rscs) \ id */
	rel_inv(D, &m->t2, &m->srcu_rscs);
	rel_seq(D, &m->t2, &m->t2, &m->srcu_rscs);
	rel_minus(D, &m->t2, &m->id);
	if (!rel_empty(D, &m->t2))
		*flags |= 1u << IOM_LKMM_FLAG_MULTIPLE_SRCU_MATCHES;
	/* l.70 invalid-sleep: rcu-rscs & (po ; [Sync-srcu] ; po) */
	restrict2(m, &m->t2, &m->po, NULL, &m->Sync_srcu);
	rel_seq(D, &m->t2, &m->t2, &m->po);
	rel_and(D, &m->t2, &m->rcu_rscs);
	if (!rel_empty(D, &m->t2))
		*flags |= 1u << IOM_LKMM_FLAG_INVALID_SLEEP;
	/* l.73 srcu-bad-value-match: different-values(srcu-rscs) */
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (rel_has(&m->srcu_rscs, i, j) && x->ev[i].val != x->ev[j].val)
				*flags |= 1u << IOM_LKMM_FLAG_SRCU_BAD_VALUE_MATCH;
	/* l.76-78 Marked and Plain (M, rmw, Release, Acquire as herd7 gives them here) */
	m->Marked = m->notM0;
	set_or(D, &m->Marked, &m->IW);
	set_or(D, &m->Marked, &m->Once);
	set_or(D, &m->Marked, &m->Rel);
	set_or(D, &m->Marked, &m->Acq);
	rel_domain(D, &m->tmpS, &m->rmw);
	set_or(D, &m->Marked, &m->tmpS);
	rel_range(D, &m->tmpS, &m->rmw);
	set_or(D, &m->Marked, &m->tmpS);
	set_or(D, &m->Marked, &m->Srcu_lock);
	set_or(D, &m->Marked, &m->Srcu_unlock);
	m->Plain = m->M0;
	set_minus(D, &m->Plain, &m->Marked);
	/* l.81 carry-dep = (data ; [~Srcu-unlock] ; rfi)* ; l.82-84 addr/ctrl/data redefined */
	rel_copy(D, &m->t2, &m->rfmem);
	rel_and(D, &m->t2, &m->intr);
	restrict2(m, &m->t1, &m->data, NULL, &notSU);
	rel_seq(D, &m->t1, &m->t1, &m->t2);
	rel_star(D, &m->t1, &m->t1);
	rel_seq(D, &m->addr, &m->t1, &m->addr);
	rel_seq(D, &m->ctrl, &m->t1, &m->ctrl);
	rel_seq(D, &m->data, &m->t1, &m->data);

	/* ---- lock.cat ---- */
	/* l.37 LF = LF | RL */
	set_or(D, &m->LF, &m->RL);
	/* l.40-41 mixed-lock-accesses */
	lk_set all_locks = m->LKR;
	set_or(D, &all_locks, &m->LKW);
	set_or(D, &all_locks, &m->UL);
	set_or(D, &all_locks, &m->LF);
	set_or(D, &all_locks, &m->RU);
	set_or(D, &all_locks, &m->Srcu_lock);
	set_or(D, &all_locks, &m->Srcu_unlock);
	set_or(D, &all_locks, &m->Sync_srcu);
	s1 = m->M0;
	set_minus(D, &s1, &m->IW);
	set_minus(D, &s1, &all_locks);
	restrict2(m, &m->t1, &m->loc, &s1, &all_locks);
	if (!rel_empty(D, &m->t1))
		*flags |= 1u << IOM_LKMM_FLAG_MIXED_LOCK_ACCESSES;
	/* l.44 lk-rmw = ([LKR] ; po-loc ; [LKW]) \ (po ; po) ; l.45 rmw = rmw | lk-rmw */
	restrict2(m, &m->lkrmw, &m->poloc, &m->LKR, &m->LKW);
	rel_seq(D, &m->t1, &m->po, &m->po);
	rel_minus(D, &m->lkrmw, &m->t1);
	rel_or(D, &m->rmw, &m->lkrmw);
	/* l.48-49 unpaired-LKW / unpaired-LKR */
	rel_range(D, &m->tmpS, &m->lkrmw);
	s1 = m->LKW;
	set_minus(D, &s1, &m->tmpS);
	if (!set_empty(D, &s1))
		*flags |= 1u << IOM_LKMM_FLAG_UNPAIRED_LKW;
	rel_domain(D, &m->tmpS, &m->lkrmw);
	s1 = m->LKR;
	set_minus(D, &s1, &m->tmpS);
	if (!set_empty(D, &s1))
		*flags |= 1u << IOM_LKMM_FLAG_UNPAIRED_LKR;
	/* po-loc ; [UL] ; po-loc, used by l.55, l.61 and l.86 */
	restrict2(m, &m->t2, &m->poloc, NULL, &m->UL);
	rel_seq(D, &m->t2, &m->t2, &m->poloc);
	/* l.55 lock-nest: empty ([LKW] ; po-loc ; [LKR]) \ (po-loc ; [UL] ; po-loc) */
	restrict2(m, &m->t1, &m->poloc, &m->LKW, &m->LKR);
	rel_minus(D, &m->t1, &m->t2);
	if (!rel_empty(D, &m->t1))
		return IOM_LKMM_AX_LOCK_NEST;
	/* l.61 nested-is-locked */
	restrict2(m, &m->t1, &m->poloc, &m->LKW, &m->RU);
	rel_minus(D, &m->t1, &m->t2);
	if (!rel_empty(D, &m->t1))
		return IOM_LKMM_AX_NESTED_IS_LOCKED;
	/* l.64 lock-final: [FW] ; loc ; [ALL-LOCKS] */
	restrict2(m, &m->t1, &m->loc, &m->FW, &all_locks);
	if (!rel_empty(D, &m->t1))
		*flags |= 1u << IOM_LKMM_FLAG_LOCK_FINAL;
	/* l.70-74 R, W, Release, Acquire */
	m->R = m->R0;
	set_or(D, &m->R, &m->LKR);
	set_or(D, &m->R, &m->LF);
	set_or(D, &m->R, &m->RU);
	m->W = m->W0;
	set_or(D, &m->W, &m->LKW);
	set_or(D, &m->Rel, &m->UL);
	set_or(D, &m->Acq, &m->LKR);
	/* l.77 critical = ([LKW] ; po-loc ; [UL]) \ (po-loc ; [LKW | UL] ; po-loc) */
	s1 = m->LKW;
	set_or(D, &s1, &m->UL);
	restrict2(m, &m->t1, &m->poloc, NULL, &s1);
	rel_seq(D, &m->t1, &m->t1, &m->poloc);
	restrict2(m, &m->critical, &m->poloc, &m->LKW, &m->UL);
	rel_minus(D, &m->critical, &m->t1);
	/* l.79 unmatched-unlock */
	rel_range(D, &m->tmpS, &m->critical);
	s1 = m->UL;
	set_minus(D, &s1, &m->tmpS);
	if (!set_empty(D, &s1))
		*flags |= 1u << IOM_LKMM_FLAG_UNMATCHED_UNLOCK;
	/* l.82-83 unmatched-locks */
	rel_domain(D, &m->tmpS, &m->critical);
	m->UNMATCHED = m->LKW;
	set_minus(D, &m->UNMATCHED, &m->tmpS);
	restrict2(m, &m->t1, &m->loc, &m->UNMATCHED, &m->UNMATCHED);
	rel_minus(D, &m->t1, &m->id);
	if (!rel_empty(D, &m->t1))
		return IOM_LKMM_AX_UNMATCHED_LOCKS;
	/* l.134 rf = rf | rf-lf | rf-ru (the choices of l.110 and l.131 come with x->rf) */
	rel_copy(D, &m->rf, &m->rfmem);
	for (int i = 0; i < n; i++) {
		int k = x->ev[i].kind;
		if ((k == LK_EV_LF || k == LK_EV_RL || k == LK_EV_RU) && x->rf[i] >= 0)
			rel_add(&m->rf, x->rf[i], i);
	}
	/* l.137-139 co0 and cos-opt.cat: co extends IW -> LKW and LKW -> UNMATCHED-LKW */
	rel_copy(D, &m->co, &x->co);
	restrict2(m, &m->t1, &m->loc, &m->LKW, &m->UNMATCHED);
	rel_minus(D, &m->t1, &m->id);
	rel_minus(D, &m->t1, &m->co);
	if (!m->partial && !rel_empty(D, &m->t1))
		return IOM_LKMM_AX_UNMATCHED_LOCKS;   /* no co exists: cos-opt ConsCo */
	/* l.140-141 W = W | UL ; M = R | W */
	set_or(D, &m->W, &m->UL);
	m->M = m->R;
	set_or(D, &m->M, &m->W);
	/* l.144 co = (co | critical | (critical^-1 ; co))+ */
	rel_inv(D, &m->t1, &m->critical);
	rel_seq(D, &m->t1, &m->t1, &m->co);
	rel_or(D, &m->t1, &m->co);
	rel_or(D, &m->t1, &m->critical);
	rel_plus(D, &m->co, &m->t1);
	rel_copy(D, &m->coe, &m->co);
	rel_and(D, &m->coe, &m->ext);
	/* l.149 rf = rf | ([IW | UL] ; singlestep(co) ; lk-rmw^-1) */
	rel_seq(D, &m->t1, &m->co, &m->co);
	rel_copy(D, &m->t2, &m->co);
	rel_minus(D, &m->t2, &m->t1);                  /* stdlib.cat l.48-50 singlestep */
	s1 = m->IW;
	set_or(D, &s1, &m->UL);
	rel_dom(D, &m->t2, &s1);
	rel_inv(D, &m->t3, &m->lkrmw);
	rel_seq(D, &m->t2, &m->t2, &m->t3);
	rel_or(D, &m->rf, &m->t2);
	/* l.150-155 rfe, rfi, fr, fre */
	rel_copy(D, &m->rfe, &m->rf);
	rel_and(D, &m->rfe, &m->ext);
	rel_copy(D, &m->rfi, &m->rf);
	rel_and(D, &m->rfi, &m->intr);
	rel_inv(D, &m->t1, &m->rf);
	rel_seq(D, &m->fr, &m->t1, &m->co);
	rel_copy(D, &m->fre, &m->fr);
	rel_and(D, &m->fre, &m->ext);

	/* ---- linux-kernel.cat ---- */
	/* l.69-70 coherence: acyclic po-loc | rf | co | fr */
	rel_copy(D, &m->t1, &m->poloc);
	rel_or(D, &m->t1, &m->rf);
	rel_or(D, &m->t1, &m->co);
	rel_or(D, &m->t1, &m->fr);
	if (!rel_acyclic(D, &m->t1))
		return IOM_LKMM_AX_COHERENCE;
	/* l.73 atomic: empty rmw & (fre ; coe) */
	rel_seq(D, &m->t1, &m->fre, &m->coe);
	rel_and(D, &m->t1, &m->rmw);
	if (!rel_empty(D, &m->t1))
		return IOM_LKMM_AX_ATOMIC;
	/* l.28 acq-po = [Acquire] ; po ; [M] ; l.29 po-rel = [M] ; po ; [Release] */
	restrict2(m, &m->acqpo, &m->po, &m->Acq, &m->M);
	restrict2(m, &m->porel, &m->po, &m->M, &m->Rel);
	/* l.30 po-unlock-lock-po = po ; [UL] ; (po | rf) ; [LKR] ; po */
	restrict2(m, &m->t1, &m->po, NULL, &m->UL);
	rel_copy(D, &m->t2, &m->po);
	rel_or(D, &m->t2, &m->rf);
	rel_ran(D, &m->t2, &m->LKR);
	rel_seq(D, &m->t1, &m->t1, &m->t2);
	rel_seq(D, &m->pulp, &m->t1, &m->po);
	/* l.33-34 R4rmb = R \ Noreturn ; rmb = [R4rmb] ; fencerel(Rmb) ; [R4rmb] */
	m->R4rmb = m->R;
	set_minus(D, &m->R4rmb, &m->Noret);
	set_from_tag(m, x, &s1, LK_T_RMB);
	fencerel(m, &m->rmb, &s1);
	restrict2(m, &m->rmb, &m->rmb, &m->R4rmb, &m->R4rmb);
	lk_rel *rmbrel_plain = &m->rmbf;               /* fencerel(Rmb), kept for l.189/191 */
	fencerel(m, rmbrel_plain, &s1);
	/* l.35 wmb = [W] ; fencerel(Wmb) ; [W] */
	set_from_tag(m, x, &s1, LK_T_WMB);
	fencerel(m, &m->wmb, &s1);
	restrict2(m, &m->wmb, &m->wmb, &m->W, &m->W);
	/* l.36-53 mb */
	set_from_tag(m, x, &s1, LK_T_MB);
	fencerel(m, &m->mb, &s1);
	restrict2(m, &m->mb, &m->mb, &m->M, &m->M);
	{
		lk_rel *a = &m->t1, *b = &m->t2;
		lk_set fs;
		/* [M] ; fencerel(Before-atomic) ; [RMW] ; po? ; [M] */
		set_from_tag(m, x, &fs, LK_T_BEFORE_ATOMIC);
		fencerel(m, a, &fs);
		restrict2(m, a, a, &m->M, &m->RMWs);
		rel_opt(D, b, &m->po);
		rel_ran(D, b, &m->M);
		rel_seq(D, a, a, b);
		rel_or(D, &m->mb, a);
		/* [M] ; po? ; [RMW] ; fencerel(After-atomic) ; [M] */
		set_from_tag(m, x, &fs, LK_T_AFTER_ATOMIC);
		fencerel(m, a, &fs);
		restrict2(m, a, a, &m->RMWs, &m->M);
		rel_opt(D, b, &m->po);
		rel_dom(D, b, &m->M);
		rel_seq(D, a, b, a);
		rel_or(D, &m->mb, a);
		/* [M] ; po? ; [LKW] ; fencerel(After-spinlock) ; [M] */
		set_from_tag(m, x, &fs, LK_T_AFTER_SPINLOCK);
		fencerel(m, a, &fs);
		restrict2(m, a, a, &m->LKW, &m->M);
		rel_opt(D, b, &m->po);
		rel_dom(D, b, &m->M);
		rel_seq(D, a, b, a);
		rel_or(D, &m->mb, a);
		/* [M] ; po-unlock-lock-po ; [After-unlock-lock] ; po ; [M] */
		set_from_tag(m, x, &fs, LK_T_AFTER_UNLOCK_LOCK);
		restrict2(m, a, &m->pulp, &m->M, &fs);
		restrict2(m, b, &m->po, NULL, &m->M);
		rel_seq(D, a, a, b);
		rel_or(D, &m->mb, a);
		/* [M] ; po? ; [Srcu-unlock] ; fencerel(After-srcu-read-unlock) ; [M] */
		set_from_tag(m, x, &fs, LK_T_AFTER_SRCU_READ_UNLOCK);
		fencerel(m, a, &fs);
		restrict2(m, a, a, &m->Srcu_unlock, &m->M);
		rel_opt(D, b, &m->po);
		rel_dom(D, b, &m->M);
		rel_seq(D, a, b, a);
		rel_or(D, &m->mb, a);
	}
	/* l.54 gp = po ; [Sync-rcu | Sync-srcu] ; po? */
	s1 = m->Sync_rcu;
	set_or(D, &s1, &m->Sync_srcu);
	restrict2(m, &m->t1, &m->po, NULL, &s1);
	rel_opt(D, &m->t2, &m->po);
	rel_seq(D, &m->gp, &m->t1, &m->t2);
	/* l.55 strong-fence = mb | gp */
	rel_copy(D, &m->strong, &m->mb);
	rel_or(D, &m->strong, &m->gp);
	/* l.57 nonrw-fence ; l.58 fence */
	rel_copy(D, &m->nonrw, &m->strong);
	rel_or(D, &m->nonrw, &m->porel);
	rel_or(D, &m->nonrw, &m->acqpo);
	rel_copy(D, &m->fence, &m->nonrw);
	rel_or(D, &m->fence, &m->wmb);
	rel_or(D, &m->fence, &m->rmb);

	/* l.80-85 ppo */
	lk_rel *dep = &m->t1, *ppo = &m->ppo;
	rel_copy(D, dep, &m->addr);
	rel_or(D, dep, &m->data);                      /* l.80 dep = addr | data */
	rel_copy(D, ppo, dep);
	rel_or(D, ppo, &m->ctrl);
	rel_ran(D, ppo, &m->W);                        /* l.81 rwdep */
	rel_copy(D, &m->t2, &m->co);
	rel_or(D, &m->t2, &m->fr);                     /* l.82 overwrite */
	rel_and(D, &m->t2, &m->intr);
	rel_or(D, ppo, &m->t2);                        /* l.83 (overwrite & int) */
	restrict2(m, &m->t2, &m->addr, NULL, &m->Plain);
	rel_seq(D, &m->t2, &m->t2, &m->wmb);
	rel_or(D, ppo, &m->t2);                        /* l.83 (addr ; [Plain] ; wmb) */
	restrict2(m, &m->t2, &m->addr, NULL, &m->R);
	rel_or(D, ppo, &m->t2);                        /* l.84 (addr ; [R]) */
	restrict2(m, &m->t2, dep, NULL, &m->Marked);
	rel_seq(D, &m->t2, &m->t2, &m->rfi);
	rel_or(D, ppo, &m->t2);                        /* l.84 (dep ; [Marked] ; rfi) */
	rel_copy(D, &m->t2, &m->fence);
	rel_and(D, &m->t2, &m->intr);
	rel_or(D, ppo, &m->t2);                        /* l.85 (fence & int) */
	rel_copy(D, &m->t2, &m->pulp);
	rel_and(D, &m->t2, &m->intr);
	rel_or(D, ppo, &m->t2);                        /* l.85 (po-unlock-lock-po & int) */

	/* l.89 rmw-sequence = (rf ; rmw)* */
	rel_seq(D, &m->rmwseq, &m->rf, &m->rmw);
	rel_star(D, &m->rmwseq, &m->rmwseq);
	/* l.88, l.90-91 cumul-fence */
	{
		lk_rel *a = &m->t1, *b = &m->t2;
		rel_copy(D, b, &m->rfe);
		rel_ran(D, b, &m->Marked);
		rel_opt(D, b, b);                          /* (rfe ; [Marked])? */
		rel_copy(D, a, &m->strong);
		rel_or(D, a, &m->porel);
		rel_seq(D, a, b, a);                       /* A-cumul(strong-fence | po-rel) */
		rel_or(D, a, &m->wmb);
		rel_or(D, a, &m->pulp);
		restrict2(m, a, a, &m->Marked, &m->Marked);
		rel_seq(D, &m->cumul, a, &m->rmwseq);
	}
	/* l.92-93 prop = [Marked] ; (overwrite & ext)? ; cumul-fence* ; [Marked] ; rfe? ; [Marked] */
	{
		lk_rel *a = &m->t1, *b = &m->t2;
		rel_copy(D, a, &m->co);
		rel_or(D, a, &m->fr);
		rel_and(D, a, &m->ext);
		rel_opt(D, a, a);
		rel_dom(D, a, &m->Marked);
		rel_star(D, b, &m->cumul);
		rel_seq(D, a, a, b);
		rel_ran(D, a, &m->Marked);
		rel_opt(D, b, &m->rfe);
		rel_ran(D, b, &m->Marked);
		rel_seq(D, &m->prop, a, b);
	}
	/* l.99 hb = [Marked] ; (ppo | rfe | ((prop \ id) & int)) ; [Marked] */
	rel_copy(D, &m->hb, &m->ppo);
	rel_or(D, &m->hb, &m->rfe);
	rel_copy(D, &m->t1, &m->prop);
	rel_minus(D, &m->t1, &m->id);
	rel_and(D, &m->t1, &m->intr);
	rel_or(D, &m->hb, &m->t1);
	restrict2(m, &m->hb, &m->hb, &m->Marked, &m->Marked);
	/* l.100 happens-before */
	if (!rel_acyclic(D, &m->hb))
		return IOM_LKMM_AX_HAPPENS_BEFORE;
	rel_star(D, &m->hbstar, &m->hb);
	/* l.107 pb = prop ; strong-fence ; hb* ; [Marked] */
	rel_seq(D, &m->pb, &m->prop, &m->strong);
	rel_seq(D, &m->pb, &m->pb, &m->hbstar);
	rel_ran(D, &m->pb, &m->Marked);
	/* l.108 propagation */
	if (!rel_acyclic(D, &m->pb))
		return IOM_LKMM_AX_PROPAGATION;
	rel_star(D, &m->pbstar, &m->pb);

	/* ---- RCU, l.124-161 ---- */
	bool any_rcu = !set_empty(D, &m->Sync_rcu) || !set_empty(D, &m->Sync_srcu);
	rel_clear(D, &m->rcu_fence);
	if (any_rcu) {
		lk_rel *gpR = &m->t1, *rscsi = &m->t2, *srscsi = &m->t3, *tmp = &m->t4;
		(void)tmp;
		/* l.134 rcu-link = po? ; hb* ; pb* ; prop ; po */
		rel_opt(D, &m->rcu_link, &m->po);
		rel_seq(D, &m->rcu_link, &m->rcu_link, &m->hbstar);
		rel_seq(D, &m->rcu_link, &m->rcu_link, &m->pbstar);
		rel_seq(D, &m->rcu_link, &m->rcu_link, &m->prop);
		rel_seq(D, &m->rcu_link, &m->rcu_link, &m->po);
		/* l.126-127 rcu-rscsi, srcu-rscsi */
		rel_inv(D, rscsi, &m->rcu_rscs);
		rel_inv(D, srscsi, &m->srcu_rscs);
		/* l.144-153 rcu-order, least fixpoint from empty. Each step computes N = F(O)
		 * with F built from ';', '|' and '&' of fixed relations and O: F is monotone, so
		 * from O = {} the steps only grow, and they reach the fixpoint within as many
		 * steps as there are pairs of events. The loop runs to convergence (it once
		 * stopped after 4 * LK_MAXEV steps whatever the state). */
		lk_rel O, N, A, B;
		rel_clear(D, &O);
		for (;;) {
			rel_id(D, &N, &m->Sync_rcu);           /* rcu-gp */
			rel_id(D, &A, &m->Sync_srcu);          /* srcu-gp */
			rel_or(D, &N, &A);
			/* gp ; link ; rscsi  and  rscsi ; link ; gp, plain and with rcu-order */
			lk_rel L, LOL;
			rel_copy(D, &L, &m->rcu_link);
			rel_seq(D, &LOL, &m->rcu_link, &O);
			rel_seq(D, &LOL, &LOL, &m->rcu_link);  /* rcu-link ; rcu-order ; rcu-link */
			for (int pass = 0; pass < 2; pass++) {
				const lk_rel *mid = pass ? &LOL : &L;
				/* (rcu-gp ; mid ; rcu-rscsi) */
				rel_id(D, gpR, &m->Sync_rcu);
				rel_seq(D, &A, gpR, mid);
				rel_seq(D, &A, &A, rscsi);
				rel_or(D, &N, &A);
				/* (rcu-rscsi ; mid ; rcu-gp) */
				rel_seq(D, &A, rscsi, mid);
				rel_ran(D, &A, &m->Sync_rcu);
				rel_or(D, &N, &A);
				/* ((srcu-gp ; mid ; srcu-rscsi) & loc) */
				rel_id(D, gpR, &m->Sync_srcu);
				rel_seq(D, &A, gpR, mid);
				rel_seq(D, &A, &A, srscsi);
				rel_and(D, &A, &m->loc);
				rel_or(D, &N, &A);
				/* ((srcu-rscsi ; mid ; srcu-gp) & loc) */
				rel_seq(D, &A, srscsi, mid);
				rel_ran(D, &A, &m->Sync_srcu);
				rel_and(D, &A, &m->loc);
				rel_or(D, &N, &A);
			}
			/* (rcu-order ; rcu-link ; rcu-order) */
			rel_seq(D, &B, &O, &m->rcu_link);
			rel_seq(D, &B, &B, &O);
			rel_or(D, &N, &B);
			if (rel_equal(D, &N, &O))
				break;
			rel_copy(D, &O, &N);
		}
		rel_copy(D, &m->rcu_order, &O);
		/* l.154 rcu-fence = po ; rcu-order ; po? */
		rel_seq(D, &m->rcu_fence, &m->po, &m->rcu_order);
		rel_opt(D, &A, &m->po);
		rel_seq(D, &m->rcu_fence, &m->rcu_fence, &A);
		/* l.155-156 fence, strong-fence += rcu-fence */
		rel_or(D, &m->fence, &m->rcu_fence);
		rel_or(D, &m->strong, &m->rcu_fence);
		/* l.159 rb = prop ; rcu-fence ; hb* ; pb* ; [Marked] */
		rel_seq(D, &m->rb, &m->prop, &m->rcu_fence);
		rel_seq(D, &m->rb, &m->rb, &m->hbstar);
		rel_seq(D, &m->rb, &m->rb, &m->pbstar);
		rel_ran(D, &m->rb, &m->Marked);
		/* l.161 rcu */
		if (!rel_irreflexive(D, &m->rb))
			return IOM_LKMM_AX_RCU;
	} else
		rel_clear(D, &m->rb);

	/* ---- plain accesses and data races, l.177-216 ---- */
	/* l.59-62 barrier */
	{
		lk_set bs;
		set_from_tag(m, x, &bs, LK_T_BARRIER | LK_T_RMB | LK_T_WMB | LK_T_MB | LK_T_SYNC_RCU |
			     LK_T_SYNC_SRCU | LK_T_BEFORE_ATOMIC | LK_T_AFTER_ATOMIC | LK_T_RCU_LOCK |
			     LK_T_RCU_UNLOCK | LK_T_SRCU_LOCK | LK_T_SRCU_UNLOCK);
		set_or(D, &bs, &m->Acq);
		set_or(D, &bs, &m->Rel);
		fencerel(m, &m->barrier, &bs);
		restrict2(m, &m->t1, &m->po, NULL, &m->Rel);
		rel_or(D, &m->barrier, &m->t1);
		restrict2(m, &m->t1, &m->po, &m->Acq, NULL);
		rel_or(D, &m->barrier, &m->t1);
	}
	/* l.177-179 mixed-accesses */
	{
		lk_set pw = m->Plain;
		set_and(D, &pw, &m->W);
		rel_copy(D, &m->t1, &m->poloc);
		rel_minus(D, &m->t1, &m->barrier);
		restrict2(m, &m->t2, &m->t1, &pw, &m->Marked);
		if (!rel_empty(D, &m->t2))
			*flags |= 1u << IOM_LKMM_FLAG_MIXED_ACCESSES;
		restrict2(m, &m->t2, &m->t1, &m->Marked, &pw);
		if (!rel_empty(D, &m->t2))
			*flags |= 1u << IOM_LKMM_FLAG_MIXED_ACCESSES;
	}
	if (set_empty(D, &m->Plain))
		return IOM_LKMM_AX_NONE;  /* pre-race is empty: nothing below can fire */
	/* l.182 xbstar = (hb | pb | rb)* */
	rel_copy(D, &m->xbstar, &m->hb);
	rel_or(D, &m->xbstar, &m->pb);
	rel_or(D, &m->xbstar, &m->rb);
	rel_star(D, &m->xbstar, &m->xbstar);
	/* l.183-184 vis = cumul-fence* ; rfe? ; [Marked] ;
	 *                ((strong-fence ; [Marked] ; xbstar) | (xbstar & int)) */
	{
		lk_rel *a = &m->t1, *b = &m->t2;
		rel_star(D, a, &m->cumul);
		rel_opt(D, b, &m->rfe);
		rel_ran(D, b, &m->Marked);
		rel_seq(D, a, a, b);
		restrict2(m, b, &m->strong, NULL, &m->Marked);
		rel_seq(D, b, b, &m->xbstar);
		rel_copy(D, &m->vis, &m->xbstar);
		rel_and(D, &m->vis, &m->intr);
		rel_or(D, b, &m->vis);
		rel_seq(D, &m->vis, a, b);
	}
	/* l.187 w-pre-bounded = [Marked] ; (addr | fence)? */
	rel_copy(D, &m->wpre, &m->addr);
	rel_or(D, &m->wpre, &m->fence);
	rel_opt(D, &m->wpre, &m->wpre);
	rel_dom(D, &m->wpre, &m->Marked);
	/* l.188-189 r-pre-bounded = [Marked] ; (addr | nonrw-fence |
	 *                           ([R4rmb] ; fencerel(Rmb) ; [~Noreturn]))? */
	restrict2(m, &m->rpre, rmbrel_plain, &m->R4rmb, &m->notNoret);
	rel_or(D, &m->rpre, &m->addr);
	rel_or(D, &m->rpre, &m->nonrw);
	rel_opt(D, &m->rpre, &m->rpre);
	rel_dom(D, &m->rpre, &m->Marked);
	/* l.190 w-post-bounded = fence? ; [Marked] ; rmw-sequence */
	rel_opt(D, &m->wpost, &m->fence);
	rel_ran(D, &m->wpost, &m->Marked);
	rel_seq(D, &m->wpost, &m->wpost, &m->rmwseq);
	/* l.191-192 r-post-bounded = (nonrw-fence | ([~Noreturn] ; fencerel(Rmb) ; [R4rmb]))? ;
	 *                            [Marked] */
	restrict2(m, &m->rpost, rmbrel_plain, &m->notNoret, &m->R4rmb);
	rel_or(D, &m->rpost, &m->nonrw);
	rel_opt(D, &m->rpost, &m->rpost);
	rel_ran(D, &m->rpost, &m->Marked);
	/* l.195-196 ww-vis ; l.197-198 wr-vis ; l.199 rw-xbstar */
	{
		lk_rel *sx = &m->t1, *wv = &m->t2;
		rel_seq(D, sx, &m->strong, &m->xbstar);    /* strong-fence ; xbstar */
		rel_seq(D, wv, &m->wpost, &m->vis);        /* w-post-bounded ; vis */
		rel_seq(D, &m->wwvis, sx, &m->wpre);
		rel_seq(D, &m->t4, wv, &m->wpre);
		rel_or(D, &m->wwvis, &m->t4);
		rel_or(D, &m->wwvis, &m->fence);
		rel_seq(D, &m->wrvis, sx, &m->rpre);
		rel_seq(D, &m->t4, wv, &m->rpre);
		rel_or(D, &m->wrvis, &m->t4);
		rel_or(D, &m->wrvis, &m->fence);
		rel_seq(D, &m->rwx, &m->rpost, &m->xbstar);
		rel_seq(D, &m->rwx, &m->rwx, &m->wpre);
		rel_or(D, &m->rwx, &m->fence);
	}
	/* l.202 pre-race = ext & ((Plain * M) | ((M \ IW) * Plain)) */
	{
		lk_set mi = m->M;
		set_minus(D, &mi, &m->IW);
		rel_cross(D, &m->prerace, &m->Plain, &m->M);
		rel_cross(D, &m->t1, &mi, &m->Plain);
		rel_or(D, &m->prerace, &m->t1);
		rel_and(D, &m->prerace, &m->ext);
	}
	/* l.205-208 plain-coherence */
	{
		lk_rel *a = &m->t1, *b = &m->t2;
		rel_inv(D, b, &m->rwx);
		rel_copy(D, a, &m->prerace);
		rel_and(D, a, &m->rf);
		rel_and(D, a, b);                          /* wr-incoh */
		if (!rel_empty(D, a))
			return IOM_LKMM_AX_PLAIN_COHERENCE;
		rel_inv(D, b, &m->wrvis);
		rel_copy(D, a, &m->prerace);
		rel_and(D, a, &m->fr);
		rel_and(D, a, b);                          /* rw-incoh */
		if (!rel_empty(D, a))
			return IOM_LKMM_AX_PLAIN_COHERENCE;
		rel_inv(D, b, &m->wwvis);
		rel_copy(D, a, &m->prerace);
		rel_and(D, a, &m->co);
		rel_and(D, a, b);                          /* ww-incoh */
		if (!rel_empty(D, a))
			return IOM_LKMM_AX_PLAIN_COHERENCE;
	}
	if (m->partial)
		return IOM_LKMM_AX_NONE;
	/* l.211-216 data-race */
	{
		lk_rel *a = &m->t1, *b = &m->t2, *c = &m->t4;
		lk_set all = m->all;
		/* l.211 ww-nonrace = ww-vis & ((Marked * W) | rw-xbstar) & ((W * Marked) | wr-vis) */
		rel_cross(D, b, &m->Marked, &m->W);
		rel_or(D, b, &m->rwx);
		rel_copy(D, a, &m->wwvis);
		rel_and(D, a, b);
		rel_cross(D, b, &m->W, &m->Marked);
		rel_or(D, b, &m->wrvis);
		rel_and(D, a, b);
		/* l.212 ww-race = (pre-race & co) \ ww-nonrace */
		rel_copy(D, c, &m->prerace);
		rel_and(D, c, &m->co);
		rel_minus(D, c, a);
		bool race = !rel_empty(D, c);
		if (!race) {
			/* l.213 wr-race = (pre-race & (co? ; rf)) \ wr-vis \ rw-xbstar^-1 */
			rel_opt(D, a, &m->co);
			rel_seq(D, a, a, &m->rf);
			rel_and(D, a, &m->prerace);
			rel_minus(D, a, &m->wrvis);
			rel_inv(D, b, &m->rwx);
			rel_minus(D, a, b);
			race = !rel_empty(D, a);
		}
		if (!race) {
			/* l.214 rw-race = (pre-race & fr) \ rw-xbstar */
			rel_copy(D, a, &m->prerace);
			rel_and(D, a, &m->fr);
			rel_minus(D, a, &m->rwx);
			race = !rel_empty(D, a);
		}
		(void)all;
		if (race)
			*flags |= 1u << IOM_LKMM_FLAG_DATA_RACE;
	}
	return IOM_LKMM_AX_NONE;
}

#undef D

/* The checks of linux-kernel.cat and lock.cat use only | & ; + * ? and differences with
 * fixed sets, so they are monotone in rf, co and fr: run on a partial candidate (the rf
 * and co decided so far; nothing for the rest), a failure fails every completion. The
 * co0 check of lock.cat l.137-138 needs the whole co and is skipped. */
int lk_model_check_partial(struct lk_model *m, const struct lk_exec *x, const bool *observed)
{
	uint32_t f;
	m->partial = true;
	int ax = lk_model_check(m, x, observed, &f);
	m->partial = false;
	return ax;
}

/* One cycle of r (which is known not to be acyclic), by depth-first search from each event
 * in turn: cyc[0..len-1] with (cyc[k], cyc[k+1]) and (cyc[len-1], cyc[0]) in r. */
static int find_cycle(const struct lk_dim *D, const lk_rel *r, int *cyc)
{
	int state[LK_MAXEV], parent[LK_MAXEV], stack[LK_MAXEV], next[LK_MAXEV];
	for (int i = 0; i < D->n; i++)
		state[i] = 0;   /* 0 new, 1 on the stack, 2 done */
	for (int s0 = 0; s0 < D->n; s0++) {
		if (state[s0])
			continue;
		int sp = 0;
		stack[sp++] = s0;
		state[s0] = 1;
		parent[s0] = -1;
		next[s0] = 0;
		while (sp) {
			int i = stack[sp - 1];
			int j = next[i];
			while (j < D->n && !rel_has(r, i, j))
				j++;
			if (j >= D->n) {
				state[i] = 2;
				sp--;
				continue;
			}
			next[i] = j + 1;
			if (state[j] == 1) {
				/* back edge i -> j: the cycle is j ... i on the stack */
				int len = 0;
				for (int k = i; k != j; k = parent[k])
					cyc[len++] = k;
				cyc[len++] = j;
				for (int a = 0, b = len - 1; a < b; a++, b--) {
					int t = cyc[a];
					cyc[a] = cyc[b];
					cyc[b] = t;
				}
				return len;
			}
			if (state[j] == 0) {
				state[j] = 1;
				parent[j] = i;
				next[j] = 0;
				stack[sp++] = j;
			}
		}
	}
	return 0;
}

int lk_model_failed_edges(const struct lk_model *m, int ax, int max, int *from, int *to,
			  const char **name)
{
	const struct lk_dim *D = &m->dim;
	const lk_rel *r;
	const char *nm = iom_lkmm_axiom_name((enum iom_lkmm_axiom)ax);
	int kind = 0;   /* 0 empty, 1 acyclic, 2 irreflexive */
	switch (ax) {
	case IOM_LKMM_AX_COHERENCE: r = &m->t1; kind = 1; break;       /* cat l.69-70 */
	case IOM_LKMM_AX_HAPPENS_BEFORE: r = &m->hb; kind = 1; nm = "hb"; break; /* l.100 */
	case IOM_LKMM_AX_PROPAGATION: r = &m->pb; kind = 1; nm = "pb"; break;    /* l.108 */
	case IOM_LKMM_AX_RCU: r = &m->rb; kind = 2; nm = "rb"; break;            /* l.161 */
	case IOM_LKMM_AX_ATOMIC:           /* l.73 rmw & (fre ; coe) */
	case IOM_LKMM_AX_PLAIN_COHERENCE:  /* l.205-208: the failing *-incoh */
	case IOM_LKMM_AX_LOCK_NEST:        /* lock.cat l.55, l.61, l.82-83, cos-opt */
	case IOM_LKMM_AX_NESTED_IS_LOCKED:
	case IOM_LKMM_AX_UNMATCHED_LOCKS:
		r = &m->t1;
		break;
	default:
		return 0;
	}
	int n = 0;
	if (kind == 1) {
		int cyc[LK_MAXEV];
		int len = find_cycle(D, r, cyc);
		for (int k = 0; k < len && n < max; k++, n++) {
			int i = cyc[k], j = cyc[(k + 1) % len];
			from[n] = i;
			to[n] = j;
			name[n] = nm;
			if (ax == IOM_LKMM_AX_COHERENCE)
				name[n] = rel_has(&m->poloc, i, j) ? "po-loc"
					  : rel_has(&m->rf, i, j)  ? "rf"
					  : rel_has(&m->co, i, j)  ? "co"
								   : "fr";
		}
		return n;
	}
	for (int i = 0; i < D->n; i++)
		for (int j = 0; j < D->n && n < max; j++)
			if (rel_has(r, i, j) && (kind == 0 || i == j)) {
				from[n] = i;
				to[n] = j;
				name[n++] = nm;
			}
	return n;
}
