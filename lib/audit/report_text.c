// SPDX-License-Identifier: MIT
/* iomodel -- the audit's text report: summary first (inputs, MTRR, PAT, counts, what stays
 * unknown), then the region table (range, owner, tracked, MTRR and effective type), then
 * the findings with explanation, evidence (input:line) and fix, then input problems.
 * "no problems found" when there is no finding at warning or error level. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/audit.h"

/* iom_buf_printf() formats twice; rows of 100,000-line reports format once into the stack. */
static void bput(struct iom_buf *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bput(struct iom_buf *out, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(tmp)) {
		iom_buf_add(out, tmp, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big)
		return;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	iom_buf_add(out, big, (size_t)n);
	free(big);
}

static const char *where(const struct iom_audit *a, struct iom_sys_where w, char *buf, size_t n)
{
	if (w.input < 0 || (size_t)w.input >= a->st->nr_inputs)
		snprintf(buf, n, "-");
	else if (w.line)
		snprintf(buf, n, "%s:%d", a->st->inputs[w.input].name, w.line);
	else
		snprintf(buf, n, "%s", a->st->inputs[w.input].name);
	return buf;
}

static const char *size_str(uint64_t n, char *buf, size_t len)
{
	static const char suf[] = "KMGTPE";
	int i = -1;
	if (n < 1024 || n % 1024) {
		snprintf(buf, len, "%lluB", (unsigned long long)n);
		return buf;
	}
	while (n >= 1024 && !(n % 1024) && i < 5) {
		n /= 1024;
		i++;
	}
	snprintf(buf, len, "%llu%c", (unsigned long long)n, suf[i]);
	return buf;
}

/* Wrap text at width, each line prefixed by indent. */
static void wrap(struct iom_buf *out, const char *indent, const char *text, size_t width)
{
	const char *p = text;
	while (*p) {
		size_t n = strlen(p);
		if (n > width) {
			n = width;
			while (n > 0 && p[n] != ' ')
				n--;
			if (!n)
				n = width;
		}
		iom_buf_puts(out, indent);
		iom_buf_add(out, p, n);
		iom_buf_puts(out, "\n");
		p += n;
		while (*p == ' ')
			p++;
	}
}

static void summary(const struct iom_audit *a, struct iom_buf *out)
{
	const struct iom_sys_state *st = a->st;
	char tmp[64];
	size_t nerr = 0, nwarn = 0, ninfo = 0;
	for (size_t i = 0; i < a->nr_findings; i++) {
		enum iom_aud_sev s = a->findings[i].sev;
		nerr += s == IOM_AUD_ERROR;
		nwarn += s == IOM_AUD_WARNING;
		ninfo += s == IOM_AUD_INFO;
	}
	iom_buf_puts(out, "iomodel audit\n\n");
	if (!nerr && !nwarn)
		iom_buf_printf(out, "Result: no problems found%s\n",
			       ninfo ? " (notes below)" : "");
	else
		iom_buf_printf(out, "Result: %zu error%s, %zu warning%s, %zu note%s\n", nerr,
			       nerr == 1 ? "" : "s", nwarn, nwarn == 1 ? "" : "s", ninfo,
			       ninfo == 1 ? "" : "s");
	for (size_t i = 0; i < a->nr_findings; i++)
		iom_buf_printf(out, "  %-7s %s\n", iom_aud_sev_name(a->findings[i].sev),
			       a->findings[i].code->code);
	iom_buf_puts(out, "\nInputs:\n");
	int nw = 20;
	for (size_t i = 0; i < st->nr_inputs; i++)
		if ((int)strlen(st->inputs[i].name) > nw)
			nw = (int)strlen(st->inputs[i].name);
	if (nw > 72)
		nw = 72;
	for (size_t i = 0; i < st->nr_inputs; i++) {
		const struct iom_sys_input *in = &st->inputs[i];
		iom_buf_printf(out, "  %-*s %-16s %s", nw, in->name, iom_sys_kind_name(in->kind),
			       iom_sys_in_status_name(in->status));
		if (in->status == IOM_SYS_IN_OK || in->status == IOM_SYS_IN_ZEROED)
			iom_buf_printf(out, ", %u of %u lines used", in->nr_used, in->nr_lines);
		iom_buf_puts(out, "\n");
	}
	iom_buf_printf(out, "\nMTRR: %s%s", a->mtrr_known ? "from " : "", a->mtrr_known ? a->mtrr_from : "no input");
	if (a->mtrr_known) {
		if (!a->mtrr.enabled)
			iom_buf_puts(out, "; MTRRs disabled (UC everywhere at the MTRR level)");
		else {
			iom_buf_printf(out, "; %u variable range%s in use", a->nr_var_used,
				       a->nr_var_used == 1 ? "" : "s");
			if (a->vcnt >= 0)
				iom_buf_printf(out, " of %d", a->vcnt);
			else
				iom_buf_puts(out, " (VCNT unknown)");
			enum iom_mt d = IOM_MT_NONE;
			iom_mt_from_hw(a->mtrr.def_type, true, &d);
			iom_buf_printf(out, "; default type %s%s", a->def_known ? iom_mt_name(d) : "unknown",
				       a->def_inferred ? " (deduced)" : "");
			iom_buf_printf(out, "; fixed ranges %s",
				       !a->fixed_known ? "unknown" : a->mtrr.fixed_enabled ? "enabled" : "not used");
		}
	}
	iom_buf_puts(out, "\n");
	iom_buf_printf(out, "PAT: %s",
		       a->pat == IOM_AUD_PAT_ENABLED ? "enabled" : a->pat == IOM_AUD_PAT_DISABLED ? "disabled" : "unknown");
	if (a->slots_known) {
		iom_buf_puts(out, "; layout");
		for (int i = 0; i < 8; i++)
			iom_buf_printf(out, " %s", iom_mt_name(a->slots[i]));
	}
	if (st->kernel[0])
		iom_buf_printf(out, "; kernel %s", st->kernel);
	iom_buf_puts(out, "\n");
	size_t nres = 0, nbar = 0;
	for (size_t i = 0; i < a->nr_regions; i++) {
		nres += a->regions[i].kind == IOM_AUD_R_RESV ? a->regions[i].dup : 0;
		nbar += a->regions[i].kind == IOM_AUD_R_BAR;
	}
	iom_buf_printf(out, "Regions: %zu tracked reservation%s, %zu BAR window%s%s\n", nres,
		       nres == 1 ? "" : "s", nbar, nbar == 1 ? "" : "s",
		       st->have_iomem && !st->iomem_zeroed ? ", owners from /proc/iomem" : "");
	if (a->nr_unknowns) {
		iom_buf_puts(out, "\nUnknown from these inputs:\n");
		for (size_t i = 0; i < a->nr_unknowns; i++) {
			struct iom_buf tmpb;
			iom_buf_init(&tmpb);
			wrap(&tmpb, "    ", a->unknowns[i], 86);
			const char *t = iom_buf_str(&tmpb);
			iom_buf_puts(out, "  - ");
			iom_buf_puts(out, t + 4);
			iom_buf_release(&tmpb);
		}
	}
	(void)tmp;
}

static void regions(const struct iom_audit *a, struct iom_buf *out)
{
	char t1[16], t2[16], t3[16], sz[24];
	uint64_t maxa = 0;
	bool hyp = false;
	if (!a->nr_regions)
		return;
	for (size_t i = 0; i < a->nr_regions; i++)
		if (a->regions[i].end - 1 > maxa)
			maxa = a->regions[i].end - 1;
	int w = 8;
	while (w < 16 && (maxa >> (4 * w)))
		w++;
	bput(out, "\nRegions (end inclusive; map = tracked reservation; BAR/p64 = prefetchable 64-bit,\n"
			    "n = non-prefetchable, ? = flags unknown; * = no tracked mapping: the type an\n"
			    "ioremap() would get):\n");
	bput(out, "  %-*s %6s  %-7s %-40s %-7s %-6s %s\n", 2 * w + 5, "RANGE", "SIZE", "KIND",
		       "OWNER", "TRACKED", "MTRR", "EFFECTIVE");
	for (size_t i = 0; i < a->nr_regions; i++) {
		const struct iom_aud_region *r = &a->regions[i];
		char range[48], eff[24], own[140];
		snprintf(range, sizeof(range), "0x%0*llx-0x%0*llx", w, (unsigned long long)r->start, w,
			 (unsigned long long)r->end - 1);
		snprintf(eff, sizeof(eff), "%s%s%s", iom_mtset_str(r->eff, t3, sizeof(t3)),
			 r->hypothetical ? "*" : "", r->mtrr_undefined ? " (undefined)" : "");
		hyp |= r->hypothetical;
		if (r->dup > 1)
			snprintf(own, sizeof(own), "%s x%u", r->owner[0] ? r->owner : "?", r->dup);
		else
			snprintf(own, sizeof(own), "%s", r->owner[0] ? r->owner : "?");
		char kind[16] = "map";
		if (r->kind == IOM_AUD_R_BAR) {
			const struct iom_sys_bar *b = &a->bars[r->bar];
			snprintf(kind, sizeof(kind), "BAR/%s%s", b->prefetch == 1 ? "p" : b->prefetch == 0 ? "n" : "?",
				 b->is64 == 1 ? "64" : b->is64 == 0 ? "32" : "");
		}
		bput(out, "  %-*s %6s  %-7s %-40s %-7s %-6s %s\n", 2 * w + 5, range,
			       size_str(r->end - r->start, sz, sizeof(sz)), kind, own,
			       r->kind == IOM_AUD_R_BAR && !r->tracked ? "-" : iom_mtset_str(r->tracked, t1, sizeof(t1)),
			       iom_mtset_str(r->mtrr, t2, sizeof(t2)), eff);
	}
	(void)hyp;
}

static void findings(const struct iom_audit *a, struct iom_buf *out, int verbose)
{
	char wbuf[320];
	iom_buf_puts(out, "\nFindings:\n");
	if (!a->nr_findings) {
		iom_buf_puts(out, "  none: no problems found\n");
		return;
	}
	for (size_t i = 0; i < a->nr_findings; i++) {
		const struct iom_aud_finding *f = &a->findings[i];
		iom_buf_printf(out, "\n[%s] %s: %s\n", iom_aud_sev_name(f->sev), f->code->code, f->code->title);
		wrap(out, "  ", f->message, 92);
		iom_buf_puts(out, "  Evidence:\n");
		for (size_t k = 0; k < f->nr_ev; k++) {
			iom_buf_printf(out, "    %s: ", where(a, f->ev[k].at, wbuf, sizeof(wbuf)));
			iom_buf_printf(out, "%s\n", f->ev[k].what);
		}
		iom_buf_puts(out, "  Why:\n");
		wrap(out, "    ", f->code->explanation, 90);
		iom_buf_puts(out, "  Fix:\n");
		wrap(out, "    ", f->code->fix, 90);
		iom_buf_printf(out, "  Source: %s\n", f->code->source);
	}
	(void)verbose;
}

static void problems(const struct iom_audit *a, struct iom_buf *out)
{
	const struct iom_sys_state *st = a->st;
	char wbuf[320];
	if (!st->nr_msgs)
		return;
	iom_buf_puts(out, "\nInput notes:\n");
	for (size_t i = 0; i < st->nr_msgs; i++) {
		const struct iom_sys_msg *m = &st->msgs[i];
		iom_buf_printf(out, "  %s: %s: %s\n", where(a, m->at, wbuf, sizeof(wbuf)),
			       m->sev == IOM_SYS_MSG_ERROR ? "error" : m->sev == IOM_SYS_MSG_WARN ? "warning" : "note",
			       m->text);
	}
}

void iom_audit_text(const struct iom_audit *a, struct iom_buf *out, int verbose)
{
	summary(a, out);
	regions(a, out);
	findings(a, out, verbose);
	problems(a, out);
}
