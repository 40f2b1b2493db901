// SPDX-License-Identifier: MIT
/* iomodel -- litmus AST queries: freeing, label lookup, version checks, Expect: lookup.
 * Nothing here allocates; a test owns its arena and frees it in one go. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "litmus_int.h"

void iom_lit_test_free(struct iom_lit_test *t)
{
	if (!t)
		return;
	struct lit_arena a = *(struct lit_arena *)(t + 1);
	lit_arena_release(&a);
}

static const struct iom_lit_stmt *find_in(const struct iom_lit_block *b, const char *label)
{
	for (unsigned i = 0; i < b->nr_stmts; i++) {
		const struct iom_lit_stmt *s = &b->stmts[i], *r;
		if (s->label && !strcmp(s->label, label))
			return s;
		if (s->kind == IOM_LIT_S_IF || s->kind == IOM_LIT_S_WHILE) {
			if ((r = find_in(&s->then_b, label)) || (r = find_in(&s->else_b, label)))
				return r;
		}
	}
	return NULL;
}

const struct iom_lit_stmt *iom_lit_find_label(const struct iom_lit_test *t, int tid,
					      const char *label)
{
	if (!t || tid < 0 || (unsigned)tid >= t->nr_threads || !label)
		return NULL;
	return find_in(&t->threads[tid].body, label);
}

static int check_block(const struct iom_lit_test *t, const struct iom_lit_block *b,
		       enum iom_arch arch, unsigned kver, struct iom_diag *d)
{
	char v[16];
	for (unsigned i = 0; i < b->nr_stmts; i++) {
		const struct iom_lit_stmt *s = &b->stmts[i];
		const char *why = NULL;
		if (s->kind == IOM_LIT_S_IF || s->kind == IOM_LIT_S_WHILE) {
			if (check_block(t, &s->cond_b, arch, kver, d) ||
			    check_block(t, &s->then_b, arch, kver, d) ||
			    check_block(t, &s->else_b, arch, kver, d))
				return -IOM_EINVAL;
			continue;
		}
		if (s->kind != IOM_LIT_S_PRIM)
			continue;
		if (!iom_lit_prim_available_on(s->prim, arch, kver, &why)) {
			iom_diag_set(d, IOM_EINVAL, t->file, s->pos.line, s->pos.col,
				     "%s() does not exist in v%s on %s: %s", iom_lit_prim_name(s->prim),
				     iom_kver_str(kver, v, sizeof(v)), iom_arch_name(arch), why);
			return -IOM_EINVAL;
		}
	}
	return 0;
}

int iom_lit_test_check(const struct iom_lit_test *t, enum iom_arch arch, unsigned kver,
		       struct iom_diag *d)
{
	const char *why = NULL;
	char v[16];
	if (!iom_arch_available(arch, kver, &why)) {
		iom_diag_set(d, IOM_EINVAL, t->file, 0, 0, "%s does not exist in v%s: %s",
			     iom_arch_name(arch), iom_kver_str(kver, v, sizeof(v)),
			     why ? why : "unknown architecture");
		return -IOM_EINVAL;
	}
	/* ioremap_nocache() was removed tree-wide in v5.6 (ATTR-A.1, 4bdc0d676a64). */
	for (unsigned i = 0; i < t->nr_syms; i++) {
		const struct iom_lit_sym *s = &t->syms[i];
		if (s->kind == IOM_LIT_SYM_REGION && s->region == IOM_LIT_RGN_IOREMAP_NOCACHE &&
		    kver >= IOM_KVER(5, 6)) {
			iom_diag_set(d, IOM_EINVAL, t->file, s->pos.line, s->pos.col,
				     "ioremap_nocache() does not exist in v%s: removed in v5.6",
				     iom_kver_str(kver, v, sizeof(v)));
			return -IOM_EINVAL;
		}
	}
	for (unsigned i = 0; i < t->nr_threads; i++)
		if (check_block(t, &t->threads[i].body, arch, kver, d))
			return -IOM_EINVAL;
	return 0;
}

enum iom_lit_verdict iom_lit_expect_lookup(const struct iom_lit_test *t, enum iom_arch arch,
					   unsigned kver, enum iom_lit_model model)
{
	enum iom_lit_verdict v = IOM_LIT_V_NONE;
	for (unsigned i = 0; i < t->nr_expects; i++) {
		const struct iom_lit_expect *e = &t->expects[i];
		if (e->arch != IOM_ARCH_ANY && e->arch != arch)
			continue;
		if (e->kver && kver < e->kver)
			continue;
		if (e->model != IOM_LIT_MODEL_ANY && e->model != model)
			continue;
		v = e->verdict;
	}
	return v;
}

