// SPDX-License-Identifier: MIT
/* The same range mapped WC and uncached (wc-uc-alias on x86). Kconfig says where this file
 * builds: socfb.c and dsp.c only where x86 cannot (no finding), pcfb.c and selfb.c on x86
 * too (flagged). */
#include <linux/io.h>

static void __iomem *pcfb_regs, *pcfb_fb;

static int pcfb_map(unsigned long pcfb_base)
{
	pcfb_regs = ioremap(pcfb_base, 0x1000);
	pcfb_fb = ioremap_wc(pcfb_base, 0x100000);
	return 0;
}
