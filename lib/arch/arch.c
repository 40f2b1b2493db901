// SPDX-License-Identifier: MIT
/* iomodel -- the architectures (include/iomodel/arch.h). */
#include <string.h>
#include "iomodel/arch.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ORDER IOM_ARCH */
static const char *const arch_names[] = {
	[IOM_ARCH_X86] = "x86",
	[IOM_ARCH_ARM64] = "arm64",
	[IOM_ARCH_POWERPC] = "powerpc",
	[IOM_ARCH_RISCV] = "riscv",
};
_Static_assert(ARRAY_SIZE(arch_names) == IOM_ARCH__COUNT, "arch_names");

const char *iom_arch_name(enum iom_arch a)
{
	if ((int)a < 0 || a >= IOM_ARCH__COUNT)
		return "*";
	return arch_names[a];
}

int iom_arch_parse(const char *s, enum iom_arch *out)
{
	for (int a = 0; a < IOM_ARCH__COUNT; a++) {
		if (!strcmp(s, arch_names[a])) {
			*out = (enum iom_arch)a;
			return 0;
		}
	}
	if (!strcmp(s, "ppc")) {
		*out = IOM_ARCH_POWERPC;
		return 0;
	}
	return -1;
}

bool iom_arch_available(enum iom_arch a, unsigned kver, const char **why)
{
	/* VB-9: arch/riscv first in v4.15.0. */
	if (a == IOM_ARCH_RISCV && kver && kver < IOM_KVER(4, 15)) {
		if (why)
			*why = "the riscv port was merged in v4.15";
		return false;
	}
	return (int)a >= 0 && a < IOM_ARCH__COUNT;
}
