// SPDX-License-Identifier: MIT
/* iomodel -- where a driver's files build: its Makefile and Kconfig read for the x86 codes.
 *
 * The mapping codes reason with x86's PAT and MTRRs, which only matter where x86 builds
 * the file. kbuild tells: the directory's Makefile names the Kconfig symbol that builds each
 * object (obj-$(CONFIG_FB_ATMEL) += atmel_lcdfb.o, or a composite snd-sof-imx8-y := imx8.o
 * built by obj-$(CONFIG_SND_SOC_SOF_IMX8) += snd-sof-imx8.o: Documentation/kbuild/
 * makefiles.rst@6.12, "Goal definitions" and "Composite Objects"), and the Kconfig entry of
 * that symbol says when it can be chosen: its "depends on" lines, ANDed, and the "if"
 * blocks around it (Documentation/kbuild/kconfig-language.rst@6.12, "Menu dependencies").
 *
 * The x86 reading, three-valued (yes, no, unknown):
 *   - COMPILE_TEST is no: it builds code for machines it does not run on;
 *   - the other architectures' symbols (ARM, ARM64, PPC...) and platform ones (ARCH_MXC,
 *     SOC_*, MACH_*, PLAT_*) are no; X86, X86_32, X86_64 and X86_* are yes;
 *   - a symbol the Kconfig files read define is its own entry's value (sof's i.MX entries
 *     sit in "if SND_SOC_SOF_IMX_TOPLEVEL", which depends on ARM64 || COMPILE_TEST);
 *   - an entry with no prompt and no default is on only when something selects it
 *     (kconfig-language.rst, "reverse dependencies"): when arch/x86/Kconfig selects it,
 *     it may be; when neither x86 nor any entry read does, it is off for x86 (atmel_lcdfb
 *     "depends on HAVE_FB_ATMEL || COMPILE_TEST", and HAVE_FB_ATMEL, defined beside it, is
 *     selected by the AT91 platforms in arch/arm);
 *   - anything else is unknown, and unknown builds: x86 findings stay.
 * A file no x86 can build gets a BUILD fact, {"kind": "build", "name": SYMBOL, "args":
 * [the line that rules x86 out, as written, with its Kconfig and line]}. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lint_int.h"

enum tri { T_NO, T_MAYBE, T_YES };

/* Symbols of another architecture (arch/<arch>/Kconfig@6.12 defines each). */
static const char *const other_arch[] = { "ALPHA", "ARC", "ARM", "ARM64", "CSKY", "HEXAGON", "LOONGARCH",
					  "M68K", "MICROBLAZE", "MIPS", "NIOS2", "OPENRISC", "PARISC",
					  "PPC", "PPC32", "PPC64", "RISCV", "S390", "SPARC", "SPARC32",
					  "SPARC64", "SUPERH", "UML", "XTENSA", "CPU_BIG_ENDIAN" };
/* ARCH_ symbols that are capabilities, not platforms (ARCH_HAS_..., ARCH_SUPPORTS_...). */
static const char *const arch_caps[] = { "ARCH_HAS_", "ARCH_SUPPORTS_", "ARCH_MIGHT_", "ARCH_WANT",
					 "ARCH_USE_", "ARCH_ENABLE_", "ARCH_DMA_", "ARCH_SELECT",
					 "ARCH_INLINE_", "ARCH_NO_", "ARCH_MMAP_", "ARCH_KEEP_",
					 "ARCH_HIBERNATION_", "ARCH_SUSPEND_", "ARCH_PROC_",
					 "ARCH_SPARSEMEM_", "ARCH_STACKWALK", "ARCH_CORRECT_",
					 "ARCH_CPUIDLE_", "ARCH_OPTIONAL_", "ARCH_EPHEMERAL_",
					 "ARCH_FORCE_", "ARCH_FLATMEM_", "ARCH_MHP_", "ARCH_HAVE_" };

