// SPDX-License-Identifier: MIT
/* iomodel -- /proc/iomem reader (FIELD-a.4; kernel/resource.c r_show()):
 * "%*s%0*llx-%0*llx : %s", two spaces of indent per level (capped at 5 levels), end
 * INCLUSIVE, names may contain spaces and colons (split on the first " : ").
 * Read without CAP_SYS_ADMIN every address prints as zero: detected when EVERY line is
 * 0-0 (root captures also hold genuine zero-sized entries). */
#include <stdlib.h>
#include <string.h>
#include "sys/sys_int.h"

void iom_rd_iomem(struct iom_sys_state *st, int input, const char *text, size_t len)
{
	struct sys_lines it;
	int stack[8];
	size_t first = st->nr_iomem;
	bool all_zero = true;
	int nr = 0;
	for (int i = 0; i < 8; i++)
		stack[i] = -1;
	st->have_iomem = true;
	sys_lines_init(&it, text, len);
	while (sys_lines_next(&it)) {
		const char *p = it.buf;
		int sp = 0;
		uint64_t s, e;
		while (p[sp] == ' ')
			sp++;
		if (!p[sp])
			continue;
		p += sp;
		if (!sys_hex(&p, &s) || *p != '-' || (p++, !sys_hex(&p, &e)) || strncmp(p, " : ", 3)) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_ERROR,
				    "malformed /proc/iomem line (expected 'start-end : name'); ignored");
			continue;
		}
		p += 3;
		if (s > e) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_ERROR,
				    "start above end (the end is inclusive); ignored");
			continue;
		}
		int depth = sp / 2;
		if (depth > 7)
			depth = 7;
		if (sp % 2)
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_WARN,
				    "odd indentation (%d spaces); nesting taken as %d", sp, depth);
		/* A child deeper than one level below the last entry is a broken paste. */
		while (depth > 0 && stack[depth - 1] < 0)
			depth--;
		struct iom_sys_iomem *m = SYS_PUSH(st, iomem);
		if (!m)
			return;
		m->start = s;
		m->end = e;
		m->depth = depth;
		m->parent = depth ? stack[depth - 1] : -1;
		m->name = iom_sys_strdup(p);
		m->at.input = input;
		m->at.line = it.lineno;
		stack[depth] = (int)(st->nr_iomem - 1);
		for (int i = depth + 1; i < 8; i++)
			stack[i] = -1;
		if (s || e)
			all_zero = false;
		nr++;
		st->inputs[input].nr_used++;
	}
	if (nr > 1 && all_zero) {
		st->iomem_zeroed = true;
		st->inputs[input].status = IOM_SYS_IN_ZEROED;
		iom_sys_msg(st, input, 0, IOM_SYS_MSG_WARN,
			    "every address is 0: /proc/iomem was read without CAP_SYS_ADMIN "
			    "(since v4.15); owners cannot be placed");
		for (size_t i = first; i < st->nr_iomem; i++)
			free(st->iomem[i].name);
		st->nr_iomem = first;
	}
}
