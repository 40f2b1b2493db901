// SPDX-License-Identifier: MIT
/* iomodel -- replay a scenario on a simulated kernel and check its expectations in order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scn.h"
#include "run.h"

static struct call_rec *find_var(struct iom_scn_result *r, const char *name)
{
	for (size_t i = 0; i < r->nr_calls; i++)
		if (!strcmp(r->calls[i].var, name))
			return &r->calls[i];
	return NULL;
}

static int64_t argval(struct iom_scn_result *r, const struct scn_arg *a)
{
	if (a->kind == ARG_NUM)
		return a->num;
	const struct call_rec *c = find_var(r, a->name);
	return c ? c->value : 0;
}

static int do_call(struct iom_scn_result *r, const struct scn_stmt *st, struct iom_diag *d)
{
	const struct scn_call *c = &st->u.call;
	struct iom_kernel *k = r->k;
	struct call_rec rec = { .line = st->line, .handle = -1, .uniform = -1 };
	snprintf(rec.src, sizeof(rec.src), "%s", st->src);
	snprintf(rec.var, sizeof(rec.var), "%s", c->var);
	iom_kernel_begin_call(k, st->line);
	uint64_t a0 = (uint64_t)argval(r, &c->args[0]);
	uint64_t a1 = c->nargs > 1 ? (uint64_t)argval(r, &c->args[1]) : 0;
	switch (c->fn) {
	case FN_MAP: {
		const struct iom_kfeat_info *why;
		bool removed;
		if (!iom_api_available(r->kernel, c->api, &why, &removed)) {
			char v[16], w[16];
			iom_diag_set(d, IOM_EINVAL, r->file, st->line, c->fcol,
				     "%s() does not exist in %s: %s in %s (%s)", c->fname,
				     iom_kver_str(r->kernel, v, sizeof(v)), removed ? "removed" : "added",
				     iom_kver_str(why->since, w, sizeof(w)), why->commit);
			return -1;
		}
		uint64_t size = a1;
		if (c->api >= IOM_API_SET_MEMORY_UC && c->api <= IOM_API_SET_MEMORY_WB)
			size = a1 * 0x1000; /* set_memory_*(addr, numpages) */
		struct iom_mapping m;
		rec.is_map = true;
		rec.handle = iom_k_map(k, c->api, a0, size, c->memremap_flags, &m);
		rec.map_index = iom_k_nr_mappings(k) - 1;
		rec.ok = m.ok;
		rec.value = m.ok ? 0 : m.err;
		break;
	}
	case FN_UNMAP: {
		const struct call_rec *m = find_var(r, c->args[0].name);
		if (!m || !m->is_map) {
			iom_diag_set(d, IOM_EINVAL, r->file, st->line, c->args[0].col,
				     "'%s' is not a mapping", c->args[0].name);
			return -1;
		}
		rec.value = iom_k_unmap(k, m->handle);
		rec.ok = rec.value == 0;
		break;
	}
	case FN_MTRR_ADD:
		rec.value = iom_k_mtrr_add(k, a0, a1, (unsigned)argval(r, &c->args[2]), argval(r, &c->args[3]) != 0);
		break;
	case FN_MTRR_ADD_PAGE:
		rec.value = iom_k_mtrr_add_page(k, a0, a1, (unsigned)argval(r, &c->args[2]),
						argval(r, &c->args[3]) != 0);
		break;
	case FN_MTRR_DEL:
		rec.value = iom_k_mtrr_del(k, (int)argval(r, &c->args[0]), a1, (uint64_t)argval(r, &c->args[2]));
		break;
	case FN_WC_ADD:
		rec.value = iom_k_arch_phys_wc_add(k, a0, a1);
		break;
	case FN_WC_DEL:
		iom_k_arch_phys_wc_del(k, (int)argval(r, &c->args[0]));
		rec.value = 0;
		rec.is_void = true;
		break;
	case FN_WC_INDEX:
		rec.value = iom_k_arch_phys_wc_index(k, (int)argval(r, &c->args[0]));
		break;
	case FN_TYPE_LOOKUP: {
		int u = -1;
		rec.value = iom_k_mtrr_type_lookup(k, a0, a1, &u);
		rec.uniform = u;
		rec.is_type = true;
		break;
	}
	case FN_RESERVE: {
		enum iom_mt t = IOM_MT_NONE, req;
		int64_t tv = argval(r, &c->args[2]);
		req = (enum iom_mt)tv;
		if (iom_mt_from_hw((unsigned)tv, false, &req)) {
			iom_diag_set(d, IOM_EINVAL, r->file, st->line, c->args[2].col,
				     "reserve_memtype() type must be an MTRR_TYPE_* or PAT encoding");
			return -1;
		}
		rec.value = iom_k_reserve_memtype(k, a0, a1, req, &t);
		rec.new_type = t;
		break;
	}
	case FN_FREE:
		rec.value = iom_k_free_memtype(k, a0, a1);
		break;
	}
	struct call_rec *p = realloc(r->calls, (r->nr_calls + 1) * sizeof(*p));
	if (!p)
		return -1;
	r->calls = p;
	r->calls[r->nr_calls++] = rec;
	return 0;
}

