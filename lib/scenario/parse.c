// SPDX-License-Identifier: MIT
/* iomodel -- scenario parser. One statement per line; '#' starts a comment.
 * The language is documented in docs/scenario.md. Every error carries file:line:col. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "scn.h"

struct lex {
	const char *name;
	const char *p, *line_start, *end;
	int line;
	struct iom_diag *d;
	int failed;
};

static int col(const struct lex *l, const char *at)
{
	return (int)(at - l->line_start) + 1;
}

__attribute__((format(printf, 3, 4))) static int err(struct lex *l, const char *at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	iom_diag_vset(l->d, IOM_EPARSE, l->name, l->line, col(l, at), fmt, ap);
	va_end(ap);
	l->failed = 1;
	return -1;
}

static void skip_ws(struct lex *l)
{
	while (l->p < l->end && (*l->p == ' ' || *l->p == '\t' || *l->p == '\r'))
		l->p++;
}

static bool at_eol(struct lex *l)
{
	skip_ws(l);
	return l->p >= l->end || *l->p == '\n' || *l->p == '#';
}

static bool is_id(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.';
}

/* A word: letters, digits, '_', '-', '.'. Returns its length (0 if none). */
static size_t word(struct lex *l, const char **start)
{
	skip_ws(l);
	*start = l->p;
	while (l->p < l->end && is_id(*l->p))
		l->p++;
	return (size_t)(l->p - *start);
}

static bool accept(struct lex *l, char c)
{
	skip_ws(l);
	if (l->p < l->end && *l->p == c) {
		l->p++;
		return true;
	}
	return false;
}

static int expect_ch(struct lex *l, char c)
{
	if (accept(l, c))
		return 0;
	return err(l, l->p, "expected '%c'", c);
}

static bool weq(const char *w, size_t n, const char *s)
{
	return strlen(s) == n && !strncmp(w, s, n);
}

/* Numbers: decimal or 0x hex, optional K/M/G/T (binary) suffix, optional leading '-'. */
static int parse_num(struct lex *l, const char *w, size_t n, int64_t *out)
{
	char buf[64];
	if (n == 0 || n >= sizeof(buf))
		return err(l, w, "expected a number");
	memcpy(buf, w, n);
	buf[n] = 0;
	char *s = buf, *e;
	bool neg = false;
	if (*s == '-') {
		neg = true;
		s++;
	}
	if (!isdigit((unsigned char)*s))
		return err(l, w, "expected a number, got '%s'", buf);
	errno = 0;
	unsigned long long v = strtoull(s, &e, 0);
	if (errno)
		return err(l, w, "number '%s' out of range", buf);
	unsigned shift = 0;
	if (*e && !e[1]) {
		switch (toupper((unsigned char)*e)) {
		case 'K': shift = 10; e++; break;
		case 'M': shift = 20; e++; break;
		case 'G': shift = 30; e++; break;
		case 'T': shift = 40; e++; break;
		default: break;
		}
	}
	if (*e)
		return err(l, w, "bad number '%s'", buf);
	if (shift && v > (~0ULL >> shift))
		return err(l, w, "number '%s' out of range", buf);
	v <<= shift;
	if (v > (unsigned long long)INT64_MAX && !(v == 1ULL << 63 && neg))
		return err(l, w, "number '%s' out of range", buf);
	*out = neg ? -(int64_t)v : (int64_t)v;
	return 0;
}

static int num_arg(struct lex *l, uint64_t *out, const char *what)
{
	const char *w;
	size_t n = word(l, &w);
	int64_t v;
	if (!n)
		return err(l, l->p, "expected %s", what);
	if (parse_num(l, w, n, &v))
		return -1;
	if (v < 0)
		return err(l, w, "%s must not be negative", what);
	*out = (uint64_t)v;
	return 0;
}

static int type_word(struct lex *l, const char *w, size_t n, enum iom_mt *t)
{
	char buf[32];
	if (!n || n >= sizeof(buf))
		return err(l, w, "expected a memory type (uc, uc-, wc, wt, wp, wb)");
	memcpy(buf, w, n);
	buf[n] = 0;
	if (iom_mt_parse(buf, t))
		return err(l, w, "unknown memory type '%s' (uc, uc-, wc, wt, wp, wb)", buf);
	return 0;
}

