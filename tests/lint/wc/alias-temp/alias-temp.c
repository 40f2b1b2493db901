// SPDX-License-Identifier: MIT
/* Must not flag: a temporary UC- mapping to read an ID, unmapped before the range is mapped
 * WC for good. */
#include <linux/io.h>

static void __iomem *window;

static int window_map(unsigned long base)
{
	void __iomem *probe;
	u32 id;

	probe = ioremap(base, 0x1000);
	id = readl(probe);
	iounmap(probe);
	window = ioremap_wc(base, 0x200000);
	return id ? 0 : -ENODEV;
}
