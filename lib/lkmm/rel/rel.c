// SPDX-License-Identifier: MIT
/* iomodel -- LKMM relation layer: the relational algebra of the cat language (| & \ ; ^-1
 * + * ? [S] S*T domain range) over bit rows, and the three checks (empty, irreflexive,
 * acyclic). */
#include "lkmm/rel/rel.h"

/* Runs STMT with NW the words per row of D as a constant (1, 2, 3 or LK_W): the compiler
 * then keeps a row in registers instead of looping over a variable count per row. */
#define BY_NW(D, STMT)                                                                  \
	do {                                                                            \
		switch ((D)->nw) {                                                      \
		case 1: { const int NW = 1; STMT; } break;                             \
		case 2: { const int NW = 2; STMT; } break;                             \
		case 3: { const int NW = 3; STMT; } break;                             \
		default: { const int NW = LK_W; STMT; } break;                         \
		}                                                                       \
	} while (0)
#define ROWS(D, i) for (int i = 0; i < (D)->n; i++)
#define WORDS(k) for (int k = 0; k < NW; k++)

/* Only the D->nw words of a row that D uses are touched: every reader stops at D->nw
 * words, and a relation is cleared or copied whole again before a wider use (one word
 * of four with up to 64 events, two with up to 128: half the bytes a whole row has) */
void rel_clear(const struct lk_dim *D, lk_rel *r)
{
	BY_NW(D, ROWS(D, i) WORDS(k) r->r[i].w[k] = 0);
}

void rel_copy(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	BY_NW(D, ROWS(D, i) WORDS(k) d->r[i].w[k] = a->r[i].w[k]);
}

void rel_or(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	BY_NW(D, ROWS(D, i) WORDS(k) d->r[i].w[k] |= a->r[i].w[k]);
}

void rel_and(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	BY_NW(D, ROWS(D, i) WORDS(k) d->r[i].w[k] &= a->r[i].w[k]);
}

void rel_minus(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	BY_NW(D, ROWS(D, i) WORDS(k) d->r[i].w[k] &= ~a->r[i].w[k]);
}

/* t = a;b with rows of NW words, reading only a's bits in mask: a constant NW lets the
 * compiler keep a row in registers (a variable one costs a memset and a loop per row). */
