// SPDX-License-Identifier: MIT
/* iomodel -- LKMM events layer: from a parsed test to the set of paths of each thread.
 *
 * A path is one way a thread can run: its events with their tags (tables/lkmm_events.def),
 * locations and values, the intra-thread relations herd7 computes for C (addr, data, ctrl,
 * rmw: herd/CSem.ml, herd/modelUtils.ml), and the final registers. Read values are
 * guessed from the finite set of values each location can hold (computed here by a
 * fixpoint); the search layer then keeps only the guesses some write justifies (rf) and
 * whose values are grounded (herd7's equation solver drops value cycles).
 * Dependencies follow herd7: data = a read's value flows into a store's value (and the
 * R->W of __atomic_op*, CSem.ml build_atomic_op), addr = into an address, ctrl = into the
 * condition of an if, to the events inside its branches only (herd/event.ml cond_comp). */
#include <stdlib.h>
#include <string.h>
#include "lkmm/lkmm_int.h"

enum lk_shape {
	LK_SH_LOAD, LK_SH_STORE, LK_SH_STORE_MB, LK_SH_FENCE, LK_SH_XCHG, LK_SH_CMPXCHG,
	LK_SH_OP, LK_SH_OP_RET, LK_SH_FETCH_OP, LK_SH_LOCK, LK_SH_UNLOCK, LK_SH_TRYLOCK,
	LK_SH_ISLOCKED, LK_SH_SYNC_SRCU, LK_SH_NOP, LK_SH_ADD_UNLESS,
};

struct lk_prim_row {
	const char *name;
	enum lk_shape shape;
	uint32_t rtag, wtag;
	int mb, op, imm, test, def_line;
};

static const struct lk_prim_row lk_rows[] = {
#define LK_PRIM(n, sh, rt, wt, mb, op, imm, test, line) \
	{ n, LK_SH_##sh, rt, wt, mb, op, imm, test, line },
#include "../tables/lkmm_events.def"
#undef LK_PRIM
};

static const struct lk_prim_row *row_of(enum iom_lit_prim p)
{
	const char *n = iom_lit_prim_name(p);
	if (p == IOM_LIT_P_PLAIN_LOAD || p == IOM_LIT_P_PLAIN_STORE || !n)
		return NULL;
	for (size_t i = 0; i < sizeof(lk_rows) / sizeof(lk_rows[0]); i++)
		if (!strcmp(lk_rows[i].name, n))
			return &lk_rows[i];
	return NULL;
}

/* The domain pass also runs every read with an unknown value (LK_TOP), and takes both
 * sides of a condition on it, so that the domains over-approximate every value herd7's
 * symbolic execution can produce (a value may be justified by a branch that only a
 * later-found value takes). Paths are never built from LK_TOP. */
#define LK_TOP INT64_MIN

/* ---- value domains ---------------------------------------------------------------------- */
/* The values a location may hold. A domain grows as needed: herd7 has no cap, and a capped
 * domain once dropped values silently (a location taking 128 values gave Never where herd7
 * says Sometimes). */
struct dom {
	int64_t *v;
	int n, cap;
};

/* Add v: 1 when it is new, 0 when it was there, -IOM_ENOMEM. */
static int dom_add(struct dom *d, int64_t v)
{
	for (int i = 0; i < d->n; i++)
		if (d->v[i] == v)
			return 0;
	if (d->n == d->cap) {
		int nc = d->cap ? 2 * d->cap : 16;
		int64_t *nv = realloc(d->v, (size_t)nc * sizeof(*nv));
		if (!nv)
			return -IOM_ENOMEM;
		d->v = nv;
		d->cap = nc;
	}
	d->v[d->n++] = v;
	return 1;
}

/* ---- thread interpretation --------------------------------------------------------------- */
struct tstate {
	struct lk_path p;
	uint64_t rtaint[LK_MAXREG];
	bool rcopy[LK_MAXREG];
	bool top;                   /* a read took LK_TOP on this path                     */
};

struct kont {
	const struct iom_lit_block *b;
	unsigned i;
	uint64_t ctrl;
	const struct kont *next;
	const struct iom_lit_stmt *loop; /* WHILE frames: the loop statement            */
	int kind;                   /* 0 resume b at i; 1 test the loop condition; 2 loop back */
	unsigned iter;
	/* WHILE frames: the control taint inside the loop, the entry's and every condition's
	 * tested so far. herd7 unrolls while (c) B as if (c) { B; if (c) { B; ... } }, so the
	 * later tests and bodies depend on every earlier test (CSem.ml While); the code after
	 * the loop resumes with ctrl, outside the ifs. */
	uint64_t lctrl;
};

struct ictx {
	struct lk_test *lt;
	const struct iom_lit_thread *th;
	int tid;                    /* thread of the events (device threads: ncpu + k)      */
	struct dom *dom;            /* per location                                       */
	struct dom *wrote;          /* values written (fixpoint pass)                      */
	bool *copyw;                /* location written with a copy of a read (LK_SYMB)   */
	bool collect;               /* store paths                                        */
	struct lk_paths *out;
	struct iom_diag *d;
	int err;
	unsigned long budget;
	int maxw;                   /* most writes on one path (domain pass)             */
	/* domain pass: program points already explored with the same registers (all that
	 * decides what the rest of the thread writes), a set of 128-bit keys */
	uint64_t *memo;             /* (hash, offset of the key in keys) pairs            */
	size_t memo_cap, memo_n;
	uint64_t *keys;             /* each key: its length, then its words               */
	size_t keys_n, keys_cap;
};

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	h *= 0xff51afd7ed558ccdull;
	return h ^ (h >> 33);
}

/* Returns true when this state was seen before (the caller then stops). The key is the
 * program point (block, index, the writes so far), the continuation frames and the
 * registers; the table holds a hash and the key's place in an arena, and a hit compares
 * the keys word by word, so two states that only share a hash are never merged. */
