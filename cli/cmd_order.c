// SPDX-License-Identifier: MIT
/* iomodel order -- is a pair of accesses ordered on one CPU, by which rule; and the
 * article-shaped ordering tables computed from the rule rows (tables/order_*.def). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "iomodel/buf.h"
#include "iomodel/order.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: iomodel order [--arch ARCH] [--kernel X.Y] [--model MODEL] [--outside-lock] [-j]\n"
		"                     EVENT [BARRIER] EVENT\n"
		"       iomodel order --table [--arch ARCH] [--kernel X.Y] [--model MODEL]\n"
		"  ARCH  := { x86 | arm64 | powerpc | riscv | all }   (default x86; all with --table)\n"
		"  MODEL := { kernel | article | portable | all }     (default kernel)\n"
		"  EVENT := PRIM[@REGION][:devN[+OFF]]   e.g. writel_relaxed@wc, readl:dev1, spin_unlock\n"
		"  REGION:= { uc | wc | ioremap | ioremap_nocache | ioremap_uc | ioremap_np | ioremap_wc |\n"
		"             ioport | mem }\n"
		"  Two MMIO events default to dev0+0x0 and dev0+0x4 (same device, different address).\n"
		"  --kernel defaults to the newest behaviour. --outside-lock: the first event is not made\n"
		"  while holding a spinlock (matters for the powerpc/riscv/portable unlock rules).\n");
}

struct opts {
	enum iom_arch archs[IOM_ARCH__COUNT];
	int nr_archs;
	enum iom_lit_model models[IOM_LIT_MODEL__COUNT];
	int nr_models;
	unsigned kver;
	int table, json, outside;
	const char *flip;
	const char *ev[3];
	int nr_ev;
};

static int parse(int argc, char **argv, struct opts *o)
{
	const char *arch = NULL, *model = "kernel";
	memset(o, 0, sizeof(*o));
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if ((!strcmp(a, "--arch") || !strcmp(a, "--kernel") || !strcmp(a, "--model") ||
		     !strcmp(a, "--flip-rule")) && i + 1 >= argc) {
			cli_error("order: %s needs a value", a);
			return -1;
		}
		if (!strcmp(a, "--arch"))
			arch = argv[++i];
		else if (!strcmp(a, "--model"))
			model = argv[++i];
		else if (!strcmp(a, "--kernel")) {
			if (iom_kver_parse(argv[++i], &o->kver) < 0) {
				cli_error("order: bad kernel version '%s' (expected X.Y)", argv[i]);
				return -1;
			}
		} else if (!strcmp(a, "--flip-rule"))
			o->flip = argv[++i];
		else if (!strcmp(a, "--table"))
			o->table = 1;
		else if (!strcmp(a, "--outside-lock"))
			o->outside = 1;
		else if (!strcmp(a, "-j") || !strcmp(a, "--json"))
			o->json = 1;
		else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 1;
		} else if (a[0] == '-' && a[1]) {
			cli_error("order: unknown option '%s'", a);
			return -1;
		} else if (o->nr_ev < 3)
			o->ev[o->nr_ev++] = a;
		else {
			cli_error("order: too many events");
			return -1;
		}
	}
	if (!arch)
		arch = o->table ? "all" : "x86";
	if (cli_parse_archs("order", arch, o->archs, &o->nr_archs) ||
	    cli_parse_models("order", model, o->models, &o->nr_models))
		return -1;
	if (o->flip && !iom_ord_rule_find(o->flip)) {
		cli_error("order: no rule '%s'", o->flip);
		return -1;
	}
	if (!o->table && o->nr_ev != 2 && o->nr_ev != 3) {
		usage(stderr);
		return -1;
	}
	if (o->table && o->nr_ev) {
		cli_error("order: --table takes no events");
		return -1;
	}
	return 0;
}

static json_t *split_row(const char *line, size_t len)
{
	json_t *row = json_array();
	const char *p = line, *end = line + len;
	while (p <= end) {
		const char *q = p;
		while (q + 2 < end && !(q[0] == ' ' && q[1] == '|' && q[2] == ' '))
			q++;
		if (q + 2 >= end)
			q = end;
		json_array_append_new(row, json_stringn(p, (size_t)(q - p)));
		p = q + 3;
	}
	return row;
}

/* The JSON form of one context's tables: the text renderer's blocks (separated by blank
 * lines; an optional title line, then a header row and rows with " | " between cells). */
static json_t *tables_json(const struct iom_ord_ctx *c, const char *text)
{
	char kv[16];
	json_t *o = json_object(), *blocks = json_array();
	json_object_set_new(o, "arch", json_string(iom_arch_name(c->arch)));
	json_object_set_new(o, "kernel", c->kver ? json_string(iom_kver_str(c->kver, kv, sizeof(kv))) : json_null());
	json_object_set_new(o, "model", json_string(iom_lit_model_name(c->model)));
	const char *p = strchr(text, '\n'); /* skip the "arch, kernel, model" line */
	json_t *blk = NULL;
	while (p && *p) {
		p++;
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (!len) {
			blk = NULL;
		} else if (!memmem(p, len, " | ", 3)) {
			if (!blk) {
				blk = json_object();
				json_array_append_new(blocks, blk);
			}
			json_object_set_new(blk, "title", json_stringn(p, len));
		} else if (!blk || !json_object_get(blk, "columns")) {
			if (!blk) {
				blk = json_object();
				json_array_append_new(blocks, blk);
			}
			json_object_set_new(blk, "columns", split_row(p, len));
			json_object_set_new(blk, "rows", json_array());
		} else {
			json_array_append_new(json_object_get(blk, "rows"), split_row(p, len));
		}
		p = e;
	}
	json_object_set_new(o, "tables", blocks);
	return o;
}

