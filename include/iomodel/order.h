/* SPDX-License-Identifier: MIT */
/* iomodel -- MMIO ordering rules: per-architecture, per-era, per-model rule tables.
 * The rules live in tables/order_*.def (one file per architecture and model, every row
 * citing its source). This module answers "is e1 ordered before e2 on one CPU?" and which
 * row says so; it renders the article-shaped tables from the same rows. It never
 * enumerates executions (lkmm.h does) and never prints.
 * Every returned pointer (rule rows, names) is static and never freed. */
#ifndef IOMODEL_ORDER_H
#define IOMODEL_ORDER_H

#include <stdbool.h>
#include <stdint.h>
#include "iomodel/buf.h"
#include "iomodel/diag.h"
#include "iomodel/litmus.h"

/* Event kinds the rules talk about (ORD-4.0). ORDER IOM_ORD_K */
enum iom_ord_kind {
	IOM_ORD_K_NR,         /* readX/writeX, ioreadN/iowriteN, *_be                   */
	IOM_ORD_K_RX,         /* *_relaxed                                              */
	IOM_ORD_K_RAW,        /* __raw_*                                                */
	IOM_ORD_K_PIO,        /* inX/outX                                               */
	IOM_ORD_K_STR,        /* elements of readsX/writesX/insX/outsX                  */
	IOM_ORD_K_CPY,        /* elements of memcpy_toio/memcpy_fromio/memset_io        */
	IOM_ORD_K_P,          /* normal memory: READ_ONCE/WRITE_ONCE/plain/xchg_relaxed */
	IOM_ORD_K_ACQ,        /* smp_load_acquire, xchg_acquire                         */
	IOM_ORD_K_REL,        /* smp_store_release, xchg_release                        */
	IOM_ORD_K_LOCK,       /* spin_lock, successful spin_trylock                     */
	IOM_ORD_K_UNLOCK,     /* spin_unlock                                            */
	/* barriers: no access of their own; they appear as the middle of FENCE rows */
	IOM_ORD_K_MB, IOM_ORD_K_RMB, IOM_ORD_K_WMB,
	IOM_ORD_K_SMP_MB, IOM_ORD_K_SMP_RMB, IOM_ORD_K_SMP_WMB,
	IOM_ORD_K_DMA_MB, IOM_ORD_K_DMA_RMB, IOM_ORD_K_DMA_WMB,
	IOM_ORD_K_IO_STOP_WC, IOM_ORD_K_MMIOWB, IOM_ORD_K_IOBARRIER,
	IOM_ORD_K_COMPILER,   /* barrier(), local_irq_*, udelay                         */
	IOM_ORD_K__COUNT,
};
#define IOM_ORD_KBIT(k) (1u << (k))
/* Barriers have no access of their own (they are the middle of FENCE rows). */
static inline bool iom_ord_is_barrier(enum iom_ord_kind k)
{
	return k >= IOM_ORD_K_MB;
}

/* Direction bits. */
enum { IOM_ORD_R = 1, IOM_ORD_W = 2, IOM_ORD_RW = 3 };
/* Region class bits: UC = no gathering/reordering (ioremap, _nocache, _uc, _np, ioport);
 * WC = gathering and reordering allowed (ioremap_wc where it is real); MEM = normal memory. */
enum { IOM_ORD_UC = 1, IOM_ORD_WC = 2, IOM_ORD_MEM = 4, IOM_ORD_ANYREG = 7 };

/* Pair conditions (column LOC of a PAIR row). ORDER IOM_ORD_LOC */
enum iom_ord_loc {
	IOM_ORD_LOC_ANY,
	IOM_ORD_LOC_SA,       /* same address (MMIO) / same location (memory)           */
	IOM_ORD_LOC_SD,       /* same device, different address                         */
	IOM_ORD_LOC_DD,       /* different devices                                      */
	IOM_ORD_LOC_SAMEDEV,  /* SA or SD                                               */
	IOM_ORD_LOC_NOTSA,    /* SD or DD, or different memory locations                */
	IOM_ORD_LOC_HELD,     /* e1 made while its CPU held a spinlock (mmiowb_set_pending) */
	IOM_ORD_LOC_NOLOCK,   /* no spin_lock between e1 and e2 (era-A io_sync survives) */
	IOM_ORD_LOC__COUNT,
};

/* Row shapes. PAIR: e1 then e2, nothing required in between. FENCE: e1, barrier, e2.
 * FLUSH: the event (or barrier) ends write-combining: WC writes on either side of it
 * are never merged into one transaction. */
enum iom_ord_rtype { IOM_ORD_PAIR, IOM_ORD_FENCE, IOM_ORD_FLUSH };

struct iom_ord_rule {
	const char *id;       /* stable key, e.g. "A64-NRW"; --flip-rule takes it        */
	enum iom_ord_rtype type;
	enum iom_arch arch;   /* IOM_ARCH_ANY for generic / portable rows               */
	enum iom_lit_model model;
	unsigned from, to;    /* IOM_KVER range [from, to); 0 = unbounded               */
	unsigned k1, op1, reg1; /* e1 (FLUSH: the event): kind bits, direction, region  */
	unsigned mid;         /* FENCE: barrier kind bits                               */
	unsigned k2, op2, reg2; /* e2                                                   */
	enum iom_ord_loc loc;
	bool ordered;         /* PAIR/FENCE: ordered; FLUSH: ends combining             */
	const char *what;     /* one-line statement of the fact                        */
	const char *source;   /* citation key(s): ART table, kernel file@commit, SDM   */
};