static int type_arg(struct lex *l, enum iom_mt *t)
{
	const char *w;
	size_t n = word(l, &w);
	/* "uc-" lexes as one word because '-' is a word character */
	return type_word(l, w, n, t);
}

static int onoff(struct lex *l, const char *w, size_t n, bool *out)
{
	if (weq(w, n, "on") || weq(w, n, "yes") || weq(w, n, "1"))
		*out = true;
	else if (weq(w, n, "off") || weq(w, n, "no") || weq(w, n, "0"))
		*out = false;
	else
		return err(l, w, "expected on or off");
	return 0;
}

static int end_of_line(struct lex *l)
{
	if (!at_eol(l))
		return err(l, l->p, "unexpected text at end of statement");
	return 0;
}

/* ---- directives ---------------------------------------------------------------------- */

static int d_kernel(struct lex *l, struct iom_scn *s)
{
	const char *w;
	size_t n = word(l, &w);
	char buf[32];
	if (!n || n >= sizeof(buf))
		return err(l, w, "expected a kernel version X.Y");
	memcpy(buf, w, n);
	buf[n] = 0;
	if (iom_kver_parse(buf, &s->kernel) || s->kernel < IOM_KVER(2, 6))
		return err(l, w, "bad kernel version '%s' (expected X.Y, e.g. 4.8)", buf);
	s->have_kernel = true;
	return end_of_line(l);
}

static int d_cpu(struct lex *l, struct iom_scn *s)
{
	while (!at_eol(l)) {
		const char *k, *v;
		size_t kn = word(l, &k);
		if (!kn)
			return err(l, l->p, "expected key=value");
		if (expect_ch(l, '='))
			return -1;
		size_t vn = word(l, &v);
		if (!vn)
			return err(l, l->p, "expected a value after '='");
		int64_t x;
		bool b;
		if (weq(k, kn, "pat")) {
			if (weq(v, vn, "on"))
				s->cpu.pat = IOM_PAT_ON;
			else if (weq(v, vn, "off"))
				s->cpu.pat = IOM_PAT_OFF;
			else if (weq(v, vn, "absent"))
				s->cpu.pat = IOM_PAT_ABSENT;
			else
				return err(l, v, "pat= takes on, off or absent");
		} else if (weq(k, kn, "vcnt")) {
			if (parse_num(l, v, vn, &x))
				return -1;
			if (x < 0 || x > 255)
				return err(l, v, "vcnt must be 0..255");
			s->mtrr.vcnt = (unsigned)x;
		} else if (weq(k, kn, "physbits")) {
			if (parse_num(l, v, vn, &x))
				return -1;
			if (x < 32 || x > 52)
				return err(l, v, "physbits must be 32..52");
			s->mtrr.phys_bits = (unsigned)x;
		} else if (weq(k, kn, "wc")) {
			if (onoff(l, v, vn, &b))
				return -1;
			s->mtrr.wc_supported = b;
		} else if (weq(k, kn, "fix")) {
			if (onoff(l, v, vn, &b))
				return -1;
			s->mtrr.fix_supported = b;
		} else if (weq(k, kn, "errata")) {
			if (onoff(l, v, vn, &s->cpu.pat_errata))
				return -1;
		} else if (weq(k, kn, "mtrr")) {
			if (onoff(l, v, vn, &s->cpu.mtrr))
				return -1;
		} else if (weq(k, kn, "wc-chipset")) {
			if (weq(v, vn, "broken"))
				s->cpu.wc_broken_chipset = true;
			else if (weq(v, vn, "ok"))
				s->cpu.wc_broken_chipset = false;
			else
				return err(l, v, "wc-chipset= takes ok or broken");
		} else if (weq(k, kn, "firmware-pat")) {
			if (parse_num(l, v, vn, &x))
				return -1;
			enum iom_mt slots[8];
			if (iom_pat_decode((uint64_t)x, slots))
				return err(l, v, "firmware-pat holds a reserved encoding (the CPU would #GP)");
			s->cpu.firmware_pat = (uint64_t)x;
		} else {
			return err(l, k, "unknown cpu key '%.*s' (pat, vcnt, physbits, wc, fix, errata, mtrr, wc-chipset, firmware-pat)",
				   (int)kn, k);
		}
	}
	return 0;
}

