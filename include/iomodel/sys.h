/* SPDX-License-Identifier: MIT */
/* iomodel -- system state sources and readers: what a machine (or a bug report's pasted
 * text) says about MTRRs, PAT, memtype reservations, /proc/iomem and PCI BARs.
 * A source (live "/", a capture tree, in-memory files) only hands out file text; each
 * reader is a pure function from text to typed state, so every test replays a capture.
 * Readers never judge (that is audit.h) and never stop at a bad line: they record a
 * message naming file and line and go on. Formats: FIELD-a (keys in docs/sources/). */
#ifndef IOMODEL_SYS_H
#define IOMODEL_SYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "iomodel/buf.h"
#include "iomodel/memtype.h"

/* ---- Sources --------------------------------------------------------------------------- */

/* The vtable (pciutils' struct pci_methods, cut down). Paths are relative to the root,
 * without a leading '/', e.g. "proc/mtrr"; the kernel log is the pseudo path "dmesg".
 * read/list return 0 or -errno. Implementations open files read-only and nothing else. */
struct iom_sys_source_ops {
	const char *name; /* "live", "dir", "mem"                                       */
	int (*read)(void *priv, const char *rel, struct iom_buf *out);
	/* Entry names of a directory (no "." and ".."), sorted; *names is malloc'd, each
	 * string too; free with iom_sys_names_free(). */
	int (*list)(void *priv, const char *rel, char ***names, size_t *nr);
	void (*close)(void *priv);
};

struct iom_sys_source {
	const struct iom_sys_source_ops *ops;
	void *priv;
};

/* The running system: root "/", kernel log through syslog(2) READ_ALL. */
int iom_sys_source_live(struct iom_sys_source *src);
/* A capture tree written by iomodel capture (or by hand): DIR/proc/mtrr, DIR/dmesg, ... */
int iom_sys_source_dir(struct iom_sys_source *src, const char *root);
/* In-memory tree for tests and benchmarks: paths[i] -> texts[i] (lens[i] bytes; all
 * borrowed for the life of the source). Directories are implied by the paths. */
int iom_sys_source_mem(struct iom_sys_source *src, const char *const *paths,
		       const char *const *texts, const size_t *lens, size_t nr);
void iom_sys_source_close(struct iom_sys_source *src);
void iom_sys_names_free(char **names, size_t nr);

/* ---- Parsed state ----------------------------------------------------------------------- */

/* ORDER IOM_SYS_K */
enum iom_sys_kind {
	IOM_SYS_K_UNKNOWN,
	IOM_SYS_K_MTRR,          /* /proc/mtrr, any era (FIELD-a.1)              */
	IOM_SYS_K_PAT_LIST,      /* debugfs x86/pat_memtype_list, both formats (FIELD-a.3)    */
	IOM_SYS_K_IOMEM,         /* /proc/iomem (FIELD-a.4)                                   */
	IOM_SYS_K_KLOG,          /* dmesg / journal / syslog text (FIELD-a.5)                 */
	IOM_SYS_K_LSPCI,         /* lspci -v / -vv (FIELD-b)                                  */
	IOM_SYS_K_PCI_RESOURCE,  /* sysfs .../resource (FIELD-a.6)                            */
	IOM_SYS_K_CPUINFO,       /* /proc/cpuinfo or its flags line                      */
	IOM_SYS_K__COUNT,
};
const char *iom_sys_kind_name(enum iom_sys_kind k);

/* Why an input is missing or partial. ORDER IOM_SYS_IN */
enum iom_sys_in_status {
	IOM_SYS_IN_OK,
	IOM_SYS_IN_EMPTY,        /* read fine, no content (legal for /proc/mtrr)         */
	IOM_SYS_IN_ABSENT,       /* ENOENT (debugfs not mounted, no MTRR support, ...)    */
	IOM_SYS_IN_DENIED,       /* EPERM/EACCES (not root, lockdown, dmesg_restrict)    */
	IOM_SYS_IN_ERROR,        /* any other errno (EIO: MTRRs disabled, ...)           */
	IOM_SYS_IN_UNRECOGNISED, /* loose file whose content matched no reader           */
	IOM_SYS_IN_ZEROED,       /* /proc/iomem read without CAP_SYS_ADMIN: all zeros    */
};
const char *iom_sys_in_status_name(enum iom_sys_in_status s);

