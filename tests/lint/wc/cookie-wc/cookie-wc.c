// SPDX-License-Identifier: MIT
/* Must not flag: the framebuffer mapped with ioremap_wc() beside its cookie (seed 001). */
#include <linux/io.h>
#include <linux/pci.h>

struct wcpar { int wc_cookie; };

static int wc_probe(struct pci_dev *pdev, struct fb_info *info, struct wcpar *par)
{
	info->fix.smem_start = pci_resource_start(pdev, 0);
	info->fix.smem_len = pci_resource_len(pdev, 0);
	info->screen_base = ioremap_wc(info->fix.smem_start, info->fix.smem_len);
	par->wc_cookie = arch_phys_wc_add(info->fix.smem_start, info->fix.smem_len);
	return 0;
}
