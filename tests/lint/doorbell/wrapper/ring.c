// SPDX-License-Identifier: MIT
/* Must flag through the driver's register wrapper, the article's brcm_sata_writereg()
 * pattern: ring_wr() is writel_relaxed(), so the doorbell at its call is relaxed. */
#include <linux/io.h>

struct desc { __le32 addr, ctrl; };
struct ring { struct desc *d; void __iomem *regs; unsigned int head; };

static inline void ring_wr(u32 val, void __iomem *addr)
{
	writel_relaxed(val, addr);
}

static void ring_post(struct ring *r, u32 buf, u32 len)
{
	struct desc *d = &r->d[r->head];

	d->addr = cpu_to_le32(buf);
	d->ctrl = cpu_to_le32(len);
	ring_wr(r->head, r->regs + 0x10);
}
