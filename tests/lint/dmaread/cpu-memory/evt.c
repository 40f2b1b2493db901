// SPDX-License-Identifier: MIT
/* A message copied out of the device's memory into kmalloc()ed memory is read by the CPU,
 * not by DMA: silent. Shape of drivers/net/wireless/ath/wil6210/wmi.c@6.12 wmi_recv_cmd()
 * l.1955-1979: evt = kmalloc(), the message copied with __raw_readl() (wil_memcpy_fromio_32()),
 * then wmi = &evt->event.wmi and le16_to_cpu(wmi->command_id). The same status read, then a
 * read of the descriptor ring, is flagged (rx_poll()). */
#include <linux/io.h>
#include <linux/slab.h>

struct hdr { __le16 id; __le16 len; };
struct evt { int n; struct hdr h; };
struct rxd { __le32 len, flags; };
struct dev { void __iomem *regs; struct rxd *d; unsigned int tail; };

static void copy_from_dev(void *dst, void __iomem *src, int n)
{
	u32 *d = dst;

	for (int i = 0; i < n / 4; i++)
		d[i] = __raw_readl(src + 4 * i);
}

static int recv_cmd(struct dev *dv, int len)
{
	struct evt *e = kmalloc(sizeof(*e) + len, GFP_KERNEL);

	if (!e)
		return -ENOMEM;
	copy_from_dev(&e->h, dv->regs + 0x200, len);
	if (len >= 4) {
		struct hdr *h = &e->h;
		int id = le16_to_cpu(h->id);
		kfree(e);
		return id;
	}
	kfree(e);
	return 0;
}

static int rx_poll(struct dev *dv)
{
	u32 st = readl_relaxed(dv->regs + 0x40);

	if (st & 0x1) {
		struct rxd *d = &dv->d[dv->tail];
		return le32_to_cpu(d->len);
	}
	return 0;
}
