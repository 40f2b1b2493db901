// SPDX-License-Identifier: MIT
/* iomodel -- lint's ordering codes, each finding backed by the litmus engine (docs/lint.md):
 *   dma-write-then-relaxed-doorbell  a store to DMA memory (a cpu_to_le*() value stored
 *                                    through a pointer or an array, the way a descriptor is
 *                                    filled, or any store into the member the driver keeps
 *                                    DMA-coherent memory in), then a relaxed MMIO write in
 *                                    the same function with no dma_wmb(), wmb(), mb() or
 *                                    non-relaxed MMIO write between on that path: the
 *                                    device may see the doorbell before the descriptor.
 *   relaxed-read-then-dma-read       a relaxed MMIO status read, then a le*_to_cpu() read
 *                                    of DMA memory in a branch after it with no dma_rmb()
 *                                    or rmb() between: the CPU may read the old descriptor.
 * Facts come from lint/doorbell.cocci (the relaxed writes, the ordering calls and the
 * stores) and the source scan (the driver's functions and the calls of them). A function
 * of the driver counts as what its body does: one that writes with a relaxed accessor is a
 * doorbell at each call (the article's brcm_sata_writereg() pattern), one that stores
 * descriptors a store, one that orders an ordering call. For each finding lint writes the
 * C-MMIO litmus test of the two statements and the device that reads the descriptor when
 * the doorbell arrives, and runs it for every architecture at the --kernel asked: x86
 * orders the two (information there), arm64 and riscv do not. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lint_int.h"
#include "iomodel/kver.h"
#include "iomodel/litmus.h"
#include "iomodel/lkmm.h"

enum ev { EV_STORE, EV_DOORBELL, EV_ORDER };

struct oev {
	const struct iom_lint_fact *f;   /* the statement in the function                      */
	enum ev kind;
	const char *accessor;            /* a doorbell's relaxed accessor (a wrapper's inner one) */
	const struct iom_lint_fact *inner; /* through a function of the driver: what its body does */
	bool setup;                      /* a relaxed write of a DMA region's address       */
	bool reported;                   /* a store or doorbell a finding names already      */
};

static bool relaxed_write(const char *name)
{
	const struct lint_name *n = lint_name_lookup(name);
	return n && n->cls == LC_RELAXED_W;
}

/* The calls that order earlier stores to memory before a later MMIO write: lint_names.def
 * DMA_ORDER, and dma_mb() (a VERSIONED row there, litmus_primitives.def DMA_MB). */
static bool orders(const char *name)
{
	const struct lint_name *n = lint_name_lookup(name);
	return (n && n->cls == LC_DMA_ORDER) || !strcmp(name, "dma_mb");
}

/* Does expression e go through member m of a DMA-coherent region ("r->d" kept m = "d"):
 * "...->d[", "...->d->", "...->d + " or ending in "->d"? */
static bool via_member_at(const char *e, const char *m, bool into)
{
	size_t ml = strlen(m);
	for (const char *q = strstr(e, "->"); q; q = strstr(q + 2, "->")) {
		const char *t = q + 2;
		if (strncmp(t, m, ml))
			continue;
		t += ml;
		if (*t == '[' || !strncmp(t, "->", 2) || (!into && (!*t || !strncmp(t, " + ", 3))))
			return true;
	}
	return false;
}

static bool via_member(const char *e, const char *m)
{
	return via_member_at(e, m, false);
}

/* What the device does with a region: reads it (the doorbell code's stores count), writes
 * it (the read code's loads count). DMA-coherent memory, both; a streaming buffer, as its
 * direction says (core-api/dma-api.rst@6.12: DMA_TO_DEVICE, DMA_FROM_DEVICE,
 * DMA_BIDIRECTIONAL; a direction computed at run time, both). */
enum { DEV_READS = 1, DEV_WRITES = 2, DEV_ANY = 3 };

static unsigned char stream_dir(const char *dir)
{
	if (strstr(dir, "BIDIRECTIONAL"))
		return DEV_ANY;
	if (strstr(dir, "DMA_TO_DEVICE") || strstr(dir, "PCI_DMA_TODEVICE"))
		return DEV_READS;
	if (strstr(dir, "DMA_FROM_DEVICE") || strstr(dir, "PCI_DMA_FROMDEVICE"))
		return DEV_WRITES;
	return DEV_ANY;
}

/* The driver being decided, indexed: its facts by enclosing function, its FN facts by
 * name, its DMA regions (the members, and the allocation calls). Every question the codes
 * ask of a function reads only that function's facts (a whole tree's drivers have up to
 * hundreds of thousands; scanning them per question was two thirds of lint's own time). */
static _Thread_local struct dindex {
	const struct iom_lint *l;
	int drv;
	const struct iom_lint_fact **byfn, **fns, **allocs;
	const char **members, **cmembers;   /* members holding DMA memory, CPU memory */
	unsigned char *mdir;                /* per member: DEV_READS | DEV_WRITES         */
	const struct iom_lint_fact **mstream; /* per member: its stream fact, or NULL    */
	const char **convs;                 /* the driver's byte-order conversions       */
	size_t n, nfns, nallocs, nmembers, ncmembers, nconvs;
} dix;

static int cmp_func(const void *a, const void *b)
{
	const struct iom_lint_fact *x = *(const struct iom_lint_fact *const *)a, *y = *(const struct iom_lint_fact *const *)b;
	int r = strcmp(x->func, y->func);
	return r ? r : (x < y ? -1 : x > y);
}

static int cmp_fname(const void *a, const void *b)
{
	const struct iom_lint_fact *x = *(const struct iom_lint_fact *const *)a, *y = *(const struct iom_lint_fact *const *)b;
	int r = strcmp(x->name, y->name);
	return r ? r : (x < y ? -1 : x > y);
}

static void dix_reset(void)
{
	free(dix.byfn);
	free(dix.fns);
	free(dix.allocs);
	free(dix.members);
	free(dix.cmembers);
	free(dix.mdir);
	free(dix.mstream);
	free(dix.convs);
	memset(&dix, 0, sizeof(dix));
	dix.drv = -1;
}

/* Index driver drv of l (once per driver); false when out of memory. */
static bool dix_get(const struct iom_lint *l, int drv)
{
	if (dix.l == l && dix.drv == drv && (dix.byfn || !dix.n))
		return true;
	dix_reset();
	const struct lint_dlist *dl = drv >= 0 && drv < l->dl_n ? &l->dl[drv] : NULL;
	size_t n = dl ? dl->n : 0;
	dix.byfn = n ? malloc(n * sizeof(*dix.byfn)) : NULL;
	dix.fns = n ? malloc(n * sizeof(*dix.fns)) : NULL;
	dix.allocs = n ? malloc(n * sizeof(*dix.allocs)) : NULL;
	dix.members = n ? malloc(n * sizeof(*dix.members)) : NULL;
	dix.cmembers = n ? malloc(n * sizeof(*dix.cmembers)) : NULL;
	dix.convs = n ? malloc(n * sizeof(*dix.convs)) : NULL;
	dix.mdir = n ? malloc(n) : NULL;
	dix.mstream = n ? malloc(n * sizeof(*dix.mstream)) : NULL;
	if (n && (!dix.byfn || !dix.fns || !dix.allocs || !dix.members || !dix.cmembers || !dix.convs || !dix.mdir ||
		  !dix.mstream)) {
		dix_reset();
		return false;
	}
	for (size_t k = 0; k < n; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		dix.byfn[dix.n++] = f;
		if (f->kind == IOM_LINT_FN)
			dix.fns[dix.nfns++] = f;
		if (f->kind == IOM_LINT_CONV)
			dix.convs[dix.nconvs++] = f->name;
		if (f->kind == IOM_LINT_STREAM && f->nargs >= 3) {
			dix.mdir[dix.nmembers] = stream_dir(f->args[0]);
			dix.mstream[dix.nmembers] = f;
			dix.members[dix.nmembers++] = f->name;
			continue;
		}
		const struct lint_name *nm = f->kind == IOM_LINT_CALL || f->kind == IOM_LINT_RET ? lint_name_lookup(f->name) : NULL;
		if (nm && nm->cls == LC_CPU_ALLOC && f->kind == IOM_LINT_RET && f->nargs == 1) {
			const char *c = strrchr(f->args[0], '>');
			if (c && c > f->args[0] && c[-1] == '-')
				dix.cmembers[dix.ncmembers++] = c + 1;
		}
		if (!nm || nm->cls != LC_DMA_ALLOC)
			continue;
		if (f->kind == IOM_LINT_CALL && f->nargs >= 3 && strstr(f->name, "alloc_coherent"))
			dix.allocs[dix.nallocs++] = f;
		const char *m = f->kind == IOM_LINT_RET && f->nargs == 1 ? strrchr(f->args[0], '>') : NULL;
		if (m && m > f->args[0] && m[-1] == '-') {
			dix.mdir[dix.nmembers] = DEV_ANY;
			dix.mstream[dix.nmembers] = NULL;
			dix.members[dix.nmembers++] = m + 1;
		}
	}
	if (dix.n)
		qsort(dix.byfn, dix.n, sizeof(*dix.byfn), cmp_func);
	if (dix.nfns)
		qsort(dix.fns, dix.nfns, sizeof(*dix.fns), cmp_fname);
	dix.l = l;
	dix.drv = drv;
	return true;
}

/* The run of v[0..n) (sorted by function, or by name) whose key is key: *lo .. returned
 * end. */
static size_t run_of(const struct iom_lint_fact *const *v, size_t n, bool by_func, const char *key, size_t *lo)
{
	size_t a = 0, b = n;
	while (a < b) {
		size_t m = (a + b) / 2;
		if (strcmp(by_func ? v[m]->func : v[m]->name, key) < 0)
			a = m + 1;
		else
			b = m;
	}
	*lo = a;
	while (b < n && !strcmp(by_func ? v[b]->func : v[b]->name, key))
		b++;
	return b;
}

/* The facts of the driver's function fn, and the FN facts named name. */
static size_t fn_facts(const char *fn, size_t *lo)
{
	return run_of(dix.byfn, dix.n, true, fn, lo);
}

static size_t fn_defs(const char *name, size_t *lo)
{
	return run_of(dix.fns, dix.nfns, false, name, lo);
}

/* The file whose definition of fn a call in file `from` means: `from` itself when fn has
 * facts there (a static function or a macro of that file: 8139too.c@6.12 and r8169_main.c,
 * in one directory, each #define their own RTL_R8()), else NULL (any of the driver's). */
static const char *scope_file(const char *fn, const char *from)
{
	size_t lo = 0, hi = fn_facts(fn, &lo);
	for (; lo < hi; lo++)
		if (!strcmp(dix.byfn[lo]->file, from))
			return from;
	return NULL;
}

/* Is file in the scope of stream fact f (args[2..]: the files where its member means the
 * buffer, lib/lint/wrappers.c stream_scope())? */
static bool in_scope(const struct iom_lint_fact *f, const char *file)
{
	for (size_t i = 2; i < f->nargs; i++)
		if (!strcmp(f->args[i], file))
			return true;
	return false;
}

/* Does e, in file, go through a member the driver keeps DMA memory in that the device uses
 * as dev says: DMA-coherent memory (a ret fact of a DMA_ALLOC call: "r->d =
 * dma_alloc_coherent(...)", lint/doorbell.cocci), or a streaming buffer (a stream fact,
 * lib/lint/wrappers.c) where file is in its scope? */
static bool via_region_at(const struct iom_lint *l, int drv, const char *file, const char *e, unsigned dev,
			  bool into)
{
	if (!dix_get(l, drv))
		return false;
	for (size_t k = 0; k < dix.nmembers; k++)
		if ((dix.mdir[k] & dev) && via_member_at(e, dix.members[k], into) &&
		    (!dix.mstream[k] || in_scope(dix.mstream[k], file)))
			return true;
	return false;
}

