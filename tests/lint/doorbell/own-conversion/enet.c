// SPDX-License-Identifier: MIT
/* Buffer descriptors filled with the driver's own conversions (fec_main.c@6.12
 * fec_enet_txq_submit_skb(): bdp->cbd_bufaddr = cpu_to_fec32(addr), bdp->cbd_datlen =
 * cpu_to_fec16(buflen), then bdp->cbd_sc = cpu_to_fec16(status), then the queue's
 * reg_desc_active is written). fec writes it with writel(), ordered; here enet_xmit() does
 * it with writel_relaxed(): must flag dma-write-then-relaxed-doorbell once. enet_xmit_ok()
 * has dma_wmb() before it, and enet_node() stores a value no conversion gave (cpu_to_node()
 * is the kernel's CPU-to-NUMA-node map, which this driver does not define): both silent.
 * A conversion defined as a function counts too: cpu_to_hw32() below. */
#include <linux/io.h>
#include "enet.h"

static inline u32 cpu_to_hw32(u32 v)
{
	return (__force u32)cpu_to_be32(v);
}

void enet_xmit(struct enet_txq *txq, dma_addr_t addr, u16 len)
{
	struct bufdesc *bdp = txq->cur;

	bdp->cbd_bufaddr = cpu_to_hw32(addr);
	bdp->cbd_datlen = cpu_to_enet16(len);
	bdp->cbd_sc = cpu_to_enet16(0x8000);
	writel_relaxed(0, txq->reg_desc_active);
}

void enet_xmit_ok(struct enet_txq *txq, dma_addr_t addr, u16 len)
{
	struct bufdesc *bdp = txq->cur;

	bdp->cbd_bufaddr = cpu_to_enet32(addr);
	bdp->cbd_datlen = cpu_to_enet16(len);
	bdp->cbd_sc = cpu_to_enet16(0x8000);
	dma_wmb();
	writel_relaxed(0, txq->reg_desc_active);
}

void enet_node(struct enet_txq *txq, int cpu)
{
	struct bufdesc *bdp = txq->cur;

	bdp->cbd_node = cpu_to_node(cpu);
	writel_relaxed(0, txq->reg_desc_active);
}
