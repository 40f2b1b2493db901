// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser: herd7 C litmus tests as LKMM writes them (the C dialect herd7
 * 7.57 reads with linux-kernel.def@v6.12, and LISA), plus C-MMIO.
 * Recursive descent over lex.c's tokens; every node goes into the test's arena. Errors
 * unwind with longjmp to iom_lit_parse(), which frees the arena and returns the code; the
 * diag carries file:line:col. Nesting is bounded (LIT_MAX_DEPTH) and every loop consumes
 * a token, so no input can recurse deeply or loop forever.
 * Grammar: docs/litmus-format.md. Extension: ORD-5.3. */
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

/* N:r = v in the init block, applied when thread PN is parsed. */
struct pending_reg {
	int thread;
	const char *name;
	struct iom_lit_reginit ri;  /* reg filled in later */
	int used;
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
	unsigned cap_reginits;  /* of the current thread's reg_inits                       */
	struct pending_ref *pend;
	unsigned nr_pend, cap_pend;
	/* Loads and value-returning calls found inside an expression are hoisted into
	 * statements of their own, assigning a fresh register "__tN", and emitted just before
	 * the statement that contains them (C evaluation order: left to right). */
	struct stmt_list hoist;
	unsigned ntemp;             /* the next temporary's number (names taken are skipped) */
	unsigned nmade;             /* temporaries made in this thread                     */
	int no_hoist;           /* parsing a memory operand (READ_ONCE(*x)): keep *x      */
	/* LKMM additions */
	int cur_group;          /* group of the source statement being emitted; -1 none  */
	struct pending_reg *preg;
	unsigned nr_preg, cap_preg;
	unsigned nr_initregs;   /* registers of the current thread created by the init   */
	unsigned char *autosym; /* autosym[i]: syms[i] was created by a mention, not a
				 * declaration, and may still be declared               */
	unsigned cap_auto;
	unsigned cap_locs2;
	int lisa;               /* parsing a LISA test                                   */
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
	/* herd7 lib/CLexer.mll base types */
	"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t",
	"uint64_t", "_Atomic", "atomic_int",
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
	int base = 0; /* a base type was seen: '*' may follow */
	buf[0] = 0;
	for (;;) {
		const struct lit_token *t = peek(p, 0);
		if (is_type_word(t)) {
			if (!is_id(t, "volatile") && !is_id(t, "const") && !is_id(t, "__iomem") &&
			    !is_id(t, "_Atomic"))
				base = 1;
			if (is_id(t, "struct")) {
				next(p);
				t = peek(p, 0);
				if (t->kind != T_IDENT)
					fail(p, IOM_EPARSE, t->pos, "expected a struct name");
				n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%sstruct", n ? " " : "");
				if (n + t->len + 2 >= sizeof(buf))
					fail(p, IOM_ELIMIT, t->pos, "type too long");
			}
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%.*s", n ? " " : "",
					      (int)t->len, t->s);
			next(p);
		} else if (is_p(t, '*') && base) {
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

/* The declared type without qualifiers (volatile, const, __iomem): "volatile int *" ->
 * "int *". NULL for an empty type. */
static const char *canon_type(struct parser *p, const char *type)
{
	char buf[128];
	size_t n = 0;
	const char *s = type;
	while (*s) {
		while (*s == ' ')
			s++;
		const char *w = s;
		while (*s && *s != ' ')
			s++;
		size_t wl = (size_t)(s - w);
		if (!wl || (wl == 8 && !memcmp(w, "volatile", 8)) || (wl == 5 && !memcmp(w, "const", 5)) ||
		    (wl == 7 && !memcmp(w, "__iomem", 7)) || (wl == 7 && !memcmp(w, "_Atomic", 7)))
			continue;
		if (n + wl + 2 >= sizeof(buf))
			break;
		if (n)
			buf[n++] = ' ';
		memcpy(buf + n, w, wl);
		n += wl;
	}
	return n ? xstrndup(p, buf, n) : NULL;
}

/* The pointed-to type of a parameter type: "int *" -> "int"; NULL if not a pointer. */
static const char *pointee_type(struct parser *p, const char *ctype)
{
	size_t n = ctype ? strlen(ctype) : 0;
	if (n < 2 || ctype[n - 1] != '*')
		return NULL;
	n--;
	while (n && ctype[n - 1] == ' ')
		n--;
	return n ? xstrndup(p, ctype, n) : NULL;
}

static enum iom_lit_sym_kind type_kind(const char *type)
{
	if (strstr(type, "spinlock_t"))
		return IOM_LIT_SYM_LOCK;
	if (strstr(type, "srcu_struct"))
		return IOM_LIT_SYM_SRCU;
	return IOM_LIT_SYM_VAR;
}

/* ---- symbols and registers ---- */

static int find_sym(const struct iom_lit_test *t, const char *s, size_t n)
{
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (strlen(t->syms[i].name) == n && !memcmp(t->syms[i].name, s, n))
			return (int)i;
	return -1;
}

static int is_autosym(struct parser *p, int s)
{
	return s >= 0 && (unsigned)s < p->cap_auto && p->autosym[s];
}

static int add_sym(struct parser *p, const struct lit_token *name, enum iom_lit_sym_kind k)
{
	int old = find_sym(p->t, name->s, name->len);
	if (is_autosym(p, old)) {
		/* first mentioned as a value (x = y;), declared now */
		p->autosym[old] = 0;
		p->t->syms[old].kind = k;
		p->t->syms[old].pos = name->pos;
		return old;
	}
	if (old >= 0)
		fail(p, IOM_EINVAL, name->pos, "'%.*s' is declared twice", (int)name->len, name->s);
	if (dev_number(name) >= 0 || thread_number(name) >= 0)
		fail(p, IOM_EINVAL, name->pos, "'%.*s' is reserved for devices and threads",
		     (int)name->len, name->s);
	if (is_type_word(name))
		/* a test is kept and printed as C (a LISA one too), where such a name cannot be
		 * declared: int x = s8; mentions a location s8 */
		fail(p, IOM_EINVAL, name->pos, "location '%.*s' is spelt like a C type word",
		     (int)name->len, name->s);
	if (iom_lit_prim_lookup(tokstr(p, name)) != IOM_LIT_P_NONE)
		/* the same for a primitive's name: printed as C, r = rcu_dereference(*x);
		 * would read the location rcu_dereference (a LISA test can name one) */
		fail(p, IOM_EINVAL, name->pos, "location '%.*s' is spelt like a primitive",
		     (int)name->len, name->s);
	struct iom_lit_sym *s = PUSH(p, p->t->syms, p->t->nr_syms, p->cap_syms);
	s->name = tokstr(p, name);
	s->kind = k;
	s->init_ref = -1;
	s->dev = -1;
	s->pos = name->pos;
	return (int)(p->t->nr_syms - 1);
}

/* A shared name mentioned as a value in the init block (x = y; p = &y;): herd7 creates the
 * location on first mention, with value 0. */
static int mention_sym(struct parser *p, const struct lit_token *name)
{
	int s = find_sym(p->t, name->s, name->len);
	if (s >= 0)
		return s;
	s = add_sym(p, name, IOM_LIT_SYM_VAR);
	if ((unsigned)s >= p->cap_auto) {
		unsigned nc = p->cap_auto ? p->cap_auto * 2 : 16;
		while (nc <= (unsigned)s)
			nc *= 2;
		unsigned char *n = xalloc(p, nc);
		if (p->cap_auto)
			memcpy(n, p->autosym, p->cap_auto);
		p->autosym = n;
		p->cap_auto = nc;
	}
	p->autosym[s] = 1;
	return s;
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
static struct iom_lit_expr *parse_unary(struct parser *p);
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
	if (is_p(t, '(') && is_type_word(peek(p, 1))) {
		/* a cast: herd7 drops it (CParser.mly "LPAR typ RPAR expr %prec CAST") */
		struct iom_lit_pos pos = next(p).pos;
		parse_type(p);
		expect_p(p, ')', "to close the cast");
		enter(p, pos);
		e = parse_unary(p);
		p->depth--;
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
		if (is_p(peek(p, 1), '('))
			/* herd7's text (the kernel's judgelitmus.sh greps for it) */
			fail(p, IOM_EINVAL, t->pos, "Unknown macro %.*s", (int)t->len, t->s);
		fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s'", (int)t->len, t->s);
	}
	fail(p, IOM_EPARSE, t->pos, "expected an expression, found %s", describe(p, t));
}

static struct iom_lit_expr *parse_unary(struct parser *p)
{
	const struct lit_token *t = peek(p, 0);
	if (is_p(t, '*')) {
		/* *e: the operand is an address; reads inside it are hoisted even in a memory
		 * operand (READ_ONCE(**p) reads p first). A read of *e is hoisted unless this is
		 * the memory operand itself. */
		struct iom_lit_pos pos = t->pos;
		next(p);
		enter(p, pos);
		int saved = p->no_hoist;
		p->no_hoist = 0;
		struct iom_lit_expr *a = parse_unary(p);
		p->no_hoist = saved;
		p->depth--;
		if (a->kind == IOM_LIT_E_ADDR)
			a = a->a; /* *&x is x */
		if (p->cur && !p->no_hoist)
			return hoist_load(p, a, pos);
		struct iom_lit_expr *e = new_expr(p, IOM_LIT_E_DEREF, pos);
		e->a = a;
		return e;
	}
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
	/* a spinlock read or written as memory: herd7 runs it and lock.cat l.41 flags
	 * mixed-lock-accesses; a struct srcu_struct is a location like any other to herd7
	 * 7.57 (linux-kernel.def@6.12: srcu_read_lock() is a load of it, srcu_read_unlock()
	 * a store; litmus/lkmm/Compat-srcu-struct-access) */
	if (sym->kind != IOM_LIT_SYM_VAR && sym->kind != IOM_LIT_SYM_LOCK &&
	    !(sym->kind == IOM_LIT_SYM_SRCU && !iom_lit_is_mmio(p->t)))
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
			fail(p, IOM_EINVAL, e->pos, "Bad %s argument: %s (write %s(*%s%s))",
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
		fail(p, IOM_EINVAL, e->pos, "%s(): expected a location, not a constant", pname(s->prim));
	if (x->kind != IOM_LIT_E_SYM) {
		if (has_deref(x))
			fail(p, IOM_EINVAL, e->pos, "%s(): bad address", pname(s->prim));
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
			fail(p, IOM_EINVAL, e->pos,
			     "%s(): expected a lock (a spinlock_t * or int * parameter)", pname(s->prim));
		break;
	default:
		if (pi->pclass == IOM_LIT_PC_SRCU) {
			if (sym->kind != IOM_LIT_SYM_SRCU && sym->kind != IOM_LIT_SYM_VAR)
				fail(p, IOM_EINVAL, x->pos, "%s(): '%s' is not a srcu_struct",
				     pname(s->prim), sym->name);
		} else if (sym->kind != IOM_LIT_SYM_VAR && sym->kind != IOM_LIT_SYM_LOCK &&
			   !(sym->kind == IOM_LIT_SYM_SRCU && !iom_lit_is_mmio(p->t))) {
			/* (a struct srcu_struct is plain memory to herd7 7.57, as above) */
			fail(p, IOM_EINVAL, x->pos, "%s(): '%s' is not normal memory", pname(s->prim),
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
		if ((int)i != pi->arg_loc && has_deref(s->args[i]))
			fail(p, IOM_EINVAL, s->args[i]->pos, "%s(): bad operand", pname(s->prim));
	if (s->dst >= 0 && pi->ret == IOM_LIT_RET_NONE)
		fail(p, IOM_EINVAL, s->pos, "%s() returns no value", pname(s->prim));
}

/* Fill the resolved operands of a primitive statement from its arguments. */
static void resolve_prim(struct parser *p, struct iom_lit_stmt *s)
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
		if (e->kind != IOM_LIT_E_SYM || (p->t->syms[e->index].kind != IOM_LIT_SYM_LOCK &&
						 p->t->syms[e->index].kind != IOM_LIT_SYM_VAR))
			fail(p, IOM_EINVAL, a[0]->pos,
			     "%s(): expected a lock (a spinlock_t * or int * parameter)", pname(s->prim));
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
	if (p->cur_group < 0)
		p->cur_group = s->id;
	s->group = p->cur_group;
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
	/* the limit counts temporaries made, not names tried: a printed test declares its
	 * temporaries as registers, and the names its reparse skips must not count
	 * (fuzz_litmus: 997 temporaries parsed, printed, then refused) */
	if (p->nmade++ >= 1000)
		fail(p, IOM_ELIMIT, pos, "too many loads inside expressions in P%d", th->id);
	/* a fresh name: no register of the thread, and no shared location (a parameter
	 * named __t1 is one; fuzz_litmus) */
	do
		snprintf(name, sizeof(name), "__t%u", p->ntemp++);
	while (find_reg(th, name, strlen(name)) >= 0 || find_sym(p->t, name, strlen(name)) >= 0);
	*PUSH(p, th->regs, th->nr_regs, p->cap_regs) = xstrndup(p, name, strlen(name));
	return (int)th->nr_regs - 1;
}

static void add_reg(struct parser *p, const struct lit_token *name)
{
	struct iom_lit_thread *th = p->cur;
	int old = find_reg(th, name->s, name->len);
	if (old >= 0 && (unsigned)old < p->nr_initregs)
		return; /* given a value in the init block (0:r1 = x;), declared again here */
	if (old >= 0 && !iom_lit_is_mmio(p->t))
		return; /* herd7 7.57: the same register again, no block scope (an inner
			 * int r = 7; assigns it; litmus/lkmm/Compat-reg-redeclared) */
	if (old >= 0)
		fail(p, IOM_EINVAL, name->pos, "register '%.*s' is declared twice in P%d",
		     (int)name->len, name->s, th->id);
	/* a register may not share a name with a parameter of its thread; another thread's
	 * shared name is no conflict (the canonical print declares every shared name in the
	 * initial state, so both spellings must parse alike) */
	for (unsigned i = 0; i < th->nr_params; i++)
		if (strlen(th->params[i].name) == name->len && !memcmp(th->params[i].name, name->s, name->len)) {
			if (iom_lit_is_mmio(p->t))
				fail(p, IOM_EINVAL, name->pos, "register '%.*s' shadows a shared name",
				     (int)name->len, name->s);
			/* herd7 7.57: a parameter is a register holding its location's address,
			 * and a local of its name is that register again (int y; leaves it
			 * &y, int y = 5; sets it; litmus/lkmm/Compat-reg-shadows-param*) */
			*PUSH(p, th->regs, th->nr_regs, p->cap_regs) = tokstr(p, name);
			struct iom_lit_reginit ri = { .reg = (int)th->nr_regs - 1, .sym = th->params[i].sym,
						      .pos = name->pos };
			*PUSH(p, th->reg_inits, th->nr_reg_inits, p->cap_reginits) = ri;
			return;
		}
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
		/* herd7's text for a name linux-kernel.def does not define */
		fail(p, IOM_EINVAL, name.pos, "Unknown macro %s", n);
	expect_p(p, '(', "after the primitive name");
	struct iom_lit_expr **args = NULL;
	unsigned nr = 0, cap = 0;
	const struct iom_lit_prim_info *cpi = iom_lit_prim_info(s->prim);
	enum iom_lit_pclass pc = cpi->pclass;
	int saved = p->no_hoist;
	if (!is_p(peek(p, 0), ')')) {
		for (;;) {
			if (nr >= 8)
				fail(p, IOM_EINVAL, peek(p, 0)->pos, "%s(): too many arguments", n);
			/* the location operand of READ_ONCE(*x), xchg(x, v), spin_lock(l) */
			if (cpi->lkform != IOM_LIT_LF_NONE)
				/* READ_ONCE(*x) keeps its '*'; smp_load_acquire(*p) reads p first
				 * (linux-kernel.def: __load{acquire}(*X) with X = *p) */
				p->no_hoist = cpi->arg_loc >= 0 && nr == (unsigned)cpi->arg_loc &&
					      cpi->loc_lvalue;
			else
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
	if (a->kind == IOM_LIT_E_SYM && p->t->syms[a->index].kind != IOM_LIT_SYM_VAR &&
	    p->t->syms[a->index].kind != IOM_LIT_SYM_LOCK)
		fail(p, IOM_EINVAL, pos, "plain load from '%s', which is not normal memory",
		     p->t->syms[a->index].name);
	if (a->kind == IOM_LIT_E_CONST)
		fail(p, IOM_EINVAL, pos, "'*' needs an address, not a constant");
	init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
	tmp.prim = IOM_LIT_P_PLAIN_LOAD;
	tmp.dst = new_temp(p, pos);
	if (a->kind == IOM_LIT_E_SYM)
		tmp.mem = a->index;
	else
		tmp.addr = a; /* *r1, *(a + 1): the engine evaluates the address */
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
		   find_reg(p->cur, peek(p, 1)->s, peek(p, 1)->len) >= 0) {
		/* r = *r1; a plain load through a pointer register */
		next(p);
		struct lit_token n = next(p);
		tmp.prim = IOM_LIT_P_PLAIN_LOAD;
		tmp.addr = new_expr(p, IOM_LIT_E_REG, n.pos);
		tmp.addr->index = find_reg(p->cur, n.s, n.len);
	} else if (is_p(r1, '*') && peek(p, 1)->kind == T_IDENT &&
		   (is_p(peek(p, 2), ';') || is_p(peek(p, 2), ',')) &&
		   find_sym(p->t, peek(p, 1)->s, peek(p, 1)->len) >= 0) {
		next(p);
		struct lit_token n = next(p);
		int sym = find_sym(p->t, n.s, n.len);
		if (p->t->syms[sym].kind != IOM_LIT_SYM_VAR && p->t->syms[sym].kind != IOM_LIT_SYM_LOCK)
			fail(p, IOM_EINVAL, r1->pos, "plain load from '%.*s', which is not normal memory",
			     (int)n.len, n.s);
		tmp.prim = IOM_LIT_P_PLAIN_LOAD;
		tmp.mem = sym;
	} else {
		init_stmt(&tmp, IOM_LIT_S_ASSIGN, pos);
		tmp.dst = r;
		tmp.expr = parse_expr(p);
		if (has_deref(tmp.expr))
			fail(p, IOM_EINVAL, tmp.expr->pos, "memory accesses must name a shared location");
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
			fail(p, IOM_EINVAL, pos, "label '%s' is on a register assignment, not an access",
			     label);
		}
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

	p->cur_group = -1;
	if (is_p(t, ';')) {
		next(p);
		return;
	}
	if (is_p(t, '(') && is_type_word(peek(p, 1))) {
		/* (void)call(...); the cast is dropped */
		next(p);
		parse_type(p);
		expect_p(p, ')', "to close the cast");
		t = peek(p, 0);
		pos = t->pos;
		if (!(t->kind == T_IDENT && is_p(peek(p, 1), '(')))
			fail(p, IOM_EPARSE, t->pos, "expected a call after the cast, found %s",
			     describe(p, t));
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
		    is_id(t, "while") || is_p(t, '{') || is_p(t, ';'))
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
				p->cur_group = -1;
				parse_rhs(p, l, find_reg(p->cur, name.s, name.len), NULL, name.pos);
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
	if ((is_id(t, "break") || is_id(t, "continue")) && is_p(peek(p, 1), ';')) {
		/* herd7 7.57 parses break; and continue; in C thread code and does nothing with
		 * them: a loop goes on, code after them runs (litmus/lkmm/Compat-break,
		 * Compat-break-noop, Compat-continue-noop hold its outputs). An LKMM test gets
		 * herd7's answer; a C-MMIO test, where a reader would expect C's meaning, is
		 * refused rather than answered differently from C. */
		if (iom_lit_is_mmio(p->t))
			fail(p, IOM_EINVAL, t->pos, "'%s' is not supported in C-MMIO tests (herd7 reads it "
			     "as a statement that does nothing, not as C's jump)", is_id(t, "break") ? "break" : "continue");
		if (label)
			fail(p, IOM_EPARSE, pos, "label '%s' must be followed by an access or a barrier", label);
		next(p);
		next(p);
		return;
	}
	if (is_id(t, "while")) {
		/* while (cond) body: herd7 unrolls it; cond's reads are redone each time */
		next(p);
		expect_p(p, '(', "after 'while'");
		struct iom_lit_stmt *s = new_stmt(p, l, IOM_LIT_S_WHILE, pos);
		struct iom_lit_expr *cond = parse_expr(p);
		expect_p(p, ')', "after the while condition");
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
	if (is_p(t, '*')) {
		/* plain store: *x = e;  *r1 = e;  *(a + 1) = e;  **p = e; */
		next(p);
		struct iom_lit_expr *a = parse_unary(p);
		if (a->kind == IOM_LIT_E_ADDR)
			a = a->a;
		int sym = -1;
		if (a->kind == IOM_LIT_E_SYM) {
			sym = a->index;
			if (p->t->syms[sym].kind != IOM_LIT_SYM_VAR)
				fail(p, IOM_EINVAL, a->pos, "plain store to '%s', which is not normal "
				     "memory", p->t->syms[sym].name);
		} else if (a->kind == IOM_LIT_E_CONST) {
			fail(p, IOM_EINVAL, a->pos, "'*' needs an address, not a constant");
		}
		expect_p(p, '=', "in a plain store");
		struct iom_lit_stmt tmp;
		init_stmt(&tmp, IOM_LIT_S_PRIM, pos);
		tmp.label = label;
		tmp.prim = IOM_LIT_P_PLAIN_STORE;
		tmp.mem = sym;
		if (sym < 0)
			tmp.addr = a;
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
		if (r < 0 && find_sym(p->t, n.s, n.len) < 0 && !is_type_word(&n) &&
		    thread_number(&n) < 0 && dev_number(&n) < 0) {
			/* herd7 accepts an undeclared register: it is declared by its first use */
			add_reg(p, &n);
			r = (int)p->cur->nr_regs - 1;
		}
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

static int64_t parse_value(struct parser *p);

/* A value in the init block: a number, -number, &name, name (a pointer), or
 * ATOMIC_INIT(n). Integers go to *v; pointers return the sym index (else -1). */
static int parse_init_value(struct parser *p, int64_t *v)
{
	const struct lit_token *t = peek(p, 0);
	*v = 0;
	if (is_p(t, '&')) {
		next(p);
		struct lit_token r = expect_ident(p, "after '&'");
		return mention_sym(p, &r);
	}
	if (is_id(t, "ATOMIC_INIT") && is_p(peek(p, 1), '(')) {
		next(p);
		next(p);
		*v = parse_value(p);
		expect_p(p, ')', "to close ATOMIC_INIT(");
		return -1;
	}
	if (t->kind == T_IDENT) {
		if (is_p(peek(p, 1), '('))
			fail(p, IOM_EINVAL, t->pos, "unknown mapping API '%.*s'", (int)t->len, t->s);
		if (thread_number(t) >= 0 || dev_number(t) >= 0)
			fail(p, IOM_EINVAL, t->pos, "'%.*s' is reserved for devices and threads",
			     (int)t->len, t->s);
		struct lit_token r = next(p);
		return mention_sym(p, &r);
	}
	if (!is_p(t, '-') && t->kind != T_NUM)
		fail(p, IOM_EPARSE, t->pos, "expected a value, found %s", describe(p, t));
	*v = parse_value(p);
	return -1;
}

/* N:r = v  (also with a type: int 0:r1 = z; int *0:r2;) */
static void parse_init_reg(struct parser *p)
{
	struct lit_token n = next(p);
	struct iom_lit_pos pos = n.pos;
	expect_p(p, ':', "after the thread number");
	struct lit_token r = expect_ident(p, "as a register name");
	if (is_type_word(&r))
		/* the register is declared in its thread when the test is printed as C */
		fail(p, IOM_EINVAL, r.pos, "register '%.*s' is spelt like a C type word", (int)r.len, r.s);
	if (n.num >= LIT_MAX_THREADS)
		fail(p, IOM_EINVAL, pos, "there is no thread P%llu", (unsigned long long)n.num);
	for (unsigned i = 0; i < p->nr_preg; i++)
		if (p->preg[i].thread == (int)n.num && strlen(p->preg[i].name) == r.len &&
		    !memcmp(p->preg[i].name, r.s, r.len))
			fail(p, IOM_EINVAL, r.pos, "%d:%.*s is initialised twice", (int)n.num,
			     (int)r.len, r.s);
	struct pending_reg *pr = PUSH(p, p->preg, p->nr_preg, p->cap_preg);
	pr->thread = (int)n.num;
	pr->name = tokstr(p, &r);
	pr->ri.pos = pos;
	pr->ri.sym = -1;
	if (is_p(peek(p, 0), '=')) {
		next(p);
		pr->ri.sym = parse_init_value(p, &pr->ri.value);
	}
}

static void parse_init_item(struct parser *p)
{
	char *type = parse_type(p);
	const struct lit_token *t0 = peek(p, 0);
	if (t0->kind == T_NUM && is_p(peek(p, 1), ':')) {
		parse_init_reg(p);
		return;
	}
	struct lit_token name = expect_ident(p, "in the initial state");
	if (is_type_word(&name))
		fail(p, IOM_EPARSE, name.pos, "expected a name");
	int s;
	if (is_p(peek(p, 0), '[') && !type[0]) {
		/* a[i] = v: one element of a declared array */
		s = find_sym(p->t, name.s, name.len);
		if (s < 0 || !p->t->syms[s].array_len)
			fail(p, IOM_EINVAL, name.pos, "'%.*s' is not a declared array (int %.*s[N];)",
			     (int)name.len, name.s, (int)name.len, name.s);
		next(p);
		const struct lit_token *ix = peek(p, 0);
		if (ix->kind != T_NUM || ix->num >= p->t->syms[s].array_len)
			fail(p, IOM_EINVAL, ix->pos, "index out of range 0..%u",
			     p->t->syms[s].array_len - 1);
		unsigned i = (unsigned)ix->num;
		next(p);
		expect_p(p, ']', "after the array index");
		expect_p(p, '=', "in an array element initialisation");
		int64_t v;
		if (parse_init_value(p, &v) >= 0)
			fail(p, IOM_EINVAL, name.pos, "array elements take integer values");
		p->t->syms[s].array_init[i] = v;
		return;
	}
	enum iom_lit_sym_kind kind = type_kind(type);
	s = add_sym(p, &name, kind);
	p->t->syms[s].ctype = canon_type(p, type);
	p->t->syms[s].init_typed = p->t->syms[s].ctype != NULL;  /* not the bare x = 1; */
	if (is_p(peek(p, 0), '[')) {
		/* int a[N]; */
		next(p);
		const struct lit_token *nt = peek(p, 0);
		if (nt->kind != T_NUM || nt->num < 1 || nt->num > 64)
			fail(p, IOM_EINVAL, nt->pos, "array size must be 1..64");
		unsigned n = (unsigned)nt->num;
		next(p);
		expect_p(p, ']', "after the array size");
		if (kind != IOM_LIT_SYM_VAR)
			fail(p, IOM_EINVAL, name.pos, "arrays of locks are not supported");
		p->t->syms[s].array_len = n;
		p->t->syms[s].array_init = xalloc(p, n * sizeof(int64_t));
		if (is_p(peek(p, 0), '=')) {
			/* int a[2] = {1, 2}; herd7 7.57 wants exactly N values ("Declared size of
			 * array a does not match initial value size"; Compat-array-initializer) */
			next(p);
			expect_p(p, '{', "to open an array's initial values");
			for (unsigned i = 0;; i++) {
				const struct lit_token *vt = peek(p, 0);
				if (i == n && !is_p(vt, '}'))
					fail(p, IOM_EINVAL, vt->pos, "declared size of array %s does not "
					     "match the initial values (%u)", p->t->syms[s].name, n);
				if (i == n)
					break;
				p->t->syms[s].array_init[i] = parse_value(p);
				if (i + 1 < n) {
					if (is_p(peek(p, 0), '}'))
						fail(p, IOM_EINVAL, peek(p, 0)->pos, "declared size of array "
						     "%s does not match the initial values (%u)",
						     p->t->syms[s].name, n);
					expect_p(p, ',', "between an array's initial values");
				}
			}
			next(p);
		}
		return;
	}
	if (!is_p(peek(p, 0), '='))
		return;
	next(p);
	const struct lit_token *v = peek(p, 0);
	int ok;
	enum iom_lit_region_kind k = region_kind(v, &ok);
	if (kind == IOM_LIT_SYM_LOCK)
		fail(p, IOM_EINVAL, v->pos, "a spinlock cannot be initialised");
	if (kind == IOM_LIT_SYM_SRCU)
		fail(p, IOM_EINVAL, v->pos, "a srcu_struct cannot be initialised");
	if (ok && is_p(peek(p, 1), '(')) {
		next(p);
		p->t->syms[s].kind = IOM_LIT_SYM_REGION;
		p->t->syms[s].region = k;
		p->t->syms[s].dev = parse_dev_arg(p, "after the mapping API");
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
	int *newi = xalloc(p, n * sizeof(int));
	int *order = xalloc(p, n * sizeof(int));
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
	struct iom_lit_sym *ns = xalloc(p, n * sizeof(*ns));
	unsigned cap = p->cap_auto > n ? p->cap_auto : n;
	unsigned char *na = xalloc(p, cap);
	for (unsigned i = 0; i < n; i++) {
		ns[i] = p->t->syms[order[i]];
		if (ns[i].init_ref >= 0)
			ns[i].init_ref = newi[ns[i].init_ref];
		na[i] = is_autosym(p, order[i]);
	}
	memcpy(p->t->syms, ns, n * sizeof(*ns));
	p->autosym = na;
	p->cap_auto = cap;
	for (unsigned i = 0; i < p->nr_preg; i++)
		if (p->preg[i].ri.sym >= 0)
			p->preg[i].ri.sym = newi[p->preg[i].ri.sym];
}

static void parse_init(struct parser *p)
{
	struct lit_token open = *peek(p, 0);
	if (!is_p(&open, '{'))
		fail(p, IOM_EPARSE, open.pos, "expected the initial state '{ ... }', found %s",
		     describe(p, &open));
	p->lx.in_init = 1; /* (* *) comments inside the block (herd7's state lexer) */
	next(p);
	for (;;) {
		const struct lit_token *t = peek(p, 0);
		if (is_p(t, '}')) {
			p->lx.in_init = 0;
			next(p);
			canon_sym_order(p);
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
			parse_init_item(p);
		}
		t = peek(p, 0);
		if (!is_p(t, ';') && !is_p(t, '}'))
			fail(p, IOM_EPARSE, t->pos, "expected ';' in the initial state, found %s",
			     describe(p, t));
	}
}

/* ---- threads ---- */

/* Registers given a value in the init block come first in th->regs. */
static void thread_reginits(struct parser *p, struct iom_lit_thread *th)
{
	p->cap_reginits = 0;
	for (unsigned i = 0; i < p->nr_preg; i++) {
		struct pending_reg *pr = &p->preg[i];
		if (pr->thread != th->id)
			continue;
		pr->used = 1;
		*PUSH(p, th->regs, th->nr_regs, p->cap_regs) = pr->name;
		pr->ri.reg = (int)th->nr_regs - 1;
		*PUSH(p, th->reg_inits, th->nr_reg_inits, p->cap_reginits) = pr->ri;
	}
	p->nr_initregs = th->nr_regs;
}

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
	p->nmade = 0;
	thread_reginits(p, th);
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
				s = add_sym(p, &pn, type_kind(type));
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
				fail(p, IOM_EINVAL, pn.pos, "'%.*s' is not a spinlock", (int)pn.len,
				     pn.s);
			} else if (strstr(type, "srcu_struct") && p->t->syms[s].kind == IOM_LIT_SYM_VAR &&
				   !p->t->syms[s].ctype && !p->t->syms[s].init && p->t->syms[s].init_ref < 0) {
				p->t->syms[s].kind = IOM_LIT_SYM_SRCU; /* mentioned, typed here */
			}
			if (!p->t->syms[s].ctype)
				p->t->syms[s].ctype = pointee_type(p, canon_type(p, type));
			if (find_reg(th, pn.s, pn.len) >= 0)
				fail(p, IOM_EINVAL, pn.pos, "parameter '%.*s' is also a register",
				     (int)pn.len, pn.s);
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
	int r = find_reg(p->cur, t->s, t->len);
	if (r >= 0)
		return r;
	*PUSH(p, p->cur->regs, p->cur->nr_regs, p->cap_regs) = tokstr(p, t);
	return (int)p->cur->nr_regs - 1;
}

/* A name, register or number */
static struct iom_lit_expr *lisa_atom(struct parser *p)
{
	struct lit_token t = next(p);
	struct iom_lit_expr *e;
	if (t.kind == T_NUM || (is_p(&t, '-') && peek(p, 0)->kind == T_NUM)) {
		e = new_expr(p, IOM_LIT_E_CONST, t.pos);
		if (t.kind == T_NUM) {
			e->value = (int64_t)t.num;
		} else {
			e->value = -(int64_t)next(p).num;
		}
		return e;
	}
	if (t.kind != T_IDENT)
		fail(p, IOM_EPARSE, t.pos, "LISA: expected a register, name or number, found %s",
		     describe(p, &t));
	if (lisa_is_reg(&t)) {
		e = new_expr(p, IOM_LIT_E_REG, t.pos);
		e->index = lisa_reg(p, &t);
		return e;
	}
	e = new_expr(p, IOM_LIT_E_SYM, t.pos);
	e->index = mention_sym(p, &t);
	return e;
}

/* ADDR: x, r1, x+r1, r1+x, [x] */
static struct iom_lit_expr *lisa_addr(struct parser *p)
{
	int br = 0;
	if (is_p(peek(p, 0), '[')) {
		next(p);
		br = 1;
	}
	struct iom_lit_expr *e = lisa_atom(p);
	if (e->kind == IOM_LIT_E_CONST && !is_p(peek(p, 0), '+'))
		/* as in C (an address is a name or a register holding one): the test is
		 * printed and kept as C */
		fail(p, IOM_EINVAL, e->pos, "LISA: expected a location, not a constant");
	if (is_p(peek(p, 0), '+')) {
		struct lit_token pl = next(p);
		struct iom_lit_expr *b = new_expr(p, IOM_LIT_E_BINOP, pl.pos);
		b->op = '+';
		b->a = e;
		b->b = lisa_atom(p);
		e = b;
	}
	if (br)
		expect_p(p, ']', "to close '[' in a LISA address");
	return e;
}

/* OPERAND: atom or (op a b) */
static struct iom_lit_expr *lisa_operand(struct parser *p)
{
	if (!is_p(peek(p, 0), '('))
		return lisa_atom(p);
	next(p);
	struct lit_token op = expect_ident(p, "as a LISA operator");
	static const struct { const char *n; int op; } ops[] = {
		{ "add", '+' }, { "sub", '-' }, { "xor", '^' }, { "and", '&' }, { "or", '|' },
		{ "mul", '*' }, { "div", '/' }, { "eq", IOM_LIT_OP_EQ }, { "neq", IOM_LIT_OP_NE },
		{ "lt", '<' }, { "gt", '>' }, { "le", IOM_LIT_OP_LE }, { "ge", IOM_LIT_OP_GE },
	};
	int o = -1;
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (is_id(&op, ops[i].n))
			o = ops[i].op;
	if (o < 0)
		fail(p, IOM_EINVAL, op.pos, "LISA: unknown operator '%.*s'", (int)op.len, op.s);
	struct iom_lit_expr *e = new_expr(p, IOM_LIT_E_BINOP, op.pos);
	e->op = o;
	e->a = lisa_operand(p);
	e->b = lisa_operand(p);
	expect_p(p, ')', "to close a LISA operation");
	return e;
}

/* "[ann]" or "[a,b]" -> "ann" / "a,b" ("" for []) */
static const char *lisa_ann(struct parser *p)
{
	char buf[128];
	size_t n = 0;
	expect_p(p, '[', "after a LISA opcode");
	while (!is_p(peek(p, 0), ']')) {
		struct lit_token t = next(p);
		if (t.kind == T_EOF)
			fail(p, IOM_EPARSE, t.pos, "LISA: unterminated annotation");
		if (n + t.len + 1 >= sizeof(buf))
			fail(p, IOM_ELIMIT, t.pos, "LISA: annotation too long");
		memcpy(buf + n, t.s, t.len);
		n += t.len;
	}
	next(p);
	return xstrndup(p, buf, n);
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
	const struct lit_token *t = peek(p, 0);
	in->pos = t->pos;
	if (t->kind == T_EOF) {
		in->kind = LI_EMPTY;
		return;
	}
	if (t->kind == T_IDENT && is_p(peek(p, 1), ':')) {
		struct lit_token l = next(p);
		next(p);
		in->kind = LI_LABEL;
		in->label = tokstr(p, &l);
		return;
	}
	struct lit_token op = expect_ident(p, "as a LISA instruction");
	struct iom_lit_stmt *s = &in->st;
	init_stmt(s, IOM_LIT_S_PRIM, op.pos);
	s->lisa_text = text;
	in->kind = LI_INSTR;
	if (is_id(&op, "r") || is_id(&op, "w") || is_id(&op, "f") || is_id(&op, "call")) {
		const char *ann = lisa_ann(p);
		char k = is_id(&op, "call") ? 'f' : op.s[0];
		s->lisa_ann = ann;
		s->prim = lisa_prim(k, ann);
		if (k == 'r') {
			struct lit_token r = next(p);
			if (!lisa_is_reg(&r))
				fail(p, IOM_EPARSE, r.pos, "LISA: r[...] needs a register first");
			s->dst = lisa_reg(p, &r);
			lisa_mem_operand(s, lisa_addr(p));
		} else if (k == 'w') {
			lisa_mem_operand(s, lisa_addr(p));
			s->value = lisa_operand(p);
		}
	} else if (is_id(&op, "mov")) {
		struct lit_token r = next(p);
		if (!lisa_is_reg(&r))
			fail(p, IOM_EPARSE, r.pos, "LISA: mov needs a register first");
		s->kind = IOM_LIT_S_ASSIGN;
		s->dst = lisa_reg(p, &r);
		s->expr = lisa_operand(p);
	} else if (is_id(&op, "b")) {
		lisa_ann(p);
		in->kind = LI_BRANCH;
		if (peek(p, 1)->kind != T_EOF)
			in->cond = lisa_operand(p);
		struct lit_token l = expect_ident(p, "as a branch target");
		in->label = tokstr(p, &l);
	} else {
		fail(p, IOM_EINVAL, op.pos, "LISA: unsupported instruction '%.*s'", (int)op.len, op.s);
	}
	const struct lit_token *e = peek(p, 0);
	if (e->kind != T_EOF)
		fail(p, IOM_EPARSE, e->pos, "LISA: unexpected %s in the instruction", describe(p, e));
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
			fail(p, IOM_ELIMIT, ins[i].pos, "LISA: more than %d branches in P%d", MAXB,
			     p->cur->id);
		unsigned k = i + 1;
		while (k < n && !(ins[k].kind == LI_LABEL && !strcmp(ins[k].label, ins[i].label)))
			k++;
		if (k >= n)
			fail(p, IOM_EINVAL, ins[i].pos, "LISA: label '%s' does not follow the branch "
			     "(only forward branches are supported)", ins[i].label);
		bi[nb] = i;
		bl[nb] = k;
		breg[nb] = new_temp(p, ins[i].pos);
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
			ifs = new_stmt(p, l, IOM_LIT_S_IF, ins[i].pos);
			struct iom_lit_expr *c = NULL;
			for (unsigned k = 0; k < nb; k++) {
				if (!(g >> k & 1))
					continue;
				struct iom_lit_expr *r = new_expr(p, IOM_LIT_E_REG, ins[i].pos);
				r->index = breg[k];
				struct iom_lit_expr *nt = new_expr(p, IOM_LIT_E_UNOP, ins[i].pos);
				nt->op = '!';
				nt->a = r;
				if (c) {
					struct iom_lit_expr *a = new_expr(p, IOM_LIT_E_BINOP, ins[i].pos);
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
				push_stmt(p, dst, &ins[x].st);
			} else if (ins[x].kind == LI_BRANCH) {
				while (bi[b] != x)
					b++;
				struct iom_lit_stmt a;
				init_stmt(&a, IOM_LIT_S_ASSIGN, ins[x].pos);
				a.dst = breg[b];
				if (ins[x].cond) {
					struct iom_lit_expr *ne = new_expr(p, IOM_LIT_E_BINOP, ins[x].pos);
					ne->op = IOM_LIT_OP_NE;
					ne->a = ins[x].cond;
					ne->b = new_expr(p, IOM_LIT_E_CONST, ins[x].pos);
					a.expr = ne;
				} else {
					a.expr = new_expr(p, IOM_LIT_E_CONST, ins[x].pos);
					a.expr->value = 1;
				}
				push_stmt(p, dst, &a);
			}
		}
		if (ifs) {
			ifs->then_b.stmts = body.stmts;
			ifs->then_b.nr_stmts = body.nr;
		}
		i = j;
	}
}

static int lisa_stop_line(const char *s, const char *e)
{
	static const char *const kw[] = { "exists", "~", "forall", "locations", "filter", "final",
					  "(" };
	if (memchr(s, '|', (size_t)(e - s)))
		return 0; /* a row of cells */
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++) {
		size_t n = strlen(kw[i]);
		if ((size_t)(e - s) >= n && !memcmp(s, kw[i], n))
			return 1;
	}
	return 0;
}

static void parse_lisa_threads(struct parser *p)
{
	if (p->nla)
		fail(p, IOM_EPARSE, p->la[0].pos, "LISA: expected the thread header after the "
		     "initial state");
	struct lit_lexer main = p->lx;
	const char *src = main.src;
	size_t off = main.off, len = main.len;
	int line = main.line, col = main.col;
	unsigned nth = 0, cap_ins[LIT_MAX_THREADS] = { 0 }, nr_ins[LIT_MAX_THREADS] = { 0 };
	struct lisa_ins *ins[LIT_MAX_THREADS] = { 0 };
	int header = 1;
	while (off < len) {
		size_t eol = off;
		while (eol < len && src[eol] != '\n')
			eol++;
		const char *ls = src + off, *le = src + eol;
		const char *q = ls;
		while (q < le && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (q == le) {
			off = eol < len ? eol + 1 : eol;
			line++;
			col = 1;
			continue;
		}
		if (lisa_stop_line(ls, le))
			break;
		/* cells */
		unsigned cell = 0;
		const char *cs = ls;
		int done = 0;
		while (!done) {
			const char *ce = cs;
			while (ce < le && *ce != '|' && *ce != ';')
				ce++;
			done = ce >= le || *ce == ';';
			struct lit_lexer cl;
			lit_lex_init(&cl, cs, (size_t)(ce - cs));
			cl.line = line;
			cl.col = col + (int)(cs - ls);
			p->lx = cl;
			p->nla = 0;
			if (header) {
				struct lit_token t = next(p);
				if (thread_number(&t) != (int)cell)
					fail(p, IOM_EPARSE, t.pos, "LISA: expected P%u in the thread "
					     "header, found %s", cell, describe(p, &t));
				if (cell >= LIT_MAX_THREADS)
					fail(p, IOM_ELIMIT, t.pos, "more than %d threads", LIT_MAX_THREADS);
				if (peek(p, 0)->kind != T_EOF)
					fail(p, IOM_EPARSE, peek(p, 0)->pos, "LISA: unexpected %s in the "
					     "thread header", describe(p, peek(p, 0)));
				struct iom_lit_thread *th = PUSH(p, p->t->threads, p->t->nr_threads,
								 p->cap_threads);
				th->id = (int)cell;
				th->pos = t.pos;
				p->cap_regs = 0;
				thread_reginits(p, th);
				nth = cell + 1;
			} else {
				if (cell >= nth)
					fail(p, IOM_EPARSE, (struct iom_lit_pos){ line, col + (int)(cs - ls) },
					     "LISA: more cells than threads");
				/* the instruction text, blanks collapsed */
				char buf[256];
				size_t n = 0;
				for (const char *c = cs; c < ce && n + 2 < sizeof(buf); c++) {
					int blank = *c == ' ' || *c == '\t' || *c == '\r';
					if (blank && (!n || buf[n - 1] == ' '))
						continue;
					buf[n++] = blank ? ' ' : *c;
				}
				while (n && buf[n - 1] == ' ')
					n--;
				p->cur = &p->t->threads[cell];
				p->cap_regs = p->cur->nr_regs; /* regs arrays are regrown below */
				struct lisa_ins *in = PUSH(p, ins[cell], nr_ins[cell], cap_ins[cell]);
				memset(in, 0, sizeof(*in));
				lisa_cell(p, in, xstrndup(p, buf, n));
				p->cur = NULL;
			}
			if (p->lx.bad)
				fail(p, IOM_EPARSE, p->lx.bad_pos, "%s", p->lx.bad_msg);
			cell++;
			cs = ce + 1;
		}
		if (header && !nth)
			fail(p, IOM_EPARSE, (struct iom_lit_pos){ line, col }, "LISA: no threads");
		header = 0;
		off = eol < len ? eol + 1 : eol;
		line++;
		col = 1;
	}
	p->lx = main;
	p->nla = 0;
	lit_lex_seek(&p->lx, off);
	if (!nth)
		fail(p, IOM_EPARSE, (struct iom_lit_pos){ line, col }, "LISA: expected the thread "
		     "header P0 | P1 ... ;");
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
	uint64_t num = v->num;
	/* herd7 7.57 reads a hex literal of the init block or the condition as an OCaml Int32:
	 * 0xffffffff is -1 (litmus/lkmm/Compat-hex-init-wrap); an MMIO test keeps 64 bits */
	if (v->len > 2 && v->s[0] == '0' && (v->s[1] == 'x' || v->s[1] == 'X') &&
	    num >= 0x80000000ull && num <= 0xffffffffull && !iom_lit_is_mmio(p->t))
		num = (uint64_t)(int64_t)(int32_t)(uint32_t)num;
	next(p);
	return neg ? -(int64_t)num : (int64_t)num;
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

/* A name the condition or the locations list gives and nothing declares: herd7 7.57 takes
 * it as a location of its own, initially 0 (exists (z=0) holds; litmus/lkmm/Compat-
 * loc-only-in-cond). Only in an LKMM test: an MMIO test's names are its regions, devices
 * and variables, and a stray one is a mistake to report. Returns the sym, or -1. */
static int cond_new_sym(struct parser *p, const struct lit_token *t)
{
	if (t->kind != T_IDENT || iom_lit_is_mmio(p->t) || dev_number(t) >= 0 ||
	    thread_number(t) >= 0 || is_type_word(t))
		return -1;
	return add_sym(p, t, IOM_LIT_SYM_VAR);
}

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
	c->rhs_thread = -1;
	c->rhs_reg = -1;
	return c;
}

/* Register r of thread th for a condition or locations entry; a register the thread
 * never declares is added (herd7 reads it as 0). */
static int cond_reg(struct parser *p, int th, const struct lit_token *r)
{
	struct iom_lit_thread *t = &p->t->threads[th];
	int i = find_reg(t, r->s, r->len);
	if (i >= 0)
		return i;
	if (is_type_word(r))
		fail(p, IOM_EINVAL, r->pos, "register '%.*s' is spelt like a C type word", (int)r->len, r->s);
	/* a register the thread never declares, named like an I/O region: the thread's code
	 * may use the region by that name, and a register of the same name would hide it once
	 * the test is printed with its registers declared */
	int sy = find_sym(p->t, r->s, r->len);
	if (sy >= 0 && p->t->syms[sy].kind == IOM_LIT_SYM_REGION)
		fail(p, IOM_EINVAL, r->pos, "%d:%.*s: '%.*s' is an I/O region, not a register of P%d", th,
		     (int)r->len, r->s, (int)r->len, r->s, th);
	if (t->nr_regs >= 4096)
		fail(p, IOM_ELIMIT, r->pos, "too many registers in P%d", th);
	const char **n = xalloc(p, (t->nr_regs + 1) * sizeof(*n));
	if (t->nr_regs)
		memcpy(n, t->regs, t->nr_regs * sizeof(*n));
	n[t->nr_regs] = tokstr(p, r);
	t->regs = n;
	return (int)t->nr_regs++;
}

/* "=v" or "!=v" (herd7 stateParser: x!=v is ~(x=v)); returns c or NOT(c). */
static struct iom_lit_cond *new_cond(struct parser *p, enum iom_lit_cond_kind k,
				     struct iom_lit_pos pos);
static struct iom_lit_cond *cond_value(struct parser *p, struct iom_lit_cond *c)
{
	int ne = 0;
	if (peek(p, 0)->kind == T_NE) {
		next(p);
		ne = 1;
	} else if (peek(p, 0)->kind == T_EQEQ) {
		next(p); /* x==v */
	} else {
		expect_p(p, '=', "in a condition atom");
	}
	const struct lit_token *t = peek(p, 0);
	if (is_p(t, '&') && peek(p, 1)->kind == T_IDENT) {
		next(p);
		t = peek(p, 0);
	}
	if (t->kind == T_NUM && is_p(peek(p, 1), ':')) {
		/* 0:r1=1:r2 */
		struct lit_token tn = next(p);
		next(p);
		struct lit_token r = expect_ident(p, "as a register name");
		if (tn.num >= p->t->nr_threads)
			fail(p, IOM_EINVAL, tn.pos, "there is no thread P%llu", (unsigned long long)tn.num);
		c->rhs_thread = (int)tn.num;
		c->rhs_reg = cond_reg(p, c->rhs_thread, &r);
	} else if (t->kind == T_IDENT) {
		int s = find_sym(p->t, t->s, t->len);
		if (s < 0)
			fail(p, IOM_EINVAL, t->pos, "unknown identifier '%.*s'", (int)t->len, t->s);
		c->value_sym = s;
		next(p);
	} else {
		c->value = parse_value(p);
	}
	if (!ne)
		return c;
	struct iom_lit_cond *n = new_cond(p, IOM_LIT_C_NOT, c->pos);
	n->a = c;
	return n;
}

static void parse_cond_value(struct parser *p, struct iom_lit_cond *c)
{
	if (peek(p, 0)->kind == T_NE)
		fail(p, IOM_EPARSE, peek(p, 0)->pos, "'!=' is not supported in this atom");
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
	next(p);
	const struct lit_token *ix = peek(p, 0);
	if (ix->kind != T_NUM || !sym->array_len || ix->num >= sym->array_len)
		fail(p, IOM_EINVAL, ix->pos, "'%s' has no element %.*s", sym->name, (int)ix->len,
		     ix->s);
	*elem = (unsigned)ix->num;
	next(p);
	expect_p(p, ']', "after the array index");
}

/* The value of a condition atom: for a whole array (c->whole), a literal {v0, v1, ...}
 * of its length may follow '=' (herd7 7.57 compares it element by element; litmus/lkmm/
 * Compat-array-whole-*); anything else as cond_value() reads it. */
static struct iom_lit_cond *whole_value(struct parser *p, struct iom_lit_cond *c)
{
	if (!c->whole || !is_p(peek(p, 0), '=') || !is_p(peek(p, 1), '{'))
		return cond_value(p, c);
	next(p);
	struct lit_token open = next(p);
	unsigned n = p->t->syms[c->sym].array_len;
	c->arr = xalloc(p, n * sizeof(*c->arr));
	for (;;) {
		if (c->nr_arr == n)
			fail(p, IOM_EINVAL, peek(p, 0)->pos, "'%s' has %u elements", p->t->syms[c->sym].name, n);
		c->arr[c->nr_arr++] = parse_value(p);
		if (is_p(peek(p, 0), '}'))
			break;
		expect_p(p, ',', "between the values of an array");
	}
	next(p);
	if (c->nr_arr != n)
		fail(p, IOM_EINVAL, open.pos, "'%s' has %u elements, the value gives %u",
		     p->t->syms[c->sym].name, n, c->nr_arr);
	c->rhs_reg = -1;
	c->value_sym = -1;
	return c;
}

static struct iom_lit_cond *parse_atom(struct parser *p)
{
	const struct lit_token *t = peek(p, 0);
	struct iom_lit_cond *c;
	struct iom_lit_pos pos = t->pos;
	if (is_p(t, '~') || (is_id(t, "not") && find_sym(p->t, t->s, t->len) < 0)) {
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
		c->reg = cond_reg(p, th, &r);
		return cond_value(p, c);
	}
	int bracket = 0;
	if (is_p(t, '[') && peek(p, 1)->kind == T_IDENT) {
		bracket = 1;
		next(p);
		t = peek(p, 0);
		if (find_sym(p->t, t->s, t->len) < 0 && cond_new_sym(p, t) < 0)
			fail(p, IOM_EINVAL, t->pos, "unknown location '%.*s' in the condition",
			     (int)t->len, t->s);
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
	if (s < 0 && is_p(peek(p, 1), '='))
		s = cond_new_sym(p, t);
	if (s >= 0) {
		struct lit_token n = next(p);
		const struct iom_lit_sym *sym = &p->t->syms[s];
		if (bracket) {
			/* [x]=v, [a[1]]=v: herd7's bracketed location */
			if (sym->kind == IOM_LIT_SYM_REGION)
				fail(p, IOM_EINVAL, n.pos, "'[%s]': use %s[off]=v for a region",
				     sym->name, sym->name);
			c = new_cond(p, IOM_LIT_C_MEM, pos);
			c->sym = s;
			if (is_p(peek(p, 0), '['))
				parse_elem(p, sym, &c->elem);
			else
				c->whole = sym->array_len && !iom_lit_is_mmio(p->t);
			expect_p(p, ']', "to close '[' around a location");
			return cond_value(p, c);  /* herd7 7.57: no {...} after [a]= */
		}
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
		/* a lock in the condition: herd7 reads its memory value and lock.cat l.64 flags
		 * lock-final */
		c = new_cond(p, IOM_LIT_C_MEM, pos);
		c->sym = s;
		if (is_p(peek(p, 0), '['))
			parse_elem(p, sym, &c->elem); /* a[i]=v */
		else
			c->whole = sym->array_len && !iom_lit_is_mmio(p->t);
		return whole_value(p, c);
	}
	if (thread_number(t) >= 0 && is_p(peek(p, 1), ':')) {
		const struct lit_token *t2 = peek(p, 3);
		if (is_p(t2, '=') || t2->kind == T_NE) {
			/* P0:r0=v, accepted as a synonym of 0:r0=v */
			int th = thread_number(t);
			next(p);
			next(p);
			struct lit_token r = next(p);
			if (th >= (int)p->t->nr_threads)
				fail(p, IOM_EINVAL, pos, "there is no thread P%d", th);
			c = new_cond(p, IOM_LIT_C_REG, pos);
			c->thread = th;
			c->reg = cond_reg(p, th, &r);
			return cond_value(p, c);
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

/* a -> b and a => b, right-associative. herd7 7.57 (lib/stateParser.mly: "%left OR",
 * "%left AND", "%right IMPLIES", "%nonassoc NOT") gives implication a higher precedence than
 * /\ and \/: a /\ b => c is a /\ (b => c), a => b \/ c is (a => b) \/ c. */
static struct iom_lit_cond *parse_impl(struct parser *p)
{
	struct iom_lit_cond *c = parse_atom(p);
	const struct lit_token *t = peek(p, 0);
	if (t->kind == T_ARROW || (is_p(t, '=') && is_p(peek(p, 1), '>'))) {
		struct iom_lit_pos pos = t->pos;
		if (t->kind != T_ARROW)
			next(p);
		next(p);
		enter(p, pos);
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
	while (peek(p, 0)->kind == T_AND) {
		struct iom_lit_pos pos = next(p).pos;
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
			struct iom_lit_locref lr = { .thread = -1, .reg = -1, .sym = -1, .pos = t->pos };
			if (t->kind == T_NUM && is_p(peek(p, 1), ':')) {
				struct lit_token tn = next(p);
				next(p);
				struct lit_token r = expect_ident(p, "as a register name");
				if (tn.num >= p->t->nr_threads)
					fail(p, IOM_EINVAL, tn.pos, "there is no thread P%llu",
					     (unsigned long long)tn.num);
				lr.thread = (int)tn.num;
				lr.reg = cond_reg(p, lr.thread, &r);
			} else {
				struct lit_token n = expect_ident(p, "in locations");
				int s = find_sym(p->t, n.s, n.len);
				if (s < 0)
					s = cond_new_sym(p, &n);
				if (s < 0)
					fail(p, IOM_EINVAL, n.pos, "unknown location '%.*s'", (int)n.len,
					     n.s);
				lr.sym = s;
				if (is_p(peek(p, 0), '[')) {
					next(p);
					const struct lit_token *ix = peek(p, 0);
					if (ix->kind != T_NUM || ix->num >= p->t->syms[s].array_len)
						fail(p, IOM_EINVAL, ix->pos, "'%s' has no element %.*s",
						     p->t->syms[s].name, (int)ix->len, ix->s);
					lr.elem = (unsigned)ix->num;
					next(p);
					expect_p(p, ']', "after the array index");
				} else {
					*PUSH(p, p->t->locations, p->t->nr_locations, cap) = s;
					/* herd7 7.57: an array's bare name is the whole array */
					lr.whole = p->t->syms[s].array_len && !iom_lit_is_mmio(p->t);
				}
			}
			*PUSH(p, p->t->locs, p->t->nr_locs, p->cap_locs2) = lr;
			if (is_p(peek(p, 0), '*'))
				next(p); /* "1:r1*": a pointer-typed entry (herd7 LISA) */
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
		/* herd7: no final condition means forall (true) */
		p->t->quant = IOM_LIT_Q_FORALL;
		p->t->cond = new_cond(p, IOM_LIT_C_TRUE, t->pos);
		return;
	} else {
		fail(p, IOM_EPARSE, t->pos, "expected exists, ~exists, forall, filter or a thread, "
		     "found %s", describe(p, t));
	}
	p->t->cond = parse_prop(p);
	t = peek(p, 0);
	if (is_p(t, ';'))
		t = (next(p), peek(p, 0));
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
			/* Never, Sometimes, Always or DEADLOCK, optionally followed by DATARACE;
			 * any other wording is free text (kernel tests use it) */
			const char *w;
			size_t n;
			s += 7;
			(void)pos;
			if (word(&s, eol, &w, &n)) {
				while (n > 1 && (w[n - 1] == ',' || w[n - 1] == '.' || w[n - 1] == ';'))
					n--; /* "Sometimes, as ..." */
				char *v = xstrndup(p, w, n);
				enum iom_lit_verdict r;
				if (!strcmp(v, "DEADLOCK"))
					p->t->result_deadlock = true;
				else if (iom_lit_verdict_parse(v, &r) == 0 && r != IOM_LIT_V_ERROR &&
					 r != IOM_LIT_V_NONE)
					p->t->result = r;
				else
					goto next_line;
				if (word(&s, eol, &w, &n) && n >= 8 && !memcmp(w, "DATARACE", 8))
					p->t->result_datarace = true;
			}
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
	next_line:
		bol = eol + 1;
		line++;
	}
}

/* ---- top level ---- */

static void parse_test(struct parser *p)
{
	const struct lit_token *t = peek(p, 0);
	if (is_id(t, "LISA")) {
		p->lisa = 1;
		p->t->dialect = IOM_LIT_DIALECT_LISA;
	} else if (!is_id(t, "C")) {
		fail(p, IOM_EPARSE, t->pos, "a C litmus test starts with 'C <name>', found %s",
		     describe(p, t));
	}
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
	lit_lex_skip_meta(&p->lx);
	while (p->nla == 0 && p->lx.col == 1 && p->lx.off + 1 < p->lx.len &&
	       p->lx.src[p->lx.off] == 'C' && (p->lx.src[p->lx.off + 1] == ' ' ||
					       p->lx.src[p->lx.off + 1] == '\t')) {
		/* a second "C name" line (seen in public tests): herd7 keeps the first */
		lit_lex_rest_of_line(&p->lx);
		lit_lex_skip_meta(&p->lx);
	}
	if (p->nla == 0)
		lit_lex_skip_free_text(&p->lx);
	parse_init(p);
	/* the header comment sits before the init block; read it now for Result:/Expect: */
	parse_header(p);
	if (p->lisa)
		parse_lisa_threads(p);
	for (;;) {
		t = peek(p, 0);
		if (p->lisa)
			break;
		if (is_id(t, "void") && thread_number(peek(p, 1)) >= 0 && is_p(peek(p, 2), '(')) {
			next(p); /* herd7 7.57: "void P0(...)" */
			continue;
		}
		if (thread_number(t) >= 0 && is_p(peek(p, 1), '('))
			parse_thread(p);
		else if (is_id(t, "DEV") && is_p(peek(p, 1), '('))
			parse_device(p);
		else
			break;
	}
	if (!p->t->nr_threads)
		fail(p, IOM_EPARSE, t->pos, "expected thread P0, found %s", describe(p, t));
	for (unsigned i = 0; i < p->nr_preg; i++)
		if (!p->preg[i].used)
			fail(p, IOM_EINVAL, p->preg[i].ri.pos, "%d:%s: there is no thread P%d",
			     p->preg[i].thread, p->preg[i].name, p->preg[i].thread);
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
