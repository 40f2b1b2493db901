/* SPDX-License-Identifier: MIT */
/* iomodel -- LKMM relation layer: the model of Linux 6.12 tools/memory-model as herd7 7.57
 * evaluates it on one candidate execution. One file per model file, one function per
 * section of it, in the order herd7 runs them:
 *   model.c   herd7's own events, sets and relations (stdlib.cat), and the driver;
 *   bell.c    linux-kernel.bell;
 *   lock.c    lock.cat (included at the top of linux-kernel.cat);
 *   cat.c     linux-kernel.cat, section by section;
 *   cos.c     cos-opt.cat's co generation and the per-location checks of linux-kernel.cat
 *             that the search asks before a candidate is complete.
 * Every relation names the file and line it implements (tools/memory-model@v6.12).
 *
 * Fields carry the cat names, with '-' spelt '_' ("po-loc" is po_loc). Where the files
 * redefine a name (let-shadowing), the definition that something other than the next
 * definition of the same name reads gets a field of its own: the herd7 value keeps a 0
 * suffix (R0, Acquire0, rf0), the later one the plain name; fence and strong-fence, which
 * linux-kernel.cat l.155-156 extend with rcu-fence after hb and pb were built, are
 * fence_rcu and strong_fence_rcu from there on. A field holds one value for the whole
 * run; sub-expressions live in locals of the section that needs them. The relation each
 * check tests has the check's name, for lk_model_failed_edges(). */
#ifndef IOMODEL_LKMM_REL_MODEL_H
#define IOMODEL_LKMM_REL_MODEL_H

#include "lkmm/rel/rel.h"

struct lk_model {
	struct lk_dim dim;
	int dirty_n;                /* rows written since the last reset (lk_model_new)   */
	bool partial;               /* lk_model_check_partial: checks only, no flags      */
	bool coherent;              /* the execution's lk_exec.coherent: l.70 holds        */
	/* What reads neither rf nor co depends only on the events, po and the dependencies:
	 * lk_model_check computes it once per execution of the search's path combination
	 * (the *_fixed sections) and keeps it until lk_model_forget. */
	const struct lk_exec *fixed_x;  /* the execution it was computed for; NULL: none    */
	int fixed_ax;               /* lock.cat's checks that read only po and loc        */
	uint32_t fixed_flags;       /* the flags of that part                             */
	bool deps_fixed;            /* data ; [~Srcu-unlock] empty: bell l.61 and l.81 read
				     * no rf, and addr, data, ctrl, srcu-rscs are fixed    */
	bool lkrmw, crit;           /* lk-rmw, critical not empty (lock.cat l.44, l.77)   */
	bool ulk;                   /* UL and LKR events: po-unlock-lock-po may hold     */
	bool aul;                   /* After-unlock-lock events: mb reads po-unlock-lock-po */
	bool ppo_fixed;             /* ppo0 and dep_marked are fixed (lk_cat_ppo)         */
	bool srcu_any;              /* srcu-rscs not empty                                 */
	/* what the fixed part reads of the execution: another execution with the same (the
	 * next path combination, values aside) reuses it */
	int key_n;
	struct lk_key_ev { uint8_t kind; uint32_t tags; int loc, tid; } key_ev[LK_MAXEV];
	lk_rel key_po, key_addr, key_data, key_ctrl, key_rmw;
	/* hb's terms that read rf but not co (l.89-93: rmw-sequence, cumul-fence, and
	 * cumul-fence* ; [Marked] ; rfe? ; [Marked], prop_tail), kept while the candidates
	 * differ only in co (the search's co choices under one rf choice); rfc_* are what
	 * they were computed from. Valid within one fixed part (rfc_valid). */
	bool rfc_valid;
	lk_rel rfc_rf, rfc_pulp, rfc_sf, prop_tail;
	/* hb without its co terms, [Marked] ; (ppo | rfe | (([Marked] ; tail) \ id) & int) ;
	 * [Marked], is cyclic: hb is then cyclic whatever co is (lk_model_rf_doomed) */
	int rfc_hb_cyclic;          /* -1: not asked yet for this rf (lk_cat_hb_rf_cyclic) */
	/* lock.cat's rfe, rfi and rf^-1 (l.150-155), kept likewise while rf is rfl_rf;
	 * rf_gen counts their recomputations, and the terms below that read rf and
	 * fixed relations only are kept while it stays what they were computed at:
	 * po-loc | rf of coherence (cat l.69-70) and ppo's terms but overwrite & int
	 * (l.82-85: with the fixed ppo and no po-unlock-lock-po) */
	bool rfl_valid;
	lk_rel rfl_rf, rf_inv;
	uint64_t rf_gen, coh_gen, ppo_gen;
	lk_rel coh_rf, ppo_rf;

	/* ---- sets (all cleared together by lk_model_new: keep them first) ---- */
	/* herd7's event sets (the 0 suffix: before lock.cat redefines them) */
	lk_set all, R0, W0, M0, F, IW, FW, Once, Acquire0, Release0, Noreturn, RMW;
	lk_set LKR, LKW, UL, LF0, RL, RU;
	lk_set Srcu_lock, Srcu_unlock, Sync_srcu, Sync_rcu, Rcu_lock, Rcu_unlock;
	/* linux-kernel.bell */
	lk_set Marked, Plain;
	/* lock.cat */
	lk_set LF, ALL_LOCKS, UNMATCHED_LKW, R, W, M, Release, Acquire;
	/* linux-kernel.cat */
	lk_set R4rmb;

