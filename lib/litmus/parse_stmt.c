// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, statements (assignments, calls, if/else, loops, labels) and the threads that hold them.
 * (parse_int.h lists the parser's files.) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse_int.h"

/* ---- statements ---- */

void lp_init_stmt(struct iom_lit_stmt *s, enum iom_lit_stmt_kind k, struct iom_lit_pos pos)
{
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->pos = pos;
	s->dst = -1;
	s->region = -1;
	s->mem = -1;
	s->mem_reg = -1;
	s->count = 1;
}

/* Append a copy of tmpl to l; the statement id is handed out here, so ids follow the
 * order in which statements are emitted (hoisted loads before their user). */
struct iom_lit_stmt *lp_push_stmt(struct parser *p, struct stmt_list *l,
				      const struct iom_lit_stmt *tmpl)
{
	if (p->cur->nr_stmt_ids >= 4096)
		lp_fail(p, IOM_ELIMIT, tmpl->pos, "too many statements in P%d", p->cur->id);
	struct iom_lit_stmt *s = PUSH(p, l->stmts, l->nr, l->cap);
	*s = *tmpl;
	s->id = (int)p->cur->nr_stmt_ids++;
	if (p->cur_group < 0)
		p->cur_group = s->id;
	s->group = p->cur_group;
	return s;
}

struct iom_lit_stmt *lp_new_stmt(struct parser *p, struct stmt_list *l,
				     enum iom_lit_stmt_kind k, struct iom_lit_pos pos)
{
	struct iom_lit_stmt tmp;
	lp_init_stmt(&tmp, k, pos);
	return lp_push_stmt(p, l, &tmp);
}

static void flush_hoist(struct parser *p, struct stmt_list *l)
{
	for (unsigned i = 0; i < p->hoist.nr; i++)
		lp_push_stmt(p, l, &p->hoist.stmts[i]);
	p->hoist.nr = 0;
}

int lp_new_temp(struct parser *p, struct iom_lit_pos pos)
{
	struct iom_lit_thread *th = p->cur;
	char name[16];
	/* the limit counts temporaries made, not names tried: a printed test declares its
	 * temporaries as registers, and the names its reparse skips must not count
	 * (fuzz_litmus: 997 temporaries parsed, printed, then refused) */
	if (p->nmade++ >= 1000)
		lp_fail(p, IOM_ELIMIT, pos, "too many loads inside expressions in P%d", th->id);
	/* a fresh name: no register of the thread, and no shared location (a parameter
	 * named __t1 is one; fuzz_litmus) */
	do
		snprintf(name, sizeof(name), "__t%u", p->ntemp++);
	while (lp_find_reg(th, name, strlen(name)) >= 0 || lp_find_sym(p->t, name, strlen(name)) >= 0);
	*PUSH(p, th->regs, th->nr_regs, p->cap_regs) = lp_xstrndup(p, name, strlen(name));
	return (int)th->nr_regs - 1;
}

static void add_reg(struct parser *p, const struct lit_token *name)
{
	struct iom_lit_thread *th = p->cur;
	int old = lp_find_reg(th, name->s, name->len);
	if (old >= 0 && (unsigned)old < p->nr_initregs)
		return; /* given a value in the init block (0:r1 = x;), declared again here */
	if (old >= 0 && !iom_lit_is_mmio(p->t))
		return; /* herd7 7.57: the same register again, no block scope (an inner
			 * int r = 7; assigns it; litmus/lkmm/Compat-reg-redeclared) */
	if (old >= 0)
		lp_fail(p, IOM_EINVAL, name->pos, "register '%.*s' is declared twice in P%d",
		     (int)name->len, name->s, th->id);
	/* a register may not share a name with a parameter of its thread; another thread's
	 * shared name is no conflict (the canonical print declares every shared name in the
	 * initial state, so both spellings must parse alike) */
	for (unsigned i = 0; i < th->nr_params; i++)
		if (strlen(th->params[i].name) == name->len && !memcmp(th->params[i].name, name->s, name->len)) {
			if (iom_lit_is_mmio(p->t))
				lp_fail(p, IOM_EINVAL, name->pos, "register '%.*s' shadows a shared name",
				     (int)name->len, name->s);
			/* herd7 7.57: a parameter is a register holding its location's address,
			 * and a local of its name is that register again (int y; leaves it
			 * &y, int y = 5; sets it; litmus/lkmm/Compat-reg-shadows-param*) */
			*PUSH(p, th->regs, th->nr_regs, p->cap_regs) = lp_tokstr(p, name);
			struct iom_lit_reginit ri = { .reg = (int)th->nr_regs - 1, .sym = th->params[i].sym,
						      .pos = name->pos };
			*PUSH(p, th->reg_inits, th->nr_reg_inits, p->cap_reginits) = ri;
			return;
		}
	*PUSH(p, th->regs, th->nr_regs, p->cap_regs) = lp_tokstr(p, name);
}

static void parse_stmt(struct parser *p, struct stmt_list *l, const char **labels,
		       unsigned *nr_labels);

static void parse_call(struct parser *p, struct iom_lit_stmt *s)
{
	struct lit_token name = lp_next(p);
	char *n = lp_tokstr(p, &name);
	s->prim = iom_lit_prim_lookup(n);
	if (s->prim == IOM_LIT_P_NONE)
		/* herd7's text for a name linux-kernel.def does not define */
		lp_fail(p, IOM_EINVAL, name.pos, "Unknown macro %s", n);
	lp_expect_p(p, '(', "after the primitive name");
	struct iom_lit_expr **args = NULL;
	unsigned nr = 0, cap = 0;
	const struct iom_lit_prim_info *cpi = iom_lit_prim_info(s->prim);
	enum iom_lit_pclass pc = cpi->pclass;
	int saved = p->no_hoist;
	if (!lp_is_p(lp_peek(p, 0), ')')) {
		for (;;) {
			if (nr >= 8)
				lp_fail(p, IOM_EINVAL, lp_peek(p, 0)->pos, "%s(): too many arguments", n);
			/* the location operand of READ_ONCE(*x), xchg(x, v), spin_lock(l) */
			if (cpi->lkform != IOM_LIT_LF_NONE)
				/* READ_ONCE(*x) keeps its '*'; smp_load_acquire(*p) reads p first
				 * (linux-kernel.def: __load{acquire}(*X) with X = *p) */
				p->no_hoist = cpi->arg_loc >= 0 && nr == (unsigned)cpi->arg_loc &&
					      cpi->loc_lvalue;
			else
				p->no_hoist = nr == 0 && (pc == IOM_LIT_PC_MEM || pc == IOM_LIT_PC_RMW ||
							  pc == IOM_LIT_PC_LOCK);
			*PUSH(p, args, nr, cap) = lp_parse_expr(p);
			p->no_hoist = saved;
			if (!lp_is_p(lp_peek(p, 0), ','))
				break;
			lp_next(p);
		}
	}
	lp_expect_p(p, ')', "to close the argument list");
	s->args = args;
	s->nr_args = nr;
	lp_resolve_prim(p, s);
}

/* A value-returning call inside an expression: "r = READ_ONCE(*x) + 1" becomes
 * "__t0 = READ_ONCE(*x); r = __t0 + 1". */
struct iom_lit_expr *lp_hoist_call(struct parser *p, struct iom_lit_pos pos)
{
	struct iom_lit_stmt tmp;
	lp_init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
	tmp.dst = lp_new_temp(p, pos);
	parse_call(p, &tmp);
	*PUSH(p, p->hoist.stmts, p->hoist.nr, p->hoist.cap) = tmp;
	struct iom_lit_expr *e = lp_new_expr(p, IOM_LIT_E_REG, pos);
	e->index = tmp.dst;
	return e;
}

/* A plain load inside an expression: "*z2 = *z1" becomes "__t0 = *z1; *z2 = __t0". */
struct iom_lit_expr *lp_hoist_load(struct parser *p, struct iom_lit_expr *a,
				       struct iom_lit_pos pos)
{
	struct iom_lit_stmt tmp;
	if (a->kind == IOM_LIT_E_SYM && p->t->syms[a->index].kind != IOM_LIT_SYM_VAR &&
	    p->t->syms[a->index].kind != IOM_LIT_SYM_LOCK)
		lp_fail(p, IOM_EINVAL, pos, "plain load from '%s', which is not normal memory",
		     p->t->syms[a->index].name);
	if (a->kind == IOM_LIT_E_CONST)
		lp_fail(p, IOM_EINVAL, pos, "'*' needs an address, not a constant");
	lp_init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
	tmp.prim = IOM_LIT_P_PLAIN_LOAD;
	tmp.dst = lp_new_temp(p, pos);
	if (a->kind == IOM_LIT_E_SYM)
		tmp.mem = a->index;
	else
		tmp.addr = a; /* *r1, *(a + 1): the engine evaluates the address */
	*PUSH(p, p->hoist.stmts, p->hoist.nr, p->hoist.cap) = tmp;
	struct iom_lit_expr *e = lp_new_expr(p, IOM_LIT_E_REG, pos);
	e->index = tmp.dst;
	return e;
}

/* Statements of a block up to and including the closing '}'. */
static void parse_block_body(struct parser *p, struct stmt_list *l, const char **labels,
			     unsigned *nr_labels)
{
	for (;;) {
		const struct lit_token *t = lp_peek(p, 0);
		if (lp_is_p(t, '}')) {
			lp_next(p);
			return;
		}
		if (t->kind == T_EOF)
			lp_fail(p, IOM_EPARSE, t->pos, "unbalanced braces: missing '}' in P%d",
			     p->cur->id);
		parse_stmt(p, l, labels, nr_labels);
	}
}

static void parse_branch(struct parser *p, struct iom_lit_block *b, const char **labels,
			 unsigned *nr_labels)
{
	struct stmt_list l = { 0 };
	if (lp_is_p(lp_peek(p, 0), '{')) {
		struct lit_token open = lp_next(p);
		lp_enter(p, open.pos);
		parse_block_body(p, &l, labels, nr_labels);
		p->depth--;
	} else {
		lp_enter(p, lp_peek(p, 0)->pos);
		parse_stmt(p, &l, labels, nr_labels);
		p->depth--;
	}
	b->stmts = l.stmts;
	b->nr_stmts = l.nr;
}

/* The right-hand side of "r = ..." (also a declaration's initialiser): a whole call or a
 * whole plain load becomes that access with dst = r; anything else is an ASSIGN whose
 * loads and calls are hoisted. Does not consume the terminating ';' or ','. */
static void parse_rhs(struct parser *p, struct stmt_list *l, int r, const char *label,
		      struct iom_lit_pos pos)
{
	const struct lit_token *r1 = lp_peek(p, 0);
	struct iom_lit_stmt tmp;
	lp_init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
	tmp.label = label;
	tmp.dst = r;
	if (r1->kind == T_IDENT && lp_is_p(lp_peek(p, 1), '(') && lp_find_reg(p->cur, r1->s, r1->len) < 0 &&
	    lp_find_sym(p->t, r1->s, r1->len) < 0 &&
	    iom_lit_prim_lookup(lp_tokstr(p, r1)) != IOM_LIT_P_NONE) {
		parse_call(p, &tmp);
		const struct lit_token *nt = lp_peek(p, 0);
		if (!lp_is_p(nt, ';') && !lp_is_p(nt, ',') && nt->kind != T_EOF) {
			/* "r = READ_ONCE(*x) + 1": the call was the first operand */
			struct iom_lit_stmt call = tmp;
			call.label = NULL;
			call.dst = lp_new_temp(p, pos);
			*PUSH(p, p->hoist.stmts, p->hoist.nr, p->hoist.cap) = call;
			struct iom_lit_expr *lhs = lp_new_expr(p, IOM_LIT_E_REG, pos);
			lhs->index = call.dst;
			int op, prec = lp_binop(nt, &op);
			if (!prec)
				lp_fail(p, IOM_EPARSE, nt->pos, "expected ';' after an assignment, found %s",
				     lp_describe(p, nt));
			struct lit_token optok = lp_next(p);
			struct iom_lit_expr *e = lp_new_expr(p, IOM_LIT_E_BINOP, optok.pos);
			e->op = op;
			e->a = lhs;
			e->b = lp_parse_binary(p, prec + 1);
			while ((prec = lp_binop(lp_peek(p, 0), &op))) {
				struct iom_lit_expr *n2 = lp_new_expr(p, IOM_LIT_E_BINOP, lp_next(p).pos);
				n2->op = op;
				n2->a = e;
				n2->b = lp_parse_binary(p, prec + 1);
				e = n2;
			}
			lp_init_stmt(&tmp, IOM_LIT_S_ASSIGN, pos);
			tmp.dst = r;
			tmp.expr = e;
		}
	} else if (lp_is_p(r1, '*') && lp_peek(p, 1)->kind == T_IDENT &&
		   (lp_is_p(lp_peek(p, 2), ';') || lp_is_p(lp_peek(p, 2), ',')) &&
		   lp_find_reg(p->cur, lp_peek(p, 1)->s, lp_peek(p, 1)->len) >= 0) {
		/* r = *r1; a plain load through a pointer register */
		lp_next(p);
		struct lit_token n = lp_next(p);
		tmp.prim = IOM_LIT_P_PLAIN_LOAD;
		tmp.addr = lp_new_expr(p, IOM_LIT_E_REG, n.pos);
		tmp.addr->index = lp_find_reg(p->cur, n.s, n.len);
	} else if (lp_is_p(r1, '*') && lp_peek(p, 1)->kind == T_IDENT &&
		   (lp_is_p(lp_peek(p, 2), ';') || lp_is_p(lp_peek(p, 2), ',')) &&
		   lp_find_sym(p->t, lp_peek(p, 1)->s, lp_peek(p, 1)->len) >= 0) {
		lp_next(p);
		struct lit_token n = lp_next(p);
		int sym = lp_find_sym(p->t, n.s, n.len);
		if (p->t->syms[sym].kind != IOM_LIT_SYM_VAR && p->t->syms[sym].kind != IOM_LIT_SYM_LOCK)
			lp_fail(p, IOM_EINVAL, r1->pos, "plain load from '%.*s', which is not normal memory",
			     (int)n.len, n.s);
		tmp.prim = IOM_LIT_P_PLAIN_LOAD;
		tmp.mem = sym;
	} else {
		lp_init_stmt(&tmp, IOM_LIT_S_ASSIGN, pos);
		tmp.dst = r;
		tmp.expr = lp_parse_expr(p);
		if (lp_has_deref(tmp.expr))
			lp_fail(p, IOM_EINVAL, tmp.expr->pos, "memory accesses must name a shared location");
		struct iom_lit_thread *th = p->cur;
		if (tmp.expr->kind == IOM_LIT_E_REG && p->hoist.nr &&
		    p->hoist.stmts[p->hoist.nr - 1].dst == tmp.expr->index &&
		    tmp.expr->index == (int)th->nr_regs - 1 && !strncmp(th->regs[tmp.expr->index], "__t", 3)) {
			/* r = *(a + 1); r = (int)READ_ONCE(*x);  the whole right-hand side was one
			 * read: it becomes that access with dst = r (no temporary) */
			tmp = p->hoist.stmts[--p->hoist.nr];
			th->nr_regs--;
			tmp.dst = r;
			tmp.label = label;
		} else if (label) {
			lp_fail(p, IOM_EINVAL, pos, "label '%s' is on a register assignment, not an access",
			     label);
		}
	}
	flush_hoist(p, l);
	lp_push_stmt(p, l, &tmp);
}

static void parse_stmt(struct parser *p, struct stmt_list *l, const char **labels,
		       unsigned *nr_labels)
{
	const struct lit_token *t = lp_peek(p, 0);
	const char *label = NULL;
	struct iom_lit_pos pos = t->pos;

	p->cur_group = -1;
	if (lp_is_p(t, ';')) {
		lp_next(p);
		return;
	}
	if (lp_is_p(t, '(') && lp_is_type_word(lp_peek(p, 1))) {
		/* (void)call(...); the cast is dropped */
		lp_next(p);
		lp_parse_type(p);
		lp_expect_p(p, ')', "to close the cast");
		t = lp_peek(p, 0);
		pos = t->pos;
		if (!(t->kind == T_IDENT && lp_is_p(lp_peek(p, 1), '(')))
			lp_fail(p, IOM_EPARSE, t->pos, "expected a call after the cast, found %s",
			     lp_describe(p, t));
	}
	if (t->kind == T_IDENT && lp_is_p(lp_peek(p, 1), ':') && !lp_is_type_word(t)) {
		struct lit_token lt = lp_next(p);
		lp_next(p);
		label = lp_tokstr(p, &lt);
		for (unsigned i = 0; i < *nr_labels; i++)
			if (!strcmp(labels[i], label))
				lp_fail(p, IOM_EINVAL, lt.pos, "label '%s' is used twice in P%d", label,
				     p->cur->id);
		if (*nr_labels >= 256)
			lp_fail(p, IOM_ELIMIT, lt.pos, "too many labels");
		labels[(*nr_labels)++] = label;
		t = lp_peek(p, 0);
		pos = t->pos;
		if (lp_is_p(t, '}') || t->kind == T_EOF || lp_is_type_word(t) || lp_is_id(t, "if") ||
		    lp_is_id(t, "while") || lp_is_p(t, '{') || lp_is_p(t, ';'))
			lp_fail(p, IOM_EPARSE, t->pos, "label '%s' must be followed by an access or a "
			     "barrier", label);
	}
	if (lp_is_p(t, '{')) {
		lp_next(p);
		lp_enter(p, pos);
		parse_block_body(p, l, labels, nr_labels);
		p->depth--;
		return;
	}
	if (lp_is_type_word(t)) {
		lp_parse_type(p);
		for (;;) {
			struct lit_token name = lp_expect_ident(p, "in a declaration");
			if (lp_is_type_word(&name))
				lp_fail(p, IOM_EPARSE, name.pos, "expected a register name");
			add_reg(p, &name);
			if (lp_is_p(lp_peek(p, 0), '=')) {
				lp_next(p);
				p->cur_group = -1;
				parse_rhs(p, l, lp_find_reg(p->cur, name.s, name.len), NULL, name.pos);
			}
			if (!lp_is_p(lp_peek(p, 0), ','))
				break;
			lp_next(p);
		}
		lp_expect_p(p, ';', "after a declaration");
		return;
	}
	if (lp_is_id(t, "if")) {
		lp_next(p);
		lp_expect_p(p, '(', "after 'if'");
		struct iom_lit_expr *cond = lp_parse_expr(p);
		if (lp_has_deref(cond))
			lp_fail(p, IOM_EINVAL, cond->pos, "memory accesses must name a shared location");
		lp_expect_p(p, ')', "after the if condition");
		flush_hoist(p, l);
		struct iom_lit_stmt *s = lp_new_stmt(p, l, IOM_LIT_S_IF, pos);
		s->cond = cond;
		struct iom_lit_block then_b, else_b = { 0 };
		/* s stays valid: the branches grow their own lists, never l */
		parse_branch(p, &then_b, labels, nr_labels);
		if (lp_is_id(lp_peek(p, 0), "else")) {
			lp_next(p);
			parse_branch(p, &else_b, labels, nr_labels);
		}
		s->then_b = then_b;
		s->else_b = else_b;
		return;
	}
	if ((lp_is_id(t, "break") || lp_is_id(t, "continue")) && lp_is_p(lp_peek(p, 1), ';')) {
		/* herd7 7.57 parses break; and continue; in C thread code and does nothing with
		 * them: a loop goes on, code after them runs (litmus/lkmm/Compat-break,
		 * Compat-break-noop, Compat-continue-noop hold its outputs). An LKMM test gets
		 * herd7's answer; a C-MMIO test, where a reader would expect C's meaning, is
		 * refused rather than answered differently from C. */
		if (iom_lit_is_mmio(p->t))
			lp_fail(p, IOM_EINVAL, t->pos, "'%s' is not supported in C-MMIO tests (herd7 reads it "
			     "as a statement that does nothing, not as C's jump)", lp_is_id(t, "break") ? "break" : "continue");
		if (label)
			lp_fail(p, IOM_EPARSE, pos, "label '%s' must be followed by an access or a barrier", label);
		lp_next(p);
		lp_next(p);
		return;
	}
	if (lp_is_id(t, "while")) {
		/* while (cond) body: herd7 unrolls it; cond's reads are redone each time */
		lp_next(p);
		lp_expect_p(p, '(', "after 'while'");
		struct iom_lit_stmt *s = lp_new_stmt(p, l, IOM_LIT_S_WHILE, pos);
		struct iom_lit_expr *cond = lp_parse_expr(p);
		lp_expect_p(p, ')', "after the while condition");
		struct stmt_list cl = { 0 };
		flush_hoist(p, &cl);
		s->cond = cond;
		s->cond_b.stmts = cl.stmts;
		s->cond_b.nr_stmts = cl.nr;
		struct iom_lit_block body = { 0 };
		parse_branch(p, &body, labels, nr_labels);
		s->then_b = body;
		return;
	}
	if (lp_is_p(t, '*')) {
		/* plain store: *x = e;  *r1 = e;  *(a + 1) = e;  **p = e; */
		lp_next(p);
		struct iom_lit_expr *a = lp_parse_unary(p);
		if (a->kind == IOM_LIT_E_ADDR)
			a = a->a;
		int sym = -1;
		if (a->kind == IOM_LIT_E_SYM) {
			sym = a->index;
			if (p->t->syms[sym].kind != IOM_LIT_SYM_VAR)
				lp_fail(p, IOM_EINVAL, a->pos, "plain store to '%s', which is not normal "
				     "memory", p->t->syms[sym].name);
		} else if (a->kind == IOM_LIT_E_CONST) {
			lp_fail(p, IOM_EINVAL, a->pos, "'*' needs an address, not a constant");
		}
		lp_expect_p(p, '=', "in a plain store");
		struct iom_lit_stmt tmp;
		lp_init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
		tmp.label = label;
		tmp.prim = IOM_LIT_P_PLAIN_STORE;
		tmp.mem = sym;
		if (sym < 0)
			tmp.addr = a;
		tmp.value = lp_parse_expr(p);
		if (lp_has_deref(tmp.value))
			lp_fail(p, IOM_EINVAL, tmp.value->pos,
			     "memory accesses must name a shared location");
		lp_expect_p(p, ';', "after a store");
		flush_hoist(p, l);
		lp_push_stmt(p, l, &tmp);
		return;
	}
	if (t->kind == T_IDENT && lp_is_p(lp_peek(p, 1), '(')) {
		struct iom_lit_stmt tmp;
		lp_init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
		tmp.label = label;
		parse_call(p, &tmp);
		lp_expect_p(p, ';', "after a call");
		flush_hoist(p, l);
		lp_push_stmt(p, l, &tmp);
		return;
	}
	if (t->kind == T_IDENT && lp_is_p(lp_peek(p, 1), '=')) {
		struct lit_token n = lp_next(p);
		int r = lp_find_reg(p->cur, n.s, n.len);
		if (r < 0 && lp_find_sym(p->t, n.s, n.len) < 0 && !lp_is_type_word(&n) &&
		    lp_thread_number(&n) < 0 && lp_dev_number(&n) < 0) {
			/* herd7 accepts an undeclared register: it is declared by its first use */
			add_reg(p, &n);
			r = (int)p->cur->nr_regs - 1;
		}
		if (r < 0) {
			if (lp_find_sym(p->t, n.s, n.len) >= 0)
				lp_fail(p, IOM_EINVAL, n.pos, "'%.*s' is a shared location: write "
				     "WRITE_ONCE(*%.*s, v) or *%.*s = v", (int)n.len, n.s,
				     (int)n.len, n.s, (int)n.len, n.s);
			lp_fail(p, IOM_EINVAL, n.pos, "unknown register '%.*s' (declare it: int %.*s;)",
			     (int)n.len, n.s, (int)n.len, n.s);
		}
		lp_next(p); /* '=' */
		parse_rhs(p, l, r, label, pos);
		lp_expect_p(p, ';', "after an assignment");
		return;
	}
	if (t->kind == T_IDENT)
		lp_fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s'", (int)t->len, t->s);
	lp_fail(p, IOM_EPARSE, t->pos, "expected a statement, found %s", lp_describe(p, t));
}

/* ---- threads ---- */

/* Registers given a value in the init block come first in th->regs. */
void lp_thread_reginits(struct parser *p, struct iom_lit_thread *th)
{
	p->cap_reginits = 0;
	for (unsigned i = 0; i < p->nr_preg; i++) {
		struct pending_reg *pr = &p->preg[i];
		if (pr->thread != th->id && pr->thread != LP_ALL_THREADS)
			continue;
		pr->used = 1;
		*PUSH(p, th->regs, th->nr_regs, p->cap_regs) = pr->name;
		pr->ri.reg = (int)th->nr_regs - 1;
		*PUSH(p, th->reg_inits, th->nr_reg_inits, p->cap_reginits) = pr->ri;
	}
	p->nr_initregs = th->nr_regs;
}

void lp_parse_thread(struct parser *p)
{
	struct lit_token name = lp_next(p);
	int id = lp_thread_number(&name);
	if (id != (int)p->t->nr_threads)
		lp_fail(p, IOM_EINVAL, name.pos, "expected thread P%u here, found P%d",
		     p->t->nr_threads, id);
	if (id >= LIT_MAX_THREADS)
		lp_fail(p, IOM_ELIMIT, name.pos, "more than %d threads", LIT_MAX_THREADS);
	struct iom_lit_thread *th = PUSH(p, p->t->threads, p->t->nr_threads, p->cap_threads);
	th->id = id;
	th->pos = name.pos;
	p->cur = th;
	p->cap_regs = 0;
	p->ntemp = 0;
	p->nmade = 0;
	lp_thread_reginits(p, th);
	lp_expect_p(p, '(', "after the thread name");
	unsigned cap_params = 0;
	if (!lp_is_p(lp_peek(p, 0), ')')) {
		for (;;) {
			char *type = lp_parse_type(p);
			struct lit_token pn = lp_expect_ident(p, "as a parameter name");
			if (lp_is_type_word(&pn))
				lp_fail(p, IOM_EPARSE, pn.pos, "expected a parameter name");
			for (unsigned i = 0; i < th->nr_params; i++)
				if (strlen(th->params[i].name) == pn.len &&
				    !memcmp(th->params[i].name, pn.s, pn.len))
					lp_fail(p, IOM_EINVAL, pn.pos, "parameter '%.*s' is given twice",
					     (int)pn.len, pn.s);
			int s = lp_find_sym(p->t, pn.s, pn.len);
			if (s < 0) {
				if (strstr(type, "__iomem"))
					lp_fail(p, IOM_EINVAL, pn.pos, "region '%.*s' is not declared in "
					     "the initial state (%.*s = ioremap(devN);)", (int)pn.len,
					     pn.s, (int)pn.len, pn.s);
				s = lp_add_sym(p, &pn, lp_type_kind(type));
			} else if (strstr(type, "spinlock_t") && p->t->syms[s].kind == IOM_LIT_SYM_VAR &&
				   !p->t->syms[s].array_len && p->t->syms[s].init_ref < 0 &&
				   !iom_lit_is_mmio(p->t)) {
				/* herd7 7.57 takes a lock the init block gave a value (s = 1; or
				 * int s = 0;) as any other: the value plays no part in lock.cat
				 * (litmus/lkmm/Compat-spinlock-initval) */
				p->t->syms[s].kind = IOM_LIT_SYM_LOCK;
				p->t->syms[s].init = 0;
				p->t->syms[s].ctype = NULL;
				p->t->syms[s].init_typed = false;
			} else if (strstr(type, "spinlock_t") &&
				   p->t->syms[s].kind != IOM_LIT_SYM_LOCK) {
				lp_fail(p, IOM_EINVAL, pn.pos, "'%.*s' is not a spinlock", (int)pn.len,
				     pn.s);
			} else if (strstr(type, "srcu_struct") && p->t->syms[s].kind == IOM_LIT_SYM_VAR &&
				   !p->t->syms[s].ctype && !p->t->syms[s].init && p->t->syms[s].init_ref < 0) {
				p->t->syms[s].kind = IOM_LIT_SYM_SRCU; /* mentioned, typed here */
			}
			if (!p->t->syms[s].ctype)
				p->t->syms[s].ctype = lp_pointee_type(p, lp_canon_type(p, type));
			if (lp_find_reg(th, pn.s, pn.len) >= 0)
				lp_fail(p, IOM_EINVAL, pn.pos, "parameter '%.*s' is also a register",
				     (int)pn.len, pn.s);
			struct iom_lit_param *pa = PUSH(p, th->params, th->nr_params, cap_params);
			pa->name = p->t->syms[s].name;
			pa->type = type;
			pa->sym = s;
			if (!lp_is_p(lp_peek(p, 0), ','))
				break;
			lp_next(p);
		}
	}
	lp_expect_p(p, ')', "to close the parameter list");
	struct lit_token open = lp_expect_p(p, '{', "to open the thread body");
	struct stmt_list l = { 0 };
	const char *labels[256];
	unsigned nr_labels = 0;
	lp_enter(p, open.pos);
	parse_block_body(p, &l, labels, &nr_labels);
	p->depth--;
	th->body.stmts = l.stmts;
	th->body.nr_stmts = l.nr;
	p->cur = NULL;
}
