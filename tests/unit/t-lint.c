// SPDX-License-Identifier: MIT
/* t-lint -- iomodel lint's library: the names table against the SmPL rules of lint/, the
 * version rows it points at, the #if branches and missed mentions read from source, the
 * facts readers' diagnostics, and the decisions (stubs, arch/x86, version gates). */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/kver.h"
#include "iomodel/linux.h"
#include "iomodel/litmus.h"
#include "iomodel/lint.h"
#include "lint/lint_int.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = 0;
	fclose(f);
	return s;
}

/* Whether name is an alternative of a call rule written with a regular expression
 * (lint/wc-mapping.cocci's map_call: `identifier F =~ "^(a|b)$";` then `F@p(es)`). With
 * name NULL: fail on an alternative of any such identifier that is no row of the table. */
static int regex_call_names(const char *rules, const char *name)
{
	int found = 0;
	for (const char *d = strstr(rules, "\nidentifier "); d; d = strstr(d + 1, "\nidentifier ")) {
		char id[32];
		int n = 0;
		if (sscanf(d, "\nidentifier %31[A-Za-z_0-9] =~ \"^(%n", id, &n) != 1 || n == 0)
			continue;
		const char *end = strstr(d + n, ")$\"");
		assert_non_null(end);
		/* a call rule: its pattern is the identifier called at a position */
		char call[48];
		snprintf(call, sizeof(call), "\n%s@p(", id);
		const char *body = strstr(d, "\n@@");
		const char *next = body ? strstr(body + 3, "\n@") : NULL;
		const char *c = strstr(d, call);
		bool is_call = c && (!next || c < next);
		for (const char *a = d + n; a < end;) {
			size_t len = strcspn(a, "|)");
			char alt[64];
			snprintf(alt, sizeof(alt), "%.*s", (int)len, a);
			if (!name && !lint_name_lookup(alt))
				fail_msg("%s is not in tables/lint_names.def", alt);
			if (name && is_call && strcmp(alt, name) == 0)
				found++;
			a += len + 1;
		}
	}
	return found;
}

/* Every name of tables/lint_names.def is matched by exactly one call rule (NAME@p( in
 * mtrr.cocci or removed-api.cocci); every NAME@p in the rules is a row. A rule that names a
 * function the table lacks, or the reverse, fails here. */
static void names_match_rules(void **state)
{
	(void)state;
	const char *rules[] = { "lint/mtrr.cocci", "lint/removed-api.cocci", "lint/cookie.cocci",
				"lint/wc-mapping.cocci", "lint/doorbell.cocci", "lint/dma-read.cocci",
				"lint/cpu-memory.cocci" };
	enum { NR = sizeof(rules) / sizeof(rules[0]) };
	char *calls[NR];
	for (int r = 0; r < NR; r++)
		calls[r] = slurp(rules[r]);
	for (size_t i = 0; i < lint_nr_names; i++) {
		char pat[96];
		snprintf(pat, sizeof(pat), "\n%s@p", lint_names[i].name);
		int in_calls = 0;
		for (int r = 0; r < NR; r++)
			in_calls += strstr(calls[r], pat) != NULL || regex_call_names(calls[r], lint_names[i].name);
		if (in_calls != 1)
			fail_msg("%s: in %d call rules", lint_names[i].name, in_calls);
	}
	/* every mapping of lint_maps.def is a row of the names table */
	static const char *const maps[] = { "ioremap", "ioremap_nocache", "ioremap_uc", "ioremap_wc",
		"ioremap_wt", "ioremap_cache", "devm_ioremap", "devm_ioremap_nocache", "devm_ioremap_uc",
		"devm_ioremap_wc", "pci_iomap", "pci_iomap_range", "pcim_iomap", "pci_iomap_wc",
		"pci_iomap_wc_range", "pci_ioremap_bar", "pci_ioremap_wc_bar", "io_mapping_create_wc" };
	for (size_t i = 0; i < sizeof(maps) / sizeof(maps[0]); i++) {
		if (!lint_map_lookup(maps[i]) || !lint_name_lookup(maps[i]))
			fail_msg("%s: not in lint_maps.def and lint_names.def", maps[i]);
	}
	for (int r = 0; r < NR; r++)
		for (char *p = strchr(calls[r], '@'); p; p = strchr(p + 1, '@')) {
			if (p[1] != 'p' || p == calls[r])
				continue;
			char *s = p;
			while (s > calls[r] && (s[-1] == '_' || (s[-1] >= 'a' && s[-1] <= 'z') || (s[-1] >= '0' && s[-1] <= '9')))
				s--;
			char name[64];
			snprintf(name, sizeof(name), "%.*s", (int)(p - s), s);
			if (s == p)
				continue;  /* "L@p = R": a metavariable, not a function */
			if (!lint_name_lookup(name))
				fail_msg("%s: %s is not in tables/lint_names.def", rules[r], name);
		}
	for (int r = 0; r < NR; r++) {
		regex_call_names(calls[r], NULL);
		free(calls[r]);
	}
}

