// SPDX-License-Identifier: MIT
/* iomodel -- kernel log reader: dmesg, journalctl -k, syslog excerpts and pasted copies of
 * them (quoted with "> ", indented, lost "[", wrapped by mail clients). Each line's prefix
 * (timestamp, "<N>", "host kernel:") is removed and the message body matched against the
 * printk formats listed in FIELD-a.5 (arch/x86/mm/pat/memtype.c, mm/ioremap.c,
 * kernel/cpu/mtrr/{generic,mtrr,cleanup}.c @6.12 and the older spellings). Matching is on
 * the message body, with or without the "mtrr: " / "x86/PAT: " prefixes, which changed
 * across versions. A line that starts like a known message but does not parse is joined
 * with the next line when that one is not a new log record (wrapped mail); if it still
 * does not parse the reader records an error and goes on. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "sys/sys_int.h"

enum { NOT_MINE = 0, DONE = 1, INCOMPLETE = -1 };
enum { DUMP_NONE, DUMP_FIXED, DUMP_VAR, DUMP_MAP };

struct klog {
	struct iom_sys_state *st;
	int input, line;
	int mode;
	const char *what; /* name of the message that failed to parse */
};

static bool is_month(const char *s)
{
	static const char *const m[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	for (size_t i = 0; i < ARRAY_SIZE(m); i++)
		if (!strncmp(s, m[i], 3) && s[3] == ' ')
			return true;
	return false;
}

/* Strip the record prefix; *record is set when the line carried one (a new log record,
 * as opposed to a wrapped continuation). */
static const char *body_of(const char *s, bool *record)
{
	*record = false;
	s = sys_skip_ws(s);
	while (*s == '>')
		s = sys_skip_ws(s + 1);
	if (*s == '<' && isdigit((unsigned char)s[1])) {
		const char *q = s + 1;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q == '>') {
			s = q + 1;
			*record = true;
		}
	}
	/* strnlen first: s[4] must not be read past the end of a short line */
	if (is_month(s) || (isdigit((unsigned char)s[0]) && strnlen(s, 5) == 5 && s[4] == '-' &&
			     strchr(s, 'T'))) {
		const char *k = strstr(s, " kernel: ");
		if (k && k - s < 90) {
			s = k + 9;
			*record = true;
		}
	}
	s = sys_skip_ws(s);
	/* "[   12.345678] " or a lost "[": "162676.233287] " */
	const char *q = s;
	if (*q == '[')
		q++;
	q = sys_skip_ws(q);
	const char *d = q;
	while (isdigit((unsigned char)*q) || *q == '.')
		q++;
	if (q > d && *q == ']' && (s[0] == '[' || strchr(d, '.') < q)) {
		s = sys_skip_ws(q + 1);
		*record = true;
	}
	return s;
}

static void add_event(struct klog *k, enum iom_sys_ev kind, uint64_t s, uint64_t e, int a, int b,
		      const char *body)
{
	struct iom_sys_event *ev = SYS_PUSH(k->st, events);
	if (!ev)
		return;
	ev->kind = kind;
	ev->start = s;
	ev->end = e;
	ev->a = a;
	ev->b = b;
	ev->c = 0;
	ev->text = iom_sys_strdup(body);
	ev->at.input = k->input;
	ev->at.line = k->line;
	k->st->inputs[k->input].nr_used++;
}

static uint64_t incl_end(uint64_t e)
{
	return e == UINT64_MAX ? e : e + 1;
}

/* "[mem 0xS-0xE" (inclusive end) or "0xS-0xE"; stops before any flags and "]". */
static bool mem_range(const char **p, uint64_t *s, uint64_t *e)
{
	const char *q = *p;
	sys_lit(&q, "[mem");
	if (!sys_hex0x(&q, s) || *q != '-')
		return false;
	q++;
	if (!sys_hex0x(&q, e) || *s > *e)
		return false;
	*p = q;
	return true;
}

static bool type_tok(const char **p, enum iom_mt *t)
{
	char w[40];
	const char *q = sys_skip_ws(*p);
	size_t n = 0;
	while (*q && (isalnum((unsigned char)*q) || *q == '-') && n < sizeof(w) - 1)
		w[n++] = *q++;
	w[n] = 0;
	/* "uncached-minus<->write-combining": the '<' stops the word. */
	if (!n || sys_type_name(w, t))
		return false;
	*p = q;
	return true;
}

