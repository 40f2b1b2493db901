// SPDX-License-Identifier: MIT
/* iomodel -- LKMM engine, events layer: locations (one per scalar, array element, pointer
 * offset and device register) and how their values print. */
#include <string.h>
#include "iomodel/buf.h"
#include "iomodel/aarch64.h"
#include "lkmm/lkmm_int.h"

int lk_reg_loc(const struct lk_test *lt, int dev, uint64_t off)
{
	for (int l = 0; l < lt->nloc; l++)
		if (lt->reg_dev[l] == dev && lt->reg_off[l] == off)
			return l;
	return -1;
}

int lk_ptr_loc(const struct lk_test *lt, int64_t v)
{
	if (!lk_is_ptr(v))
		return -1;
	int sym = lk_ptr_sym(v);
	int64_t e = lk_ptr_elem(v);
	if (sym < 0 || (unsigned)sym >= lt->t->nr_syms)
		return -1;
	if (e == 0)
		return lt->loc_base[sym];
	/* herd7: a + 1 is a location of its own, not the element a[1] (which a test names
	 * only in the init block and the condition) */
	for (int l = 0; l < lt->nloc; l++)
		if (lt->loc_off[l] == e && lt->loc_sym[l] == sym)
			return l;
	return -1;
}

int lk_ptr_loc_make(struct lk_test *lt, int64_t v)
{
	int l = lk_ptr_loc(lt, v);
	if (l >= 0 || !lk_is_ptr(v))
		return l;
	int sym = lk_ptr_sym(v);
	int64_t e = lk_ptr_elem(v);
	if (sym < 0 || (unsigned)sym >= lt->t->nr_syms || e <= 0)
		return -1;
	if (lt->nloc >= LK_MAXLOC)
		return -3;  /* the caller stops the run: LK_MAXLOC */
	l = lt->nloc++;
	lt->loc_sym[l] = sym;
	lt->loc_elem[l] = 0;
	lt->loc_off[l] = (int)e;
	lt->loc_init[l] = 0;
	lt->is_lock[l] = false;
	lt->reg_dev[l] = -1;
	return l;
}

void lk_loc_print(const struct lk_test *lt, int loc, struct iom_buf *b)
{
	const struct iom_lit_sym *sy = &lt->t->syms[lt->loc_sym[loc]];
	if (lt->loc_off[loc])
		iom_buf_printf(b, "%s+%d", sy->name, lt->loc_off[loc]);
	else if (sy->array_len)
		iom_buf_printf(b, "%s[%d]", sy->name, lt->loc_elem[loc]);
	else
		iom_buf_puts(b, sy->name);
}

/* A location's final value as herd7 7.57 prints it: at the width and signedness of the
 * type the init block declares for it (char x = 1; prints 300 as 44, uint8_t -5 as 251,
 * atomic_t -3 as 4294967293; checked against herd7 7.57, litmus/lkmm/Compat-*).
 * The value itself, which the condition reads, is not truncated; a type given by a
 * parameter only (P0(char *x)) changes nothing. */
int64_t lk_value_at_type(const struct iom_lit_sym *sy, int64_t v)
{
	static const struct { const char *type; int bits; bool sign; } w[] = {
		{ "char", 8, true }, { "int8_t", 8, true }, { "short", 16, true },
		{ "int16_t", 16, true }, { "uint8_t", 8, false }, { "uint16_t", 16, false },
		{ "uint32_t", 32, false }, { "atomic_t", 32, false },
	};
	if (!sy->init_typed || !sy->ctype || lk_is_ptr(v) || v == LK_SYMB)
		return v;
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		if (!strcmp(sy->ctype, w[i].type)) {
			uint64_t m = (1ull << w[i].bits) - 1, u = (uint64_t)v & m;
			if (w[i].sign && (u >> (w[i].bits - 1)))
				return (int64_t)(u | ~m);
			return (int64_t)u;
		}
	return v;
}

