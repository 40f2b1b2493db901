/* SPDX-License-Identifier: MIT */
/* iomodel -- litmus module internals: arena, lexer and parser state (not installed). */
#ifndef IOMODEL_LITMUS_INT_H
#define IOMODEL_LITMUS_INT_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include "iomodel/litmus.h"

#define LIT_MAX_INPUT (1u << 20)  /* bytes; larger inputs are refused (IOM_ELIMIT)      */
#define LIT_MAX_DEPTH 64          /* nesting of expressions, conditions and blocks       */
#define LIT_MAX_THREADS 128
#define LIT_MAX_COUNT 4           /* string accessor elements (ORD-5.3)         */

/* ---- arena: every AST node of one test lives here and is freed at once ---- */
struct lit_chunk {
	struct lit_chunk *next;
	size_t used, size;
	max_align_t data[];
};

struct lit_arena {
	struct lit_chunk *head;
};

void *lit_alloc(struct lit_arena *a, size_t n);          /* zeroed; NULL on OOM */
void lit_arena_release(struct lit_arena *a);

/* ---- tokens ---- */
enum lit_tok {
	T_EOF,
	T_IDENT,
	T_NUM,
	T_AND,      /* /\ */
	T_OR,       /* \/ */
	T_EQEQ,     /* == */
	T_NE,       /* != */
	T_LE,       /* <= */
	T_GE,       /* >= */
	T_LAND,     /* && */
	T_LOR,      /* || */
	T_SHL,      /* << */
	T_SHR,      /* >> */
	T_ARROW,    /* -> */
	T_PUNCT,    /* single character in tok.ch */
};

struct lit_token {
	enum lit_tok kind;
	int ch;                     /* T_PUNCT                                   */
	const char *s;              /* T_IDENT / T_NUM text (not NUL-terminated) */
	size_t len;
	uint64_t num;               /* T_NUM                                     */
	struct iom_lit_pos pos;
};

struct lit_lexer {
	const char *src;
	size_t len, off;
	int line, col;
	int depth;                  /* braces: (* *) comments only at depth 0    */
	const char *first_comment;  /* text of the first (* *) comment           */
	size_t first_comment_len;
	struct iom_lit_pos first_comment_pos;
	int in_init;                /* parsing the init block: (* *) comments at
				     * depth 1 too (herd7's state lexer)          */
	int header;                 /* between the name line and '{': herd7's
				     * splitter nests comments only after a "(*"
				     * that ends its line                         */
	int asm_imm;                /* an assembly cell: '#' starts an immediate   */
	int u64;                    /* numbers up to 2^64-1 (AArch64 tests: 64-bit
				     * values, kept as two's complement)          */
	const char *variant;        /* the value of a Variant=... header line       */
	size_t variant_len;
	struct iom_lit_pos variant_pos;
	int bad;                    /* set on a lexical error; see bad_msg        */
	const char *bad_msg;
	struct iom_lit_pos bad_pos;
};

void lit_lex_init(struct lit_lexer *lx, const char *src, size_t len);
/* Next token; on a lexical error returns T_EOF with lx->bad set. */
struct lit_token lit_lex_next(struct lit_lexer *lx);
/* Skip blanks, then return the rest of the current line (for "C name"). */
struct lit_token lit_lex_rest_of_line(struct lit_lexer *lx);
/* Skip the metadata lines diy7 writes between the name line and the init block: a
 * "quoted" line and KEY=value lines (Prefetch=..., Com=..., Orig=..., Hash=...), with
 * comments in between. Stops at anything else. */
void lit_lex_skip_meta(struct lit_lexer *lx);
void lit_lex_skip_free_text(struct lit_lexer *lx);
/* Move forward to byte offset off (>= the current one), keeping line/col. */
void lit_lex_seek(struct lit_lexer *lx, size_t off);

#endif
