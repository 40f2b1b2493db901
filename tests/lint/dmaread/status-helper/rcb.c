// SPDX-License-Identifier: MIT
/* The status read in one function, the descriptor read in a helper its caller calls after
 * it (hisilicon/hns/hns_enet.c@6.12 hns_nic_rx_poll_one(): num = readl_relaxed(ring->io_base
 * + RCB_REG_FBDNUM); rmb(); then, in a while loop, hns_nic_poll_rx_skb(), which reads
 * le32_to_cpu(desc->rx.ipoff_bnum_pid_flag)). rx_poll() is that code without its rmb():
 * must flag relaxed-read-then-dma-read once, at the helper's call, naming its read.
 * rx_poll_ok() keeps the rmb(); rx_poll_helper_ordered() calls a helper that orders its
 * own read with dma_rmb() first; rx_poll_helper_reads() a helper that reads the count
 * itself, with readl(), before the descriptor (mvpp2_main.c@6.12 mvpp2_rx()); and
 * rx_poll_copy() a helper that reads a copy in memory the driver kzalloc()ed: all silent. */
#include <linux/io.h>

struct rx_desc { __le32 ipoff_bnum_pid_flag; __le16 size; };
struct desc { struct rx_desc rx; };
struct ring {
	struct desc *desc;
	struct desc *copy;
	unsigned int next_to_clean;
	void __iomem *io_base;
};

#define RCB_REG_FBDNUM 0x48
#define RCB_REG_HEAD 0x4c

/* the ring is DMA memory (the rule asks for it: a helper's read of a copy the driver made
 * is no read of what the device wrote); the doorbell rules follow it in files that write
 * MMIO with a relaxed accessor, as rx_refill() does */
int rx_init(struct device *dev, struct ring *ring, dma_addr_t *dma)
{
	ring->desc = dma_alloc_coherent(dev, 4096, dma, GFP_KERNEL);
	return ring->desc ? 0 : -ENOMEM;
}

void rx_refill(struct ring *ring)
{
	wmb();
	writel_relaxed(ring->next_to_clean, ring->io_base + RCB_REG_HEAD);
}

static int poll_rx_skb(struct ring *ring)
{
	struct desc *desc = &ring->desc[ring->next_to_clean];

	return le32_to_cpu(desc->rx.ipoff_bnum_pid_flag) & 0xff;
}

static int poll_rx_skb_ordered(struct ring *ring)
{
	struct desc *desc = &ring->desc[ring->next_to_clean];

	dma_rmb();
	return le32_to_cpu(desc->rx.ipoff_bnum_pid_flag) & 0xff;
}

int rx_poll(struct ring *ring, int budget)
{
	int num, recv = 0;

	num = readl_relaxed(ring->io_base + RCB_REG_FBDNUM);
	while (recv < budget && recv < num) {
		recv += poll_rx_skb(ring);
	}
	return recv;
}

int rx_poll_ok(struct ring *ring, int budget)
{
	int num, recv = 0;

	num = readl_relaxed(ring->io_base + RCB_REG_FBDNUM);
	rmb();
	while (recv < budget && recv < num) {
		recv += poll_rx_skb(ring);
	}
	return recv;
}

int rx_poll_helper_ordered(struct ring *ring, int budget)
{
	int num, recv = 0;

	num = readl_relaxed(ring->io_base + RCB_REG_FBDNUM);
	while (recv < budget && recv < num) {
		recv += poll_rx_skb_ordered(ring);
	}
	return recv;
}

static int poll_rx_skb_reads(struct ring *ring)
{
	struct desc *desc = &ring->desc[ring->next_to_clean];

	if (!readl(ring->io_base + RCB_REG_FBDNUM))
		return 0;
	return le32_to_cpu(desc->rx.ipoff_bnum_pid_flag) & 0xff;
}

int rx_poll_helper_reads(struct ring *ring, int budget)
{
	int num, recv = 0;

	num = readl_relaxed(ring->io_base + RCB_REG_FBDNUM);
	while (recv < budget && recv < num) {
		recv += poll_rx_skb_reads(ring);
	}
	return recv;
}

static int poll_copy(struct ring *ring)
{
	struct desc *c = &ring->copy[ring->next_to_clean];

	return le32_to_cpu(c->rx.ipoff_bnum_pid_flag) & 0xff;
}

int rx_poll_copy(struct ring *ring, int budget)
{
	int num, recv = 0;

	ring->copy = kzalloc(4096, GFP_KERNEL);
	num = readl_relaxed(ring->io_base + RCB_REG_FBDNUM);
	while (recv < budget && recv < num) {
		recv += poll_copy(ring);
	}
	return recv;
}
