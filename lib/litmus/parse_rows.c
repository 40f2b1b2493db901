// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, the thread rows of the assembly dialects (LISA and AArch64):
 * a header row "P0 | P1 ;", then one row per instruction slot, cells separated by '|' and
 * the row ended by ';', up to the condition. Each cell is lexed on its own and handed to the
 * dialect with its text as written (blanks collapsed, comments left out), for printing.
 * (parse_int.h lists the parser's files.) */
#include <string.h>
#include "parse_int.h"

/* A line that ends the rows: the condition, locations or filter. With asm_cells the keyword
 * must be a whole word (a label locationsX: is a row) */
static int stop_line(const char *s, const char *e, int whole_word)
{
	static const char *const kw[] = { "exists", "~", "forall", "locations", "filter", "final",
					  "(" };
	if (memchr(s, '|', (size_t)(e - s)))
		return 0; /* a row of cells */
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++) {
		size_t n = strlen(kw[i]);
		if ((size_t)(e - s) < n || memcmp(s, kw[i], n))
			continue;
		char c = (size_t)(e - s) > n ? s[n] : ' ';
		int word = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			   (c >= '0' && c <= '9') || c == '_' || c == '.';
		if (!whole_word || !word || n == 1)
			return 1;
	}
	return 0;
}

/* The cell's text for printing: every blank the lexer skips collapsed to one, comments
 * left out (the lexer reads them; an unterminated one is its error) */
static const char *cell_text(struct parser *p, const char *cs, const char *ce,
			     struct iom_lit_pos pos, const char *dialect)
{
	char buf[256];
	size_t n = 0;
	for (const char *c = cs; c < ce; c++) {
		if (c + 1 < ce && c[0] == '(' && c[1] == '*') {
			const char *e = c + 2;
			while (e + 1 < ce && !(e[0] == '*' && e[1] == ')'))
				e++;
			c = e + 1 < ce ? e + 1 : ce - 1;
			if (n && buf[n - 1] != ' ' && n + 2 < sizeof(buf))
				buf[n++] = ' ';
			continue;
		}
		int blank = *c == ' ' || *c == '\t' || *c == '\r' || *c == '\f' || *c == '\v';
		if (blank && (!n || buf[n - 1] == ' '))
			continue;
		if (n + 2 >= sizeof(buf))
			lp_fail(p, IOM_ELIMIT, pos, "%s: a cell longer than 250 characters", dialect);
		buf[n++] = blank ? ' ' : *c;
	}
	while (n && buf[n - 1] == ' ')
		n--;
	return lp_xstrndup(p, buf, n);
}

/* Skip a comment line between the rows (AArch64; herd7 takes them there), over several
 * lines if need be; returns the offset after its line */
