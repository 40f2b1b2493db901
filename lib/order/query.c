// SPDX-License-Identifier: MIT
/* iomodel -- ordering quick answers and the article-shaped tables.
 * Everything here is computed from the rows of tables/order_*.def through iom_ord_pair(),
 * iom_ord_fence() and iom_ord_flush(); the only other data is the API/implementation
 * column of tables/order_api.def. Renderers append to a struct iom_buf; nothing prints. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "iomodel/order.h"

/* ---- parsing "PRIM[@REGION][:devN[+OFF]]" --------------------------------------------- */

static const struct {
	const char *name;
	unsigned reg;  /* class; WC is downgraded where the arch has no WC mapping */
} region_names[] = {
	{ "uc", IOM_ORD_UC },
	{ "ioremap", IOM_ORD_UC },
	{ "ioremap_nocache", IOM_ORD_UC },
	{ "nocache", IOM_ORD_UC },
	{ "ioremap_uc", IOM_ORD_UC },
	{ "ioremap_np", IOM_ORD_UC },
	{ "ioport", IOM_ORD_UC },
	{ "wc", IOM_ORD_WC },
	{ "ioremap_wc", IOM_ORD_WC },
	{ "mem", IOM_ORD_MEM },
};

int iom_ord_parse_event(const char *s, enum iom_arch a, struct iom_ord_ev *out,
			struct iom_diag *d)
{
	char name[64], rname[32] = "";
	const char *at = strchr(s, '@'), *colon = strchr(s, ':');
	size_t n = strcspn(s, "@:");
	if (!n || n >= sizeof(name)) {
		iom_diag_set(d, IOM_EINVAL, "", 0, 0, "bad event '%s': expected PRIM[@REGION][:devN[+OFF]]", s);
		return -IOM_EINVAL;
	}
	memcpy(name, s, n);
	name[n] = 0;
	enum iom_lit_prim p = iom_lit_prim_lookup(name);
	unsigned reg = 0;
	if (p == IOM_LIT_P_NONE) {
		iom_diag_set(d, IOM_EINVAL, "", 0, 0, "unknown primitive '%s'", name);
		return -IOM_EINVAL;
	}
	if (at) {
		size_t rn = strcspn(at + 1, ":");
		if (rn >= sizeof(rname))
			rn = sizeof(rname) - 1;
		memcpy(rname, at + 1, rn);
		rname[rn] = 0;
		size_t i;
		for (i = 0; i < ARRAY_SIZE(region_names); i++)
			if (!strcmp(region_names[i].name, rname))
				break;
		if (i == ARRAY_SIZE(region_names)) {
			iom_diag_set(d, IOM_EINVAL, "", 0, 0,
				     "unknown region '%s' (uc, wc, ioremap, ioremap_nocache, ioremap_uc, "
				     "ioremap_np, ioremap_wc, ioport, mem)", rname);
			return -IOM_EINVAL;
		}
		reg = region_names[i].reg;
		/* riscv: ioremap_wc() is ioremap() (RV-MMIO-5, ATTR-A.5 */
		if (reg == IOM_ORD_WC && a == IOM_ARCH_RISCV)
			reg = IOM_ORD_UC;
	}
	if (iom_ord_classify(p, reg, out) < 0) {
		iom_diag_set(d, IOM_EINVAL, "", 0, 0, "'%s' makes no event", name);
		return -IOM_EINVAL;
	}
	if (out->dev >= 0 && reg == IOM_ORD_MEM) {
		iom_diag_set(d, IOM_EINVAL, "", 0, 0, "'%s' is an MMIO accessor, not a memory access", name);
		return -IOM_EINVAL;
	}
	if (out->dev < 0 && !iom_ord_is_barrier(out->kind) && reg && reg != IOM_ORD_MEM) {
		iom_diag_set(d, IOM_EINVAL, "", 0, 0, "'%s' accesses normal memory, not a region", name);
		return -IOM_EINVAL;
	}
	if (colon) {
		unsigned dev;
		char *end;
		if (strncmp(colon + 1, "dev", 3) || out->dev < 0) {
			iom_diag_set(d, IOM_EINVAL, "", 0, 0, "bad location '%s' (devN[+OFF], MMIO only)", colon + 1);
			return -IOM_EINVAL;
		}
		dev = (unsigned)strtoul(colon + 4, &end, 10);
		if (end == colon + 4 || dev > 99) {
			iom_diag_set(d, IOM_EINVAL, "", 0, 0, "bad device in '%s'", colon + 1);
			return -IOM_EINVAL;
		}
		out->dev = (int)dev;
		if (*end == '+') {
			char *e2;
			out->off = strtoull(end + 1, &e2, 0);
			end = e2;
		}
		if (*end) {
			iom_diag_set(d, IOM_EINVAL, "", 0, 0, "trailing text in '%s'", colon + 1);
			return -IOM_EINVAL;
		}
	}
	return 0;
}