/* The PAT layout line: "x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WP  UC- WT  " */
static int pat_config(struct klog *k, const char *b)
{
	const char *c = strstr(b, "Configuration [0-7]:");
	if (!c)
		return NOT_MINE;
	const char *p = c + 20;
	enum iom_mt slots[8];
	char w[8];
	for (int i = 0; i < 8; i++) {
		if (!sys_word(&p, w, sizeof(w)) || sys_type_name(w, &slots[i]))
			return k->what = "x86/PAT: Configuration", INCOMPLETE;
	}
	struct iom_sys_state *st = k->st;
	if (st->pat_config_known && memcmp(st->pat_slots, slots, sizeof(slots)))
		iom_sys_msg(st, k->input, k->line, IOM_SYS_MSG_WARN,
			    "a second, different PAT configuration line (two boots in one log?); "
			    "the last one is used");
	memcpy(st->pat_slots, slots, sizeof(slots));
	st->pat_config_known = true;
	st->pat_at.input = k->input;
	st->pat_at.line = k->line;
	st->inputs[k->input].nr_used++;
	return DONE;
}

static int pat_lines(struct klog *k, const char *b)
{
	const char *p;
	uint64_t s, e;
	enum iom_mt t1, t2, t3;
	if ((p = strstr(b, "conflicting memory types "))) {
		/* "%s:%d conflicting memory types %Lx-%Lx %s<->%s": END EXCLUSIVE, no 0x */
		p += 25;
		if (!sys_hex(&p, &s) || *p != '-' || (p++, !sys_hex(&p, &e)) || !type_tok(&p, &t1) ||
		    !sys_lit(&p, "<->") || !type_tok(&p, &t2))
			return k->what = "conflicting memory types", INCOMPLETE;
		add_event(k, IOM_EV_PAT_CONFLICT, s, e, t1, t2, b);
		return DONE;
	}
	if ((p = strstr(b, "memtype_reserve failed")) || (p = strstr(b, "reserve_memtype failed"))) {
		if (strstr(b, "ioremap ")) { /* "ioremap memtype_reserve failed %d" */
			add_event(k, IOM_EV_IOREMAP_RESV_FAILED, 0, 0, 0, 0, b);
			return DONE;
		}
		p += 22;
		if (!mem_range(&p, &s, &e) || !(p = strstr(p, "track ")) || (p += 6, !type_tok(&p, &t1)) ||
		    !sys_lit(&p, ",") || !sys_lit(&p, "req") || !type_tok(&p, &t2))
			return k->what = "memtype_reserve failed", INCOMPLETE;
		add_event(k, IOM_EV_RESERVE_FAILED, s, incl_end(e), t1, t2, b);
		return DONE;
	}
	if ((p = strstr(b, "memtype_reserve added")) || (p = strstr(b, "reserve_memtype added"))) {
		p += 21;
		if (!mem_range(&p, &s, &e) || !(p = strstr(p, "track ")) || (p += 6, !type_tok(&p, &t1)) ||
		    !sys_lit(&p, ",") || !sys_lit(&p, "req") || !type_tok(&p, &t2) ||
		    !sys_lit(&p, ",") || !sys_lit(&p, "ret"))
			return k->what = "memtype_reserve added", INCOMPLETE;
		if (!type_tok(&p, &t3))
			t3 = IOM_MT_NONE; /* "-" */
		add_event(k, IOM_EV_RESERVE_ADDED, s, incl_end(e), t1, t2, b);
		k->st->events[k->st->nr_events - 1].c = t3;
		return DONE;
	}
	if ((p = strstr(b, "map pfn expected mapping type"))) {
		p += 29;
		if (!type_tok(&p, &t1) || !sys_lit(&p, "for") || !mem_range(&p, &s, &e) ||
		    !(p = strstr(p, "got ")) || (p += 4, !type_tok(&p, &t2)))
			return k->what = "map pfn expected mapping type", INCOMPLETE;
		add_event(k, IOM_EV_MAP_PFN_EXPECTED, s, incl_end(e), t1, t2, b);
		return DONE;
	}
	if ((p = strstr(b, "map pfn RAM range req"))) {
		p += 21;
		if (!type_tok(&p, &t1) || !sys_lit(&p, "for") || !mem_range(&p, &s, &e) ||
		    !(p = strstr(p, "got ")) || (p += 4, !type_tok(&p, &t2)))
			return k->what = "map pfn RAM range", INCOMPLETE;
		add_event(k, IOM_EV_MAP_PFN_RAM, s, incl_end(e), t1, t2, b);
		return DONE;
	}
	if ((p = strstr(b, "reserve_ram_pages_type failed"))) {
		p += 29;
		if (!mem_range(&p, &s, &e))
			return k->what = "reserve_ram_pages_type failed", INCOMPLETE;
		add_event(k, IOM_EV_RAM_PAGES_FAILED, s, incl_end(e), 0, 0, b);
		return DONE;
	}
	if ((p = strstr(b, "ioremap_change_attr failed"))) {
		p = strstr(p, "for ");
		if (!p || (p += 4, !mem_range(&p, &s, &e)))
			return k->what = "ioremap_change_attr failed", INCOMPLETE;
		add_event(k, IOM_EV_CHANGE_ATTR_FAILED, s, incl_end(e), 0, 0, b);
		return DONE;
	}
	if ((p = strstr(b, "freeing invalid memtype"))) {
		p += 23;
		if (!mem_range(&p, &s, &e))
			return k->what = "freeing invalid memtype", INCOMPLETE;
		add_event(k, IOM_EV_FREE_INVALID, s, incl_end(e), 0, 0, b);
		return DONE;
	}
	if ((p = strstr(b, "ioremap error for "))) {
		/* mm/ioremap.c: "ioremap error for 0x%llx-0x%llx, requested 0x%x, got 0x%x"; the
		 * end is phys_addr+size (exclusive); the numbers are enum page_cache_mode. */
		uint64_t rq, got;
		p += 18;
		if (!sys_hex0x(&p, &s) || *p != '-' || (p++, !sys_hex0x(&p, &e)) || !sys_lit(&p, ",") ||
		    !sys_lit(&p, "requested") || !sys_hex0x(&p, &rq) || !sys_lit(&p, ",") ||
		    !sys_lit(&p, "got") || !sys_hex0x(&p, &got) || rq > 7 || got > 7)
			return k->what = "ioremap error", INCOMPLETE;
		add_event(k, IOM_EV_IOREMAP_ERROR, s, e, (int)rq, (int)got, b);
		return DONE;
	}
	if (strstr(b, "ioremap reserve_memtype failed") || strstr(b, "ioremap memtype_reserve failed")) {
		add_event(k, IOM_EV_IOREMAP_RESV_FAILED, 0, 0, 0, 0, b);
		return DONE;
	}
	if (strstr(b, "x86/PAT:") && (strstr(b, "disabled") || strstr(b, "not supported")) &&
	    !strstr(b, "cannot be disabled")) {
		add_event(k, IOM_EV_PAT_DISABLED, 0, 0, 0, 0, b);
		return DONE;
	}
	if (strstr(b, "PAT support disabled") || strstr(b, "skipping PAT initialization")) {
		add_event(k, IOM_EV_PAT_DISABLED, 0, 0, 0, 0, b);
		return DONE;
	}
	return NOT_MINE;
}

