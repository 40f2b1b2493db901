// SPDX-License-Identifier: MIT
/* iomodel -- MMIO ordering rules: table lookup and primitive classification.
 * The facts are the rows of tables/order_*.def; this file only builds one array from them
 * and matches events against it. Lookup chain per model (first matching row wins):
 *   kernel:   <arch>.def, generic.def
 *   article:  article.def rows of <arch>, <arch>.def, generic.def   (no riscv)
 *   portable: portable.def, generic.def
 * Must not: enumerate executions, print. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/order.h"

/* ---- building the rule array from the .def files ------------------------------------- */

#define KB(k) IOM_ORD_KBIT(IOM_ORD_K_##k)
#define NR KB(NR)
#define RX KB(RX)
#define RAW KB(RAW)
#define PIO KB(PIO)
#define STR KB(STR)
#define CPY KB(CPY)
#define P KB(P)
#define ACQ KB(ACQ)
#define REL KB(REL)
#define LOCK KB(LOCK)
#define UNLOCK KB(UNLOCK)
#define MB KB(MB)
#define RMB KB(RMB)
#define WMB KB(WMB)
#define SMP_MB KB(SMP_MB)
#define SMP_RMB KB(SMP_RMB)
#define SMP_WMB KB(SMP_WMB)
#define DMA_MB KB(DMA_MB)
#define DMA_RMB KB(DMA_RMB)
#define DMA_WMB KB(DMA_WMB)
#define IO_STOP_WC KB(IO_STOP_WC)
#define MMIOWB KB(MMIOWB)
#define IOBARRIER KB(IOBARRIER)
#define COMPILER KB(COMPILER)
#define MMIO (NR | RX | RAW | PIO | STR | CPY)
#define MEMACC (P | ACQ | REL)
#define ACC (MMIO | MEMACC | LOCK | UNLOCK)
#define R IOM_ORD_R
#define W IOM_ORD_W
#define RW IOM_ORD_RW
#define UC IOM_ORD_UC
#define WC IOM_ORD_WC
#define MEM IOM_ORD_MEM
#define ANYR IOM_ORD_ANYREG
#define O true
#define U false
#define V(a, b) IOM_KVER(a, b)

