/* SPDX-License-Identifier: MIT */
/* iomodel -- kernel versions X.Y, packed into an unsigned so they compare like versions.
 * Shared by every module. 0 means "no version" (wildcard / unbounded). */
#ifndef IOMODEL_KVER_H
#define IOMODEL_KVER_H

#include <stddef.h>

#define IOM_KVER(maj, min) ((unsigned)(maj) << 8 | (unsigned)(min))
#define IOM_KVER_MAJOR(v) ((unsigned)(v) >> 8)
#define IOM_KVER_MINOR(v) ((unsigned)(v) & 0xffu)
/* Parse "X.Y" (0 <= X <= 99, 0 <= Y <= 255). Returns 0, or -1. */
int iom_kver_parse(const char *s, unsigned *out);
/* The X.Y of a release string as uname -r or a boot log prints it: "6.12.118-1-amd64",
 * "4.2.0-rc1+", "v5.6". Returns 0, or -1 when it does not start with X.Y. */
int iom_kver_parse_release(const char *s, unsigned *out);
/* Is kver a release whose facts the project's tables were written for: 3.0 to 3.19, 4.0 to
 * 4.20, 5.0 to 5.19 (the last release of each series, kernel.org) and 6.0 to the newest
 * series read, IOM_KVER_NEWEST? A version outside (2.6, 99.99) is one no table describes. */
#define IOM_KVER_NEWEST IOM_KVER(6, 12)
int iom_kver_known(unsigned kver);
/* "X.Y" into buf (at least 8 bytes); "*" for 0. Returns buf. */
const char *iom_kver_str(unsigned kver, char *buf, size_t size);

#endif
