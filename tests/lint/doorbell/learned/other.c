// SPDX-License-Identifier: MIT
/* Must not flag, and must not change what chan.c teaches: another driver in the same
 * directory (drivers/dma holds dozens) rings through a wrapper whose address has no
 * register name, after dma_wmb(). What a file teaches holds for that file only. */
#include <linux/io.h>
#include <linux/dma-mapping.h>

#define Q_STRIDE	0x100
#define Q_TAIL		0x08

struct sqe { __le32 len; __le64 src, dst; };
struct q { struct device *dev; void __iomem *base; struct sqe *sq; dma_addr_t sq_dma; u32 tail; };

static void q_write(void __iomem *base, u32 reg, u32 index, u32 val)
{
	writel_relaxed(val, base + reg + index * Q_STRIDE);
}

static int q_init(struct q *q)
{
	q->sq = dma_alloc_coherent(q->dev, 64 * sizeof(*q->sq), &q->sq_dma, GFP_KERNEL);
	return q->sq ? 0 : -ENOMEM;
}

static void q_start(struct q *q, u32 len, u64 src, u64 dst)
{
	q->sq[q->tail].len = cpu_to_le32(len);
	q->sq[q->tail].src = cpu_to_le64(src);
	q->sq[q->tail].dst = cpu_to_le64(dst);
	q->tail = (q->tail + 1) % 64;
	dma_wmb();
	q_write(q->base, Q_TAIL, 0, q->tail);
}
