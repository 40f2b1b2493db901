/* SPDX-License-Identifier: MIT */
#define KB(x)	((x) * 1024)
#define GTT_MMADR_BAR	1
#define GTT_PTE_BASE	0x10000
