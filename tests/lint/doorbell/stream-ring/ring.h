// SPDX-License-Identifier: MIT
/* The ring of this case's files */
struct txd { u32 addr; u16 len; u16 flags; };
struct ring {
	struct txd *txd, *rxd;
	dma_addr_t txd_dma, rxd_dma;
	struct device *dev;
	void __iomem *io_base;
};
