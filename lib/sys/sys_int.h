/* SPDX-License-Identifier: MIT */
/* iomodel -- private helpers shared by the sys readers: growable arrays, messages, line
 * splitting and token parsing. Readers tokenise; they never parse by column, because the
 * kernel's printf widths overflow (FIELD-a.1). */
#ifndef IOMODEL_SYS_INT_H
#define IOMODEL_SYS_INT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "iomodel/sys.h"

#define SYS_LINE_MAX 1024

/* Make room for one more element; returns the new slot (zeroed) or NULL. */
void *iom_sys_grow(void **arr, size_t *nr, size_t *cap, size_t elsize);
#define SYS_PUSH(st, field) \
	((__typeof__((st)->field))iom_sys_grow((void **)&(st)->field, &(st)->nr_##field, \
					       &(st)->cap_##field, sizeof(*(st)->field)))

void iom_sys_msg(struct iom_sys_state *st, int input, int line, enum iom_sys_msg_sev sev,
		 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
char *iom_sys_strdup(const char *s);

/* Line iterator over a buffer that may hold NULs or lack a final newline. Each line is
 * copied (NULs become spaces, CR dropped, cut at SYS_LINE_MAX-1 with *cut set). */
struct sys_lines {
	const char *p, *end;
	int lineno;
	char buf[SYS_LINE_MAX];
	bool cut;
};
void sys_lines_init(struct sys_lines *it, const char *text, size_t len);
/* Next line into it->buf; false at the end. */
bool sys_lines_next(struct sys_lines *it);

/* Token helpers: each skips leading blanks, advances *p past what it consumed on success,
 * and leaves *p alone on failure. */
const char *sys_skip_ws(const char *p);
bool sys_hex(const char **p, uint64_t *v);      /* [0x]hex digits, no overflow        */
bool sys_hex0x(const char **p, uint64_t *v);    /* requires the 0x prefix             */
bool sys_dec(const char **p, uint64_t *v);
bool sys_lit(const char **p, const char *lit);  /* literal text (after blanks)         */
/* Copy a word ([^ \t,;:]+) into out. */
bool sys_word(const char **p, char *out, size_t n);
/* Kernel type names: cattr_name() and mtrr_attrib_to_str() names, and the 4-char PAT
 * configuration cells. Returns 0 or -1. */
int sys_type_name(const char *s, enum iom_mt *out);
int sys_bdf_norm(const char *s, char out[16]);  /* "bb:dd.f" or "dddd:bb:dd.f"        */

/* Add a BAR, merging with an existing one for the same device and address. */
struct iom_sys_bar *iom_sys_add_bar(struct iom_sys_state *st, const struct iom_sys_bar *b);

#endif
