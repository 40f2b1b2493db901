// SPDX-License-Identifier: MIT
/* Must flag wc-cookie-without-wc-mapping, linked through a parameter: a helper maps its addr
 * argument; the caller passes the BAR start it takes the cookie on. */
#include <linux/io.h>
#include <linux/pci.h>

static void __iomem *pfb;
static int pwc;

static void __iomem *pmap_fb(unsigned long addr, unsigned long len)
{
	return ioremap(addr, len);
}

static int pprobe(struct pci_dev *pdev)
{
	pfb = pmap_fb(pci_resource_start(pdev, 2), 0x400000);
	pwc = arch_phys_wc_add(pci_resource_start(pdev, 2), 0x400000);
	return 0;
}