static int d_mtrr(struct lex *l, struct iom_scn *s)
{
	const char *w, *save = l->p;
	size_t n = word(l, &w);
	s->mtrr.enabled = true;
	if (weq(w, n, "default")) {
		enum iom_mt t;
		if (expect_ch(l, '=') || type_arg(l, &t))
			return -1;
		const char *at = l->p;
		if (t == IOM_MT_UC_MINUS)
			return err(l, at, "UC- cannot be an MTRR type");
		s->mtrr.def_type = (uint8_t)iom_mt_hw(t);
		while (!at_eol(l)) {
			const char *k, *v;
			size_t kn = word(l, &k);
			if (!kn || expect_ch(l, '='))
				return err(l, l->p, "expected key=value");
			size_t vn = word(l, &v);
			bool b;
			if (onoff(l, v, vn, &b))
				return -1;
			if (weq(k, kn, "enabled"))
				s->mtrr.enabled = b;
			else if (weq(k, kn, "fixed"))
				s->mtrr.fixed_enabled = b;
			else
				return err(l, k, "unknown mtrr key '%.*s' (enabled, fixed)", (int)kn, k);
		}
		return 0;
	}
	if (weq(w, n, "fixed")) {
		uint64_t a, b;
		enum iom_mt t;
		const char *at = l->p;
		if (num_arg(l, &a, "a start address") || num_arg(l, &b, "an end address") || type_arg(l, &t))
			return -1;
		if (t == IOM_MT_UC_MINUS)
			return err(l, at, "UC- cannot be an MTRR type");
		if (a >= b || b > 0x100000)
			return err(l, at, "fixed ranges cover [0, 0x100000): bad range");
		int i0 = iom_mtrr_fixed_index(a, NULL, NULL), i1 = iom_mtrr_fixed_index(b - 1, NULL, NULL);
		uint64_t fs, fz;
		iom_mtrr_fixed_range((unsigned)i0, &fs, &fz);
		uint64_t es, ez;
		iom_mtrr_fixed_range((unsigned)i1, &es, &ez);
		if (fs != a || es + ez != b)
			return err(l, at, "range does not fall on fixed-range boundaries");
		for (int i = i0; i <= i1; i++)
			s->mtrr.fixed[i] = (uint8_t)iom_mt_hw(t);
		s->mtrr.fixed_enabled = true;
		return end_of_line(l);
	}
	if (weq(w, n, "raw")) {
		uint64_t reg, base, mask;
		const char *at = l->p;
		if (num_arg(l, &reg, "a register number") || num_arg(l, &base, "a PHYSBASE value") ||
		    num_arg(l, &mask, "a PHYSMASK value"))
			return -1;
		if (reg >= s->mtrr.vcnt)
			return err(l, at, "register %llu does not exist (vcnt=%u)", (unsigned long long)reg, s->mtrr.vcnt);
		s->mtrr.var[reg].physbase = base;
		s->mtrr.var[reg].physmask = mask;
		return end_of_line(l);
	}
	unsigned reg = s->next_var;
	bool explicit_reg = false;
	if (n > 3 && !strncmp(w, "reg", 3) && isdigit((unsigned char)w[3])) {
		int64_t r;
		if (parse_num(l, w + 3, n - 3, &r))
			return -1;
		reg = (unsigned)r;
		explicit_reg = true;
	} else {
		l->p = save;
	}
	uint64_t base, size;
	enum iom_mt t;
	const char *at = l->p;
	skip_ws(l);
	at = l->p;
	if (num_arg(l, &base, "a base address") || num_arg(l, &size, "a size") || type_arg(l, &t))
		return -1;
	if (reg >= s->mtrr.vcnt)
		return err(l, at, "no free variable MTRR (vcnt=%u)", s->mtrr.vcnt);
	if (t == IOM_MT_UC_MINUS)
		return err(l, at, "UC- cannot be an MTRR type");
	if (size < 0x1000 || (size & (size - 1)) || (base & (size - 1)))
		return err(l, at, "a variable MTRR needs a power-of-two size >= 4K and a base aligned to it");
	if ((base + size - 1) >> s->mtrr.phys_bits)
		return err(l, at, "range beyond physbits=%u", s->mtrr.phys_bits);
	iom_mtrr_var_set(&s->mtrr, reg, base, size, t);
	if (!explicit_reg || reg >= s->next_var)
		s->next_var = reg + 1;
	return end_of_line(l);
}

