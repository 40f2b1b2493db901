/* SPDX-License-Identifier: MIT */
/* iomodel -- private state of a simulated Linux x86 boot (lib/linux only). */
#ifndef IOMODEL_LINUX_KERNEL_H
#define IOMODEL_LINUX_KERNEL_H

#include "internal.h"
#include "iomodel/linux.h"

#define K_PAGE 0x1000ULL
#define K_ISA_START 0xA0000ULL
#define K_ISA_END 0x100000ULL

struct ram_type { /* a run of RAM pages whose memtype flag is not WB */
	uint64_t start, end;
	enum iom_mt type;
};

struct iom_kernel {
	unsigned ver;
	struct iom_cpu cpu;
	struct iom_mtrr_state mtrr;      /* current registers                               */
	struct iom_mtrr_state boot_mtrr; /* as firmware left them                           */
	bool mtrr_state_set;             /* the MTRR state was read (CPU has MTRRs)         */
	bool mtrr_on;                    /* mtrr_enabled()                                  */
	int usage[IOM_MTRR_MAX_VAR];     /* mtrr_usage_table                                */
	struct iom_pat_setup pat;
	bool booted;
	char comm[32];
	int pid;
	int call;

	struct iom_resource *res;
	size_t nr_res, alloc_res;
	struct iom_memtype_node *nodes;  /* sorted by start, then insertion                 */
	size_t nr_nodes, alloc_nodes;
	struct ram_type *ramt;
	size_t nr_ramt, alloc_ramt;
	struct iom_mapping *maps;
	size_t nr_maps, alloc_maps;
	struct iom_logline *log;
	size_t nr_log, alloc_log;
	bool warned_ram_once, warned_bars_once, warned_ram_uc_once;
};

void k_log(struct iom_kernel *k, enum iom_loglevel lvl, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool k_has(const struct iom_kernel *k, enum iom_kfeat f);
/* 1 all RAM, 0 no RAM, -1 mixed, over [start, end) (System RAM resources only). */
int k_range_is_ram(const struct iom_kernel *k, uint64_t start, uint64_t end);
/* pat_pagerange_is_ram(): like k_range_is_ram() with the first MiB counted as non-RAM. */
int k_pagerange_is_ram(const struct iom_kernel *k, uint64_t start, uint64_t end);
/* lookup_memtype(): the tracked type of the page at paddr (PAT enabled only). */
enum iom_mt k_lookup_memtype(const struct iom_kernel *k, uint64_t paddr);
/* Linux check_type_overlap()/get_effective_type() on two MTRR encodings. */
unsigned k_mtrr_fold(unsigned a, unsigned b);
/* The Linux-visible type of an MTRR piece: SDM-undefined overlaps folded to UC. */
unsigned k_piece_linux_type(const struct iom_mtrr_piece *p);
/* "mtrr: " before the main.c -> mtrr.c rename, "" after (MTRR_MSG_NO_PREFIX). */
const char *k_mtrr_prefix(const struct iom_kernel *k);
void *k_grow(void *arr, size_t *alloc, size_t need, size_t elem);

#endif
