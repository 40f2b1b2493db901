// SPDX-License-Identifier: MIT
/* iomodel -- LKMM report layer: herd7 7.57's output lines (herd/top_herd.ml: Test, States,
 * Ok/No, Witnesses, Positive/Negative, Flag, Condition, Observation), the same as JSON,
 * and one execution as Graphviz. Time and Hash lines are left out: the output is
 * deterministic. */
#include <stdlib.h>
#include <string.h>
#include "lkmm/lkmm_int.h"
#include "lkmm/io/io.h"
#include "lkmm/rel/rel.h"
#include "lkmm/search/search.h"

static void print_value(const struct iom_lit_test *t, int64_t v, int vsym, struct iom_buf *b)
{
	if (vsym >= 0)
		iom_buf_puts(b, t->syms[vsym].name);
	else
		iom_buf_printf(b, "%lld", (long long)v);
}

/* herd7's spelling of a proposition (lib/constrGen.ml pp_prop, is_paren): globals as [x],
 * ~ as "not (...)", "false" for false, => for implication. prec is the operator above:
 * 0 top, 1 /\, 2 \/, 3 =>. A /\ chain needs no parentheses under /\, a /\ or \/ under \/,
 * an implication under an implication; anything else below /\, \/ or => gets them. */
void lk_cond_print(const struct iom_lit_test *t, const struct iom_lit_cond *c, int prec,
		   struct iom_buf *b)
{
	if (!c) {
		iom_buf_puts(b, "true");
		return;
	}
	switch (c->kind) {
	case IOM_LIT_C_TRUE:
		iom_buf_puts(b, "true");
		break;
	case IOM_LIT_C_AND:
	case IOM_LIT_C_OR:
	case IOM_LIT_C_IMPL: {
		int me = c->kind == IOM_LIT_C_AND ? 1 : c->kind == IOM_LIT_C_OR ? 2 : 3;
		bool paren = prec != 0 && prec != me && !(prec == 2 && me == 1);
		if (paren)
			iom_buf_puts(b, "(");
		lk_cond_print(t, c->a, me, b);
		iom_buf_puts(b, me == 1 ? " /\\ " : me == 2 ? " \\/ " : " => ");
		lk_cond_print(t, c->b, me, b);
		if (paren)
			iom_buf_puts(b, ")");
		break;
	}
	case IOM_LIT_C_NOT:
		/* the parser reads "false" as ~true at one position (lib/litmus/parse.c) */
		if (c->a && c->a->kind == IOM_LIT_C_TRUE && c->a->pos.line == c->pos.line &&
		    c->a->pos.col == c->pos.col) {
			iom_buf_puts(b, "false");
			break;
		}
		iom_buf_puts(b, "not (");
		lk_cond_print(t, c->a, 0, b);
		iom_buf_puts(b, ")");
		break;
	case IOM_LIT_C_REG:
	case IOM_LIT_C_MEM:
		if (c->kind == IOM_LIT_C_REG)
			iom_buf_printf(b, "%d:%s=", c->thread, t->threads[c->thread].regs[c->reg]);
		else if (c->arr)
			iom_buf_printf(b, "%s=", t->syms[c->sym].name);  /* herd7: a={4,0} */
		else if (t->syms[c->sym].array_len && !c->whole)
			iom_buf_printf(b, "%s[%u]=", t->syms[c->sym].name, c->elem);
		else
			iom_buf_printf(b, "[%s]=", t->syms[c->sym].name);  /* also a whole array: [a]=4 */
		if (c->arr) {
			iom_buf_puts(b, "{");
			for (unsigned i = 0; i < c->nr_arr; i++)
				iom_buf_printf(b, "%s%lld", i ? "," : "", (long long)c->arr[i]);
			iom_buf_puts(b, "}");
		} else if (c->rhs_reg >= 0)
			iom_buf_printf(b, "%d:%s", c->rhs_thread, t->threads[c->rhs_thread].regs[c->rhs_reg]);
		else
			print_value(t, c->value, c->value_sym, b);
		break;
	default:
		/* MMIO atoms (device registers and variables, <io, <vo, combined) */
		iom_lit_print_prop(t, c, b);
		break;
	}
}