static int add_res(struct iom_scn *s, const struct iom_resource *r)
{
	struct iom_resource *p = realloc(s->res, (s->nr_res + 1) * sizeof(*p));
	if (!p)
		return -1;
	s->res = p;
	s->res[s->nr_res++] = *r;
	return 0;
}

static int d_range(struct lex *l, struct iom_scn *s, enum iom_res_kind kind)
{
	struct iom_resource r = { .kind = kind };
	const char *w;
	if (kind == IOM_RES_BAR) {
		size_t n = word(l, &w);
		if (!n || n >= sizeof(r.name) || isdigit((unsigned char)*w))
			return err(l, w, "expected a BAR name");
		memcpy(r.name, w, n);
	} else {
		snprintf(r.name, sizeof(r.name), "%s", kind == IOM_RES_RAM ? "System RAM" : "Reserved");
	}
	uint64_t base, size;
	skip_ws(l);
	const char *at = l->p;
	if (num_arg(l, &base, "a base address") || num_arg(l, &size, "a size"))
		return -1;
	if (!size || base + size < base)
		return err(l, at, "empty or wrapping range");
	r.start = base;
	r.end = base + size;
	while (!at_eol(l)) {
		size_t n = word(l, &w);
		if (kind == IOM_RES_BAR && weq(w, n, "prefetchable"))
			r.prefetchable = true;
		else if (kind == IOM_RES_BAR && (weq(w, n, "64bit") || weq(w, n, "32bit")))
			;
		else if (kind == IOM_RES_RESERVED && n && n < sizeof(r.name)) {
			memcpy(r.name, w, n);
			r.name[n] = 0;
		} else
			return err(l, w ? w : l->p, "unexpected '%.*s'", (int)(n ? n : 1), w ? w : l->p);
	}
	for (size_t i = 0; i < s->nr_res; i++)
		if (s->res[i].start < r.end && s->res[i].end > r.start)
			return err(l, at, "overlaps %s [0x%llx, 0x%llx)", s->res[i].name,
				   (unsigned long long)s->res[i].start, (unsigned long long)s->res[i].end);
	return add_res(s, &r);
}

/* ---- calls ------------------------------------------------------------------------- */

static const struct {
	const char *name;
	enum fn fn;
	int api;        /* enum iom_api for FN_MAP, else -1 */
	int nargs;
} fns[] = {
	{ "ioremap", FN_MAP, IOM_API_IOREMAP, 2 },
	{ "ioremap_nocache", FN_MAP, IOM_API_IOREMAP_NOCACHE, 2 },
	{ "ioremap_uc", FN_MAP, IOM_API_IOREMAP_UC, 2 },
	{ "ioremap_wc", FN_MAP, IOM_API_IOREMAP_WC, 2 },
	{ "ioremap_wt", FN_MAP, IOM_API_IOREMAP_WT, 2 },
	{ "ioremap_cache", FN_MAP, IOM_API_IOREMAP_CACHE, 2 },
	{ "memremap", FN_MAP, IOM_API_MEMREMAP, 3 },
	{ "set_memory_uc", FN_MAP, IOM_API_SET_MEMORY_UC, 2 },
	{ "set_memory_wc", FN_MAP, IOM_API_SET_MEMORY_WC, 2 },
	{ "set_memory_wt", FN_MAP, IOM_API_SET_MEMORY_WT, 2 },
	{ "set_memory_wb", FN_MAP, IOM_API_SET_MEMORY_WB, 2 },
	{ "mmap_resource", FN_MAP, IOM_API_MMAP_RESOURCE, 2 },
	{ "mmap_resource_wc", FN_MAP, IOM_API_MMAP_RESOURCE_WC, 2 },
	{ "mmap_fb", FN_MAP, IOM_API_MMAP_FB, 2 },
	{ "iounmap", FN_UNMAP, -1, 1 },
	{ "memunmap", FN_UNMAP, -1, 1 },
	{ "munmap", FN_UNMAP, -1, 1 },
	{ "mtrr_add", FN_MTRR_ADD, -1, 4 },
	{ "mtrr_add_page", FN_MTRR_ADD_PAGE, -1, 4 },
	{ "mtrr_del", FN_MTRR_DEL, -1, 3 },
	{ "arch_phys_wc_add", FN_WC_ADD, -1, 2 },
	{ "arch_phys_wc_del", FN_WC_DEL, -1, 1 },
	{ "arch_phys_wc_index", FN_WC_INDEX, -1, 1 },
	{ "mtrr_type_lookup", FN_TYPE_LOOKUP, -1, 2 },
	{ "reserve_memtype", FN_RESERVE, -1, 3 },
	{ "free_memtype", FN_FREE, -1, 2 },
};

