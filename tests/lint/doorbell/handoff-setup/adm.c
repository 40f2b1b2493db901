// SPDX-License-Identifier: MIT
/* Must stay silent (each was flagged before its rule):
 * - adm_init() copies a constant table into DMA-coherent memory, then gives the device the
 *   DMA address of its message buffer through a variable, in two relaxed writes of its halves:
 *   set-up, nothing is started (qat adf_admin.c@6.12 adf_init_admin_comms(): reg_val =
 *   (u64)admin->phy_addr, then ADF_CSR_WR() of upper_32_bits(reg_val) and
 *   lower_32_bits(reg_val));
 * - xfer() copies a transfer into a bounce buffer and hands it to a DMA engine channel
 *   (dmaengine_prep_slave_single(), dmaengine_submit(), dma_async_issue_pending(): the
 *   channel's provider orders its own start), then, on an error path, clears the
 *   controller's counters with relaxed writes (spi-atmel.c@6.12
 *   atmel_spi_next_xfer_dma_submit() and atmel_spi_one_transfer()).
 * adm_send() is flagged: the message copied into the buffer, then the mailbox written with
 * __raw_writel() (qat adf_admin.c@6.12 adf_put_admin_msg_sync(), a true finding on arm64). */
#include <linux/io.h>
#include <linux/dma-mapping.h>
#include <linux/dmaengine.h>

#define CSR_WR(base, off, val)	__raw_writel((val), (base) + (off))

struct adm {
	void *virt_addr, *virt_tbl, *bbuf;
	dma_addr_t phy_addr, tbl_addr, bbuf_dma;
	void __iomem *csr;
	struct dma_chan *chan;
};

static const u32 table[16];

static int adm_init(struct adm *a, struct device *dev)
{
	u64 reg_val;

	a->virt_addr = dma_alloc_coherent(dev, 4096, &a->phy_addr, GFP_KERNEL);
	a->virt_tbl = dma_alloc_coherent(dev, 4096, &a->tbl_addr, GFP_KERNEL);
	memcpy(a->virt_tbl, table, sizeof(table));
	reg_val = (u64)a->phy_addr;
	CSR_WR(a->csr, 0x40, upper_32_bits(reg_val));
	CSR_WR(a->csr, 0x44, lower_32_bits(reg_val));
	return 0;
}

static int adm_send(struct adm *a, const void *msg)
{
	memcpy(a->virt_addr, msg, 64);
	CSR_WR(a->csr, 0x100, 1);
	return 0;
}

static int xfer_submit(struct adm *a, struct device *dev, const void *buf, size_t len)
{
	struct dma_async_tx_descriptor *tx;

	a->bbuf = dma_alloc_coherent(dev, 4096, &a->bbuf_dma, GFP_KERNEL);
	memcpy(a->bbuf, buf, len);
	tx = dmaengine_prep_slave_single(a->chan, a->bbuf_dma, len, DMA_MEM_TO_DEV, 0);
	if (!tx)
		return -1;
	dmaengine_submit(tx);
	dma_async_issue_pending(a->chan);
	return 0;
}

static void xfer(struct adm *a, struct device *dev, const void *buf, size_t len)
{
	if (xfer_submit(a, dev, buf, len)) {
		writel_relaxed(0, a->csr + 0x104);
		writel_relaxed(0, a->csr + 0x114);
	}
}
