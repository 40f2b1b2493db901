/* SPDX-License-Identifier: MIT */
/* iomodel -- the Linux x86 policy model: what a given kernel version does with a driver's
 * ioremap*(), memremap(), set_memory_*(), mmap, mtrr_add()/mtrr_del() and
 * arch_phys_wc_add() calls, on a given CPU and firmware MTRR layout.
 * A struct iom_kernel is one simulated boot: create it, describe RAM and BARs, boot it,
 * then make calls. Every message the kernel would log is recorded (its own text), never
 * printed. Version-dependent behaviour is keyed by the rows of
 * include/iomodel/linux_versions.def; see docs/x86-version-boundaries.md.
 * Borrowed pointers stay valid until iom_kernel_free(). */
#ifndef IOMODEL_LINUX_H
#define IOMODEL_LINUX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "iomodel/kver.h"
#include "iomodel/memtype.h"

/* ---- kernel versions --------------------------------------------------------------- */


/* Behaviour changes, one per row of include/iomodel/linux_versions.def. ORDER IOM_KF */
enum iom_kfeat {
#define KFEAT(id, maj, min, commit, what) IOM_KF_##id,
#include "iomodel/linux_versions.def"
#undef KFEAT
	IOM_KF__COUNT
};
/* Each row's first release as a constant (IOM_KFV_NO_IOREMAP_NOCACHE is 5.6), for tables
 * that bound their own rows by it instead of repeating the number (tables/attrs_x86.def). */
enum iom_kfeat_since {
#define KFEAT(id, maj, min, commit, what) IOM_KFV_##id = IOM_KVER(maj, min),
#include "iomodel/linux_versions.def"
#undef KFEAT
};
struct iom_kfeat_info {
	const char *key;        /* e.g. "PAT_SLOT5_WP"                                   */
	unsigned since;         /* first release with the behaviour                      */
	const char *commit;     /* commit id and title, or the evidence when unpinned    */
	const char *what;       /* one line                                              */
};
const struct iom_kfeat_info *iom_kfeat_info(enum iom_kfeat f);
bool iom_kfeat(unsigned kver, enum iom_kfeat f);

/* ---- CPU and PAT set-up ------------------------------------------------------------ */

enum iom_pat_hw {
	IOM_PAT_ON,         /* PAT-capable CPU, Linux uses PAT                                   */
	IOM_PAT_OFF,        /* PAT-capable CPU, Linux leaves PAT off (nopat, firmware, config):
			     * the MSR keeps its firmware value and Table 11-7 applies          */
	IOM_PAT_ABSENT,     /* CPU without PAT: Table 11-6                                       */
};
const char *iom_pat_hw_name(enum iom_pat_hw p);

struct iom_cpu {
	enum iom_pat_hw pat;
	bool pat_errata;        /* Intel family 6 model <= 0xD or family 0xF model <= 6       */
	uint64_t firmware_pat;  /* IA32_PAT as firmware left it (default: power-on value)     */
	bool mtrr;              /* the CPU has MTRRs and the kernel reads them                 */
	bool wc_broken_chipset; /* have_wrcomb() false (ServerWorks LE rev <= 5, Intel 450NX)  */
};
void iom_cpu_init(struct iom_cpu *c);

/* What Linux set up at boot: the PAT MSR and the cache-mode <-> PTE tables
 * (arch/x86/mm/init.c __cachemode2pte_tbl/__pte2cachemode_tbl). Cache modes are
 * enum iom_mt values WB, WC, UC-, UC, WT, WP. */
struct iom_pat_setup {
	bool enabled;           /* pat_enabled(): tracking and WC through PAT are active      */
	bool hw;                /* the CPU has PAT: effective types use Table 11-7            */
	bool msr_written;       /* Linux programmed IA32_PAT                                   */
	uint64_t msr;           /* IA32_PAT in effect (when hw)                                */
	bool tables_from_msr;   /* the translation tables were built from a PAT value          */
	uint64_t table_pat;     /* ... that value                                              */
	uint64_t cm2pte[IOM_MT__COUNT];   /* 4 KiB PTE cache bits per cache mode               */
	enum iom_mt pte2cm[8];            /* cache mode per PAT index                          */
};
/* Linux's numeric page cache mode (_PAGE_CACHE_MODE_*: WB 0, WC 1, UC- 2, UC 3, WT 4, WP 5),
 * used in "requested 0x%x, got 0x%x" and "track 0x%x". */
