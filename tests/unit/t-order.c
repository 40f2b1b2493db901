// SPDX-License-Identifier: MIT
/* t-order -- the ordering rule tables (include/iomodel/order.h) against an oracle written
 * here from ORD-4.1 to ORD-4.4, ORD-7 and the seed article, independently of
 * tables/order_*.def: one case per row at least, each naming the row that must decide it
 * and the verdict it must give. A coverage check then proves that every row of every
 * .def file is the deciding row of some case, so a wrong, missing or shadowed row breaks a
 * test. Also: lookup chains per model, version ranges, --flip-rule, classification,
 * event parsing, the quick answer text and the article-shaped tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/order.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define V(a, b) IOM_KVER(a, b)
#define X86 IOM_ARCH_X86
#define A64 IOM_ARCH_ARM64
#define PPC IOM_ARCH_POWERPC
#define RV IOM_ARCH_RISCV
#define KER IOM_LIT_MODEL_KERNEL
#define ART IOM_LIT_MODEL_ARTICLE
#define POR IOM_LIT_MODEL_PORTABLE
#define HELD IOM_ORD_F_HELD
#define LKB IOM_ORD_F_LOCK_BETWEEN
#define SAME 0x100  /* the two memory accesses use the same location */

struct ocase {
	enum iom_arch arch;
	enum iom_lit_model model;
	unsigned kver;
	const char *e1, *fence, *e2;  /* e2 NULL: FLUSH case on e1 */
	unsigned flags;
	int ordered;                  /* PAIR/FENCE: ordered; FLUSH: ends combining */
	const char *rule;             /* deciding row; NULL = no row (default unordered) */
};

