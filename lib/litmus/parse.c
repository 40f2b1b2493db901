// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser: herd7 C litmus tests as LKMM writes them, plus C-MMIO.
 * Recursive descent over lex.c's tokens; every node goes into the test's arena. Errors
 * unwind with longjmp to iom_lit_parse(), which frees the arena and returns the code; the
 * diag carries file:line:col. Nesting is bounded (LIT_MAX_DEPTH) and every loop consumes
 * a token, so no input can recurse deeply or loop forever.
 * Grammar: docs/litmus-format.md. Extension: spec ordering.md §5.3. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "litmus_int.h"

struct pending_ref {
	struct iom_lit_evref *ref;
	struct iom_lit_pos pos;
	int need_dev;           /* trigger of DEV(devN): the event must access devN; else -1 */
	int need;               /* 0 any, 1 device access (<io), 2 device write (combined)   */
};

struct stmt_list {
	struct iom_lit_stmt *stmts;
	unsigned nr, cap;
};

struct parser {
	struct lit_lexer lx;
	struct lit_token la[4];
	int nla;
	struct lit_arena arena;
	struct iom_lit_test *t;
	struct iom_diag *d;
	const char *file;
	jmp_buf jb;
	int depth;
	unsigned cap_syms, cap_threads, cap_devices, cap_expects, cap_mtrr, cap_locs;
	struct iom_lit_thread *cur;
	unsigned cap_regs;
	struct pending_ref *pend;
	unsigned nr_pend, cap_pend;
	/* Loads and value-returning calls found inside an expression are hoisted into
	 * statements of their own, assigning a fresh register "__tN", and emitted just before
	 * the statement that contains them (C evaluation order: left to right). */
	struct stmt_list hoist;
	unsigned ntemp;
	int no_hoist;           /* parsing a memory operand (READ_ONCE(*x)): keep *x      */
};

#define noreturn_attr __attribute__((noreturn))

static noreturn_attr __attribute__((format(printf, 4, 5))) void
fail(struct parser *p, int code, struct iom_lit_pos pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	iom_diag_vset(p->d, code, p->file, pos.line, pos.col, fmt, ap);
	va_end(ap);
	longjmp(p->jb, code);
}

static void *xalloc(struct parser *p, size_t n)
{
	void *r = lit_alloc(&p->arena, n);
	if (!r)
		fail(p, IOM_ENOMEM, (struct iom_lit_pos){ 0, 0 }, "out of memory");
	return r;
}

static void *grow(struct parser *p, void *arr, unsigned nr, unsigned *cap, size_t sz)
{
	if (nr < *cap)
		return arr;
	unsigned nc = *cap ? *cap * 2 : 8;
	if (nc > (1u << 16))
		fail(p, IOM_ELIMIT, p->la[0].pos, "too many items (limit %u)", 1u << 16);
	void *n = xalloc(p, (size_t)nc * sz);
	if (nr)
		memcpy(n, arr, (size_t)nr * sz);
	*cap = nc;
	return n;
}

#define PUSH(p, arr, nr, cap) ((arr) = grow((p), (arr), (nr), &(cap), sizeof(*(arr))), &(arr)[(nr)++])

static char *xstrndup(struct parser *p, const char *s, size_t n)
{
	char *r = xalloc(p, n + 1);
	memcpy(r, s, n);
	r[n] = 0;
	return r;
}

/* ---- token access ---- */

static const struct lit_token *peek(struct parser *p, int k)
{
	while (p->nla <= k) {
		p->la[p->nla] = lit_lex_next(&p->lx);
		if (p->lx.bad)
			fail(p, IOM_EPARSE, p->lx.bad_pos, "%s", p->lx.bad_msg);
		p->nla++;
	}
	return &p->la[k];
}

static struct lit_token next(struct parser *p)
{
	struct lit_token t = *peek(p, 0);
	memmove(&p->la[0], &p->la[1], sizeof(p->la[0]) * (size_t)(p->nla - 1));
	p->nla--;
	return t;
}

static int is_p(const struct lit_token *t, int ch)
{
	return t->kind == T_PUNCT && t->ch == ch;
}

static int is_id(const struct lit_token *t, const char *s)
{
	return t->kind == T_IDENT && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

static const char *describe(struct parser *p, const struct lit_token *t)
{
	static const char *const names[] = {
		[T_EOF] = "end of input", [T_AND] = "'/\\'", [T_OR] = "'\\/'", [T_EQEQ] = "'=='",
		[T_NE] = "'!='", [T_LE] = "'<='", [T_GE] = "'>='", [T_LAND] = "'&&'",
		[T_LOR] = "'||'", [T_SHL] = "'<<'", [T_SHR] = "'>>'", [T_ARROW] = "'->'",
	};
	if (t->kind == T_IDENT || t->kind == T_NUM) {
		size_t n = t->len > 40 ? 40 : t->len;
		char *s = xalloc(p, n + 3);
		snprintf(s, n + 3, "'%.*s'", (int)n, t->s);
		return s;
	}
	if (t->kind == T_PUNCT) {
		char *s = xalloc(p, 4);
		snprintf(s, 4, "'%c'", t->ch);
		return s;
	}
	return names[t->kind];
}

static struct lit_token expect_p(struct parser *p, int ch, const char *ctx)
{
	const struct lit_token *t = peek(p, 0);
	if (!is_p(t, ch))
		fail(p, IOM_EPARSE, t->pos, "expected '%c' %s, found %s", ch, ctx, describe(p, t));
	return next(p);
}

static struct lit_token expect_ident(struct parser *p, const char *ctx)
{
	const struct lit_token *t = peek(p, 0);
	if (t->kind != T_IDENT)
		fail(p, IOM_EPARSE, t->pos, "expected a name %s, found %s", ctx, describe(p, t));
	return next(p);
}

static char *tokstr(struct parser *p, const struct lit_token *t)
{
	return xstrndup(p, t->s, t->len);
}

static void enter(struct parser *p, struct iom_lit_pos pos)
{
	if (++p->depth > LIT_MAX_DEPTH)
		fail(p, IOM_ELIMIT, pos, "nesting deeper than %d levels", LIT_MAX_DEPTH);
}

/* "devN" -> N, or -1 */
static int dev_number(const struct lit_token *t)
{
	if (t->kind != T_IDENT || t->len < 4 || t->len > 7 || memcmp(t->s, "dev", 3))
		return -1;
	int n = 0;
	for (size_t i = 3; i < t->len; i++) {
		if (t->s[i] < '0' || t->s[i] > '9')
			return -1;
		n = n * 10 + (t->s[i] - '0');
	}
	if (t->len > 4 && t->s[3] == '0')
		return -1;
	return n;
}

/* "PN" -> N, or -1 */
static int thread_number(const struct lit_token *t)
{
	if (t->kind != T_IDENT || t->len < 2 || t->len > 4 || t->s[0] != 'P')
		return -1;
	int n = 0;
	for (size_t i = 1; i < t->len; i++) {
		if (t->s[i] < '0' || t->s[i] > '9')
			return -1;
		n = n * 10 + (t->s[i] - '0');
	}
	if (t->len > 2 && t->s[1] == '0')
		return -1;
	return n;
}

static const char *const type_words[] = {
	"int", "unsigned", "signed", "long", "short", "char", "void", "const", "volatile",
	"__iomem", "spinlock_t", "atomic_t", "u8", "u16", "u32", "u64", "s8", "s16", "s32",
	"s64", "uintptr_t", "intptr_t", "size_t", "bool", "struct",
};

static int is_type_word(const struct lit_token *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(type_words); i++)
		if (is_id(t, type_words[i]))
			return 1;
	return 0;
}

/* Type words and '*' up to the declared name; returns the type text ("" if none). */
static char *parse_type(struct parser *p)
{
	char buf[128];
	size_t n = 0;
	buf[0] = 0;
	for (;;) {
		const struct lit_token *t = peek(p, 0);
		if (is_type_word(t)) {
			if (is_id(t, "struct")) {
				next(p);
				t = peek(p, 0);
				if (t->kind != T_IDENT)
					fail(p, IOM_EPARSE, t->pos, "expected a struct name");
			}
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%.*s", n ? " " : "",
					      (int)t->len, t->s);
			next(p);
		} else if (is_p(t, '*') && n) {
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s", " *");
			next(p);
		} else {
			break;
		}
		if (n >= sizeof(buf) - 1)
			fail(p, IOM_ELIMIT, t->pos, "type too long");
	}
	return xstrndup(p, buf, n);
}

/* ---- symbols and registers ---- */

static int find_sym(const struct iom_lit_test *t, const char *s, size_t n)
{
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (strlen(t->syms[i].name) == n && !memcmp(t->syms[i].name, s, n))
			return (int)i;
	return -1;
}

