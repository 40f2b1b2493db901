// SPDX-License-Identifier: MIT
/* iomodel -- litmus printer: a canonical, reparsable rendering of a parsed test.
 * Used by the round-trip unit test (parse -> print -> parse -> print is a fixpoint) and by
 * the engine for herd7's "Condition" line. */
#include <inttypes.h>
#include <string.h>
#include "litmus_int.h"

static void put_expr(const struct iom_lit_test *t, const struct iom_lit_thread *th,
		     const struct iom_lit_expr *e, struct iom_buf *b);

static const char *opname(int op)
{
	static char one[2];
	switch (op) {
	case IOM_LIT_OP_EQ: return "==";
	case IOM_LIT_OP_NE: return "!=";
	case IOM_LIT_OP_LE: return "<=";
	case IOM_LIT_OP_GE: return ">=";
	case IOM_LIT_OP_LAND: return "&&";
	case IOM_LIT_OP_LOR: return "||";
	case IOM_LIT_OP_SHL: return "<<";
	case IOM_LIT_OP_SHR: return ">>";
	default:
		one[0] = (char)op;
		one[1] = 0;
		return one;
	}
}

static void put_expr(const struct iom_lit_test *t, const struct iom_lit_thread *th,
		     const struct iom_lit_expr *e, struct iom_buf *b)
{
	switch (e->kind) {
	case IOM_LIT_E_CONST:
		if (e->value < 0)
			iom_buf_printf(b, "(%" PRId64 ")", e->value);
		else
			iom_buf_printf(b, "%" PRId64, e->value);
		break;
	case IOM_LIT_E_REG:
		iom_buf_puts(b, th ? th->regs[e->index] : "?");
		break;
	case IOM_LIT_E_SYM:
		iom_buf_puts(b, t->syms[e->index].name);
		break;
	case IOM_LIT_E_DEREF:
		iom_buf_puts(b, "*");
		put_expr(t, th, e->a, b);
		break;
	case IOM_LIT_E_ADDR:
		iom_buf_puts(b, "&");
		put_expr(t, th, e->a, b);
		break;
	case IOM_LIT_E_UNOP:
		iom_buf_printf(b, "%c(", e->op);
		put_expr(t, th, e->a, b);
		iom_buf_puts(b, ")");
		break;
	case IOM_LIT_E_BINOP:
		if (e->op == '+' && e->a->kind == IOM_LIT_E_SYM && e->b->kind == IOM_LIT_E_CONST &&
		    t->syms[e->a->index].kind == IOM_LIT_SYM_REGION && e->b->value >= 0) {
			/* an I/O address: region + 0xoffset */
			iom_buf_printf(b, "%s + 0x%" PRIx64, t->syms[e->a->index].name,
				       (uint64_t)e->b->value);
			break;
		}
		iom_buf_puts(b, "(");
		put_expr(t, th, e->a, b);
		iom_buf_printf(b, " %s ", opname(e->op));
		put_expr(t, th, e->b, b);
		iom_buf_puts(b, ")");
		break;
	}
}

static void indent(struct iom_buf *b, int n)
{
	for (int i = 0; i < n; i++)
		iom_buf_puts(b, "\t");
}

static void put_block(const struct iom_lit_test *t, const struct iom_lit_thread *th,
		      const struct iom_lit_block *blk, int lvl, struct iom_buf *b)
{
	for (unsigned i = 0; i < blk->nr_stmts; i++) {
		const struct iom_lit_stmt *s = &blk->stmts[i];
		if (s->label)
			iom_buf_printf(b, "%s:", s->label);
		indent(b, lvl);
		switch (s->kind) {
		case IOM_LIT_S_ASSIGN:
			iom_buf_printf(b, "%s = ", th->regs[s->dst]);
			put_expr(t, th, s->expr, b);
			iom_buf_puts(b, ";\n");
			break;
		case IOM_LIT_S_IF:
			iom_buf_puts(b, "if (");
			put_expr(t, th, s->cond, b);
			iom_buf_puts(b, ") {\n");
			put_block(t, th, &s->then_b, lvl + 1, b);
			indent(b, lvl);
			iom_buf_puts(b, "}");
			if (s->else_b.nr_stmts) {
				iom_buf_puts(b, " else {\n");
				put_block(t, th, &s->else_b, lvl + 1, b);
				indent(b, lvl);
				iom_buf_puts(b, "}");
			}
			iom_buf_puts(b, "\n");
			break;
		case IOM_LIT_S_PRIM:
			if (s->prim == IOM_LIT_P_PLAIN_LOAD) {
				iom_buf_printf(b, "%s = *%s;\n", th->regs[s->dst], t->syms[s->mem].name);
				break;
			}
			if (s->prim == IOM_LIT_P_PLAIN_STORE) {
				iom_buf_printf(b, "*%s = ", t->syms[s->mem].name);
				put_expr(t, th, s->value, b);
				iom_buf_puts(b, ";\n");
				break;
			}
			if (s->dst >= 0)
				iom_buf_printf(b, "%s = ", th->regs[s->dst]);
			iom_buf_printf(b, "%s(", iom_lit_prim_name(s->prim));
			for (unsigned a = 0; a < s->nr_args; a++) {
				if (a)
					iom_buf_puts(b, ", ");
				put_expr(t, th, s->args[a], b);
			}
			iom_buf_puts(b, ");\n");
			break;
		}
	}
}