static const char *quant_kind(enum iom_lit_quant q)
{
	return q == IOM_LIT_Q_EXISTS ? "Allowed" : q == IOM_LIT_Q_NOT_EXISTS ? "Forbidden" : "Required";
}

static const char *quant_word(enum iom_lit_quant q)
{
	return q == IOM_LIT_Q_EXISTS ? "exists" : q == IOM_LIT_Q_NOT_EXISTS ? "~exists" : "forall";
}

void iom_lkmm_report_text(const struct iom_lkmm_result *r, struct iom_buf *b)
{
	/* Positive/Negative are those of the test's own proposition: swapped for ~exists
	 * (herd/top_herd.ml check_wit) */
	uint64_t p = r->pos, n = r->neg;
	if (r->quant == IOM_LIT_Q_NOT_EXISTS) {
		p = r->neg;
		n = r->pos;
	}
	iom_buf_printf(b, "Test %s %s\n", r->name, quant_kind(r->quant));
	iom_buf_printf(b, "States %u\n", r->nr_states);
	for (unsigned i = 0; i < r->nr_states; i++) {
		iom_buf_puts(b, r->states[i]);
		iom_buf_add(b, "\n", 1);
	}
	iom_buf_printf(b, "%s%s\nWitnesses\n", r->loop ? "Loop " : "", r->ok ? "Ok" : "No");
	iom_buf_printf(b, "Positive: %llu Negative: %llu\n", (unsigned long long)p,
		       (unsigned long long)n);
	for (int f = 0; f < IOM_LKMM_FLAG__COUNT; f++)
		if (r->flags >> f & 1)
			iom_buf_printf(b, "Flag %s\n", iom_lkmm_flag_name((enum iom_lkmm_flag)f));
	iom_buf_printf(b, "Condition %s (%s)\n", quant_word(r->quant), r->cond_text);
	iom_buf_printf(b, "Observation %s %s %llu %llu\n\n", r->name, iom_lit_verdict_name(r->verdict),
		       (unsigned long long)r->pos, (unsigned long long)r->neg);
}

static void json_str(struct iom_buf *b, const char *s)
{
	iom_buf_puts(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			iom_buf_printf(b, "\\%c", c);
		else if (c < 0x20)
			iom_buf_printf(b, "\\u%04x", c);
		else
			iom_buf_add(b, (const char *)&c, 1);
	}
	iom_buf_puts(b, "\"");
}

void iom_lkmm_report_json(const struct iom_lkmm_result *r, struct iom_buf *b)
{
	uint64_t p = r->pos, n = r->neg;
	if (r->quant == IOM_LIT_Q_NOT_EXISTS) {
		p = r->neg;
		n = r->pos;
	}
	iom_buf_puts(b, "{\"test\": ");
	json_str(b, r->name);
	iom_buf_printf(b, ", \"kind\": \"%s\", \"states\": [", quant_kind(r->quant));
	for (unsigned i = 0; i < r->nr_states; i++) {
		if (i)
			iom_buf_puts(b, ", ");
		json_str(b, r->states[i]);
	}
	iom_buf_printf(b, "], \"loop\": %s, \"ok\": %s, \"positive\": %llu, \"negative\": %llu, \"flags\": [",
		       r->loop ? "true" : "false", r->ok ? "true" : "false", (unsigned long long)p,
		       (unsigned long long)n);
	bool first = true;
	for (int f = 0; f < IOM_LKMM_FLAG__COUNT; f++)
		if (r->flags >> f & 1) {
			if (!first)
				iom_buf_puts(b, ", ");
			first = false;
			json_str(b, iom_lkmm_flag_name((enum iom_lkmm_flag)f));
		}
	iom_buf_printf(b, "], \"condition\": ");
	struct iom_buf c;
	iom_buf_init(&c);
	iom_buf_printf(&c, "%s (%s)", quant_word(r->quant), r->cond_text);
	json_str(b, iom_buf_str(&c));
	iom_buf_release(&c);
	iom_buf_printf(b, ", \"observation\": \"%s\", \"observed_positive\": %llu, "
			  "\"observed_negative\": %llu, \"candidates\": %llu}",
		       iom_lit_verdict_name(r->verdict), (unsigned long long)r->pos,
		       (unsigned long long)r->neg, (unsigned long long)r->cands);
}

