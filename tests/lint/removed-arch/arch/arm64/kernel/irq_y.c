// SPDX-License-Identifier: MIT
/* Must flag removed-api: arm64 has no mmiowb() after 5.2 (spin_unlock() orders MMIO writes
 * for the next lock holder). */
#include <linux/io.h>

static void irq_y_unmask(void __iomem *r)
{
	writel(1, r);
	mmiowb();
}
