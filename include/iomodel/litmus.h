/* SPDX-License-Identifier: MIT */
/* iomodel -- C-MMIO litmus tests: lexer, parser, AST, printer, primitive table.
 * The dialect is herd7's C litmus syntax as LKMM uses it (herd7 7.57 with the
 * linux-kernel.def of Linux 6.12, and LISA tests; see "LKMM additions" below and
 * docs/litmus-format.md "LKMM dialect: AST"), plus the C-MMIO extension of
 * ORD-5.3 (regions, devices, labels, device-side condition atoms); see
 * docs/litmus-format.md. This module parses and classifies; it never runs a test (that is
 * the LKMM engine's job, lkmm.h) and never prints.
 * Every pointer inside a struct iom_lit_test is owned by the test and stays valid until
 * iom_lit_test_free(); pointers returned by the table queries are static. */
#ifndef IOMODEL_LITMUS_H
#define IOMODEL_LITMUS_H

#include "iomodel/arch.h"
#include "iomodel/kver.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "iomodel/buf.h"
#include "iomodel/diag.h"

/* ---- Architectures: include/iomodel/arch.h (shared with attrs.h, order.h and the engine) */

/* Kernel versions: IOM_KVER(), iom_kver_parse(), iom_kver_str() are in kver.h. */

/* The three models (docs/ordering.md, "1. Models"); ANY is the Expect: wildcard. */
enum iom_lit_model {
	IOM_LIT_MODEL_KERNEL,   /* what the implementation does at --kernel X.Y       */
	IOM_LIT_MODEL_ARTICLE,  /* the seed article's tables read literally           */
	IOM_LIT_MODEL_PORTABLE, /* memory-barriers.txt / device-io.rst of that era    */
	IOM_LIT_MODEL__COUNT,
	IOM_LIT_MODEL_ANY = -1,
};
const char *iom_lit_model_name(enum iom_lit_model m);       /* "kernel", ..., "*"    */
int iom_lit_model_parse(const char *s, enum iom_lit_model *out);

/* herd7 observation (Never/Sometimes/Always), plus Error = the test must be rejected for
 * that combination (e.g. mmiowb() at 5.2+). NONE = no Result: line. */
enum iom_lit_verdict {
	IOM_LIT_V_NONE,
	IOM_LIT_V_NEVER,
	IOM_LIT_V_SOMETIMES,
	IOM_LIT_V_ALWAYS,
	IOM_LIT_V_ERROR,
	IOM_LIT_V__COUNT,
};
const char *iom_lit_verdict_name(enum iom_lit_verdict v);   /* "Never", ...; "-" for NONE */
int iom_lit_verdict_parse(const char *s, enum iom_lit_verdict *out);

/* ---- Primitives ------------------------------------------------------------------------
 * Every call a thread body may make. Classification lives in tables/litmus_primitives.def
 * (one row per primitive, with its source) and is read through iom_lit_prim_info(), so the
 * engine never matches strings. ORDER IOM_LIT_P: same order as the .def rows. */
