// SPDX-License-Identifier: MIT
/* Must not flag: the registers, which share the BAR with the framebuffer, are mapped with
 * ioremap_uc(): strong UC, which no MTRR overrides (seed 004's fix). */
#include <linux/io.h>

#define UREGS_OFFSET 0x7ff000
#define UREGS_SIZE (1 * PAGE_SIZE)

struct chip_uc {
	unsigned long bar_start;
	void __iomem *regs, *fb;
	int wc;
};

static int chip_map_uc(struct chip_uc *c, unsigned long start)
{
	c->bar_start = start;
	c->regs = ioremap_uc(start + UREGS_OFFSET, UREGS_SIZE);
	c->fb = ioremap_wc(start, UREGS_OFFSET);
	c->wc = arch_phys_wc_add(c->bar_start, 0x1000000);
	return 0;
}
