// SPDX-License-Identifier: MIT
/* Mirrors drivers/video/aty/radeon_base.c (Radeon fbdev), Linux 3.10.35 as read in
 * liwei/asustor-xpenology @607b6fc499fa (same code in nik124seleznev/lgh522y @7184987d8767,
 * 3.10.64), before the 2015 arch_phys_wc_add() conversion; our words, reduced: registers
 * are BAR 2 (RADEON_REGSIZE from include/video/radeon.h), the framebuffer BAR 0, ioremap()'d
 * for at most MAX_MAPPED_VRAM (halved on failure) under a WC MTRR over all of video_ram.
 * Expected: mtrr-add-in-driver on mtrr_add() and mtrr_del(); no mapping code. */
#include <asm/mtrr.h>

#define RADEON_REGSIZE	0x4000
#define MAX_MAPPED_VRAM	(2048*2048*4)
#define MIN_MAPPED_VRAM	(1024*768*1)

struct radeonfb_info {
	unsigned long mmio_base_phys, fb_base_phys, video_ram, mapped_vram;
	void __iomem *mmio_base, *fb_base, *bios_seg;
	int mtrr_hdl;
};

static bool nomtrr;	/* module parameter, under CONFIG_MTRR */

static void radeon_identify_vram(struct radeonfb_info *rinfo)
{
	rinfo->video_ram = readl(rinfo->mmio_base + CNFG_MEMSIZE) & CNFG_MEMSIZE_MASK;
	if (rinfo->video_ram == 0)
		rinfo->video_ram = 8192 * 1024;	/* Radeon Mobility LY/LZ */
}

#ifdef CONFIG_X86
static int radeon_find_mem_vbios(struct radeonfb_info *rinfo)
{
	void __iomem *rom = NULL;
	u32 seg;

	for (seg = 0x000c0000; seg < 0x000f0000; seg += 0x00001000) {
		rom = ioremap(seg, 0x10000);
		if (rom == NULL)
			return -ENOMEM;
		if (readb(rom) == 0x55 && readb(rom + 1) == 0xaa)
			break;
		iounmap(rom);
		rom = NULL;
	}
	rinfo->bios_seg = rom;
	return rom ? 0 : -ENXIO;
}
#endif

static int radeonfb_pci_register(struct pci_dev *pdev, const struct pci_device_id *ent)
{
	struct fb_info *info = framebuffer_alloc(sizeof(struct radeonfb_info), &pdev->dev);
	struct radeonfb_info *rinfo = info->par;
	rinfo->fb_base_phys = pci_resource_start(pdev, 0);
	rinfo->mmio_base_phys = pci_resource_start(pdev, 2);
	rinfo->mmio_base = ioremap(rinfo->mmio_base_phys, RADEON_REGSIZE);
	radeon_identify_vram(rinfo);
	rinfo->mapped_vram = min_t(unsigned long, MAX_MAPPED_VRAM, rinfo->video_ram);
	do {
		rinfo->fb_base = ioremap(rinfo->fb_base_phys, rinfo->mapped_vram);
	} while (rinfo->fb_base == NULL && ((rinfo->mapped_vram /= 2) >= MIN_MAPPED_VRAM));
#ifdef CONFIG_X86
	if (rinfo->bios_seg == NULL)
		radeon_find_mem_vbios(rinfo);
#endif
#ifdef CONFIG_MTRR
	rinfo->mtrr_hdl = nomtrr ? -1 : mtrr_add(rinfo->fb_base_phys, rinfo->video_ram,
						 MTRR_TYPE_WRCOMB, 1);
#endif
	return 0;
}

static void radeonfb_pci_unregister(struct pci_dev *pdev)
{
	struct fb_info *info = pci_get_drvdata(pdev);
	struct radeonfb_info *rinfo = info->par;
#ifdef CONFIG_MTRR
	if (rinfo->mtrr_hdl >= 0)
		mtrr_del(rinfo->mtrr_hdl, 0, 0);
#endif
	iounmap(rinfo->mmio_base);
	iounmap(rinfo->fb_base);
}