static enum tri x86_symbol(const char *s, size_t n)
{
#define IS(lit) (n == sizeof(lit) - 1 && !memcmp(s, lit, n))
#define PRE(lit) (n > sizeof(lit) - 1 && !memcmp(s, lit, sizeof(lit) - 1))
	if (IS("COMPILE_TEST"))
		return T_NO;
	if (IS("X86") || IS("X86_32") || IS("X86_64") || PRE("X86_"))
		return T_YES;
	for (size_t i = 0; i < sizeof(other_arch) / sizeof(other_arch[0]); i++)
		if (strlen(other_arch[i]) == n && !memcmp(other_arch[i], s, n))
			return T_NO;
	if (PRE("ARCH_")) {
		for (size_t i = 0; i < sizeof(arch_caps) / sizeof(arch_caps[0]); i++)
			if (n >= strlen(arch_caps[i]) && !memcmp(s, arch_caps[i], strlen(arch_caps[i])))
				return T_MAYBE;
		return T_NO;
	}
	if (PRE("SOC_") || PRE("MACH_") || PRE("PLAT_"))
		return T_NO;
	return T_MAYBE;
#undef IS
#undef PRE
}

/* A Kconfig file's entries: each config's depends lines and the if blocks around it. */
struct kentry {
	const char *name;
	size_t nlen;
	const char *dep[16];    /* the text after "depends on", to the end of its line */
	size_t dlen[16];
	int dline[16];
	int nd;
	int line;
	bool prompt, dflt;      /* it has a prompt; a default                              */
};

struct kfile {
	const char *path, *text;
	size_t len;
	struct kentry *e;
	int n;
	const char **sel;       /* the symbols its entries select                          */
	size_t *slen, nsel;
};

struct keval {
	struct kfile *k;
	int nk;                 /* k[nk] is arch/x86/Kconfig when x86 is set               */
	struct kfile *x86;
	int depth;
	char why[300];          /* the line that says no                                   */
};

static bool selects(const struct kfile *k, const char *name, size_t n)
{
	for (size_t i = 0; k && i < k->nsel; i++)
		if (k->slen[i] == n && !memcmp(k->sel[i], name, n))
			return true;
	return false;
}

static enum tri entry_value(struct keval *ev, const char *name, size_t n);

/* expr := or; or := and ('||' and)*; and := not ('&&' not)*; not := '!' not | atom;
 * atom := '(' expr ')' | SYM [('=' | '!=') (SYM | y | n | m)] */
struct kp { struct keval *ev; const char *p, *e; bool bad; };

static void kskip(struct kp *k)
{
	while (k->p < k->e && (*k->p == ' ' || *k->p == '\t'))
		k->p++;
}

static enum tri k_or(struct kp *k);

static enum tri k_atom(struct kp *k)
{
	kskip(k);
	if (k->p < k->e && *k->p == '(') {
		k->p++;
		enum tri v = k_or(k);
		kskip(k);
		if (k->p < k->e && *k->p == ')')
			k->p++;
		else
			k->bad = true;
		return v;
	}
	const char *s = k->p;
	while (k->p < k->e && (isalnum((unsigned char)*k->p) || *k->p == '_'))
		k->p++;
	size_t n = (size_t)(k->p - s);
	if (!n) {
		k->bad = true;
		return T_MAYBE;
	}
	kskip(k);
	if (k->p + 1 < k->e && k->p[0] == '!' && k->p[1] == '=') {
		k->p += 2;
		kskip(k);
		while (k->p < k->e && (isalnum((unsigned char)*k->p) || *k->p == '_'))
			k->p++;
		return T_MAYBE;  /* a comparison: unknown */
	}
	if (k->p < k->e && *k->p == '=') {
		k->p++;
		kskip(k);
		const char *t = k->p;
		while (k->p < k->e && (isalnum((unsigned char)*k->p) || *k->p == '_'))
			k->p++;
		if (k->p - t == 1 && (*t == 'n'))
			return T_MAYBE;
		/* SYM=y, SYM=m, SYM=OTHER: SYM must be on */
	}
	if (n == 1 && (*s == 'y' || *s == 'm'))
		return T_YES;
	if (n == 1 && *s == 'n')
		return T_NO;
	enum tri v = x86_symbol(s, n);
	return v == T_MAYBE ? entry_value(k->ev, s, n) : v;
}

static enum tri k_not(struct kp *k)
{
	kskip(k);
	if (k->p < k->e && *k->p == '!' && !(k->p + 1 < k->e && k->p[1] == '=')) {
		k->p++;
		enum tri v = k_not(k);
		return v == T_YES ? T_NO : v == T_NO ? T_YES : T_MAYBE;
	}
	return k_atom(k);
}

