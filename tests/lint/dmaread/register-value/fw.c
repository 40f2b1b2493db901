// SPDX-License-Identifier: MIT
/* Must stay silent (each was flagged before its rule):
 * - handshake(): le16_to_cpu() of a value read from a register through the driver's macro
 *   (mptbase.c@6.12 WaitForDoorbellReply(): le16_to_cpu(CHIPREG_READ32(&ioc->chip->Doorbell)
 *   & 0x0000FFFF)): a conversion of a register's value, no read of DMA memory;
 * - isr(): the response queue's in-pointer is read relaxed, then readw() of the semaphore
 *   orders it before the reads of the queue; the other mailboxes are read relaxed in an arm
 *   after that, which the queue's reads are not in (qla1280.c@6.12 qla1280_isr(),
 *   RD_REG_WORD() and RD_REG_WORD_dmasync()). */
#include <linux/io.h>

#define REG_READ32(addr)	readl_relaxed(addr)
#define RD_WORD(addr)		readw_relaxed(addr)
#define RD_WORD_SYNC(addr)	readw(addr)

struct chip { u32 doorbell; u16 mailbox[8]; u16 semaphore; };
struct resp { __le16 status, comp; };
struct ha { struct chip __iomem *chip; u16 reply[64]; struct resp *ring; unsigned int index; };

static int handshake(struct ha *ioc, int words)
{
	int i;

	for (i = 0; i < words; i++) {
		if (!(REG_READ32(&ioc->chip->doorbell) & 0x80000000))
			return -1;
		ioc->reply[i] = le16_to_cpu(REG_READ32(&ioc->chip->doorbell) & 0x0000FFFF);
	}
	return 0;
}

static int isr(struct ha *ha)
{
	u16 mb[8], in;
	int st = 0;

	in = RD_WORD(&ha->chip->mailbox[5]);
	mb[0] = RD_WORD_SYNC(&ha->chip->semaphore);
	if (mb[0] & 1) {
		mb[1] = RD_WORD(&ha->chip->mailbox[1]);
		mb[7] = RD_WORD(&ha->chip->mailbox[7]);
	}
	while (ha->index != in) {
		struct resp *pkt = &ha->ring[ha->index];

		st |= le16_to_cpu(pkt->status);
		ha->index = (ha->index + 1) & 63;
	}
	return st;
}
