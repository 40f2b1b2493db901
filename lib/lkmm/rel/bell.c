// SPDX-License-Identifier: MIT
/* iomodel -- LKMM relation layer: linux-kernel.bell (tools/memory-model@v6.12), which
 * herd7 runs before linux-kernel.cat: RCU and SRCU read-side critical sections and their
 * flags, Marked and Plain, and the dependencies carried through registers. */
#include "lkmm/rel/model.h"

/* l.45-54 rcu-rscs: the recursive matching of nested Rcu-lock and Rcu-unlock pairs along
 * po; per thread it is bracket matching (innermost first). */
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

/* Sets the flag when s \ t is not empty. */
static void flag_unless_within(struct lk_model *m, uint32_t *flags, const lk_set *s,
			       const lk_set *t, int flag)
{
	lk_set d = *s;
	set_minus(D, &d, t);
	if (!set_empty(D, &d))
		*flags |= 1u << flag;
}

/* l.65-67: the flags of srcu-rscs but the one that reads values */
static void srcu_flags(struct lk_model *m, uint32_t *flags)
{
	lk_set dom, ran;
	lk_rel r;
	/* l.65-66 unmatched-srcu-lock, unmatched-srcu-unlock */
	rel_domain(D, &dom, &m->srcu_rscs);
	rel_range(D, &ran, &m->srcu_rscs);
	flag_unless_within(m, flags, &m->Srcu_lock, &dom, IOM_LKMM_FLAG_UNMATCHED_SRCU_LOCK);
	flag_unless_within(m, flags, &m->Srcu_unlock, &ran, IOM_LKMM_FLAG_UNMATCHED_SRCU_UNLOCK);
	m->srcu_any = !set_empty(D, &dom);
	if (!m->srcu_any)
		return;             /* srcu-rscs is empty: so are l.67 and l.73 */
	/* l.67 multiple-srcu-matches: (srcu-rscs^-1 ; srcu-rscs) \ id */
	rel_inv(D, &r, &m->srcu_rscs);
	rel_seq(D, &r, &r, &m->srcu_rscs);
	rel_minus(D, &r, &m->id);
	if (!rel_empty(D, &r))
		*flags |= 1u << IOM_LKMM_FLAG_MULTIPLE_SRCU_MATCHES;
}

/* l.73 srcu-bad-value-match: different-values(srcu-rscs). It reads the events' values,
 * which the fixed part must not (lk_model_check reuses it for other values). */
static void srcu_value_flag(struct lk_model *m, const struct lk_exec *x, uint32_t *flags)
{
	int n = x->n;
	if (!m->srcu_any)
		return;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (rel_has(&m->srcu_rscs, i, j) && x->ev[i].val != x->ev[j].val)
				*flags |= 1u << IOM_LKMM_FLAG_SRCU_BAD_VALUE_MATCH;
}

/* l.61-62 SRCU's read-side critical sections and l.81-84 the dependencies carried through
 * registers: both read rf through data ; [~Srcu-unlock] (m->data_nsu). When that is empty
 * (lk_bell_fixed) both closures are id: srcu-rscs is [Srcu-lock] ; data ; [Srcu-unlock]
 * & loc and addr, ctrl, data are the registers' own. */
