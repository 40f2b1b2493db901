// SPDX-License-Identifier: MIT
/* t-aarch64 -- AArch64 tests (include/iomodel/aarch64.h): the dialect's parser, its errors
 * with file:line:col, and whole tests through iom_lkmm_run under aarch64.cat, with the
 * counts herd7 7.57 gives (-model aarch64.cat; recorded from herd7). Each count would change
 * if the rule named beside it were wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/aarch64.h"
#include "iomodel/lkmm.h"

static struct iom_lit_test *parse(const char *src, struct iom_diag *d)
{
	struct iom_lit_test *t = NULL;
	iom_diag_init(d);
	iom_lit_parse(src, strlen(src), "t.litmus", &t, d);
	return t;
}

static void t_parse_fields(void **state)
{
	(void)state;
	struct iom_diag d;
	struct iom_lit_test *t = parse(
		"AArch64 T\n{ 0:X1=x; 0:X3=y; }\n"
		" P0                   ;\n"
		" LDAR W0,[X1]         ;\n"
		" EOR W2,W0,W0         ;\n"
		" LDR W4,[X3,W2,SXTW]  ;\n"
		" STLXR W5,X6,[X1]     ;\n"
		" CASAL W7,W8,[X3]     ;\n"
		" L0: DMB ISHLD        ;\n"
		" B.NE L0              ;\n"
		"exists (0:X0=1)\n", &d);
	assert_non_null(t);
	assert_true(iom_lit_is_aarch64(t));
	const struct iom_a64_prog *pg = t->threads[0].a64;
	assert_int_equal(pg->nr, 7);
	assert_int_equal(pg->ins[0].op, IOM_A64_LD);
	assert_int_equal(pg->ins[0].ann, IOM_A64_ACQ);
	assert_int_equal(pg->ins[0].bits, 32);
	assert_int_equal(pg->ins[2].ext, 1);             /* SXTW */
	assert_int_equal(pg->ins[3].op, IOM_A64_ST);
	assert_int_equal(pg->ins[3].ann, IOM_A64_EXCL | IOM_A64_REL);
	assert_int_equal(pg->ins[3].bits, 64);
	assert_int_equal(pg->ins[4].op, IOM_A64_CAS);
	assert_int_equal(pg->ins[4].ann, IOM_A64_ACQ | IOM_A64_REL);
	assert_int_equal(pg->ins[5].op, IOM_A64_FENCE);
	assert_int_equal(pg->ins[5].opt, IOM_A64_ISHLD);
	assert_int_equal(pg->ins[6].op, IOM_A64_BCOND);
	assert_int_equal(pg->ins[6].cond, IOM_A64_NE);
	assert_int_equal(pg->ins[6].target, 5);          /* the label's instruction */
	/* W0 and X0 are one register, named as herd7 prints it */
	assert_string_equal(t->threads[0].regs[pg->ins[0].rd], "X0");
	iom_lit_test_free(t);
}

static void expect_error(const char *src, int line, int col, const char *words)
{
	struct iom_diag d;
	struct iom_lit_test *t = parse(src, &d);
	if (t) {
		print_error("parsed: %s", src);
		iom_lit_test_free(t);
		fail();
	}
	char msg[512];
	iom_diag_str(&d, msg, sizeof(msg));
	if (d.line != line || d.col != col || !strstr(msg, words)) {
		print_error("%d:%d %s\n", d.line, d.col, msg);
		fail();
	}
}

static void t_parse_errors(void **state)
{
	(void)state;
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n TLBI VMALLE1IS ;\nexists (0:X0=1)\n",
		     4, 2, "TLBI is not supported");
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n ADR X0,L1 ;\nexists (0:X0=1)\n",
		     4, 2, "label L1 is not defined");
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n CASP W1,W2,W2,W3,[X1] ;\nexists (0:X0=1)\n",
		     4, 2, "an even register and the next");
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n B nowhere ;\nexists (0:X0=1)\n",
		     4, 2, "label nowhere is not defined");
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n LDR W0,[X31] ;\nexists (0:X0=1)\n",
		     4, 10, "expected a register");
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n LDR W0,[X1],X2 ;\nexists (0:X0=1)\n",
		     4, 14, "expected an immediate");
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n MOV W0,#1 W1 ;\nexists (0:X0=1)\n",
		     4, 12, "after the instruction");
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 | P1 ;\n NOP | NOP | NOP ;\nexists (0:X0=1)\n",
		     4, 14, "more cells than threads");
	/* LDPSW sign-extends into X registers; SP is no register of a CASP pair */
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n LDPSW W0,W2,[X1] ;\nexists (0:X0=1)\n",
		     4, 2, "LDPSW loads into X registers");
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n CASP X30,SP,X2,X3,[X1] ;\nexists (0:X0=1)\n",
		     4, 11, "CASP takes four registers");
	/* "<>" is one token: "< >" is no inequality */
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n NOP ;\nexists (0:X0< >1)\n",
		     5, 13, "expected '='");
	/* the input ends inside an instruction: no read past it */
	expect_error("AArch64 T\n{ 0:X1=x; }\n P0 ;\n LDR W0,[X1", 4, 12, "']'");
}

