// SPDX-License-Identifier: MIT
/* iomodel -- LKMM search layer: the candidate executions herd7 7.57 enumerates, each
 * exactly once, and the model on each.
 *
 * Order of choices (herd7: mem.ml glommed_event_structures, map_load_possible_stores,
 * fold_mem_finals; lock.cat l.110/l.131 "with ... from cross"; cos-opt.cat generate_cos):
 *   1. one path per thread (the events layer guessed read values);
 *   2. rf for every memory read: any write to the same location with the same value,
 *      including the initial write and po-later writes, except writes of the same
 *      primitive instance (herd7 excludes iico-later stores);
 *      a candidate whose values are not grounded (a cycle through rf and the value/address
 *      inputs) is dropped, as herd7's solver drops unsolved equations;
 *   3. lock.cat's rf choices for LF/RL (l.96-110) and RU (l.118-131);
 *   4. co: per location, every linear order of its writes (W, and LKW but not UL) with
 *      the initial write first (stdlib.cat l.23 co0, cos-opt.cat); orders failing the
 *      per-location coherence check are cut before the cross product, which is exact
 *      since linux-kernel.cat l.70 rejects them in every completion. A location's orders
 *      are listed once per set of constraints (co_orders), and an rf choice under which
 *      some location has none is dropped as soon as that location's reads are chosen;
 *   5. the final state, the filter (herd7 applies it before the model), the model.
 * Counting follows herd7's top_herd.ml: each accepted candidate is positive when the
 * condition's proposition holds on its final state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lkmm/lkmm_int.h"
#include "lkmm/rel/rel.h"
#include "lkmm/search/search.h"
#include "lkmm/io/io.h"

struct item {                   /* one observed register or location                   */
	int thread, reg, loc;       /* reg >= 0: thread register; else location loc       */
	int kind;                   /* IT_*                                                */
	char name[64];
};
/* what an item is, in the order states list them (registers, locations, then the MMIO
 * ones as the C-MMIO format prints them: device registers, device variables, io:[...]) */
enum { IT_REG, IT_ARR, IT_LOC, IT_DEVREG, IT_DEVVAR, IT_IO };
/* IT_ARR: one element of an array named whole ([a]=4, locations [a]); the elements of one
 * array sit together and print as a={4,0} (herd7 7.57) */

/* The search's large arrays, written before they are read: kept between runs of one
 * thread (most of a short run's time went to faulting them in). */
struct big {
	int cands[LK_MAXEV][LK_MAXEV];
	int lcand[LK_MAXEV][LK_MAXEV];
	int locw[LK_MAXLOC][64];
	int order[LK_MAXLOC][64];
	uint64_t pred[LK_MAXLOC][64];
	int atom_src[LK_MAXLOC][64];
	uint64_t allow[LK_MAXLOC][64];
	struct lk_co_prep cprep[LK_MAXLOC];
	int crd[LK_MAXLOC][64];
	struct lk_exec x, proj;
};
static _Thread_local struct big *big_cache;

static struct big *big_get(void)
{
	struct big *b = big_cache;
	big_cache = NULL;
	return b ? b : malloc(sizeof(*b));
}

static void big_put(struct big *b)
{
	if (big_cache)
		free(b);
	else
		big_cache = b;
}

struct sstate {
	int64_t *v;
};

struct search {
	struct lk_test *lt;
	const struct iom_lit_test *t;
	const struct lk_model_ops *ops;  /* the model (lt->model) and its state m      */
	void *m;
	struct lk_exec *x;
	int off[LK_MAXTHR];
	int choice[LK_MAXTHR];
	int reads[LK_MAXEV], nreads;
	int (*cands)[LK_MAXEV];           /* big arrays: one cached block (struct big)  */
	int ncand[LK_MAXEV];
	int lreads[LK_MAXEV], nlreads;      /* LF, RL, RU */
	int (*lcand)[LK_MAXEV];
	int nlcand[LK_MAXEV];
	/* co */
	int (*locw)[64], nlocw[LK_MAXLOC];
	int colocs[LK_MAXLOC], ncolocs;
	int rstart[LK_MAXLOC + 1];      /* reads of colocs[i]: reads[rstart[i] .. rstart[i+1]) */
	int (*order)[64];
	uint64_t (*pred)[64];           /* co must-before, by index in locw (cos-opt obsco) */
	int (*atom_src)[64];            /* RMW write index -> index of its read's source   */
	uint64_t (*allow)[64], rmwm[LK_MAXLOC];  /* the atomic rule as masks (lk_co_next())   */
	/* per colocs[i] of a memory location: what lk_co_constraints() reads of po and rmw,
	 * and its reads (cprep_ok[i]: kept; else lk_co_constraints() runs in full) */
	struct lk_co_prep *cprep;
	int (*crd)[64];
	bool cprep_ok[LK_MAXLOC];
	int widx[LK_MAXEV];             /* a write's index in its location's locw           */
	/* results */
	struct item items[128];
	int nitems;
	int64_t *states;
	unsigned nstates, capstates;
	unsigned *slot, nslot;      /* hash of the states: index + 1, 0 empty; nslot 2^k   */
	uint64_t pos, neg, cands_n, max;
	uint64_t steps, max_steps;  /* search nodes tried (rf, co, lock choices, path combos) */
	uint32_t flags;
	int err;
	const char *limit;          /* with err -IOM_ELIMIT: which limit, and what raises it */
	/* (loc, value) pairs some path of thread t or later writes: paths_dfs pruning */
	int64_t *suf_v[LK_MAXTHR + 1];
	int *suf_l[LK_MAXTHR + 1];
	int suf_n[LK_MAXTHR + 1];
	/* pending reads (paths_feasible): the reads of threads 0..t-1 that neither their
	 * initial value nor a write of the paths chosen for those threads can feed, as
	 * (thread, event) pairs pend[t * pcap .. t * pcap + npend[t]); pcap: the most events
	 * the paths of all threads can have */
	int (*pend)[2];
	int npend[LK_MAXTHR + 1];
	size_t pcap;
	/* wbloom[t][i]: a bit per (location, value) that path i of thread t writes
	 * (wbit()): a path without the bit has no such write, and fed_by() need not look */
	uint64_t *wbloom[LK_MAXTHR];
	const struct lk_io_exec *io;  /* the io execution being judged (MMIO)              */
	bool values_fixed;          /* no write's value needs a read's: every rf grounds     */
	bool any_lock;              /* some location is a lock                               */
	/* pcls[t][i]: the first path of thread t with path i's structure (events but their
	 * values, po, addr, data, ctrl, rmw: what lk_model_check() keeps a fixed part for);
	 * a combination with the classes of the last one's needs no forget() (LKMM tests
	 * only: NULL otherwise) */
	int *pcls[LK_MAXTHR];
	int last_choice[LK_MAXTHR];
	bool have_last;
	bool forest;                /* a chosen path has arms not taken (variant deps)       */
	int filter_at;              /* threads whose paths fix every value the filter reads,  */
				    /* or -1: paths_dfs() applies it once they are chosen     */
	bool lk_valid;              /* lk_ax/lk_fl hold the LKMM's verdict for every leaf below */
	int lk_ax;
	uint32_t lk_fl;
	struct lk_exec *proj;       /* the LKMM's view of an MMIO candidate                */
	/* symmetries (sym.c): the path combination is the least of its orbit, and its
	 * executions stand for their images under sym elements img[0..nimg) */
	struct lk_sym sym;
	int *img, nimg, *seen;
	/* rf_epoch changes with every rf choice (and path combination); doomed: the epoch
	 * whose rf makes hb cyclic whatever co is (lk_model_rf_doomed) */
	uint64_t rf_epoch, doomed;
	/* each location's co constraints (pred, atom_src, rmwm) as computed at rf epoch
	 * cons_epoch[l] (0: never), and whether some order passes: they read rf, po and rmw
	 * only, which stay while the search chooses the co of the other locations */
	uint64_t cons_epoch[LK_MAXLOC];
	bool cons_ok[LK_MAXLOC];
	/* locgen[l]: the rf epoch at which the rf of a read of l last changed (or the path
	 * combination did): a memory location's constraints read only those (rel/cos.c), so
	 * they are kept while it stays (cons_epoch[l] == locgen[l]) */
	uint64_t locgen[LK_MAXLOC];
	/* each location's co orders under its constraints, built once per cons_epoch
	 * (ord_epoch): nord[l] orders of nlocw[l] indices in ords[l], in co_perm's order;
	 * nord[l] -1: too many to keep (ORD_LOC_BYTES, ORD_ALL_BYTES), co_perm enumerates them in place */
	uint64_t ord_epoch[LK_MAXLOC];
	uint8_t *ords[LK_MAXLOC];
	int nord[LK_MAXLOC], ordcap[LK_MAXLOC];
	size_t ord_bytes;               /* allocated in ords[], all locations               */
	/* rlast[k]: colocs index of read k's location when k is its last read there and the
	 * location's constraints are kept per locgen (else -1): rf_all() asks there whether
	 * some co order of the location can pass */
	int rlast[LK_MAXEV];
	/* every state column a register: a path combination fixes the states and the
	 * condition's answers (rec_p, one per image) that its first execution found */
	bool regs_only;
	uint64_t combo_no, rec_combo;
	bool rec_p[128];
	int64_t memfin[LK_MAXLOC];
	bool want_dot;
	bool have_dot, dot_pos;
	struct lk_exec *dotx;
	char *dot_extra;            /* MMIO lines of the DOT picture                      */
	int dot_ax;
};


/* ---- observed items ---------------------------------------------------------------------- */
static void add_item_k(struct search *s, int kind, int thread, int reg, int loc, const char *name)
{
	for (int i = 0; i < s->nitems; i++)
		if (s->items[i].kind == kind && s->items[i].thread == thread &&
		    s->items[i].reg == reg && s->items[i].loc == loc)
			return;
	if (s->nitems >= 128) {
		s->err = -IOM_ELIMIT;
		s->limit = "more than 128 registers and locations to print (the state's columns)";
		return;
	}
	struct item *it = &s->items[s->nitems++];
	it->kind = kind;
	it->thread = thread;
	it->reg = reg;
	it->loc = loc;
	snprintf(it->name, sizeof(it->name), "%s", name);
}

