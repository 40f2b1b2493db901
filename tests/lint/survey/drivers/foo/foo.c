// SPDX-License-Identifier: MIT
/* Survey input: what counts and what does not. writel_relaxed(1, p) in a comment: no. */
#include <linux/io.h>

#define FOO_WR(v, a)	writel_relaxed((v), (a))	/* a macro wrapper: counts once */
#define FOO_RD(a)	readl(a)			/* not relaxed: no wrapper */

static const char *msg = "readl_relaxed(x) in a string: no";

static inline u32 foo_rd(void __iomem *a)	/* a wrapper */
{
	return readl_relaxed(a);
}

static void foo_kick(void __iomem *base)	/* two calls: no wrapper */
{
	writel_relaxed(1, base + 4);
	writel(2, base + 8);
	__raw_writel(3, base + 12);
	iowrite32(4, base + 16);
}
