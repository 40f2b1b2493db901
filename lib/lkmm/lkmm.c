// SPDX-License-Identifier: MIT
/* iomodel -- LKMM engine: public entry points (include/iomodel/lkmm.h). Glues the layers:
 * events (paths per thread), search (candidates, model), report (text, JSON, DOT). */
#include <stdlib.h>
#include <string.h>
#include "lkmm/lkmm_int.h"
#include "lkmm/search/search.h"
#include "lkmm/io/io.h"
#include "order/region.h"

static const char *const flag_names[IOM_LKMM_FLAG__COUNT] = {
	[IOM_LKMM_FLAG_DATA_RACE] = "data-race",
	[IOM_LKMM_FLAG_INVALID_SLEEP] = "invalid-sleep",
	[IOM_LKMM_FLAG_LOCK_FINAL] = "lock-final",
	[IOM_LKMM_FLAG_MIXED_ACCESSES] = "mixed-accesses",
	[IOM_LKMM_FLAG_MIXED_LOCK_ACCESSES] = "mixed-lock-accesses",
	[IOM_LKMM_FLAG_MULTIPLE_SRCU_MATCHES] = "multiple-srcu-matches",
	[IOM_LKMM_FLAG_SRCU_BAD_VALUE_MATCH] = "srcu-bad-value-match",
	[IOM_LKMM_FLAG_UNMATCHED_RCU_LOCK] = "unmatched-rcu-lock",
	[IOM_LKMM_FLAG_UNMATCHED_RCU_UNLOCK] = "unmatched-rcu-unlock",
	[IOM_LKMM_FLAG_UNMATCHED_SRCU_LOCK] = "unmatched-srcu-lock",
	[IOM_LKMM_FLAG_UNMATCHED_SRCU_UNLOCK] = "unmatched-srcu-unlock",
	[IOM_LKMM_FLAG_UNMATCHED_UNLOCK] = "unmatched-unlock",
	[IOM_LKMM_FLAG_UNPAIRED_LKR] = "unpaired-LKR",
	[IOM_LKMM_FLAG_UNPAIRED_LKW] = "unpaired-LKW",
	[IOM_LKMM_FLAG_A64_SHAREABLE] = "Assuming-common-inner-shareable-domain",
};

const char *iom_lkmm_flag_name(enum iom_lkmm_flag f)
{
	return (unsigned)f < IOM_LKMM_FLAG__COUNT ? flag_names[f] : "?";
}

static const char *const ax_names[IOM_LKMM_AX__COUNT] = {
	[IOM_LKMM_AX_LOCK_NEST] = "lock-nest",
	[IOM_LKMM_AX_NESTED_IS_LOCKED] = "nested-is-locked",
	[IOM_LKMM_AX_UNMATCHED_LOCKS] = "unmatched-locks",
	[IOM_LKMM_AX_COHERENCE] = "coherence",
	[IOM_LKMM_AX_ATOMIC] = "atomic",
	[IOM_LKMM_AX_HAPPENS_BEFORE] = "happens-before",
	[IOM_LKMM_AX_PROPAGATION] = "propagation",
	[IOM_LKMM_AX_RCU] = "rcu",
	[IOM_LKMM_AX_PLAIN_COHERENCE] = "plain-coherence",
	[IOM_LKMM_AX_IO_ORDER] = "io-order",
};

const char *iom_lkmm_axiom_name(enum iom_lkmm_axiom a)
{
	return (unsigned)a < IOM_LKMM_AX__COUNT ? ax_names[a] : "none";
}

bool iom_lkmm_applies(const struct iom_lit_test *t)
{
	return !iom_lit_is_mmio(t);
}


static int reg_loc_make(struct lk_test *lt, int dev, uint64_t off, int sym)
{
	int l = lk_reg_loc(lt, dev, off);
	if (l >= 0 || lt->nloc >= LK_MAXLOC)
		return l;
	l = lt->nloc++;
	lt->loc_sym[l] = sym;
	lt->loc_elem[l] = 0;
	lt->loc_off[l] = 0;
	lt->loc_init[l] = 0;  /* a register reads 0 until written (docs/litmus-format.md) */
	lt->is_lock[l] = false;
	lt->reg_dev[l] = dev;
	lt->reg_off[l] = off;
	return l;
}

static int dev_region(const struct iom_lit_test *t, int dev)
{
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (t->syms[i].kind == IOM_LIT_SYM_REGION && t->syms[i].dev == dev)
			return (int)i;
	return -1;
}

