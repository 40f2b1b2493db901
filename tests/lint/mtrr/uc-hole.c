// SPDX-License-Identifier: MIT
/* Must flag: a UC MTRR "hole" over the register page (seed 004's "before"), in page units. */
#include <asm/mtrr.h>

static int regs_hole(unsigned long regs_pfn)
{
	return mtrr_add_page(regs_pfn, 1, MTRR_TYPE_UNCACHABLE, 1);
}
