/* SPDX-License-Identifier: MIT */
/* iomodel -- LKMM engine internals shared by the layers (events, rel, search, report).
 * An event record carries what the LKMM needs (kind, tags, location, value, thread, po
 * index) and room for MMIO (device, region, offset, region class) so that the MMIO model
 * can run on the same executions. */
#ifndef IOMODEL_LKMM_INT_H
#define IOMODEL_LKMM_INT_H

#include <stdbool.h>
#include <stdint.h>
#include "iomodel/lkmm.h"
#include "iomodel/order.h"

/* ---- limits ---------------------------------------------------------------------------- */
#define LK_MAXEV 256            /* events in one execution (IW included)               */
#define LK_W 4                  /* 64-bit words per bit row: LK_MAXEV / 64             */
#define LK_MAXTEV 64            /* events in one thread path                           */
#define LK_MAXTHR 128          /* CPU and device threads (at least 128: tests/unit/t-lkmm-limits.c)      */
#define LK_MAXREG 64
#define LK_MAXTRACK 12          /* MMIO: events a condition orders                     */
#define LK_MAXCOMB 32           /* MMIO: pairs of them that may combine               */
#define LK_MAXLOC 200           /* locations (array elements count one each)          */

/* ---- values ----------------------------------------------------------------------------
 * Integers, and pointers to a shared name encoded above LK_PTR_BASE (herd7 prints them
 * as the name). */
#define LK_PTR_BASE ((int64_t)1 << 48)
#define LK_PTR_ELEM_BITS 20
static inline bool lk_is_ptr(int64_t v) { return v >= LK_PTR_BASE && v < 2 * LK_PTR_BASE; }
static inline int64_t lk_ptr_at(int sym, int64_t elem)
{
	return LK_PTR_BASE + ((int64_t)sym << LK_PTR_ELEM_BITS) + elem;
}
static inline int64_t lk_ptr(int sym) { return lk_ptr_at(sym, 0); }
static inline int lk_ptr_sym(int64_t v) { return (int)((v - LK_PTR_BASE) >> LK_PTR_ELEM_BITS); }
static inline int64_t lk_ptr_elem(int64_t v)
{
	return (v - LK_PTR_BASE) & (((int64_t)1 << LK_PTR_ELEM_BITS) - 1);
}

/* AArch64: a code address that a label names (BL's link, ADR), above the pointers: the
 * thread and the instruction index; herd7 prints it as the label, "0:L0". A code address
 * no label names is an integer for herd7: (thread + 1) * 10000 + 4 * instruction number
 * (herd7 7.57 prints 0:X30=10004 after P0's first instruction is a BL). */
#define LK_CODE_BASE (2 * LK_PTR_BASE)
static inline bool lk_is_code(int64_t v)
{
	return v >= LK_CODE_BASE && v < LK_CODE_BASE + ((int64_t)LK_MAXTHR << 20);
}
static inline int64_t lk_code(int tid, int idx)
{
	return LK_CODE_BASE + ((int64_t)tid << 20) + idx;
}
static inline int lk_code_tid(int64_t v) { return (int)((v - LK_CODE_BASE) >> 20); }
static inline int lk_code_idx(int64_t v) { return (int)((v - LK_CODE_BASE) & ((1 << 20) - 1)); }

/* A value herd7 leaves symbolic: a cycle of pure copies through rf (out of thin air) that
 * its solver unifies but never evaluates; herd7 keeps such a candidate and prints the value
 * as a fresh symbol (S16, ...). Any computation on it, a test of it, or an address made of
 * it is an equation herd7 cannot solve, and the candidate is dropped. */
#define LK_SYMB (INT64_MIN + 1)

/* ---- events ---------------------------------------------------------------------------- */
enum lk_kind {
	LK_EV_R,        /* memory read (M, R)                                          */
	LK_EV_W,        /* memory write (M, W); IW are W with LK_T_IW                   */
	LK_EV_F,        /* fence (F)                                                   */
	LK_EV_LKR,      /* lock.cat LKR                                                */
	LK_EV_LKW,      /* lock.cat LKW                                                */
	LK_EV_UL,       /* lock.cat UL                                                 */
	LK_EV_LF,       /* lock.cat LF                                                 */
	LK_EV_RL,       /* lock.cat RL                                                 */
	LK_EV_RU,       /* lock.cat RU                                                 */
	LK_EV_SRCU,     /* SRCU[sync-srcu] (linux-kernel.bell l.39-40), has a location  */
};

