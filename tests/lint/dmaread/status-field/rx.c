// SPDX-License-Identifier: MIT
/* The read code's second shape (memory-barriers.txt@6.12, dma_rmb(): read the status the
 * device wrote, then the data, with dma_rmb() between). hns3_enet.c@6.12
 * hns3_handle_rx_bd(): bd_base_info = le32_to_cpu(desc->rx.bd_base_info); dma_rmb(); if
 * (!(bd_base_info & BIT(HNS3_RXD_VLD_B))) return -ENXIO; ... le16_to_cpu(desc->rx.size).
 * rx_poll() is that code without its dma_rmb(): must flag relaxed-read-then-dma-read once
 * (the size read after the valid bit). rx_poll_ok() keeps the dma_rmb(); rx_both() reads the
 * two fields on one path, neither in a branch after the other; rx_other() reads the two
 * fields of a copy the driver kzalloc()ed, no DMA memory: all silent. The rule asks for DMA memory
 * the driver allocated (ring->desc: dma_alloc_coherent() in rx_init()), which the doorbell
 * rules follow in files that write MMIO with a relaxed accessor (rx_refill()); rx_irq()
 * reads the interrupt status with a relaxed accessor (the read rules look only at files
 * that name one). */
#include <linux/io.h>

struct rx_desc { __le32 bd_base_info; __le16 size; __le16 vlan; };
struct desc { struct rx_desc rx; __le32 ts; };
struct ring {
	struct desc *desc;
	struct desc *other;
	unsigned int next_to_clean;
	void __iomem *regs;
};

#define RXD_VLD 0x1

int rx_init(struct device *dev, struct ring *ring, dma_addr_t *dma)
{
	ring->desc = dma_alloc_coherent(dev, 4096, dma, GFP_KERNEL);
	ring->other = kzalloc(4096, GFP_KERNEL);
	return ring->desc && ring->other ? 0 : -ENOMEM;
}

void rx_refill(struct ring *ring)
{
	struct desc *desc = &ring->desc[ring->next_to_clean];

	desc->rx.bd_base_info = 0;
	dma_wmb();
	writel_relaxed(ring->next_to_clean, ring->regs + 0x20);
}

u32 rx_irq(struct ring *ring)
{
	return readl_relaxed(ring->regs + 0x10);
}

int rx_poll(struct ring *ring)
{
	struct desc *desc = &ring->desc[ring->next_to_clean];
	u32 info;

	info = le32_to_cpu(desc->rx.bd_base_info);
	if (!(info & RXD_VLD))
		return -ENXIO;
	return le16_to_cpu(desc->rx.size);
}

int rx_poll_ok(struct ring *ring)
{
	struct desc *desc = &ring->desc[ring->next_to_clean];
	u32 info;

	info = le32_to_cpu(desc->rx.bd_base_info);
	dma_rmb();
	if (!(info & RXD_VLD))
		return -ENXIO;
	return le16_to_cpu(desc->rx.size);
}

int rx_both(struct ring *ring)
{
	struct desc *desc = &ring->desc[ring->next_to_clean];

	return le32_to_cpu(desc->rx.bd_base_info) + le16_to_cpu(desc->rx.size);
}

int rx_other(struct ring *ring)
{
	struct desc *o = &ring->other[ring->next_to_clean];

	if (!(le32_to_cpu(o->rx.bd_base_info) & RXD_VLD))
		return -ENXIO;
	return le16_to_cpu(o->rx.vlan);
}
