// SPDX-License-Identifier: MIT
/* rx_reset() stores into a descriptor of ring.c's RX ring, which the device only writes
 * (mapped DMA_FROM_DEVICE), then writes the RX tail with writel_relaxed(): the device reads
 * nothing the CPU stored there; silent (mapped DMA_BIDIRECTIONAL, it would be flagged). In a
 * file of its own: tx.c's ordered tail write would teach that the RX tail is no doorbell. */
#include <linux/io.h>
#include "ring.h"

#define RX_TAIL 0x20

void rx_reset(struct ring *ring, int i)
{
	ring->rxd[i].flags = 1;
	writel_relaxed(i + 1, ring->io_base + RX_TAIL);
}
