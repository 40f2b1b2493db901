// SPDX-License-Identifier: MIT
/* iomodel -- lint decisions: the facts of each driver into findings (docs/lint.md).
 *   mtrr-add-in-driver  a call of mtrr_add()/mtrr_del() (and the _page forms) outside arch/x86
 *                       that is not the driver's own function (seed 001);
 *   removed-api         a call of an API that the --kernel version does not have, the
 *                       versions read from linux_versions.def and litmus_primitives.def. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lint_int.h"
#include "iomodel/kver.h"
#include "iomodel/linux.h"
#include "iomodel/litmus.h"

const struct iom_lint_code iom_lint_codes[] = {
#define LCODE(id, dec, code, src, sum, expl, help) [LINT_##id] = { code, src, sum, expl, help },
#include "../../tables/lint_codes.def"
#undef LCODE
	[LINT__NCODES] = { NULL, NULL, NULL, NULL, NULL },
};
_Static_assert(sizeof(iom_lint_codes) / sizeof(iom_lint_codes[0]) == LINT__NCODES + 1, "tables/lint_codes.def");

const struct iom_lint_code *iom_lint_code_lookup(const char *code)
{
	for (const struct iom_lint_code *c = iom_lint_codes; c->code; c++)
		if (!strcmp(c->code, code))
			return c;
	return NULL;
}

const char *iom_lint_explain(const char *code)
{
	const struct iom_lint_code *c = iom_lint_code_lookup(code);
	return c ? c->explain : NULL;
}

size_t iom_lint_nr_findings(const struct iom_lint *l) { return l->nr_found; }
const struct iom_lint_finding *iom_lint_finding(const struct iom_lint *l, size_t i)
{
	return i < l->nr_found ? &l->found[i] : NULL;
}

int lint_add_finding(struct iom_lint *l, enum lint_code code, const struct iom_lint_fact *at,
		     const struct iom_lint_fact *rel, const char *fmt, ...)
{
	if (l->nr_found == l->cap_found) {
		size_t nc = l->cap_found ? 2 * l->cap_found : 16;
		struct iom_lint_finding *n = realloc(l->found, nc * sizeof(*n));
		if (!n)
			return -IOM_ENOMEM;
		l->found = n;
		l->cap_found = nc;
	}
	va_list ap;
	va_start(ap, fmt);
	char *msg = NULL;
	int n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -IOM_ENOMEM;
	l->found[l->nr_found++] = (struct iom_lint_finding){ .code = iom_lint_codes[code].code, .at = at,
							     .related = rel, .msg = msg };
	return 0;
}

/* Is path in arch/x86 (the MTRR implementation and its arch callers)? */
static bool in_arch_x86(const char *path)
{
	const char *p = strstr(path, "arch/x86/");
	return p && (p == path || p[-1] == '/');
}

/* Is the function call f calls the driver's own (a function body or a function-like macro
 * of the same name in the driver)? Only when that definition is built wherever the call is:
 * a stub under #ifndef CONFIG_MTRR leaves the calls built with CONFIG_MTRR calling the
 * kernel's mtrr_add(). */
static bool own_definition(const struct iom_lint *l, const struct iom_lint_fact *f)
{
	if (f->driver < 0 || f->driver >= l->dl_n)
		return false;
	for (size_t k = 0; k < l->dl[f->driver].n; k++) {
		const struct iom_lint_fact *d = &l->facts[l->dl[f->driver].v[k]];
		if (d->driver == f->driver && d->kind == IOM_LINT_DEF && !strcmp(d->name, f->name) &&
		    (!d->cond[0] || !strcmp(d->cond, f->cond)))
			return true;
	}
	return false;
}

/* " (under CONFIG_MTRR)" for a fact inside an #if branch, else "". */
static const char *under(const struct iom_lint_fact *f, char *buf, size_t n)
{
	if (!f->cond[0])
		return "";
	snprintf(buf, n, " (under #if %s)", f->cond);
	return buf;
}

/* The MTRR type argument as written, classified: 'W' WC, 'U' UC, 0 other. Names from
 * arch/x86/include/uapi/asm/mtrr.h@6.12 (MTRR_TYPE_UNCACHABLE 0, MTRR_TYPE_WRCOMB 1). */
static int mtrr_type(const char *a)
{
	if (!strcmp(a, "MTRR_TYPE_WRCOMB") || !strcmp(a, "1"))
		return 'W';
	if (!strcmp(a, "MTRR_TYPE_UNCACHABLE") || !strcmp(a, "0"))
		return 'U';
	return 0;
}

