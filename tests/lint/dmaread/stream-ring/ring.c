// SPDX-License-Identifier: MIT
/* Streaming buffers as DMA memory: rings a driver allocates with kzalloc() and maps for its
 * device with dma_map_single(), in a file that names no MMIO access, so that no rule program
 * reads it (hisilicon/hns/hnae.c@6.12 hnae_alloc_desc(): ring->desc = kzalloc(size,
 * GFP_KERNEL); ring->desc_dma_addr = dma_map_single(ring_to_dev(ring), ring->desc, size,
 * ring_to_dma_dir(ring))). rx.c, in the same directory, reads them. desc is mapped with a
 * direction computed at run time (the device may write it), txd with DMA_TO_DEVICE (the
 * device only reads it), and a packet's data is mapped per request, a buffer the driver does
 * not allocate here: only desc is memory the device writes, for the read code. */
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include "ring.h"

int ring_alloc(struct ring *ring, int size, enum dma_data_direction dir)
{
	ring->desc = kzalloc(size, GFP_KERNEL);
	if (!ring->desc)
		return -ENOMEM;
	ring->desc_dma = dma_map_single(ring->dev, ring->desc, size, dir);
	ring->txd = kzalloc(size, GFP_KERNEL);
	if (!ring->txd)
		return -ENOMEM;
	ring->txd_dma = dma_map_single(ring->dev, ring->txd, size, DMA_TO_DEVICE);
	return 0;
}

dma_addr_t pkt_map(struct ring *ring, struct pkt *p, int len)
{
	return dma_map_single(ring->dev, p->data, len, DMA_FROM_DEVICE);
}
