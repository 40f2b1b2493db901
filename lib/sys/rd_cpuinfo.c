// SPDX-License-Identifier: MIT
/* iomodel -- /proc/cpuinfo reader: only the first "flags : ..." line matters, for the
 * "pat" and "mtrr" feature flags (X86_FEATURE_PAT / X86_FEATURE_MTRR, cpufeatures.h).
 * Flags are cleared by the kernel when it disables the feature for the CPU. */
#include <string.h>
#include "sys/sys_int.h"

void iom_rd_cpuinfo(struct iom_sys_state *st, int input, const char *text, size_t len)
{
	struct sys_lines it;
	sys_lines_init(&it, text, len);
	while (sys_lines_next(&it)) {
		const char *p = sys_skip_ws(it.buf);
		if (strncmp(p, "flags", 5))
			continue;
		p = strchr(p, ':');
		if (!p) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_ERROR, "flags line without ':'");
			continue;
		}
		if (it.cut)
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_WARN,
				    "flags line too long; flags after the cut are not seen");
		int pat = 0, mtrr = 0;
		char w[64];
		p++;
		while (sys_word(&p, w, sizeof(w))) {
			if (!strcmp(w, "pat"))
				pat = 1;
			else if (!strcmp(w, "mtrr"))
				mtrr = 1;
			while (*p == ':' || *p == ',' || *p == ';')
				p++;
		}
		st->cpu_pat = pat;
		st->cpu_mtrr = mtrr;
		st->cpu_at.input = input;
		st->cpu_at.line = it.lineno;
		st->inputs[input].nr_used++;
		return; /* first CPU only */
	}
	iom_sys_msg(st, input, 0, IOM_SYS_MSG_WARN, "no 'flags' line; CPU features unknown");
}
