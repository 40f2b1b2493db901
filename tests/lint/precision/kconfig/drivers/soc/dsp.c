// SPDX-License-Identifier: MIT
/* The same range mapped WC and uncached (wc-uc-alias on x86). Kconfig says where this file
 * builds: socfb.c and dsp.c only where x86 cannot (no finding), pcfb.c and selfb.c on x86
 * too (flagged). */
#include <linux/io.h>

static void __iomem *dsp_regs, *dsp_fb;

static int dsp_map(unsigned long dsp_base)
{
	dsp_regs = ioremap(dsp_base, 0x1000);
	dsp_fb = ioremap_wc(dsp_base, 0x100000);
	return 0;
}