static int mtrr_lines(struct klog *k, const char *b)
{
	const char *p;
	uint64_t s, z, s2, z2;
	enum iom_mt t1, t2;
	if (strstr(b, "no more MTRRs available")) {
		add_event(k, IOM_EV_MTRR_NO_MORE, 0, 0, 0, 0, b);
		return DONE;
	}
	if ((p = strstr(b, "overlaps existing"))) {
		/* "0x%lx000,0x%lx000 overlaps existing 0x%lx000,0x%lx000" (base, size) */
		const char *q = b;
		if (!strncmp(q, "mtrr:", 5))
			q += 5;
		if (!sys_hex0x(&q, &s) || !sys_lit(&q, ",") || !sys_hex0x(&q, &z) ||
		    !sys_lit(&q, "overlaps existing") || !sys_hex0x(&q, &s2) || !sys_lit(&q, ",") ||
		    !sys_hex0x(&q, &z2) || s + z < s)
			return k->what = "MTRR overlaps existing", INCOMPLETE;
		add_event(k, IOM_EV_MTRR_OVERLAPS, s, s + z, 0, 0, b);
		struct iom_sys_event *ev = &k->st->events[k->st->nr_events - 1];
		ev->b = (int)(s2 >> 12 & 0x7fffffff);
		return DONE;
	}
	if ((p = strstr(b, "type mismatch for "))) {
		/* "type mismatch for %lx000,%lx000 old: %s new: %s" (base, size; no 0x) */
		p += 18;
		if (!sys_hex(&p, &s) || !sys_lit(&p, ",") || !sys_hex(&p, &z) || !sys_lit(&p, "old:") ||
		    !type_tok(&p, &t1) || !sys_lit(&p, "new:") || !type_tok(&p, &t2) || s + z < s)
			return k->what = "MTRR type mismatch", INCOMPLETE;
		add_event(k, IOM_EV_MTRR_TYPE_MISMATCH, s, s + z, t1, t2, b);
		return DONE;
	}
	static const char *const bad_add[] = {
		"size and base must be multiples of 4 kiB", "base or size exceeds the MTRR width",
		"doesn't support write-combining", "zero sized request", "is not aligned on a size",
		"is not 4 MiB aligned", "Write-combining disabled.",
	};
	for (size_t i = 0; i < ARRAY_SIZE(bad_add); i++)
		if (strstr(b, bad_add[i])) {
			add_event(k, IOM_EV_MTRR_BAD_ADD, 0, 0, 0, 0, b);
			return DONE;
		}
	if (!strncmp(b, "mtrr: type: ", 12) || (!strncmp(b, "type: ", 6) && strstr(b, " invalid"))) {
		add_event(k, IOM_EV_MTRR_BAD_ADD, 0, 0, 0, 0, b);
		return DONE;
	}
	if (strstr(b, "Failed to add WC MTRR") || strstr(b, "MTRR allocation failed") ||
	    strstr(b, "Failed to set up write-combining range")) {
		add_event(k, IOM_EV_WC_ADD_FAILED, 0, 0, 0, 0, b);
		return DONE;
	}
	if (strstr(b, "had inconsistent") && strstr(b, "MTR")) {
		add_event(k, IOM_EV_MTRR_INCONSISTENT, 0, 0, 0, 0, b);
		return DONE;
	}
	if (strstr(b, "don't cover all of memory")) {
		add_event(k, IOM_EV_MTRR_LOSING_RAM, 0, 0, 0, 0, b);
		return DONE;
	}
	if (strstr(b, "configured an incorrect mask") || strstr(b, "contains strange UC entry") ||
	    (strstr(b, "Firmware") && strstr(b, "MTRR")) || (strstr(b, "MTRR: CPU") && strstr(b, "failed"))) {
		add_event(k, IOM_EV_MTRR_FW_BUG, 0, 0, 0, 0, b);
		return DONE;
	}
	if (strstr(b, "New variable MTRRs") || strstr(b, "Found optimal setting for mtrr clean up") ||
	    strstr(b, "mtrr_cleanup: can not find optimal value") || strstr(b, "gran_size:")) {
		/* cleanup.c (MTRR sanitizer); one event per block is enough */
		size_t n = k->st->nr_events;
		if (!n || k->st->events[n - 1].kind != IOM_EV_MTRR_SANITIZER)
			add_event(k, IOM_EV_MTRR_SANITIZER, 0, 0, 0, 0, b);
		else
			k->st->inputs[k->input].nr_used++;
		return DONE;
	}
	if (strstr(b, "MTRRs disabled") || !strcmp(b, "MTRR: Disabled") || strstr(b, "MTRRs set to read-only") ||
	    strstr(b, "CPU MTRRs all blank")) {
		add_event(k, IOM_EV_MTRR_DISABLED, 0, 0, 0, 0, b);
		return DONE;
	}
	return NOT_MINE;
}

