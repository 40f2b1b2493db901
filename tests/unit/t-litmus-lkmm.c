// SPDX-License-Identifier: MIT
/* t-litmus-lkmm -- the LKMM dialect of the litmus front end (include/iomodel/litmus.h,
 * "LKMM additions"; docs/litmus-format.md "LKMM dialect: AST"):
 *   - the primitive table holds every macro of linux-kernel.def@v6.12 with its body form,
 *     tag, arithmetic, arity and argument roles;
 *   - init blocks with pointers, arrays, atomic_t, spinlock_t, srcu_struct, register values;
 *   - thread code: pointer registers, address expressions, casts, while, undeclared
 *     registers, statement groups;
 *   - conditions: !=, ->, =>, not, arrays, pointer values, register = register, locations;
 *   - Result: lines (DEADLOCK, DATARACE, free text);
 *   - LISA tests;
 *   - herd7's "Unknown macro NAME" and the other errors, at file:line:col;
 *   - every accepted test prints and reparses to the same text.
 * The tests are written for this file (none is a copy of a kernel or public test). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/litmus.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static struct iom_lit_test *parse_ok(const char *s)
{
	struct iom_lit_test *t = NULL;
	struct iom_diag d;
	char msg[700];
	iom_diag_init(&d);
	if (iom_lit_parse(s, strlen(s), "t.litmus", &t, &d)) {
		print_error("%s\n", iom_diag_str(&d, msg, sizeof(msg)));
		fail();
	}
	/* print -> parse -> print is a fixpoint */
	struct iom_buf b1, b2;
	struct iom_lit_test *t2 = NULL;
	iom_buf_init(&b1);
	iom_buf_init(&b2);
	iom_lit_print(t, &b1);
	iom_diag_init(&d);
	if (iom_lit_parse(iom_buf_str(&b1), b1.len, "printed", &t2, &d)) {
		print_error("reprint: %s\n%s", iom_diag_str(&d, msg, sizeof(msg)), iom_buf_str(&b1));
		fail();
	}
	iom_lit_print(t2, &b2);
	assert_string_equal(iom_buf_str(&b1), iom_buf_str(&b2));
	iom_buf_release(&b1);
	iom_buf_release(&b2);
	iom_lit_test_free(t2);
	return t;
}

static int sym(const struct iom_lit_test *t, const char *name)
{
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (!strcmp(t->syms[i].name, name))
			return (int)i;
	return -1;
}

static int reg(const struct iom_lit_thread *th, const char *name)
{
	for (unsigned i = 0; i < th->nr_regs; i++)
		if (!strcmp(th->regs[i], name))
			return (int)i;
	return -1;
}

/* ---- the primitive table (linux-kernel.def@v6.12) ---- */