static void add_item(struct search *s, int thread, int reg, int loc)
{
	for (int i = 0; i < s->nitems; i++)
		if ((s->items[i].kind == IT_REG || s->items[i].kind == IT_LOC) && s->items[i].thread == thread &&
		    s->items[i].reg == reg && s->items[i].loc == loc)
			return;
	if (s->nitems >= 128) {
		s->err = -IOM_ELIMIT;
		s->limit = "more than 128 registers and locations to print (the state's columns)";
		return;
	}
	struct item *it = &s->items[s->nitems++];
	it->kind = reg >= 0 ? IT_REG : IT_LOC;
	it->thread = thread;
	it->reg = reg;
	it->loc = loc;
	if (reg >= 0)
		snprintf(it->name, sizeof(it->name), "%s", s->t->threads[thread].regs[reg]);
	else {
		struct iom_buf b;
		iom_buf_init(&b);
		lk_loc_print(s->lt, loc, &b);
		snprintf(it->name, sizeof(it->name), "%s", iom_buf_str(&b));
		iom_buf_release(&b);
	}
}

static int cond_loc(struct search *s, const struct iom_lit_cond *c)
{
	return s->lt->loc_base[c->sym] + (int)c->elem;
}

/* The elements of array sym as IT_ARR items (observed: their final values are printed). */
static void add_whole(struct search *s, int sym, bool *obs)
{
	const struct iom_lit_sym *sy = &s->t->syms[sym];
	for (unsigned e = 0; e < sy->array_len; e++) {
		int l = s->lt->loc_base[sym] + (int)e;
		add_item_k(s, IT_ARR, -1, -1, l, sy->name);
		if (obs)
			obs[l] = true;
	}
}

static void items_of_cond(struct search *s, const struct iom_lit_cond *c, bool *obs)
{
	if (!c)
		return;
	switch (c->kind) {
	case IOM_LIT_C_AND:
	case IOM_LIT_C_OR:
	case IOM_LIT_C_IMPL:
		items_of_cond(s, c->a, obs);
		items_of_cond(s, c->b, obs);
		break;
	case IOM_LIT_C_NOT:
		items_of_cond(s, c->a, obs);
		break;
	case IOM_LIT_C_DEVREG: {
		char nm[64];
		int dev = c->sym >= 0 ? s->t->syms[c->sym].dev : c->dev;
		int l = lk_reg_loc(s->lt, dev, c->offset);
		snprintf(nm, sizeof(nm), "dev%d[0x%llx]", dev, (unsigned long long)c->offset);
		if (l >= 0)
			add_item_k(s, IT_DEVREG, -1, -1, l, nm);
		break;
	}
	case IOM_LIT_C_DEVVAR: {
		char nm[64];
		int th = lk_io_devvar_thread(s->lt, c->dev, c->reg);
		const struct iom_lit_device *dv = th >= 0 ? s->lt->dthr_dev[th - (int)s->lt->ncpu] : NULL;
		snprintf(nm, sizeof(nm), "dev%d:%s", c->dev, dv ? dv->vars[c->reg] : "?");
		add_item_k(s, IT_DEVVAR, th, c->reg, -1, nm);
		break;
	}
	case IOM_LIT_C_IO_BEFORE:
	case IOM_LIT_C_VO_BEFORE:
	case IOM_LIT_C_COMBINED:
		add_item_k(s, IT_IO, -2, -1, -1, "io");
		break;
	case IOM_LIT_C_REG:
	case IOM_LIT_C_MEM:
		if (c->kind == IOM_LIT_C_REG)
			add_item(s, c->thread, c->reg, -1);
		else if (c->whole)
			add_whole(s, c->sym, obs);
		else {
			add_item(s, -1, -1, cond_loc(s, c));
			if (obs)
				obs[cond_loc(s, c)] = true;
		}
		if (c->rhs_reg >= 0)
			add_item(s, c->rhs_thread, c->rhs_reg, -1);
		break;
	default:
		break;
	}
}

/* AArch64 tests: herd7 orders a thread's registers by number (X7 before X10) */
static bool item_regnum;

static int reg_number(const char *n)
{
	if (!strcmp(n, "XZR"))
		return 0;   /* herd7 lists the zero register first */
	if (n[0] != 'X' || !n[1])
		return -1;
	int v = 0;
	for (const char *c = n + 1; *c; c++) {
		if (*c < '0' || *c > '9')
			return -1;
		v = v * 10 + (*c - '0');
	}
	return v + 1;
}

