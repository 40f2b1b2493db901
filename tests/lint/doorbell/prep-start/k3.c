// SPDX-License-Identifier: MIT
/* Descriptors written in a DMA engine prep callback, the channel started in another
 * function (dma/k3dma.c@6.12: k3_dma_prep_memcpy() fills ds->desc_hw[], a dma_pool_zalloc()
 * block; k3_dma_start_txd() calls k3_dma_set_desc(), which writes the first descriptor's
 * fields and the enable with writel_relaxed() and no barrier). The client calls the prep
 * callback, then dma_async_issue_pending() (include/linux/dmaengine.h@6.12); nothing in
 * between orders the descriptor stores before the enable. k3_start_txd() must flag
 * dma-write-then-relaxed-doorbell once; k3_start_txd_ok() has wmb() first (at_hdmac's fix
 * 580ee84405c2 in atc_dostart()): silent. k3_recovery_start() writes a register after the
 * driver's own k3_prep_cmd_desc(), no DMA engine callback: silent. */
#include <linux/io.h>
#include <linux/dmapool.h>

struct desc_hw { u32 saddr, daddr, lli, count, config; };
struct desc_sw { struct desc_hw *desc_hw; dma_addr_t desc_hw_lli; int desc_num; };
struct phy { void __iomem *base; };
struct dev { struct dma_pool *pool; struct phy *phy; struct desc_hw *cmd; };

#define CX_LLI 0x800
#define CX_CFG 0x81c

struct desc_sw *k3_prep_memcpy(struct dev *d, dma_addr_t dst, dma_addr_t src, size_t len)
{
	struct desc_sw *ds = kzalloc(sizeof(*ds), GFP_NOWAIT);
	int num = 0;

	ds->desc_hw = dma_pool_zalloc(d->pool, GFP_NOWAIT, &ds->desc_hw_lli);
	ds->desc_hw[num].saddr = src;
	ds->desc_hw[num].daddr = dst;
	ds->desc_hw[num].count = len;
	ds->desc_hw[num].lli = 0;
	return ds;
}

static void k3_set_desc(struct phy *phy, struct desc_hw *hw)
{
	writel_relaxed(hw->lli, phy->base + CX_LLI);
	writel_relaxed(hw->config, phy->base + CX_CFG);
}

void k3_start_txd(struct dev *d, struct desc_sw *ds)
{
	k3_set_desc(d->phy, &ds->desc_hw[0]);
}

void k3_start_txd_ok(struct dev *d, struct desc_sw *ds)
{
	wmb();
	k3_set_desc(d->phy, &ds->desc_hw[0]);
}

static void k3_prep_cmd_desc(struct dev *d)
{
	d->cmd = dma_pool_zalloc(d->pool, GFP_NOWAIT, NULL);
	d->cmd->config = 1;
}

void k3_recovery_start(struct dev *d)
{
	k3_prep_cmd_desc(d);
	dma_wmb();
	writel_relaxed(0, d->phy->base + CX_CFG);
}