static bool memo_seen(struct ictx *c, const struct tstate *s, const struct iom_lit_block *b,
		      unsigned i, const struct kont *k)
{
	if (!c->memo)
		return false;
	int nw = 0;
	for (int j = 0; j < s->p.nev; j++)
		nw += s->p.ev[j].kind == LK_EV_W;
	size_t nf = 0;
	for (const struct kont *f = k; f; f = f->next)
		nf++;
	unsigned nr = c->th->nr_regs < LK_MAXREG ? c->th->nr_regs : LK_MAXREG;
	size_t klen = 3 + 4 * nf + nr;
	uint64_t kbuf[256], *key = klen <= 256 ? kbuf : malloc(klen * sizeof(*key));
	if (!key)
		return false;  /* no memo for this state: it is explored again, never dropped */
	size_t o = 0;
	key[o++] = (uint64_t)(uintptr_t)b;
	key[o++] = i;
	key[o++] = (uint64_t)nw;
	for (const struct kont *f = k; f; f = f->next) {
		key[o++] = (uint64_t)(uintptr_t)f->b;
		key[o++] = f->i;
		key[o++] = (uint64_t)(uintptr_t)f->loop;
		key[o++] = ((uint64_t)f->kind << 32) | f->iter;
	}
	for (unsigned r = 0; r < nr; r++)
		key[o++] = (uint64_t)s->p.regs[r] ^ ((uint64_t)s->rcopy[r] << 63);
	uint64_t h = 0x243f6a8885a308d3ull ^ klen;
	for (size_t j = 0; j < klen; j++)
		h = mix(h, key[j]);
	if (!h)
		h = 1;
	bool seen = false;
	size_t mask = c->memo_cap - 1, at = (size_t)h & mask;
	for (; c->memo[2 * at]; at = (at + 1) & mask) {
		if (c->memo[2 * at] != h)
			continue;
		const uint64_t *old = c->keys + c->memo[2 * at + 1];
		if (old[0] == klen && !memcmp(old + 1, key, klen * sizeof(*key))) {
			seen = true;
			break;
		}
	}
	if (seen || c->memo_n * 2 >= c->memo_cap) {
		if (!seen) {
			/* grow (up to 2^22 entries; past that, keep exploring without memo) */
			size_t nc = c->memo_cap * 2;
			uint64_t *nm = nc <= (1u << 22) ? calloc(2 * nc, sizeof(uint64_t)) : NULL;
			if (nm) {
				for (size_t j = 0; j < c->memo_cap; j++)
					if (c->memo[2 * j]) {
						size_t a2 = (size_t)c->memo[2 * j] & (nc - 1);
						while (nm[2 * a2])
							a2 = (a2 + 1) & (nc - 1);
						nm[2 * a2] = c->memo[2 * j];
						nm[2 * a2 + 1] = c->memo[2 * j + 1];
					}
				free(c->memo);
				c->memo = nm;
				c->memo_cap = nc;
				mask = nc - 1;
				for (at = (size_t)h & mask; c->memo[2 * at]; at = (at + 1) & mask)
					;
			} else {
				at = SIZE_MAX;
			}
		}
		if (seen || at == SIZE_MAX) {
			if (key != kbuf)
				free(key);
			return seen;
		}
	}
	if (c->keys_n + klen + 1 > c->keys_cap) {
		size_t nc = c->keys_cap ? 2 * c->keys_cap : 4096;
		while (nc < c->keys_n + klen + 1)
			nc *= 2;
		uint64_t *nk = realloc(c->keys, nc * sizeof(*nk));
		if (!nk) {
			if (key != kbuf)
				free(key);
			return false;
		}
		c->keys = nk;
		c->keys_cap = nc;
	}
	c->keys[c->keys_n] = klen;
	memcpy(c->keys + c->keys_n + 1, key, klen * sizeof(*key));
	c->memo[2 * at] = h;
	c->memo[2 * at + 1] = c->keys_n;
	c->keys_n += klen + 1;
	c->memo_n++;
	if (key != kbuf)
		free(key);
	return false;
}

static void fail_code(struct ictx *c, int code, int line, int col, const char *msg)
{
	if (!c->err) {
		iom_diag_set(c->d, code, c->lt->t->file, line, col, "%s", msg);
		c->err = -code;
	}
}

static void fail(struct ictx *c, int line, int col, const char *msg, const char *arg)
{
	if (!c->err) {
		iom_diag_set(c->d, IOM_EINVAL, c->lt->t->file, line, col, "%s%s", msg, arg);
		c->err = -IOM_EINVAL;
	}
}

struct val {
	int64_t v;
	uint64_t taint;
	bool ok;
	bool copy;                  /* an unmodified copy of one read's value              */
};

/* herd7's C values are OCaml Int32s (herdtools7 7.57: 2147483647 + 1 is -2147483648, and
 * 100000 * 100000 is 1410065408, checked with herd7 7.57; litmus/lkmm/Compat-*):
 * in an LKMM test, integer arithmetic wraps to 32 bits. Pointers (LK_PTR_BASE and up) and
 * the engine's markers are left alone, and an MMIO test keeps 64-bit values (writeq). */
static int64_t int32_wrap(const struct ictx *c, int64_t a, int64_t b, int64_t r)
{
	if (c->lt->mmio || lk_is_ptr(a) || lk_is_ptr(b) || r == LK_TOP || r == LK_SYMB)
		return r;
	return (int32_t)(uint32_t)(uint64_t)r;
}

static struct val eval(struct ictx *c, struct tstate *s, const struct iom_lit_expr *e)
{
	struct val r = { 0, 0, true, false }, a, b;
	if (!e)
		return r;
	switch (e->kind) {
	case IOM_LIT_E_CONST:
		r.v = e->value;
		return r;
	case IOM_LIT_E_REG:
		if (e->index < 0 || e->index >= LK_MAXREG) {
			r.ok = false;
			return r;
		}
		r.v = s->p.regs[e->index];
		r.taint = s->rtaint[e->index];
		r.copy = s->rcopy[e->index];
		return r;
	case IOM_LIT_E_SYM:
	case IOM_LIT_E_ADDR:
		if (e->kind == IOM_LIT_E_ADDR) {
			if (!e->a || e->a->kind != IOM_LIT_E_SYM) {
				fail(c, e->pos.line, e->pos.col, "the LKMM engine cannot take this address", "");
				r.ok = false;
				return r;
			}
			r.v = lk_ptr(e->a->index);
		} else
			r.v = lk_ptr(e->index);
		return r;
	case IOM_LIT_E_UNOP:
		a = eval(c, s, e->a);
		r = a;
		r.copy = false;
		if (a.v == LK_SYMB)
			r.ok = false;  /* unsolvable: the candidate is dropped */
		if (a.v == LK_TOP)
			return r;
		if (e->op == '-')
			r.v = int32_wrap(c, a.v, 0, (int64_t)(0 - (uint64_t)a.v));
		else if (e->op == '!')
			r.v = !a.v;
		else if (e->op == '~')
			r.v = int32_wrap(c, a.v, 0, ~a.v);
		return r;
	case IOM_LIT_E_BINOP:
		a = eval(c, s, e->a);
		b = eval(c, s, e->b);
		r.ok = a.ok && b.ok && a.v != LK_SYMB && b.v != LK_SYMB;
		r.taint = a.taint | b.taint;
		if (a.v == LK_TOP || b.v == LK_TOP) {
			r.v = LK_TOP;
			return r;
		}
		switch (e->op) {
		case '+': r.v = (int64_t)((uint64_t)a.v + (uint64_t)b.v); break;  /* pointer + n: by elements */
		case '-': r.v = lk_is_ptr(a.v) && lk_is_ptr(b.v) ? lk_ptr_elem(a.v) - lk_ptr_elem(b.v)
							      : (int64_t)((uint64_t)a.v - (uint64_t)b.v); break;
		case '*': r.v = (int64_t)((uint64_t)a.v * (uint64_t)b.v); break;
		case '/':
		case '%':
			if (!b.v) {
				/* herd7 stops the run: "Fatal error: exception Division_by_zero" */
				if (c->collect)
					fail(c, e->pos.line, e->pos.col, "division by zero", "");
				r.ok = false;
				break;
			}
			if (b.v == -1)  /* INT64_MIN / -1 would trap: wrap as the machine does */
				r.v = e->op == '/' ? (int64_t)(0 - (uint64_t)a.v) : 0;
			else
				r.v = e->op == '/' ? a.v / b.v : a.v % b.v;
			break;
		case '&': r.v = a.v & b.v; break;
		case '|': r.v = a.v | b.v; break;
		case '^': r.v = a.v ^ b.v; break;
		case '<': r.v = a.v < b.v; break;
		case '>': r.v = a.v > b.v; break;
		case IOM_LIT_OP_EQ: r.v = a.v == b.v; break;
		case IOM_LIT_OP_NE: r.v = a.v != b.v; break;
		case IOM_LIT_OP_LE: r.v = a.v <= b.v; break;
		case IOM_LIT_OP_GE: r.v = a.v >= b.v; break;
		case IOM_LIT_OP_LAND: r.v = a.v && b.v; break;
		case IOM_LIT_OP_LOR: r.v = a.v || b.v; break;
		case IOM_LIT_OP_SHL: r.v = (int64_t)((uint64_t)a.v << (b.v & 63)); break;
		case IOM_LIT_OP_SHR: r.v = a.v >> (b.v & 63); break;
		default: r.ok = false;
		}
		r.v = int32_wrap(c, a.v, b.v, r.v);
		return r;
	case IOM_LIT_E_DEREF:
	default:
		fail(c, e->pos.line, e->pos.col, "the LKMM engine cannot evaluate this expression", "");
		r.ok = false;
		return r;
	}
}

