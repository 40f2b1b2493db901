// SPDX-License-Identifier: MIT
/* Must not flag: registers from the first memory resource and SRAM from another resource
 * (of_address_to_resource()), both known by a member named start: two resources, not one
 * value. Shapes of sound/soc/sof/imx/imx8.c@6.12 l.260-293 (imx8_probe()) and
 * drivers/video/fbdev/atmel_lcdfb.c@6.12 l.1026-1148 (atmel_lcdfb_probe(): two
 * platform_get_resource() indexes, each pointer first NULL). */
#include <linux/io.h>
#include <linux/of_address.h>
#include <linux/platform_device.h>

struct dspdrv { void __iomem *iram, *sram, *regs, *fb; };

static int dspdrv_probe(struct platform_device *pdev, struct device_node *res_node, struct dspdrv *d)
{
	struct resource *mmio;
	struct resource res;
	u32 base, size;
	int ret;

	mmio = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (mmio) {
		base = mmio->start;
		size = resource_size(mmio);
	} else {
		return -EINVAL;
	}
	d->iram = devm_ioremap(&pdev->dev, base, size);
	if (!d->iram)
		return -ENXIO;
	ret = of_address_to_resource(res_node, 0, &res);
	if (ret)
		return ret;
	d->sram = devm_ioremap_wc(&pdev->dev, res.start, resource_size(&res));
	return d->sram ? 0 : -ENOMEM;
}

static int lcdfb_probe(struct platform_device *pdev, struct dspdrv *d)
{
	struct resource *regs = NULL;
	struct resource *map = NULL;
	unsigned long smem_start, mmio_start;

	regs = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!regs)
		return -ENXIO;
	map = platform_get_resource(pdev, IORESOURCE_MEM, 1);
	if (map) {
		smem_start = map->start;
		d->fb = ioremap_wc(smem_start, resource_size(map));
	}
	mmio_start = regs->start;
	d->regs = ioremap(mmio_start, resource_size(regs));
	return 0;
}
