// SPDX-License-Identifier: MIT
/* Must flag, twice: what the driver teaches does not hide its own doorbell.
 * post_one() rings TX_TAIL after dma_wmb(): TX_TAIL is the driver's doorbell.
 * post_urgent() fills a descriptor and rings the same TX_TAIL with no barrier: flagged.
 * other_ring() stores to the other ring and writes a register through a local offset,
 * whose name lint cannot read: flagged, nothing rules it out. */
#include <linux/io.h>
#include <linux/dma-mapping.h>

#define TX_TAIL		0x10
#define TX_PRIO		0x14

struct desc { __le32 addr, ctrl; };
struct ring { struct device *dev; void __iomem *regs; struct desc *d; dma_addr_t d_dma; unsigned int head; };

static int ring_init(struct ring *r)
{
	r->d = dma_alloc_coherent(r->dev, 64 * sizeof(*r->d), &r->d_dma, GFP_KERNEL);
	return r->d ? 0 : -ENOMEM;
}

static void post_one(struct ring *r, u32 buf, u32 len)
{
	r->d[r->head].addr = cpu_to_le32(buf);
	r->d[r->head].ctrl = cpu_to_le32(len);
	r->head = (r->head + 1) % 64;
	dma_wmb();
	writel_relaxed(r->head, r->regs + TX_TAIL);
}

static void post_urgent(struct ring *r, u32 buf, u32 len)
{
	r->d[r->head].addr = cpu_to_le32(buf);
	r->d[r->head].ctrl = cpu_to_le32(len);
	r->head = (r->head + 1) % 64;
	writel_relaxed(r->head, r->regs + TX_TAIL);
}

static void other_ring(struct ring *r, u32 off, u32 buf)
{
	r->d[0].addr = cpu_to_le32(buf);
	writel_relaxed(1, r->regs + off);
}
