// SPDX-License-Identifier: MIT
/* Must flag registers-under-wc-mtrr: the registers share the BAR with the framebuffer and
 * are mapped with plain ioremap() inside the range arch_phys_wc_add() covers; without PAT
 * that range gets a WC MTRR, which overrides UC- (seed 004's situation). */
#include <linux/io.h>

#define REGS_OFFSET 0x7ff000
#define REGS_SIZE (1 * PAGE_SIZE)

struct chip {
	unsigned long bar_start;
	void __iomem *regs, *fb;
	int wc;
};

static int chip_map(struct chip *c, unsigned long start)
{
	c->bar_start = start;
	c->regs = ioremap(start + REGS_OFFSET, REGS_SIZE);
	c->fb = ioremap_wc(start, REGS_OFFSET);
	c->wc = arch_phys_wc_add(c->bar_start, 0x1000000);
	return 0;
}
