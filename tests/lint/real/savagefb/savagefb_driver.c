// SPDX-License-Identifier: MIT
/* Mirrors drivers/video/savage/savagefb_driver.c (S3 Savage fbdev) as read in Linux
 * 3.10.35 (liwei/asustor-xpenology @607b6fc499fa), before the 2015 arch_phys_wc_add()
 * conversion. Our words, reduced to savage_map_mmio(), savage_map_video(),
 * savage_unmap_video() and the probe's order. Savage3D/MX: framebuffer at BAR 0, registers
 * at BAR 0 + 16 MiB; Savage4 and later: registers at BAR 0 + 0, framebuffer BAR 1. The WC
 * MTRR covers video_len (probed VRAM, at most 8 MiB on a Savage3D, 16 MiB on a Savage/MX)
 * from the framebuffer's start, so in the real driver it never reaches the registers.
 * Expected: mtrr-add-in-driver on mtrr_add() and mtrr_del(), nothing else (lint once raised
 * registers-under-wc-mtrr on the framebuffer's ioremap() when it knew fields by their last
 * member name only, so that video.pbase took mmio.pbase's values). */
#include "savagefb.h"

static int savage_map_mmio(struct fb_info *info)
{
	struct savagefb_par *par = info->par;
	if (S3_SAVAGE3D_SERIES(par->chip))
		par->mmio.pbase = pci_resource_start(par->pcidev, 0) + SAVAGE_NEWMMIO_REGBASE_S3;
	else
		par->mmio.pbase = pci_resource_start(par->pcidev, 0) + SAVAGE_NEWMMIO_REGBASE_S4;
	par->mmio.len = SAVAGE_NEWMMIO_REGSIZE;
	par->mmio.vbase = ioremap(par->mmio.pbase, par->mmio.len);
	if (!par->mmio.vbase)
		return -ENOMEM;
	info->fix.mmio_start = par->mmio.pbase;
	info->fix.mmio_len = par->mmio.len;
	return 0;
}

static int savage_map_video(struct fb_info *info, int video_len)
{
	struct savagefb_par *par = info->par;
	int resource;

	if (S3_SAVAGE3D_SERIES(par->chip))
		resource = 0;
	else
		resource = 1;
	par->video.pbase = pci_resource_start(par->pcidev, resource);
	par->video.len = video_len;
	par->video.vbase = ioremap(par->video.pbase, par->video.len);
	if (!par->video.vbase)
		return -ENOMEM;
	info->fix.smem_start = par->video.pbase;
	info->fix.smem_len = par->video.len - par->cob_size;
	info->screen_base = par->video.vbase;
#ifdef CONFIG_MTRR
	par->video.mtrr = mtrr_add(par->video.pbase, video_len, MTRR_TYPE_WRCOMB, 1);
#endif
	memset_io(par->video.vbase, 0, par->video.len);
	return 0;
}

static void savage_unmap_video(struct fb_info *info)
{
	struct savagefb_par *par = info->par;

	if (par->video.vbase) {
#ifdef CONFIG_MTRR
		mtrr_del(par->video.mtrr, par->video.pbase, par->video.len);
#endif
		iounmap(par->video.vbase);
		par->video.vbase = NULL;
	}
}

static int savagefb_probe(struct pci_dev *dev, const struct pci_device_id *id)
{
	struct fb_info *info = framebuffer_alloc(sizeof(struct savagefb_par), &dev->dev);
	int video_len;

	savage_init_fb_info(info, dev, id);	/* par->pcidev = dev, par->chip */
	if (savage_map_mmio(info))
		return -ENOMEM;
	video_len = savage_init_hw(info->par);	/* VRAM size in bytes */
	return savage_map_video(info, video_len);
}