static bool applies(const struct iom_scn_result *r, const struct scn_expect *e)
{
	if (e->when_pat >= 0 && e->when_pat != (int)r->pat)
		return false;
	if (e->when_kmin && r->kernel < e->when_kmin)
		return false;
	if (e->when_kmax && r->kernel >= e->when_kmax)
		return false;
	return true;
}

static void fmt_pieces(const struct iom_kpiece *p, long n, char *buf, size_t size)
{
	size_t o = 0;
	buf[0] = 0;
	for (long i = 0; i < n && o < size; i++) {
		const char *t = p[i].mtrr_undefined ? "undefined" : iom_mt_name(p[i].eff.type);
		o += (size_t)snprintf(buf + o, size - o, "%s%s over [0x%llx,0x%llx)", i ? ", " : "", t,
				      (unsigned long long)p[i].start, (unsigned long long)p[i].end);
	}
}

static void check(struct iom_scn_result *r, const struct scn_stmt *st)
{
	const struct scn_expect *e = &st->u.exp;
	struct exp_rec x = { .line = st->line };
	snprintf(x.src, sizeof(x.src), "%s", st->src);
	const struct iom_kernel *k = r->k;
	if (!applies(r, e)) {
		x.skipped = true;
		goto out;
	}
	const struct call_rec *c = e->var[0] ? find_var(r, e->var) : NULL;
	const struct iom_mapping *m = c && c->is_map ? iom_k_mapping(k, (int)c->map_index) : NULL;
	switch (e->kind) {
	case EX_EFF: {
		if (!m) {
			snprintf(x.detail, sizeof(x.detail), "'%s' is not a mapping", e->var);
			break;
		}
		if (!m->ok) {
			snprintf(x.detail, sizeof(x.detail), "the mapping failed (NULL, %d)", m->err);
			break;
		}
		if (m->unmapped) {
			snprintf(x.detail, sizeof(x.detail), "'%s' was unmapped", e->var);
			break;
		}
		uint64_t lo = m->phys + (e->slice ? e->lo : 0);
		uint64_t hi = e->slice && !e->hi_open ? m->phys + e->hi : m->phys + m->size;
		if (hi > m->phys + m->size || lo >= hi) {
			snprintf(x.detail, sizeof(x.detail), "slice outside the mapping (size 0x%llx)",
				 (unsigned long long)m->size);
			break;
		}
		struct iom_kpiece p[32];
		long n = iom_k_resolve(k, lo, hi, m->pte, p, ARRAY_SIZE(p));
		x.ok = n > 0 && n <= (long)ARRAY_SIZE(p);
		for (long i = 0; x.ok && i < n; i++)
			x.ok = e->undefined ? p[i].mtrr_undefined : (!p[i].mtrr_undefined && p[i].eff.type == e->type);
		if (!x.ok)
			fmt_pieces(p, n < 0 ? 0 : n, x.detail, sizeof(x.detail));
		break;
	}
	case EX_VALUE:
		if (!c) {
			snprintf(x.detail, sizeof(x.detail), "'%s' is not defined", e->var);
			break;
		}
		switch (e->vkind) {
		case VAL_NULL:
		case VAL_OK:
			if (!c->is_map) {
				snprintf(x.detail, sizeof(x.detail), "'%s' is not a mapping", e->var);
				break;
			}
			x.ok = (e->vkind == VAL_OK) == c->ok;
			if (!x.ok)
				snprintf(x.detail, sizeof(x.detail), "got %s", c->ok ? "a mapping" : "NULL");
			break;
		case VAL_INT:
			x.ok = c->value == e->value;
			if (!x.ok)
				snprintf(x.detail, sizeof(x.detail), "got %lld", (long long)c->value);
			break;
		case VAL_INVALID:
			x.ok = c->is_type && c->value == 0xff;
			if (!x.ok)
				snprintf(x.detail, sizeof(x.detail), "got %lld", (long long)c->value);
			break;
		case VAL_TYPE:
			if (c->is_type) {
				x.ok = c->value == (int64_t)iom_mt_hw(e->type);
				if (!x.ok) {
					enum iom_mt t;
					snprintf(x.detail, sizeof(x.detail), "got %s",
						 iom_mt_from_hw((unsigned)c->value, true, &t) ? "invalid" : iom_mt_name(t));
				}
			} else {
				x.ok = c->new_type == e->type;
				if (!x.ok)
					snprintf(x.detail, sizeof(x.detail), "got %s", iom_mt_name(c->new_type));
			}
			break;
		}
		break;
	case EX_TRACKED:
		if (!m) {
			snprintf(x.detail, sizeof(x.detail), "'%s' is not a mapping", e->var);
			break;
		}
		x.ok = m->got == e->type;
		if (!x.ok)
			snprintf(x.detail, sizeof(x.detail), "got %s", iom_mt_name(m->got));
		break;
	case EX_PTE:
		if (!m) {
			snprintf(x.detail, sizeof(x.detail), "'%s' is not a mapping", e->var);
			break;
		}
		x.ok = m->ok && m->pte == (uint64_t)e->value;
		if (!x.ok)
			snprintf(x.detail, sizeof(x.detail), "got 0x%03llx", (unsigned long long)m->pte);
		break;
	case EX_UNIFORM:
		x.ok = c && c->is_type && c->uniform == e->value;
		if (!x.ok && c)
			snprintf(x.detail, sizeof(x.detail), c->uniform < 0 ? "uniform left unwritten" : "got %d",
				 c->uniform);
		break;
	case EX_MTRR_USED: {
		unsigned u = iom_kernel_mtrr_used(k);
		x.ok = u == e->value;
		if (!x.ok)
			snprintf(x.detail, sizeof(x.detail), "got %u", u);
		break;
	}
	case EX_MEMTYPES: {
		size_t n = iom_k_nr_memtypes(k);
		x.ok = n == (size_t)e->value;
		if (!x.ok)
			snprintf(x.detail, sizeof(x.detail), "got %zu", n);
		break;
	}
	case EX_LOG:
	case EX_NOLOG: {
		bool found = false;
		for (size_t i = 0; i < iom_kernel_nr_log(k) && !found; i++)
			found = strstr(iom_kernel_log(k, i)->text, e->text) != NULL;
		x.ok = found == (e->kind == EX_LOG);
		if (!x.ok)
			snprintf(x.detail, sizeof(x.detail), found ? "logged" : "not logged");
		break;
	}
	}
out:;
	struct exp_rec *p = realloc(r->exps, (r->nr_exps + 1) * sizeof(*p));
	if (!p)
		return;
	r->exps = p;
	r->exps[r->nr_exps++] = x;
	if (!x.skipped) {
		if (x.ok)
			r->passed++;
		else
			r->failed++;
	}
}