/* clang-format off */
static const struct ocase cases[] = {
	/* x86: ORD-4.1 x86, ORD-4.2 x86 columns, ORD-4.3, ORD-4.4; ART x86 tables */
	{ X86, KER, V(6,12), "outb:dev0", NULL, "WRITE_ONCE", 0, 1, "X86-PIO1" },
	{ X86, KER, V(6,12), "WRITE_ONCE", NULL, "inb:dev0", 0, 1, "X86-PIO2" },
	{ X86, KER, V(6,12), "writel_relaxed@wc", NULL, "spin_lock", 0, 1, "X86-LOCK1" },
	{ X86, KER, V(6,12), "spin_lock", NULL, "writel_relaxed@wc", 0, 1, "X86-LOCK2" },
	{ X86, KER, V(6,12), "writel@wc", NULL, "spin_unlock", HELD, 0, "X86-UNL-WC" },
	{ X86, KER, V(4,8),  "writel_relaxed@uc", NULL, "spin_unlock", HELD, 1, "X86-UNL" },
	{ X86, KER, V(6,12), "spin_unlock", NULL, "WRITE_ONCE", 0, 1, "X86-UNL-ST" },
	{ X86, KER, V(6,12), "spin_unlock", NULL, "READ_ONCE", 0, 0, NULL },           /* store -> load */
	{ X86, KER, V(6,12), "spin_unlock", NULL, "readl@uc", 0, 1, "X86-UNL-UC" },
	{ X86, KER, V(6,12), "spin_unlock", NULL, "writel@wc", 0, 0, NULL },
	{ X86, KER, V(6,12), "readl_relaxed@uc:dev0", NULL, "writel@wc:dev1", 0, 1, "X86-MM-UC1" },
	{ X86, KER, V(6,12), "writel@wc:dev0", NULL, "readl@uc:dev1", 0, 1, "X86-MM-UC2" },
	{ X86, KER, V(6,12), "writel@wc:dev0+0", NULL, "writel@wc:dev0+4", 0, 0, "X86-MM-WC" },
	{ X86, KER, V(6,12), "readl@uc", NULL, "WRITE_ONCE", 0, 1, "X86-MP-UC1" },
	{ X86, KER, V(6,12), "READ_ONCE", NULL, "writel_relaxed@uc", 0, 1, "X86-MP-UC2" },
	{ X86, KER, V(6,12), "writel@wc", NULL, "WRITE_ONCE", 0, 0, "X86-MP-WC1" },
	{ X86, KER, V(6,12), "WRITE_ONCE", NULL, "writel@wc", 0, 0, "X86-MP-WC2" },
	{ X86, KER, V(6,12), "WRITE_ONCE", NULL, "READ_ONCE", 0, 0, "X86-PP-WR" },
	{ X86, KER, V(6,12), "WRITE_ONCE", NULL, "READ_ONCE", SAME, 1, "X86-PP" },
	{ X86, KER, V(6,12), "READ_ONCE", NULL, "WRITE_ONCE", 0, 1, "X86-PP" },
	{ X86, KER, V(6,12), "writel@wc", "smp_mb", "READ_ONCE", 0, 1, "X86-F-MB" },
	{ X86, KER, V(6,12), "readl_relaxed@wc:dev0+0", "rmb", "readl_relaxed@wc:dev0+4", 0, 1, "X86-F-RMB" },
	{ X86, KER, V(6,12), "writel_relaxed@wc", "wmb", "WRITE_ONCE", 0, 1, "X86-F-WMB" },
	{ X86, KER, V(4,8),  "writel@wc", "mmiowb", "spin_unlock", HELD, 0, "X86-F-MMIOWB" },
	{ X86, KER, V(6,12), "writel@wc:dev0+0", "dma_wmb", "writel@wc:dev0+4", 0, 0, "X86-F-CC" },
	{ X86, KER, V(6,12), "wmb", NULL, NULL, 0, 1, "X86-FL-FENCE" },
	{ X86, KER, V(6,12), "spin_lock", NULL, NULL, 0, 1, "X86-FL-FENCE" },
	{ X86, KER, V(6,12), "io_stop_wc", NULL, NULL, 0, 0, NULL },
	/* arm64: ORD-4.1 arm64 rules 1-3, ART arm64 table and lower-right cell, ORD-4.3 to ORD-4.4 */
	{ A64, KER, V(6,12), "spin_lock", NULL, "readl_relaxed@wc", 0, 1, "A64-LOCK" },
	{ A64, KER, V(6,12), "smp_load_acquire", NULL, "writel_relaxed@uc", 0, 1, "A64-ACQ" },
	{ A64, KER, V(4,8),  "writel_relaxed@wc", NULL, "spin_unlock", HELD, 1, "A64-UNL" },
	{ A64, KER, V(6,12), "readl_relaxed@uc", NULL, "smp_store_release", 0, 1, "A64-REL" },
	{ A64, KER, V(6,12), "writel_relaxed@uc:dev0+0", NULL, "readl_relaxed@uc:dev0+4", 0, 1, "A64-MM-DEV" },
	{ A64, KER, V(6,12), "writel_relaxed@uc:dev0", NULL, "writel_relaxed@uc:dev1", 0, 0, NULL },
	{ A64, KER, V(6,12), "readl@uc", NULL, "WRITE_ONCE", 0, 1, "A64-NRR" },
	{ A64, KER, V(6,12), "WRITE_ONCE", NULL, "writel@uc", 0, 1, "A64-NRW" },
	{ A64, KER, V(6,12), "writel@uc:dev0", NULL, "readl@uc:dev1", 0, 0, NULL },      /* TSO W->R */
	{ A64, KER, V(6,12), "writel@uc", NULL, "WRITE_ONCE", 0, 0, NULL },             /* ART: Unordered */
	{ A64, KER, V(6,12), "READ_ONCE", NULL, "readl@uc", 0, 0, NULL },               /* departure from TSO */
	{ A64, KER, V(6,12), "writel_relaxed:dev0", "mb", "readl_relaxed:dev1", 0, 1, "A64-F-MB" },
	{ A64, KER, V(6,12), "readl_relaxed:dev0", "dma_rmb", "writel_relaxed:dev1", 0, 1, "A64-F-RMB" },
	{ A64, KER, V(4,8),  "writel_relaxed:dev0", "wmb", "writel_relaxed:dev1", 0, 1, "A64-F-WMB" },
	{ A64, KER, V(6,12), "WRITE_ONCE", "smp_mb", "READ_ONCE", 0, 1, "A64-F-SMPMB" },
	{ A64, KER, V(6,12), "writel_relaxed:dev0", "smp_mb", "writel_relaxed:dev1", 0, 0, NULL },
	{ A64, KER, V(6,12), "READ_ONCE", "smp_rmb", "WRITE_ONCE", 0, 1, "A64-F-SMPRMB" },
	{ A64, KER, V(6,12), "WRITE_ONCE", "smp_wmb", "WRITE_ONCE", 0, 1, "A64-F-SMPWMB" },
	{ A64, KER, V(4,8),  "writel_relaxed:dev0", "mmiowb", "writel_relaxed:dev1", 0, 0, "A64-F-MMIOWB" },
	{ A64, KER, V(6,12), "mb", NULL, NULL, 0, 1, "A64-FL-MB" },
	{ A64, KER, V(4,8),  "writel@uc", NULL, NULL, 0, 1, "A64-FL-NRW-DSB" },
	{ A64, KER, V(5,4),  "writel@uc", NULL, NULL, 0, 0, NULL },
	{ A64, KER, V(5,17), "io_stop_wc", NULL, NULL, 0, 1, "A64-FL-STOPWC" },
	/* powerpc: ORD-4.1 powerpc rules, ORD-4.2, ORD-4.4 (io_sync / pending), ORD-7 items 9-10 */
	{ PPC, KER, V(6,12), "spin_lock", NULL, "__raw_writel", 0, 1, "PPC-LOCK" },
	{ PPC, KER, V(6,12), "__raw_writel:dev0", NULL, "writel_relaxed:dev1", 0, 1, "PPC-NR1" },
	{ PPC, KER, V(6,12), "readl_relaxed:dev0", NULL, "__raw_writel:dev1", 0, 1, "PPC-NR2" },
	{ PPC, KER, V(6,12), "writesl:dev0", NULL, "__raw_writel:dev1", 0, 1, "PPC-STRW" },
	{ PPC, KER, V(6,12), "memcpy_toio:dev0", NULL, "__raw_writel:dev1", 0, 1, "PPC-STRW" },
	{ PPC, KER, V(6,12), "__raw_writel:dev0+0", NULL, "__raw_writel:dev0+4", 0, 0, NULL },
	{ PPC, KER, V(4,8),  "writel", NULL, "spin_unlock", 0, 1, "PPC-UNL-A" },
	{ PPC, KER, V(4,8),  "writel", NULL, "spin_unlock", HELD | LKB, 0, "PPC-UNL-MM" },
	{ PPC, KER, V(6,12), "writel_relaxed", NULL, "spin_unlock", HELD, 1, "PPC-UNL-B" },
	{ PPC, KER, V(6,12), "writel", NULL, "spin_unlock", LKB, 0, "PPC-UNL-MM" },
	{ PPC, KER, V(6,12), "__raw_writel", NULL, "spin_unlock", HELD, 0, "PPC-UNL-MM" },
	{ PPC, KER, V(6,12), "writel", NULL, "smp_store_release", 0, 0, "PPC-UNL-MM" },
	{ PPC, KER, V(6,12), "writel", NULL, "WRITE_ONCE", 0, 0, "PPC-NRW-P" },
	{ PPC, KER, V(6,12), "WRITE_ONCE", NULL, "smp_store_release", 0, 1, "PPC-UNL-P" },
	{ PPC, KER, V(6,12), "smp_load_acquire", NULL, "READ_ONCE", 0, 1, "PPC-ACQ" },
	{ PPC, KER, V(6,12), "__raw_writel:dev0", "wmb", "__raw_writel:dev1", 0, 1, "PPC-F-SYNC" },
	{ PPC, KER, V(4,8),  "__raw_writel:dev0", "mmiowb", "__raw_writel:dev1", 0, 1, "PPC-F-SYNC" },
	{ PPC, KER, V(6,12), "WRITE_ONCE", "smp_wmb", "READ_ONCE", 0, 0, "PPC-F-LWWR" },
	{ PPC, KER, V(6,12), "READ_ONCE", "dma_rmb", "WRITE_ONCE", 0, 1, "PPC-F-LW" },
	{ PPC, KER, V(6,12), "__raw_writel:dev0", "smp_wmb", "__raw_writel:dev1", 0, 0, NULL },
	{ PPC, KER, V(6,12), "__raw_writel:dev0+0", "iobarrier_rw", "__raw_writel:dev0+4", 0, 1, "PPC-F-EIEIO" },
	{ PPC, KER, V(6,12), "writel@wc", NULL, NULL, 0, 1, "PPC-FL-SYNC" },
	{ PPC, KER, V(6,12), "__raw_writel@wc", NULL, NULL, 0, 0, NULL },
	/* riscv: ORD-4.1 riscv, ORD-4.2 riscv column, ORD-4.3 riscv, ORD-4.4, version boundaries 9/9a */
	{ RV,  KER, V(6,12), "writel_relaxed:dev0", NULL, "readl_relaxed:dev1", 0, 1, "RV-MM" },
	{ RV,  KER, V(6,12), "spin_lock", NULL, "writel_relaxed", 0, 1, "RV-LOCK" },
	{ RV,  KER, V(6,12), "writesl", NULL, "spin_unlock", HELD, 1, "RV-UNL-B" },
	{ RV,  KER, V(6,12), "writel_relaxed", NULL, "spin_unlock", HELD, 0, NULL },
	{ RV,  KER, V(6,12), "memcpy_toio", NULL, "spin_unlock", HELD, 0, NULL },
	{ RV,  KER, V(5,1),  "writel", NULL, "spin_unlock", HELD, 0, NULL },
	{ RV,  KER, V(6,12), "READ_ONCE", NULL, "spin_unlock", 0, 1, "RV-UNL-P" },
	{ RV,  KER, V(6,12), "smp_load_acquire", NULL, "WRITE_ONCE", 0, 1, "RV-ACQ" },
	{ RV,  KER, V(6,12), "readl", NULL, "READ_ONCE", 0, 1, "RV-NRR" },
	{ RV,  KER, V(6,12), "readl", NULL, "WRITE_ONCE", 0, 0, NULL },
	{ RV,  KER, V(6,12), "WRITE_ONCE", NULL, "outl", 0, 1, "RV-NRW" },
	{ RV,  KER, V(6,12), "spin_unlock", NULL, "writel", 0, 1, "RV-NRW" },          /* fence w,o */
	{ RV,  KER, V(6,12), "readl", NULL, "spin_trylock", 0, 1, "RV-NRR" },         /* fence i,r */
	{ RV,  KER, V(6,12), "writel_relaxed", "mb", "READ_ONCE", 0, 1, "RV-F-MB" },
	{ RV,  KER, V(6,12), "readl_relaxed", "rmb", "READ_ONCE", 0, 1, "RV-F-RMB" },
	{ RV,  KER, V(6,12), "WRITE_ONCE", "dma_wmb", "writel_relaxed", 0, 1, "RV-F-WMB" },
	{ RV,  KER, V(6,12), "WRITE_ONCE", "smp_mb", "READ_ONCE", 0, 1, "RV-F-SMPMB" },
	{ RV,  KER, V(6,12), "READ_ONCE", "smp_rmb", "READ_ONCE", 0, 1, "RV-F-SMPRMB" },
	{ RV,  KER, V(6,12), "WRITE_ONCE", "smp_wmb", "WRITE_ONCE", 0, 1, "RV-F-SMPWMB" },
	{ RV,  KER, V(5,1),  "writel_relaxed", "mmiowb", "spin_unlock", HELD, 1, "RV-F-MMIOWB" },
	/* generic rows */
	{ A64, KER, V(6,12), "writel_relaxed@wc:dev0+8", NULL, "readl_relaxed@wc:dev0+8", 0, 1, "GEN-SA" },
	{ A64, KER, V(6,12), "WRITE_ONCE", NULL, "READ_ONCE", SAME, 1, "GEN-SL" },
	{ A64, POR, V(6,12), "writel_relaxed@wc:dev0+8", NULL, "writel_relaxed@wc:dev0+8", 0, 1, "GEN-SA" },
	/* portable: ORD-4.1 portable rows, ORD-4.2 to ORD-4.4 portable columns, ORD-6 n/d = allowed */
	{ X86, POR, V(4,8),  "outb:dev0", NULL, "inb:dev1", 0, 1, "PORT-PIO-A" },
	{ X86, POR, V(4,8),  "writel:dev0", NULL, "readl:dev1", 0, 1, "PORT-NR-A" },
	{ X86, POR, V(6,12), "writel:dev0", NULL, "readl:dev1", 0, 0, NULL },
	{ A64, POR, V(6,12), "writel_relaxed:dev0+0", NULL, "readl_relaxed:dev0+4", 0, 1, "PORT-DEV" },
	/* memory-barriers.txt@v6.12: writesX()/readsX() (and outsX/insX) have the relaxed
	 * accessors' guarantees, so same-peripheral program order, from the v5.2 rewrite on;
	 * memcpy_toio() to the default ioremap() mapping keeps its place among the accesses to
	 * that mapping in era B (device-io.rst@6.12 l.310: no reordering of accesses to an
	 * ioremap() mapping), and nothing orders it in era A or against another device */
	{ A64, POR, V(6,12), "writesl:dev0+0", NULL, "writel:dev0+4", 0, 1, "PORT-DEV-STR" },
	{ A64, POR, V(5,1),  "writesl:dev0+0", NULL, "writel:dev0+4", 0, 0, NULL },
	{ X86, POR, V(6,12), "readl:dev0+0", NULL, "insl:dev0+4", 0, 1, "PORT-DEV-STR" },
	{ A64, POR, V(6,12), "writesl:dev0+0", NULL, "writel:dev1+4", 0, 0, NULL },
	{ A64, POR, V(6,12), "memcpy_toio:dev0+0", NULL, "writel:dev0+4", 0, 1, "PORT-CPY-B" },
	{ A64, POR, V(6,12), "writel:dev0+4", NULL, "memcpy_toio:dev0+0", 0, 1, "PORT-CPY-B2" },
	{ A64, POR, V(5,1),  "memcpy_toio:dev0+0", NULL, "writel:dev0+4", 0, 0, NULL },
	{ A64, POR, V(6,12), "memcpy_toio:dev0+0", NULL, "writel:dev1+4", 0, 0, NULL },
	{ A64, POR, V(6,12), "__raw_writel:dev0+0", NULL, "__raw_writel:dev0+4", 0, 0, NULL },
	{ PPC, POR, V(6,12), "spin_lock", NULL, "writel_relaxed", 0, 0, "PORT-LOCK-RX" },
	{ PPC, POR, V(6,12), "spin_lock", NULL, "writel", 0, 1, "PORT-LOCK" },
	{ X86, POR, V(6,12), "writel", NULL, "spin_unlock", HELD, 1, "PORT-UNL-B" },
	{ X86, POR, V(4,8),  "writel", NULL, "spin_unlock", HELD, 0, NULL },
	{ X86, POR, V(6,12), "writel@wc", NULL, "spin_unlock", HELD, 0, NULL },
	{ X86, POR, V(6,12), "writel_relaxed", NULL, "spin_unlock", HELD, 0, NULL },
	{ X86, POR, V(4,8),  "readl", NULL, "spin_unlock", 0, 1, "PORT-UNL-R" },
	{ RV,  POR, V(6,12), "WRITE_ONCE", NULL, "spin_unlock", 0, 1, "PORT-UNL-P" },
	{ RV,  POR, V(6,12), "smp_load_acquire", NULL, "READ_ONCE", 0, 1, "PORT-ACQ" },
	{ A64, POR, V(4,8),  "WRITE_ONCE", NULL, "writel", 0, 1, "PORT-MP-W" },
	{ A64, POR, V(6,12), "readl", NULL, "READ_ONCE", 0, 1, "PORT-MP-R" },
	{ A64, POR, V(6,12), "spin_unlock", NULL, "writel", 0, 1, "PORT-MP-W" },
	{ A64, POR, V(6,12), "writel", NULL, "WRITE_ONCE", 0, 0, NULL },
	{ X86, POR, V(6,12), "WRITE_ONCE", NULL, "outb", 0, 1, "PORT-PIO-W-B" },
	{ X86, POR, V(4,8),  "WRITE_ONCE", NULL, "outb", 0, 0, NULL },
	{ X86, POR, V(6,12), "inb", NULL, "READ_ONCE", 0, 1, "PORT-PIO-R-B" },
	{ PPC, POR, V(6,12), "WRITE_ONCE", "mb", "writel_relaxed", 0, 1, "PORT-F-MB" },
	{ PPC, POR, V(6,12), "readl_relaxed", "rmb", "READ_ONCE", 0, 1, "PORT-F-RMB" },
	{ PPC, POR, V(6,12), "WRITE_ONCE", "wmb", "writel_relaxed", 0, 1, "PORT-F-WMB" },
	{ PPC, POR, V(6,12), "writel_relaxed@wc:dev0+0", "wmb", "writel_relaxed@wc:dev0+4", 0, 0, NULL },
	{ PPC, POR, V(6,12), "writel_relaxed", "wmb", "spin_unlock", HELD, 0, NULL },
	{ X86, POR, V(4,8),  "writel_relaxed@wc", "mmiowb", "spin_unlock", HELD, 1, "PORT-F-MMIOWB" },
	{ X86, POR, V(6,12), "WRITE_ONCE", "smp_mb", "READ_ONCE", 0, 1, "PORT-F-SMPMB" },
	{ X86, POR, V(6,12), "writel_relaxed", "smp_mb", "READ_ONCE", 0, 0, NULL },
	{ X86, POR, V(6,12), "READ_ONCE", "dma_rmb", "READ_ONCE", 0, 1, "PORT-F-SMPRMB" },
	{ X86, POR, V(6,12), "WRITE_ONCE", "dma_wmb", "WRITE_ONCE", 0, 1, "PORT-F-SMPWMB" },
	{ X86, POR, V(6,12), "wmb", NULL, NULL, 0, 1, "PORT-FL" },
	{ X86, POR, V(5,17), "io_stop_wc", NULL, NULL, 0, 1, "PORT-FL-STOP" },
	/* article: the cells read literally where they differ from the code (ORD-7 items 1, 2, 6, 9) */
	{ X86, ART, V(4,8),  "writel_relaxed@wc", NULL, "WRITE_ONCE", 0, 1, "ART-X86-RX1" },
	{ X86, ART, V(4,8),  "READ_ONCE", NULL, "writel_relaxed@wc", 0, 1, "ART-X86-RX2" },
	{ X86, ART, V(4,8),  "writel@wc", NULL, "WRITE_ONCE", 0, 0, "X86-MP-WC1" },  /* falls through */
	{ A64, ART, V(4,8),  "writel_relaxed", NULL, "spin_unlock", HELD, 0, "ART-A64-RXUNL" },
	{ A64, ART, V(4,8),  "__raw_writel", NULL, "spin_unlock", HELD, 1, "A64-UNL" },
	{ PPC, ART, V(4,8),  "writel", NULL, "WRITE_ONCE", 0, 1, "ART-PPC-FULL" },
	{ PPC, ART, V(4,8),  "writel", NULL, "__raw_writel:dev1", 0, 0, NULL },
	{ X86, ART, V(4,8),  "writel@wc:dev0+0", "mmiowb", "writel@wc:dev0+4", 0, 1, "ART-X86-MMIOWB" },
	{ A64, ART, V(4,8),  "writel_relaxed", "mmiowb", "spin_unlock", HELD, 1, "ART-MMIOWB" },
	{ A64, ART, V(4,8),  "writel_relaxed@wc:dev0+0", "mmiowb", "writel_relaxed@wc:dev0+4", 0, 0, "A64-F-MMIOWB" },
	{ X86, ART, V(4,8),  "mmiowb", NULL, NULL, 0, 1, "ART-X86-FL" },
};
/* clang-format on */

