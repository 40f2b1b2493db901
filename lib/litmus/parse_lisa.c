// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, LISA, herd7's generic assembly (older LKMM tests), read into the same statements as C.
 * (parse_int.h lists the parser's files.) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse_int.h"

/* ---- LISA (herd7's generic assembly; older LKMM tests) ----
 * "LISA name", the init block, a header row "P0 | P1 ;", then one row per instruction
 * slot, cells separated by '|' and the row ended by ';'. Each cell is lexed on its own.
 * Instructions (herdtools7 lib/LISAParser.mly): r[ann] REG ADDR, w[ann] ADDR VAL,
 * f[ann], call[ann], mov REG OPERAND, b[] REG LABEL, LABEL:. Registers are r<digits>;
 * other names are shared locations. A forward branch "b[] r L" skips up to label L, so
 * the skipped instructions become if (r == 0) { ... }. The annotation is kept in
 * stmt->lisa_ann; prim is the C primitive with that meaning (linux-kernel.def@v6.12),
 * or READ_ONCE / WRITE_ONCE / barrier when the LKMM has no such tag (herd7 then reports
 * an annotation error; iom_lit_check_lkmm() does the same). */

enum lisa_kind { LI_EMPTY, LI_INSTR, LI_LABEL, LI_BRANCH };

struct lisa_ins {
	enum lisa_kind kind;
	struct iom_lit_stmt st;     /* LI_INSTR */
	const char *label;          /* LI_LABEL, LI_BRANCH target */
	struct iom_lit_expr *cond;  /* LI_BRANCH: jump when true; NULL = always */
	struct iom_lit_pos pos;
};

static int lisa_is_reg(const struct lit_token *t)
{
	if (t->kind != T_IDENT || t->len < 2 || t->s[0] != 'r')
		return 0;
	for (size_t i = 1; i < t->len; i++)
		if (t->s[i] < '0' || t->s[i] > '9')
			return 0;
	return 1;
}

static int lisa_reg(struct parser *p, const struct lit_token *t)
{
	int r = lp_find_reg(p->cur, t->s, t->len);
	if (r >= 0)
		return r;
	*PUSH(p, p->cur->regs, p->cur->nr_regs, p->cap_regs) = lp_tokstr(p, t);
	return (int)p->cur->nr_regs - 1;
}

/* A name, register or number */
static struct iom_lit_expr *lisa_atom(struct parser *p)
{
	struct lit_token t = lp_next(p);
	struct iom_lit_expr *e;
	if (t.kind == T_NUM || (lp_is_p(&t, '-') && lp_peek(p, 0)->kind == T_NUM)) {
		e = lp_new_expr(p, IOM_LIT_E_CONST, t.pos);
		if (t.kind == T_NUM) {
			e->value = (int64_t)t.num;
		} else {
			e->value = -(int64_t)lp_next(p).num;
		}
		return e;
	}
	if (t.kind != T_IDENT)
		lp_fail(p, IOM_EPARSE, t.pos, "LISA: expected a register, name or number, found %s",
		     lp_describe(p, &t));
	if (lisa_is_reg(&t)) {
		e = lp_new_expr(p, IOM_LIT_E_REG, t.pos);
		e->index = lisa_reg(p, &t);
		return e;
	}
	e = lp_new_expr(p, IOM_LIT_E_SYM, t.pos);
	e->index = lp_mention_sym(p, &t);
	return e;
}

/* ADDR: x, r1, x+r1, r1+x, [x] */
static struct iom_lit_expr *lisa_addr(struct parser *p)
{
	int br = 0;
	if (lp_is_p(lp_peek(p, 0), '[')) {
		lp_next(p);
		br = 1;
	}
	struct iom_lit_expr *e = lisa_atom(p);
	if (e->kind == IOM_LIT_E_CONST && !lp_is_p(lp_peek(p, 0), '+'))
		/* as in C (an address is a name or a register holding one): the test is
		 * printed and kept as C */
		lp_fail(p, IOM_EINVAL, e->pos, "LISA: expected a location, not a constant");
	if (lp_is_p(lp_peek(p, 0), '+')) {
		struct lit_token pl = lp_next(p);
		struct iom_lit_expr *b = lp_new_expr(p, IOM_LIT_E_BINOP, pl.pos);
		b->op = '+';
		b->a = e;
		b->b = lisa_atom(p);
		e = b;
	}
	if (br)
		lp_expect_p(p, ']', "to close '[' in a LISA address");
	return e;
}

/* OPERAND: atom or (op a b) */
static struct iom_lit_expr *lisa_operand(struct parser *p)
{
	if (!lp_is_p(lp_peek(p, 0), '('))
		return lisa_atom(p);
	lp_next(p);
	struct lit_token op = lp_expect_ident(p, "as a LISA operator");
	static const struct { const char *n; int op; } ops[] = {
		{ "add", '+' }, { "sub", '-' }, { "xor", '^' }, { "and", '&' }, { "or", '|' },
		{ "mul", '*' }, { "div", '/' }, { "eq", IOM_LIT_OP_EQ }, { "neq", IOM_LIT_OP_NE },
		{ "lt", '<' }, { "gt", '>' }, { "le", IOM_LIT_OP_LE }, { "ge", IOM_LIT_OP_GE },
	};
	int o = -1;
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (lp_is_id(&op, ops[i].n))
			o = ops[i].op;
	if (o < 0)
		lp_fail(p, IOM_EINVAL, op.pos, "LISA: unknown operator '%.*s'", (int)op.len, op.s);
	struct iom_lit_expr *e = lp_new_expr(p, IOM_LIT_E_BINOP, op.pos);
	e->op = o;
	e->a = lisa_operand(p);
	e->b = lisa_operand(p);
	lp_expect_p(p, ')', "to close a LISA operation");
	return e;
}

/* "[ann]" or "[a,b]" -> "ann" / "a,b" ("" for []) */
static const char *lisa_ann(struct parser *p)
{
	char buf[128];
	size_t n = 0;
	lp_expect_p(p, '[', "after a LISA opcode");
	while (!lp_is_p(lp_peek(p, 0), ']')) {
		struct lit_token t = lp_next(p);
		if (t.kind == T_EOF)
			lp_fail(p, IOM_EPARSE, t.pos, "LISA: unterminated annotation");
		if (n + t.len + 1 >= sizeof(buf))
			lp_fail(p, IOM_ELIMIT, t.pos, "LISA: annotation too long");
		memcpy(buf + n, t.s, t.len);
		n += t.len;
	}
	lp_next(p);
	return lp_xstrndup(p, buf, n);
}

static enum iom_lit_prim lisa_prim(char op, const char *ann)
{
	static const struct { char op; const char *ann; enum iom_lit_prim prim; } map[] = {
		{ 'r', "once", IOM_LIT_P_READ_ONCE },
		{ 'r', "acquire", IOM_LIT_P_SMP_LOAD_ACQUIRE },
		{ 'r', "deref", IOM_LIT_P_RCU_DEREFERENCE },
		{ 'r', "lderef", IOM_LIT_P_RCU_DEREFERENCE },
		{ 'w', "once", IOM_LIT_P_WRITE_ONCE },
		{ 'w', "release", IOM_LIT_P_SMP_STORE_RELEASE },
		{ 'w', "assign", IOM_LIT_P_RCU_ASSIGN_POINTER },
		{ 'f', "mb", IOM_LIT_P_SMP_MB },
		{ 'f', "rmb", IOM_LIT_P_SMP_RMB },
		{ 'f', "wmb", IOM_LIT_P_SMP_WMB },
		{ 'f', "barrier", IOM_LIT_P_BARRIER },
		{ 'f', "rcu_read_lock", IOM_LIT_P_RCU_READ_LOCK },
		{ 'f', "rcu-lock", IOM_LIT_P_RCU_READ_LOCK },
		{ 'f', "rcu_read_unlock", IOM_LIT_P_RCU_READ_UNLOCK },
		{ 'f', "rcu-unlock", IOM_LIT_P_RCU_READ_UNLOCK },
		{ 'f', "sync", IOM_LIT_P_SYNCHRONIZE_RCU },
		{ 'f', "sync-rcu", IOM_LIT_P_SYNCHRONIZE_RCU },
		{ 'f', "before-atomic", IOM_LIT_P_SMP_MB_BEFORE_ATOMIC },
		{ 'f', "after-atomic", IOM_LIT_P_SMP_MB_AFTER_ATOMIC },
		{ 'f', "after-spinlock", IOM_LIT_P_SMP_MB_AFTER_SPINLOCK },
		{ 'f', "after-unlock-lock", IOM_LIT_P_SMP_MB_AFTER_UNLOCK_LOCK },
		{ 'f', "after-srcu-read-unlock", IOM_LIT_P_SMP_MB_AFTER_SRCU_READ_UNLOCK },
	};
	for (size_t i = 0; i < ARRAY_SIZE(map); i++)
		if (map[i].op == op && !strcmp(map[i].ann, ann))
			return map[i].prim;
	return op == 'r' ? IOM_LIT_P_READ_ONCE : op == 'w' ? IOM_LIT_P_WRITE_ONCE : IOM_LIT_P_BARRIER;
}

static void lisa_mem_operand(struct iom_lit_stmt *s, struct iom_lit_expr *a)
{
	if (a->kind == IOM_LIT_E_SYM)
		s->mem = a->index;
	else
		s->addr = a;
}

/* One cell, lexed from the current (cell) lexer. */
static void lisa_cell(struct parser *p, struct lisa_ins *in, const char *text)
{
	const struct lit_token *t = lp_peek(p, 0);
	in->pos = t->pos;
	if (t->kind == T_EOF) {
		in->kind = LI_EMPTY;
		return;
	}
	if (t->kind == T_IDENT && lp_is_p(lp_peek(p, 1), ':')) {
		struct lit_token l = lp_next(p);
		lp_next(p);
		in->kind = LI_LABEL;
		in->label = lp_tokstr(p, &l);
		return;
	}
	struct lit_token op = lp_expect_ident(p, "as a LISA instruction");
	struct iom_lit_stmt *s = &in->st;
	lp_init_stmt(s, IOM_LIT_S_PRIM, op.pos);
	s->lisa_text = text;
	in->kind = LI_INSTR;
	if (lp_is_id(&op, "r") || lp_is_id(&op, "w") || lp_is_id(&op, "f") || lp_is_id(&op, "call")) {
		const char *ann = lisa_ann(p);
		char k = lp_is_id(&op, "call") ? 'f' : op.s[0];
		s->lisa_ann = ann;
		s->prim = lisa_prim(k, ann);
		if (k == 'r') {
			struct lit_token r = lp_next(p);
			if (!lisa_is_reg(&r))
				lp_fail(p, IOM_EPARSE, r.pos, "LISA: r[...] needs a register first");
			s->dst = lisa_reg(p, &r);
			lisa_mem_operand(s, lisa_addr(p));
		} else if (k == 'w') {
			lisa_mem_operand(s, lisa_addr(p));
			s->value = lisa_operand(p);
		}
	} else if (lp_is_id(&op, "mov")) {
		struct lit_token r = lp_next(p);
		if (!lisa_is_reg(&r))
			lp_fail(p, IOM_EPARSE, r.pos, "LISA: mov needs a register first");
		s->kind = IOM_LIT_S_ASSIGN;
		s->dst = lisa_reg(p, &r);
		s->expr = lisa_operand(p);
	} else if (lp_is_id(&op, "b")) {
		lisa_ann(p);
		in->kind = LI_BRANCH;
		if (lp_peek(p, 1)->kind != T_EOF)
			in->cond = lisa_operand(p);
		struct lit_token l = lp_expect_ident(p, "as a branch target");
		in->label = lp_tokstr(p, &l);
	} else {
		lp_fail(p, IOM_EINVAL, op.pos, "LISA: unsupported instruction '%.*s'", (int)op.len, op.s);
	}
	const struct lit_token *e = lp_peek(p, 0);
	if (e->kind != T_EOF)
		lp_fail(p, IOM_EPARSE, e->pos, "LISA: unexpected %s in the instruction", lp_describe(p, e));
}

/* A thread's instructions into l. Forward branches may overlap (b L1; b L2; L1:; L2:),
 * so each branch k records whether it was taken in a fresh register __bk, and every
 * instruction between branch k and its label runs under if (!__bk && ...): runs of
 * instructions with the same set of enclosing branches share one if. */
static void lisa_build(struct parser *p, struct stmt_list *l, struct lisa_ins *ins, unsigned n)
{
	enum { MAXB = 64 };
	unsigned bi[MAXB], bl[MAXB], nb = 0;
	int breg[MAXB];
	for (unsigned i = 0; i < n; i++) {
		if (ins[i].kind != LI_BRANCH)
			continue;
		if (nb >= MAXB)
			lp_fail(p, IOM_ELIMIT, ins[i].pos, "LISA: more than %d branches in P%d", MAXB,
			     p->cur->id);
		unsigned k = i + 1;
		while (k < n && !(ins[k].kind == LI_LABEL && !strcmp(ins[k].label, ins[i].label)))
			k++;
		if (k >= n)
			lp_fail(p, IOM_EINVAL, ins[i].pos, "LISA: label '%s' does not follow the branch "
			     "(only forward branches are supported)", ins[i].label);
		bi[nb] = i;
		bl[nb] = k;
		breg[nb] = lp_new_temp(p, ins[i].pos);
		nb++;
	}
	unsigned i = 0, b = 0;
	while (i < n) {
		uint64_t g = 0;
		for (unsigned k = 0; k < nb; k++)
			if (bi[k] < i && i < bl[k])
				g |= 1ull << k;
		/* the run [i, j) shares guard g */
		unsigned j = i;
		for (;;) {
			uint64_t gj = 0;
			if (j >= n)
				break;
			for (unsigned k = 0; k < nb; k++)
				if (bi[k] < j && j < bl[k])
					gj |= 1ull << k;
			if (gj != g)
				break;
			j++;
		}
		struct stmt_list body = { 0 }, *dst = l;
		struct iom_lit_stmt *ifs = NULL;
		if (g) {
			p->cur_group = -1;
			ifs = lp_new_stmt(p, l, IOM_LIT_S_IF, ins[i].pos);
			struct iom_lit_expr *c = NULL;
			for (unsigned k = 0; k < nb; k++) {
				if (!(g >> k & 1))
					continue;
				struct iom_lit_expr *r = lp_new_expr(p, IOM_LIT_E_REG, ins[i].pos);
				r->index = breg[k];
				struct iom_lit_expr *nt = lp_new_expr(p, IOM_LIT_E_UNOP, ins[i].pos);
				nt->op = '!';
				nt->a = r;
				if (c) {
					struct iom_lit_expr *a = lp_new_expr(p, IOM_LIT_E_BINOP, ins[i].pos);
					a->op = IOM_LIT_OP_LAND;
					a->a = c;
					a->b = nt;
					c = a;
				} else {
					c = nt;
				}
			}
			ifs->cond = c;
			dst = &body;
		}
		for (unsigned x = i; x < j; x++) {
			p->cur_group = -1;
			if (ins[x].kind == LI_INSTR) {
				lp_push_stmt(p, dst, &ins[x].st);
			} else if (ins[x].kind == LI_BRANCH) {
				while (bi[b] != x)
					b++;
				struct iom_lit_stmt a;
				lp_init_stmt(&a, IOM_LIT_S_ASSIGN, ins[x].pos);
				a.dst = breg[b];
				if (ins[x].cond) {
					struct iom_lit_expr *ne = lp_new_expr(p, IOM_LIT_E_BINOP, ins[x].pos);
					ne->op = IOM_LIT_OP_NE;
					ne->a = ins[x].cond;
					ne->b = lp_new_expr(p, IOM_LIT_E_CONST, ins[x].pos);
					a.expr = ne;
				} else {
					a.expr = lp_new_expr(p, IOM_LIT_E_CONST, ins[x].pos);
					a.expr->value = 1;
				}
				lp_push_stmt(p, dst, &a);
			}
		}
		if (ifs) {
			ifs->then_b.stmts = body.stmts;
			ifs->then_b.nr_stmts = body.nr;
		}
		i = j;
	}
}

struct lisa_rows {
	unsigned cap_ins[LIT_MAX_THREADS], nr_ins[LIT_MAX_THREADS];
	struct lisa_ins *ins[LIT_MAX_THREADS];
};

static void lisa_row_cell(struct parser *p, unsigned cell, const char *text, void *arg)
{
	struct lisa_rows *lr = arg;
	struct lisa_ins *in = PUSH(p, lr->ins[cell], lr->nr_ins[cell], lr->cap_ins[cell]);
	memset(in, 0, sizeof(*in));
	lisa_cell(p, in, text);
}

void lp_parse_lisa_threads(struct parser *p)
{
	struct lisa_rows *lr = lp_xalloc(p, sizeof(*lr));
	const struct lp_rows rows = { "LISA", 0, NULL, lisa_row_cell, lr };
	unsigned nth = lp_parse_rows(p, &rows);
	unsigned *nr_ins = lr->nr_ins;
	struct lisa_ins **ins = lr->ins;
	for (unsigned i = 0; i < nth; i++) {
		struct iom_lit_thread *th = &p->t->threads[i];
		p->cur = th;
		p->nr_initregs = 0;
		struct stmt_list l = { 0 };
		p->cap_regs = th->nr_regs;
		p->ntemp = 0;
	p->nmade = 0;
		lisa_build(p, &l, ins[i], nr_ins[i]);
		th->body.stmts = l.stmts;
		th->body.nr_stmts = l.nr;
		p->cur = NULL;
	}
}
