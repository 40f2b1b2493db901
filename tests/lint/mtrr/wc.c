// SPDX-License-Identifier: MIT
/* Must flag: a WC MTRR over a framebuffer, and its release (seed 001's "before"). */
#include <linux/io.h>
#include <asm/mtrr.h>

struct fbpar { unsigned long base, size; int mtrr; void __iomem *fb; };

static int fb_map(struct fbpar *par)
{
	par->fb = ioremap(par->base, par->size);
	par->mtrr = mtrr_add(par->base, par->size, MTRR_TYPE_WRCOMB, 1);
	return 0;
}

static void fb_unmap(struct fbpar *par)
{
	if (par->mtrr >= 0)
		mtrr_del(par->mtrr,
			 par->base, par->size);
	iounmap(par->fb);
}