static bool via_region_dir(const struct iom_lint *l, int drv, const char *file, const char *e, unsigned dev)
{
	return via_region_at(l, drv, file, e, dev, false);
}

/* Is e a pointer into DMA memory: through a region's member, or the value of a function of
 * the driver that returns one (an assign fact "return = txq->descs + i" in it,
 * lint/doorbell.cocci region_ret: marvell/mvneta.c@6.12 mvneta_txq_next_desc_get())? */
static bool region_value(const struct iom_lint *l, int drv, const char *file, const char *e, unsigned dev)
{
	if (via_region_dir(l, drv, file, e, dev))
		return true;
	size_t n = 0;
	while (isalnum((unsigned char)e[n]) || e[n] == '_')
		n++;
	if (!n || e[n] != '(' || n >= 128)
		return false;
	char fn[128];
	memcpy(fn, e, n);
	fn[n] = 0;
	size_t lo, hi = fn_facts(fn, &lo);
	for (; lo < hi; lo++) {
		const struct iom_lint_fact *g = dix.byfn[lo];
		if (g->kind == IOM_LINT_ASSIGN && g->nargs == 2 && !strcmp(g->args[0], "return") &&
		    via_region_dir(l, drv, g->file, g->args[1], dev))
			return true;
	}
	return false;
}

/* A store the device may read:
 *   a cpu_to_le*() value stored through a pointer or an array (a local struct filled on
 *   the stack is not what the device reads), the way a descriptor is filled;
 *   any store through a member that holds DMA-coherent memory (r->d[i].ctrl = v);
 *   any store through a pointer d (d->ctrl = v) that the same function assigned from
 *   such a member before (d = &r->d[i]). */
/* Is expression e (a store's target, a load's argument) in memory only the CPU uses
 * (lint/doorbell.cocci cpu_alloc, cpu_derive, cpu_decl)? Its leading pointer was kept from
 * kmalloc() or its family, or taken from such memory, earlier in the same function of the
 * same file (wil6210 wmi.c@6.12 wmi_set_ie(): cmd = kzalloc(), then cmd->ie_len =
 * cpu_to_le16()); or it goes through a member the driver keeps such memory in
 * (cqhci-crypto.c@6.12: crypto_cap_array = devm_kcalloc()). DMA memory is asked first: a
 * member that holds DMA memory somewhere stays DMA memory. */
static bool cpu_mem(const struct iom_lint *l, int drv, const struct iom_lint_fact *f, const char *e)
{
	if (!dix_get(l, drv) || via_region_dir(l, drv, f->file, e, DEV_ANY))
		return false;
	for (size_t k = 0; k < dix.ncmembers; k++)
		if (via_member(e, dix.cmembers[k]))
			return true;
	size_t bl = 0;
	while (isalnum((unsigned char)e[bl]) || e[bl] == '_')
		bl++;
	if (!bl || (strncmp(e + bl, "->", 2) && e[bl] != '[' && e[bl] != '.'))
		return false;
	size_t lo, hi = fn_facts(f->func, &lo);
	for (; lo < hi; lo++) {
		const struct iom_lint_fact *g = dix.byfn[lo];
		if (g->kind != IOM_LINT_RET || g->nargs != 1 || g->line > f->line || strcmp(g->file, f->file) ||
		    strlen(g->args[0]) != bl || strncmp(g->args[0], e, bl))
			continue;
		const struct lint_name *nm = lint_name_lookup(g->name);
		if ((nm && nm->cls == LC_CPU_ALLOC) || !strcmp(g->name, "cpu_derive"))
			return true;
	}
	return false;
}

/* Is the stored value rhs, cpu_to_le*(...), a value just read from the device: the driver
 * keeps a copy of a register for the CPU (cqhci-crypto.c@6.12 l.183: crypto_capabilities
 * .reg_val = cpu_to_le32(cqhci_readl(cq_host, CQHCI_CCAP))), where a descriptor holds the
 * driver's own values (addresses, lengths, flags)? A call whose name ends in readb/w/l/q,
 * or an ioread, is such a read (readl(), __raw_readl(), a driver's cqhci_readl()). */
static bool read_value(const char *rhs)
{
	static const char *const rd[] = { "readb(", "readw(", "readl(", "readq(", "readl_relaxed(", "readq_relaxed(",
					   "readw_relaxed(", "readb_relaxed(", "ioread8(", "ioread16(", "ioread32(",
					   "ioread64(" };
	for (size_t i = 0; i < sizeof(rd) / sizeof(rd[0]); i++)
		for (const char *p = strstr(rhs, rd[i]); p; p = strstr(p + 1, rd[i]))
			if (p == rhs || !(isalnum((unsigned char)p[-1])) || p[-1] == '_')
				return true;
	return false;
}

/* Is rhs a value in the device's byte order: cpu_to_le16/32/64(...), or a call of one of
 * the driver's own conversions (a conv fact: fec.h@6.12's cpu_to_fec16())? */
static bool device_order(const struct iom_lint *l, int drv, const char *rhs)
{
	if (!strncmp(rhs, "cpu_to_le", 9))
		return true;
	size_t n = 0;
	while (isalnum((unsigned char)rhs[n]) || rhs[n] == '_')
		n++;
	if (!n || rhs[n] != '(' || !dix_get(l, drv))
		return false;
	for (size_t k = 0; k < dix.nconvs; k++)
		if (strlen(dix.convs[k]) == n && !strncmp(dix.convs[k], rhs, n))
			return true;
	return false;
}

static bool dma_store(const struct iom_lint *l, int drv, const struct iom_lint_fact *f)
{
	if (f->kind != IOM_LINT_ASSIGN || f->nargs != 2)
		return false;
	/* a copy into memory (lint/doorbell.cocci region_copy): its destination may be a
	 * pointer the function took into DMA memory, d itself */
	bool copy = !strncmp(f->args[1], "memcpy(", 7) || !strncmp(f->args[1], "memset(", 7);
	size_t idl = 0;
	while (isalnum((unsigned char)f->args[0][idl]) || f->args[0][idl] == '_')
		idl++;
	bool ident = copy && idl && !f->args[0][idl];
	if (!(strstr(f->args[0], "->") || strchr(f->args[0], '[') || ident))
		return false;
	/* into the memory: a store to the member itself (ring->dma = NULL, mtk_eth_soc.c@6.12
	 * mtk_rx_clean()) stores the pointer, not what the device reads; a copy's destination is
	 * the memory */
	if (via_region_at(l, drv, f->file, f->args[0], DEV_READS, !copy))
		return true;
	if (device_order(l, drv, f->args[1]))
		return !cpu_mem(l, drv, f, f->args[0]) && !read_value(f->args[1]);
	const char *arrow = strstr(f->args[0], "->");
	if (!arrow && !ident)
		return false;
	size_t dn = arrow ? (size_t)(arrow - f->args[0]) : idl, lo;
	if (!dix_get(l, drv) || !dix.nmembers)
		return false;
	for (size_t k = fn_facts(f->func, &lo); lo < k; lo++) {
		const struct iom_lint_fact *g = dix.byfn[lo];
		if (g->kind == IOM_LINT_ASSIGN && g->nargs == 2 && g->line <= f->line && strlen(g->args[0]) == dn &&
		    !strncmp(g->args[0], f->args[0], dn) && !strcmp(g->file, f->file) &&
		    region_value(l, drv, f->file, g->args[1], DEV_READS))
			return true;
	}
	return false;
}

/* Does one of the call's arguments name an interrupt register (an identifier with a part,
 * between '_', that is int, intr, inten, intena, intmask, intstat, irq, ier, imr, isr,
 * interrupt, idr or icr, in either case: XGMAC_DMA_INTR_ENA, PPE_INTEN, ss->irq_claim, and
 * atmel-mci.c@6.12's interrupt disable register ATMCI_IDR)? A relaxed write
 * there enables, masks or acknowledges an interrupt: it asks the device to fetch nothing,
 * so it is not a doorbell (calxeda/xgmac.c@6.12 xgmac_poll(), hip04_eth.c@6.12
 * hip04_rx_poll()). */
static bool names_part(const struct iom_lint_fact *f, const char *const *parts, size_t nparts, bool caps);

static bool irq_register(const struct iom_lint_fact *f)
{
	static const char *const parts[] = { "int", "intr", "inten", "intena", "intmask", "intstat", "irq",
					     "ier", "imr", "isr", "interrupt", "idr", "icr" };
	return names_part(f, parts, sizeof(parts) / sizeof(parts[0]), false);
}

/* Does one of the call's arguments name a data register (an identifier in capitals, a
 * register macro, with a part DATA or TDR, the transmit data register; a variable named
 * data is a value)? A relaxed write there moves data by PIO, word after word: the device
 * fetches nothing by DMA (atmel-mci.c@6.12 atmci_write_data_pio() writes ATMCI_TDR in a
 * loop, in the interrupt handler whose other branch completes a PDC read). */
static bool data_register(const struct iom_lint_fact *f)
{
	static const char *const parts[] = { "data", "tdr" };
	return names_part(f, parts, sizeof(parts) / sizeof(parts[0]), true);
}

/* Does an identifier of one of f's arguments (with caps, only one in capitals) have a part
 * (between '_', either case) in parts? */
static bool names_part(const struct iom_lint_fact *f, const char *const *parts, size_t nparts, bool caps)
{
	for (size_t a = 0; a < f->nargs; a++)
		for (const char *q = f->args[a]; *q;) {
			if (!(isalnum((unsigned char)*q) || *q == '_')) {
				q++;
				continue;
			}
			const char *w = q;
			while (isalnum((unsigned char)*q) || *q == '_')
				q++;
			bool lower = false;
			for (const char *c = w; c < q && caps; c++)
				lower |= islower((unsigned char)*c) != 0;
			if (isdigit((unsigned char)*w) || lower)
				continue;
			for (const char *c = w; c < q;) {
				const char *e = c;
				while (e < q && *e != '_')
					e++;
				for (size_t k = 0; k < nparts; k++)
					if ((size_t)(e - c) == strlen(parts[k]) && !strncasecmp(c, parts[k], (size_t)(e - c)))
						return true;
				c = e < q ? e + 1 : e;
			}
		}
	return false;
}

static bool is_fn(const struct iom_lint *l, int drv, const char *name);
static bool writes_handle(const struct iom_lint *l, int drv, const struct iom_lint_fact *f);
static int body_kind(const struct iom_lint *l, int drv, const char *fn, const char *from,
		     const struct iom_lint_fact **what);
static _Thread_local int kmemo_depth;  /* body_kind() calls in progress */

/* A non-relaxed MMIO write (writel() and iowrite32() families): an ordering call that is
 * also a write to the device. */
static bool mmio_fact(const struct iom_lint_fact *f)
{
	return f->kind == IOM_LINT_CALL && (!strncmp(f->name, "write", 5) || !strncmp(f->name, "iowrite", 7));
}

/* A pass fact that hands the memory on: a call given the pointer into DMA memory, or what
 * it was taken from, held in a local of the function (not one of its parameters: the
 * driver's state goes to every helper), whose callee lint does not follow (mlx4
 * eq.c@6.12: mlx4_create_eq() gives its mailbox to mlx4_SW2HW_EQ(), and the command path
 * that orders it is in include/linux/mlx4/cmd.h). Not the error-pointer macros (IS_ERR(),
 * PTR_ERR(): no lower-case letter in the name). */
