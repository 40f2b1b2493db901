// SPDX-License-Identifier: MIT
/* The driver's own accessor, in another file than its callers: a writeq_relaxed() of the
 * queue's register. Shape of drivers/net/ethernet/cavium/thunder/nicvf_main.c@6.12
 * l.103-109 (nicvf_queue_reg_write()). */
#include <linux/io.h>
#include "nic.h"

void nic_queue_reg_write(struct nic *nic, u64 offset, u64 qidx, u64 val)
{
	void __iomem *addr = nic->reg_base + offset;

	writeq_relaxed(val, addr + (qidx << 18));
}
