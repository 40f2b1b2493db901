// SPDX-License-Identifier: MIT
/* iomodel -- lint's ordering codes, each finding backed by the litmus engine (docs/lint.md):
 *   dma-write-then-relaxed-doorbell  a store to DMA memory (a cpu_to_le*() value stored
 *                                    through a pointer or an array, the way a descriptor is
 *                                    filled), then a relaxed MMIO write in the same function
 *                                    with no dma_wmb(), wmb(), mb() or non-relaxed MMIO
 *                                    write between on that path: the device may see the
 *                                    doorbell before the descriptor.
 * Facts come from lint/doorbell.cocci (the relaxed writes, the ordering calls and the
 * stores) and the source scan (the driver's functions and the calls of them). A function
 * of the driver counts as what its body does: one that writes with a relaxed accessor is a
 * doorbell at each call (the article's brcm_sata_writereg() pattern), one that stores
 * descriptors a store, one that orders an ordering call. For each finding lint writes the
 * C-MMIO litmus test of the two statements and the device that reads the descriptor when
 * the doorbell arrives, and runs it for every architecture at the --kernel asked: x86
 * orders the two (information there), arm64 and riscv do not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* A store of a descriptor field: "L = cpu_to_le32(...)" with L through a pointer or an
 * array (a local struct filled on the stack is not what the device reads). */
static bool dma_store(const struct iom_lint_fact *f)
{
	return f->kind == IOM_LINT_ASSIGN && f->nargs == 2 && !strncmp(f->args[1], "cpu_to_le", 9) &&
	       (strstr(f->args[0], "->") || strchr(f->args[0], '['));
}

/* What the body of the driver's function fn (file-independent: the driver's) does, as
 * one event: a doorbell when it writes with a relaxed accessor and stores nothing, a
 * store when it stores with no ordering call after its last store, an ordering call when
 * it has one. *what gets the body's fact. */
static int body_kind(const struct iom_lint *l, int drv, const char *fn, const struct iom_lint_fact **what)
{
	const struct lint_dlist *dl = drv < l->dl_n ? &l->dl[drv] : NULL;
	const struct iom_lint_fact *st = NULL, *db = NULL, *od = NULL;
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		if (strcmp(f->func, fn))
			continue;
		if (dma_store(f) && (!st || f->line > st->line))
			st = f;
		else if (f->kind == IOM_LINT_CALL && relaxed_write(f->name) && !db)
			db = f;
		else if (f->kind == IOM_LINT_CALL && orders(f->name) && (!od || f->line > od->line))
			od = f;
	}
	if (st && (!od || od->line < st->line)) {
		*what = st;
		return EV_STORE;
	}
	if (od) {
		*what = od;
		return EV_ORDER;
	}
	if (db) {
		*what = db;
		return EV_DOORBELL;
	}
	return -1;
}

static bool is_fn(const struct iom_lint *l, int drv, const char *name)
{
	const struct lint_dlist *dl = drv < l->dl_n ? &l->dl[drv] : NULL;
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		if (f->kind == IOM_LINT_FN && !strcmp(f->name, name))
			return true;
	}
	return false;
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

/* The litmus test of a store then a relaxed doorbell, the device reading the stored
 * location by DMA when the doorbell arrives (litmus/MMIO-D02's shape). */
static void litmus_text(const struct oev *s, const struct oev *d, struct iom_buf *b)
{
	const struct iom_lint_fact *sf = s->inner ? s->inner : s->f;
	iom_buf_printf(b, "C lint-%s-%d\n(*\n", d->f->func[0] ? d->f->func : "doorbell", d->f->line);
	iom_buf_printf(b, " * iomodel lint, dma-write-then-relaxed-doorbell, from %s:%d:\n", d->f->file, d->f->line);
	iom_buf_printf(b, " *   %s = %s    (%s:%d) is the store to DMA memory, buf;\n", sf->args[0], sf->args[1],
		       sf->file, sf->line);
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
					   IOM_LIT_MODEL_KERNEL, NULL };
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