static int item_cmp(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	if (x->kind != y->kind && (x->kind > IT_LOC || y->kind > IT_LOC))
		return x->kind < y->kind ? -1 : 1;
	if (x->kind > IT_LOC)
		return strcmp(x->name, y->name);
	bool xr = x->reg >= 0, yr = y->reg >= 0;
	if (xr != yr)
		return xr ? -1 : 1;
	if (xr && x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (xr && item_regnum) {
		int xn = reg_number(x->name), yn = reg_number(y->name);
		if (xn >= 0 && yn >= 0 && xn != yn)
			return xn < yn ? -1 : 1;
	}
	/* herd7 7.57 lists the shared names (scalars, whole arrays) before the array
	 * elements: a={4,0}; [x]=1; a[1]=0; */
	bool xe = x->kind == IT_LOC && strchr(x->name, '['), ye = y->kind == IT_LOC && strchr(y->name, '[');
	if (!xr && xe != ye)
		return xe ? 1 : -1;
	int r = strcmp(x->name, y->name);
	if (r || x->kind != IT_ARR || y->kind != IT_ARR)
		return r;
	return (x->loc > y->loc) - (x->loc < y->loc);  /* a whole array's elements in order */
}

/* ---- condition evaluation ---------------------------------------------------------------- */


static int64_t item_value(struct search *s, int thread, int reg, int loc, const int64_t *memfin)
{
	if (thread == -2)
		return lk_io_code(s->lt, s->io);
	if (reg >= 0 && thread < 0)
		return 0;
	if (reg >= 0) {
		const struct lk_path *p = &s->lt->paths[thread].v[s->choice[thread]];
		return reg < LK_MAXREG ? p->regs[reg] : 0;
	}
	return memfin[loc];
}

static bool eval_cond(struct search *s, const struct iom_lit_cond *c, const int64_t *memfin)
{
	if (!c)
		return true;
	switch (c->kind) {
	case IOM_LIT_C_TRUE: return true;
	case IOM_LIT_C_AND: return eval_cond(s, c->a, memfin) && eval_cond(s, c->b, memfin);
	case IOM_LIT_C_OR: return eval_cond(s, c->a, memfin) || eval_cond(s, c->b, memfin);
	case IOM_LIT_C_NOT: return !eval_cond(s, c->a, memfin);
	case IOM_LIT_C_IMPL: return !eval_cond(s, c->a, memfin) || eval_cond(s, c->b, memfin);
	case IOM_LIT_C_REG:
	case IOM_LIT_C_MEM: {
		int64_t want = c->value_sym >= 0 ? lk_ptr(c->value_sym) : c->value;
		if (c->rhs_reg >= 0)
			want = item_value(s, c->rhs_thread, c->rhs_reg, -1, memfin);
		if (c->whole) {
			/* herd7 7.57: an array equals no number; a literal, element by element */
			for (unsigned e = 0; c->arr && e < c->nr_arr; e++)
				if (memfin[s->lt->loc_base[c->sym] + (int)e] != c->arr[e])
					return false;
			return c->arr != NULL;
		}
		int64_t got = c->kind == IOM_LIT_C_REG ? item_value(s, c->thread, c->reg, -1, memfin)
						       : memfin[cond_loc(s, c)];
		if (s->lt->aarch64 && c->rhs_reg < 0) {
			/* herd7 compares at the register's or location's type (int by default) */
			const char *ty = c->kind == IOM_LIT_C_REG
				? lk_a64_reg_type(&s->t->threads[c->thread], c->reg)
				: lk_a64_loc_type(&s->t->syms[s->lt->loc_sym[cond_loc(s, c)]]);
			if (c->kind == IOM_LIT_C_MEM)
				got = lk_a64_at_type(ty, got);
			want = lk_a64_at_type(ty, want);
		}
		return got == want;
	}
	case IOM_LIT_C_DEVREG: {
		int dev = c->sym >= 0 ? s->t->syms[c->sym].dev : c->dev;
		int l = lk_reg_loc(s->lt, dev, c->offset);
		return l >= 0 && memfin[l] == c->value;
	}
	case IOM_LIT_C_DEVVAR: {
		int th = lk_io_devvar_thread(s->lt, c->dev, c->reg);
		return th >= 0 && item_value(s, th, c->reg, -1, memfin) == c->value;
	}
	case IOM_LIT_C_IO_BEFORE:
	case IOM_LIT_C_VO_BEFORE:
	case IOM_LIT_C_COMBINED: {
		int a = lk_io_track(s->lt, &c->e1), b = lk_io_track(s->lt, &c->e2);
		if (!s->io || a < 0 || b < 0)
			return false;
		if (c->kind != IOM_LIT_C_COMBINED)
			return s->io->rank[a] && s->io->rank[b] && s->io->rank[a] < s->io->rank[b];
		for (int k = 0; k < s->lt->ncomb; k++)
			if ((s->lt->comb[k][0] == a && s->lt->comb[k][1] == b) ||
			    (s->lt->comb[k][0] == b && s->lt->comb[k][1] == a))
				return s->io->comb[k];
		return false;
	}
	default:
		return false;
	}
}

/* ---- states -------------------------------------------------------------------------------- */
static uint64_t state_hash(const int64_t *v, int n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull;
	for (int i = 0; i < n; i++) {
		h ^= (uint64_t)v[i];
		h *= 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	return h;
}

/* Keep v unless an equal state is kept already (a hash of the kept ones finds it). */
static int add_state(struct search *s, const int64_t *v)
{
	int n = s->nitems;
	size_t sz = (size_t)n * sizeof(int64_t);
	if (2 * (s->nstates + 1) > s->nslot) {
		/* grow the hash and put the kept states back */
		unsigned ns = s->nslot ? 2 * s->nslot : 64;
		unsigned *sl = calloc(ns, sizeof(*sl));
		if (!sl)
			return -IOM_ENOMEM;
		for (unsigned i = 0; i < s->nstates; i++) {
			unsigned h = (unsigned)state_hash(&s->states[(size_t)i * n], n) & (ns - 1);
			while (sl[h])
				h = (h + 1) & (ns - 1);
			sl[h] = i + 1;
		}
		free(s->slot);
		s->slot = sl;
		s->nslot = ns;
	}
	unsigned h = (unsigned)state_hash(v, n) & (s->nslot - 1);
	for (; s->slot[h]; h = (h + 1) & (s->nslot - 1))
		if (!memcmp(&s->states[(size_t)(s->slot[h] - 1) * n], v, sz))
			return 0;
	if (s->nstates == s->capstates) {
		unsigned nc = s->capstates ? s->capstates * 2 : 16;
		int64_t *ns = realloc(s->states, (size_t)nc * (size_t)(n ? n : 1) * sizeof(int64_t));
		if (!ns)
			return -IOM_ENOMEM;
		s->states = ns;
		s->capstates = nc;
	}
	memcpy(&s->states[(size_t)s->nstates * n], v, sz);
	s->slot[h] = ++s->nstates;
	return 0;
}

/* The MMIO part of the picture of the execution kept for --dot (lk_io_dot). */
static void dot_io(struct search *s, int ax)
{
	if (!s->lt->mmio)
		return;
	free(s->dot_extra);
	s->dot_extra = NULL;
	if (ax != IOM_LKMM_AX_NONE && ax != IOM_LKMM_AX_IO_ORDER)
		return;  /* the LKMM's own check failed: report.c draws it */
	struct iom_buf b;
	iom_buf_init(&b);
	lk_io_dot(s->lt, s->x, s->choice, s->off, ax == IOM_LKMM_AX_NONE ? s->io : NULL, &b);
	s->dot_extra = b.s;
}

/* ---- leaf --------------------------------------------------------------------------------- */
/* A consistent execution: count it, keep its state and maybe its picture. */
static bool record(struct search *s, const int64_t *memfin)
{
	struct lk_exec *x = s->x;
	bool p = eval_cond(s, s->t->cond, memfin);
	if (p)
		s->pos++;
	else
		s->neg++;
	if (s->want_dot && (!s->have_dot || s->dot_ax != IOM_LKMM_AX_NONE || (p && !s->dot_pos))) {
		*s->dotx = *x;
		dot_io(s, IOM_LKMM_AX_NONE);
		s->dot_ax = IOM_LKMM_AX_NONE;
		s->dot_pos = p;
		s->have_dot = true;
	}
	int64_t v[128];
	for (int i = 0; i < s->nitems; i++)
		v[i] = item_value(s, s->items[i].thread, s->items[i].reg, s->items[i].loc, memfin);
	if (add_state(s, v) < 0)
		s->err = -IOM_ENOMEM;
	return p;
}

/* MMIO: one io execution of the candidate (lk_io_enum) */
static void io_exec(void *arg, const struct lk_io_exec *e)
{
	struct search *s = arg;
	s->io = e;
	if (!s->t->filter || eval_cond(s, s->t->filter, s->memfin))
		record(s, s->memfin);
	s->io = NULL;
}

static void reject(struct search *s, int ax)
{
	if (s->want_dot && !s->have_dot) {
		*s->dotx = *s->x;
		dot_io(s, ax);
		s->dot_ax = ax;
		s->have_dot = true;
	}
}

/* A consistent execution of the least combination of an orbit, and its images: thread
 * t's registers become thread pi[t]'s, location l's final value sigma[l]'s (sym.c). */
static void record_images(struct search *s, const int64_t *memfin)
{
	int c[LK_MAXTHR];
	int64_t mf[LK_MAXLOC];
	int nt = (int)s->lt->nthr, nl = s->lt->nloc;
	memcpy(c, s->choice, (size_t)nt * sizeof(int));
	for (int k = 0; k < s->nimg && !s->err; k++) {
		const int *pi = &s->sym.pi[(size_t)s->img[k] * nt];
		const int *sigma = &s->sym.sigma[(size_t)s->img[k] * nl];
		for (int t = 0; t < nt; t++)
			s->choice[pi[t]] = c[t];
		for (int l = 0; l < nl; l++)
			mf[sigma[l]] = memfin[l];
		s->rec_p[k] = record(s, mf);
	}
	memcpy(s->choice, c, (size_t)nt * sizeof(int));
}

/* A consistent execution of a memory test: its state and condition, and its images'. */
static void record_all(struct search *s, const int64_t *memfin)
{
	if (s->rec_combo == s->combo_no) {
		/* regs_only: the first execution of this combination recorded the states */
		for (int k = 0; k < s->nimg; k++)
			if (s->rec_p[k])
				s->pos++;
			else
				s->neg++;
		return;
	}
	if (s->nimg > 1)
		record_images(s, memfin);
	else
		s->rec_p[0] = record(s, memfin);
	if (s->regs_only && !s->err)
		s->rec_combo = s->combo_no;
}

/* herd7's variant deps: an event of an arm not taken (lkmm_int.h LK_A64_SPEC) */
static bool spec_ev(const struct lk_test *lt, const struct lk_ev *e)
{
	return lt->a64_deps && (e->tags & LK_A64_SPEC);
}

static void leaf(struct search *s)
{
	struct lk_exec *x = s->x;
	int64_t *memfin = s->memfin;
	s->cands_n += (uint64_t)s->nimg;  /* the candidate and its images */
	if (s->max && s->cands_n > s->max) {
		s->err = -IOM_ELIMIT;
		s->limit = "more candidate executions than --max-states allows (raise --max-states)";
		return;
	}
	/* final values: the co-last write of each location (co relates a location's
	 * writes only: the one whose row is empty) */
	int nw = (x->n + 63) / 64;
	for (int l = 0; l < s->lt->nloc; l++) {
		memfin[l] = x->ev[l].val;
		for (int k = 0; k < s->nlocw[l]; k++) {
			int w = s->locw[l][k];
			bool last = true;
			for (int q = 0; q < nw && last; q++)
				last = !x->co.r[w].w[q];
			if (last && x->ev[w].kind == LK_EV_W)
				memfin[l] = x->ev[w].val;
		}
	}
	/* an MMIO test's filter may order events: it is applied per io execution */
	if (!s->lt->mmio && s->t->filter && !eval_cond(s, s->t->filter, memfin))
		return;
	uint32_t fl = 0;
	int ax;
	if (s->lk_valid) {
		ax = s->lk_ax;  /* judged once for every register choice (rf_loc) */
		fl = s->lk_fl;
	} else {
		const struct lk_exec *mx = x;
		if (s->lt->mmio && lk_io_present(x)) {
			lk_io_project(x, s->proj);
			mx = s->proj;
		}
		ax = s->ops->check(s->m, mx, s->lt->observed, &fl);
		if (ax != IOM_LKMM_AX_NONE && ax == s->ops->doomed_ax && !s->lt->mmio && s->ops->rf_doomed &&
		    s->ops->rf_doomed(s->m))
			s->doomed = s->rf_epoch;
	}
	if (ax != IOM_LKMM_AX_NONE) {
		reject(s, ax);
		return;
	}
	for (unsigned t = 0; t < s->lt->nthr; t++)
		if (s->lt->paths[t].v[s->choice[t]].loop) {
			/* an execution cut by the unroll bound: not counted; herd7 prints "Loop" */
			s->lt->loop_cut = true;
			return;
		}
	s->flags |= fl;
	if (!s->lt->mmio) {
		record_all(s, memfin);
		return;
	}
	long n = lk_io_enum(s->lt, x, s->choice, s->off, io_exec, s);
	if (n < 0)
		s->err = (int)n;
	else if (n == 0)
		reject(s, IOM_LKMM_AX_IO_ORDER);
}

/* The execution the LKMM judges: without the MMIO events. */
static const struct lk_exec *partial_view(struct search *s)
{
	if (!s->lt->mmio || !lk_io_present(s->x))
		return s->x;
	lk_io_project(s->x, s->proj);
	return s->proj;
}

/* ---- co -------------------------------------------------------------------------------------- */
/* One search node (a path combination, an rf, lock or co choice): the work bound of
 * opts->max_steps, which, unlike the candidate limit, also bounds subtrees the model prunes
 * before any candidate is complete. */
static bool step(struct search *s)
{
	if (s->max_steps && ++s->steps > s->max_steps) {
		s->err = -IOM_ELIMIT;
		s->limit = "more search steps than --max-steps allows (raise --max-steps)";
		return false;
	}
	return true;
}

static void co_loc(struct search *s, int li);
static void rf_loc(struct search *s, int li, int k);

/* Choose the position of the k-th write of location l in its order. */
static void co_perm(struct search *s, int li, int k, uint64_t used)
{
	if (s->err || !step(s))
		return;
	int l = s->colocs[li];
	int nw = s->nlocw[l];
	struct lk_exec *x = s->x;
	if (k == nw) {
		/* variant deps: a location the condition or `locations` observes ends with a
		 * write of the taken paths, after every write of an arm not taken (herd7 7.57:
		 * with `exists (y=2)` a write of y in an arm not taken comes before the final one;
		 * unobserved, anywhere after the initial write; litmus/aarch64-deps/Spec-co-observed.litmus
		 * and Spec-co-unobserved.litmus) */
		if (s->lt->a64_deps && s->lt->observed[l] && spec_ev(s->lt, &x->ev[s->order[l][nw - 1]]))
			return;
		/* set co for l: order[l][0..nw), each write's row the writes after it */
		uint64_t after[LK_W] = { 0 };  /* kept in registers: a row written whole */
		for (int a = nw - 1; a >= 0; a--) {
			int w = s->order[l][a];
			for (int q = 0; q < LK_W; q++) {
				x->co.r[w].w[q] = after[q];
				after[q] |= (w >> 6) == q ? 1ull << (w & 63) : 0;
			}
		}
		/* no coherence check of the finished order here: an order that respects the
		 * must-before writes of lk_co_constraints() (CoWW, CoRW, CoWR, CoRR) is coherent
		 * for the location (po-loc | rf | co | fr acyclic on it); the model decides it
		 * again at the leaf */
		rf_loc(s, li + 1, 0);
		return;
	}
	/* cos-opt.cat obsco and linux-kernel.cat l.73 atomic (rel/cos.c), in index order */
	for (uint64_t next = lk_co_next(nw, s->pred[l], s->atom_src[l], s->allow[l], s->rmwm[l], used); next;
	     next &= next - 1) {
		int c = __builtin_ctzll(next);
		int w = s->locw[l][c];
		s->order[l][k] = w;
		co_perm(s, li, k + 1, used | 1ull << c);
		if (s->err || s->doomed == s->rf_epoch)
			return;  /* no co order under this rf can make hb acyclic (leaf) */
	}
}

/* The constraints of location colocs[li] (rel/cos.c) under the current rf, computed
 * when stale: is some order possible at all? */
static bool co_cons(struct search *s, int li)
{
	int l = s->colocs[li];
	struct lk_exec *x = s->x;
	int nw = s->nlocw[l];
	bool kept = s->cprep_ok[li] && !s->forest;
	uint64_t key = kept ? s->locgen[l] : s->rf_epoch;
	if (s->cons_epoch[l] == key)
		return s->cons_ok[l];
	/* a device register is not memory: no coherence is assumed for it, the ordering rules
	 * decide (GEN-SA and the rest, through the io-order axiom) */
	bool reg = s->lt->reg_dev[l] >= 0;
	s->cons_epoch[l] = key;
	bool ok;
	if (s->forest)
		/* AArch64 under variant deps: a read may read a write of its own thread
		 * that no po orders with it (the other arm of a branch), where the
		 * read-based must-before orders (CoRW2, CoWR, CoRR) do not follow from
		 * aarch64.cat; keep po's write order (coWW-Exp) only and let the model
		 * judge the rest at the leaf */
		ok = lk_co_constraints(x, l, s->locw[l], nw, true, true, s->pred[l], s->atom_src[l]);
	else if (s->cprep_ok[li])
		ok = lk_co_constraints_prep(x, nw, s->crd[li], s->widx, &s->cprep[li], s->pred[l],
					    s->atom_src[l]);
	else
		ok = lk_co_constraints(x, l, s->locw[l], nw, !reg, s->lt->is_lock[l], s->pred[l],
				       s->atom_src[l]);
	s->cons_ok[l] = ok;
	s->rmwm[l] = 0;
	for (int a = 1; a < nw && ok; a++)
		if (s->atom_src[l][a] >= 0)
			s->rmwm[l] |= 1ull << a;
	return ok;
}

/* The orders kept per location (co_orders), in bytes, and for all locations together;
 * past either co_perm enumerates the location's orders in place */
#define ORD_LOC_BYTES (1 << 20)
#define ORD_ALL_BYTES (32 << 20)

/* Append to ords[l] every order of l's writes that extends cur[0..k) (lk_co_next), in
 * co_perm's order. False when they do not fit. */
static bool ord_dfs(struct search *s, int l, int k, uint64_t used, uint8_t *cur)
{
	int nw = s->nlocw[l];
	if (k == nw) {
		if (s->nord[l] == s->ordcap[l]) {
			size_t now = (size_t)s->ordcap[l] * (size_t)nw;
			size_t cap = s->ordcap[l] ? 2 * (size_t)s->ordcap[l] : 16;
			if (cap * (size_t)nw > ORD_LOC_BYTES || s->ord_bytes - now + cap * (size_t)nw > ORD_ALL_BYTES)
				return false;
			uint8_t *o = realloc(s->ords[l], cap * (size_t)nw);
			if (!o) {
				s->err = -IOM_ENOMEM;
				return false;
			}
			s->ords[l] = o;
			s->ord_bytes += cap * (size_t)nw - now;
			s->ordcap[l] = (int)cap;
		}
		memcpy(s->ords[l] + (size_t)s->nord[l]++ * (size_t)nw, cur, (size_t)nw);
		return true;
	}
	/* cos-opt.cat obsco and linux-kernel.cat l.73 atomic (rel/cos.c), in index order */
	for (uint64_t next = lk_co_next(nw, s->pred[l], s->atom_src[l], s->allow[l], s->rmwm[l], used); next;
	     next &= next - 1) {
		int c = __builtin_ctzll(next);
		cur[k] = (uint8_t)c;
		if (!ord_dfs(s, l, k + 1, used | 1ull << c, cur))
			return false;
	}
	return true;
}

/* The co orders of colocs[li] under its current constraints (co_cons()), built when
 * stale: their number, or -1 when they are too many to keep. Exact: the same orders as
 * co_perm's, so a location with none has no candidate under this rf. */
static int co_orders(struct search *s, int li)
{
	int l = s->colocs[li];
	if (!co_cons(s, li))
		return 0;
	if (s->ord_epoch[l] == s->cons_epoch[l])
		return s->nord[l];
	uint8_t cur[64];
	cur[0] = 0;  /* IW first */
	s->nord[l] = 0;
	if (!ord_dfs(s, l, 1, 1, cur))
		s->nord[l] = -1;
	s->ord_epoch[l] = s->cons_epoch[l];
	return s->nord[l];
}

static void co_loc(struct search *s, int li)
{
	if (s->err || !step(s))
		return;
	int l = s->colocs[li];
	struct lk_exec *x = s->x;
	int nw = s->nlocw[l];
	if (s->lt->reg_dev[l] >= 0 && s->rstart[li] == s->rstart[li + 1]) {
		/* MMIO: a device register nothing reads; the search chooses its last write only
		 * (lk_io_register_lasts, io/io.c) */
		int nlast = lk_io_register_lasts(s->lt, l, nw);
		if (!nlast) {
			lk_io_register_co(x, s->locw[l], nw, 0);
			rf_loc(s, li + 1, 0);
			return;
		}
		for (int last = 1; last <= nlast && !s->err; last++) {
			lk_io_register_co(x, s->locw[l], nw, last);
			if (step(s))
				rf_loc(s, li + 1, 0);
		}
		lk_io_register_co(x, s->locw[l], nw, 0);
		return;
	}
	int nord = co_orders(s, li);
	if (s->err)
		return;
	if (nord < 0) {
		s->order[l][0] = s->locw[l][0];  /* IW first */
		co_perm(s, li, 1, 1);
	}
	for (int i = 0; i < nord; i++) {
		const uint8_t *o = s->ords[l] + (size_t)i * (size_t)nw;
		/* variant deps: as in co_perm */
		if (s->lt->a64_deps && s->lt->observed[l] && spec_ev(s->lt, &x->ev[s->locw[l][o[nw - 1]]]))
			continue;
		if (!step(s))
			break;
		/* co for l: each write's row the writes after it */
		uint64_t after[LK_W] = { 0 };
		for (int a = nw - 1; a >= 0; a--) {
			int w = s->locw[l][o[a]];
			for (int q = 0; q < LK_W; q++) {
				x->co.r[w].w[q] = after[q];
				after[q] |= (w >> 6) == q ? 1ull << (w & 63) : 0;
			}
		}
		rf_loc(s, li + 1, 0);
		if (s->err || s->doomed == s->rf_epoch)
			break;  /* no co order under this rf can make hb acyclic (leaf) */
	}
	/* leave no co of this location behind for the partial checks of other branches */
	struct lk_dim Dm = { x->n, (x->n + 63) / 64 };
	for (int c = 0; c < nw; c++)
		set_clear(&Dm, &x->co.r[s->locw[l][c]]);
}

/* ---- lock rf choices ------------------------------------------------------------------- */
static void lock_rf(struct search *s, int k)
{
	if (s->err || !step(s))
		return;
	if (k == s->nlreads) {
		rf_loc(s, 0, 0);
		return;
	}
	int r = s->lreads[k];
	for (int c = 0; c < s->nlcand[k]; c++) {
		s->x->rf[r] = s->lcand[k][c];
		s->rf_epoch++;
		lock_rf(s, k + 1);
	}
	s->x->rf[r] = -1;
}

/* Each LF/RL/RU and its rf candidates (lock.cat l.86, l.96 and l.118-120: rel/lock.c). */
static void lock_candidates(struct search *s)
{
	struct lk_exec *x = s->x;
	s->nlreads = 0;
	for (int e = 0; e < x->n; e++) {
		int k = x->ev[e].kind;
		if (k != LK_EV_LF && k != LK_EV_RL && k != LK_EV_RU)
			continue;
		int li = s->nlreads++;
		s->lreads[li] = e;
		s->nlcand[li] = lk_lock_rf_candidates(x, e, s->lcand[li]);
	}
}

/* ---- rf and grounding ------------------------------------------------------------------- */
/* herd7's solver: a read's value is its rf source's value; a write's value is known once
 * the reads it is computed from are; an address likewise. Every value and address must be
 * known in the end, except herd7's symbolic copies (LK_SYMB). */
static bool grounded(struct search *s)
{
	struct lk_exec *x = s->x;
	if (s->values_fixed)
		return true;
	bool resv[LK_MAXEV];
	uint64_t needv[LK_MAXEV], needa[LK_MAXEV];
	int tofs[LK_MAXEV];
	for (int i = 0; i < x->n; i++) {
		resv[i] = x->ev[i].tid < 0;
		needv[i] = needa[i] = 0;
		tofs[i] = 0;
		if (x->ev[i].tid >= 0) {
			int t = x->ev[i].tid;
			const struct lk_path *p = &s->lt->paths[t].v[s->choice[t]];
			needv[i] = p->vdep[x->ev[i].poi];
			needa[i] = p->adep[x->ev[i].poi];
			tofs[i] = s->off[t];
			if (!needv[i] && x->ev[i].kind != LK_EV_R)
				resv[i] = true;
		}
	}
	bool changed = true;
	while (changed) {
		changed = false;
		for (int i = 0; i < x->n; i++) {
			if (resv[i])
				continue;
			bool ok;
			if (x->ev[i].kind == LK_EV_R)
				ok = x->rf[i] >= 0 && resv[x->rf[i]];
			else {
				ok = true;
				for (uint64_t nd = needv[i]; nd && ok; nd &= nd - 1)
					ok = resv[tofs[i] + __builtin_ctzll(nd)];
			}
			if (ok) {
				resv[i] = true;
				changed = true;
			}
		}
	}
	for (int i = 0; i < x->n; i++) {
		if (!resv[i] && x->ev[i].val != LK_SYMB)
			return false;
		for (uint64_t nd = needa[i]; nd; nd &= nd - 1)
			if (!resv[tofs[i] + __builtin_ctzll(nd)])
				return false;
	}
	return true;
}

/* rf of every memory read, then (grounding, lock.cat's choices, a first partial check)
 * co location by location, with a partial check after each location: a check that fails
 * on the edges decided so far fails in every completion. */
static void rf_all(struct search *s, int k)
{
	if (s->err || !step(s))
		return;
	if (k == s->nreads) {
		if (!grounded(s))
			return;
		lock_rf(s, 0);
		return;
	}
	int r = s->reads[k];
	int rl = s->x->ev[r].loc;
	for (int c = 0; c < s->ncand[k]; c++) {
		s->x->rf[r] = s->cands[k][c];
		s->rf_epoch++;
		if (rl >= 0 && rl < s->lt->nloc)
			s->locgen[rl] = s->rf_epoch;
		/* the last read of a location: no co order of it passes, no candidate */
		if (s->rlast[k] >= 0 && !co_orders(s, s->rlast[k]))
			continue;
		rf_all(s, k + 1);
		if (s->err)
			return;
	}
	s->x->rf[r] = -1;
	if (rl >= 0 && rl < s->lt->nloc)
		s->locgen[rl] = ++s->rf_epoch;
}

static void rf_loc(struct search *s, int li, int k)
{
	(void)k;
	if (s->err || !step(s))
		return;
	int li0 = li;
	while (li < s->ncolocs && s->nlocw[s->colocs[li]] <= 1)
		li++;
	if (li == s->ncolocs) {
		leaf(s);
		return;
	}
	/* MMIO: when only device registers are left, the LKMM's view of the candidate is
	 * complete (registers are not in it): judge it once here for every leaf below */
	bool regs_only = s->lt->mmio && !s->lk_valid;
	for (int q = li; q < s->ncolocs && regs_only; q++)
		regs_only = s->lt->reg_dev[s->colocs[q]] >= 0;
	if (regs_only) {
		s->lk_fl = 0;
		s->lk_ax = s->ops->check(s->m, partial_view(s), s->lt->observed, &s->lk_fl);
		if (s->lk_ax != IOM_LKMM_AX_NONE && !s->want_dot)
			return;
		s->lk_valid = true;
		co_loc(s, li);
		s->lk_valid = false;
		return;
	}
	/* after the co of a lock location: the order of the critical sections decides most
	 * of hb (po-unlock-lock-po, LKR's rf); elsewhere the checks cost more than they save */
	if (li0 > 0 && s->lt->is_lock[s->colocs[li0 - 1]] &&
	    s->ops->check_partial && s->ops->check_partial(s->m, partial_view(s), s->lt->observed) != IOM_LKMM_AX_NONE)
		return;
	co_loc(s, li);
}

/* ---- one combination of paths ---------------------------------------------------------- */
/* Is event j of path p po-after its event i? (events of one path are in program order, but
 * the unordered parts of one statement, grp, are not po-ordered among themselves) */
static bool path_po(const struct lk_path *p, int i, int j)
{
	if (p->forest && p->ev[i].grp != p->ev[j].grp)
		return p->posucc[i] >> j & 1;  /* AArch64, variant deps: the arms of a branch */
	return j > i && (p->ev[i].grp != p->ev[j].grp || p->ev[i].stmt == p->ev[j].stmt ||
			 (p->iico_later[i] >> j & 1));
}


/* row |= the bits of mask (bit j: event j of a path) moved to o + j */
static void put_bits(lk_set *row, uint64_t mask, int o)
{
	if (!mask)
		return;
	int w = o >> 6, sh = o & 63;
	row->w[w] |= mask << sh;
	if (sh && w + 1 < LK_W)
		row->w[w + 1] |= mask >> (64 - sh);
}

static void combo(struct search *s)
{
	struct lk_exec *x = s->x;
	struct lk_test *lt = s->lt;
	int n = lt->nloc;
	for (unsigned t = 0; t < lt->nthr; t++)
		n += lt->paths[t].v[s->choice[t]].nev;
	if (n > LK_MAXEV) {
		s->err = -IOM_ELIMIT;
		s->limit = "more than 256 events in one execution, initial writes included (LK_MAXEV)";
		return;
	}
	/* new events and po: the model's fixed part may be stale (the model compares) */
	bool same = s->have_last && s->pcls[0];
	for (unsigned t = 0; t < lt->nthr && same; t++)
		same = s->pcls[t][s->choice[t]] == s->pcls[t][s->last_choice[t]];
	if (!same)
		s->ops->forget(s->m);
	memcpy(s->last_choice, s->choice, lt->nthr * sizeof(int));
	s->have_last = true;
	s->rf_epoch++;
	for (int l = 0; l < lt->nloc; l++)
		s->locgen[l] = s->rf_epoch;
	s->combo_no++;
	x->n = n;
	x->nthr = (int)lt->nthr;
	x->co_closed = true;  /* co_perm's total orders, lk_io_register_co's IW -> all -> last */
	struct lk_dim Dm = { n, (n + 63) / 64 };
	rel_clear(&Dm, &x->po);
	rel_clear(&Dm, &x->addr);
	rel_clear(&Dm, &x->data);
	rel_clear(&Dm, &x->ctrl);
	rel_clear(&Dm, &x->rmw);
	rel_clear(&Dm, &x->co);
	if (lt->aarch64) {
		rel_clear(&Dm, &x->pick);
		rel_clear(&Dm, &x->pctrl);
		rel_clear(&Dm, &x->paddr);
	}
	/* initial writes: one per location (herd7 gives every location an IW) */
	for (int l = 0; l < lt->nloc; l++) {
		struct lk_ev *e = &x->ev[l];
		memset(e, 0, sizeof(*e));
		e->kind = LK_EV_W;
		e->tags = LK_T_IW;
		e->loc = l;
		e->val = lt->loc_init[l];
		e->tid = -1;
		e->stmt = -1;
		e->dev = e->region = -1;
		x->rf[l] = -1;
	}
	int o = lt->nloc;
	/* grounded(): with no value computed from a read, every read's source (a write of a
	 * known value) grounds it, and then every address */
	s->values_fixed = true;
	s->forest = false;
	for (unsigned t = 0; t < lt->nthr; t++) {
		const struct lk_path *p = &lt->paths[t].v[s->choice[t]];
		s->off[t] = o;
		s->forest |= p->forest;
		for (int i = 0; i < p->nev; i++) {
			x->ev[o + i] = p->ev[i];
			x->rf[o + i] = -1;
			uint64_t po = 0;
			for (int j = i + 1; j < p->nev; j++)
				if (path_po(p, i, j))
					po |= 1ull << j;
			/* the path's rows are over its own events: placed at o */
			uint64_t own = p->nev >= 64 ? ~0ull : (1ull << p->nev) - 1;
			put_bits(&x->po.r[o + i], po, o);
			put_bits(&x->addr.r[o + i], p->addr[i] & own, o);
			put_bits(&x->data.r[o + i], p->data[i] & own, o);
			put_bits(&x->ctrl.r[o + i], p->ctrl[i] & own, o);
			put_bits(&x->rmw.r[o + i], p->rmw[i] & own, o);
			if (lt->aarch64) {
				put_bits(&x->pick.r[o + i], p->pick[i] & own, o);
				put_bits(&x->pctrl.r[o + i], p->pctrl[i] & own, o);
				put_bits(&x->paddr.r[o + i], p->paddr[i] & own, o);
			}
			if (p->ev[i].kind != LK_EV_R && p->vdep[i])
				s->values_fixed = false;
		}
		o += p->nev;
	}
	/* rf candidates of the memory reads: the writes of the read's location (wfirst,
	 * wnext: each location's W events in increasing order) with its value */
	int wfirst[LK_MAXLOC], wnext[LK_MAXEV];
	for (int l = 0; l < lt->nloc; l++)
		wfirst[l] = -1;
	for (int w = n - 1; w >= 0; w--)
		if (x->ev[w].kind == LK_EV_W && x->ev[w].loc >= 0 && x->ev[w].loc < lt->nloc) {
			wnext[w] = wfirst[x->ev[w].loc];
			wfirst[x->ev[w].loc] = w;
		}
	s->nreads = 0;
	for (int r = lt->nloc; r < n; r++) {
		if (x->ev[r].kind != LK_EV_R)
			continue;
		int k = s->nreads++;
		s->reads[k] = r;
		s->ncand[k] = 0;
		const struct lk_ev *re = &x->ev[r];
		const struct lk_path *rp = &lt->paths[re->tid].v[s->choice[re->tid]];
		int rl = re->loc;
		bool rspec = spec_ev(lt, re);
		for (int w = rl >= 0 && rl < lt->nloc ? wfirst[rl] : -1; w >= 0; w = wnext[w]) {
			const struct lk_ev *we = &x->ev[w];
			/* variant deps (mem.ml check_speculation, map_load_possible_stores): a read
			 * of an arm not taken may read any write of its location but a po-later one,
			 * whatever its value (its own value is unknown); a read of the taken path
			 * never reads a write of an arm not taken */
			if (rspec) {
				if (w < lt->nloc && lt->loc_off[rl])
					continue;
				if (we->tid == re->tid && path_po(rp, re->poi, we->poi))
					continue;
			} else if (we->val != re->val || (w < lt->nloc && lt->loc_off[rl]) ||
				   spec_ev(lt, we)) {
				continue;  /* sym+off: no initial write to read (no_init_read) */
			}
			if (we->tid == re->tid && (rp->iico_later[re->poi] >> we->poi & 1))
				continue;
			s->cands[k][s->ncand[k]++] = w;
		}
		if (rspec)
			s->cands[k][s->ncand[k]++] = -1;  /* or no write at all (NoWrite) */
		if (!s->ncand[k])
			return;  /* this guess is justified by no write */
	}
	/* writes per location (IW first) */
	s->ncolocs = 0;
	for (int l = 0; l < lt->nloc; l++) {
		s->nlocw[l] = 0;
		s->locw[l][s->nlocw[l]++] = l;
	}
	for (int w = lt->nloc; w < n; w++)
		if (x->ev[w].kind == LK_EV_W || x->ev[w].kind == LK_EV_LKW) {
			int l = x->ev[w].loc;
			if (s->nlocw[l] >= 64) {
				s->err = -IOM_ELIMIT;
				s->limit = "more than 63 writes to one location in one execution";
				return;
			}
			s->locw[l][s->nlocw[l]++] = w;
		}
	lock_candidates(s);
	for (int k = 0; k < s->nlreads; k++)
		if (!s->nlcand[k])
			return;  /* lock.cat l.110: cross of an empty choice has no element */
	/* locations in order, each with its reads (s->reads regrouped by location) */
	int rfirst[LK_MAXLOC], rnext[LK_MAXEV], nrd = s->nreads;  /* each location's reads */
	for (int l = 0; l < lt->nloc; l++)
		rfirst[l] = -1;
	for (int q = nrd - 1; q >= 0; q--) {
		int l = x->ev[s->reads[q]].loc;
		if (l >= 0 && l < lt->nloc) {
			rnext[q] = rfirst[l];
			rfirst[l] = q;
		}
	}
	int nq = 0;
	int rfrom[LK_MAXLOC], rto[LK_MAXLOC];  /* the reads of l: reads[rfrom[l] .. rto[l]) */
	static _Thread_local int cands2[LK_MAXEV][LK_MAXEV], ncand2[LK_MAXEV], reads2[LK_MAXEV];
	for (int l = 0; l < lt->nloc; l++) {
		int first = nq;
		rfrom[l] = first;
		for (int q = rfirst[l]; q >= 0; q = rnext[q]) {
			reads2[nq] = s->reads[q];
			ncand2[nq] = s->ncand[q];
			memcpy(cands2[nq], s->cands[q], (size_t)ncand2[nq] * sizeof(int));
			nq++;
		}
		rto[l] = nq;
		if (s->nlocw[l] > 1 || nq > first) {
			s->rstart[s->ncolocs] = first;
			s->colocs[s->ncolocs++] = l;
		}
	}
	s->rstart[s->ncolocs] = nq;
	/* lock locations first: their order decides most of hb, and a partial check follows
	 * each of them (rf_loc) */
	for (int a = 1; a < s->ncolocs; a++)
		for (int b = a; b > 0 && lt->is_lock[s->colocs[b]] && !lt->is_lock[s->colocs[b - 1]]; b--) {
			int tl = s->colocs[b];
			s->colocs[b] = s->colocs[b - 1];
			s->colocs[b - 1] = tl;
		}
	for (int q = 0; q < nq; q++) {
		s->reads[q] = reads2[q];
		s->ncand[q] = ncand2[q];
		memcpy(s->cands[q], cands2[q], (size_t)ncand2[q] * sizeof(int));
	}
	/* what the co constraints of each memory location read of po and rmw (rel/cos.c) */
	for (int l = 0; l < lt->nloc; l++) {
		for (int c = 0; c < s->nlocw[l]; c++)
			s->widx[s->locw[l][c]] = c;
		lk_co_allow(x, s->locw[l], s->nlocw[l], s->allow[l]);
	}
	for (int li = 0; li < s->ncolocs; li++) {
		int l = s->colocs[li], nr = 0;
		s->cprep_ok[li] = !lt->is_lock[l] && lt->reg_dev[l] < 0;
		for (int q = rfrom[l]; q < rto[l] && s->cprep_ok[li]; q++) {
			if (nr == 64)
				s->cprep_ok[li] = false;  /* lk_co_constraints() in full */
			else
				s->crd[li][nr++] = s->reads[q];
		}
		if (s->cprep_ok[li])
			lk_co_prepare(x, s->locw[l], s->nlocw[l], s->crd[li], nr, &s->cprep[li]);
	}
	/* every location's co is then chosen under lk_co_constraints_prep(), whose must-before
	 * orders (CoWW, CoRW, CoWR, CoRR) make po-loc | rf | co | fr acyclic on it, and
	 * coherence's relations relate one location's events only: the model need not test
	 * l.70 (not with locks, whose lock.cat rf and co terms the constraints do not see,
	 * nor for MMIO, AArch64 or arms not taken) */
	x->coherent = !lt->mmio && !lt->aarch64 && !s->forest && !s->any_lock;
	for (int li = 0; li < s->ncolocs && x->coherent; li++)
		x->coherent = s->cprep_ok[li];
	for (int q = 0; q < nq; q++)
		s->rlast[q] = -1;
	for (int li = 0; li < s->ncolocs && !s->forest; li++) {
		int l = s->colocs[li];
		if (rto[l] > rfrom[l] && s->cprep_ok[li])
			s->rlast[rto[l] - 1] = li;
	}
	rf_all(s, 0);
}

static bool suf_has(const struct search *s, unsigned t, int l, int64_t v)
{
	for (int i = 0; i < s->suf_n[t]; i++)
		if (s->suf_l[t][i] == l && s->suf_v[t][i] == v)
			return true;
	return false;
}

/* paths_feasible() with few threads: every read of threads 0..t again (pend_build()
 * costs more than it saves there) */
static bool paths_feasible_all(const struct search *s, unsigned t)
{
	const struct lk_test *lt = s->lt;
	for (unsigned a = 0; a <= t; a++) {
		const struct lk_path *p = &lt->paths[a].v[s->choice[a]];
		for (int i = 0; i < p->nev; i++) {
			const struct lk_ev *r = &p->ev[i];
			if (r->kind != LK_EV_R || (r->val == lt->loc_init[r->loc] && !lt->loc_off[r->loc]))
				continue;
			if (spec_ev(lt, r))
				continue;
			bool ok = suf_has(s, t + 1, r->loc, r->val);
			for (unsigned b = 0; b <= t && !ok; b++) {
				const struct lk_path *q = &lt->paths[b].v[s->choice[b]];
				for (int j = 0; j < q->nev && !ok; j++)
					ok = q->ev[j].kind == LK_EV_W && q->ev[j].loc == r->loc &&
					     q->ev[j].val == r->val && !(b == a && j == i) &&
					     !(b == a && lt->reg_dev[r->loc] < 0 && path_po(p, i, j));
			}
			if (!ok)
				return false;
		}
	}
	return true;
}

/* Can every read of the paths chosen for threads 0..t still be justified: by the
 * initial value, by a chosen path's write, or by some path of a later thread? Exact:
 * a read no write can match has no rf (combo() would drop it anyway), and a read whose only
 * matching writes are po-after it in its own thread fails coherence in every candidate
 * (linux-kernel.cat l.70, acyclic po-loc | com: the read, po-loc to the write, rf back;
 * device registers, outside the LKMM's view, are left to the rules). */
#define PEND_THREADS 8

static uint64_t wbit(int loc, int64_t val)
{
	uint64_t h = (uint64_t)loc * 0x9e3779b97f4a7c15ull ^ (uint64_t)val * 0xc2b2ae3d27d4eb4full;
	return 1ull << (h >> 58);
}

/* Can read i of thread a's chosen path be fed by a write of thread b's chosen path
 * (another event, and not a po-later one of its own thread: CoRW) */
static bool fed_by(const struct search *s, unsigned a, int i, unsigned b)
{
	const struct lk_test *lt = s->lt;
	const struct lk_path *p = &lt->paths[a].v[s->choice[a]];
	const struct lk_path *q = &lt->paths[b].v[s->choice[b]];
	const struct lk_ev *r = &p->ev[i];
	if (!(s->wbloom[b][s->choice[b]] & wbit(r->loc, r->val)))
		return false;
	for (int j = 0; j < q->nev; j++)
		if (q->ev[j].kind == LK_EV_W && q->ev[j].loc == r->loc && q->ev[j].val == r->val &&
		    !(b == a && j == i) && !(b == a && lt->reg_dev[r->loc] < 0 && path_po(p, i, j)))
			return true;
	return false;
}

/* Does read i of thread a's path need a write (no initial value feeds it, and it is not
 * in an arm not taken, which may read nothing)? */
static bool needs_write(const struct search *s, unsigned a, int i)
{
	const struct lk_test *lt = s->lt;
	const struct lk_ev *r = &lt->paths[a].v[s->choice[a]].ev[i];
	if (r->kind != LK_EV_R || (r->val == lt->loc_init[r->loc] && !lt->loc_off[r->loc]))
		return false;  /* sym+off has no initial value (no_init_read) */
	return !spec_ev(lt, r);  /* an arm not taken: may read nothing */
}

/* The pending reads of level t (struct search, pend), from level t - 1's and the path
 * chosen for thread t - 1. */
static void pend_build(struct search *s, unsigned t)
{
	int (*out)[2] = &s->pend[(size_t)t * s->pcap];
	int n = 0;
	if (t > 0) {
		const int (*in)[2] = &s->pend[(size_t)(t - 1) * s->pcap];
		for (int k = 0; k < s->npend[t - 1]; k++)
			if (!fed_by(s, (unsigned)in[k][0], in[k][1], t - 1)) {
				out[n][0] = in[k][0];
				out[n++][1] = in[k][1];
			}
		const struct lk_path *p = &s->lt->paths[t - 1].v[s->choice[t - 1]];
		for (int i = 0; i < p->nev; i++) {
			if (!needs_write(s, t - 1, i))
				continue;
			bool ok = false;
			for (unsigned b = 0; b < t && !ok; b++)
				ok = fed_by(s, t - 1, i, b);
			if (!ok) {
				out[n][0] = (int)t - 1;
				out[n++][1] = i;
			}
		}
	}
	s->npend[t] = n;
}

/* Can every read of the paths chosen for threads 0..t still be justified: by the
 * initial value, by a chosen path's write, or by some path of a later thread? Exact:
 * a read no write can match has no rf (combo() would drop it anyway), and a read whose only
 * matching writes are po-after it in its own thread fails coherence in every candidate
 * (linux-kernel.cat l.70, acyclic po-loc | com: the read, po-loc to the write, rf back;
 * device registers, outside the LKMM's view, are left to the rules). The reads of threads
 * before t that a write of threads before t feeds stay fed: only thread t's reads and
 * the pending ones of level t (pend_build) are looked at. */
static bool paths_feasible(const struct search *s, unsigned t)
{
	if (!s->pend)
		return paths_feasible_all(s, t);  /* few threads */
	const struct lk_path *p = &s->lt->paths[t].v[s->choice[t]];
	for (int i = 0; i < p->nev; i++) {
		if (!needs_write(s, t, i))
			continue;
		const struct lk_ev *r = &p->ev[i];
		bool ok = suf_has(s, t + 1, r->loc, r->val);
		for (unsigned b = 0; b <= t && !ok; b++)
			ok = fed_by(s, t, i, b);
		if (!ok)
			return false;
	}
	const int (*pd)[2] = &s->pend[(size_t)t * s->pcap];
	for (int k = 0; k < s->npend[t]; k++) {
		const struct lk_ev *r = &s->lt->paths[pd[k][0]].v[s->choice[pd[k][0]]].ev[pd[k][1]];
		if (!suf_has(s, t + 1, r->loc, r->val) && !fed_by(s, (unsigned)pd[k][0], pd[k][1], t))
			return false;
	}
	return true;
}

/* Do paths p and q build the same structure into an execution: the same events but for
 * their values, po (path_po()) and dependencies? */
static bool same_structure(const struct lk_path *p, const struct lk_path *q)
{
	if (p->nev != q->nev || p->forest || q->forest)
		return false;
	for (int i = 0; i < p->nev; i++) {
		const struct lk_ev *a = &p->ev[i], *b = &q->ev[i];
		if (a->kind != b->kind || a->tags != b->tags || a->loc != b->loc || a->tid != b->tid ||
		    a->grp != b->grp || a->stmt != b->stmt || p->iico_later[i] != q->iico_later[i] ||
		    p->addr[i] != q->addr[i] || p->data[i] != q->data[i] || p->ctrl[i] != q->ctrl[i] ||
		    p->rmw[i] != q->rmw[i])
			return false;
	}
	return true;
}

/* A hash of what same_structure() compares. */
static uint64_t structure_hash(const struct lk_path *p)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)p->nev;
	for (int i = 0; i < p->nev; i++) {
		const struct lk_ev *e = &p->ev[i];
		uint64_t v[] = { e->kind, e->tags, (uint64_t)e->loc, (uint64_t)e->tid, (uint64_t)e->grp,
				 (uint64_t)e->stmt, p->iico_later[i], p->addr[i], p->data[i], p->ctrl[i],
				 p->rmw[i] };
		for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++)
			h = (h ^ v[k]) * 1099511628211ull;
	}
	return h;
}