/* print_mtrr_state() (generic.c) and mtrr_build_map()'s "MTRR map" lines. */
static int mtrr_dump(struct klog *k, const char *b)
{
	struct iom_sys_state *st = k->st;
	const char *p = b;
	uint64_t n, s, e;
	enum iom_mt t;
	if (!strncmp(b, "MTRR default type:", 18)) {
		p += 18;
		st->have_dump = true;
		st->dump_at.input = k->input;
		st->dump_at.line = k->line;
		if (!type_tok(&p, &t))
			return k->what = "MTRR default type", INCOMPLETE;
		st->dump_def_type = t;
		k->mode = DUMP_NONE;
		st->inputs[k->input].nr_used++;
		return DONE;
	}
	if (!strncmp(b, "MTRR fixed ranges ", 18)) {
		st->have_dump = true;
		st->dump_fixed_enabled = !strncmp(b + 18, "enabled", 7);
		k->mode = DUMP_FIXED;
		st->inputs[k->input].nr_used++;
		return DONE;
	}
	if (!strncmp(b, "MTRR variable ranges ", 21)) {
		st->have_dump = true;
		st->dump_var_enabled = !strncmp(b + 21, "enabled", 7);
		st->dump_vcnt = 0;
		k->mode = DUMP_VAR;
		st->inputs[k->input].nr_used++;
		return DONE;
	}
	if (!strncmp(b, "TOM2:", 5)) {
		p += 5;
		if (sys_hex(&p, &s))
			st->tom2 = s;
		st->inputs[k->input].nr_used++;
		return DONE;
	}
	if (!strncmp(b, "MTRR map:", 9)) {
		uint64_t ent, vc;
		p += 9;
		const char *q = strstr(p, "built from");
		if (!sys_dec(&p, &ent) || !q || (q += 10, !sys_dec(&q, &vc)))
			return k->what = "MTRR map", INCOMPLETE;
		st->map_entries = (int)(ent > 4096 ? 4096 : ent);
		st->map_vcnt = (int)(vc > 4096 ? 4096 : vc);
		st->map_at.input = k->input;
		st->map_at.line = k->line;
		st->nr_map = 0;
		k->mode = DUMP_MAP;
		st->inputs[k->input].nr_used++;
		return DONE;
	}
	if (k->mode == DUMP_FIXED && sys_hex(&p, &s) && *p == '-' && (p++, sys_hex(&p, &e)) &&
	    type_tok(&p, &t)) {
		if (s > e || e > 0xfffff) {
			iom_sys_msg(st, k->input, k->line, IOM_SYS_MSG_ERROR,
				    "fixed range %llx-%llx outside the first MiB; ignored",
				    (unsigned long long)s, (unsigned long long)e);
			return DONE;
		}
		struct iom_sys_typed_range *r = SYS_PUSH(st, fixed);
		if (r) {
			r->start = s;
			r->end = e + 1;
			r->type = t;
			r->at.input = k->input;
			r->at.line = k->line;
		}
		st->inputs[k->input].nr_used++;
		return DONE;
	}
	p = b;
	if (k->mode == DUMP_VAR && sys_dec(&p, &n)) {
		uint64_t base, mask;
		if (sys_lit(&p, "disabled")) {
			st->dump_vcnt++;
			st->inputs[k->input].nr_used++;
			return DONE;
		}
		if (sys_lit(&p, "base") && sys_hex(&p, &base) && sys_lit(&p, "mask") &&
		    sys_hex(&p, &mask) && type_tok(&p, &t)) {
			struct iom_sys_mtrr_var *v = SYS_PUSH(st, dvars);
			st->dump_vcnt++;
			if (v) {
				v->reg = (int)(n > 4096 ? 4096 : n);
				v->base = base;
				v->mask = mask;
				v->has_mask = true;
				/* size = lowest set bit of the mask (SDM 11.11.2.3) */
				v->size = mask ? mask & (~mask + 1) : 0;
				v->type = t;
				v->count = -1;
				v->at.input = k->input;
				v->at.line = k->line;
			}
			st->inputs[k->input].nr_used++;
			return DONE;
		}
		return k->what = "MTRR variable range", INCOMPLETE;
	}
	p = b;
	if (k->mode == DUMP_MAP && sys_dec(&p, &n) && sys_lit(&p, ":") && sys_hex(&p, &s) && *p == '-' &&
	    (p++, sys_hex(&p, &e)) && type_tok(&p, &t) && s <= e) {
		struct iom_sys_typed_range *r = SYS_PUSH(st, map);
		if (r) {
			r->start = s;
			r->end = incl_end(e);
			r->type = t;
			r->at.input = k->input;
			r->at.line = k->line;
		}
		st->inputs[k->input].nr_used++;
		return DONE;
	}
	return NOT_MINE;
}

