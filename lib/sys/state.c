// SPDX-License-Identifier: MIT
/* iomodel -- sys state lifecycle, messages, input registration and kind detection.
 * Detection is by content only (FIELD-a: the formats differ enough that a few
 * anchored line shapes identify each kind); the one exception is an empty file named
 * mtrr*, because an empty /proc/mtrr is legal and has no content to recognise. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/diag.h"
#include "sys/sys_int.h"

/* ORDER IOM_SYS_K */
static const char *const kind_names[] = {
	[IOM_SYS_K_UNKNOWN] = "unknown",     [IOM_SYS_K_MTRR] = "proc-mtrr",
	[IOM_SYS_K_PAT_LIST] = "pat-memtype-list", [IOM_SYS_K_IOMEM] = "proc-iomem",
	[IOM_SYS_K_KLOG] = "kernel-log",     [IOM_SYS_K_LSPCI] = "lspci",
	[IOM_SYS_K_PCI_RESOURCE] = "pci-resource", [IOM_SYS_K_CPUINFO] = "cpuinfo",
};
_Static_assert(ARRAY_SIZE(kind_names) == IOM_SYS_K__COUNT, "ORDER IOM_SYS_K");

/* ORDER IOM_SYS_IN */
static const char *const status_names[] = {
	[IOM_SYS_IN_OK] = "ok",         [IOM_SYS_IN_EMPTY] = "empty",
	[IOM_SYS_IN_ABSENT] = "absent", [IOM_SYS_IN_DENIED] = "permission denied",
	[IOM_SYS_IN_ERROR] = "error",   [IOM_SYS_IN_UNRECOGNISED] = "unrecognised",
	[IOM_SYS_IN_ZEROED] = "addresses hidden (not root)",
};

/* ORDER IOM_EV */
static const char *const ev_names[] = {
	[IOM_EV_PAT_CONFLICT] = "pat-conflict",
	[IOM_EV_RESERVE_FAILED] = "memtype-reserve-failed",
	[IOM_EV_RESERVE_ADDED] = "memtype-reserve-added",
	[IOM_EV_MAP_PFN_EXPECTED] = "map-pfn-expected",
	[IOM_EV_MAP_PFN_RAM] = "map-pfn-ram",
	[IOM_EV_RAM_PAGES_FAILED] = "reserve-ram-pages-failed",
	[IOM_EV_CHANGE_ATTR_FAILED] = "ioremap-change-attr-failed",
	[IOM_EV_FREE_INVALID] = "freeing-invalid-memtype",
	[IOM_EV_IOREMAP_ERROR] = "ioremap-error",
	[IOM_EV_IOREMAP_RESV_FAILED] = "ioremap-reserve-failed",
	[IOM_EV_MTRR_NO_MORE] = "mtrr-no-more",
	[IOM_EV_MTRR_OVERLAPS] = "mtrr-overlaps-existing",
	[IOM_EV_MTRR_TYPE_MISMATCH] = "mtrr-type-mismatch",
	[IOM_EV_MTRR_BAD_ADD] = "mtrr-bad-request",
	[IOM_EV_WC_ADD_FAILED] = "wc-mtrr-add-failed",
	[IOM_EV_MTRR_INCONSISTENT] = "mtrr-inconsistent",
	[IOM_EV_MTRR_FW_BUG] = "mtrr-firmware-bug",
	[IOM_EV_MTRR_LOSING_RAM] = "mtrr-losing-ram",
	[IOM_EV_MTRR_DISABLED] = "mtrr-disabled",
	[IOM_EV_PAT_DISABLED] = "pat-disabled",
	[IOM_EV_FRAMEBUFFER] = "framebuffer",
	[IOM_EV_MTRR_SANITIZER] = "mtrr-sanitizer",
};
_Static_assert(ARRAY_SIZE(ev_names) == IOM_EV__COUNT, "ORDER IOM_EV");

const char *iom_sys_kind_name(enum iom_sys_kind k)
{
	return k >= 0 && k < IOM_SYS_K__COUNT ? kind_names[k] : "?";
}

