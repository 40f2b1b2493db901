// SPDX-License-Identifier: MIT
/* iomodel -- exhaustive exploration of C-MMIO litmus tests (ordering.md §4.5).
 * Operational reading of the rules: each CPU issues its statements in program order
 * (registers and branches are resolved as values arrive) and *performs* its events in
 * any order the preserved program order allows: an event may perform once every event
 * it is ordered after (the transitive closure of the order.h PAIR and FENCE rows) has.
 * Performing is the point where a write arrives at its device (or becomes visible in
 * memory) and a read takes its value. Locks are events too: spin_lock performs only on
 * a free lock, so "unlock on CPU i, then lock on CPU j" is the lock handover. Two WC
 * writes of one CPU to one device may perform as one transaction (combining; the later
 * value wins at the same address) unless ordered or separated by a FLUSH row.
 * Device blocks run their unconditional statements as a device thread, and their
 * "on P0:x" statements atomically when that access arrives.
 * States are deduplicated by their full contents (no hashing shortcut), so the result is
 * exact. Must not: print, sample, or know any ordering fact (those are order.h rows). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "order/region.h"
#include "iomodel/attrs.h"
#include "iomodel/explore.h"
#include "iomodel/order.h"

#define MAX_THREADS 8
#define MAX_SLOTS 64      /* issued events (barriers included) per CPU                */
#define MAX_REGS 32
#define MAX_TRACK 32
#define DEFAULT_MAX_STATES 1000000UL

typedef int64_t word;

/* ---- compiled test --------------------------------------------------------------------- */

enum acc { A_NONE, A_MMIO, A_MEM, A_LOCK, A_TRYLOCK, A_UNLOCK };

struct sev {                  /* static event: one element of one instruction            */
	int thread, instr, elem;
	const struct iom_lit_stmt *st;
	struct iom_ord_ev oe;
	enum acc acc;
	bool fence;
	bool wc_write;            /* a write to a WC region: may combine                       */
	int addr;                 /* MMIO: device address index                               */
	int sym;                  /* MEM/lock: sym index; STRING from memory: source sym        */
	int dst;                  /* register receiving the value; -1                           */
	int track;                /* slot in rank[]; -1                                         */
	int *trig;                /* device statements run on arrival                           */
	unsigned nr_trig;
	int rmw;                  /* 0, 1 = xchg, 2 = cmpxchg                                  */
	bool flush;               /* FLUSH row says this event ends combining                  */
	bool private_;            /* its step commutes with all others (see mark_private)       */
	bool dead;                /* a write nobody reads: its value is not kept                */
	int elem_total;
};

enum iop { I_EV, I_ASSIGN, I_JZ, I_JMP };
struct ins {
	enum iop op;
	const struct iom_lit_stmt *st;
	const struct iom_lit_expr *e;  /* ASSIGN expr, JZ cond                                   */
	int target;
	int first, nr;                 /* I_EV: static events [first, first + nr)               */
	uint32_t needs;                /* registers that must hold their value                  */
	int dst;                       /* register written by the instruction (-1)              */
};

struct addr {
	int dev;
	uint64_t off;
};

struct track {
	int thread;
	const struct iom_lit_stmt *st;
	int elem;
	int sev;
};

struct dstmt_ref {
	int dev;                       /* index in t->devices                                   */
	const struct iom_lit_dstmt *ds;
};

struct eng {
	const struct iom_lit_test *t;
	struct iom_ord_ctx ctx;
	struct iom_diag *d;
	unsigned long max_states;
	bool want_witness;

	struct sev *sevs;
	unsigned nr_sevs, cap_sevs;
	struct ins *ins[MAX_THREADS];
	unsigned nr_ins[MAX_THREADS], cap_ins[MAX_THREADS];
	unsigned slots[MAX_THREADS];   /* upper bound of issued events                          */
	unsigned nr_threads;

	struct addr *addrs;
	unsigned nr_addrs, cap_addrs;
	unsigned region_cls[256];      /* by sym index                                          */
	int region_dev[256];

	struct track tracks[MAX_TRACK];
	unsigned nr_tracks;

	/* device programs */
	unsigned nr_devs;
	int dev_prog_first[16], dev_prog_nr[16];
	struct dstmt_ref *prog;
	unsigned nr_prog;
	unsigned devvar_base[16], nr_devvars;

	/* state layout (words) */
	unsigned off_th[MAX_THREADS], nr_regs[MAX_THREADS];
	unsigned off_mem, off_dreg, off_dvar, off_dpc, off_rank, off_next, nwords;

	/* rule caches */
	signed char *pcache;  /* [i][j][flags] */
	signed char *fcache;  /* [i][kind][j]  */

	/* visited set */
	word *arena;
	uint64_t *hashes;              /* hash of each arena entry                              */
	unsigned *keyidx, nkey;        /* state words that make up the visited-set key          */
	word *key;                     /* scratch key                                           */
	size_t arena_len, arena_cap;
	uint64_t *table;
	size_t table_cap, nr_visited;
	unsigned long executions;
	int err;

	/* outcomes */
	char **outs;
	bool *outpos;
	unsigned nr_outs, cap_outs;
	word **stack;                  /* per-depth state buffers                               */
	unsigned stack_cap;

	/* witness path */
	struct move { int kind, thread, a, b; } *path, *wpath;
	unsigned path_cap, wpath_len;
	word *wfinal;
	bool wpositive;
	bool have_witness;
};

struct iom_explore_result {
	char **states;
	bool *positive;
	unsigned nr_states;
	unsigned pos, neg;
	bool ok;
	enum iom_lit_verdict verdict;
	unsigned long visited, executions;
	enum iom_lit_quant quant;
	/* witness */
	char *dot;
};

/* ---- small helpers ----------------------------------------------------------------------- */

static void *grow(void *p, unsigned *cap, unsigned need, size_t elt)
{
	if (need <= *cap)
		return p;
	unsigned n = *cap ? *cap * 2 : 16;
	while (n < need)
		n *= 2;
	void *q = realloc(p, (size_t)n * elt);
	if (q)
		*cap = n;
	return q;
}

/* Index of (dev, off) in the address table; -1 if absent. Used once the state layout
 * is fixed (every address is registered at compile time). */
static int addr_find(const struct eng *g, int dev, uint64_t off)
{
	for (unsigned i = 0; i < g->nr_addrs; i++)
		if (g->addrs[i].dev == dev && g->addrs[i].off == off)
			return (int)i;
	return -1;
}

/* Index of (dev, off), registering it if new (compile time only). */
static int addr_index(struct eng *g, int dev, uint64_t off)
{
	for (unsigned i = 0; i < g->nr_addrs; i++)
		if (g->addrs[i].dev == dev && g->addrs[i].off == off)
			return (int)i;
	struct addr *a = grow(g->addrs, &g->cap_addrs, g->nr_addrs + 1, sizeof(*a));
	if (!a)
		return -1;
	g->addrs = a;
	a[g->nr_addrs].dev = dev;
	a[g->nr_addrs].off = off;
	return (int)g->nr_addrs++;
}

static uint32_t expr_regs(const struct iom_lit_expr *e)
{
	if (!e)
		return 0;
	uint32_t m = e->kind == IOM_LIT_E_REG && e->index >= 0 && e->index < MAX_REGS ? 1u << e->index : 0;
	return m | expr_regs(e->a) | expr_regs(e->b);
}

static word eval(const struct iom_lit_expr *e, const word *regs)
{
	if (!e)
		return 0;
	word a, b;
	switch (e->kind) {
	case IOM_LIT_E_CONST:
		return e->value;
	case IOM_LIT_E_REG:
		return e->index >= 0 && e->index < MAX_REGS ? regs[e->index] : 0;
	case IOM_LIT_E_SYM:
	case IOM_LIT_E_ADDR:
		return 0x10000 + (e->kind == IOM_LIT_E_SYM ? e->index : e->a ? e->a->index : 0);
	case IOM_LIT_E_DEREF:
		return 0;
	case IOM_LIT_E_UNOP:
		a = eval(e->a, regs);
		return e->op == '-' ? -a : e->op == '!' ? !a : e->op == '~' ? ~a : a;
	case IOM_LIT_E_BINOP:
		a = eval(e->a, regs);
		b = eval(e->b, regs);
		switch (e->op) {
		case '+': return a + b;
		case '-': return a - b;
		case '*': return a * b;
		case '/': return b ? a / b : 0;
		case '%': return b ? a % b : 0;
		case '&': return a & b;
		case '|': return a | b;
		case '^': return a ^ b;
		case '<': return a < b;
		case '>': return a > b;
		case IOM_LIT_OP_EQ: return a == b;
		case IOM_LIT_OP_NE: return a != b;
		case IOM_LIT_OP_LE: return a <= b;
		case IOM_LIT_OP_GE: return a >= b;
		case IOM_LIT_OP_LAND: return a && b;
		case IOM_LIT_OP_LOR: return a || b;
		case IOM_LIT_OP_SHL: return (word)((uint64_t)a << (b & 63));
		case IOM_LIT_OP_SHR: return a >> (b & 63);
		}
	}
	return 0;
}

/* ---- region semantics ------------------------------------------------------------------ */

/* region_class(): lib/order/region.c (shared with the LKMM engine's MMIO events) */
#define region_class iom_ord_region_class

/* ---- compilation ------------------------------------------------------------------------ */

