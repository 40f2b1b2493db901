// SPDX-License-Identifier: MIT
/* Must flag: the barrier is only in one arm of the if/else, so on the other path the
 * doorbell follows the stores unordered. */
#include <linux/io.h>

struct desc { __le32 addr, ctrl; };
struct ring { struct desc *d; void __iomem *regs; unsigned int head; bool fast; };

static void ring_post(struct ring *r, u32 buf, u32 len)
{
	struct desc *d = &r->d[r->head];

	d->addr = cpu_to_le32(buf);
	d->ctrl = cpu_to_le32(len);
	if (r->fast) {
		r->head++;
	} else {
		dma_wmb();
		r->head += 2;
	}
	writel_relaxed(r->head, r->regs + 0x10);
}
