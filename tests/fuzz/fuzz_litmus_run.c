// SPDX-License-Identifier: MIT
/* libFuzzer target: the litmus engine as a whole. Parse the input; when it parses, check it
 * and explore it (lib/explore, include/iomodel/explore.h) for every architecture, kernel
 * version and model below, with a small state limit, rendering every result; then free
 * everything. Any input must end in a diagnostic or a result, never a crash, a hang past
 * the state limit, a leak or a sanitizer report.
 * Generic on purpose: only the public parse/check/run/render/free calls are used, so new
 * architectures, versions or models (IOM_ARCH__COUNT, IOM_LIT_MODEL__COUNT) are covered
 * without changing this file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "iomodel/explore.h"
#include "iomodel/litmus.h"

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
	int first = 1;
	for (int a = 0; a < IOM_ARCH__COUNT; a++)
		for (size_t k = 0; k < sizeof(kv) / sizeof(kv[0]); k++)
			for (int m = 0; m < IOM_LIT_MODEL__COUNT; m++) {
				run_one(t, (enum iom_arch)a, kv[k], (enum iom_lit_model)m, first);
				first = 0;
			}
	iom_lit_test_free(t);
	return 0;
}
