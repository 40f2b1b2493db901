// SPDX-License-Identifier: MIT
/* iomodel -- /proc/mtrr reader, every historical format (FIELD-a.1):
 *   current  "reg%02i: base=0x%06lx000 (%5luMB), size=%5lu%cB, count=%d: %s"  (if.c)
 *   2.4-2.6  "reg%02i: base=0x%05lx000 (%4luMB), size=%4lu%cB: %s, count=%d"
 *   2.2      "reg%02i: base=0x%08lx (%4liMB), size=%4li%cB: %s, count=%d" ("kB")
 * Fields are tokenised: the printf widths overflow on wide addresses. An empty file is
 * legal (no valid variable MTRR). Type "?" is a reserved encoding (2, 3, > 6). */
#include <stdio.h>
#include <string.h>
#include "sys/sys_int.h"

static bool parse_size(const char **p, uint64_t *bytes)
{
	uint64_t n;
	if (!sys_dec(p, &n))
		return false;
	const char *s = *p;
	uint64_t mul;
	if (*s == 'K' || *s == 'k')
		mul = 1ULL << 10;
	else if (*s == 'M' || *s == 'm')
		mul = 1ULL << 20;
	else if (*s == 'G' || *s == 'g')
		mul = 1ULL << 30;
	else
		return false;
	if (s[1] != 'B')
		return false;
	if (n > UINT64_MAX / mul)
		return false;
	*bytes = n * mul;
	*p = s + 2;
	return true;
}

static bool parse_type(const char *s, enum iom_mt *t)
{
	char w[40];
	size_t n = 0;
	s = sys_skip_ws(s);
	while (*s && *s != ',' && *s != ' ' && *s != '\t' && n < sizeof(w) - 1)
		w[n++] = *s++;
	w[n] = 0;
	if (!strcmp(w, "?")) {
		*t = IOM_MT_NONE;
		return true;
	}
	return !sys_type_name(w, t) && *t != IOM_MT_UC_MINUS;
}

static void parse_line(struct iom_sys_state *st, int input, int ln, const char *line)
{
	const char *p = sys_skip_ws(line);
	uint64_t reg, base, size, count = 0;
	enum iom_mt type;
	bool have_count = false;
	if (!*p)
		return;
	if (strncmp(p, "reg", 3)) {
		iom_sys_msg(st, input, ln, IOM_SYS_MSG_WARN, "not a /proc/mtrr line; ignored");
		return;
	}
	p += 3;
	if (!sys_dec(&p, &reg) || !sys_lit(&p, ":") || !sys_lit(&p, "base=") ||
	    !sys_hex0x(&p, &base)) {
		iom_sys_msg(st, input, ln, IOM_SYS_MSG_ERROR,
			    "malformed /proc/mtrr line (expected 'regNN: base=0x...'); ignored");
		return;
	}
	/* "(%5luMB)" is informational; skip to "size=". */
	const char *sz = strstr(p, "size=");
	if (!sz) {
		iom_sys_msg(st, input, ln, IOM_SYS_MSG_ERROR, "no 'size=' field; line ignored");
		return;
	}
	p = sz + 5;
	if (!parse_size(&p, &size)) {
		iom_sys_msg(st, input, ln, IOM_SYS_MSG_ERROR,
			    "malformed size (expected a number and KB/kB/MB); line ignored");
		return;
	}
	p = sys_skip_ws(p);
	if (sys_lit(&p, ",") && sys_lit(&p, "count=")) {
		/* current: ", count=N: type" */
		if (!sys_dec(&p, &count) || !sys_lit(&p, ":") || !parse_type(p, &type)) {
			iom_sys_msg(st, input, ln, IOM_SYS_MSG_ERROR,
				    "malformed 'count=N: type' part; line ignored");
			return;
		}
		have_count = true;
	} else if (sys_lit(&p, ":")) {
		/* old: ": type, count=N" */
		if (!parse_type(p, &type)) {
			iom_sys_msg(st, input, ln, IOM_SYS_MSG_ERROR, "unknown MTRR type; line ignored");
			return;
		}
		const char *c = strstr(p, "count=");
		if (c) {
			c += 6;
			have_count = sys_dec(&c, &count);
		}
	} else {
		iom_sys_msg(st, input, ln, IOM_SYS_MSG_ERROR,
			    "expected ', count=' or ': type' after the size; line ignored");
		return;
	}
	if (type == IOM_MT_NONE)
		iom_sys_msg(st, input, ln, IOM_SYS_MSG_WARN,
			    "register reg%02u has type '?' (reserved encoding)", (unsigned)reg);
	if ((base | size) & 0xfff || !size || (size & (size - 1)) || (base & (size - 1)))
		iom_sys_msg(st, input, ln, IOM_SYS_MSG_WARN,
			    "reg%02u: base 0x%llx size 0x%llx is not a power-of-two range aligned "
			    "to its size (SDM 11.11.4); not a real register value",
			    (unsigned)reg, (unsigned long long)base, (unsigned long long)size);
	for (size_t i = 0; i < st->nr_vars; i++)
		if (st->vars[i].reg == (int)reg)
			iom_sys_msg(st, input, ln, IOM_SYS_MSG_WARN,
				    "reg%02u listed twice (composite or concatenated listing?)",
				    (unsigned)reg);
	struct iom_sys_mtrr_var *v = SYS_PUSH(st, vars);
	if (!v)
		return;
	v->reg = reg > 4096 ? 4096 : (int)reg;
	v->base = base;
	v->size = size;
	v->type = type;
	v->count = have_count ? (int)(count > 1000000 ? 1000000 : count) : -1;
	v->at.input = input;
	v->at.line = ln;
	st->inputs[input].nr_used++;
}

void iom_rd_mtrr(struct iom_sys_state *st, int input, const char *text, size_t len)
{
	struct sys_lines it;
	st->have_proc_mtrr = true;
	sys_lines_init(&it, text, len);
	while (sys_lines_next(&it)) {
		if (it.cut)
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_WARN, "line too long; cut");
		parse_line(st, input, it.lineno, it.buf);
	}
}
