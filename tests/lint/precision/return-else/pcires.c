// SPDX-License-Identifier: MIT
/* Must not flag: a braceless "if (wc) return ioremap_wc(...);" and then
 * "return ioremap(...);": the second runs only when the first did not. Shape of
 * drivers/pci/pci.c@6.12 l.230-249 (__pci_ioremap_resource()). */
#include <linux/io.h>
#include <linux/pci.h>

static void __iomem *pcires_ioremap(struct pci_dev *pdev, int bar, bool write_combine)
{
	resource_size_t start = pci_resource_start(pdev, bar);
	resource_size_t size = pci_resource_len(pdev, bar);

	if (!(pci_resource_flags(pdev, bar) & IORESOURCE_MEM))
		return NULL;

	if (write_combine)
		return ioremap_wc(start, size);

	return ioremap(start, size);
}
