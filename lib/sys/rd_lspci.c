// SPDX-License-Identifier: MIT
/* iomodel -- reader for pasted `lspci -v` / `-vv` text (pciutils lspci.c show_bases()):
 *   "bb:dd.f Class name [cccc]: Vendor Device ..."   device header (domain optional)
 *   "Region N: Memory at X (64-bit, prefetchable) [size=256M]"   -vv
 *   "Memory at X (32-bit, non-prefetchable) [size=16K]"           -v (no region number)
 *   "... [disabled]", "[virtual]", "Memory at <unassigned>", "Expansion ROM at X [size=..]"
 * The size suffix is K, M, G or T (powers of 1024). */
#include <ctype.h>
#include <string.h>
#include "sys/sys_int.h"

static bool parse_lspci_size(const char *s, uint64_t *size)
{
	const char *z = strstr(s, "[size=");
	uint64_t n;
	if (!z)
		return false;
	z += 6;
	if (!sys_dec(&z, &n))
		return false;
	int sh = 0;
	switch (*z) {
	case 'K': sh = 10; break;
	case 'M': sh = 20; break;
	case 'G': sh = 30; break;
	case 'T': sh = 40; break;
	case ']': sh = 0; break;
	default: return false;
	}
	if (n > (UINT64_MAX >> sh) || !n)
		return false;
	*size = n << sh;
	return true;
}

void iom_rd_lspci(struct iom_sys_state *st, int input, const char *text, size_t len)
{
	struct sys_lines it;
	char dev[16] = "";
	char cls[48] = "";
	int ordinal = 0;
	sys_lines_init(&it, text, len);
	while (sys_lines_next(&it)) {
		const char *p = sys_skip_ws(it.buf);
		if (!*p)
			continue;
		if (p == it.buf) { /* device header: not indented */
			char w[32];
			size_t n = strcspn(p, " ");
			if (n < sizeof(w)) {
				memcpy(w, p, n);
				w[n] = 0;
				if (!sys_bdf_norm(w, dev)) {
					/* a header without a blank ends at p[n]: do not step over the NUL */
					const char *c = p[n] ? p + n + 1 : p + n, *colon = strstr(c, ": ");
					size_t cn = colon ? (size_t)(colon - c) : 0;
					const char *br = memchr(c, '[', cn);
					if (br && br > c)
						cn = (size_t)(br - c - 1);
					if (cn >= sizeof(cls))
						cn = sizeof(cls) - 1;
					memcpy(cls, c, cn);
					cls[cn] = 0;
					ordinal = 0;
					st->inputs[input].nr_used++;
					continue;
				}
			}
		}
		int index = -1;
		bool rom = false;
		if (!strncmp(p, "Region ", 7)) {
			uint64_t r;
			const char *q = p + 7;
			if (!sys_dec(&q, &r) || !sys_lit(&q, ":"))
				continue;
			index = (int)(r & 0xff);
			p = sys_skip_ws(q);
		}
		if (!strncmp(p, "Expansion ROM at ", 17)) {
			rom = true;
			index = 6;
			p += 17;
		} else if (!strncmp(p, "Memory at ", 10)) {
			p += 10;
		} else {
			continue;
		}
		if (!dev[0]) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_WARN,
				    "memory region before any device header line; ignored");
			continue;
		}
		uint64_t start, size;
		if (*p == '<') /* <unassigned>, <ignored> */
			continue;
		if (!sys_hex(&p, &start)) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_ERROR,
				    "malformed region address; ignored");
			continue;
		}
		if (!parse_lspci_size(p, &size) || start + size - 1 < start) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_WARN,
				    "region at 0x%llx has no usable [size=...]; ignored",
				    (unsigned long long)start);
			continue;
		}
		struct iom_sys_bar b;
		memset(&b, 0, sizeof(b));
		memcpy(b.bdf, dev, sizeof(b.bdf));
		memcpy(b.devclass, cls, sizeof(b.devclass));
		b.index = index;
		b.start = start;
		b.end = start + size - 1;
		b.rom = rom;
		b.prefetch = strstr(p, "non-prefetchable") ? 0 : strstr(p, "prefetchable") ? 1 : rom ? 1 : -1;
		b.is64 = strstr(p, "64-bit") ? 1 : strstr(p, "32-bit") ? 0 : -1;
		b.disabled = strstr(p, "[disabled]") != NULL;
		b.wc_file = -1;
		b.src = IOM_SYS_BAR_LSPCI;
		b.at.input = input;
		b.at.line = it.lineno;
		if (index < 0 && !rom)
			b.index = -1 - ordinal; /* -v: n-th listed region, number unknown */
		ordinal++;
		if (iom_sys_add_bar(st, &b))
			st->inputs[input].nr_used++;
	}
}