enum iom_lit_prim {
	IOM_LIT_P_NONE = 0,
	/* non-relaxed MMIO accessors (NR) */
	IOM_LIT_P_READB, IOM_LIT_P_READW, IOM_LIT_P_READL, IOM_LIT_P_READQ,
	IOM_LIT_P_WRITEB, IOM_LIT_P_WRITEW, IOM_LIT_P_WRITEL, IOM_LIT_P_WRITEQ,
	IOM_LIT_P_IOREAD8, IOM_LIT_P_IOREAD16, IOM_LIT_P_IOREAD32, IOM_LIT_P_IOREAD64,
	IOM_LIT_P_IOWRITE8, IOM_LIT_P_IOWRITE16, IOM_LIT_P_IOWRITE32, IOM_LIT_P_IOWRITE64,
	IOM_LIT_P_IOREAD16BE, IOM_LIT_P_IOREAD32BE, IOM_LIT_P_IOWRITE16BE, IOM_LIT_P_IOWRITE32BE,
	IOM_LIT_P_READL_BE, IOM_LIT_P_WRITEL_BE,
	/* relaxed MMIO accessors (RX) */
	IOM_LIT_P_READB_RELAXED, IOM_LIT_P_READW_RELAXED, IOM_LIT_P_READL_RELAXED,
	IOM_LIT_P_READQ_RELAXED,
	IOM_LIT_P_WRITEB_RELAXED, IOM_LIT_P_WRITEW_RELAXED, IOM_LIT_P_WRITEL_RELAXED,
	IOM_LIT_P_WRITEQ_RELAXED,
	/* raw MMIO accessors (RAW) */
	IOM_LIT_P_RAW_READB, IOM_LIT_P_RAW_READW, IOM_LIT_P_RAW_READL, IOM_LIT_P_RAW_READQ,
	IOM_LIT_P_RAW_WRITEB, IOM_LIT_P_RAW_WRITEW, IOM_LIT_P_RAW_WRITEL, IOM_LIT_P_RAW_WRITEQ,
	/* port I/O (NR semantics on a port region) */
	IOM_LIT_P_INB, IOM_LIT_P_INW, IOM_LIT_P_INL,
	IOM_LIT_P_OUTB, IOM_LIT_P_OUTW, IOM_LIT_P_OUTL,
	/* string accessors: element accesses are RAW (ORD-4.0) */
	IOM_LIT_P_READSB, IOM_LIT_P_READSW, IOM_LIT_P_READSL, IOM_LIT_P_READSQ,
	IOM_LIT_P_WRITESB, IOM_LIT_P_WRITESW, IOM_LIT_P_WRITESL, IOM_LIT_P_WRITESQ,
	IOM_LIT_P_INSB, IOM_LIT_P_INSW, IOM_LIT_P_INSL,
	IOM_LIT_P_OUTSB, IOM_LIT_P_OUTSW, IOM_LIT_P_OUTSL,
	IOM_LIT_P_MEMCPY_TOIO, IOM_LIT_P_MEMCPY_FROMIO, IOM_LIT_P_MEMSET_IO,
	/* barriers */
	IOM_LIT_P_MB, IOM_LIT_P_RMB, IOM_LIT_P_WMB,
	IOM_LIT_P_SMP_MB, IOM_LIT_P_SMP_RMB, IOM_LIT_P_SMP_WMB,
	IOM_LIT_P_DMA_MB, IOM_LIT_P_DMA_RMB, IOM_LIT_P_DMA_WMB,
	IOM_LIT_P_IO_STOP_WC, IOM_LIT_P_MMIOWB,
	IOM_LIT_P_IOBARRIER_RW, IOM_LIT_P_IOBARRIER_R, IOM_LIT_P_IOBARRIER_W,
	IOM_LIT_P_BARRIER,
	IOM_LIT_P_SMP_MB_BEFORE_ATOMIC, IOM_LIT_P_SMP_MB_AFTER_ATOMIC,
	IOM_LIT_P_SMP_MB_AFTER_SPINLOCK, IOM_LIT_P_SMP_MB_AFTER_UNLOCK_LOCK,
	/* locks */
	IOM_LIT_P_SPIN_LOCK, IOM_LIT_P_SPIN_UNLOCK, IOM_LIT_P_SPIN_TRYLOCK,
	/* normal memory (P) */
	IOM_LIT_P_READ_ONCE, IOM_LIT_P_WRITE_ONCE,
	IOM_LIT_P_SMP_LOAD_ACQUIRE, IOM_LIT_P_SMP_STORE_RELEASE, IOM_LIT_P_SMP_STORE_MB,
	IOM_LIT_P_PLAIN_LOAD,   /* r = *x;  (no call in the source)                     */
	IOM_LIT_P_PLAIN_STORE,  /* *x = e;  (no call in the source)                     */
	IOM_LIT_P_XCHG, IOM_LIT_P_XCHG_RELAXED, IOM_LIT_P_XCHG_ACQUIRE, IOM_LIT_P_XCHG_RELEASE,
	IOM_LIT_P_CMPXCHG,
	/* other */
	IOM_LIT_P_UDELAY,
	IOM_LIT_P_LOCAL_IRQ_DISABLE, IOM_LIT_P_LOCAL_IRQ_ENABLE,
	/* ---- LKMM additions (linux-kernel.def@v6.12 order; herd7 built-ins last) ---- */
	IOM_LIT_P_RCU_ASSIGN_POINTER, IOM_LIT_P_RCU_DEREFERENCE,
	IOM_LIT_P_SMP_MB_AFTER_SRCU_READ_UNLOCK,
	IOM_LIT_P_CMPXCHG_RELAXED, IOM_LIT_P_CMPXCHG_ACQUIRE, IOM_LIT_P_CMPXCHG_RELEASE,
	IOM_LIT_P_SPIN_IS_LOCKED,
	IOM_LIT_P_RCU_READ_LOCK, IOM_LIT_P_RCU_READ_UNLOCK,
	IOM_LIT_P_SYNCHRONIZE_RCU, IOM_LIT_P_SYNCHRONIZE_RCU_EXPEDITED,
	IOM_LIT_P_SRCU_READ_LOCK, IOM_LIT_P_SRCU_READ_UNLOCK,
	IOM_LIT_P_SRCU_DOWN_READ, IOM_LIT_P_SRCU_UP_READ,
	IOM_LIT_P_SYNCHRONIZE_SRCU, IOM_LIT_P_SYNCHRONIZE_SRCU_EXPEDITED,
	IOM_LIT_P_ATOMIC_READ, IOM_LIT_P_ATOMIC_SET,
	IOM_LIT_P_ATOMIC_READ_ACQUIRE, IOM_LIT_P_ATOMIC_SET_RELEASE,
	IOM_LIT_P_ATOMIC_ADD, IOM_LIT_P_ATOMIC_SUB, IOM_LIT_P_ATOMIC_INC, IOM_LIT_P_ATOMIC_DEC,
	IOM_LIT_P_ATOMIC_ADD_RETURN, IOM_LIT_P_ATOMIC_ADD_RETURN_RELAXED,
	IOM_LIT_P_ATOMIC_ADD_RETURN_ACQUIRE, IOM_LIT_P_ATOMIC_ADD_RETURN_RELEASE,
	IOM_LIT_P_ATOMIC_FETCH_ADD, IOM_LIT_P_ATOMIC_FETCH_ADD_RELAXED,
	IOM_LIT_P_ATOMIC_FETCH_ADD_ACQUIRE, IOM_LIT_P_ATOMIC_FETCH_ADD_RELEASE,
	IOM_LIT_P_ATOMIC_INC_RETURN, IOM_LIT_P_ATOMIC_INC_RETURN_RELAXED,
	IOM_LIT_P_ATOMIC_INC_RETURN_ACQUIRE, IOM_LIT_P_ATOMIC_INC_RETURN_RELEASE,
	IOM_LIT_P_ATOMIC_FETCH_INC, IOM_LIT_P_ATOMIC_FETCH_INC_RELAXED,
	IOM_LIT_P_ATOMIC_FETCH_INC_ACQUIRE, IOM_LIT_P_ATOMIC_FETCH_INC_RELEASE,
	IOM_LIT_P_ATOMIC_SUB_RETURN, IOM_LIT_P_ATOMIC_SUB_RETURN_RELAXED,
	IOM_LIT_P_ATOMIC_SUB_RETURN_ACQUIRE, IOM_LIT_P_ATOMIC_SUB_RETURN_RELEASE,
	IOM_LIT_P_ATOMIC_FETCH_SUB, IOM_LIT_P_ATOMIC_FETCH_SUB_RELAXED,
	IOM_LIT_P_ATOMIC_FETCH_SUB_ACQUIRE, IOM_LIT_P_ATOMIC_FETCH_SUB_RELEASE,
	IOM_LIT_P_ATOMIC_DEC_RETURN, IOM_LIT_P_ATOMIC_DEC_RETURN_RELAXED,
	IOM_LIT_P_ATOMIC_DEC_RETURN_ACQUIRE, IOM_LIT_P_ATOMIC_DEC_RETURN_RELEASE,
	IOM_LIT_P_ATOMIC_FETCH_DEC, IOM_LIT_P_ATOMIC_FETCH_DEC_RELAXED,
	IOM_LIT_P_ATOMIC_FETCH_DEC_ACQUIRE, IOM_LIT_P_ATOMIC_FETCH_DEC_RELEASE,
	IOM_LIT_P_ATOMIC_XCHG, IOM_LIT_P_ATOMIC_XCHG_RELAXED,
	IOM_LIT_P_ATOMIC_XCHG_RELEASE, IOM_LIT_P_ATOMIC_XCHG_ACQUIRE,
	IOM_LIT_P_ATOMIC_CMPXCHG, IOM_LIT_P_ATOMIC_CMPXCHG_RELAXED,
	IOM_LIT_P_ATOMIC_CMPXCHG_ACQUIRE, IOM_LIT_P_ATOMIC_CMPXCHG_RELEASE,
	IOM_LIT_P_ATOMIC_SUB_AND_TEST, IOM_LIT_P_ATOMIC_DEC_AND_TEST,
	IOM_LIT_P_ATOMIC_INC_AND_TEST, IOM_LIT_P_ATOMIC_ADD_NEGATIVE,
	IOM_LIT_P_ATOMIC_ADD_UNLESS,    /* herd7 built-in (CLexer.mll), not in the .def      */
	IOM_LIT_P__COUNT,
};