static int add_sev(struct eng *g, struct sev *s)
{
	struct sev *p = grow(g->sevs, &g->cap_sevs, g->nr_sevs + 1, sizeof(*p));
	if (!p)
		return -1;
	g->sevs = p;
	p[g->nr_sevs] = *s;
	return (int)g->nr_sevs++;
}

static int add_ins(struct eng *g, int tid, const struct ins *i)
{
	struct ins *p = grow(g->ins[tid], &g->cap_ins[tid], g->nr_ins[tid] + 1, sizeof(*p));
	if (!p)
		return -1;
	g->ins[tid] = p;
	p[g->nr_ins[tid]] = *i;
	return (int)g->nr_ins[tid]++;
}

static int fence_sev(struct eng *g, int tid, int instr, const struct iom_lit_stmt *st,
		     enum iom_ord_kind k)
{
	struct sev s = { .thread = tid, .instr = instr, .st = st, .fence = true, .addr = -1,
			 .sym = -1, .dst = -1, .track = -1 };
	s.oe.kind = k;
	s.oe.reg = IOM_ORD_ANYREG;
	s.oe.dev = -1;
	s.oe.loc = -1;
	return add_sev(g, &s);
}

static int compile_prim(struct eng *g, int tid, int instr, const struct iom_lit_stmt *st,
			struct ins *in)
{
	const struct iom_lit_prim_info *pi = iom_lit_prim_info(st->prim);
	const struct iom_lit_test *t = g->t;
	struct iom_ord_ev oe;
	unsigned cls = IOM_ORD_UC;
	in->first = (int)g->nr_sevs;
	in->needs = expr_regs(st->value) | expr_regs(st->expect);
	in->dst = st->dst;
	bool needs_region = pi->pclass == IOM_LIT_PC_MMIO || pi->pclass == IOM_LIT_PC_PIO ||
			    pi->pclass == IOM_LIT_PC_STRING;
	bool needs_mem = pi->pclass == IOM_LIT_PC_MEM || pi->pclass == IOM_LIT_PC_RMW ||
			 pi->pclass == IOM_LIT_PC_LOCK;
	if ((needs_region && (st->region < 0 || (unsigned)st->region >= t->nr_syms ||
			      t->syms[st->region].kind != IOM_LIT_SYM_REGION)) ||
	    (needs_mem && (st->mem < 0 || (unsigned)st->mem >= t->nr_syms)) ||
	    (st->dst >= MAX_REGS)) {
		iom_diag_set(g->d, IOM_EINVAL, t->file, st->pos.line, st->pos.col,
			     "%s(): operand the engine cannot resolve", iom_lit_prim_name(st->prim));
		return -IOM_EINVAL;
	}
	if (st->region >= 0 && (unsigned)st->region < t->nr_syms)
		cls = g->region_cls[st->region];
	if (iom_ord_classify(st->prim, cls, &oe) < 0) {
		iom_diag_set(g->d, IOM_EINVAL, t->file, st->pos.line, st->pos.col,
			     "%s(): not an event the ordering rules know", iom_lit_prim_name(st->prim));
		return -IOM_EINVAL;
	}
	if (iom_ord_is_barrier(oe.kind)) {
		if (fence_sev(g, tid, instr, st, oe.kind) < 0)
			return -IOM_ENOMEM;
		in->nr = 1;
		return 0;
	}
	bool full = pi->flavour == IOM_LIT_FL_FULL;
	/* xchg/cmpxchg: fully ordered RMW = smp_mb(); RMW; smp_mb() (LKMM-DEF);
	 * smp_store_mb(): store; smp_mb() */
	if (full && pi->pclass == IOM_LIT_PC_RMW && fence_sev(g, tid, instr, st, IOM_ORD_K_SMP_MB) < 0)
		return -IOM_ENOMEM;
	unsigned count = pi->pclass == IOM_LIT_PC_STRING ? (st->count ? st->count : 1) : 1;
	for (unsigned e = 0; e < count; e++) {
		struct sev s = { .thread = tid, .instr = instr, .elem = e, .st = st, .oe = oe,
				 .addr = -1, .sym = -1, .dst = -1, .track = -1,
				 .elem_total = (int)count };
		switch (pi->pclass) {
		case IOM_LIT_PC_MMIO:
		case IOM_LIT_PC_PIO:
		case IOM_LIT_PC_STRING: {
			uint64_t off = st->offset;
			bool step = st->prim == IOM_LIT_P_MEMCPY_TOIO || st->prim == IOM_LIT_P_MEMCPY_FROMIO ||
				    st->prim == IOM_LIT_P_MEMSET_IO;
			if (step)
				off += (uint64_t)e * (pi->width ? pi->width : 4);
			s.acc = A_MMIO;
			s.oe.dev = g->region_dev[st->region];
			s.oe.off = off;
			s.addr = addr_index(g, s.oe.dev, off);
			if (s.addr < 0)
				return -IOM_ENOMEM;
			if (pi->dir == IOM_LIT_DIR_READ)
				s.dst = pi->pclass == IOM_LIT_PC_STRING ? st->mem_reg : st->dst;
			else if (pi->pclass == IOM_LIT_PC_STRING && st->prim != IOM_LIT_P_MEMSET_IO)
				s.sym = st->mem;  /* source buffer in memory */
			s.wc_write = cls == IOM_ORD_WC && pi->dir == IOM_LIT_DIR_WRITE;
			if (pi->pclass == IOM_LIT_PC_STRING && pi->dir == IOM_LIT_DIR_READ && st->mem >= 0)
				s.sym = st->mem;  /* destination buffer */
			break;
		}
		case IOM_LIT_PC_MEM:
		case IOM_LIT_PC_RMW:
			s.acc = A_MEM;
			s.sym = st->mem;
			s.oe.loc = st->mem;
			s.dst = st->dst;
			s.rmw = pi->pclass == IOM_LIT_PC_RMW ? (st->prim == IOM_LIT_P_CMPXCHG ? 2 : 1) : 0;
			break;
		case IOM_LIT_PC_LOCK:
			s.acc = pi->lockop == IOM_LIT_LK_UNLOCK	 ? A_UNLOCK
				: pi->lockop == IOM_LIT_LK_TRYLOCK ? A_TRYLOCK
								   : A_LOCK;
			s.sym = st->mem;
			s.oe.loc = st->mem;
			s.dst = st->dst;
			break;
		default:
			iom_diag_set(g->d, IOM_EINVAL, t->file, st->pos.line, st->pos.col,
				     "%s(): not supported by the engine", iom_lit_prim_name(st->prim));
			return -IOM_EINVAL;
		}
		if (add_sev(g, &s) < 0)
			return -IOM_ENOMEM;
	}
	if (full && fence_sev(g, tid, instr, st, IOM_ORD_K_SMP_MB) < 0)
		return -IOM_ENOMEM;
	in->nr = (int)g->nr_sevs - in->first;
	return 0;
}

static int compile_block(struct eng *g, int tid, const struct iom_lit_block *b)
{
	for (unsigned i = 0; i < b->nr_stmts; i++) {
		const struct iom_lit_stmt *st = &b->stmts[i];
		struct ins in = { .st = st, .dst = -1, .target = -1 };
		int r, at;
		/* LKMM-only constructs (litmus.h "LKMM additions"): the LKMM engine runs them */
		if (st->kind == IOM_LIT_S_WHILE || st->addr || st->prim >= IOM_LIT_P_RCU_ASSIGN_POINTER) {
			iom_diag_set(g->d, IOM_EINVAL, g->t->file, st->pos.line, st->pos.col,
				     "%s is not supported by the MMIO engine",
				     st->kind == IOM_LIT_S_WHILE ? "while" :
				     st->addr ? "an access through a pointer" : iom_lit_prim_name(st->prim));
			return -IOM_EINVAL;
		}
		switch (st->kind) {
		case IOM_LIT_S_PRIM:
			in.op = I_EV;
			at = (int)g->nr_ins[tid];
			if ((r = compile_prim(g, tid, at, st, &in)) < 0)
				return r;
			if (add_ins(g, tid, &in) < 0)
				return -IOM_ENOMEM;
			break;
		case IOM_LIT_S_ASSIGN:
			in.op = I_ASSIGN;
			in.e = st->expr;
			in.needs = expr_regs(st->expr);
			in.dst = st->dst;
			if (add_ins(g, tid, &in) < 0)
				return -IOM_ENOMEM;
			break;
		case IOM_LIT_S_IF: {
			in.op = I_JZ;
			in.e = st->cond;
			in.needs = expr_regs(st->cond);
			int jz = add_ins(g, tid, &in);
			if (jz < 0 || (r = compile_block(g, tid, &st->then_b)) < 0)
				return jz < 0 ? -IOM_ENOMEM : r;
			if (st->else_b.nr_stmts) {
				struct ins j = { .op = I_JMP, .st = st, .dst = -1 };
				int jmp = add_ins(g, tid, &j);
				if (jmp < 0)
					return -IOM_ENOMEM;
				g->ins[tid][jz].target = (int)g->nr_ins[tid];
				if ((r = compile_block(g, tid, &st->else_b)) < 0)
					return r;
				g->ins[tid][jmp].target = (int)g->nr_ins[tid];
			} else {
				g->ins[tid][jz].target = (int)g->nr_ins[tid];
			}
			break;
		}
		case IOM_LIT_S_WHILE: /* rejected above */
			break;
		}
	}
	return 0;
}

