// SPDX-License-Identifier: MIT
/* iomodel -- lint's mapping codes, decided by the memory-type model (docs/lint.md):
 *   wc-cookie-without-wc-mapping  a WC cookie or WC MTRR over a range the driver maps only
 *                                 without WC, so that with PAT nothing there is WC (seed 001);
 *   registers-under-wc-mtrr       registers mapped UC- inside that range, write-combined
 *                                 without PAT (seed 004);
 *   wc-uc-alias                   one range mapped WC and not WC (the article's "don't do
 *                                 that"), the memtype tracking saying which one wins.
 * Values are followed back to a root: an expression is a root plus a constant offset; a
 * variable of the function takes the values assigned to it there, a parameter the
 * arguments of the driver's calls, a struct field (by its last member name) the values
 * assigned to that field anywhere in the driver, a #define its number. A cookie and a
 * mapping are linked when a root is the same. For each cookie lint writes a scenario
 * (docs/scenario.md) with the BAR at 0xe0000000 and the linked calls in source order, runs
 * it with PAT on and off, and decides from the effective types it computes. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lint_int.h"
#include "iomodel/kver.h"
#include "iomodel/linux.h"
#include "iomodel/memtype.h"
#include "iomodel/scenario.h"

static const struct lint_map maps[] = {
#define LMAP(n, api, b, sz, bar, src) { #n, api, b, sz, bar, src },
#include "../../tables/lint_maps.def"
#undef LMAP
};

const struct lint_map *lint_map_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(maps) / sizeof(maps[0]); i++)
		if (!strcmp(maps[i].name, name))
			return &maps[i];
	return NULL;
}

/* ---- values ------------------------------------------------------------------------------ */

#define MAXALT 8
#define MAXDEPTH 10

#define MAXVIA 8

struct val {
	char root[320];         /* "" for a plain number                                  */
	long long off;
	char how[480];          /* how it was followed, for the message                   */
	size_t via[MAXVIA];     /* the assignment facts followed (for if/else exclusivity) */
	int nvia;
};

struct rctx {
	const struct iom_lint *l;
	int drv;
	const char *file;       /* the file of the call being resolved                     */
	size_t seen[MAXDEPTH + 2];  /* the assignments being followed: none is used twice on a
				     * path (x -= 4 is x's other value, once) */
	int nseen;
};

static void trim(char *s)
{
	size_t n = strlen(s), a = 0;
	while (a < n && s[a] == ' ')
		a++;
	while (n > a && s[n - 1] == ' ')
		n--;
	memmove(s, s + a, n - a);
	s[n - a] = 0;
}

/* Does s[0] == '(' close at its end? */
static bool wrapped(const char *s)
{
	size_t n = strlen(s);
	if (n < 2 || s[0] != '(' || s[n - 1] != ')')
		return false;
	int d = 0;
	for (size_t i = 0; i < n; i++) {
		d += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
		if (!d && i + 1 < n)
			return false;
	}
	return true;
}

/* Outer parentheses and casts off: "((unsigned long)(x))" -> "x". */
static void strip(char *s)
{
	for (;;) {
		trim(s);
		if (wrapped(s)) {
			size_t n = strlen(s);
			memmove(s, s + 1, n - 2);
			s[n - 2] = 0;
			continue;
		}
		if (s[0] == '(') {
			/* a cast: "(type words [*])rest" */
			int d = 0;
			size_t i = 0;
			for (; s[i]; i++) {
				d += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
				if (!d)
					break;
			}
			bool type = i > 1 && s[i];
			for (size_t k = 1; type && k < i; k++)
				type = isalnum((unsigned char)s[k]) || s[k] == '_' || s[k] == ' ' || s[k] == '*';
			if (type && s[i + 1]) {
				memmove(s, s + i + 1, strlen(s + i + 1) + 1);
				continue;
			}
		}
		return;
	}
}

static bool number(const char *s, long long *v)
{
	if (!isdigit((unsigned char)s[0]))
		return false;
	char *e;
	unsigned long long x = strtoull(s, &e, 0);
	while (*e == 'u' || *e == 'U' || *e == 'l' || *e == 'L')
		e++;
	if (*e)
		return false;
	*v = (long long)x;
	return true;
}

