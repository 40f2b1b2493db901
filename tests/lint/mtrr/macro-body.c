// SPDX-License-Identifier: MIT
/* Must flag: spatch reports this call inside a #define body. */
#define FB_WC(base, size) mtrr_add((base), (size), MTRR_TYPE_WRCOMB, 1)

static int fb_wc(unsigned long base, unsigned long size)
{
	return FB_WC(base, size);
}
