// SPDX-License-Identifier: MIT
/* Must stay silent (each function below was flagged before its rule):
 * - ring_init() fills the descriptor ring, resets the DMA engine with a relaxed write, then
 *   writes the ring's base address: set-up, the engine is started later, after wmb(), in
 *   ring_start() (dw_mmc.c@6.12 dw_mci_idmac_init() and dw_mci_idmac_start_dma(); the base
 *   is written in the two arms of an if);
 * - prep_desc() stores a descriptor and, on its error path, calls ring_init(), which starts
 *   nothing (dw_mci_prepare_desc64()'s err_own_bit);
 * - pio_complete() swaps the bytes of a finished read in the bounce buffer (DMA-coherent),
 *   and the interrupt handler's other branch feeds the data register by PIO: a data
 *   register is no doorbell (atmel-mci.c@6.12 atmci_pdc_complete() and
 *   atmci_write_data_pio(), ATMCI_TDR).
 * The driver's accessors are macros of its header (mmc.h), as dw_mmc.h's mci_writel(). */
#include <linux/io.h>
#include <linux/dma-mapping.h>
#include "mmc.h"

struct desc { __le32 des0, des1, des2, des3; };
struct host {
	void __iomem *regs;
	struct desc *ring;
	dma_addr_t ring_dma;
	u32 *buffer;
	dma_addr_t buf_dma;
	int wide, ring_size, words;
};

static int host_dma_init(struct host *h, struct device *dev)
{
	h->ring = dmam_alloc_coherent(dev, 4096, &h->ring_dma, GFP_KERNEL);
	h->buffer = dma_alloc_coherent(dev, 4096, &h->buf_dma, GFP_KERNEL);
	return h->ring && h->buffer ? 0 : -1;
}

static void ring_reset(struct host *h)
{
	u32 bmod = MMC_READL(h, BMOD);

	MMC_WRITEL(h, BMOD, bmod | 1);
}

static int ring_init(struct host *h)
{
	struct desc *p = h->ring;
	int i;

	for (i = 0; i < h->ring_size - 1; i++, p++) {
		p->des3 = cpu_to_le32(h->ring_dma + sizeof(*p) * (i + 1));
		p->des0 = 0;
	}
	p->des3 = cpu_to_le32(h->ring_dma);
	p->des0 = cpu_to_le32(0x20);

	ring_reset(h);

	if (h->wide) {
		MMC_WRITEL(h, DBADDRL, h->ring_dma & 0xffffffff);
		MMC_WRITEL(h, DBADDRU, (u64)h->ring_dma >> 32);
	} else {
		MMC_WRITEL(h, DBADDR, h->ring_dma);
	}
	return 0;
}

static int prep_desc(struct host *h, dma_addr_t addr, int bad)
{
	struct desc *d = h->ring;

	if (bad)
		goto err;
	d->des2 = cpu_to_le32(addr);
	d->des0 = cpu_to_le32(0x80000000);
	return 0;
err:
	d->des0 = 0;
	ring_init(h);
	return -1;
}

static void ring_start(struct host *h, dma_addr_t addr)
{
	prep_desc(h, addr, 0);
	wmb();
	MMC_WRITEL(h, PLDMND, 1);
}

static void pio_complete(struct host *h)
{
	int i;

	for (i = 0; i < h->words; i++)
		h->buffer[i] = swab32(h->buffer[i]);
}

static void pio_write(struct host *h, const u32 *buf, int n)
{
	do {
		MMC_WRITEL(h, TDR, *buf++);
	} while (--n);
}

static void host_interrupt(struct host *h, u32 pending, const u32 *buf, int n)
{
	if (pending & 1)
		pio_complete(h);
	if (pending & 2)
		pio_write(h, buf, n);
}
