// SPDX-License-Identifier: MIT
/* iomodel -- the IA32_PAT MSR and the PAT index of a leaf page-table entry.
 * Layout: eight one-byte fields PA0..PA7, low 3 bits the type, high 5 bits reserved
 * (SDM Vol. 3A §11.12.2, Table 11-10). Index = 4*PAT + 2*PCD + PWT (Table 11-11), where
 * PAT is bit 7 of a 4 KiB PTE and bit 12 of a 2 MiB/1 GiB leaf (bit 7 is PS there);
 * Linux: _PAGE_BIT_PAT 7, _PAGE_BIT_PAT_LARGE 12 in pgtable_types.h@v4.2. */
#include "iomodel/memtype.h"

int iom_pat_decode(uint64_t msr, enum iom_mt slots[8])
{
	int rc = 0;
	for (int i = 0; i < 8; i++) {
		unsigned b = (unsigned)(msr >> (8 * i)) & 0xff;
		if (b > 7 || iom_mt_from_hw(b, false, &slots[i])) {
			slots[i] = IOM_MT_NONE;
			rc = -1;
		}
	}
	return rc;
}

uint64_t iom_pat_encode(const enum iom_mt slots[8])
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)iom_mt_hw(slots[i]) << (8 * i);
	return v;
}

unsigned iom_pat_index(uint64_t pte, bool large)
{
	uint64_t patbit = large ? IOM_PTE_PAT_LARGE : IOM_PTE_PAT;
	return (pte & patbit ? 4u : 0u) | (pte & IOM_PTE_PCD ? 2u : 0u) | (pte & IOM_PTE_PWT ? 1u : 0u);
}

uint64_t iom_pat_index_bits(unsigned idx, bool large)
{
	uint64_t v = 0;
	if (idx & 4)
		v |= large ? IOM_PTE_PAT_LARGE : IOM_PTE_PAT;
	if (idx & 2)
		v |= IOM_PTE_PCD;
	if (idx & 1)
		v |= IOM_PTE_PWT;
	return v;
}
