// SPDX-License-Identifier: MIT
/* Must flag wc-cookie-without-wc-mapping, linked through a struct field: the probe keeps the
 * framebuffer's address in ->fb_phys, another function takes the cookie on that field. */
#include <linux/io.h>

struct lfb {
	unsigned long fb_phys;
	void __iomem *fb;
	int wc;
};

static int lfb_map(struct lfb *p, unsigned long addr)
{
	p->fb_phys = addr;
	p->fb = ioremap(addr, 0x800000);
	return 0;
}

static void lfb_enable_wc(struct lfb *p)
{
	p->wc = arch_phys_wc_add(p->fb_phys, 0x800000);
}
