// SPDX-License-Identifier: MIT
/* iomodel -- events layer for AArch64 tests: from each thread's instructions
 * (iomodel/aarch64.h) to its paths, as herd7 7.57 builds them (herd/AArch64Sem.ml) and as
 * aarch64deps.cat derives the dependencies from them.
 *
 * A path guesses every read's value from the values its location may hold (a fixpoint
 * over the threads' writes, as for C); the search keeps the guesses some write justifies.
 *
 * Dependencies: herd7 gives each instruction register events; aarch64deps.cat l.27-56
 * defines the dependencies over them: dtrm = rf-reg | lrs | iico_data, closed; basic-dep
 * = [R | Rreg]; dtrm?; data goes through a register read of port Data (the value of STR,
 * STXR, SWP, LD<op> and CAS), addr through any other register read (ADDR = Rreg \ DATA:
 * the address), ctrl
 * through a conditional branch (BCC: B.cond, CBZ, CBNZ, TBZ, TBNZ, commit_bcc) to every
 * later event. Here each register carries the set of reads its value flows from (its
 * taint); a store passes its inputs' taint on to a later load of the same location with
 * no write in between (lrs, aarch64deps.cat l.22). The pick dependencies also flow
 * through iico_ctrl: CSEL's condition (AArch64Sem.ml I_CSEL, commit_pred) into the
 * register it writes (pick-dtrm, l.59). Pairs inside one instruction are left out
 * (\ same-instance). */
#include <stdlib.h>
#include <string.h>
#include "iomodel/aarch64.h"
#include "lkmm/lkmm_int.h"

#define A64_MAXDOM 64           /* values one location may hold                        */

struct a64_dom {
	int64_t v[A64_MAXDOM];
	int n;
};

struct a64_st {
	struct lk_path p;
	int64_t reg[LK_MAXREG];
	uint64_t dt[LK_MAXREG], pt[LK_MAXREG];  /* taints: path event bits              */
	int64_t nzcv;
	uint64_t fdt, fpt;          /* the flags' taints                                   */
	uint64_t cdt, cpt;          /* ctrl: reads the branches so far depend on           */
	/* values herd7 knows while it builds the events (mem.ml: the register state that
	 * nextSet fills: init values, MOV, MOVK and ALU results of known operands); a
	 * backward branch on a known value is unrolled completely, any other backward jump
	 * counts against the unroll bound (mem.ml fetch_addr, check_back) */
	bool unk[LK_MAXREG];        /* the register's value is not known                  */
	bool funk;                  /* the flags' value is not known                      */
	int res_ev;                 /* exclusive reservation: the LDXR event, or -1        */
	int res_ev2;                /* the second read of an LDXP, or -1                   */
	int res_loc;
	unsigned back[64];          /* backward jumps taken, per target (unroll)           */
	/* variant deps: the arms not taken (struct a64_gh), run once the taken path ends */
	bool ghost;                 /* running an arm not taken                           */
	uint64_t popred;            /* the path's events po-before the next event          */
	int npend;                  /* arms not taken on the path so far (ctx->pend)       */
	int gnext;                  /* the next of them to run                             */
	int gk;                     /* arms started: each one's instructions a group apart */
	bool fsymb;                 /* the flags come from such a value (LK_SYMB)          */
};

/* An arm a conditional branch did not take: where it starts, and the thread's state at
 * the branch (eventsMonad.ml speculT: the arm runs from the branch to the thread's end) */
struct a64_gh {
	unsigned pc;
	int64_t reg[LK_MAXREG];
	uint64_t dt[LK_MAXREG], pt[LK_MAXREG];
	bool unk[LK_MAXREG];
	int64_t nzcv;
	uint64_t fdt, fpt, cdt, cpt, popred;
	bool funk;
	int res_ev, res_ev2, res_loc;
	unsigned back[64];
};
#define A64_MAXGH 64            /* arms not taken on one path                          */

struct a64_ctx {
	struct lk_test *lt;
	const struct iom_lit_thread *th;
	struct a64_dom *dom;
	struct a64_dom *wrote;
	bool collect;
	struct lk_paths *out;
	struct iom_diag *d;
	int err;
	unsigned long budget;
	int maxw;                   /* most writes on one path (domain pass)             */
	/* the sizes each location is accessed with on this thread's paths (bit: bytes), and
	 * where first (herd/mem.ml check_sizes: one size per location in an execution) */
	uint8_t *szm;
	struct iom_lit_pos *szpos;
	/* variant deps: the arms not taken on the path being built, in the order of their
	 * branches (a stack shared along the depth-first walk: an entry below s->npend is the
	 * current path's), and those of the arm being run (no alternatives there) */
	struct a64_gh *pend, *gstack;
	int ngst;
};

static int dom_add(struct a64_dom *d, int64_t v)
{
	for (int i = 0; i < d->n; i++)
		if (d->v[i] == v)
			return 0;
	if (d->n == A64_MAXDOM)
		return -1;
	d->v[d->n++] = v;
	return 1;
}

static void fail(struct a64_ctx *c, int code, const struct iom_a64_ins *in, const char *msg)
{
	if (c->err)
		return;
	iom_diag_set(c->d, code, c->lt->t->file, in ? in->pos.line : 0, in ? in->pos.col : 0,
		     "%s%s%s", msg, in ? ": " : "", in ? in->text : "");
	c->err = -code;
}

static int64_t mask(int64_t v, unsigned bits)
{
	if (bits >= 64)
		return v;
	return (int64_t)((uint64_t)v & ((1ull << bits) - 1));
}

/* A register's value; the zero register reads 0 with no event */
static int64_t rv(const struct a64_st *s, int r)
{
	return r >= 0 ? s->reg[r] : 0;
}
static uint64_t rdt(const struct a64_st *s, int r) { return r >= 0 ? s->dt[r] : 0; }
static uint64_t rpt(const struct a64_st *s, int r) { return r >= 0 ? s->pt[r] : 0; }

static bool runk(const struct a64_st *s, int r) { return r >= 0 && s->unk[r]; }
/* A value an arm not taken read (LK_SYMB: any write's, or none), or computed from one */
static bool symb(const struct a64_st *s, int r) { return r >= 0 && s->reg[r] == LK_SYMB; }

static void wreg(struct a64_st *s, int r, int64_t v, uint64_t dt, uint64_t pt)
{
	if (r < 0)
		return;
	s->unk[r] = true;           /* known only where the caller says so */
	s->reg[r] = v;
	s->dt[r] = dt;
	s->pt[r] = pt | dt;
	if (s->ghost)
		return;             /* an arm not taken: not the thread's final registers */
	s->p.regs[r] = v;
	s->p.regset[r] = true;
}

static bool ptr_arith(int64_t a, int64_t b)
{
	return lk_is_ptr(a) || lk_is_ptr(b);
}

/* An ALU result (AArch64Sem.ml mop3); *ok false when it computes on an address */
static int64_t alu(int op, int64_t a, int64_t b, unsigned bits, bool *ok)
{
	uint64_t x = (uint64_t)a, y = (uint64_t)b;
	if (ptr_arith(a, b)) {
		/* an address plus or minus zero, or ORed with zero, stays the address */
		if ((op == IOM_A64_ADD || op == IOM_A64_SUB || op == IOM_A64_ORR || op == IOM_A64_EOR) &&
		    lk_is_ptr(a) && b == 0 && bits == 64)
			return a;
		/* an address plus or minus an integer: an offset from the location, kept while
		 * it stays inside the location's range (an access at a nonzero offset is refused
		 * in ea(); x + r - r is x again) */
		if (bits == 64 && ((op == IOM_A64_SUB && !lk_is_ptr(b)) ||
				   (op == IOM_A64_ADD && lk_is_ptr(a) != lk_is_ptr(b)))) {
			int64_t p = lk_is_ptr(a) ? a : b, k = lk_is_ptr(a) ? b : a;
			int64_t e = lk_ptr_elem(p) + (op == IOM_A64_ADD ? k : -k);
			if (e >= 0 && e < ((int64_t)1 << LK_PTR_ELEM_BITS))
				return lk_ptr_at(lk_ptr_sym(p), e);
		}
		*ok = false;
		return 0;
	}
	unsigned sh = (unsigned)(y & (bits - 1));
	switch (op) {
	case IOM_A64_ADD: return (int64_t)(x + y);
	case IOM_A64_SUB: return (int64_t)(x - y);
	case IOM_A64_AND: return (int64_t)(x & y);
	case IOM_A64_ORR: return (int64_t)(x | y);
	case IOM_A64_EOR: return (int64_t)(x ^ y);
	case IOM_A64_BIC: return (int64_t)(x & ~y);
	case IOM_A64_ORN: return (int64_t)(x | ~y);
	case IOM_A64_EON: return (int64_t)(x ^ ~y);
	case IOM_A64_LSL: return (int64_t)(x << sh);
	case IOM_A64_LSR: return (int64_t)(mask(a, bits) >= 0 ? (uint64_t)mask(a, bits) >> sh : 0);
	case IOM_A64_ASR:
		if (bits == 32)
			return (int64_t)((int32_t)(uint32_t)x >> sh);
		return a >> sh;
	case IOM_A64_ROR: {
		uint64_t m = (uint64_t)mask(a, bits);
		return sh ? (int64_t)((m >> sh) | (m << (bits - sh))) : (int64_t)m;
	}
	}
	*ok = false;
	return 0;
}

