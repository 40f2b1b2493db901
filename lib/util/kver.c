// SPDX-License-Identifier: MIT
/* iomodel -- kernel versions X.Y (include/iomodel/kver.h), shared by every module. */
#include <stdio.h>
#include <stdlib.h>
#include "iomodel/kver.h"

int iom_kver_parse(const char *s, unsigned *out)
{
	unsigned long maj, min;
	char *end;
	if (!s || *s < '0' || *s > '9')
		return -1;
	maj = strtoul(s, &end, 10);
	if (*end != '.' || end[1] < '0' || end[1] > '9')
		return -1;
	min = strtoul(end + 1, &end, 10);
	if (*end || maj > 99 || min > 255 || (!maj && !min))
		return -1;
	*out = IOM_KVER(maj, min);
	return 0;
}

const char *iom_kver_str(unsigned kver, char *buf, size_t size)
{
	if (!kver)
		snprintf(buf, size, "*");
	else
		snprintf(buf, size, "%u.%u", IOM_KVER_MAJOR(kver), IOM_KVER_MINOR(kver));
	return buf;
}