/* Location of a primitive: the resolved sym, else the pointer its address evaluates to
 * (stmt->addr; older ASTs: the location argument). */
static int loc_of(struct ictx *c, struct tstate *s, const struct iom_lit_stmt *st, int argi,
		  uint64_t *taint)
{
	*taint = 0;
	if (st->mem >= 0)
		return c->lt->loc_base[st->mem];
	const struct iom_lit_expr *e = st->addr;
	if (!e) {
		if ((unsigned)argi >= st->nr_args) {
			fail(c, st->pos.line, st->pos.col, "the LKMM engine cannot find this access's location", "");
			return -1;
		}
		e = st->args[argi];
		if (e->kind == IOM_LIT_E_DEREF)
			e = e->a;
	}
	struct val v = eval(c, s, e);
	if (!v.ok)
		return -1;
	*taint = v.taint;
	if (v.v == LK_TOP)
		return -2;
	int l = lk_ptr_loc_make(c->lt, v.v);
	if (l == -3) {
		fail_code(c, IOM_ELIMIT, e->pos.line, e->pos.col,
			  "more than 200 locations with those pointer arithmetic makes: the LKMM "
			  "engine's limit (LK_MAXLOC)");
		return -1;
	}
	if (l >= 0 && c->dom[l].n == 0 && dom_add(&c->dom[l], c->lt->loc_init[l]) < 0) {
		c->err = -IOM_ENOMEM;  /* a location first met here */
		return -1;
	}
	return l < 0 ? -2 : l;  /* -2: not a location in this path: the path is impossible */
}

static int add_ev(struct ictx *c, struct tstate *s, const struct iom_lit_stmt *st, int kind,
		  uint32_t tags, int loc, int64_t val, uint64_t ctrl)
{
	struct lk_path *p = &s->p;
	if (p->nev >= LK_MAXTEV) {
		fail_code(c, IOM_ELIMIT, st->pos.line, st->pos.col,
			  "more than 64 events on one path of this thread: the LKMM engine's limit (LK_MAXTEV)");
		return -1;
	}
	int i = p->nev++;
	struct lk_ev *e = &p->ev[i];
	memset(e, 0, sizeof(*e));
	e->kind = (uint8_t)kind;
	e->tags = tags;
	e->loc = loc;
	e->val = val;
	e->tid = c->tid;
	e->prim = st ? (int)st->prim : -1;
	e->elem = 0;
	e->poi = i;
	e->stmt = st ? st->id : -1;
	e->grp = st ? st->group : -1;
	e->line = st ? st->pos.line : 0;
	e->col = st ? st->pos.col : 0;
	e->dev = e->region = -1;
	p->addr[i] = p->data[i] = p->rmw[i] = p->vdep[i] = p->iico_later[i] = 0;
	p->ioppo[i] = p->glue[i] = 0;
	/* ctrl: rows are sources; record as a column set for now (fixed up below) */
	p->ctrl[i] = ctrl;
	return i;
}

static void run(struct ictx *c, struct tstate *s, const struct iom_lit_block *b, unsigned i,
		uint64_t ctrl, const struct kont *k);

static void set_reg_c(struct tstate *s, int r, int64_t v, uint64_t taint, bool copy)
{
	if (r >= 0 && r < LK_MAXREG) {
		s->p.regs[r] = v;
		s->p.regset[r] = true;
		s->rtaint[r] = taint;
		s->rcopy[r] = copy;
	}
}

static void set_reg(struct tstate *s, int r, int64_t v, uint64_t taint)
{
	set_reg_c(s, r, v, taint, false);
}

static void note_copy(struct ictx *c, int loc, bool copy)
{
	if (c->copyw && loc >= 0 && copy)
		c->copyw[loc] = true;
}

static void note_write(struct ictx *c, int loc, int64_t v)
{
	if (c->wrote && loc >= 0 && v != LK_TOP && dom_add(&c->wrote[loc], v) < 0)
		c->err = -IOM_ENOMEM;
}

static int64_t apply_op(int op, int64_t a, int64_t b)
{
	switch (op) {
	case '+': return (int64_t)((uint64_t)a + (uint64_t)b);
	case '-': return (int64_t)((uint64_t)a - (uint64_t)b);
	case '&': return a & b;
	case '|': return a | b;
	case '^': return a ^ b;
	case 'n': return a & ~b;
	}
	return a;
}

/* Mark events [from, to) of one primitive: later ones are iico-after earlier ones. */
static void iico_mark(struct lk_path *p, int from, int to)
{
	for (int i = from; i < to; i++)
		for (int j = i + 1; j < to; j++)
			p->iico_later[i] |= 1ull << j;
}

/* ---- MMIO (docs/ordering.md §10) ---------------------------------------------------------
 * An MMIO, port or bulk access is one event per element on the location of its device
 * register (dev, offset), tagged LK_T_IO: the LKMM never sees it; the io-order axiom
 * (lib/lkmm/io) orders it by the rule rows. A read takes any value its register can hold;
 * the search keeps it only with an rf source of that value, as for memory. A bulk
 * element that reads or fills a memory buffer also accesses the buffer: a memory event
 * glued to the element (performed with it, as the device sees one transfer). */
static uint32_t lk_fence_tags(const struct ictx *c, const struct iom_lit_stmt *st, unsigned rcls,
			      unsigned op, int pos);

/* What the io layer reads of an MMIO element: device, region, offset, class, element. */
static void io_mark(struct lk_ev *x, const struct lk_test *lt, const struct iom_lit_stmt *st,
		    uint64_t off, unsigned e)
{
	x->dev = lt->t->syms[st->region].dev;
	x->region = st->region;
	x->offset = off;
	x->rclass = (int)lt->rcls[st->region];
	x->elem = (int)e;
}

