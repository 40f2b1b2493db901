// SPDX-License-Identifier: MIT
/* Must not flag: the relaxed write comes before the descriptor stores (it enables the
 * queue); the stores that follow are rung nowhere in this function. */
#include <linux/io.h>

struct desc { __le32 addr, ctrl; };
struct ring { struct desc *d; void __iomem *regs; unsigned int head; };

static void ring_start(struct ring *r, u32 buf)
{
	writel_relaxed(1, r->regs + 0x04);
	r->d[0].addr = cpu_to_le32(buf);
	r->d[0].ctrl = cpu_to_le32(0);
}