static int decide_mtrr(struct iom_lint *l, const struct iom_lint_fact *f, const struct lint_name *n)
{
	char ub[600];
	const char *u = under(f, ub, sizeof(ub));
	char kv[16];
	iom_kver_str(l->kver, kv, sizeof(kv));
	/* arch/x86/kernel/cpu/mtrr/mtrr.c@6.12 exports arch_phys_wc_add/del and not these. */
	const char *link = l->kver >= IOM_KVER(6, 12)
		? " On 6.12 a module cannot even link it: arch/x86/kernel/cpu/mtrr/mtrr.c@6.12 "
		  "exports arch_phys_wc_add() and arch_phys_wc_del() but not the mtrr_*() calls."
		: "";
	if (n->cls == LC_MTRR_DEL)
		return lint_add_finding(l, LINT_MTRR_ADD, f, NULL,
				   "%s() from a driver%s releases a variable MTRR the driver programmed "
				   "itself, an x86-only interface (arm64, powerpc and riscv have no MTRRs)."
				   "%s Fix: %s.", f->name, u, link, n->fix);
	int t = f->nargs >= 3 ? mtrr_type(f->args[2]) : 0;
	const char *what;
	if (t == 'W')
		what = "asks for a write-combining variable MTRR. With PAT, ioremap_wc() gives WC through the page tables, so "
		       "the MTRR only takes one of the few variable MTRRs and fails when none is free; "
		       "without PAT it is what makes the range WC, and it also turns every UC- "
		       "(ioremap(), ioremap_nocache()) mapping inside it WC (SDM Table 11-7). "
		       "arch_phys_wc_add() adds it only when PAT is off";
	else if (t == 'U')
		what = "asks for an uncached variable MTRR, the UC 'hole' of seed 004: it keeps "
		       "registers UC under a WC MTRR only while a variable MTRR is free. ioremap_uc() "
		       "gives strong UC, which no MTRR overrides (SDM Tables 11-7 and 11-8)";
	else
		what = "programs a variable MTRR from a driver: an x86-only interface, and one of "
		       "a handful of registers shared with the firmware";
	char args[300] = "";
	size_t o = 0;
	for (size_t i = 0; i < f->nargs && o < sizeof(args); i++)
		o += (size_t)snprintf(args + o, sizeof(args) - o, "%s%s", i ? ", " : "", f->args[i]);
	return lint_add_finding(l, LINT_MTRR_ADD, f, NULL, "%s(%s)%s %s.%s Fix: %s.", f->name,
			   args, u, what, link, n->fix);
}

/* The LINUX_VERSION_CODE tests of an #if branch: false when a conjunct compares
 * LINUX_VERSION_CODE with KERNEL_VERSION(a, b, c) and that is false for kver (the branch is
 * not built). Anything else is unknown, so true. */
static bool version_branch_built(const char *cond, unsigned kver)
{
	for (const char *p = strstr(cond, "LINUX_VERSION_CODE"); p; p = strstr(p + 1, "LINUX_VERSION_CODE")) {
		bool neg = p > cond + 1 && p[-1] == '(' && p[-2] == '!';
		const char *q = p + strlen("LINUX_VERSION_CODE");
		while (*q == ' ')
			q++;
		char op[3] = { 0 };
		size_t k = 0;
		while (k < 2 && *q && strchr("<>=!", *q))
			op[k++] = *q++;
		while (*q == ' ')
			q++;
		unsigned a, b, c;
		if (!op[0] || sscanf(q, "KERNEL_VERSION(%u,%u,%u)", &a, &b, &c) != 3) {
			if (!op[0] || sscanf(q, "KERNEL_VERSION( %u , %u , %u )", &a, &b, &c) != 3)
				continue;
		}
		/* kver is X.Y: compare as X.Y.0 against a.b.c; a test on the sublevel alone
		 * (same X.Y) is unknown */
		unsigned v = IOM_KVER(a, b);
		if (v == kver && c)
			continue;
		int cmp = kver < v ? -1 : kver > v;
		bool r;
		if (!strcmp(op, "<"))
			r = cmp < 0;
		else if (!strcmp(op, "<="))
			r = cmp <= 0;
		else if (!strcmp(op, ">"))
			r = cmp > 0;
		else if (!strcmp(op, ">="))
			r = cmp >= 0;
		else if (!strcmp(op, "=="))
			r = cmp == 0;
		else if (!strcmp(op, "!="))
			r = cmp != 0;
		else
			continue;
		/* a test inside a parenthesised disjunction is not a conjunct: unknown */
		if (strstr(cond, "||"))
			return true;
		if (neg ? r : !r)
			return false;
	}
	return true;
}

