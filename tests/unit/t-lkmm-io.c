// SPDX-License-Identifier: MIT
/* t-lkmm-io -- MMIO on the LKMM engine (include/iomodel/lkmm.h with an architecture,
 * release and model; lib/lkmm/io, docs/ordering.md §10): verdicts of small tests whose
 * answers follow from the rule rows by hand, the exact state sets, herd7 output, lock
 * handover and trylock, device programs and triggers, WC combining and collapse, data
 * dependencies, errors (versions, NULL mappings, the article on riscv), the execution
 * limit and the DOT picture. These cases were the operational engine's; each verdict is
 * unchanged, the counts are now executions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/lkmm.h"

#define V(a, b) IOM_KVER(a, b)

static struct iom_lit_test *parse(const char *src)
{
	struct iom_lit_test *t = NULL;
	struct iom_diag d;
	iom_diag_init(&d);
	if (iom_lit_parse(src, strlen(src), "t.litmus", &t, &d) < 0)
		fail_msg("parse: %d:%d: %s", d.line, d.col, d.msg);
	return t;
}

static struct iom_lkmm_result *run(const struct iom_lit_test *t, enum iom_arch a, unsigned kver,
				   enum iom_lit_model m)
{
	struct iom_lkmm_opts o = { 0, 0, true, 0, a, kver, m, NULL };
	struct iom_lkmm_result *r = NULL;
	struct iom_diag d;
	iom_diag_init(&d);
	if (iom_lkmm_run(t, &o, &r, &d) < 0)
		fail_msg("lkmm: %s", d.msg);
	return r;
}

static enum iom_lit_verdict verdict(const char *src, enum iom_arch a, unsigned kver, enum iom_lit_model m)
{
	struct iom_lit_test *t = parse(src);
	struct iom_lkmm_result *r = run(t, a, kver, m);
	enum iom_lit_verdict v = iom_lkmm_verdict(r);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	return v;
}

#define NEVER IOM_LIT_V_NEVER
#define SOMETIMES IOM_LIT_V_SOMETIMES
#define ALWAYS IOM_LIT_V_ALWAYS
#define KER IOM_LIT_MODEL_KERNEL
#define ART IOM_LIT_MODEL_ARTICLE
#define POR IOM_LIT_MODEL_PORTABLE

static const char L01[] =
	"C L01\n{ dev = ioremap(dev0); int global = 0; }\n"
	"P0(void __iomem *dev, int *global, spinlock_t *a)\n{\n\tint i;\n\tspin_lock(a);\n"
	"\ti = READ_ONCE(*global);\n\tWRITE_ONCE(*global, i + 1);\nw:\tWACC(i, dev + 0x0);\n"
	"\tspin_unlock(a);\n}\n"
	"P1(void __iomem *dev, int *global, spinlock_t *a)\n{\n\tint i;\n\tspin_lock(a);\n"
	"\ti = READ_ONCE(*global);\n\tWRITE_ONCE(*global, i + 1);\nw:\tWACC(i, dev + 0x0);\n"
	"\tspin_unlock(a);\n}\nfilter (0:i=0 /\\ 1:i=1)\nexists (dev0[0x0]=0)\n";

static char *subst(const char *src, const char *from, const char *to)
{
	size_t n = strlen(src) + 8 * strlen(to) + 1;
	char *out = malloc(n), *o = out;
	const char *p;
	while ((p = strstr(src, from))) {
		memcpy(o, src, (size_t)(p - src));
		o += p - src;
		strcpy(o, to);
		o += strlen(to);
		src = p + strlen(from);
	}
	strcpy(o, src);
	return out;
}

/* Lock handover (ORD-4.4): the device sees P0's write first iff the write is ordered before
 * the unlock on P0 and the lock before the write on P1. */
