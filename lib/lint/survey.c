// SPDX-License-Identifier: MIT
/* iomodel -- lint --survey: how a tree uses the MMIO accessors, as the article's "Existing
 * practice" counts them ("more than 2,000 uses of writel_relaxed() and more than 1,000 uses
 * of readl_relaxed()"): each accessor's calls in code (not comments or strings; macro
 * bodies included), by subsystem (the first two path components under the root given:
 * drivers/net, arch/arm64) and arch-specific (arch/) against common code; and the
 * wrappers, a function or function-like macro whose body is one call of a relaxed accessor
 * (the article's brcm_sata_readreg()). The text is read, not parsed: no spatch. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lint_int.h"

/* The accessors counted, by family: the article's relaxed ones first. */
static const char *const acc[] = {
	"writel_relaxed", "readl_relaxed", "writeq_relaxed", "readq_relaxed", "writew_relaxed",
	"readw_relaxed", "writeb_relaxed", "readb_relaxed",
	"writel", "readl", "writeq", "readq", "writew", "readw", "writeb", "readb",
	"__raw_writel", "__raw_readl", "__raw_writeq", "__raw_readq", "__raw_writew", "__raw_readw",
	"__raw_writeb", "__raw_readb",
	"iowrite32", "ioread32", "iowrite16", "ioread16", "iowrite8", "ioread8",
};
enum { NACC = sizeof(acc) / sizeof(acc[0]), NRELAXED = 8 };

struct sub { char *name; unsigned long n[NACC]; };
struct wrap { char *file, *name, *callee; int line; };

struct iom_lint_survey {
	struct sub *subs;
	size_t nsubs, capsubs;
	struct wrap *wraps;
	size_t nwraps, capwraps;
	unsigned long files;
	bool oom;
};

struct iom_lint_survey *iom_lint_survey_new(void)
{
	return calloc(1, sizeof(struct iom_lint_survey));
}

void iom_lint_survey_free(struct iom_lint_survey *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nsubs; i++)
		free(s->subs[i].name);
	for (size_t i = 0; i < s->nwraps; i++) {
		free(s->wraps[i].file);
		free(s->wraps[i].name);
		free(s->wraps[i].callee);
	}
	free(s->subs);
	free(s->wraps);
	free(s);
}

static int acc_index(const char *t, size_t n)
{
	for (int i = 0; i < NACC; i++)
		if (strlen(acc[i]) == n && !memcmp(acc[i], t, n))
			return i;
	return -1;
}

static struct sub *sub_of(struct iom_lint_survey *s, const char *rel)
{
	const char *a = strchr(rel, '/'), *b = a ? strchr(a + 1, '/') : NULL;
	size_t n = b ? (size_t)(b - rel) : a ? (size_t)(a - rel) : strlen(rel);
	if (!b && a)
		n = (size_t)(a - rel);   /* a file directly in a top directory */
	for (size_t i = 0; i < s->nsubs; i++)
		if (strlen(s->subs[i].name) == n && !strncmp(s->subs[i].name, rel, n))
			return &s->subs[i];
	if (s->nsubs == s->capsubs) {
		size_t nc = s->capsubs ? 2 * s->capsubs : 32;
		struct sub *ns = realloc(s->subs, nc * sizeof(*ns));
		if (!ns)
			return NULL;
		s->subs = ns;
		s->capsubs = nc;
	}
	struct sub *x = &s->subs[s->nsubs];
	memset(x, 0, sizeof(*x));
	if (!(x->name = malloc(n + 1)))
		return NULL;
	memcpy(x->name, rel, n);
	x->name[n] = 0;
	s->nsubs++;
	return x;
}