/* Tags: the annotations of linux-kernel.bell (l.16-40) plus herd7's classes. */
enum {
	LK_T_ONCE = 1u << 0, LK_T_ACQUIRE = 1u << 1, LK_T_RELEASE = 1u << 2,
	LK_T_NORETURN = 1u << 3,
	LK_T_MB = 1u << 4, LK_T_RMB = 1u << 5, LK_T_WMB = 1u << 6, LK_T_BARRIER = 1u << 7,
	LK_T_RCU_LOCK = 1u << 8, LK_T_RCU_UNLOCK = 1u << 9, LK_T_SYNC_RCU = 1u << 10,
	LK_T_BEFORE_ATOMIC = 1u << 11, LK_T_AFTER_ATOMIC = 1u << 12,
	LK_T_AFTER_SPINLOCK = 1u << 13, LK_T_AFTER_UNLOCK_LOCK = 1u << 14,
	LK_T_AFTER_SRCU_READ_UNLOCK = 1u << 15,
	LK_T_SRCU_LOCK = 1u << 16, LK_T_SRCU_UNLOCK = 1u << 17, LK_T_SYNC_SRCU = 1u << 18,
	LK_T_ATOMIC = 1u << 19,     /* herd7's RMW set: an access made by an atomic op    */
	LK_T_IW = 1u << 20,         /* initial write                                       */
	LK_T_PLAIN_SRC = 1u << 21,  /* access written without a marking (plain C)          */
	/* MMIO (docs/ordering.md §10). LK_T_IO: an access to a device register (a location
	 * of its own, lt->reg_dev >= 0), or a barrier only the ordering rules know; such an
	 * event is not an LKMM event: the model runs on the test without them. LK_T_DEV: an
	 * event of a device block (DMA access, reg_set), made by a device thread. */
	LK_T_IO = 1u << 22,
	LK_T_DEV = 1u << 23,
	/* an LKMM fence an accessor contains (tables/io_lkmm_fences.def); not a rule event */
	LK_T_IMPLIED = 1u << 24,
};

struct lk_ev {
	uint8_t kind;               /* enum lk_kind                                        */
	uint32_t tags;
	int loc;                    /* sym index; -1 for fences                            */
	int64_t val;
	int tid;                    /* thread; -1 for IW                                   */
	int poi;                    /* index in the thread's path                          */
	int stmt;                   /* statement id in the thread (-1 for IW)              */
	int grp;                    /* statement group: one source statement (iico, not po) */
	int line, col;              /* source position                                     */
	/* MMIO: device, region sym, offset, region class (IOM_ORD_UC/WC), the primitive
	 * and the element of a bulk access; unused by the LKMM.                           */
	int dev, region;
	uint64_t offset;
	int rclass;
	int prim;                   /* enum iom_lit_prim; -1 for IW and device events      */
	uint8_t size;               /* AArch64: an access's size in bytes (0 otherwise)    */
	int elem;
};

/* ---- bit rows -------------------------------------------------------------------------- */
typedef struct { uint64_t w[LK_W]; } lk_set;
typedef struct { lk_set r[LK_MAXEV]; } lk_rel;

/* ---- one thread path (events layer output) -------------------------------------------- */
struct lk_path {
	int nev;
	struct lk_ev ev[LK_MAXTEV];
	uint64_t addr[LK_MAXTEV], data[LK_MAXTEV], ctrl[LK_MAXTEV]; /* rows: local bits   */
	uint64_t rmw[LK_MAXTEV];
	uint64_t ioppo[LK_MAXTEV];  /* MMIO: the rules' preserved program order, closed    */
	uint64_t glue[LK_MAXTEV];   /* MMIO: events performed as one (bulk element + buffer) */
	uint64_t ioflush;           /* MMIO: events a FLUSH row says end write-combining  */
	uint64_t vdep[LK_MAXTEV];   /* reads whose values this event's value needs         */
	uint64_t adep[LK_MAXTEV];   /* reads whose values this event's address needs       */
	uint64_t iico_later[LK_MAXTEV]; /* same-statement events after it (rf exclusion)  */
	int64_t regs[LK_MAXREG];
	bool regset[LK_MAXREG];
	bool loop;                  /* cut by the unroll bound                             */
	/* AArch64 (aarch64deps.cat): pick-basic-dep, pick-ctrl-dep and pick-addr-dep from a
	 * read, rows over the path's events; zero for the LKMM */
	uint64_t pick[LK_MAXTEV], pctrl[LK_MAXTEV], paddr[LK_MAXTEV];
	/* AArch64 under variant deps: po is a forest (event.ml inst_code_comp_spec: both arms
	 * of a branch follow what precedes it, neither follows the other). posucc[i]: the
	 * events of other instructions po-after event i; used when forest is set */
	bool forest;
	uint64_t posucc[LK_MAXTEV];
};

