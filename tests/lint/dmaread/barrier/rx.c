// SPDX-License-Identifier: MIT
/* Must not flag: dma_rmb() orders the descriptor read after the status read. */
#include <linux/io.h>

struct rxd { __le32 len, flags; };
struct rx { struct rxd *d; void __iomem *regs; unsigned int tail; };

static int rx_poll(struct rx *q)
{
	u32 st = readl_relaxed(q->regs + 0x40);

	if (st & 0x1) {
		struct rxd *d = &q->d[q->tail];
		dma_rmb();
		return le32_to_cpu(d->len);
	}
	return 0;
}
