// SPDX-License-Identifier: MIT
/* iomodel -- lint reports: text grouped by file, gcc-style lines, JSON, and SARIF 2.1.0
 * (OASIS "Static Analysis Results Interchange Format Version 2.1.0": sarifLog.version and
 * .runs, run.tool.driver.name, result.message; rules carry shortDescription,
 * fullDescription and help). Findings come sorted by iom_lint_decide(). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lint_int.h"

static void wrap(struct iom_buf *b, const char *indent, const char *s, size_t width)
{
	while (*s) {
		size_t n = strlen(s);
		if (n > width) {
			n = width;
			while (n > 0 && s[n] != ' ')
				n--;
			if (!n)
				n = width;
		}
		iom_buf_printf(b, "%s%.*s\n", indent, (int)n, s);
		s += n;
		while (*s == ' ')
			s++;
	}
}

static size_t nr_unparsed(const struct iom_lint *l)
{
	size_t n = 0;
	for (size_t i = 0; i < l->nr_facts; i++)
		n += lint_note_unparsed(&l->facts[i]);
	return n;
}

static const char unparsed_msg[] =
	"not checked: spatch reported no call here (a macro body, or code it could not parse)";

void iom_lint_render_text(const struct iom_lint *l, struct iom_buf *b)
{
	const char *file = NULL;
	for (size_t i = 0; i < l->nr_found; i++) {
		const struct iom_lint_finding *f = &l->found[i];
		if (!file || strcmp(file, f->at->file)) {
			iom_buf_printf(b, "%s%s\n", file ? "\n" : "", f->at->file);
			file = f->at->file;
		}
		iom_buf_printf(b, "  %d:%d: %s (in %s)\n", f->at->line, f->at->col, f->code,
			       f->at->func[0] ? f->at->func : "file scope");
		wrap(b, "      ", f->msg, 88);
		if (f->related)
			iom_buf_printf(b, "      see also %s:%d:%d\n", f->related->file, f->related->line,
				       f->related->col);
		if (f->evname[0] && f->verdict[0][0])
			iom_buf_printf(b, "      litmus test: %s (--emit DIR writes it)\n", f->evname);
		else if (f->evname[0])
			iom_buf_printf(b, "      scenario: %s (--emit DIR writes it)\n", f->evname);
	}
	size_t nu = nr_unparsed(l);
	/* the file problems are the caller's to print (the CLI: once, on stderr); the
	 * count line counts them */
	if (nu)
		iom_buf_printf(b, "%snot checked:\n", l->nr_found ? "\n" : "");
	for (size_t i = 0; i < l->nr_facts; i++)
		if (lint_note_unparsed(&l->facts[i]))
			iom_buf_printf(b, "  %s:%d:%d: %s(): %s\n", l->facts[i].file, l->facts[i].line,
				       l->facts[i].col, l->facts[i].name, unparsed_msg + 13);
	iom_buf_printf(b, "%s%zu finding%s", l->nr_found || nu ? "\n" : "",
		       l->nr_found, l->nr_found == 1 ? "" : "s");
	if (nu || l->nr_probs)
		iom_buf_printf(b, ", %zu call%s not checked, %zu file problem%s", nu, nu == 1 ? "" : "s",
			       l->nr_probs, l->nr_probs == 1 ? "" : "s");
	iom_buf_puts(b, "\n");
}

void iom_lint_render_gcc(const struct iom_lint *l, struct iom_buf *b)
{
	for (size_t i = 0; i < l->nr_found; i++) {
		const struct iom_lint_finding *f = &l->found[i];
		iom_buf_printf(b, "%s:%d:%d: warning: %s [%s]\n", f->at->file, f->at->line, f->at->col,
			       f->msg, f->code);
		if (f->related)
			iom_buf_printf(b, "%s:%d:%d: note: the other side of this finding [%s]\n",
				       f->related->file, f->related->line, f->related->col, f->code);
	}
	for (size_t i = 0; i < l->nr_facts; i++)
		if (lint_note_unparsed(&l->facts[i]))
			iom_buf_printf(b, "%s:%d:%d: note: %s(): %s\n", l->facts[i].file, l->facts[i].line,
				       l->facts[i].col, l->facts[i].name, unparsed_msg);
}

