// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, the init block: locations, registers, arrays, pointers, device regions.
 * (parse_int.h lists the parser's files.) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse_int.h"

/* ---- init block ---- */

static enum iom_lit_region_kind region_kind(const struct lit_token *t, int *ok)
{
	*ok = 0;
	for (int k = 0; k < IOM_LIT_RGN__COUNT; k++) {
		if (lp_is_id(t, iom_lit_region_kind_name((enum iom_lit_region_kind)k))) {
			*ok = 1;
			return (enum iom_lit_region_kind)k;
		}
	}
	return IOM_LIT_RGN_IOREMAP;
}

int lp_parse_dev_arg(struct parser *p, const char *what)
{
	lp_expect_p(p, '(', what);
	const struct lit_token *t = lp_peek(p, 0);
	int dev = lp_dev_number(t);
	if (dev < 0)
		lp_fail(p, IOM_EPARSE, t->pos, "expected a device name devN, found %s", lp_describe(p, t));
	lp_next(p);
	lp_expect_p(p, ')', "after the device name");
	return dev;
}


/* A value in the init block: a number, -number, &name, name (a pointer), or
 * ATOMIC_INIT(n). Integers go to *v; pointers return the sym index (else -1). */
static int parse_init_value(struct parser *p, int64_t *v)
{
	const struct lit_token *t = lp_peek(p, 0);
	*v = 0;
	if (lp_is_p(t, '&')) {
		lp_next(p);
		struct lit_token r = lp_expect_ident(p, "after '&'");
		return lp_mention_sym(p, &r);
	}
	if (lp_is_id(t, "ATOMIC_INIT") && lp_is_p(lp_peek(p, 1), '(')) {
		lp_next(p);
		lp_next(p);
		*v = lp_parse_value(p);
		lp_expect_p(p, ')', "to close ATOMIC_INIT(");
		return -1;
	}
	if (t->kind == T_IDENT) {
		if (lp_is_p(lp_peek(p, 1), '('))
			lp_fail(p, IOM_EINVAL, t->pos, "unknown mapping API '%.*s'", (int)t->len, t->s);
		if (lp_thread_number(t) >= 0 || lp_dev_number(t) >= 0)
			lp_fail(p, IOM_EINVAL, t->pos, "'%.*s' is reserved for devices and threads",
			     (int)t->len, t->s);
		struct lit_token r = lp_next(p);
		return lp_mention_sym(p, &r);
	}
	if (!lp_is_p(t, '-') && t->kind != T_NUM)
		lp_fail(p, IOM_EPARSE, t->pos, "expected a value, found %s", lp_describe(p, t));
	*v = lp_parse_value(p);
	return -1;
}

/* N:r = v  (also with a type: int 0:r1 = z; int *0:r2;) */
static void parse_init_reg(struct parser *p, const char *type)
{
	struct lit_token n = lp_next(p);
	struct iom_lit_pos pos = n.pos;
	lp_expect_p(p, ':', "after the thread number");
	struct lit_token r;
	if (p->aarch64 && lp_is_p(lp_peek(p, 0), '%') && lp_peek(p, 1)->kind == T_IDENT &&
	    lp_peek(p, 1)->s == lp_peek(p, 0)->s + 1) {
		/* N:%NAME, a symbolic register (as the AArch64 printer writes one) */
		struct lit_token pc = lp_next(p);
		r = lp_next(p);
		r.s = pc.s;
		r.len++;
	} else {
		r = lp_expect_ident(p, "as a register name");
	}
	if (lp_is_type_word(&r))
		/* the register is declared in its thread when the test is printed as C */
		lp_fail(p, IOM_EINVAL, r.pos, "register '%.*s' is spelt like a C type word", (int)r.len, r.s);
	if (n.num >= LIT_MAX_THREADS)
		lp_fail(p, IOM_EINVAL, pos, "there is no thread P%llu", (unsigned long long)n.num);
	for (unsigned i = 0; i < p->nr_preg; i++)
		if (p->preg[i].thread == (int)n.num && strlen(p->preg[i].name) == r.len &&
		    !memcmp(p->preg[i].name, r.s, r.len))
			lp_fail(p, IOM_EINVAL, r.pos, "%d:%.*s is initialised twice", (int)n.num,
			     (int)r.len, r.s);
	struct pending_reg *pr = PUSH(p, p->preg, p->nr_preg, p->cap_preg);
	pr->thread = (int)n.num;
	pr->name = lp_tokstr(p, &r);
	pr->ri.pos = pos;
	pr->ri.sym = -1;
	pr->ri.ctype = type && type[0] ? lp_canon_type(p, type) : NULL;
	if (lp_is_p(lp_peek(p, 0), '=')) {
		lp_next(p);
		pr->ri.sym = parse_init_value(p, &pr->ri.value);
	}
}

static void parse_init_item(struct parser *p)
{
	char *type = lp_parse_type(p);
	const struct lit_token *t0 = lp_peek(p, 0);
	if (p->aarch64 && !type[0] && t0->kind == T_IDENT &&
	    (lp_peek(p, 1)->kind == T_IDENT ||
	     (lp_peek(p, 1)->kind == T_NUM && lp_is_p(lp_peek(p, 2), ':')))) {
		/* herd7's AArch64 init block takes any word as a type, a word it does not know
		 * for a 64-bit value (herd/tests/instructions/AArch64/A73: "unit64_t 0:X1=1");
		 * litmus/aarch64/ADDS+unknown-type.litmus */
		struct lit_token w = lp_next(p);
		type = lp_tokstr(p, &w);
		t0 = lp_peek(p, 0);
	}
	if (t0->kind == T_NUM && lp_is_p(lp_peek(p, 1), ':')) {
		parse_init_reg(p, type);
		return;
	}
	if (p->aarch64 && lp_is_p(t0, '%') && lp_peek(p, 1)->kind == T_IDENT &&
	    lp_peek(p, 1)->s == t0->s + 1) {
		/* %NAME=v: herd7's symbolic register, for every thread whose code names it
		 * (X%NAME, W%NAME; herd/tests/instructions/AArch64 A127, A253) */
		struct lit_token pc = lp_next(p);
		struct lit_token r = lp_next(p);
		r.s = pc.s;
		r.len++;
		for (unsigned i = 0; i < p->nr_preg; i++)
			if (p->preg[i].thread == LP_ALL_THREADS && strlen(p->preg[i].name) == r.len &&
			    !memcmp(p->preg[i].name, r.s, r.len))
				lp_fail(p, IOM_EINVAL, r.pos, "%.*s is initialised twice", (int)r.len, r.s);
		struct pending_reg *pr = PUSH(p, p->preg, p->nr_preg, p->cap_preg);
		pr->thread = LP_ALL_THREADS;
		pr->name = lp_tokstr(p, &r);
		pr->ri.pos = r.pos;
		pr->ri.sym = -1;
		pr->ri.ctype = type && type[0] ? lp_canon_type(p, type) : NULL;
		if (lp_is_p(lp_peek(p, 0), '=')) {
			lp_next(p);
			pr->ri.sym = parse_init_value(p, &pr->ri.value);
		}
		return;
	}
	bool bracket = p->aarch64 && lp_is_p(t0, '[') && !type[0];
	if (bracket)
		lp_next(p);  /* [x]=0: herd7's location syntax in the AArch64 init block */
	struct lit_token name = lp_expect_ident(p, "in the initial state");
	if (bracket)
		lp_expect_p(p, ']', "after the location's name");
	if (lp_is_type_word(&name))
		lp_fail(p, IOM_EPARSE, name.pos, "expected a name");
	int s;
	if (lp_is_p(lp_peek(p, 0), '[') && !type[0]) {
		/* a[i] = v: one element of a declared array */
		s = lp_find_sym(p->t, name.s, name.len);
		if (s < 0 || !p->t->syms[s].array_len)
			lp_fail(p, IOM_EINVAL, name.pos, "'%.*s' is not a declared array (int %.*s[N];)",
			     (int)name.len, name.s, (int)name.len, name.s);
		lp_next(p);
		const struct lit_token *ix = lp_peek(p, 0);
		if (ix->kind != T_NUM || ix->num >= p->t->syms[s].array_len)
			lp_fail(p, IOM_EINVAL, ix->pos, "index out of range 0..%u",
			     p->t->syms[s].array_len - 1);
		unsigned i = (unsigned)ix->num;
		lp_next(p);
		lp_expect_p(p, ']', "after the array index");
		lp_expect_p(p, '=', "in an array element initialisation");
		int64_t v;
		if (parse_init_value(p, &v) >= 0)
			lp_fail(p, IOM_EINVAL, name.pos, "array elements take integer values");
		p->t->syms[s].array_init[i] = v;
		return;
	}
	enum iom_lit_sym_kind kind = lp_type_kind(type);
	s = lp_add_sym(p, &name, kind);
	p->t->syms[s].ctype = lp_canon_type(p, type);
	p->t->syms[s].init_typed = p->t->syms[s].ctype != NULL;  /* not the bare x = 1; */
	if (lp_is_p(lp_peek(p, 0), '[')) {
		/* int a[N]; */
		lp_next(p);
		const struct lit_token *nt = lp_peek(p, 0);
		if (nt->kind != T_NUM || nt->num < 1 || nt->num > 64)
			lp_fail(p, IOM_EINVAL, nt->pos, "array size must be 1..64");
		unsigned n = (unsigned)nt->num;
		lp_next(p);
		lp_expect_p(p, ']', "after the array size");
		if (kind != IOM_LIT_SYM_VAR)
			lp_fail(p, IOM_EINVAL, name.pos, "arrays of locks are not supported");
		p->t->syms[s].array_len = n;
		p->t->syms[s].array_init = lp_xalloc(p, n * sizeof(int64_t));
		if (lp_is_p(lp_peek(p, 0), '=')) {
			/* int a[2] = {1, 2}; herd7 7.57 wants exactly N values ("Declared size of
			 * array a does not match initial value size"; Compat-array-initializer) */
			lp_next(p);
			lp_expect_p(p, '{', "to open an array's initial values");
			for (unsigned i = 0;; i++) {
				const struct lit_token *vt = lp_peek(p, 0);
				if (i == n && !lp_is_p(vt, '}'))
					lp_fail(p, IOM_EINVAL, vt->pos, "declared size of array %s does not "
					     "match the initial values (%u)", p->t->syms[s].name, n);
				if (i == n)
					break;
				p->t->syms[s].array_init[i] = lp_parse_value(p);
				if (i + 1 < n) {
					if (lp_is_p(lp_peek(p, 0), '}'))
						lp_fail(p, IOM_EINVAL, lp_peek(p, 0)->pos, "declared size of array "
						     "%s does not match the initial values (%u)",
						     p->t->syms[s].name, n);
					lp_expect_p(p, ',', "between an array's initial values");
				}
			}
			lp_next(p);
		}
		return;
	}
	if (!lp_is_p(lp_peek(p, 0), '='))
		return;
	lp_next(p);
	const struct lit_token *v = lp_peek(p, 0);
	int ok;
	enum iom_lit_region_kind k = region_kind(v, &ok);
	if (kind == IOM_LIT_SYM_LOCK)
		lp_fail(p, IOM_EINVAL, v->pos, "a spinlock cannot be initialised");
	if (kind == IOM_LIT_SYM_SRCU)
		lp_fail(p, IOM_EINVAL, v->pos, "a srcu_struct cannot be initialised");
	if (ok && lp_is_p(lp_peek(p, 1), '(')) {
		lp_next(p);
		p->t->syms[s].kind = IOM_LIT_SYM_REGION;
		p->t->syms[s].region = k;
		p->t->syms[s].dev = lp_parse_dev_arg(p, "after the mapping API");
		return;
	}
	p->t->syms[s].init_ref = parse_init_value(p, &p->t->syms[s].init);
}

/* Renumber the init block's names so that printing them in index order and reading the
 * text back gives the same order: a pointer's target comes right after the first pointer
 * that names it, unless it came earlier (x = y; creates y on mention). Only init_ref and
 * the pending register values refer to syms at this point. */
static void canon_sym_order(struct parser *p)
{
	unsigned n = p->t->nr_syms;
	if (n < 2)
		return;
	int *newi = lp_xalloc(p, n * sizeof(int));
	int *order = lp_xalloc(p, n * sizeof(int));
	unsigned k = 0;
	for (unsigned i = 0; i < n; i++)
		newi[i] = -1;
	for (unsigned i = 0; i < n; i++) {
		if (newi[i] < 0) {
			newi[i] = (int)k;
			order[k++] = (int)i;
		}
		int r = p->t->syms[i].init_ref;
		if (r >= 0 && newi[r] < 0) {
			newi[r] = (int)k;
			order[k++] = r;
		}
	}
	struct iom_lit_sym *ns = lp_xalloc(p, n * sizeof(*ns));
	unsigned cap = p->cap_auto > n ? p->cap_auto : n;
	unsigned char *na = lp_xalloc(p, cap);
	for (unsigned i = 0; i < n; i++) {
		ns[i] = p->t->syms[order[i]];
		if (ns[i].init_ref >= 0)
			ns[i].init_ref = newi[ns[i].init_ref];
		na[i] = lp_is_autosym(p, order[i]);
	}
	memcpy(p->t->syms, ns, n * sizeof(*ns));
	p->autosym = na;
	p->cap_auto = cap;
	for (unsigned i = 0; i < p->nr_preg; i++)
		if (p->preg[i].ri.sym >= 0)
			p->preg[i].ri.sym = newi[p->preg[i].ri.sym];
}

void lp_parse_init(struct parser *p)
{
	struct lit_token open = *lp_peek(p, 0);
	if (!lp_is_p(&open, '{'))
		lp_fail(p, IOM_EPARSE, open.pos, "expected the initial state '{ ... }', found %s",
		     lp_describe(p, &open));
	p->lx.in_init = 1; /* (* *) comments inside the block (herd7's state lexer) */
	lp_next(p);
	for (;;) {
		const struct lit_token *t = lp_peek(p, 0);
		if (lp_is_p(t, '}')) {
			p->lx.in_init = 0;
			lp_next(p);
			canon_sym_order(p);
			return;
		}
		if (t->kind == T_EOF)
			lp_fail(p, IOM_EPARSE, open.pos, "unbalanced braces: the initial state is not "
			     "closed");
		if (lp_is_p(t, ';')) {
			lp_next(p);
			continue;
		}
		if ((lp_thread_number(t) >= 0 || lp_is_id(t, "DEV")) && lp_is_p(lp_peek(p, 1), '('))
			lp_fail(p, IOM_EPARSE, open.pos, "unbalanced braces: the initial state is not "
			     "closed before %s", lp_describe(p, t));
		if (lp_is_id(t, "mtrr_wc") && lp_is_p(lp_peek(p, 1), '(')) {
			struct iom_lit_pos pos = lp_next(p).pos;
			int dev = lp_parse_dev_arg(p, "after mtrr_wc");
			for (unsigned i = 0; i < p->t->nr_mtrr_wc_devs; i++)
				if (p->t->mtrr_wc_devs[i] == dev)
					lp_fail(p, IOM_EINVAL, pos, "mtrr_wc(dev%d) is given twice", dev);
			*PUSH(p, p->t->mtrr_wc_devs, p->t->nr_mtrr_wc_devs, p->cap_mtrr) = dev;
		} else if (lp_is_id(t, "platform") && lp_is_p(lp_peek(p, 1), '(')) {
			lp_next(p);
			lp_next(p);
			struct lit_token opt = lp_expect_ident(p, "in platform(...)");
			if (!lp_is_id(&opt, "nopat"))
				lp_fail(p, IOM_EINVAL, opt.pos, "unknown platform option '%.*s' (known: "
				     "nopat)", (int)opt.len, opt.s);
			p->t->nopat = true;
			lp_expect_p(p, ')', "after the platform option");
		} else {
			parse_init_item(p);
		}
		t = lp_peek(p, 0);
		if (!lp_is_p(t, ';') && !lp_is_p(t, '}'))
			lp_fail(p, IOM_EPARSE, t->pos, "expected ';' in the initial state, found %s",
			     lp_describe(p, t));
	}
}
