/* SPDX-License-Identifier: MIT */
/* iomodel -- private scenario structures (lib/scenario only). */
#ifndef IOMODEL_SCN_H
#define IOMODEL_SCN_H

#include "internal.h"
#include "iomodel/scenario.h"

#define SCN_NAME 48
#define SCN_MAXARG 4

enum arg_kind { ARG_NUM, ARG_NAME };
struct scn_arg {
	enum arg_kind kind;
	int64_t num;
	char name[SCN_NAME];
	int line, col;
};

enum fn {
	FN_MAP,             /* ioremap family, memremap, set_memory_*, mmap_*: api below   */
	FN_UNMAP,           /* iounmap / memunmap / munmap                                 */
	FN_MTRR_ADD, FN_MTRR_ADD_PAGE, FN_MTRR_DEL,
	FN_WC_ADD, FN_WC_DEL, FN_WC_INDEX,
	FN_TYPE_LOOKUP,
	FN_RESERVE, FN_FREE,
};

struct scn_call {
	char var[SCN_NAME];         /* "" when the result is not named                      */
	enum fn fn;
	enum iom_api api;
	const char *fname;          /* as written                                           */
	int fcol;                   /* column of the function name                          */
	struct scn_arg args[SCN_MAXARG];
	int nargs;
	unsigned memremap_flags;
};

enum exp_kind {
	EX_EFF,             /* expect NAME[slice] TYPE                                      */
	EX_VALUE,           /* expect NAME = VALUE | NULL | ok | TYPE                       */
	EX_TRACKED,         /* expect NAME tracked TYPE                                     */
	EX_PTE,             /* expect NAME pte BITS                                         */
	EX_UNIFORM,         /* expect NAME uniform 0|1                                      */
	EX_MTRR_USED,       /* expect mtrr-used N                                           */
	EX_MEMTYPES,        /* expect memtypes N                                            */
	EX_LOG, EX_NOLOG,   /* expect log "text" / expect no-log "text"                     */
};
enum val_kind { VAL_INT, VAL_NULL, VAL_OK, VAL_TYPE, VAL_INVALID };

struct scn_expect {
	enum exp_kind kind;
	char var[SCN_NAME];
	bool slice;
	uint64_t lo, hi;            /* offsets into the mapping; hi_open = to the end        */
	bool hi_open;
	enum iom_mt type;
	bool undefined;             /* expect ... undefined (SDM-undefined MTRR overlap)     */
	enum val_kind vkind;
	int64_t value;
	char text[200];
	int when_pat;               /* -1 any, else enum iom_pat_hw                          */
	unsigned when_kmin, when_kmax; /* [kmin, kmax), 0 = unbounded                        */
};

enum stmt_kind { STMT_CALL, STMT_EXPECT };
struct scn_stmt {
	enum stmt_kind kind;
	int line;
	char src[160];              /* the statement as written (trimmed)                    */
	union {
		struct scn_call call;
		struct scn_expect exp;
	} u;
};

struct iom_scn {
	char name[200];
	unsigned kernel;
	bool have_kernel;
	struct iom_cpu cpu;
	struct iom_mtrr_state mtrr;
	unsigned next_var;          /* next variable register for "mtrr BASE SIZE TYPE"      */
	char comm[32];
	int pid;
	struct iom_resource *res;
	size_t nr_res;
	struct scn_stmt *stmts;
	size_t nr_stmts;
};

#endif
