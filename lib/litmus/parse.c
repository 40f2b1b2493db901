// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser: herd7 C litmus tests as LKMM writes them (the C dialect herd7
 * 7.57 reads with linux-kernel.def@v6.12, and LISA), plus C-MMIO.
 * Recursive descent over lex.c's tokens; every node goes into the test's arena. Errors
 * unwind with longjmp to iom_lit_parse(), which frees the arena and returns the code; the
 * diag carries file:line:col. Nesting is bounded (LIT_MAX_DEPTH) and every loop consumes
 * a token, so no input can recurse deeply or loop forever.
 * Grammar: docs/litmus-format.md. Extension: ORD-5.3. This file: errors, tokens, types and
 * symbols, and the top level; parse_int.h lists the others, one per part of the grammar. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse_int.h"

noreturn_attr __attribute__((format(printf, 4, 5))) void
lp_fail(struct parser *p, int code, struct iom_lit_pos pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	iom_diag_vset(p->d, code, p->file, pos.line, pos.col, fmt, ap);
	va_end(ap);
	longjmp(p->jb, code);
}

void *lp_xalloc(struct parser *p, size_t n)
{
	void *r = lit_alloc(&p->arena, n);
	if (!r)
		lp_fail(p, IOM_ENOMEM, (struct iom_lit_pos){ 0, 0 }, "out of memory");
	return r;
}

void *lp_grow(struct parser *p, void *arr, unsigned nr, unsigned *cap, size_t sz)
{
	if (nr < *cap)
		return arr;
	unsigned nc = *cap ? *cap * 2 : 8;
	if (nc > (1u << 16))
		lp_fail(p, IOM_ELIMIT, p->la[0].pos, "too many items (limit %u)", 1u << 16);
	void *n = lp_xalloc(p, (size_t)nc * sz);
	if (nr)
		memcpy(n, arr, (size_t)nr * sz);
	*cap = nc;
	return n;
}


char *lp_xstrndup(struct parser *p, const char *s, size_t n)
{
	char *r = lp_xalloc(p, n + 1);
	memcpy(r, s, n);
	r[n] = 0;
	return r;
}

/* ---- token access ---- */

const struct lit_token *lp_peek(struct parser *p, int k)
{
	while (p->nla <= k) {
		p->la[p->nla] = lit_lex_next(&p->lx);
		if (p->lx.bad)
			lp_fail(p, IOM_EPARSE, p->lx.bad_pos, "%s", p->lx.bad_msg);
		p->nla++;
	}
	return &p->la[k];
}

struct lit_token lp_next(struct parser *p)
{
	struct lit_token t = *lp_peek(p, 0);
	memmove(&p->la[0], &p->la[1], sizeof(p->la[0]) * (size_t)(p->nla - 1));
	p->nla--;
	return t;
}

int lp_is_p(const struct lit_token *t, int ch)
{
	return t->kind == T_PUNCT && t->ch == ch;
}