unsigned iom_linux_pcm(enum iom_mt mode);
/* The reverse: IOM_MT_NONE for numbers that are not a page cache mode. */
enum iom_mt iom_linux_pcm_mode(unsigned pcm);
/* The cache-mode tables Linux builds from a PAT value (static fallbacks, then slots 7..0 so
 * the lowest slot holding a type wins), without the rest of the set-up. Only cm2pte,
 * pte2cm, tables_from_msr and table_pat are written. Used for a PAT layout read from a
 * boot log; the PAT index a mode selects is iom_pat_index(out->cm2pte[mode], false). */
void iom_linux_pat_tables(uint64_t pat_value, struct iom_pat_setup *out);

/* ---- the simulated kernel ---------------------------------------------------------- */

enum iom_loglevel { IOM_LOG_ERR, IOM_LOG_WARN, IOM_LOG_INFO, IOM_LOG_DEBUG };
struct iom_logline {
	enum iom_loglevel level;
	int call;               /* index of the call that logged it, -1 at boot             */
	const char *text;       /* without trailing newline                                  */
};

enum iom_res_kind { IOM_RES_RAM, IOM_RES_RESERVED, IOM_RES_BAR };
struct iom_resource {
	enum iom_res_kind kind;
	char name[48];
	uint64_t start, end;    /* [start, end)                                              */
	bool prefetchable;
};

enum iom_api {
	IOM_API_IOREMAP, IOM_API_IOREMAP_NOCACHE, IOM_API_IOREMAP_UC, IOM_API_IOREMAP_WC,
	IOM_API_IOREMAP_WT, IOM_API_IOREMAP_CACHE,
	IOM_API_MEMREMAP,       /* flags in struct iom_call.memremap_flags                    */
	IOM_API_SET_MEMORY_UC, IOM_API_SET_MEMORY_WC, IOM_API_SET_MEMORY_WT, IOM_API_SET_MEMORY_WB,
	IOM_API_MMAP_RESOURCE,  /* user mmap of /sys/bus/pci/devices/.../resourceN            */
	IOM_API_MMAP_RESOURCE_WC, /* ... resourceN_wc                                         */
	IOM_API_MMAP_FB,        /* user mmap of /dev/fbN                                      */
	IOM_API__COUNT
};
const char *iom_api_name(enum iom_api a);
int iom_api_parse(const char *s, enum iom_api *out);
/* Does api exist in version v? When not, *why names the row that added or removed it. */
bool iom_api_available(unsigned kver, enum iom_api a, const struct iom_kfeat_info **why,
		       bool *removed);
#define IOM_MEMREMAP_WB 1u
#define IOM_MEMREMAP_WT 2u
#define IOM_MEMREMAP_WC 4u

/* One mapping made by a call. */
struct iom_mapping {
	enum iom_api api;
	uint64_t phys, size;        /* as requested                                          */
	uint64_t map_start, map_end;/* page-aligned range actually mapped / tracked          */
	bool ok;                    /* non-NULL / success                                     */
	int err;                    /* -errno when !ok (as the kernel computed it internally) */
	enum iom_mt req;            /* requested cache mode                                   */
	enum iom_mt got;            /* cache mode in the PTEs (after tracking)                */
	bool tracked;               /* a memtype reservation was made                         */
	bool direct_map;            /* < 4.14 ISA window: the direct map was returned         */
	uint64_t pte;               /* 4 KiB PTE cache bits                                   */
	bool unmapped;              /* iounmap()ed / set_memory_wb()ed since                  */
	unsigned memremap_flags;
};

struct iom_kernel;
struct iom_kernel *iom_kernel_new(unsigned kver, const struct iom_cpu *cpu,
				  const struct iom_mtrr_state *firmware);
void iom_kernel_free(struct iom_kernel *k);
void iom_kernel_set_task(struct iom_kernel *k, const char *comm, int pid);
/* Declare System RAM, reserved ranges and BARs before boot. 0, or -1 when full/invalid. */
int iom_kernel_add_resource(struct iom_kernel *k, const struct iom_resource *r);
/* mtrr_bp_init() and the PAT set-up of that version; logs the boot messages. */
void iom_kernel_boot(struct iom_kernel *k);