struct lk_paths {
	struct lk_path *v;
	unsigned n, cap;
};

/* The test as the engine sees it. */
struct lk_test {
	const struct iom_lit_test *t;
	const struct lk_model_ops *model;  /* the model the search and the report ask     */
	unsigned nthr;
	struct lk_paths paths[LK_MAXTHR];
	unsigned long path_budget;  /* program steps per thread when building paths; 0: 1 M */
	int nloc;                   /* locations: one per scalar sym, one per array element;
				     * every location gets an IW                           */
	int loc_base[LK_MAXLOC];    /* sym -> its first location                          */
	int loc_sym[LK_MAXLOC], loc_elem[LK_MAXLOC];
	int loc_off[LK_MAXLOC];     /* pointer-arithmetic location sym+off (herd7 keeps it
				     * apart from the array element a[off]); 0 otherwise   */
	int64_t loc_init[LK_MAXLOC];
	bool is_lock[LK_MAXLOC];    /* lock location                                      */
	bool observed[LK_MAXLOC];   /* location named in condition/locations/filter       */
	unsigned unroll;
	/* MMIO */
	bool mmio;
	unsigned ncpu;              /* threads 0..ncpu-1 are CPUs, the rest device threads */
	struct iom_ord_ctx ctx;
	unsigned rcls[LK_MAXLOC];   /* region sym -> IOM_ORD_UC / IOM_ORD_WC               */
	int reg_dev[LK_MAXLOC];     /* location -> device of a register location, or -1   */
	uint64_t reg_off[LK_MAXLOC];
	const struct iom_lit_device *dthr_dev[LK_MAXTHR]; /* device thread -> its block    */
	int dthr_first[LK_MAXTHR], dthr_n[LK_MAXTHR];     /* its statements               */
	bool dthr_trig[LK_MAXTHR];  /* a reaction (on PN:x), glued to that event           */
	/* events the condition or filter orders (<io, <vo, combined): lib/lkmm/io */
	int ntrack;
	struct { int thread, stmt, elem; const char *label; } track[LK_MAXTRACK];
	int ncomb;
	int comb[LK_MAXCOMB][2];    /* pairs that may combine: indices in track[]          */
	bool io_print;              /* states show io:[...]                                */
	bool has_plain, has_rcu, has_srcu, has_lock;
	bool loop_cut;              /* a path was cut by the unroll bound (herd7 "Loop") */
	bool aarch64;               /* an AArch64 test: paths from events/aarch64.c, the
				     * model aarch64.cat (rel/aarch64cat.c)               */
	bool a64_deps;              /* herd7's variant deps: speculated arms (LK_A64_SPEC)  */
};

/* ---- AArch64 event tags (herd's annotations and barrier sets, aarch64fences.cat) ------ */
enum {
	LK_A64_A = 1u << 0, LK_A64_Q = 1u << 1, LK_A64_L = 1u << 2, LK_A64_X = 1u << 3,
	LK_A64_NORET = 1u << 4,
	LK_A64_AMO = 1u << 5,       /* R or W of SWP/LD<op> (amo)                         */
	LK_A64_DMB_FULL = 1u << 6, LK_A64_DMB_LD = 1u << 7, LK_A64_DMB_ST = 1u << 8,
	LK_A64_DSB_FULL = 1u << 9, LK_A64_DSB_LD = 1u << 10, LK_A64_DSB_ST = 1u << 11,
	LK_A64_ISB = 1u << 12,
	LK_A64_SHARE = 1u << 13,    /* a barrier with a shareability option (ISH, OSH)    */
	LK_A64_SCA = 1u << 14,      /* one of the two accesses of an LDXP or STXP: one
				     * single-copy-atomic access (eventsMonad.ml para_atomic) */
	/* herd7's variant deps: an event of the arm a conditional branch did not take, run
	 * speculatively (a "ghost": eventsMonad.ml speculT, event.ml speculated). It reads
	 * any write of its location or none, its value unknown; a non-speculated read
	 * never reads from it (mem.ml check_speculation); the final state ignores it. */
	LK_A64_SPEC = 1u << 15,
};
int lk_a64_events_build(struct lk_test *lt, struct iom_diag *d);

