/* SPDX-License-Identifier: MIT */
/* iomodel -- the Linux-kernel memory model (LKMM of Linux 6.12, tools/memory-model) as an
 * axiomatic engine: the answers herd7 7.57 gives with linux-kernel.cfg, in C.
 *
 * Layers (docs/ordering.md "The LKMM engine"):
 *   events  (lib/lkmm/events)  AST -> per-thread event skeletons, from tables/lkmm_events.def
 *   rel     (lib/lkmm/rel)     bit-matrix relations; the bell, lock.cat and linux-kernel.cat
 *   search  (lib/lkmm/search)  thread paths x rf x lock choices x co, with exact pruning
 *   report  (lib/lkmm/report)  herd7's text and a JSON form
 *   io      (lib/lkmm/io)      MMIO: events on device registers, device threads, the
 *                              io-order axiom from the rule rows (order.h)
 * The library never prints. A test that maps an MMIO region runs per architecture,
 * release and model (the opts fields); iom_lkmm_applies() is true for the others, whose
 * answer is the same for all of them. */
#ifndef IOMODEL_LKMM_H
#define IOMODEL_LKMM_H

#include <stdbool.h>
#include <stdint.h>
#include "iomodel/buf.h"
#include "iomodel/diag.h"
#include "iomodel/litmus.h"

struct iom_lkmm_opts {
	unsigned unroll;            /* while-loop unrolling; 0 = herd7's default, 2          */
	unsigned long max_execs;    /* stop with -IOM_ELIMIT after this many candidates; 0 = none */
	bool want_witness;          /* keep one execution for iom_lkmm_report_dot()          */
	unsigned long max_steps;    /* stop with -IOM_ELIMIT after this many search nodes (path
				     * combinations, rf/lock/co choices tried), which bounds the
				     * work even where the model prunes every candidate; 0 = none */
	/* MMIO tests (iom_lit_is_mmio()): the ordering rules of one architecture, release and
	 * model (order.h) give each CPU's preserved program order for its MMIO events, and
	 * the mapping-attribute table each region's class. Ignored for LKMM tests. */
	enum iom_arch arch;
	unsigned kver;              /* IOM_KVER; 0 = 6.12                                     */
	enum iom_lit_model model;
	const char *flip_rule;      /* invert one rule row (mutation runs); NULL             */
	/* Judge every path combination, not one per orbit of the test's symmetries (threads
	 * and locations renamed into each other: docs/ordering.md, "Symmetric threads"). The
	 * answer is the same either way; this is for checking that it is. */
	bool no_symmetry;
	/* AArch64 tests: herd7's -variant deps. Each conditional branch also runs the arm it
	 * does not take, as speculated events that take part in the execution (docs/aarch64.md,
	 * "Speculated arms"). Ignored for other tests. */
	bool a64_deps;
};

/* The flags of linux-kernel.bell, lock.cat and linux-kernel.cat, in the order herd7 prints
 * them (alphabetical). ORDER IOM_LKMM_FLAG */
enum iom_lkmm_flag {
	IOM_LKMM_FLAG_DATA_RACE,
	IOM_LKMM_FLAG_INVALID_SLEEP,
	IOM_LKMM_FLAG_LOCK_FINAL,
	IOM_LKMM_FLAG_MIXED_ACCESSES,
	IOM_LKMM_FLAG_MIXED_LOCK_ACCESSES,
	IOM_LKMM_FLAG_MULTIPLE_SRCU_MATCHES,
	IOM_LKMM_FLAG_SRCU_BAD_VALUE_MATCH,
	IOM_LKMM_FLAG_UNMATCHED_RCU_LOCK,
	IOM_LKMM_FLAG_UNMATCHED_RCU_UNLOCK,
	IOM_LKMM_FLAG_UNMATCHED_SRCU_LOCK,
	IOM_LKMM_FLAG_UNMATCHED_SRCU_UNLOCK,
	IOM_LKMM_FLAG_UNMATCHED_UNLOCK,
	IOM_LKMM_FLAG_UNPAIRED_LKR,
	IOM_LKMM_FLAG_UNPAIRED_LKW,
	IOM_LKMM_FLAG_A64_SHAREABLE,    /* aarch64fences.cat: a DMB/DSB with ISH or OSH  */
	IOM_LKMM_FLAG__COUNT,
};
/* herd7's spelling: "data-race", "unmatched-unlock", "unpaired-LKW", ... */
const char *iom_lkmm_flag_name(enum iom_lkmm_flag f);

