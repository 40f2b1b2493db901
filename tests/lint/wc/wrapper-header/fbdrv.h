/* SPDX-License-Identifier: MIT */
/* The driver's header: a helper that only maps, as matroxfb's mga_ioremap() does. Its
 * ioremap() is not in a file that asks for WC, so the matcher leaves it out; the source
 * scan reads it. */
#ifndef FBDRV_H
#define FBDRV_H

#include <linux/io.h>

static inline void __iomem *fbdrv_map(unsigned long phys, unsigned long len)
{
	return ioremap(phys, len);
}

#endif
