// SPDX-License-Identifier: MIT
/* libFuzzer target: the pci_resource reader (lib/sys/rd_pci_resource.c), then the audit and its renderers. */
#include "fuzz_rd_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_reader(data, size, IOM_SYS_K_PCI_RESOURCE, "sys/bus/pci/devices/0000:01:00.0/resource");
}