static void dump(json_t *o, struct iom_buf *b)
{
	char *txt = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (txt) {
		iom_buf_puts(b, txt);
		iom_buf_puts(b, "\n");
		free(txt);
	} else {
		b->oom = 1;
	}
	json_decref(o);
}

static json_t *loc_json(const struct iom_lint_fact *f)
{
	return json_pack("{s:o,s:i,s:i,s:o}", "file", lint_json_str(f->file), "line", f->line,
			 "column", f->col, "function", lint_json_str(f->func));
}

void iom_lint_render_json(const struct iom_lint *l, struct iom_buf *b)
{
	json_t *o = json_object(), *a = json_array(), *u = json_array(), *p = json_array();
	for (size_t i = 0; i < l->nr_found; i++) {
		const struct iom_lint_finding *f = &l->found[i];
		json_t *j = json_object();
		json_object_set_new(j, "code", json_string(f->code));
		json_object_set_new(j, "file", lint_json_str(f->at->file));
		json_object_set_new(j, "line", json_integer(f->at->line));
		json_object_set_new(j, "column", json_integer(f->at->col));
		json_object_set_new(j, "function", lint_json_str(f->at->func));
		json_object_set_new(j, "call", lint_json_str(f->at->name));
		json_object_set_new(j, "cond", lint_json_str(f->at->cond));
		json_object_set_new(j, "driver", lint_json_str(iom_lint_driver_name(l, f->at->driver)));
		json_object_set_new(j, "message", lint_json_str(f->msg));
		json_t *rel = json_array();
		if (f->related)
			json_array_append_new(rel, loc_json(f->related));
		json_object_set_new(j, "related", rel);
		json_object_set_new(j, "scenario", f->evidence ? lint_json_str(f->evidence) : json_null());
		json_object_set_new(j, "scenario_file", f->evname[0] ? lint_json_str(f->evname) : json_null());
		if (f->verdict[0][0]) {
			/* an ordering finding: "scenario" is its litmus test, run per arch */
			json_t *v = json_object();
			for (int ar = 0; ar < IOM_ARCH__COUNT; ar++)
				json_object_set_new(v, iom_arch_name((enum iom_arch)ar), json_string(f->verdict[ar]));
			json_object_set_new(j, "litmus_verdicts", v);
		}
		if (f->scn_var[0]) {
			json_object_set_new(j, "scenario_mapping", json_string(f->scn_var));
			json_object_set_new(j, "pat_on", json_string(f->pat_on));
			json_object_set_new(j, "pat_off", json_string(f->pat_off));
		}
		json_array_append_new(a, j);
	}
	for (size_t i = 0; i < l->nr_facts; i++)
		if (lint_note_unparsed(&l->facts[i]))
			json_array_append_new(u, json_pack("{s:o,s:o,s:i,s:i,s:s}", "name",
							   lint_json_str(l->facts[i].name), "file",
							   lint_json_str(l->facts[i].file), "line", l->facts[i].line,
							   "column", l->facts[i].col, "message", unparsed_msg));
	for (size_t i = 0; i < l->nr_probs; i++)
		json_array_append_new(p, json_pack("{s:o,s:o}", "file", lint_json_str(l->probs[i].file),
						   "message", lint_json_str(l->probs[i].msg)));
	json_object_set_new(o, "findings", a);
	json_object_set_new(o, "count", json_integer((json_int_t)l->nr_found));
	json_object_set_new(o, "not_checked", u);
	json_object_set_new(o, "problems", p);
	dump(o, b);
}

/* SARIF 2.1.0 3.4.3 and 3.4.4: an artifactLocation's uri is a URI (RFC 3986), so every
 * byte outside the unreserved set and '/' is percent-encoded ("with space/x#y.c" is
 * "with%20space/x%23y.c"); a relative path is relative to the uriBaseId SRCROOT, the
 * directory lint ran in (run.originalUriBaseIds), an absolute one a file: URI. */
static json_t *sarif_artifact(const char *file)
{
	struct iom_buf u;
	iom_buf_init(&u);
	if (file[0] == '/')
		iom_buf_puts(&u, "file://");
	for (const unsigned char *p = (const unsigned char *)file; *p; p++) {
		if (isalnum(*p) || strchr("-._~/", *p))
			iom_buf_add(&u, (const char *)p, 1);
		else
			iom_buf_printf(&u, "%%%02X", *p);
	}
	json_t *a = file[0] == '/' ? json_pack("{s:s}", "uri", iom_buf_str(&u))
				   : json_pack("{s:s,s:s}", "uri", iom_buf_str(&u), "uriBaseId", "SRCROOT");
	iom_buf_release(&u);
	return a;
}

