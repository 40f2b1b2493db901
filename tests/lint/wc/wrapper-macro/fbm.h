/* SPDX-License-Identifier: MIT */
/* A mapping wrapper written as a function-like macro: it counts as the primitive too. */
#ifndef FBM_H
#define FBM_H

#include <linux/io.h>

#define fbm_map(phys, len)	ioremap((phys), (len))

#endif