int lp_is_id(const struct lit_token *t, const char *s)
{
	return t->kind == T_IDENT && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

const char *lp_describe(struct parser *p, const struct lit_token *t)
{
	static const char *const names[] = {
		[T_EOF] = "end of input", [T_AND] = "'/\\'", [T_OR] = "'\\/'", [T_EQEQ] = "'=='",
		[T_NE] = "'!='", [T_LE] = "'<='", [T_GE] = "'>='", [T_LAND] = "'&&'",
		[T_LOR] = "'||'", [T_SHL] = "'<<'", [T_SHR] = "'>>'", [T_ARROW] = "'->'",
	};
	if (t->kind == T_IDENT || t->kind == T_NUM) {
		size_t n = t->len > 40 ? 40 : t->len;
		char *s = lp_xalloc(p, n + 3);
		snprintf(s, n + 3, "'%.*s'", (int)n, t->s);
		return s;
	}
	if (t->kind == T_PUNCT) {
		char *s = lp_xalloc(p, 4);
		snprintf(s, 4, "'%c'", t->ch);
		return s;
	}
	return names[t->kind];
}

struct lit_token lp_expect_p(struct parser *p, int ch, const char *ctx)
{
	const struct lit_token *t = lp_peek(p, 0);
	if (!lp_is_p(t, ch))
		lp_fail(p, IOM_EPARSE, t->pos, "expected '%c' %s, found %s", ch, ctx, lp_describe(p, t));
	return lp_next(p);
}

struct lit_token lp_expect_ident(struct parser *p, const char *ctx)
{
	const struct lit_token *t = lp_peek(p, 0);
	if (t->kind != T_IDENT)
		lp_fail(p, IOM_EPARSE, t->pos, "expected a name %s, found %s", ctx, lp_describe(p, t));
	return lp_next(p);
}

char *lp_tokstr(struct parser *p, const struct lit_token *t)
{
	return lp_xstrndup(p, t->s, t->len);
}

void lp_enter(struct parser *p, struct iom_lit_pos pos)
{
	if (++p->depth > LIT_MAX_DEPTH)
		lp_fail(p, IOM_ELIMIT, pos, "nesting deeper than %d levels", LIT_MAX_DEPTH);
}

/* "devN" -> N, or -1 */
int lp_dev_number(const struct lit_token *t)
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
int lp_thread_number(const struct lit_token *t)
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

int lp_is_type_word(const struct lit_token *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(type_words); i++)
		if (lp_is_id(t, type_words[i]))
			return 1;
	return 0;
}

/* Type words and '*' up to the declared name; returns the type text ("" if none). */
char *lp_parse_type(struct parser *p)
{
	char buf[128];
	size_t n = 0;
	int base = 0; /* a base type was seen: '*' may follow */
	buf[0] = 0;
	for (;;) {
		const struct lit_token *t = lp_peek(p, 0);
		if (lp_is_type_word(t)) {
			if (!lp_is_id(t, "volatile") && !lp_is_id(t, "const") && !lp_is_id(t, "__iomem") &&
			    !lp_is_id(t, "_Atomic"))
				base = 1;
			if (lp_is_id(t, "struct")) {
				lp_next(p);
				t = lp_peek(p, 0);
				if (t->kind != T_IDENT)
					lp_fail(p, IOM_EPARSE, t->pos, "expected a struct name");
				n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%sstruct", n ? " " : "");
				if (n + t->len + 2 >= sizeof(buf))
					lp_fail(p, IOM_ELIMIT, t->pos, "type too long");
			}
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%.*s", n ? " " : "",
					      (int)t->len, t->s);
			lp_next(p);
		} else if (lp_is_p(t, '*') && base) {
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s", " *");
			lp_next(p);
		} else {
			break;
		}
		if (n >= sizeof(buf) - 1)
			lp_fail(p, IOM_ELIMIT, t->pos, "type too long");
	}
	return lp_xstrndup(p, buf, n);
}

/* The declared type without qualifiers (volatile, const, __iomem): "volatile int *" ->
 * "int *". NULL for an empty type. */
const char *lp_canon_type(struct parser *p, const char *type)
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
	return n ? lp_xstrndup(p, buf, n) : NULL;
}

/* The pointed-to type of a parameter type: "int *" -> "int"; NULL if not a pointer. */
const char *lp_pointee_type(struct parser *p, const char *ctype)
{
	size_t n = ctype ? strlen(ctype) : 0;
	if (n < 2 || ctype[n - 1] != '*')
		return NULL;
	n--;
	while (n && ctype[n - 1] == ' ')
		n--;
	return n ? lp_xstrndup(p, ctype, n) : NULL;
}

enum iom_lit_sym_kind lp_type_kind(const char *type)
{
	if (strstr(type, "spinlock_t"))
		return IOM_LIT_SYM_LOCK;
	if (strstr(type, "srcu_struct"))
		return IOM_LIT_SYM_SRCU;
	return IOM_LIT_SYM_VAR;
}

