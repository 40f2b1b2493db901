// SPDX-License-Identifier: MIT
/* iomodel -- LKMM engine, MMIO layer: ppo-io from the rule rows and the io-order axiom
 * (io.h, docs/ordering.md §10). Nothing here knows an architecture: every ordering fact
 * is a row of tables/order_*.def, looked up through order.h. */
#include <stdlib.h>
#include <string.h>
#include "lkmm/io/io.h"
#include "lkmm/rel/rel.h"

/* ---- the rules' view of an event ---------------------------------------------------------- */

/* The rule event of e, or false when e is not an endpoint of the rules (IW, the buffer
 * half of a bulk element, SRCU). *fence gets the barrier kind of a fence event. */
static bool ord_ev(const struct lk_test *lt, const struct lk_ev *e, struct iom_ord_ev *oe,
		   bool *is_fence)
{
	*is_fence = false;
	if (e->tags & (LK_T_IW | LK_T_IMPLIED) || e->prim < 0)
		return false;
	const struct iom_lit_prim_info *pi = iom_lit_prim_info((enum iom_lit_prim)e->prim);
	if (!pi)
		return false;
	if (e->kind == LK_EV_F) {
		if (pi->pclass == IOM_LIT_PC_BARRIER || pi->pclass == IOM_LIT_PC_OTHER) {
			if (iom_ord_classify((enum iom_lit_prim)e->prim, 0, oe) < 0)
				return false;
		} else if (e->tags & LK_T_MB) {
			/* the F[mb] of a fully ordered RMW or of smp_store_mb(): smp_mb() on either
			 * side (linux-kernel.def@v6.12: xchg = __xchg{mb}, smp_store_mb =
			 * __store{once}; __fence{mb}), as the MMIO rule tables read it */
			memset(oe, 0, sizeof(*oe));
			oe->kind = IOM_ORD_K_SMP_MB;
			oe->reg = IOM_ORD_ANYREG;
			oe->dev = oe->loc = -1;
		} else {
			return false;  /* an LKMM-only fence (rcu, srcu): nothing for the rules */
		}
		*is_fence = iom_ord_is_barrier(oe->kind);
		return *is_fence;
	}
	if (e->tags & LK_T_IO) {
		if (iom_ord_classify((enum iom_lit_prim)e->prim, (unsigned)e->rclass, oe) < 0)
			return false;
		oe->op = e->kind == LK_EV_R ? IOM_ORD_R : IOM_ORD_W;
		oe->dev = e->dev;
		oe->off = e->offset;
		oe->loc = -1;
		return true;
	}
	if (pi->pclass == IOM_LIT_PC_STRING)
		return false;  /* the buffer half of a bulk element: glued to it */
	memset(oe, 0, sizeof(*oe));
	oe->reg = IOM_ORD_MEM;
	oe->dev = -1;
	oe->loc = e->loc;
	switch (e->kind) {
	case LK_EV_LKR:
	case LK_EV_LKW:
		oe->kind = IOM_ORD_K_LOCK;
		oe->op = IOM_ORD_RW;
		return true;
	case LK_EV_UL:
		oe->kind = IOM_ORD_K_UNLOCK;
		oe->op = IOM_ORD_W;
		return true;
	case LK_EV_R:
	case LK_EV_W:
	case LK_EV_LF:
	case LK_EV_RL:
	case LK_EV_RU:
		/* READ_ONCE, plain, acquire, release, RMW halves, atomic_*(): by their tag */
		oe->kind = e->tags & LK_T_ACQUIRE ? IOM_ORD_K_ACQ
			   : e->tags & LK_T_RELEASE ? IOM_ORD_K_REL : IOM_ORD_K_P;
		oe->op = e->kind == LK_EV_W ? IOM_ORD_W : IOM_ORD_R;
		return true;
	default:
		return false;
	}
	(void)lt;
}

/* ppo-io of one CPU path: for events i before j (po), ordered when a PAIR row orders them
 * (flags: i made holding a lock; a spin_lock() between them), a FENCE row orders them
 * across a barrier between them, or j depends on i (addr, data, ctrl: the MMIO layer
 * never speculates past a branch, and a write waits for the reads its value needs);
 * then transitively closed. Also the FLUSH events. */
