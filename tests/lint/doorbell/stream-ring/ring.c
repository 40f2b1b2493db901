// SPDX-License-Identifier: MIT
/* Streaming buffers as DMA memory, for the doorbell code: a TX ring allocated with kzalloc()
 * and mapped DMA_TO_DEVICE (the device reads it), and an RX status ring mapped
 * DMA_FROM_DEVICE (the device only writes it), in a file with no MMIO access (the shape of
 * hisilicon/hns/hnae.c@6.12 hnae_alloc_desc()). tx.c writes them. */
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include "ring.h"

int ring_alloc(struct ring *ring, int size)
{
	ring->txd = kzalloc(size, GFP_KERNEL);
	if (!ring->txd)
		return -ENOMEM;
	ring->txd_dma = dma_map_single(ring->dev, ring->txd, size, DMA_TO_DEVICE);
	ring->rxd = kzalloc(size, GFP_KERNEL);
	if (!ring->rxd)
		return -ENOMEM;
	ring->rxd_dma = dma_map_single(ring->dev, ring->rxd, size, DMA_FROM_DEVICE);
	return 0;
}
