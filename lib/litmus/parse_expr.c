// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, expressions: primaries, unary and binary operators; loads and calls inside an expression are hoisted (parse_stmt.c).
 * (parse_int.h lists the parser's files.) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse_int.h"

/* ---- expressions ---- */

struct iom_lit_expr *lp_new_expr(struct parser *p, enum iom_lit_expr_kind k,
				     struct iom_lit_pos pos)
{
	struct iom_lit_expr *e = lp_xalloc(p, sizeof(*e));
	e->kind = k;
	e->pos = pos;
	e->index = -1;
	return e;
}


static struct iom_lit_expr *parse_primary(struct parser *p)
{
	const struct lit_token *t = lp_peek(p, 0);
	struct iom_lit_expr *e;
	if (t->kind == T_NUM) {
		e = lp_new_expr(p, IOM_LIT_E_CONST, t->pos);
		e->value = (int64_t)t->num;
		lp_next(p);
		return e;
	}
	if (lp_is_p(t, '(') && lp_is_type_word(lp_peek(p, 1))) {
		/* a cast: herd7 drops it (CParser.mly "LPAR typ RPAR expr %prec CAST") */
		struct iom_lit_pos pos = lp_next(p).pos;
		lp_parse_type(p);
		lp_expect_p(p, ')', "to close the cast");
		lp_enter(p, pos);
		e = lp_parse_unary(p);
		p->depth--;
		return e;
	}
	if (lp_is_p(t, '(')) {
		lp_next(p);
		e = lp_parse_expr(p);
		lp_expect_p(p, ')', "to close '('");
		return e;
	}
	if (t->kind == T_IDENT) {
		int r = lp_find_reg(p->cur, t->s, t->len);
		if (r >= 0) {
			e = lp_new_expr(p, IOM_LIT_E_REG, t->pos);
			e->index = r;
			lp_next(p);
			return e;
		}
		int s = lp_find_sym(p->t, t->s, t->len);
		if (s >= 0) {
			e = lp_new_expr(p, IOM_LIT_E_SYM, t->pos);
			e->index = s;
			lp_next(p);
			return e;
		}
		if (lp_is_p(lp_peek(p, 1), '(') && iom_lit_prim_lookup(lp_tokstr(p, t)) != IOM_LIT_P_NONE) {
			if (!p->cur || p->no_hoist)
				lp_fail(p, IOM_EINVAL, t->pos,
				     "%s() must be a statement of its own (e.g. r0 = %.*s(...);)",
				     lp_tokstr(p, t), (int)t->len, t->s);
			return lp_hoist_call(p, t->pos);
		}
		if (lp_is_id(t, "true") || lp_is_id(t, "false")) {
			e = lp_new_expr(p, IOM_LIT_E_CONST, t->pos);
			e->value = lp_is_id(t, "true");
			lp_next(p);
			return e;
		}
		if (lp_is_p(lp_peek(p, 1), '('))
			/* herd7's text (the kernel's judgelitmus.sh greps for it) */
			lp_fail(p, IOM_EINVAL, t->pos, "Unknown macro %.*s", (int)t->len, t->s);
		lp_fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s'", (int)t->len, t->s);
	}
	lp_fail(p, IOM_EPARSE, t->pos, "expected an expression, found %s", lp_describe(p, t));
}

struct iom_lit_expr *lp_parse_unary(struct parser *p)
{
	const struct lit_token *t = lp_peek(p, 0);
	if (lp_is_p(t, '*')) {
		/* *e: the operand is an address; reads inside it are hoisted even in a memory
		 * operand (READ_ONCE(**p) reads p first). A read of *e is hoisted unless this is
		 * the memory operand itself. */
		struct iom_lit_pos pos = t->pos;
		lp_next(p);
		lp_enter(p, pos);
		int saved = p->no_hoist;
		p->no_hoist = 0;
		struct iom_lit_expr *a = lp_parse_unary(p);
		p->no_hoist = saved;
		p->depth--;
		if (a->kind == IOM_LIT_E_ADDR)
			a = a->a; /* *&x is x */
		if (p->cur && !p->no_hoist)
			return lp_hoist_load(p, a, pos);
		struct iom_lit_expr *e = lp_new_expr(p, IOM_LIT_E_DEREF, pos);
		e->a = a;
		return e;
	}
	if (lp_is_p(t, '-') || lp_is_p(t, '!') || lp_is_p(t, '~') || lp_is_p(t, '*') || lp_is_p(t, '&')) {
		struct iom_lit_pos pos = t->pos;
		int ch = t->ch;
		lp_next(p);
		lp_enter(p, pos);
		struct iom_lit_expr *a = lp_parse_unary(p);
		p->depth--;
		struct iom_lit_expr *e;
		if (ch == '*') {
			if (p->cur && !p->no_hoist && a->kind == IOM_LIT_E_SYM)
				return lp_hoist_load(p, a, pos);
			e = lp_new_expr(p, IOM_LIT_E_DEREF, pos);
		} else if (ch == '&') {
			if (a->kind != IOM_LIT_E_SYM && a->kind != IOM_LIT_E_REG)
				lp_fail(p, IOM_EINVAL, pos, "'&' needs a name");
			e = lp_new_expr(p, IOM_LIT_E_ADDR, pos);
		} else if (ch == '-' && a->kind == IOM_LIT_E_CONST) {
			a->value = -a->value;
			a->pos = pos;
			return a;
		} else {
			e = lp_new_expr(p, IOM_LIT_E_UNOP, pos);
			e->op = ch;
		}
		e->a = a;
		return e;
	}
	return parse_primary(p);
}

/* Binary operator precedence (C), 0 = not a binary operator. */
int lp_binop(const struct lit_token *t, int *op)
{
	switch (t->kind) {
	case T_LOR: *op = IOM_LIT_OP_LOR; return 1;
	case T_LAND: *op = IOM_LIT_OP_LAND; return 2;
	case T_EQEQ: *op = IOM_LIT_OP_EQ; return 6;
	case T_NE: *op = IOM_LIT_OP_NE; return 6;
	case T_LE: *op = IOM_LIT_OP_LE; return 7;
	case T_GE: *op = IOM_LIT_OP_GE; return 7;
	case T_SHL: *op = IOM_LIT_OP_SHL; return 8;
	case T_SHR: *op = IOM_LIT_OP_SHR; return 8;
	case T_PUNCT:
		*op = t->ch;
		switch (t->ch) {
		case '|': return 3;
		case '^': return 4;
		case '&': return 5;
		case '<': case '>': return 7;
		case '+': case '-': return 9;
		case '*': case '/': case '%': return 10;
		}
		return 0;
	default:
		return 0;
	}
}

struct iom_lit_expr *lp_parse_binary(struct parser *p, int minprec)
{
	struct iom_lit_expr *lhs = lp_parse_unary(p);
	for (;;) {
		int op, prec = lp_binop(lp_peek(p, 0), &op);
		if (!prec || prec < minprec)
			return lhs;
		struct iom_lit_pos pos = lp_next(p).pos;
		lp_enter(p, pos);
		struct iom_lit_expr *rhs = lp_parse_binary(p, prec + 1);
		p->depth--;
		struct iom_lit_expr *e = lp_new_expr(p, IOM_LIT_E_BINOP, pos);
		e->op = op;
		e->a = lhs;
		e->b = rhs;
		lhs = e;
	}
}

struct iom_lit_expr *lp_parse_expr(struct parser *p)
{
	lp_enter(p, lp_peek(p, 0)->pos);
	struct iom_lit_expr *e = lp_parse_binary(p, 1);
	p->depth--;
	return e;
}

int lp_has_deref(const struct iom_lit_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == IOM_LIT_E_DEREF)
		return 1;
	return lp_has_deref(e->a) || lp_has_deref(e->b);
}