static int64_t sext_from(int64_t v, unsigned w)
{
	if (w >= 64)
		return v;
	uint64_t m = (1ull << w) - 1, u = (uint64_t)v & m;
	return (u >> (w - 1)) & 1 ? (int64_t)(u | ~m) : (int64_t)u;
}

/* A register operand after its extension (SXTW ...) or shift (LSL ... ROR) at size bits */
static int64_t operand2(const struct iom_a64_ins *in, int64_t x)
{
	unsigned bits = in->bits;
	if (in->ext) {
		static const unsigned w[] = { 64, 32, 32, 8, 8, 16, 16 };
		uint64_t u = (uint64_t)x;
		if (w[in->ext] < 64)
			u &= (1ull << w[in->ext]) - 1;
		int64_t e = in->ext & 1 ? sext_from((int64_t)u, w[in->ext]) : (int64_t)u;
		return (int64_t)((uint64_t)e << in->shift);
	}
	uint64_t u = (uint64_t)mask(x, bits);
	unsigned sh = in->shift;
	if (!sh)
		return x;
	switch (in->sop) {
	case 1: return (int64_t)(u >> sh);
	case 2: return sext_from((int64_t)u, bits) >> sh;
	case 3: return (int64_t)((u >> sh) | (u << (bits - sh)));
	default: return (int64_t)((uint64_t)x << sh);
	}
}

/* SBFM/UBFM (the Arm ARM's pseudocode, as AArch64Sem.ml xbfm computes it) */
static int64_t bfm(int64_t x, unsigned size, unsigned immr, unsigned imms, bool sign)
{
	uint64_t u = (uint64_t)mask(x, size);
	int64_t v;
	if (imms >= immr) {
		unsigned w = imms - immr + 1;
		uint64_t f = (u >> immr) & (w >= 64 ? ~0ull : (1ull << w) - 1);
		v = sign ? sext_from((int64_t)f, w) : (int64_t)f;
	} else {
		unsigned w = imms + 1;
		uint64_t f = (u & ((1ull << w) - 1)) << (size - immr);
		v = sign ? sext_from((int64_t)f, size - immr + w) : (int64_t)f;
	}
	return mask(v, size);
}

static int64_t unary(int op, int64_t x, unsigned bits)
{
	uint64_t u = (uint64_t)mask(x, bits), r = 0;
	switch (op) {
	case IOM_A64_NEG: return mask((int64_t)(0 - u), bits);
	case IOM_A64_MVN: return mask((int64_t)~u, bits);
	case IOM_A64_ABS: {
		int64_t sv = sext_from((int64_t)u, bits);
		return mask(sv < 0 ? (int64_t)(0 - (uint64_t)sv) : sv, bits);
	}
	case IOM_A64_RBIT:
		for (unsigned i = 0; i < bits; i++)
			if (u >> i & 1)
				r |= 1ull << (bits - 1 - i);
		return (int64_t)r;
	default: {
		/* REV: bytes reversed in containers of the operation's size (REV), of 16 bits
		 * (REV16) or of 32 bits (REV32) */
		unsigned c = op == IOM_A64_REV16 ? 16 : op == IOM_A64_REV32 ? 32 : bits;
		for (unsigned base = 0; base < bits; base += c)
			for (unsigned b = 0; b < c / 8; b++)
				r |= ((u >> (base + 8 * b)) & 0xff) << (base + c - 8 - 8 * b);
		return (int64_t)r;
	}
	}
}

/* NZCV of an ADDS/SUBS/ANDS result (the Arm ARM's AddWithCarry) */
static int64_t flags_of(int op, int64_t a, int64_t b, int64_t r, unsigned bits)
{
	uint64_t ua = (uint64_t)mask(a, bits), ub = (uint64_t)mask(b, bits);
	uint64_t ur = (uint64_t)mask(r, bits);
	uint64_t top = 1ull << (bits - 1);
	int n = (ur & top) != 0, z = ur == 0, cf = 0, v = 0;
	if (op == IOM_A64_ADD) {
		cf = bits == 64 ? ur < ua : ((ua + ub) >> 32) != 0;
		v = !((ua ^ ub) & top) && ((ua ^ ur) & top);
	} else if (op == IOM_A64_SUB) {
		cf = ua >= ub;
		v = ((ua ^ ub) & top) && ((ua ^ ur) & top);
	}
	return n << 3 | z << 2 | cf << 1 | v;
}

static bool cond_holds(int c, int64_t f)
{
	int n = f >> 3 & 1, z = f >> 2 & 1, cf = f >> 1 & 1, v = f & 1;
	bool r;
	switch (c >> 1) {
	case 0: r = z; break;
	case 1: r = cf; break;
	case 2: r = n; break;
	case 3: r = v; break;
	case 4: r = cf && !z; break;
	case 5: r = n == v; break;
	case 6: r = !z && n == v; break;
	default: return true;  /* AL, NV */
	}
	return (c & 1) ? !r : r;
}

static int add_ev(struct a64_ctx *c, struct a64_st *s, const struct iom_a64_ins *in, int idx,
		  int half, int kind, uint32_t tags, int loc, int64_t val)
{
	struct lk_path *p = &s->p;
	if (p->nev >= LK_MAXTEV) {
		fail(c, IOM_ELIMIT, in, "more than 64 events on one path of this thread: the "
		     "engine's limit (LK_MAXTEV)");
		return -1;
	}
	int i = p->nev++;
	struct lk_ev *e = &p->ev[i];
	memset(e, 0, sizeof(*e));
	e->kind = (uint8_t)kind;
	e->tags = tags;
	e->loc = loc;
	e->val = val;
	e->tid = c->th->id;
	e->prim = -1;
	if (kind == LK_EV_R || kind == LK_EV_W)
		e->size = (uint8_t)(in->bits / 8);
	e->poi = i;
	if (in->pair_second) {      /* an LDP/STP's second access: the first's instruction */
		idx--;
		half = 1;
	}
	e->stmt = 4 * idx + half;   /* the accesses of one instruction: same group, no po */
	e->grp = idx + 4096 * s->gk;  /* an arm not taken: other instances of the code */
	if (s->ghost) {
		e->tags |= LK_A64_SPEC;
		p->forest = true;
	}
	p->posucc[i] = 0;
	for (uint64_t b = s->popred; b; b &= b - 1)
		p->posucc[__builtin_ctzll(b)] |= 1ull << i;
	s->popred |= 1ull << i;
	e->line = in->pos.line;
	e->col = in->pos.col;
	e->dev = e->region = -1;
	p->addr[i] = p->data[i] = p->rmw[i] = p->vdep[i] = p->iico_later[i] = 0;
	p->ioppo[i] = p->glue[i] = p->adep[i] = 0;
	p->pick[i] = p->pctrl[i] = p->paddr[i] = 0;
	/* per target for now (transposed when the path is emitted) */
	p->ctrl[i] = s->cdt;
	p->pctrl[i] = s->cpt;
	return i;
}