/* ---- explanations ------------------------------------------------------------------------ */

static void cite(struct iom_buf *b, const struct iom_ord_rule *r, bool v)
{
	if (!r) {
		iom_buf_puts(b, "  no rule orders this pair (unordered by default)\n");
		return;
	}
	iom_buf_printf(b, "  rule %s: %s\n  source: %s\n", r->id, r->what, r->source);
	if (v != r->ordered)
		iom_buf_printf(b, "  (verdict of %s inverted by --flip-rule)\n", r->id);
}

int iom_ord_explain(const struct iom_ord_ctx *c, const struct iom_ord_ev *e1,
		    const struct iom_ord_ev *fence, const struct iom_ord_ev *e2, unsigned flags,
		    bool *ordered, struct iom_buf *b)
{
	const char *why;
	bool v = false, fv = false;
	if (!iom_ord_supported(c, &why))
		return -IOM_EINVAL;
	if (iom_ord_is_barrier(e1->kind) || iom_ord_is_barrier(e2->kind) ||
	    (fence && !iom_ord_is_barrier(fence->kind)))
		return -IOM_EINVAL;
	const struct iom_ord_rule *r = iom_ord_pair(c, e1, e2, flags, &v);
	const struct iom_ord_rule *fr = NULL;
	if (!v && fence)
		fr = iom_ord_fence(c, e1, fence->kind, e2, &fv);
	if (ordered)
		*ordered = v || fv;
	iom_buf_printf(b, "%s\n", v || fv ? "ordered" : "not ordered");
	if (v || !fence) {
		cite(b, r, v);
		return 0;
	}
	iom_buf_puts(b, "  without the barrier:\n");
	cite(b, r, v);
	iom_buf_printf(b, "  with %s() in between:\n", iom_ord_kind_name(fence->kind));
	if (!fr)
		iom_buf_printf(b, "  no rule lets %s() order this pair\n", iom_ord_kind_name(fence->kind));
	else
		cite(b, fr, fv);
	return 0;
}

/* ---- article-shaped tables --------------------------------------------------------------- */

struct api_row {
	enum iom_arch arch;
	unsigned from, to;
	const char *api, *impl;
	enum { Q_MMIOWB, Q_UNLOCK, Q_TABLE } q;
	const char *source;
};

static const struct api_row api_rows[] = {
#define V(a, b) IOM_KVER(a, b)
#define ORD_API(a, from, to, api, impl, q, src) { IOM_ARCH_##a, from, to, api, impl, Q_##q, src },
#include "../tables/order_api.def"
#undef ORD_API
#undef V
};

static bool ver_in(const struct iom_ord_ctx *c, unsigned from, unsigned to)
{
	unsigned v = c->kver ? c->kver : IOM_KVER(99, 255);
	return (!from || v >= from) && (!to || v < to);
}

static struct iom_ord_ev mk(enum iom_ord_kind k, unsigned op, unsigned reg, int dev, uint64_t off,
			    int loc)
{
	struct iom_ord_ev e = { k, op, reg, dev, off, loc };
	return e;
}

static bool ord(const struct iom_ord_ctx *c, struct iom_ord_ev a, struct iom_ord_ev b, unsigned fl,
		const struct iom_ord_rule **r)
{
	bool v;
	const struct iom_ord_rule *x = iom_ord_pair(c, &a, &b, fl, &v);
	if (r)
		*r = x;
	return v;
}

