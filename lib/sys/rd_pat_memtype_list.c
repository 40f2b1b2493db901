// SPDX-License-Identifier: MIT
/* iomodel -- reader for /sys/kernel/debug/x86/pat_memtype_list (FIELD-a.3,
 * XMT-2.9): "PAT memtype list:" then one reservation per line,
 *   v5.6+   "PAT: [mem 0x%016Lx-0x%016Lx] %s"   (memtype.c memtype_seq_show())
 *   older   "%s @ 0x%Lx-0x%Lx"                   (pat.c memtype_seq_show())
 * In both the END IS EXCLUSIVE. Type names are cattr_name()'s; "broken" = unknown. */
#include <string.h>
#include "sys/sys_int.h"

static bool type_word(const char *s, enum iom_mt *t, bool *broken)
{
	char w[40];
	size_t n = 0;
	s = sys_skip_ws(s);
	while (*s && *s != ' ' && *s != '\t' && n < sizeof(w) - 1)
		w[n++] = *s++;
	w[n] = 0;
	if (*sys_skip_ws(s))
		return false;
	*broken = !strcmp(w, "broken");
	if (*broken) {
		*t = IOM_MT_NONE;
		return true;
	}
	return !sys_type_name(w, t) && strcmp(w, "UC") && strcmp(w, "WC") && strcmp(w, "WB") &&
	       strcmp(w, "UC-") && strcmp(w, "WT") && strcmp(w, "WP");
}

void iom_rd_pat_memtype_list(struct iom_sys_state *st, int input, const char *text, size_t len)
{
	struct sys_lines it;
	st->have_pat_list = true;
	sys_lines_init(&it, text, len);
	while (sys_lines_next(&it)) {
		const char *p = sys_skip_ws(it.buf);
		uint64_t s, e;
		enum iom_mt t;
		bool broken = false, ok = false;
		int fmt = 0;
		if (!*p || !strncmp(p, "PAT memtype list:", 17))
			continue;
		if (!strncmp(p, "PAT: [mem ", 10)) {
			p += 10;
			fmt = 2;
			ok = sys_hex0x(&p, &s) && sys_lit(&p, "-") && sys_hex0x(&p, &e) &&
			     sys_lit(&p, "]") && type_word(p, &t, &broken);
		} else {
			const char *at = strstr(p, " @ ");
			if (at) {
				char w[40];
				size_t n = (size_t)(at - p);
				fmt = 1;
				if (n < sizeof(w)) {
					memcpy(w, p, n);
					w[n] = 0;
					const char *q = at + 3;
					ok = type_word(w, &t, &broken) && sys_hex0x(&q, &s) &&
					     sys_lit(&q, "-") && sys_hex0x(&q, &e) && !*sys_skip_ws(q);
				}
			}
		}
		if (!ok) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_ERROR,
				    "malformed pat_memtype_list line (expected 'PAT: [mem 0xS-0xE] type' "
				    "or 'type @ 0xS-0xE'); ignored");
			continue;
		}
		if (st->pat_list_format && fmt != st->pat_list_format)
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_WARN,
				    "both list formats in one input (pre-5.6 and 5.6+)");
		st->pat_list_format = fmt;
		if (s >= e) {
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_ERROR,
				    "empty or reversed range 0x%llx-0x%llx (the end is exclusive); ignored",
				    (unsigned long long)s, (unsigned long long)e);
			continue;
		}
		if (broken)
			iom_sys_msg(st, input, it.lineno, IOM_SYS_MSG_WARN,
				    "type 'broken': the kernel tracked a type it cannot name");
		struct iom_sys_resv *r = SYS_PUSH(st, resv);
		if (!r)
			return;
		r->start = s;
		r->end = e;
		r->type = t;
		r->at.input = input;
		r->at.line = it.lineno;
		st->inputs[input].nr_used++;
	}
}