/* The effective address of a memory instruction: a location, -1 on error */
static int ea(struct a64_ctx *c, struct a64_st *s, const struct iom_a64_ins *in, uint64_t *dt,
	      uint64_t *pt)
{
	int64_t base = rv(s, in->rn);
	int64_t off = 0;
	if (symb(s, in->rn) || (!in->imm_op && in->rm != IOM_A64_NOREG && symb(s, in->rm))) {
		fail(c, IOM_EINVAL, in, "AArch64: under variant deps, an access in an arm not taken "
		     "at an address computed from a value that arm read is not supported");
		return -1;
	}
	*dt = rdt(s, in->rn);
	*pt = rpt(s, in->rn);
	if (in->wb) {
		/* the write-back: Xn + wb_imm, an address arithmetic like ADD's; pre-indexing
		 * accesses the new address, post-indexing the old one */
		bool ok = true;
		int64_t nb = alu(IOM_A64_ADD, base, in->wb_imm, 64, &ok);
		if (!ok) {
			fail(c, IOM_EINVAL, in, "AArch64: arithmetic on an address is not supported");
			return -1;
		}
		bool u = runk(s, in->rn);
		uint64_t bdt = *dt, bpt = *pt;
		if (in->wb == 1)
			base = nb;
		wreg(s, in->rn, nb, bdt, bpt);
		s->unk[in->rn] = u;
	}
	if (in->imm_op) {
		off = in->imm;
	} else if (in->rm != IOM_A64_NOREG) {
		int64_t x = rv(s, in->rm);
		if (lk_is_ptr(x)) {
			fail(c, IOM_EINVAL, in, "AArch64: an address used as an index is not supported");
			return -1;
		}
		if (in->ext == 1)
			x = (int64_t)(int32_t)(uint32_t)x;
		else if (in->ext == 2)
			x = (int64_t)(uint32_t)x;
		off = (int64_t)((uint64_t)x << in->shift);
		*dt |= rdt(s, in->rm);
		*pt |= rpt(s, in->rm);
	}
	if (!lk_is_ptr(base)) {
		fail(c, IOM_EINVAL, in, "AArch64: the address register does not hold a location");
		return -1;
	}
	/* the address: a location and a byte offset from it; an array's element is at a
	 * multiple of its size (herd7 keeps int64_t v[2] as v[0] and v[1], 8 bytes apart) */
	int sym = lk_ptr_sym(base);
	int64_t byte = lk_ptr_elem(base) + off;
	const struct iom_lit_test *t = c->lt->t;
	if (sym >= 0 && (unsigned)sym < t->nr_syms && t->syms[sym].array_len) {
		const struct iom_lit_sym *sy = &t->syms[sym];
		int64_t es = lk_a64_type_bytes(sy->ctype);
		if (byte < 0 || byte % es || byte / es >= (int64_t)sy->array_len) {
			fail(c, IOM_EINVAL, in, "AArch64: an access outside the array's elements");
			return -1;
		}
		if ((int64_t)in->bits != 8 * es) {
			fail(c, IOM_EINVAL, in, "AArch64: an access of another size than the array's "
			     "elements (mixed sizes) is not supported");
			return -1;
		}
		return c->lt->loc_base[sym] + (int)(byte / es);
	}
	if (byte != 0) {
		fail(c, IOM_EINVAL, in, "AArch64: an access at an offset from a location (mixed "
		     "sizes) is not supported");
		return -1;
	}
	int l = lk_ptr_loc(c->lt, base);
	if (l < 0) {
		fail(c, IOM_EINVAL, in, "AArch64: the address register does not hold a location");
		return -1;
	}
	return l;
}

/* lrs: the last write of this path to loc; its inputs' taints flow into the read */
static void lrs_taint(const struct a64_st *s, int loc, const uint64_t *wdt, const uint64_t *wpt,
		      uint64_t *dt, uint64_t *pt)
{
	for (int i = s->p.nev - 1; i >= 0; i--)
		if (s->p.ev[i].kind == LK_EV_W && s->p.ev[i].loc == loc) {
			*dt |= wdt[i];
			*pt |= wpt[i];
			return;
		}
}

/* Is instruction pc one access of a pair (LDP, STP, LDXP, STXP)? */
static bool pair_of(const struct iom_a64_prog *pg, unsigned pc)
{
	return pg && (pg->ins[pc].pair_second || (pc + 1 < pg->nr && pg->ins[pc + 1].pair_second));
}

/* variant deps: keep the state at a branch for its arm not taken, and start that arm. The
 * fields kept: arrays, then scalars */
#define A64_GH_ARRAYS(X) X(reg) X(dt) X(pt) X(unk) X(back)
#define A64_GH_SCALARS(X) X(nzcv) X(fdt) X(fpt) X(funk) X(cdt) X(cpt) X(popred) X(res_ev) \
	X(res_ev2) X(res_loc)
#define A64_GH_COPYA(f) memcpy(to->f, from->f, sizeof(to->f));
#define A64_GH_COPYS(f) to->f = from->f;

static void gh_save(struct a64_gh *to, const struct a64_st *from, unsigned pc)
{
	A64_GH_ARRAYS(A64_GH_COPYA)
	A64_GH_SCALARS(A64_GH_COPYS)
	to->pc = pc;
}

static unsigned gh_load(struct a64_st *to, const struct a64_gh *from)
{
	A64_GH_ARRAYS(A64_GH_COPYA)
	A64_GH_SCALARS(A64_GH_COPYS)
	to->fsymb = false;
	to->ghost = true;
	to->gk++;
	return from->pc;
}


struct a64_run {
	uint64_t wdt[LK_MAXTEV], wpt[LK_MAXTEV]; /* a write's input taints (for lrs)      */
	uint64_t in_a[LK_MAXTEV], in_d[LK_MAXTEV], in_pb[LK_MAXTEV], in_pa[LK_MAXTEV];
};

static void step(struct a64_ctx *c, struct a64_st *s, struct a64_run *r, unsigned pc);

static void emit(struct a64_ctx *c, struct a64_st *s, const struct a64_run *r)
{
	if (!c->collect)
		return;
	/* mixed sizes (herd/mem.ml check_sizes: "Illegal mixed-size test"): two sizes for one
	 * location on this path; across threads, lk_a64_events_build() */
	uint8_t here[LK_MAXLOC] = { 0 };
	for (int i = 0; i < s->p.nev; i++) {
		const struct lk_ev *e = &s->p.ev[i];
		if ((e->kind != LK_EV_R && e->kind != LK_EV_W) || e->loc < 0 || e->loc >= LK_MAXLOC)
			continue;
		here[e->loc] |= e->size;
		if (here[e->loc] & (here[e->loc] - 1)) {
			iom_diag_set(c->d, IOM_EINVAL, c->lt->t->file, e->line, e->col, "AArch64: "
				     "accesses of %d and %d bytes to one location (mixed sizes) are out "
				     "of scope", here[e->loc] & ~e->size, e->size);
			c->err = -IOM_EINVAL;
			return;
		}
		if (!c->szm[e->loc])
			c->szpos[e->loc] = (struct iom_lit_pos){ e->line, e->col };
		c->szm[e->loc] |= e->size;
	}
	struct lk_path *p = lk_paths_add(c->out);
	if (!p) {
		c->err = -IOM_ENOMEM;
		return;
	}
	*p = s->p;
	/* final registers as herd7 keeps them, at their declared type (int: 32-bit) */
	for (unsigned k = 0; k < c->th->nr_regs && k < LK_MAXREG; k++)
		p->regs[k] = lk_a64_at_type(lk_a64_reg_type(c->th, (int)k), p->regs[k]);
	int n = p->nev;
	uint64_t cc[LK_MAXTEV], cpc[LK_MAXTEV];
	for (int j = 0; j < n; j++) {
		cc[j] = p->ctrl[j];
		cpc[j] = p->pctrl[j];
		p->ctrl[j] = p->pctrl[j] = p->addr[j] = p->data[j] = p->pick[j] = p->paddr[j] = 0;
	}
	/* rows from sources: only reads are sources ([Exp & R]), and a source is never in
	 * the same instruction as its target (\ same-instance) */
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			if (p->ev[i].kind != LK_EV_R || p->ev[i].grp == p->ev[j].grp)
				continue;
			uint64_t bj = 1ull << j;
			if (cc[j] >> i & 1)
				p->ctrl[i] |= bj;
			if (cpc[j] >> i & 1)
				p->pctrl[i] |= bj;
			if (p->ev[j].kind == LK_EV_F)
				continue;
			if (r->in_a[j] >> i & 1)
				p->addr[i] |= bj;
			if ((r->in_d[j] >> i & 1) && p->ev[j].kind == LK_EV_W)
				p->data[i] |= bj;
			if (r->in_pb[j] >> i & 1)
				p->pick[i] |= bj;
			if (r->in_pa[j] >> i & 1)
				p->paddr[i] |= bj;
		}
}

/* The value an LD<op> writes (AArch64Sem.ml ldop: SMAX/SMIN compare signed at the size) */
static int64_t ldop_value(int op, int64_t v, int64_t x, unsigned bits)
{
	uint64_t u = (uint64_t)mask(v, bits), w = (uint64_t)mask(x, bits);
	int64_t sv = bits == 64 ? (int64_t)u : bits == 32 ? (int32_t)u
		   : bits == 16 ? (int16_t)u : (int8_t)u;
	int64_t sw = bits == 64 ? (int64_t)w : bits == 32 ? (int32_t)w
		   : bits == 16 ? (int16_t)w : (int8_t)w;
	switch (op) {
	case IOM_A64_AADD: return (int64_t)(u + w);
	case IOM_A64_ACLR: return (int64_t)(u & ~w);
	case IOM_A64_AEOR: return (int64_t)(u ^ w);
	case IOM_A64_ASET: return (int64_t)(u | w);
	case IOM_A64_ASMAX: return sv > sw ? sv : sw;
	case IOM_A64_ASMIN: return sv < sw ? sv : sw;
	case IOM_A64_AUMAX: return (int64_t)(u > w ? u : w);
	default: return (int64_t)(u < w ? u : w);
	}
}