static int regs_of_block(struct lk_test *lt, const struct iom_lit_block *b)
{
	const struct iom_lit_test *t = lt->t;
	for (unsigned i = 0; i < b->nr_stmts; i++) {
		const struct iom_lit_stmt *st = &b->stmts[i];
		int r;
		if ((r = regs_of_block(lt, &st->then_b)) || (r = regs_of_block(lt, &st->else_b)) ||
		    (r = regs_of_block(lt, &st->cond_b)))
			return r;
		if (st->kind != IOM_LIT_S_PRIM || st->region < 0 || (unsigned)st->region >= t->nr_syms)
			continue;
		const struct iom_lit_prim_info *pi = iom_lit_prim_info(st->prim);
		if (!pi)
			continue;
		unsigned count = pi->pclass == IOM_LIT_PC_STRING ? (st->count ? st->count : 1) : 1;
		bool step = st->prim == IOM_LIT_P_MEMCPY_TOIO || st->prim == IOM_LIT_P_MEMCPY_FROMIO ||
			    st->prim == IOM_LIT_P_MEMSET_IO;
		for (unsigned e = 0; e < count; e++)
			if (reg_loc_make(lt, t->syms[st->region].dev,
					 st->offset + (step ? (uint64_t)e * (pi->width ? pi->width : 4) : 0),
					 st->region) < 0)
				return -IOM_ELIMIT;
	}
	return 0;
}

static int regs_of_cond(struct lk_test *lt, const struct iom_lit_cond *c)
{
	if (!c)
		return 0;
	if (c->kind == IOM_LIT_C_DEVREG) {
		int sym = c->sym >= 0 ? c->sym : dev_region(lt->t, c->dev);
		int dev = c->sym >= 0 ? lt->t->syms[c->sym].dev : c->dev;
		if (sym >= 0 && reg_loc_make(lt, dev, c->offset, sym) < 0)
			return -IOM_ELIMIT;
		if (sym >= 0)
			lt->observed[lk_reg_loc(lt, dev, c->offset)] = true;
	}
	int r = regs_of_cond(lt, c->a);
	return r ? r : regs_of_cond(lt, c->b);
}

/* The MMIO part of a test: ordering context, region classes, one location per device
 * register, and the device threads (docs/ordering.md §10). */
static int mmio_setup(struct lk_test *lt, const struct iom_lkmm_opts *o, struct iom_diag *d)
{
	const struct iom_lit_test *t = lt->t;
	const char *why = NULL;
	char v[16];
	int r;
	lt->mmio = true;
	lt->ctx.arch = o ? o->arch : IOM_ARCH_X86;
	lt->ctx.model = o ? o->model : IOM_LIT_MODEL_KERNEL;
	lt->ctx.kver = o && o->kver ? o->kver : IOM_KVER(6, 12);
	lt->ctx.flip = o ? o->flip_rule : NULL;
	if (!iom_ord_supported(&lt->ctx, &why)) {
		iom_diag_set(d, IOM_EINVAL, t->file, 0, 0, "model %s on %s: %s",
			     iom_lit_model_name(lt->ctx.model), iom_arch_name(lt->ctx.arch), why);
		return -IOM_EINVAL;
	}
	if ((r = iom_lit_test_check(t, lt->ctx.arch, lt->ctx.kver, d)) < 0)
		return r;
	for (unsigned i = 0; i < t->nr_syms; i++) {
		const struct iom_lit_sym *sy = &t->syms[i];
		if (sy->kind != IOM_LIT_SYM_REGION)
			continue;
		if (iom_ord_region_class(t, sy, lt->ctx.arch, lt->ctx.kver, lt->ctx.model, &lt->rcls[i],
					 &why) < 0) {
			iom_diag_set(d, IOM_EINVAL, t->file, sy->pos.line, sy->pos.col,
				     "%s = %s(dev%d) in v%s on %s: %s", sy->name,
				     iom_lit_region_kind_name(sy->region), sy->dev,
				     iom_kver_str(lt->ctx.kver, v, sizeof(v)), iom_arch_name(lt->ctx.arch), why);
			return -IOM_EINVAL;
		}
	}
	for (unsigned i = 0; i < t->nr_threads; i++)
		if ((r = regs_of_block(lt, &t->threads[i].body)) < 0)
			goto limit;
	if ((r = regs_of_cond(lt, t->cond)) < 0 || (r = regs_of_cond(lt, t->filter)) < 0)
		goto limit;
	for (unsigned di = 0; di < t->nr_devices; di++) {
		const struct iom_lit_device *dv = &t->devices[di];
		for (unsigned q = 0; q < dv->nr_stmts; q++) {
			const struct iom_lit_dstmt *ds = &dv->stmts[q];
			if (ds->kind == IOM_LIT_D_REG_SET &&
			    (ds->region < 0 || (unsigned)ds->region >= t->nr_syms ||
			     reg_loc_make(lt, t->syms[ds->region].dev, ds->offset, ds->region) < 0))
				goto limit;
		}
		/* the device's own program, then one thread per reaction */
		unsigned first = lt->nthr;
		for (unsigned q = 0; q < dv->nr_stmts; q++) {
			const struct iom_lit_dstmt *ds = &dv->stmts[q];
			/* the device program may be spread between reactions: one thread for it */
			int prev = -1;
			for (unsigned k = first; k < lt->nthr && !ds->has_trigger; k++)
				if (!lt->dthr_trig[k - lt->ncpu])
					prev = (int)(k - lt->ncpu);
			if (ds->has_trigger && lt->nthr > first) {
				int k = (int)(lt->nthr - 1 - lt->ncpu);
				const struct iom_lit_dstmt *ps = &dv->stmts[lt->dthr_first[k] + lt->dthr_n[k] - 1];
				if (lt->dthr_trig[k] && ps + 1 == ds && ps->trigger.stmt == ds->trigger.stmt &&
				    ps->trigger.elem == ds->trigger.elem)
					prev = k;
			}
			if (prev >= 0 && (ds->has_trigger ||
					  lt->dthr_first[prev] + lt->dthr_n[prev] == (int)q)) {
				lt->dthr_n[prev]++;
				continue;
			}
			if (lt->nthr >= LK_MAXTHR)
				goto limit;
			unsigned k = lt->nthr++;
			lt->dthr_dev[k - lt->ncpu] = dv;
			lt->dthr_first[k - lt->ncpu] = (int)q;
			lt->dthr_n[k - lt->ncpu] = 1;
			lt->dthr_trig[k - lt->ncpu] = ds->has_trigger;
		}
	}
	return 0;
limit:
	iom_diag_set(d, IOM_ELIMIT, t->file, 0, 0, "%s",
		     "more device registers than locations (LK_MAXLOC = 200) or more device "
		     "threads than threads (LK_MAXTHR = 128): the LKMM engine's limits");
	return -IOM_ELIMIT;
}