static int find_sev(struct eng *g, int thread, const struct iom_lit_stmt *st, int elem)
{
	int last = -1;
	for (unsigned i = 0; i < g->nr_sevs; i++) {
		struct sev *s = &g->sevs[i];
		if (s->thread != thread || s->st != st || s->fence)
			continue;
		if (elem >= 0 && s->elem == elem)
			return (int)i;
		if (elem < 0 && s->elem == 0)
			return (int)i;
		last = (int)i;
	}
	return elem < 0 ? last : -1;
}

static int track_ref(struct eng *g, const struct iom_lit_evref *r)
{
	for (unsigned i = 0; i < g->nr_tracks; i++)
		if (g->tracks[i].thread == r->thread && g->tracks[i].st == r->stmt &&
		    g->tracks[i].elem == r->elem)
			return (int)i;
	if (g->nr_tracks >= MAX_TRACK)
		return -1;
	struct track *tr = &g->tracks[g->nr_tracks];
	tr->thread = r->thread;
	tr->st = r->stmt;
	tr->elem = r->elem;
	tr->sev = find_sev(g, r->thread, r->stmt, r->elem);
	if (tr->sev >= 0 && g->sevs[tr->sev].track < 0)
		g->sevs[tr->sev].track = (int)g->nr_tracks;
	return (int)g->nr_tracks++;
}

static int collect_tracks(struct eng *g, const struct iom_lit_cond *c)
{
	if (!c)
		return 0;
	if (c->kind == IOM_LIT_C_IO_BEFORE || c->kind == IOM_LIT_C_VO_BEFORE ||
	    c->kind == IOM_LIT_C_COMBINED) {
		if (track_ref(g, &c->e1) < 0 || track_ref(g, &c->e2) < 0)
			return -1;
	}
	if (c->kind == IOM_LIT_C_DEVREG && addr_index(g, c->dev, c->offset) < 0)
		return -1;
	return collect_tracks(g, c->a) < 0 || collect_tracks(g, c->b) < 0 ? -1 : 0;
}

static void cond_uses(struct eng *g, const struct iom_lit_cond *c, unsigned *addr_use, unsigned *sym_use)
{
	if (!c)
		return;
	if (c->kind == IOM_LIT_C_DEVREG) {
		int a = addr_index(g, c->dev, c->offset);
		if (a >= 0)
			addr_use[a] += 2;
	}
	if (c->kind == IOM_LIT_C_MEM && c->sym >= 0)
		sym_use[c->sym] += 2;
	cond_uses(g, c->a, addr_use, sym_use);
	cond_uses(g, c->b, addr_use, sym_use);
}

/* An access is private when its timing and effect are unobservable: a write to an
 * address or location that nothing ever reads (no CPU or device read, no condition atom,
 * no locations entry: a dead store, whose value is not even kept in the state), or any
 * access to an address nothing else touches at all. It must also not be named by the
 * condition, trigger nothing and not be an atomic RMW. Such a step commutes with every
 * other step, so the search may perform it alone as soon as it is enabled (a singleton
 * ample set; the state graph is acyclic, so no cycle proviso is needed). Reads of
 * private addresses always see the initial value. */
static void mark_private(struct eng *g)
{
	const struct iom_lit_test *t = g->t;
	unsigned *addr_use = calloc(g->nr_addrs + 1, sizeof(unsigned));
	unsigned *sym_use = calloc(t->nr_syms + 1, sizeof(unsigned));
	unsigned *addr_rd = calloc(g->nr_addrs + 1, sizeof(unsigned));
	unsigned *sym_rd = calloc(t->nr_syms + 1, sizeof(unsigned));
	if (!addr_use || !sym_use || !addr_rd || !sym_rd)
		goto out;  /* no reduction: still exact */
	for (unsigned i = 0; i < g->nr_sevs; i++) {
		const struct sev *s = &g->sevs[i];
		if (s->acc == A_MMIO) {
			addr_use[s->addr]++;
			if (s->oe.op & IOM_ORD_R)
				addr_rd[s->addr]++;
		}
		if (s->sym >= 0) {
			sym_use[s->sym] += s->acc == A_MMIO ? 2 : 1;
			if (s->acc != A_MEM || (s->oe.op & IOM_ORD_R) || s->rmw)
				sym_rd[s->sym]++;  /* string buffers, locks, reads */
		}
	}
	for (unsigned di = 0; di < t->nr_devices; di++)
		for (unsigned k = 0; k < t->devices[di].nr_stmts; k++) {
			const struct iom_lit_dstmt *ds = &t->devices[di].stmts[k];
			if (ds->kind == IOM_LIT_D_REG_SET) {
				int a = addr_index(g, g->region_dev[ds->region], ds->offset);
				if (a >= 0)
					addr_use[a] += 2;
			} else if (ds->mem >= 0) {
				sym_use[ds->mem] += 2;
				if (ds->kind == IOM_LIT_D_DMA_READ)
					sym_rd[ds->mem] += 2;
			}
		}
	for (unsigned i = 0; i < t->nr_locations; i++)
		if (t->locations[i] >= 0 && (unsigned)t->locations[i] < t->nr_syms) {
			sym_use[t->locations[i]] += 2;
			sym_rd[t->locations[i]] += 2;
		}
	cond_uses(g, t->filter, addr_use, sym_use);
	cond_uses(g, t->cond, addr_use, sym_use);
	cond_uses(g, t->filter, addr_rd, sym_rd);
	cond_uses(g, t->cond, addr_rd, sym_rd);
	for (unsigned i = 0; i < g->nr_sevs; i++) {
		struct sev *s = &g->sevs[i];
		if (s->fence || s->track >= 0 || s->nr_trig || s->rmw)
			continue;
		if (s->acc == A_MMIO && s->sym < 0 && s->oe.op == IOM_ORD_W && !addr_rd[s->addr])
			s->private_ = s->dead = true;
		else if (s->acc == A_MEM && s->sym >= 0 && s->oe.op == IOM_ORD_W && !sym_rd[s->sym])
			s->private_ = s->dead = true;
		else if (s->acc == A_MMIO && s->sym < 0 && addr_use[s->addr] == 1)
			s->private_ = true;
		else if (s->acc == A_MEM && s->sym >= 0 && sym_use[s->sym] == 1)
			s->private_ = true;
	}
out:
	free(addr_use);
	free(sym_use);
	free(addr_rd);
	free(sym_rd);
}

static int dev_index(const struct iom_lit_test *t, int dev)
{
	for (unsigned i = 0; i < t->nr_devices; i++)
		if (t->devices[i].dev == dev)
			return (int)i;
	return -1;
}