static int add_sym(struct parser *p, const struct lit_token *name, enum iom_lit_sym_kind k)
{
	if (find_sym(p->t, name->s, name->len) >= 0)
		fail(p, IOM_EINVAL, name->pos, "'%.*s' is declared twice", (int)name->len, name->s);
	if (dev_number(name) >= 0 || thread_number(name) >= 0)
		fail(p, IOM_EINVAL, name->pos, "'%.*s' is reserved for devices and threads",
		     (int)name->len, name->s);
	struct iom_lit_sym *s = PUSH(p, p->t->syms, p->t->nr_syms, p->cap_syms);
	s->name = tokstr(p, name);
	s->kind = k;
	s->init_ref = -1;
	s->dev = -1;
	s->pos = name->pos;
	return (int)(p->t->nr_syms - 1);
}

static int find_reg(const struct iom_lit_thread *th, const char *s, size_t n)
{
	if (!th)
		return -1;
	for (unsigned i = 0; i < th->nr_regs; i++)
		if (strlen(th->regs[i]) == n && !memcmp(th->regs[i], s, n))
			return (int)i;
	return -1;
}

/* ---- expressions ---- */

static struct iom_lit_expr *new_expr(struct parser *p, enum iom_lit_expr_kind k,
				     struct iom_lit_pos pos)
{
	struct iom_lit_expr *e = xalloc(p, sizeof(*e));
	e->kind = k;
	e->pos = pos;
	e->index = -1;
	return e;
}

static struct iom_lit_expr *parse_expr(struct parser *p);
static struct iom_lit_expr *hoist_call(struct parser *p, struct iom_lit_pos pos);
static struct iom_lit_expr *hoist_load(struct parser *p, struct iom_lit_expr *a,
				       struct iom_lit_pos pos);

static struct iom_lit_expr *parse_primary(struct parser *p)
{
	const struct lit_token *t = peek(p, 0);
	struct iom_lit_expr *e;
	if (t->kind == T_NUM) {
		e = new_expr(p, IOM_LIT_E_CONST, t->pos);
		e->value = (int64_t)t->num;
		next(p);
		return e;
	}
	if (is_p(t, '(')) {
		next(p);
		e = parse_expr(p);
		expect_p(p, ')', "to close '('");
		return e;
	}
	if (t->kind == T_IDENT) {
		int r = find_reg(p->cur, t->s, t->len);
		if (r >= 0) {
			e = new_expr(p, IOM_LIT_E_REG, t->pos);
			e->index = r;
			next(p);
			return e;
		}
		int s = find_sym(p->t, t->s, t->len);
		if (s >= 0) {
			e = new_expr(p, IOM_LIT_E_SYM, t->pos);
			e->index = s;
			next(p);
			return e;
		}
		if (is_p(peek(p, 1), '(') && iom_lit_prim_lookup(tokstr(p, t)) != IOM_LIT_P_NONE) {
			if (!p->cur || p->no_hoist)
				fail(p, IOM_EINVAL, t->pos,
				     "%s() must be a statement of its own (e.g. r0 = %.*s(...);)",
				     tokstr(p, t), (int)t->len, t->s);
			return hoist_call(p, t->pos);
		}
		if (is_id(t, "true") || is_id(t, "false")) {
			e = new_expr(p, IOM_LIT_E_CONST, t->pos);
			e->value = is_id(t, "true");
			next(p);
			return e;
		}
		fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s'", (int)t->len, t->s);
	}
	fail(p, IOM_EPARSE, t->pos, "expected an expression, found %s", describe(p, t));
}

static struct iom_lit_expr *parse_unary(struct parser *p)
{
	const struct lit_token *t = peek(p, 0);
	if (is_p(t, '-') || is_p(t, '!') || is_p(t, '~') || is_p(t, '*') || is_p(t, '&')) {
		struct iom_lit_pos pos = t->pos;
		int ch = t->ch;
		next(p);
		enter(p, pos);
		struct iom_lit_expr *a = parse_unary(p);
		p->depth--;
		struct iom_lit_expr *e;
		if (ch == '*') {
			if (p->cur && !p->no_hoist && a->kind == IOM_LIT_E_SYM)
				return hoist_load(p, a, pos);
			e = new_expr(p, IOM_LIT_E_DEREF, pos);
		} else if (ch == '&') {
			if (a->kind != IOM_LIT_E_SYM && a->kind != IOM_LIT_E_REG)
				fail(p, IOM_EINVAL, pos, "'&' needs a name");
			e = new_expr(p, IOM_LIT_E_ADDR, pos);
		} else if (ch == '-' && a->kind == IOM_LIT_E_CONST) {
			a->value = -a->value;
			a->pos = pos;
			return a;
		} else {
			e = new_expr(p, IOM_LIT_E_UNOP, pos);
			e->op = ch;
		}
		e->a = a;
		return e;
	}
	return parse_primary(p);
}

/* Binary operator precedence (C), 0 = not a binary operator. */
static int binop(const struct lit_token *t, int *op)
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

static struct iom_lit_expr *parse_binary(struct parser *p, int minprec)
{
	struct iom_lit_expr *lhs = parse_unary(p);
	for (;;) {
		int op, prec = binop(peek(p, 0), &op);
		if (!prec || prec < minprec)
			return lhs;
		struct iom_lit_pos pos = next(p).pos;
		enter(p, pos);
		struct iom_lit_expr *rhs = parse_binary(p, prec + 1);
		p->depth--;
		struct iom_lit_expr *e = new_expr(p, IOM_LIT_E_BINOP, pos);
		e->op = op;
		e->a = lhs;
		e->b = rhs;
		lhs = e;
	}
}

static struct iom_lit_expr *parse_expr(struct parser *p)
{
	enter(p, peek(p, 0)->pos);
	struct iom_lit_expr *e = parse_binary(p, 1);
	p->depth--;
	return e;
}

static int has_deref(const struct iom_lit_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == IOM_LIT_E_DEREF)
		return 1;
	return has_deref(e->a) || has_deref(e->b);
}

/* ---- operand resolution ---- */

static const char *pname(enum iom_lit_prim prim)
{
	return iom_lit_prim_name(prim);
}

/* region [+ const] -> region sym and offset */
static void resolve_addr(struct parser *p, enum iom_lit_prim prim, const struct iom_lit_expr *e,
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
		fail(p, IOM_EINVAL, e->pos,
		     "%s(): the address must be a region name plus a constant offset", pname(prim));
	const struct iom_lit_sym *sym = &p->t->syms[s->index];
	if (sym->kind != IOM_LIT_SYM_REGION)
		fail(p, IOM_EINVAL, s->pos,
		     "%s(): '%s' is not an I/O region (declare it as %s = ioremap(devN) or "
		     "ioport(devN))", pname(prim), sym->name, sym->name);
	int64_t v = c ? (neg ? -c->value : c->value) : 0;
	if (v < 0 || v > 0xffffff)
		fail(p, IOM_EINVAL, c ? c->pos : e->pos, "%s(): offset %lld out of range 0..0xffffff",
		     pname(prim), (long long)v);
	*region = s->index;
	*off = (uint64_t)v;
}

static int resolve_mem(struct parser *p, enum iom_lit_prim prim, const struct iom_lit_expr *e)
{
	const struct iom_lit_expr *s = e->kind == IOM_LIT_E_DEREF ? e->a : e;
	if (s->kind != IOM_LIT_E_SYM)
		fail(p, IOM_EINVAL, e->pos, "%s(): expected a shared location (x or *x)", pname(prim));
	const struct iom_lit_sym *sym = &p->t->syms[s->index];
	if (sym->kind != IOM_LIT_SYM_VAR)
		fail(p, IOM_EINVAL, s->pos, "%s(): '%s' is not normal memory", pname(prim), sym->name);
	return s->index;
}