static void test_table(void **state)
{
	(void)state;
	static const struct {
		const char *name;
		enum iom_lit_lkform lf;
		enum iom_lit_ann ann;
		int op;
		int64_t imm;
		enum iom_lit_ret ret;
		unsigned nargs;
		int loc, val, cmp;
		bool lval;
	} rows[] = {
		{ "READ_ONCE", IOM_LIT_LF_LOAD, IOM_LIT_ANN_ONCE, 0, 0, IOM_LIT_RET_READ, 1, 0, -1, -1, true },
		{ "WRITE_ONCE", IOM_LIT_LF_STORE, IOM_LIT_ANN_ONCE, 0, 0, IOM_LIT_RET_NONE, 2, 0, 1, -1, true },
		{ "smp_load_acquire", IOM_LIT_LF_LOAD, IOM_LIT_ANN_ACQUIRE, 0, 0, IOM_LIT_RET_READ, 1, 0, -1, -1, false },
		{ "smp_store_release", IOM_LIT_LF_STORE, IOM_LIT_ANN_RELEASE, 0, 0, IOM_LIT_RET_NONE, 2, 0, 1, -1, false },
		{ "rcu_assign_pointer", IOM_LIT_LF_STORE, IOM_LIT_ANN_RELEASE, 0, 0, IOM_LIT_RET_NONE, 2, 0, 1, -1, true },
		{ "rcu_dereference", IOM_LIT_LF_LOAD, IOM_LIT_ANN_ONCE, 0, 0, IOM_LIT_RET_READ, 1, 0, -1, -1, true },
		{ "smp_store_mb", IOM_LIT_LF_STORE_MB, IOM_LIT_ANN_ONCE, 0, 0, IOM_LIT_RET_NONE, 2, 0, 1, -1, true },
		{ "smp_mb__after_srcu_read_unlock", IOM_LIT_LF_FENCE, IOM_LIT_ANN_AFTER_SRCU_READ_UNLOCK, 0, 0, IOM_LIT_RET_NONE, 0, -1, -1, -1, false },
		{ "barrier", IOM_LIT_LF_FENCE, IOM_LIT_ANN_BARRIER, 0, 0, IOM_LIT_RET_NONE, 0, -1, -1, -1, false },
		{ "xchg", IOM_LIT_LF_XCHG, IOM_LIT_ANN_MB, 0, 0, IOM_LIT_RET_OLD, 2, 0, 1, -1, false },
		{ "xchg_relaxed", IOM_LIT_LF_XCHG, IOM_LIT_ANN_ONCE, 0, 0, IOM_LIT_RET_OLD, 2, 0, 1, -1, false },
		{ "cmpxchg_acquire", IOM_LIT_LF_CMPXCHG, IOM_LIT_ANN_ACQUIRE, 0, 0, IOM_LIT_RET_OLD, 3, 0, 2, 1, false },
		{ "spin_is_locked", IOM_LIT_LF_ISLOCKED, IOM_LIT_ANN_NONE, 0, 0, IOM_LIT_RET_BOOL, 1, 0, -1, -1, false },
		{ "spin_trylock", IOM_LIT_LF_TRYLOCK, IOM_LIT_ANN_NONE, 0, 0, IOM_LIT_RET_BOOL, 1, 0, -1, -1, false },
		{ "synchronize_rcu_expedited", IOM_LIT_LF_FENCE, IOM_LIT_ANN_SYNC_RCU, 0, 0, IOM_LIT_RET_NONE, 0, -1, -1, -1, false },
		{ "srcu_read_lock", IOM_LIT_LF_LOAD, IOM_LIT_ANN_SRCU_LOCK, 0, 0, IOM_LIT_RET_READ, 1, 0, -1, -1, false },
		{ "srcu_up_read", IOM_LIT_LF_STORE, IOM_LIT_ANN_SRCU_UNLOCK, 0, 0, IOM_LIT_RET_NONE, 2, 0, 1, -1, false },
		{ "synchronize_srcu", IOM_LIT_LF_SRCU_SYNC, IOM_LIT_ANN_SYNC_SRCU, 0, 0, IOM_LIT_RET_NONE, 1, 0, -1, -1, false },
		{ "atomic_read", IOM_LIT_LF_LOAD, IOM_LIT_ANN_ONCE, 0, 0, IOM_LIT_RET_READ, 1, 0, -1, -1, false },
		{ "atomic_set_release", IOM_LIT_LF_STORE, IOM_LIT_ANN_RELEASE, 0, 0, IOM_LIT_RET_NONE, 2, 0, 1, -1, false },
		/* atomic_add(V,X): the location is the second argument */
		{ "atomic_add", IOM_LIT_LF_ATOMIC_OP, IOM_LIT_ANN_NORETURN, '+', 0, IOM_LIT_RET_NONE, 2, 1, 0, -1, false },
		{ "atomic_dec", IOM_LIT_LF_ATOMIC_OP, IOM_LIT_ANN_NORETURN, '-', 1, IOM_LIT_RET_NONE, 1, 0, -1, -1, false },
		{ "atomic_sub_return_release", IOM_LIT_LF_OP_RETURN, IOM_LIT_ANN_RELEASE, '-', 0, IOM_LIT_RET_NEW, 2, 1, 0, -1, false },
		{ "atomic_fetch_inc_acquire", IOM_LIT_LF_FETCH_OP, IOM_LIT_ANN_ACQUIRE, '+', 1, IOM_LIT_RET_OLD, 1, 0, -1, -1, false },
		{ "atomic_fetch_add", IOM_LIT_LF_FETCH_OP, IOM_LIT_ANN_MB, '+', 0, IOM_LIT_RET_OLD, 2, 1, 0, -1, false },
		{ "atomic_xchg_relaxed", IOM_LIT_LF_XCHG, IOM_LIT_ANN_ONCE, 0, 0, IOM_LIT_RET_OLD, 2, 0, 1, -1, false },
		{ "atomic_cmpxchg", IOM_LIT_LF_CMPXCHG, IOM_LIT_ANN_MB, 0, 0, IOM_LIT_RET_OLD, 3, 0, 2, 1, false },
		{ "atomic_sub_and_test", IOM_LIT_LF_OP_RETURN, IOM_LIT_ANN_MB, '-', 0, IOM_LIT_RET_EQZ, 2, 1, 0, -1, false },
		{ "atomic_inc_and_test", IOM_LIT_LF_OP_RETURN, IOM_LIT_ANN_MB, '+', 1, IOM_LIT_RET_EQZ, 1, 0, -1, -1, false },
		{ "atomic_add_negative", IOM_LIT_LF_OP_RETURN, IOM_LIT_ANN_MB, '+', 0, IOM_LIT_RET_LTZ, 2, 1, 0, -1, false },
		{ "atomic_add_unless", IOM_LIT_LF_ADD_UNLESS, IOM_LIT_ANN_MB, '+', 0, IOM_LIT_RET_BOOL, 3, 0, 1, 2, false },
	};
	for (size_t i = 0; i < N(rows); i++) {
		enum iom_lit_prim p = iom_lit_prim_lookup(rows[i].name);
		const struct iom_lit_prim_info *pi = iom_lit_prim_info(p);
		if (p == IOM_LIT_P_NONE)
			print_error("%s: not in the table\n", rows[i].name);
		assert_int_not_equal(p, IOM_LIT_P_NONE);
		if (pi->lkform != rows[i].lf || pi->ann != rows[i].ann || pi->op != rows[i].op ||
		    pi->imm != rows[i].imm || pi->ret != rows[i].ret || pi->nargs != rows[i].nargs ||
		    pi->arg_loc != rows[i].loc || pi->arg_val != rows[i].val ||
		    pi->arg_cmp != rows[i].cmp || pi->loc_lvalue != rows[i].lval)
			print_error("%s: LKMM columns differ\n", rows[i].name);
		assert_int_equal(pi->lkform, rows[i].lf);
		assert_int_equal(pi->ann, rows[i].ann);
		assert_int_equal(pi->op, rows[i].op);
		assert_int_equal(pi->imm, rows[i].imm);
		assert_int_equal(pi->ret, rows[i].ret);
		assert_int_equal(pi->nargs, rows[i].nargs);
		assert_int_equal(pi->arg_loc, rows[i].loc);
		assert_int_equal(pi->arg_val, rows[i].val);
		assert_int_equal(pi->arg_cmp, rows[i].cmp);
		assert_int_equal(pi->loc_lvalue, rows[i].lval);
	}
	/* the whole 6.12 .def: 90 macros, plus herd7's atomic_add_unless; the MMIO-only rows
	 * (and plain accesses, which have no name) are not LKMM macros */
	unsigned lk = 0;
	for (int p = 1; p < IOM_LIT_P__COUNT; p++) {
		const struct iom_lit_prim_info *pi = iom_lit_prim_info((enum iom_lit_prim)p);
		assert_int_equal(pi->prim, p);
		if (pi->lkform != IOM_LIT_LF_NONE && pi->name)
			lk++;
	}
	assert_int_equal(lk, 91);
	assert_int_equal(iom_lit_prim_info(iom_lit_prim_lookup("readl"))->lkform, IOM_LIT_LF_NONE);
	assert_int_equal(iom_lit_prim_info(iom_lit_prim_lookup("mb"))->lkform, IOM_LIT_LF_NONE);
	assert_string_equal(iom_lit_ann_name(IOM_LIT_ANN_AFTER_UNLOCK_LOCK), "after-unlock-lock");
	assert_string_equal(iom_lit_ann_name(IOM_LIT_ANN_SYNC_SRCU), "sync-srcu");
	/* srcu_down_read() is newer than 6.1 (v6.1 linux-kernel.def has no such macro) */
	assert_false(iom_lit_prim_available(IOM_LIT_P_SRCU_DOWN_READ, IOM_KVER(6, 1), NULL));
	assert_true(iom_lit_prim_available(IOM_LIT_P_SRCU_DOWN_READ, IOM_KVER(6, 12), NULL));
}