static void path_ppo(const struct lk_test *lt, struct lk_path *p)
{
	struct iom_ord_ev oe[LK_MAXTEV];
	bool ep[LK_MAXTEV], fe[LK_MAXTEV];
	int depth = 0, held[LK_MAXTEV], locks_before[LK_MAXTEV], nlocks = 0;
	for (int i = 0; i < p->nev; i++) {
		const struct lk_ev *e = &p->ev[i];
		bool f;
		ep[i] = ord_ev(lt, e, &oe[i], &f);
		fe[i] = ep[i] && f;
		if (fe[i])
			ep[i] = false;
		held[i] = depth > 0;
		locks_before[i] = nlocks;
		if (e->kind == LK_EV_LKW) {
			depth++;
			nlocks++;
		} else if (e->kind == LK_EV_UL && depth > 0) {
			depth--;
		}
		p->ioppo[i] = 0;
		bool fl = false;
		if (ep[i] || fe[i])
			iom_ord_flush(&lt->ctx, &oe[i], &fl);
		if (fl)
			p->ioflush |= 1ull << i;
	}
	for (int i = 0; i < p->nev; i++) {
		if (!ep[i])
			continue;
		for (int j = i + 1; j < p->nev; j++) {
			if (!ep[j] || (p->glue[i] >> j & 1))
				continue;
			bool o = ((p->addr[i] | p->data[i] | p->ctrl[i]) >> j & 1) != 0;
			/* a lock between: a spin_lock() (its LKW) after i and before j, other than
			 * i's own statement */
			int between = locks_before[j] - locks_before[i] - (p->ev[i].kind == LK_EV_LKR);
			if (p->ev[i].kind == LK_EV_LKW)
				between = locks_before[j] - locks_before[i] - 1;
			unsigned flags = (held[i] ? IOM_ORD_F_HELD : 0) |
					 (between > 0 ? IOM_ORD_F_LOCK_BETWEEN : 0);
			if (!o)
				iom_ord_pair(&lt->ctx, &oe[i], &oe[j], flags, &o);
			for (int f = i + 1; !o && f < j; f++)
				if (fe[f])
					iom_ord_fence(&lt->ctx, &oe[i], oe[f].kind, &oe[j], &o);
			if (o)
				p->ioppo[i] |= 1ull << j;
		}
	}
	/* the bulk element's buffer half is ordered as the element is */
	for (int i = 0; i < p->nev; i++)
		for (int j = 0; j < p->nev; j++)
			if (p->glue[i] >> j & 1)
				p->ioppo[j] |= p->ioppo[i];
	for (int k = 0; k < p->nev; k++)
		for (int i = 0; i < p->nev; i++)
			if (p->ioppo[i] >> k & 1)
				p->ioppo[i] |= p->ioppo[k];
}

/* Same events (what the rules read of them) and the same dependencies and glue. */
static bool same_shape(const struct lk_path *a, const struct lk_path *b)
{
	if (a->nev != b->nev)
		return false;
	for (int i = 0; i < a->nev; i++) {
		const struct lk_ev *x = &a->ev[i], *y = &b->ev[i];
		if (x->kind != y->kind || x->tags != y->tags || x->loc != y->loc || x->prim != y->prim ||
		    x->dev != y->dev || x->offset != y->offset || x->rclass != y->rclass ||
		    a->addr[i] != b->addr[i] || a->data[i] != b->data[i] || a->ctrl[i] != b->ctrl[i] ||
		    a->glue[i] != b->glue[i])
			return false;
	}
	return true;
}

/* ---- tracked events ------------------------------------------------------------------------ */

static int track_add(struct lk_test *lt, const struct iom_lit_evref *r)
{
	if (!r->stmt)
		return -1;
	for (int k = 0; k < lt->ntrack; k++)
		if (lt->track[k].thread == r->thread && lt->track[k].stmt == r->stmt->id &&
		    lt->track[k].elem == r->elem)
			return k;
	if (lt->ntrack >= LK_MAXTRACK)
		return -2;
	int k = lt->ntrack++;
	lt->track[k].thread = r->thread;
	lt->track[k].stmt = r->stmt->id;
	lt->track[k].elem = r->elem;
	lt->track[k].label = r->stmt->label ? r->stmt->label : r->label;
	return k;
}

static int tracks_of(struct lk_test *lt, const struct iom_lit_cond *c)
{
	if (!c)
		return 0;
	if (c->kind == IOM_LIT_C_IO_BEFORE || c->kind == IOM_LIT_C_VO_BEFORE ||
	    c->kind == IOM_LIT_C_COMBINED) {
		int a = track_add(lt, &c->e1), b = track_add(lt, &c->e2);
		if (a == -2 || b == -2)
			return -IOM_ELIMIT;
		lt->io_print = true;
	}
	int r = tracks_of(lt, c->a);
	return r ? r : tracks_of(lt, c->b);
}