static bool is_name_n(const char *s, size_t n)
{
	if (!n || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return false;
	return true;
}

static bool is_name(const char *s)
{
	if (!(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

/* "a->b.c" -> "c"; NULL when s is not a chain of names joined by -> and . */
/* The members of a chain of names joined by -> and . after its first name: "par->mmio.pbase"
 * -> "mmio.pbase" (a field is known by its whole path in the struct, so video.pbase and
 * mmio.pbase differ); NULL when s is not such a chain. */
static const char *last_member(const char *s)
{
	const char *first = NULL;
	for (const char *p = s; *p; p++) {
		if (p[0] == '-' && p[1] == '>') {
			if (!first)
				first = p + 2;
			p++;
		} else if (p[0] == '.') {
			if (!first)
				first = p + 1;
		} else if (!isalnum((unsigned char)*p) && *p != '_') {
			return NULL;
		}
	}
	return first;
}

static int eval_num(const struct rctx *c, const char **p, long long *v, int depth);
static bool non_x86_branch(const char *cond);
struct item;
static bool whole_region(const struct item *x, int a);

/* May a #define in file def apply to an expression in file use? Its own file, or a header
 * of the driver: a directory taken for one driver (drivers/video/fbdev) holds many, and
 * s3fb's MMIO_OFFSET (0x1000000) is not another file's. */
static bool define_visible(const char *def, const char *use)
{
	size_t n = strlen(def);
	return !use || !strcmp(def, use) || (n > 2 && !strcmp(def + n - 2, ".h"));
}

/* Substitute the arguments of a function-like macro's call into its body (whole words). */
static bool macro_subst(const struct iom_lint_fact *f, char (*av)[128], size_t na, char *out, size_t on)
{
	const char *b = f->args[0];
	size_t o = 0;
	while (*b) {
		if (isalpha((unsigned char)*b) || *b == '_') {
			size_t w = 0;
			while (isalnum((unsigned char)b[w]) || b[w] == '_')
				w++;
			const char *rep = NULL;
			for (size_t a = 1; a < f->nargs && a - 1 < na; a++)
				if (strlen(f->args[a]) == w && !strncmp(f->args[a], b, w))
					rep = av[a - 1];
			int k = rep ? snprintf(out + o, on - o, "(%s)", rep) : snprintf(out + o, on - o, "%.*s", (int)w, b);
			if (k < 0 || (size_t)k >= on - o)
				return false;
			o += (size_t)k;
			b += w;
		} else {
			if (o + 1 >= on)
				return false;
			out[o++] = *b++;
		}
	}
	out[o] = 0;
	return true;
}

/* A #define of the driver visible from the file in use, PAGE_SIZE (x86: 4096) or
 * SZ_<n>[KMG] (include/linux/sizes.h@6.12). With na >= 0, a function-like macro called with
 * the na arguments av: BIT(n) (include/vdso/bits.h@6.12: 1UL << n), or the driver's own
 * (drivers/char/agp/agp.h@6.12: KB(x) is x * 1024). */
static bool named_number(const struct rctx *c, const char *name, char (*av)[128], int na, long long *v,
			 int depth)
{
	if (na < 0 && !strcmp(name, "PAGE_SIZE")) {
		*v = 4096;
		return true;
	}
	if (na < 0 && !strncmp(name, "SZ_", 3)) {
		char *e;
		long long n = strtoll(name + 3, &e, 10);
		if (n > 0 && (!*e || ((e[0] == 'K' || e[0] == 'M' || e[0] == 'G') && !e[1]))) {
			*v = n << (*e == 'K' ? 10 : *e == 'M' ? 20 : *e == 'G' ? 30 : 0);
			return true;
		}
	}
	if (depth > MAXDEPTH)
		return false;
	if (na == 1 && !strcmp(name, "BIT")) {
		const char *q = av[0];
		long long b;
		if (eval_num(c, &q, &b, depth + 1) || *q || b < 0 || b > 62)
			return false;
		*v = 1ll << b;
		return true;
	}
	const struct lint_dlist *dl = c->drv < c->l->dl_n ? &c->l->dl[c->drv] : NULL;
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *f = &c->l->facts[dl->v[k]];
		if (f->kind != IOM_LINT_DEFINE || f->driver != c->drv || strcmp(f->name, name) ||
		    !define_visible(f->file, c->file))
			continue;
		char body[512];
		const char *q;
		if (na < 0 && f->nargs == 1) {
			q = f->args[0];
		} else if (na >= 0 && f->nargs == (size_t)na + 1 && macro_subst(f, av, (size_t)na, body, sizeof(body))) {
			q = body;
		} else {
			continue;
		}
		if (eval_num(c, &q, v, depth + 1) == 0 && !*q)
			return true;
	}
	return false;
}

/* A small evaluator for numbers: + - * / << >> ( ), literals and named numbers. */
static void skipb(const char **p)
{
	while (**p == ' ')
		(*p)++;
}

static int eval_atom(const struct rctx *c, const char **p, long long *v, int depth)
{
	skipb(p);
	if (**p == '(') {
		(*p)++;
		if (eval_num(c, p, v, depth) < 0)
			return -1;
		skipb(p);
		if (**p != ')')
			return -1;
		(*p)++;
		return 0;
	}
	char w[64];
	size_t n = 0;
	while ((isalnum((unsigned char)**p) || **p == '_') && n + 1 < sizeof(w))
		w[n++] = *(*p)++;
	w[n] = 0;
	if (!n)
		return -1;
	if (number(w, v))
		return 0;
	const char *z = *p;
	skipb(&z);
	if (*z != '(')
		return named_number(c, w, NULL, -1, v, depth) ? 0 : -1;
	/* NAME(args): a function-like macro */
	char av[4][128];
	int na = 0, d = 0;
	size_t o = 0;
	for (z++;; z++) {
		if (!*z)
			return -1;
		if (d == 0 && (*z == ',' || *z == ')')) {
			if (na == 4 || o >= sizeof(av[0]))
				return -1;
			av[na][o] = 0;
			if (o || *z == ',' || na)
				na++;
			o = 0;
			if (*z == ')')
				break;
			continue;
		}
		d += *z == '(' ? 1 : *z == ')' ? -1 : 0;
		if (na == 4 || o + 1 >= sizeof(av[0]))
			return -1;
		av[na][o++] = *z;
	}
	*p = z + 1;
	return named_number(c, w, av, na, v, depth) ? 0 : -1;
}

static int eval_mul(const struct rctx *c, const char **p, long long *v, int depth)
{
	if (eval_atom(c, p, v, depth) < 0)
		return -1;
	for (;;) {
		skipb(p);
		char op = **p;
		if (op != '*' && op != '/' && !(op == '<' && (*p)[1] == '<') && !(op == '>' && (*p)[1] == '>'))
			return 0;
		*p += op == '*' || op == '/' ? 1 : 2;
		long long r;
		if (eval_atom(c, p, &r, depth) < 0)
			return -1;
		if (op == '*')
			*v *= r;
		else if (op == '/')
			*v = r ? *v / r : 0;
		else if (r < 0 || r > 62)
			return -1;
		else
			*v = op == '<' ? *v << r : *v >> r;
	}
}

static int eval_num(const struct rctx *c, const char **p, long long *v, int depth)
{
	if (eval_mul(c, p, v, depth) < 0)
		return -1;
	for (;;) {
		skipb(p);
		char op = **p;
		if (op != '+' && op != '-')
			return 0;
		(*p)++;
		long long r;
		if (eval_mul(c, p, &r, depth) < 0)
			return -1;
		*v = op == '+' ? *v + r : *v - r;
	}
}

static bool numeric(const struct rctx *c, const char *s, long long *v)
{
	const char *p = s;
	if (eval_num(c, &p, v, 0) < 0)
		return false;
	skipb(&p);
	return !*p;
}

/* Is s a call of a mapping, cookie or MTRR function (a virtual address or a handle)? */
static bool call_of_rule(const char *s)
{
	char w[64];
	size_t n = 0;
	while ((isalnum((unsigned char)s[n]) || s[n] == '_') && n + 1 < sizeof(w)) {
		w[n] = s[n];
		n++;
	}
	w[n] = 0;
	while (s[n] == ' ')
		n++;
	return n && s[n] == '(' && lint_name_lookup(w);
}

/* Add an alternative; from (or NULL) is the value it was followed from, whose assignments
 * it keeps, and via (or (size_t)-1) one more assignment followed to it. The same root and
 * offset reached by assignments that differ is a different alternative: which arms of an
 * if/else it needs differ too. */
static void add_val(struct val *out, int *n, int max, const char *root, long long off, const char *how,
		    const struct val *from, size_t via)
{
	int nv = from ? from->nvia : 0;
	for (int i = 0; i < *n; i++)
		if (!strcmp(out[i].root, root) && out[i].off == off && out[i].nvia == nv + (via != (size_t)-1) &&
		    (!nv || !memcmp(out[i].via, from->via, (size_t)nv * sizeof(size_t))) &&
		    (via == (size_t)-1 || out[i].via[nv] == via))
			return;
	/* a root too long to keep whole is no value: cut, two different ones could look
	 * the same (intel-gtt's BAR 0 and BAR 1 of a long pci_get_device() chain did) */
	if (*n >= max || strlen(root) >= sizeof(out->root))
		return;
	struct val *o = &out[*n];
	snprintf(o->root, sizeof(o->root), "%s", root);
	o->off = off;
	snprintf(o->how, sizeof(o->how), "%s", how);
	o->nvia = 0;
	for (int i = 0; i < nv && o->nvia < MAXVIA; i++)
		o->via[o->nvia++] = from->via[i];
	if (via != (size_t)-1 && o->nvia < MAXVIA)
		o->via[o->nvia++] = via;
	(*n)++;
}

static void add_alt(struct val *out, int *n, int max, const char *root, long long off, const char *how)
{
	add_val(out, n, max, root, off, how, NULL, (size_t)-1);
}

/* The values expr (in function fn) may have: up to max alternatives. */
static int resolve(struct rctx *c, const char *expr, const char *fn, int depth, struct val *out,
		   int max, const char *how)
{
	char e[256];
	snprintf(e, sizeof(e), "%s", expr);
	strip(e);
	int n = 0;
	long long v;
	if (numeric(c, e, &v)) {
		add_alt(out, &n, max, "", v, how);
		return n;
	}
	if (depth > MAXDEPTH) {
		add_alt(out, &n, max, e, 0, how);
		return n;
	}
	/* the last top-level binary + or - with a number on one side */
	int d = 0;
	for (int i = (int)strlen(e) - 1; i > 0; i--) {
		d += e[i] == ')' ? 1 : e[i] == '(' ? -1 : 0;
		if (d || (e[i] != '+' && e[i] != '-') || e[i + 1] == '>' || e[i - 1] == e[i] ||
		    e[i + 1] == e[i])
			continue;
		char left[256], right[256];
		snprintf(left, sizeof(left), "%.*s", i, e);
		snprintf(right, sizeof(right), "%s", e + i + 1);
		trim(left);
		trim(right);
		size_t ll = strlen(left);
		if (!ll || strchr("+-*/(<>=!&|^,", left[ll - 1]))
			continue;  /* a unary sign */
		struct val sub[MAXALT];
		if (numeric(c, right, &v)) {
			int k = resolve(c, left, fn, depth + 1, sub, MAXALT, how);
			for (int j = 0; j < k; j++)
				add_val(out, &n, max, sub[j].root, sub[j].off + (e[i] == '+' ? v : -v), sub[j].how,
					&sub[j], (size_t)-1);
			return n;
		}
		if (e[i] == '+' && numeric(c, left, &v)) {
			int k = resolve(c, right, fn, depth + 1, sub, MAXALT, how);
			for (int j = 0; j < k; j++)
				add_val(out, &n, max, sub[j].root, sub[j].off + v, sub[j].how, &sub[j], (size_t)-1);
			return n;
		}
		break;
	}
	const struct iom_lint *l = c->l;
	const char *mem = last_member(e);
	if (is_name(e) || mem) {
		char h[480];
		const struct lint_dlist *dl = c->drv < l->dl_n ? &l->dl[c->drv] : NULL;
		for (size_t k = 0; dl && k < dl->n; k++) {
			size_t i = dl->v[k];
			const struct iom_lint_fact *f = &l->facts[i];
			/* p = NULL holds no address: atmel_lcdfb's regs and map start NULL, then take
			 * two different resources */
			if (f->kind != IOM_LINT_ASSIGN || f->driver != c->drv || call_of_rule(f->args[1]) ||
			    non_x86_branch(f->cond) || !strcmp(f->args[1], "NULL"))
				continue;
			/* a field's assignments in the file of the use: a directory may hold several
			 * drivers whose structs share field names (aty/ has atyfb and aty128fb) */
			if (mem && strcmp(f->file, c->file))
				continue;
			bool busy = false;
			for (int q = 0; q < c->nseen; q++)
				busy |= c->seen[q] == i;
			if (busy || c->nseen >= MAXDEPTH + 2)
				continue;
			const char *lm = last_member(f->args[0]);
			bool same = mem ? lm && !strcmp(lm, mem)
					: !strcmp(f->args[0], e) && !strcmp(f->func, fn) && !strcmp(f->file, c->file);
			if (!same)
				continue;
			snprintf(h, sizeof(h), "%s%s%s = %s (line %d)", how, *how ? ", " : "", f->args[0],
				 f->args[1], f->line);
			struct val sub[MAXALT];
			c->seen[c->nseen++] = i;
			const char *file0 = c->file;
			c->file = f->file;
			int nk = resolve(c, f->args[1], f->func, depth + 1, sub, MAXALT, h);
			c->file = file0;
			c->nseen--;
			for (int j = 0; j < nk; j++)
				add_val(out, &n, max, sub[j].root, sub[j].off, sub[j].how, &sub[j], i);
		}
		if (!n && !mem) {
			/* a parameter: the arguments of the driver's calls */
			for (size_t k = 0; dl && k < dl->n; k++) {
				const struct iom_lint_fact *f = &l->facts[dl->v[k]];
				if (f->kind != IOM_LINT_FN || f->driver != c->drv || strcmp(f->name, fn))
					continue;
				for (size_t a = 0; a < f->nargs; a++) {
					if (strcmp(f->args[a], e))
						continue;
					for (size_t q = 0; q < dl->n; q++) {
						const struct iom_lint_fact *g = &l->facts[dl->v[q]];
						if (g->kind != IOM_LINT_DCALL || g->driver != c->drv ||
						    strcmp(g->name, fn) || a >= g->nargs || non_x86_branch(g->cond))
							continue;
						snprintf(h, sizeof(h), "%s%s%s() called with %s = %s (line %d)", how,
							 *how ? ", " : "", fn, e, g->args[a], g->line);
						struct val sub[MAXALT];
						const char *file0 = c->file;
						c->file = g->file;
						int nk = resolve(c, g->args[a], g->func, depth + 1, sub, MAXALT, h);
						c->file = file0;
						for (int j = 0; j < nk; j++)
							add_val(out, &n, max, sub[j].root, sub[j].off, sub[j].how,
								&sub[j], (size_t)-1);
					}
				}
			}
		}
		size_t el0 = strlen(e), sl = 0;
		if (el0 > 6 && !strcmp(e + el0 - 5, "start"))
			sl = 5;
		else if (el0 > 4 && !strcmp(e + el0 - 3, "end"))
			sl = 3;
		if (!n && mem && sl && (e[el0 - sl - 1] == '.' || (e[el0 - sl - 1] == '>' && e[el0 - sl - 2] == '-'))) {
			/* X->start, X.start: a struct resource's bounds (include/linux/ioport.h@6.12)
			 * are known by the resource they belong to, not by the member's name: imx8's
			 * mmio->start (platform_get_resource(pdev, IORESOURCE_MEM, 0)) and res.start
			 * (of_address_to_resource()) are two resources */
			char b[256];
			snprintf(b, sizeof(b), "%.*s", (int)(el0 - sl - (e[el0 - sl - 1] == '.' ? 1 : 2)), e);
			struct val sub[MAXALT];
			int nk = resolve(c, b, fn, depth + 1, sub, MAXALT, how);
			for (int j = 0; j < nk; j++) {
				char r[400];
				snprintf(r, sizeof(r), "%.320s%+lld->%s", sub[j].root[0] ? sub[j].root : "0", sub[j].off,
					 sl == 5 ? "start" : "end");
				add_val(out, &n, max, r, 0, sub[j].how, &sub[j], (size_t)-1);
			}
		}
		if (!n) {
			/* a field is the driver's; a local or parameter its function's; a name in
			 * capitals (a macro) the file's */
			bool caps = true;
			for (const char *q = e; *q; q++)
				caps &= !islower((unsigned char)*q);
			char r[400];
			if (mem)
				snprintf(r, sizeof(r), "%s:->%s", c->file, mem);
			else if (caps)
				snprintf(r, sizeof(r), "%s", e);
			else
				snprintf(r, sizeof(r), "%s:%s", fn, e);
			add_alt(out, &n, max, r, 0, how);
		}
		return n;
	}
	/* a call of a function of the kernel (pci_resource_start(dev, 0)): its arguments
	 * followed back, so that two functions given the same dev by their caller name the
	 * same BAR; one argument may have several values (atyfb's rp is &pdev->resource[0] or
	 * [1]), each giving the call its own value */
	size_t el = strlen(e);
	const char *op = strchr(e, '(');
	if (op && op > e && e[el - 1] == ')' && is_name_n(e, (size_t)(op - e))) {
		enum { MAXARG = 6 };
		struct val av[MAXARG][MAXALT];
		int ak[MAXARG], na = 0, multi = -1;
		int d2 = 0;
		size_t a0 = (size_t)(op - e) + 1;
		bool ok = true;
		for (size_t i = a0; i < el && ok; i++) {
			d2 += e[i] == '(' ? 1 : e[i] == ')' ? -1 : 0;
			if (!((e[i] == ',' && d2 == 0) || (i == el - 1 && d2 == -1)))
				continue;
			char arg[256];
			snprintf(arg, sizeof(arg), "%.*s", (int)(i - a0), e + a0);
			ok = na < MAXARG;
			if (ok) {
				ak[na] = resolve(c, arg, fn, depth + 1, av[na], MAXALT, "");
				ok = ak[na] >= 1 && (ak[na] == 1 || multi < 0);
				if (ak[na] > 1)
					multi = na;
				na++;
			}
			a0 = i + 1;
		}
		for (int m = 0; ok && m < (multi >= 0 ? ak[multi] : 1); m++) {
			char r[400], h[480];
			size_t o = (size_t)snprintf(r, sizeof(r), "%.*s(", (int)(op - e), e);
			snprintf(h, sizeof(h), "%s", how);
			for (int q = 0; q < na; q++) {
				const struct val *v1 = &av[q][q == multi ? m : 0];
				if (v1->root[0])
					o += (size_t)snprintf(r + o, o < sizeof(r) ? sizeof(r) - o : 0, "%s%s%+lld",
							      q ? ", " : "", v1->root, v1->off);
				else
					o += (size_t)snprintf(r + o, o < sizeof(r) ? sizeof(r) - o : 0, "%s%lld",
							      q ? ", " : "", v1->off);
				if (v1->how[0]) {
					size_t hl = strlen(h);
					snprintf(h + hl, sizeof(h) - hl, "%s%.200s", hl ? ", " : "", v1->how);
				}
			}
			if (o + 2 >= sizeof(r)) {
				ok = false;
				break;
			}
			snprintf(r + o, sizeof(r) - o, ")");
			if (multi >= 0)
				add_val(out, &n, max, r, 0, h, &av[multi][m], (size_t)-1);
			else
				add_alt(out, &n, max, r, 0, h);
		}
		if (ok && n)
			return n;
		n = 0;
	}
	/* any other expression: its names are the function's */
	char r[400];
	snprintf(r, sizeof(r), "%s:%s", fn, e);
	add_alt(out, &n, max, r, 0, how);
	return n;
}

/* ---- the calls of one driver ---------------------------------------------------------------- */

enum role { R_MAP, R_COOKIE, R_HOLE, R_RESERVE };

struct item {
	const struct iom_lint_fact *f;   /* the call; for a wrapper's, the call of the wrapper */
	const struct iom_lint_fact *inner;  /* a wrapper's mapping call in its body, or NULL */
	enum role role;
	const char *api;        /* scenario function of a mapping                           */
	struct val base[MAXALT];
	int nbase;
	long long size;         /* the largest of the numbers it may be; -1: not a number    */
	long long smin;         /* the smallest (flow-insensitive: x = 8M; x -= 4K gives 2)  */
	char size_txt[320];
	char btxt[200];         /* its base argument as written                             */
	char sroot[MAXALT][320]; /* the roots its size may have ("pci_resource_len(D, 0)")    */
	int nsroot;
	bool wholebar;          /* maps its whole BAR (the pci_iomap() family without a length) */
	bool wc_req, uc_minus;  /* asks for WC; asks for UC- (ioremap, ioremap_nocache)     */
	/* in the scenario of the current cookie */
	bool linked;
	int alt, calt;          /* which base alternatives link (this item's, the cookie's)  */
	long long at, len;      /* offset from the BAR, length                              */
	char var[24];
};

/* ---- #if conditions as the source scan writes them ("A && !(B)", "!defined(X)") ---- */

/* The next conjunct of cond from *p (split at a top-level "&&"), normalised: outer
 * parentheses off, defined(X) and defined X as X, and a leading "!" as neg. */
static bool cond_next(const char **p, char *out, size_t on, bool *neg)
{
	const char *s = *p;
	while (*s == ' ')
		s++;
	if (!*s)
		return false;
	int d = 0;
	const char *e = s;
	for (; *e; e++) {
		d += *e == '(' ? 1 : *e == ')' ? -1 : 0;
		if (!d && e[0] == '&' && e[1] == '&')
			break;
	}
	*p = *e ? e + 2 : e;
	char t[512];
	if (e - s >= (long)sizeof(t)) {
		/* too long to compare whole: a conjunct equal to no other */
		snprintf(out, on, "#%p", (const void *)s);
		*neg = false;
		return true;
	}
	snprintf(t, sizeof(t), "%.*s", (int)(e - s), s);
	*neg = false;
	for (;;) {
		trim(t);
		if (t[0] == '!') {
			*neg = !*neg;
			memmove(t, t + 1, strlen(t));
		} else if (wrapped(t)) {
			size_t n = strlen(t);
			memmove(t, t + 1, n - 2);
			t[n - 2] = 0;
		} else if (!strncmp(t, "defined", 7) && !(isalnum((unsigned char)t[7]) || t[7] == '_')) {
			memmove(t, t + 7, strlen(t + 7) + 1);
		} else {
			break;
		}
	}
	snprintf(out, on, "%s", t);
	return true;
}

/* Is the branch never built: a conjunct "0" (#if 0)? */
bool lint_cond_never(const char *cond)
{
	char t[512];
	bool neg;
	for (const char *p = cond; cond_next(&p, t, sizeof(t), &neg);)
		if (!neg && !strcmp(t, "0"))
			return true;
	return false;
}

/* Can two #if branches not be built together: a conjunct of one is the negation of a
 * conjunct of the other (#if X ... #else: mgag200_drv.c@6.12 maps VRAM with
 * devm_ioremap() under CONFIG_DRM_MGAG200_DISABLE_WRITECOMBINE, else with
 * devm_ioremap_wc() and a cookie)? */
static bool conds_exclusive(const char *a, const char *b)
{
	if (!a || !b || !*a || !*b)
		return false;
	char t[512], u[512];
	bool na, nb;
	for (const char *p = a; cond_next(&p, t, sizeof(t), &na);)
		for (const char *q = b; cond_next(&q, u, sizeof(u), &nb);)
			if (na != nb && !strcmp(t, u))
				return true;
	return false;
}

/* Built for another architecture than x86: an #else of CONFIG_X86, or a branch of
 * another architecture's own macro (or of a big-endian build). */
static bool non_x86_branch(const char *cond)
{
	static const char *const other[] = { "CONFIG_ATARI", "__sparc__", "CONFIG_SPARC", "CONFIG_PPC",
					     "__powerpc__", "CONFIG_ARM", "__arm__", "__aarch64__",
					     "CONFIG_MIPS", "__mips__", "__mc68000__", "CONFIG_MAC",
					     "CONFIG_ALPHA", "__alpha__", "CONFIG_PARISC", "CONFIG_S390",
					     /* x86 is little-endian */
					     "__BIG_ENDIAN", "CONFIG_CPU_BIG_ENDIAN" };
	if (lint_cond_never(cond))
		return true;
	const char *x = strstr(cond, "CONFIG_X86");
	if (x && x > cond && (x[-1] == '!' || (x >= cond + 9 && !strncmp(x - 9, "!defined(", 9))))
		return true;
	for (size_t i = 0; i < sizeof(other) / sizeof(other[0]); i++) {
		const char *p = strstr(cond, other[i]);
		size_t n = strlen(other[i]);
		if (p && !(isalnum((unsigned char)p[n]) || p[n] == '_') &&
		    !(p > cond && (p[-1] == '!' || (p >= cond + 9 && !strncmp(p - 9, "!defined(", 9)))))
			return true;
	}
	return false;
}

static int cmp_item(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	int r = strcmp(x->f->file, y->f->file);
	if (!r)
		r = (x->f->line > y->f->line) - (x->f->line < y->f->line);
	if (!r)
		r = (x->f->col > y->f->col) - (x->f->col < y->f->col);
	return r;
}

/* The variable a call's value is kept in, from the RET fact at its position, or NULL. */
static const char *kept_in(const struct iom_lint *l, const struct iom_lint_fact *f)
{
	const struct lint_dlist *dl = f->driver >= 0 && f->driver < l->dl_n ? &l->dl[f->driver] : NULL;
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *g = &l->facts[dl->v[k]];
		if (g->kind == IOM_LINT_RET && g->line == f->line && g->col == f->col &&
		    !strcmp(g->file, f->file) && !strcmp(g->name, f->name) && g->nargs == 1)
			return g->args[0];
	}
	return NULL;
}

static void describe(const struct item *it, char *buf, size_t n)
{
	if (it->inner)
		snprintf(buf, n, "%s() at %s:%d (its %s() at %s:%d)", it->f->name, it->f->file,
			 it->f->line, it->inner->name, it->inner->file, it->inner->line);
	else
		snprintf(buf, n, "%s() at %s:%d", it->f->name, it->f->file, it->f->line);
}

static const char *types_str(unsigned mask, char *buf, size_t n)
{
	size_t o = 0;
	buf[0] = 0;
	if (!mask) {
		snprintf(buf, n, "not mapped");
		return buf;
	}
	if (mask & IOM_SCN_EFF_UNDEF)
		o += (size_t)snprintf(buf + o, n - o, "undefined (SDM MTRR overlap)");
	for (int t = 0; t < 31 && o < n; t++)
		if (mask & (1u << t))
			o += (size_t)snprintf(buf + o, n - o, "%s%s", o ? "/" : "",
					      iom_mt_name((enum iom_mt)t));
	return buf;
}

struct run2 {
	struct iom_scn_result *on, *off, *on_noholes, *off_noholes;
	unsigned kver;
	bool holes;             /* the scenario has UC MTRR holes                         */
};

static struct iom_scn_result *run_one(const char *text, unsigned kver, int pat)
{
	struct iom_diag d;
	iom_diag_init(&d);
	struct iom_scn *s = iom_scn_parse(text, strlen(text), "lint", &d);
	if (!s)
		return NULL;
	struct iom_scn_opts o = { kver, pat };
	struct iom_scn_result *r = iom_scn_run(s, &o, &d);
	iom_scn_free(s);
	return r;
}

static void run_free(struct run2 *r)
{
	iom_scn_result_free(r->on);
	iom_scn_result_free(r->off);
	iom_scn_result_free(r->off_noholes);
	iom_scn_result_free(r->on_noholes);
	memset(r, 0, sizeof(*r));
}

/* Write the scenario of the linked items (holes left out with noholes). */
static void scenario(const struct item *it, size_t n, const struct item *ck, unsigned kver, long long bar,
		     bool noholes, struct iom_buf *b)
{
	char kv[16], loc[300];
	iom_kver_str(kver, kv, sizeof(kv));
	describe(ck, loc, sizeof(loc));
	iom_buf_printf(b, "# iomodel lint: the calls linked to %s, in source order, on a\n"
		       "# 16-register x86 machine with the BAR at 0xe0000000 (run it with --pat both).\n",
		       loc);
	iom_buf_printf(b, "kernel %s\ncpu pat=on vcnt=8 wc=on physbits=36\nmtrr default=uc\n"
		       "mtrr 0x00000000 2G wb\nram 0x00000000 2G\nbar lint0 0xe0000000 0x%llx prefetchable\n\n",
		       kv, bar);
	for (size_t i = 0; i < n; i++) {
		const struct item *x = &it[i];
		if (!x->linked || (noholes && x->role == R_HOLE))
			continue;
		unsigned long long a = 0xe0000000ull + (unsigned long long)x->at;
		describe(x, loc, sizeof(loc));
		switch (x->role) {
		case R_MAP:
			iom_buf_printf(b, "%s = %s(0x%llx, 0x%llx)    # %s\n", x->var, x->api, a,
				       (unsigned long long)x->len, loc);
			break;
		case R_COOKIE:
			if (!strncmp(x->f->name, "mtrr_add", 8))
				iom_buf_printf(b, "%s = mtrr_add(0x%llx, 0x%llx, MTRR_TYPE_WRCOMB, 1)    # %s\n",
					       x->var, a, (unsigned long long)x->len, loc);
			else
				iom_buf_printf(b, "%s = arch_phys_wc_add(0x%llx, 0x%llx)    # %s\n", x->var, a,
					       (unsigned long long)x->len, loc);
			break;
		case R_HOLE:
			iom_buf_printf(b, "%s = mtrr_add(0x%llx, 0x%llx, MTRR_TYPE_UNCACHABLE, 1)    # %s\n",
				       x->var, a, (unsigned long long)x->len, loc);
			break;
		case R_RESERVE:
			iom_buf_printf(b, "%s = reserve_memtype(0x%llx, 0x%llx, MTRR_TYPE_WRCOMB)    # %s\n",
				       x->var, a, a + (unsigned long long)x->len, loc);
			break;
		}
	}
}

static unsigned eff(const struct iom_scn_result *r, const struct item *x)
{
	return r ? iom_scn_result_eff(r, x->var, 0, (uint64_t)x->len) : 0;
}

/* Run the scenario with PAT on and off (and off without the UC holes); the kernel the code
 * is for, or, when a call does not exist there, the newest of 5.4 and 4.2 that has them. */
static int run_all(const struct iom_lint *l, const struct item *it, size_t n, const struct item *ck,
		   long long bar, struct run2 *r, struct iom_buf *text)
{
	unsigned try[3] = { l->kver, IOM_KVER(5, 4), IOM_KVER(4, 2) };
	for (int k = 0; k < 3; k++) {
		iom_buf_reset(text);
		scenario(it, n, ck, try[k], bar, false, text);
		if (text->oom)
			return -IOM_ENOMEM;
		r->on = run_one(iom_buf_str(text), try[k], IOM_PAT_ON);
		r->off = run_one(iom_buf_str(text), try[k], IOM_PAT_OFF);
		struct iom_buf t2;
		iom_buf_init(&t2);
		scenario(it, n, ck, try[k], bar, true, &t2);
		r->off_noholes = run_one(iom_buf_str(&t2), try[k], IOM_PAT_OFF);
		r->on_noholes = run_one(iom_buf_str(&t2), try[k], IOM_PAT_ON);
		r->holes = t2.len != text->len;
		iom_buf_release(&t2);
		if (r->on && r->off && r->off_noholes && r->on_noholes) {
			r->kver = try[k];
			return 0;
		}
		run_free(r);
	}
	return 1;  /* no kernel runs it: no finding */
}

/* Do two if/else paths ("3.0/7.1") hold one if-chain with different arms? Then the two
 * calls never run together. */
bool lint_paths_exclusive(const char *a, const char *b)
{
	if (!a || !b)
		return false;
	for (const char *p = a; *p;) {
		int id, arm, n = 0;
		if (*p == 'L') {
			/* a loop body ("L<id>"): exclusive with nothing */
			p += strcspn(p, "/");
			p += *p == '/';
			continue;
		}
		if (sscanf(p, "%d.%d%n", &id, &arm, &n) != 2)
			break;
		for (const char *q = b; *q;) {
			int id2, arm2, m = 0;
			if (*q == 'L') {
				q += strcspn(q, "/");
				q += *q == '/';
				continue;
			}
			if (sscanf(q, "%d.%d%n", &id2, &arm2, &m) != 2)
				break;
			if (id2 == id && arm2 != arm)
				return true;
			q += m;
			if (*q == '/')
				q++;
		}
		p += n;
		if (*p == '/')
			p++;
	}
	return false;
}

/* Can the two items not run together? Arms of one if-chain (paths are per file), or two
 * arms of one wrapper's body reached from the same call. */
static bool items_exclusive(const struct item *x, const struct item *y)
{
	if (!strcmp(x->f->file, y->f->file) && lint_paths_exclusive(x->f->path, y->f->path))
		return true;
	if (conds_exclusive(x->f->cond, y->f->cond) ||
	    (x->inner && conds_exclusive(x->inner->cond, y->f->cond)) ||
	    (y->inner && conds_exclusive(x->f->cond, y->inner->cond)))
		return true;
	return x->f == y->f && x->inner && y->inner && !strcmp(x->inner->file, y->inner->file) &&
	       lint_paths_exclusive(x->inner->path, y->inner->path);
}

/* Do the assignments followed to value v exclude fact g, or one followed to w (arms of one
 * if-chain of one file)? Then the two values never meet: matroxfb sets the register and
 * framebuffer bases from BAR 0 and 1 in one arm and swapped in the other. */
static bool via_exclusive(const struct iom_lint *l, const struct val *v, const struct val *w,
			  const struct iom_lint_fact *g)
{
	for (int i = 0; i < v->nvia; i++) {
		const struct iom_lint_fact *a = &l->facts[v->via[i]];
		if (g && ((!strcmp(a->file, g->file) && lint_paths_exclusive(a->path, g->path)) ||
			  conds_exclusive(a->cond, g->cond)))
			return true;
		for (int j = 0; w && j < w->nvia; j++) {
			const struct iom_lint_fact *b = &l->facts[w->via[j]];
			if ((!strcmp(a->file, b->file) && lint_paths_exclusive(a->path, b->path)) ||
			    conds_exclusive(a->cond, b->cond))
				return true;
		}
	}
	return false;
}

/* The line where a mapping kept in a local is released in its own function (an iounmap()
 * of the local, or a call of a function of the driver that unmaps the parameter it is
 * given), when the local is not stored anywhere; 0 when none. Such a mapping is a probe
 * that lives only between the two lines: pm3fb_size_memory() maps the framebuffer with
 * ioremap() to size it and unmaps it before it returns. */
static int probe_end(const struct iom_lint *l, const struct iom_lint_fact *f)
{
	const char *v = kept_in(l, f);
	if (!v || !is_name(v) || !f->func[0])
		return 0;
	const struct lint_dlist *dl = f->driver >= 0 && f->driver < l->dl_n ? &l->dl[f->driver] : NULL;
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *g = &l->facts[dl->v[k]];
		if (strcmp(g->func, f->func) || strcmp(g->file, f->file))
			continue;
		/* the local handed on (stored elsewhere) outlives the function */
		if (g->kind == IOM_LINT_ASSIGN && g->nargs == 2 && !strcmp(g->args[1], v))
			return 0;
	}
	int end = 0;
	for (size_t k = 0; dl && k < dl->n && !end; k++) {
		const struct iom_lint_fact *g = &l->facts[dl->v[k]];
		if (g->line <= f->line || strcmp(g->func, f->func) || strcmp(g->file, f->file) ||
		    conds_exclusive(g->cond, f->cond) || lint_paths_exclusive(g->path, f->path))
			continue;
		if (g->kind == IOM_LINT_CALL && !strcmp(g->name, "iounmap") && g->nargs == 1 && !strcmp(g->args[0], v))
			end = g->line;
		if (g->kind != IOM_LINT_DCALL)
			continue;
		for (size_t a = 0; a < g->nargs; a++) {
			if (strcmp(g->args[a], v))
				continue;
			const struct iom_lint_fact *fnf = NULL;
			for (size_t q = 0; q < dl->n && !fnf; q++) {
				const struct iom_lint_fact *h = &l->facts[dl->v[q]];
				if (h->kind == IOM_LINT_FN && !strcmp(h->name, g->name) && a < h->nargs)
					fnf = h;
			}
			for (size_t q = 0; fnf && q < dl->n; q++) {
				const struct iom_lint_fact *h = &l->facts[dl->v[q]];
				if (h->kind == IOM_LINT_CALL && !strcmp(h->name, "iounmap") && h->nargs == 1 &&
				    !strcmp(h->func, fnf->name) && !strcmp(h->args[0], fnf->args[a]) && !strchr(h->path, '.'))
					end = g->line;
			}
		}
	}
	return end;
}

/* Can the two items' mappings exist at the same time? Not when one is a probe (probe_end())
 * and the other is made outside its life, nor when both are kept in the same variable of
 * one function: the later replaces the earlier (intel-gtt.c@6.12 falls back to ioremap()
 * when ioremap_wc() fails, into the same intel_private.gtt). */
static bool coexist(const struct iom_lint *l, const struct item *x, const struct item *y)
{
	for (int k = 0; k < 2; k++) {
		const struct item *p = k ? y : x, *o = k ? x : y;
		if (p->inner)
			continue;
		int end = probe_end(l, p->f);
		if (end && (strcmp(o->f->file, p->f->file) || strcmp(o->f->func, p->f->func) ||
			    o->f->line < p->f->line || o->f->line > end))
			return false;
	}
	if (!x->inner && !y->inner && !strcmp(x->f->file, y->f->file) && !strcmp(x->f->func, y->f->func) &&
	    x->role == R_MAP && y->role == R_MAP) {
		const char *a = kept_in(l, x->f), *b = kept_in(l, y->f);
		if (a && b && !strcmp(a, b))
			return false;
	}
	return true;
}

static bool linked_to(const struct iom_lint *l, const struct item *x, const struct item *ck, int *ai,
		      int *ci)
{
	if (items_exclusive(x, ck) || !coexist(l, x, ck))
		return false;
	for (int a = 0; a < x->nbase; a++)
		for (int b = 0; b < ck->nbase; b++)
			if (x->base[a].root[0] && !strcmp(x->base[a].root, ck->base[b].root) &&
			    !via_exclusive(l, &x->base[a], &ck->base[b], ck->f) &&
			    !via_exclusive(l, &ck->base[b], NULL, x->f)) {
				*ai = a;
				*ci = b;
				return true;
			}
	return false;
}

/* "through A, B" or "by the same expression": how the two sides' values were followed. */
static const char *link_how(const struct val *a, const struct val *b, char *buf, size_t n)
{
	if (!a->how[0] && !b->how[0])
		snprintf(buf, n, "by the same expression (%s)", a->root);
	else
		snprintf(buf, n, "through %s%s%s", a->how, a->how[0] && b->how[0] ? "; " : "", b->how);
	return buf;
}

static int emit(struct iom_lint *l, enum lint_code code, const struct item *at, const struct item *rel,
		const char *scn, const char *msg, const struct item *m, const struct run2 *r)
{
	int rc = lint_add_finding(l, code, at->f, rel ? rel->f : NULL, "%s", msg);
	if (rc)
		return rc;
	struct iom_lint_finding *f = &l->found[l->nr_found - 1];
	snprintf(f->scn_var, sizeof(f->scn_var), "%s", m->var);
	types_str(eff(r->on, m), f->pat_on, sizeof(f->pat_on));
	types_str(eff(r->off, m), f->pat_off, sizeof(f->pat_off));
	f->evidence = strdup(scn);
	const char *base = strrchr(at->f->file, '/');
	snprintf(f->evname, sizeof(f->evname), "%s-%s-%d.scn", base ? base + 1 : at->f->file, f->code,
		 at->f->line);
	for (char *p = f->evname; *p; p++)
		if (*p == '.' && p[1] != 's')
			*p = '_';
	return f->evidence ? 0 : -IOM_ENOMEM;
}

/* Is x, linked to cookie ck, the memory ck is for: at its start, and mapped at ck's base as
 * written, with ck's length as written, or as its whole region? */
static bool is_target(const struct item *x, const struct item *ck)
{
	if (!x->linked || x->role != R_MAP || x == ck || x->at != 0)
		return false;
	return (x->btxt[0] && !strcmp(x->btxt, ck->btxt)) || (x->size_txt[0] && !strcmp(x->size_txt, ck->size_txt)) ||
	       whole_region(x, x->alt);
}

/* The decisions around one cookie (WC cookie, WC mtrr_add()). */
static int decide_cookie(struct iom_lint *l, struct item *it, size_t n, struct item *ck)
{
	/* link, place on the BAR: the cookie's base is the BAR's start */
	int nl = 0;
	long long bar = ck->size > 0 ? ck->size : 16ll << 20;
	for (size_t i = 0; i < n; i++) {
		struct item *x = &it[i];
		x->linked = false;
		if (x == ck) {
			x->linked = true;
			x->at = 0;
			x->len = bar;
			snprintf(x->var, sizeof(x->var), "cookie");
			continue;
		}
		int a, b;
		if (x->role == R_COOKIE || !linked_to(l, x, ck, &a, &b))
			continue;
		long long at = x->base[a].off - ck->base[b].off;
		if (at < 0 || at >= (1ll << 32))
			continue;
		/* a cookie whose length stays unknown covers what starts at its start, and,
		 * when it is its whole region, what the driver places after that start; any
		 * other offset may lie beyond it, and no finding claims it does not */
		if (at > 0 && ck->size <= 0 && !whole_region(ck, b))
			continue;
		x->linked = true;
		x->alt = a;
		x->calt = b;
		x->at = at;
		/* a length with several values (flow-insensitive) takes the smallest: no
		 * finding rests on an overlap that one of them avoids; a length that stays
		 * unknown is placed below (-1) */
		x->len = x->size > 0 ? x->smin
			 : whole_region(x, a) ? bar - at
			 : (!strcmp(x->size_txt, ck->size_txt) && x->size_txt[0]) ? bar : -1;
		if (x->len > 0 && x->at + x->len > bar)
			while (bar < x->at + x->len)
				bar *= 2;
		snprintf(x->var, sizeof(x->var), "%s%zu", x->role == R_MAP ? "map" : x->role == R_HOLE ? "hole" : "wcres", i);
		nl += x->role == R_MAP;
	}
	/* an unknown length claims no overlap: it reaches the next linked call's start (or
	 * the BAR's end), at least a page. neofb maps its framebuffer with a length the
	 * chip decides (neo_init_hw()'s return), beside registers at BAR 0 + 1 MiB. */
	for (size_t i = 0; i < n; i++) {
		struct item *x = &it[i];
		if (!x->linked || x == ck || x->len > 0)
			continue;
		long long next = bar;
		for (size_t j = 0; j < n; j++)
			if (it[j].linked && &it[j] != ck && it[j].at > x->at && it[j].at < next)
				next = it[j].at;
		x->len = next - x->at < 4096 ? 4096 : next - x->at;
		if (x->at + x->len > bar)
			while (bar < x->at + x->len)
				bar *= 2;
	}
	if (ck->size <= 0)
		ck->len = bar;
	if (!nl)
		return 0;
	struct run2 r = { 0 };
	struct iom_buf text;
	iom_buf_init(&text);
	int rc = run_all(l, it, n, ck, bar, &r, &text);
	if (rc) {
		iom_buf_release(&text);
		return rc < 0 ? rc : 0;
	}
	char kv[16], ckd[300], t1[64], t2[64], t3[64], msg[2400], lh[1000];
	iom_kver_str(r.kver, kv, sizeof(kv));
	describe(ck, ckd, sizeof(ckd));
	/* wc-cookie-without-wc-mapping: with PAT, is any linked mapping WC anywhere? */
	const struct item *first = NULL, *largest = NULL;
	bool any_wc = false;
	for (size_t i = 0; i < n; i++) {
		const struct item *x = &it[i];
		if (!x->linked || x->role != R_MAP)
			continue;
		if (!first)
			first = x;
		if (!largest || x->len > largest->len)
			largest = x;
		any_wc |= (eff(r.on, x) & (1u << IOM_MT_WC)) != 0;
	}
	if (!any_wc && largest) {
		char md[300];
		describe(largest, md, sizeof(md));
		snprintf(msg, sizeof(msg),
			 "%s() asks for write combining over a range that the driver maps only without "
			 "WC: %s (%s()), linked %s. With PAT %s; nothing in the range is WC: %s (PAT off: %s). "
			 "Kernel %s, iomodel's scenario of these calls. Fix: map the range with ioremap_wc() "
			 "(seed 001), or reserve it with arch_io_reserve_memtype_wc() before the mapping.",
			 ck->f->name, md, largest->api,
			 link_how(&largest->base[largest->alt], &ck->base[largest->calt], lh, sizeof(lh)),
			 strncmp(ck->f->name, "mtrr_add", 8) ? "arch_phys_wc_add() does nothing"
							    : "the MTRR is programmed but the PTEs decide first",
			 types_str(eff(r.on, largest), t1, sizeof(t1)), types_str(eff(r.off, largest), t2, sizeof(t2)),
			 kv);
		rc = emit(l, LINT_WC_COOKIE, ck, largest, iom_buf_str(&text), msg, largest, &r);
	}
	/* registers-under-wc-mtrr: a UC- mapping inside the range that is not the memory the
	 * cookie is for (a smaller one, or one beside a WC-requested mapping) */
	bool wc_req_any = false;
	for (size_t i = 0; i < n; i++)
		wc_req_any |= it[i].linked && it[i].role == R_MAP && it[i].wc_req;
	/* the memory the cookie is for: the mappings at its start given its own base or
	 * length as written, or its whole region (neofb before 2015 maps the framebuffer
	 * with ioremap(info->fix.smem_start, ...) under mtrr_add(info->fix.smem_start, ...),
	 * and its registers, also in BAR 0, are not it); else the largest, and another of
	 * the same bytes (the other arm of a wrapper that maps with ioremap_nocache() or
	 * ioremap(), as matroxfb's mga_ioremap()) */
	bool any_target = false;
	for (size_t i = 0; i < n; i++)
		any_target |= is_target(&it[i], ck);
	for (size_t i = 0; !rc && i < n; i++) {
		const struct item *x = &it[i];
		if (!x->linked || x->role != R_MAP || !x->uc_minus || x->at + x->len > ck->len)
			continue;
		if (!wc_req_any && (any_target ? is_target(x, ck)
				    : (x == largest || (x->at == largest->at && x->len == largest->len))))
			continue;
		unsigned off_h = eff(r.off, x), off_n = eff(r.off_noholes, x);
		unsigned on_h = eff(r.on, x), on_n = eff(r.on_noholes, x);
		const unsigned WCM = 1u << IOM_MT_WC;
		if (!((off_n | on_n) & WCM))
			continue;
		char xd[300], hole[300] = "", t4[64];
		describe(x, xd, sizeof(xd));
		if (r.holes && !((off_h | on_h) & WCM))
			snprintf(hole, sizeof(hole), " Only the UC MTRR 'hole' keeps them %s (PAT off) and %s "
				 "(PAT on); it fails when no variable MTRR is free.",
				 types_str(off_h, t3, sizeof(t3)), types_str(on_h, t4, sizeof(t4)));
		snprintf(msg, sizeof(msg),
			 "%s (%s(), UC-) maps registers inside the range that %s makes write-combining%s, "
			 "linked %s. A WC MTRR overrides UC- (SDM Table 11-7): %sPAT off: %s; PAT on: %s.%s "
			 "Kernel %s, iomodel's scenario of these calls. Fix: ioremap_uc() for the registers, "
			 "which no MTRR overrides (seed 004).",
			 xd, x->api, ckd, strncmp(ck->f->name, "mtrr_add", 8) ? " without PAT" : "",
			 link_how(&x->base[x->alt], &ck->base[x->calt], lh, sizeof(lh)),
			 r.holes ? "without the hole, " : "", types_str(off_n, t1, sizeof(t1)),
			 types_str(on_n, t2, sizeof(t2)), hole, kv);
		rc = emit(l, LINT_REGS_WC, x, ck, iom_buf_str(&text), msg, x, &r);
	}
	run_free(&r);
	iom_buf_release(&text);
	return rc;
}

/* Is the mapping x released (iounmap of the variable it is kept in, in the same function)
 * before line `before`? A temporary map and unmap is no alias. */
static bool unmapped_before(const struct iom_lint *l, const struct item *x, const struct iom_lint_fact *later)
{
	const char *v = kept_in(l, x->f);
	if (!v || strcmp(x->f->func, later->func) || strcmp(x->f->file, later->file))
		return false;
	const struct lint_dlist *dl = x->f->driver < l->dl_n ? &l->dl[x->f->driver] : NULL;
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *g = &l->facts[dl->v[k]];
		if (g->kind == IOM_LINT_CALL && !strcmp(g->name, "iounmap") && g->nargs == 1 &&
		    !strcmp(g->args[0], v) && !strcmp(g->func, x->f->func) && !strcmp(g->file, x->f->file) &&
		    g->line > x->f->line && g->line < later->line)
			return true;
	}
	return false;
}