struct run_case {
	const char *name, *src;
	uint64_t pos, neg;
};

static void run_one(const struct run_case *c)
{
	struct iom_diag d;
	struct iom_lit_test *t = parse(c->src, &d);
	char msg[512];
	if (!t) {
		print_error("%s: %s\n", c->name, iom_diag_str(&d, msg, sizeof(msg)));
		fail();
	}
	struct iom_lkmm_result *r = NULL;
	if (iom_lkmm_run(t, NULL, &r, &d)) {
		print_error("%s: %s\n", c->name, iom_diag_str(&d, msg, sizeof(msg)));
		fail();
	}
	if (iom_lkmm_positive(r) != c->pos || iom_lkmm_negative(r) != c->neg) {
		print_error("%s: %llu %llu, herd7 %llu %llu\n", c->name,
			    (unsigned long long)iom_lkmm_positive(r),
			    (unsigned long long)iom_lkmm_negative(r), (unsigned long long)c->pos,
			    (unsigned long long)c->neg);
		fail();
	}
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
}

#define MP(P1) \
	"AArch64 T\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n" \
	" P0          | P1          ;\n" \
	" MOV W0,#1   | LDR W0,[X1] ;\n" \
	" STR W0,[X1] | " P1 " ;\n" \
	" DMB SY      |             ;\n" \
	" MOV W2,#1   |             ;\n" \
	" STR W2,[X3] |             ;\n" \
	"exists (1:X0=1 /\\ 1:X4=0)\n"