int lk_io_prepare(struct lk_test *lt, struct iom_diag *d)
{
	for (unsigned t = 0; t < lt->ncpu; t++)
		for (unsigned i = 0; i < lt->paths[t].n; i++) {
			struct lk_path *p = &lt->paths[t].v[i];
			/* paths that differ only in the values read (most of them) share the rules'
			 * answer: reuse the previous path's */
			if (i && same_shape(&lt->paths[t].v[i - 1], p)) {
				memcpy(p->ioppo, lt->paths[t].v[i - 1].ioppo, sizeof(p->ioppo));
				p->ioflush = lt->paths[t].v[i - 1].ioflush;
				continue;
			}
			path_ppo(lt, p);
		}
	if (tracks_of(lt, lt->t->filter) < 0 || tracks_of(lt, lt->t->cond) < 0)
		goto limit;
	/* Any two tracked events may turn out to be one WC transaction (lk_io_enum decides
	 * per candidate): a tie in their order, and what combined() asks. Combining events
	 * nothing names is never observable: a merge only adds io-order constraints. */
	for (int a = 0; a < lt->ntrack; a++)
		for (int b = a + 1; b < lt->ntrack; b++) {
			if (lt->track[a].thread != lt->track[b].thread)
				continue;
			if (lt->ncomb >= LK_MAXCOMB)
				goto limit;
			lt->comb[lt->ncomb][0] = a;
			lt->comb[lt->ncomb++][1] = b;
		}
	return 0;
limit:
	iom_diag_set(d, IOM_ELIMIT, lt->t->file, 0, 0,
		     "more than %d events named in the condition, or %d pairs of them that may "
		     "combine: the MMIO layer's limits (LK_MAXTRACK, LK_MAXCOMB)", LK_MAXTRACK, LK_MAXCOMB);
	return -IOM_ELIMIT;
}

/* ---- the io-order axiom ---------------------------------------------------------------------- */

/* The event of thread t's statement stmt (element elem; -1: the last element) in x. */
static int find_ev(const struct lk_test *lt, const struct lk_exec *x, const int *choice,
		   const int *off, int t, int stmt, int elem)
{
	if (t < 0 || (unsigned)t >= lt->ncpu)
		return -1;
	const struct lk_path *p = &lt->paths[t].v[choice[t]];
	int best = -1;
	for (int i = 0; i < p->nev; i++) {
		const struct lk_ev *e = &p->ev[i];
		if (e->stmt != stmt || (elem >= 0 && e->elem != elem))
			continue;
		/* the access itself (the last one: an RMW's write), not its fences; an MMIO
		 * element before the buffer access glued to it */
		if (best >= 0 && e->kind == LK_EV_F && p->ev[best].kind != LK_EV_F)
			continue;
		if (best < 0 || (e->tags & LK_T_IO) || !(p->ev[best].tags & LK_T_IO) ||
		    p->ev[best].kind == LK_EV_F)
			best = i;
	}
	(void)x;
	return best < 0 ? -1 : off[t] + best;
}

static int uf_find(int *par, int i)
{
	while (par[i] != i)
		i = par[i] = par[par[i]];
	return i;
}

static void uf_join(int *par, int a, int b)
{
	a = uf_find(par, a);
	b = uf_find(par, b);
	if (a != b)
		par[a > b ? a : b] = a > b ? b : a;
}

struct ioctx {
	const struct lk_test *lt;
	const struct lk_exec *x;
	int ncomp;
	int comp[LK_MAXEV];
	lk_set reach[LK_MAXEV];     /* over components, transitively closed               */
	bool counted[LK_MAXEV];
	int tcomp[LK_MAXTRACK];     /* component of each tracked event, -1 absent          */
	int tl[LK_MAXTRACK], ntl;   /* distinct tracked components                         */
	int order[LK_MAXTRACK];
	bool used[LK_MAXTRACK];
	struct lk_io_exec ex;
	lk_io_fn fn;
	void *arg;
	long count;
	/* explaining one execution (lk_io_dot) */
	struct why { int from, to; const char *name; } *why; /* per component pair      */
	lk_set adj[LK_MAXEV];       /* io-order before closure                             */
	const struct lk_io_exec *want;
	struct iom_buf *out;
	bool done;
};

static void edge_n(struct ioctx *c, int a, int b, const char *why)
{
	int ca = c->comp[a], cb = c->comp[b];
	if (ca == cb)
		return;
	set_add(&c->reach[ca], cb);
	if (c->why && !c->why[ca * LK_MAXEV + cb].name) {
		c->why[ca * LK_MAXEV + cb].from = a;
		c->why[ca * LK_MAXEV + cb].to = b;
		c->why[ca * LK_MAXEV + cb].name = why;
	}
}

static bool in_reach(const struct ioctx *c, int a, int b)
{
	return a >= 0 && b >= 0 && (c->reach[a].w[b >> 6] >> (b & 63) & 1);
}