static void ev(const struct ocase *c, const char *s, struct iom_ord_ev *e)
{
	struct iom_diag d;
	iom_diag_init(&d);
	int r = iom_ord_parse_event(s, c->arch, e, &d);
	if (r)
		fail_msg("bad oracle event '%s': %s", s, d.msg);
}

/* The verdict and deciding row for case c, as iomodel order computes them. */
static const struct iom_ord_rule *decide(const struct ocase *c, const char *flip, bool *v)
{
	struct iom_ord_ctx x = { c->arch, c->model, c->kver, flip };
	struct iom_ord_ev a, b, f;
	ev(c, c->e1, &a);
	if (!c->e2)
		return iom_ord_flush(&x, &a, v);
	ev(c, c->e2, &b);
	if (a.dev >= 0 && b.dev >= 0 && !strchr(c->e1, ':') && !strchr(c->e2, ':'))
		b.off = 4;  /* same device, different address, as iomodel order does */
	if (a.dev < 0 && b.dev < 0)
		b.loc = (c->flags & SAME) ? a.loc : a.loc + 1;
	const struct iom_ord_rule *r = iom_ord_pair(&x, &a, &b, c->flags & 0xff, v);
	if (*v || !c->fence)
		return r;
	ev(c, c->fence, &f);
	return iom_ord_fence(&x, &a, f.kind, &b, v);
}