bool iom_lit_is_mmio(const struct iom_lit_test *t)
{
	if (!t)
		return false;
	if (t->nr_devices)
		return true;
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (t->syms[i].kind == IOM_LIT_SYM_REGION)
			return true;
	return false;
}

/* linux-kernel.bell@v6.12 declares the tags each event kind may carry; herd7 rejects a LISA
 * instruction whose annotation is outside its kind's set ("annotation error"). */
static bool bell_ann_ok(const struct iom_lit_stmt *s)
{
	static const char *const rd[] = { "once", "acquire", "noreturn" };
	static const char *const wr[] = { "once", "release" };
	static const char *const fe[] = { "mb", "rmb", "wmb", "before-atomic", "after-atomic",
					  "after-spinlock", "after-unlock-lock",
					  "after-srcu-read-unlock", "barrier", "rcu-lock",
					  "rcu-unlock", "sync-rcu" };
	const char *const *set;
	size_t n;
	const struct iom_lit_prim_info *pi = iom_lit_prim_info(s->prim);
	if (pi->lkform == IOM_LIT_LF_LOAD) {
		set = rd;
		n = sizeof(rd) / sizeof(rd[0]);
	} else if (pi->lkform == IOM_LIT_LF_STORE) {
		set = wr;
		n = sizeof(wr) / sizeof(wr[0]);
	} else {
		set = fe;
		n = sizeof(fe) / sizeof(fe[0]);
	}
	for (size_t i = 0; i < n; i++)
		if (!strcmp(set[i], s->lisa_ann))
			return true;
	return false;
}

/* herd7 7.57 reads every integer literal as an OCaml Int32 (herd7's C values are 32-bit):
 * 2147483648 stops it (litmus/lkmm/Compat-int32-literal); iomodel's C-MMIO tests keep
 * 64-bit values (writeq). */
#define INT32_REFUSED "Fatal error: exception Failure(\"Int32.of_string\"): herd7's values are 32-bit"

static bool int32_ok(int64_t v)
{
	return v >= INT32_MIN && v <= INT32_MAX;
}

static const struct iom_lit_cond *cond_out_of_int32(const struct iom_lit_cond *c)
{
	if (!c)
		return NULL;
	if ((c->kind == IOM_LIT_C_REG || c->kind == IOM_LIT_C_MEM) && c->value_sym < 0 &&
	    c->rhs_reg < 0 && !int32_ok(c->value))
		return c;
	const struct iom_lit_cond *r = cond_out_of_int32(c->a);
	return r ? r : cond_out_of_int32(c->b);
}

/* herd7 7.57's C lexer and parser (the LKMM's C litmus syntax) have no '&&', '||', '<<',
 * '>>', '%', '~', '!' or unary '-' on a non-constant; it refuses such a test, with these
 * messages. iomodel's own C-MMIO tests may use them (docs/litmus-format.md). */
static const char *herd7_refuses(const struct iom_lit_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == IOM_LIT_E_CONST && (e->value > INT32_MAX || e->value < INT32_MIN))
		return INT32_REFUSED;
	if (e->kind == IOM_LIT_E_BINOP) {
		switch (e->op) {
		case IOM_LIT_OP_LAND: return "unexpected '&' (in prog): herd7 has no '&&'";
		case IOM_LIT_OP_LOR: return "unexpected '|' (in prog): herd7 has no '||'";
		case IOM_LIT_OP_SHL: return "unexpected '<' (in prog): herd7 has no '<<'";
		case IOM_LIT_OP_SHR: return "unexpected '>' (in prog): herd7 has no '>>'";
		case '%': return "Lex error C lexer (in prog): herd7 has no '%'";
		default: break;
		}
	} else if (e->kind == IOM_LIT_E_UNOP) {
		switch (e->op) {
		case '!': return "Lex error C lexer (in prog): herd7 has no '!'";
		case '~': return "Lex error C lexer (in prog): herd7 has no '~'";
		case '-': return "unexpected '-' (in prog): herd7 has unary '-' only on constants";
		default: break;
		}
	}
	const char *r = herd7_refuses(e->a);
	return r ? r : herd7_refuses(e->b);
}

static const struct iom_lit_expr *refused_at(const struct iom_lit_expr *e)
{
	if (!e)
		return NULL;
	const struct iom_lit_expr *r = refused_at(e->a);
	if (!r)
		r = refused_at(e->b);
	if (r)
		return r;
	return (e->kind == IOM_LIT_E_BINOP || e->kind == IOM_LIT_E_UNOP || e->kind == IOM_LIT_E_CONST) &&
	       herd7_refuses(e) && !herd7_refuses(e->a) && !herd7_refuses(e->b) ? e : NULL;
}

