// SPDX-License-Identifier: MIT
/* iomodel -- LKMM relation layer: the relational algebra of the cat language (| & \ ; ^-1
 * + * ? [S] S*T domain range) over bit rows, and the three checks (empty, irreflexive,
 * acyclic). */
#include "lkmm/rel/rel.h"

void rel_clear(const struct lk_dim *D, lk_rel *r)
{
	for (int i = 0; i < D->n; i++)
		set_clear(D, &r->r[i]);
}

void rel_copy(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	for (int i = 0; i < D->n; i++)
		d->r[i] = a->r[i];
}

void rel_or(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	for (int i = 0; i < D->n; i++)
		set_or(D, &d->r[i], &a->r[i]);
}

void rel_and(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	for (int i = 0; i < D->n; i++)
		set_and(D, &d->r[i], &a->r[i]);
}

void rel_minus(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	for (int i = 0; i < D->n; i++)
		set_minus(D, &d->r[i], &a->r[i]);
}

/* t = a;b with rows of NW words: a constant NW lets the compiler keep a row in registers
 * (a variable one costs a memset and a loop per row). */
static inline __attribute__((always_inline)) void seq_rows(int n, lk_rel *t, const lk_rel *a,
							   const lk_rel *b, const int NW)
{
	for (int i = 0; i < n; i++) {
		uint64_t acc[LK_W] = { 0 };
		for (int k = 0; k < NW; k++) {
			uint64_t w = a->r[i].w[k];
			while (w) {
				int j = k * 64 + __builtin_ctzll(w);
				w &= w - 1;
				for (int q = 0; q < NW; q++)
					acc[q] |= b->r[j].w[q];
			}
		}
		for (int q = 0; q < NW; q++)
			t->r[i].w[q] = acc[q];
	}
}

void rel_seq(const struct lk_dim *D, lk_rel *d, const lk_rel *a, const lk_rel *b)
{
	lk_rel *t = d == a || d == b ? NULL : d;
	static _Thread_local lk_rel tmp;
	if (!t)
		t = &tmp;
	switch (D->nw) {
	case 1: seq_rows(D->n, t, a, b, 1); break;
	case 2: seq_rows(D->n, t, a, b, 2); break;
	case 3: seq_rows(D->n, t, a, b, 3); break;
	default: seq_rows(D->n, t, a, b, LK_W); break;
	}
	if (t != d)
		rel_copy(D, d, t);
}

void rel_inv(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	static _Thread_local lk_rel tmp;
	rel_clear(D, &tmp);
	for (int i = 0; i < D->n; i++)
		LK_FOR_W(D, k) {
			uint64_t w = a->r[i].w[k];
			while (w) {
				int j = k * 64 + __builtin_ctzll(w);
				w &= w - 1;
				set_add(&tmp.r[j], i);
			}
		}
	rel_copy(D, d, &tmp);
}

/* Warshall: for each k, rows that reach k get k's row. */
void rel_plus(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	if (d != a)
		rel_copy(D, d, a);
	for (int k = 0; k < D->n; k++) {
		const lk_set rk = d->r[k];
		if (set_empty(D, &rk))
			continue;
		for (int i = 0; i < D->n; i++)
			if (set_has(&d->r[i], k))
				set_or(D, &d->r[i], &rk);
	}
}

void rel_star(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	rel_plus(D, d, a);
	for (int i = 0; i < D->n; i++)
		set_add(&d->r[i], i);
}

void rel_opt(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	if (d != a)
		rel_copy(D, d, a);
	for (int i = 0; i < D->n; i++)
		set_add(&d->r[i], i);
}

void rel_id(const struct lk_dim *D, lk_rel *d, const lk_set *s)
{
	rel_clear(D, d);
	for (int i = 0; i < D->n; i++)
		if (set_has(s, i))
			set_add(&d->r[i], i);
}

void rel_dom(const struct lk_dim *D, lk_rel *d, const lk_set *s)
{
	for (int i = 0; i < D->n; i++)
		if (!set_has(s, i))
			set_clear(D, &d->r[i]);
}

void rel_ran(const struct lk_dim *D, lk_rel *d, const lk_set *s)
{
	for (int i = 0; i < D->n; i++)
		set_and(D, &d->r[i], s);
}

void rel_cross(const struct lk_dim *D, lk_rel *d, const lk_set *a, const lk_set *b)
{
	for (int i = 0; i < D->n; i++) {
		if (set_has(a, i))
			d->r[i] = *b;
		else
			set_clear(D, &d->r[i]);
	}
}

void rel_domain(const struct lk_dim *D, lk_set *s, const lk_rel *r)
{
	set_clear(D, s);
	for (int i = 0; i < D->n; i++)
		if (!set_empty(D, &r->r[i]))
			set_add(s, i);
}

void rel_range(const struct lk_dim *D, lk_set *s, const lk_rel *r)
{
	set_clear(D, s);
	for (int i = 0; i < D->n; i++)
		set_or(D, s, &r->r[i]);
}

bool rel_empty(const struct lk_dim *D, const lk_rel *r)
{
	for (int i = 0; i < D->n; i++)
		if (!set_empty(D, &r->r[i]))
			return false;
	return true;
}

bool rel_irreflexive(const struct lk_dim *D, const lk_rel *r)
{
	for (int i = 0; i < D->n; i++)
		if (set_has(&r->r[i], i))
			return false;
	return true;
}

bool rel_acyclic(const struct lk_dim *D, const lk_rel *r)
{
	/* Kahn's algorithm on the bit rows */
	int indeg[LK_MAXEV], stack[LK_MAXEV], sp = 0, seen = 0;
	for (int i = 0; i < D->n; i++)
		indeg[i] = 0;
	for (int i = 0; i < D->n; i++)
		LK_FOR_W(D, k) {
			uint64_t w = r->r[i].w[k];
			while (w) {
				indeg[k * 64 + __builtin_ctzll(w)]++;
				w &= w - 1;
			}
		}
	for (int i = 0; i < D->n; i++)
		if (!indeg[i])
			stack[sp++] = i;
	while (sp) {
		int i = stack[--sp];
		seen++;
		LK_FOR_W(D, k) {
			uint64_t w = r->r[i].w[k];
			while (w) {
				int j = k * 64 + __builtin_ctzll(w);
				w &= w - 1;
				if (--indeg[j] == 0)
					stack[sp++] = j;
			}
		}
	}
	return seen == D->n;
}

bool rel_equal(const struct lk_dim *D, const lk_rel *a, const lk_rel *b)
{
	for (int i = 0; i < D->n; i++)
		LK_FOR_W(D, k) if (a->r[i].w[k] != b->r[i].w[k]) return false;
	return true;
}
