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
static int litmus_finding(struct iom_lint *l, const char *code, const struct iom_lint_fact *at,
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
	snprintf(f->evname, sizeof(f->evname), "%s-%s-%d.litmus", base ? base + 1 : at->file, code, at->line);
	for (char *p = f->evname; *p; p++)
		if (*p == '.' && strcmp(p, ".litmus"))
			*p = '_';
	return f->evidence ? 0 : -IOM_ENOMEM;
}

/* A code's events of one driver fact (0: none), and its decision over one function's. */
typedef int (*classify_fn)(const struct iom_lint *l, int drv, const struct iom_lint_fact *f, struct oev *x);
typedef int (*decide_fn)(struct iom_lint *l, struct oev *e, size_t n);

/* For each driver with an anchor call (a relaxed write, a relaxed read): its events in
 * source order, decided function by function. */
static int per_function(struct iom_lint *l, bool (*anchor)(const char *), classify_fn classify, decide_fn decide)
{
	int rc = 0;
	for (int drv = 0; !rc && drv < l->nr_drivers; drv++) {
		const struct lint_dlist *dl = drv < l->dl_n ? &l->dl[drv] : NULL;
		struct oev *e = NULL;
		size_t n = 0;
		bool any = false;
		for (size_t k = 0; dl && k < dl->n; k++)
			any |= l->facts[dl->v[k]].kind == IOM_LINT_CALL && anchor(l->facts[dl->v[k]].name);
		for (size_t k = 0; any && dl && k < dl->n; k++) {
			const struct iom_lint_fact *f = &l->facts[dl->v[k]];
			struct oev x = { f, EV_STORE, NULL, NULL };
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
			for (size_t a = 0, b; !rc && a < n; a = b) {
				for (b = a + 1; b < n && !strcmp(e[b].f->file, e[a].f->file) &&
						!strcmp(e[b].f->func, e[a].f->func); b++)
					;
				rc = decide(l, e + a, b - a);
			}
		}
		free(e);
	}
	return rc;
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
		char per[200];
		bool weak = verdict_line(v, per, sizeof(per));
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
		int rc = litmus_finding(l, "dma-write-then-relaxed-doorbell", e[j].f, s->f, msg, iom_buf_str(&t), v);
		iom_buf_release(&t);
		if (rc)
			return rc;
	}
	return 0;
}

static int classify_write(const struct iom_lint *l, int drv, const struct iom_lint_fact *f, struct oev *x)
{
	if (dma_store(f)) {
		x->kind = EV_STORE;
	} else if (f->kind == IOM_LINT_CALL && relaxed_write(f->name)) {
		x->kind = EV_DOORBELL;
		x->accessor = f->name;
	} else if (f->kind == IOM_LINT_CALL && orders(f->name)) {
		x->kind = EV_ORDER;
	} else if (f->kind == IOM_LINT_DCALL && is_fn(l, drv, f->name)) {
		int bk = body_kind(l, drv, f->name, &x->inner);
		if (bk < 0)
			return 0;
		x->kind = (enum ev)bk;
		if (bk == EV_DOORBELL)
			x->accessor = x->inner->name;
	} else {
		return 0;
	}
	return 1;
}

