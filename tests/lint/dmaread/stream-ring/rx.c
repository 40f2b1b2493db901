// SPDX-License-Identifier: MIT
/* The reads of ring.c's streaming buffers. rx_poll() reads the device's count of received
 * descriptors with readl_relaxed() and, with no rmb() after it, calls poll_one(), which reads
 * a descriptor of desc (hisilicon/hns/hns_enet.c@6.12 hns_nic_rx_poll_one() without its
 * rmb() at l.854): must flag relaxed-read-then-dma-read once, at the call, naming the
 * helper's read. rx_poll_ok() keeps the rmb(): its helper poll_two() reads one field, then,
 * in a branch on it, another (hns_nic_poll_rx_skb() at l.594 and l.650): silent, the
 * descriptors being complete when the ordered count says so. tx_clean() reads txd, which
 * the device only reads (DMA_TO_DEVICE), after a relaxed read: silent. */
#include <linux/io.h>
#include "ring.h"

#define RCB_REG_FBDNUM 0x48
#define RCB_REG_HEAD 0x4c

void rx_refill(struct ring *ring)
{
	wmb();
	writel_relaxed(ring->next_to_clean, ring->io_base + RCB_REG_HEAD);
}

static int poll_one(struct ring *ring)
{
	struct desc *desc = &ring->desc[ring->next_to_clean];

	return le32_to_cpu(desc->rx.flag) & 0xff;
}

int rx_poll(struct ring *ring, int budget)
{
	int num, recv = 0;

	num = readl_relaxed(ring->io_base + RCB_REG_FBDNUM);
	while (recv < budget && recv < num) {
		recv += poll_one(ring);
	}
	return recv;
}

static int poll_two(struct ring *ring)
{
	struct desc *desc = &ring->desc[ring->next_to_clean];
	int len = le16_to_cpu(desc->rx.len);

	if (len > 64) {
		return le32_to_cpu(desc->rx.flag) & 0xff;
	}
	return len;
}

int rx_poll_ok(struct ring *ring, int budget)
{
	int num, recv = 0;

	num = readl_relaxed(ring->io_base + RCB_REG_FBDNUM);
	rmb();
	while (recv < budget && recv < num) {
		recv += poll_two(ring);
	}
	return recv;
}

static int clean_one(struct ring *ring)
{
	struct desc *d = &ring->txd[ring->next_to_clean];

	return le16_to_cpu(d->rx.len);
}

int tx_clean(struct ring *ring)
{
	int done = readl_relaxed(ring->io_base + RCB_REG_HEAD);

	if (done) {
		return clean_one(ring);
	}
	return 0;
}