/* Coarse class: what kind of event(s) a primitive produces. */
enum iom_lit_pclass {
	IOM_LIT_PC_NONE,
	IOM_LIT_PC_MMIO,     /* one access to an ioremap'd region                        */
	IOM_LIT_PC_PIO,      /* one access to an ioport region (inX/outX)               */
	IOM_LIT_PC_STRING,   /* count element accesses (readsX, insX, memcpy_toio, ...) */
	IOM_LIT_PC_BARRIER,  /* no access; see enum iom_lit_barrier                     */
	IOM_LIT_PC_LOCK,     /* spin_lock/unlock/trylock; see enum iom_lit_lockop       */
	IOM_LIT_PC_MEM,      /* access to normal memory (READ_ONCE, plain, acquire...) */
	IOM_LIT_PC_RMW,      /* atomic read-modify-write on normal memory              */
	IOM_LIT_PC_OTHER,    /* udelay, local_irq_*: compiler barrier at most           */
	/* LKMM classes with no ordering rule rows (the LKMM decides them). The exact
	 * events are given by the lkform/ann/... columns of struct iom_lit_prim_info. */
	IOM_LIT_PC_RCU,      /* rcu_read_lock/unlock, synchronize_rcu[_expedited]: fences */
	IOM_LIT_PC_SRCU,     /* srcu_read_lock/unlock, srcu_down_read/up_read (accesses to
			      * the srcu_struct), synchronize_srcu[_expedited]          */
	IOM_LIT_PC_ATOMIC,   /* atomic_*() on an atomic_t                                */
	IOM_LIT_PC__COUNT,
};

/* Ordering flavour of an access (ORD-4.0 vocabulary). */
enum iom_lit_flavour {
	IOM_LIT_FL_NONE,
	IOM_LIT_FL_NR,       /* readX/writeX, ioreadN/iowriteN, inX/outX, *_be          */
	IOM_LIT_FL_RELAXED,  /* *_relaxed                                               */
	IOM_LIT_FL_RAW,      /* __raw_*, and each element of a string accessor          */
	IOM_LIT_FL_ONCE,     /* READ_ONCE / WRITE_ONCE                                   */
	IOM_LIT_FL_PLAIN,    /* plain C access                                           */
	IOM_LIT_FL_ACQUIRE,  /* smp_load_acquire, xchg_acquire                           */
	IOM_LIT_FL_RELEASE,  /* smp_store_release, xchg_release                          */
	IOM_LIT_FL_FULL,     /* xchg, cmpxchg, smp_store_mb: fully ordered RMW/store    */
	IOM_LIT_FL__COUNT,
};

enum iom_lit_dir {
	IOM_LIT_DIR_NONE,
	IOM_LIT_DIR_READ,    /* device/memory -> CPU                                     */
	IOM_LIT_DIR_WRITE,   /* CPU -> device/memory                                     */
	IOM_LIT_DIR_RMW,
};

enum iom_lit_barrier {
	IOM_LIT_B_NONE,
	IOM_LIT_B_MB, IOM_LIT_B_RMB, IOM_LIT_B_WMB,
	IOM_LIT_B_SMP_MB, IOM_LIT_B_SMP_RMB, IOM_LIT_B_SMP_WMB,
	IOM_LIT_B_DMA_MB, IOM_LIT_B_DMA_RMB, IOM_LIT_B_DMA_WMB,
	IOM_LIT_B_IO_STOP_WC, IOM_LIT_B_MMIOWB,
	IOM_LIT_B_IOBARRIER_RW, IOM_LIT_B_IOBARRIER_R, IOM_LIT_B_IOBARRIER_W,
	IOM_LIT_B_COMPILER,  /* barrier(), udelay-free compiler barriers, local_irq_*   */
	IOM_LIT_B_SMP_MB_BEFORE_ATOMIC, IOM_LIT_B_SMP_MB_AFTER_ATOMIC,
	IOM_LIT_B_SMP_MB_AFTER_SPINLOCK, IOM_LIT_B_SMP_MB_AFTER_UNLOCK_LOCK,
	IOM_LIT_B_SMP_MB_AFTER_SRCU_READ_UNLOCK, /* LKMM only; no rule rows              */
	IOM_LIT_B__COUNT,
};

enum iom_lit_lockop {
	IOM_LIT_LK_NONE,
	IOM_LIT_LK_LOCK,
	IOM_LIT_LK_UNLOCK,
	IOM_LIT_LK_TRYLOCK,  /* returns 1 and acquires, or returns 0                     */
	IOM_LIT_LK_ISLOCKED, /* spin_is_locked: returns 1 (RL) or 0 (RU); LKMM only      */
};