static enum tri k_and(struct kp *k)
{
	enum tri v = k_not(k);
	for (;;) {
		kskip(k);
		if (!(k->p + 1 < k->e && k->p[0] == '&' && k->p[1] == '&'))
			return v;
		k->p += 2;
		enum tri w = k_not(k);
		v = v < w ? v : w;
	}
}

static enum tri k_or(struct kp *k)
{
	enum tri v = k_and(k);
	for (;;) {
		kskip(k);
		if (!(k->p + 1 < k->e && k->p[0] == '|' && k->p[1] == '|'))
			return v;
		k->p += 2;
		enum tri w = k_and(k);
		v = v > w ? v : w;
	}
}

/* Can x86 satisfy the expression s[0..n)? */
static enum tri expr_value(struct keval *ev, const char *s, size_t n)
{
	struct kp k = { ev, s, s + n, false };
	enum tri v = k_or(&k);
	kskip(&k);
	return k.bad || k.p != k.e ? T_MAYBE : v;  /* what it cannot read says nothing */
}

static enum tri entry_value(struct keval *ev, const char *name, size_t n)
{
	if (ev->depth > 8)
		return T_MAYBE;
	for (int f = 0; f < ev->nk; f++)
		for (int i = 0; i < ev->k[f].n; i++) {
			const struct kentry *e = &ev->k[f].e[i];
			if (e->nlen != n || memcmp(e->name, name, n))
				continue;
			ev->depth++;
			enum tri v = T_YES;
			if (!e->prompt && !e->dflt) {
				/* on only when selected */
				bool any = selects(ev->x86, name, n);
				for (int g = 0; g < ev->nk && !any; g++)
					any = selects(&ev->k[g], name, n);
				if (!any) {
					snprintf(ev->why, sizeof(ev->why), "%.*s has no prompt and no default, and "
						 "neither arch/x86/Kconfig nor the Kconfig read selects it (%s:%d)",
						 (int)n, name, ev->k[f].path, e->line);
					ev->depth--;
					return T_NO;
				}
			}
			for (int d = 0; d < e->nd && v != T_NO; d++) {
				enum tri w = expr_value(ev, e->dep[d], e->dlen[d]);
				if (w == T_NO && !ev->why[0])
					snprintf(ev->why, sizeof(ev->why), "%.*s: depends on %.*s (%s:%d)", (int)n, name,
						 (int)e->dlen[d], e->dep[d], ev->k[f].path, e->dline[d]);
				v = v < w ? v : w;
			}
			ev->depth--;
			return v;
		}
	return T_MAYBE;
}

/* Read a Kconfig text into entries: "config NAME" / "menuconfig NAME" starts one; its
 * "depends on" lines follow; "if EXPR" ... "endif" adds EXPR to every entry inside. */