/* ---- init block ---- */

static void test_init(void **state)
{
	(void)state;
	struct iom_lit_test *t = parse_ok(
		"C init-forms\n"
		"{\n"
		"\tint *p = &x; q = z; int x = 3; atomic_t v = ATOMIC_INIT(-2);\n"
		"\tspinlock_t lk; struct srcu_struct ss; intptr_t ip = 5;\n"
		"\tint a[3]; a[2] = 7; (* a comment inside the block *)\n"
		"\t0:r1 = x; int 1:r2 = &z; 1:r3 = 4;\n"
		"}\n"
		"P0(int **p, int *x) { int r0; r0 = READ_ONCE(*r1); }\n"
		"P1(int *z) { int r2; WRITE_ONCE(*r2, r3); }\n"
		"exists (0:r0=3 /\\ a[2]=7 /\\ p=x /\\ 1:r2=z)\n");
	int p = sym(t, "p"), x = sym(t, "x"), q = sym(t, "q"), z = sym(t, "z"), v = sym(t, "v");
	int a = sym(t, "a");
	assert_true(p >= 0 && x >= 0 && q >= 0 && z >= 0 && v >= 0 && a >= 0);
	assert_false(iom_lit_is_mmio(t));
	/* pointer values: &x and a bare name (q = z) */
	assert_int_equal(t->syms[p].init_ref, x);
	assert_int_equal(t->syms[q].init_ref, z);
	assert_string_equal(t->syms[p].ctype, "int *");
	assert_null(t->syms[q].ctype);
	/* x was mentioned before its declaration: the declaration gives it its value */
	assert_int_equal(t->syms[x].init, 3);
	assert_string_equal(t->syms[x].ctype, "int");
	assert_int_equal(t->syms[v].init, -2);
	assert_string_equal(t->syms[v].ctype, "atomic_t");
	assert_int_equal(t->syms[sym(t, "lk")].kind, IOM_LIT_SYM_LOCK);
	assert_int_equal(t->syms[sym(t, "ss")].kind, IOM_LIT_SYM_SRCU);
	assert_string_equal(t->syms[sym(t, "ss")].ctype, "struct srcu_struct");
	assert_int_equal(t->syms[sym(t, "ip")].init, 5);
	assert_int_equal(t->syms[a].array_len, 3);
	assert_int_equal(t->syms[a].array_init[0], 0);
	assert_int_equal(t->syms[a].array_init[2], 7);
	/* register values: registers come first in the thread, may be redeclared */
	const struct iom_lit_thread *t0 = &t->threads[0], *t1 = &t->threads[1];
	assert_int_equal(t0->nr_reg_inits, 1);
	assert_int_equal(t0->reg_inits[0].reg, reg(t0, "r1"));
	assert_int_equal(t0->reg_inits[0].sym, x);
	assert_int_equal(t1->nr_reg_inits, 2);
	assert_int_equal(t1->reg_inits[0].sym, z);
	assert_int_equal(t1->reg_inits[1].sym, -1);
	assert_int_equal(t1->reg_inits[1].value, 4);
	assert_int_equal(reg(t1, "r2"), 0);
	/* READ_ONCE(*r1): the address is register r1 */
	const struct iom_lit_stmt *s = &t0->body.stmts[0];
	assert_int_equal(s->prim, IOM_LIT_P_READ_ONCE);
	assert_int_equal(s->mem, -1);
	assert_non_null(s->addr);
	assert_int_equal(s->addr->kind, IOM_LIT_E_REG);
	assert_int_equal(s->addr->index, reg(t0, "r1"));
	s = &t1->body.stmts[0];
	assert_int_equal(s->prim, IOM_LIT_P_WRITE_ONCE);
	assert_int_equal(s->addr->index, reg(t1, "r2"));
	assert_int_equal(s->value->index, reg(t1, "r3"));
	/* conditions: array element, pointer values */
	const struct iom_lit_cond *c = t->cond;
	assert_int_equal(c->kind, IOM_LIT_C_AND);
	assert_int_equal(c->b->kind, IOM_LIT_C_REG);
	assert_int_equal(c->b->value_sym, z);
	assert_int_equal(c->a->b->kind, IOM_LIT_C_MEM);
	assert_int_equal(c->a->b->sym, p);
	assert_int_equal(c->a->b->value_sym, x);
	assert_int_equal(c->a->a->b->sym, a);
	assert_int_equal(c->a->a->b->elem, 2);
	assert_int_equal(c->a->a->b->value, 7);
	iom_lit_test_free(t);
}