static void test_oracle(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		const struct ocase *c = &cases[i];
		bool v = false;
		const struct iom_ord_rule *r = decide(c, NULL, &v);
		const char *got = r ? r->id : "(none)", *want = c->rule ? c->rule : "(none)";
		if (strcmp(got, want) || v != (c->ordered != 0))
			fail_msg("case %zu %s %s %s: %s %s%s%s: got %s by %s, want %s by %s", i,
				 iom_arch_name(c->arch), iom_lit_model_name(c->model),
				 c->kver == V(4, 8) ? "4.8" : "", c->e1, c->fence ? c->fence : "",
				 c->e2 ? " -> " : "", c->e2 ? c->e2 : " (flush)", v ? "O" : "U", got,
				 c->ordered ? "O" : "U", want);
	}
}

/* Every row decides at least one case, and flipping it inverts that case. */
static void test_every_row_covered(void **state)
{
	unsigned n;
	const struct iom_ord_rule *rules = iom_ord_rules(&n);
	(void)state;
	assert_true(n > 50);
	for (unsigned k = 0; k < n; k++) {
		size_t i;
		for (i = 0; i < N(cases); i++)
			if (cases[i].rule && !strcmp(cases[i].rule, rules[k].id))
				break;
		if (i == N(cases))
			fail_msg("row %s is not the deciding row of any oracle case", rules[k].id);
		bool v;
		decide(&cases[i], rules[k].id, &v);
		assert_int_equal(v, !cases[i].ordered);
		assert_non_null(rules[k].source);
		assert_true(strlen(rules[k].source) > 3);
		assert_ptr_equal(iom_ord_rule_find(rules[k].id), &rules[k]);
		for (unsigned j = k + 1; j < n; j++)
			if (!strcmp(rules[j].id, rules[k].id))
				fail_msg("duplicate rule id %s", rules[k].id);
	}
}

