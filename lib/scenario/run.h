/* SPDX-License-Identifier: MIT */
/* iomodel -- private result of a scenario run (lib/scenario only). */
#ifndef IOMODEL_SCN_RUN_H
#define IOMODEL_SCN_RUN_H

#include "iomodel/scenario.h"

struct call_rec {
	int line;
	char src[160];
	char var[48];
	bool is_map, ok, is_type, is_void;
	int handle;
	size_t map_index;       /* index in iom_k_mapping() (also for failed maps)       */
	int64_t value;          /* return value, -errno, or MTRR type encoding           */
	int uniform;            /* mtrr_type_lookup(): -1 = left unwritten               */
	enum iom_mt new_type;   /* reserve_memtype()                                     */
};

struct exp_rec {
	int line;
	char src[160];
	bool ok, skipped;
	char detail[240];
};

struct iom_scn_result {
	char file[200];
	unsigned kernel;
	enum iom_pat_hw pat;
	struct iom_kernel *k;
	struct call_rec *calls;
	size_t nr_calls;
	struct exp_rec *exps;
	size_t nr_exps;
	unsigned passed, failed;
};

#endif