/* ---- thread code ---- */

static const struct iom_lit_stmt *first(const struct iom_lit_block *b, enum iom_lit_prim p)
{
	for (unsigned i = 0; i < b->nr_stmts; i++) {
		const struct iom_lit_stmt *s = &b->stmts[i], *r;
		if (s->kind == IOM_LIT_S_PRIM && s->prim == p)
			return s;
		if ((r = first(&s->cond_b, p)) || (r = first(&s->then_b, p)) ||
		    (r = first(&s->else_b, p)))
			return r;
	}
	return NULL;
}

static void test_code(void **state)
{
	(void)state;
	struct iom_lit_test *t = parse_ok(
		"C code-forms\n"
		"{ int a[2]; int *p = &y; }\n"
		"void P0(int *a, int **p, atomic_t *v, spinlock_t *l, struct srcu_struct *s)\n"
		"{\n"
		"\tint r0; int *r1 = (int *)READ_ONCE(*p); intptr_t r2;\n"
		"\t*(a + 1) = 2;\n"
		"\tr0 = *(a + 1);\n"
		"\tr2 = READ_ONCE(*r1) + READ_ONCE(*a);\n"
		"\t(void)atomic_fetch_add_release(3, v);\n"
		"\tr0 = atomic_add_unless(v, 1, 0);\n"
		"\tr0 = spin_is_locked(l);\n"
		"\tr0 = srcu_read_lock(s); srcu_read_unlock(s, r0);\n"
		"\twhile (READ_ONCE(*a) == 0) { r3 = r3 + 1; }\n"
		"\tif (r0) r0 = 1; else { WRITE_ONCE(**p, 5); }\n"
		"}\n"
		"exists (0:r3=2)\n");
	const struct iom_lit_thread *th = &t->threads[0];
	int a = sym(t, "a");
	/* *(a + 1) = 2: address expression a + 1 */
	const struct iom_lit_stmt *s = first(&th->body, IOM_LIT_P_PLAIN_STORE);
	assert_non_null(s);
	assert_int_equal(s->mem, -1);
	assert_int_equal(s->addr->kind, IOM_LIT_E_BINOP);
	assert_int_equal(s->addr->op, '+');
	assert_int_equal(s->addr->a->kind, IOM_LIT_E_SYM);
	assert_int_equal(s->addr->a->index, a);
	assert_int_equal(s->addr->b->value, 1);
	/* r0 = *(a + 1): one load into r0, no temporary */
	s = first(&th->body, IOM_LIT_P_PLAIN_LOAD);
	assert_non_null(s);
	assert_int_equal(s->dst, reg(th, "r0"));
	assert_non_null(s->addr);
	/* the cast in r1's initialiser is dropped: r1 = READ_ONCE(*p) */
	s = first(&th->body, IOM_LIT_P_READ_ONCE);
	assert_int_equal(s->dst, reg(th, "r1"));
	assert_int_equal(s->mem, sym(t, "p"));
	/* the two reads of one statement share its group */
	unsigned k = 0;
	while (k < th->body.nr_stmts && !(th->body.stmts[k].kind == IOM_LIT_S_ASSIGN &&
					  th->body.stmts[k].dst == reg(th, "r2")))
		k++;
	assert_true(k >= 2 && k < th->body.nr_stmts);
	assert_int_equal(th->body.stmts[k - 2].prim, IOM_LIT_P_READ_ONCE);
	assert_int_equal(th->body.stmts[k - 2].addr->index, reg(th, "r1"));
	assert_int_equal(th->body.stmts[k - 1].prim, IOM_LIT_P_READ_ONCE);
	assert_int_equal(th->body.stmts[k - 2].group, th->body.stmts[k - 2].id);
	assert_int_equal(th->body.stmts[k - 1].group, th->body.stmts[k - 2].id);
	assert_int_equal(th->body.stmts[k].group, th->body.stmts[k - 2].id);
	assert_int_equal(th->body.stmts[k + 1].group, th->body.stmts[k + 1].id);
	/* atomic_fetch_add_release(3, v): value 3, location v */
	s = first(&th->body, IOM_LIT_P_ATOMIC_FETCH_ADD_RELEASE);
	assert_int_equal(s->mem, sym(t, "v"));
	assert_int_equal(s->value->value, 3);
	assert_int_equal(s->dst, -1);
	s = first(&th->body, IOM_LIT_P_ATOMIC_ADD_UNLESS);
	assert_int_equal(s->value->value, 1);
	assert_int_equal(s->expect->value, 0);
	s = first(&th->body, IOM_LIT_P_SPIN_IS_LOCKED);
	assert_int_equal(t->syms[s->mem].kind, IOM_LIT_SYM_LOCK);
	s = first(&th->body, IOM_LIT_P_SRCU_READ_UNLOCK);
	assert_int_equal(t->syms[s->mem].kind, IOM_LIT_SYM_SRCU);
	assert_int_equal(s->value->index, reg(th, "r0"));
	/* while: the condition's read lives in cond_b; r3 was never declared */
	assert_true(reg(th, "r3") >= 0);
	const struct iom_lit_stmt *w = NULL;
	for (unsigned i = 0; i < th->body.nr_stmts; i++)
		if (th->body.stmts[i].kind == IOM_LIT_S_WHILE)
			w = &th->body.stmts[i];
	assert_non_null(w);
	assert_int_equal(w->cond_b.nr_stmts, 1);
	assert_int_equal(w->cond_b.stmts[0].prim, IOM_LIT_P_READ_ONCE);
	assert_int_equal(w->cond_b.stmts[0].mem, a);
	assert_int_equal(w->cond->kind, IOM_LIT_E_BINOP);
	assert_int_equal(w->then_b.nr_stmts, 1);
	/* smp_load_acquire(*p) is __load{acquire}(**p): a read of p, then the acquire read
	 * at the address it returned */
	iom_lit_test_free(t);
	t = parse_ok("C acq\n{ int *p = &y; }\nP0(int **p)\n{\n\tint r0 = smp_load_acquire(*p);\n}\n"
		     "exists (0:r0=0)\n");
	th = &t->threads[0];
	assert_int_equal(th->body.nr_stmts, 2);
	assert_int_equal(th->body.stmts[0].prim, IOM_LIT_P_PLAIN_LOAD);
	assert_int_equal(th->body.stmts[0].mem, sym(t, "p"));
	assert_int_equal(th->body.stmts[1].prim, IOM_LIT_P_SMP_LOAD_ACQUIRE);
	assert_int_equal(th->body.stmts[1].mem, -1);
	assert_int_equal(th->body.stmts[1].addr->index, th->body.stmts[0].dst);
	assert_int_equal(th->body.stmts[1].dst, reg(th, "r0"));
	iom_lit_test_free(t);
	t = parse_ok("C st\n{ int *p = &y; }\nP0(int **p)\n{\n\tWRITE_ONCE(**p, 5);\n}\nexists (y=5)\n");
	th = &t->threads[0];
	/* WRITE_ONCE(**p, 5): a load of p, then a store through the loaded pointer */
	s = first(&th->body, IOM_LIT_P_WRITE_ONCE);
	assert_non_null(s);
	assert_int_equal(s->addr->kind, IOM_LIT_E_REG);
	assert_true(!strncmp(th->regs[s->addr->index], "__t", 3));
	iom_lit_test_free(t);
}