/* Linear extensions of the tracked components under reach: each is one execution. */
static void orders(struct ioctx *c, int k)
{
	if (k == c->ntl) {
		for (int t = 0; t < c->lt->ntrack; t++) {
			c->ex.rank[t] = 0;
			for (int q = 0; q < c->ntl && c->tcomp[t] >= 0; q++)
				if (c->tl[c->order[q]] == c->tcomp[t])
					c->ex.rank[t] = q + 1;
		}
		c->count++;
		if (c->fn)
			c->fn(c->arg, &c->ex);
		return;
	}
	for (int q = 0; q < c->ntl; q++) {
		if (c->used[q])
			continue;
		bool ok = true;
		for (int r = 0; r < c->ntl && ok; r++)
			if (r != q && !c->used[r] && in_reach(c, c->tl[r], c->tl[q]))
				ok = false;  /* r must come first */
		if (!ok)
			continue;
		c->used[q] = true;
		c->order[k] = q;
		orders(c, k + 1);
		c->used[q] = false;
	}
}

static void dot_node(const struct lk_exec *x, int e, struct iom_buf *b)
{
	iom_buf_printf(b, "%s%d", x->ev[e].tags & LK_T_IW ? "init" : "e", e);
}

/* A cycle of io-order through component i, in purple: the axiom that failed. */
static void explain_cycle(struct ioctx *c, int i)
{
	int prev[LK_MAXEV], queue[LK_MAXEV], qh = 0, qt = 0;
	for (int k = 0; k < c->ncomp; k++)
		prev[k] = -1;
	queue[qt++] = i;
	int end = -1;
	while (qh < qt && end < 0) {
		int u = queue[qh++];
		for (int v = 0; v < c->ncomp && end < 0; v++) {
			if (!set_has(&c->adj[u], v))
				continue;
			if (v == i) {
				end = u;
				break;
			}
			if (prev[v] < 0 && v != i) {
				prev[v] = u;
				queue[qt++] = v;
			}
		}
	}
	if (end < 0)
		return;
	int path[LK_MAXEV], np = 0;
	path[np++] = i;
	for (int v = end; v != i && v >= 0 && np < LK_MAXEV; v = prev[v])
		path[np++] = v;
	/* path is i, end, ..., i's successor: forwards it is i, path[np-1], ..., path[1] */
	int fw[LK_MAXEV], nf = 0;
	fw[nf++] = i;
	for (int k = np - 1; k >= 1; k--)
		fw[nf++] = path[k];
	iom_buf_puts(c->out, "  /* forbidden by io-order: the cycle in purple */\n");
	for (int q = 0; q < nf; q++) {
		const struct why *w = &c->why[fw[q] * LK_MAXEV + fw[(q + 1) % nf]];
		if (!w->name)
			continue;
		for (int e2 = 0; e2 < 2; e2++) {
			int ev = e2 ? w->to : w->from;
			if (c->x->ev[ev].tags & LK_T_IW)
				iom_buf_printf(c->out, "  init%d [label=\"init\", shape=plaintext];\n", ev);
		}
		iom_buf_puts(c->out, "  ");
		dot_node(c->x, w->from, c->out);
		iom_buf_puts(c->out, " -> ");
		dot_node(c->x, w->to, c->out);
		iom_buf_printf(c->out, " [label=\"%s\", color=purple, penwidth=2, style=bold];\n", w->name);
	}
	c->done = true;
}

/* An allowed execution: ppo-io (blue), the arrival order at each device (orange, one
 * linear extension of io-order), combined transactions grouped. */
