// SPDX-License-Identifier: MIT
/* Mirrors drivers/video/neofb.c (NeoMagic fbdev) as read in Linux 3.10.35
 * (liwei/asustor-xpenology @607b6fc499fa), before the 2015 arch_phys_wc_add() conversion.
 * Our words, reduced to neo_map_mmio(), neo_map_video() and neo_unmap_video(). MMIO_SIZE
 * is include/video/neomagic.h's. The framebuffer is BAR 0 (ioremap() of video_len, which
 * neo_init_hw() returns: 896 KiB to 6 MiB) under a WC MTRR over the whole of BAR 0
 * (pci_resource_len()). The registers are BAR 1 on the NM2160 and later, but inside BAR 0
 * on the NM2070 (+1 MiB) and NM2090/NM2093 (+2 MiB), so there the ioremap()'d registers
 * sit under the WC MTRR and are write-combined with PAT and without.
 * Expected: mtrr-add-in-driver on mtrr_add() and mtrr_del(), and registers-under-wc-mtrr on
 * the register ioremap(), a true positive: BAR 0's start is computed in two functions from
 * the dev their caller passes both, which lint follows. */
#include <asm/mtrr.h>

#define MMIO_SIZE 0x200000

struct neofb_par {
	void __iomem *mmio_vbase;
#ifdef CONFIG_MTRR
	int mtrr;
#endif
};

static int neo_map_mmio(struct fb_info *info, struct pci_dev *dev)
{
	struct neofb_par *par = info->par;
	switch (info->fix.accel) {
	case FB_ACCEL_NEOMAGIC_NM2070:
		info->fix.mmio_start = pci_resource_start(dev, 0) + 0x100000;
		break;
	case FB_ACCEL_NEOMAGIC_NM2090:
	case FB_ACCEL_NEOMAGIC_NM2093:
		info->fix.mmio_start = pci_resource_start(dev, 0) + 0x200000;
		break;
	case FB_ACCEL_NEOMAGIC_NM2160:	/* ... and the others up to */
	case FB_ACCEL_NEOMAGIC_NM2380:
		info->fix.mmio_start = pci_resource_start(dev, 1);
		break;
	default:
		info->fix.mmio_start = pci_resource_start(dev, 0);
	}
	info->fix.mmio_len = MMIO_SIZE;
	par->mmio_vbase = ioremap(info->fix.mmio_start, MMIO_SIZE);
	return par->mmio_vbase ? 0 : -ENOMEM;
}

static int neo_map_video(struct fb_info *info, struct pci_dev *dev, int video_len)
{
	info->fix.smem_start = pci_resource_start(dev, 0);
	info->fix.smem_len = video_len;
	info->screen_base = ioremap(info->fix.smem_start, info->fix.smem_len);
	if (!info->screen_base)
		return -ENOMEM;
#ifdef CONFIG_MTRR
	((struct neofb_par *)(info->par))->mtrr =
		mtrr_add(info->fix.smem_start, pci_resource_len(dev, 0), MTRR_TYPE_WRCOMB, 1);
#endif
	return 0;
}

static void neo_unmap_video(struct fb_info *info)
{
#ifdef CONFIG_MTRR
	struct neofb_par *par = info->par;
	mtrr_del(par->mtrr, info->fix.smem_start, info->fix.smem_len);
#endif
	iounmap(info->screen_base);
	info->screen_base = NULL;
}

static int neofb_probe(struct pci_dev *dev, const struct pci_device_id *id)
{
	struct fb_info *info = neo_alloc_fb_info(dev, id);
	int video_len;
	if (neo_map_mmio(info, dev))
		return -ENOMEM;
	video_len = neo_init_hw(info);	/* 896 * 1024 ... 6144 * 1024 */
	return neo_map_video(info, dev, video_len);
}