static int bar_line(struct klog *k, const char *b)
{
	/* "pci 0000:00:02.0: BAR 0 [mem 0x..-0x.. 64bit pref]" (6.x), "...: reg 0x10: [mem ..]"
	 * (older probe), "...: BAR 2: assigned [mem ..]", "...: ROM [mem ..]", "VF BAR 0 [..]" */
	char w[32], bdf[16];
	const char *p = b;
	if (strncmp(p, "pci ", 4))
		return NOT_MINE;
	p += 4;
	size_t wn = strcspn(p, " \t");
	if (wn < 2 || wn >= sizeof(w) || p[wn - 1] != ':')
		return NOT_MINE;
	memcpy(w, p, wn - 1); /* "0000:00:02.0:" without the last colon */
	w[wn - 1] = 0;
	p += wn;
	if (sys_bdf_norm(w, bdf))
		return NOT_MINE;
	p = sys_skip_ws(p);
	int index;
	uint64_t v, s, e;
	if (!strncmp(p, "BAR ", 4) || !strncmp(p, "VF BAR ", 7)) {
		bool vf = p[0] == 'V';
		p += vf ? 7 : 4;
		if (!sys_dec(&p, &v) || v > 5)
			return NOT_MINE;
		index = (int)v + (vf ? 7 : 0);
	} else if (!strncmp(p, "reg 0x", 6)) {
		p += 4;
		if (!sys_hex0x(&p, &v) || v < 0x10 || (v > 0x24 && v != 0x30))
			return NOT_MINE;
		index = v == 0x30 ? 6 : (int)(v - 0x10) / 4;
	} else if (!strncmp(p, "ROM ", 4)) {
		p += 3;
		index = 6;
	} else {
		return NOT_MINE;
	}
	const char *m = strstr(p, "[mem ");
	if (!m)
		return DONE; /* I/O BAR or no range */
	p = m + 5;
	if (!sys_hex0x(&p, &s) || *p != '-' || (p++, !sys_hex0x(&p, &e)) || s > e)
		return k->what = "PCI BAR", INCOMPLETE;
	const char *close = strchr(p, ']');
	size_t fl = close ? (size_t)(close - p) : strlen(p);
	char flags[64];
	if (fl >= sizeof(flags))
		fl = sizeof(flags) - 1;
	memcpy(flags, p, fl);
	flags[fl] = 0;
	if (e - s < 0xfff && s == 0)
		return DONE; /* unassigned placeholder */
	struct iom_sys_bar bar;
	memset(&bar, 0, sizeof(bar));
	memcpy(bar.bdf, bdf, sizeof(bar.bdf));
	bar.index = index;
	bar.start = s;
	bar.end = e;
	bar.rom = index == 6;
	bar.prefetch = strstr(flags, "pref") ? 1 : 0;
	bar.is64 = strstr(flags, "64bit") ? 1 : 0;
	bar.disabled = strstr(flags, "disabled") != NULL;
	bar.wc_file = -1;
	bar.src = IOM_SYS_BAR_KLOG;
	bar.at.input = k->input;
	bar.at.line = k->line;
	if (iom_sys_add_bar(k->st, &bar))
		k->st->inputs[k->input].nr_used++;
	return DONE;
}

