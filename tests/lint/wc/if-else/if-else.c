// SPDX-License-Identifier: MIT
/* Must not flag: WC or plain mapping of the framebuffer by a module parameter, in the two
 * arms of one if (vesafb and efifb do this): the calls never run together, so there is no
 * alias, and the cookie taken in the WC arm has its WC mapping. Braceless arms too. */
#include <linux/io.h>

static int use_wc = 1;
static void __iomem *screen, *screen2;
static int cookie;

static int map_screen(unsigned long base, unsigned long size)
{
	if (use_wc) {
		cookie = arch_phys_wc_add(base, size);
		screen = ioremap_wc(base, size);
	} else {
		screen = ioremap(base, size);
	}
	return 0;
}

static int map_screen2(unsigned long base2, unsigned long size2)
{
	if (use_wc == 2)
		screen2 = ioremap_wc(base2, size2);
	else if (use_wc == 3)
		screen2 = ioremap(base2, size2);
	return 0;
}