/* Each VERSIONED row points at a row of the version tables, which says it is missing on
 * some version: the oracle is the boundary each source row states. */
static void versioned_rows_resolve(void **state)
{
	(void)state;
	static const struct { const char *name; unsigned ok, missing; } cases[] = {
		/* linux_versions.def NO_IOREMAP_NOCACHE 5.6 */
		{ "ioremap_nocache", IOM_KVER(5, 5), IOM_KVER(5, 6) },
		{ "devm_ioremap_nocache", IOM_KVER(4, 2), IOM_KVER(6, 12) },
		/* IOREMAP_UC / IOREMAP_WT 4.2, MEMREMAP 4.3 */
		{ "ioremap_uc", IOM_KVER(4, 2), IOM_KVER(4, 1) },
		{ "ioremap_wt", IOM_KVER(6, 12), IOM_KVER(4, 1) },
		{ "memremap", IOM_KVER(4, 3), IOM_KVER(4, 2) },
		/* litmus_primitives.def MMIOWB removed 5.2, IO_STOP_WC 5.17, DMA_MB 5.19 */
		{ "mmiowb", IOM_KVER(5, 1), IOM_KVER(5, 2) },
		{ "io_stop_wc", IOM_KVER(5, 17), IOM_KVER(5, 16) },
		{ "dma_mb", IOM_KVER(5, 19), IOM_KVER(5, 18) },
	};
	size_t nver = 0;
	for (size_t i = 0; i < lint_nr_names; i++)
		nver += lint_names[i].cls == LC_VERSIONED;
	assert_int_equal(nver, sizeof(cases) / sizeof(cases[0]));
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char facts[600];
		for (int side = 0; side < 2; side++) {
			struct iom_lint *l = iom_lint_new(side ? cases[i].missing : cases[i].ok);
			snprintf(facts, sizeof(facts),
				 "{\"kind\":\"call\",\"name\":\"%s\",\"file\":\"d/x.c\",\"line\":3,\"column\":1,"
				 "\"function\":\"f\",\"args\":[]}\n", cases[i].name);
			assert_int_equal(iom_lint_add_spatch(l, facts, strlen(facts), "t", NULL), 0);
			assert_int_equal(iom_lint_decide(l, NULL), 0);
			if (iom_lint_nr_findings(l) != (size_t)side)
				fail_msg("%s on %u.%u: %zu findings", cases[i].name, IOM_KVER_MAJOR(side ? cases[i].missing : cases[i].ok),
					 IOM_KVER_MINOR(side ? cases[i].missing : cases[i].ok), iom_lint_nr_findings(l));
			if (side)
				assert_string_equal(iom_lint_finding(l, 0)->code, "removed-api");
			iom_lint_free(l);
		}
	}
}

static struct iom_lint *with_source(const char *facts, const char *src)
{
	struct iom_lint *l = iom_lint_new(0);
	assert_int_equal(iom_lint_driver(l, "d"), 0);
	assert_int_equal(iom_lint_add_spatch(l, facts, strlen(facts), "t", NULL), 0);
	assert_int_equal(iom_lint_add_source(l, "d/x.c", src, strlen(src)), 0);
	return l;
}

static const struct iom_lint_fact *fact_at(struct iom_lint *l, int line)
{
	for (size_t i = 0; i < iom_lint_nr_facts(l); i++)
		if (iom_lint_fact(l, i)->line == line)
			return iom_lint_fact(l, i);
	fail_msg("no fact at line %d", line);
	return NULL;
}

#define CALL(line, col) "{\"kind\":\"call\",\"name\":\"mtrr_add\",\"file\":\"d/x.c\",\"line\":" #line \
	",\"column\":" #col ",\"function\":\"f\",\"args\":[\"a\",\"b\",\"1\",\"1\"]}\n"

/* The #if branch of each fact: #ifdef, #else, #elif, #ifndef, nesting, an include guard,
 * a comment and a continuation line in a directive. */