unsigned iom_kernel_version(const struct iom_kernel *k);
const struct iom_cpu *iom_kernel_cpu(const struct iom_kernel *k);
const struct iom_pat_setup *iom_kernel_pat(const struct iom_kernel *k);
const struct iom_mtrr_state *iom_kernel_mtrr(const struct iom_kernel *k);
bool iom_kernel_mtrr_enabled(const struct iom_kernel *k);   /* mtrr_enabled()            */
int iom_kernel_mtrr_usage(const struct iom_kernel *k, unsigned reg);
/* Variable MTRRs in use now that were not in use, or held another range, at boot. */
unsigned iom_kernel_mtrr_used(const struct iom_kernel *k);
size_t iom_kernel_nr_resources(const struct iom_kernel *k);
const struct iom_resource *iom_kernel_resource(const struct iom_kernel *k, size_t i);

/* Log access; the index of the next call is set with iom_kernel_begin_call(). */
void iom_kernel_begin_call(struct iom_kernel *k, int call);
size_t iom_kernel_nr_log(const struct iom_kernel *k);
const struct iom_logline *iom_kernel_log(const struct iom_kernel *k, size_t i);

/* ---- the calls ---------------------------------------------------------------------- */

/* ioremap family, memremap, set_memory_* (phys = the RAM page's physical address,
 * size = bytes), user mmap of resourceN[_wc] and /dev/fbN. Fills *m (also on failure)
 * and returns a mapping handle >= 0, or -1 when the call returned NULL / an error
 * (m->err holds the errno). An API that does not exist in this version (see
 * iom_api_available()) is refused with -ENOSYS and no handle. */
int iom_k_map(struct iom_kernel *k, enum iom_api api, uint64_t phys, uint64_t size,
	      unsigned memremap_flags, struct iom_mapping *m);
/* iounmap()/memunmap()/set_memory_wb()/munmap of a handle. 0 or -errno. */
int iom_k_unmap(struct iom_kernel *k, int handle);
const struct iom_mapping *iom_k_mapping(const struct iom_kernel *k, int handle);
size_t iom_k_nr_mappings(const struct iom_kernel *k);

/* mtrr_add()/mtrr_del() (byte addresses) and their page variants. Register index or -errno. */
int iom_k_mtrr_add(struct iom_kernel *k, uint64_t base, uint64_t size, unsigned type, bool increment);
int iom_k_mtrr_add_page(struct iom_kernel *k, uint64_t base_pfn, uint64_t size_pfn, unsigned type,
			bool increment);
int iom_k_mtrr_del(struct iom_kernel *k, int reg, uint64_t base, uint64_t size);
int iom_k_arch_phys_wc_add(struct iom_kernel *k, uint64_t base, uint64_t size);
void iom_k_arch_phys_wc_del(struct iom_kernel *k, int handle);
int iom_k_arch_phys_wc_index(const struct iom_kernel *k, int handle);

/* mtrr_type_lookup(start, end, &uniform), [start, end): the 4.2-6.4 scan or the 6.5+ map,
 * by version. Returns the MTRR encoding (0xFF = MTRR_TYPE_INVALID); *uniform is left
 * untouched where the kernel leaves it untouched. */
unsigned iom_k_mtrr_type_lookup(const struct iom_kernel *k, uint64_t start, uint64_t end,
				int *uniform);
/* reserve_memtype()/memtype_reserve() and free_memtype(). new_type NULL = strict. 0/-errno. */
int iom_k_reserve_memtype(struct iom_kernel *k, uint64_t start, uint64_t end, enum iom_mt req,
			  enum iom_mt *new_type);
int iom_k_free_memtype(struct iom_kernel *k, uint64_t start, uint64_t end);
/* pat_x_mtrr_type(): a WB request becomes UC- unless the MTRR lookup says exactly WB. */
enum iom_mt iom_k_pat_x_mtrr_type(const struct iom_kernel *k, uint64_t start, uint64_t end,
				  enum iom_mt req);
/* is_new_memtype_allowed() (asm/pgtable.h, unchanged 4.2..6.12). */
bool iom_linux_new_memtype_allowed(uint64_t start, uint64_t size, enum iom_mt req, enum iom_mt got);