static void test_chains(void **state)
{
	(void)state;
	struct iom_ord_ctx rv_art = { RV, ART, V(6, 12), NULL }, rv_ker = { RV, KER, V(6, 12), NULL };
	const char *why = NULL;
	assert_false(iom_ord_supported(&rv_art, &why));
	assert_non_null(why);
	assert_true(iom_ord_supported(&rv_ker, NULL));
	/* a riscv row never applies to arm64, a portable row never to the kernel model */
	struct iom_ord_ctx a64 = { A64, KER, V(6, 12), NULL };
	assert_false(iom_ord_rule_applies(&a64, iom_ord_rule_find("RV-MM")));
	assert_false(iom_ord_rule_applies(&a64, iom_ord_rule_find("PORT-DEV")));
	assert_true(iom_ord_rule_applies(&a64, iom_ord_rule_find("GEN-SA")));
	/* version ranges: mmiowb rows end at v5.2, io_stop_wc starts at v5.17 */
	struct iom_ord_ctx a64_51 = { A64, KER, V(5, 1), NULL }, a64_52 = { A64, KER, V(5, 2), NULL };
	assert_true(iom_ord_rule_applies(&a64_51, iom_ord_rule_find("A64-F-MMIOWB")));
	assert_false(iom_ord_rule_applies(&a64_52, iom_ord_rule_find("A64-F-MMIOWB")));
	struct iom_ord_ctx a64_516 = { A64, KER, V(5, 16), NULL };
	assert_false(iom_ord_rule_applies(&a64_516, iom_ord_rule_find("A64-FL-STOPWC")));
	struct iom_ord_ctx a64_0 = { A64, KER, 0, NULL };  /* 0 = newest */
	assert_true(iom_ord_rule_applies(&a64_0, iom_ord_rule_find("A64-FL-STOPWC")));
}

