// SPDX-License-Identifier: MIT
/* Must not flag: the GTT is mapped WC when the CPU can, and uncached into the same
 * variable only when that failed; the first is never kept beside the second. Shape of
 * drivers/char/agp/intel-gtt.c@6.12 l.629-635 (intel_gtt_init()). */
#include <linux/io.h>

static struct { void __iomem *gtt; phys_addr_t gtt_phys_addr; } gttdrv;

static int gttdrv_can_wc(void);

static int gttdrv_map(unsigned int map_size)
{
	gttdrv.gtt = NULL;
	if (gttdrv_can_wc())
		gttdrv.gtt = ioremap_wc(gttdrv.gtt_phys_addr, map_size);
	if (gttdrv.gtt == NULL)
		gttdrv.gtt = ioremap(gttdrv.gtt_phys_addr, map_size);
	if (gttdrv.gtt == NULL)
		return -ENOMEM;
	return 0;
}