/* ---- conditions, clauses and Result: ---- */

static void test_conditions(void **state)
{
	(void)state;
	struct iom_lit_test *t = parse_ok(
		"C cond-forms\n"
		"(*\n * Result: Sometimes DATARACE\n *)\n"
		"{ int a[2]; }\n"
		"P0(int *x, int *a) { int r1; r1 = READ_ONCE(*x); }\n"
		"P1(int *x) { int r2; r2 = 1; }\n"
		"locations [x; 0:r1; a[1]; 1:r9;]\n"
		"filter (x != 2)\n"
		"exists (0:r1=1:r2 -> not (a[1]=0) \\/ x=1 => 0:r1==1);\n");
	assert_int_equal(t->result, IOM_LIT_V_SOMETIMES);
	assert_true(t->result_datarace);
	assert_false(t->result_deadlock);
	assert_int_equal(t->nr_locs, 4);
	assert_int_equal(t->locs[0].sym, sym(t, "x"));
	assert_int_equal(t->locs[1].thread, 0);
	assert_int_equal(t->locs[2].sym, sym(t, "a"));
	assert_int_equal(t->locs[2].elem, 1);
	/* 1:r9 is not declared by P1: it becomes a register of P1 */
	assert_int_equal(t->locs[3].reg, reg(&t->threads[1], "r9"));
	assert_int_equal(t->nr_locations, 1);
	assert_int_equal(t->filter->kind, IOM_LIT_C_NOT);
	assert_int_equal(t->filter->a->kind, IOM_LIT_C_MEM);
	/* A -> not (B) \/ x=1 => C: => binds tighter than \/ (herd lib/stateParser.mly), so
	 * (A => ~B) \/ (x=1 => C), each => kept as IMPL */
	const struct iom_lit_cond *c = t->cond;
	assert_int_equal(c->kind, IOM_LIT_C_OR);
	assert_int_equal(c->a->kind, IOM_LIT_C_IMPL);
	assert_int_equal(c->a->a->kind, IOM_LIT_C_REG);
	assert_int_equal(c->a->a->rhs_thread, 1);
	assert_int_equal(c->a->a->rhs_reg, reg(&t->threads[1], "r2"));
	assert_int_equal(c->a->b->kind, IOM_LIT_C_NOT);
	assert_int_equal(c->a->b->a->kind, IOM_LIT_C_MEM);
	assert_int_equal(c->b->kind, IOM_LIT_C_IMPL);
	assert_int_equal(c->b->a->kind, IOM_LIT_C_MEM);
	assert_int_equal(c->b->b->kind, IOM_LIT_C_REG);
	assert_int_equal(c->b->b->value, 1);
	iom_lit_test_free(t);

	static const struct {
		const char *line;
		enum iom_lit_verdict v;
		bool dl, dr;
	} res[] = {
		{ "Result: Never", IOM_LIT_V_NEVER, false, false },
		{ "Result: Always DATARACE", IOM_LIT_V_ALWAYS, false, true },
		{ "Result: DEADLOCK", IOM_LIT_V_NONE, true, false },
		{ "Result: DEADLOCK DATARACE", IOM_LIT_V_NONE, true, true },
		{ "Result: Maybe, ask again later", IOM_LIT_V_NONE, false, false },
		{ "Result: Sometimes, with some wording", IOM_LIT_V_SOMETIMES, false, false },
	};
	for (size_t i = 0; i < N(res); i++) {
		char src[300];
		snprintf(src, sizeof(src), "C r\n(* %s *)\n{}\nP0(int *x) { WRITE_ONCE(*x, 1); }\n",
			 res[i].line);
		t = parse_ok(src);
		assert_int_equal(t->result, res[i].v);
		assert_int_equal(t->result_deadlock, res[i].dl);
		assert_int_equal(t->result_datarace, res[i].dr);
		/* no final condition: herd7's forall (true) */
		assert_int_equal(t->quant, IOM_LIT_Q_FORALL);
		assert_int_equal(t->cond->kind, IOM_LIT_C_TRUE);
		iom_lit_test_free(t);
	}
}