static void io_elem(struct ictx *c, struct tstate *s, const struct iom_lit_stmt *st,
		    const struct iom_lit_prim_info *pi, unsigned e, unsigned count,
		    const struct iom_lit_block *b, unsigned i, uint64_t ctrl, const struct kont *k,
		    int first)
{
	struct lk_test *lt = c->lt;
	if (c->err)
		return;
	if (e == count) {
		uint32_t after = lk_fence_tags(c, st, lt->rcls[st->region], 0, IOM_ORD_LKF_AFTER);
		if (after && add_ev(c, s, st, LK_EV_F, after | LK_T_IMPLIED, -1, 0, ctrl) < 0)
			return;
		iico_mark(&s->p, first, s->p.nev);
		run(c, s, b, i + 1, ctrl, k);
		return;
	}
	const struct iom_lit_sym *rs = &lt->t->syms[st->region];
	uint64_t off = st->offset;
	if (st->prim == IOM_LIT_P_MEMCPY_TOIO || st->prim == IOM_LIT_P_MEMCPY_FROMIO ||
	    st->prim == IOM_LIT_P_MEMSET_IO)
		off += (uint64_t)e * (pi->width ? pi->width : 4);
	int rl = lk_reg_loc(lt, rs->dev, off);
	if (rl < 0) {
		fail(c, st->pos.line, st->pos.col, "device register the engine did not allocate", "");
		return;
	}
	bool buf = pi->pclass == IOM_LIT_PC_STRING && st->mem >= 0 && st->prim != IOM_LIT_P_MEMSET_IO;
	int bl = -1;
	if (buf) {
		/* an array buffer gives element e its own location (buf[e]); a scalar one is
		 * every element's */
		unsigned alen = lt->t->syms[st->mem].array_len;
		if (alen && e >= alen) {
			fail(c, st->pos.line, st->pos.col, "the buffer is shorter than the access: ",
			     lt->t->syms[st->mem].name);
			return;
		}
		bl = lt->loc_base[st->mem] + (alen ? (int)e : 0);
	}
	if (pi->dir == IOM_LIT_DIR_READ) {
		struct dom *dm = &c->dom[rl];
		for (int vi = 0; vi < dm->n + !c->collect; vi++) {
			struct tstate s2 = *s;
			int64_t rv = vi < dm->n ? dm->v[vi] : LK_TOP;
			if (rv == LK_TOP)
				s2.top = true;
			int ev = add_ev(c, &s2, st, LK_EV_R, LK_T_IO, rl, rv, ctrl);
			if (ev < 0)
				return;
			io_mark(&s2.p.ev[ev], lt, st, off, e);
			if (bl >= 0) {
				/* the element lands in the buffer: a write glued to the read */
				int w = add_ev(c, &s2, st, LK_EV_W, LK_T_ONCE, bl, rv, ctrl);
				if (w < 0)
					return;
				s2.p.data[w] = 1ull << ev;
				s2.p.vdep[w] = 1ull << ev;
				s2.p.glue[ev] |= 1ull << w;
				s2.p.ev[w].elem = (int)e;
				note_write(c, bl, rv);
			} else {
				int dst = pi->pclass == IOM_LIT_PC_STRING ? st->mem_reg : st->dst;
				set_reg_c(&s2, dst, rv, 1ull << ev, true);
			}
			io_elem(c, &s2, st, pi, e + 1, count, b, i, ctrl, k, first);
			if (c->err)
				return;
		}
		return;
	}
	if (bl >= 0) {
		/* a write element takes its value from the buffer: a read glued to the write */
		struct dom *dm = &c->dom[bl];
		for (int vi = 0; vi < dm->n + !c->collect; vi++) {
			struct tstate s2 = *s;
			int64_t rv = vi < dm->n ? dm->v[vi] : LK_TOP;
			if (rv == LK_TOP)
				s2.top = true;
			int r = add_ev(c, &s2, st, LK_EV_R, LK_T_ONCE, bl, rv, ctrl);
			if (r < 0)
				return;
			s2.p.ev[r].elem = (int)e;
			int ev = add_ev(c, &s2, st, LK_EV_W, LK_T_IO, rl, rv, ctrl);
			if (ev < 0)
				return;
			io_mark(&s2.p.ev[ev], lt, st, off, e);
			s2.p.data[ev] = 1ull << r;
			s2.p.vdep[ev] = 1ull << r;
			s2.p.glue[ev] |= 1ull << r;
			note_write(c, rl, rv);
			io_elem(c, &s2, st, pi, e + 1, count, b, i, ctrl, k, first);
			if (c->err)
				return;
		}
		return;
	}
	struct val v = eval(c, s, st->value);
	if (!v.ok)
		return;
	int ev = add_ev(c, s, st, LK_EV_W, LK_T_IO, rl, v.v, ctrl);
	if (ev < 0)
		return;
	io_mark(&s->p.ev[ev], lt, st, off, e);
	s->p.data[ev] = v.taint;
	s->p.vdep[ev] = v.taint;
	note_write(c, rl, v.v);
	io_elem(c, s, st, pi, e + 1, count, b, i, ctrl, k, first);
}

/* The LKMM fences tables/io_lkmm_fences.def gives the accessor or barrier of st at position
 * pos (IOM_ORD_LKF_*), as LKMM tags; 0 when none. */
static uint32_t lk_fence_tags(const struct ictx *c, const struct iom_lit_stmt *st, unsigned rcls,
			      unsigned op, int pos)
{
	struct iom_ord_ev oe;
	unsigned t[3];
	if (iom_ord_classify(st->prim, rcls, &oe) < 0)
		return 0;
	if (op)
		oe.op = op;
	iom_ord_lkmm_fences(&c->lt->ctx, &oe, t);
	return (t[pos] & IOM_ORD_LK_MB ? LK_T_MB : 0) | (t[pos] & IOM_ORD_LK_RMB ? LK_T_RMB : 0) |
	       (t[pos] & IOM_ORD_LK_WMB ? LK_T_WMB : 0);
}

/* Barriers and calls only the ordering rules know (mb, wmb, dma_*, mmiowb, io_stop_wc,
 * iobarrier_*, udelay, local_irq_*): a fence event for the rules. mb(), rmb() and wmb()
 * are also LKMM fences: the mandatory barriers order everything the SMP ones order
 * (memory-barriers.txt@v6.12 "MANDATORY BARRIERS" and "SMP BARRIER PAIRING"), so on normal
 * memory they act as smp_mb(), smp_rmb() and smp_wmb() (F[mb], F[rmb], F[wmb],
 * linux-kernel.def@v6.12 l.12-14). */