/* CAS's ways to run (AArch64Sem.ml cas, do_cas_with; eventsMonad.ml aarch64_cas_ok/no):
 * success, with the register's new value from Rs or from the read (two event structures,
 * each an execution of its own), or failure, again two alternatives (do_cas_with's
 * altT of the write-back and no-write-back failures). herd7 7.57 shows both failures
 * with the same events, a plain read and no write: checked with -show all on a CAS whose
 * failure reads the initial value and on CAS+data1 (12 executions, 4 of them failures
 * with one rf and co each). */
enum { CAS_OK_RS, CAS_OK_RX, CAS_FAIL_WB, CAS_FAIL };

static void run_read(struct a64_ctx *c, struct a64_st *s, struct a64_run *r, unsigned pc,
		     const struct iom_a64_ins *in, int loc, uint64_t adt, uint64_t apt)
{
	const struct iom_a64_prog *pg = c->th->a64;
	const struct a64_dom *d = &c->dom[loc];
	/* an arm not taken reads any write of the location, or none (mem.ml
	 * solve_mem_or_res: "reading from nowhere for speculated reads"): its value is
	 * unknown, LK_SYMB */
	int nvals = s->ghost ? 1 : d->n;
	for (int k = 0; k < nvals && !c->err; k++) {
		int64_t v = s->ghost ? LK_SYMB : d->v[k];
		if (lk_is_ptr(v) && in->bits < 64) {
			fail(c, IOM_EINVAL, in, "AArch64: Illegal operation mask32 on an address");
			return;
		}
		int64_t rvv = lk_is_ptr(v) || v == LK_SYMB ? v : mask(v, in->bits);
		int ways[2] = { -1, -1 };
		if (in->op == IOM_A64_CAS) {
			int64_t cv = rv(s, in->rs);
			if (lk_is_ptr(cv) != lk_is_ptr(v) && (lk_is_ptr(cv) || lk_is_ptr(v)) &&
			    in->bits < 64) {
				fail(c, IOM_EINVAL, in, "AArch64: Illegal operation mask32 on an address");
				return;
			}
			bool eq = lk_is_ptr(cv) || lk_is_ptr(v) ? cv == v : mask(cv, in->bits) == rvv;
			ways[0] = eq ? CAS_OK_RS : CAS_FAIL;
			ways[1] = eq ? CAS_OK_RX : CAS_FAIL;
		} else {
			ways[0] = 0;
		}
		for (int wi = 0; wi < 2 && ways[wi] >= 0 && !c->err; wi++) {
			int way = ways[wi];
			struct a64_st s2 = *s;
			struct a64_run r2 = *r;
			uint32_t tags = 0;
			unsigned a = in->ann;
			bool amo = in->op == IOM_A64_SWP || in->op == IOM_A64_LDOP || in->op == IOM_A64_CAS;
			bool noret = (in->op == IOM_A64_CAS ? in->rs : in->rd) == IOM_A64_ZR;
			if (amo && noret) {
				tags = LK_A64_NORET;  /* do_read_mem_ret NoRet */
			} else {
				if (a & IOM_A64_ACQ)
					tags |= LK_A64_A;
				if (a & IOM_A64_ACQPC)
					tags |= LK_A64_Q;
				/* rmw_amo_read: X (XA); a CAS that fails without a write reads plainly */
				if ((a & IOM_A64_EXCL) || (amo && way != CAS_FAIL))
					tags |= LK_A64_X;
			}
			if (amo && way != CAS_FAIL)
				tags |= LK_A64_AMO;
			if ((in->ann & IOM_A64_EXCL) && in->op == IOM_A64_LD && pair_of(pg, pc))
				tags |= LK_A64_SCA;
			int e = add_ev(c, &s2, in, (int)pc, 0, LK_EV_R, tags, loc, v);
			if (e < 0)
				return;
			uint64_t ldt = adt, lpt = apt;
			lrs_taint(&s2, loc, r2.wdt, r2.wpt, &ldt, &lpt);
			r2.in_a[e] = adt;
			r2.in_d[e] = 0;
			r2.in_pb[e] = lpt | ldt;
			r2.in_pa[e] = apt | adt;
			uint64_t me = 1ull << e;
			if (in->op == IOM_A64_LD) {
				if (in->sext && !lk_is_ptr(rvv) && rvv != LK_SYMB)  /* LDRSB/H/W: to the register's size */
					rvv = mask(sext_from(rvv, in->bits), in->dbits);
				wreg(&s2, in->rd, rvv, ldt | me, lpt | me);
				if ((in->ann & IOM_A64_EXCL) && in->pair_second) {
					s2.res_ev2 = e;
				} else if (in->ann & IOM_A64_EXCL) {
					s2.res_ev = e;
					s2.res_ev2 = -1;
					s2.res_loc = loc;
				}
				step(c, &s2, &r2, pc + 1);
				continue;
			}
			int vreg = in->op == IOM_A64_CAS ? in->rd : in->rs;  /* the value written */
			uint64_t vdt = rdt(&s2, vreg), vpt = rpt(&s2, vreg);
			int64_t x = rv(&s2, vreg);
			uint64_t sdt = rdt(&s2, in->rs), spt = rpt(&s2, in->rs); /* CAS: Rs compared */
			if (in->op == IOM_A64_CAS && way == CAS_FAIL) {
				/* no write; Rs gets the value read (data from the read) */
				wreg(&s2, in->rs, rvv, ldt | me, lpt | me);
				step(c, &s2, &r2, pc + 1);
				continue;
			}
			int64_t nv;
			if (in->op == IOM_A64_SWP || in->op == IOM_A64_CAS) {
				nv = way == CAS_FAIL_WB ? v : x;
			} else if (v == LK_SYMB || x == LK_SYMB) {
				nv = LK_SYMB;
			} else {
				if (lk_is_ptr(v) || lk_is_ptr(x)) {
					fail(c, IOM_EINVAL, in, "AArch64: an atomic operation on an address is "
					     "not supported");
					return;
				}
				nv = ldop_value(in->sub, v, x, in->bits);
			}
			if (lk_is_ptr(nv) && in->bits < 64) {
				fail(c, IOM_EINVAL, in, "AArch64: Illegal operation mask32 on an address");
				return;
			}
			if (!lk_is_ptr(nv) && nv != LK_SYMB)
				nv = mask(nv, in->bits);
			uint32_t wt = LK_A64_X | LK_A64_AMO | ((a & IOM_A64_REL) ? LK_A64_L : 0);
			int w = add_ev(c, &s2, in, (int)pc, 1, LK_EV_W, wt, loc, nv);
			if (w < 0)
				return;
			s2.p.rmw[e] |= 1ull << w;
			/* iico_data into the write: the address; the value register (port Data) for
			 * SWP, LD<op> and a successful CAS; the read itself for LD<op> (mem2mem) and a
			 * CAS writing back; CAS's comparison reaches it through iico_ctrl (pick) */
			bool from_read = in->op == IOM_A64_LDOP || way == CAS_FAIL_WB;
			bool from_reg = way != CAS_FAIL_WB;
			r2.in_a[w] = adt;
			r2.in_d[w] = from_reg ? vdt : 0;
			r2.in_pb[w] = apt | adt | (from_reg ? vpt | vdt : 0) | (from_read ? lpt | ldt : 0);
			if (in->op == IOM_A64_CAS)
				r2.in_pb[w] |= sdt | spt | lpt | ldt;
			r2.in_pa[w] = apt | adt;
			r2.wdt[w] = adt | (from_reg ? vdt : 0) | (from_read ? ldt | me : 0);
			r2.wpt[w] = r2.wdt[w] | apt | (from_reg ? vpt : 0) | (from_read ? lpt : 0);
			if (in->op == IOM_A64_CAS)
				r2.wpt[w] |= sdt | spt | lpt | ldt | me;
			if (c->wrote && !s2.ghost && dom_add(&c->wrote[loc], nv) < 0)
				fail(c, IOM_ELIMIT, in, "AArch64: a location takes more than 64 values: the "
				     "engine's limit");
			if (in->op == IOM_A64_CAS) {
				/* Rs gets the value read: from Rs itself (DataFromRRs, with the
				 * comparison's iico_ctrl) or from the read */
				if (way == CAS_OK_RS)
					wreg(&s2, in->rs, rvv, sdt, spt | sdt | ldt | lpt | me);
				else
					wreg(&s2, in->rs, rvv, ldt | me, lpt | me);
			} else {
				wreg(&s2, in->rd, rvv, ldt | me, lpt | me);
			}
			step(c, &s2, &r2, pc + 1);
		}
	}
}

