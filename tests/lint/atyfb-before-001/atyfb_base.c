// SPDX-License-Identifier: MIT
/* The hunks of drivers/video/fbdev/aty/atyfb_base.c that seed 001 (7d89a3cb159a) changes,
 * rebuilt from its context and minus lines: before the conversion. Reduced test input. */
#include "atyfb.h"
#ifdef CONFIG_MTRR
#include <asm/mtrr.h>
#endif

static bool nomtrr;

static int aty_init(struct fb_info *info)
{
	struct atyfb_par *par = info->par;
	int ret = 0;

#ifdef CONFIG_MTRR
	par->mtrr_aper = -1;
	if (!nomtrr) {
		/*
		 * Only the ioremap_wc()'d area will get WC here
		 * since ioremap_uc() was used on the entire PCI BAR.
		 */
		par->mtrr_aper = mtrr_add(par->res_start, par->res_size,
					  MTRR_TYPE_WRCOMB, 1);
	}
#endif
	if (ret)
		goto aty_init_exit;
	return 0;

aty_init_exit:
#ifdef CONFIG_MTRR
	if (par->mtrr_aper >= 0) {
		mtrr_del(par->mtrr_aper, 0, 0);
		par->mtrr_aper = -1;
	}
#endif
	return ret;
}

static int __init atyfb_atari_probe(unsigned long phys_vmembase, unsigned long phys_size,
				    unsigned long phys_guiregbase, struct fb_info *info,
				    struct atyfb_par *par)
{
	info->screen_base = ioremap(phys_vmembase, phys_size);
	par->ati_regbase = ioremap(phys_guiregbase, 0x10000) + 0xFC00ul;
	return 0;
}

static void atyfb_remove(struct fb_info *info)
{
	struct atyfb_par *par = info->par;

#ifdef CONFIG_MTRR
	if (par->mtrr_aper >= 0) {
		mtrr_del(par->mtrr_aper, 0, 0);
		par->mtrr_aper = -1;
	}
#endif
	if (par->ati_regbase)
		iounmap(par->ati_regbase);
}
