/* SPDX-License-Identifier: MIT */
/* iomodel -- the architectures the model knows: x86, arm64, powerpc and riscv. Every module
 * that answers per architecture (attrs.h, order.h, litmus.h, the LKMM engine's MMIO layer)
 * takes an enum iom_arch. Implemented in lib/arch/arch.c. */
#ifndef IOMODEL_ARCH_H
#define IOMODEL_ARCH_H

#include <stdbool.h>
#include "iomodel/kver.h"

/* ORDER IOM_ARCH */
enum iom_arch {
	IOM_ARCH_X86,
	IOM_ARCH_ARM64,
	IOM_ARCH_POWERPC,
	IOM_ARCH_RISCV,
	IOM_ARCH__COUNT,
	IOM_ARCH_ANY = -1,  /* wildcard in Expect: lines                           */
};

/* "x86", "arm64", "powerpc", "riscv"; "*" for IOM_ARCH_ANY. */
const char *iom_arch_name(enum iom_arch a);
/* Accepts the names above and "ppc" for powerpc. Returns 0, or -1 if unknown. */
int iom_arch_parse(const char *s, enum iom_arch *out);
/* Whether the architecture port exists at kver (riscv: from v4.15, VB-9). *why (may be
 * NULL) gets a static explanation when not. */
bool iom_arch_available(enum iom_arch a, unsigned kver, const char **why);

#endif
