// SPDX-License-Identifier: MIT
/* iomodel -- aarch64.cat (herd7 7.57's libdir: aarch64.cat, aarch64hwreqs.cat,
 * aarch64deps.cat, aarch64fences.cat, aarch64util.cat, aarch64loc.cat) as the search's
 * second model, for user-level tests: explicit accesses only (Exp), no page tables, tags,
 * instruction fetch or cache maintenance, one access size per location. Under those
 * limits the cat file's terms on Imp, TTD, Tag, Instr, TLBI, DC, IC, HU and FAULT events
 * are empty, sca-class is the identity, CSE is ISB, and the definitions below are what
 * remains; each names its file and line.
 *
 * This is the CPU's model; tables/order_arm64.def, the MMIO rows of arm64's accessors,
 * is a different thing. */
#include <stdlib.h>
#include <string.h>
#include "lkmm/rel/rel.h"

enum {
	A64_AX_INTERNAL = 100,      /* aarch64.cat l.163-166 coRW1-Exp, coWW-Exp, coWR-Exp   */
	A64_AX_EXTERNAL,            /* l.160 irreflexive ob as external                       */
	A64_AX_ATOMIC,              /* l.170 atomic                                          */
};

struct a64m {
	struct lk_dim D;
	lk_rel rf, fr, co, ca, po, poloc, ext, lws, lrs, addr, data, ctrl, dob, pob, aob, bob, sca;
	lk_rel lob, t1, t2, t3, ob, cyc;
	lk_set R, W, M, A, Q, L, X, NORET, AMO, ISB, DMBF, DMBL, DMBS, DSBF, DSBL, DSBS;
	int failed;
};

static void *a64_create(void)
{
	return calloc(1, sizeof(struct a64m));
}

static void a64_destroy(void *m)
{
	free(m);
}

static void a64_forget(void *m)
{
	(void)m;
}

/* r; [s]; po  and  po; [s]; r: a fence's order (fencerel) */
static void around(const struct lk_dim *D, lk_rel *d, const lk_rel *po, const lk_set *f,
		   const lk_set *from, const lk_set *to, lk_rel *tmp)
{
	/* d = [from]; po; [f]; po; [to] */
	rel_copy(D, tmp, po);
	rel_ran(D, tmp, f);
	rel_dom(D, tmp, from);
	rel_seq(D, d, tmp, po);
	rel_ran(D, d, to);
}