static void test_classify(void **state)
{
	(void)state;
	struct iom_ord_ev e;
	assert_int_equal(iom_ord_classify(IOM_LIT_P_MEMCPY_TOIO, IOM_ORD_WC, &e), 0);
	assert_int_equal(e.kind, IOM_ORD_K_CPY);
	assert_int_equal(e.op, IOM_ORD_W);
	assert_int_equal(e.reg, IOM_ORD_WC);
	assert_int_equal(iom_ord_classify(IOM_LIT_P_READSL, 0, &e), 0);
	assert_int_equal(e.kind, IOM_ORD_K_STR);
	assert_int_equal(e.op, IOM_ORD_R);
	assert_int_equal(iom_ord_classify(IOM_LIT_P_INB, IOM_ORD_WC, &e), 0);
	assert_int_equal(e.kind, IOM_ORD_K_PIO);
	assert_int_equal(e.reg, IOM_ORD_UC);  /* port I/O is never write-combined */
	assert_int_equal(iom_ord_classify(IOM_LIT_P_XCHG_ACQUIRE, 0, &e), 0);
	assert_int_equal(e.kind, IOM_ORD_K_ACQ);
	assert_int_equal(e.op, IOM_ORD_RW);
	assert_int_equal(iom_ord_classify(IOM_LIT_P_SPIN_TRYLOCK, 0, &e), 0);
	assert_int_equal(e.kind, IOM_ORD_K_LOCK);
	assert_int_equal(iom_ord_classify(IOM_LIT_P_SMP_MB_AFTER_SPINLOCK, 0, &e), 0);
	assert_int_equal(e.kind, IOM_ORD_K_SMP_MB);
	assert_true(iom_ord_is_barrier(e.kind));
	assert_int_equal(iom_ord_classify(IOM_LIT_P_IOBARRIER_W, 0, &e), 0);
	assert_int_equal(e.kind, IOM_ORD_K_IOBARRIER);
	assert_int_equal(iom_ord_classify(IOM_LIT_P_UDELAY, 0, &e), 0);
	assert_int_equal(e.kind, IOM_ORD_K_COMPILER);
	assert_int_equal(iom_ord_classify(IOM_LIT_P_NONE, 0, &e), -IOM_EINVAL);
	for (int k = 0; k < IOM_ORD_K__COUNT; k++)
		assert_string_not_equal(iom_ord_kind_name((enum iom_ord_kind)k), "?");
}

static void test_parse_event(void **state)
{
	(void)state;
	struct iom_ord_ev e;
	struct iom_diag d;
	iom_diag_init(&d);
	assert_int_equal(iom_ord_parse_event("writel_relaxed@wc:dev3+0x10", A64, &e, &d), 0);
	assert_int_equal(e.kind, IOM_ORD_K_RX);
	assert_int_equal(e.reg, IOM_ORD_WC);
	assert_int_equal(e.dev, 3);
	assert_int_equal(e.off, 0x10);
	/* riscv has no WC mapping: ioremap_wc() is ioremap() */
	assert_int_equal(iom_ord_parse_event("writel@ioremap_wc", RV, &e, &d), 0);
	assert_int_equal(e.reg, IOM_ORD_UC);
	static const char *const bad[] = { "", "frobl", "writel@xx", "READ_ONCE@wc", "writel@mem",
					   "writel:cpu0", "writel:dev", "writel:dev1+4zz" };
	for (size_t i = 0; i < N(bad); i++) {
		iom_diag_init(&d);
		assert_int_equal(iom_ord_parse_event(bad[i], X86, &e, &d), -IOM_EINVAL);
		assert_int_equal(d.code, IOM_EINVAL);
		assert_true(d.msg[0] != 0);
	}
}

