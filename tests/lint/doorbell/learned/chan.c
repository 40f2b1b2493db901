// SPDX-License-Identifier: MIT
/* Must not flag: the driver shows which register starts its channels. start_channel()
 * writes CHN_START with writel() after the control block is filled (load_program()), so
 * the relaxed write of CHN_PRIO after a store in request_channel0() sets a priority and
 * starts nothing (the shape of imx-sdma.c@6.12 sdma_request_channel0()). */
#include <linux/io.h>
#include <linux/dma-mapping.h>

#define CHN_START	0x0c
#define CHN_PRIO	0x100

struct ccb { u32 base, cur; };
struct bd { u32 mode, addr; };
struct eng { struct device *dev; void __iomem *regs; struct ccb *ccb; dma_addr_t ccb_phys; struct bd *bd0; dma_addr_t bd0_phys; };

static void set_priority(struct eng *e, int ch, u32 prio)
{
	writel_relaxed(prio, e->regs + CHN_PRIO + 4 * ch);
}

static void start_channel(struct eng *e, int ch)
{
	writel(1 << ch, e->regs + CHN_START);
}

static int eng_init(struct eng *e)
{
	e->ccb = dma_alloc_coherent(e->dev, 32 * sizeof(*e->ccb), &e->ccb_phys, GFP_KERNEL);
	return e->ccb ? 0 : -ENOMEM;
}

static int request_channel0(struct eng *e)
{
	e->bd0 = dma_alloc_coherent(e->dev, sizeof(*e->bd0), &e->bd0_phys, GFP_KERNEL);
	if (!e->bd0)
		return -ENOMEM;
	e->ccb[0].base = e->bd0_phys;
	e->ccb[0].cur = e->bd0_phys;
	set_priority(e, 0, 7);
	return 0;
}

static void load_program(struct eng *e, u32 addr, u32 size)
{
	e->bd0->mode = size;
	e->bd0->addr = addr;
	start_channel(e, 0);
}
