/* SPDX-License-Identifier: MIT */
/* iomodel -- litmus parser internals, shared by its files, one per part of the grammar:
 *   parse.c          errors, tokens, types, symbols; the top level (iom_lit_parse());
 *   parse_expr.c     expressions;
 *   parse_resolve.c  the operands of primitives;
 *   parse_stmt.c     statements and threads;
 *   parse_init.c     the init block;
 *   parse_lisa.c     LISA, herd7's generic assembly;
 *   parse_mmio.c     C-MMIO: event references and device blocks;
 *   parse_cond.c     the final condition, filter and locations;
 *   parse_header.c   the header comment's Result: and Expect: lines.
 * Functions one file calls in another carry the prefix lp_. */
#ifndef IOMODEL_LITMUS_PARSE_INT_H
#define IOMODEL_LITMUS_PARSE_INT_H

#include <setjmp.h>
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
#define LP_ALL_THREADS (-2)  /* pending_reg: an AArch64 symbolic register (%NAME), every thread's */

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
	int aarch64;            /* parsing an AArch64 test                               */
};

#define noreturn_attr __attribute__((noreturn))

/* parse.c (errors, tokens, types, symbols) */
void *lp_grow(struct parser *p, void *arr, unsigned nr, unsigned *cap, size_t sz);
/* a new element at the end of arr (nr elements, room for cap), grown as needed */
#define PUSH(p, arr, nr, cap) ((arr) = lp_grow((p), (arr), (nr), &(cap), sizeof(*(arr))), &(arr)[(nr)++])
int lp_add_sym(struct parser *p, const struct lit_token *name, enum iom_lit_sym_kind k);
const char *lp_canon_type(struct parser *p, const char *type);
const char *lp_describe(struct parser *p, const struct lit_token *t);
int lp_dev_number(const struct lit_token *t);
void lp_enter(struct parser *p, struct iom_lit_pos pos);
struct lit_token lp_expect_ident(struct parser *p, const char *ctx);
struct lit_token lp_expect_p(struct parser *p, int ch, const char *ctx);
noreturn_attr __attribute__((format(printf, 4, 5))) void lp_fail(struct parser *p, int code,
	struct iom_lit_pos pos, const char *fmt, ...);
int lp_find_reg(const struct iom_lit_thread *th, const char *s, size_t n);
int lp_find_sym(const struct iom_lit_test *t, const char *s, size_t n);
int lp_is_autosym(struct parser *p, int s);
int lp_is_id(const struct lit_token *t, const char *s);
int lp_is_p(const struct lit_token *t, int ch);
int lp_is_type_word(const struct lit_token *t);
int lp_mention_sym(struct parser *p, const struct lit_token *name);
struct lit_token lp_next(struct parser *p);
char *lp_parse_type(struct parser *p);
const struct lit_token *lp_peek(struct parser *p, int k);
const char *lp_pointee_type(struct parser *p, const char *ctype);
int lp_thread_number(const struct lit_token *t);
char *lp_tokstr(struct parser *p, const struct lit_token *t);
enum iom_lit_sym_kind lp_type_kind(const char *type);
void *lp_xalloc(struct parser *p, size_t n);
char *lp_xstrndup(struct parser *p, const char *s, size_t n);

/* parse_expr.c (expressions) */
int lp_binop(const struct lit_token *t, int *op);
int lp_has_deref(const struct iom_lit_expr *e);
struct iom_lit_expr *lp_new_expr(struct parser *p, enum iom_lit_expr_kind k,
	struct iom_lit_pos pos);
struct iom_lit_expr *lp_parse_binary(struct parser *p, int minprec);
struct iom_lit_expr *lp_parse_expr(struct parser *p);
struct iom_lit_expr *lp_parse_unary(struct parser *p);

/* parse_resolve.c (operand resolution) */
void lp_resolve_addr(struct parser *p, enum iom_lit_prim prim, const struct iom_lit_expr *e,
	int *region, uint64_t *off);
int lp_resolve_mem(struct parser *p, enum iom_lit_prim prim, const struct iom_lit_expr *e);
void lp_resolve_prim(struct parser *p, struct iom_lit_stmt *s);

/* parse_stmt.c (statements and threads) */
struct iom_lit_expr *lp_hoist_call(struct parser *p, struct iom_lit_pos pos);
struct iom_lit_expr *lp_hoist_load(struct parser *p, struct iom_lit_expr *a,
	struct iom_lit_pos pos);
void lp_init_stmt(struct iom_lit_stmt *s, enum iom_lit_stmt_kind k, struct iom_lit_pos pos);
struct iom_lit_stmt *lp_new_stmt(struct parser *p, struct stmt_list *l,
	enum iom_lit_stmt_kind k, struct iom_lit_pos pos);
int lp_new_temp(struct parser *p, struct iom_lit_pos pos);
void lp_parse_thread(struct parser *p);
struct iom_lit_stmt *lp_push_stmt(struct parser *p, struct stmt_list *l,
	const struct iom_lit_stmt *tmpl);
void lp_thread_reginits(struct parser *p, struct iom_lit_thread *th);
/* parse_aarch64.c */
void lp_parse_aarch64_threads(struct parser *p);
/* parse_rows.c: the thread rows of LISA and AArch64 tests; the threads are made from the
 * header row (thread() is called after each one's init registers), and each cell of the
 * other rows is handed to cell() with its text, p->cur and p->lx set. Returns how many
 * threads. */
struct lp_rows {
	const char *dialect;        /* in messages: "LISA", "AArch64"                      */
	int asm_cells;              /* AArch64: '#' immediates and 64-bit numbers in cells,
				     * comment lines between rows, keywords as whole words,
				     * empty cells past the last thread                     */
	void (*thread)(struct parser *p, struct iom_lit_thread *th);
	void (*cell)(struct parser *p, unsigned cell, const char *text, void *arg);
	void *arg;
};
unsigned lp_parse_rows(struct parser *p, const struct lp_rows *r);

/* parse_init.c (the init block) */
int lp_parse_dev_arg(struct parser *p, const char *what);
void lp_parse_init(struct parser *p);

/* parse_lisa.c (LISA) */
void lp_parse_lisa_threads(struct parser *p);

/* parse_mmio.c (event references and device blocks) */
int lp_dev_has_region(const struct iom_lit_test *t, int dev);
void lp_parse_device(struct parser *p);
void lp_parse_evref(struct parser *p, struct iom_lit_evref *r, int need_dev, int need);
int64_t lp_parse_value(struct parser *p);
void lp_resolve_pending(struct parser *p);

/* parse_cond.c (conditions) */
void lp_parse_final(struct parser *p);

/* parse_header.c (the header comment) */
void lp_parse_header(struct parser *p);

#endif
