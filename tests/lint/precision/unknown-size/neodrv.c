// SPDX-License-Identifier: MIT
/* The framebuffer's length is what the chip says (neo_init_hw()'s return), so nothing says
 * it reaches the registers 1 MiB into BAR 0: no wc-uc-alias, and the cookie over all of BAR 0
 * does have its WC mapping (no wc-cookie-without-wc-mapping). The registers are inside that
 * cookie, whatever BAR 0's length, since both are BAR 0: registers-under-wc-mtrr stays.
 * Shape of drivers/video/fbdev/neofb.c@6.12 l.1652-1681 (neo_map_mmio()), l.1714-1735
 * (neo_map_video()), l.2047-2053 (neofb_probe()). */
#include <linux/io.h>
#include <linux/pci.h>

#define MMIO_SIZE 0x200000

struct neodrv { void __iomem *mmio_vbase, *screen_base; unsigned long mmio_start, smem_start; int wc_cookie; };

static int neodrv_map_mmio(struct neodrv *p, struct pci_dev *dev)
{
	p->mmio_start = pci_resource_start(dev, 0) + 0x100000;
	p->mmio_vbase = ioremap(p->mmio_start, MMIO_SIZE);
	return p->mmio_vbase ? 0 : -ENOMEM;
}

static int neodrv_map_video(struct neodrv *p, struct pci_dev *dev, int video_len)
{
	p->smem_start = pci_resource_start(dev, 0);
	p->screen_base = ioremap_wc(p->smem_start, video_len);
	if (!p->screen_base)
		return -ENOMEM;
	p->wc_cookie = arch_phys_wc_add(p->smem_start, pci_resource_len(dev, 0));
	return 0;
}

static int neodrv_init_hw(struct neodrv *p);

static int neodrv_probe(struct pci_dev *dev, struct neodrv *p)
{
	int video_len;

	if (neodrv_map_mmio(p, dev))
		return -ENOMEM;
	video_len = neodrv_init_hw(p);
	return neodrv_map_video(p, dev, video_len);
}
