// SPDX-License-Identifier: MIT
/* iomodel -- the auditor: reconstruction, effective types and findings (docs/audit.md).
 * MTRR state is rebuilt into a struct iom_mtrr_state and resolved with iom_mtrr_resolve()
 * (memtype.h); effective types come from iom_eff_pat()/iom_eff_nopat() (SDM Tables 11-7 and
 * 11-6); the PAT layout Linux programs per version comes from iom_linux_pat_setup()
 * (linux.h) when the log lacks the "x86/PAT: Configuration" line.
 * What the inputs do not say stays a set of possibilities (iom_mtset): an unknown MTRR
 * default type is {UC, WB} (the only defaults firmware uses; stated in the report), an
 * unknown fixed-range area or a missing MTRR input is "any type". Must not print. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/audit.h"
#include "iomodel/diag.h"
#include "iomodel/linux.h"
#include "sys/sys_int.h"

/* ---- the finding table --------------------------------------------------------------- */

enum aud_id {
#define FINDING(id, code, sev, title, expl, fix, src) AUD_##id,
#include "../tables/audit_findings.def"
#undef FINDING
	AUD__COUNT
};

static const struct iom_aud_code codes[] = {
#define FINDING(id, code_, sev_, title_, expl, fix_, src) \
	[AUD_##id] = { .code = code_, .title = title_, .explanation = expl, .fix = fix_, \
		       .source = src, .sev = IOM_AUD_##sev_ },
#include "../tables/audit_findings.def"
#undef FINDING
};
_Static_assert(ARRAY_SIZE(codes) == AUD__COUNT, "tables/audit_findings.def");

size_t iom_aud_nr_codes(void)
{
	return AUD__COUNT;
}

const struct iom_aud_code *iom_aud_code_at(size_t i)
{
	return i < AUD__COUNT ? &codes[i] : NULL;
}

const struct iom_aud_code *iom_aud_code_find(const char *code)
{
	for (size_t i = 0; i < AUD__COUNT; i++)
		if (!strcmp(codes[i].code, code))
			return &codes[i];
	return NULL;
}

const char *iom_aud_sev_name(enum iom_aud_sev s)
{
	return s == IOM_AUD_ERROR ? "error" : s == IOM_AUD_WARNING ? "warning" : "info";
}

const char *iom_mtset_str(iom_mtset s, char *buf, size_t n)
{
	/* display order: strongest first */
	static const enum iom_mt order[] = { IOM_MT_UC, IOM_MT_UC_MINUS, IOM_MT_WC,
					     IOM_MT_WT, IOM_MT_WP, IOM_MT_WB };
	int cnt = __builtin_popcount(s & IOM_MTSET_ALL);
	if (!cnt)
		snprintf(buf, n, "-");
	else if (cnt > 2)
		snprintf(buf, n, "?");
	else {
		buf[0] = 0;
		for (size_t i = 0; i < ARRAY_SIZE(order); i++)
			if (s & IOM_MTSET(order[i])) {
				size_t l = strlen(buf);
				snprintf(buf + l, n - l, "%s%s", l ? "|" : "", iom_mt_name(order[i]));
			}
	}
	return buf;
}

/* ---- findings ------------------------------------------------------------------------ */

static struct iom_aud_finding *finding(struct iom_audit *a, enum aud_id id, enum iom_aud_sev sev,
				       uint64_t s, uint64_t e, bool merge, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

static struct iom_aud_finding *finding(struct iom_audit *a, enum aud_id id, enum iom_aud_sev sev,
				       uint64_t s, uint64_t e, bool merge, const char *fmt, ...)
{
	if (merge)
		for (size_t i = 0; i < a->nr_findings; i++) {
			struct iom_aud_finding *f = &a->findings[i];
			if (f->code == &codes[id] && f->start == s && f->end == e)
				return f;
		}
	struct iom_aud_finding *f = SYS_PUSH(a, findings);
	if (!f)
		return NULL;
	char tmp[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	f->code = &codes[id];
	f->sev = sev;
	f->start = s;
	f->end = e;
	f->message = iom_sys_strdup(tmp);
	return f;
}

static void evidence(struct iom_aud_finding *f, struct iom_sys_where at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void evidence(struct iom_aud_finding *f, struct iom_sys_where at, const char *fmt, ...)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->nr_ev; i++)
		if (f->ev[i].at.input == at.input && f->ev[i].at.line == at.line)
			return;
	struct iom_aud_evidence *e = SYS_PUSH(f, ev);
	if (!e)
		return;
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	e->at = at;
	e->what = iom_sys_strdup(tmp);
}

static void unknown(struct iom_audit *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void unknown(struct iom_audit *a, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	char **slot = SYS_PUSH(a, unknowns);
	if (slot)
		*slot = iom_sys_strdup(tmp);
}

/* ---- small helpers ------------------------------------------------------------------- */

static const char *hsize(uint64_t n, char *buf, size_t len)
{
	static const char suf[] = "KMGTPE";
	if (n < 1024 || n % 1024) {
		snprintf(buf, len, "%lluB", (unsigned long long)n);
		return buf;
	}
	int i = -1;
	while (n >= 1024 && !(n % 1024) && i < 5) {
		n /= 1024;
		i++;
	}
	snprintf(buf, len, "%llu%c", (unsigned long long)n, suf[i]);
	return buf;
}

static const char *bar_name(const struct iom_sys_bar *b, char *buf, size_t n)
{
	if (b->rom)
		snprintf(buf, n, "%s ROM", b->bdf);
	else if (b->index >= 7 && b->index <= 12)
		snprintf(buf, n, "%s VF-BAR%d", b->bdf, b->index - 7);
	else if (b->index >= 0)
		snprintf(buf, n, "%s BAR%d", b->bdf, b->index);
	else if (b->index == -1 && b->src == IOM_SYS_BAR_IOMEM)
		snprintf(buf, n, "%s", b->bdf);
	else
		snprintf(buf, n, "%s region#%d", b->bdf, -1 - b->index);
	return buf;
}

static const char *bar_flags(const struct iom_sys_bar *b, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s%s",
		 b->prefetch == 1 ? "prefetchable" : b->prefetch == 0 ? "non-prefetchable" : "flags unknown",
		 b->is64 == 1 ? ", 64-bit" : b->is64 == 0 ? ", 32-bit" : "",
		 b->disabled ? ", disabled" : "");
	return buf;
}

/* ---- MTRR reconstruction ------------------------------------------------------------ */

static unsigned bits_for(uint64_t v)
{
	unsigned b = 0;
	while (b < 64 && (v >> b))
		b++;
	return b;
}

static void rebuild_mtrr(struct iom_audit *a)
{
	const struct iom_sys_state *st = a->st;
	const struct iom_sys_mtrr_var *vars = st->vars;
	size_t nr = st->nr_vars;
	bool from_dump = false;
	unsigned phys = 36;
	a->vcnt = -1;
	a->mtrr_from = "none";
	if (st->have_proc_mtrr) {
		a->mtrr_from = "/proc/mtrr";
	} else if (st->have_dump && st->dump_var_enabled != IOM_SYS_UNKNOWN) {
		vars = st->dvars;
		nr = st->nr_dvars;
		from_dump = true;
		a->mtrr_from = "boot-time MTRR dump";
	} else if (st->map_entries >= 0) {
		a->mtrr_from = "MTRR map line";
		nr = 0;
	} else {
		nr = 0;
	}
	a->mtrr_known = st->have_proc_mtrr || st->have_dump || st->map_entries >= 0;
	for (size_t i = 0; i < nr; i++) {
		unsigned b = vars[i].has_mask ? bits_for(vars[i].mask) : bits_for(vars[i].base + vars[i].size - 1);
		if (b > phys)
			phys = b;
	}
	if (phys > 52)
		phys = 52;
	if (st->have_dump && st->dump_vcnt >= 0)
		a->vcnt = st->dump_vcnt;
	else if (st->map_vcnt >= 0)
		a->vcnt = st->map_vcnt - (st->tom2 ? 1 : 0);
	unsigned vcnt = 0;
	for (size_t i = 0; i < nr; i++)
		if (vars[i].reg >= 0 && vars[i].reg < IOM_MTRR_MAX_VAR && (unsigned)vars[i].reg + 1 > vcnt)
			vcnt = (unsigned)vars[i].reg + 1;
	if (a->vcnt > (int)vcnt && a->vcnt <= IOM_MTRR_MAX_VAR)
		vcnt = (unsigned)a->vcnt;
	iom_mtrr_state_init(&a->mtrr, phys, vcnt);
	a->mtrr.enabled = true;
	a->mtrr.def_type = (uint8_t)iom_mt_hw(IOM_MT_UC); /* placeholder unless known */
	a->def_known = false;
	if (st->have_dump && st->dump_def_type != IOM_SYS_UNKNOWN) {
		a->mtrr.def_type = (uint8_t)iom_mt_hw((enum iom_mt)st->dump_def_type);
		a->def_known = true;
	}
	for (size_t i = 0; i < st->nr_events; i++)
		if (st->events[i].kind == IOM_EV_MTRR_DISABLED && !strstr(st->events[i].text, "read-only")) {
			a->mtrr.enabled = false; /* E=0 or no MTRRs: UC everywhere (SDM 11.11.2.1) */
			a->def_known = a->fixed_known = a->mtrr_known = true;
		}
	/* fixed ranges: from the dump when it lists them; "MTRR map: ... (0 fixed ..." says none */
	a->fixed_known = !a->mtrr.enabled;
	if (st->have_dump && st->dump_fixed_enabled == 0) {
		a->fixed_known = true;
	} else if (st->have_dump && st->dump_fixed_enabled == 1 && st->nr_fixed) {
		a->mtrr.fixed_enabled = true;
		a->fixed_known = true;
		for (unsigned f = 0; f < IOM_MTRR_NR_FIXED; f++) {
			uint64_t fs, fz;
			iom_mtrr_fixed_range(f, &fs, &fz);
			bool found = false;
			for (size_t j = 0; j < st->nr_fixed && !found; j++)
				if (st->fixed[j].start <= fs && fs < st->fixed[j].end) {
					a->mtrr.fixed[f] = (uint8_t)iom_mt_hw(st->fixed[j].type);
					found = true;
				}
			if (!found)
				a->fixed_known = false;
		}
	} else if (st->map_entries >= 0 && !st->have_dump) {
		/* 6.x: fixed entries appear in the map only with FE=1; none listed = none used */
		bool any_fixed = false;
		for (size_t j = 0; j < st->nr_map; j++)
			any_fixed |= st->map[j].start < 0x100000;
		a->fixed_known = st->map_entries == 0 || (st->nr_map && !any_fixed);
	}
	a->nr_var_used = 0;
	for (size_t i = 0; i < nr; i++) {
		const struct iom_sys_mtrr_var *v = &vars[i];
		if (v->reg < 0 || v->reg >= IOM_MTRR_MAX_VAR)
			continue;
		unsigned n = (unsigned)v->reg;
		/* a reserved type is kept as encoding 2 so lookups report it as undefined */
		unsigned hw = v->type == IOM_MT_NONE ? 2 : iom_mt_hw(v->type);
		if (v->has_mask) {
			uint64_t amask = ((phys >= 64 ? 0 : (1ULL << phys)) - 1) & ~0xfffULL;
			a->mtrr.var[n].physbase = (v->base & amask) | hw;
			a->mtrr.var[n].physmask = (v->mask & amask) | 0x800;
		} else if (iom_mtrr_var_set(&a->mtrr, n, v->base, v->size,
					    v->type == IOM_MT_NONE ? IOM_MT_UC : v->type)) {
			continue; /* not a representable register; the reader said so */
		} else if (v->type == IOM_MT_NONE) {
			a->mtrr.var[n].physbase = (a->mtrr.var[n].physbase & ~0xffULL) | hw;
		}
		a->nr_var_used++;
	}
	(void)from_dump;
	/* The default type is not in /proc/mtrr. When no variable range is WB, RAM can only be
	 * write-back through the default type: had it been UC, all RAM would be uncached and
	 * the kernel would have trimmed it (mtrr_trim_uncached_memory(), cleanup.c@6.12). This
	 * is a deduction, and the report says so (a->def_inferred). */
	if (a->mtrr_known && !a->def_known && a->mtrr.enabled && (st->have_iomem || st->nr_e820)) {
		bool any_wb = false, ram = st->nr_e820 > 0;
		for (unsigned n = 0; n < a->mtrr.vcnt; n++) {
			uint64_t b, z;
			enum iom_mt t;
			bool c;
			if (iom_mtrr_var_get(&a->mtrr, n, &b, &z, &t, &c) && t == IOM_MT_WB)
				any_wb = true;
		}
		for (size_t i = 0; i < st->nr_iomem && !ram; i++)
			ram = !strcmp(st->iomem[i].name, "System RAM");
		if (!any_wb && ram) {
			a->mtrr.def_type = (uint8_t)iom_mt_hw(IOM_MT_WB);
			a->def_known = a->def_inferred = true;
		}
	}
}

/* Possible MTRR types over [s, e); *undef set when an SDM-undefined overlap is inside. */
static iom_mtset mtrr_set(const struct iom_audit *a, uint64_t s, uint64_t e, bool *undef)
{
	struct iom_mtrr_piece stackp[16], *p = stackp;
	iom_mtset set = 0;
	if (undef)
		*undef = false;
	if (!a->mtrr_known || s >= e)
		return IOM_MTSET_MTRR_ALL;
	long n = iom_mtrr_resolve(&a->mtrr, s, e, p, ARRAY_SIZE(stackp));
	if (n < 0)
		return IOM_MTSET_MTRR_ALL;
	if ((size_t)n > ARRAY_SIZE(stackp)) {
		p = malloc((size_t)n * sizeof(*p));
		if (!p)
			return IOM_MTSET_MTRR_ALL;
		n = iom_mtrr_resolve(&a->mtrr, s, e, p, (size_t)n);
	}
	for (long i = 0; i < n; i++) {
		const struct iom_mtrr_piece *q = &p[i];
		if (q->undefined) {
			if (undef && q->src == IOM_MTRR_SRC_VAR)
				*undef = true;
			set |= IOM_MTSET_MTRR_ALL;
		} else if (q->start < 0x100000 && !a->fixed_known) {
			set |= IOM_MTSET_MTRR_ALL;
		} else if (q->src == IOM_MTRR_SRC_DEFAULT && !a->def_known) {
			set |= IOM_MTSET(IOM_MT_UC) | IOM_MTSET(IOM_MT_WB);
		} else if (q->type >= 0) {
			set |= IOM_MTSET(q->type);
		}
	}
	if (p != stackp)
		free(p);
	return set;
}

/* ---- PAT reconstruction ------------------------------------------------------------- */

static bool has_slot(const enum iom_mt slots[8], enum iom_mt t)
{
	for (int i = 0; i < 8; i++)
		if (slots[i] == t)
			return true;
	return false;
}

static void rebuild_pat(struct iom_audit *a)
{
	const struct iom_sys_state *st = a->st;
	bool disabled_line = false;
	for (size_t i = 0; i < st->nr_events; i++)
		disabled_line |= st->events[i].kind == IOM_EV_PAT_DISABLED;
	a->cpu_has_pat = st->cpu_pat != 0;
	a->slots_known = st->pat_config_known;
	if (a->slots_known)
		memcpy(a->slots, st->pat_slots, sizeof(a->slots));
	if (disabled_line || st->cpu_pat == 0)
		a->pat = IOM_AUD_PAT_DISABLED;
	else if (st->pat_config_known)
		a->pat = has_slot(st->pat_slots, IOM_MT_WC) ? IOM_AUD_PAT_ENABLED : IOM_AUD_PAT_DISABLED;
	else if (st->have_pat_list)
		a->pat = IOM_AUD_PAT_ENABLED; /* the file exists only when pat_enabled() (FIELD-a.3) */
	else
		a->pat = IOM_AUD_PAT_UNKNOWN;
	if (!a->slots_known && a->pat == IOM_AUD_PAT_ENABLED && st->kernel[0]) {
		char v[16];
		unsigned kver;
		if (!iom_kver_parse_release(st->kernel, &kver)) {
			iom_kver_str(kver, v, sizeof(v));
			struct iom_cpu cpu;
			struct iom_pat_setup ps;
			iom_cpu_init(&cpu);
			cpu.pat = IOM_PAT_ON;
			iom_linux_pat_setup(kver, &cpu, true, &ps, NULL, NULL);
			if (ps.enabled && !iom_pat_decode(ps.msr, a->slots)) {
				a->slots_known = true;
				unknown(a, "PAT layout not in the log; taken as what Linux %s programs "
					   "(iom_linux_pat_setup)", v);
			}
		}
	}
}

/* PAT entry types a mapping of cache mode `mode` can select (Linux: the lowest PAT slot
 * holding the type, else the PCD fallback = slot 2; init.c __cachemode2pte_tbl), built by
 * iom_linux_pat_tables() from a logged "Configuration" layout. */
static iom_mtset pat_entries(const struct iom_audit *a, enum iom_mt mode, bool *nopat_hw)
{
	iom_mtset on = 0, off = 0;
	*nopat_hw = !a->cpu_has_pat;
	if (a->pat != IOM_AUD_PAT_DISABLED) {
		if (a->slots_known && a->pat == IOM_AUD_PAT_ENABLED) {
			struct iom_pat_setup ps;
			iom_linux_pat_tables(iom_pat_encode(a->slots), &ps);
			on = IOM_MTSET(a->slots[iom_pat_index(ps.cm2pte[mode], false)]);
		} else if (mode == IOM_MT_WT || mode == IOM_MT_WP) {
			on = IOM_MTSET(mode) | IOM_MTSET(IOM_MT_UC_MINUS);
		} else {
			on = IOM_MTSET(mode);
		}
	}
	if (a->pat != IOM_AUD_PAT_ENABLED) {
		/* PAT off: PTE bits from the static/emulated tables (XMT-2.2, XMT-2.7) over
		 * the power-on PAT (PA0 WB, PA1 WT, PA2 UC-, PA3 UC). */
		switch (mode) {
		case IOM_MT_WB: off = IOM_MTSET(IOM_MT_WB); break;
		case IOM_MT_UC: off = IOM_MTSET(IOM_MT_UC); break;
		case IOM_MT_WT: off = IOM_MTSET(IOM_MT_WT) | IOM_MTSET(IOM_MT_UC_MINUS); break;
		default: off = IOM_MTSET(IOM_MT_UC_MINUS); break;
		}
	}
	return on | off;
}

static iom_mtset eff_set(const struct iom_audit *a, iom_mtset mtrr, enum iom_mt mode)
{
	bool nopat_hw;
	iom_mtset ent = pat_entries(a, mode, &nopat_hw), out = 0;
	for (int m = 0; m < IOM_MT__COUNT; m++) {
		if (!(mtrr & IOM_MTSET(m)) || m == IOM_MT_UC_MINUS)
			continue;
		for (int e = 0; e < IOM_MT__COUNT; e++) {
			if (!(ent & IOM_MTSET(e)))
				continue;
			struct iom_eff r;
			if (nopat_hw) {
				/* CPU without PAT: PA0..PA3 via PCD/PWT = WB, WT, UC-, UC (Table 11-6) */
				int pcd = e == IOM_MT_UC_MINUS || e == IOM_MT_UC;
				int pwt = e == IOM_MT_WT || e == IOM_MT_UC;
				r = iom_eff_nopat((enum iom_mt)m, pcd, pwt);
			} else {
				r = iom_eff_pat((enum iom_mt)m, (enum iom_mt)e);
			}
			if (r.type >= 0)
				out |= IOM_MTSET(r.type);
		}
	}
	return out;
}

/* ---- owners ------------------------------------------------------------------------- */

/* The /proc/iomem tree as sorted child lists, for O(depth log n) owner lookups. Siblings
 * never overlap in the kernel's resource tree; zero-sized entries are left out. */
struct owners {
	const struct iom_sys_state *st;
	int *kids;        /* child indices, grouped per parent, each group sorted by start */
	int *first, *nr;  /* per node (index n = the root): group start and length         */
	int *first_child; /* first child in print order, for owner_text()                  */
};

static const struct iom_sys_state *sort_st;

static int cmp_kid(const void *x, const void *y)
{
	const struct iom_sys_iomem *a = &sort_st->iomem[*(const int *)x], *b = &sort_st->iomem[*(const int *)y];
	if (a->parent != b->parent)
		return a->parent < b->parent ? -1 : 1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return *(const int *)x - *(const int *)y;
}

static void owners_init(struct owners *o, const struct iom_sys_state *st)
{
	size_t n = st->nr_iomem, k = 0;
	memset(o, 0, sizeof(*o));
	o->st = st;
	o->kids = malloc((n + 1) * sizeof(int));
	o->first = calloc(n + 1, sizeof(int));
	o->nr = calloc(n + 1, sizeof(int));
	o->first_child = malloc((n + 1) * sizeof(int));
	if (!o->kids || !o->first || !o->nr || !o->first_child) {
		free(o->kids);
		o->kids = NULL;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		o->first_child[i] = -1;
		if (st->iomem[i].start || st->iomem[i].end)
			o->kids[k++] = (int)i;
	}
	for (size_t i = n; i-- > 0;)
		if (st->iomem[i].parent >= 0)
			o->first_child[st->iomem[i].parent] = (int)i;
	sort_st = st;
	qsort(o->kids, k, sizeof(int), cmp_kid);
	for (size_t i = 0; i < k; i++) {
		int p = st->iomem[o->kids[i]].parent;
		int slot = p < 0 ? (int)n : p;
		if (!o->nr[slot])
			o->first[slot] = (int)i;
		o->nr[slot]++;
	}
}

static void owners_release(struct owners *o)
{
	free(o->kids);
	free(o->first);
	free(o->nr);
	free(o->first_child);
}

/* Deepest /proc/iomem entry containing [s, e] (inclusive), or -1. */
static int owner_of(const struct owners *o, uint64_t s, uint64_t e)
{
	int best = -1, slot = (int)o->st->nr_iomem;
	if (!o->kids)
		return -1;
	for (;;) {
		int lo = 0, hi = o->nr[slot];
		const int *g = o->kids + o->first[slot];
		while (lo < hi) { /* first kid with start > s */
			int mid = (lo + hi) / 2;
			if (o->st->iomem[g[mid]].start <= s)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (!lo)
			return best;
		const struct iom_sys_iomem *m = &o->st->iomem[g[lo - 1]];
		if (!(m->start <= s && e <= m->end))
			return best;
		best = slot = g[lo - 1];
	}
}

static bool is_bdf_name(const char *s)
{
	char b[16];
	return !sys_bdf_norm(s, b);
}

static void owner_text(const struct iom_audit *a, const struct owners *o, uint64_t s, uint64_t e,
		       const struct iom_sys_bar *bar, char *out, size_t n)
{
	const struct iom_sys_state *st = a->st;
	int m = owner_of(o, s, e - 1);
	char bn[48];
	out[0] = 0;
	if (bar) {
		bar_name(bar, bn, sizeof(bn));
		snprintf(out, n, "%s", bn);
	}
	if (m < 0)
		return;
	const struct iom_sys_iomem *im = &st->iomem[m];
	/* a BDF entry with a driver child of the same range: name the driver */
	if (is_bdf_name(im->name)) {
		int c = o->first_child[m];
		if (!bar)
			snprintf(out, n, "%s", im->name);
		if (c >= 0 && st->iomem[c].start == im->start && st->iomem[c].end == im->end) {
			size_t l = strlen(out);
			snprintf(out + l, n - l, " (%s)", st->iomem[c].name);
		}
		return;
	}
	int p = im->parent;
	size_t l = strlen(out);
	if (bar && p >= 0 && is_bdf_name(st->iomem[p].name))
		snprintf(out + l, n - l, " (%s)", im->name);
	else if (p >= 0 && is_bdf_name(st->iomem[p].name))
		snprintf(out + l, n - l, "%s%s (%s)", l ? " " : "", st->iomem[p].name, im->name);
	else
		snprintf(out + l, n - l, "%s%s", l ? " in " : "", im->name);
}

/* ---- BARs --------------------------------------------------------------------------- */

static int cmp_bar(const void *x, const void *y)
{
	const struct iom_sys_bar *a = x, *b = y;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end > b->end ? -1 : 1;
	int c = strcmp(a->bdf, b->bdf);
	return c ? c : a->index - b->index;
}

static void collect_bars(struct iom_audit *a)
{
	const struct iom_sys_state *st = a->st;
	size_t cap = st->nr_bars + st->nr_iomem + 1;
	a->bars = calloc(cap, sizeof(*a->bars));
	if (!a->bars)
		return;
	for (size_t i = 0; i < st->nr_bars; i++)
		a->bars[a->nr_bars++] = st->bars[i];
	/* BDF-named /proc/iomem entries are BAR windows too (flags unknown) */
	for (size_t i = 0; i < st->nr_iomem; i++) {
		const struct iom_sys_iomem *m = &st->iomem[i];
		char bdf[16];
		if (sys_bdf_norm(m->name, bdf) || (!m->start && !m->end))
			continue;
		bool dup = false;
		for (size_t j = 0; j < a->nr_bars && !dup; j++)
			dup = a->bars[j].start <= m->start && m->end <= a->bars[j].end && !strcmp(a->bars[j].bdf, bdf);
		if (dup)
			continue;
		struct iom_sys_bar *b = &a->bars[a->nr_bars++];
		memset(b, 0, sizeof(*b));
		memcpy(b->bdf, bdf, sizeof(b->bdf));
		b->index = -1;
		b->start = m->start;
		b->end = m->end;
		b->prefetch = b->is64 = b->wc_file = -1;
		b->src = IOM_SYS_BAR_IOMEM;
		b->at = m->at;
	}
	qsort(a->bars, a->nr_bars, sizeof(*a->bars), cmp_bar);
}

/* Smallest BAR containing [s, e); -1 if none. */
static int bar_of(const struct iom_audit *a, uint64_t s, uint64_t e)
{
	size_t lo = 0, hi = a->nr_bars;
	while (lo < hi) { /* first BAR with start > s */
		size_t mid = (lo + hi) / 2;
		if (a->bars[mid].start <= s)
			lo = mid + 1;
		else
			hi = mid;
	}
	int best = -1;
	for (size_t i = lo; i-- > 0 && lo - i <= 64;) {
		const struct iom_sys_bar *b = &a->bars[i];
		if (b->start <= s && e - 1 <= b->end && !b->disabled &&
		    (best < 0 || b->end - b->start < a->bars[best].end - a->bars[best].start))
			best = (int)i;
	}
	return best;
}

/* ---- regions ------------------------------------------------------------------------ */

static int cmp_resv(const void *x, const void *y)
{
	const struct iom_sys_resv *a = *(const struct iom_sys_resv *const *)x;
	const struct iom_sys_resv *b = *(const struct iom_sys_resv *const *)y;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end < b->end ? -1 : 1;
	if (a->type != b->type)
		return a->type < b->type ? -1 : 1;
	if (a->at.input != b->at.input)
		return a->at.input - b->at.input;
	return a->at.line - b->at.line;
}

static int cmp_region(const void *x, const void *y)
{
	const struct iom_aud_region *a = x, *b = y;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind == IOM_AUD_R_BAR ? -1 : 1;
	if (a->end != b->end)
		return a->end > b->end ? -1 : 1;
	return strcmp(a->owner, b->owner);
}

static void build_regions(struct iom_audit *a, const struct owners *o)
{
	const struct iom_sys_state *st = a->st;
	const struct iom_sys_resv **rs = malloc((st->nr_resv + 1) * sizeof(*rs));
	if (!rs)
		return;
	for (size_t i = 0; i < st->nr_resv; i++)
		rs[i] = &st->resv[i];
	qsort(rs, st->nr_resv, sizeof(*rs), cmp_resv);
	size_t first_resv_region = a->nr_regions;
	for (size_t i = 0; i < st->nr_resv; i++) {
		const struct iom_sys_resv *r = rs[i];
		if (i && rs[i - 1]->start == r->start && rs[i - 1]->end == r->end &&
		    rs[i - 1]->type == r->type && a->nr_regions > first_resv_region) {
			a->regions[a->nr_regions - 1].dup++;
			continue;
		}
		struct iom_aud_region *g = SYS_PUSH(a, regions);
		if (!g)
			break;
		g->kind = IOM_AUD_R_RESV;
		g->start = r->start;
		g->end = r->end;
		g->dup = 1;
		g->bar = bar_of(a, r->start, r->end);
		g->at = r->at;
		owner_text(a, o, r->start, r->end, g->bar >= 0 ? &a->bars[g->bar] : NULL, g->owner,
			   sizeof(g->owner));
		g->tracked = r->type >= 0 ? IOM_MTSET(r->type) : IOM_MTSET_ALL;
		g->mtrr = mtrr_set(a, r->start, r->end, &g->mtrr_undefined);
		g->eff = r->type >= 0 ? eff_set(a, g->mtrr, r->type) : IOM_MTSET_ALL;
	}
	size_t nres = a->nr_regions - first_resv_region;
	/* prefix maximum of reservation ends, for overlap queries from BARs */
	uint64_t *pmax = malloc((nres + 1) * sizeof(*pmax));
	for (size_t i = 0; i < nres && pmax; i++) {
		uint64_t e = a->regions[first_resv_region + i].end;
		pmax[i] = i && pmax[i - 1] > e ? pmax[i - 1] : e;
	}
	for (size_t bi = 0; bi < a->nr_bars; bi++) {
		const struct iom_sys_bar *b = &a->bars[bi];
		if (b->disabled || b->end == UINT64_MAX)
			continue;
		uint64_t s = b->start, e = b->end + 1;
		iom_mtset tracked = 0, eff = 0;
		if (pmax) {
			size_t lo = 0, hi = nres;
			while (lo < hi) { /* first reservation with start >= e */
				size_t mid = (lo + hi) / 2;
				if (a->regions[first_resv_region + mid].start < e)
					lo = mid + 1;
				else
					hi = mid;
			}
			for (size_t i = lo; i-- > 0 && pmax[i] > s;) {
				const struct iom_aud_region *r = &a->regions[first_resv_region + i];
				if (r->end > s && r->start < e) {
					tracked |= r->tracked;
					eff |= r->eff;
				}
			}
		}
		struct iom_aud_region *g = SYS_PUSH(a, regions);
		if (!g)
			break;
		g->kind = IOM_AUD_R_BAR;
		g->start = s;
		g->end = e;
		g->dup = 1;
		g->bar = (int)bi;
		g->at = b->at;
		owner_text(a, o, s, e, b, g->owner, sizeof(g->owner));
		g->mtrr = mtrr_set(a, s, e, &g->mtrr_undefined);
		g->tracked = tracked;
		if (tracked) {
			g->eff = eff;
		} else {
			g->hypothetical = true; /* what ioremap() (UC-) would give */
			g->eff = eff_set(a, g->mtrr, IOM_MT_UC_MINUS);
		}
	}
	free(pmax);
	free(rs);
	if (a->nr_regions)
		qsort(a->regions, a->nr_regions, sizeof(*a->regions), cmp_region);
}

/* ---- rules -------------------------------------------------------------------------- */

static const struct iom_sys_mtrr_var *var_reg(const struct iom_audit *a, unsigned n)
{
	const struct iom_sys_state *st = a->st;
	const struct iom_sys_mtrr_var *v = st->have_proc_mtrr ? st->vars : st->dvars;
	size_t nr = st->have_proc_mtrr ? st->nr_vars : st->nr_dvars;
	for (size_t i = 0; i < nr; i++)
		if (v[i].reg == (int)n)
			return &v[i];
	return NULL;
}

static void ev_var(struct iom_aud_finding *f, const struct iom_sys_mtrr_var *v)
{
	char sz[24];
	if (v)
		evidence(f, v->at, "variable MTRR %d: 0x%llx, %s, %s", v->reg, (unsigned long long)v->base,
			 hsize(v->size, sz, sizeof(sz)), iom_mt_mtrr_name(v->type));
}

static void ev_bar(struct iom_aud_finding *f, const struct iom_sys_bar *b)
{
	char bn[48], fl[64];
	evidence(f, b->at, "%s [mem 0x%llx-0x%llx] %s%s%s", bar_name(b, bn, sizeof(bn)),
		 (unsigned long long)b->start, (unsigned long long)b->end, bar_flags(b, fl, sizeof(fl)),
		 b->devclass[0] ? ", class " : "", b->devclass);
}

static void ev_region(struct iom_aud_finding *f, const struct iom_audit *a, const struct iom_aud_region *r)
{
	char t[16];
	if (r->kind == IOM_AUD_R_RESV)
		evidence(f, r->at, "reservation [mem 0x%llx-0x%llx] %s%s", (unsigned long long)r->start,
			 (unsigned long long)r->end - 1, iom_mtset_str(r->tracked, t, sizeof(t)),
			 r->dup > 1 ? " (listed more than once)" : "");
	else
		ev_bar(f, &a->bars[r->bar]);
}

/* Variable registers of WC type whose range meets [s, e). */
static void wc_vars_over(const struct iom_audit *a, uint64_t s, uint64_t e, unsigned *out, size_t *nr)
{
	*nr = 0;
	for (unsigned n = 0; n < a->mtrr.vcnt && *nr < 8; n++) {
		uint64_t b, z;
		enum iom_mt t;
		bool c;
		if (!iom_mtrr_var_get(&a->mtrr, n, &b, &z, &t, &c) || t != IOM_MT_WC)
			continue;
		if (b < e && b + z > s)
			out[(*nr)++] = n;
	}
}

static bool is_display(const struct iom_sys_bar *b, const char *owner)
{
	static const char *const fb[] = { "VGA", "Display", "3D controller", "vesafb", "efifb",
					  "simplefb", "BOOTFB", "amdgpu", "radeon", "nvidia",
					  "i915", "vmwgfx", "framebuffer", "vram", "VRAM" };
	for (size_t i = 0; i < ARRAY_SIZE(fb); i++)
		if ((b && strstr(b->devclass, fb[i])) || strstr(owner, fb[i]))
			return true;
	return false;
}

static void rule_bars(struct iom_audit *a)
{
	char t1[16], t2[16], sz[24];
	for (size_t i = 0; i < a->nr_regions; i++) {
		const struct iom_aud_region *r = &a->regions[i];
		if (r->kind != IOM_AUD_R_BAR)
			continue;
		const struct iom_sys_bar *b = &a->bars[r->bar];
		if (b->rom)
			continue;
		if (b->prefetch == 0) {
			unsigned wc[8];
			size_t nwc;
			wc_vars_over(a, r->start, r->end, wc, &nwc);
			if (nwc && (r->eff & IOM_MTSET(IOM_MT_WC))) {
				struct iom_aud_finding *f = finding(
					a, AUD_REGISTERS_WC, IOM_AUD_ERROR, r->start, r->end, true,
					"%s is a non-prefetchable (register) BAR under a write-combining MTRR: "
					"%s mapping of it is %s (MTRR WC x PAT UC- = WC, SDM Table 11-7)",
					r->owner, r->tracked ? "its tracked" : "an ioremap()",
					iom_mtset_str(r->eff, t1, sizeof(t1)));
				ev_bar(f, b);
				for (size_t k = 0; k < nwc; k++)
					ev_var(f, var_reg(a, wc[k]));
			} else if (r->tracked & IOM_MTSET(IOM_MT_WC)) {
				/* tracked WC reservations inside a register BAR */
				struct iom_aud_finding *f = NULL;
				for (size_t k = 0; k < a->nr_regions; k++) {
					const struct iom_aud_region *q = &a->regions[k];
					if (q->kind != IOM_AUD_R_RESV || q->start >= r->end || q->end <= r->start ||
					    q->eff != IOM_MTSET(IOM_MT_WC))
						continue;
					if (!f) {
						f = finding(a, AUD_REGISTERS_WC, IOM_AUD_ERROR, r->start, r->end, true,
							    "%s is a non-prefetchable (register) BAR and part of it is "
							    "mapped write-combining", r->owner);
						ev_bar(f, b);
					}
					ev_region(f, a, q);
				}
			}
		}
		if (b->prefetch == 1 && !b->disabled && !is_display(b, r->owner) && r->tracked &&
		    !(r->tracked & ~(IOM_MTSET(IOM_MT_UC) | IOM_MTSET(IOM_MT_UC_MINUS))) &&
		    !(r->mtrr && !(r->mtrr & ~(IOM_MTSET(IOM_MT_WC) | IOM_MTSET(IOM_MT_WP))))) {
			/* a NIC/accelerator BAR: WC may or may not be wanted (ENA LLQ, mlx5 BlueFlame
			 * want it; FIELD-c.7), so only a note */
			struct iom_aud_finding *f = finding(
				a, AUD_FRAMEBUFFER_UC, IOM_AUD_INFO, r->start, r->end, true,
				"%s is prefetchable but mapped only %s%s; if the device expects write-combined "
				"stores (push buffers, doorbells), map it with ioremap_wc() or resourceN_wc",
				r->owner, iom_mtset_str(r->tracked, t1, sizeof(t1)),
				b->wc_file == 1 ? " although resourceN_wc exists" : "");
			ev_bar(f, b);
		}
		if (b->prefetch == 1 && !b->disabled && !r->tracked && a->st->have_pat_list) {
			/* FIELD-c.7 (amzn-drivers #215): a WC entry next to the BAR, not on it,
			 * read as "the BAR is WC" by a substring match on the address */
			for (size_t k = 0; k < a->nr_regions; k++) {
				const struct iom_aud_region *q = &a->regions[k];
				if (q->kind != IOM_AUD_R_RESV || !(q->tracked & IOM_MTSET(IOM_MT_WC)) ||
				    (q->end != r->start && q->start != r->end))
					continue;
				struct iom_aud_finding *f = finding(
					a, AUD_FRAMEBUFFER_UC, IOM_AUD_INFO, r->start, r->end, true,
					"no tracked mapping covers %s: the write-combining entry [mem "
					"0x%llx-0x%llx] is next to it, not on it", r->owner,
					(unsigned long long)q->start, (unsigned long long)q->end - 1);
				ev_bar(f, b);
				ev_region(f, a, q);
			}
		}
		if (b->prefetch == 1 && !b->disabled && is_display(b, r->owner)) {
			/* WC only through an MTRR the inputs do not show does not count */
			bool mtrr_wc = r->mtrr && !(r->mtrr & ~(IOM_MTSET(IOM_MT_WC) | IOM_MTSET(IOM_MT_WP)));
			bool nowc = !(r->eff & IOM_MTSET(IOM_MT_WC)) || !mtrr_wc;
			if (r->tracked && !(r->tracked & ~(IOM_MTSET(IOM_MT_UC) | IOM_MTSET(IOM_MT_UC_MINUS))) &&
			    nowc) {
				struct iom_aud_finding *f = finding(
					a, AUD_FRAMEBUFFER_UC, IOM_AUD_WARNING, r->start, r->end, true,
					"%s (%s prefetchable aperture) is mapped only %s; effective %s",
					r->owner, hsize(r->end - r->start, sz, sizeof(sz)),
					iom_mtset_str(r->tracked, t1, sizeof(t1)), iom_mtset_str(r->eff, t2, sizeof(t2)));
				ev_bar(f, b);
				for (size_t k = 0; k < a->nr_regions; k++) {
					const struct iom_aud_region *q = &a->regions[k];
					if (q->kind == IOM_AUD_R_RESV && q->start < r->end && q->end > r->start)
						ev_region(f, a, q);
				}
			} else if (!r->tracked && a->pat != IOM_AUD_PAT_ENABLED && a->mtrr_known &&
				   !(r->mtrr & IOM_MTSET(IOM_MT_WC))) {
				struct iom_aud_finding *f = finding(
					a, AUD_FRAMEBUFFER_UC, IOM_AUD_WARNING, r->start, r->end, true,
					"%s (%s prefetchable aperture) is not covered by a write-combining MTRR "
					"and PAT is %s: without PAT, ioremap() and ioremap_wc() both give %s",
					r->owner, hsize(r->end - r->start, sz, sizeof(sz)),
					a->pat == IOM_AUD_PAT_DISABLED ? "disabled" : "not known to be enabled",
					iom_mtset_str(r->eff, t1, sizeof(t1)));
				ev_bar(f, b);
			}
		}
	}
	/* A large UC/UC- reservation above 4 GiB with no BAR information: the shape of a 64-bit
	 * GPU aperture (lkml-2019 amdgpu regression). */
	for (size_t i = 0; i < a->nr_regions; i++) {
		const struct iom_aud_region *r = &a->regions[i];
		if (r->kind != IOM_AUD_R_RESV || r->bar >= 0 || r->owner[0] ||
		    r->start < (4ULL << 30) || r->end - r->start < (512ULL << 20) ||
		    (r->tracked & ~(IOM_MTSET(IOM_MT_UC) | IOM_MTSET(IOM_MT_UC_MINUS))) ||
		    ((r->eff & IOM_MTSET(IOM_MT_WC)) && __builtin_popcount(r->mtrr) == 1))
			continue;
		struct iom_aud_finding *f = finding(
			a, AUD_FRAMEBUFFER_UC, IOM_AUD_WARNING, r->start, r->end, true,
			"a %s %s mapping at 0x%llx, above 4 GiB: only a 64-bit prefetchable aperture "
			"(GPU VRAM) is that large, and it should be WC; no BAR or /proc/iomem input "
			"confirms the owner%s", hsize(r->end - r->start, sz, sizeof(sz)),
			iom_mtset_str(r->tracked, t1, sizeof(t1)), (unsigned long long)r->start,
			__builtin_popcount(r->mtrr) > 1 ? " (only a WC MTRR, not in the inputs, could make it WC)" : "");
		ev_region(f, a, r);
	}
	/* framebuffers named by the log (vesafb/efifb) or /proc/iomem (BOOTFB, efifb, ...) */
	const struct iom_sys_state *fst = a->st;
	for (size_t i = 0; i < fst->nr_events + fst->nr_iomem; i++) {
		uint64_t s, e;
		struct iom_sys_where at;
		const char *what;
		if (i < fst->nr_events) {
			const struct iom_sys_event *ev = &fst->events[i];
			if (ev->kind != IOM_EV_FRAMEBUFFER)
				continue;
			s = ev->start, e = ev->end, at = ev->at, what = "framebuffer (kernel log)";
		} else {
			const struct iom_sys_iomem *m = &fst->iomem[i - fst->nr_events];
			if (strcmp(m->name, "BOOTFB") && strcmp(m->name, "efifb") && strcmp(m->name, "vesafb") &&
			    strcmp(m->name, "simplefb"))
				continue;
			if (m->end == UINT64_MAX || (!m->start && !m->end))
				continue;
			s = m->start, e = m->end + 1, at = m->at, what = m->name;
		}
		if (bar_of(a, s, e) >= 0 && a->bars[bar_of(a, s, e)].prefetch == 1)
			continue; /* judged with its BAR above */
		iom_mtset tracked = 0;
		for (size_t k = 0; k < a->nr_regions; k++) {
			const struct iom_aud_region *q = &a->regions[k];
			if (q->kind == IOM_AUD_R_RESV && q->start < e && q->end > s)
				tracked |= q->tracked;
		}
		bool undef;
		iom_mtset mt = mtrr_set(a, s, e, &undef);
		bool mtrr_wc = mt && !(mt & ~(IOM_MTSET(IOM_MT_WC) | IOM_MTSET(IOM_MT_WP)));
		struct iom_aud_finding *f = NULL;
		if (tracked && !(tracked & ~(IOM_MTSET(IOM_MT_UC) | IOM_MTSET(IOM_MT_UC_MINUS))) && !mtrr_wc)
			f = finding(a, AUD_FRAMEBUFFER_UC, IOM_AUD_WARNING, s, e, true,
				    "the %s at [mem 0x%llx-0x%llx] is mapped only %s", what,
				    (unsigned long long)s, (unsigned long long)e - 1, iom_mtset_str(tracked, t1, sizeof(t1)));
		else if (!tracked && a->pat != IOM_AUD_PAT_ENABLED && a->mtrr_known && !(mt & IOM_MTSET(IOM_MT_WC)))
			f = finding(a, AUD_FRAMEBUFFER_UC, IOM_AUD_WARNING, s, e, true,
				    "the %s at [mem 0x%llx-0x%llx] has no write-combining MTRR and PAT is %s: "
				    "it is mapped uncached", what, (unsigned long long)s, (unsigned long long)e - 1,
				    a->pat == IOM_AUD_PAT_DISABLED ? "disabled" : "not known to be enabled");
		if (f)
			evidence(f, at, "%s [mem 0x%llx-0x%llx]", what, (unsigned long long)s,
				 (unsigned long long)e - 1);
	}
	/* register blocks named in /proc/iomem under a WC MTRR */
	static const char *const regs[] = { "IOAPIC", "HPET", "Local APIC", "dmar", "PCI MMCONFIG",
					    "PCI ECAM" };
	const struct iom_sys_state *st = a->st;
	for (size_t i = 0; i < st->nr_iomem; i++) {
		const struct iom_sys_iomem *m = &st->iomem[i];
		bool reg = false;
		for (size_t k = 0; k < ARRAY_SIZE(regs); k++)
			reg |= !strncmp(m->name, regs[k], strlen(regs[k]));
		if (!reg || m->end == UINT64_MAX)
			continue;
		unsigned wc[8];
		size_t nwc;
		wc_vars_over(a, m->start, m->end + 1, wc, &nwc);
		if (!nwc)
			continue;
		struct iom_aud_finding *f = finding(a, AUD_REGISTERS_WC, IOM_AUD_ERROR, m->start, m->end + 1,
						    true, "'%s' (register block) lies under a write-combining MTRR",
						    m->name);
		evidence(f, m->at, "/proc/iomem entry '%s'", m->name);
		for (size_t k = 0; k < nwc; k++)
			ev_var(f, var_reg(a, wc[k]));
	}
}

static enum iom_mt pcm_type(int pcm)
{
	return pcm < 0 ? IOM_MT_NONE : iom_linux_pcm_mode((unsigned)pcm);
}

static const char *pcm_name(int pcm)
{
	enum iom_mt t = pcm_type(pcm);
	return t == IOM_MT_NONE ? "?" : iom_mt_name(t);
}

static void owner_suffix(const struct iom_audit *a, const struct owners *o, uint64_t s, uint64_t e,
			 char *buf, size_t n)
{
	char own[112];
	buf[0] = 0;
	if (s >= e)
		return;
	int b = bar_of(a, s, e);
	owner_text(a, o, s, e, b >= 0 ? &a->bars[b] : NULL, own, sizeof(own));
	if (own[0])
		snprintf(buf, n, " (inside %s)", own);
}

static void rule_events(struct iom_audit *a, const struct owners *o)
{
	const struct iom_sys_state *st = a->st;
	struct iom_aud_finding *f, *last_refused = NULL, *exhausted = NULL;
	char own[160];
	int last_refused_input = -1, last_refused_line = 0;
	for (size_t i = 0; i < st->nr_events; i++) {
		const struct iom_sys_event *ev = &st->events[i];
		owner_suffix(a, o, ev->start, ev->end, own, sizeof(own));
		switch (ev->kind) {
		case IOM_EV_PAT_CONFLICT:
			f = finding(a, AUD_MAPPING_REFUSED, IOM_AUD_ERROR, ev->start, ev->end, true,
				    "a mapping of [mem 0x%llx-0x%llx]%s was refused: the request (%s) "
				    "conflicts with an overlapping %s reservation",
				    (unsigned long long)ev->start, (unsigned long long)ev->end - 1, own,
				    iom_mt_kname((enum iom_mt)ev->a), iom_mt_kname((enum iom_mt)ev->b));
			evidence(f, ev->at, "conflicting memory types %s<->%s", iom_mt_kname((enum iom_mt)ev->a),
				 iom_mt_kname((enum iom_mt)ev->b));
			last_refused = f;
			break;
		case IOM_EV_RESERVE_FAILED:
			f = finding(a, AUD_MAPPING_REFUSED, IOM_AUD_ERROR, ev->start, ev->end, true,
				    "memtype_reserve() refused [mem 0x%llx-0x%llx]%s: requested %s, tracked %s",
				    (unsigned long long)ev->start, (unsigned long long)ev->end - 1, own,
				    iom_mt_kname((enum iom_mt)ev->b), iom_mt_kname((enum iom_mt)ev->a));
			evidence(f, ev->at, "memtype_reserve failed, track %s, req %s",
				 iom_mt_kname((enum iom_mt)ev->a), iom_mt_kname((enum iom_mt)ev->b));
			last_refused = f;
			break;
		case IOM_EV_MAP_PFN_EXPECTED: {
			bool allowed = iom_linux_new_memtype_allowed(ev->start, ev->end - ev->start,
								     (enum iom_mt)ev->a, (enum iom_mt)ev->b);
			f = finding(a, AUD_MAPPING_REFUSED, IOM_AUD_ERROR, ev->start, ev->end, true,
				    "an mmap of [mem 0x%llx-0x%llx]%s asked for %s but the range is tracked "
				    "as %s; %s",
				    (unsigned long long)ev->start, (unsigned long long)ev->end - 1, own,
				    iom_mt_kname((enum iom_mt)ev->a), iom_mt_kname((enum iom_mt)ev->b),
				    allowed ? "the caller insisted on its type (strict remap_pfn_range())"
					    : "is_new_memtype_allowed() refuses that change");
			evidence(f, ev->at, "map pfn expected mapping type %s, got %s",
				 iom_mt_kname((enum iom_mt)ev->a), iom_mt_kname((enum iom_mt)ev->b));
			last_refused = f;
			break;
		}
		case IOM_EV_IOREMAP_ERROR: {
			enum iom_mt rq = pcm_type(ev->a), got = pcm_type(ev->b);
			bool allowed = rq >= 0 && got >= 0 &&
				       iom_linux_new_memtype_allowed(ev->start, ev->end - ev->start, rq, got);
			f = finding(a, AUD_MAPPING_REFUSED, IOM_AUD_ERROR, ev->start, ev->end, true,
				    "ioremap() of [mem 0x%llx-0x%llx]%s asked for %s (page cache mode 0x%x) "
				    "and the tracker returned %s (0x%x)%s",
				    (unsigned long long)ev->start, (unsigned long long)ev->end - 1, own,
				    pcm_name(ev->a), ev->a, pcm_name(ev->b), ev->b,
				    allowed ? "" : "; is_new_memtype_allowed() refuses that change");
			evidence(f, ev->at, "ioremap error, requested 0x%x (%s), got 0x%x (%s)", ev->a,
				 pcm_name(ev->a), ev->b, pcm_name(ev->b));
			last_refused = f;
			break;
		}
		case IOM_EV_RAM_PAGES_FAILED:
		case IOM_EV_CHANGE_ATTR_FAILED:
			f = finding(a, AUD_MAPPING_REFUSED, IOM_AUD_ERROR, ev->start, ev->end, true,
				    "a type change of [mem 0x%llx-0x%llx]%s was refused",
				    (unsigned long long)ev->start, (unsigned long long)ev->end - 1, own);
			evidence(f, ev->at, "%s", iom_sys_ev_name(ev->kind));
			last_refused = f;
			break;
		case IOM_EV_IOREMAP_RESV_FAILED:
			if (last_refused && last_refused_input == ev->at.input && ev->at.line - last_refused_line <= 3) {
				evidence(last_refused, ev->at, "ioremap's memtype_reserve failed");
			} else {
				f = finding(a, AUD_MAPPING_REFUSED, IOM_AUD_ERROR, 0, 0, false,
					    "an ioremap() failed in memtype_reserve() (range not in the log)");
				evidence(f, ev->at, "ioremap memtype_reserve failed");
			}
			break;
		case IOM_EV_RESERVE_ADDED:
			if (ev->b == IOM_MT_WC && ev->c == IOM_MT_UC_MINUS) {
				f = finding(a, AUD_WC_DOWNGRADED, IOM_AUD_WARNING, ev->start, ev->end, true,
					    "a write-combining request for [mem 0x%llx-0x%llx]%s was granted as "
					    "uncached-minus (it inherited an overlapping UC- reservation)",
					    (unsigned long long)ev->start, (unsigned long long)ev->end - 1, own);
				evidence(f, ev->at, "memtype_reserve added, req write-combining, ret uncached-minus");
			}
			break;
		case IOM_EV_MAP_PFN_RAM:
			f = finding(a, AUD_RAM_TYPE_IGNORED, IOM_AUD_INFO, 0, 0, true,
				    "user mappings of RAM asked for a non-WB type; the kernel kept write-back");
			evidence(f, ev->at, "[mem 0x%llx-0x%llx] req %s, got %s", (unsigned long long)ev->start,
				 (unsigned long long)ev->end - 1, iom_mt_kname((enum iom_mt)ev->a),
				 iom_mt_kname((enum iom_mt)ev->b));
			break;
		case IOM_EV_MTRR_NO_MORE:
			f = exhausted = finding(a, AUD_MTRR_EXHAUSTED,
						a->pat == IOM_AUD_PAT_ENABLED ? IOM_AUD_INFO : IOM_AUD_WARNING, 0,
						0, true,
						"a request for a variable MTRR failed: all registers are in use");
			evidence(f, ev->at, "no more MTRRs available");
			break;
		case IOM_EV_WC_ADD_FAILED:
			if (exhausted) {
				evidence(exhausted, ev->at, "%s", ev->text);
			} else {
				f = finding(a, AUD_MTRR_ADD_REJECTED, IOM_AUD_WARNING, 0, 0, true,
					    "a driver could not get its write-combining MTRR%s",
					    a->vcnt < 0 && a->nr_var_used >= 6
						    ? "; with this many variable MTRRs in use the registers are "
						      "probably exhausted (VCNT is not in the inputs)"
						    : "");
				evidence(f, ev->at, "%s", ev->text);
			}
			break;
		case IOM_EV_MTRR_OVERLAPS:
			f = finding(a, AUD_MTRR_ADD_REJECTED, IOM_AUD_WARNING, ev->start, 0, true,
				    "mtrr_add(0x%llx, size 0x%llx) was rejected: it partially overlaps an "
				    "existing register", (unsigned long long)ev->start,
				    (unsigned long long)(ev->end - ev->start));
			evidence(f, ev->at, "overlaps existing");
			break;
		case IOM_EV_MTRR_TYPE_MISMATCH:
			f = finding(a, AUD_MTRR_ADD_REJECTED, IOM_AUD_WARNING, ev->start, 0, true,
				    "mtrr_add(0x%llx, %s) was rejected: the range lies inside an existing "
				    "%s register and the two types cannot be combined",
				    (unsigned long long)ev->start, iom_mt_mtrr_name((enum iom_mt)ev->b),
				    iom_mt_mtrr_name((enum iom_mt)ev->a));
			evidence(f, ev->at, "type mismatch for 0x%llx size 0x%llx: old %s, new %s",
				 (unsigned long long)ev->start, (unsigned long long)(ev->end - ev->start),
				 iom_mt_mtrr_name((enum iom_mt)ev->a), iom_mt_mtrr_name((enum iom_mt)ev->b));
			for (size_t k = 0; k < st->nr_events; k++)
				if (st->events[k].kind == IOM_EV_FRAMEBUFFER && st->events[k].start <= ev->start &&
				    ev->start < st->events[k].end)
					evidence(f, st->events[k].at, "framebuffer at 0x%llx: the MTRR was for it",
						 (unsigned long long)st->events[k].start);
			break;
		case IOM_EV_MTRR_BAD_ADD:
			f = finding(a, AUD_MTRR_ADD_REJECTED, IOM_AUD_WARNING, 0, 1, true,
				    "an MTRR request was malformed or unsupported");
			evidence(f, ev->at, "%s", ev->text);
			break;
		case IOM_EV_MTRR_INCONSISTENT:
			f = finding(a, AUD_MTRR_INCONSISTENT, IOM_AUD_WARNING, 0, 0, true,
				    "the firmware did not program the same MTRRs on every CPU; the kernel "
				    "copied the boot CPU's settings");
			evidence(f, ev->at, "%s", ev->text);
			break;
		case IOM_EV_MTRR_FW_BUG:
			f = finding(a, AUD_FIRMWARE_MTRR_BUG, IOM_AUD_WARNING, 0, 0, true,
				    "the kernel reported a firmware MTRR bug");
			evidence(f, ev->at, "%s", ev->text);
			break;
		case IOM_EV_MTRR_LOSING_RAM:
			f = finding(a, AUD_FIRMWARE_MTRR_BUG, IOM_AUD_WARNING, 0, 1, true,
				    "the write-back MTRRs do not cover all RAM; the kernel trimmed the "
				    "uncovered part from the memory map");
			evidence(f, ev->at, "%s", ev->text);
			break;
		case IOM_EV_MTRR_DISABLED:
			f = finding(a, AUD_MTRR_DISABLED, IOM_AUD_INFO, 0, 0, true, "%s", ev->text);
			evidence(f, ev->at, "%s", ev->text);
			break;
		default:
			break;
		}
		if (last_refused && (ev->kind == IOM_EV_PAT_CONFLICT || ev->kind == IOM_EV_RESERVE_FAILED ||
				     ev->kind == IOM_EV_IOREMAP_ERROR || ev->kind == IOM_EV_MAP_PFN_EXPECTED)) {
			last_refused_input = ev->at.input;
			last_refused_line = ev->at.line;
		}
	}
}

static void rule_pat(struct iom_audit *a)
{
	const struct iom_sys_state *st = a->st;
	if (a->pat != IOM_AUD_PAT_DISABLED)
		return;
	struct iom_aud_finding *f = finding(
		a, AUD_PAT_DISABLED, IOM_AUD_WARNING, 0, 0, true,
		"PAT is not in use: no PAT slot holds WC, so ioremap_wc() gives UC- and WC needs MTRRs");
	for (size_t i = 0; i < st->nr_events; i++)
		if (st->events[i].kind == IOM_EV_PAT_DISABLED)
			evidence(f, st->events[i].at, "%s", st->events[i].text);
	if (st->pat_config_known) {
		char cells[64] = "";
		for (int i = 0; i < 8; i++) {
			size_t l = strlen(cells);
			snprintf(cells + l, sizeof(cells) - l, "%s%s", i ? " " : "", iom_mt_name(st->pat_slots[i]));
		}
		evidence(f, st->pat_at, "PAT configuration %s%s", cells,
			 has_slot(st->pat_slots, IOM_MT_WC) ? "" : " (no WC slot)");
	}
	if (st->cpu_pat == 0)
		evidence(f, st->cpu_at, "cpuinfo flags lack 'pat'");
}

static void rule_mtrr(struct iom_audit *a, const struct owners *o)
{
	const struct iom_sys_state *st = a->st;
	char sz[24], t1[16];
	(void)o;
	/* undefined overlaps, pairwise (SDM 11.11.4.1) */
	for (unsigned i = 0; i < a->mtrr.vcnt; i++) {
		uint64_t b1, z1, b2, z2;
		enum iom_mt t1t, t2t;
		bool c1, c2;
		if (!iom_mtrr_var_get(&a->mtrr, i, &b1, &z1, &t1t, &c1))
			continue;
		for (unsigned j = i + 1; j < a->mtrr.vcnt; j++) {
			if (!iom_mtrr_var_get(&a->mtrr, j, &b2, &z2, &t2t, &c2))
				continue;
			uint64_t s = b1 > b2 ? b1 : b2, e1 = b1 + z1, e2 = b2 + z2, e = e1 < e2 ? e1 : e2;
			if (s >= e)
				continue;
			bool undef;
			mtrr_set(a, s, e, &undef);
			if (!undef)
				continue;
			struct iom_aud_finding *f = finding(
				a, AUD_MTRR_OVERLAP_UNDEF, IOM_AUD_ERROR, s, e, true,
				"variable MTRRs %u (%s) and %u (%s) overlap over [mem 0x%llx-0x%llx] (%s): "
				"the SDM does not define the resulting type", i,
				iom_mt_mtrr_name(t1t), j, iom_mt_mtrr_name(t2t), (unsigned long long)s,
				(unsigned long long)e - 1, hsize(e - s, sz, sizeof(sz)));
			ev_var(f, var_reg(a, i));
			ev_var(f, var_reg(a, j));
		}
	}
	/* all registers used */
	if (a->vcnt > 0 && a->nr_var_used >= (unsigned)a->vcnt) {
		struct iom_aud_finding *f = finding(
			a, AUD_MTRR_EXHAUSTED, a->pat == IOM_AUD_PAT_ENABLED ? IOM_AUD_INFO : IOM_AUD_WARNING,
			0, 0, true, "all %d variable MTRRs are in use%s", a->vcnt,
			a->pat == IOM_AUD_PAT_ENABLED ? " (harmless: PAT provides WC)" : "");
		if (st->have_dump)
			evidence(f, st->dump_at, "boot-time MTRR dump lists %d variable registers", st->dump_vcnt);
		else if (st->map_vcnt >= 0)
			evidence(f, st->map_at, "MTRR map: built from %d variable MTRRs", st->map_vcnt);
		for (unsigned n = 0; n < a->mtrr.vcnt; n++)
			ev_var(f, var_reg(a, n));
	} else if (a->vcnt < 0 && a->nr_var_used >= 7) {
		unknown(a, "number of variable MTRRs (MTRRcap.VCNT) not in the inputs: %u are in use, "
			   "so they may all be taken", a->nr_var_used);
	}
	/* WC MTRRs with PAT on */
	if (a->pat == IOM_AUD_PAT_ENABLED) {
		for (unsigned n = 0; n < a->mtrr.vcnt; n++) {
			uint64_t b, z;
			enum iom_mt t;
			bool c;
			if (!iom_mtrr_var_get(&a->mtrr, n, &b, &z, &t, &c) || t != IOM_MT_WC)
				continue;
			struct iom_aud_finding *f = finding(
				a, AUD_LEGACY_WC_MTRR, IOM_AUD_WARNING, b, b + z, true,
				"variable MTRR %u is write-combining over [mem 0x%llx-0x%llx] (%s) while PAT "
				"is enabled", n, (unsigned long long)b, (unsigned long long)(b + z - 1),
				hsize(z, sz, sizeof(sz)));
			ev_var(f, var_reg(a, n));
			if (st->pat_config_known)
				evidence(f, st->pat_at, "PAT enabled with a WC slot");
		}
	}
	/* /proc/mtrr and the boot dump disagree */
	if (st->have_proc_mtrr && st->have_dump && st->nr_dvars) {
		for (size_t i = 0; i < st->nr_dvars; i++) {
			const struct iom_sys_mtrr_var *d = &st->dvars[i];
			const struct iom_sys_mtrr_var *v = NULL;
			for (size_t k = 0; k < st->nr_vars; k++)
				if (st->vars[k].reg == d->reg)
					v = &st->vars[k];
			if (v && v->base == d->base && v->size == d->size && v->type == d->type)
				continue;
			struct iom_aud_finding *f = finding(
				a, AUD_MTRR_INCONSISTENT, IOM_AUD_WARNING, 0, 2, true,
				"/proc/mtrr and the boot-time MTRR dump disagree (different boots, or "
				"registers changed at run time)");
			ev_var(f, d);
			if (v)
				ev_var(f, v);
		}
	}
	/* non-contiguous masks in a dump */
	for (size_t i = 0; i < st->nr_dvars; i++) {
		const struct iom_sys_mtrr_var *d = &st->dvars[i];
		uint64_t m = d->mask;
		uint64_t low = m & (~m + 1);
		uint64_t top = a->mtrr.phys_bits >= 64 ? 0 : (1ULL << a->mtrr.phys_bits);
		if (!m || ((m + low) & (top - 1)) == 0)
			continue;
		struct iom_aud_finding *f = finding(a, AUD_FIRMWARE_MTRR_BUG, IOM_AUD_WARNING, 0, 3, true,
						    "a variable MTRR has a non-contiguous mask");
		evidence(f, d->at, "register %d mask 0x%llx", d->reg, (unsigned long long)m);
	}
	(void)t1;
}

static void rule_ram(struct iom_audit *a)
{
	const struct iom_sys_state *st = a->st;
	char t1[16];
	struct span {
		uint64_t s, e;
		struct iom_sys_where at;
		const char *what;
	};
	size_t n = 0;
	struct span *sp = malloc((st->nr_iomem + st->nr_e820 + 1) * sizeof(*sp));
	if (!sp)
		return;
	for (size_t i = 0; i < st->nr_iomem; i++)
		if (st->iomem[i].parent < 0 && !strcmp(st->iomem[i].name, "System RAM") &&
		    st->iomem[i].end != UINT64_MAX)
			sp[n++] = (struct span){ st->iomem[i].start, st->iomem[i].end + 1, st->iomem[i].at,
						 "System RAM" };
	if (!n)
		for (size_t i = 0; i < st->nr_e820; i++)
			if (st->e820[i].usable)
				sp[n++] = (struct span){ st->e820[i].start, st->e820[i].end, st->e820[i].at,
							 "e820 usable" };
	for (size_t i = 0; i < n; i++) {
		struct iom_mtrr_piece pcs[32];
		if (!a->mtrr_known || sp[i].s >= sp[i].e)
			continue;
		long np = iom_mtrr_resolve(&a->mtrr, sp[i].s, sp[i].e, pcs, ARRAY_SIZE(pcs));
		for (long k = 0; k < np && k < (long)ARRAY_SIZE(pcs); k++) {
			const struct iom_mtrr_piece *p = &pcs[k];
			bool und;
			iom_mtset m = mtrr_set(a, p->start, p->end, &und);
			if (m & IOM_MTSET(IOM_MT_WB) || __builtin_popcount(m) != 1)
				continue; /* WB, or unknown */
			struct iom_aud_finding *f = finding(
				a, AUD_RAM_UC, IOM_AUD_ERROR, p->start, p->end, true,
				"%s [mem 0x%llx-0x%llx] has MTRR type %s: the kernel's write-back mapping of "
				"it is effectively %s", sp[i].what, (unsigned long long)p->start,
				(unsigned long long)p->end - 1, iom_mtset_str(m, t1, sizeof(t1)),
				iom_mt_name(iom_eff_pat(__builtin_ctz(m), IOM_MT_WB).type));
			evidence(f, sp[i].at, "%s", sp[i].what);
			for (unsigned v = 0; v < a->mtrr.vcnt; v++)
				if (p->var_mask[v / 64] >> (v % 64) & 1)
					ev_var(f, var_reg(a, v));
			if (p->src == IOM_MTRR_SRC_DEFAULT && a->st->have_dump)
				evidence(f, a->st->dump_at, "MTRR default type %s",
					 iom_mt_mtrr_name((enum iom_mt)a->st->dump_def_type));
		}
	}
	free(sp);
}

static void note_unknowns(struct iom_audit *a)
{
	const struct iom_sys_state *st = a->st;
	if (!a->mtrr_known)
		unknown(a, "MTRRs: no /proc/mtrr, boot-time dump or MTRR map line; every MTRR type is "
			   "unknown, so effective types of UC- and WB mappings are too");
	else {
		if (a->def_inferred)
			unknown(a, "MTRR default type: not in the inputs, deduced WB: no variable MTRR is "
				   "write-back, so RAM is cacheable only through the default type (were it "
				   "UC, the kernel would have trimmed all RAM)");
		if (!a->def_known && a->mtrr.enabled)
			unknown(a, "MTRR default type (MTRRdefType) is not in the inputs (only a boot-time "
				   "dump has it); ranges outside the variable MTRRs are shown as UC|WB");
		if (!a->fixed_known && a->mtrr.enabled)
			unknown(a, "fixed-range MTRRs (first 1 MiB) are not in the inputs; types there are "
				   "unknown");
	}
	if (a->pat == IOM_AUD_PAT_UNKNOWN)
		unknown(a, "PAT: no 'x86/PAT:' log line, pat_memtype_list or cpuinfo flags; PAT may be "
			   "on or off");
	else if (a->pat == IOM_AUD_PAT_ENABLED && !a->slots_known)
		unknown(a, "PAT layout: no 'x86/PAT: Configuration' line; WB, WC, UC- and UC are "
			   "assumed to select their own type (every Linux layout has those four)");
	for (size_t i = 0; i < st->nr_events; i++)
		if (st->events[i].kind == IOM_EV_MTRR_SANITIZER && st->have_dump && !st->have_proc_mtrr) {
			unknown(a, "the MTRR sanitizer (enable_mtrr_cleanup) rewrote the variable MTRRs "
				   "after the boot dump; the registers audited are the firmware's, "
				   "/proc/mtrr would show the result");
			break;
		}
	if (!st->have_pat_list)
		unknown(a, "tracked reservations: no pat_memtype_list; which ranges are mapped, and "
			   "how, is unknown (BAR rows show what ioremap() would give)");
	if (!st->have_iomem)
		unknown(a, "owners: no /proc/iomem; ranges are named from BARs only");
	else if (st->iomem_zeroed)
		unknown(a, "owners: /proc/iomem was read without root (all addresses zero)");
	bool bars = false;
	for (size_t i = 0; i < st->nr_bars; i++)
		bars |= st->bars[i].src != IOM_SYS_BAR_IOMEM;
	if (!bars)
		unknown(a, "BAR flags: no sysfs resource files, lspci or PCI log lines; prefetchable "
			   "and 64-bit flags unknown");
}

static int cmp_finding(const void *x, const void *y)
{
	const struct iom_aud_finding *a = x, *b = y;
	if (a->sev != b->sev)
		return a->sev > b->sev ? -1 : 1;
	if (a->code != b->code)
		return a->code < b->code ? -1 : 1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end < b->end ? -1 : 1;
	return strcmp(a->message, b->message);
}

static int cmp_ev(const void *x, const void *y)
{
	const struct iom_aud_evidence *a = x, *b = y;
	if (a->at.input != b->at.input)
		return a->at.input < b->at.input ? -1 : 1;
	return a->at.line - b->at.line;
}

int iom_audit_run(struct iom_audit *a, const struct iom_sys_state *st)
{
	struct owners o;
	memset(a, 0, sizeof(*a));
	a->st = st;
	rebuild_mtrr(a);
	rebuild_pat(a);
	collect_bars(a);
	owners_init(&o, st);
	build_regions(a, &o);
	rule_bars(a);
	rule_events(a, &o);
	rule_pat(a);
	rule_mtrr(a, &o);
	rule_ram(a);
	note_unknowns(a);
	owners_release(&o);
	for (size_t i = 0; i < a->nr_findings; i++)
		if (a->findings[i].nr_ev > 1)
			qsort(a->findings[i].ev, a->findings[i].nr_ev, sizeof(*a->findings[i].ev), cmp_ev);
	if (a->nr_findings)
		qsort(a->findings, a->nr_findings, sizeof(*a->findings), cmp_finding);
	return 0;
}

void iom_audit_release(struct iom_audit *a)
{
	for (size_t i = 0; i < a->nr_findings; i++) {
		for (size_t k = 0; k < a->findings[i].nr_ev; k++)
			free(a->findings[i].ev[k].what);
		free(a->findings[i].ev);
		free(a->findings[i].message);
	}
	for (size_t i = 0; i < a->nr_unknowns; i++)
		free(a->unknowns[i]);
	free(a->unknowns);
	free(a->findings);
	free(a->regions);
	free(a->bars);
	memset(a, 0, sizeof(*a));
}

size_t iom_audit_count(const struct iom_audit *a, enum iom_aud_sev sev)
{
	size_t n = 0;
	for (size_t i = 0; i < a->nr_findings; i++)
		n += a->findings[i].sev >= sev;
	return n;
}
