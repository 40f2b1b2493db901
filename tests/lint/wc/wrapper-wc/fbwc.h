/* SPDX-License-Identifier: MIT */
/* A helper that maps write-combined. */
#ifndef FBWC_H
#define FBWC_H

#include <linux/io.h>

static inline void __iomem *fbwc_map_fb(unsigned long phys, unsigned long len)
{
	return ioremap_wc(phys, len);
}

#endif