static int tables(const struct opts *o)
{
	struct iom_buf b;
	json_t *arr = o->json ? json_array() : NULL;
	iom_buf_init(&b);
	for (int i = 0; i < o->nr_archs; i++)
		for (int m = 0; m < o->nr_models; m++) {
			struct iom_ord_ctx c = { o->archs[i], o->models[m], o->kver, o->flip };
			if (arr) {
				struct iom_buf t;
				iom_buf_init(&t);
				iom_ord_render_tables(&c, &t);
				json_array_append_new(arr, tables_json(&c, iom_buf_str(&t)));
				iom_buf_release(&t);
				continue;
			}
			if (b.len)
				iom_buf_puts(&b, "\n");
			iom_ord_render_tables(&c, &b);
		}
	if (arr) {
		char *s = json_dumps(arr, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		printf("%s\n", s);
		free(s);
		json_decref(arr);
	} else {
		fputs(iom_buf_str(&b), stdout);
	}
	iom_buf_release(&b);
	return CLI_OK;
}

static int query(const struct opts *o)
{
	json_t *arr = o->json ? json_array() : NULL;
	int rc = CLI_OK;
	for (int i = 0; i < o->nr_archs; i++) {
		enum iom_arch a = o->archs[i];
		struct iom_ord_ev ev[3];
		struct iom_diag d;
		iom_diag_init(&d);
		for (int k = 0; k < o->nr_ev; k++)
			if (iom_ord_parse_event(o->ev[k], a, &ev[k], &d) < 0) {
				cli_error_diag(&d, o->json);
				json_decref(arr);
				return CLI_BADINPUT;
			}
		struct iom_ord_ev *e1 = &ev[0], *e2 = &ev[o->nr_ev - 1];
		struct iom_ord_ev *f = o->nr_ev == 3 ? &ev[1] : NULL;
		if (iom_ord_is_barrier(e1->kind) || iom_ord_is_barrier(e2->kind) ||
		    (f && !iom_ord_is_barrier(f->kind))) {
			cli_error("order: expected ACCESS [BARRIER] ACCESS");
			json_decref(arr);
			return CLI_BADINPUT;
		}
		/* default placement: same device, different address; distinct memory locations */
		if (e1->dev >= 0 && e2->dev >= 0 && e1->dev == e2->dev && e1->off == e2->off &&
		    !strchr(o->ev[0], ':') && !strchr(o->ev[o->nr_ev - 1], ':'))
			e2->off = 4;
		if (e1->dev < 0 && e2->dev < 0 && e1->kind != IOM_ORD_K_LOCK &&
		    e1->kind != IOM_ORD_K_UNLOCK && e2->kind != IOM_ORD_K_LOCK &&
		    e2->kind != IOM_ORD_K_UNLOCK)
			e2->loc = e1->loc + 1;
		unsigned flags = o->outside ? IOM_ORD_F_LOCK_BETWEEN : IOM_ORD_F_HELD;
		for (int m = 0; m < o->nr_models; m++) {
			struct iom_ord_ctx c = { a, o->models[m], o->kver, o->flip };
			char kv[16];
			const char *why;
			struct iom_buf b;
			bool v = false;
			iom_buf_init(&b);
			if (!iom_ord_supported(&c, &why)) {
				if (!o->json)
					printf("%s %s %s: n/a (%s)\n", iom_arch_name(a),
					       o->kver ? iom_kver_str(o->kver, kv, sizeof(kv)) : "newest",
					       iom_lit_model_name(c.model), why);
				iom_buf_release(&b);
				continue;
			}
			iom_ord_explain(&c, e1, f, e2, flags, &v, &b);
			if (o->json) {
				const struct iom_ord_rule *r = NULL;
				bool pv;
				r = iom_ord_pair(&c, e1, e2, flags, &pv);
				if (!pv && f)
					r = iom_ord_fence(&c, e1, f->kind, e2, &pv);
				json_t *j = json_object();
				json_object_set_new(j, "arch", json_string(iom_arch_name(a)));
				json_object_set_new(j, "kernel", o->kver ? json_string(iom_kver_str(o->kver, kv, sizeof(kv))) : json_null());
				json_object_set_new(j, "model", json_string(iom_lit_model_name(c.model)));
				json_object_set_new(j, "first", json_string(o->ev[0]));
				json_object_set_new(j, "barrier", f ? json_string(o->ev[1]) : json_null());
				json_object_set_new(j, "second", json_string(o->ev[o->nr_ev - 1]));
				json_object_set_new(j, "ordered", json_boolean(v));
				json_object_set_new(j, "rule", r ? json_string(r->id) : json_null());
				json_object_set_new(j, "source", r ? json_string(r->source) : json_null());
				json_array_append_new(arr, j);
			} else {
				printf("%s %s %s: %s%s%s -> %s: %s", iom_arch_name(a),
				       o->kver ? iom_kver_str(o->kver, kv, sizeof(kv)) : "newest",
				       iom_lit_model_name(c.model), o->ev[0], f ? " -> " : "",
				       f ? o->ev[1] : "", o->ev[o->nr_ev - 1], iom_buf_str(&b));
			}
			iom_buf_release(&b);
		}
	}
	if (arr) {
		char *s = json_dumps(arr, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		if (s)
			puts(s);
		free(s);
		json_decref(arr);
	}
	return rc;
}

int cmd_order(int argc, char **argv)
{
	struct opts o;
	int r = parse(argc, argv, &o);
	if (r)
		return r > 0 ? CLI_OK : CLI_BADINPUT;
	return o.table ? tables(&o) : query(&o);
}