/* CASP (AArch64Sem.ml casp): two reads (not one single-copy-atomic access: >>|), both
 * compared with the Rs pair; on success two writes of the Rt pair, each the amo partner of
 * its location's read; the Rs pair gets the values read. The same alternatives as CAS. */
static void run_casp(struct a64_ctx *c, struct a64_st *s, struct a64_run *r, unsigned pc,
		     const struct iom_a64_ins *in, int l1, int l2, uint64_t adt, uint64_t apt)
{
	const struct a64_dom *d1 = &c->dom[l1], *d2 = &c->dom[l2];
	int64_t c1 = rv(s, in->rs), c2 = rv(s, in->ra);
	int64_t n1 = rv(s, in->rd), n2 = rv(s, in->casp_rt2);
	if (lk_is_ptr(c1) || lk_is_ptr(c2) || lk_is_ptr(n1) || lk_is_ptr(n2)) {
		fail(c, IOM_EINVAL, in, "AArch64: CASP on addresses is not supported");
		return;
	}
	uint64_t sdt = rdt(s, in->rs) | rdt(s, in->ra), spt = rpt(s, in->rs) | rpt(s, in->ra);
	for (int k1 = 0; k1 < d1->n && !c->err; k1++)
		for (int k2 = 0; k2 < d2->n && !c->err; k2++) {
			int64_t v1 = d1->v[k1], v2 = d2->v[k2];
			if (lk_is_ptr(v1) || lk_is_ptr(v2)) {
				fail(c, IOM_EINVAL, in, "AArch64: CASP on addresses is not supported");
				return;
			}
			v1 = mask(v1, in->bits);
			v2 = mask(v2, in->bits);
			bool eq = v1 == mask(c1, in->bits) && v2 == mask(c2, in->bits);
			for (int wi = 0; wi < 2 && !c->err; wi++) {
				int way = eq ? (wi ? CAS_OK_RX : CAS_OK_RS) : CAS_FAIL;
				struct a64_st s2 = *s;
				struct a64_run r2 = *r;
				uint32_t tags = 0;
				if (in->ann & IOM_A64_ACQ)
					tags |= LK_A64_A;
				if (way != CAS_FAIL)
					tags |= LK_A64_X | LK_A64_AMO;
				int e1 = add_ev(c, &s2, in, (int)pc, 0, LK_EV_R, tags, l1, d1->v[k1]);
				int e2 = add_ev(c, &s2, in, (int)pc, 1, LK_EV_R, tags, l2, d2->v[k2]);
				if (e1 < 0 || e2 < 0)
					return;
				uint64_t t1 = adt, p1 = apt, t2 = adt, p2 = apt;
				lrs_taint(&s2, l1, r2.wdt, r2.wpt, &t1, &p1);
				lrs_taint(&s2, l2, r2.wdt, r2.wpt, &t2, &p2);
				int ev[2] = { e1, e2 };
				uint64_t tt[2] = { t1, t2 }, pp[2] = { p1, p2 };
				for (int q = 0; q < 2; q++) {
					r2.in_a[ev[q]] = adt;
					r2.in_d[ev[q]] = 0;
					r2.in_pb[ev[q]] = pp[q] | tt[q];
					r2.in_pa[ev[q]] = apt | adt;
				}
				uint64_t me = (1ull << e1) | (1ull << e2);
				uint64_t rdt_all = t1 | t2 | me, rpt_all = p1 | p2 | me;
				if (way != CAS_FAIL) {
					int64_t nv[2] = { mask(n1, in->bits), mask(n2, in->bits) };
					int vr[2] = { in->rd, in->casp_rt2 };
					int loc[2] = { l1, l2 };
					uint32_t wt = LK_A64_X | LK_A64_AMO |
						      ((in->ann & IOM_A64_REL) ? LK_A64_L : 0);
					for (int q = 0; q < 2; q++) {
						int w = add_ev(c, &s2, in, (int)pc, 2 + q, LK_EV_W, wt, loc[q], nv[q]);
						if (w < 0)
							return;
						s2.p.rmw[ev[q]] |= 1ull << w;
						uint64_t vd = rdt(&s2, vr[q]), vp = rpt(&s2, vr[q]);
						r2.in_a[w] = adt;
						r2.in_d[w] = vd;
						r2.in_pb[w] = apt | adt | vp | vd | sdt | spt | rpt_all | rdt_all;
						r2.in_pa[w] = apt | adt;
						r2.wdt[w] = adt | vd;
						r2.wpt[w] = r2.wdt[w] | apt | vp | sdt | spt | rdt_all | rpt_all;
						if (c->wrote && dom_add(&c->wrote[loc[q]], nv[q]) < 0) {
							fail(c, IOM_ELIMIT, in, "AArch64: a location takes more than "
							     "64 values: the engine's limit");
							return;
						}
					}
				}
				/* the Rs pair gets the values read: from Rs itself (DataFromRRs, with the
				 * comparison's iico_ctrl) or from the reads */
				if (way == CAS_OK_RS) {
					wreg(&s2, in->rs, v1, rdt(s, in->rs), spt | sdt | rdt_all | rpt_all);
					wreg(&s2, in->ra, v2, rdt(s, in->ra), spt | sdt | rdt_all | rpt_all);
				} else {
					wreg(&s2, in->rs, v1, t1 | (1ull << e1), p1 | (1ull << e1));
					wreg(&s2, in->ra, v2, t2 | (1ull << e2), p2 | (1ull << e2));
				}
				step(c, &s2, &r2, pc + 1);
			}
		}
}

/* Code addresses (AArch64Sem.ml get_link_addr, ADR): a label's when one names instruction
 * idx, herd7's integer address otherwise (lkmm_int.h LK_CODE_BASE) */
static int64_t code_addr(const struct a64_ctx *c, unsigned idx)
{
	const struct iom_a64_prog *pg = c->th->a64;
	for (unsigned j = 0; j < pg->nlab; j++)
		if (pg->lab_at[j] == idx)
			return lk_code(c->th->id, (int)idx);
	int64_t n = 0;
	for (unsigned q = 0; q < idx && q < pg->nr; q++)
		n += !pg->ins[q].pair_second;
	return (int64_t)(c->th->id + 1) * 10000 + 4 * n;
}

/* The instruction a code address in a register names in this thread, or -1 */
static int code_target(const struct a64_ctx *c, int64_t v)
{
	const struct iom_a64_prog *pg = c->th->a64;
	if (lk_is_code(v))
		return lk_code_tid(v) == c->th->id ? lk_code_idx(v) : -1;
	for (unsigned q = 0; q <= pg->nr; q++)
		if ((q == pg->nr || !pg->ins[q].pair_second) && code_addr(c, q) == v)
			return (int)q;
	return -1;
}

/* Does the instruction compute on a register holding a label's code address (other than
 * copying it, jumping to it, or BLR and BL overwriting it)? */
static bool uses_code(const struct a64_st *s, const struct iom_a64_ins *in)
{
	if (in->op == IOM_A64_BR || in->op == IOM_A64_BL || in->op == IOM_A64_ADR ||
	    in->op == IOM_A64_B || in->op == IOM_A64_NOP || in->op == IOM_A64_FENCE)
		return false;
	if (in->op == IOM_A64_MOV && !in->imm_op && in->bits == 64 && !in->shift && !in->ext)
		return false;
	int regs[] = { in->rn, in->op == IOM_A64_ALU && in->imm_op ? IOM_A64_NOREG : in->rm,
		       in->op == IOM_A64_MUL ? in->ra : IOM_A64_NOREG, in->rs,
		       in->op == IOM_A64_CASP ? in->casp_rt2 : IOM_A64_NOREG,
		       in->op == IOM_A64_ST || in->op == IOM_A64_MOVK || in->op == IOM_A64_CAS ||
		       in->op == IOM_A64_CASP ? in->rd : IOM_A64_NOREG };
	for (size_t k = 0; k < sizeof(regs) / sizeof(regs[0]); k++)
		if (regs[k] >= 0 && lk_is_code(s->reg[regs[k]]))
			return true;
	return false;
}

/* A jump from pc to t that herd7 counts when backward: it unrolls loops (-unroll, 2 by
 * default); past the bound the thread ends there (a cutoff event), and a consistent
 * execution with it makes herd7 print "Loop" without counting it (mem.ml fetch_addr,
 * check_back). Returns the next instruction, or JUMP_FAIL. */
