// SPDX-License-Identifier: MIT
/* iomodel -- the audit as an SVG address-space map (plain text, no library).
 * Physical addresses run downwards. Every start/end of a drawn range is a breakpoint; a
 * segment between two breakpoints gets a height growing with log2 of its size, and a
 * stretch that nothing covers is elided to a thin "gap" band, so 4 KiB registers and
 * 256 GiB holes are both legible. Lanes, left to right: /proc/iomem (top level), variable
 * MTRRs, BARs, tracked reservations, effective type; findings are flagged on the right.
 * Colours by memory type (legend at the top). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/audit.h"

#define MAX_SEGS 4000

static const char *colour(iom_mtset s)
{
	if (__builtin_popcount(s) != 1)
		return s ? "#b0b0b0" : "#ffffff";
	switch (__builtin_ctz(s)) {
	case IOM_MT_UC: return "#d32f2f";
	case IOM_MT_UC_MINUS: return "#ef9a9a";
	case IOM_MT_WC: return "#fb8c00";
	case IOM_MT_WT: return "#7cb342";
	case IOM_MT_WP: return "#c0ca33";
	case IOM_MT_WB: return "#2e7d32";
	}
	return "#b0b0b0";
}

static void esc(struct iom_buf *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': iom_buf_puts(out, "&lt;"); break;
		case '>': iom_buf_puts(out, "&gt;"); break;
		case '&': iom_buf_puts(out, "&amp;"); break;
		case '"': iom_buf_puts(out, "&quot;"); break;
		default:
			if ((unsigned char)*s >= 0x20)
				iom_buf_add(out, s, 1);
		}
	}
}

static const char *hsize(uint64_t n, char *buf, size_t len)
{
	static const char suf[] = "KMGTPE";
	double v = (double)n;
	int i = -1;
	while (v >= 1024 && i < 5) {
		v /= 1024;
		i++;
	}
	if (i < 0)
		snprintf(buf, len, "%lluB", (unsigned long long)n);
	else if (v == floor(v))
		snprintf(buf, len, "%.0f%c", v, suf[i]);
	else
		snprintf(buf, len, "%.1f%c", v, suf[i]);
	return buf;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

struct map {
	uint64_t *pts;
	size_t n;
	double *y;         /* y of each breakpoint                                */
	unsigned char *gap; /* segment i (pts[i]..pts[i+1]) is elided             */
};