int iom_lkmm_run(const struct iom_lit_test *t, const struct iom_lkmm_opts *opts,
		 struct iom_lkmm_result **out, struct iom_diag *d)
{
	*out = NULL;
	bool mmio = iom_lit_is_mmio(t);
	/* herd7's front-end errors: "Unknown macro NAME", LISA annotation errors */
	if (!mmio && iom_lit_check_lkmm(t, d) < 0)
		return -IOM_EINVAL;
	/* herd7 7.57 cannot run a LISA test under the 6.12 model: the LISA front end defines
	 * no lock event sets, and lock.cat l.40 names LKR. Give herd7's answer. */
	if (t->dialect == IOM_LIT_DIALECT_LISA) {
		iom_diag_set(d, IOM_EINVAL, t->file, 1, 1, "%s",
			     "File \"tools/memory-model/lock.cat\", line 40, characters 16-19: "
			     "unbound var: LKR (herd7 7.57 runs no LISA test under the LKMM of 6.12)");
		return -IOM_EINVAL;
	}
	if (t->nr_threads > LK_MAXTHR) {
		const struct iom_lit_pos *pp = &t->threads[LK_MAXTHR].pos;
		iom_diag_set(d, IOM_ELIMIT, t->file, pp->line, pp->col,
			     "more than %d threads: the LKMM engine's limit (LK_MAXTHR)", LK_MAXTHR);
		return -IOM_ELIMIT;
	}
	for (unsigned i = 0; i < t->nr_threads; i++)
		if (t->threads[i].nr_regs > LK_MAXREG) {
			const struct iom_lit_pos *pp = &t->threads[i].pos;
			iom_diag_set(d, IOM_ELIMIT, t->file, pp->line, pp->col,
				     "P%u has more than %d registers: the LKMM engine's limit (LK_MAXREG)",
				     i, LK_MAXREG);
			return -IOM_ELIMIT;
		}
	if (t->nr_syms > LK_MAXLOC) {
		iom_diag_set(d, IOM_ELIMIT, t->file, 0, 0,
			     "more than %d shared names: the LKMM engine's limit (LK_MAXLOC)", LK_MAXLOC);
		return -IOM_ELIMIT;
	}
	struct lk_test *lt = calloc(1, sizeof(*lt));
	struct iom_lkmm_result *r = calloc(1, sizeof(*r));
	if (!lt || !r) {
		free(lt);
		free(r);
		return -IOM_ENOMEM;
	}
	lt->t = t;
	lt->nthr = t->nr_threads;
	lt->ncpu = t->nr_threads;
	for (int l = 0; l < LK_MAXLOC; l++)
		lt->reg_dev[l] = -1;
	lt->unroll = opts && opts->unroll ? opts->unroll : 2;
	lt->a64_deps = opts && opts->a64_deps && iom_lit_is_aarch64(t);
	/* one location per scalar, one per array element (herd7 gives each an IW) */
	for (unsigned i = 0; i < t->nr_syms; i++) {
		const struct iom_lit_sym *sy = &t->syms[i];
		unsigned len = sy->array_len ? sy->array_len : 1;
		if (lt->nloc + (int)len > LK_MAXLOC) {
			iom_diag_set(d, IOM_ELIMIT, t->file, sy->pos.line, sy->pos.col,
				     "more than %d locations, array elements one each: the LKMM "
				     "engine's limit (LK_MAXLOC)", LK_MAXLOC);
			free(lt);
			free(r);
			return -IOM_ELIMIT;
		}
		lt->loc_base[i] = lt->nloc;
		for (unsigned e = 0; e < len; e++) {
			int l = lt->nloc++;
			lt->loc_sym[l] = (int)i;
			lt->loc_elem[l] = (int)e;
			lt->loc_init[l] = sy->array_len ? (sy->array_init ? sy->array_init[e] : 0)
				       : sy->init_ref >= 0 ? lk_ptr(sy->init_ref) : sy->init;
			lt->is_lock[l] = sy->kind == IOM_LIT_SYM_LOCK;
			if (t->dialect == IOM_LIT_DIALECT_AARCH64)  /* int8_t x = 257; holds 1 */
				lt->loc_init[l] = lk_a64_at_type(lk_a64_loc_type(sy), lt->loc_init[l]);
		}
	}
	r->t = t;
	r->quant = t->quant;
	if (mmio) {
		int rc = mmio_setup(lt, opts, d);
		if (rc) {
			free(lt);
			free(r);
			return rc;
		}
	}
	/* max_steps also bounds path building, which the search steps do not count */
	lt->path_budget = opts && opts->max_steps && opts->max_steps < 1000000 ? opts->max_steps : 0;
	lt->model = &lk_model_lkmm;
	int rc;
	if (t->dialect == IOM_LIT_DIALECT_AARCH64) {
		/* the CPU's own model, aarch64.cat (rel/aarch64cat.c) */
		lt->aarch64 = true;
		lt->model = &lk_model_aarch64;
		rc = lk_a64_events_build(lt, d);
	} else {
		rc = lk_events_build(lt, d);
	}
	if (!rc && mmio)
		rc = lk_io_prepare(lt, d);
	if (!rc)
		rc = lk_search_run(lt, opts, r, d);
	r->loop = lt->loop_cut;
	lk_events_free(lt);
	free(lt);
	if (rc) {
		iom_lkmm_result_free(r);
		return rc;
	}
	r->name = strdup(t->name ? t->name : "");
	/* herd7 drops a ".litmus" the name line carries ("C CO+o-o.litmus") */
	size_t nl = r->name ? strlen(r->name) : 0;
	if (nl > 7 && !strcmp(r->name + nl - 7, ".litmus"))
		r->name[nl - 7] = 0;
	struct iom_buf b;
	iom_buf_init(&b);
	lk_cond_print(t, t->cond, 0, &b);
	r->cond_text = b.s ? b.s : strdup("");
	switch (t->quant) {
	case IOM_LIT_Q_EXISTS: r->ok = r->pos > 0; break;
	case IOM_LIT_Q_NOT_EXISTS: r->ok = r->pos == 0; break;
	case IOM_LIT_Q_FORALL: r->ok = r->neg == 0; break;
	}
	r->verdict = r->pos == 0 ? IOM_LIT_V_NEVER : r->neg == 0 ? IOM_LIT_V_ALWAYS
								: IOM_LIT_V_SOMETIMES;
	*out = r;
	return 0;
}