#define ORD_PAIR(id, from, to, k1, op1, r1, k2, op2, r2, loc, v, what, src)                      \
	{ #id, IOM_ORD_PAIR, CUR_ARCH, CUR_MODEL, from, to, k1, op1, r1, 0, k2, op2, r2,          \
	  IOM_ORD_LOC_##loc, v, what, src },
#define ORD_FENCE(id, from, to, k1, op1, r1, mid, k2, op2, r2, v, what, src)                     \
	{ #id, IOM_ORD_FENCE, CUR_ARCH, CUR_MODEL, from, to, k1, op1, r1, mid, k2, op2, r2,       \
	  IOM_ORD_LOC_ANY, v, what, src },
#define ORD_FLUSH(id, from, to, k, op, r, v, what, src)                                          \
	{ #id, IOM_ORD_FLUSH, CUR_ARCH, CUR_MODEL, from, to, k, op, r, 0, 0, 0, 0,                \
	  IOM_ORD_LOC_ANY, v, what, src },
#define ART_PAIR(id, a, from, to, k1, op1, r1, k2, op2, r2, loc, v, what, src)                   \
	{ #id, IOM_ORD_PAIR, IOM_ARCH_##a, IOM_LIT_MODEL_ARTICLE, from, to, k1, op1, r1, 0, k2,   \
	  op2, r2, IOM_ORD_LOC_##loc, v, what, src },
#define ART_FENCE(id, a, from, to, k1, op1, r1, mid, k2, op2, r2, v, what, src)                  \
	{ #id, IOM_ORD_FENCE, IOM_ARCH_##a, IOM_LIT_MODEL_ARTICLE, from, to, k1, op1, r1, mid,    \
	  k2, op2, r2, IOM_ORD_LOC_ANY, v, what, src },
#define ART_FLUSH(id, a, from, to, k, op, r, v, what, src)                                       \
	{ #id, IOM_ORD_FLUSH, IOM_ARCH_##a, IOM_LIT_MODEL_ARTICLE, from, to, k, op, r, 0, 0, 0,   \
	  0, IOM_ORD_LOC_ANY, v, what, src },

static const struct iom_ord_rule rules[] = {
#define CUR_MODEL IOM_LIT_MODEL_ARTICLE
#define CUR_ARCH IOM_ARCH_ANY
#include "../tables/order_article.def"
#undef CUR_MODEL
#undef CUR_ARCH
#define CUR_MODEL IOM_LIT_MODEL_KERNEL
#define CUR_ARCH IOM_ARCH_X86
#include "../tables/order_x86.def"
#undef CUR_ARCH
#define CUR_ARCH IOM_ARCH_ARM64
#include "../tables/order_arm64.def"
#undef CUR_ARCH
#define CUR_ARCH IOM_ARCH_POWERPC
#include "../tables/order_powerpc.def"
#undef CUR_ARCH
#define CUR_ARCH IOM_ARCH_RISCV
#include "../tables/order_riscv.def"
#undef CUR_ARCH
#undef CUR_MODEL
#define CUR_MODEL IOM_LIT_MODEL_PORTABLE
#define CUR_ARCH IOM_ARCH_ANY
#include "../tables/order_portable.def"
#undef CUR_MODEL
/* generic rows: model ANY (every model), arch ANY */
#define CUR_MODEL IOM_LIT_MODEL_ANY
#include "../tables/order_generic.def"
#undef CUR_MODEL
#undef CUR_ARCH
};

#undef KB
#undef NR
#undef RX
#undef RAW
#undef PIO
#undef STR
#undef CPY
#undef P
#undef ACQ
#undef REL
#undef LOCK
#undef UNLOCK
#undef MB
#undef RMB
#undef WMB
#undef SMP_MB
#undef SMP_RMB
#undef SMP_WMB
#undef DMA_MB
#undef DMA_RMB
#undef DMA_WMB
#undef IO_STOP_WC
#undef MMIOWB
#undef IOBARRIER
#undef COMPILER
#undef MMIO
#undef MEMACC
#undef ACC
#undef R
#undef W
#undef RW
#undef UC
#undef WC
#undef MEM
#undef ANYR
#undef O
#undef U
#undef V

const struct iom_ord_rule *iom_ord_rules(unsigned *n)
{
	if (n)
		*n = ARRAY_SIZE(rules);
	return rules;
}

const struct iom_ord_rule *iom_ord_rule_find(const char *id)
{
	for (size_t i = 0; id && i < ARRAY_SIZE(rules); i++)
		if (!strcmp(rules[i].id, id))
			return &rules[i];
	return NULL;
}

/* ORDER IOM_ORD_K */
static const char *const kind_names[] = {
	[IOM_ORD_K_NR] = "non-relaxed",
	[IOM_ORD_K_RX] = "relaxed",
	[IOM_ORD_K_RAW] = "raw",
	[IOM_ORD_K_PIO] = "port I/O",
	[IOM_ORD_K_STR] = "string element",
	[IOM_ORD_K_CPY] = "memcpy_*io element",
	[IOM_ORD_K_P] = "plain",
	[IOM_ORD_K_ACQ] = "acquire",
	[IOM_ORD_K_REL] = "release",
	[IOM_ORD_K_LOCK] = "spin_lock",
	[IOM_ORD_K_UNLOCK] = "spin_unlock",
	[IOM_ORD_K_MB] = "mb",
	[IOM_ORD_K_RMB] = "rmb",
	[IOM_ORD_K_WMB] = "wmb",
	[IOM_ORD_K_SMP_MB] = "smp_mb",
	[IOM_ORD_K_SMP_RMB] = "smp_rmb",
	[IOM_ORD_K_SMP_WMB] = "smp_wmb",
	[IOM_ORD_K_DMA_MB] = "dma_mb",
	[IOM_ORD_K_DMA_RMB] = "dma_rmb",
	[IOM_ORD_K_DMA_WMB] = "dma_wmb",
	[IOM_ORD_K_IO_STOP_WC] = "io_stop_wc",
	[IOM_ORD_K_MMIOWB] = "mmiowb",
	[IOM_ORD_K_IOBARRIER] = "iobarrier",
	[IOM_ORD_K_COMPILER] = "barrier",
};
_Static_assert(ARRAY_SIZE(kind_names) == IOM_ORD_K__COUNT, "kind_names");

const char *iom_ord_kind_name(enum iom_ord_kind k)
{
	return (unsigned)k < IOM_ORD_K__COUNT ? kind_names[k] : "?";
}

/* ---- lookup ------------------------------------------------------------------------------ */

bool iom_ord_supported(const struct iom_ord_ctx *c, const char **why)
{
	if ((unsigned)c->arch >= IOM_ARCH__COUNT || (unsigned)c->model >= IOM_LIT_MODEL__COUNT) {
		if (why)
			*why = "unknown architecture or model";
		return false;
	}
	if (c->model == IOM_LIT_MODEL_ARTICLE && c->arch == IOM_ARCH_RISCV) {
		if (why)
			*why = "the article (2016) has no riscv table; use --model kernel or portable";
		return false;
	}
	return true;
}

/* Position of row r's table in c's chain: 0, 1, 2 in lookup order; -1 = not consulted. */
static int chain_pos(const struct iom_ord_ctx *c, const struct iom_ord_rule *r)
{
	if (r->model == IOM_LIT_MODEL_ANY)
		return 3;
	switch (c->model) {
	case IOM_LIT_MODEL_KERNEL:
		return r->model == IOM_LIT_MODEL_KERNEL && r->arch == c->arch ? 1 : -1;
	case IOM_LIT_MODEL_ARTICLE:
		if (r->model == IOM_LIT_MODEL_ARTICLE && r->arch == c->arch)
			return 0;
		return r->model == IOM_LIT_MODEL_KERNEL && r->arch == c->arch ? 1 : -1;
	case IOM_LIT_MODEL_PORTABLE:
		return r->model == IOM_LIT_MODEL_PORTABLE ? 1 : -1;
	default:
		return -1;
	}
}

static bool in_range(const struct iom_ord_ctx *c, const struct iom_ord_rule *r)
{
	unsigned v = c->kver ? c->kver : IOM_KVER(99, 255);
	return (!r->from || v >= r->from) && (!r->to || v < r->to);
}

bool iom_ord_rule_applies(const struct iom_ord_ctx *c, const struct iom_ord_rule *r)
{
	return iom_ord_supported(c, NULL) && chain_pos(c, r) >= 0 && in_range(c, r);
}

static bool ev_match(const struct iom_ord_ev *e, unsigned k, unsigned op, unsigned reg)
{
	unsigned eop = e->op ? e->op : IOM_ORD_RW;
	return (IOM_ORD_KBIT(e->kind) & k) && (eop & op) && (e->reg & reg);
}

static bool is_mmio(const struct iom_ord_ev *e)
{
	return e->dev >= 0;
}

static bool loc_match(enum iom_ord_loc loc, const struct iom_ord_ev *a, const struct iom_ord_ev *b,
		      unsigned flags)
{
	bool sa, sd;
	if (is_mmio(a) && is_mmio(b)) {
		sa = a->dev == b->dev && a->off == b->off;
		sd = a->dev == b->dev && a->off != b->off;
	} else if (!is_mmio(a) && !is_mmio(b) && a->loc >= 0) {
		sa = a->loc == b->loc;
		sd = false;
	} else {
		sa = sd = false;
	}
	switch (loc) {
	case IOM_ORD_LOC_ANY:
		return true;
	case IOM_ORD_LOC_SA:
		return sa;
	case IOM_ORD_LOC_SD:
		return sd;
	case IOM_ORD_LOC_DD:
		return !sa && !sd;
	case IOM_ORD_LOC_SAMEDEV:
		return sa || sd;
	case IOM_ORD_LOC_NOTSA:
		return !sa;
	case IOM_ORD_LOC_HELD:
		return flags & IOM_ORD_F_HELD;
	case IOM_ORD_LOC_NOLOCK:
		return !(flags & IOM_ORD_F_LOCK_BETWEEN);
	default:
		return false;
	}
}

static const struct iom_ord_rule *verdict(const struct iom_ord_ctx *c,
					  const struct iom_ord_rule *r, bool *out)
{
	bool v = r ? r->ordered : false;
	if (r && c->flip && !strcmp(c->flip, r->id))
		v = !v;
	if (out)
		*out = v;
	return r;
}

/* First matching row of type t in chain order. */
typedef bool (*row_pred)(const struct iom_ord_rule *r, const void *arg);
static const struct iom_ord_rule *first_row(const struct iom_ord_ctx *c, enum iom_ord_rtype t,
					    row_pred pred, const void *arg)
{
	if (!iom_ord_supported(c, NULL))
		return NULL;
	for (int pos = 0; pos <= 3; pos++)
		for (size_t i = 0; i < ARRAY_SIZE(rules); i++) {
			const struct iom_ord_rule *r = &rules[i];
			if (r->type == t && chain_pos(c, r) == pos && in_range(c, r) && pred(r, arg))
				return r;
		}
	return NULL;
}

struct pair_arg {
	const struct iom_ord_ev *a, *b, *f;
	unsigned flags;
};

static bool pair_pred(const struct iom_ord_rule *r, const void *arg)
{
	const struct pair_arg *p = arg;
	return ev_match(p->a, r->k1, r->op1, r->reg1) && ev_match(p->b, r->k2, r->op2, r->reg2) &&
	       loc_match(r->loc, p->a, p->b, p->flags);
}

static bool fence_pred(const struct iom_ord_rule *r, const void *arg)
{
	const struct pair_arg *p = arg;
	return (r->mid & IOM_ORD_KBIT(p->f->kind)) && ev_match(p->a, r->k1, r->op1, r->reg1) &&
	       ev_match(p->b, r->k2, r->op2, r->reg2);
}

static bool flush_pred(const struct iom_ord_rule *r, const void *arg)
{
	const struct pair_arg *p = arg;
	return ev_match(p->a, r->k1, r->op1, r->reg1);
}

const struct iom_ord_rule *iom_ord_pair(const struct iom_ord_ctx *c, const struct iom_ord_ev *e1,
					const struct iom_ord_ev *e2, unsigned flags, bool *ordered)
{
	struct pair_arg p = { e1, e2, NULL, flags };
	return verdict(c, first_row(c, IOM_ORD_PAIR, pair_pred, &p), ordered);
}

const struct iom_ord_rule *iom_ord_fence(const struct iom_ord_ctx *c, const struct iom_ord_ev *e1,
					 enum iom_ord_kind f, const struct iom_ord_ev *e2,
					 bool *ordered)
{
	struct iom_ord_ev fe = { f, 0, IOM_ORD_ANYREG, -1, 0, -1 };
	struct pair_arg p = { e1, e2, &fe, 0 };
	return verdict(c, first_row(c, IOM_ORD_FENCE, fence_pred, &p), ordered);
}

const struct iom_ord_rule *iom_ord_flush(const struct iom_ord_ctx *c, const struct iom_ord_ev *e,
					 bool *flushes)
{
	struct pair_arg p = { e, NULL, NULL, 0 };
	return verdict(c, first_row(c, IOM_ORD_FLUSH, flush_pred, &p), flushes);
}

/* ---- primitive classification --------------------------------------------------------- */

static const enum iom_ord_kind barrier_kind[IOM_LIT_B__COUNT] = {
	[IOM_LIT_B_NONE] = IOM_ORD_K_COMPILER,
	[IOM_LIT_B_MB] = IOM_ORD_K_MB,
	[IOM_LIT_B_RMB] = IOM_ORD_K_RMB,
	[IOM_LIT_B_WMB] = IOM_ORD_K_WMB,
	[IOM_LIT_B_SMP_MB] = IOM_ORD_K_SMP_MB,
	[IOM_LIT_B_SMP_RMB] = IOM_ORD_K_SMP_RMB,
	[IOM_LIT_B_SMP_WMB] = IOM_ORD_K_SMP_WMB,
	[IOM_LIT_B_DMA_MB] = IOM_ORD_K_DMA_MB,
	[IOM_LIT_B_DMA_RMB] = IOM_ORD_K_DMA_RMB,
	[IOM_LIT_B_DMA_WMB] = IOM_ORD_K_DMA_WMB,
	[IOM_LIT_B_IO_STOP_WC] = IOM_ORD_K_IO_STOP_WC,
	[IOM_LIT_B_MMIOWB] = IOM_ORD_K_MMIOWB,
	[IOM_LIT_B_IOBARRIER_RW] = IOM_ORD_K_IOBARRIER,
	[IOM_LIT_B_IOBARRIER_R] = IOM_ORD_K_IOBARRIER,
	[IOM_LIT_B_IOBARRIER_W] = IOM_ORD_K_IOBARRIER,
	[IOM_LIT_B_COMPILER] = IOM_ORD_K_COMPILER,
	/* LKMM: these are smp_mb() where they are not implied by the adjacent operation */
	[IOM_LIT_B_SMP_MB_BEFORE_ATOMIC] = IOM_ORD_K_SMP_MB,
	[IOM_LIT_B_SMP_MB_AFTER_ATOMIC] = IOM_ORD_K_SMP_MB,
	[IOM_LIT_B_SMP_MB_AFTER_SPINLOCK] = IOM_ORD_K_SMP_MB,
	[IOM_LIT_B_SMP_MB_AFTER_UNLOCK_LOCK] = IOM_ORD_K_SMP_MB,
};

int iom_ord_classify(enum iom_lit_prim p, unsigned reg, struct iom_ord_ev *out)
{
	const struct iom_lit_prim_info *pi = iom_lit_prim_info(p);
	struct iom_ord_ev e = { IOM_ORD_K_COMPILER, 0, IOM_ORD_MEM, -1, 0, -1 };
	unsigned op = pi->dir == IOM_LIT_DIR_READ	 ? IOM_ORD_R
		      : pi->dir == IOM_LIT_DIR_WRITE ? IOM_ORD_W
						     : IOM_ORD_RW;
	switch (pi->pclass) {
	case IOM_LIT_PC_MMIO:
		e.kind = pi->flavour == IOM_LIT_FL_RELAXED ? IOM_ORD_K_RX
			 : pi->flavour == IOM_LIT_FL_RAW   ? IOM_ORD_K_RAW
							   : IOM_ORD_K_NR;
		e.op = op;
		e.reg = reg ? reg : IOM_ORD_UC;
		e.dev = 0;
		break;
	case IOM_LIT_PC_PIO:
		e.kind = IOM_ORD_K_PIO;
		e.op = op;
		e.reg = IOM_ORD_UC;
		e.dev = 0;
		break;
	case IOM_LIT_PC_STRING:
		e.kind = p == IOM_LIT_P_MEMCPY_TOIO || p == IOM_LIT_P_MEMCPY_FROMIO ||
					 p == IOM_LIT_P_MEMSET_IO
				 ? IOM_ORD_K_CPY
				 : IOM_ORD_K_STR;
		e.op = op;
		e.reg = reg ? reg : IOM_ORD_UC;
		e.dev = 0;
		break;
	case IOM_LIT_PC_MEM:
	case IOM_LIT_PC_RMW:
		e.kind = pi->flavour == IOM_LIT_FL_ACQUIRE   ? IOM_ORD_K_ACQ
			 : pi->flavour == IOM_LIT_FL_RELEASE ? IOM_ORD_K_REL
							     : IOM_ORD_K_P;
		e.op = op;
		e.loc = 0;
		break;
	case IOM_LIT_PC_LOCK:
		e.kind = pi->lockop == IOM_LIT_LK_UNLOCK ? IOM_ORD_K_UNLOCK : IOM_ORD_K_LOCK;
		e.op = pi->lockop == IOM_LIT_LK_UNLOCK ? IOM_ORD_W : IOM_ORD_RW;
		e.loc = 1000;
		break;
	case IOM_LIT_PC_BARRIER:
	case IOM_LIT_PC_OTHER:
		e.kind = barrier_kind[pi->barrier];
		e.reg = IOM_ORD_ANYREG;
		break;
	default:
		return -IOM_EINVAL;
	}
	*out = e;
	return 0;
}

/* ---- accessor barriers as LKMM fences (tables/io_lkmm_fences.def) --------------------- */

struct lkf_row {
	const char *id;
	int arch;                   /* enum iom_arch, or -1: every architecture, every model */
	unsigned from, to;
	unsigned kinds, dir;
	int pos;                    /* IOM_ORD_LKF_*                                         */
	unsigned tag;               /* IOM_ORD_LK_*                                          */
	const char *what, *src;
};

#define IOM_ARCH_ANY (-1)
#define IO_LKMM_FENCE(id, a, from, to, k, dir, pos, tag, what, src)                            \
	{ #id, IOM_ARCH_##a, from, to, k, dir, IOM_ORD_LKF_##pos, IOM_ORD_LK_##tag, what, src },
#define NR IOM_ORD_KBIT(IOM_ORD_K_NR)
#define PIO IOM_ORD_KBIT(IOM_ORD_K_PIO)
#define MB IOM_ORD_KBIT(IOM_ORD_K_MB)
#define RMB IOM_ORD_KBIT(IOM_ORD_K_RMB)
#define WMB IOM_ORD_KBIT(IOM_ORD_K_WMB)
#define R IOM_ORD_R
#define W IOM_ORD_W
#define RW IOM_ORD_RW
static const struct lkf_row lkf_rows[] = {
#include "../tables/io_lkmm_fences.def"
};
#undef IO_LKMM_FENCE
#undef NR
#undef PIO
#undef MB
#undef RMB
#undef WMB
#undef R
#undef W
#undef RW

void iom_ord_lkmm_fences(const struct iom_ord_ctx *c, const struct iom_ord_ev *e,
			 unsigned tags[3])
{
	tags[0] = tags[1] = tags[2] = 0;
	for (size_t i = 0; i < ARRAY_SIZE(lkf_rows); i++) {
		const struct lkf_row *r = &lkf_rows[i];
		if (r->arch >= 0 && (r->arch != (int)c->arch || c->model == IOM_LIT_MODEL_PORTABLE))
			continue;
		if ((r->from && c->kver && c->kver < r->from) || (r->to && c->kver >= r->to))
			continue;
		if (!(r->kinds & IOM_ORD_KBIT(e->kind)) || (!iom_ord_is_barrier(e->kind) && !(r->dir & e->op)))
			continue;
		if (c->flip && !strcmp(c->flip, r->id))
			continue;
		tags[r->pos] |= r->tag;
	}
}

bool iom_ord_lkmm_fence_row(const char *id)
{
	for (size_t i = 0; id && i < ARRAY_SIZE(lkf_rows); i++)
		if (!strcmp(lkf_rows[i].id, id))
			return true;
	return false;
}
