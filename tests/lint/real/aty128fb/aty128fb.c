// SPDX-License-Identifier: MIT
/* Mirrors drivers/video/aty/aty128fb.c (ATI Rage128 fbdev) as read in Linux 3.12.17
 * (andyhui/linux-kernel-3.12.17 @82ae8f2c43e7), before the 2015 arch_phys_wc_add()
 * conversion. Rebuilt in our words, reduced to the mapping calls and their data flow:
 * BAR 0 is the framebuffer, BAR 2 the registers (pci_ioremap_bar()); the framebuffer is
 * ioremap()'d and covered by a WC MTRR of the same length; the legacy video BIOS probe maps
 * 64 KiB windows of 0xc0000-0xeffff and unmaps them at once.
 * Expected: mtrr-add-in-driver on mtrr_add() and mtrr_del(); no mapping code (the WC MTRR
 * makes the UC- framebuffer mapping WC, the registers are another BAR). */
#include <asm/mtrr.h>

struct aty128fb_par {
	void __iomem *regbase;
	u32 vram_size;
#ifdef CONFIG_MTRR
	struct { int vram; int vram_valid; } mtrr;
#endif
};

#ifdef CONFIG_MTRR
static bool mtrr = true;
#endif

#ifdef CONFIG_X86
static void __iomem *aty128_find_mem_vbios(struct aty128fb_par *par)
{
	u32 seg;
	void __iomem *rom = NULL;

	for (seg = 0x000c0000; seg < 0x000f0000; seg += 0x00001000) {
		rom = ioremap(seg, 0x10000);
		if (rom == NULL)
			return NULL;
		if (readb(rom) == 0x55 && readb(rom + 1) == 0xaa)
			break;
		iounmap(rom);
		rom = NULL;
	}
	return rom;
}
#endif

static int aty128_probe(struct pci_dev *pdev, const struct pci_device_id *ent)
{
	unsigned long fb_addr = pci_resource_start(pdev, 0);
	unsigned long reg_addr = pci_resource_start(pdev, 2);
	struct fb_info *info = framebuffer_alloc(sizeof(struct aty128fb_par), &pdev->dev);
	struct aty128fb_par *par = info->par;

	info->fix.mmio_start = reg_addr;
	par->regbase = pci_ioremap_bar(pdev, 2);
	/* the card reports its memory size in a register */
	par->vram_size = readl(par->regbase + CNFG_MEMSIZE) & 0x03FFFFFF;
	info->screen_base = ioremap(fb_addr, par->vram_size);
	info->fix.smem_start = fb_addr;
	info->fix.smem_len = par->vram_size;
#ifdef CONFIG_MTRR
	if (mtrr) {
		par->mtrr.vram = mtrr_add(info->fix.smem_start, par->vram_size,
					  MTRR_TYPE_WRCOMB, 1);
		par->mtrr.vram_valid = 1;
	}
#endif
	return 0;
}

static void aty128_remove(struct pci_dev *pdev)
{
	struct fb_info *info = pci_get_drvdata(pdev);
	struct aty128fb_par *par = info->par;

#ifdef CONFIG_MTRR
	if (par->mtrr.vram_valid)
		mtrr_del(par->mtrr.vram, info->fix.smem_start, par->vram_size);
#endif
	iounmap(par->regbase);
	iounmap(info->screen_base);
}
