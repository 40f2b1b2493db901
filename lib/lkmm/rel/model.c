// SPDX-License-Identifier: MIT
/* iomodel -- LKMM relation layer: the model as herd7 7.57 evaluates it on one candidate
 * execution (the layout is in model.h): herd7's own sets and relations, then
 * linux-kernel.bell, lock.cat and linux-kernel.cat section by section, and the edges of a
 * failed check. */
#include <stdlib.h>
#include "lkmm/rel/model.h"

/* one model kept per thread between runs: a fresh one is half a megabyte to fault in */
static _Thread_local struct lk_model *model_cache;

struct lk_model *lk_model_new(void)
{
	struct lk_model *m = model_cache;
	model_cache = NULL;
	if (m) {
		/* as new: the sets, and the rows of every relation the last runs wrote (rows
		 * and words past n stay zero, rel.h). The sets run from all to po, the
		 * relations from po to plain_coherence (model.h). */
		int dn = m->dirty_n;
		memset(&m->all, 0, (size_t)((char *)&m->po - (char *)&m->all));
		for (lk_rel *r = &m->po; r <= &m->plain_coherence; r++)
			memset(r->r, 0, (size_t)dn * sizeof(r->r[0]));
		m->partial = false;
		m->dirty_n = 0;
		m->fixed_x = NULL;
		m->rfc_valid = m->rfl_valid = m->rcuf_valid = false;
		m->key_n = -1;
		return m;
	}
	m = calloc(1, sizeof(struct lk_model));
	if (m)
		m->key_n = -1;
	return m;
}

void lk_model_free(struct lk_model *m)
{
	if (model_cache) {
		if (m)
			free(m->rcuc);
		free(m);
	} else
		model_cache = m;   /* with its rcuc: rcuf_valid, cleared on reuse, redoes it */
}

void lk_set_from_tag(struct lk_model *m, const struct lk_exec *x, lk_set *s, uint32_t tag)
{
	set_clear(D, s);
	for (int i = 0; i < x->n; i++)
		if (x->ev[i].tags & tag)
			set_add(s, i);
}

/* The next execution may differ from the last one in its events and po: lk_model_check
 * compares them with what the fixed part was computed from (same_key) and, when they
 * differ, computes it again and drops what was kept with it (rfc, rfl, rcuf). When they
 * do not (the next path combination differs in values only, as the reads' guesses of a
 * chain do), what was kept stays: each kept part reads only the fixed part and what it
 * is compared with (rf, po-unlock-lock-po, strong-fence). */
void lk_model_forget(struct lk_model *m)
{
	m->fixed_x = NULL;
}

/* Does x have what the fixed part was computed from (m->key_*)? With keep, make it so. */
static bool same_key(struct lk_model *m, const struct lk_exec *x, bool keep)
{
	const lk_rel *xr[] = { &x->po, &x->addr, &x->data, &x->ctrl, &x->rmw };
	lk_rel *kr[] = { &m->key_po, &m->key_addr, &m->key_data, &m->key_ctrl, &m->key_rmw };
	if (keep) {
		m->key_n = x->n;
		for (int i = 0; i < x->n; i++)
			m->key_ev[i] = (struct lk_key_ev){ x->ev[i].kind, x->ev[i].tags, x->ev[i].loc,
							   x->ev[i].tid };
		for (int k = 0; k < 5; k++)
			rel_copy(D, kr[k], xr[k]);
		return true;
	}
	if (m->key_n != x->n)
		return false;
	for (int i = 0; i < x->n; i++) {
		const struct lk_key_ev *e = &m->key_ev[i];
		if (e->kind != x->ev[i].kind || e->tags != x->ev[i].tags || e->loc != x->ev[i].loc ||
		    e->tid != x->ev[i].tid)
			return false;
	}
	for (int k = 0; k < 5; k++)
		if (!rel_equal(D, kr[k], xr[k]))
			return false;
	return true;
}