/* events layer */
int lk_events_build(struct lk_test *lt, struct iom_diag *d);
void lk_events_free(struct lk_test *lt);
/* room for one more path at the end of o (events/events.c); NULL when out of memory */
struct lk_path *lk_paths_add(struct lk_paths *o);

/* One candidate execution, as the rel layer evaluates it. */
struct lk_exec {
	int n;
	struct lk_ev ev[LK_MAXEV];
	int rf[LK_MAXEV];           /* rf source of each read (R, LF, RL, RU, LKR); -1    */
	lk_rel po, addr, data, ctrl, rmw, co; /* co: over W|LKW, IW first (not UL)        */
	lk_rel pick, pctrl, paddr;  /* AArch64 only (lk_path's rows)                      */
	int nthr;
	bool co_closed;             /* co is transitive (the search's orders are): lock.cat's
				     * co+ of l.144 is co itself when there is no critical */
	bool coherent;              /* po-loc | rf | co | fr is acyclic (linux-kernel.cat
				     * l.70): every location's co respects the must-before
				     * orders of lk_co_constraints(), which the search ensures
				     * for memory without locks (search.c combo()) */
};

/* rel layer: evaluate the model. Returns IOM_LKMM_AX_NONE when every check passes, or
 * the first failing check; *flags gets the flag bits (1u << enum iom_lkmm_flag). */
struct lk_model;
struct lk_model *lk_model_new(void);
void lk_model_free(struct lk_model *m);
int lk_model_check(struct lk_model *m, const struct lk_exec *x, const bool *observed,
		   uint32_t *flags);
/* After lk_model_check(m, ...) returned ax (not AX_NONE): the edges that make that check
 * fail, at most max of them, into from/to/name; returns how many. An acyclic check gives
 * one cycle of its relation, in order; an irreflexive one the pairs (e, e); an empty one
 * the pairs of the non-empty relation. name[k] is the relation (hb, pb, rb) or, for
 * coherence, the component of po-loc | rf | co | fr that has the edge. */
int lk_model_failed_edges(const struct lk_model *m, int ax, int max, int *from, int *to,
			  const char **name);
/* After lk_model_check() returned IOM_LKMM_AX_HAPPENS_BEFORE: does every candidate with
 * the same rf (and events) fail it too, whatever its co? (rel/model.c) */
bool lk_model_rf_doomed(struct lk_model *m);
/* The checks alone on a partial candidate (rf and co decided so far): exact pruning. */
int lk_model_check_partial(struct lk_model *m, const struct lk_exec *x, const bool *observed);
/* The execution m was checked on has new events, po or dependencies (the search's next
 * path combination): what m keeps of it is recomputed on the next check. */
void lk_model_forget(struct lk_model *m);
/* A memory model, as the search asks it about each candidate (search/search.c) and the
 * DOT report redraws a failed check with (report/report.c). One implementation per model:
 * the LKMM's is lk_model_lkmm (rel/model.c, the functions above). MMIO is not a model but
 * a hook of the search (io/): a model judges the execution without its MMIO events. The
 * model numbers its checks (the LKMM: enum iom_lkmm_axiom) and names them as its cat file
 * does (ax_name). */
struct lk_model_ops {
	const char *name;           /* the model file: "linux-kernel.cat"                 */
	void *(*create)(void);      /* NULL when out of memory                              */
	void (*destroy)(void *m);
	/* the next path combination: new events, po or dependencies */
	void (*forget)(void *m);
	/* IOM_LKMM_AX_NONE when the candidate passes every check, or the first that fails;
	 * *flags gets the model's flags (1u << enum iom_lkmm_flag) */
	int (*check)(void *m, const struct lk_exec *x, const bool *observed, uint32_t *flags);
	/* the checks that hold of every completion of a partial candidate (rf and co
	 * decided so far): exact pruning; NULL when the model has none */
	int (*check_partial)(void *m, const struct lk_exec *x, const bool *observed);
	/* after check() returned doomed_ax: does every candidate with the same rf fail it,
	 * whatever its co? (NULL, or doomed_ax -1: never asked) */
	int doomed_ax;
	bool (*rf_doomed)(void *m);
	/* after check() returned ax: the edges of the failed check (lk_model_failed_edges()) */
	int (*failed_edges)(const void *m, int ax, int max, int *from, int *to, const char **name);
	/* the check's name ("happens-before"), NULL for a number the model does not use */
	const char *(*ax_name)(int ax);
};
extern const struct lk_model_ops lk_model_lkmm;
extern const struct lk_model_ops lk_model_aarch64;

