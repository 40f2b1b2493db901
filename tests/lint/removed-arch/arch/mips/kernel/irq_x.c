// SPDX-License-Identifier: MIT
/* Must not flag removed-api: MIPS still defines mmiowb() in 6.12 for its own code
 * (arch/mips/include/asm/mmiowb.h), as arch/mips/kernel/irq_txx9.c calls it. */
#include <linux/io.h>

static void irq_x_unmask(void __iomem *r)
{
	__raw_writel(1, r);
	mmiowb();
}