/* ---- LKMM view of a primitive (linux-kernel.def@v6.12 body forms) ----
 * lkform says which herd7 internal form the .def expands the call to; ann is the tag in
 * braces. The engine builds its events from these columns, never from names. */
enum iom_lit_lkform {
	IOM_LIT_LF_NONE,        /* not an LKMM primitive (MMIO accessors, udelay, ...)       */
	IOM_LIT_LF_LOAD,        /* __load{ann}(X): one read; returns the value read          */
	IOM_LIT_LF_STORE,       /* __store{ann}(X,V): one write                               */
	IOM_LIT_LF_STORE_MB,    /* smp_store_mb: __store{once}(X,V); __fence{mb}              */
	IOM_LIT_LF_FENCE,       /* __fence{ann}: no access                                    */
	IOM_LIT_LF_XCHG,        /* __xchg{ann}(X,V): RMW; returns the old value              */
	IOM_LIT_LF_CMPXCHG,     /* __cmpxchg{ann}(X,V,W): returns old; writes W iff old == V
				 * (a failed cmpxchg is one read, tagged once)               */
	IOM_LIT_LF_ATOMIC_OP,   /* __atomic_op(X,op,V): RMW, returns nothing (R[noreturn])   */
	IOM_LIT_LF_OP_RETURN,   /* __atomic_op_return{ann}(X,op,V): returns the new value
				 * (then ret says how: NEW, EQZ, LTZ)                        */
	IOM_LIT_LF_FETCH_OP,    /* __atomic_fetch_op{ann}(X,op,V): returns the old value     */
	IOM_LIT_LF_ADD_UNLESS,  /* atomic_add_unless(X,V,U): herd7 built-in; if old != U
				 * writes old+V and returns 1, else one read and returns 0   */
	IOM_LIT_LF_LOCK,        /* __lock(X): LKR;LKW (lock.cat)                              */
	IOM_LIT_LF_UNLOCK,      /* __unlock(X): UL                                            */
	IOM_LIT_LF_TRYLOCK,     /* __trylock(X): LKR;LKW and 1, or LF and 0                   */
	IOM_LIT_LF_ISLOCKED,    /* __islocked(X): RL and 1, or RU and 0                       */
	IOM_LIT_LF_SRCU_SYNC,   /* __srcu{sync-srcu}(X): SRCU event on the srcu_struct X      */
};

/* The {tag} of a .def body (herd7 annotation); spelled as in the .def/bell. */
enum iom_lit_ann {
	IOM_LIT_ANN_NONE,
	IOM_LIT_ANN_ONCE, IOM_LIT_ANN_ACQUIRE, IOM_LIT_ANN_RELEASE, IOM_LIT_ANN_MB,
	IOM_LIT_ANN_RMB, IOM_LIT_ANN_WMB,
	IOM_LIT_ANN_BEFORE_ATOMIC, IOM_LIT_ANN_AFTER_ATOMIC, IOM_LIT_ANN_AFTER_SPINLOCK,
	IOM_LIT_ANN_AFTER_UNLOCK_LOCK, IOM_LIT_ANN_AFTER_SRCU_READ_UNLOCK, IOM_LIT_ANN_BARRIER,
	IOM_LIT_ANN_RCU_LOCK, IOM_LIT_ANN_RCU_UNLOCK, IOM_LIT_ANN_SYNC_RCU,
	IOM_LIT_ANN_SRCU_LOCK, IOM_LIT_ANN_SRCU_UNLOCK, IOM_LIT_ANN_SYNC_SRCU,
	IOM_LIT_ANN_NORETURN,   /* the read of a non-returning __atomic_op                   */
	IOM_LIT_ANN__COUNT,
};
/* "once", "acquire", ..., "sync-srcu", "noreturn"; "" for NONE. */
const char *iom_lit_ann_name(enum iom_lit_ann a);

/* What a call returns (into its dst register). */
enum iom_lit_ret {
	IOM_LIT_RET_NONE,       /* nothing: using the result is a parse error               */
	IOM_LIT_RET_READ,       /* the value read (loads, srcu_read_lock, srcu_down_read)    */
	IOM_LIT_RET_OLD,        /* the old value (xchg, cmpxchg, fetch_*)                    */
	IOM_LIT_RET_NEW,        /* the new value (*_return)                                  */
	IOM_LIT_RET_EQZ,        /* new value == 0 (*_and_test)                               */
	IOM_LIT_RET_LTZ,        /* new value < 0 (atomic_add_negative)                       */
	IOM_LIT_RET_BOOL,       /* 1 or 0: trylock, is_locked, add_unless                    */
};

/* Arch restriction mask (bit = 1u << enum iom_arch); IOM_LIT_ARCH_ALL = no restriction. */
#define IOM_LIT_ARCH_ALL ((1u << IOM_ARCH__COUNT) - 1u)

struct iom_lit_prim_info {
	enum iom_lit_prim prim;
	const char *name;           /* source spelling, e.g. "writel_relaxed"             */
	enum iom_lit_pclass pclass;
	enum iom_lit_dir dir;
	enum iom_lit_flavour flavour;
	unsigned width;             /* bytes per access: 1, 2, 4, 8; 0 = none/any        */
	enum iom_lit_barrier barrier;
	enum iom_lit_lockop lockop;
	bool big_endian;            /* ioread32be, readl_be, ...                          */
	unsigned first;             /* IOM_KVER of the first release that has it; 0 = always */
	unsigned removed;           /* IOM_KVER of the first release without it; 0 = never */
	unsigned archs;             /* mask of architectures that provide it             */
	const char *source;         /* citation: spec section, kernel file@version       */
	/* LKMM columns (linux-kernel.def@v6.12); all zero/-1 for lkform NONE. */
	enum iom_lit_lkform lkform;
	enum iom_lit_ann ann;       /* tag of the access/fence (a failed cmpxchg: once)     */
	int op;                     /* '+' or '-' for atomic arithmetic; 0 otherwise        */
	int64_t imm;                /* constant operand of inc/dec forms (1); 0 otherwise   */
	enum iom_lit_ret ret;
	unsigned nargs;             /* arity as written in a test                           */
	int arg_loc;                /* argument holding the location/lock/srcu_struct; -1   */
	int arg_val;                /* argument with the value stored / arithmetic operand
				     * / srcu_read_unlock index; -1 (imm is used)           */
	int arg_cmp;                /* cmpxchg: expected old value; add_unless: the "unless"
				     * value; -1                                            */
	bool loc_lvalue;            /* arg_loc is written as an lvalue, READ_ONCE(*x), and
				     * the address is the operand of '*'; false: it is a
				     * pointer, smp_load_acquire(x)                         */
};

