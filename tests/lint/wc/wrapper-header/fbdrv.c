// SPDX-License-Identifier: MIT
/* Must flag wc-cookie-without-wc-mapping through the header's wrapper: the framebuffer is
 * mapped by fbdrv_map(), which is ioremap() (UC-), and a WC cookie is taken over it; with
 * PAT the cookie does nothing (seed 001's conversion done half way). The registers, BAR 1,
 * are mapped by the same wrapper and are not linked to the cookie. */
#include <linux/pci.h>
#include "fbdrv.h"

struct fbpar { int wc_cookie; void __iomem *regs; };

static int fb_probe(struct pci_dev *pdev, struct fb_info *info, struct fbpar *par)
{
	info->fix.smem_start = pci_resource_start(pdev, 0);
	info->fix.smem_len = pci_resource_len(pdev, 0);
	par->regs = fbdrv_map(pci_resource_start(pdev, 1), 0x4000);
	info->screen_base = fbdrv_map(info->fix.smem_start, info->fix.smem_len);
	if (!info->screen_base)
		return -ENOMEM;
	par->wc_cookie = arch_phys_wc_add(info->fix.smem_start, info->fix.smem_len);
	return 0;
}
