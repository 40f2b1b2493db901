/* SPDX-License-Identifier: MIT */
/* iomodel -- private helpers shared by library modules (not installed). */
#ifndef IOMODEL_INTERNAL_H
#define IOMODEL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define IOM_KIB 0x400ULL
#define IOM_MIB 0x100000ULL
#define IOM_GIB 0x40000000ULL

#endif
