/* SPDX-License-Identifier: MIT */
/* iomodel -- exhaustive exploration of a C-MMIO litmus test under one (architecture,
 * kernel version, model) of the ordering rules (order.h), following ordering.md §4.5:
 * per-CPU preserved program order from the rule rows (transitively closed), lock
 * handover, arrival order per device, DMA visibility and write-combining (combining and
 * same-address collapse) up to flush points. Every reachable final state is enumerated;
 * nothing is sampled. Normal memory is one coherent store (multi-copy atomic).
 * A result owns everything it points to; strings returned by the accessors are borrowed
 * until iom_explore_result_free(). Renderers append to a struct iom_buf; nothing prints. */
#ifndef IOMODEL_EXPLORE_H
#define IOMODEL_EXPLORE_H

#include <stdbool.h>
#include "iomodel/buf.h"
#include "iomodel/diag.h"
#include "iomodel/litmus.h"

struct iom_explore_opts {
	enum iom_arch arch;
	unsigned kver;               /* IOM_KVER; must be non-zero                          */
	enum iom_lit_model model;
	unsigned long max_states;    /* distinct states explored before giving up; 0 = 1e6  */
	const char *flip_rule;       /* invert one rule row (mutation runs); NULL           */
	bool witness;                /* keep one execution reaching the condition (DOT)     */
};

struct iom_explore_result;

/* Explore t. Returns 0 and sets *out; -IOM_EINVAL when t cannot run on that combination
 * (a primitive or mapping that does not exist in that version or on that architecture,
 * the article model on riscv, ...; d names the version and points at the statement),
 * -IOM_ELIMIT when more than max_states states were needed, -IOM_ENOMEM. */
int iom_explore_run(const struct iom_lit_test *t, const struct iom_explore_opts *o,
		    struct iom_explore_result **out, struct iom_diag *d);
void iom_explore_result_free(struct iom_explore_result *r);

/* Distinct final states that pass the filter, sorted; each rendered as herd7 does
 * ("0:r0=1; dev0[0x0]=1; io:[P0:w;P1:w];"). */
unsigned iom_explore_nr_states(const struct iom_explore_result *r);
const char *iom_explore_state(const struct iom_explore_result *r, unsigned i);
bool iom_explore_state_positive(const struct iom_explore_result *r, unsigned i);
/* herd7's Positive/Negative counts (swapped for ~exists), Ok/No and Observation. */
unsigned iom_explore_positive(const struct iom_explore_result *r);
unsigned iom_explore_negative(const struct iom_explore_result *r);
bool iom_explore_ok(const struct iom_explore_result *r);
enum iom_lit_verdict iom_explore_verdict(const struct iom_explore_result *r);
/* States visited and complete executions reached (for the benchmark). */
unsigned long iom_explore_nr_visited(const struct iom_explore_result *r);
unsigned long iom_explore_nr_executions(const struct iom_explore_result *r);

/* herd7 output (ordering.md §5.2): Test, States, Ok/No, Witnesses, Condition,
 * Observation; no Time or Hash line. */
void iom_explore_render(const struct iom_lit_test *t, const struct iom_explore_result *r,
			struct iom_buf *b);
/* Graphviz DOT of the witness execution (needs opts.witness): events per CPU, program
 * order, preserved program order, device arrival order, lock handover. Without a witness
 * (no execution satisfied the condition) the first complete execution is drawn. */
void iom_explore_render_dot(const struct iom_lit_test *t, const struct iom_explore_result *r,
			    struct iom_buf *b);

#endif
