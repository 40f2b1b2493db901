// SPDX-License-Identifier: MIT
/* iomodel -- sysfs PCI "resource" reader (FIELD-a.6; drivers/pci/pci-sysfs.c
 * resource_show()): one "0x%016llx 0x%016llx 0x%016llx" line (start, INCLUSIVE end,
 * IORESOURCE_* flags) per resource index: 0-5 BARs, 6 ROM, 7-12 SR-IOV VF BARs, then bridge
 * windows. Unused = three zeros. Flag bits from include/linux/ioport.h. */
#include <string.h>
#include "sys/sys_int.h"

#define IORESOURCE_IO 0x00000100ULL
#define IORESOURCE_MEM 0x00000200ULL
#define IORESOURCE_PREFETCH 0x00002000ULL
#define IORESOURCE_MEM_64 0x00100000ULL
#define IORESOURCE_WINDOW 0x00200000ULL
#define IORESOURCE_DISABLED 0x10000000ULL
#define IORESOURCE_UNSET 0x20000000ULL

/* The BDF is the last path component that looks like one ("…/0000:02:00.0/resource"). */
static bool bdf_from_name(const char *name, char out[16])
{
	bool ok = false;
	char comp[64];
	const char *p = name;
	while (*p) {
		size_t n = strcspn(p, "/");
		if (n < sizeof(comp)) {
			memcpy(comp, p, n);
			comp[n] = 0;
			char tmp[16];
			if (!sys_bdf_norm(comp, tmp)) {
				memcpy(out, tmp, 16);
				ok = true;
			}
		}
		p += n;
		if (*p)
			p++;
	}
	return ok;
}

void iom_rd_pci_resource(struct iom_sys_state *st, int input, const char *bdf, const char *text,
			 size_t len)
{
	struct sys_lines it;
	char dev[16];
	if (bdf && !sys_bdf_norm(bdf, dev))
		;
	else if (!bdf_from_name(st->inputs[input].name, dev)) {
		iom_sys_msg(st, input, 0, IOM_SYS_MSG_WARN,
			    "cannot tell which PCI device this resource file belongs to (no "
			    "dddd:bb:dd.f in its path); BARs listed as ????:??:??.?");
		strcpy(dev, "????:??:??.?");
	}
	sys_lines_init(&it, text, len);
	int idx = -1;
	while (sys_lines_next(&it)) {
		const char *p = it.buf;
		uint64_t s, e, f;
		if (!*sys_skip_ws(p))
			continue;
		idx++;
		if (!sys_hex0x(&p, &s) || !sys_hex0x(&p, &e) || !sys_hex0x(&p, &f) ||
		    *sys_skip_ws(p)) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_ERROR,
				    "malformed resource line (expected three 0x%%016llx words); ignored");
			continue;
		}
		if (!s && !e && !f)
			continue;
		if (!(f & IORESOURCE_MEM) || (f & IORESOURCE_WINDOW) || idx > 12)
			continue; /* I/O ports and bridge windows are not memory BARs */
		if (s > e) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_ERROR,
				    "start above end (the end is inclusive); ignored");
			continue;
		}
		struct iom_sys_bar b;
		memset(&b, 0, sizeof(b));
		memcpy(b.bdf, dev, sizeof(b.bdf));
		b.index = idx;
		b.start = s;
		b.end = e;
		b.flags = f;
		b.prefetch = !!(f & IORESOURCE_PREFETCH);
		b.is64 = !!(f & IORESOURCE_MEM_64);
		b.rom = idx == 6;
		b.disabled = !!(f & (IORESOURCE_DISABLED | IORESOURCE_UNSET));
		b.wc_file = -1;
		b.src = IOM_SYS_BAR_RESOURCE;
		b.at.input = input;
		b.at.line = it.lineno;
		if (iom_sys_add_bar(st, &b))
			st->inputs[input].nr_used++;
	}
}