int64_t lk_a64_at_type(const char *ctype, int64_t v)
{
	static const struct { const char *type; int bits; bool sign; } w[] = {
		{ "int8_t", 8, true }, { "char", 8, true }, { "uint8_t", 8, false },
		{ "int16_t", 16, true }, { "short", 16, true }, { "uint16_t", 16, false },
		{ "int", 32, true }, { "int32_t", 32, true }, { "uint32_t", 32, false },
		{ "unsigned", 32, false }, { "unsigned int", 32, false },
	};
	if (lk_is_ptr(v) || v == LK_SYMB || lk_is_code(v))
		return v;
	int bits = 32;
	bool sign = true;
	if (ctype) {
		bits = 64;
		for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
			if (!strcmp(ctype, w[i].type)) {
				bits = w[i].bits;
				sign = w[i].sign;
			}
	}
	if (bits == 64)
		return v;
	uint64_t m = (1ull << bits) - 1, u = (uint64_t)v & m;
	if (sign && (u >> (bits - 1)))
		return (int64_t)(u | ~m);
	return (int64_t)u;
}

void lk_a64_value_print(const struct iom_lit_test *t, const char *ctype, int64_t v,
			struct iom_buf *b)
{
	if (lk_is_code(v)) {
		/* a label's code address, as herd7 prints it */
		const struct iom_a64_prog *pg = t->threads[lk_code_tid(v)].a64;
		for (unsigned j = 0; j < pg->nlab; j++)
			if (pg->lab_at[j] == (unsigned)lk_code_idx(v)) {
				iom_buf_printf(b, "%d:%s", lk_code_tid(v), pg->lab[j]);
				return;
			}
	}
	if (ctype && !lk_is_ptr(v) && v != LK_SYMB && v < 0 &&
	    (!strcmp(ctype, "uint64_t") || !strcmp(ctype, "unsigned long") ||
	     !strcmp(ctype, "unsigned long long"))) {
		iom_buf_printf(b, "%llu", (unsigned long long)v);
		return;
	}
	lk_value_print(t, v, b);
}

int lk_a64_type_bytes(const char *ctype)
{
	static const struct { const char *type; int bytes; } w[] = {
		{ "int8_t", 1 }, { "uint8_t", 1 }, { "char", 1 }, { "int16_t", 2 }, { "uint16_t", 2 },
		{ "short", 2 }, { "int64_t", 8 }, { "uint64_t", 8 }, { "long", 8 },
		{ "unsigned long", 8 }, { "long long", 8 }, { "intptr_t", 8 }, { "uintptr_t", 8 },
	};
	for (size_t i = 0; ctype && i < sizeof(w) / sizeof(w[0]); i++)
		if (!strcmp(ctype, w[i].type))
			return w[i].bytes;
	return ctype && strchr(ctype, '*') ? 8 : 4;
}

const char *lk_a64_reg_type(const struct iom_lit_thread *th, int reg)
{
	for (unsigned i = 0; i < th->nr_reg_inits; i++)
		if (th->reg_inits[i].reg == reg)
			return th->reg_inits[i].ctype;
	return NULL;
}

const char *lk_a64_loc_type(const struct iom_lit_sym *sy)
{
	return sy->init_typed ? sy->ctype : NULL;
}

void lk_value_print(const struct iom_lit_test *t, int64_t v, struct iom_buf *b)
{
	if (v == LK_SYMB) {
		iom_buf_puts(b, "S");  /* herd7 numbers its symbols (S16); the number is internal */
		return;
	}
	if (lk_is_ptr(v) && (unsigned)lk_ptr_sym(v) < t->nr_syms) {
		int64_t e = lk_ptr_elem(v);
		iom_buf_puts(b, t->syms[lk_ptr_sym(v)].name);
		if (e)
			iom_buf_printf(b, "+%lld", (long long)e);
	} else {
		/* the common case, a small number, without printf (a state list can hold
		 * millions of values) */
		char d[24];
		int n = sizeof(d);
		uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
		do
			d[--n] = (char)('0' + u % 10);
		while (u /= 10);
		if (v < 0)
			d[--n] = '-';
		iom_buf_add(b, d + n, sizeof(d) - (size_t)n);
	}
}