static bool hands_on(const struct iom_lint *l, int drv, const struct iom_lint_fact *f)
{
	if (f->kind != IOM_LINT_PASS || f->nargs != 1)
		return false;
	bool lower = false;
	for (const char *c = f->name; *c; c++)
		lower |= *c >= 'a' && *c <= 'z';
	if (!lower || !dix_get(l, drv))
		return false;
	/* a function of the driver that lint sums up (a doorbell, an ordering call: its
	 * dcall fact says so) is followed, not a hand-off; inside a summary, where asking
	 * for another could go round a call cycle, one that writes or orders itself */
	size_t lo, hi;
	if (kmemo_depth == 0) {
		const struct iom_lint_fact *w = NULL;
		if (is_fn(l, drv, f->name) && body_kind(l, drv, f->name, f->file, &w) >= 0)
			return false;
	} else {
		for (hi = fn_facts(f->name, &lo); lo < hi; lo++) {
			const struct iom_lint_fact *g = dix.byfn[lo];
			if (g->kind == IOM_LINT_CALL && (relaxed_write(g->name) || orders(g->name)))
				return false;
		}
	}
	/* one of the enclosing function's parameters: the driver's state, not a hand-off */
	for (hi = fn_defs(f->func, &lo); lo < hi; lo++) {
		const struct iom_lint_fact *g = dix.fns[lo];
		for (size_t a = 0; !strcmp(g->file, f->file) && a < g->nargs; a++)
			if (!strcmp(g->args[a], f->args[0]))
				return false;
	}
	return true;
}

/* What the body of the driver's function fn (file-independent: the driver's) does, as
 * one event:
 *   a store when it stores with no ordering call and no relaxed write after its last
 *   store (one it rings a doorbell after is judged in the body, and only there);
 *   else what it ends with of ordering calls and relaxed writes: an ordering call, or a
 *   relaxed write with an ordering call before it (a kick after a barrier), orders what
 *   its caller stored before the call; a last relaxed write with none before it is a
 *   doorbell at each call (the article's brcm_sata_writereg()).
 * Relaxed writes to interrupt registers do not count (irq_register()). The driver's
 * functions it calls count as what they do, depth levels down (a call cycle ends there).
 * *what gets the body's fact. */
static int body_kind_d(const struct iom_lint *l, int drv, const char *fn, const char *from,
		       const struct iom_lint_fact **what, int depth)
{
	const struct iom_lint_fact *st = NULL, *w_what[64];
	int last_kind = -1, st_line = 0, od_line = 0, db_line = 0;
	int w_line[64], w_kind[64], nw = 0;   /* its writes and ordering calls, in order */
	bool w_setup[64];                     /* a write of a ring's DMA address          */
	size_t lo = 0, hi = dix_get(l, drv) ? fn_facts(fn, &lo) : 0;
	const char *in_file = hi > lo ? scope_file(fn, from) : NULL;
	for (; lo < hi; lo++) {
		const struct iom_lint_fact *f = dix.byfn[lo], *in = f;
		int kind = -1;
		if (in_file && strcmp(f->file, in_file))
			continue;
		if (dma_store(l, drv, f))
			kind = EV_STORE;
		else if (f->kind == IOM_LINT_CALL && relaxed_write(f->name))
			kind = EV_DOORBELL;
		else if (f->kind == IOM_LINT_CALL && orders(f->name))
			kind = EV_ORDER;
		else if (hands_on(l, drv, f) && f->line > od_line)
			od_line = f->line;  /* the stores before it are the callee's to order */
		else if (f->kind == IOM_LINT_DCALL && depth > 0 && strcmp(f->name, fn) && is_fn(l, drv, f->name))
			kind = body_kind_d(l, drv, f->name, f->file, &in, depth - 1);
		/* a store counts where it is written and one call up (a helper that fills the
		 * descriptor), not from deeper: a function that called one that stored did
		 * more since (calxeda/xgmac.c@6.12 xgmac_rx(): its refill stores the OWN bits
		 * two calls down, then it returns to the poll loop that re-enables interrupts) */
		if (kind == EV_STORE && in != f)
			kind = -1;
		if (kind == EV_DOORBELL && (irq_register(f) || data_register(f)))
			kind = -1;

		/* lines are compared at the calls in fn, not in the functions it calls */
		if (kind == EV_STORE && (!st || f->line > st_line)) {
			st = in;
			st_line = f->line;
		}
		if (kind == EV_ORDER && f->line > od_line)
			od_line = f->line;
		if (kind == EV_DOORBELL && f->line > db_line)
			db_line = f->line;
		if ((kind == EV_ORDER || kind == EV_DOORBELL) && nw < 64) {
			w_line[nw] = f->line;
			w_setup[nw] = kind == EV_DOORBELL && writes_handle(l, drv, f);
			w_kind[nw] = kind;
			w_what[nw++] = in;
		}
	}
	/* Which of its writes kicks the device? A relaxed write with no ordering call before
	 * it in the body, unless an ordering call follows it and then another write: the
	 * writes before that barrier pass parameters and the one after it kicks, ordered
	 * (mthca_cmd.c@6.12 mthca_cmd_post_hcr(): six __raw_writel() of parameters, wmb(),
	 * then the go bit; lpfc_sli.c@6.12 lpfc_sli4_wq_put(): the DPP copy with __raw_writel()
	 * in an arm, then wmb() and writel(); imx-sdma.c@6.12 sdma_run_channel0(): writel()
	 * first). Such a kick makes the body a doorbell; else an ordering call makes it one. */
	int first_order = -1;
	for (int k = 0; k < nw && first_order < 0; k++)
		if (w_kind[k] == EV_ORDER)
			first_order = k;
	for (int k = 0; k < nw; k++) {
		if (w_kind[k] != EV_DOORBELL)
			continue;
		bool ordered_before = false, params = false;
		for (int o = 0; o < nw; o++) {
			if (w_kind[o] != EV_ORDER)
				continue;
			if (w_line[o] < w_line[k])
				ordered_before = true;
			else if (w_line[o] > w_line[k])
				for (int m = 0; m < nw && !params; m++)
					params = (m == o && mmio_fact(w_what[o])) || (m != o && w_line[m] > w_line[o]);
		}
		/* nor is the write of a ring's DMA address, or a write the body follows with
		 * one: a device is not
		 * started before it is told where its ring is (dw_mmc.c@6.12
		 * dw_mci_idmac_init(): fills the descriptor ring, resets the IDMAC, then writes
		 * the ring's base to DBADDR; dw_mci_idmac_start_dma() starts it after wmb()).
		 * cadence_nand_cdma_send() writes the descriptor's address, then the command:
		 * the command kicks. */
		bool base_after = w_setup[k];
		for (int m = 0; m < nw && !base_after; m++)
			base_after = w_setup[m] && w_line[m] > w_line[k];
		if (!ordered_before && !params && !base_after) {
			*what = w_what[k];
			last_kind = EV_DOORBELL;
			break;
		}
	}
	if (last_kind < 0 && first_order >= 0) {
		*what = w_what[first_order];
		last_kind = EV_ORDER;
	}
	/* a store the body orders or rings a doorbell after is decided in the body */
	if (st && od_line < st_line && db_line < st_line) {
		*what = st;
		return EV_STORE;
	}
	return last_kind;
}

/* body_kind_d() at the depth the codes use, kept per function of the driver being decided
 * (a wrapper is called hundreds of times; each body is read through every call under it) */
static _Thread_local struct {
	const struct iom_lint *l;
	int drv;
	size_t n, cap;
	struct bk_memo { char *fn; int kind; const struct iom_lint_fact *what; } *v;
} kmemo;

static void bk_reset(const struct iom_lint *l, int drv)
{
	for (size_t k = 0; k < kmemo.n; k++)
		free(kmemo.v[k].fn);
	if (!l) {
		free(kmemo.v);
		kmemo.v = NULL;
		kmemo.cap = 0;
	}
	kmemo.n = 0;
	kmemo.l = l;
	kmemo.drv = drv;
}

static int body_kind(const struct iom_lint *l, int drv, const char *fn, const char *from,
		     const struct iom_lint_fact **what)
{
	if (kmemo.l != l || kmemo.drv != drv)
		bk_reset(l, drv);
	/* the memo's key: fn, and the file when a call there means that file's fn */
	char key[600];
	const char *sf = dix_get(l, drv) ? scope_file(fn, from) : NULL;
	snprintf(key, sizeof(key), "%s%s%s", fn, sf ? "\n" : "", sf ? sf : "");
	for (size_t k = 0; k < kmemo.n; k++)
		if (!strcmp(kmemo.v[k].fn, key)) {
			*what = kmemo.v[k].what;
			return kmemo.v[k].kind;
		}
	/* six calls deep: mthca's command path is create_eq, SW2HW_EQ, cmd_box, cmd_post,
	 * cmd_post_hcr */
	kmemo_depth++;
	int kind = body_kind_d(l, drv, fn, from, what, 6);
	kmemo_depth--;
	if (kmemo.n == kmemo.cap) {
		size_t nc = kmemo.cap ? 2 * kmemo.cap : 64;
		struct bk_memo *nv = realloc(kmemo.v, nc * sizeof(*nv));
		if (!nv)
			return kind;  /* not kept: asked again, the same answer */
		kmemo.v = nv;
		kmemo.cap = nc;
	}
	char *c = strdup(key);
	if (c)
		kmemo.v[kmemo.n++] = (struct bk_memo){ c, kind, kind >= 0 ? *what : NULL };
	return kind;
}

static bool is_fn(const struct iom_lint *l, int drv, const char *name)
{
	size_t lo;
	return dix_get(l, drv) && fn_defs(name, &lo) > lo;
}

static int cmp_oev(const void *a, const void *b)
{
	const struct oev *x = a, *y = b;
	int r = strcmp(x->f->file, y->f->file);
	if (!r)
		r = strcmp(x->f->func, y->f->func);
	if (!r)
		r = (x->f->line > y->f->line) - (x->f->line < y->f->line);
	if (!r)
		r = (x->f->col > y->f->col) - (x->f->col < y->f->col);
	return r;
}

/* Is every if/else arm of path p ("3.0/7.1") one of the arms of a or b? Then whatever runs
 * a and b runs p too. */
static bool on_path(const char *p, const char *a, const char *b)
{
	for (const char *s = p; s && *s;) {
		int id, arm, n = 0;
		if (*s == 'L') {
			/* a loop body: what runs a and b around the loop is taken to run it (a
			 * barrier in a loop between two accesses counts, as before loops had arms) */
			s += strcspn(s, "/");
			s += *s == '/';
			continue;
		}
		if (sscanf(s, "%d.%d%n", &id, &arm, &n) != 2)
			break;
		char tok[32];
		snprintf(tok, sizeof(tok), "%d.%d", id, arm);
		bool in = false;
		for (const char *q = a; q && (q = strstr(q, tok)) && !in; q++)
			in = (q == a || q[-1] == '/') && (q[strlen(tok)] == 0 || q[strlen(tok)] == '/');
		for (const char *q = b; q && (q = strstr(q, tok)) && !in; q++)
			in = (q == b || q[-1] == '/') && (q[strlen(tok)] == 0 || q[strlen(tok)] == '/');
		if (!in)
			return false;
		s += n;
		if (*s == '/')
			s++;
	}
	return true;
}

/* Source text t as it may stand in a litmus test's (* comment *): the comment nests, so
 * "(*" and "*)" of the code (sizeof(*d), (__le32 *)) get a blank between. */
static void comment_text(struct iom_buf *b, const char *t)
{
	for (; *t; t++) {
		iom_buf_add(b, t, 1);
		if ((t[0] == '(' && t[1] == '*') || (t[0] == '*' && t[1] == ')'))
			iom_buf_add(b, " ", 1);
	}
}

/* The litmus test of a store then a relaxed doorbell, the device reading the stored
 * location by DMA when the doorbell arrives (litmus/MMIO-D02's shape). */
