// SPDX-License-Identifier: MIT
/* Must flag wc-cookie-without-wc-mapping through the header's macro wrapper: fbm_map() is
 * ioremap() (UC-), and with PAT the WC cookie over the framebuffer does nothing. */
#include <linux/pci.h>
#include "fbm.h"

struct fbpar { int wc_cookie; };

static int fb_probe(struct pci_dev *pdev, struct fb_info *info, struct fbpar *par)
{
	info->fix.smem_start = pci_resource_start(pdev, 0);
	info->fix.smem_len = pci_resource_len(pdev, 0);
	info->screen_base = fbm_map(info->fix.smem_start, info->fix.smem_len);
	if (!info->screen_base)
		return -ENOMEM;
	par->wc_cookie = arch_phys_wc_add(info->fix.smem_start, info->fix.smem_len);
	return 0;
}