static void put_evref(const struct iom_lit_evref *r, struct iom_buf *b)
{
	iom_buf_printf(b, "P%d:%s", r->thread, r->label);
	if (r->elem >= 0)
		iom_buf_printf(b, ".%d", r->elem);
}

static void put_value(const struct iom_lit_test *t, const struct iom_lit_cond *c,
		      struct iom_buf *b)
{
	if (c->value_sym >= 0)
		iom_buf_printf(b, "=%s", t->syms[c->value_sym].name);
	else
		iom_buf_printf(b, "=%" PRId64, c->value);
}

static void put_cond(const struct iom_lit_test *t, const struct iom_lit_cond *c, int top,
		     struct iom_buf *b)
{
	switch (c->kind) {
	case IOM_LIT_C_TRUE:
		iom_buf_puts(b, "true");
		break;
	case IOM_LIT_C_AND:
	case IOM_LIT_C_OR:
		/* herd7 style: a chain of one connective needs no inner parentheses */
		if (!top)
			iom_buf_puts(b, "(");
		put_cond(t, c->a, c->a->kind == c->kind, b);
		iom_buf_puts(b, c->kind == IOM_LIT_C_AND ? " /\\ " : " \\/ ");
		put_cond(t, c->b, c->b->kind == c->kind, b);
		if (!top)
			iom_buf_puts(b, ")");
		break;
	case IOM_LIT_C_NOT:
		iom_buf_puts(b, "~");
		put_cond(t, c->a, 0, b);
		break;
	case IOM_LIT_C_REG:
		iom_buf_printf(b, "%d:%s", c->thread, t->threads[c->thread].regs[c->reg]);
		put_value(t, c, b);
		break;
	case IOM_LIT_C_MEM:
		iom_buf_puts(b, t->syms[c->sym].name);
		put_value(t, c, b);
		break;
	case IOM_LIT_C_DEVREG:
		if (c->sym >= 0)
			iom_buf_printf(b, "%s[0x%" PRIx64 "]", t->syms[c->sym].name, c->offset);
		else
			iom_buf_printf(b, "dev%d[0x%" PRIx64 "]", c->dev, c->offset);
		put_value(t, c, b);
		break;
	case IOM_LIT_C_DEVVAR: {
		const char *v = "?";
		for (unsigned i = 0; i < t->nr_devices; i++)
			if (t->devices[i].dev == c->dev && c->reg >= 0 &&
			    (unsigned)c->reg < t->devices[i].nr_vars)
				v = t->devices[i].vars[c->reg];
		iom_buf_printf(b, "dev%d:%s", c->dev, v);
		put_value(t, c, b);
		break;
	}
	case IOM_LIT_C_IO_BEFORE:
	case IOM_LIT_C_VO_BEFORE:
		put_evref(&c->e1, b);
		iom_buf_puts(b, c->kind == IOM_LIT_C_IO_BEFORE ? " <io " : " <vo ");
		put_evref(&c->e2, b);
		break;
	case IOM_LIT_C_COMBINED:
		iom_buf_puts(b, "combined(");
		put_evref(&c->e1, b);
		iom_buf_puts(b, ",");
		put_evref(&c->e2, b);
		iom_buf_puts(b, ")");
		break;
	}
}

void iom_lit_print_cond(const struct iom_lit_test *t, enum iom_lit_quant q,
			const struct iom_lit_cond *c, struct iom_buf *b)
{
	static const char *const qn[] = {
		[IOM_LIT_Q_EXISTS] = "exists",
		[IOM_LIT_Q_NOT_EXISTS] = "~exists",
		[IOM_LIT_Q_FORALL] = "forall",
	};
	iom_buf_printf(b, "%s (", qn[q]);
	put_cond(t, c, 1, b);
	iom_buf_puts(b, ")");
}

