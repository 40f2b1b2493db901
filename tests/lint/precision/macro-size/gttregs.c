// SPDX-License-Identifier: MIT
/* The registers are KB(64) long and the GTT starts 0x10000 after them: adjacent, not an
 * alias (must not flag; shape of drivers/char/agp/intel-gtt.c@6.12 l.791-798, i830_setup(),
 * with KB() from drivers/char/agp/agp.h@6.12 l.157). The same registers mapped KB(128)
 * long do reach into it: must flag (gttregs_setup_long()). */
#include <linux/io.h>
#include <linux/pci.h>
#include "gttregs.h"

static struct { void __iomem *registers, *gtt; phys_addr_t gtt_phys_addr; } gttregs;

static int gttregs_setup(struct pci_dev *pdev)
{
	phys_addr_t reg_addr = pci_resource_start(pdev, GTT_MMADR_BAR);

	gttregs.registers = ioremap(reg_addr, KB(64));
	if (!gttregs.registers)
		return -ENOMEM;
	gttregs.gtt_phys_addr = reg_addr + GTT_PTE_BASE;
	gttregs.gtt = ioremap_wc(gttregs.gtt_phys_addr, KB(128));
	return 0;
}

static void __iomem *long_regs, *long_gtt;

static int gttregs_setup_long(struct pci_dev *pdev2)
{
	phys_addr_t reg_addr2 = pci_resource_start(pdev2, GTT_MMADR_BAR);

	long_regs = ioremap(reg_addr2, KB(128));
	long_gtt = ioremap_wc(reg_addr2 + GTT_PTE_BASE, KB(128));
	return 0;
}