static void bell_rf(struct lk_model *m, const struct lk_exec *x, uint32_t *flags)
{
	lk_rel carry, r;
	/* l.61 carry-srcu-data = (data ; [~Srcu-unlock] ; rf)* */
	rel_seq(D, &carry, &m->data_nsu, &m->rf0);
	rel_star(D, &carry, &carry);
	/* l.62 srcu-rscs = ([Srcu-lock] ; carry-srcu-data ; data ; [Srcu-unlock]) & loc */
	rel_dom(D, &carry, &m->Srcu_lock);
	rel_seq(D, &m->srcu_rscs, &carry, &x->data);
	rel_ran(D, &m->srcu_rscs, &m->Srcu_unlock);
	rel_and(D, &m->srcu_rscs, &m->loc);
	srcu_flags(m, flags);
	/* l.81 carry-dep = (data ; [~Srcu-unlock] ; rfi)* ; l.82-84 addr, ctrl and data
	 * redefined as carry-dep ; addr (ctrl, data) */
	rel_copy(D, &r, &m->rf0);
	rel_and(D, &r, &m->int_);                      /* herd7's rfi */
	rel_seq(D, &carry, &m->data_nsu, &r);
	rel_star(D, &carry, &carry);
	rel_seq(D, &m->addr, &carry, &x->addr);
	rel_seq(D, &m->ctrl, &carry, &x->ctrl);
	rel_seq(D, &m->data, &carry, &x->data);
}

void lk_bell_fixed(struct lk_model *m, const struct lk_exec *x, uint32_t *flags)
{
	lk_set dom, ran, not_srcu_unlock;
	lk_rel r;
	/* ---- RCU, l.45-58 ---- */
	rcu_rscs(m, x, &m->rcu_rscs);
	rel_domain(D, &dom, &m->rcu_rscs);
	rel_range(D, &ran, &m->rcu_rscs);
	flag_unless_within(m, flags, &m->Rcu_lock, &dom, IOM_LKMM_FLAG_UNMATCHED_RCU_LOCK);
	flag_unless_within(m, flags, &m->Rcu_unlock, &ran, IOM_LKMM_FLAG_UNMATCHED_RCU_UNLOCK);
	/* l.70 invalid-sleep: rcu-rscs & (po ; [Sync-srcu] ; po) */
	fencerel(m, &r, &m->Sync_srcu);
	rel_and(D, &r, &m->rcu_rscs);
	if (!rel_empty(D, &r))
		*flags |= 1u << IOM_LKMM_FLAG_INVALID_SLEEP;
	/* ---- l.76-78 Marked and Plain (herd7's M, rmw, Release and Acquire: lock.cat has
	 * not run yet) ---- */
	set_not(D, &m->Marked, &m->M0);
	set_or(D, &m->Marked, &m->IW);
	set_or(D, &m->Marked, &m->Once);
	set_or(D, &m->Marked, &m->Release0);
	set_or(D, &m->Marked, &m->Acquire0);
	rel_domain(D, &dom, &x->rmw);
	set_or(D, &m->Marked, &dom);
	rel_range(D, &ran, &x->rmw);
	set_or(D, &m->Marked, &ran);
	set_or(D, &m->Marked, &m->Srcu_lock);
	set_or(D, &m->Marked, &m->Srcu_unlock);
	m->Plain = m->M0;
	set_minus(D, &m->Plain, &m->Marked);
	/* data ; [~Srcu-unlock], which l.61 and l.81 follow with rf */
	set_not(D, &not_srcu_unlock, &m->Srcu_unlock);
	restrict2(m, &m->data_nsu, &x->data, NULL, &not_srcu_unlock);
	m->deps_fixed = rel_empty(D, &m->data_nsu);
	if (!m->deps_fixed)
		return;             /* lk_bell, on each candidate */
	/* l.61-62 and l.81-84 with both closures id (bell_rf) */
	restrict2(m, &m->srcu_rscs, &x->data, &m->Srcu_lock, &m->Srcu_unlock);
	rel_and(D, &m->srcu_rscs, &m->loc);
	srcu_flags(m, flags);
	rel_copy(D, &m->addr, &x->addr);
	rel_copy(D, &m->ctrl, &x->ctrl);
	rel_copy(D, &m->data, &x->data);
}

int lk_bell(struct lk_model *m, const struct lk_exec *x, uint32_t *flags)
{
	if (!m->deps_fixed)
		bell_rf(m, x, flags);
	srcu_value_flag(m, x, flags);
	return IOM_LKMM_AX_NONE;
}