static void cond_from_source(void **state)
{
	(void)state;
	const char *src =
		"#ifndef _X_H\n"                 /* 1: include guard            */
		"#define _X_H\n"                 /* 2                           */
		"#ifdef CONFIG_X86 /* pc */\n"   /* 3                           */
		"{ mtrr_add(a, b, 1, 1); }\n"    /* 4: CONFIG_X86               */
		"#elif defined(CONFIG_PPC) && \\\n"
		"      !defined(CONFIG_44x)\n"   /* 6                           */
		"{ mtrr_add(a, b, 1, 1); }\n"    /* 7                           */
		"#else\n"                        /* 8                           */
		"#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 6, 0)\n"
		"{ mtrr_add(a, b, 1, 1); }\n"    /* 10                          */
		"#endif\n"
		"#endif\n"
		"{ mtrr_add(a, b, 1, 1); }\n"    /* 13: guard only -> ""        */
		"#endif\n";
	struct iom_lint *l = with_source(CALL(4, 2) CALL(7, 2) CALL(10, 2) CALL(13, 2), src);
	assert_string_equal(fact_at(l, 4)->cond, "CONFIG_X86");
	assert_string_equal(fact_at(l, 7)->cond, "!CONFIG_X86 && defined(CONFIG_PPC) && !defined(CONFIG_44x)");
	assert_string_equal(fact_at(l, 10)->cond,
			    "!CONFIG_X86 && !(defined(CONFIG_PPC) && !defined(CONFIG_44x)) && "
			    "LINUX_VERSION_CODE < KERNEL_VERSION(5, 6, 0)");
	assert_string_equal(fact_at(l, 13)->cond, "");
	assert_int_equal(iom_lint_nr_facts(l), 4);     /* every mention was reported */
	iom_lint_free(l);
}

/* A NAME( that spatch did not report is listed as not checked; one in a comment, a
 * string or a character literal is not; a function-like macro of the name is a definition. */
static void unparsed_and_macro_defs(void **state)
{
	(void)state;
	const char *src =
		"/* mtrr_add(a, b, 1, 1) */\n"   /* 1: comment                  */
		"const char *s = \"mtrr_del(\";\n" /* 2: string                 */
		"// mtrr_del(x)\n"               /* 3: line comment             */
		"#define mmiowb() do { } while (0)\n" /* 4: a macro definition  */
		"#define WC(a) mtrr_add(a, 1, \\\n"   /* 5: a use in a macro body */
		"\t\t1, 1)\n"
		"int f(void) { return mtrr_add (1, 2, 1, 1) + mtrr_add(3, 4, 1, 1); }\n"; /* 7 */
	struct iom_lint *l = with_source(CALL(7, 45), src);
	size_t nun = 0, ndef = 0;
	for (size_t i = 0; i < iom_lint_nr_facts(l); i++) {
		const struct iom_lint_fact *f = iom_lint_fact(l, i);
		if (f->kind == IOM_LINT_UNPARSED) {
			nun++;
			assert_true((f->line == 5 && f->col == 15) || (f->line == 7 && f->col == 22));
		} else if (f->kind == IOM_LINT_DEF) {
			ndef++;
			assert_string_equal(f->name, "mmiowb");
			assert_int_equal(f->line, 4);
			assert_int_equal(f->col, 9);
		}
	}
	assert_int_equal(nun, 2);
	assert_int_equal(ndef, 1);
	iom_lint_free(l);
}

/* Definitions and prototypes at file scope are read from the source: a body, a
 * prototype (also one of several declarators, and with a comment before the ';'), and a
 * mention inside a body, which is a call spatch should have reported. */
static void declarations_from_source(void **state)
{
	(void)state;
	const char *src =
		"static inline int mtrr_add(unsigned long b,\n"  /* 1: definition */
		"\t\tunsigned long s, unsigned t, bool i) /* stub */\n"
		"{ return -1; }\n"
		"int mtrr_del(int, unsigned long, unsigned long) /* x */ ;\n"  /* 4: prototype */
		"extern int mmiowb(void), dma_mb(void);\n"      /* 5: two prototypes */
		"void f(void) { if (1) { mtrr_del(1, 2, 3); } }\n"; /* 6: in a body */
	struct iom_lint *l = with_source("", src);
	/* no "fn f": f's body holds no fact (a mention is none) and the driver asks for no WC,
	 * so nothing asks for its parameters */
	const char *want[] = { "def mtrr_add 1:19", "proto mtrr_del 4:5", "proto mmiowb 5:12",
			       "proto dma_mb 5:26", "unparsed mtrr_del 6:25" };
	assert_int_equal(iom_lint_nr_facts(l), 5);
	for (size_t i = 0; i < 5; i++) {
		const struct iom_lint_fact *f = iom_lint_fact(l, i);
		char got[64];
		snprintf(got, sizeof(got), "%s %s %d:%d", lint_fkind_name(f->kind), f->name, f->line, f->col);
		assert_string_equal(got, want[i]);
	}
	iom_lint_free(l);
}