struct iom_sys_input {
	char *name;              /* as given, or relative to the root                    */
	enum iom_sys_kind kind;
	enum iom_sys_in_status status;
	int err;                 /* errno for ABSENT/DENIED/ERROR                        */
	unsigned nr_lines, nr_used;
};

/* A place in the inputs: input index into state->inputs, 1-based line (0: whole file). */
struct iom_sys_where {
	int input;
	int line;
};

enum iom_sys_msg_sev { IOM_SYS_MSG_NOTE, IOM_SYS_MSG_WARN, IOM_SYS_MSG_ERROR };

struct iom_sys_msg {
	struct iom_sys_where at;
	enum iom_sys_msg_sev sev;
	char *text;
};

struct iom_sys_mtrr_var {
	int reg;                 /* register number (regNN / dump index)                 */
	uint64_t base, size;     /* bytes; size 0 when only a mask is known and it is odd */
	uint64_t mask;           /* dump only: PHYSMASK address bits                      */
	bool has_mask;
	enum iom_mt type;        /* IOM_MT_NONE for "?" (reserved encoding)              */
	int count;               /* /proc/mtrr count=, -1 in a dump                      */
	struct iom_sys_where at;
};

struct iom_sys_typed_range {   /* fixed ranges of a dump, 6.x "MTRR map" entries      */
	uint64_t start, end;     /* [start, end)                                        */
	enum iom_mt type;
	struct iom_sys_where at;
};

struct iom_sys_resv {          /* one pat_memtype_list line                           */
	uint64_t start, end;     /* [start, end): the list prints exclusive ends (FIELD-a.3)  */
	enum iom_mt type;        /* IOM_MT_NONE for "broken"                             */
	struct iom_sys_where at;
};

struct iom_sys_iomem {
	uint64_t start, end;     /* inclusive end, as printed                            */
	int depth;               /* 2 spaces per level                                   */
	int parent;              /* index or -1                                          */
	char *name;
	struct iom_sys_where at;
};

/* Where a BAR was learnt from (several sources may describe the same BAR). */
enum iom_sys_bar_src { IOM_SYS_BAR_RESOURCE, IOM_SYS_BAR_LSPCI, IOM_SYS_BAR_KLOG, IOM_SYS_BAR_IOMEM };

struct iom_sys_bar {
	char bdf[16];            /* "0000:bb:dd.f"                                        */
	int index;               /* 0-5 BAR, 6 ROM, 7-12 SR-IOV VF BARs, -1 not known      */
	uint64_t start, end;     /* inclusive                                             */
	uint64_t flags;          /* IORESOURCE_* (sysfs only), 0 otherwise                */
	int prefetch, is64;      /* 1, 0, or -1 unknown                                   */
	bool rom, disabled;
	int wc_file;             /* resourceN_wc exists: 1, 0, -1 unknown                 */
	char devclass[48];       /* lspci class text ("VGA compatible controller"), or "" */
	enum iom_sys_bar_src src;
	struct iom_sys_where at;
};