/* Static row for p (never NULL for p < IOM_LIT_P__COUNT; the NONE row is all zero). */
const struct iom_lit_prim_info *iom_lit_prim_info(enum iom_lit_prim p);
/* Primitive by source spelling ("writel", "__raw_writel", ...); IOM_LIT_P_NONE if unknown.
 * PLAIN_LOAD/PLAIN_STORE have no spelling and are never returned. */
enum iom_lit_prim iom_lit_prim_lookup(const char *name);
const char *iom_lit_prim_name(enum iom_lit_prim p);
/* Does p exist in kernel kver (any architecture)? kver 0 = "any version" (true).
 * When false, *why (may be NULL) gets a static sentence naming the version boundary,
 * e.g. "mmiowb() was removed in v5.2". */
bool iom_lit_prim_available(enum iom_lit_prim p, unsigned kver, const char **why);
/* As above, and also that arch provides it (iobarrier_* is powerpc-only). */
bool iom_lit_prim_available_on(enum iom_lit_prim p, enum iom_arch a, unsigned kver,
			       const char **why);

/* ---- Regions ---------------------------------------------------------------------------- */

/* Region declaration in the init block: NAME = KIND(devN); ORDER IOM_LIT_RGN */
enum iom_lit_region_kind {
	IOM_LIT_RGN_IOREMAP,
	IOM_LIT_RGN_IOREMAP_NOCACHE,    /* era-A name; removed in v5.6 (ATTR-A.1  */
	IOM_LIT_RGN_IOREMAP_WC,
	IOM_LIT_RGN_IOREMAP_UC,
	IOM_LIT_RGN_IOREMAP_NP,
	IOM_LIT_RGN_IOREMAP_WT,
	IOM_LIT_RGN_IOREMAP_CACHE,
	IOM_LIT_RGN_IOPORT,             /* port-I/O window; offsets are port numbers       */
	IOM_LIT_RGN__COUNT,
};
const char *iom_lit_region_kind_name(enum iom_lit_region_kind k); /* "ioremap_wc", ... */

/* ---- AST ------------------------------------------------------------------------------- */

struct iom_lit_pos {
	int line, col;              /* 1-based position in the source                     */
};

/* A shared name: a region, a normal-memory location, or a lock. Locations not mentioned
 * in the init block but named by a thread parameter are created with value 0. */
enum iom_lit_sym_kind {
	IOM_LIT_SYM_VAR,            /* normal memory (int x; int buf = 0; x = 1)          */
	IOM_LIT_SYM_REGION,         /* NAME = ioremap*(devN) / ioport(devN)               */
	IOM_LIT_SYM_LOCK,           /* a spinlock_t * parameter, or spinlock_t s; in init */
	IOM_LIT_SYM_SRCU,           /* struct srcu_struct s; (init or parameter type).
				     * LKMM: srcu_read_lock/unlock are reads/writes of it   */
};

struct iom_lit_sym {
	const char *name;
	enum iom_lit_sym_kind kind;
	int64_t init;               /* VAR: initial value                                  */
	int init_ref;               /* VAR: initialised to &syms[init_ref]; -1 if none      */
	enum iom_lit_region_kind region; /* REGION                                          */
	int dev;                    /* REGION: N of devN                                    */
	struct iom_lit_pos pos;     /* declaration (or first parameter use)                */
	/* ---- LKMM additions ---- */
	const char *ctype;          /* declared C type, canonical spelling: "int",
				     * "int *", "atomic_t", "spinlock_t", "struct
				     * srcu_struct", "intptr_t", ...; qualifiers (volatile,
				     * const) dropped. NULL when neither the init block nor
				     * a parameter gives a type (x = 1;).                    */
	unsigned array_len;         /* int a[N]; -> N; 0 for a scalar. Element i is its own
				     * location, written a[i] in conditions; code reaches it
				     * through pointer arithmetic (a + i, see E_SYM).       */
	int64_t *array_init;        /* array_len initial values (a[i] = v in init; 0
				     * default); NULL for scalars. Integer values only.     */
	bool init_typed;            /* ctype comes from the init block (char x = 1;), not
				     * from a parameter: herd7 prints the final value at
				     * that type's width (uint8_t, atomic_t: unsigned)      */
};

/* Pointer values. A pointer is (sym, element offset): &x is (x, 0), a + 2 is (a, 2).
 * In thread code a shared name (a parameter) used as a value is the pointer to it
 * (herd7 passes &x in register x); arithmetic on a pointer moves it by elements.
 * Casts are DROPPED by the parser (herd7 CParser: "(typ) e" is e). */

enum iom_lit_expr_kind {
	IOM_LIT_E_CONST,            /* value                                              */
	IOM_LIT_E_REG,              /* thread-local register: reg index                   */
	IOM_LIT_E_SYM,              /* shared name (pointer value): sym index             */
	IOM_LIT_E_DEREF,            /* *a                                                 */
	IOM_LIT_E_ADDR,             /* &a                                                 */
	IOM_LIT_E_BINOP,            /* a op b                                             */
	IOM_LIT_E_UNOP,             /* op a  ('-', '!', '~')                              */
};
/* In thread code, expressions in stmt->value/expect/expr/cond/addr are pure: every
 * memory read inside them was hoisted into a PRIM statement of its own (see
 * stmt->group), so they hold only CONST, REG, SYM, ADDR (of a SYM: same as the SYM),
 * BINOP and UNOP. DEREF remains only in stmt->args (the call as written). */