static void litmus_text(const struct oev *s, const struct oev *d, struct iom_buf *b)
{
	const struct iom_lint_fact *sf = s->inner ? s->inner : s->f;
	iom_buf_printf(b, "C lint-%s-%d\n(*\n", d->f->func[0] ? d->f->func : "doorbell", d->f->line);
	iom_buf_printf(b, " * iomodel lint, dma-write-then-relaxed-doorbell, from %s:%d:\n", d->f->file, d->f->line);
	iom_buf_puts(b, " *   ");
	if (strncmp(sf->args[1], "memcpy(", 7) && strncmp(sf->args[1], "memset(", 7)) {
		comment_text(b, sf->args[0]);
		iom_buf_puts(b, " = ");
	}
	comment_text(b, sf->args[1]);
	iom_buf_printf(b, "    (%s:%d) is the store to DMA memory, buf;\n", sf->file, sf->line);
	iom_buf_printf(b, " *   %s() (%s:%d) is the doorbell, at db + 0x0;\n", d->accessor, d->f->file, d->f->line);
	iom_buf_printf(b, " * the device reads buf when the doorbell arrives. WRITE_ONCE() stands for the\n"
		       " * plain store: the device is not a CPU, so no data race is meant.\n *)\n");
	iom_buf_printf(b, "{ db = ioremap(dev0); int buf = 0; }\n"
		       "P0(void __iomem *db, int *buf)\n{\n\tWRITE_ONCE(*buf, 1);\nd:\t%s(1, db + 0x0);\n}\n"
		       "DEV(dev0) { on P0:d  r0 = dma_read(buf); }\nexists (dev0:r0=0)\n", d->accessor);
}

/* Run the test for each architecture: the verdict, or "error" with why. */
static void run_arches(const char *text, unsigned kver, char v[][16], char *why, size_t whyn)
{
	struct iom_lit_test *t = NULL;
	struct iom_diag d;
	iom_diag_init(&d);
	why[0] = 0;
	if (iom_lit_parse(text, strlen(text), "lint", &t, &d)) {
		for (int a = 0; a < IOM_ARCH__COUNT; a++)
			snprintf(v[a], 16, "error");
		snprintf(why, whyn, "%.200s", d.msg);
		return;
	}
	for (int a = 0; a < IOM_ARCH__COUNT; a++) {
		struct iom_lkmm_opts o = { 0, 100000, false, 1000000, (enum iom_arch)a, kver,
					   IOM_LIT_MODEL_KERNEL, NULL, false, false };
		struct iom_lkmm_result *r = NULL;
		iom_diag_init(&d);
		if (iom_lkmm_run(t, &o, &r, &d) < 0 || !r) {
			snprintf(v[a], 16, "error");
			if (!why[0])
				snprintf(why, whyn, "%s: %.200s", iom_arch_name((enum iom_arch)a), d.msg);
			continue;
		}
		snprintf(v[a], 16, "%.15s", iom_lit_verdict_name(iom_lkmm_verdict(r)));
		iom_lkmm_result_free(r);
	}
	iom_lit_test_free(t);
}

/* "x86 Never, arm64 Sometimes, ..." into per; true when some architecture is not Never. */
static bool verdict_line(char v[][16], char *per, size_t n)
{
	bool weak = false;
	size_t o = 0;
	per[0] = 0;
	for (int a = 0; a < IOM_ARCH__COUNT; a++) {
		o += (size_t)snprintf(per + o, o < n ? n - o : 0, "%s%s %s", a ? ", " : "",
				      iom_arch_name((enum iom_arch)a), v[a]);
		weak |= strcmp(v[a], "Never") != 0;
	}
	return weak;
}

/* Record an ordering finding with its litmus test (evidence) and the verdicts. */
static int litmus_finding(struct iom_lint *l, enum lint_code code, const struct iom_lint_fact *at,
			  const struct iom_lint_fact *rel, const char *msg, const char *test, char v[][16])
{
	int rc = lint_add_finding(l, code, at, rel, "%s", msg);
	if (rc)
		return rc;
	struct iom_lint_finding *f = &l->found[l->nr_found - 1];
	for (int a = 0; a < IOM_ARCH__COUNT; a++)
		memcpy(f->verdict[a], v[a], sizeof(f->verdict[a]));
	f->evidence = strdup(test);
	const char *base = strrchr(at->file, '/');
	snprintf(f->evname, sizeof(f->evname), "%s-%s-%d.litmus", base ? base + 1 : at->file, f->code, at->line);
	for (char *p = f->evname; *p; p++)
		if (*p == '.' && strcmp(p, ".litmus"))
			*p = '_';
	return f->evidence ? 0 : -IOM_ENOMEM;
}

/* A code's events of one driver fact (0: none), and its decision over one function's. */
typedef int (*classify_fn)(const struct iom_lint *l, int drv, const struct iom_lint_fact *f, struct oev *x);
typedef int (*decide_fn)(struct iom_lint *l, struct oev *e, size_t n);

static void dbs_reset(void);

/* For each driver with an anchor call (a relaxed write, a relaxed read): its events in
 * source order, decided function by function. */
static int per_function(struct iom_lint *l, bool (*anchor)(const char *), classify_fn classify, decide_fn learn,
			decide_fn decide)
{
	int rc = 0;
	for (int drv = 0; !rc && drv < l->nr_drivers; drv++) {
		const struct lint_dlist *dl = drv < l->dl_n ? &l->dl[drv] : NULL;
		struct oev *e = NULL;
		size_t n = 0;
		bool any = false;
		dbs_reset();
		for (size_t k = 0; dl && k < dl->n; k++)
			any |= l->facts[dl->v[k]].kind == IOM_LINT_CALL && anchor(l->facts[dl->v[k]].name);
		for (size_t k = 0; any && dl && k < dl->n; k++) {
			const struct iom_lint_fact *f = &l->facts[dl->v[k]];
			struct oev x = { f, EV_STORE, NULL, NULL, false, false };
			if (!f->func[0] || !classify(l, drv, f, &x))
				continue;
			struct oev *ne = realloc(e, (n + 1) * sizeof(*ne));
			if (!ne) {
				rc = -IOM_ENOMEM;
				break;
			}
			e = ne;
			e[n++] = x;
		}
		if (!rc && n) {
			qsort(e, n, sizeof(*e), cmp_oev);
			for (int pass = learn ? 0 : 1; pass < 2; pass++)
				for (size_t a = 0, b; !rc && a < n; a = b) {
					for (b = a + 1; b < n && !strcmp(e[b].f->file, e[a].f->file) &&
							!strcmp(e[b].f->func, e[a].f->func); b++)
						;
					rc = (pass ? decide : learn)(l, e + a, b - a);
				}
		}
		free(e);
	}
	return rc;
}

/* A non-relaxed MMIO write (writel() family): the ordered way to ring a doorbell. */
static bool mmio_write(const struct oev *x)
{
	return x->kind == EV_ORDER && mmio_fact(x->inner ? x->inner : x->f);
}

/* The register an MMIO write goes to, by name, when its address says it. The address is split at its
 * top-level '+': the first term is the base; of the others, a product is an index or a
 * stride ("4 * channel", "index * HISI_DMA_Q_OFFSET") and a number an offset, and the
 * register is the last that is a register macro (an upper-case name, or a call of one:
 * "sdma->regs + SDMA_CHNPRI_0 + 4 * channel" is SDMA_CHNPRI_0, "hw + E1000_TDT(0)" is
 * E1000_TDT). An address of one term names the member it ends with ("&regs->TxProd" is
 * TxProd, "ring->db" is db) or the register macro it calls. Any other term, a local or a
 * parameter ("base + reg", "regs + off"), leaves the register unnamed: false. */
bool lint_reg_key(const char *a, char *key, size_t n)
{
	const char *kb = NULL, *ke = NULL;
	int nterms = 0;
	for (const char *t = a; *t;) {
		/* the term [t, u) */
		const char *u = t;
		int depth = 0;
		bool product = false;
		for (; *u && !(depth == 0 && *u == '+'); u++) {
			depth += (*u == '(' || *u == '[') - (*u == ')' || *u == ']');
			product |= depth == 0 && (*u == '*' || *u == '<' || *u == '/') && u > t;
		}
		const char *b = t, *e = u;
		while (b < e && (*b == ' ' || *b == '&'))
			b++;
		while (e > b && e[-1] == ' ')
			e--;
		nterms++;
		/* the term's first name, and whether the term is that name (or its call) */
		const char *w = b;
		while (w < e && !(isalpha((unsigned char)*w) || *w == '_'))
			w++;
		const char *we = w;
		bool lower = false;
		while (we < e && (isalnum((unsigned char)*we) || *we == '_'))
			lower |= islower((unsigned char)*we++) != 0;
		bool whole = we == e || (*we == '(' && e[-1] == ')');
		bool macro = we > w && !lower && whole && we - w >= 2;
		if (nterms == 1) {
			/* the base: a register macro call, or the member it ends with */
			if (macro && *we == '(') {
				kb = w;
				ke = we;
			} else {
				const char *m = e;
				while (m > b && (isalnum((unsigned char)m[-1]) || m[-1] == '_'))
					m--;
				if (m < e && !isdigit((unsigned char)*m) &&
				    ((m - b >= 2 && !strncmp(m - 2, "->", 2)) || (m > b && m[-1] == '.'))) {
					kb = m;
					ke = e;
				}
			}
		} else if (macro) {
			kb = w;
			ke = we;
		} else if (!product && w < e) {
			return false;  /* a local or a parameter: the register is not named */
		}
		t = *u ? u + 1 : u;
	}
	/* a base with more terms names the block, not the register */
	if (nterms > 1 && kb && kb < a + strcspn(a, "+"))
		kb = NULL;
	if (!kb || (size_t)(ke - kb) >= n)
		return false;
	memcpy(key, kb, (size_t)(ke - kb));
	key[ke - kb] = 0;
	return true;
}

/* The register a write fact goes to (lint_reg_key()); the write accessors take (value,
 * address): asm-generic/io.h@6.12. */
static bool reg_key(const struct iom_lint_fact *f, char *key, size_t n)
{
	return f->nargs == 2 && lint_reg_key(f->args[1], key, n);
}

/* The driver's doorbells, learned from the driver: the registers a source file writes
 * with an ordered write after a store to DMA memory (a writel(), or a relaxed write after
 * a barrier). When every one the file teaches has a name (reg_key()), a relaxed write
 * after a store, in that file, to a named register that is none of them is taken for what
 * the file shows it is, a register that starts nothing (imx-sdma.c@6.12:
 * sdma_request_channel0() stores channel 0's control block, then
 * sdma_set_channel_priority() writes SDMA_CHNPRI_0 relaxed; the file starts channels with
 * writel() of SDMA_H_START in sdma_enable_channel()). Per file: a directory of lint holds
 * many drivers (drivers/dma). The same register rung relaxed with the barrier on one path
 * and without it on another is still reported; a file that never orders a doorbell
 * teaches nothing. */
static _Thread_local struct {
	struct dbk { const char *file; char key[64]; } *v;   /* key "" : one with no name */
	size_t n, cap;
} dbs;

static void dbs_reset(void)
{
	dbs.n = 0;
}

static int dbs_learn(const char *file, const struct iom_lint_fact *f)
{
	char k[64];
	if (!reg_key(f, k, sizeof(k)))
		k[0] = 0;
	for (size_t i = 0; i < dbs.n; i++)
		if (!strcmp(dbs.v[i].file, file) && !strcmp(dbs.v[i].key, k))
			return 0;
	if (dbs.n == dbs.cap) {
		size_t nc = dbs.cap ? 2 * dbs.cap : 16;
		struct dbk *nv = realloc(dbs.v, nc * sizeof(*nv));
		if (!nv)
			return -IOM_ENOMEM;
		dbs.v = nv;
		dbs.cap = nc;
	}
	dbs.v[dbs.n].file = file;
	memcpy(dbs.v[dbs.n++].key, k, sizeof(k));
	return 0;
}