void iom_lkmm_result_free(struct iom_lkmm_result *r)
{
	if (!r)
		return;
	for (unsigned i = 0; i < r->nr_states; i++)
		free(r->states[i]);
	free(r->states);
	free(r->name);
	free(r->cond_text);
	free(r->dot);
	free(r);
}

enum iom_lit_verdict iom_lkmm_verdict(const struct iom_lkmm_result *r) { return r->verdict; }
bool iom_lkmm_ok(const struct iom_lkmm_result *r) { return r->ok; }
uint64_t iom_lkmm_positive(const struct iom_lkmm_result *r) { return r->pos; }
uint64_t iom_lkmm_negative(const struct iom_lkmm_result *r) { return r->neg; }
unsigned iom_lkmm_nr_states(const struct iom_lkmm_result *r) { return r->nr_states; }
uint64_t iom_lkmm_candidates(const struct iom_lkmm_result *r) { return r->cands; }
bool iom_lkmm_loop(const struct iom_lkmm_result *r) { return r->loop; }

const char *iom_lkmm_state(const struct iom_lkmm_result *r, unsigned i)
{
	return i < r->nr_states ? r->states[i] : NULL;
}

bool iom_lkmm_flag(const struct iom_lkmm_result *r, enum iom_lkmm_flag f)
{
	return (unsigned)f < IOM_LKMM_FLAG__COUNT && (r->flags >> f & 1);
}