/* Tracked reservations (the memtype tree), in start order, as pat_memtype_list shows. */
struct iom_memtype_node {
	uint64_t start, end;
	enum iom_mt type;
};
size_t iom_k_nr_memtypes(const struct iom_kernel *k);
const struct iom_memtype_node *iom_k_memtype(const struct iom_kernel *k, size_t i);

/* ---- page-level result ------------------------------------------------------------- */

/* One sub-range of a mapping with a single MTRR type and effective type. */
struct iom_kpiece {
	uint64_t start, end;
	enum iom_mt mtrr;           /* hardware MTRR type (IOM_MT_NONE when undefined)         */
	bool mtrr_undefined;        /* SDM-undefined overlap; see undef_a/undef_b              */
	enum iom_mt undef_a, undef_b;
	unsigned pat_index;         /* PAT index selected by the PTE bits                      */
	enum iom_mt pat_entry;      /* type in that PAT entry (IOM_MT_NONE without PAT hw)     */
	struct iom_eff eff;         /* effective type and the table cell that decided it      */
};
/* Resolve [start, end) under the given PTE cache bits (4 KiB form) into pieces by
 * interval arithmetic. Returns the number of pieces (may exceed max), or -1. */
long iom_k_resolve(const struct iom_kernel *k, uint64_t start, uint64_t end, uint64_t pte,
		   struct iom_kpiece *out, size_t max);
/* The whole state over [start, end): pieces of equal MTRR type and tracked reservation,
 * with the effective type a mapping of that reservation's cache mode gets (IOM_MT_NONE
 * where nothing is tracked). Sweeps the MTRR breakpoints and the memtype tree once. */
struct iom_kmap_piece {
	uint64_t start, end;
	enum iom_mt mtrr;
	bool mtrr_undefined;
	enum iom_mt tracked;        /* IOM_MT_NONE: no reservation                             */
	struct iom_eff eff;         /* under tracked's PTE bits; type NONE when untracked       */
};
/* Returns the number of pieces (may exceed max), or -1. */
long iom_k_resolve_map(const struct iom_kernel *k, uint64_t start, uint64_t end,
		       struct iom_kmap_piece *out, size_t max);

/* The effective type for PTE bits over one MTRR type, on this kernel's CPU/PAT set-up. */
struct iom_eff iom_k_effective(const struct iom_kernel *k, enum iom_mt mtrr, uint64_t pte,
			       unsigned *pat_index, enum iom_mt *pat_entry);

/* Stand-alone: the PAT set-up of version v on cpu, with the boot messages appended to
 * a caller-supplied callback (may be NULL). Used by the auditor to ask "what would this
 * kernel have programmed". */
void iom_linux_pat_setup(unsigned kver, const struct iom_cpu *cpu, bool mtrr_enabled,
			 struct iom_pat_setup *out,
			 void (*log)(void *ctx, enum iom_loglevel lvl, const char *text), void *ctx);

/* ---- MTRR sanitizer ---------------------------------------------------------------- */

/* mtrr_cleanup() (arch/x86/kernel/cpu/mtrr/cleanup.c@v6.12, CONFIG_MTRR_SANITIZER, run at
 * boot when "enable_mtrr_cleanup" is given or CONFIG_MTRR_SANITIZER_ENABLE_DEFAULT=1):
 * re-express a firmware layout made only of WB and UC variable MTRRs (default type UC) as
 * the fewest registers that keep exactly the same RAM write-back, leaving spare registers
 * free for drivers. A pure function of the register state and the boot options; the
 * caller decides whether the cleanup is enabled. Nothing is logged or printed. */

#define IOM_MTRR_CLEANUP_NR_CAND 136 /* gran 64K..2G x chunk gran..2G (NUM_RESULT)      */

struct iom_mtrr_cleanup_opts {
	unsigned spare;         /* mtrr_spare_reg_nr= (Kconfig default 1); >= vcnt acts as
				 * vcnt - 1, as mtrr_search_optimal_index() clamps it         */
	uint64_t gran_size;     /* mtrr_gran_size=, bytes; 0 = not given                      */
	uint64_t chunk_size;    /* mtrr_chunk_size=, bytes; 0 = the default 256 MiB. The pair
				 * is tried first only when gran_size is given                 */
	uint64_t tom2;          /* AMD mtrr_tom2 in bytes (>= 4 GiB) when SYSCFG forces
				 * [4 GiB, TOM2) WB; 0 = not an AMD TOM2 system                 */
};
/* spare 1, nothing else given. */
void iom_mtrr_cleanup_opts_init(struct iom_mtrr_cleanup_opts *o);