static const struct {
	const char *name;
	int64_t value;
} consts[] = {
	{ "MTRR_TYPE_UNCACHABLE", 0 }, { "MTRR_TYPE_WRCOMB", 1 }, { "MTRR_TYPE_WRTHROUGH", 4 },
	{ "MTRR_TYPE_WRPROT", 5 },     { "MTRR_TYPE_WRBACK", 6 }, { "MEMREMAP_WB", IOM_MEMREMAP_WB },
	{ "MEMREMAP_WT", IOM_MEMREMAP_WT }, { "MEMREMAP_WC", IOM_MEMREMAP_WC },
	{ "true", 1 }, { "false", 0 },
};

static const struct {
	const char *name;
	int value;
} errnos[] = {
	{ "EPERM", EPERM }, { "ENOENT", ENOENT }, { "ENXIO", ENXIO }, { "ENOMEM", ENOMEM },
	{ "EBUSY", EBUSY }, { "ENODEV", ENODEV }, { "EINVAL", EINVAL }, { "ENOSPC", ENOSPC },
	{ "ENOSYS", ENOSYS },
};

static bool lookup_const(const char *w, size_t n, int64_t *v)
{
	for (size_t i = 0; i < ARRAY_SIZE(consts); i++)
		if (weq(w, n, consts[i].name)) {
			*v = consts[i].value;
			return true;
		}
	if (n > 1 && *w == '-')
		for (size_t i = 0; i < ARRAY_SIZE(errnos); i++)
			if (weq(w + 1, n - 1, errnos[i].name)) {
				*v = -errnos[i].value;
				return true;
			}
	return false;
}

static int parse_arg(struct lex *l, struct scn_arg *a)
{
	const char *w;
	skip_ws(l);
	a->line = l->line;
	a->col = col(l, l->p);
	size_t n = word(l, &w);
	if (!n)
		return err(l, l->p, "expected an argument");
	int64_t v = 0;
	if (isdigit((unsigned char)*w) || (*w == '-' && n > 1 && isdigit((unsigned char)w[1]))) {
		if (parse_num(l, w, n, &v))
			return -1;
		a->kind = ARG_NUM;
		a->num = v;
		/* flags: A|B */
	} else if (lookup_const(w, n, &v)) {
		a->kind = ARG_NUM;
		a->num = v;
	} else {
		if (n >= SCN_NAME)
			return err(l, w, "name too long");
		a->kind = ARG_NAME;
		memcpy(a->name, w, n);
		a->name[n] = 0;
	}
	while (accept(l, '|')) {
		n = word(l, &w);
		int64_t v2;
		if (a->kind != ARG_NUM || !lookup_const(w, n, &v2))
			return err(l, w, "'|' joins MEMREMAP_* flags only");
		a->num |= v2;
	}
	return 0;
}

static bool name_defined(const struct iom_scn *s, const char *name)
{
	for (size_t i = 0; i < s->nr_stmts; i++)
		if (s->stmts[i].kind == STMT_CALL && !strcmp(s->stmts[i].u.call.var, name))
			return true;
	return false;
}