static int misc_lines(struct klog *k, const char *b)
{
	const char *p;
	uint64_t s, e;
	if ((p = strstr(b, "Linux version "))) {
		char w[64];
		p += 14;
		if (sys_word(&p, w, sizeof(w)))
			snprintf(k->st->kernel, sizeof(k->st->kernel), "%s", w);
		k->st->inputs[k->input].nr_used++;
		return DONE;
	}
	if ((p = strstr(b, "BIOS-e820:"))) {
		p += 10;
		const char *q = p;
		struct iom_sys_e820 r;
		memset(&r, 0, sizeof(r));
		if (sys_lit(&q, "[mem") && sys_hex0x(&q, &s) && *q == '-' && (q++, sys_hex0x(&q, &e)) &&
		    sys_lit(&q, "]") && s <= e) {
			r.start = s;
			r.end = incl_end(e); /* 2.6.28+: inclusive */
			r.usable = !strncmp(sys_skip_ws(q), "usable", 6);
		} else if (q = p, sys_hex(&q, &s) && sys_lit(&q, "-") && sys_hex(&q, &e) && s <= e) {
			r.start = s;
			r.end = e; /* old "start - end (type)": exclusive */
			r.usable = strstr(q, "(usable)") != NULL;
		} else {
			return k->what = "BIOS-e820", INCOMPLETE;
		}
		r.at.input = k->input;
		r.at.line = k->line;
		struct iom_sys_e820 *d = SYS_PUSH(k->st, e820);
		if (d)
			*d = r;
		k->st->inputs[k->input].nr_used++;
		return DONE;
	}
	if ((p = strstr(b, "framebuffer at 0x"))) {
		/* vesafb/efifb: "framebuffer at 0x%lx, [mapped to 0x%p, ]using %dk, total %dk" */
		uint64_t kb = 0;
		p += 15;
		if (!sys_hex0x(&p, &s))
			return k->what = "framebuffer", INCOMPLETE;
		const char *u = strstr(p, "using ");
		if (!u && (u = strstr(p, "size "))) /* 2.6-era vesafb: "..., size %dk" */
			u -= 1;
		if (u && (u += 6, sys_dec(&u, &kb)) && kb && kb < (1ULL << 40)) {
			add_event(k, IOM_EV_FRAMEBUFFER, s, s + kb * 1024, 0, 0, b);
			return DONE;
		}
		return k->what = "framebuffer", INCOMPLETE;
	}
	return NOT_MINE;
}

