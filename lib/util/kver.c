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

int iom_kver_parse_release(const char *s, unsigned *out)
{
	char v[16];
	size_t k = 0;
	int dots = 0;
	if (s && *s == 'v')
		s++;
	while (s && s[k] && k < sizeof(v) - 1 &&
	       ((s[k] >= '0' && s[k] <= '9') || (s[k] == '.' && dots++ < 1))) {
		v[k] = s[k];
		k++;
	}
	v[k] = 0;
	return iom_kver_parse(v, out);
}

int iom_kver_known(unsigned kver)
{
	/* the last minor release of each series (kernel.org: 3.19, 4.20, 5.19) */
	static const unsigned last[] = { [3] = 19, [4] = 20, [5] = 19, [6] = IOM_KVER_MINOR(IOM_KVER_NEWEST) };
	unsigned maj = IOM_KVER_MAJOR(kver), min = IOM_KVER_MINOR(kver);
	return maj >= 3 && maj <= 6 && min <= last[maj];
}