static double yof(const struct map *m, uint64_t a)
{
	size_t lo = 0, hi = m->n;
	if (!m->n)
		return 86; /* nothing to place: the top of the map */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (m->pts[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= m->n)
		return m->y[m->n - 1];
	return m->y[lo];
}

/* Index of the breakpoint a (a range end is always a breakpoint unless MAX_SEGS cut). */
static size_t seg_of(const struct map *m, uint64_t a)
{
	size_t lo = 0, hi = m->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (m->pts[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void rect(struct iom_buf *out, double x, double y0, double w, double y1, const char *fill,
		 const char *extra)
{
	double h = y1 - y0;
	if (h < 1)
		h = 1;
	iom_buf_printf(out, "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"%s\" "
			    "stroke=\"#333\" stroke-width=\"0.5\"%s/>\n", x, y0, w, h, fill, extra ? extra : "");
}

static void label(struct iom_buf *out, double x, double y0, double y1, const char *text,
		  const char *fill, double maxw)
{
	if (y1 - y0 < 9)
		return;
	char tmp[96];
	size_t maxc = (size_t)(maxw / 5.6);
	snprintf(tmp, sizeof(tmp), "%s", text);
	if (maxc > 3 && strlen(tmp) > maxc) {
		tmp[maxc - 1] = 0;
		strcat(tmp, "~");
	}
	iom_buf_printf(out, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"9\" fill=\"%s\">", x,
		       (y0 + y1) / 2 + 3, fill);
	esc(out, tmp);
	iom_buf_puts(out, "</text>\n");
}

void iom_audit_svg(const struct iom_audit *a, struct iom_buf *out)
{
	const struct iom_sys_state *st = a->st;
	struct map m = { 0 };
	size_t cap = 2 * (a->nr_regions + st->nr_iomem + a->mtrr.vcnt + st->nr_e820 + a->nr_findings) + 4, n = 0;
	uint64_t *raw = malloc(cap * sizeof(*raw));
	if (!raw)
		return;
#define ADD(s, e) do { if ((s) < (e)) { raw[n++] = (s); raw[n++] = (e); } } while (0)
	for (size_t i = 0; i < a->nr_regions; i++)
		ADD(a->regions[i].start, a->regions[i].end);
	for (size_t i = 0; i < st->nr_iomem; i++)
		if (st->iomem[i].parent < 0 && st->iomem[i].end != UINT64_MAX)
			ADD(st->iomem[i].start, st->iomem[i].end + 1);
	if (!st->nr_iomem)
		for (size_t i = 0; i < st->nr_e820; i++)
			ADD(st->e820[i].start, st->e820[i].end);
	for (unsigned r = 0; r < a->mtrr.vcnt; r++) {
		uint64_t b, z;
		enum iom_mt t;
		bool c;
		if (iom_mtrr_var_get(&a->mtrr, r, &b, &z, &t, &c) && b + z > b)
			ADD(b, b + z);
	}
	for (size_t i = 0; i < a->nr_findings; i++)
		if (a->findings[i].end > a->findings[i].start + 3)
			ADD(a->findings[i].start, a->findings[i].end);
#undef ADD
	qsort(raw, n, sizeof(*raw), cmp_u64);
	size_t u = 0;
	for (size_t i = 0; i < n; i++)
		if (!u || raw[i] != raw[u - 1])
			raw[u++] = raw[i];
	if (u > MAX_SEGS)
		u = MAX_SEGS;
	m.pts = raw;
	m.n = u;
	m.y = calloc(u + 1, sizeof(double));
	m.gap = calloc(u + 1, 1);
	if (!m.y || !m.gap) {
		free(raw);
		free(m.y);
		free(m.gap);
		return;
	}
	/* which segments does anything cover? A difference array over segment indices keeps
	 * this O((ranges + segments) log segments) for 100,000-entry captures. */
	unsigned char *cov = calloc(u + 1, 1);
	int *diff = calloc(u + 2, sizeof(int));
	if (cov && diff) {
		struct map tmp = { raw, u, NULL, NULL };
#define COVER(s, e)                                                                            \
	do {                                                                                   \
		if ((s) < (e)) {                                                               \
			diff[seg_of(&tmp, (s))]++;                                             \
			diff[seg_of(&tmp, (e))]--;                                             \
		}                                                                              \
	} while (0)
		for (size_t k = 0; k < st->nr_iomem; k++)
			if (st->iomem[k].parent < 0 && st->iomem[k].end != UINT64_MAX)
				COVER(st->iomem[k].start, st->iomem[k].end + 1);
		for (size_t k = 0; k < a->nr_regions; k++)
			COVER(a->regions[k].start, a->regions[k].end);
		for (size_t k = 0; k < a->nr_findings; k++)
			if (a->findings[k].end > a->findings[k].start + 3)
				COVER(a->findings[k].start, a->findings[k].end);
		if (!st->nr_iomem)
			for (size_t k = 0; k < st->nr_e820; k++)
				COVER(st->e820[k].start, st->e820[k].end);
		for (unsigned r = 0; r < a->mtrr.vcnt; r++) {
			uint64_t b, z;
			enum iom_mt t;
			bool cc;
			if (iom_mtrr_var_get(&a->mtrr, r, &b, &z, &t, &cc) && b + z > b)
				COVER(b, b + z);
		}
#undef COVER
		int run = 0;
		for (size_t i = 0; i + 1 < u; i++) {
			run += diff[i];
			cov[i] = run > 0;
		}
	}
	free(diff);
	const double top = 86, x0 = 10;
	double y = top;
	for (size_t i = 0; i < u; i++) {
		m.y[i] = y;
		if (i + 1 < u) {
			uint64_t sz = raw[i + 1] - raw[i];
			if (cov && !cov[i]) {
				m.gap[i] = 1;
				y += 12;
			} else {
				double h = 8 + 5.0 * log2((double)sz / 4096.0 + 1.0);
				y += h < 12 ? 12 : h > 90 ? 90 : h;
			}
		}
	}
	double height = y + 30, width = 1010;
	const double xa = x0, xi = 120, xm = 320, xb = 430, xr = 600, xe = 710, xf = 800;
	iom_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
			    "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, sans-serif\">\n",
		       width, height, width, height);
	iom_buf_printf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	size_t nerr = iom_audit_count(a, IOM_AUD_ERROR), nwarn = iom_audit_count(a, IOM_AUD_WARNING) - nerr;
	iom_buf_printf(out, "<text x=\"%.0f\" y=\"18\" font-size=\"14\" font-weight=\"bold\">iomodel audit: "
			    "physical address map by effective memory type</text>\n", x0);
	iom_buf_printf(out, "<text x=\"%.0f\" y=\"34\" font-size=\"11\">%s%zu error(s), %zu warning(s); "
			    "MTRR %s%s; PAT %s; heights are log-scaled, uncovered gaps elided</text>\n",
		       x0, nerr + nwarn ? "" : "no problems found: ", nerr, nwarn,
		       a->mtrr_known ? "from " : "", a->mtrr_known ? a->mtrr_from : "unknown (no input)",
		       a->pat == IOM_AUD_PAT_ENABLED ? "enabled" : a->pat == IOM_AUD_PAT_DISABLED ? "disabled" : "unknown");
	static const struct { enum iom_mt t; const char *n; } leg[] = {
		{ IOM_MT_WB, "WB" }, { IOM_MT_WT, "WT" }, { IOM_MT_WP, "WP" }, { IOM_MT_WC, "WC" },
		{ IOM_MT_UC_MINUS, "UC-" }, { IOM_MT_UC, "UC" },
	};
	double lx = x0;
	for (size_t i = 0; i < ARRAY_SIZE(leg); i++, lx += 62) {
		iom_buf_printf(out, "<rect x=\"%.0f\" y=\"42\" width=\"14\" height=\"10\" fill=\"%s\" stroke=\"#333\" stroke-width=\"0.5\"/>", lx,
			       colour(IOM_MTSET(leg[i].t)));
		iom_buf_printf(out, "<text x=\"%.0f\" y=\"51\" font-size=\"10\">%s</text>\n", lx + 18, leg[i].n);
	}
	iom_buf_printf(out, "<rect x=\"%.0f\" y=\"42\" width=\"14\" height=\"10\" fill=\"#b0b0b0\" stroke=\"#333\" stroke-width=\"0.5\"/>"
			    "<text x=\"%.0f\" y=\"51\" font-size=\"10\">unknown / several</text>\n", lx, lx + 18);
	lx += 120;
	iom_buf_printf(out, "<rect x=\"%.0f\" y=\"42\" width=\"14\" height=\"10\" fill=\"#fb8c00\" fill-opacity=\"0.35\" stroke=\"#333\" stroke-dasharray=\"2,2\" stroke-width=\"0.8\"/>"
			    "<text x=\"%.0f\" y=\"51\" font-size=\"10\">BAR not mapped: type an ioremap() would get</text>\n", lx, lx + 18);
	static const struct { double x; const char *n; } lanes[] = {
		{ 120, "/proc/iomem" }, { 320, "MTRR" }, { 430, "BARs" }, { 600, "tracked" },
		{ 710, "effective" }, { 800, "findings" },
	};
	iom_buf_printf(out, "<text x=\"%.0f\" y=\"76\" font-size=\"10\" font-weight=\"bold\">address</text>\n", xa);
	for (size_t i = 0; i < ARRAY_SIZE(lanes); i++)
		iom_buf_printf(out, "<text x=\"%.0f\" y=\"76\" font-size=\"10\" font-weight=\"bold\">%s</text>\n",
			       lanes[i].x, lanes[i].n);
	/* address ticks and gaps */
	char sz[24], txt[128], t1[16];
	for (size_t i = 0; i < u; i++) {
		iom_buf_printf(out, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"8\" fill=\"#555\">0x%llx</text>\n", xa,
			       m.y[i] + 3, (unsigned long long)raw[i]);
		iom_buf_printf(out, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#ddd\" stroke-width=\"0.5\"/>\n",
			       xi - 4, m.y[i], width - 10, m.y[i]);
		if (i + 1 < u && m.gap[i]) {
			iom_buf_printf(out, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"8\" fill=\"#999\">~ gap %s ~</text>\n",
				       xi + 40, (m.y[i] + m.y[i + 1]) / 2 + 3, hsize(raw[i + 1] - raw[i], sz, sizeof(sz)));
		}
	}
	/* /proc/iomem top level (or e820) */
	for (size_t i = 0; i < st->nr_iomem; i++) {
		const struct iom_sys_iomem *im = &st->iomem[i];
		if (im->parent >= 0 || im->end == UINT64_MAX || (!im->start && !im->end))
			continue;
		double y0 = yof(&m, im->start), y1 = yof(&m, im->end + 1);
		const char *fill = !strcmp(im->name, "System RAM") ? "#e8f5e9" : !strncmp(im->name, "PCI Bus", 7) ? "#e3f2fd" : "#f5f5f5";
		rect(out, xi, y0, 190, y1, fill, NULL);
		snprintf(txt, sizeof(txt), "%s (%s)", im->name, hsize(im->end - im->start + 1, sz, sizeof(sz)));
		label(out, xi + 3, y0, y1, txt, "#222", 185);
	}
	if (!st->nr_iomem)
		for (size_t i = 0; i < st->nr_e820; i++) {
			if (st->e820[i].start >= st->e820[i].end)
				continue;
			double y0 = yof(&m, st->e820[i].start), y1 = yof(&m, st->e820[i].end);
			rect(out, xi, y0, 190, y1, st->e820[i].usable ? "#e8f5e9" : "#f5f5f5", NULL);
			label(out, xi + 3, y0, y1, st->e820[i].usable ? "e820 usable" : "e820 reserved", "#222", 185);
		}
	/* MTRRs */
	for (unsigned r = 0; r < a->mtrr.vcnt; r++) {
		uint64_t b, z;
		enum iom_mt t;
		bool c;
		if (!iom_mtrr_var_get(&a->mtrr, r, &b, &z, &t, &c) || b + z <= b)
			continue;
		double y0 = yof(&m, b), y1 = yof(&m, b + z);
		double xo = xm + (r % 4) * 6;
		rect(out, xo, y0, 80, y1, t >= 0 ? colour(IOM_MTSET(t)) : "#b0b0b0", " fill-opacity=\"0.75\"");
	}
	/* MTRR labels after all boxes, at the top of each box, so overlaps stay readable */
	for (unsigned r = 0; r < a->mtrr.vcnt; r++) {
		uint64_t b, z;
		enum iom_mt t;
		bool c;
		if (!iom_mtrr_var_get(&a->mtrr, r, &b, &z, &t, &c) || b + z <= b)
			continue;
		double y0 = yof(&m, b), y1 = yof(&m, b + z);
		snprintf(txt, sizeof(txt), "reg%02u %s %s", r, t >= 0 ? iom_mt_name(t) : "?", hsize(z, sz, sizeof(sz)));
		label(out, xm + (r % 4) * 6 + 3, y0, y1 - y0 > 24 ? y0 + 12 : y1, txt, "#000", 78);
	}
	/* BARs, tracked, effective */
	for (size_t i = 0; i < a->nr_regions; i++) {
		const struct iom_aud_region *r = &a->regions[i];
		double y0 = yof(&m, r->start), y1 = yof(&m, r->end);
		if (r->kind == IOM_AUD_R_BAR) {
			const struct iom_sys_bar *b = &a->bars[r->bar];
			rect(out, xb, y0, 160, y1, "#fafafa",
			     b->prefetch == 1 ? " stroke-dasharray=\"4,2\"" : NULL);
			snprintf(txt, sizeof(txt), "%s%s", r->owner,
				 b->prefetch == 1 ? " pref" : b->prefetch == 0 ? " non-pref" : "");
			label(out, xb + 3, y0, y1, txt, "#222", 155);
			if (r->hypothetical) {
				rect(out, xe, y0, 80, y1, colour(r->eff),
				     " fill-opacity=\"0.35\" stroke-dasharray=\"2,2\"");
				label(out, xe + 3, y0, y1, iom_mtset_str(r->eff, t1, sizeof(t1)), "#000", 76);
			}
		} else {
			rect(out, xr, y0, 100, y1, colour(r->tracked), NULL);
			snprintf(txt, sizeof(txt), "%s%s", iom_mtset_str(r->tracked, t1, sizeof(t1)),
				 r->dup > 1 ? " (dup)" : "");
			label(out, xr + 3, y0, y1, txt, "#000", 96);
			rect(out, xe, y0, 80, y1, colour(r->eff), NULL);
			label(out, xe + 3, y0, y1, iom_mtset_str(r->eff, t1, sizeof(t1)), "#000", 76);
		}
	}
	/* findings */
	double fy = top;
	for (size_t i = 0; i < a->nr_findings; i++) {
		const struct iom_aud_finding *f = &a->findings[i];
		const char *c = f->sev == IOM_AUD_ERROR ? "#b71c1c" : f->sev == IOM_AUD_WARNING ? "#e65100" : "#1565c0";
		if (f->end > f->start + 3 && u) {
			double y0 = yof(&m, f->start), y1 = yof(&m, f->end);
			if (y1 <= y0)
				y1 = y0 + 4;
			rect(out, xf, y0, 6, y1, c, NULL);
			snprintf(txt, sizeof(txt), "%s: %s", iom_aud_sev_name(f->sev), f->code->code);
			iom_buf_printf(out, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"9\" fill=\"%s\">", xf + 10, y0 + 9, c);
			esc(out, txt);
			iom_buf_puts(out, "</text>\n");
		} else {
			iom_buf_printf(out, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"9\" fill=\"%s\">", xf + 10,
				       fy + 9 + (u ? 0 : 0), c);
			snprintf(txt, sizeof(txt), "%s: %s (no address)", iom_aud_sev_name(f->sev), f->code->code);
			esc(out, txt);
			iom_buf_puts(out, "</text>\n");
			fy += 11;
		}
	}
	iom_buf_puts(out, "</svg>\n");
	free(cov);
	free(raw);
	free(m.y);
	free(m.gap);
}