static void test_explain(void **state)
{
	(void)state;
	struct iom_ord_ctx c = { A64, KER, V(4, 8), NULL };
	struct iom_ord_ev a, f, b;
	struct iom_buf buf;
	bool v = false;
	iom_buf_init(&buf);
	assert_int_equal(iom_ord_parse_event("writel_relaxed@uc:dev0", A64, &a, NULL), 0);
	assert_int_equal(iom_ord_parse_event("wmb", A64, &f, NULL), 0);
	assert_int_equal(iom_ord_parse_event("writel_relaxed@uc:dev1", A64, &b, NULL), 0);
	assert_int_equal(iom_ord_explain(&c, &a, &f, &b, 0, &v, &buf), 0);
	assert_true(v);
	assert_non_null(strstr(iom_buf_str(&buf), "ordered\n"));
	assert_non_null(strstr(iom_buf_str(&buf), "rule A64-F-WMB"));
	iom_buf_reset(&buf);
	assert_int_equal(iom_ord_explain(&c, &a, NULL, &b, 0, &v, &buf), 0);
	assert_false(v);
	assert_non_null(strstr(iom_buf_str(&buf), "not ordered"));
	/* flipped row is reported */
	c.flip = "A64-F-WMB";
	iom_buf_reset(&buf);
	assert_int_equal(iom_ord_explain(&c, &a, &f, &b, 0, &v, &buf), 0);
	assert_false(v);
	assert_non_null(strstr(iom_buf_str(&buf), "inverted by --flip-rule"));
	/* a barrier in an access position is refused */
	assert_int_equal(iom_ord_explain(&c, &f, NULL, &b, 0, &v, &buf), -IOM_EINVAL);
	iom_buf_release(&buf);
}

/* The article-shaped tables are computed from the rows: check the cells the article
 * states (ART x86/arm64/PowerPC tables) for the article model. */
static void test_tables(void **state)
{
	(void)state;
	static const struct {
		enum iom_arch arch;
		const char *line;
	} want[] = {
		{ X86, "_relaxed() | Unordered, ordered to same location. | Ordered. | Ordered.\n" },
		{ X86, "non-relaxed() | Unordered, ordered to same location. | Ordered. | ioremap_nocache(): Ordered. ioremap_wc(): Unordered.\n" },
		{ A64, "_relaxed() | Unordered, ordered to same location. | Unordered, ordered to same device. | Unordered.\n" },
		{ A64, "non-relaxed() | \"TSO\", ordered to same location. | \"TSO\", ordered to same device. | See below.\n" },
		{ A64, "Non-Relaxed Read | Plain Read | Ordered. [A64-NRR]\n" },
		{ A64, "Plain Write | Non-Relaxed Write | Ordered. [A64-NRW]\n" },
		{ A64, "Plain Read | Non-Relaxed Write | Unordered. [no rule]\n" },
		{ PPC, "_relaxed() | Ordered. | Ordered. | Ordered.\n" },  /* ART: "Fully Ordered." */
		{ PPC, "non-relaxed() | Ordered. | Ordered. | Ordered.\n" },
	};
	for (size_t i = 0; i < N(want); i++) {
		struct iom_ord_ctx c = { want[i].arch, ART, V(4, 8), NULL };
		struct iom_buf b;
		iom_buf_init(&b);
		iom_ord_render_tables(&c, &b);
		if (!strstr(iom_buf_str(&b), want[i].line))
			fail_msg("%s article table lacks: %s", iom_arch_name(want[i].arch), want[i].line);
		iom_buf_release(&b);
	}
	struct iom_ord_ctx c = { RV, ART, V(6, 12), NULL };
	struct iom_buf b;
	iom_buf_init(&b);
	iom_ord_render_tables(&c, &b);
	assert_non_null(strstr(iom_buf_str(&b), "no tables:"));
	iom_buf_release(&b);
}

/* Lines of a rendered table with the "[RULE]" citations removed (they name rows, which
 * differ between models even where the cell agrees); the first (title) line dropped. */
static unsigned table_lines(const struct iom_ord_ctx *c, char lines[][200], unsigned max)
{
	struct iom_buf b;
	unsigned n = 0;
	iom_buf_init(&b);
	iom_ord_render_tables(c, &b);
	const char *p = strchr(iom_buf_str(&b), '\n');
	while (p && *++p && n < max) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p), k = 0;
		for (size_t i = 0; i < len && k + 1 < 200; i++) {
			if (p[i] == ' ' && p[i + 1] == '[') {  /* drop " [RULE]" */
				while (i < len && p[i] != ']')
					i++;
				continue;
			}
			lines[n][k++] = p[i];
		}
		lines[n][k] = 0;
		if (k)
			n++;
		p = e;
	}
	iom_buf_release(&b);
	return n;
}

static bool has_line(char lines[][200], unsigned n, const char *l)
{
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(lines[i], l))
			return true;
	return false;
}