static void test_lock_handover(void **state)
{
	(void)state;
	char *wl = subst(L01, "WACC", "writel"), *rx = subst(L01, "WACC", "writel_relaxed");
	assert_int_equal(verdict(wl, IOM_ARCH_ARM64, V(4, 8), KER), NEVER);
	assert_int_equal(verdict(wl, IOM_ARCH_RISCV, V(6, 12), KER), NEVER);
	assert_int_equal(verdict(wl, IOM_ARCH_RISCV, V(5, 1), KER), SOMETIMES);  /* no tracking yet */
	assert_int_equal(verdict(wl, IOM_ARCH_X86, V(4, 8), POR), SOMETIMES);    /* MB-OLD */
	assert_int_equal(verdict(wl, IOM_ARCH_X86, V(5, 4), POR), NEVER);        /* MB-B bullet 2 */
	assert_int_equal(verdict(rx, IOM_ARCH_ARM64, V(4, 8), KER), NEVER);      /* store-release */
	assert_int_equal(verdict(rx, IOM_ARCH_ARM64, V(4, 8), ART), SOMETIMES);  /* article text */
	assert_int_equal(verdict(rx, IOM_ARCH_RISCV, V(6, 12), KER), SOMETIMES);
	free(wl);
	free(rx);
}

/* herd7 output, exactly (ORD-5.2 and the ORD-5.3 example). */
static void test_render(void **state)
{
	(void)state;
	char *wl = subst(L01, "WACC", "writel");
	struct iom_lit_test *t = parse(wl);
	struct iom_lkmm_result *r = run(t, IOM_ARCH_ARM64, V(4, 8), KER);
	struct iom_buf b;
	iom_buf_init(&b);
	iom_lkmm_report_text(r, &b);
	/* herd7 lists the condition's and the locations' items (not the filter's), counts
	 * executions, and ends a test with a blank line */
	assert_string_equal(iom_buf_str(&b),
			    "Test L01 Allowed\n"
			    "States 1\n"
			    "dev0[0x0]=1;\n"
			    "No\n"
			    "Witnesses\n"
			    "Positive: 0 Negative: 1\n"
			    "Condition exists (dev0[0x0]=0)\n"
			    "Observation L01 Never 0 1\n\n");
	assert_false(iom_lkmm_ok(r));
	assert_int_equal(iom_lkmm_nr_states(r), 1);
	assert_true(iom_lkmm_candidates(r) >= 1);
	iom_buf_release(&b);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	free(wl);
}

static const char MP[] =
	"C MP\n{ int x = 0; int y = 0; }\n"
	"P0(int *x, int *y)\n{\n\tWRITE_ONCE(*x, 1);\n\tFENCE0;\n\tWRITE_ONCE(*y, 1);\n}\n"
	"P1(int *x, int *y)\n{\n\tint r0;\n\tint r1;\n\tr0 = READ_ONCE(*y);\n\tFENCE1;\n"
	"\tr1 = READ_ONCE(*x);\n}\nexists (1:r0=1 /\\ 1:r1=0)\n";

/* Normal memory is the LKMM on every architecture: all four outcomes of MP without
 * barriers, on x86 too (the LKMM, not TSO, is the contract; linux-kernel.cat has no ppo
 * between two WRITE_ONCE()s or two READ_ONCE()s). */
static void test_states_mp(void **state)
{
	(void)state;
	char *a = subst(MP, "FENCE0", "barrier()"), *p = subst(a, "FENCE1", "barrier()");
	struct iom_lit_test *t = parse(p);
	struct iom_lkmm_result *r = run(t, IOM_ARCH_ARM64, V(6, 12), KER);
	assert_int_equal(iom_lkmm_nr_states(r), 4);
	assert_string_equal(iom_lkmm_state(r, 0), "1:r0=0; 1:r1=0;");
	assert_string_equal(iom_lkmm_state(r, 3), "1:r0=1; 1:r1=1;");
	assert_int_equal(iom_lkmm_positive(r), 1);
	assert_int_equal(iom_lkmm_negative(r), 3);
	iom_lkmm_result_free(r);
	r = run(t, IOM_ARCH_X86, V(6, 12), KER);
	assert_int_equal(iom_lkmm_nr_states(r), 4);
	assert_int_equal(iom_lkmm_verdict(r), SOMETIMES);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	free(a);
	free(p);
	/* with smp_wmb()/smp_rmb(): forbidden on arm64 too */
	a = subst(MP, "FENCE0", "smp_wmb()");
	p = subst(a, "FENCE1", "smp_rmb()");
	assert_int_equal(verdict(p, IOM_ARCH_ARM64, V(6, 12), KER), NEVER);
	free(a);
	free(p);
}

