// SPDX-License-Identifier: MIT
/* Must flag wc-uc-alias: the aperture mapped WC, then its first register page mapped again
 * with plain ioremap(), both kept: with PAT the UC- request inherits WC. */
#include <linux/io.h>

static void __iomem *aper, *ctl;

static int aper_map(unsigned long base)
{
	aper = ioremap_wc(base, 0x400000);
	ctl = ioremap(base + 0x1000, 0x1000);
	return 0;
}
