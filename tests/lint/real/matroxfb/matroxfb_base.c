// SPDX-License-Identifier: MIT
/* Mirrors drivers/video/matrox/matroxfb_base.c (Matrox fbdev) as read in Linux 3.10.35
 * (liwei/asustor-xpenology @607b6fc499fa), before the 2015 arch_phys_wc_add() conversion.
 * Our words, reduced to initMatrox2()'s mappings and matroxfb_remove(): the registers
 * (16 KiB) and the framebuffer are two BARs (0 and 1, swapped on DEVF_SWAPS boards), both
 * mapped through the header's mga_ioremap() (ioremap_nocache()); the WC MTRR covers the
 * framebuffer BAR's start for the memory size the card reports.
 * Expected: mtrr-add-in-driver on mtrr_add() and mtrr_del(); no mapping code (the WC MTRR
 * makes the UC- framebuffer WC; the registers are another BAR). */
#include "matroxfb_base.h"

#define DEVF_SWAPS	0x0002

struct video_board { int maxvram; int maxdisplayable; };
struct board { unsigned int flags; struct video_board *base; };

#ifdef CONFIG_MTRR
static int mtrr = 1;
#endif

static int initMatrox2(struct matrox_fb_info *minfo, struct board *b)
{
	unsigned long ctrlptr_phys = 0;
	unsigned long video_base_phys = 0;
	unsigned int memsize;

	if (b->flags & DEVF_SWAPS) {
		ctrlptr_phys = pci_resource_start(minfo->pcidev, 1);
		video_base_phys = pci_resource_start(minfo->pcidev, 0);
	} else {
		ctrlptr_phys = pci_resource_start(minfo->pcidev, 0);
		video_base_phys = pci_resource_start(minfo->pcidev, 1);
	}
	memsize = b->base->maxvram;
	if (mga_ioremap(ctrlptr_phys, 16384, MGA_IOREMAP_MMIO, &minfo->mmio.vbase))
		return -ENOMEM;
	minfo->mmio.base = ctrlptr_phys;
	minfo->mmio.len = 16384;
	minfo->video.base = video_base_phys;
	if (mga_ioremap(video_base_phys, memsize, MGA_IOREMAP_FB, &minfo->video.vbase)) {
		mga_iounmap(minfo->mmio.vbase);
		return -ENOMEM;
	}
	/* the size found by probing the mapped memory, at most memsize */
	if (!matroxfb_getmemory(minfo, memsize, &minfo->video.len))
		return -ENOMEM;
	minfo->video.len_usable = minfo->video.len;
#ifdef CONFIG_MTRR
	if (mtrr) {
		minfo->mtrr.vram = mtrr_add(video_base_phys, minfo->video.len,
					    MTRR_TYPE_WRCOMB, 1);
		minfo->mtrr.vram_valid = 1;
	}
#endif
	return 0;
}

static void matroxfb_remove(struct matrox_fb_info *minfo, int dummy)
{
#ifdef CONFIG_MTRR
	if (minfo->mtrr.vram_valid)
		mtrr_del(minfo->mtrr.vram, minfo->video.base, minfo->video.len);
#endif
	mga_iounmap(minfo->mmio.vbase);
	mga_iounmap(minfo->video.vbase);
}
