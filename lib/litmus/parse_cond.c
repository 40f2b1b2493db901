// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, the final condition (exists, ~exists, forall), the filter and the locations list.
 * (parse_int.h lists the parser's files.) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse_int.h"

/* ---- conditions ---- */

/* A name the condition or the locations list gives and nothing declares: herd7 7.57 takes
 * it as a location of its own, initially 0 (exists (z=0) holds; litmus/lkmm/Compat-
 * loc-only-in-cond). Only in an LKMM test: an MMIO test's names are its regions, devices
 * and variables, and a stray one is a mistake to report. Returns the sym, or -1. */
static int cond_new_sym(struct parser *p, const struct lit_token *t)
{
	if (t->kind != T_IDENT || iom_lit_is_mmio(p->t) || lp_dev_number(t) >= 0 ||
	    lp_thread_number(t) >= 0 || lp_is_type_word(t))
		return -1;
	return lp_add_sym(p, t, IOM_LIT_SYM_VAR);
}

static struct iom_lit_cond *new_cond(struct parser *p, enum iom_lit_cond_kind k,
				     struct iom_lit_pos pos)
{
	struct iom_lit_cond *c = lp_xalloc(p, sizeof(*c));
	c->kind = k;
	c->pos = pos;
	c->sym = -1;
	c->dev = -1;
	c->reg = -1;
	c->thread = -1;
	c->value_sym = -1;
	c->rhs_thread = -1;
	c->rhs_reg = -1;
	return c;
}

/* Register r of thread th for a condition or locations entry; a register the thread
 * never declares is added (herd7 reads it as 0). */
static int cond_reg(struct parser *p, int th, const struct lit_token *r)
{
	struct iom_lit_thread *t = &p->t->threads[th];
	int i = lp_find_reg(t, r->s, r->len);
	if (i >= 0)
		return i;
	if (lp_is_type_word(r))
		lp_fail(p, IOM_EINVAL, r->pos, "register '%.*s' is spelt like a C type word", (int)r->len, r->s);
	/* a register the thread never declares, named like an I/O region: the thread's code
	 * may use the region by that name, and a register of the same name would hide it once
	 * the test is printed with its registers declared */
	int sy = lp_find_sym(p->t, r->s, r->len);
	if (sy >= 0 && p->t->syms[sy].kind == IOM_LIT_SYM_REGION)
		lp_fail(p, IOM_EINVAL, r->pos, "%d:%.*s: '%.*s' is an I/O region, not a register of P%d", th,
		     (int)r->len, r->s, (int)r->len, r->s, th);
	if (t->nr_regs >= 4096)
		lp_fail(p, IOM_ELIMIT, r->pos, "too many registers in P%d", th);
	const char **n = lp_xalloc(p, (t->nr_regs + 1) * sizeof(*n));
	if (t->nr_regs)
		memcpy(n, t->regs, t->nr_regs * sizeof(*n));
	n[t->nr_regs] = lp_tokstr(p, r);
	t->regs = n;
	return (int)t->nr_regs++;
}

/* "=v" or "!=v" (herd7 stateParser: x!=v is ~(x=v)); returns c or NOT(c). */
static struct iom_lit_cond *new_cond(struct parser *p, enum iom_lit_cond_kind k,
				     struct iom_lit_pos pos);
static struct iom_lit_cond *cond_value(struct parser *p, struct iom_lit_cond *c)
{
	int ne = 0;
	if (lp_peek(p, 0)->kind == T_NE) {
		lp_next(p);
		ne = 1;
	} else if (lp_peek(p, 0)->kind == T_EQEQ) {
		lp_next(p); /* x==v */
	} else if (lp_is_p(lp_peek(p, 0), '<') && lp_is_p(lp_peek(p, 1), '>') &&
		   lp_peek(p, 1)->pos.line == lp_peek(p, 0)->pos.line &&
		   lp_peek(p, 1)->pos.col == lp_peek(p, 0)->pos.col + 1) {
		/* x<>v: herd7's state lexer reads "<>" as "!=" (herd7 7.57 prints
		 * "not (x=v)" for both; litmus/lkmm/C-ne-angle.litmus) */
		lp_next(p);
		lp_next(p);
		ne = 1;
	} else {
		lp_expect_p(p, '=', "in a condition atom");
	}
	const struct lit_token *t = lp_peek(p, 0);
	if (lp_is_p(t, '&') && lp_peek(p, 1)->kind == T_IDENT) {
		lp_next(p);
		t = lp_peek(p, 0);
	}
	if (t->kind == T_NUM && lp_is_p(lp_peek(p, 1), ':')) {
		/* 0:r1=1:r2 */
		struct lit_token tn = lp_next(p);
		lp_next(p);
		struct lit_token r = lp_expect_ident(p, "as a register name");
		if (tn.num >= p->t->nr_threads)
			lp_fail(p, IOM_EINVAL, tn.pos, "there is no thread P%llu", (unsigned long long)tn.num);
		c->rhs_thread = (int)tn.num;
		c->rhs_reg = cond_reg(p, c->rhs_thread, &r);
	} else if (t->kind == T_IDENT) {
		int s = lp_find_sym(p->t, t->s, t->len);
		if (s < 0)
			lp_fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s'", (int)t->len, t->s);
		c->value_sym = s;
		lp_next(p);
	} else {
		c->value = lp_parse_value(p);
	}
	if (!ne)
		return c;
	struct iom_lit_cond *n = new_cond(p, IOM_LIT_C_NOT, c->pos);
	n->a = c;
	return n;
}

static void parse_cond_value(struct parser *p, struct iom_lit_cond *c)
{
	if (lp_peek(p, 0)->kind == T_NE)
		lp_fail(p, IOM_EPARSE, lp_peek(p, 0)->pos, "'!=' is not supported in this atom");
	cond_value(p, c);
}

static const struct iom_lit_device *find_device(const struct iom_lit_test *t, int dev)
{
	for (unsigned i = 0; i < t->nr_devices; i++)
		if (t->devices[i].dev == dev)
			return &t->devices[i];
	return NULL;
}

static struct iom_lit_cond *parse_prop(struct parser *p);

/* "[i]" after an array name in a condition or locations */
static void parse_elem(struct parser *p, const struct iom_lit_sym *sym, unsigned *elem)
{
	lp_next(p);
	const struct lit_token *ix = lp_peek(p, 0);
	if (ix->kind != T_NUM || !sym->array_len || ix->num >= sym->array_len)
		lp_fail(p, IOM_EINVAL, ix->pos, "'%s' has no element %.*s", sym->name, (int)ix->len,
		     ix->s);
	*elem = (unsigned)ix->num;
	lp_next(p);
	lp_expect_p(p, ']', "after the array index");
}

/* The value of a condition atom: for a whole array (c->whole), a literal {v0, v1, ...}
 * of its length may follow '=' (herd7 7.57 compares it element by element; litmus/lkmm/
 * Compat-array-whole-*); anything else as cond_value() reads it. */
static struct iom_lit_cond *whole_value(struct parser *p, struct iom_lit_cond *c)
{
	if (!c->whole || !lp_is_p(lp_peek(p, 0), '=') || !lp_is_p(lp_peek(p, 1), '{'))
		return cond_value(p, c);
	lp_next(p);
	struct lit_token open = lp_next(p);
	unsigned n = p->t->syms[c->sym].array_len;
	c->arr = lp_xalloc(p, n * sizeof(*c->arr));
	for (;;) {
		if (c->nr_arr == n)
			lp_fail(p, IOM_EINVAL, lp_peek(p, 0)->pos, "'%s' has %u elements", p->t->syms[c->sym].name, n);
		c->arr[c->nr_arr++] = lp_parse_value(p);
		if (lp_is_p(lp_peek(p, 0), '}'))
			break;
		lp_expect_p(p, ',', "between the values of an array");
	}
	lp_next(p);
	if (c->nr_arr != n)
		lp_fail(p, IOM_EINVAL, open.pos, "'%s' has %u elements, the value gives %u",
		     p->t->syms[c->sym].name, n, c->nr_arr);
	c->rhs_reg = -1;
	c->value_sym = -1;
	return c;
}

static struct iom_lit_cond *parse_atom(struct parser *p)
{
	const struct lit_token *t = lp_peek(p, 0);
	struct iom_lit_cond *c;
	struct iom_lit_pos pos = t->pos;
	if (lp_is_p(t, '~') || (lp_is_id(t, "not") && lp_find_sym(p->t, t->s, t->len) < 0)) {
		lp_next(p);
		lp_enter(p, pos);
		c = new_cond(p, IOM_LIT_C_NOT, pos);
		c->a = parse_atom(p);
		p->depth--;
		return c;
	}
	if (lp_is_p(t, '(')) {
		lp_next(p);
		lp_enter(p, pos);
		c = parse_prop(p);
		p->depth--;
		lp_expect_p(p, ')', "to close '(' in the condition");
		return c;
	}
	if (t->kind == T_NUM) {
		int th = t->num < 1000 ? (int)t->num : 1000;
		lp_next(p);
		lp_expect_p(p, ':', "after the thread number");
		struct lit_token r = lp_expect_ident(p, "as a register name");
		if (th >= (int)p->t->nr_threads)
			lp_fail(p, IOM_EINVAL, pos, "%d:%.*s: there is no thread P%d", th, (int)r.len, r.s,
			     th);
		c = new_cond(p, IOM_LIT_C_REG, pos);
		c->thread = th;
		c->reg = cond_reg(p, th, &r);
		return cond_value(p, c);
	}
	int bracket = 0;
	if (lp_is_p(t, '[') && lp_peek(p, 1)->kind == T_IDENT) {
		bracket = 1;
		lp_next(p);
		t = lp_peek(p, 0);
		if (lp_find_sym(p->t, t->s, t->len) < 0 && cond_new_sym(p, t) < 0)
			lp_fail(p, IOM_EINVAL, t->pos, "unknown location '%.*s' in the condition",
			     (int)t->len, t->s);
	}
	if (t->kind != T_IDENT)
		lp_fail(p, IOM_EPARSE, t->pos, "expected a condition, found %s", lp_describe(p, t));
	if (lp_is_id(t, "true") || lp_is_id(t, "false")) {
		int f = lp_is_id(t, "false");
		lp_next(p);
		c = new_cond(p, IOM_LIT_C_TRUE, pos);
		if (f) {
			struct iom_lit_cond *n = new_cond(p, IOM_LIT_C_NOT, pos);
			n->a = c;
			c = n;
		}
		return c;
	}
	if (lp_is_id(t, "combined") && lp_is_p(lp_peek(p, 1), '(')) {
		lp_next(p);
		lp_next(p);
		c = new_cond(p, IOM_LIT_C_COMBINED, pos);
		lp_parse_evref(p, &c->e1, -1, 2);
		lp_expect_p(p, ',', "between the two events of combined()");
		lp_parse_evref(p, &c->e2, -1, 2);
		lp_expect_p(p, ')', "to close combined(");
		return c;
	}
	int s = lp_find_sym(p->t, t->s, t->len);
	if (s < 0 && lp_is_p(lp_peek(p, 1), '='))
		s = cond_new_sym(p, t);
	if (s >= 0) {
		struct lit_token n = lp_next(p);
		const struct iom_lit_sym *sym = &p->t->syms[s];
		if (bracket) {
			/* [x]=v, [a[1]]=v: herd7's bracketed location */
			if (sym->kind == IOM_LIT_SYM_REGION)
				lp_fail(p, IOM_EINVAL, n.pos, "'[%s]': use %s[off]=v for a region",
				     sym->name, sym->name);
			c = new_cond(p, IOM_LIT_C_MEM, pos);
			c->sym = s;
			if (lp_is_p(lp_peek(p, 0), '['))
				parse_elem(p, sym, &c->elem);
			else
				c->whole = sym->array_len && !iom_lit_is_mmio(p->t);
			lp_expect_p(p, ']', "to close '[' around a location");
			return cond_value(p, c);  /* herd7 7.57: no {...} after [a]= */
		}
		if (sym->kind == IOM_LIT_SYM_REGION) {
			c = new_cond(p, IOM_LIT_C_DEVREG, pos);
			c->sym = s;
			c->dev = sym->dev;
			lp_expect_p(p, '[', "after a region name in a condition");
			c->offset = (uint64_t)lp_parse_value(p);
			lp_expect_p(p, ']', "after the register offset");
			parse_cond_value(p, c);
			return c;
		}
		/* a lock in the condition: herd7 reads its memory value and lock.cat l.64 flags
		 * lock-final */
		c = new_cond(p, IOM_LIT_C_MEM, pos);
		c->sym = s;
		if (lp_is_p(lp_peek(p, 0), '['))
			parse_elem(p, sym, &c->elem); /* a[i]=v */
		else
			c->whole = sym->array_len && !iom_lit_is_mmio(p->t);
		return whole_value(p, c);
	}
	if (lp_thread_number(t) >= 0 && lp_is_p(lp_peek(p, 1), ':')) {
		const struct lit_token *t2 = lp_peek(p, 3);
		if (lp_is_p(t2, '=') || t2->kind == T_NE) {
			/* P0:r0=v, accepted as a synonym of 0:r0=v */
			int th = lp_thread_number(t);
			lp_next(p);
			lp_next(p);
			struct lit_token r = lp_next(p);
			if (th >= (int)p->t->nr_threads)
				lp_fail(p, IOM_EINVAL, pos, "there is no thread P%d", th);
			c = new_cond(p, IOM_LIT_C_REG, pos);
			c->thread = th;
			c->reg = cond_reg(p, th, &r);
			return cond_value(p, c);
		}
		c = new_cond(p, IOM_LIT_C_IO_BEFORE, pos);
		lp_parse_evref(p, &c->e1, -1, 0);
		const struct lit_token *lt = lp_peek(p, 0);
		if (!lp_is_p(lt, '<'))
			lp_fail(p, IOM_EPARSE, lt->pos, "expected '<io' or '<vo' after an event, found %s",
			     lp_describe(p, lt));
		lp_next(p);
		struct lit_token rel = lp_expect_ident(p, "after '<'");
		if (lp_is_id(&rel, "io")) {
			p->pend[p->nr_pend - 1].need = 1;
			lp_parse_evref(p, &c->e2, -1, 1);
		} else if (lp_is_id(&rel, "vo")) {
			c->kind = IOM_LIT_C_VO_BEFORE;
			lp_parse_evref(p, &c->e2, -1, 0);
		} else {
			lp_fail(p, IOM_EPARSE, rel.pos, "unknown order '<%.*s' (known: <io, <vo)",
			     (int)rel.len, rel.s);
		}
		return c;
	}
	int dev = lp_dev_number(t);
	if (dev >= 0) {
		lp_next(p);
		if (!lp_dev_has_region(p->t, dev))
			lp_fail(p, IOM_EINVAL, pos, "dev%d has no declared region", dev);
		if (lp_is_p(lp_peek(p, 0), '[')) {
			lp_next(p);
			c = new_cond(p, IOM_LIT_C_DEVREG, pos);
			c->dev = dev;
			c->offset = (uint64_t)lp_parse_value(p);
			lp_expect_p(p, ']', "after the register offset");
			parse_cond_value(p, c);
			return c;
		}
		if (lp_is_p(lp_peek(p, 0), ':')) {
			lp_next(p);
			struct lit_token v = lp_expect_ident(p, "as a device variable");
			const struct iom_lit_device *d = find_device(p->t, dev);
			c = new_cond(p, IOM_LIT_C_DEVVAR, pos);
			c->dev = dev;
			if (d)
				for (unsigned i = 0; i < d->nr_vars; i++)
					if (strlen(d->vars[i]) == v.len && !memcmp(d->vars[i], v.s, v.len))
						c->reg = (int)i;
			if (c->reg < 0)
				lp_fail(p, IOM_EINVAL, v.pos, "dev%d has no variable '%.*s' (set one with "
				     "dma_read in DEV(dev%d))", dev, (int)v.len, v.s, dev);
			parse_cond_value(p, c);
			return c;
		}
		lp_fail(p, IOM_EPARSE, lp_peek(p, 0)->pos, "expected '[' or ':' after dev%d", dev);
	}
	lp_fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s' in the condition", (int)t->len, t->s);
}

/* a -> b and a => b, right-associative. herd7 7.57 (lib/stateParser.mly: "%left OR",
 * "%left AND", "%right IMPLIES", "%nonassoc NOT") gives implication a higher precedence than
 * /\ and \/: a /\ b => c is a /\ (b => c), a => b \/ c is (a => b) \/ c. */
static struct iom_lit_cond *parse_impl(struct parser *p)
{
	struct iom_lit_cond *c = parse_atom(p);
	const struct lit_token *t = lp_peek(p, 0);
	if (t->kind == T_ARROW || (lp_is_p(t, '=') && lp_is_p(lp_peek(p, 1), '>'))) {
		struct iom_lit_pos pos = t->pos;
		if (t->kind != T_ARROW)
			lp_next(p);
		lp_next(p);
		lp_enter(p, pos);
		struct iom_lit_cond *n = new_cond(p, IOM_LIT_C_IMPL, pos);
		n->a = c;
		n->b = parse_impl(p);
		p->depth--;
		return n;
	}
	return c;
}

static struct iom_lit_cond *parse_conj(struct parser *p)
{
	struct iom_lit_cond *c = parse_impl(p);
	while (lp_peek(p, 0)->kind == T_AND) {
		struct iom_lit_pos pos = lp_next(p).pos;
		struct iom_lit_cond *n = new_cond(p, IOM_LIT_C_AND, pos);
		n->a = c;
		n->b = parse_impl(p);
		c = n;
	}
	return c;
}

static struct iom_lit_cond *parse_prop(struct parser *p)
{
	struct iom_lit_cond *c = parse_conj(p);
	while (lp_peek(p, 0)->kind == T_OR) {
		struct iom_lit_pos pos = lp_next(p).pos;
		struct iom_lit_cond *n = new_cond(p, IOM_LIT_C_OR, pos);
		n->a = c;
		n->b = parse_conj(p);
		c = n;
	}
	return c;
}

void lp_parse_final(struct parser *p)
{
	const struct lit_token *t = lp_peek(p, 0);
	if (lp_is_id(t, "locations")) {
		lp_next(p);
		unsigned cap = 0;
		lp_expect_p(p, '[', "after 'locations'");
		while (!lp_is_p(lp_peek(p, 0), ']')) {
			t = lp_peek(p, 0);
			struct iom_lit_locref lr = { .thread = -1, .reg = -1, .sym = -1, .pos = t->pos };
			if (t->kind == T_NUM && lp_is_p(lp_peek(p, 1), ':')) {
				struct lit_token tn = lp_next(p);
				lp_next(p);
				struct lit_token r = lp_expect_ident(p, "as a register name");
				if (tn.num >= p->t->nr_threads)
					lp_fail(p, IOM_EINVAL, tn.pos, "there is no thread P%llu",
					     (unsigned long long)tn.num);
				lr.thread = (int)tn.num;
				lr.reg = cond_reg(p, lr.thread, &r);
			} else {
				struct lit_token n = lp_expect_ident(p, "in locations");
				int s = lp_find_sym(p->t, n.s, n.len);
				if (s < 0)
					s = cond_new_sym(p, &n);
				if (s < 0)
					lp_fail(p, IOM_EINVAL, n.pos, "unknown location '%.*s'", (int)n.len,
					     n.s);
				lr.sym = s;
				if (lp_is_p(lp_peek(p, 0), '[')) {
					lp_next(p);
					const struct lit_token *ix = lp_peek(p, 0);
					if (ix->kind != T_NUM || ix->num >= p->t->syms[s].array_len)
						lp_fail(p, IOM_EINVAL, ix->pos, "'%s' has no element %.*s",
						     p->t->syms[s].name, (int)ix->len, ix->s);
					lr.elem = (unsigned)ix->num;
					lp_next(p);
					lp_expect_p(p, ']', "after the array index");
				} else {
					*PUSH(p, p->t->locations, p->t->nr_locations, cap) = s;
					/* herd7 7.57: an array's bare name is the whole array */
					lr.whole = p->t->syms[s].array_len && !iom_lit_is_mmio(p->t);
				}
			}
			*PUSH(p, p->t->locs, p->t->nr_locs, p->cap_locs2) = lr;
			if (lp_is_p(lp_peek(p, 0), '*'))
				lp_next(p); /* "1:r1*": a pointer-typed entry (herd7 LISA) */
			if (lp_is_id(lp_peek(p, 0), "ins_t"))
				/* herd7: the register holds an instruction, read from code */
				lp_fail(p, IOM_EINVAL, lp_peek(p, 0)->pos, "instruction values (ins_t) "
					"come from instruction fetch, which is out of scope");
			if (lp_is_p(lp_peek(p, 0), ';'))
				lp_next(p);
			else if (!lp_is_p(lp_peek(p, 0), ']'))
				lp_fail(p, IOM_EPARSE, lp_peek(p, 0)->pos, "expected ';' or ']' in locations");
		}
		lp_next(p);
		t = lp_peek(p, 0);
	}
	if (lp_is_id(t, "filter")) {
		lp_next(p);
		p->t->filter = parse_prop(p);
		t = lp_peek(p, 0);
	}
	if (lp_is_id(t, "exists")) {
		lp_next(p);
		p->t->quant = IOM_LIT_Q_EXISTS;
	} else if (lp_is_p(t, '~') && lp_is_id(lp_peek(p, 1), "exists")) {
		lp_next(p);
		lp_next(p);
		p->t->quant = IOM_LIT_Q_NOT_EXISTS;
	} else if (lp_is_id(t, "forall")) {
		lp_next(p);
		p->t->quant = IOM_LIT_Q_FORALL;
	} else if (lp_is_id(t, "final")) {
		lp_next(p);
		p->t->quant = IOM_LIT_Q_EXISTS;
	} else if (lp_is_p(t, '(')) {
		p->t->quant = IOM_LIT_Q_EXISTS;
	} else if (t->kind == T_EOF) {
		/* herd7: no final condition means forall (true) */
		p->t->quant = IOM_LIT_Q_FORALL;
		p->t->cond = new_cond(p, IOM_LIT_C_TRUE, t->pos);
		return;
	} else {
		lp_fail(p, IOM_EPARSE, t->pos, "expected exists, ~exists, forall, filter or a thread, "
		     "found %s", lp_describe(p, t));
	}
	p->t->cond = parse_prop(p);
	t = lp_peek(p, 0);
	if (lp_is_p(t, ';'))
		t = (lp_next(p), lp_peek(p, 0));
	if (t->kind != T_EOF)
		lp_fail(p, IOM_EPARSE, t->pos, "unexpected %s after the final condition",
		     lp_describe(p, t));
}
