// SPDX-License-Identifier: MIT
/* atyfb after seed 004 (3cc2dac5be3f), before seed 001: its plus lines (ioremap_uc() for the
 * registers, ioremap_wc() for the trimmed framebuffer, one WC MTRR) and, as glue, the probe's flow of the BAR's start in our words
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
	if (!nomtrr) {
		/*
		 * Only the ioremap_wc()'d area will get WC here
		 * since ioremap_uc() was used on the entire PCI BAR.
		 */
		par->mtrr_aper = mtrr_add(par->res_start, par->res_size,
					  MTRR_TYPE_WRCOMB, 1);
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
	/*
	 * By using strong UC we force the MTRR to never have an
	 * effect on the MMIO region on both non-PAT and PAT systems.
	 */
	par->ati_regbase = ioremap_uc(info->fix.mmio_start, 0x1000);
	if (par->ati_regbase == NULL)
		return -ENOMEM;

	/* Map in frame buffer */
	info->fix.smem_start = addr;
	info->fix.smem_len = 0x800000;

	aty_fudge_framebuffer_len(info);

	info->screen_base = ioremap_wc(info->fix.smem_start,
				       info->fix.smem_len);
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