static int compile(struct eng *g)
{
	const struct iom_lit_test *t = g->t;
	int r;
	if (t->nr_threads > MAX_THREADS || t->nr_syms > 256 || t->nr_devices > 16) {
		iom_diag_set(g->d, IOM_ELIMIT, t->file, 0, 0,
			     "test too large for the engine (at most %d threads, 256 names, 16 devices)",
			     MAX_THREADS);
		return -IOM_ELIMIT;
	}
	for (unsigned i = 0; i < t->nr_syms; i++) {
		const struct iom_lit_sym *s = &t->syms[i];
		const char *why = NULL;
		g->region_dev[i] = -1;
		if (s->kind != IOM_LIT_SYM_REGION)
			continue;
		if (region_class(t, s, g->ctx.arch, g->ctx.kver, g->ctx.model, &g->region_cls[i], &why) < 0) {
			char v[16];
			iom_diag_set(g->d, IOM_EINVAL, t->file, s->pos.line, s->pos.col,
				     "%s = %s(dev%d) in v%s on %s: %s", s->name,
				     iom_lit_region_kind_name(s->region), s->dev,
				     iom_kver_str(g->ctx.kver, v, sizeof(v)), iom_arch_name(g->ctx.arch), why);
			return -IOM_EINVAL;
		}
		g->region_dev[i] = s->dev;
	}
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (t->syms[i].array_len || t->syms[i].kind == IOM_LIT_SYM_SRCU) {
			iom_diag_set(g->d, IOM_EINVAL, t->file, t->syms[i].pos.line, t->syms[i].pos.col,
				     "%s '%s' is not supported by the MMIO engine",
				     t->syms[i].array_len ? "array" : "srcu_struct", t->syms[i].name);
			return -IOM_EINVAL;
		}
	g->nr_threads = t->nr_threads;
	for (unsigned i = 0; i < t->nr_threads; i++) {
		const struct iom_lit_thread *th = &t->threads[i];
		unsigned before = g->nr_sevs;
		if (th->nr_reg_inits || t->dialect == IOM_LIT_DIALECT_LISA) {
			iom_diag_set(g->d, IOM_EINVAL, t->file, th->pos.line, th->pos.col, "%s is not "
				     "supported by the MMIO engine", th->nr_reg_inits ?
				     "a register initial value" : "a LISA test");
			return -IOM_EINVAL;
		}
		if (th->nr_regs > MAX_REGS) {
			iom_diag_set(g->d, IOM_ELIMIT, t->file, th->pos.line, th->pos.col,
				     "P%d has more than %d registers", th->id, MAX_REGS);
			return -IOM_ELIMIT;
		}
		if ((r = compile_block(g, (int)i, &th->body)) < 0)
			return r;
		g->slots[i] = g->nr_sevs - before;
		if (g->slots[i] > MAX_SLOTS) {
			iom_diag_set(g->d, IOM_ELIMIT, t->file, th->pos.line, th->pos.col,
				     "P%d has more than %d events", th->id, MAX_SLOTS);
			return -IOM_ELIMIT;
		}
		g->nr_regs[i] = th->nr_regs;
	}
	/* device programs and triggers */
	g->nr_devs = t->nr_devices;
	for (unsigned di = 0; di < t->nr_devices; di++) {
		const struct iom_lit_device *dv = &t->devices[di];
		g->devvar_base[di] = g->nr_devvars;
		g->nr_devvars += dv->nr_vars;
		g->dev_prog_first[di] = (int)g->nr_prog;
		for (unsigned k = 0; k < dv->nr_stmts; k++) {
			const struct iom_lit_dstmt *ds = &dv->stmts[k];
			if ((ds->kind == IOM_LIT_D_REG_SET &&
			     (ds->region < 0 || (unsigned)ds->region >= t->nr_syms)) ||
			    (ds->kind != IOM_LIT_D_REG_SET && ds->mem >= 0 && (unsigned)ds->mem >= t->nr_syms) ||
			    (ds->kind == IOM_LIT_D_DMA_READ && (ds->dst < 0 || (unsigned)ds->dst >= dv->nr_vars))) {
				iom_diag_set(g->d, IOM_EINVAL, t->file, ds->pos.line, ds->pos.col,
					     "device statement the engine cannot resolve");
				return -IOM_EINVAL;
			}
			if (ds->kind == IOM_LIT_D_REG_SET && addr_index(g, g->region_dev[ds->region], ds->offset) < 0)
				return -IOM_ENOMEM;
			if (ds->has_trigger) {
				int sv = find_sev(g, ds->trigger.thread, ds->trigger.stmt,
						  ds->trigger.elem >= 0 ? ds->trigger.elem : -1);
				if (ds->trigger.elem < 0 && sv >= 0) {
					/* a whole bulk access triggers on its last element */
					int last = sv;
					while ((unsigned)last + 1 < g->nr_sevs && g->sevs[last + 1].st == ds->trigger.stmt &&
					       !g->sevs[last + 1].fence)
						last++;
					sv = last;
				}
				if (sv < 0)
					continue;
				struct sev *s = &g->sevs[sv];
				int *p = realloc(s->trig, (s->nr_trig + 1) * sizeof(int));
				if (!p)
					return -IOM_ENOMEM;
				s->trig = p;
				p[s->nr_trig++] = (int)(di << 16 | k);
			} else {
				struct dstmt_ref *p = realloc(g->prog, (g->nr_prog + 1) * sizeof(*p));
				if (!p)
					return -IOM_ENOMEM;
				g->prog = p;
				p[g->nr_prog].dev = (int)di;
				p[g->nr_prog++].ds = ds;
			}
		}
		g->dev_prog_nr[di] = (int)g->nr_prog - g->dev_prog_first[di];
	}
	if (collect_tracks(g, t->filter) < 0 || collect_tracks(g, t->cond) < 0) {
		iom_diag_set(g->d, IOM_ELIMIT, t->file, 0, 0, "too many events named in the condition");
		return -IOM_ELIMIT;
	}
	for (unsigned i = 0; i < g->nr_sevs; i++) {
		bool fl = false;
		iom_ord_flush(&g->ctx, &g->sevs[i].oe, &fl);
		g->sevs[i].flush = fl;
	}
	mark_private(g);
	/* layout */
	unsigned w = 0;
	for (unsigned i = 0; i < g->nr_threads; i++) {
		g->off_th[i] = w;
		w += 2 + g->nr_regs[i] + 3 * g->slots[i];  /* pc|n|pending, lockinfo, regs, slots */
	}
	g->off_mem = w;
	w += t->nr_syms;
	g->off_dreg = w;
	w += g->nr_addrs;
	g->off_dvar = w;
	w += g->nr_devvars;
	g->off_dpc = w;
	w += g->nr_devs;
	g->off_rank = w;
	w += g->nr_tracks;
	g->off_next = w;
	w += 1;
	g->nwords = w;
	/* The visited-set key leaves out each slot's preds word. Its bits for unperformed
	 * events are a function of the slots' meta words (the issued events, their lock
	 * context and which are performed: a data dependency on a read exists iff the read
	 * was pending at issue, which it still is if it is unperformed now), and bits of
	 * performed events no longer constrain anything, so equal keys behave alike. */
	g->keyidx = malloc(w * sizeof(unsigned));
	g->key = malloc(w * sizeof(word));
	if (!g->keyidx || !g->key)
		return -IOM_ENOMEM;
	for (unsigned i = 0; i < w; i++) {
		bool pred_word = false;
		for (unsigned th = 0; th < g->nr_threads; th++) {
			unsigned base = g->off_th[th] + 2 + g->nr_regs[th];
			if (i >= base && i < base + 3 * g->slots[th] && (i - base) % 3 == 2)
				pred_word = true;
		}
		if (!pred_word)
			g->keyidx[g->nkey++] = i;
	}
	if (g->nr_sevs <= 512) {
		size_t n = (size_t)g->nr_sevs * g->nr_sevs;
		g->pcache = malloc(n * 4);
		g->fcache = malloc(n * IOM_ORD_K__COUNT);
		if (!g->pcache || !g->fcache)
			return -IOM_ENOMEM;
		memset(g->pcache, -1, n * 4);
		memset(g->fcache, -1, n * IOM_ORD_K__COUNT);
	}
	return 0;
}

/* ---- state access ------------------------------------------------------------------------ */
/* Thread block: [0] pc | nissued << 16 | pending << 32, [1] lock depth | locks issued << 16,
 * regs, then per slot 3 words: meta (sev | performed << 20 | held << 21 | lk << 24),
 * value, preds. */

#define TH(g, S, t) ((S) + (g)->off_th[t])
#define PC(w) ((int)((w)[0] & 0xffff))
#define NISS(w) ((int)(((w)[0] >> 16) & 0xffff))
#define PEND(w) ((uint32_t)((uint64_t)(w)[0] >> 32))
#define SET0(w, pc, n, pend) ((w)[0] = (word)((uint64_t)(pc) | (uint64_t)(n) << 16 | (uint64_t)(pend) << 32))
#define REGS(g, w, t) ((w) + 2)
#define SLOT(g, w, t, j) ((w) + 2 + (g)->nr_regs[t] + 3 * (j))
#define S_SEV(s) ((int)((s)[0] & 0xfffff))
#define S_DONE(s) (((s)[0] >> 20) & 1)
#define S_HELD(s) (((s)[0] >> 21) & 1)
#define S_LK(s) ((int)(((s)[0] >> 24) & 0xff))

static bool pair_ord(struct eng *g, int a, int b, unsigned flags)
{
	signed char *c = g->pcache ? &g->pcache[((size_t)a * g->nr_sevs + b) * 4 + flags] : NULL;
	if (c && *c >= 0)
		return *c;
	bool v = false;
	iom_ord_pair(&g->ctx, &g->sevs[a].oe, &g->sevs[b].oe, flags, &v);
	if (c)
		*c = v;
	return v;
}

static bool fence_ord(struct eng *g, int a, int f, int b)
{
	enum iom_ord_kind k = g->sevs[f].oe.kind;
	signed char *c = g->fcache ? &g->fcache[((size_t)a * IOM_ORD_K__COUNT + k) * g->nr_sevs + b] : NULL;
	if (c && *c >= 0)
		return *c;
	bool v = false;
	iom_ord_fence(&g->ctx, &g->sevs[a].oe, k, &g->sevs[b].oe, &v);
	if (c)
		*c = v;
	return v;
}

/* Registers still to be read by issued accesses whose value is deferred. */
static uint32_t deferred_regs(struct eng *g, const word *w, int t)
{
	uint32_t m = 0;
	for (int j = 0; j < NISS(w); j++) {
		const word *s = SLOT(g, w, t, j);
		if (!S_DONE(s) && ((s[0] >> 22) & 1))
			m |= expr_regs(g->sevs[S_SEV(s)].st->value) | expr_regs(g->sevs[S_SEV(s)].st->expect);
	}
	return m;
}

