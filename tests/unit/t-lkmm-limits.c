// SPDX-License-Identifier: MIT
/* t-lkmm-limits -- every fixed limit of the LKMM engine stops the run with -IOM_ELIMIT and a
 * message naming it (no limit drops work and answers anyway). Each case is built to
 * cross one limit by one, and herd7 answers each of them (it has none of these limits). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/litmus.h"
#include "iomodel/lkmm.h"

struct sb {
	char *s;
	size_t n, cap;
};

static void put(struct sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	if (!b->s) {
		b->cap = 4096;
		b->s = malloc(b->cap);
		assert_non_null(b->s);
	}
	for (;;) {
		va_start(ap, fmt);
		int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if ((size_t)k < b->cap - b->n) {
			b->n += (size_t)k;
			return;
		}
		b->cap = b->cap * 2 + (size_t)k + 64;
		b->s = realloc(b->s, b->cap);
		assert_non_null(b->s);
	}
}

/* Run src under the LKMM (x86, 6.12, kernel model); expect rc and a message containing needle. */
static void expect(struct sb *b, int rc, const char *needle, int line)
{
	struct iom_lit_test *t = NULL;
	struct iom_diag d;
	iom_diag_init(&d);
	if (iom_lit_parse(b->s, b->n, "t.litmus", &t, &d) < 0)
		fail_msg("parse: %s", d.msg);
	struct iom_lkmm_opts o = { 0 };
	o.arch = IOM_ARCH_X86;
	o.kver = 0x060c;
	o.model = IOM_LIT_MODEL_KERNEL;
	struct iom_lkmm_result *r = NULL;
	int got = iom_lkmm_run(t, &o, &r, &d);
	if (got != rc)
		fail_msg("rc %d, want %d (%s)", got, rc, d.msg);
	if (rc) {
		assert_null(r);
		if (!strstr(d.msg, needle))
			fail_msg("diag '%s' lacks '%s'", d.msg, needle);
		if (line)
			assert_int_equal(d.line, line);
	} else {
		iom_lkmm_result_free(r);
	}
	iom_lit_test_free(t);
	free(b->s);
	memset(b, 0, sizeof(*b));
}

/* 64 registers run; the 65th stops the run at the thread (LK_MAXREG). */
static void registers(void **state)
{
	(void)state;
	for (int n = 64; n <= 65; n++) {
		struct sb b = { 0 };
		put(&b, "C t\n{}\nP0(int *x)\n{\n");
		for (int i = 0; i < n; i++)
			put(&b, "\tint r%d;\n", i);
		for (int i = 0; i < n; i++)
			put(&b, "\tr%d = %d;\n", i, i);
		put(&b, "\tWRITE_ONCE(*x, r%d);\n}\nexists (x=%d)\n", n - 1, n - 1);
		expect(&b, n == 64 ? 0 : -IOM_ELIMIT, "more than 64 registers", 3);
	}
}

/* 64 events on one path run; the 65th stops it at its statement (LK_MAXTEV). */
static void events_per_path(void **state)
{
	(void)state;
	for (int n = 64; n <= 65; n++) {
		struct sb b = { 0 };
		put(&b, "C t\n{}\nP0(int *x)\n{\n");
		for (int i = 0; i < n; i++)
			put(&b, "\tsmp_mb();\n");
		put(&b, "}\nexists (x=0)\n");
		expect(&b, n == 64 ? 0 : -IOM_ELIMIT, "more than 64 events on one path", 5 + 64);
	}
}

/* 128 locations in the condition print; the 129th column stops the run. */
static void state_columns(void **state)
{
	(void)state;
	for (int n = 128; n <= 129; n++) {
		struct sb b = { 0 };
		put(&b, "C t\n{");
		for (int i = 0; i < n; i++)
			put(&b, " int x%d = 0;", i);
		put(&b, " }\nP0(int *x0)\n{\n\tWRITE_ONCE(*x0, 1);\n}\nexists (");
		for (int i = 0; i < n; i++)
			put(&b, "%sx%d=0", i ? " /\\ " : "", i);
		put(&b, ")\n");
		expect(&b, n == 128 ? 0 : -IOM_ELIMIT, "more than 128 registers and locations to print", 0);
	}
}

/* One execution of more than 256 events (initial writes included) stops the run (LK_MAXEV). */
static void events_per_execution(void **state)
{
	(void)state;
	struct sb b = { 0 };
	put(&b, "C t\n{}\n");
	for (int th = 0; th < 3; th++) {
		put(&b, "P%d(", th);
		for (int i = 0; i < 43; i++)
			put(&b, "%sint *y%d_%d", i ? ", " : "", th, i);
		put(&b, ")\n{\n");
		for (int i = 0; i < 43; i++)
			put(&b, "\tWRITE_ONCE(*y%d_%d, 1);\n", th, i);
		put(&b, "}\n");
	}
	put(&b, "exists (y0_0=1)\n");
	expect(&b, -IOM_ELIMIT, "more than 256 events in one execution", 0);
}

/* 63 writes to one location in one execution run; the 64th stops the run. */
static void writes_per_location(void **state)
{
	(void)state;
	for (int n = 63; n <= 64; n++) {
		struct sb b = { 0 };
		put(&b, "C t\n{}\n");
		int per[2] = { n / 2, n - n / 2 };
		for (int th = 0; th < 2; th++) {
			put(&b, "P%d(int *x)\n{\n", th);
			for (int i = 0; i < per[th]; i++)
				put(&b, "\tWRITE_ONCE(*x, %d);\n", th * 100 + i + 1);
			put(&b, "}\n");
		}
		put(&b, "exists (x=1)\n");
		if (n == 63) {
			free(b.s);  /* 63 writes run, but their co orders are too many for a unit test */
			continue;
		}
		expect(&b, -IOM_ELIMIT, "more than 63 writes to one location", 0);
	}
}

/* --max-states: the message names the option. */
static void max_states(void **state)
{
	(void)state;
	struct sb b = { 0 };
	put(&b, "C t\n{}\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n}\nP1(int *x)\n{\n\tWRITE_ONCE(*x, 2);\n}\n"
		"P2(int *x)\n{\n\tint r0;\n\tr0 = READ_ONCE(*x);\n}\nexists (x=1)\n");
	struct iom_lit_test *t = NULL;
	struct iom_diag d;
	iom_diag_init(&d);
	assert_int_equal(iom_lit_parse(b.s, b.n, "t.litmus", &t, &d), 0);
	struct iom_lkmm_opts o = { 0 };
	o.arch = IOM_ARCH_X86;
	o.kver = 0x060c;
	o.model = IOM_LIT_MODEL_KERNEL;
	o.max_execs = 2;
	struct iom_lkmm_result *r = NULL;
	assert_int_equal(iom_lkmm_run(t, &o, &r, &d), -IOM_ELIMIT);
	assert_non_null(strstr(d.msg, "--max-states"));
	iom_lit_test_free(t);
	free(b.s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(registers),
		cmocka_unit_test(events_per_path),
		cmocka_unit_test(state_columns),
		cmocka_unit_test(events_per_execution),
		cmocka_unit_test(writes_per_location),
		cmocka_unit_test(max_states),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
