// SPDX-License-Identifier: MIT
/* iomodel -- lint facts: the matcher's JSON lines, the facts file, and what the source text
 * adds (the #if branch of each fact; the mentions the matcher did not report). */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lint_int.h"
#include "iomodel/kver.h"

const struct lint_name lint_names[] = {
#define LNAME(n, c, v, fix, src) { #n, LC_##c, v, fix, src },
#include "../../tables/lint_names.def"
#undef LNAME
};
const size_t lint_nr_names = sizeof(lint_names) / sizeof(lint_names[0]);

/* The names by hash: the source scans ask for every identifier of a tree (a linear search
 * of the table was half of lint's own time on 6.12's four trees). Built once. */
enum { NAME_SLOTS = 1024 };
static unsigned short name_slot[NAME_SLOTS];  /* index + 1 into lint_names, 0 empty */
static pthread_once_t name_once = PTHREAD_ONCE_INIT;

static unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static void names_index(void)
{
	_Static_assert(sizeof(lint_names) / sizeof(lint_names[0]) < NAME_SLOTS / 2, "lint_names: more slots");
	for (size_t i = 0; i < lint_nr_names; i++) {
		unsigned h = name_hash(lint_names[i].name) % NAME_SLOTS;
		while (name_slot[h])
			h = (h + 1) % NAME_SLOTS;
		name_slot[h] = (unsigned short)(i + 1);
	}
}

const struct lint_name *lint_name_lookup(const char *name)
{
	pthread_once(&name_once, names_index);
	for (unsigned h = name_hash(name) % NAME_SLOTS; name_slot[h]; h = (h + 1) % NAME_SLOTS)
		if (!strcmp(lint_names[name_slot[h] - 1].name, name))
			return &lint_names[name_slot[h] - 1];
	return NULL;
}

/* ORDER IOM_LINT_FKIND */
static const char *const fkind_names[] = { "call", "def", "proto", "unparsed", "ret", "assign",
					   "fn", "dcall", "define", "pass", "build", "conv", "stream" };
_Static_assert(sizeof(fkind_names) / sizeof(fkind_names[0]) == IOM_LINT_FKIND__COUNT, "fkinds");

const char *lint_fkind_name(enum iom_lint_fkind k)
{
	return k < IOM_LINT_FKIND__COUNT ? fkind_names[k] : "?";
}

struct iom_lint *iom_lint_new(unsigned kver)
{
	struct iom_lint *l = calloc(1, sizeof(*l));
	if (l) {
		l->kver = kver ? kver : IOM_KVER(6, 12);
		l->cur = -1;
		l->last_drv = -1;
	}
	return l;
}

static void fact_free(struct iom_lint_fact *f)
{
	free(f->name); free(f->file); free(f->func); free(f->cond); free(f->path);
	for (size_t i = 0; i < f->nargs; i++)
		free(f->args[i]);
	free(f->args);
}

void lint_clear_findings(struct iom_lint *l)
{
	for (size_t i = 0; i < l->nr_found; i++) {
		free(l->found[i].msg);
		free(l->found[i].evidence);
	}
	l->nr_found = 0;
}

void iom_lint_free(struct iom_lint *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->nr_facts; i++)
		fact_free(&l->facts[i]);
	for (size_t i = 0; i < l->nr_probs; i++) {
		free(l->probs[i].file);
		free(l->probs[i].msg);
	}
	for (int i = 0; i < l->nr_drivers; i++)
		free(l->drivers[i]);
	for (int i = 0; i < l->dl_n; i++)
		free(l->dl[i].v);
	free(l->dl);
	lint_clear_findings(l);
	free(l->found); free(l->facts); free(l->probs); free(l->drivers);
	free(l);
}

static int new_driver(struct iom_lint *l, const char *name, size_t len)
{
	char **n = realloc(l->drivers, (size_t)(l->nr_drivers + 1) * sizeof(*n));
	if (!n)
		return -IOM_ENOMEM;
	l->drivers = n;
	if (!(n[l->nr_drivers] = malloc(len + 1)))
		return -IOM_ENOMEM;
	memcpy(n[l->nr_drivers], name, len);
	n[l->nr_drivers][len] = 0;
	return l->nr_drivers++;
}

/* The driver a fact of file belongs to: the current one, or with a driver per directory,
 * the one named after file's directory. */
static int driver_of(struct iom_lint *l, const char *file)
{
	if (!l->by_dir)
		return l->cur;
	const char *sl = strrchr(file, '/');
	size_t n = sl ? (size_t)(sl - file) : 1;
	const char *name = sl ? file : ".";
	int c = l->last_drv;
	if (c >= l->dir0 && c < l->nr_drivers && strlen(l->drivers[c]) == n && !strncmp(l->drivers[c], name, n))
		return c;
	for (int i = l->nr_drivers - 1; i >= l->dir0; i--)
		if (strlen(l->drivers[i]) == n && !strncmp(l->drivers[i], name, n))
			return l->last_drv = i;
	return l->last_drv = new_driver(l, name, n);
}

int iom_lint_driver(struct iom_lint *l, const char *name)
{
	l->by_dir = !name;
	l->dir0 = l->nr_drivers;
	if (!name) {
		l->cur = -1;
		return 0;
	}
	char **n = realloc(l->drivers, (size_t)(l->nr_drivers + 1) * sizeof(*n));
	if (!n)
		return -IOM_ENOMEM;
	l->drivers = n;
	if (!(n[l->nr_drivers] = strdup(name ? name : "")))
		return -IOM_ENOMEM;
	l->cur = l->nr_drivers++;
	return 0;
}

static int cur_driver(struct iom_lint *l)
{
	if (l->cur < 0 && !l->by_dir && iom_lint_driver(l, "") < 0)
		return -IOM_ENOMEM;
	return 0;
}

/* Add fact i to its driver's list. */
static int index_fact(struct iom_lint *l, size_t i)
{
	int d = l->facts[i].driver;
	if (d < 0)
		return 0;
	if (d >= l->dl_n) {
		struct lint_dlist *n = realloc(l->dl, (size_t)(d + 1) * sizeof(*n));
		if (!n)
			return -IOM_ENOMEM;
		memset(n + l->dl_n, 0, (size_t)(d + 1 - l->dl_n) * sizeof(*n));
		l->dl = n;
		l->dl_n = d + 1;
	}
	struct lint_dlist *x = &l->dl[d];
	if (x->n == x->cap) {
		size_t nc = x->cap ? 2 * x->cap : 16;
		size_t *nv = realloc(x->v, nc * sizeof(*nv));
		if (!nv)
			return -IOM_ENOMEM;
		x->v = nv;
		x->cap = nc;
	}
	x->v[x->n++] = i;
	return 0;
}

int lint_reindex(struct iom_lint *l)
{
	for (int d = 0; d < l->dl_n; d++)
		l->dl[d].n = 0;
	for (size_t i = 0; i < l->nr_facts; i++)
		if (index_fact(l, i) < 0)
			return -IOM_ENOMEM;
	return 0;
}

const char *iom_lint_driver_name(const struct iom_lint *l, int driver)
{
	return driver >= 0 && driver < l->nr_drivers ? l->drivers[driver] : "";
}

size_t iom_lint_nr_facts(const struct iom_lint *l) { return l->nr_facts; }
const struct iom_lint_fact *iom_lint_fact(const struct iom_lint *l, size_t i)
{
	return i < l->nr_facts ? &l->facts[i] : NULL;
}
size_t iom_lint_nr_problems(const struct iom_lint *l) { return l->nr_probs; }
const struct iom_lint_problem *iom_lint_problem(const struct iom_lint *l, size_t i)
{
	return i < l->nr_probs ? &l->probs[i] : NULL;
}

static struct iom_lint_fact *new_fact(struct iom_lint *l)
{
	if (l->nr_facts == l->cap_facts) {
		size_t nc = l->cap_facts ? 2 * l->cap_facts : 64;
		struct iom_lint_fact *n = realloc(l->facts, nc * sizeof(*n));
		if (!n)
			return NULL;
		l->facts = n;
		l->cap_facts = nc;
	}
	lint_clear_findings(l);
	struct iom_lint_fact *f = &l->facts[l->nr_facts];
	memset(f, 0, sizeof(*f));
	f->driver = l->cur;
	return f;
}

int iom_lint_add_problem(struct iom_lint *l, const char *file, const char *msg)
{
	if (cur_driver(l) < 0)
		return -IOM_ENOMEM;
	/* once: each spatch program reports the same timed-out file */
	for (size_t i = 0; i < l->nr_probs; i++)
		if (!strcmp(l->probs[i].file, file ? file : "") && !strcmp(l->probs[i].msg, msg ? msg : ""))
			return 0;
	if (l->nr_probs == l->cap_probs) {
		size_t nc = l->cap_probs ? 2 * l->cap_probs : 8;
		struct iom_lint_problem *n = realloc(l->probs, nc * sizeof(*n));
		if (!n)
			return -IOM_ENOMEM;
		l->probs = n;
		l->cap_probs = nc;
	}
	struct iom_lint_problem *p = &l->probs[l->nr_probs];
	p->file = strdup(file ? file : "");
	p->msg = strdup(msg ? msg : "");
	p->driver = p->file ? driver_of(l, p->file) : -1;
	if (!p->file || !p->msg || p->driver < 0) {
		free(p->file);
		free(p->msg);
		return -IOM_ENOMEM;
	}
	l->nr_probs++;
	return 0;
}

/* ---- one JSON fact ---------------------------------------------------------------------- */