/* ---- LISA ---- */

static void test_lisa(void **state)
{
	(void)state;
	struct iom_lit_test *t = parse_ok(
		"LISA lisa-forms (* a comment on the name line *)\n"
		"\"a quoted line\"\n"
		"Com=Rf Fr\n"
		"{\n x = 0; p = y; 1:r0 = y;\n}\n"
		" P0                | P1               ;\n"
		" w[once] x 1       | r[acquire] r1 p  ;\n"
		" f[mb]             | mov r2 (eq r1 0) ;\n"
		" w[release] y 2    | b[] r2 L0        ;\n"
		" (* a note *)      | r[once] r3 r1+r0 ;\n"
		"                   | L0:              ;\n"
		"                   | r[lderef] r4 x   ;\n"
		"exists (1:r1=y /\\ 1:r3=0)\n");
	assert_int_equal(t->dialect, IOM_LIT_DIALECT_LISA);
	assert_int_equal(t->nr_threads, 2);
	const struct iom_lit_thread *t0 = &t->threads[0], *t1 = &t->threads[1];
	assert_int_equal(t0->body.nr_stmts, 3);
	assert_int_equal(t0->body.stmts[0].prim, IOM_LIT_P_WRITE_ONCE);
	assert_string_equal(t0->body.stmts[0].lisa_ann, "once");
	assert_int_equal(t0->body.stmts[1].prim, IOM_LIT_P_SMP_MB);
	assert_int_equal(t0->body.stmts[2].prim, IOM_LIT_P_SMP_STORE_RELEASE);
	assert_int_equal(t0->body.stmts[2].mem, sym(t, "y"));
	assert_int_equal(t0->body.stmts[2].value->value, 2);
	/* P1: acquire, mov, branch record, the guarded read through r1+r0, the deref read */
	assert_int_equal(t1->body.stmts[0].prim, IOM_LIT_P_SMP_LOAD_ACQUIRE);
	assert_int_equal(t1->body.stmts[1].kind, IOM_LIT_S_ASSIGN);
	assert_int_equal(t1->body.stmts[2].kind, IOM_LIT_S_ASSIGN);
	const struct iom_lit_stmt *g = &t1->body.stmts[3];
	assert_int_equal(g->kind, IOM_LIT_S_IF);
	assert_int_equal(g->then_b.nr_stmts, 1);
	assert_int_equal(g->then_b.stmts[0].prim, IOM_LIT_P_READ_ONCE);
	assert_int_equal(g->then_b.stmts[0].addr->kind, IOM_LIT_E_BINOP);
	assert_string_equal(t1->body.stmts[4].lisa_ann, "lderef");
	assert_string_equal(t1->body.stmts[4].lisa_text, "r[lderef] r4 x");
	assert_int_equal(t1->reg_inits[0].reg, reg(t1, "r0"));
	/* herd7 rejects the tag lderef under the LKMM bell */
	struct iom_diag d;
	iom_diag_init(&d);
	assert_int_equal(iom_lit_check_lkmm(t, &d), -IOM_EINVAL);
	assert_non_null(strstr(d.msg, "annotation error, instruction 'r[lderef] r4 x' does not "
				      "match bell declarations"));
	assert_int_equal(d.line, 13);
	iom_lit_test_free(t);

	/* overlapping forward branches */
	t = parse_ok("LISA overlap\n{}\n"
		     " P0 ;\n r[once] r1 x ;\n b[] r1 A ;\n b[] r1 B ;\n A: ;\n w[once] y 1 ;\n"
		     " B: ;\n w[once] z 1 ;\n"
		     "exists (y=1)\n");
	const struct iom_lit_block *b = &t->threads[0].body;
	assert_int_equal(b->nr_stmts, 5);
	assert_int_equal(b->stmts[1].kind, IOM_LIT_S_ASSIGN); /* b[] r1 A: taken flag */
	assert_int_equal(b->stmts[2].kind, IOM_LIT_S_IF);     /* b[] r1 B under !A */
	assert_int_equal(b->stmts[3].kind, IOM_LIT_S_IF);     /* w y under !B */
	assert_int_equal(b->stmts[4].prim, IOM_LIT_P_WRITE_ONCE);
	iom_diag_init(&d);
	assert_int_equal(iom_lit_check_lkmm(t, &d), 0);
	iom_lit_test_free(t);
}

