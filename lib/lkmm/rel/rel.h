/* SPDX-License-Identifier: MIT */
/* iomodel -- LKMM relation layer: bit-matrix relations over the events of one execution.
 * Row i of a relation is the set of j with (i, j) in it. n events, nw = ceil(n / 64)
 * words per row; rows and words past n are kept zero. */
#ifndef IOMODEL_LKMM_REL_H
#define IOMODEL_LKMM_REL_H

#include <string.h>
#include "lkmm/lkmm_int.h"

struct lk_dim {
	int n, nw;
};

#define LK_FOR_W(D, k) for (int k = 0; k < (D)->nw; k++)

static inline void set_clear(const struct lk_dim *D, lk_set *s) { LK_FOR_W(D, k) s->w[k] = 0; }
static inline void set_add(lk_set *s, int i) { s->w[i >> 6] |= 1ull << (i & 63); }
static inline bool set_has(const lk_set *s, int i) { return s->w[i >> 6] >> (i & 63) & 1; }
static inline bool set_empty(const struct lk_dim *D, const lk_set *s)
{
	LK_FOR_W(D, k) if (s->w[k]) return false;
	return true;
}
static inline void set_or(const struct lk_dim *D, lk_set *d, const lk_set *a)
{
	LK_FOR_W(D, k) d->w[k] |= a->w[k];
}
static inline void set_and(const struct lk_dim *D, lk_set *d, const lk_set *a)
{
	LK_FOR_W(D, k) d->w[k] &= a->w[k];
}
static inline void set_minus(const struct lk_dim *D, lk_set *d, const lk_set *a)
{
	LK_FOR_W(D, k) d->w[k] &= ~a->w[k];
}
static inline bool set_intersects(const struct lk_dim *D, const lk_set *a, const lk_set *b)
{
	LK_FOR_W(D, k) if (a->w[k] & b->w[k]) return true;
	return false;
}
static inline void set_all(const struct lk_dim *D, lk_set *s)
{
	LK_FOR_W(D, k) {
		int rem = D->n - k * 64;   /* > 0 for every word below nw */
		s->w[k] = rem >= 64 ? ~0ull : (1ull << rem) - 1;
	}
}
static inline void set_not(const struct lk_dim *D, lk_set *d, const lk_set *a)
{
	lk_set all;
	set_all(D, &all);
	LK_FOR_W(D, k) d->w[k] = all.w[k] & ~a->w[k];
}

void rel_clear(const struct lk_dim *D, lk_rel *r);
void rel_copy(const struct lk_dim *D, lk_rel *d, const lk_rel *a);
void rel_or(const struct lk_dim *D, lk_rel *d, const lk_rel *a);          /* d |= a  */
void rel_and(const struct lk_dim *D, lk_rel *d, const lk_rel *a);         /* d &= a  */
void rel_minus(const struct lk_dim *D, lk_rel *d, const lk_rel *a);       /* d \= a  */
void rel_seq(const struct lk_dim *D, lk_rel *d, const lk_rel *a, const lk_rel *b); /* d = a;b */
/* d = a;b where most rows of b are empty (a strong fence's, rfe's): a's bits whose row in b
 * is empty are not read */
void rel_seq_sparse(const struct lk_dim *D, lk_rel *d, const lk_rel *a, const lk_rel *b);
void rel_inv(const struct lk_dim *D, lk_rel *d, const lk_rel *a);         /* d = a^-1 */
void rel_plus(const struct lk_dim *D, lk_rel *d, const lk_rel *a);        /* d = a+   */
void rel_star(const struct lk_dim *D, lk_rel *d, const lk_rel *a);        /* d = a*   */
/* d = a* for an a known to be acyclic (d != a): by a topological order, in time the
 * number of pairs of a rather than the square of the events */
void rel_star_acyclic(const struct lk_dim *D, lk_rel *d, const lk_rel *a);
bool rel_star_if_acyclic(const struct lk_dim *D, lk_rel *d, const lk_rel *a); /* a acyclic: d = a*; else false */
void rel_opt(const struct lk_dim *D, lk_rel *d, const lk_rel *a);         /* d = a?   */
void rel_id(const struct lk_dim *D, lk_rel *d, const lk_set *s);          /* d = [s]  */
void rel_dom(const struct lk_dim *D, lk_rel *d, const lk_set *s);         /* d = [s];d */
void rel_ran(const struct lk_dim *D, lk_rel *d, const lk_set *s);         /* d = d;[s] */
void rel_cross(const struct lk_dim *D, lk_rel *d, const lk_set *a, const lk_set *b); /* a*b */
void rel_domain(const struct lk_dim *D, lk_set *s, const lk_rel *r);
void rel_range(const struct lk_dim *D, lk_set *s, const lk_rel *r);
bool rel_empty(const struct lk_dim *D, const lk_rel *r);
bool rel_irreflexive(const struct lk_dim *D, const lk_rel *r);
bool rel_acyclic(const struct lk_dim *D, const lk_rel *r);
bool rel_equal(const struct lk_dim *D, const lk_rel *a, const lk_rel *b);
static inline void rel_add(lk_rel *r, int i, int j) { set_add(&r->r[i], j); }
static inline bool rel_has(const lk_rel *r, int i, int j) { return set_has(&r->r[i], j); }

#endif