void iom_lit_print(const struct iom_lit_test *t, struct iom_buf *b)
{
	char v[16];
	iom_buf_printf(b, "C %s\n", t->name);
	if (t->result != IOM_LIT_V_NONE || t->nr_expects) {
		iom_buf_puts(b, "(*\n");
		if (t->result != IOM_LIT_V_NONE)
			iom_buf_printf(b, " * Result: %s\n", iom_lit_verdict_name(t->result));
		for (unsigned i = 0; i < t->nr_expects; i++) {
			const struct iom_lit_expect *e = &t->expects[i];
			iom_buf_printf(b, " * Expect: %s %s %s %s\n", iom_arch_name(e->arch),
				       iom_kver_str(e->kver, v, sizeof(v)),
				       iom_lit_model_name(e->model), iom_lit_verdict_name(e->verdict));
		}
		iom_buf_puts(b, " *)\n");
	}
	iom_buf_puts(b, "{\n");
	if (t->nopat)
		iom_buf_puts(b, "\tplatform(nopat);\n");
	for (unsigned i = 0; i < t->nr_mtrr_wc_devs; i++)
		iom_buf_printf(b, "\tmtrr_wc(dev%d);\n", t->mtrr_wc_devs[i]);
	for (unsigned i = 0; i < t->nr_syms; i++) {
		const struct iom_lit_sym *s = &t->syms[i];
		switch (s->kind) {
		case IOM_LIT_SYM_REGION:
			iom_buf_printf(b, "\t%s = %s(dev%d);\n", s->name,
				       iom_lit_region_kind_name(s->region), s->dev);
			break;
		case IOM_LIT_SYM_LOCK:
			iom_buf_printf(b, "\tspinlock_t %s;\n", s->name);
			break;
		case IOM_LIT_SYM_VAR:
			if (s->init_ref >= 0)
				iom_buf_printf(b, "\tint *%s = &%s;\n", s->name, t->syms[s->init_ref].name);
			else
				iom_buf_printf(b, "\tint %s = %" PRId64 ";\n", s->name, s->init);
			break;
		}
	}
	iom_buf_puts(b, "}\n");
	for (unsigned i = 0; i < t->nr_threads; i++) {
		const struct iom_lit_thread *th = &t->threads[i];
		iom_buf_printf(b, "\nP%d(", th->id);
		for (unsigned k = 0; k < th->nr_params; k++) {
			const char *ty = th->params[k].type;
			size_t n = strlen(ty);
			iom_buf_printf(b, "%s%s%s%s", k ? ", " : "", ty,
				       n && ty[n - 1] == '*' ? "" : (n ? " " : ""), th->params[k].name);
		}
		iom_buf_puts(b, ")\n{\n");
		for (unsigned k = 0; k < th->nr_regs; k++)
			iom_buf_printf(b, "\tint %s;\n", th->regs[k]);
		put_block(t, th, &th->body, 1, b);
		iom_buf_puts(b, "}\n");
	}
	for (unsigned i = 0; i < t->nr_devices; i++) {
		const struct iom_lit_device *d = &t->devices[i];
		iom_buf_printf(b, "\nDEV(dev%d) {\n", d->dev);
		for (unsigned k = 0; k < d->nr_stmts; k++) {
			const struct iom_lit_dstmt *s = &d->stmts[k];
			iom_buf_puts(b, "\t");
			if (s->has_trigger) {
				iom_buf_puts(b, "on ");
				put_evref(&s->trigger, b);
				iom_buf_puts(b, " ");
			}
			switch (s->kind) {
			case IOM_LIT_D_DMA_READ:
				iom_buf_printf(b, "%s = dma_read(%s);\n", d->vars[s->dst],
					       t->syms[s->mem].name);
				break;
			case IOM_LIT_D_DMA_WRITE:
				iom_buf_printf(b, "dma_write(%s, %" PRId64 ");\n", t->syms[s->mem].name,
					       s->value);
				break;
			case IOM_LIT_D_REG_SET:
				iom_buf_printf(b, "reg_set(%s + 0x%" PRIx64 ", %" PRId64 ");\n",
					       t->syms[s->region].name, s->offset, s->value);
				break;
			}
		}
		iom_buf_puts(b, "}\n");
	}
	iom_buf_puts(b, "\n");
	if (t->nr_locations) {
		iom_buf_puts(b, "locations [");
		for (unsigned i = 0; i < t->nr_locations; i++)
			iom_buf_printf(b, "%s;", t->syms[t->locations[i]].name);
		iom_buf_puts(b, "]\n");
	}
	if (t->filter) {
		iom_buf_puts(b, "filter (");
		put_cond(t, t->filter, 1, b);
		iom_buf_puts(b, ")\n");
	}
	iom_lit_print_cond(t, t->quant, t->cond, b);
	iom_buf_puts(b, "\n");
}