/* wc-uc-alias: a WC-requested mapping and a mapping without WC over the same bytes. */
static int decide_aliases(struct iom_lint *l, struct item *it, size_t n)
{
	int rc = 0;
	for (size_t i = 0; !rc && i < n; i++)
		for (size_t j = 0; !rc && j < n; j++) {
			struct item *w = &it[i], *u = &it[j];
			if (w->role != R_MAP || u->role != R_MAP || !w->wc_req || u->wc_req || w == u)
				continue;
			int a, b;
			if (!linked_to(l, u, w, &a, &b))
				continue;
			long long uat = u->base[a].off - w->base[b].off;  /* u relative to w */
			/* the smallest lengths the flow-insensitive values allow: an alias only
			 * when the two overlap whichever value the length has. The one that
			 * starts first must be known to reach the other: by its length, or by
			 * mapping its whole region (whole_region()); two that start together
			 * overlap whatever their lengths. */
			bool wk = w->size > 0, uk = u->size > 0, ww = whole_region(w, b), uw = whole_region(u, a);
			long long wl, ul;
			if (uat >= 0) {
				if (uat > 0 && !wk && !ww)
					continue;
				wl = wk ? w->smin : ww ? uat + (uk ? u->smin : 4096) : uk ? u->smin : 4096;
				if (ww && wl < (16ll << 20))
					wl = 16ll << 20;
				ul = uk ? u->smin : wl - uat;
			} else {
				if (!uk && !uw)
					continue;
				ul = uk ? u->smin : -uat + (wk ? w->smin : 4096);
				if (uw && ul < (16ll << 20))
					ul = 16ll << 20;
				wl = wk ? w->smin : uat + ul > 4096 ? uat + ul : 4096;
			}
			if (uat >= wl || uat + ul <= 0)
				continue;
			const struct item *early = cmp_item(w, u) < 0 ? w : u, *late = early == w ? u : w;
			if (unmapped_before(l, early, late->f))
				continue;
			long long base = uat < 0 ? -uat : 0;
			for (size_t k = 0; k < n; k++)
				it[k].linked = false;
			w->linked = u->linked = true;
			w->at = base;
			w->len = wl;
			u->at = base + uat;
			u->len = ul;
			snprintf(w->var, sizeof(w->var), "wc");
			snprintf(u->var, sizeof(u->var), "other");
			long long bar = 16ll << 20;
			while (bar < w->at + w->len || bar < u->at + u->len)
				bar *= 2;
			struct run2 r = { 0 };
			struct iom_buf text;
			iom_buf_init(&text);
			int k = run_all(l, it, n, w, bar, &r, &text);
			if (k) {
				iom_buf_release(&text);
				if (k < 0)
					rc = k;
				continue;
			}
			char kv[16], wd[300], ud[300], t1[64], t2[64], msg[2400], lh[1000];
			iom_kver_str(r.kver, kv, sizeof(kv));
			describe(w, wd, sizeof(wd));
			describe(u, ud, sizeof(ud));
			unsigned ew = eff(r.on, w), eu = eff(r.on, u);
			const char *verdict;
			if (!eu)
				verdict = "the kernel refuses the later, conflicting request: that mapping fails";
			else if (eu & (1u << IOM_MT_WC))
				verdict = u->uc_minus ? "the UC- request is granted WC (it falls inside the WC "
						       "reservation), so what it maps is write-combined; if "
						       "those are registers, their writes may merge and reorder"
						     : "the mapping without WC ends up WC";
			else if (!(ew & (1u << IOM_MT_WC)))
				verdict = "the WC request loses: it ends up without WC";
			else
				verdict = "each keeps its type, two aliases with different attributes";
			snprintf(msg, sizeof(msg),
				 "%s (%s()) and %s (%s()) map the same bytes, WC and not WC, linked %s: the "
				 "article's 'don't do that'. With PAT the kernel tracks one type per range: "
				 "%s. PAT on: WC mapping %s, other %s. Kernel %s, iomodel's scenario of the two "
				 "calls. Fix: one mapping per range, or map the registers apart with ioremap_uc().",
				 wd, w->api, ud, u->api, link_how(&u->base[a], &w->base[b], lh, sizeof(lh)), verdict, types_str(ew, t1, sizeof(t1)), types_str(eu, t2, sizeof(t2)), kv);
			rc = emit(l, LINT_WC_UC_ALIAS, late, early, iom_buf_str(&text), msg, u, &r);
			run_free(&r);
			iom_buf_release(&text);
		}
	return rc;
}