static unsigned resolve_count(struct parser *p, enum iom_lit_prim prim,
			      const struct iom_lit_expr *e, unsigned unit)
{
	if (e->kind != IOM_LIT_E_CONST)
		fail(p, IOM_EINVAL, e->pos, "%s(): the count must be a constant", pname(prim));
	int64_t v = e->value;
	if (v < 1 || (uint64_t)v > (uint64_t)LIT_MAX_COUNT * unit)
		fail(p, IOM_EINVAL, e->pos, "%s(): count %lld out of range 1..%u", pname(prim),
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
		fail(p, IOM_EINVAL, e->pos,
		     "%s(): the buffer must be a shared location or &register", pname(s->prim));
	s->mem = n->index;
}

static void want_args(struct parser *p, const struct iom_lit_stmt *s, unsigned n)
{
	if (s->nr_args != n)
		fail(p, IOM_EINVAL, s->pos, "%s() takes %u argument%s, not %u", pname(s->prim), n,
		     n == 1 ? "" : "s", s->nr_args);
}

/* Fill the resolved operands of a primitive statement from its arguments. */
static void resolve_prim(struct parser *p, struct iom_lit_stmt *s)
{
	const struct iom_lit_prim_info *pi = iom_lit_prim_info(s->prim);
	struct iom_lit_expr **a = s->args;
	s->count = 1;
	switch (pi->pclass) {
	case IOM_LIT_PC_MMIO:
	case IOM_LIT_PC_PIO:
		if (pi->dir == IOM_LIT_DIR_READ) {
			want_args(p, s, 1);
			resolve_addr(p, s->prim, a[0], &s->region, &s->offset);
		} else {
			want_args(p, s, 2);
			s->value = a[0];
			resolve_addr(p, s->prim, a[1], &s->region, &s->offset);
		}
		break;
	case IOM_LIT_PC_STRING:
		want_args(p, s, 3);
		if (s->prim == IOM_LIT_P_MEMCPY_FROMIO) {
			resolve_buf(p, s, a[0]);
			resolve_addr(p, s->prim, a[1], &s->region, &s->offset);
			s->count = resolve_count(p, s->prim, a[2], 4);
		} else if (s->prim == IOM_LIT_P_MEMCPY_TOIO) {
			resolve_addr(p, s->prim, a[0], &s->region, &s->offset);
			resolve_buf(p, s, a[1]);
			s->count = resolve_count(p, s->prim, a[2], 4);
		} else if (s->prim == IOM_LIT_P_MEMSET_IO) {
			resolve_addr(p, s->prim, a[0], &s->region, &s->offset);
			s->value = a[1];
			s->count = resolve_count(p, s->prim, a[2], 4);
		} else {
			resolve_addr(p, s->prim, a[0], &s->region, &s->offset);
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
		if (e->kind != IOM_LIT_E_SYM || p->t->syms[e->index].kind != IOM_LIT_SYM_LOCK)
			fail(p, IOM_EINVAL, a[0]->pos,
			     "%s(): expected a spinlock (a spinlock_t * parameter)", pname(s->prim));
		s->mem = e->index;
		break;
	}
	case IOM_LIT_PC_MEM:
		if (pi->dir == IOM_LIT_DIR_READ) {
			want_args(p, s, 1);
			s->mem = resolve_mem(p, s->prim, a[0]);
		} else {
			want_args(p, s, 2);
			s->mem = resolve_mem(p, s->prim, a[0]);
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
		s->mem = resolve_mem(p, s->prim, a[0]);
		break;
	default:
		fail(p, IOM_EINVAL, s->pos, "%s() cannot be used here", pname(s->prim));
	}
	for (unsigned i = 0; i < s->nr_args; i++)
		if ((pi->pclass == IOM_LIT_PC_MMIO || pi->pclass == IOM_LIT_PC_PIO ||
		     pi->pclass == IOM_LIT_PC_STRING || pi->pclass == IOM_LIT_PC_OTHER) &&
		    has_deref(a[i]))
			fail(p, IOM_EINVAL, a[i]->pos,
			     "%s(): load memory into a register first (no '*' inside accessor "
			     "arguments)", pname(s->prim));
	if (s->region >= 0) {
		const struct iom_lit_sym *r = &p->t->syms[s->region];
		int want_pio = pi->pclass == IOM_LIT_PC_PIO || s->prim == IOM_LIT_P_INSB ||
			       s->prim == IOM_LIT_P_INSW || s->prim == IOM_LIT_P_INSL ||
			       s->prim == IOM_LIT_P_OUTSB || s->prim == IOM_LIT_P_OUTSW ||
			       s->prim == IOM_LIT_P_OUTSL;
		if (want_pio && r->region != IOM_LIT_RGN_IOPORT)
			fail(p, IOM_EINVAL, s->pos, "%s() needs a port region (%s = ioport(devN))",
			     pname(s->prim), r->name);
		if (!want_pio && r->region == IOM_LIT_RGN_IOPORT)
			fail(p, IOM_EINVAL, s->pos,
			     "%s() cannot access port region '%s'; use inX/outX", pname(s->prim),
			     r->name);
	}
	if (s->dst >= 0 && pi->dir != IOM_LIT_DIR_READ && pi->dir != IOM_LIT_DIR_RMW &&
	    pi->lockop != IOM_LIT_LK_TRYLOCK)
		fail(p, IOM_EINVAL, s->pos, "%s() returns no value", pname(s->prim));
	if (s->dst >= 0 && pi->pclass == IOM_LIT_PC_STRING)
		fail(p, IOM_EINVAL, s->pos, "%s() returns no value", pname(s->prim));
}

/* ---- statements ---- */

static void init_stmt(struct iom_lit_stmt *s, enum iom_lit_stmt_kind k, struct iom_lit_pos pos)
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
static struct iom_lit_stmt *push_stmt(struct parser *p, struct stmt_list *l,
				      const struct iom_lit_stmt *tmpl)
{
	if (p->cur->nr_stmt_ids >= 4096)
		fail(p, IOM_ELIMIT, tmpl->pos, "too many statements in P%d", p->cur->id);
	struct iom_lit_stmt *s = PUSH(p, l->stmts, l->nr, l->cap);
	*s = *tmpl;
	s->id = (int)p->cur->nr_stmt_ids++;
	return s;
}

static struct iom_lit_stmt *new_stmt(struct parser *p, struct stmt_list *l,
				     enum iom_lit_stmt_kind k, struct iom_lit_pos pos)
{
	struct iom_lit_stmt tmp;
	init_stmt(&tmp, k, pos);
	return push_stmt(p, l, &tmp);
}

static void flush_hoist(struct parser *p, struct stmt_list *l)
{
	for (unsigned i = 0; i < p->hoist.nr; i++)
		push_stmt(p, l, &p->hoist.stmts[i]);
	p->hoist.nr = 0;
}

static int new_temp(struct parser *p, struct iom_lit_pos pos)
{
	struct iom_lit_thread *th = p->cur;
	char name[16];
	if (p->ntemp >= 1000)
		fail(p, IOM_ELIMIT, pos, "too many loads inside expressions in P%d", th->id);
	do
		snprintf(name, sizeof(name), "__t%u", p->ntemp++);
	while (find_reg(th, name, strlen(name)) >= 0);
	*PUSH(p, th->regs, th->nr_regs, p->cap_regs) = xstrndup(p, name, strlen(name));
	return (int)th->nr_regs - 1;
}

static void add_reg(struct parser *p, const struct lit_token *name)
{
	struct iom_lit_thread *th = p->cur;
	if (find_reg(th, name->s, name->len) >= 0)
		fail(p, IOM_EINVAL, name->pos, "register '%.*s' is declared twice in P%d",
		     (int)name->len, name->s, th->id);
	if (find_sym(p->t, name->s, name->len) >= 0)
		fail(p, IOM_EINVAL, name->pos, "register '%.*s' shadows a shared name",
		     (int)name->len, name->s);
	*PUSH(p, th->regs, th->nr_regs, p->cap_regs) = tokstr(p, name);
}

static void parse_stmt(struct parser *p, struct stmt_list *l, const char **labels,
		       unsigned *nr_labels);

static void parse_call(struct parser *p, struct iom_lit_stmt *s)
{
	struct lit_token name = next(p);
	char *n = tokstr(p, &name);
	s->prim = iom_lit_prim_lookup(n);
	if (s->prim == IOM_LIT_P_NONE)
		fail(p, IOM_EINVAL, name.pos, "unknown primitive '%s'", n);
	expect_p(p, '(', "after the primitive name");
	struct iom_lit_expr **args = NULL;
	unsigned nr = 0, cap = 0;
	enum iom_lit_pclass pc = iom_lit_prim_info(s->prim)->pclass;
	int saved = p->no_hoist;
	if (!is_p(peek(p, 0), ')')) {
		for (;;) {
			if (nr >= 8)
				fail(p, IOM_EINVAL, peek(p, 0)->pos, "%s(): too many arguments", n);
			/* the location operand of READ_ONCE(*x), xchg(x, v), spin_lock(l) */
			p->no_hoist = nr == 0 && (pc == IOM_LIT_PC_MEM || pc == IOM_LIT_PC_RMW ||
						  pc == IOM_LIT_PC_LOCK);
			*PUSH(p, args, nr, cap) = parse_expr(p);
			p->no_hoist = saved;
			if (!is_p(peek(p, 0), ','))
				break;
			next(p);
		}
	}
	expect_p(p, ')', "to close the argument list");
	s->args = args;
	s->nr_args = nr;
	resolve_prim(p, s);
}

/* A value-returning call inside an expression: "r = READ_ONCE(*x) + 1" becomes
 * "__t0 = READ_ONCE(*x); r = __t0 + 1". */
static struct iom_lit_expr *hoist_call(struct parser *p, struct iom_lit_pos pos)
{
	struct iom_lit_stmt tmp;
	init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
	tmp.dst = new_temp(p, pos);
	parse_call(p, &tmp);
	*PUSH(p, p->hoist.stmts, p->hoist.nr, p->hoist.cap) = tmp;
	struct iom_lit_expr *e = new_expr(p, IOM_LIT_E_REG, pos);
	e->index = tmp.dst;
	return e;
}

/* A plain load inside an expression: "*z2 = *z1" becomes "__t0 = *z1; *z2 = __t0". */
static struct iom_lit_expr *hoist_load(struct parser *p, struct iom_lit_expr *a,
				       struct iom_lit_pos pos)
{
	struct iom_lit_stmt tmp;
	if (p->t->syms[a->index].kind != IOM_LIT_SYM_VAR)
		fail(p, IOM_EINVAL, pos, "plain load from '%s', which is not normal memory",
		     p->t->syms[a->index].name);
	init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
	tmp.prim = IOM_LIT_P_PLAIN_LOAD;
	tmp.dst = new_temp(p, pos);
	tmp.mem = a->index;
	*PUSH(p, p->hoist.stmts, p->hoist.nr, p->hoist.cap) = tmp;
	struct iom_lit_expr *e = new_expr(p, IOM_LIT_E_REG, pos);
	e->index = tmp.dst;
	return e;
}

/* Statements of a block up to and including the closing '}'. */
static void parse_block_body(struct parser *p, struct stmt_list *l, const char **labels,
			     unsigned *nr_labels)
{
	for (;;) {
		const struct lit_token *t = peek(p, 0);
		if (is_p(t, '}')) {
			next(p);
			return;
		}
		if (t->kind == T_EOF)
			fail(p, IOM_EPARSE, t->pos, "unbalanced braces: missing '}' in P%d",
			     p->cur->id);
		parse_stmt(p, l, labels, nr_labels);
	}
}

static void parse_branch(struct parser *p, struct iom_lit_block *b, const char **labels,
			 unsigned *nr_labels)
{
	struct stmt_list l = { 0 };
	if (is_p(peek(p, 0), '{')) {
		struct lit_token open = next(p);
		enter(p, open.pos);
		parse_block_body(p, &l, labels, nr_labels);
		p->depth--;
	} else {
		enter(p, peek(p, 0)->pos);
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
	const struct lit_token *r1 = peek(p, 0);
	struct iom_lit_stmt tmp;
	init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
	tmp.label = label;
	tmp.dst = r;
	if (r1->kind == T_IDENT && is_p(peek(p, 1), '(') && find_reg(p->cur, r1->s, r1->len) < 0 &&
	    find_sym(p->t, r1->s, r1->len) < 0 &&
	    iom_lit_prim_lookup(tokstr(p, r1)) != IOM_LIT_P_NONE) {
		parse_call(p, &tmp);
		const struct lit_token *nt = peek(p, 0);
		if (!is_p(nt, ';') && !is_p(nt, ',') && nt->kind != T_EOF) {
			/* "r = READ_ONCE(*x) + 1": the call was the first operand */
			struct iom_lit_stmt call = tmp;
			call.label = NULL;
			call.dst = new_temp(p, pos);
			*PUSH(p, p->hoist.stmts, p->hoist.nr, p->hoist.cap) = call;
			struct iom_lit_expr *lhs = new_expr(p, IOM_LIT_E_REG, pos);
			lhs->index = call.dst;
			int op, prec = binop(nt, &op);
			if (!prec)
				fail(p, IOM_EPARSE, nt->pos, "expected ';' after an assignment, found %s",
				     describe(p, nt));
			struct lit_token optok = next(p);
			struct iom_lit_expr *e = new_expr(p, IOM_LIT_E_BINOP, optok.pos);
			e->op = op;
			e->a = lhs;
			e->b = parse_binary(p, prec + 1);
			while ((prec = binop(peek(p, 0), &op))) {
				struct iom_lit_expr *n2 = new_expr(p, IOM_LIT_E_BINOP, next(p).pos);
				n2->op = op;
				n2->a = e;
				n2->b = parse_binary(p, prec + 1);
				e = n2;
			}
			init_stmt(&tmp, IOM_LIT_S_ASSIGN, pos);
			tmp.dst = r;
			tmp.expr = e;
		}
	} else if (is_p(r1, '*') && peek(p, 1)->kind == T_IDENT &&
		   (is_p(peek(p, 2), ';') || is_p(peek(p, 2), ',')) &&
		   find_sym(p->t, peek(p, 1)->s, peek(p, 1)->len) >= 0) {
		next(p);
		struct lit_token n = next(p);
		int sym = find_sym(p->t, n.s, n.len);
		if (p->t->syms[sym].kind != IOM_LIT_SYM_VAR)
			fail(p, IOM_EINVAL, r1->pos, "plain load from '%.*s', which is not normal memory",
			     (int)n.len, n.s);
		tmp.prim = IOM_LIT_P_PLAIN_LOAD;
		tmp.mem = sym;
	} else {
		if (label)
			fail(p, IOM_EINVAL, pos, "label '%s' is on a register assignment, not an access",
			     label);
		init_stmt(&tmp, IOM_LIT_S_ASSIGN, pos);
		tmp.dst = r;
		tmp.expr = parse_expr(p);
		if (has_deref(tmp.expr))
			fail(p, IOM_EINVAL, tmp.expr->pos, "memory accesses must name a shared location");
	}
	flush_hoist(p, l);
	push_stmt(p, l, &tmp);
}

static void parse_stmt(struct parser *p, struct stmt_list *l, const char **labels,
		       unsigned *nr_labels)
{
	const struct lit_token *t = peek(p, 0);
	const char *label = NULL;
	struct iom_lit_pos pos = t->pos;

	if (is_p(t, ';')) {
		next(p);
		return;
	}
	if (t->kind == T_IDENT && is_p(peek(p, 1), ':') && !is_type_word(t)) {
		struct lit_token lt = next(p);
		next(p);
		label = tokstr(p, &lt);
		for (unsigned i = 0; i < *nr_labels; i++)
			if (!strcmp(labels[i], label))
				fail(p, IOM_EINVAL, lt.pos, "label '%s' is used twice in P%d", label,
				     p->cur->id);
		if (*nr_labels >= 256)
			fail(p, IOM_ELIMIT, lt.pos, "too many labels");
		labels[(*nr_labels)++] = label;
		t = peek(p, 0);
		pos = t->pos;
		if (is_p(t, '}') || t->kind == T_EOF || is_type_word(t) || is_id(t, "if") ||
		    is_p(t, '{') || is_p(t, ';'))
			fail(p, IOM_EPARSE, t->pos, "label '%s' must be followed by an access or a "
			     "barrier", label);
	}
	if (is_p(t, '{')) {
		next(p);
		enter(p, pos);
		parse_block_body(p, l, labels, nr_labels);
		p->depth--;
		return;
	}
	if (is_type_word(t)) {
		parse_type(p);
		for (;;) {
			struct lit_token name = expect_ident(p, "in a declaration");
			if (is_type_word(&name))
				fail(p, IOM_EPARSE, name.pos, "expected a register name");
			add_reg(p, &name);
			if (is_p(peek(p, 0), '=')) {
				next(p);
				parse_rhs(p, l, (int)p->cur->nr_regs - 1, NULL, name.pos);
			}
			if (!is_p(peek(p, 0), ','))
				break;
			next(p);
		}
		expect_p(p, ';', "after a declaration");
		return;
	}
	if (is_id(t, "if")) {
		next(p);
		expect_p(p, '(', "after 'if'");
		struct iom_lit_expr *cond = parse_expr(p);
		if (has_deref(cond))
			fail(p, IOM_EINVAL, cond->pos, "memory accesses must name a shared location");
		expect_p(p, ')', "after the if condition");
		flush_hoist(p, l);
		struct iom_lit_stmt *s = new_stmt(p, l, IOM_LIT_S_IF, pos);
		s->cond = cond;
		struct iom_lit_block then_b, else_b = { 0 };
		/* s stays valid: the branches grow their own lists, never l */
		parse_branch(p, &then_b, labels, nr_labels);
		if (is_id(peek(p, 0), "else")) {
			next(p);
			parse_branch(p, &else_b, labels, nr_labels);
		}
		s->then_b = then_b;
		s->else_b = else_b;
		return;
	}
	if (is_p(t, '*')) {
		/* plain store: *x = e; */
		next(p);
		struct lit_token n = expect_ident(p, "after '*'");
		int sym = find_sym(p->t, n.s, n.len);
		if (sym < 0)
			fail(p, IOM_EINVAL, n.pos, "unknown identifier '%.*s'", (int)n.len, n.s);
		if (p->t->syms[sym].kind != IOM_LIT_SYM_VAR)
			fail(p, IOM_EINVAL, n.pos, "plain store to '%.*s', which is not normal memory",
			     (int)n.len, n.s);
		expect_p(p, '=', "in a plain store");
		struct iom_lit_stmt tmp;
		init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
		tmp.label = label;
		tmp.prim = IOM_LIT_P_PLAIN_STORE;
		tmp.mem = sym;
		tmp.value = parse_expr(p);
		if (has_deref(tmp.value))
			fail(p, IOM_EINVAL, tmp.value->pos,
			     "memory accesses must name a shared location");
		expect_p(p, ';', "after a store");
		flush_hoist(p, l);
		push_stmt(p, l, &tmp);
		return;
	}
	if (t->kind == T_IDENT && is_p(peek(p, 1), '(')) {
		struct iom_lit_stmt tmp;
		init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
		tmp.label = label;
		parse_call(p, &tmp);
		expect_p(p, ';', "after a call");
		flush_hoist(p, l);
		push_stmt(p, l, &tmp);
		return;
	}
	if (t->kind == T_IDENT && is_p(peek(p, 1), '=')) {
		struct lit_token n = next(p);
		int r = find_reg(p->cur, n.s, n.len);
		if (r < 0) {
			if (find_sym(p->t, n.s, n.len) >= 0)
				fail(p, IOM_EINVAL, n.pos, "'%.*s' is a shared location: write "
				     "WRITE_ONCE(*%.*s, v) or *%.*s = v", (int)n.len, n.s,
				     (int)n.len, n.s, (int)n.len, n.s);
			fail(p, IOM_EINVAL, n.pos, "unknown register '%.*s' (declare it: int %.*s;)",
			     (int)n.len, n.s, (int)n.len, n.s);
		}
		next(p); /* '=' */
		parse_rhs(p, l, r, label, pos);
		expect_p(p, ';', "after an assignment");
		return;
	}
	if (t->kind == T_IDENT)
		fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s'", (int)t->len, t->s);
	fail(p, IOM_EPARSE, t->pos, "expected a statement, found %s", describe(p, t));
}

/* ---- init block ---- */

static enum iom_lit_region_kind region_kind(const struct lit_token *t, int *ok)
{
	*ok = 0;
	for (int k = 0; k < IOM_LIT_RGN__COUNT; k++) {
		if (is_id(t, iom_lit_region_kind_name((enum iom_lit_region_kind)k))) {
			*ok = 1;
			return (enum iom_lit_region_kind)k;
		}
	}
	return IOM_LIT_RGN_IOREMAP;
}

static int parse_dev_arg(struct parser *p, const char *what)
{
	expect_p(p, '(', what);
	const struct lit_token *t = peek(p, 0);
	int dev = dev_number(t);
	if (dev < 0)
		fail(p, IOM_EPARSE, t->pos, "expected a device name devN, found %s", describe(p, t));
	next(p);
	expect_p(p, ')', "after the device name");
	return dev;
}

static void parse_init(struct parser *p)
{
	struct lit_token open = *peek(p, 0);
	if (!is_p(&open, '{'))
		fail(p, IOM_EPARSE, open.pos, "expected the initial state '{ ... }', found %s",
		     describe(p, &open));
	next(p);
	for (;;) {
		const struct lit_token *t = peek(p, 0);
		if (is_p(t, '}')) {
			next(p);
			return;
		}
		if (t->kind == T_EOF)
			fail(p, IOM_EPARSE, open.pos, "unbalanced braces: the initial state is not "
			     "closed");
		if (is_p(t, ';')) {
			next(p);
			continue;
		}
		if ((thread_number(t) >= 0 || is_id(t, "DEV")) && is_p(peek(p, 1), '('))
			fail(p, IOM_EPARSE, open.pos, "unbalanced braces: the initial state is not "
			     "closed before %s", describe(p, t));
		if (t->kind == T_NUM)
			fail(p, IOM_EINVAL, t->pos,
			     "register initialisation (N:r=v) is not supported; assign in the thread");
		if (is_id(t, "mtrr_wc") && is_p(peek(p, 1), '(')) {
			struct iom_lit_pos pos = next(p).pos;
			int dev = parse_dev_arg(p, "after mtrr_wc");
			for (unsigned i = 0; i < p->t->nr_mtrr_wc_devs; i++)
				if (p->t->mtrr_wc_devs[i] == dev)
					fail(p, IOM_EINVAL, pos, "mtrr_wc(dev%d) is given twice", dev);
			*PUSH(p, p->t->mtrr_wc_devs, p->t->nr_mtrr_wc_devs, p->cap_mtrr) = dev;
		} else if (is_id(t, "platform") && is_p(peek(p, 1), '(')) {
			next(p);
			next(p);
			struct lit_token opt = expect_ident(p, "in platform(...)");
			if (!is_id(&opt, "nopat"))
				fail(p, IOM_EINVAL, opt.pos, "unknown platform option '%.*s' (known: "
				     "nopat)", (int)opt.len, opt.s);
			p->t->nopat = true;
			expect_p(p, ')', "after the platform option");
		} else {
			char *type = parse_type(p);
			struct lit_token name = expect_ident(p, "in the initial state");
			if (is_type_word(&name))
				fail(p, IOM_EPARSE, name.pos, "expected a name");
			int lock = strstr(type, "spinlock_t") != NULL;
			int s = add_sym(p, &name, lock ? IOM_LIT_SYM_LOCK : IOM_LIT_SYM_VAR);
			if (is_p(peek(p, 0), '=')) {
				next(p);
				const struct lit_token *v = peek(p, 0);
				int ok;
				enum iom_lit_region_kind k = region_kind(v, &ok);
				if (lock)
					fail(p, IOM_EINVAL, v->pos, "a spinlock cannot be initialised");
				if (ok && is_p(peek(p, 1), '(')) {
					next(p);
					p->t->syms[s].kind = IOM_LIT_SYM_REGION;
					p->t->syms[s].region = k;
					p->t->syms[s].dev = parse_dev_arg(p, "after the mapping API");
				} else if (is_p(v, '&')) {
					next(p);
					struct lit_token r = expect_ident(p, "after '&'");
					int rs = find_sym(p->t, r.s, r.len);
					if (rs < 0)
						fail(p, IOM_EINVAL, r.pos, "unknown identifier '%.*s'",
						     (int)r.len, r.s);
					p->t->syms[s].init_ref = rs;
				} else {
					int neg = 0;
					if (is_p(v, '-')) {
						next(p);
						neg = 1;
						v = peek(p, 0);
					}
					if (v->kind != T_NUM) {
						if (v->kind == T_IDENT && is_p(peek(p, 1), '('))
							fail(p, IOM_EINVAL, v->pos,
							     "unknown mapping API '%.*s'", (int)v->len,
							     v->s);
						fail(p, IOM_EPARSE, v->pos, "expected a value, found %s",
						     describe(p, v));
					}
					p->t->syms[s].init = neg ? -(int64_t)v->num : (int64_t)v->num;
					next(p);
				}
			}
		}
		t = peek(p, 0);
		if (!is_p(t, ';') && !is_p(t, '}'))
			fail(p, IOM_EPARSE, t->pos, "expected ';' in the initial state, found %s",
			     describe(p, t));
	}
}

/* ---- threads ---- */

static void parse_thread(struct parser *p)
{
	struct lit_token name = next(p);
	int id = thread_number(&name);
	if (id != (int)p->t->nr_threads)
		fail(p, IOM_EINVAL, name.pos, "expected thread P%u here, found P%d",
		     p->t->nr_threads, id);
	if (id >= LIT_MAX_THREADS)
		fail(p, IOM_ELIMIT, name.pos, "more than %d threads", LIT_MAX_THREADS);
	struct iom_lit_thread *th = PUSH(p, p->t->threads, p->t->nr_threads, p->cap_threads);
	th->id = id;
	th->pos = name.pos;
	p->cur = th;
	p->cap_regs = 0;
	p->ntemp = 0;
	expect_p(p, '(', "after the thread name");
	unsigned cap_params = 0;
	if (!is_p(peek(p, 0), ')')) {
		for (;;) {
			char *type = parse_type(p);
			struct lit_token pn = expect_ident(p, "as a parameter name");
			if (is_type_word(&pn))
				fail(p, IOM_EPARSE, pn.pos, "expected a parameter name");
			for (unsigned i = 0; i < th->nr_params; i++)
				if (strlen(th->params[i].name) == pn.len &&
				    !memcmp(th->params[i].name, pn.s, pn.len))
					fail(p, IOM_EINVAL, pn.pos, "parameter '%.*s' is given twice",
					     (int)pn.len, pn.s);
			int s = find_sym(p->t, pn.s, pn.len);
			if (s < 0) {
				if (strstr(type, "__iomem"))
					fail(p, IOM_EINVAL, pn.pos, "region '%.*s' is not declared in "
					     "the initial state (%.*s = ioremap(devN);)", (int)pn.len,
					     pn.s, (int)pn.len, pn.s);
				s = add_sym(p, &pn, strstr(type, "spinlock_t") ? IOM_LIT_SYM_LOCK
									: IOM_LIT_SYM_VAR);
			} else if (strstr(type, "spinlock_t") &&
				   p->t->syms[s].kind != IOM_LIT_SYM_LOCK) {
				fail(p, IOM_EINVAL, pn.pos, "'%.*s' is not a spinlock", (int)pn.len,
				     pn.s);
			}
			struct iom_lit_param *pa = PUSH(p, th->params, th->nr_params, cap_params);
			pa->name = p->t->syms[s].name;
			pa->type = type;
			pa->sym = s;
			if (!is_p(peek(p, 0), ','))
				break;
			next(p);
		}
	}
	expect_p(p, ')', "to close the parameter list");
	struct lit_token open = expect_p(p, '{', "to open the thread body");
	struct stmt_list l = { 0 };
	const char *labels[256];
	unsigned nr_labels = 0;
	enter(p, open.pos);
	parse_block_body(p, &l, labels, &nr_labels);
	p->depth--;
	th->body.stmts = l.stmts;
	th->body.nr_stmts = l.nr;
	p->cur = NULL;
}

/* ---- event references ---- */

static void parse_evref(struct parser *p, struct iom_lit_evref *r, int need_dev, int need)
{
	struct lit_token t = next(p);
	r->thread = thread_number(&t);
	if (r->thread < 0)
		fail(p, IOM_EPARSE, t.pos, "expected an event PN:label, found %s", describe(p, &t));
	expect_p(p, ':', "in an event reference PN:label");
	struct lit_token l = expect_ident(p, "as an event label");
	r->label = tokstr(p, &l);
	r->elem = -1;
	if (is_p(peek(p, 0), '.')) {
		next(p);
		const struct lit_token *n = peek(p, 0);
		if (n->kind != T_NUM || n->num > 255)
			fail(p, IOM_EPARSE, n->pos, "expected an element number after '.'");
		r->elem = (int)n->num;
		next(p);
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

static void resolve_pending(struct parser *p)
{
	for (unsigned i = 0; i < p->nr_pend; i++) {
		struct pending_ref *pr = &p->pend[i];
		struct iom_lit_evref *r = pr->ref;
		if (r->thread >= (int)p->t->nr_threads)
			fail(p, IOM_EINVAL, pr->pos, "P%d:%s: there is no thread P%d", r->thread,
			     r->label, r->thread);
		const struct iom_lit_stmt *s = iom_lit_find_label(p->t, r->thread, r->label);
		if (!s)
			fail(p, IOM_EINVAL, pr->pos, "P%d has no statement labelled '%s'", r->thread,
			     r->label);
		r->stmt = s;
		const struct iom_lit_prim_info *pi = iom_lit_prim_info(s->prim);
		int devacc = pi->pclass == IOM_LIT_PC_MMIO || pi->pclass == IOM_LIT_PC_PIO ||
			     pi->pclass == IOM_LIT_PC_STRING;
		if (r->elem >= 0 && (pi->pclass != IOM_LIT_PC_STRING || (unsigned)r->elem >= s->count))
			fail(p, IOM_EINVAL, pr->pos, "P%d:%s.%d: no such element (%s has %u)",
			     r->thread, r->label, r->elem, iom_lit_prim_name(s->prim),
			     pi->pclass == IOM_LIT_PC_STRING ? s->count : 0);
		if ((pr->need >= 1 || pr->need_dev >= 0) && !devacc)
			fail(p, IOM_EINVAL, pr->pos, "P%d:%s is not an I/O access", r->thread,
			     r->label);
		if (pr->need == 2 && pi->dir != IOM_LIT_DIR_WRITE)
			fail(p, IOM_EINVAL, pr->pos, "P%d:%s is not a write; combined() needs writes",
			     r->thread, r->label);
		if (pr->need_dev >= 0 && stmt_dev(p->t, s) != pr->need_dev)
			fail(p, IOM_EINVAL, pr->pos, "P%d:%s accesses dev%d, not dev%d", r->thread,
			     r->label, stmt_dev(p->t, s), pr->need_dev);
	}
}

/* ---- device blocks ---- */

static int64_t parse_value(struct parser *p)
{
	int neg = 0;
	if (is_p(peek(p, 0), '-')) {
		next(p);
		neg = 1;
	}
	const struct lit_token *v = peek(p, 0);
	if (v->kind != T_NUM)
		fail(p, IOM_EPARSE, v->pos, "expected a number, found %s", describe(p, v));
	next(p);
	return neg ? -(int64_t)v->num : (int64_t)v->num;
}

static int dev_has_region(const struct iom_lit_test *t, int dev)
{
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (t->syms[i].kind == IOM_LIT_SYM_REGION && t->syms[i].dev == dev)
			return 1;
	return 0;
}

static void parse_device(struct parser *p)
{
	struct lit_token kw = next(p);
	int dev = parse_dev_arg(p, "after DEV");
	if (!dev_has_region(p->t, dev))
		fail(p, IOM_EINVAL, kw.pos, "DEV(dev%d): no region of dev%d is declared", dev, dev);
	for (unsigned i = 0; i < p->t->nr_devices; i++)
		if (p->t->devices[i].dev == dev)
			fail(p, IOM_EINVAL, kw.pos, "DEV(dev%d) is given twice", dev);
	struct iom_lit_device *d = PUSH(p, p->t->devices, p->t->nr_devices, p->cap_devices);
	d->dev = dev;
	d->pos = kw.pos;
	struct lit_token open = expect_p(p, '{', "to open the device block");
	unsigned cap = 0, cap_vars = 0;
	for (;;) {
		const struct lit_token *t = peek(p, 0);
		if (is_p(t, '}')) {
			next(p);
			break;
		}
		if (t->kind == T_EOF)
			fail(p, IOM_EPARSE, open.pos, "unbalanced braces: DEV(dev%d) is not closed",
			     dev);
		if (is_p(t, ';')) {
			next(p);
			continue;
		}
		struct iom_lit_dstmt *s = PUSH(p, d->stmts, d->nr_stmts, cap);
		s->pos = t->pos;
		s->dst = s->mem = s->region = -1;
		if (is_id(t, "on")) {
			next(p);
			s->has_trigger = true;
			parse_evref(p, &s->trigger, dev, 1);
			t = peek(p, 0);
		}
		if (t->kind == T_IDENT && is_p(peek(p, 1), '=')) {
			struct lit_token var = next(p);
			next(p);
			struct lit_token fn = expect_ident(p, "after '='");
			if (!is_id(&fn, "dma_read"))
				fail(p, IOM_EINVAL, fn.pos, "a device block can only assign from "
				     "dma_read(), not '%.*s'", (int)fn.len, fn.s);
			s->kind = IOM_LIT_D_DMA_READ;
			int vi = -1;
			for (unsigned i = 0; i < d->nr_vars; i++)
				if (strlen(d->vars[i]) == var.len && !memcmp(d->vars[i], var.s, var.len))
					vi = (int)i;
			if (vi < 0) {
				*PUSH(p, d->vars, d->nr_vars, cap_vars) = tokstr(p, &var);
				vi = (int)d->nr_vars - 1;
			}
			s->dst = vi;
			expect_p(p, '(', "after dma_read");
			struct iom_lit_expr *e = parse_expr(p);
			s->mem = resolve_mem(p, IOM_LIT_P_NONE, e);
			expect_p(p, ')', "after the dma_read buffer");
		} else if (is_id(t, "dma_write")) {
			next(p);
			s->kind = IOM_LIT_D_DMA_WRITE;
			expect_p(p, '(', "after dma_write");
			struct iom_lit_expr *e = parse_expr(p);
			s->mem = resolve_mem(p, IOM_LIT_P_NONE, e);
			expect_p(p, ',', "between the dma_write buffer and value");
			s->value = parse_value(p);
			expect_p(p, ')', "after the dma_write value");
		} else if (is_id(t, "reg_set")) {
			next(p);
			s->kind = IOM_LIT_D_REG_SET;
			expect_p(p, '(', "after reg_set");
			struct iom_lit_expr *e = parse_expr(p);
			resolve_addr(p, IOM_LIT_P_NONE, e, &s->region, &s->offset);
			if (p->t->syms[s->region].dev != dev)
				fail(p, IOM_EINVAL, e->pos, "reg_set: '%s' belongs to dev%d, not dev%d",
				     p->t->syms[s->region].name, p->t->syms[s->region].dev, dev);
			expect_p(p, ',', "between the reg_set register and value");
			s->value = parse_value(p);
			expect_p(p, ')', "after the reg_set value");
		} else {
			fail(p, IOM_EINVAL, t->pos, "expected dma_read, dma_write or reg_set in a "
			     "device block, found %s", describe(p, t));
		}
		expect_p(p, ';', "after a device statement");
	}
}

/* ---- conditions ---- */

static struct iom_lit_cond *new_cond(struct parser *p, enum iom_lit_cond_kind k,
				     struct iom_lit_pos pos)
{
	struct iom_lit_cond *c = xalloc(p, sizeof(*c));
	c->kind = k;
	c->pos = pos;
	c->sym = -1;
	c->dev = -1;
	c->reg = -1;
	c->thread = -1;
	c->value_sym = -1;
	return c;
}

static void parse_cond_value(struct parser *p, struct iom_lit_cond *c)
{
	expect_p(p, '=', "in a condition atom");
	const struct lit_token *t = peek(p, 0);
	if (t->kind == T_IDENT) {
		int s = find_sym(p->t, t->s, t->len);
		if (s < 0)
			fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s'", (int)t->len, t->s);
		c->value_sym = s;
		next(p);
		return;
	}
	c->value = parse_value(p);
}

static const struct iom_lit_device *find_device(const struct iom_lit_test *t, int dev)
{
	for (unsigned i = 0; i < t->nr_devices; i++)
		if (t->devices[i].dev == dev)
			return &t->devices[i];
	return NULL;
}

static struct iom_lit_cond *parse_prop(struct parser *p);

static struct iom_lit_cond *parse_atom(struct parser *p)
{
	const struct lit_token *t = peek(p, 0);
	struct iom_lit_cond *c;
	struct iom_lit_pos pos = t->pos;
	if (is_p(t, '~')) {
		next(p);
		enter(p, pos);
		c = new_cond(p, IOM_LIT_C_NOT, pos);
		c->a = parse_atom(p);
		p->depth--;
		return c;
	}
	if (is_p(t, '(')) {
		next(p);
		enter(p, pos);
		c = parse_prop(p);
		p->depth--;
		expect_p(p, ')', "to close '(' in the condition");
		return c;
	}
	if (t->kind == T_NUM) {
		int th = t->num < 1000 ? (int)t->num : 1000;
		next(p);
		expect_p(p, ':', "after the thread number");
		struct lit_token r = expect_ident(p, "as a register name");
		if (th >= (int)p->t->nr_threads)
			fail(p, IOM_EINVAL, pos, "%d:%.*s: there is no thread P%d", th, (int)r.len, r.s,
			     th);
		c = new_cond(p, IOM_LIT_C_REG, pos);
		c->thread = th;
		c->reg = find_reg(&p->t->threads[th], r.s, r.len);
		if (c->reg < 0)
			fail(p, IOM_EINVAL, r.pos, "P%d has no register '%.*s'", th, (int)r.len, r.s);
		parse_cond_value(p, c);
		return c;
	}
	if (t->kind != T_IDENT)
		fail(p, IOM_EPARSE, t->pos, "expected a condition, found %s", describe(p, t));
	if (is_id(t, "true") || is_id(t, "false")) {
		int f = is_id(t, "false");
		next(p);
		c = new_cond(p, IOM_LIT_C_TRUE, pos);
		if (f) {
			struct iom_lit_cond *n = new_cond(p, IOM_LIT_C_NOT, pos);
			n->a = c;
			c = n;
		}
		return c;
	}
	if (is_id(t, "combined") && is_p(peek(p, 1), '(')) {
		next(p);
		next(p);
		c = new_cond(p, IOM_LIT_C_COMBINED, pos);
		parse_evref(p, &c->e1, -1, 2);
		expect_p(p, ',', "between the two events of combined()");
		parse_evref(p, &c->e2, -1, 2);
		expect_p(p, ')', "to close combined(");
		return c;
	}
	int s = find_sym(p->t, t->s, t->len);
	if (s >= 0) {
		struct lit_token n = next(p);
		const struct iom_lit_sym *sym = &p->t->syms[s];
		if (sym->kind == IOM_LIT_SYM_REGION) {
			c = new_cond(p, IOM_LIT_C_DEVREG, pos);
			c->sym = s;
			c->dev = sym->dev;
			expect_p(p, '[', "after a region name in a condition");
			c->offset = (uint64_t)parse_value(p);
			expect_p(p, ']', "after the register offset");
			parse_cond_value(p, c);
			return c;
		}
		if (sym->kind != IOM_LIT_SYM_VAR)
			fail(p, IOM_EINVAL, n.pos, "'%s' is a lock and has no value", sym->name);
		c = new_cond(p, IOM_LIT_C_MEM, pos);
		c->sym = s;
		parse_cond_value(p, c);
		return c;
	}
	if (thread_number(t) >= 0 && is_p(peek(p, 1), ':')) {
		const struct lit_token *t2 = peek(p, 3);
		if (is_p(t2, '=')) {
			/* P0:r0=v, accepted as a synonym of 0:r0=v */
			int th = thread_number(t);
			next(p);
			next(p);
			struct lit_token r = next(p);
			if (th >= (int)p->t->nr_threads)
				fail(p, IOM_EINVAL, pos, "there is no thread P%d", th);
			c = new_cond(p, IOM_LIT_C_REG, pos);
			c->thread = th;
			c->reg = find_reg(&p->t->threads[th], r.s, r.len);
			if (c->reg < 0)
				fail(p, IOM_EINVAL, r.pos, "P%d has no register '%.*s'", th, (int)r.len,
				     r.s);
			parse_cond_value(p, c);
			return c;
		}
		c = new_cond(p, IOM_LIT_C_IO_BEFORE, pos);
		parse_evref(p, &c->e1, -1, 0);
		const struct lit_token *lt = peek(p, 0);
		if (!is_p(lt, '<'))
			fail(p, IOM_EPARSE, lt->pos, "expected '<io' or '<vo' after an event, found %s",
			     describe(p, lt));
		next(p);
		struct lit_token rel = expect_ident(p, "after '<'");
		if (is_id(&rel, "io")) {
			p->pend[p->nr_pend - 1].need = 1;
			parse_evref(p, &c->e2, -1, 1);
		} else if (is_id(&rel, "vo")) {
			c->kind = IOM_LIT_C_VO_BEFORE;
			parse_evref(p, &c->e2, -1, 0);
		} else {
			fail(p, IOM_EPARSE, rel.pos, "unknown order '<%.*s' (known: <io, <vo)",
			     (int)rel.len, rel.s);
		}
		return c;
	}
	int dev = dev_number(t);
	if (dev >= 0) {
		next(p);
		if (!dev_has_region(p->t, dev))
			fail(p, IOM_EINVAL, pos, "dev%d has no declared region", dev);
		if (is_p(peek(p, 0), '[')) {
			next(p);
			c = new_cond(p, IOM_LIT_C_DEVREG, pos);
			c->dev = dev;
			c->offset = (uint64_t)parse_value(p);
			expect_p(p, ']', "after the register offset");
			parse_cond_value(p, c);
			return c;
		}
		if (is_p(peek(p, 0), ':')) {
			next(p);
			struct lit_token v = expect_ident(p, "as a device variable");
			const struct iom_lit_device *d = find_device(p->t, dev);
			c = new_cond(p, IOM_LIT_C_DEVVAR, pos);
			c->dev = dev;
			if (d)
				for (unsigned i = 0; i < d->nr_vars; i++)
					if (strlen(d->vars[i]) == v.len && !memcmp(d->vars[i], v.s, v.len))
						c->reg = (int)i;
			if (c->reg < 0)
				fail(p, IOM_EINVAL, v.pos, "dev%d has no variable '%.*s' (set one with "
				     "dma_read in DEV(dev%d))", dev, (int)v.len, v.s, dev);
			parse_cond_value(p, c);
			return c;
		}
		fail(p, IOM_EPARSE, peek(p, 0)->pos, "expected '[' or ':' after dev%d", dev);
	}
	fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s' in the condition", (int)t->len, t->s);
}

static struct iom_lit_cond *parse_conj(struct parser *p)
{
	struct iom_lit_cond *c = parse_atom(p);
	while (peek(p, 0)->kind == T_AND) {
		struct iom_lit_pos pos = next(p).pos;
		struct iom_lit_cond *n = new_cond(p, IOM_LIT_C_AND, pos);
		n->a = c;
		n->b = parse_atom(p);
		c = n;
	}
	return c;
}

static struct iom_lit_cond *parse_prop(struct parser *p)
{
	struct iom_lit_cond *c = parse_conj(p);
	while (peek(p, 0)->kind == T_OR) {
		struct iom_lit_pos pos = next(p).pos;
		struct iom_lit_cond *n = new_cond(p, IOM_LIT_C_OR, pos);
		n->a = c;
		n->b = parse_conj(p);
		c = n;
	}
	return c;
}

static void parse_final(struct parser *p)
{
	const struct lit_token *t = peek(p, 0);
	if (is_id(t, "locations")) {
		next(p);
		unsigned cap = 0;
		expect_p(p, '[', "after 'locations'");
		while (!is_p(peek(p, 0), ']')) {
			t = peek(p, 0);
			if (t->kind == T_NUM && is_p(peek(p, 1), ':')) {
				/* N:reg: accepted; registers are always printed */
				next(p);
				next(p);
				expect_ident(p, "as a register name");
			} else {
				struct lit_token n = expect_ident(p, "in locations");
				int s = find_sym(p->t, n.s, n.len);
				if (s < 0)
					fail(p, IOM_EINVAL, n.pos, "unknown location '%.*s'", (int)n.len,
					     n.s);
				*PUSH(p, p->t->locations, p->t->nr_locations, cap) = s;
			}
			if (is_p(peek(p, 0), ';'))
				next(p);
			else if (!is_p(peek(p, 0), ']'))
				fail(p, IOM_EPARSE, peek(p, 0)->pos, "expected ';' or ']' in locations");
		}
		next(p);
		t = peek(p, 0);
	}
	if (is_id(t, "filter")) {
		next(p);
		p->t->filter = parse_prop(p);
		t = peek(p, 0);
	}
	if (is_id(t, "exists")) {
		next(p);
		p->t->quant = IOM_LIT_Q_EXISTS;
	} else if (is_p(t, '~') && is_id(peek(p, 1), "exists")) {
		next(p);
		next(p);
		p->t->quant = IOM_LIT_Q_NOT_EXISTS;
	} else if (is_id(t, "forall")) {
		next(p);
		p->t->quant = IOM_LIT_Q_FORALL;
	} else if (is_id(t, "final")) {
		next(p);
		p->t->quant = IOM_LIT_Q_EXISTS;
	} else if (is_p(t, '(')) {
		p->t->quant = IOM_LIT_Q_EXISTS;
	} else if (t->kind == T_EOF) {
		fail(p, IOM_EPARSE, t->pos, "missing final condition (exists, ~exists or forall)");
	} else {
		fail(p, IOM_EPARSE, t->pos, "expected exists, ~exists, forall, filter or a thread, "
		     "found %s", describe(p, t));
	}
	p->t->cond = parse_prop(p);
	t = peek(p, 0);
	if (t->kind != T_EOF)
		fail(p, IOM_EPARSE, t->pos, "unexpected %s after the final condition",
		     describe(p, t));
}

/* ---- header comment: Result: and Expect: lines ---- */

static int word(const char **s, const char *end, const char **w, size_t *n)
{
	while (*s < end && (**s == ' ' || **s == '\t'))
		(*s)++;
	*w = *s;
	while (*s < end && **s != ' ' && **s != '\t' && **s != '\r')
		(*s)++;
	*n = (size_t)(*s - *w);
	return *n > 0;
}

static void parse_header(struct parser *p)
{
	const char *c = p->lx.first_comment, *end;
	if (!c)
		return;
	end = c + p->lx.first_comment_len;
	p->t->comment = xstrndup(p, c, p->lx.first_comment_len);
	int line = p->lx.first_comment_pos.line;
	const char *bol = c;
	int col0 = p->lx.first_comment_pos.col;
	unsigned cap = 0;
	while (bol < end) {
		const char *eol = memchr(bol, '\n', (size_t)(end - bol));
		if (!eol)
			eol = end;
		const char *s = bol;
		while (s < eol && (*s == ' ' || *s == '\t' || *s == '*'))
			s++;
		int col = (int)(s - bol) + (bol == c ? col0 : 1);
		struct iom_lit_pos pos = { line, col };
		if ((size_t)(eol - s) >= 7 && !memcmp(s, "Result:", 7)) {
			const char *w;
			size_t n;
			s += 7;
			if (!word(&s, eol, &w, &n))
				fail(p, IOM_EPARSE, pos, "Result: needs Never, Sometimes or Always");
			char *v = xstrndup(p, w, n);
			if (iom_lit_verdict_parse(v, &p->t->result) < 0 ||
			    p->t->result == IOM_LIT_V_ERROR)
				fail(p, IOM_EINVAL, pos, "unknown Result: '%s' (Never, Sometimes, Always)",
				     v);
		} else if ((size_t)(eol - s) >= 7 && !memcmp(s, "Expect:", 7)) {
			struct iom_lit_expect *e = PUSH(p, p->t->expects, p->t->nr_expects, cap);
			const char *f[4];
			size_t n[4];
			s += 7;
			e->pos = pos;
			for (int i = 0; i < 4; i++) {
				if (!word(&s, eol, &f[i], &n[i]))
					fail(p, IOM_EPARSE, pos, "Expect: needs 4 fields: <arch|*> <X.Y|*> "
					     "<kernel|article|portable|*> <Never|Sometimes|Always|Error>");
			}
			const char *x;
			size_t xn;
			if (word(&s, eol, &x, &xn))
				fail(p, IOM_EPARSE, pos, "Expect: has more than 4 fields");
			char *a = xstrndup(p, f[0], n[0]), *k = xstrndup(p, f[1], n[1]);
			char *m = xstrndup(p, f[2], n[2]), *v = xstrndup(p, f[3], n[3]);
			e->arch = IOM_ARCH_ANY;
			e->model = IOM_LIT_MODEL_ANY;
			if (strcmp(a, "*") && iom_arch_parse(a, &e->arch) < 0)
				fail(p, IOM_EINVAL, pos, "Expect: unknown architecture '%s'", a);
			if (strcmp(k, "*") && iom_kver_parse(k, &e->kver) < 0)
				fail(p, IOM_EINVAL, pos, "Expect: bad kernel version '%s' (X.Y or *)", k);
			if (strcmp(m, "*") && iom_lit_model_parse(m, &e->model) < 0)
				fail(p, IOM_EINVAL, pos, "Expect: unknown model '%s'", m);
			if (iom_lit_verdict_parse(v, &e->verdict) < 0)
				fail(p, IOM_EINVAL, pos, "Expect: unknown verdict '%s'", v);
		}
		bol = eol + 1;
		line++;
	}
}

/* ---- top level ---- */

static void parse_test(struct parser *p)
{
	const struct lit_token *t = peek(p, 0);
	if (!is_id(t, "C"))
		fail(p, IOM_EPARSE, t->pos, "a C litmus test starts with 'C <name>', found %s",
		     describe(p, t));
	if (p->nla != 1)
		fail(p, IOM_EPARSE, t->pos, "internal: lookahead");
	p->nla = 0;
	struct lit_token name = lit_lex_rest_of_line(&p->lx);
	if (name.kind == T_EOF)
		fail(p, IOM_EPARSE, name.pos, "missing test name after 'C'");
	size_t n = 0;
	while (n < name.len && name.s[n] != ' ' && name.s[n] != '\t')
		n++;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)name.s[i] < 0x21 || (unsigned char)name.s[i] > 0x7e)
			fail(p, IOM_EPARSE, name.pos, "the test name must be printable ASCII");
	p->t->name = xstrndup(p, name.s, n);
	parse_init(p);
	/* the header comment sits before the init block; read it now for Result:/Expect: */
	parse_header(p);
	for (;;) {
		t = peek(p, 0);
		if (thread_number(t) >= 0 && is_p(peek(p, 1), '('))
			parse_thread(p);
		else if (is_id(t, "DEV") && is_p(peek(p, 1), '('))
			parse_device(p);
		else
			break;
	}
	if (!p->t->nr_threads)
		fail(p, IOM_EPARSE, t->pos, "expected thread P0, found %s", describe(p, t));
	parse_final(p);
	resolve_pending(p);
}

int iom_lit_parse(const char *buf, size_t len, const char *name, struct iom_lit_test **out,
		  struct iom_diag *d)
{
	struct parser *p;
	int code;
	*out = NULL;
	if (len > LIT_MAX_INPUT) {
		iom_diag_set(d, IOM_ELIMIT, name ? name : "<input>", 0, 0,
			     "input larger than %u bytes", LIT_MAX_INPUT);
		return -IOM_ELIMIT;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		iom_diag_set(d, IOM_ENOMEM, name ? name : "<input>", 0, 0, "out of memory");
		return -IOM_ENOMEM;
	}
	p->d = d;
	p->file = name ? name : "<input>";
	lit_lex_init(&p->lx, buf ? buf : "", buf ? len : 0);
	code = setjmp(p->jb);
	if (code) {
		lit_arena_release(&p->arena);
		free(p);
		return -code;
	}
	struct lit_arena *arena_slot;
	/* The test struct itself is the first allocation; the arena header goes after it. */
	p->t = xalloc(p, sizeof(*p->t) + sizeof(struct lit_arena));
	p->t->result = IOM_LIT_V_NONE;
	p->t->file = xstrndup(p, p->file, strlen(p->file));
	parse_test(p);
	arena_slot = (struct lit_arena *)(p->t + 1);
	*arena_slot = p->arena;
	*out = p->t;
	free(p);
	return 0;
}

int iom_lit_parse_file(const char *path, struct iom_lit_test **out, struct iom_diag *d)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, r;
	int ret;
	*out = NULL;
	if (!f) {
		iom_diag_set(d, IOM_EIO, path, 0, 0, "cannot open the file");
		return -IOM_EIO;
	}
	do {
		if (cap - len < 4096) {
			char *n = realloc(buf, cap = cap * 2 + 8192);
			if (!n) {
				free(buf);
				fclose(f);
				iom_diag_set(d, IOM_ENOMEM, path, 0, 0, "out of memory");
				return -IOM_ENOMEM;
			}
			buf = n;
		}
		r = fread(buf + len, 1, cap - len, f);
		len += r;
	} while (r > 0 && len <= LIT_MAX_INPUT);
	if (ferror(f)) {
		free(buf);
		fclose(f);
		iom_diag_set(d, IOM_EIO, path, 0, 0, "read error");
		return -IOM_EIO;
	}
	fclose(f);
	ret = iom_lit_parse(buf, len, path, out, d);
	free(buf);
	return ret;
}
