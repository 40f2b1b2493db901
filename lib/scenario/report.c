// SPDX-License-Identifier: MIT
/* iomodel -- scenario reports: text and JSON renderers into a struct iom_buf.
 * Deterministic: no times, no absolute paths (the file name is printed as given). */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "scn.h"
#include "run.h"

static const char *lvl_name(enum iom_loglevel l)
{
	return l == IOM_LOG_ERR ? "err" : l == IOM_LOG_WARN ? "warn" : l == IOM_LOG_INFO ? "info" : "debug";
}

static void pte_desc(const struct iom_kernel *k, uint64_t pte, char *buf, size_t size)
{
	const struct iom_pat_setup *p = iom_kernel_pat(k);
	if (p->hw) {
		enum iom_mt slots[8];
		iom_pat_decode(p->msr, slots);
		unsigned idx = iom_pat_index(pte, false);
		snprintf(buf, size, "PA%u=%s 0x%03llx", idx, iom_mt_name(slots[idx]), (unsigned long long)pte);
	} else {
		snprintf(buf, size, "%s%s%s 0x%03llx", pte & IOM_PTE_PCD ? "PCD" : "",
			 (pte & IOM_PTE_PCD) && (pte & IOM_PTE_PWT) ? "|" : "", pte & IOM_PTE_PWT ? "PWT" : "",
			 (unsigned long long)pte);
		if (!(pte & (IOM_PTE_PCD | IOM_PTE_PWT)))
			snprintf(buf, size, "- 0x%03llx", (unsigned long long)pte);
	}
}

