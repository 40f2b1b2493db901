/* SPDX-License-Identifier: MIT */
/* The driver's own byte-order conversions, as fec.h@6.12 (l.205-226) defines them: aliases
 * of cpu_to_le16()/cpu_to_le32(), or of the big-endian ones on the other arm of an #if. */
#ifndef ENET_H
#define ENET_H
#if defined(CONFIG_ENET_BE_DESC)
#define cpu_to_enet16 cpu_to_be16
#define cpu_to_enet32 cpu_to_be32
#else
#define cpu_to_enet16 cpu_to_le16
#define cpu_to_enet32 cpu_to_le32
#endif

struct bufdesc {
	__u16 cbd_datlen;
	__u16 cbd_sc;
	__u32 cbd_bufaddr;
	__u32 cbd_node;
};

struct enet_txq {
	struct bufdesc *cur;
	void __iomem *reg_desc_active;
};
#endif