/* Issue everything thread t can issue now. */
static void issue(struct eng *g, word *S, int t)
{
	word *w = TH(g, S, t);
	word *regs = REGS(g, w, t);
	for (;;) {
		int pc = PC(w), n = NISS(w);
		uint32_t pend = PEND(w);
		if ((unsigned)pc >= g->nr_ins[t])
			return;
		const struct ins *in = &g->ins[t][pc];
		/* An access whose value waits for a pending read is issued anyway, with a
		 * data dependency on that read (its value is computed when it performs);
		 * branches and register assignments wait. A register still to be read by
		 * such a deferred access may not be overwritten (no renaming). */
		uint32_t waiting = in->needs & pend;
		if (waiting && in->op != I_EV)
			return;
		if (in->dst >= 0 && in->dst < MAX_REGS &&
		    ((pend | deferred_regs(g, w, t)) & (1u << in->dst)))
			return;
		switch (in->op) {
		case I_ASSIGN:
			if (in->dst >= 0 && in->dst < MAX_REGS)
				regs[in->dst] = eval(in->e, regs);
			SET0(w, pc + 1, n, pend);
			continue;
		case I_JZ:
			SET0(w, eval(in->e, regs) ? pc + 1 : in->target, n, pend);
			continue;
		case I_JMP:
			SET0(w, in->target, n, pend);
			continue;
		case I_EV:
			break;
		}
		int depth = (int)(w[1] & 0xffff), lk = (int)((w[1] >> 16) & 0xffff);
		for (int k = 0; k < in->nr; k++) {
			int sv = in->first + k;
			const struct sev *se = &g->sevs[sv];
			word *s = SLOT(g, w, t, n);
			uint64_t preds = 0;
			bool held = depth > 0;
			s[0] = (word)((uint64_t)sv | (uint64_t)se->fence << 20 | (uint64_t)held << 21 |
				      (uint64_t)(lk & 0xff) << 24);
			s[1] = 0;
			if (waiting && !se->fence)
				s[0] |= (word)1 << 22;  /* value computed at perform time */
			else if ((se->acc == A_MMIO && se->sym < 0) || se->acc == A_MEM)
				s[1] = se->st->value ? eval(se->st->value, regs) : 0;
			if (!se->fence) {
				/* data dependencies on the pending reads that produce the value */
				for (int j = n - 1; waiting && j >= 0; j--) {
					word *sj = SLOT(g, w, t, j);
					const struct sev *pj = &g->sevs[S_SEV(sj)];
					if (!S_DONE(sj) && pj->dst >= 0 && pj->dst < MAX_REGS &&
					    (waiting & (1u << pj->dst))) {
						preds |= (1ull << j) | (uint64_t)sj[2];
						waiting &= ~(1u << pj->dst);
					}
				}
				waiting = in->needs & pend;
				for (int j = n - 1; j >= 0; j--) {
					word *sj = SLOT(g, w, t, j);
					int a = S_SEV(sj);
					if ((preds >> j) & 1 || g->sevs[a].fence)
						continue;
					unsigned flags = (S_HELD(sj) ? IOM_ORD_F_HELD : 0) |
							 (lk - S_LK(sj) - (g->sevs[a].acc == A_LOCK || g->sevs[a].acc == A_TRYLOCK) > 0
								  ? IOM_ORD_F_LOCK_BETWEEN : 0);
					bool o = pair_ord(g, a, sv, flags);
					for (int f = j + 1; !o && f < n; f++) {
						word *sf = SLOT(g, w, t, f);
						if (g->sevs[S_SEV(sf)].fence)
							o = fence_ord(g, a, S_SEV(sf), sv);
					}
					if (o)
						preds |= (1ull << j) | (uint64_t)sj[2];
				}
			}
			s[2] = (word)preds;
			if (se->acc == A_LOCK || se->acc == A_TRYLOCK) {
				depth++;
				lk++;
			} else if (se->acc == A_UNLOCK && depth > 0) {
				depth--;
			}
			if (!se->fence && se->dst >= 0 && se->dst < MAX_REGS)
				pend |= 1u << se->dst;
			n++;
		}
		w[1] = (word)((uint64_t)depth | (uint64_t)lk << 16);
		SET0(w, pc + 1, n, pend);
	}
}

/* ---- performing --------------------------------------------------------------------------- */

static void run_dstmt(struct eng *g, word *S, int di, const struct iom_lit_dstmt *ds)
{
	switch (ds->kind) {
	case IOM_LIT_D_DMA_READ:
		if (ds->mem >= 0)
			S[g->off_dvar + g->devvar_base[di] + ds->dst] = S[g->off_mem + ds->mem];
		break;
	case IOM_LIT_D_DMA_WRITE:
		if (ds->mem >= 0)
			S[g->off_mem + ds->mem] = ds->value;
		break;
	case IOM_LIT_D_REG_SET: {
		int a = addr_find(g, g->region_dev[ds->region], ds->offset);
		if (a >= 0)
			S[g->off_dreg + a] = ds->value;
		break;
	}
	}
}

/* Perform slot j of thread t; rank is the arrival rank to give a tracked event. */
static void perform(struct eng *g, word *S, int t, int j, word rank)
{
	word *w = TH(g, S, t);
	word *s = SLOT(g, w, t, j);
	const struct sev *se = &g->sevs[S_SEV(s)];
	word *regs = REGS(g, w, t);
	word val = 0;
	bool has_val = false;
	if ((s[0] >> 22) & 1)
		s[1] = se->st->value ? eval(se->st->value, regs) : 0;
	switch (se->acc) {
	case A_MMIO:
		if (se->dead)
			break;
		if (se->oe.op == IOM_ORD_R) {
			val = S[g->off_dreg + se->addr];
			has_val = true;
			if (se->sym >= 0)
				S[g->off_mem + se->sym] = val;
		} else {
			S[g->off_dreg + se->addr] = se->sym >= 0 ? S[g->off_mem + se->sym] : s[1];
		}
		break;
	case A_MEM: {
		word *m = &S[g->off_mem + se->sym];
		if (se->dead)
			break;
		if (se->rmw) {
			val = *m;
			has_val = true;
			if (se->rmw == 1 || *m == eval(se->st->expect, regs))
				*m = s[1];
		} else if (se->oe.op == IOM_ORD_R) {
			val = *m;
			has_val = true;
		} else {
			*m = s[1];
		}
		break;
	}
	case A_LOCK:
		S[g->off_mem + se->sym] = t + 1;
		break;
	case A_TRYLOCK:
		has_val = true;
		val = S[g->off_mem + se->sym] == 0;
		if (val)
			S[g->off_mem + se->sym] = t + 1;
		break;
	case A_UNLOCK:
		S[g->off_mem + se->sym] = 0;
		break;
	case A_NONE:
		break;
	}
	if (has_val && se->dst >= 0 && se->dst < MAX_REGS) {
		regs[se->dst] = val;
		SET0(w, PC(w), NISS(w), PEND(w) & ~(1u << se->dst));
	}
	s[0] = (s[0] & ~((word)1 << 22)) | (word)1 << 20;
	s[1] = 0;
	if (se->track >= 0)
		S[g->off_rank + se->track] = rank;
	for (unsigned k = 0; k < se->nr_trig; k++) {
		int di = se->trig[k] >> 16, idx = se->trig[k] & 0xffff;
		run_dstmt(g, S, di, &g->t->devices[di].stmts[idx]);
	}
}

static bool thread_done(struct eng *g, const word *S, int t)
{
	const word *w = TH(g, S, t);
	if ((unsigned)PC(w) < g->nr_ins[t])
		return false;
	for (int j = 0; j < NISS(w); j++)
		if (!S_DONE(SLOT(g, w, t, j)))
			return false;
	return true;
}

static uint64_t done_mask(struct eng *g, const word *S, int t)
{
	const word *w = TH(g, S, t);
	uint64_t m = 0;
	for (int j = 0; j < NISS(w); j++)
		if (S_DONE(SLOT(g, w, t, j)))
			m |= 1ull << j;
	return m;
}

/* ---- visited set ------------------------------------------------------------------------- */

static uint64_t hash_words(const word *S, unsigned n)
{
	uint64_t h = 1469598103934665603ull;
	for (unsigned i = 0; i < n; i++) {
		h = (h ^ (uint64_t)S[i]) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 32;
	}
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;
	return h ^ (h >> 32);
}

/* Insert S; returns 1 if new, 0 if seen, -1 on error. A table slot holds the arena index
 * and the upper half of the entry's hash, so a probe touches the arena (and compares full
 * states) only when the tags agree, and growing the table never rehashes. */
#define SLOT_EMPTY UINT64_MAX
static int visit(struct eng *g, const word *S)
{
	if (g->nr_visited * 2 >= g->table_cap) {
		size_t nc = g->table_cap ? g->table_cap * 2 : 4096;
		uint64_t *nt = malloc(nc * sizeof(*nt));
		if (!nt)
			return -1;
		memset(nt, 0xff, nc * sizeof(*nt));
		for (size_t i = 0; i < g->table_cap; i++) {
			if (g->table[i] == SLOT_EMPTY)
				continue;
			uint32_t e = (uint32_t)g->table[i];
			size_t p = g->hashes[e] & (nc - 1);
			while (nt[p] != SLOT_EMPTY)
				p = (p + 1) & (nc - 1);
			nt[p] = g->table[i];
		}
		free(g->table);
		g->table = nt;
		g->table_cap = nc;
	}
	word *K = g->key;
	for (unsigned i = 0; i < g->nkey; i++)
		K[i] = S[g->keyidx[i]];
	uint64_t h = hash_words(K, g->nkey);
	uint64_t tag = h & 0xffffffff00000000ull;
	size_t p = h & (g->table_cap - 1);
	while (g->table[p] != SLOT_EMPTY) {
		uint64_t v = g->table[p];
		if ((v & 0xffffffff00000000ull) == tag &&
		    !memcmp(g->arena + (size_t)(uint32_t)v * g->nkey, K, g->nkey * sizeof(word)))
			return 0;
		p = (p + 1) & (g->table_cap - 1);
	}
	if ((g->arena_len + 1) * g->nkey > g->arena_cap) {
		size_t nc = g->arena_cap ? g->arena_cap * 2 : (size_t)g->nkey * 4096;
		word *na = realloc(g->arena, nc * sizeof(word));
		if (!na)
			return -1;
		g->arena = na;
		g->arena_cap = nc;
		uint64_t *nh = realloc(g->hashes, (nc / g->nkey + 1) * sizeof(uint64_t));
		if (!nh)
			return -1;
		g->hashes = nh;
	}
	memcpy(g->arena + g->arena_len * g->nkey, K, g->nkey * sizeof(word));
	g->hashes[g->arena_len] = h;
	g->table[p] = tag | (uint32_t)g->arena_len;
	g->arena_len++;
	g->nr_visited++;
	return 1;
}