static int lkmm_expr(const struct iom_lit_test *t, const struct iom_lit_expr *e,
		     struct iom_diag *d)
{
	const struct iom_lit_expr *at = refused_at(e);
	if (!at)
		return 0;
	iom_diag_set(d, IOM_EINVAL, t->file, at->pos.line, at->pos.col, "%s", herd7_refuses(at));
	return -IOM_EINVAL;
}

static int lkmm_block(const struct iom_lit_test *t, const struct iom_lit_block *b,
		      struct iom_diag *d)
{
	for (unsigned i = 0; i < b->nr_stmts; i++) {
		const struct iom_lit_stmt *s = &b->stmts[i];
		if (lkmm_block(t, &s->cond_b, d) || lkmm_block(t, &s->then_b, d) ||
		    lkmm_block(t, &s->else_b, d))
			return -IOM_EINVAL;
		if (t->dialect != IOM_LIT_DIALECT_LISA &&
		    (lkmm_expr(t, s->value, d) || lkmm_expr(t, s->expect, d) ||
		     lkmm_expr(t, s->expr, d) || lkmm_expr(t, s->cond, d) || lkmm_expr(t, s->addr, d)))
			return -IOM_EINVAL;
		for (unsigned a = 0; t->dialect != IOM_LIT_DIALECT_LISA && a < s->nr_args; a++)
			if (lkmm_expr(t, s->args[a], d))
				return -IOM_EINVAL;
		if (s->kind != IOM_LIT_S_PRIM)
			continue;
		if (iom_lit_prim_info(s->prim)->lkform == IOM_LIT_LF_NONE) {
			/* herd7's text; the kernel's judgelitmus.sh greps for it */
			iom_diag_set(d, IOM_EINVAL, t->file, s->pos.line, s->pos.col,
				     "Unknown macro %s", iom_lit_prim_name(s->prim));
			return -IOM_EINVAL;
		}
		if (s->lisa_ann && !bell_ann_ok(s)) {
			iom_diag_set(d, IOM_EINVAL, t->file, s->pos.line, s->pos.col,
				     "annotation error, instruction '%s' does not match bell "
				     "declarations", s->lisa_text ? s->lisa_text : s->lisa_ann);
			return -IOM_EINVAL;
		}
	}
	return 0;
}

bool iom_lit_is_aarch64(const struct iom_lit_test *t)
{
	return t && t->dialect == IOM_LIT_DIALECT_AARCH64;
}

int iom_lit_check_lkmm(const struct iom_lit_test *t, struct iom_diag *d)
{
	/* an AArch64 test has no C code, and herd7's AArch64 values are 64-bit */
	if (!t || t->dialect == IOM_LIT_DIALECT_AARCH64)
		return 0;
	/* the initial state's and the condition's values, 32-bit as the code's */
	for (unsigned i = 0; t->dialect != IOM_LIT_DIALECT_LISA && i < t->nr_syms; i++) {
		const struct iom_lit_sym *sy = &t->syms[i];
		bool bad = sy->kind == IOM_LIT_SYM_VAR && sy->init_ref < 0 && !int32_ok(sy->init);
		for (unsigned k = 0; sy->array_init && k < sy->array_len && !bad; k++)
			bad = !int32_ok(sy->array_init[k]);
		if (bad) {
			iom_diag_set(d, IOM_EINVAL, t->file, sy->pos.line, sy->pos.col, "%s", INT32_REFUSED);
			return -IOM_EINVAL;
		}
	}
	const struct iom_lit_cond *c = t->dialect != IOM_LIT_DIALECT_LISA ? cond_out_of_int32(t->cond) : NULL;
	if (c) {
		iom_diag_set(d, IOM_EINVAL, t->file, c->pos.line, c->pos.col, "%s", INT32_REFUSED);
		return -IOM_EINVAL;
	}
	for (unsigned i = 0; i < t->nr_threads; i++) {
		const struct iom_lit_thread *th = &t->threads[i];
		/* herd7's thread parameters are pointers: P0(int x) is a syntax error there */
		for (unsigned k = 0; t->dialect != IOM_LIT_DIALECT_LISA && k < th->nr_params; k++)
			if (th->params[k].type && !strchr(th->params[k].type, '*')) {
				iom_diag_set(d, IOM_EINVAL, t->file, th->pos.line, th->pos.col,
					     "unexpected '%s' (in prog): herd7's thread parameters are "
					     "pointers", th->params[k].name);
				return -IOM_EINVAL;
			}
		if (lkmm_block(t, &th->body, d))
			return -IOM_EINVAL;
	}
	return 0;
}
