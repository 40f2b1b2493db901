// SPDX-License-Identifier: MIT
/* Must not flag: the relaxed writes after the descriptor store set up registers (an
 * interrupt mask, a configuration word); the doorbell is the writel() after them, which is
 * ordered after the store (the shape of drivers/crypto/marvell/cesa's request steps in 6.12,
 * where the first version of this code raised two false findings). */
#include <linux/io.h>

struct op { struct { __le32 enc_len; } desc; };
struct engine { void __iomem *regs; };

static void eng_step(struct engine *e, struct op *op, u32 len)
{
	op->desc.enc_len = cpu_to_le32(len);
	writel_relaxed(0x1, e->regs + 0x20);
	writel_relaxed(0x2, e->regs + 0x24);
	writel(0x1, e->regs + 0x30);
}