static int add_wrap(struct iom_lint_survey *s, const char *file, const char *name, size_t nl, int callee,
		    int line)
{
	if (s->nwraps == s->capwraps) {
		size_t nc = s->capwraps ? 2 * s->capwraps : 64;
		struct wrap *nw = realloc(s->wraps, nc * sizeof(*nw));
		if (!nw)
			return -IOM_ENOMEM;
		s->wraps = nw;
		s->capwraps = nc;
	}
	struct wrap *w = &s->wraps[s->nwraps];
	w->file = strdup(file);
	w->name = malloc(nl + 1);
	w->callee = strdup(acc[callee]);
	w->line = line;
	if (!w->file || !w->name || !w->callee) {
		free(w->file);
		free(w->name);
		free(w->callee);
		return -IOM_ENOMEM;
	}
	memcpy(w->name, name, nl);
	w->name[nl] = 0;
	s->nwraps++;
	return 0;
}

bool lint_keyword(const char *t, size_t n)
{
	static const char *const kw[] = { "if", "for", "while", "switch", "return", "sizeof", "typeof",
					  "__typeof__", "defined", "do", "__attribute__", "asm", "__asm__" };
	for (size_t i = 0; i < sizeof(kw) / sizeof(kw[0]); i++)
		if (strlen(kw[i]) == n && !memcmp(kw[i], t, n))
			return true;
	return false;
}

bool lint_next_call(const char *t, size_t *i, size_t b, size_t *ns, size_t *ne)
{
	while (*i < b) {
		size_t a = *i;
		if (!(isalpha((unsigned char)t[a]) || t[a] == '_')) {
			++*i;
			continue;
		}
		size_t e = a;
		while (e < b && (isalnum((unsigned char)t[e]) || t[e] == '_'))
			e++;
		size_t z = e;
		while (z < b && isspace((unsigned char)t[z]))
			z++;
		*i = e;
		if (z < b && t[z] == '(' && !lint_keyword(t + a, e - a)) {
			*ns = a;
			*ne = e;
			return true;
		}
	}
	return false;
}

/* The calls in t[a, b): how many, and the accessor index of the last (-1 none). */
static int calls_in(const char *t, size_t a, size_t b, int *last)
{
	int nc = 0;
	*last = -1;
	size_t ns, ne;
	for (size_t i = a; lint_next_call(t, &i, b, &ns, &ne);) {
		nc++;
		*last = acc_index(t + ns, ne - ns);
	}
	return nc;
}

/* The code of text with comments, strings and character literals blanked (newlines kept),
 * so that positions and line numbers stay. */
char *lint_blank(const char *text, size_t len)
{
	char *c = malloc(len + 1);
	if (!c)
		return NULL;
	memcpy(c, text, len);
	c[len] = 0;
	for (size_t i = 0; i < len;) {
		if (c[i] == '/' && i + 1 < len && c[i + 1] == '*') {
			size_t j = i + 2;
			while (j + 1 < len && !(c[j] == '*' && c[j + 1] == '/'))
				j++;
			j = j + 2 < len ? j + 2 : len;
			for (size_t k = i; k < j; k++)
				if (c[k] != '\n')
					c[k] = ' ';
			i = j;
		} else if (c[i] == '/' && i + 1 < len && c[i + 1] == '/') {
			while (i < len && c[i] != '\n')
				c[i++] = ' ';
		} else if (c[i] == '"' || c[i] == '\'') {
			char q = c[i++];
			while (i < len && c[i] != q && c[i] != '\n') {
				if (c[i] == '\\' && i + 1 < len)
					c[i++] = ' ';
				c[i++] = ' ';
			}
			if (i < len && c[i] == q)
				i++;
		} else {
			i++;
		}
	}
	return c;
}