static json_t *sarif_loc(const struct iom_lint_fact *f)
{
	return json_pack("{s:{s:o,s:{s:i,s:i}}}", "physicalLocation", "artifactLocation", sarif_artifact(f->file),
			 "region", "startLine", f->line, "startColumn", f->col > 0 ? f->col : 1);
}

void iom_lint_render_sarif(const struct iom_lint *l, const char *version, struct iom_buf *b)
{
	json_t *log = json_object(), *run = json_object(), *drv = json_object(),
	       *rules = json_array(), *results = json_array(), *notes = json_array();
	json_object_set_new(log, "$schema", json_string("https://json.schemastore.org/sarif-2.1.0.json"));
	json_object_set_new(log, "version", json_string("2.1.0"));
	json_object_set_new(drv, "name", json_string("iomodel"));
	json_object_set_new(drv, "version", json_string(version ? version : ""));
	int nrules = 0;
	for (const struct iom_lint_code *c = iom_lint_codes; c->code; c++, nrules++) {
		json_t *r = json_object();
		json_object_set_new(r, "id", json_string(c->code));
		json_object_set_new(r, "shortDescription", json_pack("{s:s}", "text", c->summary));
		json_object_set_new(r, "fullDescription", json_pack("{s:s}", "text", c->explain));
		json_object_set_new(r, "help", json_pack("{s:s}", "text", c->help));
		json_object_set_new(r, "defaultConfiguration", json_pack("{s:s}", "level", "warning"));
		json_object_set_new(r, "properties", json_pack("{s:s}", "source", c->source));
		json_array_append_new(rules, r);
	}
	json_object_set_new(drv, "rules", rules);
	json_object_set_new(run, "tool", json_pack("{s:o}", "driver", drv));
	for (size_t i = 0; i < l->nr_found; i++) {
		const struct iom_lint_finding *f = &l->found[i];
		int idx = 0;
		while (idx < nrules && strcmp(iom_lint_codes[idx].code, f->code))
			idx++;
		json_t *r = json_object();
		json_object_set_new(r, "ruleId", json_string(f->code));
		json_object_set_new(r, "ruleIndex", json_integer(idx));
		json_object_set_new(r, "level", json_string("warning"));
		json_object_set_new(r, "message", json_pack("{s:o}", "text", lint_json_str(f->msg)));
		json_object_set_new(r, "locations", json_pack("[o]", sarif_loc(f->at)));
		if (f->related)
			json_object_set_new(r, "relatedLocations", json_pack("[o]", sarif_loc(f->related)));
		if (f->evname[0])
			json_object_set_new(r, "properties", json_pack("{s:o}", "scenario", lint_json_str(f->evname)));
		json_array_append_new(results, r);
	}
	for (size_t i = 0; i < l->nr_facts; i++)
		if (lint_note_unparsed(&l->facts[i])) {
			char m[256];
			snprintf(m, sizeof(m), "%s(): %s", l->facts[i].name, unparsed_msg);
			json_array_append_new(notes, json_pack("{s:s,s:{s:s},s:[o]}", "level", "note", "message",
							       "text", m, "locations", sarif_loc(&l->facts[i])));
		}
	for (size_t i = 0; i < l->nr_probs; i++)
		json_array_append_new(notes, json_pack("{s:s,s:{s:o},s:[{s:{s:o}}]}", "level", "error",
						       "message", "text", lint_json_str(l->probs[i].msg),
						       "locations", "physicalLocation", "artifactLocation",
						       sarif_artifact(l->probs[i].file)));
	json_object_set_new(run, "invocations",
			    json_pack("[{s:b,s:o}]", "executionSuccessful", l->nr_probs == 0,
				      "toolExecutionNotifications", notes));
	json_object_set_new(run, "originalUriBaseIds",
			    json_pack("{s:{s:{s:s}}}", "SRCROOT", "description", "text",
				      "the directory iomodel lint ran in: the relative paths it was given start there"));
	json_object_set_new(run, "results", results);
	json_object_set_new(log, "runs", json_pack("[o]", run));
	dump(log, b);
}
