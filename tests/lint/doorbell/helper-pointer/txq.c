// SPDX-License-Identifier: MIT
/* The descriptor pointer is returned by a helper (marvell/mvneta.c@6.12
 * mvneta_txq_next_desc_get(): return txq->descs + tx_desc; txq->descs is a
 * dma_alloc_coherent() member), then filled with plain stores (mvneta_tso_put_hdr():
 * tx_desc->data_size = hdr_len; tx_desc->command = ...), then the queue's pending count is
 * written. mvneta writes it with writel() in mvreg_write(); here txq_xmit() writes it with
 * writel_relaxed(): must flag dma-write-then-relaxed-doorbell once. txq_xmit_ok() has wmb()
 * before the write, and txq_stats() fills a pointer that no such helper gave (its own
 * bookkeeping): both silent. */
#include <linux/io.h>
#include <linux/dma-mapping.h>

struct tx_desc { u32 command; u16 reserved; u16 data_size; u32 buf_phys_addr; };
struct stats { u32 packets; };
struct tx_queue {
	struct tx_desc *descs;
	dma_addr_t descs_phys;
	struct stats *st;
	int next_desc_to_proc;
	int size;
	void __iomem *update;
};

static int txq_init(struct device *dev, struct tx_queue *txq)
{
	txq->descs = dma_alloc_coherent(dev, txq->size * sizeof(struct tx_desc), &txq->descs_phys, GFP_KERNEL);
	return txq->descs ? 0 : -ENOMEM;
}

static struct tx_desc *txq_next_desc_get(struct tx_queue *txq)
{
	int tx_desc = txq->next_desc_to_proc;

	txq->next_desc_to_proc = (tx_desc + 1) % txq->size;
	return txq->descs + tx_desc;
}

static struct stats *txq_stats_get(struct tx_queue *txq)
{
	return txq->st;
}

void txq_xmit(struct tx_queue *txq, dma_addr_t buf, u16 len)
{
	struct tx_desc *tx_desc = txq_next_desc_get(txq);

	tx_desc->data_size = len;
	tx_desc->buf_phys_addr = buf;
	tx_desc->command = 1;
	writel_relaxed(1, txq->update);
}

void txq_xmit_ok(struct tx_queue *txq, dma_addr_t buf, u16 len)
{
	struct tx_desc *tx_desc;

	tx_desc = txq_next_desc_get(txq);
	tx_desc->data_size = len;
	tx_desc->buf_phys_addr = buf;
	tx_desc->command = 1;
	wmb();
	writel_relaxed(1, txq->update);
}

void txq_stats(struct tx_queue *txq)
{
	struct stats *s = txq_stats_get(txq);

	s->packets = 1;
	writel_relaxed(0, txq->update);
}
