// SPDX-License-Identifier: MIT
/* Must flag: this file names no relaxed accessor, only the driver's own
 * nic_queue_reg_write() (nic_main.c), so a rule anchored on the relaxed accessors never
 * reads it. The descriptor is written to coherent memory, then smp_wmb(), then the doorbell.
 * Shape of drivers/net/ethernet/cavium/thunder/nicvf_queues.c@6.12 l.1465-1480
 * (nicvf_sq_doorbell(): smp_wmb(), then nicvf_queue_reg_write() of the doorbell). The fixed
 * copy, with dma_wmb(), gives nothing. */
#include <linux/dma-mapping.h>
#include "nic.h"

int nic_sq_alloc(struct device *dev, struct nic *nic)
{
	nic->desc = dma_alloc_coherent(dev, 64 * sizeof(*nic->desc), &nic->desc_dma, GFP_KERNEL);
	return nic->desc ? 0 : -ENOMEM;
}

void nic_sq_xmit(struct nic *nic, u64 buf, u32 len)
{
	struct sq_desc *d = &nic->desc[nic->tail];

	d->addr = cpu_to_le64(buf);
	d->len = cpu_to_le32(len);
	/* make sure all memory stores are done before ringing doorbell */
	smp_wmb();
	nic_queue_reg_write(nic, 0x800, 0, 1);
}

void nic_sq_xmit_fixed(struct nic *nic, u64 buf2, u32 len2)
{
	struct sq_desc *d = &nic->desc[nic->tail];

	d->addr = cpu_to_le64(buf2);
	d->len = cpu_to_le32(len2);
	dma_wmb();
	nic_queue_reg_write(nic, 0x800, 0, 1);
}
