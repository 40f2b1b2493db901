// SPDX-License-Identifier: MIT
/* Must not flag: arch/x86 implements the MTRR calls and may call them. */
int mtrr_add_page(unsigned long base, unsigned long size, unsigned int type, bool increment)
{
	return 0;
}

int mtrr_add(unsigned long base, unsigned long size, unsigned int type, bool increment)
{
	return mtrr_add_page(base >> 12, size >> 12, type, increment);
}

int arch_phys_wc_add(unsigned long base, unsigned long size)
{
	return mtrr_add(base, size, 1, true);
}
