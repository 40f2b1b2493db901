/* SPDX-License-Identifier: MIT */
#include <linux/types.h>

struct sq_desc { __le64 addr; __le32 len; __le32 flags; };
struct nic { void __iomem *reg_base; struct sq_desc *desc; dma_addr_t desc_dma; int tail; };

void nic_queue_reg_write(struct nic *nic, u64 offset, u64 qidx, u64 val);