/* The size of a mapping from the values expr may have (in function fn): the largest and
 * smallest when all are numbers, and the text of the first root otherwise. */
static void size_of(struct rctx *c, const char *expr, const char *fn, struct item *x)
{
	struct val sv[MAXALT];
	int ks = resolve(c, expr, fn, 0, sv, MAXALT, "");
	bool allnum = ks > 0;
	for (int j = 0; j < ks; j++)
		allnum &= !sv[j].root[0] && sv[j].off > 0;
	for (int j = 0; allnum && j < ks; j++) {
		if (x->size < sv[j].off)
			x->size = sv[j].off;
		if (!x->smin || sv[j].off < x->smin)
			x->smin = sv[j].off;
	}
	if (ks >= 1)
		memcpy(x->size_txt, sv[0].root, sizeof(x->size_txt));
	else
		x->size_txt[0] = 0;
	x->nsroot = 0;
	for (int j = 0; j < ks; j++)
		if (sv[j].root[0] && !sv[j].off)
			memcpy(x->sroot[x->nsroot++], sv[j].root, sizeof(x->sroot[0]));
}

/* Does x map the whole region its base alternative a starts, however long it is: the
 * pci_iomap() family with no length (lib/pci_iomap.c@6.12: a maxlen of 0 maps the whole
 * BAR) and pci_ioremap_bar() (drivers/pci/pci.c@6.12: resource_size() of the BAR), a
 * length pci_resource_len(D, N) at pci_resource_start(D, N), or resource_size(R) at
 * R->start? An offset the driver adds to that start is then inside it: s3fb maps all of
 * BAR 0 with pci_iomap_wc(dev, 0, 0) and its DDC registers at BAR 0 + 16 MiB. */
