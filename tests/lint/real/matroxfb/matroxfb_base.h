/* SPDX-License-Identifier: MIT */
/* Mirrors drivers/video/matrox/matroxfb_base.h as read in nik124seleznev/lgh522y
 * @7184987d8767 (Linux 3.10.64 based): the driver maps both of its BARs through its own
 * inline wrapper mga_ioremap(), which calls ioremap_nocache() for the MGA_IOREMAP_NOCACHE
 * flag (both MGA_IOREMAP_FB and MGA_IOREMAP_MMIO are that flag) and ioremap() otherwise.
 * Our words, reduced to the mapping wrapper and the fields the probe fills in.
 * Expected: removed-api on ioremap_nocache() for the default --kernel 6.12 (gone since
 * 5.6), nothing for --kernel 3.19. */
#ifndef __MATROXFB_H__
#define __MATROXFB_H__

#ifdef CONFIG_MTRR
#include <asm/mtrr.h>
#endif

typedef struct {
	void __iomem *vaddr;
} vaddr_t;

#define MGA_IOREMAP_NORMAL	0
#define MGA_IOREMAP_NOCACHE	1

#define MGA_IOREMAP_FB		MGA_IOREMAP_NOCACHE
#define MGA_IOREMAP_MMIO	MGA_IOREMAP_NOCACHE

static inline int mga_ioremap(unsigned long phys, unsigned long size, int flags, vaddr_t *virt)
{
	if (flags & MGA_IOREMAP_NOCACHE)
		virt->vaddr = ioremap_nocache(phys, size);
	else
		virt->vaddr = ioremap(phys, size);
	return virt->vaddr == NULL;
}

static inline void mga_iounmap(vaddr_t va)
{
	iounmap(va.vaddr);
}

struct matrox_fb_info {
	struct pci_dev *pcidev;
	struct {
		unsigned long base;
		vaddr_t vbase;
		unsigned int len, len_usable, len_maximum;
	} video;
	struct {
		unsigned long base;
		vaddr_t vbase;
		unsigned int len;
	} mmio;
#ifdef CONFIG_MTRR
	struct {
		int vram;
		int vram_valid;
	} mtrr;
#endif
};

#endif
