// SPDX-License-Identifier: MIT
/* removed-api: which calls build against --kernel (the default 6.12, and 4.1, 5.1, 5.4). */
#include <linux/io.h>
#include <linux/version.h>

static void __iomem *regs;

static void old_map(unsigned long base)
{
	regs = ioremap_nocache(base, 0x1000);    /* gone in 5.6 */
	writel(1, regs);
	mmiowb();                                /* gone in 5.2 */
}

static void new_map(unsigned long base)
{
	regs = ioremap_uc(base, 0x1000);         /* from 4.2 */
	writel(1, regs);
	io_stop_wc();                            /* from 5.17 */
}

static void gated(unsigned long base)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 6, 0)
	regs = devm_ioremap_nocache(NULL, base, 0x1000);  /* built only before 5.6 */
#else
	regs = ioremap(base, 0x1000);
#endif
}