/* s->pcls for an LKMM test (not MMIO, not AArch64, whose models read more of a path):
 * each path's class is the first path of its thread with the same structure (found by a
 * hash of the structure: a thread may have thousands of paths) */
static int path_classes(struct search *s)
{
	const struct lk_test *lt = s->lt;
	if (lt->mmio || lt->aarch64)
		return 0;
	for (unsigned t = 0; t < lt->nthr; t++) {
		unsigned n = lt->paths[t].n, cap = 16;
		while (cap < 2 * n)
			cap *= 2;
		s->pcls[t] = malloc((n ? n : 1) * sizeof(int));
		int *slot = malloc(cap * sizeof(int));
		uint64_t *hs = malloc((n ? n : 1) * sizeof(uint64_t));
		if (!s->pcls[t] || !slot || !hs) {
			free(slot);
			free(hs);
			return -IOM_ENOMEM;
		}
		for (unsigned k = 0; k < cap; k++)
			slot[k] = -1;
		for (unsigned i = 0; i < n; i++) {
			const struct lk_path *p = &lt->paths[t].v[i];
			hs[i] = structure_hash(p);
			s->pcls[t][i] = (int)i;
			unsigned k = (unsigned)(hs[i] >> 32) & (cap - 1);
			for (; slot[k] >= 0; k = (k + 1) & (cap - 1))
				if (hs[slot[k]] == hs[i] && same_structure(p, &lt->paths[t].v[slot[k]])) {
					s->pcls[t][i] = slot[k];
					break;
				}
			if (slot[k] < 0)
				slot[k] = (int)i;   /* the first of its class */
		}
		free(slot);
		free(hs);
	}
	return 0;
}

