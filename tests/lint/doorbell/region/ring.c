// SPDX-License-Identifier: MIT
/* Must flag dma-write-then-relaxed-doorbell twice: the descriptors live in memory from
 * dma_alloc_coherent() and dma_pool_zalloc(), and are filled with plain stores (no
 * cpu_to_le32()): through a pointer into the ring, and through the member itself. Then
 * the doorbell is rung with writel_relaxed(), and nothing orders the two. */
#include <linux/io.h>
#include <linux/dma-mapping.h>
#include <linux/dmapool.h>

struct desc { u32 addr, ctrl; };
struct cmdbuf { u32 words[64]; };
struct chan {
	struct cmdbuf *cmds;
	dma_addr_t cmds_dma;
	struct desc *ring;
	struct desc *lli;
	struct dma_pool *pool;
	dma_addr_t ring_dma, lli_dma;
	void __iomem *regs;
	unsigned int head;
};

static int chan_init(struct device *dev, struct chan *c)
{
	c->ring = dma_alloc_coherent(dev, 64 * sizeof(*c->ring), &c->ring_dma, GFP_KERNEL);
	c->lli = dma_pool_zalloc(c->pool, GFP_NOWAIT, &c->lli_dma);
	c->cmds = dmam_alloc_coherent(dev, sizeof(*c->cmds), &c->cmds_dma, GFP_KERNEL);
	return c->ring && c->lli ? 0 : -ENOMEM;
}

/* through a pointer into the ring, the value byte-swapped with a cast */
static void chan_post(struct chan *c, u32 buf, u32 len)
{
	struct desc *d = &c->ring[c->head];

	d->addr = buf;
	d->ctrl = (__force u32)cpu_to_be32(len | 0x80000000);
	c->head = (c->head + 1) % 64;
	writel_relaxed(c->head, c->regs + 0x10);
}

/* through the member, a linked-list item the controller fetches when started */
static void chan_start(struct chan *c, u32 src, u32 dst)
{
	c->lli[0].addr = src;
	c->lli[0].ctrl = dst;
	writel_relaxed(c->lli_dma, c->regs + 0x20);
}

/* One finding for one store: the channel is kicked by three relaxed writes in turn. */
static void chan_kick(struct chan *c, u32 len)
{
	c->ring[c->head].ctrl = len;
	writel_relaxed(0, c->regs + 0x50);
	writel_relaxed(c->head, c->regs + 0x54);
	writel_relaxed(1, c->regs + 0x58);
}

/* A command buffer filled through a pointer, an array member of it, then the command
 * register written relaxed (pxa3xx-gcu.c@6.12 run_ready() has this shape): one finding,
 * at the first relaxed write, for the whole sequence. */
static void chan_cmds(struct chan *c, u32 op)
{
	struct cmdbuf *b = c->cmds;
	int n = 0;

	b->words[n++] = op;
	b->words[n++] = 0x05000000;
	writel_relaxed(0, c->regs + 0x90);
	b->words[n] = 0;
	writel_relaxed(n, c->regs + 0x94);
}

/* The doorbell helper writes relaxed, then mb(): the barrier comes after the kick, so the
 * stores before the call are not ordered before it (mlx4 eq.c@6.12 eq_set_ci() has this
 * helper shape). */
static void chan_arm(struct chan *c, u32 ci)
{
	__raw_writel(ci, c->regs + 0xb0);
	mb();
}

static void chan_rearm(struct chan *c, u32 ci)
{
	c->ring[ci].ctrl = 0;
	chan_arm(c, ci);
}
