// SPDX-License-Identifier: MIT
/* Stores into ring.c's streaming buffers, then a relaxed write of the ring's tail register.
 * xmit() fills a TX descriptor through a pointer into the ring, with plain values (no
 * cpu_to_le*()), then writes the tail with writel_relaxed(): must flag
 * dma-write-then-relaxed-doorbell once, at the tail write. xmit_ok() has dma_wmb() before the
 * tail write, xmit_member() the same stores through the member with wmb(): silent. (rx.c
 * writes the other ring.) */
#include <linux/io.h>
#include "ring.h"

#define TX_TAIL 0x10

void xmit(struct ring *ring, int i, u32 addr, u16 len)
{
	struct txd *d = &ring->txd[i];

	d->addr = addr;
	d->len = len;
	writel_relaxed(i + 1, ring->io_base + TX_TAIL);
}

void xmit_ok(struct ring *ring, int i, u32 addr, u16 len)
{
	struct txd *d = &ring->txd[i];

	d->addr = addr;
	d->len = len;
	dma_wmb();
	writel_relaxed(i + 1, ring->io_base + TX_TAIL);
}

void xmit_member(struct ring *ring, int i, u32 addr, u16 len)
{
	ring->txd[i].addr = addr;
	ring->txd[i].len = len;
	wmb();
	writel_relaxed(i + 1, ring->io_base + TX_TAIL);
}
