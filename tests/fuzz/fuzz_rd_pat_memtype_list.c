// SPDX-License-Identifier: MIT
/* libFuzzer target: the pat_memtype_list reader (lib/sys/rd_pat_memtype_list.c), then the audit and its renderers. */
#include "fuzz_rd_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_reader(data, size, IOM_SYS_K_PAT_LIST, "pat_memtype_list");
}
