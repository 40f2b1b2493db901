// SPDX-License-Identifier: MIT
/* Must flag relaxed-read-then-dma-read once, in chip_a_rx(): this file's own read accessor
 * is a macro, CHIP_R8(), a relaxed read; the loop condition reads the command register
 * through it and the body reads the packet header from the RX ring. Shape of rtl8139_rx()
 * (drivers/net/ethernet/realtek/8139too.c@6.12 l.678 RTL_R8(), an ioread8(), and l.1960-1970,
 * rmb() before the header read). chip_a_rx_ok() has rmb() at the top of the body: silent.
 * chip_b.c, in the same directory, defines its own CHIP_R8() with readb() (as r8169_main.c
 * does RTL_R8() beside 8139too.c): a call here means this file's macro. */
#include <linux/io.h>

#define CHIP_R8(reg)	readb_relaxed(ioaddr + (reg))
#define RX_EMPTY	0x01
#define CMD		0x37

struct chip_a { void __iomem *mmio; unsigned char *rx_ring; unsigned int cur; };

static int chip_a_rx(struct chip_a *tp, int budget)
{
	void __iomem *ioaddr = tp->mmio;
	unsigned char *rx_ring = tp->rx_ring;
	int received = 0;

	while (received < budget && (CHIP_R8(CMD) & RX_EMPTY) == 0) {
		u32 status = le32_to_cpu(*(__le32 *)(rx_ring + tp->cur));
		tp->cur += status >> 16;
		received++;
	}
	return received;
}

static int chip_a_rx_ok(struct chip_a *tp, int budget)
{
	void __iomem *ioaddr = tp->mmio;
	unsigned char *rx_ring = tp->rx_ring;
	int received = 0;

	while (received < budget && (CHIP_R8(CMD) & RX_EMPTY) == 0) {
		u32 status;

		rmb();
		status = le32_to_cpu(*(__le32 *)(rx_ring + tp->cur));
		tp->cur += status >> 16;
		received++;
	}
	return received;
}
