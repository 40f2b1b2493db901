// SPDX-License-Identifier: MIT
/* Must not flag: a WC reservation before a plain mapping makes the mapping WC under PAT
 * (arch/x86/mm/pat/memtype.c@6.12: an uncached request inside a WC reservation is granted
 * WC), so the cookie has its WC mapping. */
#include <linux/io.h>

static void __iomem *vram;
static int vram_cookie;

static int vram_map(unsigned long base, unsigned long size)
{
	arch_io_reserve_memtype_wc(base, size);
	vram = ioremap(base, size);
	vram_cookie = arch_phys_wc_add(base, size);
	return 0;
}