/* The named checks of the model, in evaluation order (the MMIO layer, lib/lkmm/io, adds ppo-io and its own checks). */
enum iom_lkmm_axiom {
	IOM_LKMM_AX_LOCK_NEST,          /* lock.cat                                     */
	IOM_LKMM_AX_NESTED_IS_LOCKED,
	IOM_LKMM_AX_UNMATCHED_LOCKS,
	IOM_LKMM_AX_COHERENCE,          /* linux-kernel.cat                             */
	IOM_LKMM_AX_ATOMIC,
	IOM_LKMM_AX_HAPPENS_BEFORE,
	IOM_LKMM_AX_PROPAGATION,
	IOM_LKMM_AX_RCU,
	IOM_LKMM_AX_PLAIN_COHERENCE,
	IOM_LKMM_AX_IO_ORDER,           /* MMIO: acyclic io-order (docs/ordering.md §10) */
	IOM_LKMM_AX__COUNT,
	IOM_LKMM_AX_NONE = -1,
};
const char *iom_lkmm_axiom_name(enum iom_lkmm_axiom a);   /* "happens-before", ...      */

struct iom_lkmm_result;

/* Does the LKMM engine take this test? True when it maps no MMIO/port region and has no
 * device block. */
bool iom_lkmm_applies(const struct iom_lit_test *t);

/* Run t under the LKMM. Returns 0 and sets *out (free with iom_lkmm_result_free), or a
 * negative IOM_E* code with d filled (-IOM_EINVAL: a construct the engine cannot run,
 * at its file:line:col; -IOM_ELIMIT: opts->max_execs hit). opts may be NULL. */
int iom_lkmm_run(const struct iom_lit_test *t, const struct iom_lkmm_opts *opts,
		 struct iom_lkmm_result **out, struct iom_diag *d);
void iom_lkmm_result_free(struct iom_lkmm_result *r);

/* Accessors. */
enum iom_lit_verdict iom_lkmm_verdict(const struct iom_lkmm_result *r); /* Never/Sometimes/Always */
bool iom_lkmm_ok(const struct iom_lkmm_result *r);          /* herd7's Ok/No line        */
uint64_t iom_lkmm_positive(const struct iom_lkmm_result *r); /* as herd7 prints them     */
uint64_t iom_lkmm_negative(const struct iom_lkmm_result *r);
unsigned iom_lkmm_nr_states(const struct iom_lkmm_result *r);
const char *iom_lkmm_state(const struct iom_lkmm_result *r, unsigned i); /* "1:r0=0; [x]=1;" */
bool iom_lkmm_flag(const struct iom_lkmm_result *r, enum iom_lkmm_flag f);
/* complete candidates examined (docs/ordering.md, "Search and pruning": path combinations
 * dropped before their rf choices are not among them) */
uint64_t iom_lkmm_candidates(const struct iom_lkmm_result *r);
/* A consistent execution was cut by the unroll bound: herd7 prints "Loop Ok"/"Loop No"
 * and warns "unrolling limit exceeded, legal outcomes may be missing". */
bool iom_lkmm_loop(const struct iom_lkmm_result *r);

/* The portability check's compiler (docs/aarch64.md): t, an LKMM test in C, as the
 * AArch64 test arm64's implementation of its primitives gives (Linux 6.12, LSE atomics;
 * tables/lkmm_to_aarch64.def), appended to out. The C register k of a thread is Xk there,
 * the condition and locations name the same registers and locations. -IOM_EINVAL with d at
 * the construct when the test uses what is not compiled (locks, RCU, SRCU, loops, arrays,
 * plain accesses). */
int iom_lkmm_to_aarch64(const struct iom_lit_test *t, struct iom_buf *out, struct iom_diag *d);

/* herd7's lines for the test (without Time and Hash): Test, States, Ok/No, Witnesses,
 * Positive/Negative, Flag lines, Condition, Observation. */
void iom_lkmm_report_text(const struct iom_lkmm_result *r, struct iom_buf *b);
/* The same content as one JSON object (no trailing newline). */
void iom_lkmm_report_json(const struct iom_lkmm_result *r, struct iom_buf *b);
/* One execution as Graphviz: a positive one if any, else the first rejected candidate
 * with the relation whose cycle forbids it. Needs opts->want_witness; appends nothing
 * otherwise. */
void iom_lkmm_report_dot(const struct iom_lkmm_result *r, struct iom_buf *b);

#endif
