// SPDX-License-Identifier: MIT
/* Must flag dma-write-then-relaxed-doorbell four times, once in each *_kick() function: the
 * store into DMA memory is
 * - memcpy() of a command into the submission queue, a dma_alloc_coherent() member, at an
 *   offset (nvme/host/pci.c@6.12 nvme_sq_copy_cmd(): memcpy(nvmeq->sq_cmds + (nvmeq->sq_tail
 *   << nvmeq->sqes), cmd, sizeof(*cmd)), then nvme_write_sq_db()'s writel(), made relaxed);
 * - memcpy() through a pointer the function took into the ring;
 * - WRITE_ONCE() of a cpu_to_le32() value into a descriptor;
 * - |= of a cpu_to_le32() flag into a descriptor (nvidia/forcedeth.c@6.12
 *   nv_start_xmit(): prev_tx->flaglen |= cpu_to_le32(tx_flags_extra), then the kick).
 * The *_ok() functions have dma_wmb() before the doorbell: silent. */
#include <linux/io.h>
#include <linux/dma-mapping.h>

struct cmd { __le32 w[16]; };
struct desc { __le32 addr, flaglen; };
struct q {
	void __iomem *db;
	void *sq_cmds;
	dma_addr_t sq_dma;
	struct desc *ring;
	dma_addr_t ring_dma;
	unsigned int tail;
};

static int q_alloc(struct q *q, struct device *dev)
{
	q->sq_cmds = dma_alloc_coherent(dev, 4096, &q->sq_dma, GFP_KERNEL);
	q->ring = dma_alloc_coherent(dev, 4096, &q->ring_dma, GFP_KERNEL);
	return q->sq_cmds && q->ring ? 0 : -1;
}

static void copy_kick(struct q *q, const struct cmd *c)
{
	memcpy(q->sq_cmds + (q->tail << 6), c, sizeof(*c));
	q->tail++;
	writel_relaxed(q->tail, q->db);
}

static void copy_ok(struct q *q, const struct cmd *c)
{
	memcpy(q->sq_cmds + (q->tail << 6), c, sizeof(*c));
	q->tail++;
	dma_wmb();
	writel_relaxed(q->tail, q->db);
}

static void ptr_copy_kick(struct q *q, const struct desc *src)
{
	struct desc *d = &q->ring[q->tail];

	memcpy(d, src, sizeof(*d));
	writel_relaxed(q->tail, q->db);
}

static void once_kick(struct q *q, u32 len)
{
	struct desc *d = &q->ring[q->tail];

	WRITE_ONCE(d->flaglen, cpu_to_le32(len | 0x80000000));
	writel_relaxed(q->tail, q->db);
}

static void once_ok(struct q *q, u32 len)
{
	struct desc *d = &q->ring[q->tail];

	WRITE_ONCE(d->flaglen, cpu_to_le32(len | 0x80000000));
	dma_wmb();
	writel_relaxed(q->tail, q->db);
}

static void or_kick(struct desc *prev, void __iomem *kick)
{
	prev->flaglen |= cpu_to_le32(0x20000000);
	writel_relaxed(1, kick);
}

static void or_ok(struct desc *prev, void __iomem *kick)
{
	prev->flaglen |= cpu_to_le32(0x20000000);
	dma_wmb();
	writel_relaxed(1, kick);
}
