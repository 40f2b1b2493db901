// SPDX-License-Identifier: MIT
/* Must flag wc-cookie-without-wc-mapping: the framebuffer is mapped with plain ioremap()
 * and a WC cookie is taken over it; with PAT the cookie does nothing and the framebuffer
 * stays UC- (seed 001's conversion done half way). */
#include <linux/io.h>
#include <linux/pci.h>

struct fbpar { int wc_cookie; };

static int fb_probe(struct pci_dev *pdev, struct fb_info *info, struct fbpar *par)
{
	info->fix.smem_start = pci_resource_start(pdev, 0);
	info->fix.smem_len = pci_resource_len(pdev, 0);
	info->screen_base = ioremap(info->fix.smem_start, info->fix.smem_len);
	if (!info->screen_base)
		return -ENOMEM;
	par->wc_cookie = arch_phys_wc_add(info->fix.smem_start, info->fix.smem_len);
	return 0;
}