/* ---- Unknown macro and other errors ---- */

static const struct bad {
	const char *src;
	int code, line, col;
	const char *msg;
} bads[] = {
	{ "C t\n{}\nP0(int *x)\n{\n\tsmp_frobnicate();\n}\nexists (x=1)\n", IOM_EINVAL, 5, 2,
	  "Unknown macro smp_frobnicate" },
	{ "C t\n{}\nP0(int *x)\n{\n\tint r;\n\tr = READ_ONCE(*x) + peek_value(x);\n}\nexists (x=1)\n",
	  IOM_EINVAL, 6, 22, "Unknown macro peek_value" },
	{ "C t\n{}\nP0(int *x)\n{\n\tint r = wait_for(x);\n}\nexists (x=1)\n", IOM_EINVAL, 5, 10,
	  "Unknown macro wait_for" },
	{ "C t\n{ int a[2]; }\nP0(int *a)\n{\n}\nexists (a[2]=1)\n", IOM_EINVAL, 6, 11,
	  "has no element 2" },
	{ "C t\n{ a[0] = 1; }\nP0(int *a)\n{\n}\nexists (true)\n", IOM_EINVAL, 2, 3,
	  "not a declared array" },
	{ "C t\n{ int a[0]; }\nP0(int *a)\n{\n}\nexists (true)\n", IOM_EINVAL, 2, 9,
	  "array size" },
	{ "C t\n{ 3:r0 = 1; }\nP0(int *x)\n{\n}\nexists (true)\n", IOM_EINVAL, 2, 3,
	  "there is no thread P3" },
	{ "C t\n{ atomic_t v = ATOMIC_INIT(x); }\nP0(int *x)\n{\n}\nexists (true)\n", IOM_EPARSE,
	  2, 28, "expected a number" },
	{ "C t\n{}\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1)\n}\nexists (x=1)\n", IOM_EPARSE, 6, 1,
	  "expected ';'" },
	{ "C t\n{}\nP0(int *x)\n{\n\twhile (1 { }\n}\nexists (x=1)\n", IOM_EPARSE, 5, 11,
	  "after the while condition" },
	{ "C t\n{}\nP0(spinlock_t *l)\n{\n\tint r;\n\tr = spin_unlock(l);\n}\nexists (true)\n",
	  IOM_EINVAL, 6, 2, "returns no value" },
	/* a lock on an int * is herd7's too (litmus/lkmm/Lock+int); a constant is not a lock */
	{ "C t\n{}\nP0(int *x)\n{\n\tspin_lock(1);\n}\nexists (true)\n", IOM_EINVAL, 5, 12,
	  "expected a location, not a constant" },
	{ "C t\n{}\nP0(int *x)\n{\n\tatomic_add(x);\n}\nexists (true)\n", IOM_EINVAL, 5, 2,
	  "takes 2 arguments" },
	{ "C t\n{}\nP0(int *x)\n{\n\tWRITE_ONCE(*3, 1);\n}\nexists (true)\n", IOM_EINVAL, 5, 13,
	  "not a constant" },
	/* READ_ONCE's argument is an lvalue (linux-kernel.def: __load{once}(X)); herd7's text */
	{ "C t\n{}\nP0(int *x)\n{\n\tint r;\n\tr = READ_ONCE(x);\n}\nexists (x=1)\n", IOM_EINVAL, 6,
	  16, "Bad __load argument: x" },
	{ "C t\n{}\nP0(int *x)\n{\n\tWRITE_ONCE(x, 1);\n}\nexists (x=1)\n", IOM_EINVAL, 5, 13,
	  "Bad __store argument: x" },
	{ "LISA t\n{}\n P0 | P1 ;\n w[once] x 1 | w[once] y 1 | w[once] z 1 ;\nexists (x=1)\n",
	  IOM_EPARSE, 4, 29, "more cells than threads" },
	{ "LISA t\n{}\n P0 ;\n b[] r1 NOWHERE ;\nexists (x=1)\n", IOM_EINVAL, 4, 2,
	  "label 'NOWHERE' does not follow" },
	{ "LISA t\n{}\n P0 ;\n jmp x ;\nexists (x=1)\n", IOM_EINVAL, 4, 2,
	  "unsupported instruction 'jmp'" },
	{ "LISA t\n{}\n P1 ;\n w[once] x 1 ;\nexists (x=1)\n", IOM_EPARSE, 3, 2,
	  "expected P0" },
	{ "LISA t\n{}\n P0 ;\n mov r1 (shl r1 1) ;\nexists (x=1)\n", IOM_EINVAL, 4, 10,
	  "unknown operator 'shl'" },
};