void iom_lkmm_report_dot(const struct iom_lkmm_result *r, struct iom_buf *b)
{
	if (r->dot)
		iom_buf_puts(b, r->dot);
}

static void ev_label(const struct lk_test *lt, const struct lk_ev *e, struct iom_buf *b)
{
	static const char *const kn[] = { "R", "W", "F", "LKR", "LKW", "UL", "LF", "RL", "RU", "SRCU" };
	static const struct { uint32_t tag; const char *name; } tn[] = {
		{ LK_T_ONCE, "once" }, { LK_T_ACQUIRE, "acquire" }, { LK_T_RELEASE, "release" },
		{ LK_T_NORETURN, "noreturn" }, { LK_T_MB, "mb" }, { LK_T_RMB, "rmb" },
		{ LK_T_WMB, "wmb" }, { LK_T_BARRIER, "barrier" }, { LK_T_RCU_LOCK, "rcu-lock" },
		{ LK_T_RCU_UNLOCK, "rcu-unlock" }, { LK_T_SYNC_RCU, "sync-rcu" },
		{ LK_T_BEFORE_ATOMIC, "before-atomic" }, { LK_T_AFTER_ATOMIC, "after-atomic" },
		{ LK_T_AFTER_SPINLOCK, "after-spinlock" },
		{ LK_T_AFTER_UNLOCK_LOCK, "after-unlock-lock" },
		{ LK_T_AFTER_SRCU_READ_UNLOCK, "after-srcu-read-unlock" },
		{ LK_T_SRCU_LOCK, "srcu-lock" }, { LK_T_SRCU_UNLOCK, "srcu-unlock" },
		{ LK_T_SYNC_SRCU, "sync-srcu" },
	};
	if ((e->tags & LK_T_IO) && e->prim >= 0 && (e->kind == LK_EV_R || e->kind == LK_EV_W)) {
		/* an MMIO element: accessor, register, value */
		iom_buf_printf(b, "%s %s dev%d+0x%llx=", kn[e->kind],
			       iom_lit_prim_name((enum iom_lit_prim)e->prim), e->dev,
			       (unsigned long long)e->offset);
		lk_value_print(lt->t, e->val, b);
		return;
	}
	if ((e->tags & LK_T_DEV) && e->kind == LK_EV_W && e->dev >= 0) {
		iom_buf_printf(b, "W reg_set dev%d+0x%llx=", e->dev, (unsigned long long)e->offset);
		lk_value_print(lt->t, e->val, b);
		return;
	}
	if (e->kind == LK_EV_F && (e->tags & LK_T_IO) && e->prim >= 0) {
		iom_buf_printf(b, "F %s", iom_lit_prim_name((enum iom_lit_prim)e->prim));
		return;
	}
	iom_buf_puts(b, kn[e->kind]);
	bool any = false;
	for (size_t i = 0; i < sizeof(tn) / sizeof(tn[0]); i++)
		if (e->tags & tn[i].tag) {
			iom_buf_printf(b, "%s%s", any ? "," : "[", tn[i].name);
			any = true;
		}
	if (any)
		iom_buf_puts(b, "]");
	if (e->loc >= 0) {
		iom_buf_puts(b, " ");
		lk_loc_print(lt, e->loc, b);
		if (e->kind == LK_EV_R || e->kind == LK_EV_W) {
			iom_buf_puts(b, "=");
			lk_value_print(lt->t, e->val, b);
		}
	}
}