#define JUMP_FAIL (~0u)
static unsigned jump(struct a64_ctx *c, struct a64_st *s, const struct iom_a64_ins *in,
		     unsigned pc, unsigned t)
{
	if (t > pc)
		return t;
	if (t >= 64) {
		fail(c, IOM_ELIMIT, in, "AArch64: a backward branch to after the 64th instruction "
		     "is not supported");
		return JUMP_FAIL;
	}
	if (s->back[t]++ < c->lt->unroll)
		return t;
	if (!s->ghost)
		s->p.loop = true;
	return c->th->a64->nr;
}

static void step(struct a64_ctx *c, struct a64_st *s, struct a64_run *r, unsigned pc)
{
	const struct iom_a64_prog *pg = c->th->a64;
	int fixreg = IOM_A64_NOREG;  /* an arm not taken: the register just computed from LK_SYMB */
	for (;;) {
		if (fixreg != IOM_A64_NOREG) {
			s->reg[fixreg] = LK_SYMB;
			fixreg = IOM_A64_NOREG;
		}
		if (c->err)
			return;
		if (c->budget-- == 0) {
			fail(c, IOM_ELIMIT, NULL, "AArch64: more than 1,000,000 steps while building a "
			     "thread's paths: the engine's limit");
			return;
		}
		if (!pg || pc >= pg->nr) {
			/* variant deps: the taken path has ended; then each arm not taken, each
			 * to the thread's end (eventsMonad.ml speculT, combi_acts), and inside one
			 * both arms of its own branches (combi_spec) */
			if (s->ghost && c->ngst > 0) {
				pc = gh_load(s, &c->gstack[--c->ngst]);
				continue;
			}
			if (s->gnext < s->npend) {
				pc = gh_load(s, &c->pend[s->gnext++]);
				continue;
			}
			int nw = 0;
			for (int j = 0; j < s->p.nev; j++)
				nw += s->p.ev[j].kind == LK_EV_W;
			if (nw > c->maxw)
				c->maxw = nw;
			emit(c, s, r);
			return;
		}
		const struct iom_a64_ins *in = &pg->ins[pc];
		bool ok = true;
		if (uses_code(s, in)) {
			fail(c, IOM_EINVAL, in, in->op == IOM_A64_LD ? "AArch64: a load from a code "
			     "address (instruction fetch) is out of scope" : "AArch64: computing on, "
			     "testing or storing a label's code address is not supported");
			return;
		}
		if (s->ghost) {
			/* an arm not taken: a result computed from a value it read is unknown
			 * (EOR or SUB of a register with itself is 0 whatever it holds) */
			bool dp = in->op == IOM_A64_MOV || in->op == IOM_A64_MOVK || in->op == IOM_A64_ALU ||
				  in->op == IOM_A64_CSEL || in->op == IOM_A64_BFM ||
				  in->op == IOM_A64_UNARY || in->op == IOM_A64_MUL;
			bool sy = symb(s, in->rn) || symb(s, in->rm) ||
				  (in->op == IOM_A64_MUL && symb(s, in->ra)) ||
				  (in->op == IOM_A64_MOVK && symb(s, in->rd));
			if (in->op == IOM_A64_MOV && in->imm_op)
				sy = false;
			if (in->op == IOM_A64_ALU && !in->imm_op && in->rn == in->rm &&
			    (in->sub == IOM_A64_EOR || in->sub == IOM_A64_SUB))
				sy = false;
			if (in->op == IOM_A64_ALU && in->imm_op)
				sy = symb(s, in->rn);
			if (in->op == IOM_A64_CSEL && s->fsymb) {
				fail(c, IOM_EINVAL, in, "AArch64: under variant deps, a CSEL in an arm not "
				     "taken on flags computed from a value that arm read is not supported");
				return;
			}
			if (dp && sy)
				fixreg = in->rd >= 0 ? in->rd : IOM_A64_NOREG;
			if (in->op == IOM_A64_ALU && in->setflags)
				s->fsymb = sy;
			if (in->op == IOM_A64_CAS || in->op == IOM_A64_CASP ||
			    (in->op == IOM_A64_ST && (in->ann & IOM_A64_EXCL))) {
				fail(c, IOM_EINVAL, in, "AArch64: under variant deps, a CAS or a store "
				     "exclusive in an arm not taken is not supported");
				return;
			}
		}
		switch (in->op) {
		case IOM_A64_NOP:
			pc++;
			continue;
		case IOM_A64_MOV:
			if (in->imm_op) {
				wreg(s, in->rd, mask((int64_t)((uint64_t)in->imm << in->shift), in->bits), 0, 0);
				if (in->rd >= 0)
					s->unk[in->rd] = false;
			} else {
				int64_t v = rv(s, in->rm);
				if (lk_is_ptr(v) && in->bits < 64) {
					fail(c, IOM_EINVAL, in, "AArch64: Illegal operation mask32 on an address");
					return;
				}
				bool u = runk(s, in->rm);
				wreg(s, in->rd, lk_is_ptr(v) ? v : mask(v, in->bits), rdt(s, in->rm), rpt(s, in->rm));
				if (in->rd >= 0)
					s->unk[in->rd] = u;
			}
			pc++;
			continue;
		case IOM_A64_MOVK: {
			int64_t old = rv(s, in->rd);
			if (lk_is_ptr(old)) {
				fail(c, IOM_EINVAL, in, "AArch64: MOVK into an address");
				return;
			}
			uint64_t m = 0xffffull << in->shift;
			int64_t v = (int64_t)(((uint64_t)old & ~m) | (((uint64_t)in->imm << in->shift) & m));
			bool u = runk(s, in->rd);
			wreg(s, in->rd, mask(v, in->bits), rdt(s, in->rd), rpt(s, in->rd));
			if (in->rd >= 0)
				s->unk[in->rd] = u;
			pc++;
			continue;
		}
		case IOM_A64_ALU: {
			int64_t a = rv(s, in->rn);
			int64_t b = in->imm_op ? in->imm : rv(s, in->rm);
			if (!in->imm_op && (in->ext || in->shift) && !lk_is_ptr(b))
				b = operand2(in, b);
			else if (!in->imm_op && (in->ext || in->shift)) {
				fail(c, IOM_EINVAL, in, "AArch64: arithmetic on an address is not supported");
				return;
			}
			uint64_t dt = rdt(s, in->rn) | (in->imm_op ? 0 : rdt(s, in->rm));
			uint64_t pt = rpt(s, in->rn) | (in->imm_op ? 0 : rpt(s, in->rm));
			if (!lk_is_ptr(b) && in->imm_op)
				b = (int64_t)((uint64_t)b << in->shift);
			if (in->bits < 64 && (lk_is_ptr(a) || lk_is_ptr(b))) {
				fail(c, IOM_EINVAL, in, "AArch64: Illegal operation mask32 on an address");
				return;
			}
			if (in->bits < 64) {
				a = mask(a, 32);
				b = mask(b, 32);
			}
			/* EOR Xd, Xn, Xn of an address is 0, a dependency the catalogue uses */
			int64_t res;
			if (in->sub == IOM_A64_EXTR && !lk_is_ptr(a) && !lk_is_ptr(b)) {
				uint64_t hi = (uint64_t)mask(a, in->bits), lo = (uint64_t)mask(b, in->bits);
				unsigned l = in->immr;
				res = l ? (int64_t)((lo >> l) | (hi << (in->bits - l))) : (int64_t)lo;
			} else if (lk_is_ptr(a) && a == b && (in->sub == IOM_A64_EOR || in->sub == IOM_A64_SUB))
				res = 0;
			else
				res = alu(in->sub, a, b, in->bits, &ok);
			if (!ok) {
				fail(c, IOM_EINVAL, in, "AArch64: arithmetic on an address is not supported");
				return;
			}
			if (!lk_is_ptr(res))
				res = mask(res, in->bits);
			bool u = runk(s, in->rn) || (!in->imm_op && runk(s, in->rm));
			if (in->setflags) {
				s->nzcv = flags_of(in->sub, a, b, res, in->bits);
				s->fdt = dt;
				s->fpt = pt;
				s->funk = u;
			}
			wreg(s, in->rd, res, dt, pt);
			if (in->rd >= 0)
				s->unk[in->rd] = u;
			pc++;
			continue;
		}
		case IOM_A64_BFM:
		case IOM_A64_UNARY:
		case IOM_A64_MUL: {
			int64_t a = rv(s, in->op == IOM_A64_UNARY ? in->rm : in->rn);
			int64_t b = in->op == IOM_A64_MUL ? rv(s, in->rm) : 0;
			int64_t acc = in->op == IOM_A64_MUL ? rv(s, in->ra) : 0;
			if (lk_is_ptr(a) || lk_is_ptr(b) || lk_is_ptr(acc)) {
				fail(c, IOM_EINVAL, in, "AArch64: arithmetic on an address is not supported");
				return;
			}
			int64_t v;
			uint64_t dt, pt;
			bool u;
			if (in->op == IOM_A64_BFM) {
				v = bfm(a, in->bits, in->immr, in->imms, in->sub);
				dt = rdt(s, in->rn), pt = rpt(s, in->rn), u = runk(s, in->rn);
			} else if (in->op == IOM_A64_UNARY) {
				v = unary(in->sub, in->shift || in->ext ? operand2(in, a) : a, in->bits);
				dt = rdt(s, in->rm), pt = rpt(s, in->rm), u = runk(s, in->rm);
			} else {
				uint64_t x = (uint64_t)a, y = (uint64_t)b;
				if (in->sub >= 2) {  /* long forms: 32-bit factors, signed or not */
					bool sg = in->sub < 4;
					x = sg ? (uint64_t)sext_from(a, 32) : (uint64_t)(uint32_t)a;
					y = sg ? (uint64_t)sext_from(b, 32) : (uint64_t)(uint32_t)b;
				}
				uint64_t prod = x * y;
				bool sub = in->sub == 1 || in->sub == 3 || in->sub == 5;
				v = mask((int64_t)(sub ? (uint64_t)acc - prod : (uint64_t)acc + prod), in->bits);
				dt = rdt(s, in->rn) | rdt(s, in->rm) | rdt(s, in->ra);
				pt = rpt(s, in->rn) | rpt(s, in->rm) | rpt(s, in->ra);
				u = runk(s, in->rn) || runk(s, in->rm) || runk(s, in->ra);
			}
			wreg(s, in->rd, v, dt, pt);
			if (in->rd >= 0)
				s->unk[in->rd] = u;
			pc++;
			continue;
		}
		case IOM_A64_CSEL: {
			bool h = cond_holds(in->cond, s->nzcv);
			int src = h ? in->rn : in->rm;
			int64_t v = rv(s, src);
			if (!h) {
				if (lk_is_ptr(v) && in->sub != IOM_A64_CS_SEL) {
					fail(c, IOM_EINVAL, in, "AArch64: arithmetic on an address is not supported");
					return;
				}
				if (in->sub == IOM_A64_CS_INC)
					v = (int64_t)((uint64_t)v + 1);
				else if (in->sub == IOM_A64_CS_INV)
					v = ~v;
				else if (in->sub == IOM_A64_CS_NEG)
					v = (int64_t)(0 - (uint64_t)v);
			}
			if (lk_is_ptr(v) && in->bits < 64) {
				fail(c, IOM_EINVAL, in, "AArch64: Illegal operation mask32 on an address");
				return;
			}
			if (!lk_is_ptr(v))
				v = mask(v, in->bits);
			/* the selected register's data, the condition through iico_ctrl (pick) */
			wreg(s, in->rd, v, rdt(s, src), rpt(s, src) | s->fpt);
			pc++;
			continue;
		}
		case IOM_A64_FENCE: {
			static const uint32_t dmb[] = {
				[IOM_A64_SY] = LK_A64_DMB_FULL, [IOM_A64_ST_] = LK_A64_DMB_ST,
				[IOM_A64_LD_] = LK_A64_DMB_LD, [IOM_A64_ISH] = LK_A64_DMB_FULL | LK_A64_SHARE,
				[IOM_A64_ISHST] = LK_A64_DMB_ST | LK_A64_SHARE,
				[IOM_A64_ISHLD] = LK_A64_DMB_LD | LK_A64_SHARE,
				[IOM_A64_OSH] = LK_A64_DMB_FULL | LK_A64_SHARE,
				[IOM_A64_OSHST] = LK_A64_DMB_ST | LK_A64_SHARE,
				[IOM_A64_OSHLD] = LK_A64_DMB_LD | LK_A64_SHARE,
				[IOM_A64_NSH] = 0, [IOM_A64_NSHST] = 0, [IOM_A64_NSHLD] = 0,
			};
			uint32_t t;
			if (in->sub == IOM_A64_ISB) {
				t = LK_A64_ISB;
			} else {
				t = dmb[in->opt];
				if (in->sub == IOM_A64_DSB && t) {
					/* dmb.full includes dsb.full (aarch64fences.cat) */
					if (t & LK_A64_DMB_FULL)
						t |= LK_A64_DSB_FULL;
					if (t & LK_A64_DMB_LD)
						t |= LK_A64_DSB_LD;
					if (t & LK_A64_DMB_ST)
						t |= LK_A64_DSB_ST;
				}
			}
			int e = add_ev(c, s, in, (int)pc, 0, LK_EV_F, t, -1, 0);
			if (e < 0)
				return;
			r->in_a[e] = r->in_d[e] = r->in_pb[e] = r->in_pa[e] = 0;
			pc++;
			continue;
		}
		case IOM_A64_B:
		case IOM_A64_BCOND:
		case IOM_A64_CBZ:
		case IOM_A64_TBZ: {
			bool take = true, unknown = in->op == IOM_A64_B;
			if (in->op == IOM_A64_BCOND) {
				unknown = s->funk;
				take = cond_holds(in->cond, s->nzcv);
				s->cdt |= s->fdt;
				s->cpt |= s->fpt | s->fdt;
			} else if (in->op != IOM_A64_B) {
				int64_t v = rv(s, in->rn);
				if (lk_is_ptr(v)) {
					fail(c, IOM_EINVAL, in, "AArch64: a branch on an address is not supported");
					return;
				}
				v = mask(v, in->bits);
				bool z = in->op == IOM_A64_CBZ ? v == 0 : ((uint64_t)v >> in->imm & 1) == 0;
				take = in->neg ? !z : z;
				unknown = runk(s, in->rn);
				s->cdt |= rdt(s, in->rn);
				s->cpt |= rpt(s, in->rn);
			}
			if (c->lt->a64_deps && in->op != IOM_A64_B) {
				/* variant deps: the arm not taken runs too, speculated */
				unsigned other = take ? pc + 1 : (unsigned)in->target;
				if (s->ghost ? c->ngst >= A64_MAXGH : s->npend >= A64_MAXGH) {
					fail(c, IOM_ELIMIT, in, "AArch64: more than 64 arms not taken on one "
					     "path: the engine's limit");
					return;
				}
				if (s->ghost)
					gh_save(&c->gstack[c->ngst++], s, other);
				else
					gh_save(&c->pend[s->npend++], s, other);
			}
			if (!take) {
				pc++;
				continue;
			}
			unsigned t = (unsigned)in->target;
			if ((pc = unknown ? jump(c, s, in, pc, t) : t) == JUMP_FAIL)
				return;
			continue;
		}
		case IOM_A64_BL:
		case IOM_A64_ADR: {
			/* BL: X30 gets the next instruction's address, then the jump; ADR: the
			 * label's address. No event, no dependency (a constant). */
			int t = in->target;
			wreg(s, in->rd, code_addr(c, in->op == IOM_A64_BL ? pc + 1 : (unsigned)t), 0, 0);
			s->unk[in->rd] = false;
			if (in->op == IOM_A64_ADR) {
				pc++;
				continue;
			}
			if ((pc = jump(c, s, in, pc, (unsigned)t)) == JUMP_FAIL)
				return;
			continue;
		}
		case IOM_A64_BR: {
			/* BR, BLR, RET: a jump to the code address in rn; its register read
			 * commits like a conditional branch (AArch64Sem.ml do_indirect_jump,
			 * commit_bcc): ctrl to every later event. BLR writes X30 first. */
			if (in->rn == IOM_A64_NOREG) {
				pc = pg->nr;  /* RET under Variant=telechat: the thread ends */
				continue;
			}
			int64_t link = code_addr(c, pc + 1);
			if (in->neg) {
				wreg(s, in->rd, link, 0, 0);
				s->unk[in->rd] = false;
			}
			int t = code_target(c, rv(s, in->rn));
			if (t < 0) {
				fail(c, IOM_EINVAL, in, "AArch64: the register holds no code address of "
				     "this thread");
				return;
			}
			s->cdt |= rdt(s, in->rn);
			s->cpt |= rpt(s, in->rn);
			if ((pc = jump(c, s, in, pc, (unsigned)t)) == JUMP_FAIL)
				return;
			continue;
		}
		case IOM_A64_CASP: {
			uint64_t adt, apt, adt2, apt2;
			int l1 = ea(c, s, in, &adt, &apt);
			if (l1 < 0)
				return;
			struct iom_a64_ins in2 = *in;
			in2.imm = in->imm + (int64_t)(in->bits / 8);
			int l2 = ea(c, s, &in2, &adt2, &apt2);
			if (l2 < 0)
				return;
			run_casp(c, s, r, pc, in, l1, l2, adt, apt);
			return;
		}
		case IOM_A64_LD:
		case IOM_A64_SWP:
		case IOM_A64_LDOP:
		case IOM_A64_CAS: {
			uint64_t adt, apt;
			int loc = ea(c, s, in, &adt, &apt);
			if (loc < 0)
				return;
			run_read(c, s, r, pc, in, loc, adt, apt);
			return;
		}
		case IOM_A64_ST: {
			uint64_t adt, apt;
			int loc = ea(c, s, in, &adt, &apt);
			if (loc < 0)
				return;
			int64_t v = rv(s, in->rd);
			if (lk_is_ptr(v) && in->bits < 64) {
				fail(c, IOM_EINVAL, in, "AArch64: Illegal operation mask32 on an address");
				return;
			}
			if (!lk_is_ptr(v) && v != LK_SYMB)
				v = mask(v, in->bits);
			uint64_t vdt = rdt(s, in->rd), vpt = rpt(s, in->rd);
			uint32_t tags = (in->ann & IOM_A64_REL) ? LK_A64_L : 0;
			bool excl = in->ann & IOM_A64_EXCL;
			if (excl && pair_of(pg, pc))
				tags |= LK_A64_SCA;
			if (excl && in->pair_second) {
				/* an STXP's second write: the first succeeded */
				tags |= LK_A64_X;
			} else if (excl) {
				/* fails, or succeeds on the reservation's location
				 * (aarch64_or_riscv_store_conditional); either way the reservation
				 * ends. A failed STXP writes neither element. */
				struct a64_st s2 = *s;
				s2.res_ev = s2.res_ev2 = -1;
				wreg(&s2, in->rs, 1, 0, 0);
				struct a64_run r2 = *r;
				unsigned next = pc + 1;
				if (next < pg->nr && pg->ins[next].pair_second)
					next++;
				step(c, &s2, &r2, next);
				if (c->err || s->res_ev < 0 || s->res_loc != loc)
					return;
				tags |= LK_A64_X;
			}
			int w = add_ev(c, s, in, (int)pc, 0, LK_EV_W, tags, loc, v);
			if (w < 0)
				return;
			/* the value register is a data dependency for STXR as for STR: herd7 7.57
			 * allows LB-ldxr-stxr-rel (catalogue aarch64-pick), where an address
			 * dependency into the STXR would order it before the later store (dob
			 * addr;po;[W]) */
			if (excl) {
				/* lxsx (herd/mem.ml make_atomic_pairs_exclusives): every exclusive read
				 * of the reservation to every exclusive write of the store */
				r->in_a[w] = adt;
				r->in_d[w] = vdt;
				s->p.rmw[s->res_ev] |= 1ull << w;
				if (s->res_ev2 >= 0)
					s->p.rmw[s->res_ev2] |= 1ull << w;
				bool more = pc + 1 < pg->nr && pg->ins[pc + 1].pair_second;
				if (!more)
					s->res_ev = s->res_ev2 = -1;
				if (!in->pair_second)
					wreg(s, in->rs, 0, 0, 0);
			} else {
				r->in_a[w] = adt;
				r->in_d[w] = vdt;
			}
			r->in_pb[w] = adt | vdt | apt | vpt;
			r->in_pa[w] = adt | apt;
			r->wdt[w] = adt | vdt;
			r->wpt[w] = r->wdt[w] | apt | vpt;
			if (c->wrote && !s->ghost && dom_add(&c->wrote[loc], v) < 0) {
				fail(c, IOM_ELIMIT, in, "AArch64: a location takes more than 64 values: the "
				     "engine's limit");
				return;
			}
			pc++;
			continue;
		}
		}
		fail(c, IOM_EINVAL, in, "AArch64: internal: unknown instruction");
		return;
	}
}