/* Does the filter read registers only (no memory, device or io item)? *last: the highest
 * thread it names. A path fixes its thread's registers, so such a filter is decided by the
 * path combination, before any rf or co choice. */
static bool filter_regs_only(const struct iom_lit_cond *c, int *last)
{
	switch (c->kind) {
	case IOM_LIT_C_TRUE:
		return true;
	case IOM_LIT_C_AND:
	case IOM_LIT_C_OR:
	case IOM_LIT_C_IMPL:
		return filter_regs_only(c->a, last) && filter_regs_only(c->b, last);
	case IOM_LIT_C_NOT:
		return filter_regs_only(c->a, last);
	case IOM_LIT_C_REG:
		if (c->thread > *last)
			*last = c->thread;
		if (c->rhs_reg >= 0 && c->rhs_thread > *last)
			*last = c->rhs_thread;
		return true;
	default:
		return false;
	}
}

static void paths_dfs(struct search *s, unsigned t)
{
	if (s->err)
		return;
	/* herd7 applies the filter before the model: a combination it rejects yields no
	 * execution that counts (docs/ordering.md, "candidate executions") */
	if ((int)t == s->filter_at && !eval_cond(s, s->t->filter, NULL))
		return;
	if (t == s->lt->nthr) {
		/* one combination per orbit of the test's symmetries (sym.c) */
		if (s->sym.n > 1 && !lk_sym_images(&s->sym, s->choice, s->img, &s->nimg, s->seen))
			return;
		combo(s);
		return;
	}
	if (s->pend)
		pend_build(s, t);
	for (unsigned i = 0; i < s->lt->paths[t].n; i++) {
		s->choice[t] = (int)i;
		if (!step(s))
			return;  /* every path tried counts: most combinations die here */
		if (!paths_feasible(s, t))
			continue;
		paths_dfs(s, t + 1);
		if (s->err)
			return;
	}
}