/* ---- symbols and registers ---- */

int lp_find_sym(const struct iom_lit_test *t, const char *s, size_t n)
{
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (strlen(t->syms[i].name) == n && !memcmp(t->syms[i].name, s, n))
			return (int)i;
	return -1;
}

int lp_is_autosym(struct parser *p, int s)
{
	return s >= 0 && (unsigned)s < p->cap_auto && p->autosym[s];
}

int lp_add_sym(struct parser *p, const struct lit_token *name, enum iom_lit_sym_kind k)
{
	int old = lp_find_sym(p->t, name->s, name->len);
	if (lp_is_autosym(p, old)) {
		/* first mentioned as a value (x = y;), declared now */
		p->autosym[old] = 0;
		p->t->syms[old].kind = k;
		p->t->syms[old].pos = name->pos;
		return old;
	}
	if (old >= 0)
		lp_fail(p, IOM_EINVAL, name->pos, "'%.*s' is declared twice", (int)name->len, name->s);
	if (lp_dev_number(name) >= 0 || lp_thread_number(name) >= 0)
		lp_fail(p, IOM_EINVAL, name->pos, "'%.*s' is reserved for devices and threads",
		     (int)name->len, name->s);
	if (lp_is_type_word(name))
		/* a test is kept and printed as C (a LISA one too), where such a name cannot be
		 * declared: int x = s8; mentions a location s8 */
		lp_fail(p, IOM_EINVAL, name->pos, "location '%.*s' is spelt like a C type word",
		     (int)name->len, name->s);
	if (iom_lit_prim_lookup(lp_tokstr(p, name)) != IOM_LIT_P_NONE)
		/* the same for a primitive's name: printed as C, r = rcu_dereference(*x);
		 * would read the location rcu_dereference (a LISA test can name one) */
		lp_fail(p, IOM_EINVAL, name->pos, "location '%.*s' is spelt like a primitive",
		     (int)name->len, name->s);
	struct iom_lit_sym *s = PUSH(p, p->t->syms, p->t->nr_syms, p->cap_syms);
	s->name = lp_tokstr(p, name);
	s->kind = k;
	s->init_ref = -1;
	s->dev = -1;
	s->pos = name->pos;
	return (int)(p->t->nr_syms - 1);
}

/* A shared name mentioned as a value in the init block (x = y; p = &y;): herd7 creates the
 * location on first mention, with value 0. */
int lp_mention_sym(struct parser *p, const struct lit_token *name)
{
	int s = lp_find_sym(p->t, name->s, name->len);
	if (s >= 0)
		return s;
	s = lp_add_sym(p, name, IOM_LIT_SYM_VAR);
	if ((unsigned)s >= p->cap_auto) {
		unsigned nc = p->cap_auto ? p->cap_auto * 2 : 16;
		while (nc <= (unsigned)s)
			nc *= 2;
		unsigned char *n = lp_xalloc(p, nc);
		if (p->cap_auto)
			memcpy(n, p->autosym, p->cap_auto);
		p->autosym = n;
		p->cap_auto = nc;
	}
	p->autosym[s] = 1;
	return s;
}

int lp_find_reg(const struct iom_lit_thread *th, const char *s, size_t n)
{
	if (!th)
		return -1;
	for (unsigned i = 0; i < th->nr_regs; i++)
		if (strlen(th->regs[i]) == n && !memcmp(th->regs[i], s, n))
			return (int)i;
	return -1;
}

/* ---- top level ---- */

