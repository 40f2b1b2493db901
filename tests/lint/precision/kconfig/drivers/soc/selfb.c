// SPDX-License-Identifier: MIT
/* The same range mapped WC and uncached (wc-uc-alias on x86). Kconfig says where this file
 * builds: socfb.c and dsp.c only where x86 cannot (no finding), pcfb.c and selfb.c on x86
 * too (flagged). */
#include <linux/io.h>

static void __iomem *selfb_regs, *selfb_fb;

static int selfb_map(unsigned long selfb_base)
{
	selfb_regs = ioremap(selfb_base, 0x1000);
	selfb_fb = ioremap_wc(selfb_base, 0x100000);
	return 0;
}