static int a64_check(void *mm, const struct lk_exec *x, const bool *observed, uint32_t *flags)
{
	(void)observed;
	struct a64m *m = mm;
	struct lk_dim *D = &m->D;
	D->n = x->n;
	D->nw = (x->n + 63) / 64;
	int n = x->n;
	*flags = 0;
	/* sets (aarch64fences.cat l.51-62: dmb.full includes dsb.full, and so on) */
	lk_set *sets[] = { &m->R, &m->W, &m->M, &m->A, &m->Q, &m->L, &m->X, &m->NORET, &m->AMO,
			   &m->ISB, &m->DMBF, &m->DMBL, &m->DMBS, &m->DSBF, &m->DSBL, &m->DSBS };
	for (size_t k = 0; k < sizeof(sets) / sizeof(sets[0]); k++)
		set_clear(D, sets[k]);
	bool share = false;
	for (int i = 0; i < n; i++) {
		const struct lk_ev *e = &x->ev[i];
		uint32_t t = e->tags & (LK_T_IW ? ~(uint32_t)LK_T_IW : ~0u);
		if (e->tags & LK_T_IW)
			t = 0;
		if (e->kind == LK_EV_R)
			set_add(&m->R, i), set_add(&m->M, i);
		if (e->kind == LK_EV_W)
			set_add(&m->W, i), set_add(&m->M, i);
		if (t & LK_A64_A) set_add(&m->A, i);
		if (t & LK_A64_Q) set_add(&m->Q, i);
		if (t & LK_A64_L) set_add(&m->L, i);
		if (t & LK_A64_X) set_add(&m->X, i);
		if (t & LK_A64_NORET) set_add(&m->NORET, i);
		if (t & LK_A64_AMO) set_add(&m->AMO, i);
		if (e->kind == LK_EV_F) {
			if (t & LK_A64_ISB) set_add(&m->ISB, i);
			if (t & LK_A64_DMB_FULL) set_add(&m->DMBF, i);
			if (t & LK_A64_DMB_LD) set_add(&m->DMBL, i);
			if (t & LK_A64_DMB_ST) set_add(&m->DMBS, i);
			if (t & LK_A64_DSB_FULL) set_add(&m->DSBF, i);
			if (t & LK_A64_DSB_LD) set_add(&m->DSBL, i);
			if (t & LK_A64_DSB_ST) set_add(&m->DSBS, i);
			share |= (t & LK_A64_SHARE) != 0;
		}
	}
	/* base relations: rf, co, fr = rf^-1; co, ca = fr | co (aarch64.cat l.52) */
	rel_clear(D, &m->rf);
	for (int r = 0; r < n; r++)
		if (x->ev[r].kind == LK_EV_R && x->rf[r] >= 0)
			rel_add(&m->rf, x->rf[r], r);
	rel_copy(D, &m->co, &x->co);
	rel_inv(D, &m->t1, &m->rf);
	rel_seq(D, &m->fr, &m->t1, &m->co);
	rel_copy(D, &m->ca, &m->fr);
	rel_or(D, &m->ca, &m->co);
	rel_copy(D, &m->po, &x->po);
	/* po-loc (aarch64loc.cat l.9-14: [M]; loc; [M]), ext */
	rel_clear(D, &m->poloc);
	rel_clear(D, &m->ext);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			if (x->ev[i].tid != x->ev[j].tid || x->ev[i].tid < 0)
				rel_add(&m->ext, i, j);
			if (rel_has(&m->po, i, j) && set_has(&m->M, i) && set_has(&m->M, j) &&
			    x->ev[i].loc == x->ev[j].loc)
				rel_add(&m->poloc, i, j);
		}
	/* sca-class: each memory event with itself, and the two accesses of a pair that
	 * herd7 makes single-copy atomic (LK_A64_SCA: same thread and instruction) */
	rel_clear(D, &m->sca);
	for (int i = 0; i < n; i++) {
		if (!set_has(&m->M, i))
			continue;
		rel_add(&m->sca, i, i);
		if (!(x->ev[i].tags & LK_A64_SCA) || (x->ev[i].tags & LK_T_IW))
			continue;
		for (int j = 0; j < n; j++)
			if (j != i && (x->ev[j].tags & LK_A64_SCA) && !(x->ev[j].tags & LK_T_IW) &&
			    x->ev[j].tid == x->ev[i].tid && x->ev[j].grp == x->ev[i].grp)
				rel_add(&m->sca, i, j);
	}
	/* internal visibility (aarch64.cat l.163-166) */
	m->failed = 0;
	/* coRW1-Exp: [R]; (po-loc | rmw); [W]; rfi; [R] irreflexive */
	for (int r = 0; r < n; r++) {
		if (!set_has(&m->R, r))
			continue;
		int w = x->rf[r];
		if (w >= 0 && x->ev[w].tid == x->ev[r].tid &&
		    (rel_has(&m->poloc, r, w) || rel_has(&x->rmw, r, w)))
			return m->failed = A64_AX_INTERNAL;
	}
	/* coWW-Exp: [W]; po-loc; [W]; (ca & int); [W]; coWR-Exp: [W]; po-loc; [R]; (ca & int); [W] */
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			if (!rel_has(&m->poloc, i, j) || !set_has(&m->W, i))
				continue;
			if (!rel_has(&m->ca, j, i) || rel_has(&m->ext, j, i))
				continue;
			return m->failed = A64_AX_INTERNAL;
		}
	/* atomic (l.170): rmw & (fr; co), except an intervening write of the same thread on
	 * both sides ((fri; [W]; coi)) */
	for (int r = 0; r < n; r++)
		for (int w = 0; w < n; w++) {
			if (!rel_has(&x->rmw, r, w))
				continue;
			for (int v = 0; v < n; v++)
				if (rel_has(&m->fr, r, v) && rel_has(&m->co, v, w) &&
				    !(x->ev[v].tid == x->ev[r].tid && x->ev[v].tid >= 0))
					return m->failed = A64_AX_ATOMIC;
		}
	/* lws = [M]; po-loc; [W] (aarch64deps.cat l.49) */
	rel_copy(D, &m->lws, &m->poloc);
	rel_ran(D, &m->lws, &m->W);
	/* lrs = [W]; (po-loc \ intervening(W, po-loc)); [R] (aarch64deps.cat l.52) */
	rel_clear(D, &m->lrs);
	for (int i = 0; i < n; i++) {
		if (!set_has(&m->W, i))
			continue;
		for (int j = 0; j < n; j++) {
			if (!set_has(&m->R, j) || !rel_has(&m->poloc, i, j))
				continue;
			bool mid = false;
			for (int k = 0; k < n && !mid; k++)
				mid = set_has(&m->W, k) && rel_has(&m->poloc, i, k) && rel_has(&m->poloc, k, j);
			if (!mid)
				rel_add(&m->lrs, i, j);
		}
	}
	/* dob (aarch64hwreqs.cat l.83, Dependency-ordered-before) */
	rel_copy(D, &m->dob, &x->addr);
	rel_or(D, &m->dob, &x->data);
	rel_copy(D, &m->t1, &x->ctrl);
	rel_ran(D, &m->t1, &m->W);
	rel_or(D, &m->dob, &m->t1);                         /* ctrl; [W]                  */
	rel_copy(D, &m->t2, &m->po);
	rel_ran(D, &m->t2, &m->W);
	rel_seq(D, &m->t1, &x->addr, &m->t2);
	rel_or(D, &m->dob, &m->t1);                         /* addr; [Exp]; po; [W]       */
	/* po; [ISB]; po; [R] */
	lk_set all;
	set_all(D, &all);
	around(D, &m->t3, &m->po, &m->ISB, &all, &m->R, &m->t2);
	rel_seq(D, &m->t1, &x->addr, &m->t3);
	rel_or(D, &m->dob, &m->t1);                         /* addr; po; [CSE]; po; [R]   */
	rel_seq(D, &m->t1, &x->addr, &m->lrs);
	rel_or(D, &m->dob, &m->t1);                         /* addr; [Exp]; lrs           */
	rel_seq(D, &m->t1, &x->data, &m->lrs);
	rel_or(D, &m->dob, &m->t1);                         /* data; [Exp]; lrs           */
	/* pob (aarch64hwreqs.cat l.92, Pick-ordered-before) */
	rel_copy(D, &m->pob, &x->pick);
	rel_or(D, &m->pob, &x->pctrl);
	rel_ran(D, &m->pob, &m->W);                         /* pick-dep; [W]              */
	around(D, &m->t3, &m->po, &m->ISB, &all, &m->M, &m->t2);
	rel_copy(D, &m->t2, &x->pctrl);
	rel_ran(D, &m->t2, &m->ISB);
	rel_seq(D, &m->t1, &m->t2, &m->po);
	rel_ran(D, &m->t1, &m->M);
	rel_or(D, &m->pob, &m->t1);                         /* pick-ctrl-dep; [CSE]; po; [M] */
	rel_seq(D, &m->t1, &x->paddr, &m->t3);
	rel_or(D, &m->pob, &m->t1);                         /* pick-addr-dep; po; [CSE]; po; [M] */
	rel_copy(D, &m->t2, &m->po);
	rel_ran(D, &m->t2, &m->W);
	rel_seq(D, &m->t1, &x->paddr, &m->t2);
	rel_or(D, &m->pob, &m->t1);                         /* pick-addr-dep; [M]; po; [W] */
	/* aob (aarch64hwreqs.cat l.98, Atomic-ordered-before): rmw | rmw; lrs; [A | Q] */
	rel_copy(D, &m->aob, &x->rmw);
	rel_seq(D, &m->t1, &x->rmw, &m->lrs);
	lk_set aq = m->A;
	set_or(D, &aq, &m->Q);
	rel_ran(D, &m->t1, &aq);
	rel_or(D, &m->aob, &m->t1);
	/* bob (aarch64hwreqs.cat l.102, Barrier-ordered-before) */
	lk_set dmbf = m->DMBF, dmbl = m->DMBL, dmbs = m->DMBS;
	around(D, &m->bob, &m->po, &dmbf, &all, &all, &m->t2);          /* po; [dmb.full]; po */
	lk_set rr = m->R;
	set_minus(D, &rr, &m->NORET);
	around(D, &m->t1, &m->po, &dmbl, &rr, &all, &m->t2);           /* [R \ NoRet]; po; [dmb.ld]; po */
	rel_or(D, &m->bob, &m->t1);
	around(D, &m->t1, &m->po, &dmbs, &m->W, &m->W, &m->t2);        /* [W]; po; [dmb.st]; po; [W] */
	rel_or(D, &m->bob, &m->t1);
	/* [range([A]; amo; [L])]; po */
	lk_set ral;
	set_clear(D, &ral);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (rel_has(&x->rmw, i, j) && set_has(&m->AMO, i) && set_has(&m->A, i) &&
			    set_has(&m->L, j))
				set_add(&ral, j);
	rel_copy(D, &m->t1, &m->po);
	rel_dom(D, &m->t1, &ral);
	rel_or(D, &m->bob, &m->t1);
	rel_copy(D, &m->t1, &m->po);                        /* [L]; po; [A]               */
	rel_dom(D, &m->t1, &m->L);
	rel_ran(D, &m->t1, &m->A);
	rel_or(D, &m->bob, &m->t1);
	rel_copy(D, &m->t1, &m->po);                        /* [A | Q]; po                */
	rel_dom(D, &m->t1, &aq);
	rel_or(D, &m->bob, &m->t1);
	rel_copy(D, &m->t1, &m->po);                        /* po; [L]                    */
	rel_ran(D, &m->t1, &m->L);
	rel_or(D, &m->bob, &m->t1);
	/* lob = (lws | lws; sca-class | dob | pob | aob | bob)+ (aarch64hwreqs.cat l.113);
	 * sca-class (aarch64util.cat l.113: [M & Exp]; sm; [M & Exp]) is the identity and the
	 * two accesses of an LDXP or STXP (herd's si: one single-copy-atomic access) */
	rel_seq(D, &m->t2, &m->lws, &m->sca);
	rel_copy(D, &m->t1, &m->lws);
	rel_or(D, &m->t1, &m->t2);
	rel_or(D, &m->t1, &m->dob);
	rel_or(D, &m->t1, &m->pob);
	rel_or(D, &m->t1, &m->aob);
	rel_or(D, &m->t1, &m->bob);
	rel_plus(D, &m->lob, &m->t1);
	/* local-hw-reqs (aarch64hwreqs.cat l.125): [M]; lob; [M] | [M]; pick-lob; [M] (l.120)
	 * | DSB-ob | CSE-ob, closed */
	rel_copy(D, &m->ob, &m->lob);
	rel_dom(D, &m->ob, &m->M);
	rel_ran(D, &m->ob, &m->M);
	rel_copy(D, &m->t2, &m->lob);                       /* pick-lob = pick-basic-dep; lob; [W] */
	rel_ran(D, &m->t2, &m->W);
	rel_seq(D, &m->t1, &x->pick, &m->t2);
	rel_dom(D, &m->t1, &m->M);
	rel_or(D, &m->ob, &m->t1);
	/* DSB-ob (l.64): [M]; po; [dsb.full]; po | [R \ NoRet]; po; [dsb.ld]; po | [W]; po; [dsb.st]; po */
	lk_set dsbf = m->DSBF, dsbl = m->DSBL, dsbs = m->DSBS;
	lk_rel *dsb = &m->cyc;
	around(D, dsb, &m->po, &dsbf, &m->M, &all, &m->t2);
	around(D, &m->t1, &m->po, &dsbl, &rr, &all, &m->t2);
	rel_or(D, dsb, &m->t1);
	around(D, &m->t1, &m->po, &dsbs, &m->W, &all, &m->t2);
	rel_or(D, dsb, &m->t1);
	rel_or(D, &m->ob, dsb);
	/* CSE-ob (l.76, CSE = ISB l.75): [R]; ctrl; [ISB]; po | DSB-ob; [ISB]; po */
	rel_copy(D, &m->t2, &x->ctrl);
	rel_dom(D, &m->t2, &m->R);
	rel_ran(D, &m->t2, &m->ISB);
	rel_seq(D, &m->t1, &m->t2, &m->po);
	rel_or(D, &m->ob, &m->t1);
	rel_copy(D, &m->t2, dsb);
	rel_ran(D, &m->t2, &m->ISB);
	rel_seq(D, &m->t1, &m->t2, &m->po);
	rel_or(D, &m->ob, &m->t1);
	/* haz-ob = Exp-haz-ob: [R]; po-loc; [R]; (ca & ext); [W] (aarch64.cat l.63) */
	rel_copy(D, &m->t2, &m->poloc);
	rel_dom(D, &m->t2, &m->R);
	rel_ran(D, &m->t2, &m->R);
	rel_copy(D, &m->t3, &m->ca);
	rel_and(D, &m->t3, &m->ext);
	rel_ran(D, &m->t3, &m->W);
	rel_seq(D, &m->t1, &m->t2, &m->t3);
	rel_or(D, &m->ob, &m->t1);
	/* obs = Exp-obs; sca-class? (aarch64.cat l.100, l.147): (rf & ext | ca & ext);
	 * sca-class?, between M */
	rel_copy(D, &m->t1, &m->rf);
	rel_or(D, &m->t1, &m->ca);
	rel_and(D, &m->t1, &m->ext);
	rel_or(D, &m->ob, &m->t1);
	rel_seq(D, &m->t2, &m->t1, &m->sca);
	rel_or(D, &m->ob, &m->t2);
	/* external (l.154-160): ob = (hw-reqs | obs)+ irreflexive, i.e. acyclic */
	if (!rel_acyclic(D, &m->ob))
		return m->failed = A64_AX_EXTERNAL;
	/* aarch64fences.cat l.64-67: a barrier with a shareability option */
	if (share)
		*flags |= 1u << IOM_LKMM_FLAG_A64_SHAREABLE;
	return IOM_LKMM_AX_NONE;
}

static const char *a64_ax_name(int ax)
{
	switch (ax) {
	case A64_AX_INTERNAL: return "internal";
	case A64_AX_EXTERNAL: return "external";
	case A64_AX_ATOMIC: return "atomic";
	}
	return NULL;
}

static int a64_failed_edges(const void *mm, int ax, int max, int *from, int *to,
			    const char **name)
{
	(void)mm;
	(void)ax;
	(void)max;
	(void)from;
	(void)to;
	(void)name;
	return 0;
}

const struct lk_model_ops lk_model_aarch64 = {
	.name = "aarch64.cat",
	.create = a64_create,
	.destroy = a64_destroy,
	.forget = a64_forget,
	.check = a64_check,
	.check_partial = NULL,
	.doomed_ax = -1,
	.rf_doomed = NULL,
	.failed_edges = a64_failed_edges,
	.ax_name = a64_ax_name,
};
