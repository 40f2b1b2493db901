// SPDX-License-Identifier: MIT
/* Must not flag: strong UC registers on x86; on other architectures plain ioremap(), where
 * arch_phys_wc_add() is a no-op and no MTRR exists (atyfb's #ifdef after seed 004). */
#include <linux/io.h>

struct xchip { void __iomem *regs, *fb; int wc; };

static int xchip_map(struct xchip *c, unsigned long start)
{
#ifdef CONFIG_X86
	c->regs = ioremap_uc(start + 0x7ff000, 0x1000);
#else
	c->regs = ioremap(start + 0x7ff000, 0x1000);
#endif
	c->fb = ioremap_wc(start, 0x7ff000);
	c->wc = arch_phys_wc_add(start, 0x1000000);
	return 0;
}
