// SPDX-License-Identifier: MIT
/* Must flag: a stub only for !CONFIG_MTRR leaves the call built with CONFIG_MTRR calling the
 * kernel's mtrr_del(). The macro stub of mtrr_add_page is unconditional: silent. */
#define mtrr_add_page(pfn, n, type, inc) (-1)
#ifndef CONFIG_MTRR
static inline int mtrr_del(int reg, unsigned long base, unsigned long size)
{
	return 0;
}
#endif

static void remove(int reg, unsigned long pfn)
{
	mtrr_add_page(pfn, 1, 0, 1);
	mtrr_del(reg, 0, 0);
}
