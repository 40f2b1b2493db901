// SPDX-License-Identifier: MIT
/* Must not flag: the VRAM is mapped uncached when a Kconfig option says so, else WC with a
 * cookie: the two arms of one #if never build together. Shape of
 * drivers/gpu/drm/mgag200/mgag200_drv.c@6.12 l.149-160 (mgag200_regs_init()'s VRAM). */
#include <linux/io.h>
#include <linux/pci.h>

struct mgadrv { void __iomem *vram; struct resource *vram_res; };

static int mgadrv_vram_init(struct mgadrv *m, struct pci_dev *pdev)
{
	struct resource *res = m->vram_res;

#if defined(CONFIG_MGADRV_DISABLE_WRITECOMBINE)
	m->vram = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!m->vram)
		return -ENOMEM;
#else
	m->vram = devm_ioremap_wc(&pdev->dev, res->start, resource_size(res));
	if (!m->vram)
		return -ENOMEM;
	devm_arch_phys_wc_add(&pdev->dev, res->start, resource_size(res));
#endif
	return 0;
}