char *lk_dot_render(const struct lk_test *lt, const struct lk_exec *x, int ax, const char *extra)
{
	const struct iom_lit_test *t = lt->t;
	struct iom_buf b;
	iom_buf_init(&b);
	iom_buf_printf(&b, "digraph \"%s\" {\n  label=\"%s: %s\";\n  node [shape=box];\n",
		       t->name ? t->name : "", t->name ? t->name : "",
		       ax == IOM_LKMM_AX_NONE ? "allowed execution"
					      : iom_lkmm_axiom_name((enum iom_lkmm_axiom)ax));
	if (ax != IOM_LKMM_AX_NONE)
		iom_buf_printf(&b, "  /* forbidden by %s (%s) */\n",
			       iom_lkmm_axiom_name((enum iom_lkmm_axiom)ax),
			       ax == IOM_LKMM_AX_IO_ORDER ? "docs/ordering.md §10" : "linux-kernel.cat / lock.cat");
	for (int i = 0; i < x->n; i++) {
		const struct lk_ev *e = &x->ev[i];
		if ((e->tags & LK_T_IW))
			continue;
		if (e->tags & LK_T_DEV)
			iom_buf_printf(&b, "  e%d [label=\"dev%d: ", i,
				       lt->dthr_dev[e->tid - (int)lt->ncpu]->dev);
		else
			iom_buf_printf(&b, "  e%d [label=\"P%d: ", i, e->tid);
		ev_label(lt, e, &b);
		iom_buf_puts(&b, "\"];\n");
	}
	for (int i = 0; i < x->n; i++)
		for (int j = 0; j < x->n; j++) {
			if (x->ev[i].tags & LK_T_IW)
				break;
			if (rel_has(&x->po, i, j) && x->ev[j].poi == x->ev[i].poi + 1)
				iom_buf_printf(&b, "  e%d -> e%d [label=\"po\"];\n", i, j);
		}
	for (int i = 0; i < x->n; i++) {
		int w = x->rf[i];
		if (w < 0)
			continue;
		if (x->ev[w].tags & LK_T_IW)
			iom_buf_printf(&b, "  init%d [label=\"init %s\", shape=plaintext];\n"
					  "  init%d -> e%d [label=\"rf\", color=red];\n",
				       w, t->syms[lt->loc_sym[x->ev[w].loc]].name, w, i);
		else
			iom_buf_printf(&b, "  e%d -> e%d [label=\"rf\", color=red];\n", w, i);
	}
	for (int i = 0; i < x->n; i++) {
		if (x->ev[i].tags & LK_T_IW)
			continue;
		for (int j = 0; j < x->n; j++)
			if (rel_has(&x->co, i, j)) {
				/* immediate successor only */
				bool imm = true;
				for (int k = 0; k < x->n && imm; k++)
					if (rel_has(&x->co, i, k) && rel_has(&x->co, k, j))
						imm = false;
				if (imm)
					iom_buf_printf(&b, "  e%d -> e%d [label=\"co\", color=blue];\n", i, j);
			}
	}
	if (extra)
		iom_buf_puts(&b, extra);
	if (ax != IOM_LKMM_AX_NONE && ax != IOM_LKMM_AX_IO_ORDER) {
		/* the edges of the failed check (herd7 -show draws the cycle the same way): the
		 * model is run again on this candidate to get its relations */
		int from[LK_MAXEV], to[LK_MAXEV];
		const char *name[LK_MAXEV];
		uint32_t fl = 0;
		int ne = 0;
		const struct lk_model_ops *ops = lt->model ? lt->model : &lk_model_lkmm;
		void *m = ops->create();
		struct lk_exec *y = lt->mmio ? malloc(sizeof(*y)) : NULL;
		int back[LK_MAXEV];
		const struct lk_exec *mx = x;
		if (y) {
			/* an MMIO test: the LKMM judged the execution without its MMIO events */
			lk_io_project_map(x, y, back);
			mx = y;
		}
		if (m && (!lt->mmio || y) && ops->check(m, mx, lt->observed, &fl) == ax)
			ne = ops->failed_edges(m, ax, LK_MAXEV, from, to, name);
		for (int k = 0; y && k < ne; k++) {
			from[k] = back[from[k]];
			to[k] = back[to[k]];
		}
		free(y);
		if (m)
			ops->destroy(m);
		for (int k = 0; k < ne; k++) {
			for (int e = 0; e < 2; e++) {
				int v = e ? to[k] : from[k];
				if (x->ev[v].tags & LK_T_IW)
					iom_buf_printf(&b, "  init%d [label=\"init %s\", shape=plaintext];\n",
						       v, t->syms[lt->loc_sym[x->ev[v].loc]].name);
			}
			iom_buf_printf(&b, "  %s%d -> %s%d [label=\"%s\", color=purple, penwidth=2, "
					  "style=bold];\n",
				       x->ev[from[k]].tags & LK_T_IW ? "init" : "e", from[k],
				       x->ev[to[k]].tags & LK_T_IW ? "init" : "e", to[k], name[k]);
		}
	}
	iom_buf_puts(&b, "}\n");
	return b.s ? b.s : strdup("");
}