/* Does file show that the register written by f is not a doorbell? */
static bool not_a_doorbell(const char *file, const struct iom_lint_fact *f)
{
	char k[64];
	bool taught = false;
	if (!reg_key(f, k, sizeof(k)))
		return false;
	for (size_t i = 0; i < dbs.n; i++) {
		if (strcmp(dbs.v[i].file, file))
			continue;
		if (!dbs.v[i].key[0] || !strcmp(dbs.v[i].key, k))
			return false;
		taught = true;
	}
	return taught;
}

/* The learning pass over one function's events (dbs). */
static int learn_function(struct iom_lint *l, struct oev *e, size_t n)
{
	(void)l;
	for (size_t k = 0; k < n; k++) {
		if (e[k].kind != EV_ORDER)
			continue;
		bool stored = false;
		for (size_t i = 0; i < k && !stored; i++)
			stored = e[i].kind == EV_STORE && !lint_paths_exclusive(e[i].f->path, e[k].f->path);
		if (!stored)
			continue;
		int rc = 0;
		if (mmio_write(&e[k]))
			rc = dbs_learn(e[k].f->file, e[k].inner ? e[k].inner : e[k].f);
		else
			for (size_t m = k + 1; m < n; m++)
				if (e[m].kind == EV_DOORBELL && on_path(e[m].f->path, e[k].f->path, e[k].f->path)) {
					rc = dbs_learn(e[m].f->file, e[m].inner ? e[m].inner : e[m].f);
					break;
				}
		if (rc)
			return rc;
	}
	return 0;
}

/* The barriers between store a and doorbell b, in their function and on their path, that
 * order memory for other CPUs or the compiler only (tables/lint_names.def CPU_BARRIER):
 * " The smp_wmb() at line 1476 between them orders memory for other CPUs only, not for
 * the device." into buf, or "" (nicvf_sq_doorbell() in thunderx, drivers/net/ethernet/
 * cavium/thunder/nicvf_queues.c@6.12 l.1476, rings its doorbell after an smp_wmb()). */
static void cpu_barriers_between(const struct iom_lint *l, const struct iom_lint_fact *a,
				 const struct iom_lint_fact *b, char *buf, size_t n)
{
	buf[0] = 0;
	const struct lint_dlist *dl = b->driver >= 0 && b->driver < l->dl_n ? &l->dl[b->driver] : NULL;
	size_t o = 0;
	int nb = 0;
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		const struct lint_name *nm = f->kind == IOM_LINT_CALL ? lint_name_lookup(f->name) : NULL;
		if (!nm || nm->cls != LC_CPU_BARRIER || strcmp(f->file, b->file) || strcmp(f->func, b->func) ||
		    strcmp(a->file, b->file) || strcmp(a->func, b->func) || f->line < a->line || f->line > b->line ||
		    !on_path(f->path, a->path, b->path) || nb == 3)
			continue;
		o += (size_t)snprintf(buf + o, o < n ? n - o : 0, "%s%s() at line %d", nb ? (nb == 1 ? " and the " : ", the ") : " The ",
				      f->name, f->line);
		nb++;
	}
	if (nb && o < n)
		snprintf(buf + o, n - o, " between them %s memory for other CPUs or the compiler only, not for "
			 "the device (memory-barriers.txt@6.12: smp_wmb() is no dma_wmb()).", nb > 1 ? "order" : "orders");
}

/* Prep, then start (the DMA engine API, include/linux/dmaengine.h@6.12: a client calls the
 * driver's device_prep_*() to have a descriptor written, then dma_async_issue_pending() to
 * start the channel). A function of the doorbell's file named as a prep callback whose body stores to
 * DMA memory and returns with the last store ordered by nothing (no ordering call and no
 * MMIO write after it: at_hdmac.c@6.12 atc_prep_dma_memcpy() fills its lli blocks, a
 * dma_pool; atc_dostart() starts the channel with __raw_writel() after wmb(), the fix
 * 580ee84405c2): its last such store, or NULL. */
/* Is fn named as a DMA engine driver names its device_prep_*() callbacks (dmaengine.h@6.12:
 * device_prep_dma_memcpy, device_prep_slave_sg, device_prep_dma_cyclic,
 * device_prep_interleaved_dma, device_prep_dma_memset): "prep_" then dma, slave, memcpy,
 * memset, sg, cyclic or interleaved (atc_prep_dma_memcpy(), k3_dma_prep_memcpy())? A
 * driver's other prep functions (cqhci_prep_dcmd_desc()) fill descriptors that its own
 * code starts, which the rules follow through the calls. */
static bool dma_prep_name(const char *fn)
{
	static const char *const kinds[] = { "dma", "slave", "memcpy", "memset", "sg", "cyclic", "interleaved" };
	for (const char *p = strstr(fn, "prep_"); p; p = strstr(p + 1, "prep_"))
		for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
			if (!strncmp(p + 5, kinds[i], strlen(kinds[i])))
				return true;
	return false;
}

static const struct iom_lint_fact *prep_store(const struct iom_lint *l, int drv, const struct iom_lint_fact *at)
{
	if (!dix_get(l, drv))
		return NULL;
	const struct iom_lint_fact *best = NULL;
	for (size_t k = 0; k < dix.nfns; k++) {
		const struct iom_lint_fact *fn = dix.fns[k];
		if (strcmp(fn->file, at->file) || !dma_prep_name(fn->name) || !strcmp(fn->name, at->func))
			continue;
		const struct iom_lint_fact *last = NULL;
		bool after = false;
		size_t lo, hi = fn_facts(fn->name, &lo);
		for (; lo < hi; lo++) {
			const struct iom_lint_fact *g = dix.byfn[lo];
			if (strcmp(g->file, at->file))
				continue;
			if (dma_store(l, drv, g)) {
				last = g;
				after = false;
			} else if (last && g->kind == IOM_LINT_CALL && (orders(g->name) || relaxed_write(g->name))) {
				after = true;
			} else if (last && g->kind == IOM_LINT_PASS) {
				after = true;  /* handed on: what the callee does is not known */
			}
		}
		if (last && !after && (!best || strcmp(fn->name, best->func) < 0))
			best = last;
	}
	return best;
}

/* A doorbell through a function of the driver is none when none of the relaxed writes of
 * its body is a register the file rings (not_a_doorbell()): the kick may be any of them
 * (k3dma.c@6.12 k3_dma_set_desc() writes the first descriptor's fields, then the enable). */
static bool helper_not_a_doorbell(const struct iom_lint *l, const struct oev *x)
{
	if (!not_a_doorbell(x->f->file, x->inner))
		return false;
	size_t lo = 0, hi = dix_get(l, x->f->driver) ? fn_facts(x->inner->func, &lo) : 0;
	for (; lo < hi; lo++) {
		const struct iom_lint_fact *g = dix.byfn[lo];
		if (g->kind == IOM_LINT_CALL && !strcmp(g->file, x->inner->file) && relaxed_write(g->name) &&
		    !not_a_doorbell(x->f->file, g))
			return false;
	}
	return true;
}

static int decide_function(struct iom_lint *l, struct oev *e, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		if (e[j].kind != EV_DOORBELL)
			continue;
		/* a writel() later on its path is the doorbell, and it is ordered: the relaxed
		 * writes before it set up registers (an interrupt mask, a configuration). A
		 * doorbell rung relaxed and followed by an unrelated writel() is missed so. */
		bool later = false;
		for (size_t k = j + 1; k < n && !later; k++)
			later = mmio_write(&e[k]) && on_path(e[k].f->path, e[j].f->path, e[j].f->path);
		/* a barrier later on its path before another relaxed write: the relaxed writes
		 * before the barrier pass parameters, the one after it is the kick, and it is
		 * ordered (the shape of at_hdmac's fix 580ee84405c2: wmb() before the enable) */
		for (size_t k = j + 1; k < n && !later; k++) {
			if (e[k].kind != EV_ORDER || !on_path(e[k].f->path, e[j].f->path, e[j].f->path))
				continue;
			for (size_t m = k + 1; m < n && !later; m++)
				later = e[m].kind == EV_DOORBELL && on_path(e[m].f->path, e[k].f->path, e[k].f->path);
		}
		/* a relaxed write of a ring's DMA address on a path it can run with (in an arm
		 * of an if after it: dw_mmc.c@6.12 dw_mci_idmac_init() writes DBADDRL/DBADDRU or
		 * DBADDR, in the two arms): the function sets a ring up (base, size, count, tail,
		 * in any order); the device reads the ring once started (writes_handle()) */
		for (size_t k = 0; k < n && !later; k++)
			later = e[k].kind == EV_DOORBELL && e[k].setup && !lint_paths_exclusive(e[k].f->path, e[j].f->path);
		/* a register the driver shows is not its doorbell (dbs) */
		if (later || (e[j].inner ? helper_not_a_doorbell(l, &e[j]) : not_a_doorbell(e[j].f->file, e[j].f)))
			continue;
		/* the last store before it on a path with no ordering call between */
		struct oev *s = NULL;
		for (size_t i = j; i-- > 0;) {
			if (e[i].kind == EV_ORDER && on_path(e[i].f->path, e[j].f->path, e[j].f->path))
				break;
			if (e[i].kind != EV_STORE || lint_paths_exclusive(e[i].f->path, e[j].f->path))
				continue;
			bool ordered = false;
			for (size_t k = i + 1; k < j && !ordered; k++)
				ordered = e[k].kind == EV_ORDER && on_path(e[k].f->path, e[i].f->path, e[j].f->path);
			if (!ordered) {
				s = &e[i];
				break;
			}
		}
		/* no store before it in the function, and nothing orders before it on its path:
		 * the descriptors may come from the driver's prep function (prep_store()) */
		struct oev prep = { 0 };
		if (!s) {
			bool ordered = false, stored = false;
			for (size_t i = 0; i < j && !ordered; i++) {
				ordered = (e[i].kind == EV_ORDER || mmio_write(&e[i])) &&
					  on_path(e[i].f->path, e[j].f->path, e[j].f->path);
				stored |= e[i].kind == EV_STORE || e[i].kind == EV_DOORBELL;
			}
			/* the start: a function named for it (dmaengine's device_issue_pending and the
			 * helper that starts the channel: atc_dostart(), k3_dma_start_txd()), and its
			 * last MMIO write on the path, the kick */
			bool last = true;
			for (size_t k = j + 1; k < n && last; k++)
				last = !(mmio_write(&e[k]) || e[k].kind == EV_DOORBELL) ||
				       !on_path(e[k].f->path, e[j].f->path, e[j].f->path);
			bool start = strstr(e[j].f->func, "start") || strstr(e[j].f->func, "issue_pending");
			const struct iom_lint_fact *ps = ordered || stored || !last || !start ? NULL
							 : prep_store(l, e[j].f->driver, e[j].f);
			if (ps) {
				prep.f = ps;
				prep.kind = EV_STORE;
				s = &prep;
			}
		}
		/* one finding per missing barrier: the first doorbell after the store, and none
		 * after a doorbell already reported on this path with no ordering call between
		 * (the stores and relaxed writes that follow are the same mistake) */
		if (!s || s->reported)
			continue;
		bool again = false;
		for (size_t r = 0; r < j && !again; r++) {
			if (!e[r].reported || !on_path(e[r].f->path, e[j].f->path, e[j].f->path))
				continue;
			again = true;
			for (size_t k = r + 1; k < j && again; k++)
				again = !(e[k].kind == EV_ORDER && on_path(e[k].f->path, e[r].f->path, e[j].f->path));
		}
		if (again)
			continue;
		s->reported = e[j].reported = true;
		struct iom_buf t;
		iom_buf_init(&t);
		litmus_text(s, &e[j], &t);
		if (t.oom) {
			iom_buf_release(&t);
			return -IOM_ENOMEM;
		}
		char v[IOM_ARCH__COUNT][16], why[300], kv[16], msg[2400], via[300] = "", svia[300] = "";
		run_arches(iom_buf_str(&t), l->kver, v, why, sizeof(why));
		iom_kver_str(l->kver ? l->kver : IOM_KVER(6, 12), kv, sizeof(kv));
		const struct iom_lint_fact *sf = s->inner ? s->inner : s->f;
		if (e[j].inner)
			snprintf(via, sizeof(via), " (its %s() at %s:%d)", e[j].accessor, e[j].inner->file,
				 e[j].inner->line);
		if (s->inner)
			snprintf(svia, sizeof(svia), " in %s() called at line %d", s->f->name, s->f->line);
		else if (s == &prep)
			snprintf(svia, sizeof(svia), " in %s(), the driver's prep function, which returns with it "
				 "unordered (a client calls it, then starts the channel: dmaengine.h)", s->f->func);
		char per[200];
		bool weak = verdict_line(v, per, sizeof(per));
		if (!weak) {
			iom_buf_release(&t);
			continue;
		}
		char cpu[300] = "", what[1300];
		if (s != &prep)
			cpu_barriers_between(l, s->f, e[j].f, cpu, sizeof(cpu));
		/* a copy (memcpy(), memset()) is named as the call; a store as L = R */
		if (!strncmp(sf->args[1], "memcpy(", 7) || !strncmp(sf->args[1], "memset(", 7))
			snprintf(what, sizeof(what), "%s", sf->args[1]);
		else
			snprintf(what, sizeof(what), "%s = %s", sf->args[0], sf->args[1]);
		snprintf(msg, sizeof(msg),
			 "%s at line %d%s stores to memory the device reads by DMA, then %s()%s "
			 "rings the doorbell with no dma_wmb(), wmb() or non-relaxed MMIO write between: "
			 "a relaxed MMIO write is not ordered after earlier stores to normal memory, so "
			 "the device may fetch the old descriptor.%s iomodel's litmus test of these "
			 "statements (the device reads the descriptor when the doorbell arrives), kernel "
			 "%s: %s (Never: ordered there; Sometimes: the device can fetch the old descriptor).%s%s "
			 "Fix: dma_wmb() before the doorbell, or writel() (memory-barriers.txt, dma_wmb()).",
			 what, sf->line, svia, e[j].f->name, via, cpu, kv, per,
			 why[0] ? " Not run: " : "", why);
		int rc = litmus_finding(l, LINT_DOORBELL, e[j].f, s->f, msg, iom_buf_str(&t), v);
		iom_buf_release(&t);
		if (rc)
			return rc;
	}
	return 0;
}