/* lock.cat l.86, l.96 and l.118-120: the events LF/RL/RU event e of x may read from, into
 * cand (room for x->n); returns how many (rel/lock.c). */
int lk_lock_rf_candidates(const struct lk_exec *x, int e, int *cand);
/* The per-location checks the search asks while it orders a location's writes (rel/cos.c):
 * the must-before writes (cos-opt.cat obsco) and RMW sources (atomic) of its writes
 * locw[0..nw), false when no order can pass (lk_co_constraints(), or for a memory location
 * with at most 64 reads, lk_co_constraints_prep() from what lk_co_prepare() keeps of po
 * and rmw per path combination); and which writes may come next after the writes in used (lk_co_next(), with
 * lk_co_allow()'s masks). */
bool lk_co_constraints(const struct lk_exec *x, int l, const int *locw, int nw, bool memory,
		       bool lock, uint64_t *pred, int *atom_src);
struct lk_co_prep {
	int nrd;
	uint64_t ww[64], rw[64], wr[64], rmw[64], rr[64];
};
void lk_co_prepare(const struct lk_exec *x, const int *locw, int nw, const int *rd, int nrd,
		   struct lk_co_prep *p);
bool lk_co_constraints_prep(const struct lk_exec *x, int nw, const int *rd, const int *widx,
			    const struct lk_co_prep *p, uint64_t *pred, int *atom_src);
void lk_co_allow(const struct lk_exec *x, const int *locw, int nw, uint64_t *allow);
uint64_t lk_co_next(int nw, const uint64_t *pred, const int *atom_src, const uint64_t *allow, uint64_t rmw,
		    uint64_t used);

/* ---- result ---------------------------------------------------------------------------- */
struct iom_lkmm_result {
	const struct iom_lit_test *t;
	char *name;
	enum iom_lit_quant quant;
	char *cond_text;            /* herd7's spelling of the condition                   */
	uint64_t pos, neg;          /* unswapped (Observation line order)                  */
	uint64_t cands;
	unsigned nsym;              /* the test's symmetries the search used (1: none)    */
	uint32_t flags;
	char **states;
	unsigned nr_states;
	bool ok;
	bool loop;                  /* herd7 prints "Loop Ok" / "Loop No"            */
	enum iom_lit_verdict verdict;
	char *dot;                  /* witness graph, when asked                          */
};

void lk_cond_print(const struct iom_lit_test *t, const struct iom_lit_cond *c, int prec,
		   struct iom_buf *b);
/* A value as herd7 prints it: integers, or the name a pointer points to. */
void lk_value_print(const struct iom_lit_test *t, int64_t v, struct iom_buf *b);
/* A location's final value as herd7 prints it, at the init block's type (events/loc.c). */
int64_t lk_value_at_type(const struct iom_lit_sym *sy, int64_t v);
/* AArch64 tests: a value as herd7 keeps it in a register or location of the declared
 * type (int8_t ... int64_t); with no type, int: 32-bit signed (events/loc.c) */
int64_t lk_a64_at_type(const char *ctype, int64_t v);
/* the declared type of a register (init block) or location, NULL when undeclared */
const char *lk_a64_reg_type(const struct iom_lit_thread *th, int reg);
/* the size in bytes of a value of that type (int, the default: 4) */
int lk_a64_type_bytes(const char *ctype);
const char *lk_a64_loc_type(const struct iom_lit_sym *sy);
/* a value at that type as herd7 prints it: uint64_t unsigned */
void lk_a64_value_print(const struct iom_lit_test *t, const char *ctype, int64_t v,
			struct iom_buf *b);
/* Location of a pointer value; -1 when it points nowhere valid or to a location not
 * created yet. lk_ptr_loc_make creates the location of sym+off (off != 0) on first use;
 * -3 when LK_MAXLOC locations exist already. */
int lk_ptr_loc(const struct lk_test *lt, int64_t v);
int lk_ptr_loc_make(struct lk_test *lt, int64_t v);
/* MMIO: the location of device register (dev, off); -1 when there is none. */
int lk_reg_loc(const struct lk_test *lt, int dev, uint64_t off);
/* Name of a location: "x", or "a[1]" for an array element. */
void lk_loc_print(const struct lk_test *lt, int loc, struct iom_buf *b);

#endif