struct iom_lit_expr {
	enum iom_lit_expr_kind kind;
	int op;                     /* BINOP: '+','-','*','/','%','&','|','^','<','>',
				     * IOM_LIT_OP_EQ/NE/LE/GE/LAND/LOR/SHL/SHR; UNOP: char  */
	int64_t value;              /* CONST                                              */
	int index;                  /* REG: thread reg index; SYM: sym index              */
	struct iom_lit_expr *a, *b;
	struct iom_lit_pos pos;
};
enum { IOM_LIT_OP_EQ = 256, IOM_LIT_OP_NE, IOM_LIT_OP_LE, IOM_LIT_OP_GE, IOM_LIT_OP_LAND,
       IOM_LIT_OP_LOR, IOM_LIT_OP_SHL, IOM_LIT_OP_SHR };

enum iom_lit_stmt_kind {
	IOM_LIT_S_PRIM,             /* [reg =] primitive(args);  incl. plain *x = e / r = *x */
	IOM_LIT_S_ASSIGN,           /* reg = expr;  (registers and constants only)        */
	IOM_LIT_S_IF,               /* if (cond) { then } [else { else }]                 */
	IOM_LIT_S_WHILE,            /* while (cond) body: cond_b runs before each test of
				     * cond; body in then_b. herd7 unrolls it (2 times by
				     * default, -unroll N) and drops longer runs ("Loop").
				     * MMIO tests may use it too.                          */
};

struct iom_lit_stmt;
struct iom_a64_prog;
struct iom_lit_block {
	struct iom_lit_stmt *stmts;
	unsigned nr_stmts;
};

struct iom_lit_stmt {
	enum iom_lit_stmt_kind kind;
	struct iom_lit_pos pos;
	const char *label;          /* "w" for "w: writel(...)"; NULL if unlabelled       */
	int id;                     /* 0-based index in the thread, in source order,
				     * counting nested statements depth-first             */
	/* PRIM */
	enum iom_lit_prim prim;
	struct iom_lit_expr **args; /* the call's arguments as written                    */
	unsigned nr_args;
	int dst;                    /* PRIM (reads, trylock, RMW) and ASSIGN: register; -1 */
	/* Resolved operands of a PRIM (the engine should use these, not args): */
	int region;                 /* MMIO/PIO/STRING: sym index of the region; -1       */
	uint64_t offset;            /*   byte (or port) offset inside the region          */
	int mem;                    /* MEM/RMW/LOCK: sym index of the location or lock;
				     * STRING: sym index of the normal-memory buffer; -1  */
	int mem_reg;                /* STRING: register used as buffer (&t); -1           */
	unsigned count;             /* STRING: number of elements (memcpy_*: bytes / 4,
				     * rounded up; memset_io likewise); otherwise 1       */
	struct iom_lit_expr *value; /* value written (writes, RMW new value; memset_io
				     * fill byte); NULL otherwise                         */
	struct iom_lit_expr *expect;/* cmpxchg: expected old value; NULL otherwise        */
	/* ASSIGN: dst = expr */
	struct iom_lit_expr *expr;
	/* IF */
	struct iom_lit_expr *cond;
	struct iom_lit_block then_b, else_b;
	/* ---- LKMM additions ---- */
	struct iom_lit_expr *addr;  /* PRIM with mem == -1 (MEM/RMW/LOCK/ATOMIC/SRCU
				     * classes, plain loads/stores): the address as a pure
				     * expression that evaluates to a pointer value, e.g.
				     * REG r1 for READ_ONCE(*r1), BINOP(+, SYM a, CONST 1)
				     * for *(a + 1). NULL whenever mem >= 0 (static name).  */
	int group;                  /* statement id of the first statement emitted for
				     * the same source statement. Hoisted reads share the
				     * group of their user: herd7 evaluates one C statement
				     * as one instruction whose events are ordered by iico
				     * (data/ctrl flow), not po. Equal to id otherwise.     */
	struct iom_lit_block cond_b;/* WHILE: the statements (hoisted reads) that compute
				     * cond, re-run before every test of cond. IF: empty
				     * (its hoisted reads precede the IF, same group).      */
	const char *lisa_ann;       /* LISA tests: the instruction's annotation as written
				     * ("once", "acquire", "mb", "rcu_read_lock", ...);
				     * NULL in C tests. prim is the C primitive it maps to. */
	const char *lisa_text;      /* LISA: the instruction, blanks collapsed ("r[once]
				     * r0 x"), for herd7's "annotation error" text         */
};

struct iom_lit_param {
	const char *name;           /* also the shared name it refers to (herd7 rule)     */
	const char *type;           /* "void __iomem *", "int *", "spinlock_t *", ...     */
	int sym;                    /* index in test->syms                                */
};

/* A register given a value in the init block: 0:r1 = x; 0:r2 = 3; int 0:r3 = z; */
struct iom_lit_reginit {
	int reg;                    /* index in thread->regs (the register is declared
				     * there first, before the body's locals)               */
	int64_t value;              /* integer value when sym < 0                          */
	int sym;                    /* pointer value &syms[sym]; -1 for an integer         */
	struct iom_lit_pos pos;
	const char *ctype;          /* the declared type ("int8_t 0:X1;"), canonical; NULL  */
};

struct iom_lit_thread {
	int id;                     /* N of PN                                            */
	struct iom_lit_param *params;
	unsigned nr_params;
	const char **regs;          /* locals (registers), in declaration order           */
	unsigned nr_regs;
	struct iom_lit_block body;
	unsigned nr_stmt_ids;       /* number of ids handed out (all nesting levels)      */
	struct iom_lit_pos pos;
	/* ---- LKMM additions ---- */
	struct iom_lit_reginit *reg_inits; /* init-block register values, source order    */
	unsigned nr_reg_inits;
	/* AArch64 tests: the thread's instructions (body is empty) */
	struct iom_a64_prog *a64;
};

