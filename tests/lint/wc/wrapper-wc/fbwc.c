// SPDX-License-Identifier: MIT
/* Must not flag: the framebuffer is mapped WC by the header's wrapper, and the WC cookie
 * over it is what seed 001 does. */
#include <linux/pci.h>
#include "fbwc.h"

struct fbpar { int wc_cookie; };

static int fb_probe(struct pci_dev *pdev, struct fb_info *info, struct fbpar *par)
{
	info->fix.smem_start = pci_resource_start(pdev, 0);
	info->fix.smem_len = pci_resource_len(pdev, 0);
	info->screen_base = fbwc_map_fb(info->fix.smem_start, info->fix.smem_len);
	if (!info->screen_base)
		return -ENOMEM;
	par->wc_cookie = arch_phys_wc_add(info->fix.smem_start, info->fix.smem_len);
	return 0;
}
