// SPDX-License-Identifier: MIT
/* Must not flag: the doorbell is writel(), which is ordered after the descriptor stores.
 * (The writel_relaxed() below it, to an interrupt mask, comes after the writel().) */
#include <linux/io.h>

struct desc { __le32 addr, ctrl; };
struct ring { struct desc *d; void __iomem *regs; unsigned int head; };

static void ring_post(struct ring *r, u32 buf, u32 len)
{
	struct desc *d = &r->d[r->head];

	d->addr = cpu_to_le32(buf);
	d->ctrl = cpu_to_le32(len | 0x80000000);
	r->head = (r->head + 1) % 64;
	writel(r->head, r->regs + 0x10);
	writel_relaxed(1, r->regs + 0x20);
}
