// SPDX-License-Identifier: MIT
/* The ring of this case's files */
struct rx_desc { __le32 flag; __le16 len; };
struct desc { struct rx_desc rx; };
struct pkt { void *data; };
struct ring {
	struct desc *desc, *txd;
	dma_addr_t desc_dma, txd_dma;
	struct device *dev;
	unsigned int next_to_clean;
	void __iomem *io_base;
};
