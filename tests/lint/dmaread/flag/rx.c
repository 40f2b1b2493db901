// SPDX-License-Identifier: MIT
/* Must flag relaxed-read-then-dma-read: the status register says a descriptor is done,
 * then the descriptor the device wrote is read with nothing between (arm64, riscv: the CPU
 * may read the descriptor first and see the old length). */
#include <linux/io.h>

struct rxd { __le32 len, flags; };
struct rx { struct rxd *d; void __iomem *regs; unsigned int tail; };

static int rx_poll(struct rx *q)
{
	u32 st = readl_relaxed(q->regs + 0x40);

	if (st & 0x1) {
		struct rxd *d = &q->d[q->tail];
		return le32_to_cpu(d->len);
	}
	return 0;
}