/* herd7's sets and relations of the candidate, before any model file runs: the event
 * sets by kind and by annotation (linux-kernel.def names them), po, loc, int, ext, id and
 * po-loc (stdlib.cat l.18). */
void lk_herd7_fixed(struct lk_model *m, const struct lk_exec *x)
{
	int n = x->n;
	set_all(D, &m->all);
	/* the sets by kind and by tag, in one pass over the events */
	lk_set *bykind[] = {
		[LK_EV_R] = &m->R0, [LK_EV_W] = &m->W0, [LK_EV_F] = &m->F,
		[LK_EV_LKR] = &m->LKR, [LK_EV_LKW] = &m->LKW, [LK_EV_UL] = &m->UL,
		[LK_EV_LF] = &m->LF0, [LK_EV_RL] = &m->RL, [LK_EV_RU] = &m->RU,
		[LK_EV_SRCU] = NULL,
	};
	const struct { uint32_t tag; lk_set *s; } bytag[] = {
		{ LK_T_IW, &m->IW }, { LK_T_ONCE, &m->Once }, { LK_T_ACQUIRE, &m->Acquire0 },
		{ LK_T_RELEASE, &m->Release0 }, { LK_T_NORETURN, &m->Noreturn },
		{ LK_T_ATOMIC, &m->RMW }, { LK_T_SRCU_LOCK, &m->Srcu_lock },
		{ LK_T_SRCU_UNLOCK, &m->Srcu_unlock }, { LK_T_SYNC_SRCU, &m->Sync_srcu },
		{ LK_T_SYNC_RCU, &m->Sync_rcu }, { LK_T_RCU_LOCK, &m->Rcu_lock },
		{ LK_T_RCU_UNLOCK, &m->Rcu_unlock },
	};
	const int ntag = (int)(sizeof(bytag) / sizeof(bytag[0]));
	uint32_t tagmask = 0;
	for (size_t k = 0; k < sizeof(bykind) / sizeof(bykind[0]); k++)
		if (bykind[k])
			*bykind[k] = (lk_set){ { 0 } };
	for (int t = 0; t < ntag; t++) {
		*bytag[t].s = (lk_set){ { 0 } };
		tagmask |= bytag[t].tag;
	}
	for (int i = 0; i < n; i++) {
		const struct lk_ev *e = &x->ev[i];
		if (e->kind < sizeof(bykind) / sizeof(bykind[0]) && bykind[e->kind])
			set_add(bykind[e->kind], i);
		if (e->tags & tagmask)
			for (int t = 0; t < ntag; t++)
				if (e->tags & bytag[t].tag)
					set_add(bytag[t].s, i);
	}
	m->M0 = m->R0;
	set_or(D, &m->M0, &m->W0);
	rel_copy(D, &m->po, &x->po);
	rel_clear(D, &m->loc);
	rel_clear(D, &m->int_);
	rel_clear(D, &m->id);
	/* loc: the events of one location; int: of one thread (IW form their own group and
	 * are never int, herd7 machModelChecker.ml); ext: the rest. Each group's events
	 * are gathered in the row of its first event, then copied to the others. */
	int lfirst[LK_MAXLOC], tfirst[LK_MAXTHR];
	for (int i = 0; i < n; i++) {
		if (x->ev[i].loc >= 0)
			lfirst[x->ev[i].loc] = -1;
		if (x->ev[i].tid >= 0)
			tfirst[x->ev[i].tid] = -1;
	}
	for (int i = 0; i < n; i++) {
		int l = x->ev[i].loc, t = x->ev[i].tid;
		if (l >= 0) {
			if (lfirst[l] < 0)
				lfirst[l] = i;
			set_add(&m->loc.r[lfirst[l]], i);
		}
		if (t >= 0) {
			if (tfirst[t] < 0)
				tfirst[t] = i;
			set_add(&m->int_.r[tfirst[t]], i);
		}
	}
	for (int i = 0; i < n; i++) {
		int l = x->ev[i].loc, t = x->ev[i].tid;
		set_add(&m->id.r[i], i);
		if (l >= 0)
			m->loc.r[i] = m->loc.r[lfirst[l]];
		if (t >= 0)
			m->int_.r[i] = m->int_.r[tfirst[t]];
		set_not(D, &m->ext.r[i], &m->int_.r[i]);
	}
	rel_copy(D, &m->po_loc, &m->po);
	rel_and(D, &m->po_loc, &m->loc);               /* stdlib.cat l.18 po-loc = po & loc */
}

