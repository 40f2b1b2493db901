// SPDX-License-Identifier: MIT
/* Must flag dma-write-then-relaxed-doorbell: the descriptor is filled, then the doorbell is
 * rung with writel_relaxed() and nothing orders the two (arm64, riscv: the device may read
 * the old descriptor). */
#include <linux/io.h>
#include <linux/dma-mapping.h>

struct desc { __le32 addr, ctrl; };
struct ring { struct desc *d; dma_addr_t dma; void __iomem *regs; unsigned int head; };

static int ring_init(struct device *dev, struct ring *r)
{
	r->d = dma_alloc_coherent(dev, 64 * sizeof(*r->d), &r->dma, GFP_KERNEL);
	return r->d ? 0 : -ENOMEM;
}

static void ring_post(struct ring *r, u32 buf, u32 len)
{
	struct desc *d = &r->d[r->head];

	d->addr = cpu_to_le32(buf);
	d->ctrl = cpu_to_le32(len | 0x80000000);
	r->head = (r->head + 1) % 64;
	writel_relaxed(r->head, r->regs + 0x10);
}
