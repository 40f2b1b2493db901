// SPDX-License-Identifier: MIT
/*
 * Mirrors cqhci_host_alloc_tdl() and cqhci_request() of the MMC command queue
 * host driver, drivers/mmc/host/cqhci.c (torvalds/linux; cqhci.c read as stored
 * at 0c6a0df39642, i.e. before the fix).
 * Fix: c07d0073b9ec80a139d07ebf78e9c30d2a28279e "mmc: cqhci: Commit descriptors
 * before setting the doorbell" (Fixes: a4080225f51d). It put a wmb() right
 * before the TDBR doorbell write. cqhci_writel() is writel_relaxed() unless the
 * host overrides it; it is spelled out here. The driver uses dmam_alloc_coherent()
 * and stores the task descriptor as *task_desc. This file: before the fix.
 *
 * Expected: dma-write-then-relaxed-doorbell on the writel_relaxed(1 << tag, cq->mmio + CQHCI_TDBR) (arm64: the device can see the doorbell before the descriptor)
 */
#include <linux/io.h>
#include <linux/dma-mapping.h>

#define CQHCI_TDBR	0x58

struct cqhci_host {
	void __iomem *mmio;
	__le64 *desc_base;		/* task descriptors, one per tag */
	dma_addr_t desc_dma_base;
	__le64 *trans_desc_base;	/* transfer descriptors */
	dma_addr_t trans_desc_dma_base;
	int qcnt;
};

static int cq_alloc_tdl(struct device *dev, struct cqhci_host *cq,
			size_t desc_size, size_t data_size)
{
	cq->desc_base = dma_alloc_coherent(dev, desc_size,
					   &cq->desc_dma_base, GFP_KERNEL);
	if (!cq->desc_base)
		return -ENOMEM;
	cq->trans_desc_base = dma_alloc_coherent(dev, data_size,
						 &cq->trans_desc_dma_base, GFP_KERNEL);
	return cq->trans_desc_base ? 0 : -ENOMEM;
}

static int cq_request(struct cqhci_host *cq, int tag, u64 task, dma_addr_t buf)
{
	__le64 *task_desc = &cq->desc_base[tag];
	__le64 *dataddr = &cq->trans_desc_base[2 * tag + 1];

	task_desc[0] = cpu_to_le64(task);	/* task descriptor */
	dataddr[0] = cpu_to_le64(buf);		/* transfer descriptor: data address */

	cq->qcnt += 1;
	writel_relaxed(1 << tag, cq->mmio + CQHCI_TDBR);
	return 0;
}