static int run_thread(struct a64_ctx *c, const struct iom_lit_thread *th)
{
	struct a64_st *s = calloc(1, sizeof(*s));
	struct a64_run *r = calloc(1, sizeof(*r));
	if (c->lt->a64_deps) {
		c->pend = calloc(A64_MAXGH, sizeof(*c->pend));
		c->gstack = calloc(A64_MAXGH, sizeof(*c->gstack));
		c->ngst = 0;
	}
	if (!s || !r || (c->lt->a64_deps && (!c->pend || !c->gstack))) {
		free(s);
		free(r);
		free(c->pend);
		free(c->gstack);
		c->pend = c->gstack = NULL;
		return -IOM_ENOMEM;
	}
	c->th = th;
	c->budget = c->lt->path_budget ? c->lt->path_budget : 1000000;
	s->res_ev = s->res_ev2 = -1;
	for (unsigned i = 0; i < th->nr_reg_inits; i++) {
		const struct iom_lit_reginit *ri = &th->reg_inits[i];
		wreg(s, ri->reg, ri->sym >= 0 ? lk_ptr(ri->sym) : lk_a64_at_type(ri->ctype, ri->value),
		     0, 0);
	}
	step(c, s, r, 0);
	free(s);
	free(r);
	free(c->pend);
	free(c->gstack);
	c->pend = c->gstack = NULL;
	return c->err;
}

