// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, C-MMIO: event references (P0:label, dev0:label) and device blocks.
 * (parse_int.h lists the parser's files.) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse_int.h"

/* ---- event references ---- */

void lp_parse_evref(struct parser *p, struct iom_lit_evref *r, int need_dev, int need)
{
	struct lit_token t = lp_next(p);
	r->thread = lp_thread_number(&t);
	if (r->thread < 0)
		lp_fail(p, IOM_EPARSE, t.pos, "expected an event PN:label, found %s", lp_describe(p, &t));
	lp_expect_p(p, ':', "in an event reference PN:label");
	struct lit_token l = lp_expect_ident(p, "as an event label");
	r->label = lp_tokstr(p, &l);
	r->elem = -1;
	if (lp_is_p(lp_peek(p, 0), '.')) {
		lp_next(p);
		const struct lit_token *n = lp_peek(p, 0);
		if (n->kind != T_NUM || n->num > 255)
			lp_fail(p, IOM_EPARSE, n->pos, "expected an element number after '.'");
		r->elem = (int)n->num;
		lp_next(p);
	}
	struct pending_ref *pr = PUSH(p, p->pend, p->nr_pend, p->cap_pend);
	pr->ref = r;
	pr->pos = t.pos;
	pr->need_dev = need_dev;
	pr->need = need;
}

static int stmt_dev(const struct iom_lit_test *t, const struct iom_lit_stmt *s)
{
	return s->region >= 0 ? t->syms[s->region].dev : -1;
}

void lp_resolve_pending(struct parser *p)
{
	for (unsigned i = 0; i < p->nr_pend; i++) {
		struct pending_ref *pr = &p->pend[i];
		struct iom_lit_evref *r = pr->ref;
		if (r->thread >= (int)p->t->nr_threads)
			lp_fail(p, IOM_EINVAL, pr->pos, "P%d:%s: there is no thread P%d", r->thread,
			     r->label, r->thread);
		const struct iom_lit_stmt *s = iom_lit_find_label(p->t, r->thread, r->label);
		if (!s)
			lp_fail(p, IOM_EINVAL, pr->pos, "P%d has no statement labelled '%s'", r->thread,
			     r->label);
		r->stmt = s;
		const struct iom_lit_prim_info *pi = iom_lit_prim_info(s->prim);
		int devacc = pi->pclass == IOM_LIT_PC_MMIO || pi->pclass == IOM_LIT_PC_PIO ||
			     pi->pclass == IOM_LIT_PC_STRING;
		if (r->elem >= 0 && (pi->pclass != IOM_LIT_PC_STRING || (unsigned)r->elem >= s->count))
			lp_fail(p, IOM_EINVAL, pr->pos, "P%d:%s.%d: no such element (%s has %u)",
			     r->thread, r->label, r->elem, iom_lit_prim_name(s->prim),
			     pi->pclass == IOM_LIT_PC_STRING ? s->count : 0);
		if ((pr->need >= 1 || pr->need_dev >= 0) && !devacc)
			lp_fail(p, IOM_EINVAL, pr->pos, "P%d:%s is not an I/O access", r->thread,
			     r->label);
		if (pr->need == 2 && pi->dir != IOM_LIT_DIR_WRITE)
			lp_fail(p, IOM_EINVAL, pr->pos, "P%d:%s is not a write; combined() needs writes",
			     r->thread, r->label);
		if (pr->need_dev >= 0 && stmt_dev(p->t, s) != pr->need_dev)
			lp_fail(p, IOM_EINVAL, pr->pos, "P%d:%s accesses dev%d, not dev%d", r->thread,
			     r->label, stmt_dev(p->t, s), pr->need_dev);
	}
}

/* ---- device blocks ---- */

int64_t lp_parse_value(struct parser *p)
{
	int neg = 0;
	if (lp_is_p(lp_peek(p, 0), '-')) {
		lp_next(p);
		neg = 1;
	}
	const struct lit_token *v = lp_peek(p, 0);
	if (v->kind != T_NUM)
		lp_fail(p, IOM_EPARSE, v->pos, "expected a number, found %s", lp_describe(p, v));
	uint64_t num = v->num;
	/* herd7 7.57 reads a hex literal of the init block or the condition as an OCaml Int32:
	 * 0xffffffff is -1 (litmus/lkmm/Compat-hex-init-wrap); an MMIO test keeps 64 bits */
	if (v->len > 2 && v->s[0] == '0' && (v->s[1] == 'x' || v->s[1] == 'X') &&
	    num >= 0x80000000ull && num <= 0xffffffffull && !iom_lit_is_mmio(p->t) &&
	    p->t->dialect != IOM_LIT_DIALECT_AARCH64)  /* herd7's AArch64 values are 64-bit */
		num = (uint64_t)(int64_t)(int32_t)(uint32_t)num;
	lp_next(p);
	/* in unsigned arithmetic: -0x8000000000000000 is INT64_MIN, not an overflow */
	return (int64_t)(neg ? 0 - num : num);
}

int lp_dev_has_region(const struct iom_lit_test *t, int dev)
{
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (t->syms[i].kind == IOM_LIT_SYM_REGION && t->syms[i].dev == dev)
			return 1;
	return 0;
}

void lp_parse_device(struct parser *p)
{
	struct lit_token kw = lp_next(p);
	int dev = lp_parse_dev_arg(p, "after DEV");
	if (!lp_dev_has_region(p->t, dev))
		lp_fail(p, IOM_EINVAL, kw.pos, "DEV(dev%d): no region of dev%d is declared", dev, dev);
	for (unsigned i = 0; i < p->t->nr_devices; i++)
		if (p->t->devices[i].dev == dev)
			lp_fail(p, IOM_EINVAL, kw.pos, "DEV(dev%d) is given twice", dev);
	struct iom_lit_device *d = PUSH(p, p->t->devices, p->t->nr_devices, p->cap_devices);
	d->dev = dev;
	d->pos = kw.pos;
	struct lit_token open = lp_expect_p(p, '{', "to open the device block");
	unsigned cap = 0, cap_vars = 0;
	for (;;) {
		const struct lit_token *t = lp_peek(p, 0);
		if (lp_is_p(t, '}')) {
			lp_next(p);
			break;
		}
		if (t->kind == T_EOF)
			lp_fail(p, IOM_EPARSE, open.pos, "unbalanced braces: DEV(dev%d) is not closed",
			     dev);
		if (lp_is_p(t, ';')) {
			lp_next(p);
			continue;
		}
		struct iom_lit_dstmt *s = PUSH(p, d->stmts, d->nr_stmts, cap);
		s->pos = t->pos;
		s->dst = s->mem = s->region = -1;
		if (lp_is_id(t, "on")) {
			lp_next(p);
			s->has_trigger = true;
			lp_parse_evref(p, &s->trigger, dev, 1);
			t = lp_peek(p, 0);
		}
		if (t->kind == T_IDENT && lp_is_p(lp_peek(p, 1), '=')) {
			struct lit_token var = lp_next(p);
			lp_next(p);
			struct lit_token fn = lp_expect_ident(p, "after '='");
			if (!lp_is_id(&fn, "dma_read"))
				lp_fail(p, IOM_EINVAL, fn.pos, "a device block can only assign from "
				     "dma_read(), not '%.*s'", (int)fn.len, fn.s);
			s->kind = IOM_LIT_D_DMA_READ;
			int vi = -1;
			for (unsigned i = 0; i < d->nr_vars; i++)
				if (strlen(d->vars[i]) == var.len && !memcmp(d->vars[i], var.s, var.len))
					vi = (int)i;
			if (vi < 0) {
				*PUSH(p, d->vars, d->nr_vars, cap_vars) = lp_tokstr(p, &var);
				vi = (int)d->nr_vars - 1;
			}
			s->dst = vi;
			lp_expect_p(p, '(', "after dma_read");
			struct iom_lit_expr *e = lp_parse_expr(p);
			s->mem = lp_resolve_mem(p, IOM_LIT_P_NONE, e);
			lp_expect_p(p, ')', "after the dma_read buffer");
		} else if (lp_is_id(t, "dma_write")) {
			lp_next(p);
			s->kind = IOM_LIT_D_DMA_WRITE;
			lp_expect_p(p, '(', "after dma_write");
			struct iom_lit_expr *e = lp_parse_expr(p);
			s->mem = lp_resolve_mem(p, IOM_LIT_P_NONE, e);
			lp_expect_p(p, ',', "between the dma_write buffer and value");
			s->value = lp_parse_value(p);
			lp_expect_p(p, ')', "after the dma_write value");
		} else if (lp_is_id(t, "reg_set")) {
			lp_next(p);
			s->kind = IOM_LIT_D_REG_SET;
			lp_expect_p(p, '(', "after reg_set");
			struct iom_lit_expr *e = lp_parse_expr(p);
			lp_resolve_addr(p, IOM_LIT_P_NONE, e, &s->region, &s->offset);
			if (p->t->syms[s->region].dev != dev)
				lp_fail(p, IOM_EINVAL, e->pos, "reg_set: '%s' belongs to dev%d, not dev%d",
				     p->t->syms[s->region].name, p->t->syms[s->region].dev, dev);
			lp_expect_p(p, ',', "between the reg_set register and value");
			s->value = lp_parse_value(p);
			lp_expect_p(p, ')', "after the reg_set value");
		} else {
			lp_fail(p, IOM_EINVAL, t->pos, "expected dma_read, dma_write or reg_set in a "
			     "device block, found %s", lp_describe(p, t));
		}
		lp_expect_p(p, ';', "after a device statement");
	}
}