	/* ---- relations ---- */
	/* herd7's (stdlib.cat and the candidate) */
	lk_rel po, loc, int_, ext, id, po_loc, rf0;
	/* linux-kernel.bell */
	lk_rel rcu_rscs, srcu_rscs, addr, data, ctrl;
	/* lock.cat */
	lk_rel lk_rmw, rmw, critical, rf, co, rfe, rfi, fr, fre, coe;
	/* the fixed parts: bell l.61 and l.81 data ; [~Srcu-unlock]; mb without its
	 * After-unlock-lock term (l.36-53); ppo's terms that read no rf, co or fr (l.81-85)
	 * and dep ; [Marked] (l.84) */
	lk_rel data_nsu, mb0, ppo0, dep_marked;
	/* linux-kernel.cat: basic relations and fences (l.23-62) */
	lk_rel acq_po, po_rel, po_unlock_lock_po, rmb, rmb_fencerel, wmb, mb, gp;
	lk_rel strong_fence, nonrw_fence, fence, barrier;
	/* ppo, cumul-fence, prop, hb, pb (l.75-108) */
	lk_rel ppo, rmw_sequence, cumul_fence, prop, hb, hb_star, pb, pb_star;
	/* RCU (l.110-161) */
	lk_rel rcu_link, rcu_order, rcu_fence, fence_rcu, strong_fence_rcu, rb;
	/* plain accesses and data races (l.172-216) */
	lk_rel xbstar, vis, w_pre_bounded, r_pre_bounded, w_post_bounded, r_post_bounded;
	lk_rel ww_vis, wr_vis, rw_xbstar, pre_race;
	/* the relation each failing check tested */
	lk_rel coherence, atomic, lock_check, plain_coherence;
	/* rcu-rscsi and srcu-rscsi (cat l.126-127) and rcu-link's head [K] ; po? (l.134),
	 * kept while the fixed part is the same and srcu-rscs is fixed too (deps_fixed):
	 * rcuf_valid. After the relations lk_model_new() clears: only rcuf_valid says
	 * whether they hold anything */
	lk_rel rcuf_rscsi, rcuf_srscsi, rcuf_head;
	/* the same fixed part on the events rcu-order can relate, C = Sync_rcu | Rcu_lock |
	 * Rcu_unlock, numbered 0 .. n - 1 (n < 0: more than 64): rcu-rscsi's rows
	 * and the grace periods as one word each, and po's rows on C's columns (lk_cat_rcu's
	 * one-word fixpoint) */
	struct lk_rcuc {
		int n;
		uint8_t ev[64], pos[LK_MAXEV];
		uint64_t rs[64], gp, po[LK_MAXEV];
	} *rcuc;   /* allocated apart: its 3 KB in the struct made unrelated tests 4 % slower */
	/* (at the end: a field among the others moves every relation by 8 bytes off the
	 * 32-byte rows' alignment, which cost the lock tests 7 %) */
	bool rcuf_valid;
};

/* Every section: D is the dimension of the execution under check. */
#define D (&m->dim)

/* fencerel(S) = (po & (_ * S)) ; po   (herd7 stdlib.cat l.29) */
static inline void fencerel(struct lk_model *m, lk_rel *d, const lk_set *s)
{
	if (set_empty(D, s)) {
		rel_clear(D, d);    /* no fence of that kind: nothing to compose */
		return;
	}
	rel_copy(D, d, &m->po);
	rel_ran(D, d, s);
	rel_seq(D, d, d, &m->po);
}

/* d = [a] ; r ; [b]   (a or b NULL: no restriction on that side) */
static inline void restrict2(struct lk_model *m, lk_rel *d, const lk_rel *r, const lk_set *a,
			     const lk_set *b)
{
	if (d != r)
		rel_copy(D, d, r);
	if (a)
		rel_dom(D, d, a);
	if (b)
		rel_ran(D, d, b);
}

/* The events whose tags include any of tag. */
void lk_set_from_tag(struct lk_model *m, const struct lk_exec *x, lk_set *s, uint32_t tag);

/* The sections, in herd7's order. Each returns IOM_LKMM_AX_NONE or the check that failed
 * (the rest of the model is then not evaluated), and adds its flags to *flags. A *_fixed
 * section is the part of its section that reads neither rf nor co (nor FW): it runs once
 * per execution of a path combination, before the rest of its section. */
void lk_herd7_fixed(struct lk_model *m, const struct lk_exec *x);
void lk_herd7_base(struct lk_model *m, const struct lk_exec *x, const bool *observed);
void lk_bell_fixed(struct lk_model *m, const struct lk_exec *x, uint32_t *flags);
int lk_bell(struct lk_model *m, const struct lk_exec *x, uint32_t *flags);
int lk_lock_fixed(struct lk_model *m, const struct lk_exec *x, uint32_t *flags);
int lk_lock_cat(struct lk_model *m, const struct lk_exec *x, uint32_t *flags);
void lk_cat_basic_fixed(struct lk_model *m, const struct lk_exec *x);
int lk_cat_basic(struct lk_model *m, const struct lk_exec *x);
int lk_cat_coherence(struct lk_model *m);
void lk_cat_ppo_fixed(struct lk_model *m);
int lk_cat_ppo(struct lk_model *m);
int lk_cat_hb(struct lk_model *m);
bool lk_cat_hb_rf_cyclic(struct lk_model *m);
int lk_cat_pb(struct lk_model *m);
int lk_cat_rcu(struct lk_model *m);
void lk_cat_plain_fixed(struct lk_model *m, uint32_t *flags);
int lk_cat_plain(struct lk_model *m, uint32_t *flags);

#endif