/* ~exists and forall: herd7's Ok/No and swapped counts. */
static void test_quantifiers(void **state)
{
	(void)state;
	char *a = subst(MP, "FENCE0", "smp_wmb()"), *p = subst(a, "FENCE1", "smp_rmb()");
	char *ne = subst(p, "exists (1:r0=1", "~exists (1:r0=1");
	struct iom_lit_test *t = parse(ne);
	struct iom_lkmm_result *r = run(t, IOM_ARCH_ARM64, V(6, 12), KER);
	assert_true(iom_lkmm_ok(r));
	assert_int_equal(iom_lkmm_positive(r), 0);  /* unswapped: the condition never holds */
	assert_int_equal(iom_lkmm_negative(r), 3);
	struct iom_buf b;
	iom_buf_init(&b);
	iom_lkmm_report_text(r, &b);
	assert_non_null(strstr(iom_buf_str(&b), "Test MP Forbidden\n"));
	assert_non_null(strstr(iom_buf_str(&b), "\nOk\n"));
	iom_buf_release(&b);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	char *fa = subst(p, "exists (1:r0=1 /\\ 1:r1=0)", "forall (1:r0=0 \\/ 1:r1=1)");
	t = parse(fa);
	r = run(t, IOM_ARCH_ARM64, V(6, 12), KER);
	assert_true(iom_lkmm_ok(r));
	assert_int_equal(iom_lkmm_verdict(r), ALWAYS);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	free(a);
	free(p);
	free(ne);
	free(fa);
}

/* Device programs (PCI producer order) and arrival triggers (DMA read at the doorbell). */
static void test_device(void **state)
{
	(void)state;
	static const char d05[] =
		"C D05\n{ st = ioremap(dev0); int buf = 0; }\n"
		"DEV(dev0) { dma_write(buf, 1); reg_set(st + 0x0, 1); }\n"
		"P0(void __iomem *st, int *buf)\n{\n\tint r0;\n\tint r1;\n\tr0 = READ(st + 0x0);\n"
		"\tr1 = READ_ONCE(*buf);\n}\nexists (0:r0=1 /\\ 0:r1=0)\n";
	char *nr = subst(d05, "READ(", "readl("), *rx = subst(d05, "READ(", "readl_relaxed(");
	assert_int_equal(verdict(nr, IOM_ARCH_ARM64, V(6, 12), KER), NEVER);
	assert_int_equal(verdict(rx, IOM_ARCH_ARM64, V(6, 12), KER), SOMETIMES);
	assert_int_equal(verdict(rx, IOM_ARCH_POWERPC, V(6, 12), KER), NEVER);
	free(nr);
	free(rx);
	static const char d01[] =
		"C D01\n{ db = ioremap(dev0); int buf = 0; }\n"
		"P0(void __iomem *db, int *buf)\n{\n\tWRITE_ONCE(*buf, 1);\nd:\tWRITE(1, db + 0x0);\n}\n"
		"DEV(dev0) { on P0:d  r0 = dma_read(buf); }\nexists (dev0:r0=0)\n";
	nr = subst(d01, "WRITE(", "writel(");
	rx = subst(d01, "WRITE(", "writel_relaxed(");
	assert_int_equal(verdict(nr, IOM_ARCH_ARM64, V(6, 12), KER), NEVER);
	assert_int_equal(verdict(rx, IOM_ARCH_ARM64, V(6, 12), KER), SOMETIMES);
	assert_int_equal(verdict(rx, IOM_ARCH_X86, V(6, 12), KER), NEVER);
	free(nr);
	free(rx);
}

static const char WC2[] =
	"C WC2\n{ wc = ioremap_wc(dev0); regs = ioremap(dev1); }\n"
	"P0(void __iomem *wc, void __iomem *regs)\n{\na:\twritel_relaxed(1, wc + 0x0);\n\tMID;\n"
	"b:\twritel_relaxed(2, wc + OFF);\n}\nexists (COND)\n";