/* The if/else arms of each call: braced and braceless arms, else-if chains, nesting. */
static void if_else_paths(void **state)
{
	(void)state;
	const char *src =
		"void f(int a) {\n"                             /* 1 */
		"\tif (a) {\n"                                  /* 2: chain 0 */
		"\t\tmtrr_add(1, 2, 1, 1);\n"                   /* 3: 0.0 */
		"\t} else if (a > 1)\n"                         /* 4 */
		"\t\tmtrr_add(1, 2, 1, 1);\n"                   /* 5: 0.1 */
		"\telse {\n"                                    /* 6 */
		"\t\tif (a < 0) mtrr_add(1, 2, 1, 1);\n"        /* 7: 0.2/1.0 */
		"\t}\n"
		"\tmtrr_add(1, 2, 1, 1);\n"                      /* 9: none */
		"}\n";
	struct iom_lint *l = with_source(CALL(3, 2) CALL(5, 2) CALL(7, 13) CALL(9, 1), src);
	assert_string_equal(fact_at(l, 3)->path, "0.0");
	assert_string_equal(fact_at(l, 5)->path, "0.1");
	assert_string_equal(fact_at(l, 7)->path, "0.2/1.0");
	assert_string_equal(fact_at(l, 9)->path, "");
	iom_lint_free(l);
}