static bool exec_io(struct ictx *c, struct tstate *s, const struct iom_lit_stmt *st,
		    const struct iom_lit_block *b, unsigned i, uint64_t ctrl, const struct kont *k)
{
	const struct iom_lit_prim_info *pi = iom_lit_prim_info(st->prim);
	if (!c->lt->mmio || !pi)
		return false;
	if (pi->pclass == IOM_LIT_PC_MMIO || pi->pclass == IOM_LIT_PC_PIO ||
	    pi->pclass == IOM_LIT_PC_STRING) {
		if (st->region < 0 || (unsigned)st->region >= c->lt->t->nr_syms) {
			fail(c, st->pos.line, st->pos.col, "MMIO access without a region", "");
			return true;
		}
		unsigned count = pi->pclass == IOM_LIT_PC_STRING ? (st->count ? st->count : 1) : 1;
		int first = s->p.nev;
		/* the accessor's own barrier before it, as an LKMM fence (io_lkmm_fences.def) */
		uint32_t before = lk_fence_tags(c, st, c->lt->rcls[st->region], 0, IOM_ORD_LKF_BEFORE);
		if (before && add_ev(c, s, st, LK_EV_F, before | LK_T_IMPLIED, -1, 0, ctrl) < 0)
			return true;
		io_elem(c, s, st, pi, 0, count, b, i, ctrl, k, first);
		return true;
	}
	if (pi->lkform != IOM_LIT_LF_NONE)
		return false;  /* an LKMM primitive: the LKMM rows */
	uint32_t tag = lk_fence_tags(c, st, 0, 0, IOM_ORD_LKF_SELF);
	if (add_ev(c, s, st, LK_EV_F, tag ? tag : LK_T_IO, -1, 0, ctrl) < 0)
		return true;
	run(c, s, b, i + 1, ctrl, k);
	return true;
}

static void exec_prim(struct ictx *c, struct tstate *s, const struct iom_lit_stmt *st,
		      const struct iom_lit_block *b, unsigned i, uint64_t ctrl, const struct kont *k)
{
	const struct lk_prim_row *row = NULL;
	bool plain_ld = st->prim == IOM_LIT_P_PLAIN_LOAD, plain_st = st->prim == IOM_LIT_P_PLAIN_STORE;
	if (exec_io(c, s, st, b, i, ctrl, k))
		return;
	if (!plain_ld && !plain_st) {
		row = row_of(st->prim);
		if (!row) {
			const char *n = iom_lit_prim_name(st->prim);
			fail(c, st->pos.line, st->pos.col, "Unknown macro ", n ? n : "?");
			return;
		}
	}
	enum lk_shape sh = plain_ld ? LK_SH_LOAD : plain_st ? LK_SH_STORE : row->shape;
	uint32_t rtag = plain_ld ? LK_T_PLAIN_SRC : row ? row->rtag : 0;
	uint32_t wtag = plain_st ? LK_T_PLAIN_SRC : row ? row->wtag : 0;
	uint64_t at = 0;
	int loc = -1;
	int first = s->p.nev;
	if (sh != LK_SH_FENCE && sh != LK_SH_NOP) {
		int argi = (row && (sh == LK_SH_OP || sh == LK_SH_OP_RET || sh == LK_SH_FETCH_OP) &&
			    !row->imm && st->nr_args == 2) ? 1 : 0;
		loc = loc_of(c, s, st, argi, &at);
		if (loc == -2)
			return;  /* the guessed pointer is no location: no such path */
		if (loc < 0)
			return;
	}
	struct dom *dm = loc >= 0 ? &c->dom[loc] : NULL;
	switch (sh) {
	case LK_SH_NOP:
		break;
	case LK_SH_FENCE: {
		if (add_ev(c, s, st, LK_EV_F, rtag, -1, 0, ctrl) < 0)
			return;
		break;
	}
	case LK_SH_LOAD: {
		for (int vi = 0; vi < dm->n + !c->collect; vi++) {
			struct tstate s2 = *s;
			int64_t rv = vi < dm->n ? dm->v[vi] : LK_TOP;
			if (rv == LK_TOP)
				s2.top = true;
			int e = add_ev(c, &s2, st, LK_EV_R, rtag, loc, rv, ctrl);
			if (e < 0)
				return;
			s2.p.addr[e] = at;
			s2.p.vdep[e] = 0;
			set_reg_c(&s2, st->dst, rv, 1ull << e, true);
			run(c, &s2, b, i + 1, ctrl, k);
			if (c->err)
				return;
		}
		return;
	}
	case LK_SH_STORE:
	case LK_SH_STORE_MB: {
		struct val v = eval(c, s, st->value);
		if (!v.ok)
			return;
		note_copy(c, loc, v.copy);
		int e = add_ev(c, s, st, LK_EV_W, wtag, loc, v.v, ctrl);
		if (e < 0)
			return;
		s->p.addr[e] = at;
		s->p.data[e] = v.taint;
		s->p.vdep[e] = v.taint;
		note_write(c, loc, v.v);
		if (sh == LK_SH_STORE_MB && add_ev(c, s, st, LK_EV_F, LK_T_MB, -1, 0, ctrl) < 0)
			return;
		break;
	}
	case LK_SH_SYNC_SRCU:
		if (add_ev(c, s, st, LK_EV_SRCU, LK_T_SYNC_SRCU, loc, 0, ctrl) < 0)
			return;
		s->p.addr[s->p.nev - 1] = at;
		break;
	case LK_SH_XCHG:
	case LK_SH_CMPXCHG:
	case LK_SH_ADD_UNLESS:
	case LK_SH_OP:
	case LK_SH_OP_RET:
	case LK_SH_FETCH_OP: {
		struct val v = { 1, 0, true, false }, ex = { 0, 0, true, false };
		if (!(row->imm))
			v = eval(c, s, st->value);
		if (sh == LK_SH_CMPXCHG || sh == LK_SH_ADD_UNLESS)
			ex = eval(c, s, st->expect);
		if (!v.ok || !ex.ok)
			return;
		for (int vi = 0; vi < (dm->n + !c->collect) * 2; vi++) {
			struct tstate s2 = *s;
			int64_t old = vi / 2 < dm->n ? dm->v[vi / 2] : LK_TOP;
			if (old == LK_TOP)
				s2.top = true;
			bool success = sh == LK_SH_ADD_UNLESS ? old != ex.v
				       : sh != LK_SH_CMPXCHG || old == ex.v;
			bool unknown = old == LK_TOP || ex.v == LK_TOP;
			if ((sh == LK_SH_CMPXCHG || sh == LK_SH_ADD_UNLESS || sh == LK_SH_OP ||
			     sh == LK_SH_OP_RET || sh == LK_SH_FETCH_OP) && (old == LK_SYMB || ex.v == LK_SYMB))
				continue;  /* a test of / arithmetic on a symbolic value: unsolvable */
			if (unknown && (sh == LK_SH_CMPXCHG || sh == LK_SH_ADD_UNLESS))
				success = vi & 1;  /* both outcomes */
			else if (vi & 1)
				continue;
			bool mb = row->mb && success;
			if (mb && add_ev(c, &s2, st, LK_EV_F, LK_T_MB, -1, 0, ctrl) < 0)
				return;
			int r = add_ev(c, &s2, st, LK_EV_R, (success ? rtag : LK_T_ONCE) | LK_T_ATOMIC,
				       loc, old, ctrl);
			if (r < 0)
				return;
			s2.p.addr[r] = at;
			s2.p.vdep[r] = 0;
			int64_t ret = old;
			uint64_t rtaint = 1ull << r;
			if (success) {
				int64_t nv = sh == LK_SH_XCHG || sh == LK_SH_CMPXCHG ? v.v
					     : old == LK_TOP || v.v == LK_TOP ? LK_TOP
					     : int32_wrap(c, old, v.v, apply_op(row->op, old, v.v));
				if (sh == LK_SH_ADD_UNLESS)
					s2.p.data[s2.p.nev] = 0;
				int w = add_ev(c, &s2, st, LK_EV_W, wtag | LK_T_ATOMIC, loc, nv, ctrl);
				if (w < 0)
					return;
				s2.p.addr[w] = at;
				s2.p.rmw[r] |= 1ull << w;
				s2.p.data[w] = v.taint;
				if (sh == LK_SH_OP || sh == LK_SH_OP_RET || sh == LK_SH_FETCH_OP || sh == LK_SH_ADD_UNLESS)
					s2.p.data[w] |= 1ull << r;  /* CSem.ml build_atomic_op: W needs R */
				s2.p.vdep[w] = s2.p.data[w];
				note_write(c, loc, nv);
				if (sh == LK_SH_XCHG || sh == LK_SH_CMPXCHG)
					note_copy(c, loc, v.copy);
				if (sh == LK_SH_OP_RET)
					ret = nv;
				if (mb && add_ev(c, &s2, st, LK_EV_F, LK_T_MB, -1, 0, ctrl) < 0)
					return;
			}
			if (sh == LK_SH_ADD_UNLESS) {
				ret = success;
				rtaint = 0;
			}
			if (row->test == 'z' && ret != LK_TOP)
				ret = ret == 0;
			else if (row->test == 'n' && ret != LK_TOP)
				ret = ret < 0;
			iico_mark(&s2.p, first, s2.p.nev);
			if (sh != LK_SH_OP)
				set_reg_c(&s2, st->dst, ret, rtaint,
					  sh == LK_SH_XCHG || sh == LK_SH_CMPXCHG || sh == LK_SH_FETCH_OP);
			run(c, &s2, b, i + 1, ctrl, k);
			if (c->err)
				return;
		}
		return;
	}
	case LK_SH_LOCK:
	case LK_SH_UNLOCK:
		if (sh == LK_SH_LOCK) {
			int r = add_ev(c, s, st, LK_EV_LKR, 0, loc, 0, ctrl);
			if (r < 0 || add_ev(c, s, st, LK_EV_LKW, 0, loc, 0, ctrl) < 0)
				return;
			s->p.addr[r] = s->p.addr[r + 1] = at;
			iico_mark(&s->p, first, s->p.nev);
		} else {
			int u = add_ev(c, s, st, LK_EV_UL, 0, loc, 0, ctrl);
			if (u < 0)
				return;
			s->p.addr[u] = at;
		}
		break;
	case LK_SH_TRYLOCK:
	case LK_SH_ISLOCKED:
		for (int alt = 0; alt < 2; alt++) {
			struct tstate s2 = *s;
			if (sh == LK_SH_TRYLOCK && alt == 0) {
				int r = add_ev(c, &s2, st, LK_EV_LKR, 0, loc, 0, ctrl);
				if (r < 0 || add_ev(c, &s2, st, LK_EV_LKW, 0, loc, 0, ctrl) < 0)
					return;
				s2.p.addr[r] = s2.p.addr[r + 1] = at;
				iico_mark(&s2.p, first, s2.p.nev);
			} else {
				int kind = sh == LK_SH_TRYLOCK ? LK_EV_LF : alt == 0 ? LK_EV_RL : LK_EV_RU;
				int e = add_ev(c, &s2, st, kind, 0, loc, 0, ctrl);
				if (e < 0)
					return;
				s2.p.addr[e] = at;
			}
			set_reg(&s2, st->dst, alt == 0 ? 1 : 0, 0);
			run(c, &s2, b, i + 1, ctrl, k);
			if (c->err)
				return;
		}
		return;
	}
	iico_mark(&s->p, first, s->p.nev);
	run(c, s, b, i + 1, ctrl, k);
}

