/* SPDX-License-Identifier: MIT */
/* The register accessors of tests/lint/doorbell/ring-init-pio/mmc.c, macros as dw_mmc.h@6.12
 * l.503-506 has them (mci_readl(), mci_writel()). */
#define MMC_READL(h, reg)		readl_relaxed((h)->regs + MMC_##reg)
#define MMC_WRITEL(h, reg, value)	writel_relaxed((value), (h)->regs + MMC_##reg)
#define MMC_BMOD	0x80
#define MMC_DBADDR	0x88
#define MMC_DBADDRL	0x88
#define MMC_DBADDRU	0x8c
#define MMC_PLDMND	0x84
#define MMC_TDR		0x34
