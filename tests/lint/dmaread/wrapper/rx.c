// SPDX-License-Identifier: MIT
/* Must flag through the driver's register-read wrapper, the article's brcm_sata_readreg()
 * pattern (ahci_brcmstb): rx_rd() is readl_relaxed(). */
#include <linux/io.h>

struct rxd { __le32 len, flags; };
struct rx { struct rxd *d; void __iomem *regs; unsigned int tail; };

static inline u32 rx_rd(void __iomem *addr)
{
	return readl_relaxed(addr);
}

static int rx_poll(struct rx *q)
{
	if (rx_rd(q->regs + 0x40) & 0x1)
		return le32_to_cpu(q->d[q->tail].len);
	return 0;
}
