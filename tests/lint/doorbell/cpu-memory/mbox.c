// SPDX-License-Identifier: MIT
/* Memory only the CPU uses is not what the device reads by DMA. Shapes of
 * drivers/net/wireless/ath/wil6210/wmi.c@6.12:
 *   - wmi_set_ie() l.2511-2524: cmd = kzalloc(), cmd->ie_len = cpu_to_le16(), then the
 *     command is copied into the device's memory with __raw_writel() (wmi_send()): silent;
 *   - wmi_start_sched_scan() l.3540-3570: a command on the stack, filled by a helper given
 *     &cmd (wmi_sched_scan_set_plans()), then sent: silent;
 * and of drivers/mmc/host/cqhci-crypto.c@6.12 l.183 (cqhci_crypto_init()): a copy of a
 * capability register kept for the CPU, cpu_to_le32(cqhci_readl(...)), then a relaxed
 * write that clears a key slot: silent.
 * The same stores into dma_alloc_coherent() memory, and the helper given a pointer into it,
 * are flagged: two findings, one per missing barrier. */
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/slab.h>

struct cmd { __le16 len; __le16 plans[4]; };
union caps { __le32 reg_val; struct { u8 n, cfg; } f; };
struct mbox { void __iomem *regs; struct cmd *ring; dma_addr_t ring_dma; union caps caps; };

static u32 mbox_readl(struct mbox *m, int reg)
{
	return readl(m->regs + reg);
}

static void mbox_copy(struct mbox *m, const void *src, int n)
{
	const u32 *s = src;

	for (int i = 0; i < n / 4; i++)
		__raw_writel(s[i], m->regs + 0x100 + 4 * i);
}

static void set_plans(struct cmd *c, int n)
{
	for (int i = 0; i < 4; i++)
		c->plans[i] = cpu_to_le16(n + i);
}

static int mbox_send_heap(struct mbox *m, int len)
{
	struct cmd *c = NULL;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->len = cpu_to_le16(len);
	mbox_copy(m, c, sizeof(*c));
	kfree(c);
	return 0;
}

static void mbox_send_stack(struct mbox *m, int n)
{
	struct cmd c = { 0 };

	set_plans(&c, n);
	mbox_copy(m, &c, sizeof(c));
}

static int mbox_init(struct device *dev, struct mbox *m)
{
	m->ring = dma_alloc_coherent(dev, 4096, &m->ring_dma, GFP_KERNEL);
	return m->ring ? 0 : -ENOMEM;
}

static void mbox_post(struct mbox *m, int len)
{
	struct cmd *c = &m->ring[0];

	c->len = cpu_to_le16(len);
	writel_relaxed(1, m->regs + 0x10);
}

static void mbox_post_plans(struct mbox *m, int n)
{
	set_plans(&m->ring[1], n);
	writel_relaxed(1, m->regs + 0x10);
}

static void mbox_init_caps(struct mbox *m)
{
	m->caps.reg_val = cpu_to_le32(mbox_readl(m, 0x4));
	writel_relaxed(0, m->regs + 0x20);
}
