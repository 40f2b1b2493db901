// SPDX-License-Identifier: MIT
/* Must not flag: the stores before the relaxed doorbell are to the driver's own
 * bookkeeping (kcalloc() memory, a pointer into it), which the device never reads; and
 * where the DMA ring is written, dma_wmb() orders it before the doorbell. */
#include <linux/io.h>
#include <linux/slab.h>
#include <linux/dma-mapping.h>

struct desc { u32 addr, ctrl; };
struct info { u32 len; void *skb; };
struct chan {
	struct desc *ring;
	struct info *sw;
	dma_addr_t ring_dma;
	void __iomem *regs;
	unsigned int head;
};

static int chan_init(struct device *dev, struct chan *c)
{
	c->ring = dma_alloc_coherent(dev, 64 * sizeof(*c->ring), &c->ring_dma, GFP_KERNEL);
	c->sw = kcalloc(64, sizeof(*c->sw), GFP_KERNEL);
	return c->ring && c->sw ? 0 : -ENOMEM;
}

static void chan_note(struct chan *c, u32 len, void *skb)
{
	struct info *i = &c->sw[c->head];

	i->len = len;
	i->skb = skb;
	c->sw[c->head].len = len;
	writel_relaxed(c->head, c->regs + 0x10);
}

static void chan_post(struct chan *c, u32 buf, u32 len)
{
	struct desc *d = c->ring + c->head;

	d->addr = buf;
	d->ctrl = len | 0x80000000;
	dma_wmb();
	writel_relaxed(c->head, c->regs + 0x10);
}

/* Set-up: the ring is filled, then its DMA address, size and tail are written with
 * relaxed writes before the ring is started elsewhere (mtk_eth_soc.c@6.12
 * mtk_init_fq_dma() has this shape): the first relaxed write gives the device the ring's
 * address (the handle of dma_alloc_coherent()), which is not a doorbell. */
static void chan_ring_setup(struct chan *c)
{
	for (int i = 0; i < 64; i++)
		c->ring[i].ctrl = 0;
	writel_relaxed(c->ring_dma, c->regs + 0x30);
	writel_relaxed(64, c->regs + 0x34);
}

/* The channel is started by a helper whose first statement is writel() (through another
 * helper): that orders the stores before it, whatever relaxed writes follow
 * (imx-sdma.c@6.12 sdma_run_channel0()). */
static void chan_enable(struct chan *c)
{
	writel(1, c->regs + 0x40);
}

static void chan_run(struct chan *c)
{
	chan_enable(c);
	writel_relaxed(0, c->regs + 0x44);
}

static void chan_load(struct chan *c, u32 addr)
{
	c->ring[0].addr = addr;
	chan_run(c);
}

/* The store is in an arm that returns: the relaxed write after the if runs only when the
 * arm did not (cadence-nand-controller.c@6.12 cadence_nand_write_page() has this shape:
 * the DMA transfer in the arm, a register write after it for the other way). */
static int chan_write(struct chan *c, u32 len)
{
	if (len > 64) {
		c->ring[0].ctrl = len;
		dma_wmb();
		writel_relaxed(0, c->regs + 0x60);
		c->ring[1].ctrl = 0;
		return 0;
	}
	writel_relaxed(len, c->regs + 0x64);
	return 0;
}

/* The helper that posts the entry copies it to the device with relaxed writes in an arm
 * (a direct push), then orders with wmb() and rings with writel() whichever way it went:
 * to its callers it is the writel() (lpfc_sli.c@6.12 lpfc_sli4_wq_put() has this shape). */
static void chan_push(struct chan *c, bool direct)
{
	if (direct)
		__raw_writel(c->ring[0].ctrl, c->regs + 0x70);
	wmb();
	writel(1, c->regs + 0x74);
}

static void chan_send(struct chan *c, u32 len, bool direct)
{
	c->ring[0].ctrl = len;
	chan_push(c, direct);
}

/* After the descriptors, a relaxed write that re-enables an interrupt: it asks the device
 * to fetch nothing (calxeda/xgmac.c@6.12 xgmac_poll() re-enables with __raw_writel() of
 * XGMAC_DMA_INTR_ENA after the RX refill). */
#define CHAN_INTR_ENA 0x80
static void chan_poll_done(struct chan *c)
{
	c->ring[c->head].ctrl = 0x80000000;
	writel_relaxed(1, c->regs + CHAN_INTR_ENA);
}

/* Parameters written relaxed, then wmb(), then the go bit: the writes before the barrier
 * pass parameters, the kick after it is ordered (mthca_cmd.c@6.12 mthca_cmd_post_hcr()
 * has this shape), in a helper and in the function itself. */
static void chan_cmd_post(struct chan *c, u32 param)
{
	writel_relaxed(param, c->regs + 0xa0);
	wmb();
	writel_relaxed(1, c->regs + 0xa4);
}

static void chan_cmd(struct chan *c, u32 op)
{
	c->ring[2].ctrl = op;
	chan_cmd_post(c, 7);
	c->ring[3].ctrl = op;
	writel_relaxed(op, c->regs + 0xa0);
	wmb();
	writel_relaxed(1, c->regs + 0xa4);
}

/* A command mailbox: filled, then handed to a function this driver does not define, which
 * orders it and posts the command (mlx4 eq.c@6.12 mlx4_create_eq() gives the mailbox to
 * mlx4_SW2HW_EQ()); the relaxed write after it rings something else. */
struct mbox { void *buf; dma_addr_t dma; };
int chan_exec(struct chan *c, struct mbox *m, u32 op);

static struct mbox *chan_mbox(struct chan *c, struct dma_pool *pool)
{
	struct mbox *m = kmalloc(sizeof(*m), GFP_KERNEL);

	m->buf = dma_pool_alloc(pool, GFP_KERNEL, &m->dma);
	return m;
}

static void chan_post_cmd(struct chan *c, struct dma_pool *pool, u32 op)
{
	struct mbox *m = chan_mbox(c, pool);
	struct desc *ctx = m->buf;

	ctx->ctrl = op;
	chan_exec(c, m, 1);
	writel_relaxed(1, c->regs + 0xc0);
}
