// SPDX-License-Identifier: MIT
/* libFuzzer target: the litmus engines as a whole. Parse the input; when it parses, check it
 * and explore it (lib/explore, include/iomodel/explore.h) for every architecture, kernel
 * version and model below, with a small state limit, rendering every result; when it is an
 * LKMM test (no MMIO region), also run it through the LKMM engine (lib/lkmm,
 * include/iomodel/lkmm.h) with a small candidate limit and render text, JSON and DOT; then
 * free everything. Any input must end in a diagnostic or a result, never a crash, a hang past
 * the state limit, a leak or a sanitizer report.
 * Generic on purpose: only the public parse/check/run/render/free calls are used, so new
 * architectures, versions or models (IOM_ARCH__COUNT, IOM_LIT_MODEL__COUNT) are covered
 * without changing this file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "iomodel/explore.h"
#include "iomodel/litmus.h"
#include "iomodel/lkmm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small enough that one input (every combination) stays far below a second. */
#define FUZZ_MAX_STATES 256

static void run_one(const struct iom_lit_test *t, enum iom_arch a, unsigned kver,
		    enum iom_lit_model m, int witness)
{
	struct iom_explore_opts o = { a, kver, m, FUZZ_MAX_STATES, NULL, witness != 0 };
	struct iom_explore_result *r = NULL;
	struct iom_diag d;
	struct iom_buf b;

	iom_diag_init(&d);
	iom_lit_test_check(t, a, kver, &d);
	iom_lit_expect_lookup(t, a, kver, m);
	iom_diag_init(&d);
	int rc = iom_explore_run(t, &o, &r, &d);
	if (rc < 0) {
		/* a refusal says why and leaves no result behind */
		if (r || !d.code || !d.msg[0])
			abort();
		return;
	}
	if (!r)
		abort();
	if (iom_explore_nr_visited(r) > FUZZ_MAX_STATES)
		abort(); /* the limit was not honoured */
	unsigned n = iom_explore_nr_states(r), pos = 0;
	for (unsigned i = 0; i < n; i++) {
		const char *s = iom_explore_state(r, i);
		if (!s)
			abort();
		if (i && strcmp(iom_explore_state(r, i - 1), s) >= 0)
			abort(); /* states are sorted and distinct */
		pos += iom_explore_state_positive(r, i);
	}
	(void)pos;
	(void)iom_explore_positive(r);
	(void)iom_explore_negative(r);
	(void)iom_explore_ok(r);
	(void)iom_explore_verdict(r);
	(void)iom_explore_nr_executions(r);
	iom_buf_init(&b);
	iom_explore_render(t, r, &b);
	iom_explore_render_dot(t, r, &b);
	iom_buf_release(&b);
	iom_explore_result_free(r);
}

/* Small enough that one LKMM input stays well below a second, even instrumented: the
 * candidate limit, and a bound on search nodes for inputs whose candidates are all pruned. */
#define FUZZ_MAX_EXECS 2000
#define FUZZ_MAX_STEPS 20000

static void run_lkmm(const struct iom_lit_test *t, enum iom_arch a, unsigned kver,
		     enum iom_lit_model m)
{
	struct iom_lkmm_opts o = { 0, FUZZ_MAX_EXECS, true, FUZZ_MAX_STEPS, a, kver, m, NULL };
	struct iom_lkmm_result *r = NULL;
	struct iom_diag d;
	struct iom_buf b;

	iom_diag_init(&d);
	if (iom_lkmm_run(t, &o, &r, &d) < 0) {
		/* a refusal (construct, limit) says why and leaves no result behind */
		if (r || !d.code || !d.msg[0])
			abort();
		return;
	}
	if (!r)
		abort();
	if (iom_lkmm_candidates(r) > FUZZ_MAX_EXECS)
		abort(); /* the limit was not honoured */
	unsigned n = iom_lkmm_nr_states(r);
	for (unsigned i = 0; i < n; i++)
		if (!iom_lkmm_state(r, i))
			abort();
	/* herd7's verdict follows from the two counts (Observation line) */
	uint64_t pos = iom_lkmm_positive(r), neg = iom_lkmm_negative(r);
	enum iom_lit_verdict v = iom_lkmm_verdict(r);
	if ((pos == 0 && v != IOM_LIT_V_NEVER) || (pos && !neg && v != IOM_LIT_V_ALWAYS) ||
	    (pos && neg && v != IOM_LIT_V_SOMETIMES))
		abort();
	for (int f = 0; f < IOM_LKMM_FLAG__COUNT; f++)
		(void)iom_lkmm_flag(r, (enum iom_lkmm_flag)f);
	(void)iom_lkmm_ok(r);
	iom_buf_init(&b);
	iom_lkmm_report_text(r, &b);
	iom_lkmm_report_json(r, &b);
	iom_lkmm_report_dot(r, &b);
	iom_buf_release(&b);
	iom_lkmm_result_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned kv[] = { IOM_KVER(4, 8), IOM_KVER(5, 2), IOM_KVER(6, 12) };
	struct iom_lit_test *t = NULL;
	struct iom_diag d;

	iom_diag_init(&d);
	if (iom_lit_parse((const char *)data, size, "fuzz", &t, &d)) {
		if (t || !d.code || !d.msg[0])
			abort();
		return 0;
	}
	if (iom_lkmm_applies(t))
		run_lkmm(t, IOM_ARCH_X86, 0, IOM_LIT_MODEL_KERNEL);
	int first = 1;
	for (int a = 0; a < IOM_ARCH__COUNT; a++)
		for (size_t k = 0; k < sizeof(kv) / sizeof(kv[0]); k++)
			for (int m = 0; m < IOM_LIT_MODEL__COUNT; m++) {
				run_one(t, (enum iom_arch)a, kv[k], (enum iom_lit_model)m, first);
				/* an MMIO test also runs on the LKMM engine's MMIO layer */
				if (!iom_lkmm_applies(t))
					run_lkmm(t, (enum iom_arch)a, kv[k], (enum iom_lit_model)m);
				first = 0;
			}
	iom_lit_test_free(t);
	return 0;
}