static bool whole_region(const struct item *x, int a)
{
	if (x->wholebar)
		return true;
	if (a < 0 || a >= x->nbase)
		return false;
	const char *b = x->base[a].root;
	for (int j = 0; j < x->nsroot; j++) {
		const char *r = x->sroot[j];
		size_t rl = strlen(r), bl = strlen(b);
		if (!strncmp(r, "pci_resource_len(", 17) && !strncmp(b, "pci_resource_start(", 19) &&
		    !strcmp(r + 17, b + 19))
			return true;
		if (!strncmp(r, "resource_size(", 14) && rl > 15 && bl == rl - 15 + 7 &&
		    !strncmp(b, r + 14, rl - 15) && !strcmp(b + rl - 15, "->start"))
			return true;
	}
	return false;
}

/* The index of parameter name among fn's parameters (its FN fact in the driver), or -1. */
static int param_index(const struct iom_lint *l, int drv, const char *fn, const char *name,
		       const struct iom_lint_fact **fnf)
{
	const struct lint_dlist *dl = drv < l->dl_n ? &l->dl[drv] : NULL;
	char nm[256];
	snprintf(nm, sizeof(nm), "%s", name);
	strip(nm);   /* a macro's body writes (phys) */
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		if (f->kind != IOM_LINT_FN || strcmp(f->name, fn))
			continue;
		for (size_t a = 0; a < f->nargs; a++)
			if (!strcmp(f->args[a], nm)) {
				*fnf = f;
				return (int)a;
			}
	}
	return -1;
}

