// SPDX-License-Identifier: MIT
/* Must flag, with its branch: the MTRR under #ifdef CONFIG_X86, plain ioremap() elsewhere. */
#include <linux/io.h>

static void __iomem *map_fb(unsigned long base, unsigned long size, int *cookie)
{
#ifdef CONFIG_X86
	*cookie = mtrr_add(base, size, MTRR_TYPE_WRCOMB, 1);
	return ioremap_wc(base, size);
#else
	*cookie = -1;
	return ioremap(base, size);
#endif
}
