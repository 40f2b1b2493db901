// SPDX-License-Identifier: MIT
/* Must not flag: dma_wmb() orders the descriptor stores before the relaxed doorbell. */
#include <linux/io.h>

struct desc { __le32 addr, ctrl; };
struct ring { struct desc *d; void __iomem *regs; unsigned int head; };

static void ring_post(struct ring *r, u32 buf, u32 len)
{
	struct desc *d = &r->d[r->head];

	d->addr = cpu_to_le32(buf);
	d->ctrl = cpu_to_le32(len | 0x80000000);
	r->head = (r->head + 1) % 64;
	dma_wmb();
	writel_relaxed(r->head, r->regs + 0x10);
}