static inline __attribute__((always_inline)) void seq_rows(int n, lk_rel *t, const lk_rel *a,
							   const lk_rel *b, const uint64_t *mask,
							   const int NW)
{
	for (int i = 0; i < n; i++) {
		uint64_t acc[LK_W] = { 0 };
		for (int k = 0; k < NW; k++) {
			uint64_t w = a->r[i].w[k] & mask[k];
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
	_Static_assert(LK_W == 4, "all: one ~0 per word");
	static const uint64_t all[LK_W] = { ~0ull, ~0ull, ~0ull, ~0ull };
	BY_NW(D, seq_rows(D->n, t, a, b, all, NW));
	if (t != d)
		rel_copy(D, d, t);
}

/* dom(b): the events whose row is not empty */
static inline __attribute__((always_inline)) void dom_rows(int n, const lk_rel *b, uint64_t *dom,
							   const int NW)
{
	for (int k = 0; k < LK_W; k++)
		dom[k] = 0;
	for (int j = 0; j < n; j++) {
		uint64_t any = 0;
		for (int q = 0; q < NW; q++)
			any |= b->r[j].w[q];
		dom[j >> 6] |= (uint64_t)(any != 0) << (j & 63);
	}
}

void rel_seq_sparse(const struct lk_dim *D, lk_rel *d, const lk_rel *a, const lk_rel *b)
{
	lk_rel *t = d == a || d == b ? NULL : d;
	static _Thread_local lk_rel tmp;
	if (!t)
		t = &tmp;
	uint64_t dom[LK_W];
	BY_NW(D, dom_rows(D->n, b, dom, NW); seq_rows(D->n, t, a, b, dom, NW));
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
static inline __attribute__((always_inline)) void plus_rows(int n, lk_rel *d, const int NW)
{
	for (int k = 0; k < n; k++) {
		uint64_t rk[LK_W], any = 0;
		WORDS(q) any |= rk[q] = d->r[k].w[q];
		if (!any)
			continue;
		uint64_t bit = 1ull << (k & 63);
		for (int i = 0; i < n; i++)
			if (d->r[i].w[k >> 6] & bit)
				WORDS(q) d->r[i].w[q] |= rk[q];
	}
}

/* Is a;a within a? (Then a+ is a: co, made of total orders, mostly is.) */
static inline __attribute__((always_inline)) bool transitive_rows(int n, const lk_rel *a,
								   const int NW)
{
	for (int i = 0; i < n; i++)
		WORDS(k)
			for (uint64_t w = a->r[i].w[k]; w; w &= w - 1) {
				int j = k * 64 + __builtin_ctzll(w);
				WORDS(q) if (a->r[j].w[q] & ~a->r[i].w[q]) return false;
			}
	return true;
}

void rel_plus(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	bool tr;
	BY_NW(D, tr = transitive_rows(D->n, a, NW));
	if (d != a)
		rel_copy(D, d, a);
	if (!tr)
		BY_NW(D, plus_rows(D->n, d, NW));
}

void rel_star(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	rel_plus(D, d, a);
	for (int i = 0; i < D->n; i++)
		set_add(&d->r[i], i);
}

void rel_star_acyclic(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	if (!rel_star_if_acyclic(D, d, a))
		rel_star(D, d, a);  /* not acyclic after all: the general closure */
}

/* A topological order of a by depth-first search, NW words a row: post[0..n) has each
 * event after every event it reaches, or false at a cycle (an edge to an event on the
 * search's stack). Each event is pushed once and each visit looks at the successors not
 * finished yet a word at a time, so the work grows with the events, not the edges; the
 * bit sets are updated a word at a time by selection (a store at a computed index would
 * keep them in memory). */
static inline __attribute__((always_inline)) bool post_order(int n, const lk_rel *a, int *post,
							     const int NW)
{
	uint64_t done[LK_W] = { 0 }, onstack[LK_W] = { 0 };
	int stack[LK_MAXEV], np = 0;
	for (int s0 = 0; s0 < n; s0++) {
		if (done[s0 >> 6] >> (s0 & 63) & 1)
			continue;
		int sp = 0;
		stack[sp++] = s0;
		for (int k = 0; k < NW; k++)
			onstack[k] |= (s0 >> 6) == k ? 1ull << (s0 & 63) : 0;
		while (sp) {
			int v = stack[sp - 1], u = -1;
			uint64_t back = 0;
			for (int k = 0; k < NW; k++) {
				uint64_t nxt = a->r[v].w[k] & ~done[k];
				back |= nxt & onstack[k];
				if (nxt && u < 0)
					u = k * 64 + __builtin_ctzll(nxt);
			}
			if (back)
				return false;
			if (u >= 0) {
				stack[sp++] = u;
				for (int k = 0; k < NW; k++)
					onstack[k] |= (u >> 6) == k ? 1ull << (u & 63) : 0;
			} else {
				sp--;
				for (int k = 0; k < NW; k++) {
					uint64_t bit = (v >> 6) == k ? 1ull << (v & 63) : 0;
					onstack[k] &= ~bit;
					done[k] |= bit;
				}
				post[np++] = v;
			}
		}
	}
	return true;
}

bool rel_star_if_acyclic(const struct lk_dim *D, lk_rel *d, const lk_rel *a)
{
	/* a topological order, then the rows from the last event of it back: d[i] = {i}
	 * and the rows of i's successors, all complete by then */
	int post[LK_MAXEV];
	bool ok;
	BY_NW(D, ok = post_order(D->n, a, post, NW));
	if (!ok)
		return false;   /* a cycle: d is left as it was */
	BY_NW(D, for (int q = 0; q < D->n; q++) {
		int i = post[q];
		uint64_t acc[LK_W];
		/* {i}, a word at a time: a store at a computed index would leave the row in
		 * memory (a wide load after a narrow store stalls) */
		WORDS(k) acc[k] = (i >> 6) == k ? 1ull << (i & 63) : 0;
		WORDS(k)
			for (uint64_t w = a->r[i].w[k]; w; w &= w - 1) {
				int j = k * 64 + __builtin_ctzll(w);
				WORDS(p) acc[p] |= d->r[j].w[p];
			}
		WORDS(k) d->r[i].w[k] = acc[k];
	});
	return true;
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
	ROWS(D, i)
		if (!set_has(s, i))
			d->r[i] = (lk_set){ { 0 } };
}

void rel_ran(const struct lk_dim *D, lk_rel *d, const lk_set *s)
{
	BY_NW(D, ROWS(D, i) WORDS(k) d->r[i].w[k] &= s->w[k]);
}

void rel_cross(const struct lk_dim *D, lk_rel *d, const lk_set *a, const lk_set *b)
{
	for (int i = 0; i < D->n; i++) {
		if (set_has(a, i))
			d->r[i] = *b;
		else
			d->r[i] = (lk_set){ { 0 } };
	}
}

void rel_domain(const struct lk_dim *D, lk_set *s, const lk_rel *r)
{
	*s = (lk_set){ { 0 } };
	BY_NW(D, ROWS(D, i) {
		uint64_t any = 0;
		WORDS(k) any |= r->r[i].w[k];
		if (any)
			set_add(s, i);
	});
}

void rel_range(const struct lk_dim *D, lk_set *s, const lk_rel *r)
{
	*s = (lk_set){ { 0 } };
	BY_NW(D, ROWS(D, i) WORDS(k) s->w[k] |= r->r[i].w[k]);
}

bool rel_empty(const struct lk_dim *D, const lk_rel *r)
{
	uint64_t any = 0;
	BY_NW(D, ROWS(D, i) WORDS(k) any |= r->r[i].w[k]);
	return !any;
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
	/* post_order()'s depth-first search: an edge to an event on its stack is a cycle */
	int post[LK_MAXEV];
	bool ok;
	BY_NW(D, ok = post_order(D->n, r, post, NW));
	return ok;
}

bool rel_equal(const struct lk_dim *D, const lk_rel *a, const lk_rel *b)
{
	uint64_t diff = 0;
	BY_NW(D, ROWS(D, i) WORDS(k) diff |= a->r[i].w[k] ^ b->r[i].w[k]);
	return !diff;
}
