// SPDX-License-Identifier: MIT
/* iomodel -- litmus lexer and arena.
 * Tokens of herd7's C litmus dialect: C identifiers and numbers, C punctuation, the
 * condition connectives /\ and \/, C comments anywhere, and OCaml (* *) comments (nesting)
 * outside braces, where herd7 puts them. The first (* *) comment is kept for Result:. */
#include <stdlib.h>
#include <string.h>
#include "litmus_int.h"

void *lit_alloc(struct lit_arena *a, size_t n)
{
	size_t al = sizeof(max_align_t);
	n = (n + al - 1) / al * al;
	if (!n)
		n = al;
	if (!a->head || a->head->size - a->head->used < n) {
		size_t size = n > 16384 ? n : 16384;
		struct lit_chunk *c = malloc(sizeof(*c) + size);
		if (!c)
			return NULL;
		c->next = a->head;
		c->used = 0;
		c->size = size;
		a->head = c;
	}
	void *p = (char *)a->head->data + a->head->used;
	a->head->used += n;
	memset(p, 0, n);
	return p;
}

void lit_arena_release(struct lit_arena *a)
{
	while (a->head) {
		struct lit_chunk *n = a->head->next;
		free(a->head);
		a->head = n;
	}
}

void lit_lex_init(struct lit_lexer *lx, const char *src, size_t len)
{
	memset(lx, 0, sizeof(*lx));
	lx->src = src;
	lx->len = len;
	lx->line = 1;
	lx->col = 1;
}

static int peekc(const struct lit_lexer *lx, size_t k)
{
	return lx->off + k < lx->len ? (unsigned char)lx->src[lx->off + k] : -1;
}

static void adv(struct lit_lexer *lx)
{
	if (lx->off >= lx->len)
		return;
	if (lx->src[lx->off] == '\n') {
		lx->line++;
		lx->col = 1;
	} else {
		lx->col++;
	}
	lx->off++;
}

static void bad(struct lit_lexer *lx, struct iom_lit_pos pos, const char *msg)
{
	if (!lx->bad) {
		lx->bad = 1;
		lx->bad_msg = msg;
		lx->bad_pos = pos;
	}
}

/* Skip blanks and comments. Returns 0, or -1 on an unterminated comment. */
static int skip(struct lit_lexer *lx)
{
	for (;;) {
		int c = peekc(lx, 0);
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			adv(lx);
		} else if (c == '/' && peekc(lx, 1) == '*') {
			struct iom_lit_pos pos = { lx->line, lx->col };
			adv(lx);
			adv(lx);
			while (!(peekc(lx, 0) == '*' && peekc(lx, 1) == '/')) {
				if (peekc(lx, 0) < 0) {
					bad(lx, pos, "unterminated /* comment");
					return -1;
				}
				adv(lx);
			}
			adv(lx);
			adv(lx);
		} else if (c == '/' && peekc(lx, 1) == '/') {
			while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n')
				adv(lx);
		} else if (c == '(' && peekc(lx, 1) == '*' &&
			   (lx->depth == 0 || (lx->in_init && lx->depth == 1))) {
			struct iom_lit_pos pos = { lx->line, lx->col };
			if (lx->header && !(pos.col == 1 && peekc(lx, 2) == '\n')) {
				/* a flat header comment that never closes is free text to herd7 */
				size_t k = lx->off + 2;
				while (k + 1 < lx->len && !(lx->src[k] == '*' && lx->src[k + 1] == ')'))
					k++;
				if (k + 1 >= lx->len)
					return 0;
			}
			int nest = 1;
			size_t start;
			adv(lx);
			adv(lx);
			start = lx->off;
			/* herd7 7.57 reads a header comment (before '{') as ending at the first
			 * "*)", unless its "(*" is a line of its own; elsewhere comments nest
			 * (measured against herd7: litmus/lkmm/Comment+header-*) */
			bool flat = lx->header && !(pos.col == 1 && peekc(lx, 0) == '\n');
			while (nest) {
				if (peekc(lx, 0) < 0) {
					bad(lx, pos, "unterminated (* comment");
					return -1;
				}
				if (!flat && peekc(lx, 0) == '(' && peekc(lx, 1) == '*') {
					nest++;
					adv(lx);
				} else if (peekc(lx, 0) == '*' && peekc(lx, 1) == ')') {
					nest--;
					if (!nest)
						break;
					adv(lx);
				}
				adv(lx);
			}
			if (!lx->first_comment) {
				lx->first_comment = lx->src + start;
				lx->first_comment_len = lx->off - start;
				lx->first_comment_pos = (struct iom_lit_pos){ pos.line, pos.col + 2 };
			}
			adv(lx);
			adv(lx);
		} else {
			return 0;
		}
	}
}

