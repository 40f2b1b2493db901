// SPDX-License-Identifier: MIT
/* iomodel -- the audit as JSON (jansson, insertion-ordered keys). Addresses are strings
 * "0x..." (JSON numbers lose precision above 2^53). Key names are documented in
 * docs/audit.md and are stable. */
#include <jansson.h>
#include <stdarg.h>
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

/* A JSON string for any bytes: jansson refuses invalid UTF-8, so such bytes become '?'. */
static json_t *jstr(const char *s)
{
	json_t *j = json_string(s);
	if (j)
		return j;
	char *c = strdup(s);
	if (!c)
		return json_null();
	for (char *p = c; *p; p++)
		if ((unsigned char)*p >= 0x80 || (unsigned char)*p < 0x20)
			*p = '?';
	j = json_string(c);
	free(c);
	return j ? j : json_null();
}

static json_t *where(const struct iom_audit *a, struct iom_sys_where w)
{
	json_t *o = json_object();
	if (w.input >= 0 && (size_t)w.input < a->st->nr_inputs)
		json_object_set_new(o, "file", jstr(a->st->inputs[w.input].name));
	else
		json_object_set_new(o, "file", json_null());
	json_object_set_new(o, "line", json_integer(w.line));
	return o;
}

/* Dump v (stolen) into out; in pretty mode nested lines are indented by `indent` more
 * spaces. Large arrays are written element by element so that no tree of 100,000 objects
 * is ever built (bench/audit). */
static int emit(struct iom_buf *out, json_t *v, bool pretty, int indent)
{
	char *s = json_dumps(v, JSON_ENCODE_ANY | (pretty ? JSON_INDENT(2) : JSON_COMPACT));
	json_decref(v);
	if (!s)
		return -IOM_ENOMEM;
	static const char spaces[] = "                ";
	const char *p = s, *nl;
	while ((nl = strchr(p, '\n'))) {
		iom_buf_add(out, p, (size_t)(nl - p) + 1);
		iom_buf_add(out, spaces, (size_t)indent < sizeof(spaces) ? (size_t)indent : sizeof(spaces) - 1);
		p = nl + 1;
	}
	iom_buf_puts(out, p);
	free(s);
	return 0;
}

static void key(struct iom_buf *out, const char *k, bool pretty, bool first)
{
	iom_buf_printf(out, "%s%s\"%s\":%s", first ? "" : ",", pretty ? "\n  " : "", k, pretty ? " " : "");
}

/* Row builder without printf: 100,000 rows are most of the cost of a large report. */
struct row {
	char b[1024];
	size_t n;
};

static void rs(struct row *r, const char *s)
{
	size_t l = strlen(s);
	if (r->n + l < sizeof(r->b)) {
		memcpy(r->b + r->n, s, l);
		r->n += l;
	}
}