/* Does the token t occur in e as a whole name (after "->" or "." for a member)? */
static bool has_name(const char *e, const char *t, bool member)
{
	size_t n = strlen(t);
	for (const char *q = strstr(e, t); q; q = strstr(q + 1, t)) {
		bool left = member ? (q - e >= 2 && !strncmp(q - 2, "->", 2)) || (q > e && q[-1] == '.')
				   : q == e || !(q[-1] == '_' || (q[-1] >= 'a' && q[-1] <= 'z') ||
						 (q[-1] >= 'A' && q[-1] <= 'Z') || (q[-1] >= '0' && q[-1] <= '9') ||
						 q[-1] == '>' || q[-1] == '.');
		char c = q[n];
		bool right = !(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'));
		if (left && right)
			return true;
	}
	return false;
}

/* Does a call with these arguments write the DMA address of one of the driver's coherent
 * rings (the handle, third argument of dma_alloc_coherent() and dmam_alloc_coherent():
 * core-api/dma-api.rst@6.12) to the device? That write tells the device where its ring
 * is, before the ring is started: set-up, not a doorbell (mtk_eth_soc.c@6.12
 * mtk_init_fq_dma(), imx-sdma.c@6.12 sdma_init()). A dma_pool block's handle is not: a DMA
 * controller is given one descriptor's address, then started (at_hdmac.c, k3dma.c). */
static bool writes_handle(const struct iom_lint *l, int drv, const struct iom_lint_fact *f)
{
	for (size_t k = 0; dix_get(l, drv) && k < dix.nallocs; k++) {
		const struct iom_lint_fact *g = dix.allocs[k];
		const char *h = g->args[2] + (g->args[2][0] == '&');
		const char *arrow = strrchr(h, '>'), *dot = strrchr(h, '.');
		const char *m = arrow && arrow > h && arrow[-1] == '-' ? arrow + 1 : dot ? dot + 1 : NULL;
		for (size_t a = 0; *h && a < f->nargs; a++)
			if (m ? *m && has_name(f->args[a], m, true) : has_name(f->args[a], h, false))
				return true;
		/* or a variable of the function given the handle before the write
		 * (qat adf_admin.c@6.12 adf_init_admin_comms(): reg_val = (u64)admin->phy_addr,
		 * then ADF_CSR_WR() of upper_32_bits(reg_val) and lower_32_bits(reg_val)) */
		size_t lo = 0, hi = *h && f->func[0] ? fn_facts(f->func, &lo) : 0;
		for (; lo < hi; lo++) {
			const struct iom_lint_fact *v = dix.byfn[lo];
			if (v->kind != IOM_LINT_ASSIGN || v->nargs != 2 || v->line > f->line || strcmp(v->file, f->file) ||
			    !(m ? *m && has_name(v->args[1], m, true) : has_name(v->args[1], h, false)))
				continue;
			for (size_t a = 0; a < f->nargs; a++)
				if (has_name(f->args[a], v->args[0], false))
					return true;
		}
	}
	return false;
}

/* Call f of a function that stores through its parameter (fact st in its body): is the
 * argument for that parameter memory the device does not read, the address of a variable
 * (wil6210 wmi.c@6.12 wmi_start_sched_scan(): wmi_sched_scan_set_plans(wil, &cmd, ...) with
 * cmd a struct on the stack) or a pointer to memory only the CPU uses (cpu_mem())? */
static bool cpu_arg(const struct iom_lint *l, int drv, const struct iom_lint_fact *f, const struct iom_lint_fact *st)
{
	if (!st || st->nargs < 1 || !dix_get(l, drv))
		return false;
	size_t bl = 0;
	const char *e = st->args[0];
	while (isalnum((unsigned char)e[bl]) || e[bl] == '_')
		bl++;
	size_t lo, hi = fn_defs(f->name, &lo);
	for (; lo < hi; lo++) {
		const struct iom_lint_fact *d = dix.fns[lo];
		if (strcmp(d->file, st->file))
			continue;
		for (size_t k = 0; k < d->nargs && k < f->nargs; k++) {
			if (!bl || strlen(d->args[k]) != bl || strncmp(d->args[k], e, bl))
				continue;
			const char *a = f->args[k];
			size_t al = 0;
			if (a[0] == '&') {
				while (isalnum((unsigned char)a[1 + al]) || a[1 + al] == '_')
					al++;
				if (al && !a[1 + al])
					return true;
			}
			char probe[LINT_MAX_NAME + 8];
			if (strlen(a) <= LINT_MAX_NAME) {
				snprintf(probe, sizeof(probe), "%s->x", a);
				return cpu_mem(l, drv, f, probe);
			}
			return false;
		}
	}
	return false;
}

static int classify_write(const struct iom_lint *l, int drv, const struct iom_lint_fact *f, struct oev *x)
{
	if (dma_store(l, drv, f)) {
		x->kind = EV_STORE;
	} else if (f->kind == IOM_LINT_CALL && relaxed_write(f->name)) {
		x->kind = EV_DOORBELL;
		x->accessor = f->name;
	} else if (f->kind == IOM_LINT_CALL && orders(f->name)) {
		x->kind = EV_ORDER;
	} else if (hands_on(l, drv, f)) {
		x->kind = EV_ORDER;  /* the memory handed on: the search for a doorbell ends */
	} else if (f->kind == IOM_LINT_DCALL && is_fn(l, drv, f->name)) {
		int bk = body_kind(l, drv, f->name, f->file, &x->inner);
		if (bk < 0 || (bk == EV_STORE && cpu_arg(l, drv, f, x->inner)))
			return 0;
		x->kind = (enum ev)bk;
		if (bk == EV_DOORBELL)
			x->accessor = x->inner->name;
	} else {
		return 0;
	}
	if (x->kind == EV_DOORBELL && (irq_register(f) || (x->inner && irq_register(x->inner)) || data_register(f)))
		return 0;  /* an interrupt register (irq_register()), a data register (data_register()) */
	x->setup = x->kind == EV_DOORBELL && writes_handle(l, drv, f);
	return 1;
}

int lint_decide_ordering(struct iom_lint *l)
{
	int rc = per_function(l, relaxed_write, classify_write, learn_function, decide_function);
	free(dbs.v);
	memset(&dbs, 0, sizeof(dbs));
	bk_reset(NULL, -1);
	dix_reset();
	return rc;
}

/* ---- relaxed-read-then-dma-read ------------------------------------------------------------ */

enum rev { RV_READ, RV_LOAD, RV_ORDER };

static bool relaxed_read(const char *name)
{
	const struct lint_name *n = lint_name_lookup(name);
	return n && n->cls == LC_RELAXED_R;
}

/* What orders a later read of memory after an MMIO read: lint_names.def DMA_RORDER, and
 * mb() and dma_mb(), which order both ways. */
static bool rorders(const char *name)
{
	const struct lint_name *n = lint_name_lookup(name);
	return (n && n->cls == LC_DMA_RORDER) || !strcmp(name, "mb") || !strcmp(name, "dma_mb");
}

/* Does expression a call an MMIO read, or a function or macro of the driver (whose value
 * is not a load through the pointer a names)? mptbase.c@6.12 WaitForDoorbellReply():
 * le16_to_cpu(CHIPREG_READ32(&ioc->chip->Doorbell) & 0x0000FFFF) converts a register's
 * value; READ_ONCE(d->status), a load, is neither. */
static bool mmio_value(const struct iom_lint *l, int drv, const char *a)
{
	for (const char *q = a; *q;) {
		if (!(isalpha((unsigned char)*q) || *q == '_') || (q > a && (isalnum((unsigned char)q[-1]) || q[-1] == '_'))) {
			q++;
			continue;
		}
		const char *w = q;
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		const char *z = q;
		while (*z == ' ')
			z++;
		if (*z != '(' || (size_t)(q - w) > LINT_MAX_NAME)
			continue;
		char nm[LINT_MAX_NAME + 1];
		snprintf(nm, sizeof(nm), "%.*s", (int)(q - w), w);
		const struct lint_name *n = lint_name_lookup(nm);
		if ((n && (n->cls == LC_RELAXED_R || n->cls == LC_DMA_RORDER)) || is_fn(l, drv, nm))
			return true;
	}
	return false;
}

/* le32_to_cpu(d->status): a descriptor field read through a pointer or an array, not from
 * memory only the CPU uses (wil6210 wmi.c@6.12 wmi_recv_cmd() copies a message out of the
 * device's memory into kmalloc()ed memory, then reads its fields). */
static bool dma_load(const struct iom_lint *l, int drv, const struct iom_lint_fact *f)
{
	const struct lint_name *n = f->kind == IOM_LINT_CALL ? lint_name_lookup(f->name) : NULL;
	if (!n || n->cls != LC_DMA_LOAD || f->nargs != 1)
		return false;
	const char *a = f->args[0];
	/* le32_to_cpup(p) reads the value p points at: any pointer but the address of a
	 * variable (sc92031.c@6.12 l.761 reads its RX ring at a computed pointer); likewise
	 * le32_to_cpu(*p) (8139too.c@6.12 l.1970: *(__le32 *)(rx_ring + ring_offset)) */
	size_t nl = strlen(f->name);
	bool viap = nl > 5 && !strcmp(f->name + nl - 5, "_cpup");
	bool through = strstr(a, "->") || strchr(a, '[') || (viap ? a[0] != '&' : a[0] == '*');
	return through && !mmio_value(l, drv, a) && !cpu_mem(l, drv, f, a);
}

static bool region_base(const struct iom_lint *l, const struct iom_lint_fact *f, size_t bl);
static bool load_field(const struct iom_lint_fact *f, size_t *baselen, const char **field);

/* Does the body of the driver's function that call c calls read the device (a relaxed or
 * ordered read) or order reads, directly or through its own calls, depth levels deep? */
static bool reads_or_orders(const struct iom_lint *l, int drv, const struct iom_lint_fact *c, int depth)
{
	if (depth <= 0)
		return false;
	size_t lo = 0, hi = dix_get(l, drv) ? fn_facts(c->name, &lo) : 0;
	const char *in_file = hi > lo ? scope_file(c->name, c->file) : NULL;
	for (size_t k = lo; k < hi; k++) {
		const struct iom_lint_fact *f = dix.byfn[k];
		if (in_file && strcmp(f->file, in_file))
			continue;
		if (f->kind == IOM_LINT_CALL && (relaxed_read(f->name) || rorders(f->name)))
			return true;
		if (f->kind == IOM_LINT_DCALL && strcmp(f->name, c->name) && is_fn(l, drv, f->name) &&
		    reads_or_orders(l, drv, f, depth - 1))
			return true;
	}
	return false;
}

/* Is the load f (its function's facts: v[0..n)) the buffer address a later (in source order)
 * dma_unmap_single(), dma_unmap_page() or dma_sync_single_for_cpu() of the function is
 * given, directly or through the variable it is kept in? */
static bool unmapped(const struct iom_lint_fact *f, const struct iom_lint_fact *const *v, size_t n)
{
	char t[600];
	snprintf(t, sizeof(t), "%s(%s)", f->name, f->args[0]);
	const char *kept = NULL;
	for (size_t k = 0; k < n; k++) {
		const struct iom_lint_fact *g = v[k];
		if (strcmp(g->file, f->file))
			continue;
		if (g->kind == IOM_LINT_ASSIGN && g->nargs == 2 && g->line == f->line && !strcmp(g->args[1], t))
			kept = g->args[0];
		if (g->kind == IOM_LINT_CALL && g->nargs >= 2 && (g->line > f->line || (g->line == f->line && g->col > f->col)) &&
		    (!strcmp(g->name, "dma_unmap_single") || !strcmp(g->name, "dma_unmap_page") ||
		     !strcmp(g->name, "dma_sync_single_for_cpu")) &&
		    (strstr(g->args[1], t) || (kept && !strcmp(g->args[1], kept))))
			return true;
	}
	return false;
}

/* The body of the driver's function fn as one read-side event: a relaxed read when it
 * reads with a relaxed accessor and loads no descriptor (brcm_sata_readreg()), an ordering
 * call when it has one before its first load of a descriptor, a load of one when it loads
 * a descriptor with no relaxed read and no ordering call before (the status read in one
 * function, the descriptor in a helper its caller calls after it: hns_enet.c@6.12, nvme's
 * nvme_cqe_pending() then nvme_handle_cqe()). */
static int rbody_kind(const struct iom_lint *l, int drv, const char *fn, const char *from,
		      const struct iom_lint_fact **what)
{
	const struct iom_lint_fact *rd = NULL, *od = NULL, *ld = NULL, *early = NULL;
	bool load = false;
	size_t lo = 0, hi = dix_get(l, drv) ? fn_facts(fn, &lo) : 0;
	const char *in_file = hi > lo ? scope_file(fn, from) : NULL;
	for (size_t k = lo; k < hi; k++) {
		const struct iom_lint_fact *f = dix.byfn[k];
		if (in_file && strcmp(f->file, in_file))
			continue;
		/* a function of the driver that reads the device or orders, called before the
		 * body's load (mvpp2_rx() reads the count of received descriptors with
		 * mvpp2_read(), a readl(), in mvpp2_rxq_received(); qla1280_isr() reads with
		 * its RD_REG_WORD() macro) */
		if (f->kind == IOM_LINT_DCALL && !early && !ld && is_fn(l, drv, f->name) && reads_or_orders(l, drv, f, 3))
			early = f;
		if (f->kind != IOM_LINT_CALL)
			continue;
		if (relaxed_read(f->name) && !rd)
			rd = f;
		else if (rorders(f->name) && !od)
			od = f;
		if (dma_load(l, drv, f)) {
			load = true;
			/* a load the helper's caller must order: a field of DMA memory the driver
			 * allocated (a load elsewhere may be a copy the driver made: fsl-mc's
			 * command header, mptbase's handshake reply), not the buffer address it
			 * reads back to unmap (hix5hd2_clean_sg_desc()) */
			size_t bl;
			const char *fld;
			if (!ld && load_field(f, &bl, &fld) && region_base(l, f, bl) && !unmapped(f, dix.byfn + lo, hi - lo))
				ld = f;
		}
	}
	if (ld && !rd && !early && (!od || od->line > ld->line)) {
		*what = ld;
		return RV_LOAD;
	}
	if (od) {
		*what = od;
		return RV_ORDER;
	}
	if (rd && !load) {
		*what = rd;
		return RV_READ;
	}
	return -1;
}

/* Does path p hold an arm, or a loop body, that q does not (p runs in a branch entered
 * after q's)? */
static bool deeper(const char *p, const char *q)
{
	for (const char *s = p; s && *s;) {
		size_t n = strcspn(s, "/");
		bool in = false;
		for (const char *t = q; t && *t && !in;) {
			size_t m = strcspn(t, "/");
			in = m == n && !memcmp(s, t, n);
			t += m;
			t += *t == '/';
		}
		if (!in)
			return true;
		s += n;
		s += *s == '/';
	}
	return false;
}

/* A comment line of a finding's litmus test naming load f: "name(arg) (file:line) is what" */
static void comment_load(struct iom_buf *b, const struct iom_lint_fact *f, const char *what)
{
	char rd[700];
	snprintf(rd, sizeof(rd), "%s(%s)", f->name, f->args[0]);
	iom_buf_puts(b, " *   ");
	comment_text(b, rd);
	iom_buf_printf(b, " (%s:%d) is %s\n", f->file, f->line, what);
}

static void rlitmus_text(const struct oev *r, const struct oev *ld, struct iom_buf *b)
{
	const struct iom_lint_fact *lf = ld->inner ? ld->inner : ld->f;
	iom_buf_printf(b, "C lint-%s-%d\n(*\n", lf->func[0] ? lf->func : "read", lf->line);
	iom_buf_printf(b, " * iomodel lint, relaxed-read-then-dma-read, from %s:%d:\n", lf->file, lf->line);
	iom_buf_printf(b, " *   %s() (%s:%d) is the status read, at st + 0x0;\n", r->accessor, r->f->file,
		       r->f->line);
	comment_load(b, lf, "the read of DMA memory, buf.");
	iom_buf_printf(b, " * The device writes buf, then sets the status. The branch between the two reads\n"
		       " * is left out: iomodel's MMIO layer counts a control dependency as ordering\n"
		       " * (docs/ordering.md, Limits), while a CPU may read ahead of a branch\n"
		       " * (memory-barriers.txt: control dependencies order only stores).\n *)\n");
	iom_buf_printf(b, "{ st = ioremap(dev0); int buf = 0; }\n"
		       "DEV(dev0) { dma_write(buf, 1); reg_set(st + 0x0, 1); }\n"
		       "P0(void __iomem *st, int *buf)\n{\n\tint r0;\n\tint r1;\n\tr0 = %s(st + 0x0);\n"
		       "\tr1 = READ_ONCE(*buf);\n}\nexists (0:r0=1 /\\ 0:r1=0)\n", r->accessor);
}

/* Is the load e[j] the address a later dma_unmap_single(), dma_unmap_page() or
 * dma_sync_single_for_cpu() of the function is given, directly or through the variable
 * it is kept in? That field holds the buffer's DMA address, which the driver stored when
 * it mapped the buffer: the CPU wrote it, the device only reads it (a TX descriptor's
 * buffer address read back to unmap it, hix5hd2_gmac.c@6.12 hix5hd2_xmit_reclaim()). */
static bool unmap_address(const struct iom_lint *l, const struct oev *e, size_t j)
{
	const struct iom_lint_fact *ld = e[j].f;
	size_t lo = 0, hi = dix_get(l, ld->driver) ? fn_facts(ld->func, &lo) : 0;
	return unmapped(ld, dix.byfn + lo, hi - lo);
}

/* The descriptor a load reads a field of, and the field: "rxd->status" is rxd and status,
 * "ring->d[i].len" is ring->d[i] and len. False when the load names no field. */
static bool load_field(const struct iom_lint_fact *f, size_t *baselen, const char **field)
{
	const char *a = f->args[0];
	size_t n = strlen(a);
	while (n && a[n - 1] == ' ')
		n--;
	size_t e = n;
	while (e && (isalnum((unsigned char)a[e - 1]) || a[e - 1] == '_'))
		e--;
	if (e == n || (isdigit((unsigned char)a[e])))
		return false;
	size_t b = e;
	if (b >= 2 && a[b - 1] == '>' && a[b - 2] == '-')
		b -= 2;
	else if (b >= 1 && a[b - 1] == '.')
		b -= 1;
	else
		return false;
	if (!b)
		return false;
	*baselen = b;
	*field = a + e;
	return true;
}

/* Is the descriptor f loads from, the first bl characters of its argument, in DMA memory
 * the driver allocated: through a region's member (ring->desc[i].rx), or through a pointer
 * the function took from one before (desc = &ring->desc[i]; desc->rx)? The facts of
 * lint/doorbell.cocci's region rules, in the files that program reads. A field read
 * through any other pointer may be memory only the CPU or another processor writes
 * (qcom smem's shared items, a copy of a reply): the second shape asks for DMA memory. */
static bool region_base(const struct iom_lint *l, const struct iom_lint_fact *f, size_t bl)
{
	char base[512];
	if (bl >= sizeof(base))
		return false;
	memcpy(base, f->args[0], bl);
	base[bl] = 0;
	if (via_region_dir(l, f->driver, f->file, base, DEV_WRITES))
		return true;
	size_t dn = 0;
	while (isalnum((unsigned char)base[dn]) || base[dn] == '_')
		dn++;
	if (!dn || (base[dn] && strncmp(base + dn, "->", 2) && base[dn] != '[' && base[dn] != '.'))
		return false;
	size_t lo, hi = fn_facts(f->func, &lo);
	for (; lo < hi; lo++) {
		const struct iom_lint_fact *g = dix.byfn[lo];
		if (g->kind == IOM_LINT_ASSIGN && g->nargs == 2 && g->line <= f->line && strlen(g->args[0]) == dn &&
		    !strncmp(g->args[0], base, dn) && !strcmp(g->file, f->file) &&
		    region_value(l, f->driver, f->file, g->args[1], DEV_WRITES))
			return true;
	}
	return false;
}

/* The second shape (memory-barriers.txt@6.12, dma_rmb(): "if (desc->status != DEVICE_OWN)
 * { dma_rmb(); read_data = desc->data; ..."): a field of a descriptor in DMA memory read
 * (its status or ownership word), then, in a branch entered after it, another field of
 * the same descriptor, with no ordering call between on the path: the CPU may read the
 * data before the status that says the device wrote it. The earlier load, or -1. */
static bool called_ordered(const char *fn);

static long status_load(const struct iom_lint *l, const struct oev *e, size_t j)
{
	size_t bj;
	const char *fj;
	if (e[j].inner || !load_field(e[j].f, &bj, &fj) || !region_base(l, e[j].f, bj) ||
	    called_ordered(e[j].f->func))
		return -1;
	for (size_t i = j; i-- > 0;) {
		if ((int)e[i].kind == RV_ORDER && on_path(e[i].f->path, e[j].f->path, e[j].f->path))
			return -1;
		size_t bi;
		const char *fi;
		if ((int)e[i].kind != RV_LOAD || e[i].inner || !load_field(e[i].f, &bi, &fi) || bi != bj ||
		    strncmp(e[i].f->args[0], e[j].f->args[0], bi) || !strcmp(fi, fj) ||
		    lint_paths_exclusive(e[i].f->path, e[j].f->path) || !deeper(e[j].f->path, e[i].f->path) ||
		    !on_path(e[i].f->path, e[j].f->path, e[j].f->path))
			continue;
		for (size_t k = i + 1; k < j; k++)
			if ((int)e[k].kind == RV_ORDER && on_path(e[k].f->path, e[i].f->path, e[j].f->path))
				return -1;
		return (long)i;
	}
	return -1;
}

static void slitmus_text(const struct oev *st, const struct oev *ld, struct iom_buf *b)
{
	const struct iom_lint_fact *lf = ld->f, *sf = st->f;
	iom_buf_printf(b, "C lint-%s-%d\n(*\n", lf->func[0] ? lf->func : "read", lf->line);
	iom_buf_printf(b, " * iomodel lint, relaxed-read-then-dma-read (a DMA status, then the data), from %s:%d:\n",
		       lf->file, lf->line);
	comment_load(b, sf, "the read of the status the device wrote, flag;");
	comment_load(b, lf, "the read of the data, buf.");
	iom_buf_printf(b, " * The device writes buf, then the status, both by DMA. The branch between the\n"
		       " * two reads is left out: a CPU may read ahead of a branch (memory-barriers.txt:\n"
		       " * control dependencies order only stores).\n *)\n");
	iom_buf_printf(b, "{ st = ioremap(dev0); int buf = 0; int flag = 0; }\n"
		       "DEV(dev0) { dma_write(buf, 1); dma_write(flag, 1); }\n"
		       "P0(int *flag, int *buf)\n{\n\tint r0;\n\tint r1;\n\tr0 = READ_ONCE(*flag);\n"
		       "\tr1 = READ_ONCE(*buf);\n}\nexists (0:r0=1 /\\ 0:r1=0)\n");
}

static int rdecide_function(struct iom_lint *l, struct oev *e, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		if ((int)e[j].kind != RV_LOAD || (!e[j].inner && unmap_address(l, e, j)))
			continue;
		/* the last relaxed read before it, in a branch the load is deeper in, with no
		 * ordering call between on the path */
		const struct oev *r = NULL;
		for (size_t i = j; i-- > 0;) {
			if ((int)e[i].kind == RV_ORDER && on_path(e[i].f->path, e[j].f->path, e[j].f->path))
				break;
			/* a status read on every path to the load (its arms are the load's): a
			 * read in an arm the load is not in may not run before it (qla1280.c@6.12
			 * qla1280_isr() reads mailboxes 1-7 relaxed in an if, after the readw()
			 * that orders its read of the response queue's in-pointer) */
			if ((int)e[i].kind != RV_READ || lint_paths_exclusive(e[i].f->path, e[j].f->path) ||
			    !deeper(e[j].f->path, e[i].f->path) || !on_path(e[i].f->path, e[j].f->path, e[j].f->path))
				continue;
			bool ordered = false;
			for (size_t k = i + 1; k < j && !ordered; k++)
				ordered = (int)e[k].kind == RV_ORDER &&
					  on_path(e[k].f->path, e[i].f->path, e[j].f->path);
			if (!ordered)
				r = &e[i];
			break;
		}
		long si = r ? -1 : status_load(l, e, j);
		if (!r && si < 0)
			continue;
		struct iom_buf t;
		iom_buf_init(&t);
		if (r)
			rlitmus_text(r, &e[j], &t);
		else
			slitmus_text(&e[si], &e[j], &t);
		if (t.oom) {
			iom_buf_release(&t);
			return -IOM_ENOMEM;
		}
		char v[IOM_ARCH__COUNT][16], why[300], kv[16], msg[2400], via[300] = "", per[200] = "";
		run_arches(iom_buf_str(&t), l->kver, v, why, sizeof(why));
		iom_kver_str(l->kver ? l->kver : IOM_KVER(6, 12), kv, sizeof(kv));
		if (r && r->inner)
			snprintf(via, sizeof(via), " (its %s() at %s:%d)", r->accessor, r->inner->file, r->inner->line);
		bool weak = verdict_line(v, per, sizeof(per));
		if (!weak) {
			iom_buf_release(&t);
			continue;
		}
		if (!r) {
			const struct iom_lint_fact *sf = e[si].f;
			snprintf(msg, sizeof(msg),
				 "%s(%s) at line %d reads a status the device writes by DMA, then %s(%s) reads "
				 "another field of the same descriptor, in a branch after it, with no dma_rmb() "
				 "or rmb() between: the CPU may read the field before the status that says the "
				 "device wrote it. iomodel's litmus test of these statements, kernel %s: %s "
				 "(Never: ordered there; Sometimes: the CPU can read the old data).%s%s "
				 "Fix: dma_rmb() after the status read (memory-barriers.txt, dma_rmb()).",
				 sf->name, sf->args[0], sf->line, e[j].f->name, e[j].f->args[0], kv, per,
				 why[0] ? " Not run: " : "", why);
			int rc = litmus_finding(l, LINT_DMA_READ, e[j].f, sf, msg, iom_buf_str(&t), v);
			iom_buf_release(&t);
			if (rc)
				return rc;
			continue;
		}
		/* the load, or the driver's function that loads (its load named) */
		char lt[900];
		const struct iom_lint_fact *in = e[j].inner;
		if (in)
			snprintf(lt, sizeof(lt), "%s() (its %s(%s) at %s:%d)", e[j].f->name, in->name, in->args[0],
				 in->file, in->line);
		else
			snprintf(lt, sizeof(lt), "%s(%s)", e[j].f->name, e[j].f->args[0]);
		snprintf(msg, sizeof(msg),
			 "%s()%s at line %d reads the device's status, then %s reads memory the "
			 "device wrote by DMA, in a branch after it, with no dma_rmb(), rmb() or "
			 "non-relaxed MMIO read between: a relaxed MMIO read is not ordered before later "
			 "reads of normal memory, so the CPU may read the descriptor before the status "
			 "that says it is ready. iomodel's litmus test of these statements, kernel %s: %s "
			 "(Never: ordered there; Sometimes: the CPU can read the old descriptor).%s%s "
			 "Fix: dma_rmb() after the status read, or readl() (memory-barriers.txt, dma_rmb()).",
			 r->f->name, via, r->f->line, lt, kv, per, why[0] ? " Not run: " : "", why);
		int rc = litmus_finding(l, LINT_DMA_READ, e[j].f, r->f, msg, iom_buf_str(&t), v);
		iom_buf_release(&t);
		if (rc)
			return rc;
	}
	return 0;
}

