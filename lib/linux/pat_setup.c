// SPDX-License-Identifier: MIT
/* iomodel -- what Linux writes into IA32_PAT and how it builds the cache-mode tables.
 * Sources (XMT-2.1, XMT-2.2): arch/x86/mm/pat.c@v4.2 pat_init() and
 * pat_init_cache_modes(); arch/x86/mm/pat.c@v4.8 init_cache_modes(); pat/memtype.c@v6.12
 * pat_bp_init(); static tables in arch/x86/mm/init.c@v4.2 (__cachemode2pte_tbl). */
#include <stdio.h>
#include <string.h>
#include "kernel.h"

/* PAT values Linux programs (TV-28, TV-29, TV-30) and the emulated value (TV-27). */
#define PAT_LINUX_42 0x0407010600070106ULL  /* WB WC UC- UC WB WC UC- WT, pat.c@v4.2        */
#define PAT_LINUX_414 0x0407050600070106ULL /* WB WC UC- UC WB WP UC- WT, PAT_SLOT5_WP     */
#define PAT_ERRATA 0x0007010600070106ULL    /* WB WC UC- UC WB WC UC- UC, errata CPUs      */
#define PAT_EMULATED IOM_PAT_POWER_ON       /* WB WT UC- UC x2                             */

unsigned iom_linux_pcm(enum iom_mt mode)
{
	/* enum page_cache_mode, pgtable_types.h@v4.2 L114 (same in v6.12). */
	static const unsigned pcm[] = {
		[IOM_MT_WB] = 0, [IOM_MT_WC] = 1, [IOM_MT_UC_MINUS] = 2,
		[IOM_MT_UC] = 3, [IOM_MT_WT] = 4, [IOM_MT_WP] = 5,
	};
	return mode >= 0 && mode < IOM_MT__COUNT ? pcm[mode] : 0xff;
}

enum iom_mt iom_linux_pcm_mode(unsigned pcm)
{
	for (int t = 0; t < IOM_MT__COUNT; t++)
		if (iom_linux_pcm((enum iom_mt)t) == pcm)
			return (enum iom_mt)t;
	return IOM_MT_NONE;
}

const char *iom_pat_hw_name(enum iom_pat_hw p)
{
	return p == IOM_PAT_ON ? "on" : p == IOM_PAT_OFF ? "off" : "absent";
}

void iom_cpu_init(struct iom_cpu *c)
{
	memset(c, 0, sizeof(*c));
	c->pat = IOM_PAT_ON;
	c->firmware_pat = IOM_PAT_POWER_ON;
	c->mtrr = true;
}

static void static_tables(struct iom_pat_setup *p)
{
	/* __cachemode2pte_tbl / __pte2cachemode_tbl boot defaults, init.c@v4.2 L41-60:
	 * WB 0, WC PCD, UC- PCD, UC PCD|PWT, WT PCD (PCD since 1a4e8795711f), WP PCD. */
	p->cm2pte[IOM_MT_WB] = 0;
	p->cm2pte[IOM_MT_WC] = IOM_PTE_PCD;
	p->cm2pte[IOM_MT_UC_MINUS] = IOM_PTE_PCD;
	p->cm2pte[IOM_MT_UC] = IOM_PTE_PCD | IOM_PTE_PWT;
	p->cm2pte[IOM_MT_WT] = IOM_PTE_PCD;
	p->cm2pte[IOM_MT_WP] = IOM_PTE_PCD;
	static const enum iom_mt def[8] = { IOM_MT_WB, IOM_MT_UC_MINUS, IOM_MT_UC_MINUS, IOM_MT_UC,
					    IOM_MT_WB, IOM_MT_UC_MINUS, IOM_MT_UC_MINUS, IOM_MT_UC };
	memcpy(p->pte2cm, def, sizeof(def));
}

typedef void (*logfn)(void *, enum iom_loglevel, const char *);

static void say(logfn log, void *ctx, enum iom_loglevel lvl, const char *s)
{
	if (log)
		log(ctx, lvl, s);
}

/* update_cache_mode_entry() for slots 7..0: when a type sits in several slots the lowest
 * slot wins; modes without a slot keep the static fallback (pat.c@v4.2 L183). */
static void tables_from(struct iom_pat_setup *p, uint64_t value, logfn log, void *ctx)
{
	enum iom_mt slots[8];
	iom_pat_decode(value, slots);
	p->tables_from_msr = true;
	p->table_pat = value;
	for (int i = 7; i >= 0; i--) {
		if (slots[i] == IOM_MT_NONE)
			continue;
		p->cm2pte[slots[i]] = iom_pat_index_bits((unsigned)i, false);
		p->pte2cm[i] = slots[i];
	}
	char line[96];
	int n = snprintf(line, sizeof(line), "x86/PAT: Configuration [0-7]: ");
	for (int i = 0; i < 8; i++)
		n += snprintf(line + n, sizeof(line) - (size_t)n, "%-4s",
			      slots[i] == IOM_MT_NONE ? "??" : iom_mt_name(slots[i]));
	say(log, ctx, IOM_LOG_INFO, line);
}