static const char *errname(int64_t v)
{
	static const struct { int e; const char *n; } t[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { ENXIO, "ENXIO" }, { ENOMEM, "ENOMEM" },
		{ EBUSY, "EBUSY" }, { ENODEV, "ENODEV" }, { EINVAL, "EINVAL" }, { ENOSPC, "ENOSPC" },
		{ ENOSYS, "ENOSYS" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(t); i++)
		if (v == -t[i].e)
			return t[i].n;
	return NULL;
}

static void retval(const struct call_rec *c, char *buf, size_t size)
{
	if (c->is_map) {
		if (c->ok)
			snprintf(buf, size, "mapping");
		else
			snprintf(buf, size, "NULL (%s)", errname(c->value) ? errname(c->value) : "error");
	} else if (c->is_void) {
		snprintf(buf, size, "void");
	} else if (c->is_type) {
		enum iom_mt t;
		if (c->value == 0xff)
			snprintf(buf, size, "0xff (MTRR_TYPE_INVALID)%s", c->uniform < 0 ? ", uniform unwritten" : "");
		else if (!iom_mt_from_hw((unsigned)c->value, true, &t))
			snprintf(buf, size, "%s, uniform=%d", iom_mt_name(t), c->uniform);
		else
			snprintf(buf, size, "%lld", (long long)c->value);
	} else if (c->value < 0 && errname(c->value)) {
		snprintf(buf, size, "%lld (-%s)", (long long)c->value, errname(c->value));
	} else {
		snprintf(buf, size, "%lld", (long long)c->value);
	}
}

static void mtrr_line(const struct iom_kernel *k, unsigned i, char *buf, size_t size)
{
	uint64_t base, sz;
	enum iom_mt t;
	iom_mtrr_var_get(iom_kernel_mtrr(k), i, &base, &sz, &t, NULL);
	/* the /proc/mtrr line format (if.c@v4.2 L405-432), base and size in bytes */
	char unit = sz >> 20 ? 'M' : 'K';
	unsigned long long n = sz >> 20 ? sz >> 20 : sz >> 10;
	snprintf(buf, size, "reg%02u: base=0x%06llx000 (%5lluMB), size=%5llu%cB, count=%d: %s", i,
		 (unsigned long long)(base >> 12), (unsigned long long)(base >> 20), n, unit,
		 iom_kernel_mtrr_usage(k, i), iom_mt_mtrr_name(t));
}

static void memtype_line(const struct iom_kernel *k, const struct iom_memtype_node *n, char *buf, size_t size)
{
	/* pat_memtype_list formats (XMT-2.9; PAT_LIST_NEW_FORMAT) */
	if (iom_kfeat(iom_kernel_version(k), IOM_KF_PAT_LIST_NEW_FORMAT))
		snprintf(buf, size, "PAT: [mem 0x%016llx-0x%016llx] %s", (unsigned long long)n->start,
			 (unsigned long long)n->end, iom_mt_kname(n->type));
	else
		snprintf(buf, size, "%s @ 0x%llx-0x%llx", iom_mt_kname(n->type), (unsigned long long)n->start,
			 (unsigned long long)n->end);
}

static void header(const struct iom_scn_result *r, char *buf, size_t size)
{
	char v[16];
	const struct iom_mtrr_state *s = iom_kernel_mtrr(r->k);
	snprintf(buf, size, "kernel %s, pat=%s, mtrr %s vcnt=%u wc=%s physbits=%u",
		 iom_kver_str(r->kernel, v, sizeof(v)), iom_pat_hw_name(r->pat),
		 iom_kernel_mtrr_enabled(r->k) ? "on" : "off", s->vcnt, s->wc_supported ? "on" : "off",
		 s->phys_bits);
}

static const char *eff_name(const struct iom_kpiece *p, char *buf, size_t size)
{
	if (p->mtrr_undefined)
		snprintf(buf, size, "undefined");
	else
		snprintf(buf, size, "%s%s", iom_mt_name(p->eff.type), p->eff.model_specific ? "*" : "");
	return buf;
}

static const char *mtrr_name(const struct iom_kpiece *p, char *buf, size_t size)
{
	if (p->mtrr_undefined && p->undef_a != IOM_MT_NONE)
		snprintf(buf, size, "%s+%s!", iom_mt_name(p->undef_a), iom_mt_name(p->undef_b));
	else if (p->mtrr_undefined)
		snprintf(buf, size, "reserved!");
	else
		snprintf(buf, size, "%s", iom_mt_name(p->mtrr));
	return buf;
}

void iom_scn_render_text(const struct iom_scn_result *r, struct iom_buf *b)
{
	char line[512], x[64], y[64], z[64];
	const struct iom_kernel *k = r->k;
	header(r, line, sizeof(line));
	iom_buf_printf(b, "== %s: %s\n", r->file, line);
	iom_buf_puts(b, "calls:\n");
	for (size_t i = 0; i < r->nr_calls; i++) {
		retval(&r->calls[i], x, sizeof(x));
		iom_buf_printf(b, "  L%-4d %-52s -> %s\n", r->calls[i].line, r->calls[i].src, x);
	}
	bool any_ms = false, any_undef = false;
	iom_buf_puts(b, "mappings:\n");
	iom_buf_printf(b, "  %-8s %-27s %-16s %-4s %-7s %-16s %-8s %s\n", "name", "range", "api", "req",
		       "tracked", "pte", "mtrr", "effective");
	for (size_t i = 0; i < r->nr_calls; i++) {
		const struct call_rec *c = &r->calls[i];
		if (!c->is_map)
			continue;
		const struct iom_mapping *m = iom_k_mapping(k, (int)c->map_index);
		const char *name = c->var[0] ? c->var : "-";
		if (!m->ok || m->unmapped || m->api == IOM_API_SET_MEMORY_WB) {
			snprintf(line, sizeof(line), "[0x%llx,0x%llx)", (unsigned long long)m->phys,
				 (unsigned long long)(m->phys + m->size));
			iom_buf_printf(b, "  %-8s %-27s %-16s %-4s %s\n", name, line, iom_api_name(m->api),
				       iom_mt_name(m->req), !m->ok ? "NULL" : m->unmapped ? "(unmapped)" : "(WB again)");
			continue;
		}
		struct iom_kpiece p[64];
		long n = iom_k_resolve(k, m->phys, m->phys + m->size, m->pte, p, ARRAY_SIZE(p));
		pte_desc(k, m->pte, y, sizeof(y));
		const char *tracked = m->direct_map ? "direct" : m->tracked ? iom_mt_name(m->got) : "-";
		for (long j = 0; j < n && j < (long)ARRAY_SIZE(p); j++) {
			snprintf(line, sizeof(line), "[0x%llx,0x%llx)", (unsigned long long)p[j].start,
				 (unsigned long long)p[j].end);
			any_ms |= p[j].eff.model_specific;
			any_undef |= p[j].mtrr_undefined;
			iom_buf_printf(b, "  %-8s %-27s %-16s %-4s %-7s %-16s %-8s %s\n", j ? "" : name, line,
				       iom_api_name(m->api), iom_mt_name(m->req), tracked, y,
				       mtrr_name(&p[j], x, sizeof(x)), eff_name(&p[j], z, sizeof(z)));
		}
	}
	if (any_ms)
		iom_buf_puts(b, "  * model-specific: SDM Table 11-6 leaves this cell to the processor model\n");
	if (any_undef)
		iom_buf_puts(b, "  ! overlapping variable MTRRs whose combination the SDM leaves undefined\n");
	const struct iom_mtrr_state *s = iom_kernel_mtrr(k);
	iom_buf_printf(b, "MTRRs in use (%u added by the calls):\n", iom_kernel_mtrr_used(k));
	unsigned shown = 0;
	for (unsigned i = 0; i < s->vcnt; i++) {
		if (!iom_mtrr_var_get(s, i, NULL, NULL, NULL, NULL))
			continue;
		mtrr_line(k, i, line, sizeof(line));
		iom_buf_printf(b, "  %s\n", line);
		shown++;
	}
	if (!shown)
		iom_buf_puts(b, "  (none)\n");
	if (iom_kernel_pat(k)->enabled) {
		iom_buf_puts(b, "pat_memtype_list:\n");
		for (size_t i = 0; i < iom_k_nr_memtypes(k); i++) {
			memtype_line(k, iom_k_memtype(k, i), line, sizeof(line));
			iom_buf_printf(b, "  %s\n", line);
		}
		if (!iom_k_nr_memtypes(k))
			iom_buf_puts(b, "  (empty)\n");
	}
	iom_buf_puts(b, "kernel log:\n");
	for (size_t i = 0; i < iom_kernel_nr_log(k); i++) {
		const struct iom_logline *l = iom_kernel_log(k, i);
		if (l->call < 0)
			iom_buf_printf(b, "  boot  %-5s %s\n", lvl_name(l->level), l->text);
		else
			iom_buf_printf(b, "  L%-4d %-5s %s\n", l->call, lvl_name(l->level), l->text);
	}
	iom_buf_puts(b, "expectations:\n");
	unsigned skipped = 0;
	for (size_t i = 0; i < r->nr_exps; i++) {
		const struct exp_rec *e = &r->exps[i];
		skipped += e->skipped;
		iom_buf_printf(b, "  %-4s L%-4d %s%s%s\n", e->skipped ? "skip" : e->ok ? "ok" : "FAIL", e->line,
			       e->src, e->detail[0] ? ": " : "", e->detail);
	}
	iom_buf_printf(b, "result: %u passed, %u failed, %u skipped\n", r->passed, r->failed, skipped);
}

void iom_scn_render_json(const struct iom_scn_result *r, struct iom_buf *b)
{
	char line[512], x[64];
	const struct iom_kernel *k = r->k;
	json_t *o = json_object();
	json_object_set_new(o, "file", json_string(r->file));
	json_object_set_new(o, "kernel", json_string(iom_kver_str(r->kernel, x, sizeof(x))));
	json_object_set_new(o, "pat", json_string(iom_pat_hw_name(r->pat)));
	json_object_set_new(o, "pat_msr", iom_kernel_pat(k)->hw ? json_sprintf("0x%016llx",
				(unsigned long long)iom_kernel_pat(k)->msr) : json_null());
	json_object_set_new(o, "mtrr_enabled", json_boolean(iom_kernel_mtrr_enabled(k)));
	json_t *calls = json_array();
	for (size_t i = 0; i < r->nr_calls; i++) {
		const struct call_rec *c = &r->calls[i];
		json_t *j = json_object();
		json_object_set_new(j, "line", json_integer(c->line));
		json_object_set_new(j, "call", json_string(c->src));
		if (c->var[0])
			json_object_set_new(j, "name", json_string(c->var));
		if (c->is_map)
			json_object_set_new(j, "ok", json_boolean(c->ok));
		json_object_set_new(j, "value", json_integer(c->value));
		if (c->is_type)
			json_object_set_new(j, "uniform", c->uniform < 0 ? json_null() : json_integer(c->uniform));
		json_array_append_new(calls, j);
	}
	json_object_set_new(o, "calls", calls);
	json_t *maps = json_array();
	for (size_t i = 0; i < r->nr_calls; i++) {
		const struct call_rec *c = &r->calls[i];
		if (!c->is_map)
			continue;
		const struct iom_mapping *m = iom_k_mapping(k, (int)c->map_index);
		json_t *j = json_object();
		json_object_set_new(j, "name", c->var[0] ? json_string(c->var) : json_null());
		json_object_set_new(j, "api", json_string(iom_api_name(m->api)));
		json_object_set_new(j, "start", json_sprintf("0x%llx", (unsigned long long)m->phys));
		json_object_set_new(j, "end", json_sprintf("0x%llx", (unsigned long long)(m->phys + m->size)));
		json_object_set_new(j, "ok", json_boolean(m->ok));
		json_object_set_new(j, "unmapped", json_boolean(m->unmapped));
		json_object_set_new(j, "requested", json_string(iom_mt_name(m->req)));
		json_object_set_new(j, "tracked", m->tracked ? json_string(iom_mt_name(m->got)) : json_null());
		json_object_set_new(j, "direct_map", json_boolean(m->direct_map));
		json_object_set_new(j, "pte", json_sprintf("0x%03llx", (unsigned long long)m->pte));
		json_t *pcs = json_array();
		if (m->ok && !m->unmapped) {
			struct iom_kpiece p[64];
			long n = iom_k_resolve(k, m->phys, m->phys + m->size, m->pte, p, ARRAY_SIZE(p));
			for (long q = 0; q < n && q < (long)ARRAY_SIZE(p); q++) {
				json_t *pj = json_object();
				json_object_set_new(pj, "start", json_sprintf("0x%llx", (unsigned long long)p[q].start));
				json_object_set_new(pj, "end", json_sprintf("0x%llx", (unsigned long long)p[q].end));
				json_object_set_new(pj, "pat_index", json_integer(p[q].pat_index));
				json_object_set_new(pj, "pat_entry", p[q].pat_entry == IOM_MT_NONE ? json_null()
							   : json_string(iom_mt_name(p[q].pat_entry)));
				json_object_set_new(pj, "mtrr", p[q].mtrr_undefined ? json_null() : json_string(iom_mt_name(p[q].mtrr)));
				if (p[q].mtrr_undefined && p[q].undef_a != IOM_MT_NONE)
					json_object_set_new(pj, "mtrr_undefined", json_pack("[ss]", iom_mt_name(p[q].undef_a),
											 iom_mt_name(p[q].undef_b)));
				json_object_set_new(pj, "effective", p[q].mtrr_undefined ? json_null()
							   : json_string(iom_mt_name(p[q].eff.type)));
				json_object_set_new(pj, "model_specific", json_boolean(p[q].eff.model_specific));
				json_object_set_new(pj, "source", json_string(p[q].eff.source));
				json_array_append_new(pcs, pj);
			}
		}
		json_object_set_new(j, "pieces", pcs);
		json_array_append_new(maps, j);
	}
	json_object_set_new(o, "mappings", maps);
	json_t *mtrrs = json_array();
	const struct iom_mtrr_state *s = iom_kernel_mtrr(k);
	for (unsigned i = 0; i < s->vcnt; i++) {
		uint64_t base, sz;
		enum iom_mt t;
		if (!iom_mtrr_var_get(s, i, &base, &sz, &t, NULL))
			continue;
		json_array_append_new(mtrrs, json_pack("{sI ss ss ss sI}", "reg", (json_int_t)i, "base",
						       (snprintf(line, sizeof(line), "0x%llx", (unsigned long long)base), line),
						       "size", (snprintf(x, sizeof(x), "0x%llx", (unsigned long long)sz), x),
						       "type", iom_mt_name(t), "count", (json_int_t)iom_kernel_mtrr_usage(k, i)));
	}
	json_object_set_new(o, "mtrrs", mtrrs);
	json_object_set_new(o, "mtrr_used", json_integer(iom_kernel_mtrr_used(k)));
	json_t *mt = json_array();
	for (size_t i = 0; i < iom_k_nr_memtypes(k); i++) {
		const struct iom_memtype_node *n = iom_k_memtype(k, i);
		json_array_append_new(mt, json_pack("{s:o s:o s:s}", "start", json_sprintf("0x%llx", (unsigned long long)n->start),
						    "end", json_sprintf("0x%llx", (unsigned long long)n->end),
						    "type", iom_mt_name(n->type)));
	}
	json_object_set_new(o, "memtypes", mt);
	json_t *log = json_array();
	for (size_t i = 0; i < iom_kernel_nr_log(k); i++) {
		const struct iom_logline *l = iom_kernel_log(k, i);
		json_array_append_new(log, json_pack("{s:o s:s s:s}", "line", l->call < 0 ? json_null() : json_integer(l->call),
						     "level", lvl_name(l->level), "text", l->text));
	}
	json_object_set_new(o, "log", log);
	json_t *ex = json_array();
	for (size_t i = 0; i < r->nr_exps; i++) {
		const struct exp_rec *e = &r->exps[i];
		json_array_append_new(ex, json_pack("{s:i s:s s:s s:s}", "line", e->line, "expect", e->src, "result",
						    e->skipped ? "skip" : e->ok ? "ok" : "fail", "detail", e->detail));
	}
	json_object_set_new(o, "expectations", ex);
	json_object_set_new(o, "passed", json_integer(r->passed));
	json_object_set_new(o, "failed", json_integer(r->failed));
	char *txt = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (txt) {
		iom_buf_puts(b, txt);
		free(txt);
	}
	json_decref(o);
}

void iom_scn_render_summary(const struct iom_scn_result *r, struct iom_buf *b)
{
	const struct iom_kernel *k = r->k;
	char v[16];
	iom_buf_printf(b, "%-36s %-5s pat=%-6s", r->file, iom_kver_str(r->kernel, v, sizeof(v)),
		       iom_pat_hw_name(r->pat));
	for (size_t i = 0; i < r->nr_calls; i++) {
		const struct call_rec *c = &r->calls[i];
		if (!c->is_map || !c->var[0])
			continue;
		const struct iom_mapping *m = iom_k_mapping(k, (int)c->map_index);
		iom_buf_printf(b, " %s=", c->var);
		if (!m->ok || m->unmapped) {
			iom_buf_puts(b, !m->ok ? "NULL" : "unmapped");
			continue;
		}
		struct iom_kpiece p[16];
		long n = iom_k_resolve(k, m->phys, m->phys + m->size, m->pte, p, ARRAY_SIZE(p));
		for (long j = 0; j < n && j < (long)ARRAY_SIZE(p); j++) {
			char z[16];
			iom_buf_printf(b, "%s%s", j ? "/" : "", eff_name(&p[j], z, sizeof(z)));
		}
	}
	iom_buf_printf(b, " mtrr-used=%u %s\n", iom_kernel_mtrr_used(k), r->failed ? "FAIL" : "ok");
}

static void named_types(const struct iom_scn_result *r, const char *name, char *buf, size_t size)
{
	snprintf(buf, size, "-");
	for (size_t i = 0; i < r->nr_calls; i++) {
		const struct call_rec *c = &r->calls[i];
		if (!c->is_map || strcmp(c->var, name))
			continue;
		const struct iom_mapping *m = iom_k_mapping(r->k, (int)c->map_index);
		if (!m->ok || m->unmapped) {
			snprintf(buf, size, "%s", !m->ok ? "NULL" : "unmapped");
			return;
		}
		struct iom_kpiece p[16];
		long n = iom_k_resolve(r->k, m->phys, m->phys + m->size, m->pte, p, ARRAY_SIZE(p));
		size_t o = 0;
		buf[0] = 0;
		for (long j = 0; j < n && j < (long)ARRAY_SIZE(p) && o < size; j++) {
			char z[16];
			o += (size_t)snprintf(buf + o, size - o, "%s%s", j ? " + " : "", eff_name(&p[j], z, sizeof(z)));
		}
		return;
	}
}

void iom_scn_render_matrix(const struct iom_scn_result *const *runs, size_t n, struct iom_buf *b)
{
	/* columns: named mappings in order of first appearance; PAT settings in order seen */
	char names[8][48];
	size_t nn = 0;
	int pats[3], np = 0;
	for (size_t i = 0; i < n; i++) {
		int seen = 0;
		for (int q = 0; q < np; q++)
			seen |= pats[q] == (int)runs[i]->pat;
		if (!seen && np < 3)
			pats[np++] = (int)runs[i]->pat;
		for (size_t c = 0; c < runs[i]->nr_calls; c++) {
			const struct call_rec *cr = &runs[i]->calls[c];
			if (!cr->is_map || !cr->var[0])
				continue;
			size_t q;
			for (q = 0; q < nn && strcmp(names[q], cr->var); q++)
				;
			if (q == nn && nn < ARRAY_SIZE(names))
				snprintf(names[nn++], sizeof(names[0]), "%s", cr->var);
		}
	}
	iom_buf_puts(b, "| scenario | kernel |");
	for (int q = 0; q < np; q++) {
		for (size_t c = 0; c < nn; c++)
			iom_buf_printf(b, " %s (PAT %s) |", names[c], iom_pat_hw_name((enum iom_pat_hw)pats[q]));
		iom_buf_printf(b, " MTRRs (PAT %s) |", iom_pat_hw_name((enum iom_pat_hw)pats[q]));
	}
	iom_buf_puts(b, "\n|---|---|");
	for (int q = 0; q < np; q++)
		for (size_t c = 0; c <= nn; c++)
			iom_buf_puts(b, "---|");
	iom_buf_puts(b, "\n");
	for (size_t i = 0; i < n; i++) {
		if (i && !strcmp(runs[i]->file, runs[i - 1]->file))
			continue;
		const char *base = strrchr(runs[i]->file, '/');
		char v[16];
		iom_buf_printf(b, "| %s | %s |", base ? base + 1 : runs[i]->file,
			       iom_kver_str(runs[i]->kernel, v, sizeof(v)));
		for (int q = 0; q < np; q++) {
			const struct iom_scn_result *r = NULL;
			for (size_t j = i; j < n && !strcmp(runs[j]->file, runs[i]->file); j++)
				if ((int)runs[j]->pat == pats[q])
					r = runs[j];
			for (size_t c = 0; c < nn; c++) {
				char t[96] = "";
				if (r)
					named_types(r, names[c], t, sizeof(t));
				iom_buf_printf(b, " %s |", t);
			}
			if (r)
				iom_buf_printf(b, " %u%s |", iom_kernel_mtrr_used(r->k), r->failed ? " (FAIL)" : "");
			else
				iom_buf_puts(b, " |");
		}
		iom_buf_puts(b, "\n");
	}
}