/* Readers: the file:line:col of a bad line, and nothing kept of a text with one. */
static void reader_diagnostics(void **state)
{
	(void)state;
	struct { const char *text; int facts_file, line, col; const char *msg; } cases[] = {
		{ "{\"kind\":\"call\"}\n", 0, 1, 1, "fact needs a string \"name\"" },
		{ CALL(3, 0) "  [1]\n", 0, 2, 3, "expected a JSON object" },
		{ CALL(3, 0) "{\"kind\":\"jump\",\"name\":\"f\",\"file\":\"x\",\"line\":1,\"column\":0}\n", 0, 2, 1,
		  "unknown fact kind (call, def, proto, unparsed)" },
		{ "{\"kind\":\"call\",\"name\":\"a b\",\"file\":\"x\",\"line\":1,\"column\":0}\n", 0, 1, 1,
		  "\"name\" is not a C identifier" },
		{ "{\"kind\":\"call\",\"name\":\"f\",\"file\":\"x\",\"line\":1,\"column\":-1}\n", 0, 1, 1,
		  "\"column\" must be an integer from 0" },
		{ "{\"kind\":\"def\",\"name\":\"f\",\"file\":\"x\",\"line\":1,\"column\":0,\"args\":[]}\n", 0, 1, 1,
		  "only call, ret, assign, fn and dcall facts have \"args\"" },
		{ "{\"iomodel_lint_facts\":1}\n{\"driver\":\"d\"}\n" CALL(3, 0), 1, 3, 1,
		  "\"column\" must be an integer from 1" },
		{ "{\"iomodel_lint_facts\":2}\n", 1, 1, 1, "this iomodel reads facts files of version 1" },
		{ "{\"iomodel_lint_facts\":1}\n{\"driver\":\"d\"}\n{\"iomodel_lint_facts\":1}\n", 1, 3, 1,
		  "the header line comes first and alone" },
		{ "", 1, 1, 1, "empty: not an iomodel lint facts file" },
		{ "{\"iomodel_lint_facts\":1}\n{\"problem\":\"p\"}\n", 1, 2, 1,
		  "a fact before the first {\"driver\": NAME} line" },
		/* the end record: a file cut at a line boundary, a wrong count, a line after it */
		{ "{\"iomodel_lint_facts\":1}\n{\"driver\":\"d\"}\n", 1, 3, 1,
		  "the facts stop before their end record {\"end\": N}: the file was cut short" },
		{ "{\"iomodel_lint_facts\":1}\n{\"driver\":\"d\"}\n{\"end\":2}\n", 1, 3, 1,
		  "the end record counts another number of lines: the file was cut or joined" },
		{ "{\"iomodel_lint_facts\":1}\n{\"driver\":\"d\"}\n{\"end\":1}\n{\"driver\":\"e\"}\n", 1, 4, 1,
		  "a line after the end record {\"end\": N}" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct iom_lint *l = iom_lint_new(0);
		struct iom_diag d;
		iom_diag_init(&d);
		int rc = cases[i].facts_file
			? iom_lint_read_facts(l, cases[i].text, strlen(cases[i].text), "f.jsonl", &d)
			: iom_lint_add_spatch(l, cases[i].text, strlen(cases[i].text), "out", &d);
		assert_int_equal(rc, -IOM_EPARSE);
		assert_int_equal(d.line, cases[i].line);
		assert_int_equal(d.col, cases[i].col);
		assert_string_equal(d.msg, cases[i].msg);
		assert_int_equal(iom_lint_nr_facts(l), 0);
		iom_lint_free(l);
	}
}

static size_t findings_of(const char *facts, unsigned kver)
{
	struct iom_lint *l = iom_lint_new(kver);
	assert_int_equal(iom_lint_add_spatch(l, facts, strlen(facts), "t", NULL), 0);
	assert_int_equal(iom_lint_decide(l, NULL), 0);
	size_t n = iom_lint_nr_findings(l);
	iom_lint_free(l);
	return n;
}

/* Decisions: an unconditional stub owns the calls, a stub under another branch does not;
 * arch/x86 is the implementation (but not arch/x86_64-like paths or a driver's
 * "xarch/x86/"); a LINUX_VERSION_CODE branch this --kernel does not build is skipped. */
static void decisions(void **state)
{
	(void)state;
	const char *def = "{\"kind\":\"def\",\"name\":\"mtrr_add\",\"file\":\"d/s.c\",\"line\":1,\"column\":0,\"function\":\"mtrr_add\"}\n";
	const char *def_cond = "{\"kind\":\"def\",\"name\":\"mtrr_add\",\"file\":\"d/s.c\",\"line\":1,\"column\":0,\"function\":\"mtrr_add\",\"cond\":\"!CONFIG_MTRR\"}\n";
	char buf[1200];
	assert_int_equal(findings_of(CALL(3, 0), 0), 1);
	snprintf(buf, sizeof(buf), "%s%s", def, CALL(3, 0));
	assert_int_equal(findings_of(buf, 0), 0);
	snprintf(buf, sizeof(buf), "%s%s", def_cond, CALL(3, 0));
	assert_int_equal(findings_of(buf, 0), 1);
	const char *arch = "{\"kind\":\"call\",\"name\":\"mtrr_del\",\"file\":\"linux/arch/x86/kernel/cpu/mtrr/if.c\",\"line\":9,\"column\":1,\"function\":\"f\",\"args\":[]}\n";
	const char *notarch = "{\"kind\":\"call\",\"name\":\"mtrr_del\",\"file\":\"linux/xarch/x86/if.c\",\"line\":9,\"column\":1,\"function\":\"f\",\"args\":[]}\n";
	assert_int_equal(findings_of(arch, 0), 0);
	assert_int_equal(findings_of(notarch, 0), 1);
	const char *gated = "{\"kind\":\"call\",\"name\":\"ioremap_nocache\",\"file\":\"d/x.c\",\"line\":3,\"column\":1,\"function\":\"f\",\"args\":[],\"cond\":\"LINUX_VERSION_CODE < KERNEL_VERSION(5, 6, 0)\"}\n";
	const char *gated_else = "{\"kind\":\"call\",\"name\":\"ioremap_nocache\",\"file\":\"d/x.c\",\"line\":3,\"column\":1,\"function\":\"f\",\"args\":[],\"cond\":\"!(LINUX_VERSION_CODE >= KERNEL_VERSION(5,6,0))\"}\n";
	const char *gated_wrong = "{\"kind\":\"call\",\"name\":\"ioremap_nocache\",\"file\":\"d/x.c\",\"line\":3,\"column\":1,\"function\":\"f\",\"args\":[],\"cond\":\"LINUX_VERSION_CODE >= KERNEL_VERSION(5, 6, 0)\"}\n";
	assert_int_equal(findings_of(gated, IOM_KVER(6, 12)), 0);
	assert_int_equal(findings_of(gated_else, IOM_KVER(6, 12)), 0);
	assert_int_equal(findings_of(gated_wrong, IOM_KVER(6, 12)), 1);
	assert_int_equal(findings_of(gated, IOM_KVER(5, 4)), 0);   /* built, and it exists */
	/* a condition that ends at LINUX_VERSION_CODE (no comparison: unknown, so built); the
	 * operator scan once read past its end (fuzz_lint_facts, corpus
	 * regress-version-code-at-end) */
	const char *bare = "{\"kind\":\"call\",\"name\":\"ioremap_nocache\",\"file\":\"d/x.c\",\"line\":3,\"column\":1,\"function\":\"f\",\"args\":[],\"cond\":\"LINUX_VERSION_CODE\"}\n";
	assert_int_equal(findings_of(bare, IOM_KVER(6, 12)), 1);
}

/* dma-write-then-relaxed-doorbell: a store into DMA memory through its member, then a
 * relaxed write, is flagged; a store to the member itself (the pointer: ring->desc = NULL,
 * mtk_eth_soc.c@6.12 mtk_rx_clean()'s ring->dma = NULL) is no store into the memory. */
static void member_store(void **state)
{
	(void)state;
	char buf[2000];
	static const char fmt[] =
		"{\"kind\":\"ret\",\"name\":\"dma_alloc_coherent\",\"file\":\"d/r.c\",\"line\":2,\"column\":1,"
		"\"function\":\"init\",\"args\":[\"ring->desc\"]}\n"
		"{\"kind\":\"assign\",\"name\":\"=\",\"file\":\"d/r.c\",\"line\":5,\"column\":1,"
		"\"function\":\"go\",\"args\":[\"%s\",\"1\"]}\n"
		"{\"kind\":\"call\",\"name\":\"writel_relaxed\",\"file\":\"d/r.c\",\"line\":6,\"column\":1,"
		"\"function\":\"go\",\"args\":[\"1\",\"ring->io + RING_TAIL\"]}\n";
	snprintf(buf, sizeof(buf), fmt, "ring->desc[0].len");
	assert_int_equal(findings_of(buf, 0), 1);
	snprintf(buf, sizeof(buf), fmt, "ring->desc->len");
	assert_int_equal(findings_of(buf, 0), 1);
	snprintf(buf, sizeof(buf), fmt, "ring->desc");
	assert_int_equal(findings_of(buf, 0), 0);
}

/* The register an MMIO write's address names (lint_reg_key(), the learned-doorbell rule of
 * dma-write-then-relaxed-doorbell): the last register macro after the base, not a stride;
 * the member of a one-term address; none when a local or a parameter picks it. */
static void register_names(void **state)
{
	(void)state;
	static const struct { const char *addr, *key; } v[] = {
		{ "sdma->regs + SDMA_CHNPRI_0 + 4 * channel", "SDMA_CHNPRI_0" },  /* imx-sdma.c@6.12 */
		{ "sdma->regs + SDMA_H_START", "SDMA_H_START" },
		{ "hw->hw_addr + E1000_TDT(0)", "E1000_TDT" },
		{ "ioaddr + TxStartDemand", NULL },       /* mixed case: a variable as far as names go */
		{ "&regs->EvtCsm", "EvtCsm" },            /* acenic.c@6.12 */
		{ "ring->db", "db" },
		{ "HOST_BLKSIZE(host)", "HOST_BLKSIZE" },
		{ "base + reg + index * HISI_DMA_Q_OFFSET", NULL },  /* hisi_dma.c@6.12: the stride */
		{ "q_base + HISI_DMA_Q_SQ_TAIL_PTR + index * HISI_DMA_Q_OFFSET", "HISI_DMA_Q_SQ_TAIL_PTR" },
		{ "sdma->regs + chnenbl", NULL },
		{ "regs", NULL },
		{ "r->regs + 0x10", NULL },               /* an offset number names no register */
		{ "REG_BASE + CHAN_CTRL", "CHAN_CTRL" },  /* the base is not the register */
		{ "(u8 __iomem *)priv->base + (REG_TX + 8)", NULL },
	};
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		char k[64] = "";
		bool got = lint_reg_key(v[i].addr, k, sizeof(k));
		if (got != (v[i].key != NULL) || (got && strcmp(k, v[i].key)))
			fail_msg("%s: got %s%s, expected %s", v[i].addr, got ? "" : "none", k, v[i].key ? v[i].key : "none");
	}
	char small[4];
	assert_false(lint_reg_key("r + SDMA_H_START", small, sizeof(small)));  /* too long for key */
}