static void api_ordering(const struct iom_ord_ctx *c, const struct api_row *a, struct iom_buf *b)
{
	const struct iom_ord_rule *r, *r2;
	struct iom_ord_ev lock = mk(IOM_ORD_K_UNLOCK, IOM_ORD_W, IOM_ORD_MEM, -1, 0, 100);
	switch (a->q) {
	case Q_MMIOWB: {
		struct iom_ord_ev w = mk(IOM_ORD_K_RX, IOM_ORD_W, IOM_ORD_UC, 0, 0, -1);
		bool v;
		if (ord(c, w, lock, IOM_ORD_F_HELD, &r)) {
			iom_buf_printf(b, "Provided by %s ordering [%s]", iom_arch_name(c->arch), r->id);
			return;
		}
		r2 = iom_ord_fence(c, &w, IOM_ORD_K_MMIOWB, &lock, &v);
		iom_buf_printf(b, "%s [%s]",
			       v ? "Orders earlier MMIO writes before spin_unlock()" : "No ordering",
			       r2 ? r2->id : "no rule");
		return;
	}
	case Q_UNLOCK: {
		struct iom_ord_ev nr = mk(IOM_ORD_K_NR, IOM_ORD_W, IOM_ORD_UC, 0, 0, -1);
		struct iom_ord_ev rx = mk(IOM_ORD_K_RX, IOM_ORD_W, IOM_ORD_UC, 0, 0, -1);
		struct iom_ord_ev wc = mk(IOM_ORD_K_NR, IOM_ORD_W, IOM_ORD_WC, 0, 0, -1);
		bool v1 = ord(c, nr, lock, IOM_ORD_F_HELD, &r);
		bool v2 = ord(c, rx, lock, IOM_ORD_F_HELD, &r2);
		const struct iom_ord_rule *r3;
		bool v3 = ord(c, wc, lock, IOM_ORD_F_HELD, &r3);
		iom_buf_printf(b, "writeX() %s [%s]; writeX_relaxed() %s [%s]",
			       v1 ? "ordered" : "unordered", r ? r->id : "no rule",
			       v2 ? "ordered" : "unordered", r2 ? r2->id : "no rule");
		if (c->arch != IOM_ARCH_RISCV)
			iom_buf_printf(b, "; ioremap_wc() writes %s [%s]", v3 ? "ordered" : "unordered",
				       r3 ? r3->id : "no rule");
		return;
	}
	case Q_TABLE:
		iom_buf_puts(b, "See table below");
		return;
	}
}

/* Pattern of the four (R/W x R/W) pairs at one locality. */
enum pat { PAT_NONE, PAT_ALL, PAT_TSO, PAT_OTHER };

static enum pat pattern(const struct iom_ord_ctx *c, enum iom_ord_kind k, unsigned reg,
			uint64_t off2, int dev2)
{
	unsigned bits = 0, i = 0;
	for (unsigned o1 = IOM_ORD_R; o1 <= IOM_ORD_W; o1++)
		for (unsigned o2 = IOM_ORD_R; o2 <= IOM_ORD_W; o2++, i++)
			if (ord(c, mk(k, o1, reg, 0, 0, -1), mk(k, o2, reg, dev2, off2, -1), IOM_ORD_F_HELD, NULL))
				bits |= 1u << i;
	/* bit 0 R->R, 1 R->W, 2 W->R, 3 W->W */
	if (bits == 15)
		return PAT_ALL;
	if (!bits)
		return PAT_NONE;
	if (bits == 11)
		return PAT_TSO;
	return PAT_OTHER;
}

static const char *pat_word(enum pat p)
{
	return p == PAT_NONE ? "Unordered" : p == PAT_TSO ? "\"TSO\"" : "Partly ordered";
}

static void within_cell(const struct iom_ord_ctx *c, enum iom_ord_kind k, unsigned reg,
			struct iom_buf *b)
{
	enum pat sa = pattern(c, k, reg, 0, 0), sd = pattern(c, k, reg, 4, 0),
		 dd = pattern(c, k, reg, 0, 1);
	if (sa == PAT_ALL && sd == PAT_ALL && dd == PAT_ALL)
		iom_buf_puts(b, "Ordered.");
	else if (sa == PAT_ALL && sd == dd)
		iom_buf_printf(b, "%s, ordered to same location.", pat_word(sd));
	else if (sa == PAT_ALL && sd == PAT_ALL)
		iom_buf_printf(b, "%s, ordered to same device.", pat_word(dd));
	else
		iom_buf_printf(b, "same location: %s; same device: %s; other devices: %s.",
			       sa == PAT_ALL ? "Ordered" : pat_word(sa),
			       sd == PAT_ALL ? "Ordered" : pat_word(sd),
			       dd == PAT_ALL ? "Ordered" : pat_word(dd));
}

/* 8 MMIO<->memory pairs: bits 0-3 access->plain (RR RW WR WW), 4-7 plain->access. */
static unsigned mem_bits(const struct iom_ord_ctx *c, enum iom_ord_kind k, unsigned reg)
{
	unsigned bits = 0, i = 0;
	for (unsigned o1 = IOM_ORD_R; o1 <= IOM_ORD_W; o1++)
		for (unsigned o2 = IOM_ORD_R; o2 <= IOM_ORD_W; o2++, i++) {
			if (ord(c, mk(k, o1, reg, 0, 0, -1), mk(IOM_ORD_K_P, o2, IOM_ORD_MEM, -1, 0, 7), 0, NULL))
				bits |= 1u << i;
			if (ord(c, mk(IOM_ORD_K_P, o1, IOM_ORD_MEM, -1, 0, 7), mk(k, o2, reg, 0, 0, -1), 0, NULL))
				bits |= 1u << (i + 4);
		}
	return bits;
}

static const char *mem_word(unsigned bits)
{
	return bits == 0xff ? "Ordered." : !bits ? "Unordered." : "See below.";
}