/* Kernel log events. ORDER IOM_EV */
enum iom_sys_ev {
	IOM_EV_PAT_CONFLICT,         /* "conflicting memory types S-E a<->b" (E exclusive) */
	IOM_EV_RESERVE_FAILED,       /* "memtype_reserve failed [mem a-b], track x, req y" */
	IOM_EV_RESERVE_ADDED,        /* debugpat "memtype_reserve added ... ret z"        */
	IOM_EV_MAP_PFN_EXPECTED,     /* "map pfn expected mapping type x for [..], got y"  */
	IOM_EV_MAP_PFN_RAM,          /* "map pfn RAM range req x for [..], got y"         */
	IOM_EV_RAM_PAGES_FAILED,     /* "reserve_ram_pages_type failed"                    */
	IOM_EV_CHANGE_ATTR_FAILED,   /* "ioremap_change_attr failed"                       */
	IOM_EV_FREE_INVALID,         /* "freeing invalid memtype"                          */
	IOM_EV_IOREMAP_ERROR,        /* "ioremap error for S-E, requested 0x%x, got 0x%x"  */
	IOM_EV_IOREMAP_RESV_FAILED,  /* "ioremap (memtype_)reserve(_memtype) failed %d"    */
	IOM_EV_MTRR_NO_MORE,         /* "no more MTRRs available"                         */
	IOM_EV_MTRR_OVERLAPS,        /* "0x..000,0x..000 overlaps existing 0x..,0x.."      */
	IOM_EV_MTRR_TYPE_MISMATCH,   /* "type mismatch for b000,s000 old: x new: y"        */
	IOM_EV_MTRR_BAD_ADD,         /* alignment, width, zero size, invalid type, no WC  */
	IOM_EV_WC_ADD_FAILED,        /* arch_phys_wc_add / [drm] / Xorg WC MTRR failures   */
	IOM_EV_MTRR_INCONSISTENT,    /* "your CPUs had inconsistent ... settings"         */
	IOM_EV_MTRR_FW_BUG,          /* incorrect mask, strange UC under 1M, SYSCFG, ...   */
	IOM_EV_MTRR_LOSING_RAM,      /* "CPU MTRRs don't cover all of memory, losing"      */
	IOM_EV_MTRR_DISABLED,        /* "MTRRs disabled ..." / "MTRR: Disabled"           */
	IOM_EV_PAT_DISABLED,         /* every "x86/PAT: ... disabled/not supported" line  */
	IOM_EV_FRAMEBUFFER,          /* "vesafb|efifb: framebuffer at 0x.., using Nk"      */
	IOM_EV_MTRR_SANITIZER,       /* cleanup.c: "New variable MTRRs", gran/chunk lines  */
	IOM_EV__COUNT,
};
const char *iom_sys_ev_name(enum iom_sys_ev e);

struct iom_sys_event {
	enum iom_sys_ev kind;
	uint64_t start, end;     /* [start, end) when the line names a range, else 0,0   */
	int a, b, c;             /* types (enum iom_mt) or page cache modes, per kind    */
	char *text;              /* the log message (timestamp and prefixes removed)     */
	struct iom_sys_where at;
};

struct iom_sys_e820 {
	uint64_t start, end;     /* [start, end)                                         */
	bool usable;
	struct iom_sys_where at;
};

#define IOM_SYS_UNKNOWN (-1)

struct iom_sys_state {
	struct iom_sys_input *inputs;
	size_t nr_inputs, cap_inputs;
	struct iom_sys_msg *msgs;
	size_t nr_msgs, cap_msgs;

	/* /proc/mtrr */
	bool have_proc_mtrr;     /* read (possibly empty)                                 */
	struct iom_sys_mtrr_var *vars;
	size_t nr_vars, cap_vars;
	/* print_mtrr_state() boot dump (generic.c) */
	bool have_dump;
	int dump_def_type;       /* enum iom_mt or IOM_SYS_UNKNOWN                       */
	int dump_fixed_enabled;  /* 1, 0 or IOM_SYS_UNKNOWN                              */
	int dump_var_enabled;
	int dump_vcnt;           /* number of variable lines incl. "N disabled"          */
	struct iom_sys_where dump_at;
	struct iom_sys_mtrr_var *dvars;
	size_t nr_dvars, cap_dvars;
	struct iom_sys_typed_range *fixed;
	size_t nr_fixed, cap_fixed;
	uint64_t tom2;           /* 0 when not logged                                     */
	/* 6.x "MTRR map: N entries (F fixed + V variable; max M), built from K variable MTRRs" */
	int map_entries, map_vcnt;
	struct iom_sys_where map_at;
	struct iom_sys_typed_range *map;
	size_t nr_map, cap_map;