/* The candidate's own: FW and herd7's rf of memory reads. */
void lk_herd7_base(struct lk_model *m, const struct lk_exec *x, const bool *observed)
{
	int n = x->n;
	/* FW: the co-last write of each observed location (herd7 mem.ml fold_mem_finals):
	 * no W event in its co row */
	lk_set w = { { 0 } };
	for (int i = 0; i < n; i++)
		if (x->ev[i].kind == LK_EV_W)
			set_add(&w, i);
	set_clear(D, &m->FW);
	for (int i = 0; i < n; i++)
		if (x->ev[i].kind == LK_EV_W && observed[x->ev[i].loc] && !set_intersects(D, &x->co.r[i], &w))
			set_add(&m->FW, i);
	rel_clear(D, &m->rf0);
	for (int i = 0; i < n; i++)
		if ((x->ev[i].kind == LK_EV_R) && x->rf[i] >= 0)
			rel_add(&m->rf0, x->rf[i], i);
}

/* The model files in herd7's order; the first failing check ends the run. */
int lk_model_check(struct lk_model *m, const struct lk_exec *x, const bool *observed,
		   uint32_t *flags)
{
	int n = x->n;
	m->dim.n = n;
	if (n > m->dirty_n)
		m->dirty_n = n;
	m->dim.nw = (n + 63) / 64;
	m->coherent = x->coherent;
	int ax;
	lk_herd7_base(m, x, observed);
	if (m->fixed_x != x && !same_key(m, x, false)) {
		/* the first candidate of this path combination, and another structure than
		 * the last one's */
		m->fixed_flags = 0;
		m->rfc_valid = m->rfl_valid = m->rcuf_valid = false;
		lk_herd7_fixed(m, x);
		lk_bell_fixed(m, x, &m->fixed_flags);
		m->fixed_ax = lk_lock_fixed(m, x, &m->fixed_flags);
		if (m->fixed_ax == IOM_LKMM_AX_NONE) {
			lk_cat_basic_fixed(m, x);
			lk_cat_ppo_fixed(m);
			lk_cat_plain_fixed(m, &m->fixed_flags);
		}
		same_key(m, x, true);
	}
	m->fixed_x = x;
	*flags = m->fixed_flags;
	if (m->fixed_ax != IOM_LKMM_AX_NONE)
		return m->fixed_ax;
	/* coherence and atomic (cat l.64-73) read nothing of the basic relations (l.23-62),
	 * so they run first: a candidate they reject costs no fences */
	if ((ax = lk_bell(m, x, flags)) != IOM_LKMM_AX_NONE ||
	    (ax = lk_lock_cat(m, x, flags)) != IOM_LKMM_AX_NONE ||
	    (ax = lk_cat_coherence(m)) != IOM_LKMM_AX_NONE ||
	    (ax = lk_cat_basic(m, x)) != IOM_LKMM_AX_NONE ||
	    (ax = lk_cat_ppo(m)) != IOM_LKMM_AX_NONE ||
	    (ax = lk_cat_hb(m)) != IOM_LKMM_AX_NONE ||
	    (ax = lk_cat_pb(m)) != IOM_LKMM_AX_NONE ||
	    (ax = lk_cat_rcu(m)) != IOM_LKMM_AX_NONE)
		return ax;
	return lk_cat_plain(m, flags);
}