int lk_a64_events_build(struct lk_test *lt, struct iom_diag *d)
{
	int nloc = lt->nloc;
	struct a64_dom *dom = calloc((size_t)nloc + 1, sizeof(*dom));
	struct a64_dom *wrote = calloc((size_t)nloc + 1, sizeof(*wrote));
	uint8_t *szm = NULL;
	struct iom_lit_pos *szpos = NULL;
	int rc = 0;
	if (!dom || !wrote) {
		rc = -IOM_ENOMEM;
		goto out;
	}
	for (int l = 0; l < nloc; l++)
		dom_add(&dom[l], lt->loc_init[l]);
	/* the values each location may hold: a value is the end of a chain of writes, each
	 * computed from the value the previous one wrote; in one execution every write occurs
	 * once, so the chain is at most as long as one execution's writes (as for C,
	 * events/events.c) */
	int wtotal = 64;
	for (int iter = 0; iter <= wtotal || iter < 2; iter++) {
		bool grew = false;
		int wsum = 0;
		for (int l = 0; l < nloc; l++)
			wrote[l].n = 0;
		for (unsigned ti = 0; ti < lt->nthr; ti++) {
			struct a64_ctx c = { .lt = lt, .dom = dom, .wrote = wrote, .d = d };
			rc = run_thread(&c, &lt->t->threads[ti]);
			if (rc)
				goto out;
			wsum += c.maxw;
		}
		wtotal = wsum;
		for (int l = 0; l < nloc; l++)
			for (int j = 0; j < wrote[l].n; j++) {
				int a = dom_add(&dom[l], wrote[l].v[j]);
				if (a < 0) {
					iom_diag_set(d, IOM_ELIMIT, lt->t->file, 0, 0, "AArch64: a location takes "
						     "more than %d values: the engine's limit", A64_MAXDOM);
					rc = -IOM_ELIMIT;
					goto out;
				}
				grew |= a > 0;
			}
		if (!grew)
			break;
	}
	szm = calloc((size_t)lt->nthr * LK_MAXLOC, 1);
	szpos = calloc((size_t)lt->nthr * LK_MAXLOC, sizeof(*szpos));
	if (!szm || !szpos) {
		rc = -IOM_ENOMEM;
		goto out;
	}
	for (unsigned ti = 0; ti < lt->nthr; ti++) {
		struct a64_ctx c = { .lt = lt, .dom = dom, .collect = true, .out = &lt->paths[ti],
				     .d = d, .szm = szm + ti * LK_MAXLOC, .szpos = szpos + ti * LK_MAXLOC };
		rc = run_thread(&c, &lt->t->threads[ti]);
		if (rc)
			goto out;
	}
	/* mixed sizes across threads: some combination of paths accesses a location with two
	 * sizes when two threads have paths that do, each with its own (herd/mem.ml
	 * check_sizes rejects the whole test) */
	for (int l = 0; l < lt->nloc && !rc; l++)
		for (unsigned a = 0; a < lt->nthr && !rc; a++)
			for (unsigned b = 0; b < lt->nthr && !rc; b++) {
				uint8_t ma = szm[a * LK_MAXLOC + l], mb = szm[b * LK_MAXLOC + l];
				if (a == b || !ma || !mb || (ma == mb && !(ma & (ma - 1))))
					continue;
				const struct iom_lit_pos *ps = &szpos[b * LK_MAXLOC + l];
				iom_diag_set(d, IOM_EINVAL, lt->t->file, ps->line, ps->col, "AArch64: P%u "
					     "and P%u access one location with different sizes (mixed "
					     "sizes), which is out of scope", a, b);
				rc = -IOM_EINVAL;
			}
out:
	free(szm);
	free(szpos);
	free(dom);
	free(wrote);
	return rc;
}
