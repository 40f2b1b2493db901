/* SPDX-License-Identifier: MIT */
/* iomodel -- LKMM engine, MMIO layer: the io-order axiom (docs/ordering.md §10).
 * MMIO accesses, rule-only barriers and device events join the LKMM's executions; the
 * LKMM judges the execution without the LK_T_IO events (lk_io_project), and this layer
 * adds one axiom over all of them:
 *
 *   io-order = ppo-io | dev-po | rf | co | fr | handover        (over glued nodes)
 *   acyclic io-order through IO       -- no cycle through an MMIO or device event
 *
 * ppo-io is each CPU's preserved program order from the rule rows (tables/order_*.def,
 * PAIR and FENCE rows, plus addr, data and ctrl dependencies, transitively closed),
 * dev-po the device's program order (PCI producer order), handover the unlock of one
 * critical section before the lock of the next (lock.cat's co over LKW). Glued nodes
 * arrive as one: a bulk element and its buffer access, a reaction and the access that
 * triggers it, and two WC writes combined into one transaction. */
#ifndef IOMODEL_LKMM_IO_H
#define IOMODEL_LKMM_IO_H

#include "iomodel/buf.h"
#include "lkmm/lkmm_int.h"

/* After lk_events_build(): the rules' ppo-io and FLUSH events of every CPU path, the
 * events the condition orders. */
int lk_io_prepare(struct lk_test *lt, struct iom_diag *d);

/* One io execution of a candidate: the order of the tracked events (lt->track): rank is
 * 1-based, equal ranks are one combined transaction, 0 means the event does not occur;
 * comb[k] says whether pair lt->comb[k] was combined. */
struct lk_io_exec {
	int rank[LK_MAXTRACK];
	bool comb[LK_MAXCOMB];
};
typedef void (*lk_io_fn)(void *arg, const struct lk_io_exec *e);

/* Every io execution of candidate x (choice[t]: path of thread t, off[t]: its first
 * event in x): fn is called for each. Returns how many there were (0: io-order fails). */
long lk_io_enum(const struct lk_test *lt, const struct lk_exec *x, const int *choice,
		const int *off, lk_io_fn fn, void *arg);

/* DOT lines for candidate x: with e, the io execution e (ppo-io, arrival order per
 * device, combined transactions); without, the cycle that breaks io-order. */
int lk_io_dot(const struct lk_test *lt, const struct lk_exec *x, const int *choice,
	      const int *off, const struct lk_io_exec *e, struct iom_buf *b);

/* The states' MMIO part: the device thread that sets variable var of device dev (the last
 * one that reads into it), or -1; the index in lt->track of event r, or -1; io execution
 * e as one number (4 bits of rank per tracked event; 0 without e); and that number as
 * the states print it, io:[P0:a;P0:b+P1:c] ("+" inside one transaction). */
int lk_io_devvar_thread(const struct lk_test *lt, int dev, int var);
int lk_io_track(const struct lk_test *lt, const struct iom_lit_evref *r);
int64_t lk_io_code(const struct lk_test *lt, const struct lk_io_exec *e);
void lk_io_state_print(const struct lk_test *lt, int64_t code, struct iom_buf *b);

/* co of a device register that nothing reads: how many choices of its last write the
 * search tries (0: none, no co), and the co of choice last (0: cleared). */
int lk_io_register_lasts(const struct lk_test *lt, int l, int nw);
void lk_io_register_co(struct lk_exec *x, const int *locw, int nw, int last);

/* x without its LK_T_IO events: the execution the LKMM judges. */
void lk_io_project(const struct lk_exec *x, struct lk_exec *y);
/* The same, and back[j] = the index in x of event j of y. */
void lk_io_project_map(const struct lk_exec *x, struct lk_exec *y, int *back);
bool lk_io_present(const struct lk_exec *x);

#endif
