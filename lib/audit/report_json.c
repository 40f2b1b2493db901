// SPDX-License-Identifier: MIT
/* iomodel -- the audit as JSON (jansson, insertion-ordered keys). Addresses are strings
 * "0x..." (JSON numbers lose precision above 2^53). Key names are documented in
 * docs/audit.md and are stable. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/audit.h"
#include "iomodel/diag.h"

static json_t *hex(uint64_t v)
{
	char b[24];
	snprintf(b, sizeof(b), "0x%llx", (unsigned long long)v);
	return json_string(b);
}

static json_t *mtset(iom_mtset s)
{
	json_t *arr = json_array();
	static const enum iom_mt order[] = { IOM_MT_UC, IOM_MT_UC_MINUS, IOM_MT_WC,
					     IOM_MT_WT, IOM_MT_WP, IOM_MT_WB };
	for (size_t i = 0; i < ARRAY_SIZE(order); i++)
		if (s & IOM_MTSET(order[i]))
			json_array_append_new(arr, json_string(iom_mt_name(order[i])));
	return arr;
}

static json_t *where(const struct iom_audit *a, struct iom_sys_where w)
{
	json_t *o = json_object();
	if (w.input >= 0 && (size_t)w.input < a->st->nr_inputs)
		json_object_set_new(o, "file", json_string(a->st->inputs[w.input].name));
	else
		json_object_set_new(o, "file", json_null());
	json_object_set_new(o, "line", json_integer(w.line));
	return o;
}

int iom_audit_json(const struct iom_audit *a, struct iom_buf *out, bool pretty)
{
	const struct iom_sys_state *st = a->st;
	json_t *root = json_object(), *arr;
	size_t nerr = 0, nwarn = 0, ninfo = 0;
	for (size_t i = 0; i < a->nr_findings; i++) {
		nerr += a->findings[i].sev == IOM_AUD_ERROR;
		nwarn += a->findings[i].sev == IOM_AUD_WARNING;
		ninfo += a->findings[i].sev == IOM_AUD_INFO;
	}
	json_t *sum = json_object();
	json_object_set_new(sum, "problems", json_boolean(nerr + nwarn > 0));
	json_object_set_new(sum, "errors", json_integer((json_int_t)nerr));
	json_object_set_new(sum, "warnings", json_integer((json_int_t)nwarn));
	json_object_set_new(sum, "notes", json_integer((json_int_t)ninfo));
	arr = json_array();
	for (size_t i = 0; i < a->nr_findings; i++) {
		bool seen = false;
		for (size_t k = 0; k < i; k++)
			seen |= a->findings[k].code == a->findings[i].code;
		if (!seen)
			json_array_append_new(arr, json_string(a->findings[i].code->code));
	}
	json_object_set_new(sum, "codes", arr);
	json_object_set_new(root, "summary", sum);

	arr = json_array();
	for (size_t i = 0; i < st->nr_inputs; i++) {
		const struct iom_sys_input *in = &st->inputs[i];
		json_t *o = json_object();
		json_object_set_new(o, "name", json_string(in->name));
		json_object_set_new(o, "kind", json_string(iom_sys_kind_name(in->kind)));
		json_object_set_new(o, "status", json_string(iom_sys_in_status_name(in->status)));
		json_object_set_new(o, "lines", json_integer(in->nr_lines));
		json_object_set_new(o, "used", json_integer(in->nr_used));
		json_array_append_new(arr, o);
	}
	json_object_set_new(root, "inputs", arr);

	json_t *m = json_object();
	json_object_set_new(m, "from", json_string(a->mtrr_from));
	json_object_set_new(m, "known", json_boolean(a->mtrr_known));
	json_object_set_new(m, "enabled", json_boolean(a->mtrr.enabled));
	json_object_set_new(m, "vcnt", a->vcnt >= 0 ? json_integer(a->vcnt) : json_null());
	json_object_set_new(m, "used", json_integer(a->nr_var_used));
	enum iom_mt d = IOM_MT_NONE;
	iom_mt_from_hw(a->mtrr.def_type, true, &d);
	json_object_set_new(m, "default_type", a->def_known ? json_string(iom_mt_name(d)) : json_null());
	json_object_set_new(m, "fixed_known", json_boolean(a->fixed_known));
	arr = json_array();
	for (unsigned n = 0; n < a->mtrr.vcnt; n++) {
		uint64_t b, z;
		enum iom_mt t;
		bool c;
		if (!iom_mtrr_var_get(&a->mtrr, n, &b, &z, &t, &c))
			continue;
		json_t *o = json_object();
		json_object_set_new(o, "reg", json_integer(n));
		json_object_set_new(o, "base", hex(b));
		json_object_set_new(o, "size", hex(z));
		json_object_set_new(o, "type", t >= 0 ? json_string(iom_mt_name(t)) : json_null());
		json_array_append_new(arr, o);
	}
	json_object_set_new(m, "variable", arr);
	json_object_set_new(root, "mtrr", m);

	json_t *p = json_object();
	json_object_set_new(p, "state", json_string(a->pat == IOM_AUD_PAT_ENABLED ? "enabled"
						    : a->pat == IOM_AUD_PAT_DISABLED ? "disabled" : "unknown"));
	if (a->slots_known) {
		arr = json_array();
		for (int i = 0; i < 8; i++)
			json_array_append_new(arr, json_string(iom_mt_name(a->slots[i])));
		json_object_set_new(p, "layout", arr);
	} else {
		json_object_set_new(p, "layout", json_null());
	}
	json_object_set_new(p, "kernel", st->kernel[0] ? json_string(st->kernel) : json_null());
	json_object_set_new(root, "pat", p);

	arr = json_array();
	for (size_t i = 0; i < a->nr_unknowns; i++)
		json_array_append_new(arr, json_string(a->unknowns[i]));
	json_object_set_new(root, "unknown", arr);

	arr = json_array();
	for (size_t i = 0; i < a->nr_regions; i++) {
		const struct iom_aud_region *r = &a->regions[i];
		json_t *o = json_object();
		json_object_set_new(o, "kind", json_string(r->kind == IOM_AUD_R_BAR ? "bar" : "reservation"));
		json_object_set_new(o, "start", hex(r->start));
		json_object_set_new(o, "end", hex(r->end - 1));
		json_object_set_new(o, "owner", r->owner[0] ? json_string(r->owner) : json_null());
		if (r->kind == IOM_AUD_R_BAR) {
			const struct iom_sys_bar *b = &a->bars[r->bar];
			json_object_set_new(o, "prefetchable", b->prefetch < 0 ? json_null() : json_boolean(b->prefetch));
			json_object_set_new(o, "64bit", b->is64 < 0 ? json_null() : json_boolean(b->is64));
			json_object_set_new(o, "wc_file", b->wc_file < 0 ? json_null() : json_boolean(b->wc_file));
		} else {
			json_object_set_new(o, "count", json_integer(r->dup));
		}
		json_object_set_new(o, "tracked", mtset(r->tracked));
		json_object_set_new(o, "mtrr", mtset(r->mtrr));
		json_object_set_new(o, "mtrr_undefined", json_boolean(r->mtrr_undefined));
		json_object_set_new(o, "effective", mtset(r->eff));
		json_object_set_new(o, "effective_if_ioremap", json_boolean(r->hypothetical));
		json_object_set_new(o, "at", where(a, r->at));
		json_array_append_new(arr, o);
	}
	json_object_set_new(root, "regions", arr);

	arr = json_array();
	for (size_t i = 0; i < a->nr_findings; i++) {
		const struct iom_aud_finding *f = &a->findings[i];
		json_t *o = json_object(), *ev = json_array();
		json_object_set_new(o, "code", json_string(f->code->code));
		json_object_set_new(o, "severity", json_string(iom_aud_sev_name(f->sev)));
		json_object_set_new(o, "title", json_string(f->code->title));
		json_object_set_new(o, "message", json_string(f->message));
		if (f->end > f->start + 3) {
			json_object_set_new(o, "start", hex(f->start));
			json_object_set_new(o, "end", hex(f->end - 1));
		}
		for (size_t k = 0; k < f->nr_ev; k++) {
			json_t *e = where(a, f->ev[k].at);
			json_object_set_new(e, "what", json_string(f->ev[k].what));
			json_array_append_new(ev, e);
		}
		json_object_set_new(o, "evidence", ev);
		json_object_set_new(o, "explanation", json_string(f->code->explanation));
		json_object_set_new(o, "fix", json_string(f->code->fix));
		json_object_set_new(o, "source", json_string(f->code->source));
		json_array_append_new(arr, o);
	}
	json_object_set_new(root, "findings", arr);

	arr = json_array();
	for (size_t i = 0; i < st->nr_msgs; i++) {
		json_t *o = where(a, st->msgs[i].at);
		json_object_set_new(o, "severity", json_string(st->msgs[i].sev == IOM_SYS_MSG_ERROR ? "error"
							       : st->msgs[i].sev == IOM_SYS_MSG_WARN ? "warning" : "note"));
		json_object_set_new(o, "message", json_string(st->msgs[i].text));
		json_array_append_new(arr, o);
	}
	json_object_set_new(root, "input_notes", arr);

	char *s = json_dumps(root, JSON_PRESERVE_ORDER | (pretty ? JSON_INDENT(2) : JSON_COMPACT));
	json_decref(root);
	if (!s)
		return -IOM_ENOMEM;
	iom_buf_puts(out, s);
	iom_buf_puts(out, "\n");
	free(s);
	return out->oom ? -IOM_ENOMEM : 0;
}
