// SPDX-License-Identifier: MIT
/* Must flag: the descriptor is filled in a helper called before the relaxed doorbell, with
 * no barrier in the helper after its stores nor between the call and the doorbell. */
#include <linux/io.h>

struct desc { __le32 addr, ctrl; };
struct ring { struct desc *d; void __iomem *regs; unsigned int head; };

static void fill_desc(struct desc *d, u32 buf, u32 len)
{
	d->addr = cpu_to_le32(buf);
	d->ctrl = cpu_to_le32(len);
}

static void ring_post(struct ring *r, u32 buf, u32 len)
{
	fill_desc(&r->d[r->head], buf, len);
	r->head++;
	__raw_writel(r->head, r->regs + 0x10);
}