const char *iom_sys_in_status_name(enum iom_sys_in_status s)
{
	return s >= 0 && s < (int)ARRAY_SIZE(status_names) ? status_names[s] : "?";
}

const char *iom_sys_ev_name(enum iom_sys_ev e)
{
	return e >= 0 && e < IOM_EV__COUNT ? ev_names[e] : "?";
}

void *iom_sys_grow(void **arr, size_t *nr, size_t *cap, size_t elsize)
{
	if (*nr == *cap) {
		size_t ncap = *cap ? *cap * 2 : 16;
		void *p = realloc(*arr, ncap * elsize);
		if (!p)
			return NULL;
		*arr = p;
		*cap = ncap;
	}
	char *slot = (char *)*arr + (*nr)++ * elsize;
	memset(slot, 0, elsize);
	return slot;
}

char *iom_sys_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

void iom_sys_msg(struct iom_sys_state *st, int input, int line, enum iom_sys_msg_sev sev,
		 const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	struct iom_sys_msg *m = SYS_PUSH(st, msgs);
	if (!m)
		return;
	m->at.input = input;
	m->at.line = line;
	m->sev = sev;
	m->text = iom_sys_strdup(tmp);
}

void iom_sys_state_init(struct iom_sys_state *st)
{
	memset(st, 0, sizeof(*st));
	st->dump_def_type = IOM_SYS_UNKNOWN;
	st->dump_fixed_enabled = IOM_SYS_UNKNOWN;
	st->dump_var_enabled = IOM_SYS_UNKNOWN;
	st->dump_vcnt = IOM_SYS_UNKNOWN;
	st->map_entries = IOM_SYS_UNKNOWN;
	st->map_vcnt = IOM_SYS_UNKNOWN;
	st->cpu_pat = IOM_SYS_UNKNOWN;
	st->cpu_mtrr = IOM_SYS_UNKNOWN;
}

void iom_sys_state_release(struct iom_sys_state *st)
{
	for (size_t i = 0; i < st->nr_inputs; i++)
		free(st->inputs[i].name);
	for (size_t i = 0; i < st->nr_msgs; i++)
		free(st->msgs[i].text);
	for (size_t i = 0; i < st->nr_iomem; i++)
		free(st->iomem[i].name);
	for (size_t i = 0; i < st->nr_events; i++)
		free(st->events[i].text);
	free(st->inputs);
	free(st->msgs);
	free(st->vars);
	free(st->dvars);
	free(st->fixed);
	free(st->map);
	free(st->resv);
	free(st->iomem);
	free(st->bars);
	free(st->events);
	free(st->e820);
	iom_sys_state_init(st);
}

/* ---- lines and tokens ---------------------------------------------------------------- */

void sys_lines_init(struct sys_lines *it, const char *text, size_t len)
{
	it->p = text ? text : "";
	it->end = it->p + (text ? len : 0);
	it->lineno = 0;
	it->buf[0] = 0;
	it->cut = false;
}

bool sys_lines_next(struct sys_lines *it)
{
	if (it->p >= it->end)
		return false;
	size_t n = 0;
	it->cut = false;
	while (it->p < it->end && *it->p != '\n') {
		char c = *it->p++;
		if (c == '\r')
			continue;
		if (c == '\0' || c == '\t')
			c = c == '\t' ? '\t' : ' ';
		if (n < sizeof(it->buf) - 1)
			it->buf[n++] = c;
		else
			it->cut = true;
	}
	if (it->p < it->end)
		it->p++; /* the newline */
	it->buf[n] = 0;
	it->lineno++;
	return true;
}

const char *sys_skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool hex_digits(const char **p, uint64_t *v)
{
	const char *s = *p;
	uint64_t x = 0;
	int n = 0;
	while (hexval((unsigned char)*s) >= 0) {
		if (x >> 60)
			return false; /* overflow */
		x = x << 4 | (uint64_t)hexval((unsigned char)*s);
		s++;
		n++;
	}
	if (!n)
		return false;
	*p = s;
	*v = x;
	return true;
}

