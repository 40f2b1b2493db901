// SPDX-License-Identifier: MIT
/* A ring allocated into a local, checked, then kept in a member of each queue
 * (cortina/gemini.c@6.12 gmac_setup_txqs(): desc_ring = dma_alloc_coherent(...); if
 * (!desc_ring) ...; then txq->ring = desc_ring for each queue, desc_ring += entries).
 * The descriptors are filled in a helper through a pointer into the ring with plain stores
 * (gmac_map_tx_bufs(): txd = txq->ring + w; txd->word0.bits32 = buflen; ...), and the
 * caller rings the queue's write pointer. gemini does so with writew() (ordered); here
 * txq_xmit() does it with writew_relaxed(): must flag dma-write-then-relaxed-doorbell once.
 * txq_xmit_ok() has dma_wmb() before the doorbell: silent. The ring's base written in the
 * set-up (the handle the allocation gave) is set-up, not a doorbell: silent. */
#include <linux/io.h>
#include <linux/dma-mapping.h>

struct txd { u32 word0, word1, word2, word3; };
struct txq {
	struct txd *ring;
	unsigned int w;
	void __iomem *ptr_reg;
};
struct port {
	struct device *dev;
	void __iomem *dma_base;
	dma_addr_t txq_dma_base;
	struct txq txq[4];
};

static int txq_setup(struct port *port, unsigned int entries)
{
	struct txq *txq = port->txq;
	struct txd *desc_ring;
	int i;

	desc_ring = dma_alloc_coherent(port->dev, 4 * entries * sizeof(*desc_ring),
				       &port->txq_dma_base, GFP_KERNEL);
	if (!desc_ring)
		return -ENOMEM;
	writel_relaxed(port->txq_dma_base, port->dma_base + 0x40);
	for (i = 0; i < 4; i++) {
		txq->ring = desc_ring;
		txq++;
		desc_ring += entries;
	}
	return 0;
}

static void txq_fill(struct txq *txq, dma_addr_t buf, u32 len)
{
	struct txd *txd = txq->ring + txq->w;

	txd->word0 = len;
	txd->word2 = buf;
	txd->word3 = 1;
}

void txq_xmit(struct txq *txq, dma_addr_t buf, u32 len)
{
	txq_fill(txq, buf, len);
	txq->w++;
	writew_relaxed(txq->w, txq->ptr_reg);
}

void txq_xmit_ok(struct txq *txq, dma_addr_t buf, u32 len)
{
	txq_fill(txq, buf, len);
	txq->w++;
	dma_wmb();
	writew_relaxed(txq->w, txq->ptr_reg);
}
