// SPDX-License-Identifier: MIT
/* iomodel -- renderers for `iomodel attrs`: text (lspci-style Flag+/Flag-) and JSON.
 * Output depends only on the arguments, so golden tests can pin it. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/attrs.h"

static char flag(enum iom_attrs_tri v)
{
	switch (v) {
	case IOM_ATTRS_YES: return '+';
	case IOM_ATTRS_NO: return '-';
	case IOM_ATTRS_COND: return '?';
	default: return '.';
	}
}

static void props_str(const struct iom_attr_props *p, char *s, size_t n)
{
	snprintf(s, n, "C%c G%c R%c S%c E%c", flag(p->cacheable), flag(p->gathering),
		 flag(p->reordering), flag(p->speculative), flag(p->early_ack));
}

static const char *platform_str(enum iom_arch a, unsigned kver,
				const struct iom_attrs_platform *plat)
{
	switch (a) {
	case IOM_ARCH_X86:
		if (plat->nopat)
			return plat->mtrr_wc ? "PAT disabled, WC MTRR over the range"
					     : "PAT disabled";
		return plat->mtrr_wc ? "PAT enabled, WC MTRR over the range" : "PAT enabled";
	case IOM_ARCH_RISCV:
		if (kver < IOM_KVER(5, 19))
			return "no Svpbmt support before v5.19";
		return plat->no_svpbmt ? "CPU without Svpbmt" : "Svpbmt";
	case IOM_ARCH_POWERPC:
		return "book3s64, hash WIMG";
	default:
		return NULL;
	}
}

static int check_archs(unsigned archs, unsigned kver, struct iom_diag *d)
{
	const char *why = NULL;
	char v[16];
	int any = 0, last = -1;
	for (int a = 0; a < IOM_ARCH__COUNT; a++) {
		if (!(archs & (1u << a)))
			continue;
		last = a;
		if (iom_arch_available((enum iom_arch)a, kver, &why))
			any = 1;
	}
	if (last < 0) {
		iom_diag_set(d, IOM_EINVAL, NULL, 0, 0, "no architecture selected");
		return -IOM_EINVAL;
	}
	if (!any) {
		iom_arch_available((enum iom_arch)last, kver, &why);
		iom_diag_set(d, IOM_EINVAL, NULL, 0, 0, "%s does not exist in v%s: %s",
			     iom_arch_name((enum iom_arch)last), iom_kver_str(kver, v, sizeof(v)),
			     why);
		return -IOM_EINVAL;
	}
	return 0;
}

int iom_attrs_render_text(unsigned archs, unsigned kver, const struct iom_attrs_platform *plat,
			  unsigned flags, struct iom_buf *b, struct iom_diag *d)
{
	static const struct iom_attrs_platform dflt;
	char v[16], ps[32];
	int first = 1;
	if (!plat)
		plat = &dflt;
	if (check_archs(archs, kver, d))
		return -IOM_EINVAL;
	for (int a = 0; a < IOM_ARCH__COUNT; a++) {
		const char *why = NULL;
		bool seen[IOM_ATTR__COUNT] = { false };
		if (!(archs & (1u << a)))
			continue;
		if (!first)
			iom_buf_puts(b, "\n");
		first = 0;
		if (!iom_arch_available((enum iom_arch)a, kver, &why)) {
			iom_buf_printf(b, "%s v%s: not available (%s)\n", iom_arch_name((enum iom_arch)a),
				       iom_kver_str(kver, v, sizeof(v)), why);
			continue;
		}
		const char *pl = platform_str((enum iom_arch)a, kver, plat);
		iom_buf_printf(b, "%s v%s%s%s%s\n", iom_arch_name((enum iom_arch)a),
			       iom_kver_str(kver, v, sizeof(v)), pl ? " (" : "", pl ? pl : "",
			       pl ? ")" : "");
		iom_buf_printf(b, "  %-20s %-7s %-14s %-15s %s\n", "API", "RESULT", "ATTRIBUTE",
			       "PROPERTIES", "ENCODING");
		for (int api = 0; api < IOM_ATTRS_API__COUNT; api++) {
			struct iom_attrs_result r;
			if (iom_attrs_lookup_ex((enum iom_arch)a, kver, (enum iom_attrs_api)api, plat,
						&r, d))
				return -IOM_EINVAL;
			if (r.status == IOM_ATTRS_MAPPED) {
				const struct iom_attr_props *p = iom_attr_props(r.effective);
				seen[r.attr] = seen[r.effective] = true;
				props_str(p, ps, sizeof(ps));
				iom_buf_printf(b, "  %-20s %-7s %-14s %-15s %s\n",
					       iom_attrs_api_name(r.api), "mapped", iom_attr_name(r.attr),
					       ps, r.encoding);
			} else {
				iom_buf_printf(b, "  %-20s %-7s %-14s %-15s %s\n",
					       iom_attrs_api_name(r.api), iom_attrs_status_name(r.status),
					       "-", "", "-");
			}
			if (r.fallback)
				iom_buf_printf(b, "    falls back to %s\n", iom_attrs_api_name(r.via));
			if (r.effective != r.attr)
				iom_buf_printf(b, "    effective %s: %s\n", iom_attr_name(r.effective),
					       r.platform_note);
			if (r.note)
				iom_buf_printf(b, "    note: %s\n", r.note);
			if (flags & IOM_ATTRS_RENDER_SOURCES)
				iom_buf_printf(b, "    source: %s\n", r.source);
		}
		iom_buf_puts(b, "  attributes (C cacheable, G gathering, R reordering, S speculative "
				"reads, E early write ack; + yes, - no, ? conditional, . n/a):\n");
		for (int at = 1; at < IOM_ATTR__COUNT; at++) {
			if (!seen[at])
				continue;
			const struct iom_attr_props *p = iom_attr_props((enum iom_attr)at);
			props_str(p, ps, sizeof(ps));
			iom_buf_printf(b, "  %-14s %s  %s\n", p->name, ps, p->note ? p->note : "");
			if (flags & IOM_ATTRS_RENDER_SOURCES)
				iom_buf_printf(b, "    source: %s\n", p->source);
		}
	}
	return 0;
}

static json_t *jstr_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *props_json(const struct iom_attr_props *p)
{
	json_t *o = json_object();
	json_object_set_new(o, "name", json_string(p->name));
	json_object_set_new(o, "cacheable", json_string(iom_attrs_tri_name(p->cacheable)));
	json_object_set_new(o, "gathering", json_string(iom_attrs_tri_name(p->gathering)));
	json_object_set_new(o, "reordering", json_string(iom_attrs_tri_name(p->reordering)));
	json_object_set_new(o, "speculative_reads", json_string(iom_attrs_tri_name(p->speculative)));
	json_object_set_new(o, "early_write_ack", json_string(iom_attrs_tri_name(p->early_ack)));
	json_object_set_new(o, "note", jstr_or_null(p->note));
	json_object_set_new(o, "source", jstr_or_null(p->source));
	return o;
}

int iom_attrs_render_json(unsigned archs, unsigned kver, const struct iom_attrs_platform *plat,
			  struct iom_buf *b, struct iom_diag *d)
{
	static const struct iom_attrs_platform dflt;
	char v[16];
	if (!plat)
		plat = &dflt;
	if (check_archs(archs, kver, d))
		return -IOM_EINVAL;
	json_t *root = json_object(), *jarchs = json_array(), *jplat = json_object();
	json_object_set_new(root, "kernel", json_string(iom_kver_str(kver, v, sizeof(v))));
	json_object_set_new(jplat, "pat", json_boolean(!plat->nopat));
	json_object_set_new(jplat, "mtrr_wc", json_boolean(plat->mtrr_wc));
	json_object_set_new(jplat, "svpbmt", json_boolean(!plat->no_svpbmt));
	json_object_set_new(root, "platform", jplat);
	json_object_set_new(root, "architectures", jarchs);
	for (int a = 0; a < IOM_ARCH__COUNT; a++) {
		const char *why = NULL;
		if (!(archs & (1u << a)))
			continue;
		json_t *ja = json_object();
		json_array_append_new(jarchs, ja);
		json_object_set_new(ja, "arch", json_string(iom_arch_name((enum iom_arch)a)));
		if (!iom_arch_available((enum iom_arch)a, kver, &why)) {
			json_object_set_new(ja, "available", json_false());
			json_object_set_new(ja, "reason", json_string(why));
			continue;
		}
		json_object_set_new(ja, "available", json_true());
		json_t *apis = json_array();
		json_object_set_new(ja, "apis", apis);
		for (int api = 0; api < IOM_ATTRS_API__COUNT; api++) {
			struct iom_attrs_result r;
			if (iom_attrs_lookup_ex((enum iom_arch)a, kver, (enum iom_attrs_api)api, plat,
						&r, d)) {
				json_decref(root);
				return -IOM_EINVAL;
			}
			json_t *o = json_object();
			json_array_append_new(apis, o);
			json_object_set_new(o, "api", json_string(iom_attrs_api_name(r.api)));
			json_object_set_new(o, "status", json_string(iom_attrs_status_name(r.status)));
			json_object_set_new(o, "fallback_to",
					    r.fallback ? json_string(iom_attrs_api_name(r.via))
						       : json_null());
			if (r.status == IOM_ATTRS_MAPPED) {
				json_object_set_new(o, "attribute", json_string(iom_attr_name(r.attr)));
				json_object_set_new(o, "encoding", json_string(r.encoding));
				json_object_set_new(o, "effective", props_json(iom_attr_props(r.effective)));
			} else {
				json_object_set_new(o, "attribute", json_null());
				json_object_set_new(o, "encoding", json_null());
				json_object_set_new(o, "effective", json_null());
			}
			json_object_set_new(o, "platform_note", jstr_or_null(r.platform_note));
			json_object_set_new(o, "note", jstr_or_null(r.note));
			json_object_set_new(o, "source", json_string(r.source));
		}
	}
	char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (!s) {
		iom_diag_set(d, IOM_ENOMEM, NULL, 0, 0, "out of memory");
		return -IOM_ENOMEM;
	}
	iom_buf_puts(b, s);
	iom_buf_puts(b, "\n");
	free(s);
	return 0;
}