	/* PAT */
	bool pat_config_known;
	enum iom_mt pat_slots[8];
	struct iom_sys_where pat_at;
	int cpu_pat, cpu_mtrr;   /* cpuinfo flags: 1, 0 or IOM_SYS_UNKNOWN                */
	struct iom_sys_where cpu_at;
	char kernel[64];         /* "Linux version X" from the log, or ""                */

	/* reservations */
	bool have_pat_list;
	int pat_list_format;     /* 1 old "type @ 0xS-0xE", 2 "PAT: [mem ...] type", 0   */
	struct iom_sys_resv *resv;
	size_t nr_resv, cap_resv;

	bool have_iomem, iomem_zeroed;
	struct iom_sys_iomem *iomem;
	size_t nr_iomem, cap_iomem;

	struct iom_sys_bar *bars;
	size_t nr_bars, cap_bars;

	struct iom_sys_event *events;
	size_t nr_events, cap_events;

	struct iom_sys_e820 *e820;
	size_t nr_e820, cap_e820;
};

void iom_sys_state_init(struct iom_sys_state *st);
void iom_sys_state_release(struct iom_sys_state *st);

/* Guess a file's kind from its content (never from its name, except that an empty file
 * whose base name starts with "mtrr" is an empty /proc/mtrr). */
enum iom_sys_kind iom_sys_detect(const char *name, const char *text, size_t len);

/* Register an input and parse it with the reader for kind (IOM_SYS_K_UNKNOWN: detect).
 * Returns the input index, or -IOM_ENOMEM. Bad lines become messages, never failures. */
int iom_sys_add_text(struct iom_sys_state *st, const char *name, enum iom_sys_kind kind,
		     const char *text, size_t len);
/* Record an input that could not be read (err = errno). */
int iom_sys_add_missing(struct iom_sys_state *st, const char *name, enum iom_sys_kind kind,
			int err);

/* Read the standard files of a source: proc/mtrr, proc/iomem, proc/cpuinfo,
 * sys/kernel/debug/x86/pat_memtype_list, sys/bus/pci/devices/ * /resource (+ resourceN_wc
 * presence, by listing the directory only), dmesg. Never fails on a missing file. */
int iom_sys_load(struct iom_sys_state *st, struct iom_sys_source *src);

/* Per-file readers (each one a libFuzzer target). name is the input name used in
 * messages; the input must already be registered as st->inputs[input]. */
void iom_rd_mtrr(struct iom_sys_state *st, int input, const char *text, size_t len);
void iom_rd_pat_memtype_list(struct iom_sys_state *st, int input, const char *text, size_t len);
void iom_rd_iomem(struct iom_sys_state *st, int input, const char *text, size_t len);
void iom_rd_dmesg(struct iom_sys_state *st, int input, const char *text, size_t len);
void iom_rd_lspci(struct iom_sys_state *st, int input, const char *text, size_t len);
/* bdf: "0000:bb:dd.f" the file belongs to, or NULL (then taken from the input name). */
void iom_rd_pci_resource(struct iom_sys_state *st, int input, const char *bdf, const char *text,
			 size_t len);
void iom_rd_cpuinfo(struct iom_sys_state *st, int input, const char *text, size_t len);

/* ---- Capture ----------------------------------------------------------------------------- */

/* Copy the files iom_sys_load() reads from src into the directory outdir (created), as a
 * tree that iom_sys_source_dir() replays, and write outdir/MANIFEST: one line per file,
 * "ok PATH BYTES" or "missing PATH REASON". resourceN / resourceN_wc are recorded as empty
 * placeholder files (their presence matters, their content is never read). Returns 0, or
 * -errno when outdir cannot be written; manifest (may be NULL) receives the MANIFEST text. */
int iom_sys_capture(struct iom_sys_source *src, const char *outdir, struct iom_buf *manifest);

#endif