static void rhex(struct row *r, uint64_t v)
{
	char t[20];
	int n = 0;
	do {
		t[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	rs(r, "\"0x");
	while (n && r->n + 2 < sizeof(r->b))
		r->b[r->n++] = t[--n];
	rs(r, "\"");
}

static void rdec(struct row *r, long long v)
{
	char t[24];
	snprintf(t, sizeof(t), "%lld", v);
	rs(r, t);
}

static void rstr(struct row *r, const char *s)
{
	rs(r, "\"");
	for (; *s && r->n + 8 < sizeof(r->b); s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			r->b[r->n++] = '\\';
			r->b[r->n++] = (char)c;
		} else if (c < 0x20 || c >= 0x7f) {
			char t[8];
			snprintf(t, sizeof(t), "\\u%04x", c);
			rs(r, t);
		} else {
			r->b[r->n++] = (char)c;
		}
	}
	rs(r, "\"");
}

static void rset(struct row *r, iom_mtset set)
{
	static const enum iom_mt order[] = { IOM_MT_UC, IOM_MT_UC_MINUS, IOM_MT_WC,
					     IOM_MT_WT, IOM_MT_WP, IOM_MT_WB };
	bool first = true;
	rs(r, "[");
	for (size_t i = 0; i < ARRAY_SIZE(order); i++)
		if (set & IOM_MTSET(order[i])) {
			rs(r, first ? "\"" : ",\"");
			rs(r, iom_mt_name(order[i]));
			rs(r, "\"");
			first = false;
		}
	rs(r, "]");
}

static const char *tri(int v)
{
	return v < 0 ? "null" : v ? "true" : "false";
}

/* One region as a one-line object, keys as everywhere else in this report. */
static void region_row(struct iom_buf *out, const struct iom_audit *a, const struct iom_aud_region *g)
{
	struct row r;
	r.n = 0;
	rs(&r, g->kind == IOM_AUD_R_BAR ? "{\"kind\":\"bar\",\"start\":" : "{\"kind\":\"reservation\",\"start\":");
	rhex(&r, g->start);
	rs(&r, ",\"end\":");
	rhex(&r, g->end - 1);
	rs(&r, ",\"owner\":");
	if (g->owner[0])
		rstr(&r, g->owner);
	else
		rs(&r, "null");
	if (g->kind == IOM_AUD_R_BAR) {
		const struct iom_sys_bar *b = &a->bars[g->bar];
		rs(&r, ",\"prefetchable\":");
		rs(&r, tri(b->prefetch));
		rs(&r, ",\"64bit\":");
		rs(&r, tri(b->is64));
		rs(&r, ",\"wc_file\":");
		rs(&r, tri(b->wc_file));
	} else {
		rs(&r, ",\"count\":");
		rdec(&r, g->dup);
	}
	rs(&r, ",\"tracked\":");
	rset(&r, g->tracked);
	rs(&r, ",\"mtrr\":");
	rset(&r, g->mtrr);
	rs(&r, g->mtrr_undefined ? ",\"mtrr_undefined\":true,\"effective\":" : ",\"mtrr_undefined\":false,\"effective\":");
	rset(&r, g->eff);
	rs(&r, g->hypothetical ? ",\"effective_if_ioremap\":true,\"at\":{\"file\":"
			       : ",\"effective_if_ioremap\":false,\"at\":{\"file\":");
	if (g->at.input >= 0 && (size_t)g->at.input < a->st->nr_inputs)
		rstr(&r, a->st->inputs[g->at.input].name);
	else
		rs(&r, "null");
	rs(&r, ",\"line\":");
	rdec(&r, g->at.line);
	rs(&r, "}}");
	iom_buf_add(out, r.b, r.n);
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
		json_object_set_new(o, "name", jstr(in->name));
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
	json_object_set_new(m, "default_type_deduced", json_boolean(a->def_inferred));
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
	json_object_set_new(p, "kernel", st->kernel[0] ? jstr(st->kernel) : json_null());
	json_object_set_new(root, "pat", p);

	arr = json_array();
	for (size_t i = 0; i < a->nr_unknowns; i++)
		json_array_append_new(arr, jstr(a->unknowns[i]));
	json_object_set_new(root, "unknown", arr);


	arr = json_array();
	for (size_t i = 0; i < a->nr_findings; i++) {
		const struct iom_aud_finding *f = &a->findings[i];
		json_t *o = json_object(), *ev = json_array();
		json_object_set_new(o, "code", json_string(f->code->code));
		json_object_set_new(o, "severity", json_string(iom_aud_sev_name(f->sev)));
		json_object_set_new(o, "title", json_string(f->code->title));
		json_object_set_new(o, "message", jstr(f->message));
		if (f->end > f->start + 3) {
			json_object_set_new(o, "start", hex(f->start));
			json_object_set_new(o, "end", hex(f->end - 1));
		}
		for (size_t k = 0; k < f->nr_ev; k++) {
			json_t *e = where(a, f->ev[k].at);
			json_object_set_new(e, "what", jstr(f->ev[k].what));
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
		json_object_set_new(o, "message", jstr(st->msgs[i].text));
		json_array_append_new(arr, o);
	}
	json_object_set_new(root, "input_notes", arr);

	/* top-level keys in order; "regions" goes after "unknown" */
	const char *k;
	json_t *v;
	bool first = true;
	int rc = 0;
	iom_buf_puts(out, "{");
	json_object_foreach(root, k, v) {
		key(out, k, pretty, first);
		first = false;
		rc |= emit(out, json_incref(v), pretty, 2);
		if (!strcmp(k, "unknown")) {
			key(out, "regions", pretty, false);
			iom_buf_puts(out, "[");
			for (size_t i = 0; i < a->nr_regions; i++) {
				iom_buf_printf(out, "%s%s", i ? "," : "", pretty ? "\n    " : "");
				region_row(out, a, &a->regions[i]);
			}
			iom_buf_printf(out, "%s]", pretty && a->nr_regions ? "\n  " : "");
		}
	}
	iom_buf_puts(out, pretty ? "\n}\n" : "}\n");
	json_decref(root);
	if (rc)
		return -IOM_ENOMEM;
	return out->oom ? -IOM_ENOMEM : 0;
}