/* herd7 7.57 gives a location made by pointer arithmetic (sym+off, off != 0; the array
 * element a[off] of the initial state and the condition is another location) no initial
 * value: a read of it reads some write of the test, and a combination of paths in which one
 * reads it and none writes it makes herd7 reject the whole test ("mixed-size test rejected
 * (symbol [a+1]), consider option -variant mixed", a User error; checked against
 * herd7 7.57 with litmus/lkmm/Ptr+offset-*). Such a combination exists when a
 * path of one thread reads it and does not write it, and every other thread has a path
 * that does not write it. Returns the read, or NULL. */
static const struct lk_ev *no_init_read(const struct lk_test *lt)
{
	for (int l = 0; l < lt->nloc; l++) {
		if (!lt->loc_off[l])
			continue;
		bool nowrite[LK_MAXTHR];
		for (unsigned t = 0; t < lt->nthr; t++) {
			nowrite[t] = false;
			for (unsigned v = 0; v < lt->paths[t].n && !nowrite[t]; v++) {
				const struct lk_path *p = &lt->paths[t].v[v];
				bool w = false;
				for (int i = 0; i < p->nev && !w; i++)
					w = p->ev[i].kind == LK_EV_W && p->ev[i].loc == l;
				nowrite[t] = !w;
			}
		}
		for (unsigned t = 0; t < lt->nthr; t++) {
			bool others = true;
			for (unsigned u = 0; u < lt->nthr && others; u++)
				others = u == t || nowrite[u];
			for (unsigned v = 0; v < lt->paths[t].n && others; v++) {
				const struct lk_path *p = &lt->paths[t].v[v];
				const struct lk_ev *r = NULL;
				bool w = false;
				for (int i = 0; i < p->nev; i++) {
					if (p->ev[i].loc != l)
						continue;
					if (p->ev[i].kind == LK_EV_R && !r)
						r = &p->ev[i];
					w |= p->ev[i].kind == LK_EV_W;
				}
				if (r && !w)
					return r;
			}
		}
	}
	return NULL;
}