/* The drivers' own accessors (lib/lint/wrappers.c): thin functions and function-like macros
 * that call a relaxed accessor, directly or through another of their driver; the files that
 * call one of them and no relaxed accessor of that kind. A driver is a directory and those
 * under it: the same name in another directory is not its accessor. Ordered accessors
 * (writel()), names the tables know, a comment or a string naming an accessor, and a long
 * function are not accessors; a file with no cpu_to_le*() store or DMA allocation (writes),
 * or no le*_to_cpu() read, gives the rules nothing and gets no run. */
/* The drivers' own byte-order conversions (wrappers.c iom_lint_wrappers_convs()): an alias
 * macro (fec.h@6.12 "#define cpu_to_fec16 cpu_to_le16"), a function-like macro, a thin
 * function that returns a converted value, and one built on another conversion; not a thin
 * function that stores the value and gives none or another (cqhci's cq_request() returns 0),
 * one whose value only uses a conversion (ixgbe_test_staterr(): !!(x & cpu_to_le32(b))),
 * a name the kernel defines elsewhere
 * (cpu_to_node() is only called here), nor an alias of something that is no conversion. */
static void own_conversions(void **state)
{
	(void)state;
	static const char h[] =
		"#ifdef BE\n#define cpu_to_fec16 cpu_to_be16\n#else\n#define cpu_to_fec16 cpu_to_le16\n#endif\n"
		"#define cpu_to_hw(x) ((__force u32)cpu_to_le32(x))\n"
		"#define fec_alias other_thing\n"
		"static inline u64 cpu_to_dma64(u64 v) { return cpu_to_hw(v); }\n"
		"static inline void put_le(struct d *d, u32 v) { d->x = cpu_to_le32(v); }\n"
		"static void f(struct d *d, int c) { d->n = cpu_to_node(c); }\n"
		"static int req(struct d *d, u64 t) { d->t = cpu_to_le64(t); return 0; }\n"
		"static inline bool test_st(struct d *d, u32 b) { return !!(d->st & cpu_to_le32(b)); }\n";
	struct iom_lint_wrappers *w = iom_lint_wrappers_new();
	assert_non_null(w);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/fec/fec.h", h, sizeof(h) - 1), 0);
	struct iom_lint_conv *v;
	size_t n;
	assert_int_equal(iom_lint_wrappers_convs(w, &v, &n), 0);
	static const struct { const char *name, *via; unsigned line; } want[] = {
		{ "cpu_to_fec16", "cpu_to_be16", 2 }, { "cpu_to_fec16", "cpu_to_le16", 4 },
		{ "cpu_to_hw", "cpu_to_le32", 6 }, { "cpu_to_dma64", "cpu_to_hw", 8 },
	};
	assert_int_equal(n, sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(v[i].name, want[i].name);
		assert_string_equal(v[i].via, want[i].via);
		assert_int_equal(v[i].line, want[i].line);
		assert_string_equal(v[i].file, "drv/fec/fec.h");
	}
	iom_lint_convs_free(v, n);
	iom_lint_wrappers_free(w);
}