/* Mapping call f (of map mp, base argument bi, size argument si) in the body of a function
 * of the driver whose parameter is its base, as matroxfb's mga_ioremap(phys, size, ...)
 * calls ioremap(phys, size): the wrapper counts as the primitive ("a header helper
 * that calls ioremap()"), so each call of it is an item, at the call, with the base (and the
 * size, when it is a parameter too) taken from that call's arguments. Returns how many
 * items were added, 0 when f is not in such a wrapper or nothing calls it. */
static int wrapper_items(const struct iom_lint *l, struct rctx *c, const struct iom_lint_fact *f,
			 const struct lint_map *mp, int bi, int si, struct item **itp, size_t *np)
{
	const struct iom_lint_fact *fnf = NULL, *fnf2 = NULL;
	if ((size_t)bi >= f->nargs || !f->func[0])
		return 0;
	int pb = param_index(l, c->drv, f->func, f->args[bi], &fnf);
	if (pb < 0)
		return 0;
	int ps = si >= 0 && (size_t)si < f->nargs ? param_index(l, c->drv, f->func, f->args[si], &fnf2) : -1;
	const struct lint_dlist *dl = c->drv < l->dl_n ? &l->dl[c->drv] : NULL;
	int added = 0;
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *g = &l->facts[dl->v[k]];
		if (g->kind != IOM_LINT_DCALL || strcmp(g->name, f->func) || (size_t)pb >= g->nargs ||
		    non_x86_branch(g->cond))
			continue;
		struct item *ni = realloc(*itp, (*np + 1) * sizeof(*ni));
		if (!ni)
			return -IOM_ENOMEM;
		*itp = ni;
		struct item *x = &ni[*np];
		memset(x, 0, sizeof(*x));
		x->f = g;
		x->inner = f;
		x->role = R_MAP;
		x->api = mp->api;
		x->wc_req = !strcmp(mp->api, "ioremap_wc");
		x->uc_minus = !strcmp(mp->api, "ioremap") || !strcmp(mp->api, "ioremap_nocache");
		x->size = -1;
		char h[480], pn[200];
		snprintf(pn, sizeof(pn), "%s", f->args[bi]);
		strip(pn);
		snprintf(h, sizeof(h), "%s() called with %s = %s (line %d)", f->func, pn, g->args[pb], g->line);
		c->file = g->file;
		x->nbase = resolve(c, g->args[pb], g->func, 0, x->base, MAXALT, h);
		snprintf(x->btxt, sizeof(x->btxt), "%.199s", g->args[pb]);
		if (ps >= 0 && (size_t)ps < g->nargs) {
			size_of(c, g->args[ps], g->func, x);
		} else if (si >= 0 && (size_t)si < f->nargs) {
			c->file = f->file;
			size_of(c, f->args[si], f->func, x);
		}
		(*np)++;
		added++;
	}
	return added;
}