static bool ident(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

static const char *get_str(json_t *o, const char *key, bool need, const char **err)
{
	json_t *v = json_object_get(o, key);
	if (!v) {
		if (need && !*err)
			*err = key;
		return need ? NULL : "";
	}
	if (!json_is_string(v)) {
		if (!*err)
			*err = key;
		return NULL;
	}
	return json_string_value(v);
}

/* Fill a fact from object o; col_base is 0 for the matcher (0-based columns), 1 for a
 * facts file. Returns NULL or a message. */
static const char *fact_from_json(struct iom_lint *l, json_t *o, int col_base)
{
	const char *miss = NULL;
	const char *kind = get_str(o, "kind", true, &miss), *name = get_str(o, "name", true, &miss),
		   *file = get_str(o, "file", true, &miss), *func = get_str(o, "function", false, &miss),
		   *cond = get_str(o, "cond", false, &miss), *path = get_str(o, "path", false, &miss);
	static char why[160];
	if (miss) {
		snprintf(why, sizeof(why), "fact needs a string \"%s\"", miss);
		return why;
	}
	int k = -1;
	for (int i = 0; i < IOM_LINT_FKIND__COUNT; i++)
		if (!strcmp(kind, fkind_names[i]))
			k = i;
	if (k < 0)
		return "unknown fact kind (call, def, proto, unparsed)";
	if ((k == IOM_LINT_ASSIGN ? strcmp(name, "=") : !ident(name)) || strlen(name) > LINT_MAX_NAME)
		return k == IOM_LINT_ASSIGN ? "an assign fact's \"name\" is \"=\""
					    : "\"name\" is not a C identifier";
	if (!*file || strlen(file) > 4096)
		return "\"file\" is empty or too long";
	json_t *jl = json_object_get(o, "line"), *jc = json_object_get(o, "column");
	if (!json_is_integer(jl) || json_integer_value(jl) < 1 || json_integer_value(jl) > 100000000)
		return "\"line\" must be an integer from 1";
	if (!json_is_integer(jc) || json_integer_value(jc) < col_base ||
	    json_integer_value(jc) > 100000000)
		return col_base ? "\"column\" must be an integer from 1" : "\"column\" must be an integer from 0";
	json_t *ja = json_object_get(o, "args");
	if (ja && !json_is_array(ja))
		return "\"args\" must be an array of strings";
	if (ja && (k == IOM_LINT_DEF || k == IOM_LINT_PROTO || k == IOM_LINT_UNPARSED))
		return "only call, ret, assign, fn and dcall facts have \"args\"";
	if (k == IOM_LINT_RET && (!ja || json_array_size(ja) != 1))
		return "a ret fact has one argument, the variable";
	if (k == IOM_LINT_ASSIGN && (!ja || json_array_size(ja) != 2))
		return "an assign fact has two arguments, L and R";
	if (k == IOM_LINT_DEFINE && (!ja || json_array_size(ja) < 1 || json_array_size(ja) > 5))
		return "a define fact has the value, then up to 4 parameters of a function-like macro";
	if (k == IOM_LINT_PASS && (!ja || json_array_size(ja) != 1))
		return "a pass fact has one argument, the memory given";
	if (k == IOM_LINT_BUILD && (!ja || json_array_size(ja) != 1))
		return "a build fact has one argument, the Kconfig line that rules x86 out";
	if (k == IOM_LINT_CONV && (!ja || json_array_size(ja) != 1 || !json_is_string(json_array_get(ja, 0)) ||
				   !ident(json_string_value(json_array_get(ja, 0)))))
		return "a conv fact has one argument, the conversion it calls";
	if (k == IOM_LINT_STREAM && (!ja || json_array_size(ja) < 3 || !json_is_string(json_array_get(ja, 1)) ||
				     !ident(json_string_value(json_array_get(ja, 1)))))
		return "a stream fact has the direction, the mapping call and the files of its scope as arguments";
	size_t na = ja ? json_array_size(ja) : 0;
	for (size_t i = 0; i < na; i++)
		if (!json_is_string(json_array_get(ja, i)))
			return "\"args\" must be an array of strings";
	struct iom_lint_fact *f = new_fact(l);
	if (!f)
		return "out of memory";
	f->kind = (enum iom_lint_fkind)k;
	f->line = (int)json_integer_value(jl);
	f->col = (int)json_integer_value(jc) + (1 - col_base);
	f->name = strdup(name);
	f->file = strdup(file);
	f->func = strdup(func);
	f->cond = strdup(cond);
	f->path = strdup(path);
	f->args = na ? calloc(na, sizeof(char *)) : NULL;
	f->driver = f->file ? driver_of(l, f->file) : -1;
	bool oom = !f->name || !f->file || !f->func || !f->cond || !f->path || (na && !f->args) ||
		   f->driver < 0;
	for (size_t i = 0; !oom && i < na; i++) {
		f->args[i] = strdup(json_string_value(json_array_get(ja, i)));
		oom = !f->args[i];
		f->nargs = i + 1;
	}
	if (oom) {
		fact_free(f);
		return "out of memory";
	}
	l->nr_facts++;
	return index_fact(l, l->nr_facts - 1) < 0 ? "out of memory" : NULL;
}

/* Each non-empty line of text: a JSON object. handle() takes it; returns NULL or a
 * message. On an error, everything this text added is taken back. */
static int each_line(struct iom_lint *l, const char *text, size_t len, const char *name,
		     struct iom_diag *d, const char *(*handle)(struct iom_lint *, json_t *, int *))
{
	size_t nf0 = l->nr_facts, np0 = l->nr_probs;
	int nd0 = l->nr_drivers, cur0 = l->cur;
	int lineno = 0, col = 1, rc = 0;
	const char *msg = NULL;
	char ebuf[200];
	for (size_t pos = 0; pos < len && !msg;) {
		lineno++;
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t e = nl ? (size_t)(nl - text) : len;
		size_t ls = pos, s = pos;
		pos = e + 1;
		while (s < e && (text[s] == ' ' || text[s] == '\t' || text[s] == '\r'))
			s++;
		if (s == e)
			continue;
		json_error_t err;
		json_t *o = json_loadb(text + s, e - s, JSON_REJECT_DUPLICATES, &err);
		col = (int)(s - ls) + 1;
		if (!o) {
			col += err.column > 1 ? err.column - 1 : 0;
			snprintf(ebuf, sizeof(ebuf), "not JSON: %s", err.text);
			msg = ebuf;
			rc = -IOM_EPARSE;
			break;
		}
		if (!json_is_object(o)) {
			msg = "expected a JSON object";
		} else {
			msg = handle(l, o, &col);
		}
		json_decref(o);
		if (msg)
			rc = !strcmp(msg, "out of memory") ? -IOM_ENOMEM : -IOM_EPARSE;
	}
	if (rc) {
		iom_diag_set(d, rc == -IOM_ENOMEM ? IOM_ENOMEM : IOM_EPARSE, name, lineno, col, "%s", msg);
		while (l->nr_facts > nf0)
			fact_free(&l->facts[--l->nr_facts]);
		while (l->nr_probs > np0) {
			l->nr_probs--;
			free(l->probs[l->nr_probs].file);
			free(l->probs[l->nr_probs].msg);
		}
		while (l->nr_drivers > nd0)
			free(l->drivers[--l->nr_drivers]);
		l->cur = cur0;
		l->last_drv = -1;
		lint_reindex(l);
	}
	return rc;
}

static const char *spatch_line(struct iom_lint *l, json_t *o, int *col)
{
	(void)col;
	return fact_from_json(l, o, 0);
}

int iom_lint_add_spatch(struct iom_lint *l, const char *text, size_t len, const char *name,
			struct iom_diag *d)
{
	if (cur_driver(l) < 0)
		return -IOM_ENOMEM;
	return each_line(l, text, len, name, d, spatch_line);
}

/* ---- the facts file: JSON lines ---------------------------------------------------------
 *   {"iomodel_lint_facts": 1}                       first line
 *   {"driver": NAME}                                the facts after it are NAME's
 *   {"kind": ..., "name": ..., "file": ..., ...}     a fact, 1-based column
 *   {"problem": MESSAGE, "file": FILE}              a problem of the current driver
 *   {"end": N}                                      last line: N records since the header
 *                                                   (a file cut at a line boundary says so) */

static void put_json(struct iom_buf *b, json_t *o)
{
	char *t = json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT | JSON_ENSURE_ASCII);
	if (t) {
		iom_buf_puts(b, t);
		iom_buf_puts(b, "\n");
		free(t);
	} else {
		b->oom = 1;
	}
	json_decref(o);
}

