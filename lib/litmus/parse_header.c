// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, the header comment's Result: and Expect: lines.
 * (parse_int.h lists the parser's files.) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse_int.h"

/* ---- header comment: Result: and Expect: lines ---- */

static int word(const char **s, const char *end, const char **w, size_t *n)
{
	while (*s < end && (**s == ' ' || **s == '\t'))
		(*s)++;
	*w = *s;
	while (*s < end && **s != ' ' && **s != '\t' && **s != '\r')
		(*s)++;
	*n = (size_t)(*s - *w);
	return *n > 0;
}

void lp_parse_header(struct parser *p)
{
	const char *c = p->lx.first_comment, *end;
	if (!c)
		return;
	end = c + p->lx.first_comment_len;
	p->t->comment = lp_xstrndup(p, c, p->lx.first_comment_len);
	int line = p->lx.first_comment_pos.line;
	const char *bol = c;
	int col0 = p->lx.first_comment_pos.col;
	unsigned cap = 0;
	while (bol < end) {
		const char *eol = memchr(bol, '\n', (size_t)(end - bol));
		if (!eol)
			eol = end;
		const char *s = bol;
		while (s < eol && (*s == ' ' || *s == '\t' || *s == '*'))
			s++;
		int col = (int)(s - bol) + (bol == c ? col0 : 1);
		struct iom_lit_pos pos = { line, col };
		if ((size_t)(eol - s) >= 7 && !memcmp(s, "Result:", 7)) {
			/* Never, Sometimes, Always or DEADLOCK, optionally followed by DATARACE;
			 * any other wording is free text (kernel tests use it) */
			const char *w;
			size_t n;
			s += 7;
			(void)pos;
			if (word(&s, eol, &w, &n)) {
				while (n > 1 && (w[n - 1] == ',' || w[n - 1] == '.' || w[n - 1] == ';'))
					n--; /* "Sometimes, as ..." */
				char *v = lp_xstrndup(p, w, n);
				enum iom_lit_verdict r;
				if (!strcmp(v, "DEADLOCK"))
					p->t->result_deadlock = true;
				else if (iom_lit_verdict_parse(v, &r) == 0 && r != IOM_LIT_V_ERROR &&
					 r != IOM_LIT_V_NONE)
					p->t->result = r;
				else
					goto next_line;
				if (word(&s, eol, &w, &n) && n >= 8 && !memcmp(w, "DATARACE", 8))
					p->t->result_datarace = true;
			}
		} else if ((size_t)(eol - s) >= 7 && !memcmp(s, "Expect:", 7)) {
			struct iom_lit_expect *e = PUSH(p, p->t->expects, p->t->nr_expects, cap);
			const char *f[4];
			size_t n[4];
			s += 7;
			e->pos = pos;
			for (int i = 0; i < 4; i++) {
				if (!word(&s, eol, &f[i], &n[i]))
					lp_fail(p, IOM_EPARSE, pos, "Expect: needs 4 fields: <arch|*> <X.Y|*> "
					     "<kernel|article|portable|*> <Never|Sometimes|Always|Error>");
			}
			const char *x;
			size_t xn;
			if (word(&s, eol, &x, &xn))
				lp_fail(p, IOM_EPARSE, pos, "Expect: has more than 4 fields");
			char *a = lp_xstrndup(p, f[0], n[0]), *k = lp_xstrndup(p, f[1], n[1]);
			char *m = lp_xstrndup(p, f[2], n[2]), *v = lp_xstrndup(p, f[3], n[3]);
			e->arch = IOM_ARCH_ANY;
			e->model = IOM_LIT_MODEL_ANY;
			if (strcmp(a, "*") && iom_arch_parse(a, &e->arch) < 0)
				lp_fail(p, IOM_EINVAL, pos, "Expect: unknown architecture '%s'", a);
			if (strcmp(k, "*") && iom_kver_parse(k, &e->kver) < 0)
				lp_fail(p, IOM_EINVAL, pos, "Expect: bad kernel version '%s' (X.Y or *)", k);
			if (strcmp(m, "*") && iom_lit_model_parse(m, &e->model) < 0)
				lp_fail(p, IOM_EINVAL, pos, "Expect: unknown model '%s'", m);
			if (iom_lit_verdict_parse(v, &e->verdict) < 0)
				lp_fail(p, IOM_EINVAL, pos, "Expect: unknown verdict '%s'", v);
		}
	next_line:
		bol = eol + 1;
		line++;
	}
}