static int classify(struct klog *k, const char *b)
{
	int r;
	k->what = NULL;
	if ((r = mtrr_dump(k, b)) != NOT_MINE)
		return r;
	k->mode = DUMP_NONE; /* any other line ends a dump block */
	if ((r = pat_config(k, b)) != NOT_MINE)
		return r;
	if ((r = pat_lines(k, b)) != NOT_MINE)
		return r;
	if ((r = mtrr_lines(k, b)) != NOT_MINE)
		return r;
	if ((r = bar_line(k, b)) != NOT_MINE)
		return r;
	return misc_lines(k, b);
}

void iom_rd_dmesg(struct iom_sys_state *st, int input, const char *text, size_t len)
{
	struct sys_lines it;
	struct klog k = { .st = st, .input = input, .mode = DUMP_NONE };
	char pending[2 * SYS_LINE_MAX];
	int pend_line = 0, joins = 0;
	const char *pend_what = NULL;
	pending[0] = 0;
	sys_lines_init(&it, text, len);
	for (;;) {
		bool more = sys_lines_next(&it);
		bool record = false;
		const char *b = more ? body_of(it.buf, &record) : "";
		if (pending[0]) {
			if (more && !record && *b && joins < 3) {
				/* a wrapped continuation: join and retry */
				size_t n = strlen(pending);
				snprintf(pending + n, sizeof(pending) - n, " %s", b);
				k.line = pend_line;
				int r = classify(&k, pending);
				joins++;
				if (r != INCOMPLETE) {
					pending[0] = 0;
					continue;
				}
				pend_what = k.what;
				continue;
			}
			iom_sys_msg(st, input, pend_line, IOM_SYS_MSG_ERROR,
				    "'%s' line does not parse (truncated or garbled); ignored",
				    pend_what ? pend_what : "?");
			pending[0] = 0;
		}
		if (!more)
			break;
		if (!*b)
			continue;
		/* Lines the dump state machine expects come first; others reset it. */
		k.line = it.lineno;
		int r = classify(&k, b);
		if (r == INCOMPLETE) {
			snprintf(pending, sizeof(pending), "%s", b);
			pend_line = it.lineno;
			pend_what = k.what;
			joins = 0;
		}
	}
}