/* A reference to a labelled statement, "P0:w" or "P0:w.1" (element 1 of a bulk access). */
struct iom_lit_evref {
	int thread;                 /* N of PN                                            */
	const char *label;
	const struct iom_lit_stmt *stmt; /* resolved statement                           */
	int elem;                   /* element index for "label.k"; -1 = the whole access */
};

/* Device blocks: DEV(devN) { [on PN:label] stmt; ... } */
enum iom_lit_dstmt_kind {
	IOM_LIT_D_DMA_READ,         /* [on ev] r = dma_read(buf);   device reads memory   */
	IOM_LIT_D_DMA_WRITE,        /* [on ev] dma_write(buf, v);   device writes memory  */
	IOM_LIT_D_REG_SET,          /* [on ev] reg_set(region + off, v); register value   */
};

struct iom_lit_dstmt {
	enum iom_lit_dstmt_kind kind;
	struct iom_lit_pos pos;
	bool has_trigger;
	struct iom_lit_evref trigger; /* "on P0:d": runs when that MMIO event arrives     */
	int dst;                    /* DMA_READ: index in device->vars                    */
	int mem;                    /* DMA_*: sym index of the buffer                     */
	int region;                 /* REG_SET: sym index of the region                   */
	uint64_t offset;            /* REG_SET: offset                                    */
	int64_t value;              /* DMA_WRITE / REG_SET value                          */
};

struct iom_lit_device {
	int dev;                    /* N of devN                                          */
	struct iom_lit_dstmt *stmts;
	unsigned nr_stmts;
	const char **vars;          /* device-side registers (dma_read destinations)      */
	unsigned nr_vars;
	struct iom_lit_pos pos;
};

/* Conditions (filter / exists / forall). */
enum iom_lit_cond_kind {
	IOM_LIT_C_TRUE,
	IOM_LIT_C_AND,              /* a /\ b                                             */
	IOM_LIT_C_OR,               /* a \/ b                                             */
	IOM_LIT_C_NOT,              /* ~a                                                 */
	IOM_LIT_C_REG,              /* N:reg=v       thread, reg                          */
	IOM_LIT_C_MEM,              /* x=v           sym (a VAR)                          */
	IOM_LIT_C_DEVREG,           /* devN[off]=v or region[off]=v: dev, offset, sym
				     * (the region named, or -1 when written devN[...])   */
	IOM_LIT_C_DEVVAR,           /* devN:r=v      dev, reg = index in device->vars     */
	IOM_LIT_C_IO_BEFORE,        /* e1 <io e2                                          */
	IOM_LIT_C_VO_BEFORE,        /* e1 <vo e2                                          */
	IOM_LIT_C_COMBINED,         /* combined(e1, e2)                                   */
	IOM_LIT_C_IMPL,             /* a => b (also a -> b): true unless a holds and b
				     * does not. As herd7 (lib/stateParser.mly: %right
				     * IMPLIES above AND and OR) it binds tighter than /\
				     * and \/ and is right-associative                   */
};

struct iom_lit_cond {
	enum iom_lit_cond_kind kind;
	struct iom_lit_pos pos;
	struct iom_lit_cond *a, *b; /* AND/OR/IMPL: a, b; NOT: a                          */
	int thread;                 /* REG                                                */
	int reg;                    /* REG: index in threads[thread]->regs; DEVVAR: var    */
	int sym;                    /* MEM, DEVREG (-1 if devN form)                      */
	int dev;                    /* DEVREG, DEVVAR                                     */
	uint64_t offset;            /* DEVREG                                             */
	int64_t value;              /* REG, MEM, DEVREG, DEVVAR                           */
	int value_sym;              /* value written as a shared name (r=x): sym, else -1 */
	struct iom_lit_evref e1, e2;/* IO_BEFORE, VO_BEFORE, COMBINED                     */
	/* ---- LKMM additions ---- */
	unsigned elem;              /* MEM: element index for a[i]=v (0 for scalars)      */
	int rhs_thread, rhs_reg;    /* REG/MEM compared with a register, 0:r1=1:r2: that
				     * register (thread N, index); rhs_reg -1 otherwise   */
	bool whole;                 /* MEM: an array's bare name ([a]=4, a={4,0}) in an
				     * LKMM test is the whole array (herd7 7.57): equal to
				     * no number, and to a literal {v0, ...} element by
				     * element (arr, nr_arr; NULL when compared otherwise) */
	int64_t *arr;
	unsigned nr_arr;
};
/* x != v and 0:r != v are parsed as NOT(atom); "not" is a synonym of "~". A register
 * named in a condition or in locations but never declared by its thread is added to that
 * thread's regs (herd7: value 0). A test without a final condition gets forall (true). A pointer value in an atom (0:r1=x, p=y)
 * sets value_sym (value is then 0). */

enum iom_lit_quant {
	IOM_LIT_Q_EXISTS,           /* exists P       herd: "Allowed" kind                */
	IOM_LIT_Q_NOT_EXISTS,       /* ~exists P      herd: "Forbidden" kind              */
	IOM_LIT_Q_FORALL,           /* forall P       herd: "Required" kind               */
};

/* One entry of "locations [...]" (herd7 prints these in States). */
struct iom_lit_locref {
	int thread;                 /* N for a register N:r; -1 for a shared location     */
	int reg;                    /* register index in threads[thread] (thread >= 0)    */
	int sym;                    /* shared location (thread < 0)                       */
	unsigned elem;              /* array element a[i] (0 for scalars)                 */
	bool whole;                 /* an array's bare name in an LKMM test: the whole
				     * array, printed a={v0,v1} as herd7 7.57 does        */
	struct iom_lit_pos pos;
};

