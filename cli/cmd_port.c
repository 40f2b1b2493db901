// SPDX-License-Identifier: MIT
/* iomodel litmus --to-aarch64 / --check-aarch64 -- the portability check (docs/aarch64.md):
 * an LKMM test compiled with arm64's mappings of its primitives (iom_lkmm_to_aarch64), run
 * under aarch64.cat and under the LKMM, and the final states the CPU allows that the LKMM
 * forbids. The states are compared after renaming: the compiled test's Xk of a thread is
 * that thread's C register k, and [x] is x. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "iomodel/buf.h"
#include "iomodel/lkmm.h"
#include "iomodel/litmus.h"

int cli_to_aarch64(char **files, int n)
{
	int rc = CLI_OK;
	for (int i = 0; i < n; i++) {
		struct iom_lit_test *t = NULL;
		struct iom_diag d;
		struct iom_buf b;
		iom_diag_init(&d);
		iom_buf_init(&b);
		if (iom_lit_parse_file(files[i], &t, &d) || iom_lkmm_to_aarch64(t, &b, &d)) {
			cli_error_diag(&d, 0);
			rc = CLI_BADINPUT;
		} else {
			fputs(iom_buf_str(&b), stdout);
			if (i + 1 < n)
				putchar('\n');
		}
		iom_buf_release(&b);
		iom_lit_test_free(t);
	}
	return rc;
}

/* A state in a canonical form: its items renamed ("0:X3=1" -> "0:r3=1", "[x]=1" ->
 * "x=1"), sorted, joined by "; " */
static int item_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *canon(const char *state, const struct iom_lit_test *t, bool a64)
{
	char *s = strdup(state), *items[256];
	int n = 0;
	if (!s)
		return NULL;
	for (char *p = strtok(s, ";"); p && n < 256; p = strtok(NULL, ";")) {
		while (*p == ' ')
			p++;
		if (*p)
			items[n++] = p;
	}
	struct iom_buf b;
	iom_buf_init(&b);
	char **names = malloc((size_t)(n ? n : 1) * sizeof(*names));
	for (int k = 0; names && k < n; k++) {
		struct iom_buf one;
		iom_buf_init(&one);
		char *it = items[k];
		unsigned th;
		int reg, off;
		if (a64 && sscanf(it, "%u:X%d=%n", &th, &reg, &off) == 2 && th < t->nr_threads &&
		    reg >= 0 && (unsigned)reg < t->threads[th].nr_regs)
			iom_buf_printf(&one, "%u:%s=%s", th, t->threads[th].regs[reg], it + off);
		else if (it[0] == '[' && strchr(it, ']'))
			iom_buf_printf(&one, "%.*s%s", (int)(strchr(it, ']') - it - 1), it + 1,
				       strchr(it, ']') + 1);
		else
			iom_buf_puts(&one, it);
		names[k] = strdup(iom_buf_str(&one));
		iom_buf_release(&one);
	}
	if (names)
		qsort(names, (size_t)n, sizeof(*names), item_cmp);
	for (int k = 0; names && k < n; k++) {
		iom_buf_printf(&b, "%s%s;", k ? " " : "", names[k] ? names[k] : "?");
		free(names[k]);
	}
	free(names);
	free(s);
	char *r = strdup(iom_buf_str(&b));
	iom_buf_release(&b);
	return r;
}

static int run_one(const char *path, int json, json_t *jarr, int *found)
{
	struct iom_lit_test *t = NULL, *ta = NULL;
	struct iom_lkmm_result *rl = NULL, *ra = NULL;
	struct iom_diag d;
	struct iom_buf b;
	int rc = CLI_OK;
	iom_diag_init(&d);
	iom_buf_init(&b);
	if (iom_lit_parse_file(path, &t, &d) || iom_lkmm_to_aarch64(t, &b, &d) ||
	    iom_lit_parse(iom_buf_str(&b), b.len, path, &ta, &d) ||
	    iom_lkmm_run(t, NULL, &rl, &d) || iom_lkmm_run(ta, NULL, &ra, &d)) {
		char msg[512];
		iom_diag_str(&d, msg, sizeof(msg));
		if (json) {
			json_t *o = json_object();
			json_object_set_new(o, "file", json_string(path));
			json_object_set_new(o, "compiled", json_false());
			json_object_set_new(o, "error", json_string(msg));
			json_array_append_new(jarr, o);
		} else {
			printf("%s: not checked: %s\n", path, msg);
		}
		rc = CLI_BADINPUT;
		goto out;
	}
	unsigned nl = iom_lkmm_nr_states(rl), na = iom_lkmm_nr_states(ra);
	char **cl = calloc(nl + 1, sizeof(*cl));
	json_t *extra = json_array();
	struct iom_buf ex;
	iom_buf_init(&ex);
	unsigned nextra = 0;
	for (unsigned i = 0; cl && i < nl; i++)
		cl[i] = canon(iom_lkmm_state(rl, i), t, false);
	for (unsigned i = 0; cl && i < na; i++) {
		char *s = canon(iom_lkmm_state(ra, i), t, true);
		bool in = false;
		for (unsigned k = 0; s && k < nl && !in; k++)
			in = cl[k] && !strcmp(cl[k], s);
		if (s && !in) {
			nextra++;
			json_array_append_new(extra, json_string(s));
			iom_buf_printf(&ex, " [%s]", s);
		}
		free(s);
	}
	for (unsigned i = 0; cl && i < nl; i++)
		free(cl[i]);
	free(cl);
	const char *vl = iom_lit_verdict_name(iom_lkmm_verdict(rl));
	const char *va = iom_lit_verdict_name(iom_lkmm_verdict(ra));
	if (nextra)
		(*found)++;
	if (json) {
		json_t *o = json_object();
		json_object_set_new(o, "file", json_string(path));
		json_object_set_new(o, "compiled", json_true());
		json_object_set_new(o, "lkmm", json_string(vl));
		json_object_set_new(o, "aarch64", json_string(va));
		json_object_set_new(o, "lkmm_states", json_integer(nl));
		json_object_set_new(o, "aarch64_states", json_integer(na));
		json_object_set_new(o, "aarch64_only", extra);
		extra = NULL;
		json_array_append_new(jarr, o);
	} else if (nextra) {
		printf("!!! %s: LKMM %s, aarch64.cat %s: aarch64.cat allows %u state%s the LKMM "
		       "forbids:%s\n", path, vl, va, nextra, nextra > 1 ? "s" : "", iom_buf_str(&ex));
	} else {
		printf("%s: LKMM %s (%u states), aarch64.cat %s (%u states): no state beyond the "
		       "LKMM's\n", path, vl, nl, va, na);
	}
	json_decref(extra);
	iom_buf_release(&ex);
out:
	iom_buf_release(&b);
	iom_lkmm_result_free(rl);
	iom_lkmm_result_free(ra);
	iom_lit_test_free(ta);
	iom_lit_test_free(t);
	return rc;
}

int cli_check_aarch64(char **files, int n, int json)
{
	json_t *jarr = json ? json_array() : NULL;
	int found = 0, bad = 0;
	for (int i = 0; i < n; i++)
		if (run_one(files[i], json, jarr, &found) != CLI_OK)
			bad++;
	if (json) {
		char *s = json_dumps(jarr, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		if (s)
			puts(s);
		free(s);
		json_decref(jarr);
	} else {
		printf("%d tests: %d checked, %d not compiled; aarch64.cat allows what the LKMM "
		       "forbids in %d\n", n, n - bad, bad, found);
	}
	return found ? CLI_FAIL : bad == n && n ? CLI_BADINPUT : CLI_OK;
}