static int suf_build(struct search *s)
{
	const struct lk_test *lt = s->lt;
	for (int t = (int)lt->nthr; t >= 0; t--) {
		int cap = 16, n = 0;
		int64_t *v = malloc((size_t)cap * sizeof(*v));
		int *l = malloc((size_t)cap * sizeof(*l));
		if (!v || !l) {
			free(v);
			free(l);
			return -IOM_ENOMEM;
		}
		if (t < (int)lt->nthr) {
			for (int i = 0; i < s->suf_n[t + 1]; i++) {
				v[n] = s->suf_v[t + 1][i];
				l[n++] = s->suf_l[t + 1][i];
				if (n == cap) {
					cap *= 2;
					int64_t *nv = realloc(v, (size_t)cap * sizeof(*v));
					int *nl = realloc(l, (size_t)cap * sizeof(*l));
					if (nv)
						v = nv;
					if (nl)
						l = nl;
					if (!nv || !nl) {
						free(v);
						free(l);
						return -IOM_ENOMEM;
					}
				}
			}
			s->suf_v[t] = v;
			s->suf_l[t] = l;
			s->suf_n[t] = n;
			for (unsigned pi = 0; pi < lt->paths[t].n; pi++) {
				const struct lk_path *p = &lt->paths[t].v[pi];
				for (int i = 0; i < p->nev; i++) {
					const struct lk_ev *w = &p->ev[i];
					if (w->kind != LK_EV_W || suf_has(s, (unsigned)t, w->loc, w->val))
						continue;
					if (n == cap) {
						cap *= 2;
						int64_t *nv = realloc(v, (size_t)cap * sizeof(*v));
						int *nl = realloc(l, (size_t)cap * sizeof(*l));
						if (nv)
							v = nv;
						if (nl)
							l = nl;
						if (!nv || !nl) {
							free(v);
							free(l);
							s->suf_v[t] = NULL;
							s->suf_l[t] = NULL;
							return -IOM_ENOMEM;
						}
					}
					v[n] = w->val;
					l[n++] = w->loc;
					s->suf_v[t] = v;
					s->suf_l[t] = l;
					s->suf_n[t] = n;
				}
			}
		}
		s->suf_v[t] = v;
		s->suf_l[t] = l;
		s->suf_n[t] = n;
	}
	return 0;
}


/* ---- entry ------------------------------------------------------------------------------- */
static _Thread_local struct search *S_sort;
static int state_cmp(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;
	for (int i = 0; i < S_sort->nitems; i++) {
		if (x[i] == y[i])
			continue;
		bool px = lk_is_ptr(x[i]), py = lk_is_ptr(y[i]);
		if (px != py)
			return px ? 1 : -1;
		if (px) {
			int c = strcmp(S_sort->t->syms[lk_ptr_sym(x[i])].name,
				       S_sort->t->syms[lk_ptr_sym(y[i])].name);
			if (c)
				return c;
			return lk_ptr_elem(x[i]) < lk_ptr_elem(y[i]) ? -1 : 1;
		}
		return x[i] < y[i] ? -1 : 1;
	}
	return 0;
}