static size_t skip_comment_line(struct parser *p, const struct lp_rows *r, size_t off,
				const char *q, int *line)
{
	const char *src = p->lx.src;
	size_t len = p->lx.len, k = (size_t)(q - src) + 2;
	while (k + 1 < len && !(src[k] == '*' && src[k + 1] == ')'))
		k++;
	if (k + 1 >= len)
		lp_fail(p, IOM_EPARSE, (struct iom_lit_pos){ *line, 1 + (int)(q - src - off) },
			"%s: unterminated comment", r->dialect);
	for (size_t m = off; m < k; m++)
		if (src[m] == '\n')
			(*line)++;
	k += 2;
	/* the rest of the comment's last line must be blank */
	while (k < len && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r'))
		k++;
	if (k < len && src[k] != '\n')
		lp_fail(p, IOM_EPARSE, (struct iom_lit_pos){ *line, 1 },
			"%s: text after a comment on a row", r->dialect);
	(*line)++;
	return k < len ? k + 1 : k;
}

unsigned lp_parse_rows(struct parser *p, const struct lp_rows *r)
{
	if (p->nla)
		lp_fail(p, IOM_EPARSE, p->la[0].pos, "%s: expected the thread header after the "
			"initial state", r->dialect);
	struct lit_lexer main = p->lx;
	const char *src = main.src;
	size_t off = main.off, len = main.len;
	int line = main.line, col = main.col;
	unsigned nth = 0;
	int header = 1;
	while (off < len) {
		size_t eol = off;
		while (eol < len && src[eol] != '\n')
			eol++;
		const char *ls = src + off, *le = src + eol;
		const char *q = ls;
		while (q < le && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (q == le) {
			off = eol < len ? eol + 1 : eol;
			line++;
			col = 1;
			continue;
		}
		if (r->asm_cells && q + 1 < le && q[0] == '(' && q[1] == '*') {
			off = skip_comment_line(p, r, off, q, &line);
			col = 1;
			continue;
		}
		if (stop_line(ls, le, r->asm_cells))
			break;
		unsigned cell = 0;
		const char *cs = ls;
		int done = 0;
		while (!done) {
			const char *ce = cs;
			while (ce < le && *ce != '|' && *ce != ';')
				ce++;
			done = ce >= le || *ce == ';';
			struct iom_lit_pos pos = { line, col + (int)(cs - ls) };
			struct lit_lexer cl;
			lit_lex_init(&cl, cs, (size_t)(ce - cs));
			cl.line = line;
			cl.col = pos.col;
			cl.asm_imm = r->asm_cells;
			cl.u64 = r->asm_cells;
			p->lx = cl;
			p->nla = 0;
			if (header) {
				struct lit_token t = lp_next(p);
				if (lp_thread_number(&t) != (int)cell)
					lp_fail(p, IOM_EPARSE, t.pos, "%s: expected P%u in the thread header, "
						"found %s", r->dialect, cell, lp_describe(p, &t));
				if (cell >= LIT_MAX_THREADS)
					lp_fail(p, IOM_ELIMIT, t.pos, "more than %d threads", LIT_MAX_THREADS);
				if (lp_peek(p, 0)->kind != T_EOF)
					lp_fail(p, IOM_EPARSE, lp_peek(p, 0)->pos, "%s: unexpected %s in the "
						"thread header", r->dialect, lp_describe(p, lp_peek(p, 0)));
				struct iom_lit_thread *th = PUSH(p, p->t->threads, p->t->nr_threads,
								 p->cap_threads);
				th->id = (int)cell;
				th->pos = t.pos;
				p->cap_regs = 0;
				lp_thread_reginits(p, th);
				if (r->thread)
					r->thread(p, th);
				nth = cell + 1;
			} else if (cell < nth) {
				const char *text = cell_text(p, cs, ce, pos, r->dialect);
				p->cur = &p->t->threads[cell];
				p->cap_regs = p->cur->nr_regs; /* regs arrays are regrown below */
				r->cell(p, cell, text, r->arg);
				p->cur = NULL;
			} else {
				/* past the last thread: herd7 ignores empty AArch64 cells */
				const char *c = cs;
				while (c < ce && (*c == ' ' || *c == '\t' || *c == '\r'))
					c++;
				if (!r->asm_cells || c < ce)  /* AArch64: at the text; LISA: the cell */
					lp_fail(p, IOM_EPARSE,
						(struct iom_lit_pos){ line, col + (int)((r->asm_cells ? c : cs) - ls) },
						"%s: more cells than threads", r->dialect);
			}
			if (p->lx.bad)
				lp_fail(p, IOM_EPARSE, p->lx.bad_pos, "%s", p->lx.bad_msg);
			cell++;
			cs = ce + 1;
		}
		if (header && !nth)
			lp_fail(p, IOM_EPARSE, (struct iom_lit_pos){ line, col }, "%s: no threads",
				r->dialect);
		header = 0;
		off = eol < len ? eol + 1 : eol;
		line++;
		col = 1;
	}
	p->lx = main;
	p->nla = 0;
	lit_lex_seek(&p->lx, off);
	if (!nth)
		lp_fail(p, IOM_EPARSE, (struct iom_lit_pos){ line, col }, "%s: expected the thread "
			"header P0 | P1 ... ;", r->dialect);
	return nth;
}
