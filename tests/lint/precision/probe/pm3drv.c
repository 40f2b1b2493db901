// SPDX-License-Identifier: MIT
/* Must not flag: the framebuffer is mapped uncached into a local to size it and unmapped
 * before the function returns; the WC mapping and the cookie come after. Shape of
 * drivers/video/fbdev/pm3fb.c@6.12 l.1228-1304 (pm3fb_size_memory()) and l.1365-1388
 * (pm3fb_probe()). */
#include <linux/io.h>
#include <linux/pci.h>

struct pm3drv { void __iomem *screen_base; unsigned long smem_start, smem_len; int wc_cookie; };

static unsigned long pm3drv_size_memory(struct pm3drv *par)
{
	unsigned long memsize = 0;
	unsigned char __iomem *screen_mem;

	par->smem_len = 64 * 1024l * 1024;
	screen_mem = ioremap(par->smem_start, par->smem_len);
	if (!screen_mem)
		return 0;
	memsize = readl(screen_mem) ? 32 : 16;
	iounmap(screen_mem);
	return memsize * 1024 * 1024;
}

static int pm3drv_probe(struct pci_dev *dev, struct pm3drv *par)
{
	par->smem_start = pci_resource_start(dev, 1);
	par->smem_len = pm3drv_size_memory(par);
	if (!par->smem_len)
		return -ENXIO;
	par->screen_base = ioremap_wc(par->smem_start, par->smem_len);
	if (!par->screen_base)
		return -ENOMEM;
	par->wc_cookie = arch_phys_wc_add(par->smem_start, par->smem_len);
	return 0;
}
