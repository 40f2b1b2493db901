/* SPDX-License-Identifier: MIT */
/* iomodel -- scenarios: a kernel version, a CPU, the firmware MTRR layout, RAM, BARs, a
 * driver's calls and expectations, in the small language of docs/scenario.md.
 * iom_scn_parse() turns text into a struct iom_scn; iom_scn_run() replays it on a
 * simulated kernel (linux.h) and checks the expectations; the renderers write the report
 * as text or JSON into a struct iom_buf. Nothing here prints or reads files. */
#ifndef IOMODEL_SCENARIO_H
#define IOMODEL_SCENARIO_H

#include <stdbool.h>
#include <stdint.h>
#include "iomodel/buf.h"
#include "iomodel/diag.h"
#include "iomodel/linux.h"

/* The shipped atyfb examples, compiled in (scripts/embed.sh); terminated by {NULL, NULL}. */
struct iom_embedded {
	const char *name;   /* path of the shipped file, e.g. examples/atyfb/02-new.scn */
	const char *text;
};
extern const struct iom_embedded iom_embedded_scenarios[];

struct iom_scn;         /* parsed scenario (opaque)                                    */
struct iom_scn_result;  /* one run of a scenario (opaque)                              */

/* Parse text (len bytes) named name (used in diagnostics). NULL on error, with d set to
 * file:line:col and a message. */
struct iom_scn *iom_scn_parse(const char *text, size_t len, const char *name, struct iom_diag *d);
void iom_scn_free(struct iom_scn *s);
unsigned iom_scn_kernel(const struct iom_scn *s);
enum iom_pat_hw iom_scn_pat(const struct iom_scn *s);

/* Overrides from the command line; 0 / -1 mean "as in the file". */
struct iom_scn_opts {
	unsigned kernel;    /* IOM_KVER(), 0 = file                                       */
	int pat;            /* enum iom_pat_hw, -1 = file                                 */
};

/* Run s. NULL only when out of memory, or when a call does not exist in the selected
 * kernel version (d set, with the line of the call). */
struct iom_scn_result *iom_scn_run(const struct iom_scn *s, const struct iom_scn_opts *o,
				   struct iom_diag *d);
void iom_scn_result_free(struct iom_scn_result *r);
unsigned iom_scn_result_passed(const struct iom_scn_result *r);
unsigned iom_scn_result_failed(const struct iom_scn_result *r);
const struct iom_kernel *iom_scn_result_kernel(const struct iom_scn_result *r);
/* Effective types of the byte offsets [lo, hi) of mapping var after the run: a mask of
 * 1u << enum iom_mt, with IOM_SCN_EFF_UNDEF for an SDM-undefined MTRR overlap; 0 when var
 * is no live mapping or the slice is outside it. */
#define IOM_SCN_EFF_UNDEF (1u << 31)
unsigned iom_scn_result_eff(const struct iom_scn_result *r, const char *var, uint64_t lo, uint64_t hi);

/* Reports. The JSON renderer appends one object (no trailing newline). */
void iom_scn_render_text(const struct iom_scn_result *r, struct iom_buf *b);
void iom_scn_render_json(const struct iom_scn_result *r, struct iom_buf *b);
/* A Markdown table over several runs: one row per scenario file, and for each PAT setting
 * seen, one column per named mapping (effective type(s)) and one for the MTRRs added. */
void iom_scn_render_matrix(const struct iom_scn_result *const *runs, size_t n, struct iom_buf *b);
/* One line: file, pat, each named mapping's effective type(s), MTRRs used, verdict. */
void iom_scn_render_summary(const struct iom_scn_result *r, struct iom_buf *b);

#endif
