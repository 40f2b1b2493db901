// SPDX-License-Identifier: MIT
/* Must not flag relaxed-read-then-dma-read: after the relaxed read of the hardware's
 * read pointer, the driver reads back the buffer address it stored in each TX descriptor,
 * only to unmap the buffer. The CPU wrote that field when it mapped the buffer; the device
 * never writes it, so there is nothing to order (hix5hd2_gmac.c@6.12's reclaim has this
 * shape). Both ways: kept in a variable, and passed directly. */
#include <linux/io.h>
#include <linux/dma-mapping.h>

struct desc { __le32 buff_addr, cmd; };
struct ring { struct desc *d; void __iomem *regs; struct device *dev; unsigned int tail; };

static void reclaim(struct ring *r, unsigned int len)
{
	unsigned int end = readl_relaxed(r->regs + 0x8);
	dma_addr_t addr;

	if (r->tail != end) {
		struct desc *d = &r->d[r->tail];

		addr = le32_to_cpu(d->buff_addr);
		dma_unmap_single(r->dev, addr, len, DMA_TO_DEVICE);
		r->tail = (r->tail + 1) % 64;
	}
}

static void reclaim_page(struct ring *r, unsigned int len)
{
	u32 st = readl_relaxed(r->regs + 0xc);

	if (st & 1)
		dma_unmap_page(r->dev, le32_to_cpu(r->d[r->tail].buff_addr), len, DMA_TO_DEVICE);
}