/* ---- conditions and outcomes -------------------------------------------------------------- */

static word track_rank(struct eng *g, const word *S, const struct iom_lit_evref *r)
{
	for (unsigned i = 0; i < g->nr_tracks; i++)
		if (g->tracks[i].thread == r->thread && g->tracks[i].st == r->stmt &&
		    g->tracks[i].elem == r->elem)
			return S[g->off_rank + i];
	return 0;
}

static bool cond_eval(struct eng *g, const word *S, const struct iom_lit_cond *c)
{
	word ra, rb;
	if (!c)
		return true;
	switch (c->kind) {
	case IOM_LIT_C_TRUE:
		return true;
	case IOM_LIT_C_AND:
		return cond_eval(g, S, c->a) && cond_eval(g, S, c->b);
	case IOM_LIT_C_OR:
		return cond_eval(g, S, c->a) || cond_eval(g, S, c->b);
	case IOM_LIT_C_NOT:
		return !cond_eval(g, S, c->a);
	case IOM_LIT_C_IMPL:
		return !cond_eval(g, S, c->a) || cond_eval(g, S, c->b);
	case IOM_LIT_C_REG:
		if (c->thread < 0 || (unsigned)c->thread >= g->nr_threads || c->reg < 0 || c->reg >= MAX_REGS)
			return false;
		return REGS(g, TH(g, S, c->thread), c->thread)[c->reg] == c->value;
	case IOM_LIT_C_MEM:
		return c->sym >= 0 && S[g->off_mem + c->sym] == c->value;
	case IOM_LIT_C_DEVREG: {
		int a = addr_find(g, c->dev, c->offset);
		return a >= 0 && S[g->off_dreg + a] == c->value;
	}
	case IOM_LIT_C_DEVVAR: {
		int di = dev_index(g->t, c->dev);
		return di >= 0 && S[g->off_dvar + g->devvar_base[di] + c->reg] == c->value;
	}
	case IOM_LIT_C_IO_BEFORE:
	case IOM_LIT_C_VO_BEFORE:
		ra = track_rank(g, S, &c->e1);
		rb = track_rank(g, S, &c->e2);
		return ra && rb && ra < rb;
	case IOM_LIT_C_COMBINED:
		ra = track_rank(g, S, &c->e1);
		rb = track_rank(g, S, &c->e2);
		return ra && ra == rb;
	}
	return false;
}

struct obs {                     /* what a state line shows, in order */
	bool reg[MAX_THREADS][MAX_REGS];
	bool *mem;
	bool order;
	struct { int dev; uint64_t off; } dregs[64];
	unsigned nr_dregs;
	struct { int dev, var; } dvars[64];
	unsigned nr_dvars;
};

static void obs_collect(const struct iom_lit_cond *c, struct obs *o)
{
	if (!c)
		return;
	switch (c->kind) {
	case IOM_LIT_C_REG:
		if (c->thread >= 0 && c->thread < MAX_THREADS && c->reg >= 0 && c->reg < MAX_REGS)
			o->reg[c->thread][c->reg] = true;
		break;
	case IOM_LIT_C_MEM:
		if (c->sym >= 0)
			o->mem[c->sym] = true;
		break;
	case IOM_LIT_C_DEVREG: {
		unsigned i;
		for (i = 0; i < o->nr_dregs; i++)
			if (o->dregs[i].dev == c->dev && o->dregs[i].off == c->offset)
				break;
		if (i == o->nr_dregs && i < 64) {
			o->dregs[i].dev = c->dev;
			o->dregs[i].off = c->offset;
			o->nr_dregs++;
		}
		break;
	}
	case IOM_LIT_C_DEVVAR: {
		unsigned i;
		for (i = 0; i < o->nr_dvars; i++)
			if (o->dvars[i].dev == c->dev && o->dvars[i].var == c->reg)
				break;
		if (i == o->nr_dvars && i < 64) {
			o->dvars[i].dev = c->dev;
			o->dvars[i].var = c->reg;
			o->nr_dvars++;
		}
		break;
	}
	case IOM_LIT_C_IO_BEFORE:
	case IOM_LIT_C_VO_BEFORE:
	case IOM_LIT_C_COMBINED:
		o->order = true;
		break;
	default:
		break;
	}
	obs_collect(c->a, o);
	obs_collect(c->b, o);
}

static void ev_name(const struct iom_lit_test *t, int thread, const struct iom_lit_stmt *st, int elem,
		    struct iom_buf *b)
{
	(void)t;
	iom_buf_printf(b, "P%d:%s", thread, st && st->label ? st->label : "?");
	if (elem >= 0)
		iom_buf_printf(b, ".%d", elem);
}

/* Record the final state S. Returns 1 if it satisfies the condition, 0 if not, 2 if the
 * filter discards it, -1 on allocation failure. */
