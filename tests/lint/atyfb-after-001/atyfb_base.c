// SPDX-License-Identifier: MIT
/* The hunks of drivers/video/fbdev/aty/atyfb_base.c that seed 001 (7d89a3cb159a) changes,
 * rebuilt from its context and plus lines: after the conversion. Reduced test input. */
#include "atyfb.h"

static bool nomtrr;

static int aty_init(struct fb_info *info)
{
	struct atyfb_par *par = info->par;
	int ret = 0;

	if (!nomtrr)
		/*
		 * Only the ioremap_wc()'d area will get WC here
		 * since ioremap_uc() was used on the entire PCI BAR.
		 */
		par->wc_cookie = arch_phys_wc_add(par->res_start,
						  par->res_size);
	if (ret)
		goto aty_init_exit;
	return 0;

aty_init_exit:
	arch_phys_wc_del(par->wc_cookie);
	return ret;
}

static int __init atyfb_atari_probe(unsigned long phys_vmembase, unsigned long phys_size,
				    unsigned long phys_guiregbase, struct fb_info *info,
				    struct atyfb_par *par)
{
	info->screen_base = ioremap_wc(phys_vmembase,
				       phys_size);
	par->ati_regbase = ioremap(phys_guiregbase, 0x10000) + 0xFC00ul;
	return 0;
}

static void atyfb_remove(struct fb_info *info)
{
	struct atyfb_par *par = info->par;

	arch_phys_wc_del(par->wc_cookie);
	if (par->ati_regbase)
		iounmap(par->ati_regbase);
}