static void mem_cell(const struct iom_ord_ctx *c, enum iom_ord_kind k, struct iom_buf *b)
{
	unsigned uc = mem_bits(c, k, IOM_ORD_UC), wc = mem_bits(c, k, IOM_ORD_WC);
	if (uc == wc || c->arch == IOM_ARCH_RISCV)
		iom_buf_puts(b, mem_word(uc));
	else
		iom_buf_printf(b, "ioremap_nocache(): %s ioremap_wc(): %s", mem_word(uc), mem_word(wc));
}

static void lower_right(const struct iom_ord_ctx *c, enum iom_ord_kind k, unsigned reg,
			const char *title, struct iom_buf *b)
{
	static const char *const opn[] = { "", "Read", "Write" };
	const char *kn = k == IOM_ORD_K_NR ? "Non-Relaxed" : "Relaxed";
	iom_buf_printf(b, "\n%s\nPrior Access | Next Access | Ordering\n", title);
	for (int dir = 0; dir < 2; dir++)
		for (unsigned o1 = IOM_ORD_R; o1 <= IOM_ORD_W; o1++)
			for (unsigned o2 = IOM_ORD_R; o2 <= IOM_ORD_W; o2++) {
				const struct iom_ord_rule *r;
				struct iom_ord_ev acc1 = mk(k, o1, reg, 0, 0, -1),
						  acc2 = mk(k, o2, reg, 0, 0, -1),
						  p1 = mk(IOM_ORD_K_P, o1, IOM_ORD_MEM, -1, 0, 7),
						  p2 = mk(IOM_ORD_K_P, o2, IOM_ORD_MEM, -1, 0, 7);
				bool v = dir == 0 ? ord(c, acc1, p2, 0, &r) : ord(c, p1, acc2, 0, &r);
				if (dir == 0)
					iom_buf_printf(b, "%s %s | Plain %s | ", kn, opn[o1], opn[o2]);
				else
					iom_buf_printf(b, "Plain %s | %s %s | ", opn[o1], kn, opn[o2]);
				iom_buf_printf(b, "%s [%s]\n", v ? "Ordered." : "Unordered.",
					       r ? r->id : "no rule");
			}
}

void iom_ord_render_tables(const struct iom_ord_ctx *c, struct iom_buf *b)
{
	char kv[16];
	const char *why;
	const char *an = iom_arch_name(c->arch);
	iom_buf_printf(b, "%s, kernel %s, model %s\n", an, c->kver ? iom_kver_str(c->kver, kv, sizeof(kv)) : "newest",
		       iom_lit_model_name(c->model));
	if (!iom_ord_supported(c, &why)) {
		iom_buf_printf(b, "no tables: %s\n", why);
		return;
	}
	iom_buf_puts(b, "\nAPI | Implementation | Ordering\n");
	for (size_t i = 0; i < ARRAY_SIZE(api_rows); i++) {
		const struct api_row *a = &api_rows[i];
		if (a->arch != c->arch || !ver_in(c, a->from, a->to))
			continue;
		iom_buf_printf(b, "%s | %s | ", a->api, a->impl);
		api_ordering(c, a, b);
		iom_buf_puts(b, "\n");
	}
	iom_buf_printf(b, "\n%s | Within ioremap_wc() | Within ioremap_nocache() | Against normal memory\n", an);
	static const enum iom_ord_kind kinds[] = { IOM_ORD_K_RX, IOM_ORD_K_NR };
	static const char *const kn[] = { "_relaxed()", "non-relaxed()" };
	for (int i = 0; i < 2; i++) {
		iom_buf_printf(b, "%s | ", kn[i]);
		within_cell(c, kinds[i], c->arch == IOM_ARCH_RISCV ? IOM_ORD_UC : IOM_ORD_WC, b);
		iom_buf_puts(b, " | ");
		within_cell(c, kinds[i], IOM_ORD_UC, b);
		iom_buf_puts(b, " | ");
		mem_cell(c, kinds[i], b);
		iom_buf_puts(b, "\n");
	}
	for (int i = 0; i < 2; i++) {
		unsigned uc = mem_bits(c, kinds[i], IOM_ORD_UC), wc = mem_bits(c, kinds[i], IOM_ORD_WC);
		char title[96];
		if (uc != 0xff && uc)
			snprintf(title, sizeof(title), "%s against normal memory, ioremap_nocache():", kn[i]),
				lower_right(c, kinds[i], IOM_ORD_UC, title, b);
		if (c->arch != IOM_ARCH_RISCV && wc != uc && wc != 0xff && wc) {
			snprintf(title, sizeof(title), "%s against normal memory, ioremap_wc():", kn[i]);
			lower_right(c, kinds[i], IOM_ORD_WC, title, b);
		}
	}
}