static int decide_versioned(struct iom_lint *l, const struct iom_lint_fact *f, const struct lint_name *n)
{
	if (!version_branch_built(f->cond, l->kver))
		return 0;
	char kv[16], ub[600];
	iom_kver_str(l->kver, kv, sizeof(kv));
	const char *u = under(f, ub, sizeof(ub));
	if (!strncmp(n->version, "api:", 4)) {
		enum iom_api a;
		if (iom_api_parse(n->version + 4, &a) < 0)
			return 0;
		const struct iom_kfeat_info *why;
		bool removed;
		if (iom_api_available(l->kver, a, &why, &removed))
			return 0;
		char since[16];
		iom_kver_str(why->since, since, sizeof(since));
		if (removed)
			return lint_add_finding(l, LINT_REMOVED, f, NULL,
					   "%s()%s is gone from %s on (%s: %s), so this does not build against "
					   "%s; kernels before %s have it. Fix: %s.", f->name, u, since,
					   why->key, why->commit, kv, since, n->fix);
		return lint_add_finding(l, LINT_REMOVED, f, NULL,
				   "%s()%s first appears in %s (%s: %s), so this does not build against "
				   "%s. Fix: %s.", f->name, u, since, why->key, why->commit, kv, n->fix);
	}
	if (!strncmp(n->version, "prim:", 5)) {
		/* mmiowb() left the driver API in 5.2, but these architectures still define it
		 * for their own code (arch/mips/include/asm/mmiowb.h@6.12, arch/powerpc,
		 * arch/riscv and arch/sh .../asm/mmiowb.h, arch/s390 and arch/loongarch
		 * .../asm/io.h): a call under their arch/ builds (arch/mips had 17 in 6.12) */
		static const char *const own_mmiowb[] = { "arch/mips/", "arch/powerpc/", "arch/riscv/",
							  "arch/sh/", "arch/s390/", "arch/loongarch/" };
		for (size_t k = 0; !strcmp(f->name, "mmiowb") && k < sizeof(own_mmiowb) / sizeof(own_mmiowb[0]); k++) {
			const char *a = strstr(f->file, own_mmiowb[k]);
			if (a && (a == f->file || a[-1] == '/'))
				return 0;
		}
		enum iom_lit_prim p = iom_lit_prim_lookup(n->version + 5);
		const char *why = NULL;
		if (p == IOM_LIT_P_NONE || iom_lit_prim_available(p, l->kver, &why))
			return 0;
		const struct iom_lit_prim_info *pi = iom_lit_prim_info(p);
		char v[16];
		if (pi->removed && l->kver >= pi->removed) {
			iom_kver_str(pi->removed, v, sizeof(v));
			return lint_add_finding(l, LINT_REMOVED, f, NULL,
					   "%s()%s is gone from %s on (%s), so this does not build against %s; "
					   "kernels before %s have it. Fix: %s.", f->name, u, v, pi->source, kv,
					   v, n->fix);
		}
		iom_kver_str(pi->first, v, sizeof(v));
		return lint_add_finding(l, LINT_REMOVED, f, NULL,
				   "%s()%s first appears in %s (%s), so this does not build against %s. "
				   "Fix: %s.", f->name, u, v, pi->source, kv, n->fix);
	}
	return 0;
}

static int cmp_finding(const void *a, const void *b)
{
	const struct iom_lint_finding *x = a, *y = b;
	int r = strcmp(x->at->file, y->at->file);
	if (!r)
		r = (x->at->line > y->at->line) - (x->at->line < y->at->line);
	if (!r)
		r = (x->at->col > y->at->col) - (x->at->col < y->at->col);
	if (!r)
		r = strcmp(x->code, y->code);
	if (!r)
		r = strcmp(x->msg, y->msg);
	return r;
}

/* The call codes need no parse: a call spatch did not report (code it could not parse, a
 * macro body) is one all the same. */
static bool call_code_name(const struct lint_name *n)
{
	return n && (n->cls == LC_MTRR_ADD || n->cls == LC_MTRR_DEL || n->cls == LC_VERSIONED);
}

bool lint_note_unparsed(const struct iom_lint_fact *f)
{
	return f->kind == IOM_LINT_UNPARSED && !call_code_name(lint_name_lookup(f->name));
}

int lint_decide_calls(struct iom_lint *l)
{
	for (size_t i = 0; i < l->nr_facts; i++) {
		const struct iom_lint_fact *f = &l->facts[i];
		if (f->kind != IOM_LINT_CALL && f->kind != IOM_LINT_UNPARSED)
			continue;
		const struct lint_name *n = lint_name_lookup(f->name);
		if (!n || own_definition(l, f) || (f->kind == IOM_LINT_UNPARSED && !call_code_name(n)) ||
		    lint_cond_never(f->cond))
			continue;  /* (#if 0: never built) */
		int rc = 0;
		if ((n->cls == LC_MTRR_ADD || n->cls == LC_MTRR_DEL) && !in_arch_x86(f->file))
			rc = decide_mtrr(l, f, n);
		if (!rc && n->version[0])
			rc = decide_versioned(l, f, n);
		if (rc)
			return rc;
	}
	return 0;
}

/* The deciders, one per DECIDER of tables/lint_codes.def, each once, in table order. */
static int (*const deciders[])(struct iom_lint *) = {
#define LCODE(id, dec, code, src, sum, expl, help) lint_decide_##dec,
#include "../../tables/lint_codes.def"
#undef LCODE
};

int iom_lint_decide(struct iom_lint *l, struct iom_diag *d)
{
	lint_sort_facts(l);
	size_t n = sizeof(deciders) / sizeof(deciders[0]);
	for (size_t i = 0; i < n; i++) {
		bool again = false;
		for (size_t j = 0; j < i && !again; j++)
			again = deciders[j] == deciders[i];
		if (again)
			continue;
		int rc = deciders[i](l);
		if (rc) {
			iom_diag_set(d, IOM_ENOMEM, "", 0, 0, "out of memory");
			return rc;
		}
	}
	if (l->nr_found)
		qsort(l->found, l->nr_found, sizeof(*l->found), cmp_finding);
	return 0;
}