int iom_lint_survey_add(struct iom_lint_survey *s, const char *rel, const char *text, size_t len)
{
	struct sub *sb = sub_of(s, rel);
	char *c = sb ? lint_blank(text, len) : NULL;
	if (!c)
		return -IOM_ENOMEM;
	s->files++;
	int line = 1, depth = 0, rc = 0;
	size_t fn_name = 0, fn_nlen = 0, body = 0;
	int fn_line = 0;
	bool bol = true;
	for (size_t i = 0; i < len && !rc;) {
		char ch = c[i];
		if (ch == '\n') {
			line++;
			bol = true;
			i++;
			continue;
		}
		if (bol && ch == '#') {
			/* a directive, with its continuation lines: a function-like macro whose body
			 * is one call of a relaxed accessor is a wrapper; its calls count as uses */
			size_t e = i;
			while (e < len && !(c[e] == '\n' && c[e - 1] != '\\'))
				e++;
			size_t p = i + 1, nm = 0, ne = 0;
			while (p < e && (c[p] == ' ' || c[p] == '\t'))
				p++;
			if (e - p > 6 && !strncmp(c + p, "define", 6)) {
				nm = p + 6;
				while (nm < e && (c[nm] == ' ' || c[nm] == '\t'))
					nm++;
				ne = nm;
				while (ne < e && (isalnum((unsigned char)c[ne]) || c[ne] == '_'))
					ne++;
				if (ne < e && c[ne] == '(' && ne > nm) {
					size_t cp = ne;
					while (cp < e && c[cp] != ')')
						cp++;
					int last, n = calls_in(c, cp + 1 < e ? cp + 1 : e, e, &last);
					if (n == 1 && last >= 0 && last < NRELAXED)
						rc = add_wrap(s, rel, c + nm, ne - nm, last, line);
				}
			}
			/* the calls in it (not the name a #define defines) */
			for (size_t k = i; k < e; k++) {
				if (c[k] == '\n') {
					line++;
					continue;
				}
				if (!(isalpha((unsigned char)c[k]) || c[k] == '_'))
					continue;
				size_t w = k;
				while (w < e && (isalnum((unsigned char)c[w]) || c[w] == '_'))
					w++;
				size_t z = w;
				while (z < e && (c[z] == ' ' || c[z] == '\t'))
					z++;
				int a2 = z < e && c[z] == '(' && k != nm ? acc_index(c + k, w - k) : -1;
				if (a2 >= 0)
					sb->n[a2]++;
				k = w - 1;
			}
			i = e;
			continue;
		}
		bol = false;
		if (isalpha((unsigned char)ch) || ch == '_') {
			size_t e = i;
			while (e < len && (isalnum((unsigned char)c[e]) || c[e] == '_'))
				e++;
			size_t z = e;
			while (z < len && isspace((unsigned char)c[z]))
				z++;
			if (z < len && c[z] == '(') {
				int a = acc_index(c + i, e - i);
				if (a >= 0 && depth > 0)
					sb->n[a]++;
				if (depth == 0) {
					fn_name = i;
					fn_nlen = e - i;
					fn_line = line;
				}
			}
			i = e;
			continue;
		}
		if (ch == '{') {
			if (depth == 0)
				body = i + 1;
			depth++;
		} else if (ch == '}' && depth > 0) {
			if (--depth == 0 && fn_nlen) {
				int last, n = calls_in(c, body, i, &last);
				if (n == 1 && last >= 0 && last < NRELAXED)
					rc = add_wrap(s, rel, c + fn_name, fn_nlen, last, fn_line);
				fn_nlen = 0;
			}
		} else if (ch == ';' && depth == 0) {
			fn_nlen = 0;
		}
		i++;
	}
	free(c);
	return rc;
}

static unsigned long relaxed_of(const struct sub *x)
{
	unsigned long n = 0;
	for (int i = 0; i < NRELAXED; i++)
		n += x->n[i];
	return n;
}

static unsigned long range_of(const struct sub *x, int a, int b)
{
	unsigned long n = 0;
	for (int i = a; i < b; i++)
		n += x->n[i];
	return n;
}

static int cmp_sub(const void *a, const void *b)
{
	const struct sub *x = a, *y = b;
	unsigned long rx = relaxed_of(x), ry = relaxed_of(y);
	if (rx != ry)
		return rx < ry ? 1 : -1;
	return strcmp(x->name, y->name);
}

static int cmp_wrap(const void *a, const void *b)
{
	const struct wrap *x = a, *y = b;
	int r = strcmp(x->file, y->file);
	return r ? r : (x->line > y->line) - (x->line < y->line);
}