struct lk_path *lk_paths_add(struct lk_paths *o)
{
	if (o->n == o->cap) {
		unsigned nc = o->cap ? o->cap * 2 : 8;
		struct lk_path *nv = realloc(o->v, nc * sizeof(*nv));
		if (!nv)
			return NULL;
		o->v = nv;
		o->cap = nc;
	}
	return &o->v[o->n++];
}

static void emit(struct ictx *c, struct tstate *s)
{
	if (!c->collect)
		return;
	struct lk_path *p = lk_paths_add(c->out);
	if (!p) {
		c->err = -IOM_ENOMEM;
		return;
	}
	*p = s->p;
	/* ctrl was recorded per target as a source set: transpose into source rows */
	uint64_t cols[LK_MAXTEV];
	for (int j = 0; j < p->nev; j++)
		cols[j] = p->ctrl[j];
	for (int j = 0; j < p->nev; j++)
		p->ctrl[j] = 0;
	for (int j = 0; j < p->nev; j++)
		for (int r = 0; r < p->nev; r++)
			if (cols[j] >> r & 1)
				p->ctrl[r] |= 1ull << j;
	/* One C statement is one herd7 instruction: its events (hoisted reads included) are
	 * ordered by iico, i.e. by data flow, not po (herd/memUtils.ml po = po_strict |
	 * iico+). A later event of the group that needs an earlier one is iico-after it. */
	for (int j = 0; j < p->nev; j++)
		for (int i2 = 0; i2 < j; i2++)
			if (p->ev[i2].grp == p->ev[j].grp && p->ev[i2].stmt != p->ev[j].stmt &&
			    ((p->vdep[j] | p->addr[j] | cols[j]) >> i2 & 1))
				p->iico_later[i2] |= 1ull << j;
	for (int k2 = 0; k2 < p->nev; k2++)  /* transitive */
		for (int i2 = 0; i2 < p->nev; i2++)
			if (p->iico_later[i2] >> k2 & 1)
				p->iico_later[i2] |= p->iico_later[k2];
	/* addr and data likewise: recorded per target */
	uint64_t ca[LK_MAXTEV], cd[LK_MAXTEV];
	for (int j = 0; j < p->nev; j++) {
		ca[j] = p->addr[j];
		p->adep[j] = ca[j];
		cd[j] = p->data[j];
		p->addr[j] = p->data[j] = 0;
	}
	for (int j = 0; j < p->nev; j++)
		for (int r = 0; r < p->nev; r++) {
			if (ca[j] >> r & 1)
				p->addr[r] |= 1ull << j;
			if (cd[j] >> r & 1)
				p->data[r] |= 1ull << j;
		}
}