/* The driver's helpers that read DMA memory (a call of one is an RV_LOAD with inner set),
 * with how many of their calls come after the device's status read was ordered: a relaxed
 * MMIO read then an ordering call, or an ordered MMIO read (readl()), on the call's path. */
static _Thread_local struct ohelp { const char *name; int calls, ordered; } *ohs;
static _Thread_local size_t nohs, capohs;
static _Thread_local int ohs_drv = -1;

static void ohs_reset(void)
{
	free(ohs);
	ohs = NULL;
	nohs = capohs = 0;
	ohs_drv = -1;
}

static struct ohelp *ohs_find(const char *name)
{
	for (size_t k = 0; k < nohs; k++)
		if (!strcmp(ohs[k].name, name))
			return &ohs[k];
	return NULL;
}

static bool mmio_read_order(const char *name)
{
	return !strncmp(name, "read", 4) || !strncmp(name, "ioread", 6);
}

static int rlearn_function(struct iom_lint *l, struct oev *e, size_t n)
{
	(void)l;
	if (!n)
		return 0;
	if (e[0].f->driver != ohs_drv) {
		ohs_reset();
		ohs_drv = e[0].f->driver;
	}
	for (size_t j = 0; j < n; j++) {
		if ((int)e[j].kind != RV_LOAD || !e[j].inner)
			continue;
		bool ordered = false;
		for (size_t i = j; i-- > 0 && !ordered;) {
			if (!on_path(e[i].f->path, e[j].f->path, e[j].f->path))
				continue;
			if ((int)e[i].kind == RV_ORDER && !e[i].inner && mmio_read_order(e[i].f->name))
				ordered = true;
			if ((int)e[i].kind != RV_READ)
				continue;
			for (size_t k = i + 1; k < j && !ordered; k++)
				ordered = (int)e[k].kind == RV_ORDER && on_path(e[k].f->path, e[i].f->path, e[j].f->path);
		}
		struct ohelp *h = ohs_find(e[j].f->name);
		if (!h) {
			if (nohs == capohs) {
				size_t nc = capohs ? 2 * capohs : 16;
				struct ohelp *v = realloc(ohs, nc * sizeof(*v));
				if (!v)
					return -IOM_ENOMEM;
				ohs = v;
				capohs = nc;
			}
			h = &ohs[nohs++];
			*h = (struct ohelp){ e[j].f->name, 0, 0 };
		}
		h->calls++;
		h->ordered += ordered;
	}
	return 0;
}

