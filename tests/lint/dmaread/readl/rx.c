// SPDX-License-Identifier: MIT
/* Must not flag: the status is read with readl(), which is ordered before later reads of
 * memory. */
#include <linux/io.h>

struct rxd { __le32 len, flags; };
struct rx { struct rxd *d; void __iomem *regs; unsigned int tail; };

static int rx_poll(struct rx *q)
{
	u32 st = readl(q->regs + 0x40);

	if (st & 0x1)
		return le32_to_cpu(q->d[q->tail].len);
	return 0;
}