/* A JSON string for any bytes: jansson refuses invalid UTF-8, so such bytes become '?'. */
json_t *lint_json_str(const char *s)
{
	json_t *v = json_string(s);
	if (v)
		return v;
	char *c = strdup(s);
	if (!c)
		return NULL;
	for (char *p = c; *p; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	v = json_string(c);
	free(c);
	return v;
}

json_t *lint_fact_json(const struct iom_lint_fact *f)
{
	json_t *o = json_object();
	json_object_set_new(o, "kind", json_string(lint_fkind_name(f->kind)));
	json_object_set_new(o, "name", lint_json_str(f->name));
	json_object_set_new(o, "file", lint_json_str(f->file));
	json_object_set_new(o, "line", json_integer(f->line));
	json_object_set_new(o, "column", json_integer(f->col));
	json_object_set_new(o, "function", lint_json_str(f->func));
	if (f->cond[0])
		json_object_set_new(o, "cond", lint_json_str(f->cond));
	if (f->path && f->path[0])
		json_object_set_new(o, "path", lint_json_str(f->path));
	if (f->kind == IOM_LINT_CALL || f->kind >= IOM_LINT_RET) {
		json_t *a = json_array();
		for (size_t i = 0; i < f->nargs; i++)
			json_array_append_new(a, lint_json_str(f->args[i]));
		json_object_set_new(o, "args", a);
	}
	return o;
}

/* Facts in file, line, column, kind order: spatch's --jobs workers print in any order. */
/* The canonical order of facts: file, line, column, kind, name, then the arguments. */
static int cmp_fact_v(const struct iom_lint_fact *x, const struct iom_lint_fact *y)
{
	int r = strcmp(x->file, y->file);
	if (!r)
		r = (x->line > y->line) - (x->line < y->line);
	if (!r)
		r = (x->col > y->col) - (x->col < y->col);
	if (!r)
		r = (int)x->kind - (int)y->kind;
	if (!r)
		r = strcmp(x->name, y->name);
	for (size_t i = 0; !r && i < x->nargs && i < y->nargs; i++)
		r = strcmp(x->args[i], y->args[i]);
	if (!r)
		r = (x->nargs > y->nargs) - (x->nargs < y->nargs);
	return r;
}

static int cmp_fact(const void *a, const void *b)
{
	return cmp_fact_v(*(const struct iom_lint_fact *const *)a, *(const struct iom_lint_fact *const *)b);
}

static int cmp_fact_direct(const void *a, const void *b)
{
	return cmp_fact_v(a, b);
}

/* Put the facts in their canonical order: spatch's --jobs workers print in any order, and
 * the decisions must not depend on it. */
void lint_sort_facts(struct iom_lint *l)
{
	lint_clear_findings(l);
	if (l->nr_facts)
		qsort(l->facts, l->nr_facts, sizeof(*l->facts), cmp_fact_direct);
	lint_reindex(l);
}

void iom_lint_write_facts(const struct iom_lint *l, struct iom_buf *b)
{
	put_json(b, json_pack("{s:i}", "iomodel_lint_facts", 1));
	const struct iom_lint_fact **v = malloc((l->nr_facts + 1) * sizeof(*v));
	if (!v) {
		b->oom = 1;
		return;
	}
	for (size_t i = 0; i < l->nr_facts; i++)
		v[i] = &l->facts[i];
	qsort(v, l->nr_facts, sizeof(*v), cmp_fact);
	/* drivers by name: their indexes follow the order spatch printed in */
	int *order = malloc((size_t)(l->nr_drivers + 1) * sizeof(*order));
	if (!order) {
		free(v);
		b->oom = 1;
		return;
	}
	for (int d = 0; d < l->nr_drivers; d++) {
		int k = d;
		while (k > 0 && strcmp(l->drivers[order[k - 1]], l->drivers[d]) > 0) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = d;
	}
	for (int di = 0; di < l->nr_drivers; di++) {
		int d = order[di];
		put_json(b, json_pack("{s:o}", "driver", lint_json_str(l->drivers[d])));
		for (size_t i = 0; i < l->nr_facts; i++)
			if (v[i]->driver == d)
				put_json(b, lint_fact_json(v[i]));
		for (size_t i = 0; i < l->nr_probs; i++)
			if (l->probs[i].driver == d)
				put_json(b, json_pack("{s:o,s:o}", "problem", lint_json_str(l->probs[i].msg),
						      "file", lint_json_str(l->probs[i].file)));
	}
	size_t nrec = (size_t)l->nr_drivers + l->nr_facts + l->nr_probs;
	put_json(b, json_pack("{s:I}", "end", (json_int_t)nrec));
	free(order);
	free(v);
}

static const char *facts_line(struct iom_lint *l, json_t *o, int *col)
{
	(void)col;
	json_t *h = json_object_get(o, "iomodel_lint_facts");
	if (h) {
		if (l->cur != -1 || json_object_size(o) != 1)
			return "the header line comes first and alone";
		if (!json_is_integer(h) || json_integer_value(h) != 1)
			return "this iomodel reads facts files of version 1";
		l->cur = -3;
		return NULL;
	}
	if (l->cur == -1)
		return "not an iomodel lint facts file (the first line is {\"iomodel_lint_facts\": 1})";
	if (l->rd_end)
		return "a line after the end record {\"end\": N}";
	json_t *ev = json_object_get(o, "end");
	if (ev) {
		if (!json_is_integer(ev) || json_object_size(o) != 1)
			return "the end record is {\"end\": N}";
		if (json_integer_value(ev) != l->rd_n)
			return "the end record counts another number of lines: the file was cut or joined";
		l->rd_end = true;
		return NULL;
	}
	l->rd_n++;
	json_t *dv = json_object_get(o, "driver");
	if (dv) {
		if (!json_is_string(dv) || json_object_size(o) != 1)
			return "a driver line is {\"driver\": NAME}";
		if (l->cur == -3)
			l->cur = -1;
		return iom_lint_driver(l, json_string_value(dv)) < 0 ? "out of memory" : NULL;
	}
	if (l->cur < 0)
		return "a fact before the first {\"driver\": NAME} line";
	json_t *pv = json_object_get(o, "problem");
	if (pv) {
		json_t *fv = json_object_get(o, "file");
		if (!json_is_string(pv) || !json_is_string(fv) || json_object_size(o) != 2)
			return "a problem line is {\"problem\": MESSAGE, \"file\": FILE}";
		return iom_lint_add_problem(l, json_string_value(fv), json_string_value(pv)) < 0 ? "out of memory" : NULL;
	}
	return fact_from_json(l, o, 1);
}

int iom_lint_read_facts(struct iom_lint *l, const char *text, size_t len, const char *name,
			struct iom_diag *d)
{
	/* l->cur is borrowed as the reader's state: -1 before the header, -3 after it. */
	int saved = l->cur;
	l->by_dir = false;
	l->cur = -1;
	l->rd_n = 0;
	l->rd_end = false;
	int rc = each_line(l, text, len, name, d, facts_line);
	if (!rc && l->cur == -1 && !l->rd_end) {
		iom_diag_set(d, IOM_EPARSE, name, 1, 1, "empty: not an iomodel lint facts file");
		rc = -IOM_EPARSE;
	} else if (!rc && !l->rd_end) {
		int lines = 1;
		for (size_t i = 0; i < len; i++)
			lines += text[i] == '\n' && i + 1 < len;
		iom_diag_set(d, IOM_EPARSE, name, lines + (len && text[len - 1] == '\n'), 1,
			     "the facts stop before their end record {\"end\": N}: the file was cut short");
		rc = -IOM_EPARSE;
	}
	if (rc || l->cur < 0)
		l->cur = saved;
	return rc;
}

/* ---- the source text: #if branches, and mentions the matcher did not report -------------
 * A small C lexer: comments, string and character literals, and line splices are skipped;
 * preprocessor lines are read for #if/#ifdef/#ifndef/#elif/#else/#endif and #define NAME(.
 * An include guard (#ifndef X then #define X) is no branch. */

#define MAX_DEPTH 64

struct frame {
	char *prev;     /* the branches before this one, negated, "" when none           */
	char *cur;      /* this branch's condition, "" for none (an include guard)       */
};

static char *xstrdup_n(const char *s, size_t n)
{
	char *r = malloc(n + 1);
	if (r) {
		memcpy(r, s, n);
		r[n] = 0;
	}
	return r;
}

/* "!X" for an identifier or defined(X), else "!(E)"; and the other way round. */
static char *negate(const char *e)
{
	size_t n = strlen(e);
	char *r = malloc(n + 4);
	if (!r)
		return NULL;
	if (e[0] == '!' && ident(e + 1))
		snprintf(r, n + 4, "%s", e + 1);
	else if (ident(e))
		snprintf(r, n + 4, "!%s", e);
	else
		snprintf(r, n + 4, "!(%s)", e);
	return r;
}

static char *join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 5;
	char *r = malloc(n);
	if (r)
		snprintf(r, n, "%s%s%s", a, *a && *b ? " && " : "", b);
	return r;
}

/* The condition in force: every frame's prev && cur, joined. */
static char *cond_now(struct frame *st, int depth)
{
	char *c = strdup("");
	for (int i = 0; c && i < depth; i++) {
		char *t = join(c, st[i].prev);
		free(c);
		c = t ? join(t, st[i].cur) : NULL;
		free(t);
	}
	return c;
}

struct seg { int line; char *cond; };   /* from this line on, cond holds                */

/* The directive's text with comments removed and blanks squeezed (splices already joined
 * by the caller). */
static void squeeze(const char *s, size_t n, char *out, size_t outsz)
{
	size_t o = 0;
	bool sp = false;
	for (size_t i = 0; i < n && o + 1 < outsz; i++) {
		if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
			i += 2;
			while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'))
				i++;
			i++;
			sp = true;
			continue;
		}
		if (s[i] == '/' && i + 1 < n && s[i + 1] == '/')
			break;
		if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\n') {
			i++;
			sp = true;
			continue;
		}
		if (isspace((unsigned char)s[i])) {
			sp = true;
			continue;
		}
		if (o + 2 >= outsz)
			break;  /* room for a blank, this character and the NUL */
		if (sp && o)
			out[o++] = ' ';
		sp = false;
		out[o++] = s[i];
	}
	out[o] = 0;
}

static bool covered(const struct iom_lint *l, size_t from, const char *file, int line, int col)
{
	(void)from;
	int d = l->last_drv;   /* driver_of(file), asked just before by add_source */
	if (d < 0 || d >= l->dl_n)
		return false;
	for (size_t k = 0; k < l->dl[d].n; k++) {
		const struct iom_lint_fact *f = &l->facts[l->dl[d].v[k]];
		if (f->line == line && f->col == col && !strcmp(f->file, file))
			return true;
	}
	return false;
}

static int add_mention(struct iom_lint *l, enum iom_lint_fkind k, const char *file, int line,
		       int col, const char *name, size_t n, const char *func)
{
	struct iom_lint_fact *f = new_fact(l);
	if (!f)
		return -IOM_ENOMEM;
	f->kind = k;
	f->file = strdup(file);
	f->name = xstrdup_n(name, n);
	f->func = strdup(func);
	f->cond = strdup("");
	f->path = strdup("");
	f->line = line;
	f->col = col;
	f->driver = f->file ? driver_of(l, f->file) : -1;
	if (!f->file || !f->name || !f->func || !f->cond || !f->path || f->driver < 0) {
		fact_free(f);
		return -IOM_ENOMEM;
	}
	l->nr_facts++;
	return index_fact(l, l->nr_facts - 1);
}

int lint_add_build(struct iom_lint *l, const char *file, const char *sym, const char *why)
{
	struct iom_lint_fact *f = new_fact(l);
	if (!f)
		return -IOM_ENOMEM;
	f->kind = IOM_LINT_BUILD;
	f->line = f->col = 1;
	f->name = strdup(sym);
	f->file = strdup(file);
	f->func = strdup("");
	f->cond = strdup("");
	f->path = strdup("");
	f->args = calloc(1, sizeof(char *));
	if (f->args)
		f->args[0] = strdup(why);
	f->nargs = f->args ? 1 : 0;
	f->driver = f->file ? driver_of(l, f->file) : -1;
	if (!f->name || !f->file || !f->func || !f->cond || !f->path || !f->args || !f->args[0] || f->driver < 0) {
		fact_free(f);
		return -IOM_ENOMEM;
	}
	l->nr_facts++;
	return index_fact(l, l->nr_facts - 1);
}

int iom_lint_add_conv(struct iom_lint *l, const struct iom_lint_conv *c)
{
	if (!ident(c->name) || !ident(c->via) || strlen(c->name) > LINT_MAX_NAME || !c->line)
		return -IOM_EINVAL;
	int rc = lint_add_build(l, c->file, c->name, c->via);
	if (rc < 0)
		return rc;
	struct iom_lint_fact *f = &l->facts[l->nr_facts - 1];
	f->kind = IOM_LINT_CONV;
	f->line = (int)c->line;
	return 0;
}

int iom_lint_add_stream(struct iom_lint *l, const struct iom_lint_stream *s)
{
	if (!ident(s->member) || !ident(s->call) || strlen(s->member) > LINT_MAX_NAME || !s->line || !*s->dir ||
	    strlen(s->dir) > LINT_MAX_NAME || !s->nscope)
		return -IOM_EINVAL;
	int rc = lint_add_build(l, s->file, s->member, s->dir);
	if (rc < 0)
		return rc;
	struct iom_lint_fact *f = &l->facts[l->nr_facts - 1];
	char **a = realloc(f->args, (2 + s->nscope) * sizeof(char *));
	if (!a)
		return -IOM_ENOMEM;
	f->args = a;
	if (!(f->args[1] = strdup(s->call)))
		return -IOM_ENOMEM;
	f->nargs = 2;
	for (size_t i = 0; i < s->nscope; i++) {
		if (!(f->args[2 + i] = strdup(s->scope[i])))
			return -IOM_ENOMEM;
		f->nargs++;
	}
	f->kind = IOM_LINT_STREAM;
	f->line = (int)s->line;
	return 0;
}