static char *wc2(const char *mid, const char *off, const char *cond)
{
	char *a = subst(WC2, "MID", mid), *b = subst(a, "OFF", off), *c = subst(b, "COND", cond);
	free(a);
	free(b);
	return c;
}

/* Write-combining: reordering, merging of different addresses, collapse at one address,
 * flush points (ORD-4.5 step 5). */
static void test_wc(void **state)
{
	(void)state;
	char *s = wc2("barrier()", "0x4", "P0:b <io P0:a");
	assert_int_equal(verdict(s, IOM_ARCH_X86, V(6, 12), KER), SOMETIMES);
	assert_int_equal(verdict(s, IOM_ARCH_RISCV, V(6, 12), KER), NEVER);  /* WC = UC */
	free(s);
	s = wc2("barrier()", "0x4", "combined(P0:a, P0:b)");
	assert_int_equal(verdict(s, IOM_ARCH_X86, V(6, 12), KER), SOMETIMES);
	assert_int_equal(verdict(s, IOM_ARCH_POWERPC, V(6, 12), KER), NEVER);  /* sync */
	free(s);
	/* collapse: the device sees only the later value */
	s = wc2("barrier()", "0x0", "combined(P0:a, P0:b) /\\ dev0[0x0]=2");
	struct iom_lit_test *t = parse(s);
	struct iom_lkmm_result *r = run(t, IOM_ARCH_X86, V(6, 12), KER);
	assert_int_equal(iom_lkmm_nr_states(r), 2);
	assert_string_equal(iom_lkmm_state(r, 0), "dev0[0x0]=2; io:[P0:a+P0:b];");
	assert_string_equal(iom_lkmm_state(r, 1), "dev0[0x0]=2; io:[P0:a;P0:b];");
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	free(s);
	s = wc2("wmb()", "0x0", "combined(P0:a, P0:b)");
	assert_int_equal(verdict(s, IOM_ARCH_X86, V(6, 12), KER), NEVER);
	free(s);
	/* arm64 v5.4: writel() between no longer completes the first write */
	s = wc2("writel(5, regs + 0x0)", "0x0", "combined(P0:a, P0:b)");
	assert_int_equal(verdict(s, IOM_ARCH_ARM64, V(5, 1), KER), NEVER);
	assert_int_equal(verdict(s, IOM_ARCH_ARM64, V(5, 4), KER), SOMETIMES);
	free(s);
	/* io_stop_wc() (v5.17) stops merging on arm64 only */
	s = wc2("io_stop_wc()", "0x4", "combined(P0:a, P0:b)");
	assert_int_equal(verdict(s, IOM_ARCH_ARM64, V(5, 17), KER), NEVER);
	assert_int_equal(verdict(s, IOM_ARCH_X86, V(5, 17), KER), SOMETIMES);
	free(s);
}

/* spin_trylock succeeds only on a free lock; the taken branch inherits the handover. */
static void test_trylock(void **state)
{
	(void)state;
	static const char src[] =
		"C TRY\n{ int x = 0; }\n"
		"P0(int *x, spinlock_t *a)\n{\n\tspin_lock(a);\n\tWRITE_ONCE(*x, 1);\n\tspin_unlock(a);\n}\n"
		"P1(int *x, spinlock_t *a)\n{\n\tint t;\n\tint r0;\n\tt = spin_trylock(a);\n"
		"\tif (t) {\n\t\tr0 = READ_ONCE(*x);\n\t\tspin_unlock(a);\n\t}\n}\n"
		"exists (1:t=0)\n";
	struct iom_lit_test *t = parse(src);
	struct iom_lkmm_result *r = run(t, IOM_ARCH_ARM64, V(6, 12), KER);
	assert_int_equal(iom_lkmm_verdict(r), SOMETIMES);  /* fails while P0 holds it */
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
}