static int parse_call(struct lex *l, struct iom_scn *s, struct scn_stmt *st, const char *var,
		      size_t varn, const char *fw, size_t fn)
{
	struct scn_call *c = &st->u.call;
	st->kind = STMT_CALL;
	if (varn) {
		if (varn >= SCN_NAME)
			return err(l, var, "name too long");
		memcpy(c->var, var, varn);
		if (name_defined(s, c->var))
			return err(l, var, "'%s' is already defined", c->var);
	}
	size_t i;
	for (i = 0; i < ARRAY_SIZE(fns); i++)
		if (weq(fw, fn, fns[i].name))
			break;
	if (i == ARRAY_SIZE(fns))
		return err(l, fw, "unknown function '%.*s'", (int)fn, fw);
	c->fn = fns[i].fn;
	c->api = (enum iom_api)fns[i].api;
	c->fname = fns[i].name;
	c->fcol = col(l, fw);
	if (expect_ch(l, '('))
		return -1;
	if (!accept(l, ')')) {
		do {
			if (c->nargs == SCN_MAXARG)
				return err(l, l->p, "too many arguments");
			if (parse_arg(l, &c->args[c->nargs++]))
				return -1;
		} while (accept(l, ','));
		if (expect_ch(l, ')'))
			return -1;
	}
	if (c->nargs != fns[i].nargs)
		return err(l, fw, "%s() takes %d arguments, got %d", fns[i].name, fns[i].nargs, c->nargs);
	for (int a = 0; a < c->nargs; a++) {
		struct scn_arg *ar = &c->args[a];
		if (ar->kind == ARG_NAME && !name_defined(s, ar->name)) {
			const char *at = l->line_start + ar->col - 1;
			return err(l, at, "'%s' is not defined", ar->name);
		}
		if (ar->kind == ARG_NAME && c->fn != FN_UNMAP && c->fn != FN_MTRR_DEL && c->fn != FN_WC_DEL &&
		    c->fn != FN_WC_INDEX) {
			const char *at = l->line_start + ar->col - 1;
			return err(l, at, "%s() takes numbers here, not '%s'", c->fname, ar->name);
		}
	}
	if (c->fn == FN_UNMAP && c->args[0].kind != ARG_NAME)
		return err(l, fw, "%s() takes the name of a mapping", c->fname);
	if (c->fn == FN_MAP && c->api == IOM_API_MEMREMAP)
		c->memremap_flags = (unsigned)c->args[2].num;
	if (c->fn == FN_RESERVE && c->args[2].kind != ARG_NUM)
		return err(l, fw, "reserve_memtype() takes a type");
	return end_of_line(l);
}

/* ---- expectations -------------------------------------------------------------------- */

static int parse_when(struct lex *l, struct scn_expect *e)
{
	e->when_pat = -1;
	const char *w;
	size_t n;
	while (!at_eol(l)) {
		n = word(l, &w);
		if (weq(w, n, "pat")) {
			if (expect_ch(l, '='))
				return -1;
			n = word(l, &w);
			if (weq(w, n, "on"))
				e->when_pat = IOM_PAT_ON;
			else if (weq(w, n, "off"))
				e->when_pat = IOM_PAT_OFF;
			else if (weq(w, n, "absent"))
				e->when_pat = IOM_PAT_ABSENT;
			else
				return err(l, w, "pat= takes on, off or absent");
		} else if (weq(w, n, "kernel")) {
			skip_ws(l);
			bool ge = false;
			if (accept(l, '>')) {
				if (expect_ch(l, '='))
					return -1;
				ge = true;
			} else if (!accept(l, '<')) {
				return err(l, l->p, "expected kernel>=X.Y or kernel<X.Y");
			}
			n = word(l, &w);
			char buf[16];
			unsigned v;
			if (!n || n >= sizeof(buf))
				return err(l, w, "expected a kernel version");
			memcpy(buf, w, n);
			buf[n] = 0;
			if (iom_kver_parse(buf, &v))
				return err(l, w, "bad kernel version '%s'", buf);
			if (ge)
				e->when_kmin = v;
			else
				e->when_kmax = v;
		} else {
			return err(l, w, "expected pat=... or kernel>=/<... after 'when'");
		}
	}
	return 0;
}