static void test_errors(void **state)
{
	int nfail = 0;
	(void)state;
	for (size_t i = 0; i < N(bads); i++) {
		struct iom_lit_test *t = (struct iom_lit_test *)&t;
		struct iom_diag d;
		char msg[700];
		iom_diag_init(&d);
		int ret = iom_lit_parse(bads[i].src, strlen(bads[i].src), "bad.litmus", &t, &d);
		if (ret != -bads[i].code || t || d.line != bads[i].line || d.col != bads[i].col ||
		    !strstr(d.msg, bads[i].msg)) {
			print_error("case %zu: got %d %s, want %d %d:%d '%s'\n", i, ret,
				    iom_diag_str(&d, msg, sizeof(msg)), -bads[i].code, bads[i].line,
				    bads[i].col, bads[i].msg);
			nfail++;
		}
	}
	assert_int_equal(nfail, 0);
}

/* A primitive the LKMM does not know, in a test without a region: herd7's text from
 * iom_lit_check_lkmm(); the same test with a region is MMIO and the C-MMIO engine's. */
static void test_check_lkmm(void **state)
{
	(void)state;
	struct iom_lit_test *t = parse_ok("C t\n{}\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n\tmb();\n}\n"
					  "exists (x=1)\n");
	struct iom_diag d;
	iom_diag_init(&d);
	assert_false(iom_lit_is_mmio(t));
	assert_int_equal(iom_lit_check_lkmm(t, &d), -IOM_EINVAL);
	assert_string_equal(d.msg, "Unknown macro mb");
	assert_int_equal(d.line, 6);
	assert_int_equal(d.col, 2);
	iom_lit_test_free(t);
	t = parse_ok("C t\n{ r = ioremap(dev0); }\nP0(void __iomem *r)\n{\n\twritel(1, r);\n\tmb();\n}\n"
		     "exists (r[0x0]=1)\n");
	assert_true(iom_lit_is_mmio(t));
	iom_lit_test_free(t);
	t = parse_ok("C t\n{}\nP0(int *x, spinlock_t *l)\n{\n\tint r;\n\tspin_lock(l);\n"
		     "\tr = xchg_acquire(x, 1);\n\tspin_unlock(l);\n\tsmp_mb__after_unlock_lock();\n}\n"
		     "exists (x=1)\n");
	iom_diag_init(&d);
	assert_int_equal(iom_lit_check_lkmm(t, &d), 0);
	iom_lit_test_free(t);
}

/* Every input, even one that fails, stays inside its buffer: parse each prefix of a test
 * that uses the new syntax (ASan catches a read past len). */
static void test_prefixes(void **state)
{
	(void)state;
	static const char src[] =
		"C pre\n(* Result: DEADLOCK *)\n{ int *p = &x; int a[2]; a[1] = 1; 0:r1 = x; }\n"
		"P0(int **p, int *a) { int r0; while (READ_ONCE(*r1)) { r0 = *(a + 1); } }\n"
		"locations [a[1]; 0:r0;]\nexists (0:r0 != 1 -> a[1]=1)\n";
	size_t n = strlen(src);
	for (size_t k = 0; k <= n; k++) {
		char *b = malloc(k ? k : 1);
		memcpy(b, src, k);
		struct iom_lit_test *t = NULL;
		struct iom_diag d;
		iom_diag_init(&d);
		int r = iom_lit_parse(b, k, "prefix", &t, &d);
		if (r)
			assert_null(t);
		else
			iom_lit_test_free(t);
		free(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_init),
		cmocka_unit_test(test_code),
		cmocka_unit_test(test_conditions),
		cmocka_unit_test(test_lisa),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_check_lkmm),
		cmocka_unit_test(test_prefixes),
	};
	return cmocka_run_group_tests_name("litmus-lkmm", tests, NULL, NULL);
}