static void explain_order(struct ioctx *c)
{
	const struct lk_test *lt = c->lt;
	const struct lk_exec *x = c->x;
	int n = x->n;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			const struct why *w = &c->why[c->comp[i] * LK_MAXEV + c->comp[j]];
			if (w->from != i || w->to != j || !w->name || strcmp(w->name, "ppo-io"))
				continue;
			bool imm = true;  /* transitive reduction */
			for (int k = 0; k < c->ncomp && imm; k++)
				if (k != c->comp[i] && k != c->comp[j] && set_has(&c->adj[c->comp[i]], k) &&
				    set_has(&c->reach[k], c->comp[j]))
					imm = false;
			if (imm)
				iom_buf_printf(c->out, "  e%d -> e%d [label=\"ppo-io\", color=blue];\n", i, j);
		}
	/* Kahn's order over components, smallest first */
	int indeg[LK_MAXEV], order[LK_MAXEV], no = 0;
	bool done[LK_MAXEV] = { false };
	for (int v = 0; v < c->ncomp; v++) {
		indeg[v] = 0;
		for (int u = 0; u < c->ncomp; u++)
			indeg[v] += u != v && set_has(&c->adj[u], v);
	}
	while (no < c->ncomp) {
		int pick = -1;
		for (int v = 0; v < c->ncomp && pick < 0; v++)
			if (!done[v] && !indeg[v])
				pick = v;
		if (pick < 0)
			break;
		done[pick] = true;
		order[no++] = pick;
		for (int v = 0; v < c->ncomp; v++)
			if (v != pick && set_has(&c->adj[pick], v))
				indeg[v]--;
	}
	for (int d = 0; d < 64; d++) {
		int last = -1;
		for (int k = 0; k < no; k++)
			for (int i = 0; i < n; i++) {
				const struct lk_ev *e = &x->ev[i];
				if (c->comp[i] != order[k] || !(e->tags & LK_T_IO) || e->dev != d ||
				    (e->kind != LK_EV_R && e->kind != LK_EV_W))
					continue;
				if (last >= 0 && c->comp[last] != c->comp[i])
					iom_buf_printf(c->out, "  e%d -> e%d [label=\"dev%d arrival\", "
							       "color=darkorange, penwidth=2];\n", last, i, d);
				last = i;
			}
	}
	int ncl = 0;
	for (int k = 0; k < c->ncomp; k++) {
		int cnt = 0;
		for (int i = 0; i < n; i++)
			cnt += c->comp[i] == k && (x->ev[i].tags & LK_T_IO) && x->ev[i].kind == LK_EV_W &&
			       x->ev[i].tid < (int)lt->ncpu;
		if (cnt < 2)
			continue;
		iom_buf_printf(c->out, "  subgraph cluster_io%d {\n    label=\"one transaction "
				       "(combined)\"; style=dashed; color=darkorange;\n", ncl++);
		for (int i = 0; i < n; i++)
			if (c->comp[i] == k && (x->ev[i].tags & LK_T_IO) && x->ev[i].kind == LK_EV_W)
				iom_buf_printf(c->out, "    e%d;\n", i);
		iom_buf_puts(c->out, "  }\n");
	}
	c->done = true;
}