enum iom_lit_dialect {
	IOM_LIT_DIALECT_C,          /* "C name" header                                    */
	IOM_LIT_DIALECT_LISA,       /* "LISA name" header, translated into the same AST  */
	IOM_LIT_DIALECT_AARCH64,    /* "AArch64 name": threads hold instructions (a64),
				     * run under aarch64.cat (iomodel/aarch64.h)          */
};

/* One "Expect: <arch|*> <X.Y|*> <model|*> <verdict>" header line. A version X.Y matches
 * every kernel >= X.Y; later lines override earlier ones (iom_lit_expect_lookup). */
struct iom_lit_expect {
	enum iom_arch arch;         /* IOM_ARCH_ANY for *                                */
	unsigned kver;              /* 0 for *                                            */
	enum iom_lit_model model;   /* IOM_LIT_MODEL_ANY for *                           */
	enum iom_lit_verdict verdict;
	struct iom_lit_pos pos;
};

struct iom_lit_test {
	const char *name;           /* from the "C name" line                             */
	const char *file;           /* as passed to iom_lit_parse (for diagnostics)       */
	const char *comment;        /* text of the first (* ... *) comment, or NULL       */
	enum iom_lit_verdict result;/* "Result:" line of that comment; NONE if absent     */
	struct iom_lit_expect *expects;
	unsigned nr_expects;

	struct iom_lit_sym *syms;
	unsigned nr_syms;
	int *mtrr_wc_devs;          /* devN numbers covered by mtrr_wc(devN) (x86 only)  */
	unsigned nr_mtrr_wc_devs;
	bool nopat;                 /* platform(nopat) in the init block                  */

	struct iom_lit_thread *threads; /* threads[i].id == i                            */
	unsigned nr_threads;
	struct iom_lit_device *devices;
	unsigned nr_devices;

	int *locations;             /* locations [a; b;]: sym indexes                     */
	unsigned nr_locations;
	struct iom_lit_cond *filter;/* NULL when absent                                   */
	enum iom_lit_quant quant;
	struct iom_lit_cond *cond;  /* never NULL after a successful parse                */
	/* ---- LKMM additions ---- */
	enum iom_lit_dialect dialect;
	bool result_deadlock;       /* "Result: DEADLOCK" (result stays NONE)             */
	bool result_datarace;       /* "Result: ... DATARACE" (trailing word)             */
	struct iom_lit_locref *locs;/* every entry of locations [...], in order, including
				     * registers and array elements; `locations` above keeps
				     * only the plain shared names (compatibility)          */
	unsigned nr_locs;
	const char *variant;        /* AArch64: herd7's "Variant=..." header value, or NULL  */
};

/* A test is MMIO (run per architecture, release and model) only when it maps a region (NAME = ioremap*(devN)
 * or ioport(devN)) or has a device block; every other test is plain LKMM. */
bool iom_lit_is_mmio(const struct iom_lit_test *t);
/* An AArch64 test ("AArch64 name"): the engine runs it under aarch64.cat. */
bool iom_lit_is_aarch64(const struct iom_lit_test *t);

/* For a test the LKMM engine runs: the first primitive the LKMM does not know (lkform
 * NONE: readl, mb, udelay, ...) gives -IOM_EINVAL with herd7's text "Unknown macro NAME"
 * at that statement's file:line:col. Names unknown to iomodel altogether are already
 * rejected that way by iom_lit_parse(). Returns 0 when every call is an LKMM one. */
int iom_lit_check_lkmm(const struct iom_lit_test *t, struct iom_diag *d);

/* Parse a test from buf[0..len) (need not be NUL-terminated). name is used in
 * diagnostics (file:line:col) and kept in test->file. On success returns 0 and sets *out
 * (free with iom_lit_test_free). On failure returns -IOM_EPARSE (syntax), -IOM_EINVAL
 * (unknown primitive or name, bad label reference, ...), -IOM_ENOMEM or -IOM_ELIMIT
 * (input too large / too deeply nested), sets *out to NULL and fills d. Never reads
 * past len; never loops forever. Kernel-version availability is NOT checked here: use
 * iom_lit_test_check() for that. */
int iom_lit_parse(const char *buf, size_t len, const char *name, struct iom_lit_test **out,
		  struct iom_diag *d);
/* Read path and parse it; -IOM_EIO when unreadable. */
int iom_lit_parse_file(const char *path, struct iom_lit_test **out, struct iom_diag *d);
void iom_lit_test_free(struct iom_lit_test *t);

/* Check that every primitive and region kind used by t exists on arch at kver and that the
 * architecture itself exists then. Returns 0, or -IOM_EINVAL with d pointing at the first
 * offending statement and naming the version (e.g. "mmiowb() does not exist in v5.2:
 * removed in v5.2"). */
int iom_lit_test_check(const struct iom_lit_test *t, enum iom_arch arch, unsigned kver,
		       struct iom_diag *d);

/* Expected verdict for (arch, kver, model) from the Expect: lines; the last matching line
 * wins. Returns IOM_LIT_V_NONE when no line matches. */
enum iom_lit_verdict iom_lit_expect_lookup(const struct iom_lit_test *t, enum iom_arch arch,
					   unsigned kver, enum iom_lit_model model);

/* Find the statement labelled label in thread tid (searching nested blocks); NULL if none. */
const struct iom_lit_stmt *iom_lit_find_label(const struct iom_lit_test *t, int tid,
					      const char *label);

/* Canonical re-rendering of the test (C-MMIO syntax, reparsable, comments dropped except
 * Result:/Expect: lines). Appends to b. */
void iom_lit_print(const struct iom_lit_test *t, struct iom_buf *b);
/* A condition as herd7 prints it after "Condition " (e.g. "exists (0:r0=1 /\ x=0)"). */
void iom_lit_print_cond(const struct iom_lit_test *t, enum iom_lit_quant q,
			const struct iom_lit_cond *c, struct iom_buf *b);
/* The proposition c alone, in the same spelling (an atom: "P0:a <io P0:b"). */
void iom_lit_print_prop(const struct iom_lit_test *t, const struct iom_lit_cond *c,
			struct iom_buf *b);

#endif
