// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, the operands of primitives: addresses, memory locations, counts, buffers, by the rows of tables/litmus_primitives.def.
 * (parse_int.h lists the parser's files.) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse_int.h"

/* ---- operand resolution ---- */

static const char *pname(enum iom_lit_prim prim)
{
	return iom_lit_prim_name(prim);
}

/* region [+ const] -> region sym and offset */
void lp_resolve_addr(struct parser *p, enum iom_lit_prim prim, const struct iom_lit_expr *e,
			 int *region, uint64_t *off)
{
	const struct iom_lit_expr *s = e, *c = NULL;
	int neg = 0;
	if (e->kind == IOM_LIT_E_BINOP && (e->op == '+' || e->op == '-')) {
		if (e->a->kind == IOM_LIT_E_SYM && e->b->kind == IOM_LIT_E_CONST) {
			s = e->a;
			c = e->b;
			neg = e->op == '-';
		} else if (e->op == '+' && e->b->kind == IOM_LIT_E_SYM &&
			   e->a->kind == IOM_LIT_E_CONST) {
			s = e->b;
			c = e->a;
		}
	}
	if (s->kind != IOM_LIT_E_SYM)
		lp_fail(p, IOM_EINVAL, e->pos,
		     "%s(): the address must be a region name plus a constant offset", pname(prim));
	const struct iom_lit_sym *sym = &p->t->syms[s->index];
	if (sym->kind != IOM_LIT_SYM_REGION)
		lp_fail(p, IOM_EINVAL, s->pos,
		     "%s(): '%s' is not an I/O region (declare it as %s = ioremap(devN) or "
		     "ioport(devN))", pname(prim), sym->name, sym->name);
	int64_t v = c ? (neg ? -c->value : c->value) : 0;
	if (v < 0 || v > 0xffffff)
		lp_fail(p, IOM_EINVAL, c ? c->pos : e->pos, "%s(): offset %lld out of range 0..0xffffff",
		     pname(prim), (long long)v);
	*region = s->index;
	*off = (uint64_t)v;
}

int lp_resolve_mem(struct parser *p, enum iom_lit_prim prim, const struct iom_lit_expr *e)
{
	const struct iom_lit_expr *s = e->kind == IOM_LIT_E_DEREF ? e->a : e;
	if (s->kind != IOM_LIT_E_SYM)
		lp_fail(p, IOM_EINVAL, e->pos, "%s(): expected a shared location (x or *x)", pname(prim));
	const struct iom_lit_sym *sym = &p->t->syms[s->index];
	/* a spinlock read or written as memory: herd7 runs it and lock.cat l.41 flags
	 * mixed-lock-accesses; a struct srcu_struct is a location like any other to herd7
	 * 7.57 (linux-kernel.def@6.12: srcu_read_lock() is a load of it, srcu_read_unlock()
	 * a store; litmus/lkmm/Compat-srcu-struct-access) */
	if (sym->kind != IOM_LIT_SYM_VAR && sym->kind != IOM_LIT_SYM_LOCK &&
	    !(sym->kind == IOM_LIT_SYM_SRCU && !iom_lit_is_mmio(p->t)))
		lp_fail(p, IOM_EINVAL, s->pos, "%s(): '%s' is not normal memory", pname(prim), sym->name);
	return s->index;
}

static unsigned resolve_count(struct parser *p, enum iom_lit_prim prim,
			      const struct iom_lit_expr *e, unsigned unit)
{
	if (e->kind != IOM_LIT_E_CONST)
		lp_fail(p, IOM_EINVAL, e->pos, "%s(): the count must be a constant", pname(prim));
	int64_t v = e->value;
	if (v < 1 || (uint64_t)v > (uint64_t)LIT_MAX_COUNT * unit)
		lp_fail(p, IOM_EINVAL, e->pos, "%s(): count %lld out of range 1..%u", pname(prim),
		     (long long)v, LIT_MAX_COUNT * unit);
	return (unsigned)((v + unit - 1) / unit);
}

static void resolve_buf(struct parser *p, struct iom_lit_stmt *s, const struct iom_lit_expr *e)
{
	if (e->kind == IOM_LIT_E_ADDR && e->a->kind == IOM_LIT_E_REG) {
		s->mem_reg = e->a->index;
		return;
	}
	const struct iom_lit_expr *n = e->kind == IOM_LIT_E_ADDR ? e->a : e;
	if (n->kind != IOM_LIT_E_SYM || p->t->syms[n->index].kind != IOM_LIT_SYM_VAR)
		lp_fail(p, IOM_EINVAL, e->pos,
		     "%s(): the buffer must be a shared location or &register", pname(s->prim));
	s->mem = n->index;
}

static void want_args(struct parser *p, const struct iom_lit_stmt *s, unsigned n)
{
	if (s->nr_args != n)
		lp_fail(p, IOM_EINVAL, s->pos, "%s() takes %u argument%s, not %u", pname(s->prim), n,
		     n == 1 ? "" : "s", s->nr_args);
}

/* The location operand of an LKMM primitive. linux-kernel.def@v6.12 passes READ_ONCE's X
 * (and WRITE_ONCE's, rcu_dereference's, rcu_assign_pointer's, smp_store_mb's) to
 * __load/__store as an lvalue, so it must be *e and the address is e; herd7 rejects
 * anything else ("Bad __load argument"). The other macros take a pointer e (its reads
 * already hoisted; &l is l). A static name goes to s->mem, anything else to s->addr. */
static void resolve_loc(struct parser *p, struct iom_lit_stmt *s, const struct iom_lit_prim_info *pi,
			struct iom_lit_expr *e)
{
	struct iom_lit_expr *x = e;
	if (pi->loc_lvalue) {
		if (x->kind != IOM_LIT_E_DEREF)
			lp_fail(p, IOM_EINVAL, e->pos, "Bad %s argument: %s (write %s(*%s%s))",
			     pi->lkform == IOM_LIT_LF_LOAD ? "__load" : "__store",
			     x->kind == IOM_LIT_E_SYM ? p->t->syms[x->index].name :
			     x->kind == IOM_LIT_E_REG ? p->cur->regs[x->index] : "expression",
			     pname(s->prim),
			     x->kind == IOM_LIT_E_SYM ? p->t->syms[x->index].name :
			     x->kind == IOM_LIT_E_REG ? p->cur->regs[x->index] : "e",
			     pi->nargs > 1 ? ", v" : "");
		x = x->a;
	} else if (x->kind == IOM_LIT_E_ADDR) {
		x = x->a;
	}
	if (x->kind == IOM_LIT_E_CONST)
		lp_fail(p, IOM_EINVAL, e->pos, "%s(): expected a location, not a constant", pname(s->prim));
	if (x->kind != IOM_LIT_E_SYM) {
		if (lp_has_deref(x))
			lp_fail(p, IOM_EINVAL, e->pos, "%s(): bad address", pname(s->prim));
		s->addr = x;
		return;
	}
	const struct iom_lit_sym *sym = &p->t->syms[x->index];
	switch (pi->lkform) {
	case IOM_LIT_LF_LOCK:
	case IOM_LIT_LF_UNLOCK:
	case IOM_LIT_LF_TRYLOCK:
	case IOM_LIT_LF_ISLOCKED:
		/* herd7 takes a lock on any pointer ("int *l" in tests posted to the list) */
		if (sym->kind != IOM_LIT_SYM_LOCK && sym->kind != IOM_LIT_SYM_VAR)
			lp_fail(p, IOM_EINVAL, e->pos,
			     "%s(): expected a lock (a spinlock_t * or int * parameter)", pname(s->prim));
		break;
	default:
		if (pi->pclass == IOM_LIT_PC_SRCU) {
			if (sym->kind != IOM_LIT_SYM_SRCU && sym->kind != IOM_LIT_SYM_VAR)
				lp_fail(p, IOM_EINVAL, x->pos, "%s(): '%s' is not a srcu_struct",
				     pname(s->prim), sym->name);
		} else if (sym->kind != IOM_LIT_SYM_VAR && sym->kind != IOM_LIT_SYM_LOCK &&
			   !(sym->kind == IOM_LIT_SYM_SRCU && !iom_lit_is_mmio(p->t))) {
			/* (a struct srcu_struct is plain memory to herd7 7.57, as above) */
			lp_fail(p, IOM_EINVAL, x->pos, "%s(): '%s' is not normal memory", pname(s->prim),
			     sym->name);
		}
	}
	s->mem = x->index;
}

/* LKMM primitives: operands from the table's argument columns. */
static void resolve_lkmm(struct parser *p, struct iom_lit_stmt *s, const struct iom_lit_prim_info *pi)
{
	want_args(p, s, pi->nargs);
	if (pi->arg_loc >= 0)
		resolve_loc(p, s, pi, s->args[pi->arg_loc]);
	if (pi->arg_val >= 0)
		s->value = s->args[pi->arg_val];
	if (pi->arg_cmp >= 0)
		s->expect = s->args[pi->arg_cmp];
	for (unsigned i = 0; i < s->nr_args; i++)
		if ((int)i != pi->arg_loc && lp_has_deref(s->args[i]))
			lp_fail(p, IOM_EINVAL, s->args[i]->pos, "%s(): bad operand", pname(s->prim));
	if (s->dst >= 0 && pi->ret == IOM_LIT_RET_NONE)
		lp_fail(p, IOM_EINVAL, s->pos, "%s() returns no value", pname(s->prim));
}

/* Fill the resolved operands of a primitive statement from its arguments. */
void lp_resolve_prim(struct parser *p, struct iom_lit_stmt *s)
{
	const struct iom_lit_prim_info *pi = iom_lit_prim_info(s->prim);
	struct iom_lit_expr **a = s->args;
	s->count = 1;
	if (pi->lkform != IOM_LIT_LF_NONE) {
		resolve_lkmm(p, s, pi);
		return;
	}
	switch (pi->pclass) {
	case IOM_LIT_PC_MMIO:
	case IOM_LIT_PC_PIO:
		if (pi->dir == IOM_LIT_DIR_READ) {
			want_args(p, s, 1);
			lp_resolve_addr(p, s->prim, a[0], &s->region, &s->offset);
		} else {
			want_args(p, s, 2);
			s->value = a[0];
			lp_resolve_addr(p, s->prim, a[1], &s->region, &s->offset);
		}
		break;
	case IOM_LIT_PC_STRING:
		want_args(p, s, 3);
		if (s->prim == IOM_LIT_P_MEMCPY_FROMIO) {
			resolve_buf(p, s, a[0]);
			lp_resolve_addr(p, s->prim, a[1], &s->region, &s->offset);
			s->count = resolve_count(p, s->prim, a[2], 4);
		} else if (s->prim == IOM_LIT_P_MEMCPY_TOIO) {
			lp_resolve_addr(p, s->prim, a[0], &s->region, &s->offset);
			resolve_buf(p, s, a[1]);
			s->count = resolve_count(p, s->prim, a[2], 4);
		} else if (s->prim == IOM_LIT_P_MEMSET_IO) {
			lp_resolve_addr(p, s->prim, a[0], &s->region, &s->offset);
			s->value = a[1];
			s->count = resolve_count(p, s->prim, a[2], 4);
		} else {
			lp_resolve_addr(p, s->prim, a[0], &s->region, &s->offset);
			resolve_buf(p, s, a[1]);
			s->count = resolve_count(p, s->prim, a[2], 1);
		}
		break;
	case IOM_LIT_PC_BARRIER:
		want_args(p, s, 0);
		break;
	case IOM_LIT_PC_OTHER:
		want_args(p, s, s->prim == IOM_LIT_P_UDELAY ? 1 : 0);
		break;
	case IOM_LIT_PC_LOCK: {
		want_args(p, s, 1);
		const struct iom_lit_expr *e = a[0]->kind == IOM_LIT_E_ADDR ? a[0]->a : a[0];
		if (e->kind != IOM_LIT_E_SYM || (p->t->syms[e->index].kind != IOM_LIT_SYM_LOCK &&
						 p->t->syms[e->index].kind != IOM_LIT_SYM_VAR))
			lp_fail(p, IOM_EINVAL, a[0]->pos,
			     "%s(): expected a lock (a spinlock_t * or int * parameter)", pname(s->prim));
		s->mem = e->index;
		break;
	}
	case IOM_LIT_PC_MEM:
		if (pi->dir == IOM_LIT_DIR_READ) {
			want_args(p, s, 1);
			s->mem = lp_resolve_mem(p, s->prim, a[0]);
		} else {
			want_args(p, s, 2);
			s->mem = lp_resolve_mem(p, s->prim, a[0]);
			s->value = a[1];
		}
		break;
	case IOM_LIT_PC_RMW:
		if (s->prim == IOM_LIT_P_CMPXCHG) {
			want_args(p, s, 3);
			s->expect = a[1];
			s->value = a[2];
		} else {
			want_args(p, s, 2);
			s->value = a[1];
		}
		s->mem = lp_resolve_mem(p, s->prim, a[0]);
		break;
	default:
		lp_fail(p, IOM_EINVAL, s->pos, "%s() cannot be used here", pname(s->prim));
	}
	for (unsigned i = 0; i < s->nr_args; i++)
		if ((pi->pclass == IOM_LIT_PC_MMIO || pi->pclass == IOM_LIT_PC_PIO ||
		     pi->pclass == IOM_LIT_PC_STRING || pi->pclass == IOM_LIT_PC_OTHER) &&
		    lp_has_deref(a[i]))
			lp_fail(p, IOM_EINVAL, a[i]->pos,
			     "%s(): load memory into a register first (no '*' inside accessor "
			     "arguments)", pname(s->prim));
	if (s->region >= 0) {
		const struct iom_lit_sym *r = &p->t->syms[s->region];
		int want_pio = pi->pclass == IOM_LIT_PC_PIO || s->prim == IOM_LIT_P_INSB ||
			       s->prim == IOM_LIT_P_INSW || s->prim == IOM_LIT_P_INSL ||
			       s->prim == IOM_LIT_P_OUTSB || s->prim == IOM_LIT_P_OUTSW ||
			       s->prim == IOM_LIT_P_OUTSL;
		if (want_pio && r->region != IOM_LIT_RGN_IOPORT)
			lp_fail(p, IOM_EINVAL, s->pos, "%s() needs a port region (%s = ioport(devN))",
			     pname(s->prim), r->name);
		if (!want_pio && r->region == IOM_LIT_RGN_IOPORT)
			lp_fail(p, IOM_EINVAL, s->pos,
			     "%s() cannot access port region '%s'; use inX/outX", pname(s->prim),
			     r->name);
	}
	if (s->dst >= 0 && pi->dir != IOM_LIT_DIR_READ && pi->dir != IOM_LIT_DIR_RMW &&
	    pi->lockop != IOM_LIT_LK_TRYLOCK)
		lp_fail(p, IOM_EINVAL, s->pos, "%s() returns no value", pname(s->prim));
	if (s->dst >= 0 && pi->pclass == IOM_LIT_PC_STRING)
		lp_fail(p, IOM_EINVAL, s->pos, "%s() returns no value", pname(s->prim));
}
