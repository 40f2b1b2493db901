// SPDX-License-Identifier: MIT
/* Must flag: a statement split across #ifdef/#else; spatch parses one of the branches and
 * still reports the call after them. */
static int wc_on(int x, unsigned long base, unsigned long size)
{
#ifdef CONFIG_FB_BIG_ENDIAN
	if (x) {
#else
	if (!x) {
#endif
		return mtrr_add(base, size, MTRR_TYPE_WRCOMB, 1);
	}
	return 0;
}