/* One choice of combined pairs: build io-order, check it, enumerate the orders. */
static void check(struct ioctx *c, const int *par0, const int *choice, const int *off,
		  const int *cev, unsigned mask)
{
	const struct lk_test *lt = c->lt;
	const struct lk_exec *x = c->x;
	int n = x->n;
	int par[LK_MAXEV];
	memcpy(par, par0, (size_t)n * sizeof(int));
	for (int k = 0; k < lt->ncomb; k++)
		if (mask >> k & 1) {
			int a = cev[2 * k], b = cev[2 * k + 1];
			if (a > b) {
				int tmp = a;
				a = b;
				b = tmp;
			}
			/* collapse: one transaction to one register keeps the later value */
			if (x->ev[a].loc == x->ev[b].loc && rel_has(&x->co, b, a))
				return;
			uf_join(par, a, b);
		}
	int id[LK_MAXEV];
	c->ncomp = 0;
	for (int i = 0; i < n; i++)
		id[i] = -1;
	for (int i = 0; i < n; i++) {
		int r = uf_find(par, i);
		if (id[r] < 0)
			id[r] = c->ncomp++;
		c->comp[i] = id[r];
	}
	struct lk_dim D = { c->ncomp, (c->ncomp + 63) / 64 };
	for (int i = 0; i < c->ncomp; i++) {
		set_clear(&D, &c->reach[i]);
		c->counted[i] = false;
	}
	for (int i = 0; i < n; i++)
		if (x->ev[i].tags & (LK_T_IO | LK_T_DEV))
			c->counted[c->comp[i]] = true;
	for (int t = 0; t < lt->ntrack; t++) {
		int e = find_ev(lt, x, choice, off, lt->track[t].thread, lt->track[t].stmt,
				lt->track[t].elem);
		c->tcomp[t] = e >= 0 ? c->comp[e] : -1;
		if (e >= 0)
			c->counted[c->comp[e]] = true;
	}
	/* ppo-io (CPUs) and dev-po (devices, in order) */
	for (unsigned t = 0; t < lt->nthr; t++) {
		const struct lk_path *p = &lt->paths[t].v[choice[t]];
		for (int i = 0; i < p->nev; i++) {
			if (t >= lt->ncpu) {
				if (i + 1 < p->nev)
					edge_n(c, off[t] + i, off[t] + i + 1, "dev-po");
				continue;
			}
			for (int j = 0; j < p->nev; j++)
				if (p->ioppo[i] >> j & 1)
					edge_n(c, off[t] + i, off[t] + j, "ppo-io");
		}
	}
	/* rf, co, fr over every location: memory, locks, device registers */
	for (int r = 0; r < n; r++) {
		int w = x->rf[r];
		if (w < 0)
			continue;
		edge_n(c, w, r, "rf");
		for (int j = 0; j < n; j++)
			if (rel_has(&x->co, w, j))
				edge_n(c, r, j, "fr");
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (rel_has(&x->co, i, j))
				edge_n(c, i, j, "co");
	/* handover: the unlock after one LKW before the next LKW in co (lock.cat) and its LKR */
	for (int a = 0; a < n; a++) {
		if (x->ev[a].kind != LK_EV_LKW)
			continue;
		int ul = -1;
		for (int u = a + 1; u < n && x->ev[u].tid == x->ev[a].tid; u++)
			if (x->ev[u].kind == LK_EV_UL && x->ev[u].loc == x->ev[a].loc) {
				ul = u;
				break;
			}
		if (ul < 0)
			continue;
		for (int b = 0; b < n; b++)
			if (x->ev[b].kind == LK_EV_LKW && rel_has(&x->co, a, b)) {
				edge_n(c, ul, b, "handover");
				if (b > 0 && x->ev[b - 1].kind == LK_EV_LKR && x->ev[b - 1].stmt == x->ev[b].stmt)
					edge_n(c, ul, b - 1, "handover");
			}
	}
	/* a failed trylock or spin_is_locked() that saw the lock taken (it read an LKW, lock.cat
	 * LF and RL) is before the unlock that frees it: fr over the lock word */
	for (int r = 0; r < n; r++) {
		int w = x->rf[r];
		if ((x->ev[r].kind != LK_EV_LF && x->ev[r].kind != LK_EV_RL) || w < 0 ||
		    x->ev[w].kind != LK_EV_LKW)
			continue;
		for (int u = w + 1; u < n && x->ev[u].tid == x->ev[w].tid; u++)
			if (x->ev[u].kind == LK_EV_UL && x->ev[u].loc == x->ev[w].loc) {
				edge_n(c, r, u, "fr");
				break;
			}
	}
	/* closure (Warshall on bit rows) and the axiom */
	if (c->out) {
		/* explaining: the tracked order of the execution drawn is part of it */
		for (int a = 0; c->want && a < lt->ntrack; a++)
			for (int b2 = 0; b2 < lt->ntrack; b2++)
				if (c->tcomp[a] >= 0 && c->tcomp[b2] >= 0 && c->want->rank[a] &&
				    c->want->rank[a] < c->want->rank[b2])
					set_add(&c->reach[c->tcomp[a]], c->tcomp[b2]);
		for (int i = 0; i < c->ncomp; i++)
			c->adj[i] = c->reach[i];
	}
	for (int k = 0; k < c->ncomp; k++)
		for (int i = 0; i < c->ncomp; i++)
			if (set_has(&c->reach[i], k))
				set_or(&D, &c->reach[i], &c->reach[k]);
	for (int i = 0; i < c->ncomp; i++)
		if (c->counted[i] && set_has(&c->reach[i], i)) {
			if (c->out && !c->done)
				explain_cycle(c, i);
			return;  /* a cycle through an MMIO or device event */
		}
	if (c->out) {
		if (!c->done)
			explain_order(c);
		return;
	}
	c->ntl = 0;
	for (int t = 0; t < lt->ntrack; t++) {
		bool seen = c->tcomp[t] < 0;
		for (int q = 0; q < c->ntl && !seen; q++)
			seen = c->tl[q] == c->tcomp[t];
		if (!seen)
			c->tl[c->ntl++] = c->tcomp[t];
	}
	for (int k = 0; k < lt->ncomb; k++)
		c->ex.comb[k] = mask >> k & 1;
	memset(c->used, 0, sizeof(c->used));
	orders(c, 0);
}

static long io_run(const struct lk_test *lt, const struct lk_exec *x, const int *choice,
		   const int *off, lk_io_fn fn, void *arg, const struct lk_io_exec *want,
		   struct iom_buf *out)
{
	struct ioctx *c = malloc(sizeof(*c));
	if (!c)
		return -IOM_ENOMEM;
	c->out = out;
	c->want = want;
	c->done = false;
	c->why = NULL;
	if (out && !(c->why = calloc((size_t)LK_MAXEV * LK_MAXEV, sizeof(*c->why)))) {
		free(c);
		return -IOM_ENOMEM;
	}
	int n = x->n;
	int par[LK_MAXEV];
	c->lt = lt;
	c->x = x;
	c->fn = fn;
	c->arg = arg;
	c->count = 0;
	for (int i = 0; i < n; i++)
		par[i] = i;
	/* glue: bulk element and buffer; reaction and its trigger (a whole bulk access
	 * triggers on its last element) */
	for (unsigned t = 0; t < lt->nthr; t++) {
		const struct lk_path *p = &lt->paths[t].v[choice[t]];
		for (int i = 0; i < p->nev; i++)
			for (int j = 0; j < p->nev; j++)
				if (p->glue[i] >> j & 1)
					uf_join(par, off[t] + i, off[t] + j);
		if (t < lt->ncpu || !lt->dthr_trig[t - lt->ncpu])
			continue;
		const struct iom_lit_dstmt *ds = &lt->dthr_dev[t - lt->ncpu]->stmts[lt->dthr_first[t - lt->ncpu]];
		if (!ds->trigger.stmt)
			continue;
		int e = find_ev(lt, x, choice, off, ds->trigger.thread, ds->trigger.stmt->id,
				ds->trigger.elem);
		if ((e < 0) != (p->nev == 0)) {
			/* the reaction runs exactly when its trigger access does */
			free(c->why);
			free(c);
			return 0;
		}
		for (int i = 0; e >= 0 && i < p->nev; i++)
			uf_join(par, e, off[t] + i);
	}
	/* combined(a, b) pairs that may combine: two writes of one CPU to one WC device,
	 * unordered by ppo-io or to the same register, with no FLUSH event in (a, b] */
	int cev[2 * LK_MAXCOMB];
	unsigned ok_mask = 0;
	for (int k = 0; k < lt->ncomb; k++) {
		int ta = lt->comb[k][0], tb = lt->comb[k][1];
		int a = find_ev(lt, x, choice, off, lt->track[ta].thread, lt->track[ta].stmt, lt->track[ta].elem);
		int b = find_ev(lt, x, choice, off, lt->track[tb].thread, lt->track[tb].stmt, lt->track[tb].elem);
		cev[2 * k] = a;
		cev[2 * k + 1] = b;
		if (a < 0 || b < 0 || a == b)
			continue;
		if (a > b) {
			int tmp = a;
			a = b;
			b = tmp;
		}
		const struct lk_ev *ea = &x->ev[a], *eb = &x->ev[b];
		if (ea->tid != eb->tid || ea->tid < 0 || (unsigned)ea->tid >= lt->ncpu ||
		    !(ea->tags & LK_T_IO) || !(eb->tags & LK_T_IO) || ea->kind != LK_EV_W ||
		    eb->kind != LK_EV_W || ea->dev != eb->dev || ea->rclass != IOM_ORD_WC ||
		    eb->rclass != IOM_ORD_WC)
			continue;
		const struct lk_path *p = &lt->paths[ea->tid].v[choice[ea->tid]];
		int o = off[ea->tid], ia = a - o, ib = b - o;
		if ((p->ioppo[ia] >> ib & 1) && ea->offset != eb->offset)
			continue;
		bool flush = false;
		for (int f = ia + 1; f <= ib; f++)
			flush |= (p->ioflush >> f & 1) != 0;
		if (!flush)
			ok_mask |= 1u << k;
	}
	for (unsigned mask = ok_mask;; mask = (mask - 1) & ok_mask) {  /* subsets of ok_mask */
		/* only pairs merge: an event in two chosen pairs is not a pair */
		bool clash = false;
		for (int k = 0; k < lt->ncomb && !clash; k++)
			for (int k2 = k + 1; k2 < lt->ncomb && !clash; k2++)
				if ((mask >> k & 1) && (mask >> k2 & 1))
					for (int q = 0; q < 2; q++)
						for (int q2 = 0; q2 < 2; q2++)
							clash |= cev[2 * k + q] == cev[2 * k2 + q2];
		/* explaining: only the combination of the execution drawn (none: a rejected one) */
		bool mine = true;
		for (int k = 0; out && k < lt->ncomb; k++)
			if ((bool)(mask >> k & 1) != (want && want->comb[k]))
				mine = false;
		if (!clash && mine)
			check(c, par, choice, off, cev, mask);
		if (!mask)
			break;
	}
	long r = c->count;
	free(c->why);
	free(c);
	return r;
}

long lk_io_enum(const struct lk_test *lt, const struct lk_exec *x, const int *choice,
		const int *off, lk_io_fn fn, void *arg)
{
	return io_run(lt, x, choice, off, fn, arg, NULL, NULL);
}

int lk_io_dot(const struct lk_test *lt, const struct lk_exec *x, const int *choice,
	      const int *off, const struct lk_io_exec *e, struct iom_buf *b)
{
	long r = io_run(lt, x, choice, off, NULL, NULL, e, b);
	return r < 0 ? (int)r : 0;
}

/* ---- the LKMM's view -------------------------------------------------------------------------- */

bool lk_io_present(const struct lk_exec *x)
{
	for (int i = 0; i < x->n; i++)
		if (x->ev[i].tags & LK_T_IO)
			return true;
	return false;
}

static void remap(const lk_rel *a, lk_rel *b, const int *keep, int n, int m)
{
	struct lk_dim D = { m, (m + 63) / 64 };
	rel_clear(&D, b);
	for (int i = 0; i < n; i++) {
		if (keep[i] < 0)
			continue;
		for (int w = 0; w < (n + 63) / 64; w++)
			for (uint64_t bits = a->r[i].w[w]; bits; bits &= bits - 1) {
				int j = w * 64 + __builtin_ctzll(bits);
				if (j < n && keep[j] >= 0)
					rel_add(b, keep[i], keep[j]);
			}
	}
}

void lk_io_project(const struct lk_exec *x, struct lk_exec *y)
{
	lk_io_project_map(x, y, NULL);
}

void lk_io_project_map(const struct lk_exec *x, struct lk_exec *y, int *back)
{
	int keep[LK_MAXEV], m = 0;
	for (int i = 0; i < x->n; i++) {
		keep[i] = x->ev[i].tags & LK_T_IO && !(x->ev[i].tags & LK_T_IW) ? -1 : m++;
		if (back && keep[i] >= 0)
			back[keep[i]] = i;
	}
	y->n = m;
	y->nthr = x->nthr;
	y->co_closed = x->co_closed;  /* a transitive co restricted stays transitive */
	y->coherent = false;          /* judged by the model */
	for (int i = 0; i < x->n; i++) {
		if (keep[i] < 0)
			continue;
		y->ev[keep[i]] = x->ev[i];
		y->rf[keep[i]] = x->rf[i] >= 0 ? keep[x->rf[i]] : -1;
	}
	remap(&x->po, &y->po, keep, x->n, m);
	remap(&x->addr, &y->addr, keep, x->n, m);
	remap(&x->data, &y->data, keep, x->n, m);
	remap(&x->ctrl, &y->ctrl, keep, x->n, m);
	remap(&x->rmw, &y->rmw, keep, x->n, m);
	remap(&x->co, &y->co, keep, x->n, m);
}

/* ---- the MMIO part of a state (moved from the search, which calls these) ---- */

int lk_io_devvar_thread(const struct lk_test *lt, int dev, int var)
{
	int th = -1;
	for (unsigned t = lt->ncpu; t < lt->nthr; t++) {
		const struct iom_lit_device *dv = lt->dthr_dev[t - lt->ncpu];
		if (dv->dev != dev)
			continue;
		for (int q = 0; q < lt->dthr_n[t - lt->ncpu]; q++) {
			const struct iom_lit_dstmt *ds = &dv->stmts[lt->dthr_first[t - lt->ncpu] + q];
			if (ds->kind == IOM_LIT_D_DMA_READ && ds->dst == var)
				th = (int)t;
		}
	}
	return th;
}

int lk_io_track(const struct lk_test *lt, const struct iom_lit_evref *r)
{
	for (int k = 0; r->stmt && k < lt->ntrack; k++)
		if (lt->track[k].thread == r->thread && lt->track[k].stmt == r->stmt->id &&
		    lt->track[k].elem == r->elem)
			return k;
	return -1;
}

int64_t lk_io_code(const struct lk_test *lt, const struct lk_io_exec *e)
{
	int64_t v = 0;
	for (int k = 0; e && k < lt->ntrack; k++)
		v |= (int64_t)(e->rank[k] & 15) << (4 * k);
	return v;
}

void lk_io_state_print(const struct lk_test *lt, int64_t code, struct iom_buf *b)
{
	bool first = true;
	iom_buf_puts(b, "io:[");
	for (int r = 1; r <= lt->ntrack; r++) {
		bool any = false;
		for (int k = 0; k < lt->ntrack; k++) {
			if ((int)(code >> (4 * k) & 15) != r)
				continue;
			iom_buf_puts(b, any ? "+" : first ? "" : ";");
			const char *label = lt->track[k].label ? lt->track[k].label : "?";
			iom_buf_printf(b, "P%d:%s", lt->track[k].thread, label);
			if (lt->track[k].elem >= 0)
				iom_buf_printf(b, ".%d", lt->track[k].elem);
			any = true;
			first = false;
		}
	}
	iom_buf_puts(b, "]; ");
}

/* ---- co of a device register that nothing reads (the search asks) ---- */

/* Only its last write can be observed. Any order of its writes that io-order allows is
 * one linear extension away, so instead of every co the search chooses the last write:
 * each choice stands for all the orders that end with it. Returns how many choices there
 * are (locw[1..nw) each), 0 when the register is not observed or has one write (no co). */
int lk_io_register_lasts(const struct lk_test *lt, int l, int nw)
{
	return !lt->observed[l] || nw < 2 ? 0 : nw - 1;
}

/* Set the co of the register's writes locw[0..nw) (locw[0] its initial write) for choice
 * last (locw[last] last), or clear it (last 0). */
void lk_io_register_co(struct lk_exec *x, const int *locw, int nw, int last)
{
	struct lk_dim Dm = { x->n, (x->n + 63) / 64 };
	for (int c = 0; c < nw; c++) {
		set_clear(&Dm, &x->co.r[locw[c]]);
		if (last && c != last)
			rel_add(&x->co, locw[c], locw[last]);
	}
	for (int c = 1; last && c < nw; c++)
		rel_add(&x->co, locw[0], locw[c]);
}