static int outcome(struct eng *g, const word *S, struct obs *o)
{
	const struct iom_lit_test *t = g->t;
	if (!cond_eval(g, S, t->filter))
		return 2;  /* discarded by the filter */
	struct iom_buf b;
	iom_buf_init(&b);
	for (unsigned th = 0; th < g->nr_threads; th++)
		for (unsigned r = 0; r < g->nr_regs[th] && r < MAX_REGS; r++)
			if (o->reg[th][r])
				iom_buf_printf(&b, "%u:%s=%" PRId64 "; ", th, t->threads[th].regs[r],
					       REGS(g, TH(g, S, th), th)[r]);
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (o->mem[i])
			iom_buf_printf(&b, "%s=%" PRId64 "; ", t->syms[i].name, S[g->off_mem + i]);
	for (unsigned i = 0; i < o->nr_dregs; i++) {
		int a = addr_find(g, o->dregs[i].dev, o->dregs[i].off);
		iom_buf_printf(&b, "dev%d[0x%" PRIx64 "]=%" PRId64 "; ", o->dregs[i].dev, o->dregs[i].off,
			       a >= 0 ? S[g->off_dreg + a] : 0);
	}
	for (unsigned i = 0; i < o->nr_dvars; i++) {
		int di = dev_index(t, o->dvars[i].dev);
		iom_buf_printf(&b, "dev%d:%s=%" PRId64 "; ", o->dvars[i].dev,
			       di >= 0 ? t->devices[di].vars[o->dvars[i].var] : "?",
			       di >= 0 ? S[g->off_dvar + g->devvar_base[di] + o->dvars[i].var] : 0);
	}
	if (o->order) {
		word maxr = S[g->off_next];
		bool first = true;
		iom_buf_puts(&b, "io:[");
		for (word r = 1; r <= maxr; r++) {
			bool any = false;
			for (unsigned k = 0; k < g->nr_tracks; k++) {
				if (S[g->off_rank + k] != r)
					continue;
				iom_buf_puts(&b, any ? "+" : first ? "" : ";");
				ev_name(t, g->tracks[k].thread, g->tracks[k].st, g->tracks[k].elem, &b);
				any = true;
				first = false;
			}
		}
		iom_buf_puts(&b, "]; ");
	}
	if (b.oom) {
		iom_buf_release(&b);
		return -1;
	}
	if (b.len && b.s[b.len - 1] == ' ')
		b.s[--b.len] = 0;
	const char *str = iom_buf_str(&b);
	bool pos = cond_eval(g, S, t->cond);
	/* binary search insert */
	unsigned lo = 0, hi = g->nr_outs;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		int c = strcmp(g->outs[mid], str);
		if (!c) {
			iom_buf_release(&b);
			return pos;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	char **no = grow(g->outs, &g->cap_outs, g->nr_outs + 1, sizeof(*no));
	if (!no) {
		iom_buf_release(&b);
		return -1;
	}
	g->outs = no;
	unsigned cap2 = g->cap_outs;
	bool *np = realloc(g->outpos, cap2 * sizeof(bool));
	if (!np) {
		iom_buf_release(&b);
		return -1;
	}
	g->outpos = np;
	memmove(&g->outs[lo + 1], &g->outs[lo], (g->nr_outs - lo) * sizeof(char *));
	memmove(&g->outpos[lo + 1], &g->outpos[lo], (g->nr_outs - lo) * sizeof(bool));
	g->outs[lo] = b.s ? b.s : strdup("");
	g->outpos[lo] = pos;
	g->nr_outs++;
	return pos;
}

/* ---- search --------------------------------------------------------------------------------- */

enum { M_EV, M_COMB, M_DEV };

static word *frame(struct eng *g, unsigned depth)
{
	if (depth >= g->stack_cap) {
		unsigned nc = g->stack_cap ? g->stack_cap * 2 : 64;
		word **ns = realloc(g->stack, nc * sizeof(*ns));
		if (!ns)
			return NULL;
		for (unsigned i = g->stack_cap; i < nc; i++)
			ns[i] = NULL;
		g->stack = ns;
		g->stack_cap = nc;
		struct move *np = realloc(g->path, nc * sizeof(*np));
		if (!np)
			return NULL;
		g->path = np;
		g->path_cap = nc;
	}
	if (!g->stack[depth])
		g->stack[depth] = malloc(g->nwords * sizeof(word));
	return g->stack[depth];
}

static void issue_all(struct eng *g, word *S)
{
	for (unsigned t = 0; t < g->nr_threads; t++)
		issue(g, S, (int)t);
}

static int dfs(struct eng *g, unsigned depth, struct obs *o);

static int step(struct eng *g, unsigned depth, const word *S, struct move m, struct obs *o)
{
	word *N = frame(g, depth + 1);
	if (!N)
		return -IOM_ENOMEM;
	memcpy(N, S, g->nwords * sizeof(word));
	g->path[depth] = m;
	if (m.kind == M_DEV) {
		const struct dstmt_ref *r = &g->prog[g->dev_prog_first[m.thread] + m.a];
		run_dstmt(g, N, r->dev, r->ds);
		N[g->off_dpc + m.thread]++;
	} else {
		word rank = 0;
		const struct sev *sa = &g->sevs[S_SEV(SLOT(g, TH(g, N, m.thread), m.thread, m.a))];
		bool tracked = sa->track >= 0;
		if (m.kind == M_COMB)
			tracked |= g->sevs[S_SEV(SLOT(g, TH(g, N, m.thread), m.thread, m.b))].track >= 0;
		if (tracked)
			rank = ++N[g->off_next];
		perform(g, N, m.thread, m.a, rank);
		if (m.kind == M_COMB)
			perform(g, N, m.thread, m.b, rank);
	}
	issue_all(g, N);
	return dfs(g, depth + 1, o);
}

static bool combinable(struct eng *g, const word *w, int t, int a, int b, uint64_t done)
{
	const word *sa = SLOT(g, w, t, a), *sb = SLOT(g, w, t, b);
	const struct sev *ea = &g->sevs[S_SEV(sa)], *eb = &g->sevs[S_SEV(sb)];
	if (!eb->wc_write || S_DONE(sb) || eb->oe.dev != ea->oe.dev)
		return false;
	if ((uint64_t)sb[2] & ~(done | 1ull << a))
		return false;
	bool sameaddr = ea->oe.off == eb->oe.off;
	if (((uint64_t)sb[2] >> a & 1) && !sameaddr)
		return false;
	for (int k = a + 1; k <= b; k++)
		if (g->sevs[S_SEV(SLOT(g, w, t, k))].flush)
			return false;
	return true;
}

static int dfs(struct eng *g, unsigned depth, struct obs *o)
{
	word *S = g->stack[depth];
	int r = visit(g, S);
	if (r <= 0)
		return r < 0 ? -IOM_ENOMEM : 0;
	if (g->nr_visited > g->max_states)
		return -IOM_ELIMIT;
	/* private accesses first, alone (see mark_private) */
	for (unsigned t = 0; t < g->nr_threads; t++) {
		const word *w = TH(g, S, t);
		uint64_t done = done_mask(g, S, (int)t);
		for (int j = 0; j < NISS(w); j++) {
			const word *s = SLOT(g, w, t, j);
			if (S_DONE(s) || ((uint64_t)s[2] & ~done) || !g->sevs[S_SEV(s)].private_)
				continue;
			struct move m = { M_EV, (int)t, j, -1 };
			return step(g, depth, S, m, o);
		}
	}
	bool any = false;
	for (unsigned t = 0; t < g->nr_threads; t++) {
		const word *w = TH(g, S, t);
		uint64_t done = done_mask(g, S, (int)t);
		for (int j = 0; j < NISS(w); j++) {
			const word *s = SLOT(g, w, t, j);
			if (S_DONE(s) || ((uint64_t)s[2] & ~done))
				continue;
			const struct sev *se = &g->sevs[S_SEV(s)];
			if (se->acc == A_LOCK && S[g->off_mem + se->sym] != 0)
				continue;
			any = true;
			struct move m = { M_EV, (int)t, j, -1 };
			if ((r = step(g, depth, S, m, o)) < 0)
				return r;
			if (se->wc_write)
				for (int k = j + 1; k < NISS(w); k++)
					if (combinable(g, w, (int)t, j, k, done)) {
						struct move mc = { M_COMB, (int)t, j, k };
						if ((r = step(g, depth, S, mc, o)) < 0)
							return r;
					}
		}
	}
	for (unsigned di = 0; di < g->nr_devs; di++) {
		word pc = S[g->off_dpc + di];
		if (pc < g->dev_prog_nr[di]) {
			any = true;
			struct move m = { M_DEV, (int)di, (int)pc, -1 };
			if ((r = step(g, depth, S, m, o)) < 0)
				return r;
		}
	}
	if (any)
		return 0;
	for (unsigned t = 0; t < g->nr_threads; t++)
		if (!thread_done(g, S, (int)t))
			return 0;  /* deadlock: not an execution */
	g->executions++;
	r = outcome(g, S, o);
	if (r < 0)
		return -IOM_ENOMEM;
	if (r == 2)
		return 0;
	if (g->want_witness && (!g->have_witness || (r > 0 && !g->wpositive))) {
		struct move *p = realloc(g->wpath, (depth + 1) * sizeof(*p));
		word *f = g->wfinal ? g->wfinal : malloc(g->nwords * sizeof(word));
		if (!p || !f) {
			free(p);
			return -IOM_ENOMEM;
		}
		memcpy(p, g->path, depth * sizeof(*p));
		memcpy(f, S, g->nwords * sizeof(word));
		g->wpath = p;
		g->wpath_len = depth;
		g->wfinal = f;
		g->wpositive = r > 0;
		g->have_witness = true;
	}
	return 0;
}

/* ---- DOT ----------------------------------------------------------------------------------- */

static void dot_label(struct eng *g, const word *w, int t, int j, struct iom_buf *b)
{
	const word *s = SLOT(g, w, t, j);
	const struct sev *se = &g->sevs[S_SEV(s)];
	const struct iom_lit_stmt *st = se->st;
	if (st->label)
		iom_buf_printf(b, "%s", st->label);
	else
		iom_buf_printf(b, "#%d", st->id);
	if (se->elem_total > 1)
		iom_buf_printf(b, ".%d", se->elem);
	iom_buf_printf(b, ": %s", iom_lit_prim_name(st->prim));
	if (se->acc == A_MMIO)
		iom_buf_printf(b, " dev%d+0x%" PRIx64, se->oe.dev, se->oe.off);
	else if (se->sym >= 0)
		iom_buf_printf(b, " %s", g->t->syms[se->sym].name);
}

static char *render_dot(struct eng *g)
{
	struct iom_buf b;
	const word *S = g->wfinal;
	iom_buf_init(&b);
	iom_buf_printf(&b, "digraph \"%s\" {\n", g->t->name ? g->t->name : "litmus");
	iom_buf_printf(&b, "\tlabel=\"%s %s: %s\";\n\tnode [shape=box];\n",
		       g->t->name ? g->t->name : "", iom_arch_name(g->ctx.arch),
		       g->wpositive ? "witness execution (the condition holds)"
				    : "an execution (no execution satisfies the condition)");
	for (unsigned t = 0; t < g->nr_threads; t++) {
		const word *w = TH(g, S, t);
		iom_buf_printf(&b, "\tsubgraph cluster_P%u {\n\t\tlabel=\"P%u\";\n", t, t);
		for (int j = 0; j < NISS(w); j++) {
			if (g->sevs[S_SEV(SLOT(g, w, t, j))].fence) {
				iom_buf_printf(&b, "\t\te%u_%d [shape=plaintext,label=\"", t, j);
				dot_label(g, w, (int)t, j, &b);
				iom_buf_puts(&b, "\"];\n");
				continue;
			}
			iom_buf_printf(&b, "\t\te%u_%d [label=\"", t, j);
			dot_label(g, w, (int)t, j, &b);
			iom_buf_puts(&b, "\"];\n");
		}
		iom_buf_puts(&b, "\t}\n");
		for (int j = 0; j + 1 < NISS(w); j++)
			iom_buf_printf(&b, "\te%u_%d -> e%u_%d [style=dashed,color=gray,label=\"po\"];\n", t, j, t, j + 1);
		/* preserved program order: direct edges (transitive reduction) */
		for (int j = 0; j < NISS(w); j++) {
			uint64_t p = (uint64_t)SLOT(g, w, t, j)[2];
			for (int i = 0; i < j; i++) {
				if (!(p >> i & 1))
					continue;
				bool implied = false;
				for (int k = i + 1; k < j && !implied; k++)
					implied = (p >> k & 1) && ((uint64_t)SLOT(g, w, t, k)[2] >> i & 1);
				if (!implied)
					iom_buf_printf(&b, "\te%u_%d -> e%u_%d [color=blue,label=\"ppo\"];\n", t, i, t, j);
			}
		}
	}
	/* arrival order per device and lock handover, from the recorded path */
	int last_dev[64], last_lock_t[256], last_lock_j[256];
	int last_dev_t[64];
	for (int i = 0; i < 64; i++)
		last_dev[i] = -1, last_dev_t[i] = -1;
	for (int i = 0; i < 256; i++)
		last_lock_t[i] = -1, last_lock_j[i] = -1;
	for (unsigned k = 0; k < g->wpath_len; k++) {
		const struct move *m = &g->wpath[k];
		if (m->kind == M_DEV)
			continue;
		for (int which = 0; which < (m->kind == M_COMB ? 2 : 1); which++) {
			int j = which ? m->b : m->a, t = m->thread;
			const struct sev *se = &g->sevs[S_SEV(SLOT(g, TH(g, S, t), t, j))];
			if (se->acc == A_MMIO && se->oe.dev >= 0 && se->oe.dev < 64) {
				int d = se->oe.dev;
				if (last_dev[d] >= 0)
					iom_buf_printf(&b, "\te%d_%d -> e%d_%d [color=red,label=\"dev%d%s\"];\n",
						       last_dev_t[d], last_dev[d], t, j, d,
						       which ? " combined" : "");
				last_dev[d] = j;
				last_dev_t[d] = t;
			}
			if (se->sym >= 0 && se->sym < 256 && se->acc == A_UNLOCK) {
				last_lock_t[se->sym] = t;
				last_lock_j[se->sym] = j;
			}
			if (se->sym >= 0 && se->sym < 256 && (se->acc == A_LOCK || se->acc == A_TRYLOCK) &&
			    last_lock_t[se->sym] >= 0 && last_lock_t[se->sym] != t)
				iom_buf_printf(&b, "\te%d_%d -> e%d_%d [color=darkgreen,label=\"handover\"];\n",
					       last_lock_t[se->sym], last_lock_j[se->sym], t, j);
		}
	}
	iom_buf_puts(&b, "}\n");
	if (b.oom) {
		iom_buf_release(&b);
		return NULL;
	}
	return b.s;
}

/* ---- API ------------------------------------------------------------------------------------ */

static void eng_release(struct eng *g)
{
	for (unsigned i = 0; i < g->nr_sevs; i++)
		free(g->sevs[i].trig);
	free(g->sevs);
	for (unsigned i = 0; i < MAX_THREADS; i++)
		free(g->ins[i]);
	free(g->addrs);
	free(g->prog);
	free(g->pcache);
	free(g->fcache);
	free(g->arena);
	free(g->hashes);
	free(g->keyidx);
	free(g->key);
	free(g->table);
	for (unsigned i = 0; i < g->nr_outs; i++)
		free(g->outs[i]);
	free(g->outs);
	free(g->outpos);
	for (unsigned i = 0; i < g->stack_cap; i++)
		free(g->stack[i]);
	free(g->stack);
	free(g->path);
	free(g->wpath);
	free(g->wfinal);
}

int iom_explore_run(const struct iom_lit_test *t, const struct iom_explore_opts *o,
		    struct iom_explore_result **out, struct iom_diag *d)
{
	struct eng g;
	const char *why;
	char v[16];
	int r;
	*out = NULL;
	memset(&g, 0, sizeof(g));
	g.t = t;
	g.d = d;
	g.ctx.arch = o->arch;
	g.ctx.model = o->model;
	g.ctx.kver = o->kver;
	g.ctx.flip = o->flip_rule;
	g.max_states = o->max_states ? o->max_states : DEFAULT_MAX_STATES;
	g.want_witness = o->witness;
	if (!iom_ord_supported(&g.ctx, &why)) {
		iom_diag_set(d, IOM_EINVAL, t->file, 0, 0, "model %s on %s: %s",
			     iom_lit_model_name(o->model), iom_arch_name(o->arch), why);
		return -IOM_EINVAL;
	}
	if (!o->kver) {
		iom_diag_set(d, IOM_EINVAL, t->file, 0, 0, "no kernel version given");
		return -IOM_EINVAL;
	}
	if ((r = iom_lit_test_check(t, o->arch, o->kver, d)) < 0)
		return r;
	if ((r = compile(&g)) < 0) {
		if (r == -IOM_ENOMEM)
			iom_diag_set(d, IOM_ENOMEM, t->file, 0, 0, "out of memory");
		eng_release(&g);
		return r;
	}
	struct obs ob;
	memset(&ob, 0, sizeof(ob));
	ob.mem = calloc(t->nr_syms + 1, sizeof(bool));
	word *S = frame(&g, 0);
	if (!ob.mem || !S) {
		free(ob.mem);
		eng_release(&g);
		iom_diag_set(d, IOM_ENOMEM, t->file, 0, 0, "out of memory");
		return -IOM_ENOMEM;
	}
	obs_collect(t->filter, &ob);
	obs_collect(t->cond, &ob);
	for (unsigned i = 0; i < t->nr_locations; i++)
		if (t->locations[i] >= 0 && (unsigned)t->locations[i] < t->nr_syms &&
		    t->syms[t->locations[i]].kind == IOM_LIT_SYM_VAR)
			ob.mem[t->locations[i]] = true;
	memset(S, 0, g.nwords * sizeof(word));
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (t->syms[i].kind == IOM_LIT_SYM_VAR)
			S[g.off_mem + i] = t->syms[i].init_ref >= 0 ? 0x10000 + t->syms[i].init_ref : t->syms[i].init;
	issue_all(&g, S);
	r = dfs(&g, 0, &ob);
	free(ob.mem);
	if (r < 0) {
		if (r == -IOM_ELIMIT)
			iom_diag_set(d, IOM_ELIMIT, t->file, 0, 0,
				     "state limit reached on %s v%s (%s model): more than %lu states; "
				     "raise --max-states or shrink the test",
				     iom_arch_name(o->arch), iom_kver_str(o->kver, v, sizeof(v)),
				     iom_lit_model_name(o->model), g.max_states);
		else
			iom_diag_set(d, IOM_ENOMEM, t->file, 0, 0, "out of memory");
		eng_release(&g);
		return r;
	}
	struct iom_explore_result *res = calloc(1, sizeof(*res));
	if (!res) {
		eng_release(&g);
		return -IOM_ENOMEM;
	}
	res->states = g.outs;
	res->positive = g.outpos;
	res->nr_states = g.nr_outs;
	g.outs = NULL;
	g.outpos = NULL;
	g.nr_outs = 0;
	for (unsigned i = 0; i < res->nr_states; i++)
		if (res->positive[i])
			res->pos++;
		else
			res->neg++;
	res->quant = t->quant;
	switch (t->quant) {
	case IOM_LIT_Q_EXISTS:
		res->ok = res->pos > 0;
		break;
	case IOM_LIT_Q_NOT_EXISTS: {
		unsigned p = res->pos;
		res->ok = p == 0;
		res->pos = res->neg;  /* herd7 swaps the counts for ~exists */
		res->neg = p;
		break;
	}
	case IOM_LIT_Q_FORALL:
		res->ok = res->neg == 0;
		break;
	}
	{
		unsigned p = 0, n = 0;
		for (unsigned i = 0; i < res->nr_states; i++)
			res->positive[i] ? p++ : n++;
		res->verdict = !p ? IOM_LIT_V_NEVER : !n ? IOM_LIT_V_ALWAYS : IOM_LIT_V_SOMETIMES;
	}
	res->visited = g.nr_visited;
	res->executions = g.executions;
	if (g.want_witness && g.have_witness)
		res->dot = render_dot(&g);
	eng_release(&g);
	*out = res;
	return 0;
}

void iom_explore_result_free(struct iom_explore_result *r)
{
	if (!r)
		return;
	for (unsigned i = 0; i < r->nr_states; i++)
		free(r->states[i]);
	free(r->states);
	free(r->positive);
	free(r->dot);
	free(r);
}

unsigned iom_explore_nr_states(const struct iom_explore_result *r) { return r->nr_states; }
const char *iom_explore_state(const struct iom_explore_result *r, unsigned i)
{
	return i < r->nr_states ? r->states[i] : NULL;
}
bool iom_explore_state_positive(const struct iom_explore_result *r, unsigned i)
{
	return i < r->nr_states && r->positive[i];
}
unsigned iom_explore_positive(const struct iom_explore_result *r) { return r->pos; }
unsigned iom_explore_negative(const struct iom_explore_result *r) { return r->neg; }
bool iom_explore_ok(const struct iom_explore_result *r) { return r->ok; }
enum iom_lit_verdict iom_explore_verdict(const struct iom_explore_result *r) { return r->verdict; }
unsigned long iom_explore_nr_visited(const struct iom_explore_result *r) { return r->visited; }
unsigned long iom_explore_nr_executions(const struct iom_explore_result *r) { return r->executions; }

void iom_explore_render(const struct iom_lit_test *t, const struct iom_explore_result *r,
			struct iom_buf *b)
{
	static const char *const kind[] = { "Allowed", "Forbidden", "Required" };
	const char *name = t->name ? t->name : "?";
	iom_buf_printf(b, "Test %s %s\n", name, kind[r->quant]);
	iom_buf_printf(b, "States %u\n", r->nr_states);
	for (unsigned i = 0; i < r->nr_states; i++)
		iom_buf_printf(b, "%s\n", r->states[i]);
	iom_buf_printf(b, "%s\nWitnesses\nPositive: %u Negative: %u\n", r->ok ? "Ok" : "No", r->pos, r->neg);
	iom_buf_puts(b, "Condition ");
	iom_lit_print_cond(t, t->quant, t->cond, b);
	iom_buf_printf(b, "\nObservation %s %s %u %u\n", name, iom_lit_verdict_name(r->verdict), r->pos, r->neg);
}

void iom_explore_render_dot(const struct iom_lit_test *t, const struct iom_explore_result *r,
			    struct iom_buf *b)
{
	if (r->dot)
		iom_buf_puts(b, r->dot);
	else
		iom_buf_printf(b, "digraph \"%s\" {\n\tlabel=\"no complete execution\";\n}\n",
			       t->name ? t->name : "litmus");
}