/* The kernel-model tables against the article-model tables (the article read literally):
 * every line that differs must be one of the deliberate differences of docs/ordering.md §6,
 * listed here with its reason; any other difference, or a listed one that vanished, fails. */
static void test_article_differences(void **state)
{
	(void)state;
	static const struct {
		enum iom_arch arch;
		char side;            /* 'k': only in the kernel table, 'a': only in the article's */
		const char *line;
	} want[] = {
		/* docs/ordering.md §6.1: WC relaxed accesses are unordered against normal memory (footnote [*]) */
		{ X86, 'a', "_relaxed() | Unordered, ordered to same location. | Ordered. | Ordered." },
		{ X86, 'k', "_relaxed() | Unordered, ordered to same location. | Ordered. | ioremap_nocache(): Ordered. ioremap_wc(): Unordered." },
		/* docs/ordering.md §6.3: the store-release unlock orders relaxed writes; mmiowb() adds nothing */
		{ A64, 'a', "mmiowb() | do { } while (0) | Orders earlier MMIO writes before spin_unlock()" },
		{ A64, 'k', "mmiowb() | do { } while (0) | Provided by arm64 ordering" },
		{ A64, 'a', "spin_unlock() | arch_spin_unlock(): store-release (stlrh/staddlh; stlrb) | writeX() ordered; writeX_relaxed() unordered; ioremap_wc() writes ordered" },
		{ A64, 'k', "spin_unlock() | arch_spin_unlock(): store-release (stlrh/staddlh; stlrb) | writeX() ordered; writeX_relaxed() ordered; ioremap_wc() writes ordered" },
		/* docs/ordering.md §6.4: no trailing barrier after a powerpc write */
		{ PPC, 'a', "_relaxed() | Ordered. | Ordered. | Ordered." },
		{ PPC, 'a', "non-relaxed() | Ordered. | Ordered. | Ordered." },
		{ PPC, 'k', "_relaxed() | Ordered. | Ordered. | See below." },
		{ PPC, 'k', "non-relaxed() | Ordered. | Ordered. | See below." },
		{ PPC, 'k', "_relaxed() against normal memory, ioremap_nocache():" },
		{ PPC, 'k', "non-relaxed() against normal memory, ioremap_nocache():" },
		{ PPC, 'k', "Prior Access | Next Access | Ordering" },
		{ PPC, 'k', "Relaxed Read | Plain Read | Ordered." },
		{ PPC, 'k', "Relaxed Read | Plain Write | Ordered." },
		{ PPC, 'k', "Relaxed Write | Plain Read | Unordered." },
		{ PPC, 'k', "Relaxed Write | Plain Write | Unordered." },
		{ PPC, 'k', "Plain Read | Relaxed Read | Ordered." },
		{ PPC, 'k', "Plain Read | Relaxed Write | Ordered." },
		{ PPC, 'k', "Plain Write | Relaxed Read | Ordered." },
		{ PPC, 'k', "Plain Write | Relaxed Write | Ordered." },
		{ PPC, 'k', "Non-Relaxed Read | Plain Read | Ordered." },
		{ PPC, 'k', "Non-Relaxed Read | Plain Write | Ordered." },
		{ PPC, 'k', "Non-Relaxed Write | Plain Read | Unordered." },
		{ PPC, 'k', "Non-Relaxed Write | Plain Write | Unordered." },
		{ PPC, 'k', "Plain Read | Non-Relaxed Read | Ordered." },
		{ PPC, 'k', "Plain Read | Non-Relaxed Write | Ordered." },
		{ PPC, 'k', "Plain Write | Non-Relaxed Read | Ordered." },
		{ PPC, 'k', "Plain Write | Non-Relaxed Write | Ordered." },
	};
	static const enum iom_arch archs[] = { X86, A64, PPC };
	for (size_t ai = 0; ai < N(archs); ai++) {
		static char kl[128][200], al[128][200];
		struct iom_ord_ctx kc = { archs[ai], KER, V(4, 8), NULL }, ac = { archs[ai], ART, V(4, 8), NULL };
		unsigned nk = table_lines(&kc, kl, 128), na = table_lines(&ac, al, 128);
		for (int side = 0; side < 2; side++) {
			char (*mine)[200] = side ? al : kl, (*other)[200] = side ? kl : al;
			unsigned nm = side ? na : nk, no = side ? nk : na;
			for (unsigned i = 0; i < nm; i++) {
				if (has_line(other, no, mine[i]))
					continue;
				size_t w;
				for (w = 0; w < N(want); w++)
					if (want[w].arch == archs[ai] && want[w].side == (side ? 'a' : 'k') &&
					    !strcmp(want[w].line, mine[i]))
						break;
				if (w == N(want))
					fail_msg("%s: undocumented difference, only in the %s table: %s",
						 iom_arch_name(archs[ai]), side ? "article" : "kernel", mine[i]);
			}
		}
		for (size_t w = 0; w < N(want); w++)
			if (want[w].arch == archs[ai] &&
			    !has_line(want[w].side == 'k' ? kl : al, want[w].side == 'k' ? nk : na, want[w].line))
				fail_msg("%s: listed difference no longer there: %s", iom_arch_name(archs[ai]),
					 want[w].line);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_oracle),
		cmocka_unit_test(test_every_row_covered),
		cmocka_unit_test(test_chains),
		cmocka_unit_test(test_classify),
		cmocka_unit_test(test_parse_event),
		cmocka_unit_test(test_explain),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_article_differences),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