void iom_linux_pat_tables(uint64_t pat_value, struct iom_pat_setup *out)
{
	static_tables(out);
	tables_from(out, pat_value, NULL, NULL);
}

void iom_linux_pat_setup(unsigned v, const struct iom_cpu *cpu, bool mtrr_enabled,
			 struct iom_pat_setup *p, logfn log, void *ctx)
{
	bool rework = iom_kfeat(v, IOM_KF_PAT_INIT_REWORK);
	bool decoupled = iom_kfeat(v, IOM_KF_PAT_MTRR_DECOUPLED);
	memset(p, 0, sizeof(*p));
	static_tables(p);
	p->hw = cpu->pat != IOM_PAT_ABSENT;
	p->msr = p->hw ? cpu->firmware_pat : 0;

	if (cpu->pat == IOM_PAT_ABSENT && !mtrr_enabled && !decoupled) {
		/* The "not supported" check lives in pat_init(), which the MTRR code never
		 * calls here: 4.2 says nothing and keeps the static tables; from
		 * PAT_OFF_WITHOUT_MTRR mtrr_bp_init() disables PAT with its own message and
		 * init_cache_modes() emulates (main.c@v4.8 mtrr_bp_init(), pat.c@v4.8). */
		if (iom_kfeat(v, IOM_KF_PAT_OFF_WITHOUT_MTRR)) {
			say(log, ctx, IOM_LOG_INFO,
			    "x86/PAT: MTRRs disabled, skipping PAT initialization too.");
			tables_from(p, PAT_EMULATED, log, ctx);
		}
		return;
	}
	if (cpu->pat == IOM_PAT_ABSENT) {
		/* pat_disable("PAT not supported by CPU."): 4.2 returns before touching the
		 * tables (TV-44); from PAT_INIT_REWORK the emulated table is used (TV-45).
		 * PAT_MSG_WORDING (5557e831f688) adds "the"; pat/memtype.c@v6.12 L256. */
		say(log, ctx, IOM_LOG_INFO,
		    iom_kfeat(v, IOM_KF_PAT_MSG_WORDING) ? "x86/PAT: PAT not supported by the CPU."
							 : "x86/PAT: PAT not supported by CPU.");
		if (rework)
			tables_from(p, PAT_EMULATED, log, ctx);
		return;
	}
	if (cpu->pat == IOM_PAT_OFF) {
		/* nopat: the MSR is not written. 4.2 builds the tables from the emulated value;
		 * from PAT_INIT_REWORK from the MSR as firmware left it, if non-zero (TV-43). */
		say(log, ctx, IOM_LOG_INFO,
		    iom_kfeat(v, IOM_KF_PAT_MSG_WORDING) ? "x86/PAT: PAT support disabled via boot option."
			      : "x86/PAT: PAT support disabled.");
		if (!mtrr_enabled && !decoupled && !iom_kfeat(v, IOM_KF_PAT_OFF_WITHOUT_MTRR))
			return; /* 4.2: the emulated table is built in pat_init(), never reached */
		tables_from(p, rework && cpu->firmware_pat ? cpu->firmware_pat : PAT_EMULATED, log, ctx);
		return;
	}
	if (!mtrr_enabled && !decoupled) {
		if (iom_kfeat(v, IOM_KF_PAT_OFF_WITHOUT_MTRR)) {
			/* mtrr_bp_init()@v4.8: PAT is switched off with the MTRRs. */
			say(log, ctx, IOM_LOG_INFO,
			    "x86/PAT: MTRRs disabled, skipping PAT initialization too.");
			tables_from(p, cpu->firmware_pat ? cpu->firmware_pat : PAT_EMULATED, log, ctx);
			return;
		}
		/* 4.2: pat_init() is only reached from the MTRR code, so PAT stays nominally
		 * enabled but is never programmed; the static tables stay (XMT-2.2). */
		p->enabled = true;
		return;
	}
	if (!cpu->firmware_pat) {
		/* The boot CPU's PAT MSR reads 0: PAT is disabled and never written
		 * (pat.c@v4.2 pat_bsp_init(): "PAT MSR is 0, disabled.", static tables kept;
		 * from PAT_INIT_REWORK init_cache_modes() emulates WB/WT/UC-/UC;
		 * PAT_MSG_WORDING renames the message, pat/memtype.c@v6.12 pat_bp_init() L261;
		 * XMT-2.2 row "PAT MSR reads 0"). */
		say(log, ctx, IOM_LOG_INFO,
		    iom_kfeat(v, IOM_KF_PAT_MSG_WORDING) ? "x86/PAT: PAT support disabled by the firmware."
							 : "x86/PAT: PAT MSR is 0, disabled.");
		if (rework)
			tables_from(p, PAT_EMULATED, log, ctx);
		return;
	}
	uint64_t value = cpu->pat_errata ? PAT_ERRATA
			 : iom_kfeat(v, IOM_KF_PAT_SLOT5_WP) ? PAT_LINUX_414 : PAT_LINUX_42;
	p->enabled = true;
	p->msr_written = true;
	p->msr = value;
	tables_from(p, value, log, ctx);
}