int lint_decide_mappings(struct iom_lint *l)
{
	int rc = 0;
	for (int drv = 0; !rc && drv < l->nr_drivers; drv++) {
		struct rctx c = { .l = l, .drv = drv };
		size_t n = 0;
		struct item *it = NULL;
		bool any_cookie = false, any_wc_map = false;
		const struct lint_dlist *dl = drv < l->dl_n ? &l->dl[drv] : NULL;
		/* the files x86 cannot build (kbuild.c): the codes of this file reason with x86's
		 * PAT and MTRRs, so those files' calls are none of theirs */
		const char **notx86 = NULL;
		size_t nnot = 0;
		for (size_t k = 0; dl && k < dl->n && !rc; k++) {
			const struct iom_lint_fact *f = &l->facts[dl->v[k]];
			if (f->kind != IOM_LINT_BUILD || f->driver != drv)
				continue;
			const char **nv = realloc(notx86, (nnot + 1) * sizeof(*nv));
			if (!nv)
				rc = -IOM_ENOMEM;
			else
				(notx86 = nv)[nnot++] = f->file;
		}
		for (size_t k = 0; dl && k < dl->n && !rc; k++) {
			const struct iom_lint_fact *f = &l->facts[dl->v[k]];
			if (f->kind != IOM_LINT_CALL || f->driver != drv || non_x86_branch(f->cond))
				continue;
			bool off = false;
			for (size_t q = 0; q < nnot && !off; q++)
				off = !strcmp(notx86[q], f->file);
			if (off)
				continue;
			const struct lint_name *nm = lint_name_lookup(f->name);
			const struct lint_map *mp = lint_map_lookup(f->name);
			enum role role;
			int bi = -1, si = -1;
			if (mp) {
				role = R_MAP;
				bi = mp->base;
				si = mp->size;
			} else if (nm && (nm->cls == LC_WC_ADD || nm->cls == LC_WC_RESERVE)) {
				role = nm->cls == LC_WC_ADD ? R_COOKIE : R_RESERVE;
				bi = !strncmp(f->name, "devm_", 5) ? 1 : 0;
				si = bi + 1;
			} else if (nm && nm->cls == LC_MTRR_ADD && !strcmp(f->name, "mtrr_add") && f->nargs >= 3 &&
				   (!strcmp(f->args[2], "MTRR_TYPE_WRCOMB") || !strcmp(f->args[2], "1") ||
				    !strcmp(f->args[2], "MTRR_TYPE_UNCACHABLE") || !strcmp(f->args[2], "0"))) {
				role = f->args[2][0] == '1' || strstr(f->args[2], "WRCOMB") ? R_COOKIE : R_HOLE;
				bi = 0;
				si = 1;
			} else {
				continue;
			}
			if (mp && mp->bar < 0 && bi >= 0) {
				/* in a wrapper of the driver (its base is a parameter): an item
				 * per call of the wrapper instead */
				int w = wrapper_items(l, &c, f, mp, bi, si, &it, &n);
				if (w < 0) {
					rc = w;
					break;
				}
				if (w > 0) {
					any_wc_map |= !strcmp(mp->api, "ioremap_wc");
					continue;
				}
			}
			struct item *ni = realloc(it, (n + 1) * sizeof(*ni));
			if (!ni) {
				rc = -IOM_ENOMEM;
				break;
			}
			it = ni;
			struct item *x = &it[n];
			memset(x, 0, sizeof(*x));
			x->f = f;
			x->role = role;
			x->api = mp ? mp->api : "";
			x->wc_req = mp && !strcmp(mp->api, "ioremap_wc");
			x->uc_minus = mp && (!strcmp(mp->api, "ioremap") || !strcmp(mp->api, "ioremap_nocache"));
			x->size = -1;
			c.file = f->file;
			if (mp && mp->bar >= 0) {
				/* the pci_iomap() family: pci_resource_start(DEV, BAR) */
				char e[256];
				snprintf(e, sizeof(e), "pci_resource_start(%s, %s)", f->nargs > 0 ? f->args[0] : "?",
					 (size_t)mp->bar < f->nargs ? f->args[mp->bar] : "?");
				x->nbase = resolve(&c, e, f->func, 0, x->base, MAXALT, "");
				snprintf(x->btxt, sizeof(x->btxt), "%.199s", e);
				long long v;
				if (si >= 0 && (size_t)si < f->nargs && numeric(&c, f->args[si], &v) && v > 0)
					x->size = x->smin = v;
				else if (si < 0 || (size_t)si >= f->nargs || (numeric(&c, f->args[si], &v) && !v))
					x->wholebar = true;
			} else if (bi >= 0 && (size_t)bi < f->nargs) {
				x->nbase = resolve(&c, f->args[bi], f->func, 0, x->base, MAXALT, "");
				snprintf(x->btxt, sizeof(x->btxt), "%.199s", f->args[bi]);
				if (si >= 0 && (size_t)si < f->nargs)
					size_of(&c, f->args[si], f->func, x);
			}
			any_cookie |= role == R_COOKIE;
			any_wc_map |= x->wc_req;
			n++;
		}
		if (!rc && n) {
			qsort(it, n, sizeof(*it), cmp_item);
			for (size_t i = 0; !rc && any_cookie && i < n; i++)
				if (it[i].role == R_COOKIE)
					rc = decide_cookie(l, it, n, &it[i]);
			if (!rc && any_wc_map)
				rc = decide_aliases(l, it, n);
		}
		free(it);
		free(notx86);
	}
	return rc;
}