/* Streaming buffers (wrappers.c find_streams()): a member the file assigns an allocation
 * of kmalloc()'s family and maps with dma_map_single() or dma_map_page(virt_to_page()),
 * with its direction as written; not a member the file does not allocate (skb->data), not
 * one allocated by another family (__get_free_pages()), not one in a comment, not a mapping
 * whose buffer is no member, not dma_map_sg(). */
static void streams_found(void **state)
{
	(void)state;
	static const char c[] =
		"int a(struct ring *ring, struct sk_buff *skb, int n) {\n"
		"\tring->desc = kzalloc(n, GFP_KERNEL);\n"
		"\tring->dma = dma_map_single(ring->dev, ring->desc, n,\n\t\t\tring_to_dma_dir(ring));\n"
		"\tq->tx[0].buf = (u8 *)devm_kmalloc(d, n, GFP_KERNEL);\n"
		"\tm = dma_map_page(d, virt_to_page(q->tx[0].buf), 0, n, DMA_TO_DEVICE);\n"
		"\th = dma_map_single(d, skb->data, n, DMA_FROM_DEVICE);\n"
		"\tp->pg = (void *)__get_free_pages(GFP_KERNEL, 1);\n"
		"\th = dma_map_single(d, p->pg, n, DMA_FROM_DEVICE);\n"
		"\t/* dma_map_single(d, ring->desc, n, DMA_TO_DEVICE); */\n"
		"\th = dma_map_single(d, buf, n, DMA_TO_DEVICE);\n"
		"\th = dma_map_single(d, (void *)ring->desc, n, DMA_BIDIRECTIONAL);\n"
		"\tk = dma_map_sg(d, ring->desc, 1, DMA_TO_DEVICE);\n"
		"\treturn 0;\n}\n";
	/* the scope: the mapping file, and the files of its directory that include one of its
	 * local headers (not another driver of the directory, not another directory) */
	static const char user[] = "#include <linux/io.h>\n#include \"hnae.h\"\nint f(void) { return readl_relaxed(0); }\n";
	static const char other[] = "#include \"other.h\"\nint f(void) { return readl_relaxed(0); }\n";
	struct iom_lint_wrappers *w = iom_lint_wrappers_new();
	assert_non_null(w);
	static const char inc[] = "#include <linux/slab.h>\n  #  include \"hnae.h\"\n";
	char *mapper = malloc(sizeof(inc) + sizeof(c));
	assert_non_null(mapper);
	strcpy(mapper, inc);
	strcat(mapper, c);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/hns/hns_enet.c", user, sizeof(user) - 1), 0);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/hns/hnae.c", mapper, strlen(mapper)), 0);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/hns/other.c", other, sizeof(other) - 1), 0);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/hns/sub/x.c", user, sizeof(user) - 1), 0);
	free(mapper);
	struct iom_lint_stream *v;
	size_t n;
	assert_int_equal(iom_lint_wrappers_streams(w, &v, &n), 0);
	static const struct { const char *member, *dir, *call; unsigned line; } want[] = {
		{ "desc", "ring_to_dma_dir(ring)", "dma_map_single", 5 },
		{ "buf", "DMA_TO_DEVICE", "dma_map_page", 8 },
		{ "desc", "DMA_BIDIRECTIONAL", "dma_map_single", 14 },
	};
	assert_int_equal(n, sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(v[i].member, want[i].member);
		assert_string_equal(v[i].dir, want[i].dir);
		assert_string_equal(v[i].call, want[i].call);
		assert_int_equal(v[i].line, want[i].line);
		assert_string_equal(v[i].file, "drv/hns/hnae.c");
		assert_int_equal(v[i].nscope, 2);
		assert_string_equal(v[i].scope[0], "drv/hns/hnae.c");
		assert_string_equal(v[i].scope[1], "drv/hns/hns_enet.c");
	}
	iom_lint_streams_free(v, n);
	iom_lint_wrappers_free(w);
}