static void parse_test(struct parser *p)
{
	const struct lit_token *t = lp_peek(p, 0);
	if (lp_is_id(t, "LISA")) {
		p->lisa = 1;
		p->t->dialect = IOM_LIT_DIALECT_LISA;
	} else if (lp_is_id(t, "AArch64")) {
		p->aarch64 = 1;
		p->t->dialect = IOM_LIT_DIALECT_AARCH64;
		p->lx.u64 = 1;
	} else if (!lp_is_id(t, "C")) {
		lp_fail(p, IOM_EPARSE, t->pos, "a C litmus test starts with 'C <name>', found %s",
		     lp_describe(p, t));
	}
	if (p->nla != 1)
		lp_fail(p, IOM_EPARSE, t->pos, "internal: lookahead");
	p->nla = 0;
	struct lit_token name = lit_lex_rest_of_line(&p->lx);
	if (name.kind == T_EOF)
		lp_fail(p, IOM_EPARSE, name.pos, "missing test name after 'C'");
	size_t n = 0;
	while (n < name.len && name.s[n] != ' ' && name.s[n] != '\t')
		n++;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)name.s[i] < 0x21 || (unsigned char)name.s[i] > 0x7e)
			lp_fail(p, IOM_EPARSE, name.pos, "the test name must be printable ASCII");
	p->t->name = lp_xstrndup(p, name.s, n);
	lit_lex_skip_meta(&p->lx);
	if (p->aarch64 && p->lx.variant) {
		/* herd7's Variant= line: telechat (a RET with no register ends the thread, as
		 * compiled code's return from the thread's function; AArch64Sem.ml I_RET None)
		 * is modelled; morello (capabilities) is not */
		const char *v = p->lx.variant;
		size_t vn = p->lx.variant_len;
		if (vn != 8 || memcmp(v, "telechat", 8))
			lp_fail(p, IOM_EINVAL, p->lx.variant_pos, "AArch64: Variant=%.*s is not "
				"supported (only telechat; morello's capabilities and mixed sizes are out "
				"of scope)", (int)(vn > 60 ? 60 : vn), v);
		p->t->variant = lp_xstrndup(p, v, vn);
	}
	while (p->nla == 0 && p->lx.col == 1 && p->lx.off + 1 < p->lx.len &&
	       p->lx.src[p->lx.off] == 'C' && (p->lx.src[p->lx.off + 1] == ' ' ||
					       p->lx.src[p->lx.off + 1] == '\t')) {
		/* a second "C name" line (seen in public tests): herd7 keeps the first */
		lit_lex_rest_of_line(&p->lx);
		lit_lex_skip_meta(&p->lx);
	}
	if (p->nla == 0)
		lit_lex_skip_free_text(&p->lx);
	lp_parse_init(p);
	/* the header comment sits before the init block; read it now for Result:/Expect: */
	lp_parse_header(p);
	if (p->lisa)
		lp_parse_lisa_threads(p);
	else if (p->aarch64)
		lp_parse_aarch64_threads(p);
	for (;;) {
		t = lp_peek(p, 0);
		if (p->lisa || p->aarch64)
			break;
		if (lp_is_id(t, "void") && lp_thread_number(lp_peek(p, 1)) >= 0 && lp_is_p(lp_peek(p, 2), '(')) {
			lp_next(p); /* herd7 7.57: "void P0(...)" */
			continue;
		}
		if (lp_thread_number(t) >= 0 && lp_is_p(lp_peek(p, 1), '('))
			lp_parse_thread(p);
		else if (lp_is_id(t, "DEV") && lp_is_p(lp_peek(p, 1), '('))
			lp_parse_device(p);
		else
			break;
	}
	if (!p->t->nr_threads)
		lp_fail(p, IOM_EPARSE, t->pos, "expected thread P0, found %s", lp_describe(p, t));
	for (unsigned i = 0; i < p->nr_preg; i++)
		if (!p->preg[i].used)
			lp_fail(p, IOM_EINVAL, p->preg[i].ri.pos, "%d:%s: there is no thread P%d",
			     p->preg[i].thread, p->preg[i].name, p->preg[i].thread);
	lp_parse_final(p);
	lp_resolve_pending(p);
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
	p->t = lp_xalloc(p, sizeof(*p->t) + sizeof(struct lit_arena));
	p->t->result = IOM_LIT_V_NONE;
	p->t->file = lp_xstrndup(p, p->file, strlen(p->file));
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