static int kconfig_read(struct kfile *kf)
{
	const char *ifs[16];
	size_t iflen[16];
	int ifline[16], nif = 0, line = 0;
	struct kentry *cur = NULL;
	for (const char *p = kf->text, *end = kf->text + kf->len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *s = p;
		line++;
		p = nl ? nl + 1 : end;
		while (s < le && (*s == ' ' || *s == '\t'))
			s++;
		const char *e = le;
		for (const char *h = s; h < le; h++)
			if (*h == '#') {
				e = h;
				break;
			}
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
		size_t n = (size_t)(e - s);
		if ((n > 7 && !memcmp(s, "config ", 7)) || (n > 11 && !memcmp(s, "menuconfig ", 11))) {
			struct kentry *ne = realloc(kf->e, (size_t)(kf->n + 1) * sizeof(*ne));
			if (!ne)
				return -IOM_ENOMEM;
			kf->e = ne;
			cur = &kf->e[kf->n++];
			memset(cur, 0, sizeof(*cur));
			const char *q = s + (s[0] == 'c' ? 7 : 11);
			while (q < e && (*q == ' ' || *q == '\t'))
				q++;
			cur->name = q;
			while (q < e && (isalnum((unsigned char)*q) || *q == '_'))
				q++;
			cur->nlen = (size_t)(q - cur->name);
			cur->line = line;
			for (int i = 0; i < nif && cur->nd < 16; i++, cur->nd++) {
				cur->dep[cur->nd] = ifs[i];
				cur->dlen[cur->nd] = iflen[i];
				cur->dline[cur->nd] = ifline[i];
			}
		} else if (cur && ((n > 5 && (!memcmp(s, "bool ", 5) || !memcmp(s, "bool\t", 5))) ||
				   (n > 9 && !memcmp(s, "tristate", 8) && (s[8] == ' ' || s[8] == '\t')) ||
				   (n > 7 && !memcmp(s, "prompt", 6) && (s[6] == ' ' || s[6] == '\t')) ||
				   (n > 7 && !memcmp(s, "string", 6)) || (n > 4 && !memcmp(s, "int ", 4)) ||
				   (n > 4 && !memcmp(s, "hex ", 4))) && memchr(s, '"', n)) {
			cur->prompt = true;
		} else if (cur && ((n > 7 && !memcmp(s, "default", 7)) || (n > 8 && !memcmp(s, "def_bool", 8)) ||
				   (n > 12 && !memcmp(s, "def_tristate", 12)))) {
			cur->dflt = true;
		} else if (n > 7 && !memcmp(s, "select", 6) && (s[6] == ' ' || s[6] == '\t')) {
			const char *q = s + 7;
			while (q < e && (*q == ' ' || *q == '\t'))
				q++;
			const char *q0 = q;
			while (q < e && (isalnum((unsigned char)*q) || *q == '_'))
				q++;
			const char **ns = realloc(kf->sel, (kf->nsel + 1) * sizeof(*ns));
			size_t *nl2 = ns ? realloc(kf->slen, (kf->nsel + 1) * sizeof(*nl2)) : NULL;
			if (ns)
				kf->sel = ns;
			if (!nl2)
				return -IOM_ENOMEM;
			kf->slen = nl2;
			kf->sel[kf->nsel] = q0;
			kf->slen[kf->nsel++] = (size_t)(q - q0);
		} else if (n > 11 && !memcmp(s, "depends on", 10) && (s[10] == ' ' || s[10] == '\t')) {
			if (cur && cur->nd < 16) {
				const char *q = s + 11;
				while (q < e && (*q == ' ' || *q == '\t'))
					q++;
				cur->dep[cur->nd] = q;
				cur->dlen[cur->nd] = (size_t)(e - q);
				cur->dline[cur->nd++] = line;
			}
		} else if (n > 3 && !memcmp(s, "if", 2) && (s[2] == ' ' || s[2] == '\t')) {
			if (nif < 16) {
				ifs[nif] = s + 3;
				iflen[nif] = (size_t)(e - s - 3);
				ifline[nif++] = line;
			}
			cur = NULL;
		} else if (n == 5 && !memcmp(s, "endif", 5)) {
			if (nif > 0)
				nif--;
			cur = NULL;
		} else if ((n >= 4 && !memcmp(s, "menu", 4) && (n == 4 || s[4] == ' ')) || (n >= 6 && !memcmp(s, "choice", 6)) ||
			   (n >= 7 && !memcmp(s, "endmenu", 7)) || (n >= 6 && !memcmp(s, "source", 6)) ||
			   (n >= 7 && !memcmp(s, "comment", 7))) {
			cur = NULL;
		}
	}
	return 0;
}

/* The Kconfig symbol the Makefile builds object obj (a base name, "imx8") with: obj-$(CONFIG_X)
 * += obj.o, or a composite NAME-y/NAME-objs holding obj.o that obj-$(CONFIG_X) builds.
 * Returns the symbol's length (0: none), *sym at it. */
