// SPDX-License-Identifier: MIT
/*
 * Mirrors the Atmel AHB DMA controller driver, drivers/dma/at_hdmac.c
 * (torvalds/linux): atc_alloc_descriptor(), atc_prep_dma_memcpy() filling the
 * hardware LLI, and atc_dostart() enabling the channel with
 * dma_writel(atdma, CHER, mask), which is __raw_writel().
 * Fix: 580ee84405c27d6ed419abe4d2b3de1968abdafd "dmaengine: at_hdmac: Don't
 * allow CPU to reorder channel enable" (Fixes: dc78baa2b90b). It put a wmb()
 * right before the CHER write; once enabled, the controller fetches the LLI.
 * Reduced: prep and dostart merged; the channel-register __raw_writel()s
 * (SADDR..DPIP) that precede CHER, which the commit message names, left out;
 * the LLI comes from a coherent dma_pool (dma_alloc_coherent() here); the
 * driver stores host-order u32s, cpu_to_le32() (a no-op on these LE SoCs) is
 * added to mark them. This file: after the fix.
 *
 * Expected: no dma-write-then-relaxed-doorbell (the wmb() the fix added orders the descriptor stores before the doorbell)
 */
#include <linux/io.h>
#include <linux/dma-mapping.h>

#define AT_DMA_CHER	0x28

struct at_lli { __le32 saddr, daddr, ctrla, ctrlb, dscr; };
struct at_dma { void __iomem *regs; };
struct at_dma_chan { struct at_lli *lli; dma_addr_t lli_phys; u32 mask; };

static int atc_alloc_lli(struct device *dev, struct at_dma_chan *atchan)
{
	atchan->lli = dma_alloc_coherent(dev, sizeof(*atchan->lli),
					 &atchan->lli_phys, GFP_KERNEL);
	return atchan->lli ? 0 : -ENOMEM;
}

static void atc_memcpy_start(struct at_dma *atdma, struct at_dma_chan *atchan,
			     u32 src, u32 dst, u32 ctrla, u32 ctrlb)
{
	struct at_lli *lli = atchan->lli;

	lli->saddr = cpu_to_le32(src);
	lli->daddr = cpu_to_le32(dst);
	lli->ctrla = cpu_to_le32(ctrla);
	lli->ctrlb = cpu_to_le32(ctrlb);
	lli->dscr = cpu_to_le32(0);		/* last link */

	wmb();	/* keep the channel enable behind everything before it */
	__raw_writel(atchan->mask, atdma->regs + AT_DMA_CHER);
}
