// SPDX-License-Identifier: MIT
/* libFuzzer target: the litmus engine as a whole (lib/lkmm with its MMIO layer,
 * include/iomodel/lkmm.h). Parse the input; when it parses, run it with a small candidate
 * limit and a bound on search steps, twice when it is an LKMM test (no MMIO region: with the
 * witness, which turns the search's symmetries and per-combination states off, and without;
 * where both finish, their text reports must be the same), for
 * every architecture, kernel version and model below when it maps a region; render text,
 * JSON and DOT; then free everything. An MMIO input runs on one combination of architecture,
 * kernel version and model, chosen by a hash of the input (the same input always runs the
 * same one, so a crash replays); the mutations of an input reach the others. Running all
 * of them for every input made the target too slow to fuzz (about 200 inputs a second). Any input must end in a diagnostic or a result, never
 * a crash, a hang past the limits, a leak or a sanitizer report.
 * Generic on purpose: only the public parse/check/run/render/free calls are used, so new
 * architectures, versions or models (IOM_ARCH__COUNT, IOM_LIT_MODEL__COUNT) are covered
 * without changing this file. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "iomodel/litmus.h"
#include "iomodel/lkmm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small enough that one LKMM input stays well below a second, even instrumented: the
 * candidate limit, and a bound on search nodes for inputs whose candidates are all pruned. */
#define FUZZ_MAX_EXECS 500
#define FUZZ_MAX_STEPS 5000

/* One run; with text, the text report of a result (malloc'd) or NULL after a refusal. */
static void run_lkmm(const struct iom_lit_test *t, enum iom_arch a, unsigned kver,
		     enum iom_lit_model m, bool witness, bool deps, char **text)
{
	struct iom_lkmm_opts o = { 0, FUZZ_MAX_EXECS, witness, FUZZ_MAX_STEPS, a, kver, m, NULL, false,
				   deps };
	struct iom_lkmm_result *r = NULL;
	struct iom_diag d;
	struct iom_buf b;

	if (text)
		*text = NULL;
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
	if (text)
		*text = strdup(iom_buf_str(&b));
	iom_lkmm_report_json(r, &b);
	iom_lkmm_report_dot(r, &b);
	iom_buf_release(&b);
	iom_lkmm_result_free(r);
}

/* With the witness (which turns the symmetries and the per-combination states off) and
 * without: where both finish within the limits, the same answer */
static void run_both(const struct iom_lit_test *t, bool deps)
{
	char *a, *b;
	run_lkmm(t, IOM_ARCH_X86, 0, IOM_LIT_MODEL_KERNEL, true, deps, &a);
	run_lkmm(t, IOM_ARCH_X86, 0, IOM_LIT_MODEL_KERNEL, false, deps, &b);
	if (a && b && strcmp(a, b))
		abort();
	free(a);
	free(b);
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
	if (iom_lkmm_applies(t)) {
		run_both(t, false);
		if (iom_lit_is_aarch64(t))
			run_both(t, true);  /* and under herd7's variant deps (arms not taken run) */
	} else {
		/* FNV-1a of the input picks the combination */
		uint32_t h = 2166136261u;
		for (size_t i = 0; i < size; i++)
			h = (h ^ data[i]) * 16777619u;
		size_t nk = sizeof(kv) / sizeof(kv[0]);
		unsigned c = h % (unsigned)(IOM_ARCH__COUNT * nk * IOM_LIT_MODEL__COUNT);
		run_lkmm(t, (enum iom_arch)(c % IOM_ARCH__COUNT), kv[c / IOM_ARCH__COUNT % nk],
			 (enum iom_lit_model)(c / IOM_ARCH__COUNT / nk), true, false, NULL);
	}
	iom_lit_test_free(t);
	return 0;
}
