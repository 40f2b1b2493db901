// SPDX-License-Identifier: MIT
/* Must flag relaxed-read-then-dma-read once, in ring_rx(): the write pointer the device
 * advances is read relaxed, then the loop reads each packet's status word from the RX ring
 * with le32_to_cpup() at a computed pointer. Shape of _sc92031_rx_tasklet()
 * (drivers/net/ethernet/silan/sc92031.c@6.12 l.730-763, where an ioread32() and rmb() order
 * it): the read opens the while body, which is entered after the status read. ring_rx_ok()
 * is the same with rmb() after the read: silent. */
#include <linux/io.h>

struct ring { void *rx_ring; void __iomem *port; unsigned int tail; };

static unsigned int ring_rx(struct ring *r)
{
	unsigned int head, len, got = 0;
	void *rx_ring = r->rx_ring;

	head = readl_relaxed(r->port + 0x3c);
	len = (head - r->tail) & 0xffff;
	if (!len)
		return 0;
	while (len) {
		u32 status = le32_to_cpup((__le32 *)(rx_ring + r->tail));
		got += status >> 16;
		len -= 4;
	}
	return got;
}

static unsigned int ring_rx_ok(struct ring *r)
{
	unsigned int head, len, got = 0;
	void *rx_ring = r->rx_ring;

	head = readl_relaxed(r->port + 0x3c);
	rmb();
	len = (head - r->tail) & 0xffff;
	if (!len)
		return 0;
	while (len) {
		u32 status = le32_to_cpup((__le32 *)(rx_ring + r->tail));
		got += status >> 16;
		len -= 4;
	}
	return got;
}