int lk_search_run(struct lk_test *lt, const struct iom_lkmm_opts *o, struct iom_lkmm_result *res,
		  struct iom_diag *d)
{
	struct search *s = calloc(1, sizeof(*s));
	struct big *bg = s ? big_get() : NULL;
	if (!bg) {
		free(s);
		return -IOM_ENOMEM;
	}
	s->cands = bg->cands;
	s->lcand = bg->lcand;
	s->locw = bg->locw;
	s->order = bg->order;
	s->pred = bg->pred;
	s->allow = bg->allow;
	s->cprep = bg->cprep;
	s->crd = bg->crd;
	s->atom_src = bg->atom_src;
	s->lt = lt;
	s->t = lt->t;
	s->ops = lt->model ? lt->model : &lk_model_lkmm;
	s->m = s->ops->create();
	s->x = &bg->x;
	s->max = o ? o->max_execs : 0;
	s->max_steps = o ? o->max_steps : 0;
	s->want_dot = o && o->want_witness;
	if (lt->mmio)
		s->proj = &bg->proj;
	if (s->want_dot)
		s->dotx = malloc(sizeof(*s->dotx));
	int rc = 0;
	if (!s->m || !s->x || (s->want_dot && !s->dotx)) {
		rc = -IOM_ENOMEM;
		goto out;
	}
	items_of_cond(s, lt->t->cond, lt->observed);
	for (unsigned i = 0; i < lt->t->nr_locs; i++) {
		const struct iom_lit_locref *lr = &lt->t->locs[i];
		if (lr->thread >= 0)
			add_item(s, lr->thread, lr->reg, -1);
		else if (lr->whole)
			add_whole(s, lr->sym, lt->observed);
		else {
			int l = lt->loc_base[lr->sym] + (int)lr->elem;
			add_item(s, -1, -1, l);
			lt->observed[l] = true;
		}
	}
	{
		bool fobs[LK_MAXLOC] = { false };
		struct search tmp = *s;
		items_of_cond(&tmp, lt->t->filter, fobs);
		for (int l = 0; l < lt->nloc; l++)
			if (fobs[l])
				lt->observed[l] = true;
	}
	item_regnum = lt->aarch64;
	qsort(s->items, (size_t)s->nitems, sizeof(s->items[0]), item_cmp);
	/* states of registers only, fixed by the path combination (record_all): not with a
	 * picture to keep, which record() chooses among the executions */
	s->regs_only = !lt->mmio && !s->want_dot;
	for (int i = 0; i < s->nitems; i++)
		if (s->items[i].kind != IT_REG)
			s->regs_only = false;
	for (unsigned t = 0; t < lt->nthr; t++)
		if (!lt->paths[t].n)
			goto count;  /* a thread with no path: no execution */
	const struct lk_ev *nir = lt->mmio ? NULL : no_init_read(lt);
	if (nir) {
		struct iom_buf b;
		iom_buf_init(&b);
		lk_loc_print(lt, nir->loc, &b);
		iom_diag_set(d, IOM_EINVAL, lt->t->file, nir->line, nir->col,
			     "mixed-size test rejected (symbol [%s]), consider option -variant mixed: "
			     "herd7 gives a location made by pointer arithmetic no initial value, and "
			     "this read may find no write to it", iom_buf_str(&b));
		iom_buf_release(&b);
		rc = -IOM_EINVAL;
		goto out;
	}
	rc = suf_build(s);
	if (rc)
		goto out;
	for (int l = 0; l < lt->nloc; l++)
		s->any_lock |= lt->is_lock[l];
	rc = path_classes(s);
	if (rc)
		goto out;
	for (unsigned t = 0; t < lt->nthr; t++) {
		int most = 0;
		for (unsigned i = 0; i < lt->paths[t].n; i++)
			if (lt->paths[t].v[i].nev > most)
				most = lt->paths[t].v[i].nev;
		s->pcap += (size_t)most;
	}
	/* pending reads pay from about eight threads on (a chain of 17: 2 %; C-atomic-00, 3
	 * threads of many paths: 20 % slower with them) */
	if (lt->nthr >= PEND_THREADS) {
		s->pend = malloc((lt->nthr + 1) * (s->pcap ? s->pcap : 1) * sizeof(*s->pend));
		if (!s->pend) {
			rc = -IOM_ENOMEM;
			goto out;
		}
	}
	for (unsigned t = 0; t < lt->nthr && s->pend; t++) {
		s->wbloom[t] = calloc(lt->paths[t].n ? lt->paths[t].n : 1, sizeof(uint64_t));
		if (!s->wbloom[t]) {
			rc = -IOM_ENOMEM;
			goto out;
		}
		for (unsigned i = 0; i < lt->paths[t].n; i++) {
			const struct lk_path *p = &lt->paths[t].v[i];
			for (int j = 0; j < p->nev; j++)
				if (p->ev[j].kind == LK_EV_W)
					s->wbloom[t][i] |= wbit(p->ev[j].loc, p->ev[j].val);
		}
	}
	/* symmetries: not with a filter (herd7 applies it to a combination before the model,
	 * paths_dfs), a picture to draw or MMIO's device threads */
	s->nimg = 1;
	if (!(o && o->no_symmetry) && !s->want_dot && !lt->mmio && !lt->t->filter) {
		rc = lk_sym_find(lt, 120, &s->sym);
		if (rc)
			goto out;
		if (s->sym.n > 1) {
			s->img = malloc((size_t)s->sym.n * sizeof(int));
			s->seen = malloc((size_t)s->sym.n * lt->nthr * sizeof(int));
			if (!s->img || !s->seen) {
				rc = -IOM_ENOMEM;
				goto out;
			}
		}
	}
	s->filter_at = -1;
	if (lt->t->filter && !lt->mmio) {
		int last = -1;
		if (filter_regs_only(lt->t->filter, &last))
			s->filter_at = last + 1;
	}
	paths_dfs(s, 0);
	if (s->err) {
		rc = s->err;
		if (rc == -IOM_ELIMIT && lt->mmio) {
			char v[16];
			bool ex = s->max && s->cands_n > s->max;
			iom_diag_set(d, IOM_ELIMIT, lt->t->file, 0, 0,
				     "%s limit reached on %s v%s (%s model): more than %llu %s; "
				     "raise --max-states or shrink the test", ex ? "execution" : "search",
				     iom_arch_name(lt->ctx.arch), iom_kver_str(lt->ctx.kver, v, sizeof(v)),
				     iom_lit_model_name(lt->ctx.model),
				     (unsigned long long)(ex ? s->max : s->max_steps),
				     ex ? "candidate executions" : "search steps");
		} else if (rc == -IOM_ELIMIT)
			iom_diag_set(d, IOM_ELIMIT, lt->t->file, 0, 0, "the LKMM engine stopped: %s",
				     s->limit ? s->limit : "a limit was hit");
		goto out;
	}
count:
	res->pos = s->pos;
	res->neg = s->neg;
	res->cands = s->cands_n;
	res->nsym = s->sym.n > 1 ? (unsigned)s->sym.n : 1;
	res->flags = s->flags;
	S_sort = s;
	if (s->nstates > 1)
		qsort(s->states, s->nstates, (size_t)s->nitems * sizeof(int64_t), state_cmp);
	res->states = calloc(s->nstates ? s->nstates : 1, sizeof(char *));
	if (!res->states) {
		rc = -IOM_ENOMEM;
		goto out;
	}
	/* each item's "name=" once (a state of an 18-thread chain has 18; a test may have
	 * 2^19 states) */
	char (*pre)[80] = malloc((size_t)(s->nitems ? s->nitems : 1) * sizeof(*pre));
	if (!pre) {
		rc = -IOM_ENOMEM;
		goto out;
	}
	for (int k = 0; k < s->nitems; k++) {
		const struct item *it = &s->items[k];
		if (it->kind == IT_DEVREG || it->kind == IT_DEVVAR)
			snprintf(pre[k], sizeof(pre[k]), "%s=", it->name);
		else if (it->reg >= 0)
			snprintf(pre[k], sizeof(pre[k]), "%d:%s=", it->thread, it->name);
		else if (it->kind == IT_LOC && lt->t->syms[lt->loc_sym[it->loc]].array_len)
			snprintf(pre[k], sizeof(pre[k]), "%s=", it->name);  /* herd7: a[1]=0, no brackets */
		else
			snprintf(pre[k], sizeof(pre[k]), "[%s]=", it->name);
	}
	for (unsigned i = 0; i < s->nstates; i++) {
		struct iom_buf b;
		iom_buf_init(&b);
		const int64_t *v = &s->states[(size_t)i * s->nitems];
		for (int k = 0; k < s->nitems; k++) {
			const struct item *it = &s->items[k];
			if (it->kind == IT_IO) {
				lk_io_state_print(lt, v[k], &b);
				continue;
			}
			if (it->kind == IT_ARR) {
				/* a={4,0}: this element and the next ones of the same array */
				const struct iom_lit_sym *sy = &lt->t->syms[lt->loc_sym[it->loc]];
				iom_buf_printf(&b, "%s={", it->name);
				int k0 = k;
				for (; k < s->nitems && s->items[k].kind == IT_ARR && !strcmp(s->items[k].name, it->name); k++)
					lk_value_print(lt->t, lk_value_at_type(sy, v[k]), (iom_buf_puts(&b, k > k0 ? "," : ""), &b));
				k--;
				iom_buf_puts(&b, "}; ");
				continue;
			}
			iom_buf_puts(&b, pre[k]);
			const struct iom_lit_sym *lsy = it->kind == IT_LOC && it->reg < 0
				? &lt->t->syms[lt->loc_sym[it->loc]] : NULL;
			if (lt->aarch64 && (lsy || (it->reg >= 0 && it->thread >= 0))) {
				const char *ty = lsy ? lk_a64_loc_type(lsy)
						     : lk_a64_reg_type(&lt->t->threads[it->thread], it->reg);
				lk_a64_value_print(lt->t, ty, lk_a64_at_type(ty, v[k]), &b);
			} else {
				lk_value_print(lt->t, lsy ? lk_value_at_type(lsy, v[k]) : v[k], &b);
			}
			iom_buf_puts(&b, "; ");
		}
		if (b.len)
			b.s[--b.len] = 0;  /* herd7 ends with ";" */
		res->states[i] = b.s ? b.s : strdup("");
		res->nr_states++;
	}
	free(pre);
	if (s->want_dot && s->have_dot)
		res->dot = lk_dot_render(lt, s->dotx, s->dot_ax, s->dot_extra);
out:
	for (unsigned t = 0; t <= LK_MAXTHR; t++) {
		free(s->suf_v[t]);
		free(s->suf_l[t]);
	}
	if (s->m)
		s->ops->destroy(s->m);
	free(s->dot_extra);
	big_put(bg);
	free(s->dotx);
	free(s->states);
	free(s->slot);
	lk_sym_release(&s->sym);
	free(s->pend);
	for (unsigned t = 0; t < LK_MAXTHR; t++) {
		free(s->pcls[t]);
		free(s->wbloom[t]);
	}
	for (int l = 0; l < LK_MAXLOC; l++)
		free(s->ords[l]);
	free(s->img);
	free(s->seen);
	free(s);
	return rc;
}