static const struct lint_name *name_at(const char *t, size_t n)
{
	char w[64];
	if (n >= sizeof(w))
		return NULL;
	memcpy(w, t, n);
	w[n] = 0;
	return lint_name_lookup(w);
}

/* Does the text name a rule's function? One pass over its words: a whole tree is a
 * gigabyte, and a memmem() per name was most of lint's own time. */
static bool mentions_any(const char *text, size_t len)
{
	static unsigned char first[256];
	static size_t minlen = (size_t)-1, maxlen;
	if (!maxlen)
		for (size_t k = 0; k < lint_nr_names; k++) {
			size_t n = strlen(lint_names[k].name);
			first[(unsigned char)lint_names[k].name[0]] = 1;
			minlen = n < minlen ? n : minlen;
			maxlen = n > maxlen ? n : maxlen;
		}
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)text[i];
		if (!(isalnum(c) || c == '_')) {
			i++;
			continue;
		}
		size_t e = i + 1;
		while (e < len && (isalnum((unsigned char)text[e]) || text[e] == '_'))
			e++;
		const struct lint_name *nm = first[c] && e - i >= minlen && e - i <= maxlen ? name_at(text + i, e - i)
											  : NULL;
		/* an ordering call matters only next to a relaxed write, which is a name too */
		if (nm && nm->cls != LC_DMA_ORDER && nm->cls != LC_DMA_RORDER && nm->cls != LC_DMA_LOAD &&
		    nm->cls != LC_CPU_BARRIER && nm->cls != LC_CPU_ALLOC)
			return true;
		i = e;
	}
	return false;
}

/* if/else arms (the source scan): a frame per arm in force, and the path in force from
 * a position on. */
struct armf { int id, arm, bl, vl, tp, cs; size_t start; bool loop; };
/* bl: a braceless arm, ended by its ';' at brace level bl - 1; vl: the rest of a block after
 * an if arm that jumps out, ended by the '}' that leaves brace level vl; tp: an arm of a
 * conditional expression c ? a : b, tp - 1 the parenthesis depth of its '?'; cs: the arm of
 * a switch that a case label starts, cs - 1 the brace level of the switch's body; start:
 * where a braceless arm's statement starts; loop: the braced body of a while or for loop,
 * which runs zero or more times (written "L<id>" in the path: a branch entered after what
 * comes before the loop, and never exclusive with another arm) */
struct pseg { int line, col; char *path; };
/* the longest #define (directive text) taken for an MMIO accessor: a thin one, as
 * lib/lint/wrappers.c's THIN_BODY */
enum { MACRO_ACCESSOR_BODY = 480 };

/* Does the block whose '}' is at text[i] end with a jump (return, goto, break, continue)?
 * Its last statement is read backwards from the '}', past blanks and one comment. */
static bool ends_in_jump(const char *text, size_t i)
{
	size_t k = i;
	while (k > 0 && isspace((unsigned char)text[k - 1]))
		k--;
	if (k >= 2 && text[k - 1] == '/' && text[k - 2] == '*') {
		for (k -= 2; k >= 2 && !(text[k - 2] == '/' && text[k - 1] == '*'); k--)
			;
		k = k >= 2 ? k - 2 : 0;
		while (k > 0 && isspace((unsigned char)text[k - 1]))
			k--;
	}
	if (k == 0 || text[k - 1] != ';')
		return false;
	size_t b = k - 1;
	while (b > 0 && text[b - 1] != ';' && text[b - 1] != '{' && text[b - 1] != '}')
		b--;
	while (b < k && isspace((unsigned char)text[b]))
		b++;
	static const char *const jumps[] = { "return", "goto", "break", "continue" };
	for (size_t j = 0; j < sizeof(jumps) / sizeof(jumps[0]); j++) {
		size_t n = strlen(jumps[j]);
		if (b + n < k && !memcmp(text + b, jumps[j], n) && !(isalnum((unsigned char)text[b + n]) || text[b + n] == '_'))
			return true;
	}
	return false;
}

/* Is the next word after text[i] (past blanks and comments) "else"? */
static bool else_follows(const char *text, size_t len, size_t i)
{
	while (i < len) {
		if (isspace((unsigned char)text[i]))
			i++;
		else if (i + 1 < len && text[i] == '/' && text[i + 1] == '*') {
			const char *e = strstr(text + i + 2, "*/");
			i = e ? (size_t)(e - text) + 2 : len;
		} else if (i + 1 < len && text[i] == '/' && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				i++;
		} else
			break;
	}
	return i + 4 <= len && !memcmp(text + i, "else", 4) && !(i + 4 < len && (isalnum((unsigned char)text[i + 4]) || text[i + 4] == '_'));
}

/* Past blanks, comments and whole preprocessor lines from text[i]: where the statement of
 * an arm starts when an #endif sits between the else and it (amdgpu_ttm.c@6.12 closes an
 * #ifdef CONFIG_X86 between its last else and the ioremap_wc() that else runs). */
static size_t skip_blank(const char *text, size_t len, size_t i)
{
	bool bol = i == 0 || text[i - 1] == '\n';
	while (i < len) {
		if (text[i] == '\n') {
			bol = true;
			i++;
		} else if (isspace((unsigned char)text[i])) {
			i++;
		} else if (i + 1 < len && text[i] == '/' && text[i + 1] == '*') {
			const char *e = strstr(text + i + 2, "*/");
			i = e ? (size_t)(e - text) + 2 : len;
		} else if (i + 1 < len && text[i] == '/' && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				i++;
		} else if (text[i] == '#' && bol) {
			while (i < len && text[i] != '\n')
				i += text[i] == '\\' && i + 1 < len ? 2 : 1;
		} else {
			break;
		}
	}
	return i;
}

/* Does the statement at t start with a jump (return, goto, break, continue)? */
static bool jump_stmt(const char *t, size_t n)
{
	static const char *const jumps[] = { "return", "goto", "break", "continue" };
	for (size_t j = 0; j < sizeof(jumps) / sizeof(jumps[0]); j++) {
		size_t m = strlen(jumps[j]);
		if (n > m && !memcmp(t, jumps[j], m) && !(isalnum((unsigned char)t[m]) || t[m] == '_'))
			return true;
	}
	return false;
}

static int arm_seg(struct pseg **ps, size_t *n, const struct armf *arms, int narms, const char *text,
		   size_t i, int line)
{
	char pb[512];
	size_t o = 0;
	pb[0] = 0;
	for (int k = 0; k < narms && o + 24 < sizeof(pb); k++)
		o += arms[k].loop ? (size_t)snprintf(pb + o, sizeof(pb) - o, "%sL%d", k ? "/" : "", arms[k].id)
				  : (size_t)snprintf(pb + o, sizeof(pb) - o, "%s%d.%d", k ? "/" : "", arms[k].id, arms[k].arm);
	struct pseg *np = realloc(*ps, (*n + 1) * sizeof(*np));
	if (!np)
		return -IOM_ENOMEM;
	*ps = np;
	int cl = 1;
	for (const char *r = text + i; r > text && r[-1] != '\n'; r--)
		cl++;
	np[*n].line = line;
	np[*n].col = cl;
	if (!(np[*n].path = strdup(pb)))
		return -IOM_ENOMEM;
	(*n)++;
	return 0;
}

/* A braceless arm we can bound: a statement that is not itself a control statement or a
 * block, so that it ends at its first ';'. */
static bool simple_stmt(const char *t, size_t n)
{
	static const char *const kw[] = { "if", "for", "while", "do", "switch", "else", "return" };
	if (!n || t[0] == '{' || t[0] == ';' || t[0] == '#')
		return false;
	for (size_t k = 0; k < sizeof(kw) / sizeof(kw[0]); k++) {
		size_t m = strlen(kw[k]);
		if (n > m && !memcmp(t, kw[k], m) && !(isalnum((unsigned char)t[m]) || t[m] == '_'))
			return k == 6;  /* return x; is simple */
	}
	return true;
}

/* Is v (a #define's value) made only of numbers, names in capitals, blanks, parentheses
 * and arithmetic, with a digit in it? */
static bool numeric_define(const char *v)
{
	bool digit = false;
	for (; *v; v++) {
		if (isdigit((unsigned char)*v))
			digit = true;
		else if (!(isupper((unsigned char)*v) || *v == '_' || *v == ' ' || strchr("()+-*/<>xXabcdefuUlL", *v)))
			return false;
	}
	return digit;
}

/* #define NAME(a, b) body, where the body is arithmetic of its parameters, numbers and
 * names in capitals (drivers/char/agp/agp.h@6.12: KB(x) is ((x) * 1024)): a DEFINE fact
 * whose args are the body and then the parameters, for the sizes of mappings. 1 when it
 * is one, 0 when not, or -IOM_ENOMEM. */
static int numeric_macro(struct iom_lint *l, const char *file, int line, const char *arg, size_t n)
{
	const char *p = arg + n + 1, *cp = strchr(p, ')');
	if (!cp)
		return 0;
	char *pv[4];
	size_t np = 0;
	for (const char *q = p; q < cp;) {
		while (q < cp && *q == ' ')
			q++;
		size_t w = 0;
		while (q + w < cp && (isalnum((unsigned char)q[w]) || q[w] == '_'))
			w++;
		if (!w || np == 4)
			goto no;
		pv[np++] = (char *)q;
		q += w;
		while (q < cp && *q == ' ')
			q++;
		if (q < cp && *q != ',')
			goto no;
		q += q < cp;
	}
	if (!np)
		return 0;
	const char *body = cp + 1;
	while (*body == ' ')
		body++;
	bool digit = false;
	for (const char *q = body; *q;) {
		if (isalpha((unsigned char)*q) || *q == '_') {
			size_t w = 0;
			while (isalnum((unsigned char)q[w]) || q[w] == '_')
				w++;
			bool ok = true;
			for (size_t k = 0; k < w && ok; k++)
				ok = !islower((unsigned char)q[k]);
			for (size_t a = 0; a < np && !ok; a++)
				ok = !strncmp(pv[a], q, w) && !(isalnum((unsigned char)pv[a][w]) || pv[a][w] == '_');
			if (!ok)
				return 0;
			q += w;
		} else if (isdigit((unsigned char)*q)) {
			digit = true;
			while (isalnum((unsigned char)*q))
				q++;
		} else if (strchr(" ()+-*/<>", *q)) {
			q++;
		} else {
			return 0;
		}
	}
	if (!digit)
		return 0;
	int rc = add_mention(l, IOM_LINT_DEFINE, file, line, 1, arg, n, "");
	if (rc)
		return rc;
	struct iom_lint_fact *f = &l->facts[l->nr_facts - 1];
	if (!(f->args = calloc(np + 1, sizeof(char *))) || !(f->args[0] = strdup(body)))
		return -IOM_ENOMEM;
	f->nargs = 1;
	for (size_t a = 0; a < np; a++) {
		size_t w = 0;
		while (isalnum((unsigned char)pv[a][w]) || pv[a][w] == '_')
			w++;
		if (!(f->args[a + 1] = xstrdup_n(pv[a], w)))
			return -IOM_ENOMEM;
		f->nargs++;
	}
	return 1;
no:
	return 0;
}