static size_t make_symbol(const char *mk, size_t len, const char *obj, size_t olen, const char **sym, int depth)
{
	for (const char *p = mk, *end = mk + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *s = p;
		p = nl ? nl + 1 : end;
		/* does the line list obj.o after its += or := ? */
		const char *op = NULL;
		for (const char *q = s; q + 1 < le && !op; q++)
			if ((q[0] == '+' || q[0] == ':') && q[1] == '=')
				op = q;
		if (!op)
			continue;
		bool lists = false;
		for (const char *q = op + 2; q + olen + 2 <= le && !lists; q++)
			lists = !memcmp(q, obj, olen) && !memcmp(q + olen, ".o", 2) &&
				(q == op + 2 || q[-1] == ' ' || q[-1] == '\t' || q[-1] == '/') &&
				(q + olen + 2 == le || isspace((unsigned char)q[olen + 2]) || q[olen + 2] == '\\');
		if (!lists)
			continue;
		while (s < op && (*s == ' ' || *s == '\t'))
			s++;
		const char *c = NULL;
		for (const char *q = s; q + 9 < op && !c; q++)
			if (!memcmp(q, "$(CONFIG_", 9))
				c = q + 9;
		if (c && op - s > 4 && !memcmp(s, "obj-", 4)) {
			const char *ce = c;
			while (ce < op && (isalnum((unsigned char)*ce) || *ce == '_'))
				ce++;
			*sym = c;
			return (size_t)(ce - c);
		}
		/* a composite: NAME-y, NAME-objs, NAME-$(CONFIG_...) holding obj.o */
		const char *ne = s;
		while (ne < op && (isalnum((unsigned char)*ne) || *ne == '_' || *ne == '-'))
			ne++;
		const char *dash = NULL;
		for (const char *q = s; q < ne; q++)
			if (*q == '-')
				dash = q;
		if (dash && depth < 2 && !(ne - s >= 4 && !memcmp(s, "obj-", 4)) &&
		    !(ne - s >= 7 && !memcmp(s, "ccflags", 7))) {
			size_t r = make_symbol(mk, len, s, (size_t)(dash - s), sym, depth + 1);
			if (r)
				return r;
		}
	}
	return 0;
}

int iom_lint_add_kbuild(struct iom_lint *l, const char *dir, const char *makefile, size_t mlen,
			const char *const *kconfig, const char *const *kpath, const size_t *klen, int nk,
			const char *x86, size_t x86len)
{
	if (!makefile || nk < 0)
		return 0;
	struct kfile kf[5];
	if (nk > 4)
		nk = 4;
	memset(kf, 0, sizeof(kf));
	int rc = 0;
	for (int i = 0; i < nk && !rc; i++) {
		kf[i] = (struct kfile){ .path = kpath[i], .text = kconfig[i], .len = klen[i] };
		rc = kconfig_read(&kf[i]);
	}
	if (x86 && !rc) {
		kf[4] = (struct kfile){ .path = "arch/x86/Kconfig", .text = x86, .len = x86len };
		rc = kconfig_read(&kf[4]);
	}
	size_t dl = strlen(dir);
	/* the driver's C files in dir (not below it): each of them asked about */
	int drv = l->cur;
	for (int i = l->nr_drivers - 1; l->by_dir && i >= l->dir0; i--)
		if (!strcmp(l->drivers[i], dir)) {
			drv = i;
			break;
		}
	if (l->by_dir && (drv < l->dir0 || strcmp(l->drivers[drv], dir)))
		drv = -1;  /* no file of that directory has a fact */
	const struct lint_dlist *d = drv >= 0 && drv < l->dl_n ? &l->dl[drv] : NULL;
	char **done = NULL;
	size_t nd = 0;
	for (size_t k = 0; d && k < d->n && !rc; k++) {
		const struct iom_lint_fact *f = &l->facts[d->v[k]];
		const char *file = f->file, *base = file + dl + 1;
		size_t fl = strlen(file);
		if (strncmp(file, dir, dl) || file[dl] != '/' || strchr(base, '/') || fl < 3 ||
		    strcmp(file + fl - 2, ".c"))
			continue;
		bool seen = false;
		for (size_t q = 0; q < nd && !seen; q++)
			seen = !strcmp(done[q], file);
		if (seen)
			continue;
		char **nv = realloc(done, (nd + 1) * sizeof(*nv));
		if (!nv) {
			rc = -IOM_ENOMEM;
			break;
		}
		done = nv;
		done[nd++] = (char *)file;
		const char *sym;
		size_t sl = make_symbol(makefile, mlen, base, strlen(base) - 2, &sym, 0);
		if (!sl)
			continue;
		struct keval ev = { kf, nk, x86 ? &kf[4] : NULL, 0, "" };
		if (entry_value(&ev, sym, sl) != T_NO)
			continue;
		char name[128];
		snprintf(name, sizeof(name), "%.*s", (int)(sl < 120 ? sl : 120), sym);
		rc = lint_add_build(l, file, name, ev.why);
	}
	free(done);
	for (int i = 0; i < 5; i++) {
		free(kf[i].e);
		free(kf[i].sel);
		free(kf[i].slen);
	}
	return rc;
}