static void own_accessors(void **state)
{
	(void)state;
	static const char a[] =
		"void nic_reg_write(struct nic *n, u64 o, u64 v) { writeq_relaxed(v, n->base + o); }\n"
		"static inline u32 chan_read(struct chan *c, int r) { return readl_relaxed(c->regs + r); }\n"
		"#define RING_W(v, a) __raw_writel((v), (a))\n"
		"static void ordered_w(struct nic *n, u32 v) { writel(v, n->base); }\n"
		"static void commented(struct nic *n) { /* writel_relaxed(1, n->base); */ puts(\"writel_relaxed(\"); }\n"
		"static void big(struct nic *n) { a1(); a2(); a3(); writel_relaxed(1, n->base); }\n"
		"u32 writel(u32 v, void *a) { __raw_writel(v, a); return 0; }\n";
	static const char b[] =   /* no relaxed call: reaches the device through a's accessors */
		"static void nic_sq_doorbell(struct nic *n) { n->d->len = cpu_to_le32(4); smp_wmb(); nic_reg_write(n, 8, 1); }\n"
		"static void ring_kick(void *a) { RING_W(1, a); }\n"
		"static void poll(struct chan *c) { if (chan_read(c, 4)) x = le32_to_cpu(c->d->st); }\n";
	static const char c[] =   /* a sub-directory: the same driver */
		"static void kick2(struct nic *n) { n->d->len = cpu_to_le32(1); nic_sq_doorbell(n); }\n";
	static const char e[] =   /* an accessor called, but nothing the rules look for: no run */
		"static void kick3(struct nic *n) { nic_reg_write(n, 8, 1); }\n";
	static const char d[] =   /* another driver: its own nic_reg_write() is ordered */
		"void nic_reg_write(struct nic *n, u64 o, u64 v) { writeq(v, n->base + o); }\n"
		"static void other(struct nic *n) { n->d->len = cpu_to_le32(1); nic_reg_write(n, 0, 1); big(n); commented(n); }\n";
	struct iom_lint_wrappers *w = iom_lint_wrappers_new();
	assert_non_null(w);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/nic/a.c", a, sizeof(a) - 1), 0);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/nic/b.c", b, sizeof(b) - 1), 0);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/nic/sub/c.c", c, sizeof(c) - 1), 0);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/other/d.c", d, sizeof(d) - 1), 0);
	assert_int_equal(iom_lint_wrappers_add(w, "drv/nic/e.c", e, sizeof(e) - 1), 0);
	char **f;
	size_t nf;
	assert_int_equal(iom_lint_wrappers_extra(w, true, &f, &nf), 0);
	assert_int_equal(nf, 2);
	assert_string_equal(f[0], "drv/nic/b.c");
	assert_string_equal(f[1], "drv/nic/sub/c.c");
	for (size_t i = 0; i < nf; i++)
		free(f[i]);
	free(f);
	assert_int_equal(iom_lint_wrappers_extra(w, false, &f, &nf), 0);
	assert_int_equal(nf, 1);
	assert_string_equal(f[0], "drv/nic/b.c");
	for (size_t i = 0; i < nf; i++)
		free(f[i]);
	free(f);
	iom_lint_wrappers_free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_match_rules),
		cmocka_unit_test(versioned_rows_resolve),
		cmocka_unit_test(cond_from_source),
		cmocka_unit_test(unparsed_and_macro_defs),
		cmocka_unit_test(declarations_from_source),
		cmocka_unit_test(if_else_paths),
		cmocka_unit_test(reader_diagnostics),
		cmocka_unit_test(decisions),
		cmocka_unit_test(register_names),
		cmocka_unit_test(own_accessors),
		cmocka_unit_test(own_conversions),
		cmocka_unit_test(streams_found),
		cmocka_unit_test(member_store),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