bool sys_hex(const char **p, uint64_t *v)
{
	const char *s = sys_skip_ws(*p);
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && hexval((unsigned char)s[2]) >= 0)
		s += 2;
	if (!hex_digits(&s, v))
		return false;
	*p = s;
	return true;
}

bool sys_hex0x(const char **p, uint64_t *v)
{
	const char *s = sys_skip_ws(*p);
	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return false;
	s += 2;
	if (!hex_digits(&s, v))
		return false;
	*p = s;
	return true;
}

bool sys_dec(const char **p, uint64_t *v)
{
	const char *s = sys_skip_ws(*p);
	uint64_t x = 0;
	int n = 0;
	while (*s >= '0' && *s <= '9') {
		if (x > (UINT64_MAX - 9) / 10)
			return false;
		x = x * 10 + (uint64_t)(*s - '0');
		s++;
		n++;
	}
	if (!n)
		return false;
	*p = s;
	*v = x;
	return true;
}

bool sys_lit(const char **p, const char *lit)
{
	const char *s = sys_skip_ws(*p);
	size_t n = strlen(lit);
	if (strncmp(s, lit, n))
		return false;
	*p = s + n;
	return true;
}

bool sys_word(const char **p, char *out, size_t n)
{
	const char *s = sys_skip_ws(*p);
	size_t k = 0;
	while (*s && !strchr(" \t,;:", *s)) {
		if (k + 1 < n)
			out[k++] = *s;
		s++;
	}
	if (!k)
		return false;
	out[k] = 0;
	*p = s;
	return true;
}

int sys_type_name(const char *s, enum iom_mt *out)
{
	/* cattr_name() (memtype.h@6.12) and mtrr_attrib_to_str() (mtrr/if.c) spellings, and
	 * the PAT configuration cells; "write-protected" vs MTRR "write-protect". */
	static const struct {
		const char *name;
		enum iom_mt t;
	} names[] = {
		{ "uncached", IOM_MT_UC },          { "uncachable", IOM_MT_UC },
		{ "uncacheable", IOM_MT_UC },       { "uncached-minus", IOM_MT_UC_MINUS },
		{ "write-combining", IOM_MT_WC },   { "write-through", IOM_MT_WT },
		{ "write-protected", IOM_MT_WP },   { "write-protect", IOM_MT_WP },
		{ "write-back", IOM_MT_WB },        { "UC", IOM_MT_UC },
		{ "UC-", IOM_MT_UC_MINUS },         { "WC", IOM_MT_WC },
		{ "WT", IOM_MT_WT },                { "WP", IOM_MT_WP },
		{ "WB", IOM_MT_WB },
	};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(s, names[i].name)) {
			*out = names[i].t;
			return 0;
		}
	return -1;
}