/* The ')' matching the '(' at open (len when none), skipping literals. */
static size_t match_paren(const char *t, size_t len, size_t open)
{
	int par = 0;
	for (size_t i = open; i < len; i++) {
		if (t[i] == '"' || t[i] == '\'') {
			char q = t[i];
			for (i++; i < len && t[i] != q && t[i] != '\n'; i++)
				if (t[i] == '\\')
					i++;
		} else if (t[i] == '(') {
			par++;
		} else if (t[i] == ')' && --par == 0) {
			return i;
		}
	}
	return len;
}

/* The top-level comma-separated parts of t[a, b), blanks squeezed, into an argv. With
 * last_word, each part is reduced to its last identifier (a parameter's name). */
static char **split_args(const char *t, size_t a, size_t b, bool last_word, size_t *n)
{
	char **v = NULL;
	*n = 0;
	int depth = 0;
	size_t start = a;
	for (size_t i = a; i <= b; i++) {
		if (i < b && (t[i] == '(' || t[i] == '[' || t[i] == '{'))
			depth++;
		else if (i < b && (t[i] == ')' || t[i] == ']' || t[i] == '}'))
			depth--;
		if (i < b && !(t[i] == ',' && depth == 0))
			continue;
		char buf[512];
		squeeze(t + start, i - start, buf, sizeof(buf));
		start = i + 1;
		const char *w = buf;
		size_t wl = strlen(buf);
		if (last_word) {
			size_t e = wl;
			while (e > 0 && !(isalnum((unsigned char)buf[e - 1]) || buf[e - 1] == '_'))
				e--;
			size_t s0 = e;
			while (s0 > 0 && (isalnum((unsigned char)buf[s0 - 1]) || buf[s0 - 1] == '_'))
				s0--;
			w = buf + s0;
			wl = e - s0;
			if (wl == 4 && !memcmp(w, "void", 4))
				wl = 0;
		}
		if (!wl && (last_word || i == b))
			continue;
		char **nv = realloc(v, (*n + 1) * sizeof(*nv));
		if (!nv)
			break;
		v = nv;
		v[(*n)++] = xstrdup_n(w, wl);
	}
	return v;
}

struct pcall { size_t name, nlen, open, close; int line, col, fn; };

/* An FN fact (parameter names) or DCALL fact (arguments) for the name at pc; none for a
 * name too long to be a fact's. */
static int add_args_fact(struct iom_lint *l, enum iom_lint_fkind k, const char *file,
			 const struct pcall *pc, const char *text, bool params, const char *func)
{
	if (pc->nlen > LINT_MAX_NAME)
		return 0;
	size_t na;
	char **a = split_args(text, pc->open + 1, pc->close, params, &na);
	int rc = add_mention(l, k, file, pc->line, pc->col, text + pc->name, pc->nlen, func);
	if (!rc) {
		struct iom_lint_fact *f = &l->facts[l->nr_facts - 1];
		f->args = a;
		f->nargs = na;
		return 0;
	}
	for (size_t q = 0; q < na; q++)
		free(a[q]);
	free(a);
	return rc;
}

/* NAME( at file scope, with the '(' at open: a definition when the parameter list is
 * followed by '{', a prototype when by ';' or ',', anything else not a declaration (C has
 * no calls at file scope, so such a mention is listed as not checked). Definitions and
 * prototypes are read here, not by a SmPL rule: a rule matching function definitions
 * names no token spatch can prefilter on, and made it parse every file (40 s for a 3 MB
 * file that never names the function, against 0.5 s). */
static enum iom_lint_fkind decl_kind(const char *t, size_t len, size_t open)
{
	int par = 0;
	size_t i = open;
	for (; i < len; i++) {
		if (t[i] == '(')
			par++;
		else if (t[i] == ')' && --par == 0)
			break;
	}
	for (i++; i < len;) {
		if (isspace((unsigned char)t[i])) {
			i++;
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			for (i += 2; i + 1 < len && !(t[i] == '*' && t[i + 1] == '/'); i++)
				;
			i += 2;
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
			while (i < len && t[i] != '\n')
				i++;
		} else {
			break;
		}
	}
	if (i >= len)
		return IOM_LINT_UNPARSED;
	return t[i] == '{' ? IOM_LINT_DEF : t[i] == ';' || t[i] == ',' ? IOM_LINT_PROTO : IOM_LINT_UNPARSED;
}

/* A CALL fact read from the text for the name at [i, e) with its '(' at z, in the function
 * fn defines: a call the matcher leaves out by design, which the decisions need. */
static int text_call_fact(struct iom_lint *l, const char *file, const char *text, size_t len, size_t i,
			  size_t e, size_t z, int line, int col, const struct pcall *fn)
{
	struct pcall pc = { i, e - i, z, match_paren(text, len, z), line, col, -1 };
	char fnn[LINT_MAX_NAME + 1] = "";
	if (fn->nlen <= LINT_MAX_NAME)
		snprintf(fnn, sizeof(fnn), "%.*s", (int)fn->nlen, text + fn->name);
	return pc.close < len ? add_args_fact(l, IOM_LINT_CALL, file, &pc, text, false, fnn) : 0;
}

/* #define NAME(params) body, with NAME at arg[0..n) and the directive at text[i, e): when
 * the body calls a name of a class in cls (a bit per lint_names.def class: a mapping, MAP;
 * an MMIO accessor the ordering codes read), an FN fact for NAME's parameters and a CALL
 * fact for each such call, in NAME, and NAME joins names (its calls become dcall facts). */
