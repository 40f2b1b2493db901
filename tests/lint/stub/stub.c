// SPDX-License-Identifier: MIT
/* Must not flag: the driver's own function named like the primitive, defined
 * unconditionally; its calls are the driver's. */
static int mtrr_add(unsigned long base, unsigned long size, unsigned int type, int inc)
{
	return -1;
}

static int probe(unsigned long base, unsigned long size)
{
	return mtrr_add(base, size, 1, 1);
}