static int parse_expect(struct lex *l, struct iom_scn *s, struct scn_stmt *st)
{
	struct scn_expect *e = &st->u.exp;
	st->kind = STMT_EXPECT;
	e->when_pat = -1;
	const char *w;
	size_t n = word(l, &w);
	if (!n)
		return err(l, l->p, "expected what to check");
	if (weq(w, n, "mtrr-used") || weq(w, n, "memtypes")) {
		e->kind = weq(w, n, "mtrr-used") ? EX_MTRR_USED : EX_MEMTYPES;
		const char *at = l->p;
		uint64_t v;
		if (num_arg(l, &v, "a count"))
			return -1;
		(void)at;
		e->value = (int64_t)v;
	} else if (weq(w, n, "log") || weq(w, n, "no-log")) {
		e->kind = weq(w, n, "log") ? EX_LOG : EX_NOLOG;
		skip_ws(l);
		if (!accept(l, '"'))
			return err(l, l->p, "expected a quoted string");
		const char *t = l->p;
		while (l->p < l->end && *l->p != '"' && *l->p != '\n')
			l->p++;
		if (l->p >= l->end || *l->p != '"')
			return err(l, t - 1, "unterminated string");
		if ((size_t)(l->p - t) >= sizeof(e->text))
			return err(l, t, "string too long");
		memcpy(e->text, t, (size_t)(l->p - t));
		l->p++;
	} else {
		if (n >= SCN_NAME)
			return err(l, w, "name too long");
		memcpy(e->var, w, n);
		if (!name_defined(s, e->var))
			return err(l, w, "'%s' is not defined (expect mtrr-used, memtypes, log, no-log or a name)", e->var);
		if (accept(l, '[')) {
			e->slice = true;
			skip_ws(l);
			/* the buffer need not end in a newline: check l->end first */
			if (l->p >= l->end || *l->p != ':') {
				if (num_arg(l, &e->lo, "an offset"))
					return -1;
			}
			if (expect_ch(l, ':'))
				return -1;
			skip_ws(l);
			if (l->p < l->end && *l->p == ']')
				e->hi_open = true;
			else if (num_arg(l, &e->hi, "an offset"))
				return -1;
			if (expect_ch(l, ']'))
				return -1;
			if (!e->hi_open && e->hi <= e->lo)
				return err(l, w, "empty slice");
		}
		skip_ws(l);
		if (accept(l, '=')) {
			if (e->slice)
				return err(l, w, "a slice takes a memory type, not '='");
			e->kind = EX_VALUE;
			const char *v;
			size_t vn = word(l, &v);
			int64_t x;
			enum iom_mt t;
			if (!vn)
				return err(l, l->p, "expected a value");
			if (weq(v, vn, "NULL"))
				e->vkind = VAL_NULL;
			else if (weq(v, vn, "ok"))
				e->vkind = VAL_OK;
			else if (weq(v, vn, "invalid"))
				e->vkind = VAL_INVALID;
			else if (lookup_const(v, vn, &x)) {
				e->vkind = VAL_INT;
				e->value = x;
			} else if (isdigit((unsigned char)*v) || *v == '-') {
				if (parse_num(l, v, vn, &x))
					return -1;
				e->vkind = VAL_INT;
				e->value = x;
			} else {
				if (type_word(l, v, vn, &t))
					return -1;
				e->vkind = VAL_TYPE;
				e->type = t;
			}
		} else {
			const char *v;
			size_t vn = word(l, &v);
			if (weq(v, vn, "tracked")) {
				e->kind = EX_TRACKED;
				if (type_arg(l, &e->type))
					return -1;
			} else if (weq(v, vn, "pte")) {
				e->kind = EX_PTE;
				uint64_t x;
				if (num_arg(l, &x, "PTE cache bits"))
					return -1;
				e->value = (int64_t)x;
			} else if (weq(v, vn, "uniform")) {
				e->kind = EX_UNIFORM;
				uint64_t x;
				if (num_arg(l, &x, "0 or 1"))
					return -1;
				e->value = (int64_t)x;
			} else if (weq(v, vn, "undefined")) {
				e->kind = EX_EFF;
				e->undefined = true;
			} else {
				e->kind = EX_EFF;
				if (type_word(l, v, vn, &e->type))
					return -1;
				if (e->type == IOM_MT_UC_MINUS)
					return err(l, v, "UC- is never an effective type (did you mean 'tracked uc-'?)");
			}
		}
	}
	skip_ws(l);
	const char *ww = l->p;
	size_t wn = word(l, &w);
	if (wn) {
		if (!weq(w, wn, "when"))
			return err(l, ww, "unexpected '%.*s' (conditions start with 'when')", (int)wn, w);
		return parse_when(l, e);
	}
	l->p = ww;
	return end_of_line(l);
}

/* ---- statements ---------------------------------------------------------------------- */

