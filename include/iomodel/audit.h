/* SPDX-License-Identifier: MIT */
/* iomodel -- the auditor: rebuild MTRR and PAT state, tracked reservations and BARs from a
 * struct iom_sys_state, compute the effective type of every reservation and BAR window with
 * the memtype library, and raise findings with stable codes (tables/audit_findings.def).
 * Unknowns stay unknown: a type that depends on something the inputs do not say is a SET
 * of possible types, never a guess. Renderers append to a struct iom_buf. */
#ifndef IOMODEL_AUDIT_H
#define IOMODEL_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "iomodel/buf.h"
#include "iomodel/memtype.h"
#include "iomodel/sys.h"

/* A set of memory types: bit (1u << enum iom_mt). */
typedef unsigned iom_mtset;
#define IOM_MTSET(t) (1u << (t))
#define IOM_MTSET_ALL ((1u << IOM_MT__COUNT) - 1)
#define IOM_MTSET_MTRR_ALL (IOM_MTSET_ALL & ~IOM_MTSET(IOM_MT_UC_MINUS))
/* "WB", "UC|WB", "?" (any of 3 or more), "-" (empty). Returns buf. */
const char *iom_mtset_str(iom_mtset s, char *buf, size_t n);

enum iom_aud_sev { IOM_AUD_INFO, IOM_AUD_WARNING, IOM_AUD_ERROR };
const char *iom_aud_sev_name(enum iom_aud_sev s);

struct iom_aud_code {
	const char *code, *title, *explanation, *fix, *source;
	enum iom_aud_sev sev;
};
size_t iom_aud_nr_codes(void);
const struct iom_aud_code *iom_aud_code_at(size_t i);
const struct iom_aud_code *iom_aud_code_find(const char *code);

struct iom_aud_evidence {
	struct iom_sys_where at;   /* input line (line 0: the whole input)                */
	char *what;                /* what that line says, in our words                   */
};

struct iom_aud_finding {
	const struct iom_aud_code *code;
	enum iom_aud_sev sev;
	uint64_t start, end;       /* [start, end) the finding is about; 0, 0 if none      */
	char *message;             /* the specific case                                    */
	struct iom_aud_evidence *ev;
	size_t nr_ev, cap_ev;
};

enum iom_aud_rkind { IOM_AUD_R_RESV, IOM_AUD_R_BAR };

struct iom_aud_region {
	enum iom_aud_rkind kind;
	uint64_t start, end;       /* [start, end)                                         */
	char owner[112];           /* /proc/iomem name or BAR, "" if unknown                */
	iom_mtset tracked;         /* tracked (PAT) type(s); 0: no tracked mapping          */
	unsigned dup;              /* identical reservations merged into this row (>= 1)    */
	iom_mtset mtrr;            /* possible MTRR types over the range                    */
	bool mtrr_undefined;       /* an SDM-undefined overlap inside                       */
	iom_mtset eff;             /* possible effective types                              */
	bool hypothetical;         /* no tracked mapping: eff is what ioremap() would get   */
	int bar;                   /* index into a->bars, or -1                             */
	struct iom_sys_where at;
};

enum iom_aud_pat { IOM_AUD_PAT_UNKNOWN, IOM_AUD_PAT_ENABLED, IOM_AUD_PAT_DISABLED };

struct iom_audit {
	const struct iom_sys_state *st;   /* borrowed                                       */
	/* MTRR reconstruction */
	struct iom_mtrr_state mtrr;
	bool mtrr_known;                  /* any MTRR input at all                          */
	bool def_known, fixed_known;
	bool def_inferred;                /* default type deduced, not read (see report)     */
	int vcnt;                         /* -1 unknown                                      */
	unsigned nr_var_used;
	const char *mtrr_from;            /* "/proc/mtrr", "boot dump", "MTRR map", "none"    */
	/* PAT reconstruction */
	enum iom_aud_pat pat;
	bool slots_known;
	enum iom_mt slots[8];
	bool cpu_has_pat;                 /* false only when cpuinfo says so               */
	/* BARs: st->bars plus BDF-named /proc/iomem entries (flags unknown) */
	struct iom_sys_bar *bars;
	size_t nr_bars;
	/* results */
	struct iom_aud_region *regions;
	size_t nr_regions, cap_regions;
	struct iom_aud_finding *findings;
	size_t nr_findings, cap_findings;
	char **unknowns;                  /* what the inputs leave unknown, one line each   */
	size_t nr_unknowns, cap_unknowns;
};

/* Audit st (which must outlive a). Returns 0 or -IOM_ENOMEM. */
int iom_audit_run(struct iom_audit *a, const struct iom_sys_state *st);
void iom_audit_release(struct iom_audit *a);
/* Number of findings at or above sev. */
size_t iom_audit_count(const struct iom_audit *a, enum iom_aud_sev sev);

/* Renderers. Output depends only on the inputs (no time, no absolute paths). */
void iom_audit_text(const struct iom_audit *a, struct iom_buf *out, int verbose);
int iom_audit_json(const struct iom_audit *a, struct iom_buf *out, bool pretty);
void iom_audit_svg(const struct iom_audit *a, struct iom_buf *out);

#endif