/* Does the driver call function fn only after it ordered its read of the device's status
 * (rlearn_function())? Then fn reads descriptors the device had finished writing when it
 * said so through a register: hisilicon/hns/hns_enet.c@6.12 hns_nic_rx_poll_one() reads
 * the count of received descriptors with readl_relaxed(), then rmb(), then calls
 * hns_nic_poll_rx_skb(), which reads each descriptor's fields in turn. The second shape,
 * a descriptor's own field as its hand-over, is not that driver's protocol there. */
static bool called_ordered(const char *fn)
{
	const struct ohelp *h = ohs_find(fn);
	return h && h->calls && h->ordered == h->calls;
}

static int classify_read(const struct iom_lint *l, int drv, const struct iom_lint_fact *f, struct oev *x)
{
	if (dma_load(l, drv, f)) {
		x->kind = (enum ev)RV_LOAD;
	} else if (f->kind == IOM_LINT_CALL && relaxed_read(f->name)) {
		x->kind = (enum ev)RV_READ;
		x->accessor = f->name;
	} else if (f->kind == IOM_LINT_CALL && rorders(f->name)) {
		x->kind = (enum ev)RV_ORDER;
	} else if (f->kind == IOM_LINT_DCALL && is_fn(l, drv, f->name)) {
		int bk = rbody_kind(l, drv, f->name, f->file, &x->inner);
		if (bk < 0)
			return 0;
		x->kind = (enum ev)bk;
		if (bk == RV_READ)
			x->accessor = x->inner->name;
	} else {
		return 0;
	}
	return 1;
}

int lint_decide_reads(struct iom_lint *l)
{
	int rc = per_function(l, relaxed_read, classify_read, rlearn_function, rdecide_function);
	dix_reset();
	ohs_reset();
	return rc;
}