/* A non-relaxed MMIO write (writel() family): the ordered way to ring a doorbell. */
static bool mmio_write(const struct oev *x)
{
	const char *nm = x->inner ? x->inner->name : x->f->name;
	return x->kind == EV_ORDER && (!strncmp(nm, "write", 5) || !strncmp(nm, "iowrite", 7));
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
		if (later)
			continue;
		/* the last store before it on a path with no ordering call between */
		const struct oev *s = NULL;
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
		if (!s)
			continue;
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
		bool weak = false;
		char per[200] = "";
		size_t o = 0;
		for (int a = 0; a < IOM_ARCH__COUNT; a++) {
			o += (size_t)snprintf(per + o, sizeof(per) - o, "%s%s %s", a ? ", " : "",
					      iom_arch_name((enum iom_arch)a), v[a]);
			weak |= strcmp(v[a], "Never") != 0;
		}
		if (!weak) {
			iom_buf_release(&t);
			continue;
		}
		snprintf(msg, sizeof(msg),
			 "%s = %s at line %d%s stores to memory the device reads by DMA, then %s()%s "
			 "rings the doorbell with no dma_wmb(), wmb() or non-relaxed MMIO write between: "
			 "a relaxed MMIO write is not ordered after earlier stores to normal memory, so "
			 "the device may fetch the old descriptor. iomodel's litmus test of these "
			 "statements (the device reads the descriptor when the doorbell arrives), kernel "
			 "%s: %s (Never: ordered there; Sometimes: the device can fetch the old descriptor).%s%s "
			 "Fix: dma_wmb() before the doorbell, or writel() (memory-barriers.txt, dma_wmb()).",
			 sf->args[0], sf->args[1], sf->line, svia, e[j].f->name, via, kv, per,
			 why[0] ? " Not run: " : "", why);
		int rc = lint_add_finding(l, "dma-write-then-relaxed-doorbell", e[j].f, s->f, "%s", msg);
		if (!rc) {
			struct iom_lint_finding *f = &l->found[l->nr_found - 1];
			for (int a = 0; a < IOM_ARCH__COUNT; a++)
				memcpy(f->verdict[a], v[a], sizeof(f->verdict[a]));
			f->evidence = strdup(iom_buf_str(&t));
			const char *base = strrchr(e[j].f->file, '/');
			snprintf(f->evname, sizeof(f->evname), "%s-dma-write-then-relaxed-doorbell-%d.litmus",
				 base ? base + 1 : e[j].f->file, e[j].f->line);
			for (char *p = f->evname; *p; p++)
				if (*p == '.' && strcmp(p, ".litmus"))
					*p = '_';
			if (!f->evidence)
				rc = -IOM_ENOMEM;
		}
		iom_buf_release(&t);
		if (rc)
			return rc;
	}
	return 0;
}

int lint_decide_ordering(struct iom_lint *l)
{
	int rc = 0;
	for (int drv = 0; !rc && drv < l->nr_drivers; drv++) {
		const struct lint_dlist *dl = drv < l->dl_n ? &l->dl[drv] : NULL;
		struct oev *e = NULL;
		size_t n = 0;
		bool any_db = false;
		for (size_t k = 0; dl && k < dl->n; k++)
			any_db |= l->facts[dl->v[k]].kind == IOM_LINT_CALL && relaxed_write(l->facts[dl->v[k]].name);
		for (size_t k = 0; any_db && dl && k < dl->n; k++) {
			const struct iom_lint_fact *f = &l->facts[dl->v[k]];
			struct oev x = { f, EV_STORE, NULL, NULL };
			if (!f->func[0])
				continue;
			if (dma_store(f)) {
				x.kind = EV_STORE;
			} else if (f->kind == IOM_LINT_CALL && relaxed_write(f->name)) {
				x.kind = EV_DOORBELL;
				x.accessor = f->name;
			} else if (f->kind == IOM_LINT_CALL && orders(f->name)) {
				x.kind = EV_ORDER;
			} else if (f->kind == IOM_LINT_DCALL && is_fn(l, drv, f->name)) {
				int bk = body_kind(l, drv, f->name, &x.inner);
				if (bk < 0)
					continue;
				x.kind = (enum ev)bk;
				if (bk == EV_DOORBELL)
					x.accessor = x.inner->name;
			} else {
				continue;
			}
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
			for (size_t a = 0, b; !rc && a < n; a = b) {
				for (b = a + 1; b < n && !strcmp(e[b].f->file, e[a].f->file) &&
						!strcmp(e[b].f->func, e[a].f->func); b++)
					;
				rc = decide_function(l, e + a, b - a);
			}
		}
		free(e);
	}
	return rc;
}
