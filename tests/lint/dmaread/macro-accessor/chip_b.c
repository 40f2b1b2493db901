// SPDX-License-Identifier: MIT
/* Silent: another chip of the same directory, whose CHIP_R8() is readb(), ordered (see
 * chip_a.c). Its RX loop reads the ring after the command register with no barrier, which
 * readb() makes safe. chip_b_irq() reads its interrupt status relaxed, so that the rules
 * read this file too. */
#include <linux/io.h>

struct chip_b { void __iomem *mmio; unsigned char *ring; unsigned int cur; };

#define CHIP_R8(tp, reg)	readb((tp)->mmio + (reg))

static int chip_b_rx(struct chip_b *tp, int budget)
{
	int received = 0;

	while (received < budget && (CHIP_R8(tp, 0x37) & 1) == 0) {
		u32 status = le32_to_cpu(*(__le32 *)(tp->ring + tp->cur));
		tp->cur += status >> 16;
		received++;
	}
	return received;
}

static u32 chip_b_irq(struct chip_b *tp)
{
	return readl_relaxed(tp->mmio + 0x3e);
}