struct iom_scn_result *iom_scn_run(const struct iom_scn *s, const struct iom_scn_opts *o,
				   struct iom_diag *d)
{
	struct iom_scn_result *r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	snprintf(r->file, sizeof(r->file), "%s", s->name);
	r->kernel = o && o->kernel ? o->kernel : s->kernel;
	struct iom_cpu cpu = s->cpu;
	if (o && o->pat >= 0)
		cpu.pat = (enum iom_pat_hw)o->pat;
	r->pat = cpu.pat;
	r->k = iom_kernel_new(r->kernel, &cpu, &s->mtrr);
	if (!r->k) {
		free(r);
		return NULL;
	}
	iom_kernel_set_task(r->k, s->comm, s->pid);
	for (size_t i = 0; i < s->nr_res; i++)
		iom_kernel_add_resource(r->k, &s->res[i]);
	iom_kernel_boot(r->k);
	for (size_t i = 0; i < s->nr_stmts; i++) {
		const struct scn_stmt *st = &s->stmts[i];
		if (st->kind == STMT_CALL) {
			if (do_call(r, st, d)) {
				iom_scn_result_free(r);
				return NULL;
			}
		} else {
			check(r, st);
		}
	}
	return r;
}

void iom_scn_result_free(struct iom_scn_result *r)
{
	if (!r)
		return;
	iom_kernel_free(r->k);
	free(r->calls);
	free(r->exps);
	free(r);
}

unsigned iom_scn_result_passed(const struct iom_scn_result *r) { return r->passed; }
unsigned iom_scn_result_failed(const struct iom_scn_result *r) { return r->failed; }
const struct iom_kernel *iom_scn_result_kernel(const struct iom_scn_result *r) { return r->k; }

/* The effective types over the byte offsets [lo, hi) of the mapping named var, as a mask of
 * 1u << enum iom_mt; IOM_SCN_EFF_UNDEF is set for an SDM-undefined MTRR overlap. 0 when var
 * is not a successful, live mapping or the slice lies outside it. Same resolution as
 * `expect NAME[lo:hi] T` (EX_EFF above). */
unsigned iom_scn_result_eff(const struct iom_scn_result *r, const char *var, uint64_t lo, uint64_t hi)
{
	const struct call_rec *c = NULL;
	for (size_t i = 0; i < r->nr_calls; i++)
		if (!strcmp(r->calls[i].var, var))
			c = &r->calls[i];
	if (!c || !c->is_map)
		return 0;
	const struct iom_mapping *m = iom_k_mapping(r->k, (int)c->map_index);
	if (!m || !m->ok || m->unmapped || lo >= hi || hi > m->size)
		return 0;
	struct iom_kpiece p[32];
	long n = iom_k_resolve(r->k, m->phys + lo, m->phys + hi, m->pte, p, ARRAY_SIZE(p));
	unsigned mask = 0;
	for (long i = 0; i < n && i < (long)ARRAY_SIZE(p); i++)
		mask |= p[i].mtrr_undefined ? IOM_SCN_EFF_UNDEF : 1u << p[i].eff.type;
	return mask;
}