static int is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_ident(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

struct lit_token lit_lex_next(struct lit_lexer *lx)
{
	struct lit_token t;
	memset(&t, 0, sizeof(t));
	if (lx->bad || skip(lx) < 0) {
		t.kind = T_EOF;
		t.pos = (struct iom_lit_pos){ lx->line, lx->col };
		return t;
	}
	t.pos = (struct iom_lit_pos){ lx->line, lx->col };
	int c = peekc(lx, 0);
	if (c < 0) {
		t.kind = T_EOF;
		return t;
	}
	t.s = lx->src + lx->off;
	if (is_ident_start(c)) {
		while (is_ident(peekc(lx, 0)))
			adv(lx);
		t.kind = T_IDENT;
		t.len = (size_t)(lx->src + lx->off - t.s);
		return t;
	}
	if (c >= '0' && c <= '9') {
		uint64_t v = 0;
		int overflow = 0;
		if (c == '0' && (peekc(lx, 1) == 'x' || peekc(lx, 1) == 'X')) {
			adv(lx);
			adv(lx);
			if (hexval(peekc(lx, 0)) < 0) {
				bad(lx, t.pos, "hexadecimal number without digits");
				t.kind = T_EOF;
				return t;
			}
			while (hexval(peekc(lx, 0)) >= 0) {
				if (v >> 60)
					overflow = 1;
				v = v << 4 | (uint64_t)hexval(peekc(lx, 0));
				adv(lx);
			}
		} else {
			while (peekc(lx, 0) >= '0' && peekc(lx, 0) <= '9') {
				uint64_t d = (uint64_t)(peekc(lx, 0) - '0');
				if (v > (UINT64_MAX - d) / 10)
					overflow = 1;
				v = v * 10 + d;
				adv(lx);
			}
		}
		/* C integer suffixes (1UL, 0x10u) */
		while (peekc(lx, 0) == 'u' || peekc(lx, 0) == 'U' || peekc(lx, 0) == 'l' ||
		       peekc(lx, 0) == 'L')
			adv(lx);
		if (is_ident(peekc(lx, 0))) {
			bad(lx, t.pos, "malformed number");
			t.kind = T_EOF;
			return t;
		}
		if (overflow || (v > (uint64_t)INT64_MAX && !lx->u64)) {
			bad(lx, t.pos, "number out of range");
			t.kind = T_EOF;
			return t;
		}
		t.kind = T_NUM;
		t.num = v;
		t.len = (size_t)(lx->src + lx->off - t.s);
		return t;
	}
	int c1 = peekc(lx, 1);
	static const struct {
		char a, b;
		enum lit_tok k;
	} two[] = {
		{ '/', '\\', T_AND }, { '\\', '/', T_OR }, { '=', '=', T_EQEQ }, { '!', '=', T_NE },
		{ '<', '=', T_LE },   { '>', '=', T_GE }, { '&', '&', T_LAND }, { '|', '|', T_LOR },
		{ '<', '<', T_SHL },  { '>', '>', T_SHR }, { '-', '>', T_ARROW },
	};
	for (size_t i = 0; i < sizeof(two) / sizeof(two[0]); i++) {
		if (c == two[i].a && c1 == two[i].b) {
			adv(lx);
			adv(lx);
			t.kind = two[i].k;
			t.len = 2;
			return t;
		}
	}
	if (c && (strchr("{}()[];,:=<>+-*/%&|^~!.", c) || (c == '#' && lx->asm_imm))) {
		/* strchr matches the NUL too; '#' only in assembly cells (#imm) */
		adv(lx);
		if (c == '{')
			lx->depth++;
		else if (c == '}' && lx->depth > 0)
			lx->depth--;
		t.kind = T_PUNCT;
		t.ch = c;
		t.len = 1;
		return t;
	}
	bad(lx, t.pos, c >= 0x20 && c < 0x7f ? "unexpected character" : "unexpected byte");
	t.kind = T_EOF;
	return t;
}

struct lit_token lit_lex_rest_of_line(struct lit_lexer *lx)
{
	struct lit_token t;
	memset(&t, 0, sizeof(t));
	while (peekc(lx, 0) == ' ' || peekc(lx, 0) == '\t')
		adv(lx);
	t.pos = (struct iom_lit_pos){ lx->line, lx->col };
	t.s = lx->src + lx->off;
	while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n')
		adv(lx);
	t.len = (size_t)(lx->src + lx->off - t.s);
	while (t.len && (t.s[t.len - 1] == ' ' || t.s[t.len - 1] == '\t' || t.s[t.len - 1] == '\r'))
		t.len--;
	t.kind = t.len ? T_IDENT : T_EOF;
	return t;
}

void lit_lex_seek(struct lit_lexer *lx, size_t off)
{
	while (lx->off < off && lx->off < lx->len)
		adv(lx);
}

/* Free text between the name line and the initial state: herd7's splitter skips
 * everything up to the first '{' ((* *) comments included, which it reads as comments). */
void lit_lex_skip_free_text(struct lit_lexer *lx)
{
	lx->header = 1;
	for (;;) {
		if (lx->bad || skip(lx) < 0) {
			lx->header = 0;
			return;
		}
		int c = peekc(lx, 0);
		if (c < 0 || c == '{' || (c < 0x20 && c != '\t' && c != '\r') || c == 0x7f) {
			lx->header = 0;
			return;  /* text only: a control byte is the lexer's error */
		}
		adv(lx);
	}
}

static void skip_meta_lines(struct lit_lexer *lx)
{
	for (;;) {
		if (lx->bad || skip(lx) < 0)
			return;
		int c = peekc(lx, 0);
		if (c == '"') {
			adv(lx);
			while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '"')
				adv(lx);
			adv(lx);
			continue;
		}
		if (!is_ident_start(c) || lx->col != 1)
			return;
		size_t k = 0;
		while (is_ident(peekc(lx, k)))
			k++;
		if (peekc(lx, k) != '=')
			return;
		bool variant = k == 7 && !memcmp(lx->src + lx->off, "Variant", 7);
		if (variant) {
			/* herd7 reads the test's variants from it (telechat, morello, ...) */
			lx->variant_pos = (struct iom_lit_pos){ lx->line, lx->col };
			lx->variant = lx->src + lx->off + k + 1;
		}
		while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n')
			adv(lx);
		if (variant) {
			size_t e = lx->off;
			while (e > (size_t)(lx->variant - lx->src) &&
			       (lx->src[e - 1] == ' ' || lx->src[e - 1] == '\t' || lx->src[e - 1] == '\r'))
				e--;
			lx->variant_len = e - (size_t)(lx->variant - lx->src);
		}
	}
}

void lit_lex_skip_meta(struct lit_lexer *lx)
{
	lx->header = 1;
	skip_meta_lines(lx);
	lx->header = 0;
}
