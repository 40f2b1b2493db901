// SPDX-License-Identifier: MIT
/* Must not flag: a comment, a string, a prototype and a pointer to the function.
 * mtrr_add(base, size, MTRR_TYPE_WRCOMB, 1) was called here before seed 001. */
#include <linux/printk.h>

int mtrr_add(unsigned long base, unsigned long size, unsigned int type, bool increment);

static const char *why = "mtrr_add(base, size, MTRR_TYPE_WRCOMB, 1) failed";
static int (*hook)(unsigned long, unsigned long, unsigned int, bool) = mtrr_add;

static void report(void)
{
	pr_info("%s\n", why); // mtrr_del(reg, 0, 0) is not needed
}