static void run(struct ictx *c, struct tstate *s, const struct iom_lit_block *b, unsigned i,
		uint64_t ctrl, const struct kont *k)
{
	if (c->err)
		return;
	if (!c->collect && memo_seen(c, s, b, i, k))
		return;
	if (c->budget-- == 0) {
		iom_diag_set(c->d, IOM_ELIMIT, c->lt->t->file, c->th ? c->th->pos.line : 0,
			     c->th ? c->th->pos.col : 0,
			     c->lt->path_budget ? "P%d: more steps than the search-step limit "
						  "allows while building its paths (raise --max-steps)"
						: "P%d: more than 1,000,000 steps while building its paths: "
						  "the LKMM engine's limit (--max-steps sets it)", c->tid);
		c->err = -IOM_ELIMIT;
		return;
	}
	if (i >= b->nr_stmts) {
		if (!k) {
			int nw = 0;
			for (int j = 0; j < s->p.nev; j++)
				nw += s->p.ev[j].kind == LK_EV_W;
			if (nw > c->maxw && !s->top)  /* real paths only: LK_TOP ones over-count */
				c->maxw = nw;
			emit(c, s);
			return;
		}
		if (k->kind == 0) {
			run(c, s, k->b, k->i, k->ctrl, k->next);
			return;
		}
		const struct iom_lit_stmt *lp = k->loop;
		if (k->kind == 2) {
			/* body done: test again (herd7 unrolls the loop, CSem.ml While), inside
			 * the earlier tests */
			struct kont nk = { k->b, k->i, k->ctrl, k->next, lp, 1, k->iter + 1, k->lctrl };
			run(c, s, &lp->cond_b, 0, k->lctrl, &nk);
			return;
		}
		struct val v = eval(c, s, lp->cond);
		if (!v.ok || v.v == LK_SYMB)
			return;
		if (v.v == LK_TOP) {
			struct tstate s2 = *s;
			run(c, &s2, k->b, k->i, k->ctrl, k->next);
			v.v = 1;
		}
		if (!v.v) {
			run(c, s, k->b, k->i, k->ctrl, k->next);
			return;
		}
		if (k->iter >= c->lt->unroll) {
			/* longer runs are cut (herd7 -unroll, default 2): the cut path is kept,
			 * marked, so that the search can say "Loop" when it is consistent. A cut
			 * ends the thread only when the loop is a statement of the thread's body;
			 * inside a block the statements after the loop still run (herd7 7.57
			 * CSem.ml: the cut gives B.Exit, which build_semantics_list ignores, and
			 * only the thread's top-level instruction list stops on it; checked on
			 * variants against herd7 -variant toofar) */
			s->p.loop = true;
			if (k->b != &c->th->body) {
				run(c, s, k->b, k->i, k->ctrl, k->next);
				return;
			}
			if (c->collect)
				emit(c, s);
			return;
		}
		struct kont nk = { k->b, k->i, k->ctrl, k->next, lp, 2, k->iter, k->lctrl | v.taint };
		run(c, s, &lp->then_b, 0, k->lctrl | v.taint, &nk);
		return;
	}
	const struct iom_lit_stmt *st = &b->stmts[i];
	switch (st->kind) {
	case IOM_LIT_S_ASSIGN: {
		struct val v = eval(c, s, st->expr);
		if (!v.ok)
			return;
		set_reg_c(s, st->dst, v.v, v.taint, v.copy);
		run(c, s, b, i + 1, ctrl, k);
		return;
	}
	case IOM_LIT_S_IF: {
		struct val v = eval(c, s, st->cond);
		if (!v.ok)
			return;
		struct kont nk = { b, i + 1, ctrl, k, NULL, 0, 0, 0 };
		if (v.v == LK_SYMB)
			return;  /* a branch on a symbolic value: unsolvable */
		if (v.v == LK_TOP) {
			struct tstate s2 = *s;
			run(c, &s2, &st->then_b, 0, ctrl | v.taint, &nk);
			run(c, s, &st->else_b, 0, ctrl | v.taint, &nk);
			return;
		}
		const struct iom_lit_block *body = v.v ? &st->then_b : &st->else_b;
		run(c, s, body, 0, ctrl | v.taint, &nk);
		return;
	}
	case IOM_LIT_S_WHILE: {
		struct kont nk = { b, i + 1, ctrl, k, st, 1, 0, ctrl };
		run(c, s, &st->cond_b, 0, ctrl, &nk);
		return;
	}
	case IOM_LIT_S_PRIM:
		exec_prim(c, s, st, b, i, ctrl, k);
		return;
	}
}

static int run_thread(struct ictx *c, const struct iom_lit_thread *th)
{
	struct tstate *s = calloc(1, sizeof(*s));
	if (!s)
		return -IOM_ENOMEM;
	c->th = th;
	c->tid = th->id;
	c->budget = c->lt->path_budget ? c->lt->path_budget : 1000000;
	c->memo = NULL;
	c->memo_n = 0;
	if (!c->collect) {
		c->memo_cap = 256;
		c->memo = calloc(2 * c->memo_cap, sizeof(uint64_t));
	}
	/* init-block register values (0:r1 = x;) */
	for (unsigned i = 0; i < th->nr_reg_inits; i++) {
		const struct iom_lit_reginit *ri = &th->reg_inits[i];
		set_reg(s, ri->reg, ri->sym >= 0 ? lk_ptr(ri->sym) : ri->value, 0);
	}
	run(c, s, &th->body, 0, 0, NULL);
	free(c->memo);
	c->memo = NULL;
	free(c->keys);
	c->keys = NULL;
	c->keys_n = c->keys_cap = 0;
	free(s);
	return c->err;
}

/* ---- device threads ------------------------------------------------------------------------
 * A device block's own program (statements without "on") is one thread in PCI producer
 * order; the statements of one "on PN:x" reaction form a thread of their own, which the
 * io-order axiom glues to x's arrival. dma_read/dma_write are marked memory accesses of
 * the device; reg_set writes a device register (LK_T_IO). Device variables are the
 * thread's registers. */
static void dev_add(struct ictx *c, struct tstate *s, const struct iom_lit_dstmt *ds, int kind,
		    uint32_t tags, int loc, int64_t v, int *out)
{
	struct lk_path *p = &s->p;
	*out = -1;
	if (p->nev >= LK_MAXTEV) {
		fail_code(c, IOM_ELIMIT, ds->pos.line, ds->pos.col,
			  "more than 64 events on one path of this device thread (LK_MAXTEV)");
		return;
	}
	int i = add_ev(c, s, NULL, kind, tags | LK_T_DEV, loc, v, 0);
	if (i < 0)
		return;
	p->ev[i].line = ds->pos.line;
	p->ev[i].col = ds->pos.col;
	p->ev[i].stmt = p->ev[i].grp = -2 - i;  /* one instruction per statement */
	*out = i;
}