enum iom_mtrr_cleanup_status {
	IOM_MTRR_CLEANUP_APPLIED,        /* a layout was chosen and written to result.state   */
	IOM_MTRR_CLEANUP_NO_OPTIMUM,     /* searched, nothing qualified ("mtrr_cleanup: can
					  * not find optimal value"); the kernel then prints
					  * every row of result.cand                           */
	IOM_MTRR_CLEANUP_MTRR_DISABLED,  /* DEF_TYPE.E = 0: mtrr_bp_init() never calls it     */
	IOM_MTRR_CLEANUP_DEFAULT_NOT_UC, /* default type is not UC                             */
	IOM_MTRR_CLEANUP_NO_UC_REG,      /* no UC variable register                            */
	IOM_MTRR_CLEANUP_OTHER_TYPE,     /* a used register is WC, WT, WP or a reserved type   */
};
/* "applied", "no-optimum", "mtrr-disabled", "default-not-uc", "no-uc-register",
 * "other-type"; "?" otherwise. */
const char *iom_mtrr_cleanup_status_name(enum iom_mtrr_cleanup_status s);

/* One (gran, chunk) trial: one row of the kernel's "gran_size: ... chunk_size: ..." table. */
struct iom_mtrr_cleanup_cand {
	uint64_t gran, chunk;   /* bytes                                                     */
	unsigned num_reg;       /* variable registers the layout needs (at most vcnt)       */
	uint64_t lose;          /* bytes of RAM no longer WB; when bad and the layout covers
				 * more than before, the excess (printed with a '-')        */
	bool bad;               /* covers more than before, or the same amount differently  */
};

struct iom_mtrr_cleanup_reg {
	uint64_t base, size;    /* bytes                                                     */
	enum iom_mt type;       /* WB or UC                                                  */
};

struct iom_mtrr_cleanup_result {
	enum iom_mtrr_cleanup_status status;
	int reg;                /* OTHER_TYPE: the lowest register that is not WB/UC; else -1 */
	uint64_t covered;       /* "total RAM covered" (bytes WB before), once it ran       */
	uint64_t uc_below_1m[IOM_MTRR_MAX_VAR / 64]; /* UC/WP registers starting below 1 MiB
				 * with fixed ranges on: "BIOS bug ... strange UC entry under
				 * 1M" (clipped to 1 MiB)                                     */
	bool pair_tried;        /* the gran/chunk options were evaluated first ...          */
	struct iom_mtrr_cleanup_cand pair;    /* ... with this result                       */
	size_t nr_cand;         /* IOM_MTRR_CLEANUP_NR_CAND when the search ran, else 0     */
	struct iom_mtrr_cleanup_cand cand[IOM_MTRR_CLEANUP_NR_CAND]; /* gran-major order     */
	int chosen;             /* APPLIED by the search: index into cand; -1 otherwise     */
	/* APPLIED only: */
	uint64_t gran, chunk;   /* the sizes used                                            */
	unsigned num_reg;       /* registers written; layout[0 .. num_reg)                   */
	uint64_t lose;          /* 0 from the search; a given pair is applied even when lossy */
	struct iom_mtrr_cleanup_reg layout[IOM_MTRR_MAX_VAR];
	struct iom_mtrr_state state; /* the input with registers 0..vcnt-1 rewritten as
				 * set_var_mtrr() encodes them (unused ones cleared); a copy
				 * of the input when not APPLIED                               */
};
/* Run the sanitizer on in (o NULL = defaults). Returns 0 with *out filled (see
 * out->status), or -1 when an option is invalid: gran_size or chunk_size not a power of
 * two in [4 KiB, 4 PiB], or tom2 not a multiple of 4 KiB at or above 4 GiB.
 * out is large (about 16 KiB); allocate it accordingly. */
int iom_linux_mtrr_cleanup(const struct iom_mtrr_state *in, const struct iom_mtrr_cleanup_opts *o,
			   struct iom_mtrr_cleanup_result *out);

#endif