/* One access or barrier as the rules see it. */
struct iom_ord_ev {
	enum iom_ord_kind kind;
	unsigned op;          /* IOM_ORD_R / _W / _RW; 0 for barriers                    */
	unsigned reg;         /* IOM_ORD_UC / _WC / _MEM                                 */
	int dev;              /* MMIO/PIO: device number; -1 otherwise                  */
	uint64_t off;         /* MMIO/PIO: offset                                       */
	int loc;              /* normal memory / lock: location id; -1 otherwise        */
};

/* Pair facts the caller knows about the program between e1 and e2. */
enum { IOM_ORD_F_HELD = 1, IOM_ORD_F_LOCK_BETWEEN = 2 };

struct iom_ord_ctx {
	enum iom_arch arch;
	enum iom_lit_model model;
	unsigned kver;        /* IOM_KVER; 0 = newest behaviour                         */
	const char *flip;     /* rule id whose verdict is inverted (mutation runs); NULL */
};

/* Whether (arch, model) has rules at all. The article has no riscv table: false, with a
 * static reason in *why (may be NULL). */
bool iom_ord_supported(const struct iom_ord_ctx *c, const char **why);

/* PAIR lookup: first matching row wins; returns it (NULL = no row: unordered). *ordered
 * gets the (possibly flipped) verdict. flags: IOM_ORD_F_*. */
const struct iom_ord_rule *iom_ord_pair(const struct iom_ord_ctx *c, const struct iom_ord_ev *e1,
					const struct iom_ord_ev *e2, unsigned flags, bool *ordered);
/* FENCE lookup for e1, barrier kind f, e2 (in program order). */
const struct iom_ord_rule *iom_ord_fence(const struct iom_ord_ctx *c, const struct iom_ord_ev *e1,
					 enum iom_ord_kind f, const struct iom_ord_ev *e2,
					 bool *ordered);
/* FLUSH lookup: does e (an access or a barrier) end write-combining? */
const struct iom_ord_rule *iom_ord_flush(const struct iom_ord_ctx *c, const struct iom_ord_ev *e,
					 bool *flushes);

/* Barriers an accessor (or a mandatory barrier) contains, as LKMM fences on normal memory
 * (tables/io_lkmm_fences.def, docs/ordering.md §10): for event e, the fence tags
 * (IOM_ORD_LK_*) to put before it, after it, and on it (a barrier). A row named by c->flip
 * is left out (mutation runs). The portable model has only the rows for every arch. */
enum { IOM_ORD_LK_MB = 1, IOM_ORD_LK_RMB = 2, IOM_ORD_LK_WMB = 4 };
enum { IOM_ORD_LKF_BEFORE, IOM_ORD_LKF_AFTER, IOM_ORD_LKF_SELF };
void iom_ord_lkmm_fences(const struct iom_ord_ctx *c, const struct iom_ord_ev *e,
			 unsigned tags[3]);
/* Is id a row of tables/io_lkmm_fences.def? */
bool iom_ord_lkmm_fence_row(const char *id);

/* Every rule row of every table, in table order; *n gets the count. */
const struct iom_ord_rule *iom_ord_rules(unsigned *n);
const struct iom_ord_rule *iom_ord_rule_find(const char *id);
/* Is row r consulted for (arch, model, kver)? (Its table is in the lookup chain and the
 * version is in range.) */
bool iom_ord_rule_applies(const struct iom_ord_ctx *c, const struct iom_ord_rule *r);

const char *iom_ord_kind_name(enum iom_ord_kind k);

/* Classify a primitive with a region class (for accesses) into an event. Returns 0, or
 * -IOM_EINVAL when p makes no event the rules know (e.g. IOM_LIT_P_NONE). For a
 * trylock, the successful case (LOCK) is returned. */
int iom_ord_classify(enum iom_lit_prim p, unsigned reg, struct iom_ord_ev *out);

/* Parse a command-line event "PRIM[@REGION][:devN[+OFF]]": REGION is uc, wc, ioremap,
 * ioremap_nocache, ioremap_uc, ioremap_np, ioremap_wc, ioport or mem. Accesses without
 * @REGION are UC for MMIO/PIO and MEM for memory. Returns 0 or -IOM_EINVAL (d filled). */
int iom_ord_parse_event(const char *s, enum iom_arch a, struct iom_ord_ev *out,
			struct iom_diag *d);

/* The answer to "iomodel order A [BARRIER] B", as text ("ordered" / "not ordered", the
 * deciding row and its source) appended to b. Returns 0, or -IOM_EINVAL. */
int iom_ord_explain(const struct iom_ord_ctx *c, const struct iom_ord_ev *e1,
		    const struct iom_ord_ev *fence, const struct iom_ord_ev *e2, unsigned flags,
		    bool *ordered, struct iom_buf *b);

/* Article-shaped tables for c->arch computed from the rows: the API/implementation/
 * ordering table, the 2x3 "within ioremap_wc / within ioremap_nocache / against normal
 * memory" table and (where the cell is mixed) the prior/next access table. */
void iom_ord_render_tables(const struct iom_ord_ctx *c, struct iom_buf *b);

#endif