static void dev_run(struct ictx *c, struct tstate *s, unsigned k, int j)
{
	struct lk_test *lt = c->lt;
	const struct iom_lit_device *dv = lt->dthr_dev[k];
	if (c->err)
		return;
	if (c->budget-- == 0) {
		iom_diag_set(c->d, IOM_ELIMIT, lt->t->file, dv->pos.line, dv->pos.col,
			     "dev%d: more than 1,000,000 steps while building its paths: the LKMM "
			     "engine's limit (--max-steps sets it)", dv->dev);
		c->err = -IOM_ELIMIT;
		return;
	}
	if (j == lt->dthr_n[k]) {
		int nw = 0;
		for (int q = 0; q < s->p.nev; q++)
			nw += s->p.ev[q].kind == LK_EV_W;
		if (nw > c->maxw && !s->top)
			c->maxw = nw;
		emit(c, s);
		return;
	}
	const struct iom_lit_dstmt *ds = &dv->stmts[lt->dthr_first[k] + j];
	int e;
	switch (ds->kind) {
	case IOM_LIT_D_DMA_READ: {
		int l = ds->mem >= 0 ? lt->loc_base[ds->mem] : -1;
		if (l < 0)
			break;
		struct dom *dm = &c->dom[l];
		for (int vi = 0; vi < dm->n + !c->collect; vi++) {
			struct tstate s2 = *s;
			int64_t rv = vi < dm->n ? dm->v[vi] : LK_TOP;
			if (rv == LK_TOP)
				s2.top = true;
			dev_add(c, &s2, ds, LK_EV_R, LK_T_ONCE, l, rv, &e);
			if (e < 0)
				return;
			set_reg_c(&s2, ds->dst, rv, 1ull << e, true);
			dev_run(c, &s2, k, j + 1);
			if (c->err)
				return;
		}
		return;
	}
	case IOM_LIT_D_DMA_WRITE:
		if (ds->mem < 0)
			break;
		dev_add(c, s, ds, LK_EV_W, LK_T_ONCE, lt->loc_base[ds->mem], ds->value, &e);
		if (e < 0)
			return;
		break;
	case IOM_LIT_D_REG_SET: {
		int rl = lk_reg_loc(lt, lt->t->syms[ds->region].dev, ds->offset);
		if (rl < 0) {
			fail(c, ds->pos.line, ds->pos.col, "device register the engine did not allocate", "");
			return;
		}
		dev_add(c, s, ds, LK_EV_W, LK_T_IO, rl, ds->value, &e);
		if (e < 0)
			return;
		s->p.ev[e].dev = lt->t->syms[ds->region].dev;
		s->p.ev[e].offset = ds->offset;
		break;
	}
	}
	dev_run(c, s, k, j + 1);
}

static int run_dev_thread(struct ictx *c, unsigned k)
{
	struct tstate *s = calloc(1, sizeof(*s));
	if (!s)
		return -IOM_ENOMEM;
	c->th = NULL;
	c->tid = (int)(c->lt->ncpu + k);
	c->budget = c->lt->path_budget ? c->lt->path_budget : 1000000;
	dev_run(c, s, k, 0);
	/* a reaction also has the empty path: its trigger may not run on a CPU path (a branch
	 * not taken); lib/lkmm/io pairs each with the candidates where that holds */
	if (!c->err && c->collect && c->lt->dthr_trig[k]) {
		memset(s, 0, sizeof(*s));
		emit(c, s);
	}
	free(s);
	return c->err;
}

static int run_any(struct ictx *c, unsigned ti)
{
	const struct lk_test *lt = c->lt;
	if (ti < lt->ncpu)
		return run_thread(c, &lt->t->threads[ti]);
	return run_dev_thread(c, ti - lt->ncpu);
}

int lk_events_build(struct lk_test *lt, struct iom_diag *d)
{
	const struct iom_lit_test *t = lt->t;
	/* room for the locations pointer arithmetic creates (lk_ptr_loc_make) */
	struct dom *dom = calloc(LK_MAXLOC, sizeof(*dom));
	struct dom *wrote = calloc(LK_MAXLOC, sizeof(*wrote));
	bool *copyw = calloc(LK_MAXLOC + 1, sizeof(*copyw));
#define nloc (lt->nloc)
	int rc = 0;
	if (!dom || !wrote || !copyw) {
		free(dom);
		free(wrote);
		free(copyw);
		return -IOM_ENOMEM;
	}
	for (int l = 0; l < nloc; l++)
		if (dom_add(&dom[l], lt->loc_init[l]) < 0) {
			rc = -IOM_ENOMEM;
			goto out;
		}
	/* device writes are constants: their values are in the domains from the start */
	for (unsigned di = 0; lt->mmio && di < t->nr_devices; di++)
		for (unsigned q = 0; q < t->devices[di].nr_stmts; q++) {
			const struct iom_lit_dstmt *ds = &t->devices[di].stmts[q];
			int l = ds->kind == IOM_LIT_D_DMA_WRITE && ds->mem >= 0 ? lt->loc_base[ds->mem]
				: ds->kind == IOM_LIT_D_REG_SET ? lk_reg_loc(lt, t->syms[ds->region].dev, ds->offset)
								 : -1;
			if (l >= 0 && dom_add(&dom[l], ds->value) < 0) {
				rc = -IOM_ENOMEM;
				goto out;
			}
		}
	/* fixpoint over the values each location may hold */
	/* A value is the end of a chain of writes, each computed from the value the previous
	 * one wrote; in one execution every write occurs once, so a chain is at most as long
	 * as the writes of one execution: that many passes reach every value. */
	int wtotal = 64;
	for (int iter = 0; iter <= wtotal || iter < 2; iter++) {
		bool grew = false;
		int wsum = 0;
		for (int l = 0; l < nloc; l++)
			wrote[l].n = 0;
		for (unsigned ti = 0; ti < lt->nthr; ti++) {
			struct ictx c = { .lt = lt, .dom = dom, .wrote = wrote, .copyw = copyw, .d = d };
			rc = run_any(&c, ti);
			if (rc)
				goto out;
			wsum += c.maxw;
		}
		wtotal = wsum;
		for (int l = 0; l < nloc; l++)
			for (int j = 0; j < wrote[l].n; j++) {
				int a = dom_add(&dom[l], wrote[l].v[j]);
				if (a < 0) {
					rc = -IOM_ENOMEM;
					goto out;
				}
				grew |= a > 0;
			}
		if (!grew)
			break;
	}
	/* a location written with a copy of a read may hold herd7's symbolic value */
	for (int l = 0; l < nloc; l++)
		if (copyw[l] && dom_add(&dom[l], LK_SYMB) < 0) {
			rc = -IOM_ENOMEM;
			goto out;
		}
	for (unsigned ti = 0; ti < lt->nthr; ti++) {
		struct ictx c = { .lt = lt, .dom = dom, .collect = true, .out = &lt->paths[ti], .d = d };
		rc = run_any(&c, ti);
		if (rc)
			goto out;
	}
#undef nloc
out:
	for (int l = 0; dom && wrote && l < LK_MAXLOC; l++) {
		free(dom[l].v);
		free(wrote[l].v);
	}
	free(dom);
	free(wrote);
	free(copyw);
	return rc;
}

void lk_events_free(struct lk_test *lt)
{
	for (unsigned i = 0; i < LK_MAXTHR; i++) {
		free(lt->paths[i].v);
		lt->paths[i].v = NULL;
		lt->paths[i].n = lt->paths[i].cap = 0;
	}
}
