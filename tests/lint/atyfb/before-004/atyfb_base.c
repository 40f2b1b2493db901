// SPDX-License-Identifier: MIT
/* atyfb before seed 004 (3cc2dac5be3f), after seeds 003 and 002: the lines those commits
 * change and their context, and, as glue, the probe's flow of the BAR's start in our words
 * (res_start is the BAR's start; atyfb_setup_generic() gets it as addr; the registers are
 * the last page of the first 8 MiB). Reduced test input. */
#include "atyfb.h"

static bool nomtrr;

static void aty_fudge_framebuffer_len(struct fb_info *info)
{
	struct atyfb_par *par = (struct atyfb_par *) info->par;

	if (!par->aux_start && info->fix.smem_len == 0x800000)
		info->fix.smem_len -= GUI_RESERVE;
}

static int aty_init(struct fb_info *info)
{
	struct atyfb_par *par = info->par;

	aty_fudge_framebuffer_len(info);
#ifdef CONFIG_MTRR
	par->mtrr_aper = -1;
	par->mtrr_reg = -1;
	if (!nomtrr) {
		/* Cover the whole resource. */
		par->mtrr_aper = mtrr_add(par->res_start, par->res_size,
					  MTRR_TYPE_WRCOMB, 1);
		if (par->mtrr_aper >= 0 && !par->aux_start) {
			/* Make a hole for mmio. */
			par->mtrr_reg = mtrr_add(par->res_start + 0x800000 -
						 GUI_RESERVE, GUI_RESERVE,
						 MTRR_TYPE_UNCACHABLE, 1);
			if (par->mtrr_reg < 0) {
				mtrr_del(par->mtrr_aper, 0, 0);
				par->mtrr_aper = -1;
			}
		}
	}
#endif
	return 0;
}

static int atyfb_setup_generic(struct pci_dev *pdev, struct fb_info *info,
			       unsigned long addr)
{
	struct atyfb_par *par = info->par;
	unsigned long raddr;

	raddr = addr + 0x7ff000UL;
	info->fix.mmio_start = raddr;
	par->ati_regbase = ioremap(info->fix.mmio_start, 0x1000);
	if (par->ati_regbase == NULL)
		return -ENOMEM;

	/* Map in frame buffer */
	info->fix.smem_start = addr;
	info->fix.smem_len = 0x800000;
	info->screen_base = ioremap(info->fix.smem_start, info->fix.smem_len);
	if (info->screen_base == NULL)
		return -ENOMEM;
	return 0;
}

static int atyfb_pci_probe(struct pci_dev *pdev, const struct pci_device_id *ent)
{
	struct fb_info *info;
	struct atyfb_par *par;
	unsigned long res_start, res_size;
	struct resource *rp = &pdev->resource[0];

	res_start = rp->start;
	res_size = resource_size(rp);
	info = framebuffer_alloc(sizeof(struct atyfb_par), &pdev->dev);
	par = info->par;
	par->res_start = res_start;
	par->res_size = res_size;
	if (atyfb_setup_generic(pdev, info, res_start))
		return -ENOMEM;
	return aty_init(info);
}