/* A write whose value waits for a read does not hold back later independent accesses. */
static void test_data_dependency(void **state)
{
	(void)state;
	static const char src[] =
		"C DEP\n{ dev = ioremap(dev0); int x = 0; }\n"
		"P0(void __iomem *dev, int *x)\n{\n\tint r;\nrd:\tr = READ_ONCE(*x);\n"
		"a:\twritel_relaxed(r, dev + 0x0);\nb:\twritel_relaxed(1, dev + 0x100);\n}\n"
		"P1(void __iomem *dev)\n{\nc:\twritel_relaxed(2, dev + 0x200);\n}\n"
		"exists (P0:b <io P1:c /\\ P1:c <io P0:a)\n";
	/* arm64: b and a are same-device relaxed writes, so b stays after a */
	assert_int_equal(verdict(src, IOM_ARCH_ARM64, V(6, 12), KER), NEVER);
	/* portable v4.8: relaxed same-peripheral order holds too */
	char *dd = subst(src, "dev + 0x100", "oth + 0x0");
	char *dd2 = subst(dd, "{ dev = ioremap(dev0);", "{ dev = ioremap(dev0); oth = ioremap(dev1);");
	char *dd3 = subst(dd2, "P0(void __iomem *dev, int *x)", "P0(void __iomem *dev, void __iomem *oth, int *x)");
	/* b to another device may overtake a, which waits for the read of x */
	assert_int_equal(verdict(dd3, IOM_ARCH_ARM64, V(6, 12), KER), SOMETIMES);
	/* ... and even the read itself: b does not wait for a's operand */
	char *dd4 = subst(dd3, "exists (P0:b <io P1:c /\\ P1:c <io P0:a)", "exists (P0:b <vo P0:rd)");
	assert_int_equal(verdict(dd4, IOM_ARCH_ARM64, V(6, 12), KER), SOMETIMES);
	assert_int_equal(verdict(dd4, IOM_ARCH_X86, V(6, 12), KER), NEVER);  /* TSO + UC */
	free(dd4);
	free(dd);
	free(dd2);
	free(dd3);
}

static void expect_error(const char *src, enum iom_arch a, unsigned kver, enum iom_lit_model m,
			 int code, const char *needle, int line)
{
	struct iom_lit_test *t = parse(src);
	struct iom_lkmm_opts o = { 0, 0, false, 0, a, kver, m, NULL };
	struct iom_lkmm_result *r = NULL;
	struct iom_diag d;
	iom_diag_init(&d);
	assert_int_equal(iom_lkmm_run(t, &o, &r, &d), -code);
	assert_null(r);
	if (!strstr(d.msg, needle))
		fail_msg("diag '%s' lacks '%s'", d.msg, needle);
	if (line)
		assert_int_equal(d.line, line);
	assert_string_equal(d.file, "t.litmus");
	iom_lit_test_free(t);
}

static void test_errors(void **state)
{
	(void)state;
	static const char mmiowb[] =
		"C MW\n{ dev = ioremap(dev0); }\nP0(void __iomem *dev)\n{\n"
		"\twritel_relaxed(1, dev + 0x0);\n\tmmiowb();\n}\nexists (dev0[0x0]=0)\n";
	expect_error(mmiowb, IOM_ARCH_X86, V(5, 2), IOM_LIT_MODEL_KERNEL, IOM_EINVAL, "5.2", 6);
	static const char uc[] = "C UC\n{ r = ioremap_uc(dev0); }\nP0(void __iomem *r)\n{\n"
				 "\twritel(1, r + 0x0);\n}\nexists (dev0[0x0]=0)\n";
	expect_error(uc, IOM_ARCH_ARM64, V(6, 12), KER, IOM_EINVAL, "ioremap_uc", 2);
	expect_error(uc, IOM_ARCH_RISCV, V(6, 12), ART, IOM_EINVAL, "riscv", 0);
	expect_error(uc, IOM_ARCH_RISCV, V(4, 8), KER, IOM_EINVAL, "4.8", 0);
	/* the execution limit: a clear message, not a hang */
	static const char big[] =
		"C BIG\n{ wc = ioremap_wc(dev0); }\n"
		"P0(void __iomem *wc)\n{\n\twritel_relaxed(1, wc + 0x0);\n\twritel_relaxed(1, wc + 0x4);\n"
		"\twritel_relaxed(1, wc + 0x8);\n}\n"
		"P1(void __iomem *wc)\n{\n\twritel_relaxed(2, wc + 0x0);\n\twritel_relaxed(2, wc + 0x4);\n"
		"\twritel_relaxed(2, wc + 0x8);\n}\n"
		"exists (wc[0x0]=1 /\\ wc[0x4]=2 /\\ wc[0x8]=1)\n";
	struct iom_lit_test *t = parse(big);
	struct iom_lkmm_opts o = { 0, 2, false, 0, IOM_ARCH_X86, V(6, 12), KER, NULL };
	struct iom_lkmm_result *r = NULL;
	struct iom_diag d;
	iom_diag_init(&d);
	assert_int_equal(iom_lkmm_run(t, &o, &r, &d), -IOM_ELIMIT);
	assert_non_null(strstr(d.msg, "more than 2 candidate executions"));
	assert_non_null(strstr(d.msg, "x86 v6.12 (kernel model)"));
	o.max_execs = 0;
	iom_diag_init(&d);
	assert_int_equal(iom_lkmm_run(t, &o, &r, &d), 0);
	assert_int_equal(iom_lkmm_verdict(r), SOMETIMES);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
}