int lint_decide_ordering(struct iom_lint *l)
{
	return per_function(l, relaxed_write, classify_write, decide_function);
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

/* le32_to_cpu(d->status): a descriptor field read through a pointer or an array. */
static bool dma_load(const struct iom_lint_fact *f)
{
	const struct lint_name *n = f->kind == IOM_LINT_CALL ? lint_name_lookup(f->name) : NULL;
	return n && n->cls == LC_DMA_LOAD && f->nargs == 1 && (strstr(f->args[0], "->") || strchr(f->args[0], '['));
}

/* The body of the driver's function fn as one read-side event: a relaxed read when it
 * reads with a relaxed accessor and loads no descriptor (brcm_sata_readreg()), an ordering
 * call when it has one. */
static int rbody_kind(const struct iom_lint *l, int drv, const char *fn, const struct iom_lint_fact **what)
{
	const struct lint_dlist *dl = drv < l->dl_n ? &l->dl[drv] : NULL;
	const struct iom_lint_fact *rd = NULL, *od = NULL;
	bool load = false;
	for (size_t k = 0; dl && k < dl->n; k++) {
		const struct iom_lint_fact *f = &l->facts[dl->v[k]];
		if (strcmp(f->func, fn) || f->kind != IOM_LINT_CALL)
			continue;
		if (relaxed_read(f->name) && !rd)
			rd = f;
		else if (rorders(f->name) && !od)
			od = f;
		load |= dma_load(f);
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

/* Does path p hold an arm that q does not (p runs in a branch entered after q's)? */
static bool deeper(const char *p, const char *q)
{
	return !on_path(p, q, q);
}

static void rlitmus_text(const struct oev *r, const struct oev *ld, struct iom_buf *b)
{
	const struct iom_lint_fact *lf = ld->f;
	iom_buf_printf(b, "C lint-%s-%d\n(*\n", lf->func[0] ? lf->func : "read", lf->line);
	iom_buf_printf(b, " * iomodel lint, relaxed-read-then-dma-read, from %s:%d:\n", lf->file, lf->line);
	iom_buf_printf(b, " *   %s() (%s:%d) is the status read, at st + 0x0;\n", r->accessor, r->f->file,
		       r->f->line);
	iom_buf_printf(b, " *   %s(%s) (%s:%d) is the read of DMA memory, buf.\n", lf->name, lf->args[0], lf->file,
		       lf->line);
	iom_buf_printf(b, " * The device writes buf, then sets the status. The branch between the two reads\n"
		       " * is left out: iomodel's MMIO layer counts a control dependency as ordering\n"
		       " * (docs/ordering.md, Limits), while a CPU may read ahead of a branch\n"
		       " * (memory-barriers.txt: control dependencies order only stores).\n *)\n");
	iom_buf_printf(b, "{ st = ioremap(dev0); int buf = 0; }\n"
		       "DEV(dev0) { dma_write(buf, 1); reg_set(st + 0x0, 1); }\n"
		       "P0(void __iomem *st, int *buf)\n{\n\tint r0;\n\tint r1;\n\tr0 = %s(st + 0x0);\n"
		       "\tr1 = READ_ONCE(*buf);\n}\nexists (0:r0=1 /\\ 0:r1=0)\n", r->accessor);
}

static int rdecide_function(struct iom_lint *l, struct oev *e, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		if ((int)e[j].kind != RV_LOAD)
			continue;
		/* the last relaxed read before it, in a branch the load is deeper in, with no
		 * ordering call between on the path */
		const struct oev *r = NULL;
		for (size_t i = j; i-- > 0;) {
			if ((int)e[i].kind == RV_ORDER && on_path(e[i].f->path, e[j].f->path, e[j].f->path))
				break;
			if ((int)e[i].kind != RV_READ || lint_paths_exclusive(e[i].f->path, e[j].f->path) ||
			    !deeper(e[j].f->path, e[i].f->path))
				continue;
			bool ordered = false;
			for (size_t k = i + 1; k < j && !ordered; k++)
				ordered = (int)e[k].kind == RV_ORDER &&
					  on_path(e[k].f->path, e[i].f->path, e[j].f->path);
			if (!ordered)
				r = &e[i];
			break;
		}
		if (!r)
			continue;
		struct iom_buf t;
		iom_buf_init(&t);
		rlitmus_text(r, &e[j], &t);
		if (t.oom) {
			iom_buf_release(&t);
			return -IOM_ENOMEM;
		}
		char v[IOM_ARCH__COUNT][16], why[300], kv[16], msg[2400], via[300] = "", per[200] = "";
		run_arches(iom_buf_str(&t), l->kver, v, why, sizeof(why));
		iom_kver_str(l->kver ? l->kver : IOM_KVER(6, 12), kv, sizeof(kv));
		if (r->inner)
			snprintf(via, sizeof(via), " (its %s() at %s:%d)", r->accessor, r->inner->file, r->inner->line);
		bool weak = verdict_line(v, per, sizeof(per));
		if (!weak) {
			iom_buf_release(&t);
			continue;
		}
		snprintf(msg, sizeof(msg),
			 "%s()%s at line %d reads the device's status, then %s(%s) reads memory the "
			 "device wrote by DMA, in a branch after it, with no dma_rmb(), rmb() or "
			 "non-relaxed MMIO read between: a relaxed MMIO read is not ordered before later "
			 "reads of normal memory, so the CPU may read the descriptor before the status "
			 "that says it is ready. iomodel's litmus test of these statements, kernel %s: %s "
			 "(Never: ordered there; Sometimes: the CPU can read the old descriptor).%s%s "
			 "Fix: dma_rmb() after the status read, or readl() (memory-barriers.txt, dma_rmb()).",
			 r->f->name, via, r->f->line, e[j].f->name, e[j].f->args[0], kv, per,
			 why[0] ? " Not run: " : "", why);
		int rc = litmus_finding(l, "relaxed-read-then-dma-read", e[j].f, r->f, msg, iom_buf_str(&t), v);
		iom_buf_release(&t);
		if (rc)
			return rc;
	}
	return 0;
}

static int classify_read(const struct iom_lint *l, int drv, const struct iom_lint_fact *f, struct oev *x)
{
	if (dma_load(f)) {
		x->kind = (enum ev)RV_LOAD;
	} else if (f->kind == IOM_LINT_CALL && relaxed_read(f->name)) {
		x->kind = (enum ev)RV_READ;
		x->accessor = f->name;
	} else if (f->kind == IOM_LINT_CALL && rorders(f->name)) {
		x->kind = (enum ev)RV_ORDER;
	} else if (f->kind == IOM_LINT_DCALL && is_fn(l, drv, f->name)) {
		int bk = rbody_kind(l, drv, f->name, &x->inner);
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
	return per_function(l, relaxed_read, classify_read, rdecide_function);
}