/* n hex digits exactly; returns the value or -1 */
static long hexn(const char *s, int n)
{
	long v = 0;
	for (int i = 0; i < n; i++) {
		int d = hexval((unsigned char)s[i]);
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

int sys_bdf_norm(const char *s, char out[16])
{
	/* "dddd:bb:dd.f" or "bb:dd.f", nothing after; hand-parsed (called per region) */
	long dom = 0, bus, dev, fn;
	size_t n = strlen(s);
	if (n == 12 && s[4] == ':') {
		dom = hexn(s, 4);
		s += 5;
		n -= 5;
	}
	if (n != 7 || dom < 0 || s[2] != ':' || s[5] != '.')
		return -1;
	bus = hexn(s, 2);
	dev = hexn(s + 3, 2);
	fn = s[6] >= '0' && s[6] <= '7' ? s[6] - '0' : -1;
	if (bus < 0 || dev < 0 || dev > 0x1f || fn < 0)
		return -1;
	snprintf(out, 16, "%04x:%02x:%02x.%u", (unsigned)dom & 0xffff, (unsigned)bus & 0xff,
		 (unsigned)dev & 0x1f, (unsigned)fn & 7);
	return 0;
}

struct iom_sys_bar *iom_sys_add_bar(struct iom_sys_state *st, const struct iom_sys_bar *b)
{
	for (size_t i = 0; i < st->nr_bars; i++) {
		struct iom_sys_bar *o = &st->bars[i];
		if (strcmp(o->bdf, b->bdf) || o->start != b->start || o->rom != b->rom)
			continue;
		/* Same BAR seen twice: keep the most precise facts (sysfs > lspci > log > iomem). */
		if (o->index < 0)
			o->index = b->index;
		if (o->prefetch < 0)
			o->prefetch = b->prefetch;
		if (o->is64 < 0)
			o->is64 = b->is64;
		if (o->wc_file < 0)
			o->wc_file = b->wc_file;
		if (!o->devclass[0])
			memcpy(o->devclass, b->devclass, sizeof(o->devclass));
		if (!o->flags)
			o->flags = b->flags;
		if (b->src < o->src) {
			o->src = b->src;
			o->at = b->at;
			o->end = b->end;
		}
		return o;
	}
	struct iom_sys_bar *n = SYS_PUSH(st, bars);
	if (n)
		*n = *b;
	return n;
}

/* ---- detection ------------------------------------------------------------------------ */

static bool is_iomem_line(const char *s)
{
	uint64_t a, b;
	s = sys_skip_ws(s);
	if (!hex_digits(&s, &a) || *s != '-')
		return false;
	s++;
	if (!hex_digits(&s, &b))
		return false;
	return !strncmp(s, " : ", 3);
}

static bool is_resource_line(const char *s)
{
	uint64_t v;
	for (int i = 0; i < 3; i++)
		if (!sys_hex0x(&s, &v))
			return false;
	return *sys_skip_ws(s) == 0;
}

static bool is_lspci_head(const char *s)
{
	char bdf[16];
	char w[32];
	size_t n = 0;
	while (s[n] && s[n] != ' ' && n < sizeof(w) - 1) {
		w[n] = s[n];
		n++;
	}
	w[n] = 0;
	return s[n] == ' ' && !sys_bdf_norm(w, bdf) && strchr(s + n, ':');
}

static bool is_pat_line(const char *s)
{
	if (!strncmp(s, "PAT memtype list:", 17) || !strncmp(s, "PAT: [mem 0x", 12))
		return true;
	const char *at = strstr(s, " @ 0x");
	if (!at)
		return false;
	char t[32];
	size_t n = (size_t)(at - s);
	if (n >= sizeof(t))
		return false;
	memcpy(t, s, n);
	t[n] = 0;
	enum iom_mt mt;
	return !sys_type_name(t, &mt) || !strcmp(t, "broken");
}

static bool is_klog_line(const char *s)
{
	static const char *const keys[] = {
		"x86/PAT:", "MTRR", "mtrr", "BIOS-e820", "ioremap", "Linux version",
		"e820:", "pci 0000:", "framebuffer at", "memtype",
	};
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (strstr(s, keys[i]))
			return true;
	s = sys_skip_ws(s);
	return s[0] == '[' && strchr(s, ']') && (isdigit((unsigned char)s[1]) || s[1] == ' ');
}

enum iom_sys_kind iom_sys_detect(const char *name, const char *text, size_t len)
{
	unsigned score[IOM_SYS_K__COUNT] = { 0 };
	struct sys_lines it;
	unsigned nonblank = 0;
	sys_lines_init(&it, text, len);
	while (sys_lines_next(&it) && it.lineno <= 400) {
		const char *s = it.buf;
		if (!*sys_skip_ws(s))
			continue;
		nonblank++;
		if (!strncmp(s, "reg", 3) && isdigit((unsigned char)s[3]) && strstr(s, "base=") &&
		    strstr(s, "size="))
			score[IOM_SYS_K_MTRR] += 3;
		else if (is_pat_line(s))
			score[IOM_SYS_K_PAT_LIST] += 3;
		else if (is_resource_line(s))
			score[IOM_SYS_K_PCI_RESOURCE] += 2;
		else if (is_iomem_line(s))
			score[IOM_SYS_K_IOMEM] += 2;
		else if (!strncmp(s, "flags", 5) && strchr(s, ':') &&
			 (strstr(s, " fpu ") || strstr(s, " pat") || strstr(s, " mtrr")))
			score[IOM_SYS_K_CPUINFO] += 5;
		else if (!strncmp(s, "processor", 9) && strchr(s, ':'))
			score[IOM_SYS_K_CPUINFO] += 2;
		else if (is_lspci_head(s))
			score[IOM_SYS_K_LSPCI] += 3;
		else if (strstr(s, "Memory at ") && (strstr(s, "prefetchable") || strstr(s, "[size=")))
			score[IOM_SYS_K_LSPCI] += 2;
		else if (is_klog_line(s))
			score[IOM_SYS_K_KLOG] += 1;
	}
	if (!nonblank) {
		const char *base = name ? strrchr(name, '/') : NULL;
		base = base ? base + 1 : name;
		if (base && !strncmp(base, "mtrr", 4))
			return IOM_SYS_K_MTRR;
		return IOM_SYS_K_UNKNOWN;
	}
	enum iom_sys_kind best = IOM_SYS_K_UNKNOWN;
	for (int k = 1; k < IOM_SYS_K__COUNT; k++)
		if (score[k] > score[best])
			best = (enum iom_sys_kind)k;
	return best;
}

/* ---- inputs --------------------------------------------------------------------------- */

static int new_input(struct iom_sys_state *st, const char *name, enum iom_sys_kind kind)
{
	struct iom_sys_input *in = SYS_PUSH(st, inputs);
	if (!in)
		return -IOM_ENOMEM;
	in->name = iom_sys_strdup(name ? name : "-");
	in->kind = kind;
	return (int)(st->nr_inputs - 1);
}

int iom_sys_add_missing(struct iom_sys_state *st, const char *name, enum iom_sys_kind kind, int err)
{
	int i = new_input(st, name, kind);
	if (i < 0)
		return i;
	struct iom_sys_input *in = &st->inputs[i];
	in->err = err;
	in->status = err == ENOENT || err == ENODEV || err == ENXIO ? IOM_SYS_IN_ABSENT
		     : err == EPERM || err == EACCES                 ? IOM_SYS_IN_DENIED
								     : IOM_SYS_IN_ERROR;
	return i;
}

int iom_sys_add_text(struct iom_sys_state *st, const char *name, enum iom_sys_kind kind,
		     const char *text, size_t len)
{
	if (kind == IOM_SYS_K_UNKNOWN)
		kind = iom_sys_detect(name, text, len);
	int i = new_input(st, name, kind);
	if (i < 0)
		return i;
	unsigned lines = 0;
	bool blank = true;
	for (size_t k = 0; k < len; k++) {
		if (text[k] == '\n')
			lines++;
		else if (!isspace((unsigned char)text[k]))
			blank = false;
	}
	if (len && text[len - 1] != '\n')
		lines++;
	st->inputs[i].nr_lines = lines;
	if (blank)
		st->inputs[i].status = IOM_SYS_IN_EMPTY;
	switch (kind) {
	case IOM_SYS_K_MTRR: iom_rd_mtrr(st, i, text, len); break;
	case IOM_SYS_K_PAT_LIST: iom_rd_pat_memtype_list(st, i, text, len); break;
	case IOM_SYS_K_IOMEM: iom_rd_iomem(st, i, text, len); break;
	case IOM_SYS_K_KLOG: iom_rd_dmesg(st, i, text, len); break;
	case IOM_SYS_K_LSPCI: iom_rd_lspci(st, i, text, len); break;
	case IOM_SYS_K_PCI_RESOURCE: iom_rd_pci_resource(st, i, NULL, text, len); break;
	case IOM_SYS_K_CPUINFO: iom_rd_cpuinfo(st, i, text, len); break;
	default:
		if (!blank) {
			st->inputs[i].status = IOM_SYS_IN_UNRECOGNISED;
			iom_sys_msg(st, i, 0, IOM_SYS_MSG_WARN,
				    "content not recognised as any supported kind; ignored");
		}
		break;
	}
	return i;
}