static void sort_all(const struct iom_lint_survey *s)
{
	if (s->nsubs)
		qsort(s->subs, s->nsubs, sizeof(*s->subs), cmp_sub);
	if (s->nwraps)
		qsort(s->wraps, s->nwraps, sizeof(*s->wraps), cmp_wrap);
}

static bool is_arch(const struct sub *x)
{
	return !strncmp(x->name, "arch/", 5) || !strcmp(x->name, "arch");
}

void iom_lint_survey_render_text(const struct iom_lint_survey *s, struct iom_buf *b)
{
	sort_all(s);
	iom_buf_printf(b, "MMIO accessor calls in %lu files (code and macro bodies, not comments)\n\n", s->files);
	iom_buf_printf(b, "%-16s %8s %8s %8s\n", "accessor", "total", "arch/", "common");
	for (int a = 0; a < NACC; a++) {
		unsigned long t = 0, ar = 0;
		for (size_t i = 0; i < s->nsubs; i++) {
			t += s->subs[i].n[a];
			ar += is_arch(&s->subs[i]) ? s->subs[i].n[a] : 0;
		}
		iom_buf_printf(b, "%-16s %8lu %8lu %8lu\n", acc[a], t, ar, t - ar);
	}
	iom_buf_printf(b, "\n%-28s %8s %8s %8s %8s\n", "subsystem (most relaxed first)", "relaxed", "readX()",
		       "__raw_", "ioX");
	for (size_t i = 0; i < s->nsubs && i < 25; i++) {
		const struct sub *x = &s->subs[i];
		iom_buf_printf(b, "%-28s %8lu %8lu %8lu %8lu\n", x->name, relaxed_of(x), range_of(x, 8, 16),
			       range_of(x, 16, 24), range_of(x, 24, NACC));
	}
	if (s->nsubs > 25)
		iom_buf_printf(b, "(%zu more subsystems in the JSON report)\n", s->nsubs - 25);
	iom_buf_printf(b, "\nwrappers whose body is one call of a relaxed accessor: %zu\n", s->nwraps);
	for (size_t i = 0; i < s->nwraps; i++)
		iom_buf_printf(b, "  %s:%d: %s() -> %s()\n", s->wraps[i].file, s->wraps[i].line, s->wraps[i].name,
			       s->wraps[i].callee);
}

void iom_lint_survey_render_json(const struct iom_lint_survey *s, struct iom_buf *b)
{
	sort_all(s);
	json_t *o = json_object(), *ta = json_object(), *subs = json_array(), *ws = json_array();
	for (int a = 0; a < NACC; a++) {
		unsigned long t = 0, ar = 0;
		for (size_t i = 0; i < s->nsubs; i++) {
			t += s->subs[i].n[a];
			ar += is_arch(&s->subs[i]) ? s->subs[i].n[a] : 0;
		}
		json_object_set_new(ta, acc[a], json_pack("{s:I,s:I,s:I}", "total", (json_int_t)t, "arch",
							  (json_int_t)ar, "common", (json_int_t)(t - ar)));
	}
	for (size_t i = 0; i < s->nsubs; i++) {
		json_t *c = json_object();
		for (int a = 0; a < NACC; a++)
			if (s->subs[i].n[a])
				json_object_set_new(c, acc[a], json_integer((json_int_t)s->subs[i].n[a]));
		json_array_append_new(subs, json_pack("{s:s,s:o}", "subsystem", s->subs[i].name, "calls", c));
	}
	for (size_t i = 0; i < s->nwraps; i++)
		json_array_append_new(ws, json_pack("{s:s,s:i,s:s,s:s}", "file", s->wraps[i].file, "line",
						    s->wraps[i].line, "wrapper", s->wraps[i].name, "calls",
						    s->wraps[i].callee));
	json_object_set_new(o, "files", json_integer((json_int_t)s->files));
	json_object_set_new(o, "accessors", ta);
	json_object_set_new(o, "subsystems", subs);
	json_object_set_new(o, "wrappers", ws);
	char *t = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (t) {
		iom_buf_printf(b, "%s\n", t);
		free(t);
	} else {
		b->oom = true;
	}
	json_decref(o);
}