static void t_run(void **state)
{
	(void)state;
	static const struct run_case cases[] = {
		/* bob po;[dmb.full];po alone: the reader's loads are unordered */
		{ "MP+dmb+po", MP("LDR W4,[X3]"), 1, 3 },
		/* dob addr (aarch64hwreqs.cat l.83): EOR of the value with itself */
		{ "MP+dmb+addr", "AArch64 T\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n"
		  " P0          | P1                  ;\n"
		  " MOV W0,#1   | LDR W0,[X1]         ;\n"
		  " STR W0,[X1] | EOR W2,W0,W0        ;\n"
		  " DMB SY      | LDR W4,[X3,W2,SXTW] ;\n"
		  " MOV W2,#1   |                     ;\n"
		  " STR W2,[X3] |                     ;\n"
		  "exists (1:X0=1 /\\ 1:X4=0)\n", 0, 3 },
		/* bob [A|Q];po: LDAPR orders the later load */
		{ "MP+dmb+ldapr", "AArch64 T\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n"
		  " P0          | P1           ;\n"
		  " MOV W0,#1   | LDAPR W0,[X1];\n"
		  " STR W0,[X1] | LDR W4,[X3]  ;\n"
		  " DMB SY      |              ;\n"
		  " MOV W2,#1   |              ;\n"
		  " STR W2,[X3] |              ;\n"
		  "exists (1:X0=1 /\\ 1:X4=0)\n", 0, 3 },
		/* ctrl;[W] orders a store, not a load: LB with CBZ on both sides is forbidden */
		{ "LB+ctrls", "AArch64 T\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n"
		  " P0          | P1          ;\n"
		  " LDR W0,[X1] | LDR W0,[X1] ;\n"
		  " CBZ W0,L0   | CBZ W0,L1   ;\n"
		  " L0:         | L1:         ;\n"
		  " MOV W2,#1   | MOV W2,#1   ;\n"
		  " STR W2,[X3] | STR W2,[X3] ;\n"
		  "exists (0:X0=1 /\\ 1:X0=1)\n", 0, 3 },
		/* a CAS that succeeds is two executions, and so is one that fails */
		{ "CAS", "AArch64 T\n{ 0:X1=x; 1:X1=x; }\n"
		  " P0          | P1             ;\n"
		  " MOV W0,#1   | MOV W2,#2      ;\n"
		  " STR W0,[X1] | CAS W3,W2,[X1] ;\n"
		  "exists (1:X3=0)\n", 2, 2 },
		/* atomic (aarch64.cat l.170): the LDXR/STXR pair's write follows its read in co */
		{ "LL/SC", "AArch64 T\n{ 0:X1=x; 1:X1=x; }\n"
		  " P0              | P1          ;\n"
		  " LDXR W0,[X1]    | MOV W2,#5   ;\n"
		  " ADD W0,W0,#1    | STR W2,[X1] ;\n"
		  " STXR W3,W0,[X1] |             ;\n"
		  "exists (0:X3=0 /\\ 0:X0=1 /\\ x=1)\n", 0, 4 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_one(&cases[i]);
}

/* herd7's variant deps: what the arms not taken cannot do yet is refused at the
 * instruction, never answered; without the variant the same tests run */
/* A test that is refused when run with options o, at line:col, the message holding words */
static void refused_with(const char *src, const struct iom_lkmm_opts *o, int line, int col,
			 const char *words)
{
	struct iom_diag d;
	struct iom_lit_test *t = parse(src, &d);
	assert_non_null(t);
	struct iom_lkmm_result *r = NULL;
	iom_diag_init(&d);
	int e = iom_lkmm_run(t, o, &r, &d);
	char msg[512];
	iom_diag_str(&d, msg, sizeof(msg));
	if (!e || r || d.line != line || d.col != col || !strstr(msg, words)) {
		print_error("%d %d:%d %s\n", e, d.line, d.col, msg);
		fail();
	}
	iom_lit_test_free(t);
}

/* herd7's variant deps: what the arms not taken cannot do yet is refused at the
 * instruction, never answered; without the variant the same tests run */
static void deps_refused(const char *src, int line, int col, const char *words)
{
	struct iom_diag d;
	struct iom_lit_test *t = parse(src, &d);
	assert_non_null(t);
	struct iom_lkmm_opts o;
	memset(&o, 0, sizeof(o));
	struct iom_lkmm_result *r = NULL;
	assert_int_equal(iom_lkmm_run(t, &o, &r, &d), 0);
	iom_lkmm_result_free(r);
	iom_lit_test_free(t);
	o.a64_deps = true;
	refused_with(src, &o, line, col, words);
}

#define DEPS(ARM) \
	"AArch64 T\n{ 0:X1=x; 0:X3=y; }\n" \
	" P0 ;\n" \
	" LDR W0,[X1] ;\n" \
	" CBZ W0,L0 ;\n" \
	ARM \
	"L0: ;\n" \
	"exists (0:X0=0)\n"

static void t_deps_refusals(void **state)
{
	(void)state;
	/* the address comes from a value the arm read (EOR of a register with itself would be
	 * 0: litmus/aarch64-deps/Spec-eor-address) */
	deps_refused(DEPS(" LDR X4,[X3] ;\n LDR W5,[X4] ;\n"), 7, 2,
		     "at an address computed from a value that arm read");
	deps_refused(DEPS(" LDXR W4,[X3] ;\n STXR W5,W4,[X3] ;\n"), 7, 2,
		     "a CAS or a store exclusive in an arm not taken");
	deps_refused(DEPS(" LDR W4,[X3] ;\n CMP W4,#1 ;\n CSEL W5,W4,W0,EQ ;\n"), 8, 2,
		     "a CSEL in an arm not taken on flags computed from a value that arm read");
}

/* refused when run, at the instruction */
static void run_refused(const char *src, int line, int col, const char *words)
{
	refused_with(src, NULL, line, col, words);
}

#define ONE(CODE) "AArch64 T\n{ 0:X1=x; }\n P0 ;\n" CODE "L0: ;\n NOP ;\nexists (0:X0=0)\n"

static void t_code_addresses(void **state)
{
	(void)state;
	/* a jump to a register holding no code address; a label's address computed on, or
	 * loaded from (instruction fetch) */
	run_refused(ONE(" MOV X5,#3 ;\n RET X5 ;\n"), 5, 2, "holds no code address of this thread");
	run_refused(ONE(" ADR X2,L0 ;\n ADD X3,X2,#4 ;\n"), 5, 2, "computing on, testing or storing");
	run_refused(ONE(" ADR X2,L0 ;\n LDR W3,[X2] ;\n"), 5, 2, "instruction fetch");
	expect_error(ONE(" BLR W1 ;\n"), 4, 2, "BLR takes an X register");
	expect_error("AArch64 T\nVariant=morello\n{ 0:X1=x; }\n P0 ;\n NOP ;\nexists (0:X0=0)\n",
		     2, 1, "Variant=morello is not supported");
	/* mixed sizes: on one path, at the second access; across threads, at the later
	 * thread's access (herd7: "Illegal mixed-size test") */
	run_refused(ONE(" LDR W3,[X1] ;\n LDR X4,[X1] ;\n"), 5, 2, "accesses of 4 and 8 bytes");
	run_refused("AArch64 T\n{ 0:X1=x; 1:X1=x; }\n P0 | P1 ;\n LDRB W0,[X1] | LDRH W0,[X1] ;\n"
		    "exists (0:X0=0)\n", 4, 17, "P0 and P1 access one location with different sizes");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_parse_fields), cmocka_unit_test(t_parse_errors),
		cmocka_unit_test(t_run), cmocka_unit_test(t_deps_refusals),
		cmocka_unit_test(t_code_addresses),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