static int macro_wrapper(struct iom_lint *l, const char *file, const char *text, size_t len, size_t i,
			 size_t e, int line, const char *arg, size_t n, char ***names, size_t *nnames,
			 unsigned cls)
{
	const char *at = memmem(text + i, e - i, arg, n);
	if (!at || at + n >= text + e || at[n] != '(')
		return 0;
	size_t mp = (size_t)(at - text), open = mp + n, close = match_paren(text, len, open);
	if (close >= e)
		return 0;
	char fn[LINT_MAX_NAME + 1];
	snprintf(fn, sizeof(fn), "%.*s", (int)n, arg);
	bool any = false;
	int rc = 0;
	for (size_t k = close + 1; !rc && k < e; k++) {
		const char *q = text + k;
		if (!(isalpha((unsigned char)*q) || *q == '_') || isalnum((unsigned char)q[-1]) || q[-1] == '_')
			continue;
		size_t m = 0;
		while (k + m < e && (isalnum((unsigned char)q[m]) || q[m] == '_'))
			m++;
		size_t z = m;
		while (k + z < e && (q[z] == ' ' || q[z] == '\t'))
			z++;
		const struct lint_name *nm = k + z < e && q[z] == '(' ? name_at(q, m) : NULL;
		if (nm && (cls >> nm->cls & 1)) {
			int ln = line, cl = 1;
			for (const char *r = text + i; r < q; r++)
				ln += *r == '\n';
			for (const char *r = q; r > text && r[-1] != '\n'; r--)
				cl++;
			struct pcall pc = { k, m, k + z, match_paren(text, len, k + z), ln, cl, -1 };
			if (pc.close < e) {
				if (!any) {
					int col = 1;
					for (const char *r = at; r > text && r[-1] != '\n'; r--)
						col++;
					struct pcall fp = { mp, n, open, close, line, col, -1 };
					rc = add_args_fact(l, IOM_LINT_FN, file, &fp, text, true, "");
					any = true;
				}
				if (!rc)
					rc = add_args_fact(l, IOM_LINT_CALL, file, &pc, text, false, fn);
			}
		}
		k += m;
	}
	if (any && !rc) {
		char **nn = realloc(*names, (*nnames + 1) * sizeof(*nn));
		if (!nn || !(nn[*nnames] = strdup(fn))) {
			if (nn)
				*names = nn;
			return -IOM_ENOMEM;
		}
		*names = nn;
		(*nnames)++;
	}
	return rc;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int iom_lint_add_source(struct iom_lint *l, const char *file, const char *text, size_t len)
{
	if (cur_driver(l) < 0)
		return -IOM_ENOMEM;
	/* a file of a driver that maps or asks for WC is read whole, for the #defines,
	 * functions and calls that link its values */
	int drv = driver_of(l, file);
	if (drv < 0)
		return -IOM_ENOMEM;
	l->last_drv = drv;  /* covered() reads it */
	const char *nul = memchr(text, 0, len);
	if (nul) {
		/* binary data named .c: spatch parses none of it; the text is still read for
		 * the call codes */
		int ln = 1;
		for (const char *q = text; q < nul; q++)
			ln += *q == '\n';
		char msg[120];
		snprintf(msg, sizeof(msg), "not C source text (a NUL byte on line %d): only the call codes are checked in it", ln);
		int rc = iom_lint_add_problem(l, file, msg);
		if (rc < 0)
			return rc;
	}
	const struct lint_dlist *dl = drv < l->dl_n ? &l->dl[drv] : NULL;
	size_t dn = dl ? dl->n : 0;
	bool any_fact = false;
	for (size_t k = 0; k < dn && !any_fact; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		const struct lint_name *n = f->kind == IOM_LINT_CALL ? lint_name_lookup(f->name) : NULL;
		any_fact = !strcmp(f->file, file) || (n && n->cls != LC_VERSIONED);
	}
	if (!any_fact && !mentions_any(text, len))
		return 0;
	/* lint/wc-mapping.cocci reports plain mappings only in a file that asks for WC or
	 * calls mtrr_add(): elsewhere their mentions are not calls it missed */
	bool wc_file = false;
	for (size_t k = 0; k < dn && !wc_file; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		const struct lint_name *n = f->kind == IOM_LINT_CALL ? lint_name_lookup(f->name) : NULL;
		const struct lint_map *m = n ? lint_map_lookup(f->name) : NULL;
		wc_file = n && !strcmp(f->file, file) &&
			  (n->cls == LC_MTRR_ADD || n->cls == LC_MTRR_DEL || n->cls == LC_WC_ADD ||
			   n->cls == LC_WC_DEL || n->cls == LC_WC_RESERVE || n->cls == LC_WC_FREE ||
			   (m && !strcmp(m->api, "ioremap_wc")));
	}
	/* lint/doorbell.cocci reports the ordering calls only in a file with a relaxed write */
	bool relaxed_file = false, rrelaxed_file = false;
	for (size_t k = 0; k < dn; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		const struct lint_name *n = f->kind == IOM_LINT_CALL ? lint_name_lookup(f->name) : NULL;
		relaxed_file |= n && n->cls == LC_RELAXED_W && !strcmp(f->file, file);
		rrelaxed_file |= n && n->cls == LC_RELAXED_R && !strcmp(f->file, file);
	}
	/* and a driver that asks for WC in any of its files: its mappings that the matcher does
	 * not report (a header's wrapper, another file's registers) are read from the text */
	bool wc_driver = false;
	for (size_t k = 0; k < dn && !wc_driver; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		const struct lint_name *n = f->kind == IOM_LINT_CALL ? lint_name_lookup(f->name) : NULL;
		const struct lint_map *m = n ? lint_map_lookup(f->name) : NULL;
		wc_driver = n && (n->cls == LC_MTRR_ADD || n->cls == LC_WC_ADD || n->cls == LC_WC_RESERVE ||
				  (m && !strcmp(m->api, "ioremap_wc")));
	}
	/* the functions of the driver that earlier files define (a driver's headers are given
	 * first): their calls here link parameters to arguments too */
	const char **known = NULL;
	size_t nknown = 0;
	for (size_t k = 0; k < dn; k++)
		nknown += l->facts[dl->v[k]].kind == IOM_LINT_FN;
	if (nknown && !(known = malloc(nknown * sizeof(*known))))
		return -IOM_ENOMEM;
	nknown = 0;
	for (size_t k = 0; k < dn; k++)
		if (l->facts[dl->v[k]].kind == IOM_LINT_FN)
			known[nknown++] = l->facts[dl->v[k]].name;
	if (nknown)
		qsort(known, nknown, sizeof(*known), cmp_name);
	char **mnames = NULL;       /* this file's function-like macros that wrap a mapping */
	size_t nmnames = 0;
	size_t nf0 = l->nr_facts;
	struct frame st[MAX_DEPTH];
	int depth = 0, overflow = 0, rc = 0, braces = 0;
	/* the driver's functions defined in this file and the calls that may be theirs */
	struct pcall *defs = NULL, *calls = NULL;
	size_t ndefs = 0, ncalls = 0;
	int cur_fn = -1;
	/* if/else arms: a brace stack marking the braces that open an arm, the arm frames,
	 * the '{' expected to open the next arm, and the arm that just closed */
	enum { MAXB = 256 };
	unsigned char bopen[MAXB];
	struct armf arms[MAXB];
	size_t bl_at = (size_t)-1;
	int bl_id = -1, bl_no = 0;
	int narms = 0, nchains = 0, par = 0;
	/* switch bodies: the brace level of each, its chain and the next arm's number */
	struct swf { int lvl, id, next; } sws[64];
	int nsw = 0;
	size_t sw_at = (size_t)-1;
	size_t arm_at = (size_t)-1;
	int arm_id = -1, arm_no = 0, closed_id = -1, closed_arm = 0, chain_id = -1, chain_arm = 0;
	bool arm_loop = false;
	struct pseg *psegs = NULL;
	size_t npsegs = 0;
	struct seg *segs = NULL;
	size_t nsegs = 0;
	int line = 1;
	bool unparsed_told = nul != NULL; /* the file's problem said (or spatch's, a timeout) */
	for (size_t k = 0; k < l->nr_probs && !unparsed_told; k++)
		unparsed_told = !strcmp(l->probs[k].file, file);
	bool bol = true;            /* only blanks so far on this line                    */
	char guard[128] = "";       /* #ifndef X seen as the last directive               */
	for (size_t i = 0; i < len && !rc;) {
		char c = text[i];
		if (i == bl_at && narms < MAXB) {
			/* a braceless arm starts here */
			arms[narms] = (struct armf){ .id = bl_id, .arm = bl_no, .bl = braces + 1, .start = i };
			narms++;
			bl_at = (size_t)-1;
			rc = arm_seg(&psegs, &npsegs, arms, narms, text, i, line);
		}
		if (c == '\n') {
			line++;
			bol = true;
			i++;
			continue;
		}
		if (c == '\\' && i + 1 < len && text[i + 1] == '\n') {
			line++;
			i += 2;
			continue;
		}
		if (c == '/' && i + 1 < len && text[i + 1] == '*') {
			for (i += 2; i + 1 < len && !(text[i] == '*' && text[i + 1] == '/'); i++)
				line += text[i] == '\n';
			i = i + 2 < len ? i + 2 : len;
			continue;
		}
		if (c == '/' && i + 1 < len && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				i++;
			continue;
		}
		if (c == '"' || c == '\'') {
			for (i++; i < len && text[i] != c && text[i] != '\n'; i++)
				if (text[i] == '\\' && i + 1 < len)
					line += text[++i] == '\n';
			i++;
			bol = false;
			continue;
		}
		if (c == '#' && bol) {
			/* a directive: up to the end of the line, with splices */
			size_t e = i + 1;
			while (e < len && text[e] != '\n') {
				if (text[e] == '\\' && e + 1 < len && text[e + 1] == '\n')
					e++;
				else if (text[e] == '/' && e + 1 < len && text[e + 1] == '*') {
					for (e += 2; e + 1 < len && !(text[e] == '*' && text[e + 1] == '/'); e++)
						;
					e++;
				}
				e++;
			}
			if (e > len)
				e = len;
			char d[1024];
			squeeze(text + i + 1, e - i - 1, d, sizeof(d));
			const char *arg = d;
			size_t kw = 0;
			while (isalpha((unsigned char)d[kw]))
				kw++;
			arg = d + kw;
			while (*arg == ' ')
				arg++;
			bool changed = false;
			char was_guard[128];
			snprintf(was_guard, sizeof(was_guard), "%s", guard);
			guard[0] = 0;
			if ((kw == 2 && !strncmp(d, "if", 2)) || (kw == 5 && !strncmp(d, "ifdef", 5)) ||
			    (kw == 6 && !strncmp(d, "ifndef", 6))) {
				if (depth == MAX_DEPTH) {
					overflow++;
				} else {
					char e2[1040];
					if (kw == 6) {
						snprintf(e2, sizeof(e2), "!%s", arg);
						snprintf(guard, sizeof(guard), "%s", arg);
					} else {
						snprintf(e2, sizeof(e2), "%s", arg);
					}
					st[depth].prev = strdup("");
					st[depth].cur = strdup(e2);
					depth++;
					changed = true;
				}
			} else if ((kw == 4 && (!strncmp(d, "elif", 4) || !strncmp(d, "else", 4))) ||
				   (kw == 7 && (!strncmp(d, "elifdef", 7))) || (kw == 8 && !strncmp(d, "elifndef", 8))) {
				if (overflow) {
					;
				} else if (depth > 0) {
					struct frame *fr = &st[depth - 1];
					char *ng = fr->cur && fr->cur[0] ? negate(fr->cur) : strdup("");
					char *np = ng ? join(fr->prev ? fr->prev : "", ng) : NULL;
					free(ng);
					free(fr->prev);
					free(fr->cur);
					fr->prev = np;
					char e2[1040];
					if (kw == 4 && d[2] == 's')
						e2[0] = 0;
					else if (kw == 8)
						snprintf(e2, sizeof(e2), "!%s", arg);
					else
						snprintf(e2, sizeof(e2), "%s", arg);
					fr->cur = strdup(e2);
					changed = true;
				}
			} else if (kw == 5 && !strncmp(d, "endif", 5)) {
				if (overflow) {
					overflow--;
				} else if (depth > 0) {
					depth--;
					free(st[depth].prev);
					free(st[depth].cur);
					changed = true;
				}
			} else if (kw == 6 && !strncmp(d, "define", 6)) {
				size_t n = 0;
				while (isalnum((unsigned char)arg[n]) || arg[n] == '_')
					n++;
				if (was_guard[0] && strlen(was_guard) == n && !strncmp(arg, was_guard, n) &&
				    depth > 0 && st[depth - 1].prev && !st[depth - 1].prev[0]) {
					/* an include guard: no branch */
					free(st[depth - 1].cur);
					st[depth - 1].cur = strdup("");
					changed = true;
				} else if (wc_driver && n && arg[n] != '(' && numeric_define(arg + n)) {
					/* #define NAME <number>: for the offsets and sizes of mappings
					 * (the mapping codes decide only in a driver that asks for WC) */
					const char *v = arg + n;
					while (*v == ' ')
						v++;
					rc = add_mention(l, IOM_LINT_DEFINE, file, line, 1, arg, n, "");
					if (!rc) {
						struct iom_lint_fact *f = &l->facts[l->nr_facts - 1];
						f->args = malloc(sizeof(char *));
						if (f->args && (f->args[0] = strdup(v)))
							f->nargs = 1;
						else
							rc = -IOM_ENOMEM;
					}
				} else if (n && arg[n] == '(' && name_at(arg, n)) {
					/* a macro named like a rule's function: a definition */
					const char *at = memmem(text + i, e - i, arg, n);
					int acol = 1;
					for (const char *q = at; q > text && q[-1] != '\n'; q--)
						acol++;
					rc = add_mention(l, IOM_LINT_DEF, file, line, acol, arg, n, "");
				} else if (wc_driver && n && arg[n] == '(' && n <= LINT_MAX_NAME &&
					   (rc = numeric_macro(l, file, line, arg, n)) != 0) {
					if (rc > 0)
						rc = 0;
				} else if (n && arg[n] == '(' && n <= LINT_MAX_NAME &&
					   (wc_driver || e - i <= MACRO_ACCESSOR_BODY)) {
					/* a function-like macro: when its body maps (#define drv_map(a, s)
					 * ioremap(a, s)), in a driver that asks for WC, or, in a short
					 * body, reads or writes MMIO (8139too.c@6.12 l.678: #define
					 * RTL_R8(reg) ioread8(ioaddr + (reg))), it is a wrapper like a
					 * function: its parameters (fn), its calls (call, in it) */
					unsigned cls = 1u << LC_RELAXED_W | 1u << LC_DMA_ORDER | 1u << LC_RELAXED_R |
						       1u << LC_DMA_RORDER;
					if (wc_driver)
						cls |= 1u << LC_MAP;
					rc = macro_wrapper(l, file, text, len, i, e, line, arg, n, &mnames, &nmnames, cls);
				}
				/* any other name of a rule in a macro body: the matcher never
				 * reports there (a wrapper's mapping is a fact now) */
				for (size_t k = 0; !rc && k + 1 < e - i; k++) {
					const char *q = text + i + k;
					if (!(isalpha((unsigned char)*q) || *q == '_') ||
					    isalnum((unsigned char)q[-1]) || q[-1] == '_')
						continue;
					size_t m = 0;
					while (i + k + m < e && (isalnum((unsigned char)q[m]) || q[m] == '_'))
						m++;
					size_t z = m;
					while (i + k + z < e && (q[z] == ' ' || q[z] == '\t'))
						z++;
					if (i + k + z < e && q[z] == '(' && name_at(q, m) && name_at(q, m)->cls != LC_DMA_ORDER &&
					    name_at(q, m)->cls != LC_DMA_RORDER && name_at(q, m)->cls != LC_DMA_LOAD &&
					    name_at(q, m)->cls != LC_CPU_BARRIER && name_at(q, m)->cls != LC_CPU_ALLOC &&
					    q != memmem(text + i, e - i, arg, n)) {
						int ln = line, cl = 1;
						for (const char *r = text + i; r < q; r++)
							ln += *r == '\n';
						for (const char *r = q; r > text && r[-1] != '\n'; r--)
							cl++;
						if (!covered(l, 0, file, ln, cl))
							rc = add_mention(l, IOM_LINT_UNPARSED, file, ln, cl, q, m, "");
					}
					k += m;
				}
			}
			for (size_t k = i; k < e; k++)
				line += text[k] == '\n';
			i = e;
			if (changed && !rc) {
				struct seg *ns = realloc(segs, (nsegs + 1) * sizeof(*ns));
				char *cn = cond_now(st, depth);
				if (!ns || !cn) {
					free(cn);
					if (ns)
						segs = ns;
					rc = -IOM_ENOMEM;
					break;
				}
				segs = ns;
				segs[nsegs++] = (struct seg){ line + 1, cn };
			}
			continue;
		}
		if (isalpha((unsigned char)c) || c == '_') {
			size_t e = i;
			while (e < len && (isalnum((unsigned char)text[e]) || text[e] == '_'))
				e++;
			size_t z = e;
			while (z < len && (text[z] == ' ' || text[z] == '\t' || text[z] == '\n'))
				z++;
			if (e - i == 2 && !memcmp(text + i, "if", 2) && z < len && text[z] == '(') {
				size_t cp = match_paren(text, len, z), q = cp < len ? skip_blank(text, len, cp + 1) : len;
				if (q < len && text[q] == '{') {
					arm_at = q;
					arm_loop = false;
					arm_id = chain_id >= 0 ? chain_id : nchains++;
					arm_no = chain_id >= 0 ? chain_arm : 0;
				} else if (q < len && simple_stmt(text + q, len - q)) {
					bl_at = q;
					bl_id = chain_id >= 0 ? chain_id : nchains++;
					bl_no = chain_id >= 0 ? chain_arm : 0;
				}
				chain_id = -1;
			} else if (e - i == 4 && !memcmp(text + i, "else", 4) && closed_id >= 0) {
				z = skip_blank(text, len, e);
				if (z < len && text[z] == '{') {
					arm_at = z;
					arm_loop = false;
					arm_id = closed_id;
					arm_no = closed_arm + 1;
				} else if (z + 1 < len && text[z] == 'i' && text[z + 1] == 'f' &&
					   !(z + 2 < len && (isalnum((unsigned char)text[z + 2]) || text[z + 2] == '_'))) {
					chain_id = closed_id;
					chain_arm = closed_arm + 1;
				} else if (z < len && simple_stmt(text + z, len - z)) {
					bl_at = z;
					bl_id = closed_id;
					bl_no = closed_arm + 1;
				}
				closed_id = -1;
				i = e;
				bol = false;
				continue;
			} else if (((e - i == 5 && !memcmp(text + i, "while", 5)) || (e - i == 3 && !memcmp(text + i, "for", 3))) &&
				   z < len && text[z] == '(') {
				/* a loop's braced body: an arm of its own (the condition is read
				 * before it, outside it: 8139too.c@6.12 rtl8139_rx() tests the
				 * command register in the while condition, then reads the RX ring
				 * in the body); do { } while (c); has no body after its condition */
				size_t cp = match_paren(text, len, z), q = cp < len ? skip_blank(text, len, cp + 1) : len;
				if (q < len && text[q] == '{') {
					arm_at = q;
					arm_id = nchains++;
					arm_no = 0;
					arm_loop = true;
				}
				chain_id = -1;
			} else if (e - i == 6 && !memcmp(text + i, "switch", 6) && z < len && text[z] == '(') {
				size_t cp = match_paren(text, len, z), q = cp < len ? skip_blank(text, len, cp + 1) : len;
				if (q < len && text[q] == '{')
					sw_at = q;
				chain_id = -1;
			} else if (nsw > 0 && sws[nsw - 1].lvl + 1 == braces && par == 0 &&
				   ((e - i == 4 && !memcmp(text + i, "case", 4)) ||
				    (e - i == 7 && !memcmp(text + i, "default", 7) && z < len && text[z] == ':'))) {
				/* a case label of the switch whose body is this block: the cases are
				 * arms of one chain, and a case that falls into the next (its last
				 * statement no jump) shares that case's arm */
				struct swf *sw = &sws[nsw - 1];
				while (narms > 0 && arms[narms - 1].cs != braces && arms[narms - 1].vl == braces)
					narms--;
				size_t b = i;
				while (b > 0 && isspace((unsigned char)text[b - 1]))
					b--;
				bool label_before = b > 0 && text[b - 1] == ':';
				if (narms > 0 && arms[narms - 1].cs == braces) {
					if (!label_before && ends_in_jump(text, i)) {
						arms[narms - 1].arm = sw->next++;
						rc = arm_seg(&psegs, &npsegs, arms, narms, text, i, line);
					}
				} else if (narms < MAXB) {
					arms[narms++] = (struct armf){ .id = sw->id, .arm = sw->next++, .cs = braces };
					rc = arm_seg(&psegs, &npsegs, arms, narms, text, i, line);
				}
				chain_id = -1;
			} else {
				chain_id = -1;
			}
			closed_id = -1;
			if (z < len && text[z] == '(' && !name_at(text + i, e - i)) {
				/* a function defined here (file scope, body follows), or a call in a
				 * body: kept to link a parameter to its arguments */
				size_t cp = match_paren(text, len, z);
				int cl = 1;
				for (const char *r = text + i; r > text && r[-1] != '\n'; r--)
					cl++;
				struct pcall pc = { i, e - i, z, cp, line, cl, cur_fn };
				if (!braces && cp < len && decl_kind(text, len, z) == IOM_LINT_DEF) {
					struct pcall *nd = realloc(defs, (ndefs + 1) * sizeof(*nd));
					if (!nd) {
						rc = -IOM_ENOMEM;
						break;
					}
					defs = nd;
					cur_fn = (int)ndefs;
					defs[ndefs++] = pc;
				} else if (braces && cp < len) {
					struct pcall *nc = realloc(calls, (ncalls + 1) * sizeof(*nc));
					if (!nc) {
						rc = -IOM_ENOMEM;
						break;
					}
					calls = nc;
					calls[ncalls++] = pc;
				}
			}
			if (z < len && text[z] == '(' && name_at(text + i, e - i)) {
				int cl = 1;
				for (const char *r = text + i; r > text && r[-1] != '\n'; r--)
					cl++;
				enum iom_lint_fkind k = braces ? IOM_LINT_UNPARSED : decl_kind(text, len, z);
				const struct lint_name *nm = name_at(text + i, e - i);
				const struct lint_map *mp = lint_map_lookup(nm->name);
				bool conditional = nm->cls == LC_UNMAP ||
						   (nm->cls == LC_MAP && mp && strcmp(mp->api, "ioremap_wc"));
				if (k == IOM_LINT_UNPARSED && nm->cls == LC_DMA_LOAD) {
					;  /* a value read, not a call lint checks; reported by design
					    * only in a file with a relaxed read (lint/dma-read.cocci) */
				} else if (k == IOM_LINT_UNPARSED && nm->cls == LC_DMA_RORDER) {
					/* as below for the read side */
					if (rrelaxed_file && cur_fn >= 0 && !covered(l, 0, file, line, cl))
						rc = text_call_fact(l, file, text, len, i, e, z, line, cl, &defs[cur_fn]);
				} else if (k == IOM_LINT_UNPARSED && nm->cls == LC_DMA_ORDER) {
					/* not a call lint checks, but what orders one: reported only
					 * in a file with a relaxed write (lint/doorbell.cocci); one the
					 * matcher missed there (code it could not parse) is read from
					 * the text, so that no barrier goes unseen */
					if (relaxed_file && cur_fn >= 0 && !covered(l, 0, file, line, cl))
						rc = text_call_fact(l, file, text, len, i, e, z, line, cl, &defs[cur_fn]);
				} else if (k == IOM_LINT_UNPARSED && conditional && !wc_file) {
					/* not reported in this file by design (lint/wc-mapping.cocci
					 * matches plain mappings only in a file that asks for WC); in
					 * a function of a driver that does, the text gives the call */
					if (wc_driver && nm->cls == LC_MAP && cur_fn >= 0 && !covered(l, 0, file, line, cl))
						rc = text_call_fact(l, file, text, len, i, e, z, line, cl, &defs[cur_fn]);
				} else if (k == IOM_LINT_UNPARSED && nm->cls == LC_CPU_BARRIER) {
					;  /* decides nothing: named in a doorbell finding when spatch
					    * reported it (lint/doorbell.cocci, files with a relaxed write) */
				} else if (nm->cls == LC_CPU_ALLOC) {
					;  /* where memory only the CPU uses comes from, matched only in
					    * a file with a relaxed write: no rule decides the call */
				} else if (k == IOM_LINT_UNPARSED && nm->cls == LC_DMA_ALLOC) {
					;  /* where DMA memory comes from, matched by design only in a
					    * file with a relaxed write, and only as X->m = ...: no rule
					    * decides the call itself */
				} else if (k != IOM_LINT_UNPARSED)
					rc = add_mention(l, k, file, line, cl, text + i, e - i, "");
				else if (nsegs && lint_cond_never(segs[nsegs - 1].cond)) {
					;  /* #if 0: never built, and spatch rightly skips it */
				} else if (!covered(l, 0, file, line, cl)) {
					rc = add_mention(l, IOM_LINT_UNPARSED, file, line, cl, text + i, e - i, "");
					/* code the matcher reports wherever it parses: it did not parse
					 * this (a syntax error, or not C): a problem of the file, once */
					if (!rc && !unparsed_told) {
						char msg[200];
						snprintf(msg, sizeof(msg), "spatch did not parse this file (%.*s() at line %d "
							 "is not reported): only the call codes are checked in it",
							 (int)(e - i < 64 ? e - i : 64), text + i, line);
						rc = iom_lint_add_problem(l, file, msg);
						unparsed_told = true;
					}
				}
				if (!rc && k != IOM_LINT_UNPARSED) {
					struct iom_lint_fact *f = &l->facts[l->nr_facts - 1];
					char *fn = strdup(f->name);
					if (!fn)
						rc = -IOM_ENOMEM;
					free(f->func);
					f->func = fn ? fn : strdup("");
				}
			}
			i = e;
			bol = false;
			continue;
		}
		if (c == '(' || c == '[') {
			par++;
		} else if ((c == ')' || c == ']') && par > 0) {
			par--;
			while (narms > 0 && arms[narms - 1].tp > par + 1) {
				narms--;  /* a conditional expression inside the parentheses ends */
				if (!rc)
					rc = arm_seg(&psegs, &npsegs, arms, narms, text, i, line);
			}
		} else if (c == '?') {
			/* c ? a : b: two arms of a chain of their own (habanalabs' pci.c@6.12 maps
			 * each BAR with pci_ioremap_wc_bar() or pci_ioremap_bar() by is_wc[i]) */
			if (narms < MAXB) {
				arms[narms++] = (struct armf){ .id = nchains++, .arm = 0, .tp = par + 1 };
				rc = arm_seg(&psegs, &npsegs, arms, narms, text, i, line);
			}
		} else if (c == ':' && narms > 0 && arms[narms - 1].tp == par + 1) {
			while (narms > 1 && arms[narms - 1].tp == par + 1 && arms[narms - 1].arm == 1 &&
			       arms[narms - 2].tp == par + 1)
				narms--;  /* a ? b ? c : d : e -- the inner one is done */
			if (arms[narms - 1].arm == 0) {
				arms[narms - 1].arm = 1;
				rc = arm_seg(&psegs, &npsegs, arms, narms, text, i, line);
			}
		} else if ((c == ';' || c == ',' || c == '{' || c == '}') && narms > 0 && arms[narms - 1].tp &&
			   arms[narms - 1].tp >= par + 1) {
			while (narms > 0 && arms[narms - 1].tp && arms[narms - 1].tp >= par + 1)
				narms--;  /* the end of a conditional expression */
			if (!rc)
				rc = arm_seg(&psegs, &npsegs, arms, narms, text, i, line);
		}
		if (c == '{') {
			bool arm = i == arm_at && narms < MAXB;
			if (braces < MAXB)
				bopen[braces] = arm;
			if (arm) {
				arms[narms++] = (struct armf){ .id = arm_id, .arm = arm_no, .loop = arm_loop };
			}
			arm_loop = false;
			if (i == sw_at && nsw < 64)
				sws[nsw++] = (struct swf){ braces, nchains++, 0 };
			sw_at = (size_t)-1;
			arm_at = (size_t)-1;
			closed_id = -1;
			braces++;
		} else if (c == '}' && braces > 0) {
			--braces;
			closed_id = -1;
			while (narms > 0 && (arms[narms - 1].vl > braces || arms[narms - 1].cs > braces))
				narms--;  /* the block that held an implicit else, or a switch's cases, closes */
			if (nsw > 0 && sws[nsw - 1].lvl >= braces)
				nsw--;
			if (braces < MAXB && bopen[braces] && narms > 0) {
				narms--;
				closed_id = arms[narms].loop ? -1 : arms[narms].id;
				closed_arm = arms[narms].arm;
				/* "if (c) { ...; return; } rest": rest runs only when the arm did not,
				 * as if it were the else arm (a store in the arm is not followed by
				 * what comes after the if) */
				if (closed_id >= 0 && closed_arm == 0 && narms < MAXB && ends_in_jump(text, i) &&
				    !else_follows(text, len, i + 1)) {
					arms[narms++] = (struct armf){ .id = closed_id, .arm = 1, .vl = braces };
					closed_id = -1;
				}
			}
			if (braces == 0)
				cur_fn = -1;
		} else if (c == ';' && narms > 0 && arms[narms - 1].bl == braces + 1) {
			/* the end of a braceless arm */
			narms--;
			closed_id = arms[narms].id;
			closed_arm = arms[narms].arm;
			/* "if (c) return x; rest": rest is the else arm, as after a block that
			 * jumps (drivers/pci/pci.c@6.12: if (write_combine) return ioremap_wc(...);
			 * return ioremap(...);) */
			if (closed_arm == 0 && narms < MAXB && jump_stmt(text + arms[narms].start, len - arms[narms].start) &&
			    !else_follows(text, len, i + 1)) {
				arms[narms++] = (struct armf){ .id = closed_id, .arm = 1, .vl = braces };
				closed_id = -1;
			}
			if (!rc)
				rc = arm_seg(&psegs, &npsegs, arms, narms, text, i, line);
			bol = false;
			i++;
			continue;
		} else if (!isspace((unsigned char)c)) {
			closed_id = -1;
		}
		if ((c == '{' || c == '}') && !rc)
			rc = arm_seg(&psegs, &npsegs, arms, narms, text, i, line);
		if (!isspace((unsigned char)c))
			bol = false;
		i++;
	}
	/* FN facts for the functions defined here, DCALL facts for the calls of them: all of
	 * them in a driver that asks for WC (the mapping codes follow parameters), elsewhere
	 * those whose body holds a fact (a relaxed write, an ordering call, a descriptor
	 * store: what the ordering codes ask of a function the driver calls). A whole tree
	 * has hundreds of thousands of the others. */
	bool *keep = ndefs ? calloc(ndefs, sizeof(*keep)) : NULL;
	if (ndefs && !keep)
		rc = -IOM_ENOMEM;
	for (size_t k = 0; !rc && k < ndefs; k++) {
		keep[k] = wc_driver;
		for (size_t q = nf0; !keep[k] && q < l->nr_facts; q++) {
			const struct iom_lint_fact *f = &l->facts[q];
			keep[k] = (f->kind == IOM_LINT_CALL || f->kind == IOM_LINT_ASSIGN) &&
				  strlen(f->func) == defs[k].nlen && !memcmp(f->func, text + defs[k].name, defs[k].nlen);
		}
		for (size_t q = 0; !keep[k] && q < dn; q++) {
			const struct iom_lint_fact *f = &l->facts[dl->v[q]];
			keep[k] = (f->kind == IOM_LINT_CALL || f->kind == IOM_LINT_ASSIGN) && !strcmp(f->file, file) &&
				  strlen(f->func) == defs[k].nlen && !memcmp(f->func, text + defs[k].name, defs[k].nlen);
		}
	}
	/* and, to a fixed point, those that call a kept function (this file's, or one an
	 * earlier file of the driver defined): a helper that calls the helper that rings the
	 * doorbell rings it too (cadence-nand-controller.c@6.12: cadence_nand_cdma_send_and_wait()
	 * calls cadence_nand_set_irq_mask() and cadence_nand_cdma_send()) */
	for (bool more = !wc_driver; more && !rc;) {
		more = false;
		for (size_t k = 0; k < ncalls; k++) {
			int fn = calls[k].fn;
			if (fn < 0 || keep[fn])
				continue;
			bool kept = false;
			for (size_t q = 0; q < ndefs && !kept; q++)
				kept = keep[q] && defs[q].nlen == calls[k].nlen &&
				       !memcmp(text + defs[q].name, text + calls[k].name, calls[k].nlen);
			if (!kept && nknown && calls[k].nlen <= LINT_MAX_NAME) {
				char nm[LINT_MAX_NAME + 1];
				snprintf(nm, sizeof(nm), "%.*s", (int)calls[k].nlen, text + calls[k].name);
				const char *key = nm;
				kept = bsearch(&key, known, nknown, sizeof(*known), cmp_name) != NULL;
			}
			if (kept)
				more = keep[fn] = true;
		}
	}
	for (size_t k = 0; !rc && k < ndefs; k++)
		if (keep[k])
			rc = add_args_fact(l, IOM_LINT_FN, file, &defs[k], text, true, "");
	for (size_t k = 0; !rc && k < ncalls; k++) {
		bool mine = false;
		for (size_t q = 0; q < ndefs && !mine; q++)
			mine = keep[q] && defs[q].nlen == calls[k].nlen &&
			       !memcmp(text + defs[q].name, text + calls[k].name, calls[k].nlen);
		for (size_t q = 0; q < nmnames && !mine; q++)
			mine = strlen(mnames[q]) == calls[k].nlen && !memcmp(mnames[q], text + calls[k].name, calls[k].nlen);
		if (!mine && nknown && calls[k].nlen <= LINT_MAX_NAME) {
			char nm[LINT_MAX_NAME + 1];
			snprintf(nm, sizeof(nm), "%.*s", (int)calls[k].nlen, text + calls[k].name);
			const char *key = nm;
			mine = bsearch(&key, known, nknown, sizeof(*known), cmp_name) != NULL;
		}
		if (!mine)
			continue;
		char fnn[LINT_MAX_NAME + 1] = "";
		if (calls[k].fn >= 0 && defs[calls[k].fn].nlen <= LINT_MAX_NAME)
			snprintf(fnn, sizeof(fnn), "%.*s", (int)defs[calls[k].fn].nlen, text + defs[calls[k].fn].name);
		rc = add_args_fact(l, IOM_LINT_DCALL, file, &calls[k], text, false, fnn);
	}
	free(defs);
	free(calls);
	free(known);
	free(keep);
	for (size_t q = 0; q < nmnames; q++)
		free(mnames[q]);
	free(mnames);
	while (depth > 0) {
		depth--;
		free(st[depth].prev);
		free(st[depth].cur);
	}
	/* each fact of this file (its driver's list) takes the condition of the last segment
	 * at or before it */
	dl = drv < l->dl_n ? &l->dl[drv] : NULL;
	dn = dl ? dl->n : 0;
	for (size_t k = 0; !rc && k < dn; k++) {
		struct iom_lint_fact *f = &l->facts[dl->v[k]];
		if (f->cond[0] || strcmp(f->file, file))
			continue;
		const char *c = "";
		for (size_t s = 0; s < nsegs && segs[s].line <= f->line; s++)
			c = segs[s].cond;
		if (*c) {
			char *n = strdup(c);
			if (!n) {
				rc = -IOM_ENOMEM;
				break;
			}
			free(f->cond);
			f->cond = n;
		}
	}
	/* and the if/else arms in force at it */
	for (size_t k = 0; !rc && k < dn; k++) {
		struct iom_lint_fact *f = &l->facts[dl->v[k]];
		if ((f->path && f->path[0]) || strcmp(f->file, file))
			continue;
		const char *pth = "";
		for (size_t s = 0; s < npsegs; s++) {
			if (psegs[s].line > f->line || (psegs[s].line == f->line && psegs[s].col > f->col))
				break;
			pth = psegs[s].path ? psegs[s].path : "";
		}
		if (*pth) {
			char *n = strdup(pth);
			if (!n) {
				rc = -IOM_ENOMEM;
				break;
			}
			free(f->path);
			f->path = n;
		}
	}
	for (size_t s = 0; s < npsegs; s++)
		free(psegs[s].path);
	free(psegs);
	for (size_t s = 0; s < nsegs; s++)
		free(segs[s].cond);
	free(segs);
	(void)nf0;
	return rc;
}