static int statement(struct lex *l, struct iom_scn *s)
{
	const char *w;
	size_t n = word(l, &w);
	if (!n)
		return err(l, l->p, "expected a statement");
	if (weq(w, n, "kernel"))
		return d_kernel(l, s);
	if (weq(w, n, "cpu"))
		return d_cpu(l, s);
	if (weq(w, n, "nopat")) {
		s->cpu.pat = IOM_PAT_OFF;
		return end_of_line(l);
	}
	if (weq(w, n, "mtrr") && !accept(l, '('))
		return d_mtrr(l, s);
	if (weq(w, n, "ram"))
		return d_range(l, s, IOM_RES_RAM);
	if (weq(w, n, "reserved"))
		return d_range(l, s, IOM_RES_RESERVED);
	if (weq(w, n, "bar"))
		return d_range(l, s, IOM_RES_BAR);
	if (weq(w, n, "task")) {
		const char *c;
		size_t cn = word(l, &c);
		uint64_t pid;
		if (!cn || cn >= 32)
			return err(l, c, "expected a task name");
		if (num_arg(l, &pid, "a pid"))
			return -1;
		snprintf(s->comm, sizeof(s->comm), "%.*s", (int)cn, c);
		s->pid = (int)pid;
		return end_of_line(l);
	}
	struct scn_stmt *p = realloc(s->stmts, (s->nr_stmts + 1) * sizeof(*p));
	if (!p)
		return err(l, w, "out of memory");
	s->stmts = p;
	struct scn_stmt *st = &s->stmts[s->nr_stmts];
	memset(st, 0, sizeof(*st));
	st->line = l->line;
	int rc;
	if (weq(w, n, "expect")) {
		rc = parse_expect(l, s, st);
	} else if (accept(l, '=')) {
		const char *fw;
		size_t fn = word(l, &fw);
		if (!fn)
			return err(l, l->p, "expected a function call after '='");
		rc = parse_call(l, s, st, w, n, fw, fn);
	} else if (weq(w, n, "mtrr")) {
		l->p--; /* "mtrr(" is not a function; fall through to the error */
		return err(l, w, "unknown function 'mtrr' (did you mean mtrr_add?)");
	} else {
		skip_ws(l);
		if (l->p < l->end && *l->p == '(')
			rc = parse_call(l, s, st, NULL, 0, w, n);
		else
			return err(l, w, "unknown statement '%.*s'", (int)n, w);
	}
	if (rc)
		return rc;
	/* keep the statement text for the report */
	const char *e = l->line_start;
	while (e < l->end && *e != '\n' && *e != '#')
		e++;
	while (e > w && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	snprintf(st->src, sizeof(st->src), "%.*s", (int)(e - w), w);
	s->nr_stmts++;
	return 0;
}

struct iom_scn *iom_scn_parse(const char *text, size_t len, const char *name, struct iom_diag *d)
{
	struct iom_scn *s = calloc(1, sizeof(*s));
	if (!s) {
		iom_diag_set(d, IOM_ENOMEM, name, 0, 0, "out of memory");
		return NULL;
	}
	snprintf(s->name, sizeof(s->name), "%s", name ? name : "-");
	iom_cpu_init(&s->cpu);
	snprintf(s->comm, sizeof(s->comm), "modprobe");
	s->pid = 1;
	iom_mtrr_state_init(&s->mtrr, 36, 8);
	s->kernel = IOM_KVER(6, 12);
	struct lex l = { .name = name, .p = text, .line_start = text, .end = text + len, .line = 1, .d = d };
	for (const char *q = text; q < text + len; q++) {
		if (!*q) {
			iom_diag_set(d, IOM_EPARSE, name, 1, 1, "binary data (NUL byte) in scenario");
			iom_scn_free(s);
			return NULL;
		}
	}
	while (l.p < l.end) {
		l.line_start = l.p;
		if (!at_eol(&l) && statement(&l, s)) {
			iom_scn_free(s);
			return NULL;
		}
		if (!at_eol(&l)) {
			err(&l, l.p, "unexpected text at end of statement");
			iom_scn_free(s);
			return NULL;
		}
		while (l.p < l.end && *l.p != '\n')
			l.p++;
		if (l.p < l.end)
			l.p++;
		l.line++;
	}
	for (unsigned i = 0; i < s->mtrr.vcnt; i++) {
		uint64_t b, z;
		bool contig;
		if (iom_mtrr_var_get(&s->mtrr, i, &b, &z, NULL, &contig) && !contig) {
			iom_diag_set(d, IOM_EINVAL, name, 0, 0,
				     "variable MTRR %u has a non-contiguous mask (not modelled)", i);
			iom_scn_free(s);
			return NULL;
		}
	}
	return s;
}

void iom_scn_free(struct iom_scn *s)
{
	if (!s)
		return;
	free(s->res);
	free(s->stmts);
	free(s);
}

unsigned iom_scn_kernel(const struct iom_scn *s)
{
	return s->kernel;
}

enum iom_pat_hw iom_scn_pat(const struct iom_scn *s)
{
	return s->cpu.pat;
}
