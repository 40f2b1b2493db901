// SPDX-License-Identifier: MIT
/* The same range mapped WC and uncached (wc-uc-alias on x86). Kconfig says where this file
 * builds: socfb.c and dsp.c only where x86 cannot (no finding), pcfb.c and selfb.c on x86
 * too (flagged). */
#include <linux/io.h>

static void __iomem *socfb_regs, *socfb_fb;

static int socfb_map(unsigned long socfb_base)
{
	socfb_regs = ioremap(socfb_base, 0x1000);
	socfb_fb = ioremap_wc(socfb_base, 0x100000);
	return 0;
}