/* The checks of linux-kernel.cat and lock.cat use only | & ; + * ? and differences with
 * fixed sets, so they are monotone in rf, co and fr: run on a partial candidate (the rf
 * and co decided so far; nothing for the rest), a failure fails every completion. The
 * co0 check of lock.cat l.137-138 needs the whole co and is skipped. */
/* hb is cyclic in every candidate with the rf of the last check, whatever its co: the
 * last lk_model_check() reached l.100 (it returned IOM_LKMM_AX_HAPPENS_BEFORE, say) and hb's
 * terms that read rf but not co are cyclic by themselves. Not with lock.cat's lk-rmw, whose
 * rf term (l.149) and so po-unlock-lock-po read co. */
bool lk_model_rf_doomed(struct lk_model *m)
{
	return m->rfc_valid && !m->lkrmw && lk_cat_hb_rf_cyclic(m);
}

int lk_model_check_partial(struct lk_model *m, const struct lk_exec *x, const bool *observed)
{
	uint32_t f;
	m->partial = true;
	int ax = lk_model_check(m, x, observed, &f);
	m->partial = false;
	return ax;
}

#undef D
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
	case IOM_LKMM_AX_COHERENCE: r = &m->coherence; kind = 1; break; /* cat l.69-70 */
	case IOM_LKMM_AX_HAPPENS_BEFORE: r = &m->hb; kind = 1; nm = "hb"; break; /* l.100 */
	case IOM_LKMM_AX_PROPAGATION: r = &m->pb; kind = 1; nm = "pb"; break;    /* l.108 */
	case IOM_LKMM_AX_RCU: r = &m->rb; kind = 2; nm = "rb"; break;            /* l.161 */
	case IOM_LKMM_AX_ATOMIC: r = &m->atomic; break;                  /* l.73 */
	case IOM_LKMM_AX_PLAIN_COHERENCE: r = &m->plain_coherence; break; /* l.205-208 */
	case IOM_LKMM_AX_LOCK_NEST:        /* lock.cat l.55, l.61, l.82-83, cos-opt */
	case IOM_LKMM_AX_NESTED_IS_LOCKED:
	case IOM_LKMM_AX_UNMATCHED_LOCKS:
		r = &m->lock_check;
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
				name[n] = rel_has(&m->po_loc, i, j) ? "po-loc"
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

/* ---- the LKMM as the search's model (lkmm_int.h, struct lk_model_ops) ---- */
static void *lkmm_create(void)
{
	return lk_model_new();
}

static void lkmm_destroy(void *m)
{
	lk_model_free(m);
}

static void lkmm_forget(void *m)
{
	lk_model_forget(m);
}

static int lkmm_check(void *m, const struct lk_exec *x, const bool *observed, uint32_t *flags)
{
	return lk_model_check(m, x, observed, flags);
}

static int lkmm_check_partial(void *m, const struct lk_exec *x, const bool *observed)
{
	return lk_model_check_partial(m, x, observed);
}

static bool lkmm_rf_doomed(void *m)
{
	return lk_model_rf_doomed(m);
}

static int lkmm_failed_edges(const void *m, int ax, int max, int *from, int *to, const char **name)
{
	return lk_model_failed_edges(m, ax, max, from, to, name);
}

static const char *lkmm_ax_name(int ax)
{
	return ax >= 0 && ax < IOM_LKMM_AX__COUNT ? iom_lkmm_axiom_name((enum iom_lkmm_axiom)ax) : NULL;
}

const struct lk_model_ops lk_model_lkmm = {
	.name = "linux-kernel.cat",
	.create = lkmm_create,
	.destroy = lkmm_destroy,
	.forget = lkmm_forget,
	.check = lkmm_check,
	.check_partial = lkmm_check_partial,
	.doomed_ax = IOM_LKMM_AX_HAPPENS_BEFORE,
	.rf_doomed = lkmm_rf_doomed,
	.failed_edges = lkmm_failed_edges,
	.ax_name = lkmm_ax_name,
};