/* --flip-rule reaches the engine: inverting A64-UNL makes L02 observable on arm64. */
static void test_flip(void **state)
{
	(void)state;
	char *rx = subst(L01, "WACC", "writel_relaxed");
	struct iom_lit_test *t = parse(rx);
	struct iom_lkmm_opts o = { 0, 0, false, 0, IOM_ARCH_ARM64, V(6, 12), KER, "A64-UNL" };
	struct iom_lkmm_result *r = NULL;
	assert_int_equal(iom_lkmm_run(t, &o, &r, NULL), 0);
	assert_int_equal(iom_lkmm_verdict(r), SOMETIMES);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	free(rx);
}

static void test_dot(void **state)
{
	(void)state;
	char *rx = subst(L01, "WACC", "writel_relaxed");
	struct iom_lit_test *t = parse(rx);
	struct iom_lkmm_result *r = run(t, IOM_ARCH_RISCV, V(6, 12), KER);
	struct iom_buf b;
	iom_buf_init(&b);
	iom_lkmm_report_dot(r, &b);
	const char *s = iom_buf_str(&b);
	assert_non_null(strstr(s, "digraph \"L01\" {"));
	assert_non_null(strstr(s, "allowed execution"));
	assert_non_null(strstr(s, "label=\"dev0 arrival\""));
	assert_non_null(strstr(s, "label=\"ppo-io\""));
	assert_non_null(strstr(s, "W writel_relaxed dev0+0x0="));
	iom_buf_release(&b);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	/* no allowed execution passes the filter: the rejected one, with io-order's cycle */
	static const char rej[] =
		"C REJ\n{ dev = ioremap(dev0); }\nP0(void __iomem *dev)\n{\n\tint r;\n"
		"\twritel_relaxed(1, dev + 0x0);\n\tr = readl(dev + 0x0);\n}\n"
		"filter (0:r=0)\nexists (0:r=0)\n";
	t = parse(rej);
	r = run(t, IOM_ARCH_ARM64, V(6, 12), KER);
	iom_buf_init(&b);
	iom_lkmm_report_dot(r, &b);
	s = iom_buf_str(&b);
	assert_non_null(strstr(s, "label=\"REJ: io-order\""));
	assert_non_null(strstr(s, "[label=\"ppo-io\", color=purple"));
	assert_non_null(strstr(s, "[label=\"fr\", color=purple"));
	iom_buf_release(&b);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	free(rx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lock_handover), cmocka_unit_test(test_render),
		cmocka_unit_test(test_states_mp),     cmocka_unit_test(test_quantifiers),
		cmocka_unit_test(test_device),        cmocka_unit_test(test_wc),
		cmocka_unit_test(test_trylock),       cmocka_unit_test(test_data_dependency),
		cmocka_unit_test(test_errors),        cmocka_unit_test(test_flip),
		cmocka_unit_test(test_dot),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
