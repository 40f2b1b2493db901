// SPDX-License-Identifier: MIT
/* Must flag, and say why the barrier is not one: the send queue's descriptor is written to
 * coherent memory, then smp_wmb(), then the doorbell with writeq_relaxed(). smp_wmb() orders
 * memory for other CPUs only; the device may still fetch the old descriptor. Shape of
 * drivers/net/ethernet/cavium/thunder/nicvf_queues.c@6.12 l.1465-1480 (nicvf_sq_doorbell():
 * "make sure all memory stores are done before ringing doorbell", then smp_wmb() and the
 * doorbell through nicvf_queue_reg_write(), a writeq_relaxed() in nicvf_main.c l.103-109). */
#include <linux/dma-mapping.h>
#include <linux/io.h>

struct sq_desc { u64 addr; u32 len; u32 flags; };
struct sqdrv { struct sq_desc *desc; dma_addr_t desc_dma; void __iomem *reg_base; int tail; };

static int sqdrv_alloc(struct device *dev, struct sqdrv *q)
{
	q->desc = dma_alloc_coherent(dev, 64 * sizeof(*q->desc), &q->desc_dma, GFP_KERNEL);
	return q->desc ? 0 : -ENOMEM;
}

static void sqdrv_xmit(struct sqdrv *q, u64 buf, u32 len)
{
	struct sq_desc *d = &q->desc[q->tail];

	d->addr = buf;
	d->len = len;
	/* make sure all memory stores are done before ringing doorbell */
	smp_wmb();
	writeq_relaxed(1, q->reg_base + 0x800);
}

static void sqdrv_xmit_fixed(struct sqdrv *q, u64 buf2, u32 len2)
{
	struct sq_desc *d = &q->desc[q->tail];

	d->addr = buf2;
	d->len = len2;
	dma_wmb();
	writeq_relaxed(1, q->reg_base + 0x800);
}
