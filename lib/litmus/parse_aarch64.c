// SPDX-License-Identifier: MIT
/* iomodel -- litmus parser, the AArch64 dialect: "AArch64 name", the init block, a header
 * row "P0 | P1 ;", then one row per instruction slot, cells separated by '|' and the row
 * ended by ';' (herdtools7 lib/AArch64Parser.mly and AArch64Lexer.mll give the syntax).
 * Each cell is an instruction, a label "L0:" or both; its instruction goes into the
 * thread's a64 program (iomodel/aarch64.h). Registers X0-X30 and W0-W30 are one register
 * each, named "X<n>" in the thread's regs as herd7 prints them. Instructions outside the
 * user-level set the engine models are refused here, with file:line:col.
 * (parse_int.h lists the parser's files.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "iomodel/aarch64.h"
#include "parse_int.h"

struct a64_label {
	const char *name;
	unsigned at;                /* index of the next instruction                       */
	struct iom_lit_pos pos;
};

struct a64_thread {
	struct iom_a64_ins *ins;
	unsigned nr, cap;
	struct a64_label *lab;
	unsigned nlab, caplab;
	const char **tgt;           /* branch target names, per instruction (NULL: none)  */
	unsigned ntgt, captgt;
};

static int tok_is(const struct lit_token *t, const char *s)
{
	return t->kind == T_IDENT && strlen(s) == t->len && !strncasecmp(t->s, s, t->len);
}

/* A register name: X<n>/W<n> (n <= 30), XZR/WZR, SP/WSP. *bits gets 64 or 32. Returns 0
 * for a register, -1 otherwise; *r is IOM_A64_ZR, IOM_A64_SP or n. */
static int reg_name(const struct lit_token *t, int *n, unsigned *bits)
{
	if (t->kind != T_IDENT || t->len < 2)
		return -1;
	if ((t->len == 2 || t->len == 3) && !strncasecmp(t->s + t->len - 2, "SP", 2) &&
	    (t->len == 2 || t->s[0] == 'W' || t->s[0] == 'w')) {
		/* the stack pointer SP (WSP): a register of its own, herd7 names it SP
		 * (herdtools7 7.57, AArch64Base.ml: SP) */
		*bits = t->len == 2 ? 64 : 32;
		*n = IOM_A64_SP;
		return 0;
	}
	char c = t->s[0];
	if (c != 'X' && c != 'W' && c != 'x' && c != 'w')
		return -1;
	*bits = (c == 'X' || c == 'x') ? 64 : 32;
	if (t->len == 3 && !strncasecmp(t->s + 1, "ZR", 2)) {
		*n = IOM_A64_ZR;
		return 0;
	}
	int v = 0;
	for (size_t i = 1; i < t->len; i++) {
		if (t->s[i] < '0' || t->s[i] > '9' || i > 2)
			return -1;
		v = v * 10 + (t->s[i] - '0');
	}
	if (v > 30)
		return -1;
	*n = v;
	return 0;
}

/* The name the thread's register list gives X<n> (and SP) */
static void reg_print(char *name, size_t sz, int n)
{
	if (n == IOM_A64_SP)
		snprintf(name, sz, "SP");
	else
		snprintf(name, sz, "X%d", n);
}

/* The thread's register index of X<n>, created on first use */
static int thread_reg(struct parser *p, int n)
{
	if (n == IOM_A64_ZR)
		return IOM_A64_ZR;
	char name[16];
	reg_print(name, sizeof(name), n);
	int r = lp_find_reg(p->cur, name, strlen(name));
	if (r >= 0)
		return r;
	*PUSH(p, p->cur->regs, p->cur->nr_regs, p->cap_regs) = lp_xstrndup(p, name, strlen(name));
	return (int)p->cur->nr_regs - 1;
}

/* A symbolic register (herd7: X%NAME, W%NAME, or %NAME for the X form), named "%NAME" in
 * the thread's registers; -1 when none starts here. Its value comes from the init block
 * ("uint64_t %NAME=x;", for every thread that uses it). */
static int symbolic_reg(struct parser *p, unsigned *bits)
{
	const struct lit_token *a = lp_peek(p, 0), *b = lp_peek(p, 1), *c = lp_peek(p, 2);
	unsigned w = 64;
	if (a->kind == T_IDENT && a->len == 1 && strchr("XWxw", a->s[0]) && lp_is_p(b, '%') &&
	    b->s == a->s + 1 && c->kind == T_IDENT && c->s == b->s + 1) {
		w = a->s[0] == 'W' || a->s[0] == 'w' ? 32 : 64;
		lp_next(p);
	} else if (!(lp_is_p(a, '%') && b->kind == T_IDENT && b->s == a->s + 1)) {
		return -1;
	}
	lp_next(p);
	struct lit_token n = lp_next(p);
	char name[72];
	if (n.len > 64)
		lp_fail(p, IOM_ELIMIT, n.pos, "AArch64: a symbolic register name longer than 64 "
			"characters");
	snprintf(name, sizeof(name), "%%%.*s", (int)n.len, n.s);
	if (bits)
		*bits = w;
	int r = lp_find_reg(p->cur, name, strlen(name));
	if (r >= 0)
		return r;
	*PUSH(p, p->cur->regs, p->cur->nr_regs, p->cap_regs) = lp_xstrndup(p, name, strlen(name));
	return (int)p->cur->nr_regs - 1;
}

static int expect_reg(struct parser *p, unsigned *bits, const char *what)
{
	int sr = symbolic_reg(p, bits);
	if (sr >= 0)
		return sr;
	struct lit_token t = lp_next(p);
	int n;
	unsigned b;
	if (reg_name(&t, &n, &b) < 0)
		lp_fail(p, IOM_EPARSE, t.pos, "AArch64: expected a register (X0-X30, W0-W30, XZR, SP) "
			"as %s, found %s", what, lp_describe(p, &t));
	if (bits)
		*bits = b;
	return thread_reg(p, n);
}

static void comma(struct parser *p)
{
	lp_expect_p(p, ',', "between operands");
}

/* An immediate starts here: "#n", or a bare number, which herd7's parser also takes */
static int at_imm(struct parser *p)
{
	const struct lit_token *t = lp_peek(p, 0);
	return lp_is_p(t, '#') || t->kind == T_NUM ||
	       (lp_is_p(t, '-') && lp_peek(p, 1)->kind == T_NUM);
}

static int64_t expect_imm(struct parser *p)
{
	if (!at_imm(p)) {
		struct lit_token t = lp_next(p);
		lp_fail(p, IOM_EPARSE, t.pos, "AArch64: expected an immediate #n, found %s",
			lp_describe(p, &t));
	}
	if (lp_is_p(lp_peek(p, 0), '#'))
		lp_next(p);
	struct lit_token t;
	int neg = 0;
	if (lp_is_p(lp_peek(p, 0), '-')) {
		lp_next(p);
		neg = 1;
	}
	t = lp_next(p);
	if (t.kind != T_NUM)
		lp_fail(p, IOM_EPARSE, t.pos, "AArch64: expected a number after '#', found %s",
			lp_describe(p, &t));
	return (int64_t)(neg ? 0 - t.num : t.num);
}

/* An optional ", LSL #n" */
static unsigned opt_lsl(struct parser *p)
{
	if (!lp_is_p(lp_peek(p, 0), ','))
		return 0;
	lp_next(p);
	struct lit_token t = lp_next(p);
	if (!tok_is(&t, "LSL"))
		lp_fail(p, IOM_EPARSE, t.pos, "AArch64: only LSL #n shifts an operand here, found %s",
			lp_describe(p, &t));
	int64_t s = expect_imm(p);
	if (s < 0 || s > 63)
		lp_fail(p, IOM_EPARSE, t.pos, "AArch64: shift out of range");
	return (unsigned)s;
}

/* Extensions of a register operand: SXTW ... (iom_a64_ins.ext); 0 when t is none */
static int ext_kind(const struct lit_token *t)
{
	static const char *const k[] = { "SXTW", "UXTW", "SXTB", "UXTB", "SXTH", "UXTH" };
	for (int i = 0; i < 6; i++)
		if (tok_is(t, k[i]))
			return i + 1;
	return 0;
}

/* An optional ", LSL|LSR|ASR|ROR #n" or ", SXTW|UXTW|... {#n}" after a register operand */
static void opt_shift_ext(struct parser *p, struct iom_a64_ins *in)
{
	if (!lp_is_p(lp_peek(p, 0), ','))
		return;
	lp_next(p);
	struct lit_token t = lp_next(p);
	static const char *const sh[] = { "LSL", "LSR", "ASR", "ROR" };
	for (int i = 0; i < 4; i++)
		if (tok_is(&t, sh[i])) {
			in->sop = i;
			/* herd7 accepts "ASR 8" without '#' too (AArch64Parser.mly) */
			int64_t s;
			if (lp_peek(p, 0)->kind == T_NUM)
				s = (int64_t)lp_next(p).num;
			else
				s = expect_imm(p);
			if (s < 0 || s > 63)
				lp_fail(p, IOM_EPARSE, t.pos, "AArch64: shift out of range");
			in->shift = (unsigned)s;
			return;
		}
	in->ext = ext_kind(&t);
	if (!in->ext && !tok_is(&t, "SXTX") && !tok_is(&t, "UXTX"))
		lp_fail(p, IOM_EPARSE, t.pos, "AArch64: expected a shift (LSL, LSR, ASR, ROR) or an "
			"extension (SXTW, UXTW, ...), found %s", lp_describe(p, &t));
	if (at_imm(p)) {
		int64_t s = expect_imm(p);
		if (s < 0 || s > 4)
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: extension shift out of range");
		in->shift = (unsigned)s;
	}
}

/* [Xn], [Xn, Xm], [Xn, #imm] */
static void mem_operand(struct parser *p, struct iom_a64_ins *in)
{
	lp_expect_p(p, '[', "before the address register");
	unsigned b;
	in->rn = expect_reg(p, &b, "the address");
	if (b != 64)
		lp_fail(p, IOM_EPARSE, in->pos, "AArch64: the address register must be an X register");
	if (lp_is_p(lp_peek(p, 0), ',')) {
		lp_next(p);
		if (at_imm(p)) {
			in->imm_op = true;
			in->imm = expect_imm(p);
		} else {
			unsigned ib;
			in->rm = expect_reg(p, &ib, "the index");
			if (ib == 32 || (lp_is_p(lp_peek(p, 0), ',') && lp_peek(p, 1)->kind == T_IDENT &&
					 !tok_is(lp_peek(p, 1), "LSL"))) {
				/* [Xn, Wm, SXTW|UXTW {#s}] (AArch64Sem.ml get_ea_reg) */
				lp_expect_p(p, ',', "before the extension of a W index");
				struct lit_token e = lp_next(p);
				in->ext = ext_kind(&e);
				if (in->ext != 1 && in->ext != 2 && !tok_is(&e, "SXTX") && !tok_is(&e, "LSL"))
					lp_fail(p, IOM_EPARSE, e.pos, "AArch64: an index takes SXTW, UXTW, SXTX "
						"or LSL, found %s", lp_describe(p, &e));
				if (at_imm(p)) {
					int64_t s = expect_imm(p);
					if (s < 0 || s > 4)
						lp_fail(p, IOM_EPARSE, e.pos, "AArch64: extension shift out of range");
					in->shift = (unsigned)s;
				}
			} else {
				in->shift = opt_lsl(p);
			}
		}
	}
	lp_expect_p(p, ']', "after the address");
	if (lp_is_p(lp_peek(p, 0), '!')) {
		/* [Xn, #imm]!: Xn += imm, then the access (AArch64Sem.ml get_ea_preindexed) */
		lp_next(p);
		if (!in->imm_op)
			lp_fail(p, IOM_EPARSE, in->pos, "AArch64: pre-indexing takes [Xn, #imm]!");
		in->wb = 1;
		in->wb_imm = in->imm;
		in->imm = 0;
	} else if (lp_is_p(lp_peek(p, 0), ',') && in->rm == IOM_A64_NOREG && !in->imm_op) {
		/* [Xn], #imm: the access at Xn, then Xn += imm (str's PostIdx) */
		lp_next(p);
		in->wb_imm = expect_imm(p);
		in->wb = 2;
	}
}

static int cond_code(const char *s, size_t n)
{
	static const char *const cc[] = { "EQ", "NE", "CS", "CC", "MI", "PL", "VS", "VC", "HI",
					  "LS", "GE", "LT", "GT", "LE", "AL", "NV" };
	if (n == 2 && !strncasecmp(s, "HS", 2))
		return IOM_A64_CS;
	if (n == 2 && !strncasecmp(s, "LO", 2))
		return IOM_A64_CC;
	for (int i = 0; i < 16; i++)
		if (n == 2 && !strncasecmp(s, cc[i], 2))
			return i;
	return -1;
}

static int expect_cond(struct parser *p)
{
	struct lit_token t = lp_next(p);
	int c = t.kind == T_IDENT ? cond_code(t.s, t.len) : -1;
	if (c < 0)
		lp_fail(p, IOM_EPARSE, t.pos, "AArch64: expected a condition (EQ, NE, ...), found %s",
			lp_describe(p, &t));
	return c;
}

/* A branch target: a label (L0, .text), or an offset from the branch in bytes (.+8,
 * .-4), kept as "@+8" until the thread's instructions are known */
static const char *expect_label(struct parser *p)
{
	struct lit_token t = lp_next(p);
	if (lp_is_p(&t, '.') && (lp_is_p(lp_peek(p, 0), '+') || lp_is_p(lp_peek(p, 0), '-')) &&
	    lp_peek(p, 1)->kind == T_NUM) {
		int neg = lp_is_p(lp_peek(p, 0), '-');
		lp_next(p);
		struct lit_token n = lp_next(p);
		if (n.num % 4 || n.num > 4096)
			lp_fail(p, IOM_EPARSE, n.pos, "AArch64: a branch offset is a multiple of 4 "
				"below 4096");
		char buf[32];
		snprintf(buf, sizeof(buf), "@%c%llu", neg ? '-' : '+', (unsigned long long)n.num);
		return lp_xstrndup(p, buf, strlen(buf));
	}
	if (lp_is_p(&t, '.') && lp_peek(p, 0)->kind == T_IDENT) {
		struct lit_token n = lp_next(p);
		char buf[128];
		snprintf(buf, sizeof(buf), ".%.*s", (int)(n.len < 100 ? n.len : 100), n.s);
		return lp_xstrndup(p, buf, strlen(buf));
	}
	if (t.kind != T_IDENT)
		lp_fail(p, IOM_EPARSE, t.pos, "AArch64: expected a label, found %s", lp_describe(p, &t));
	return lp_tokstr(p, &t);
}

static int mnem(const struct lit_token *t, const char *s)
{
	return tok_is(t, s);
}

/* Suffix forms: base + {"", "A", "L", "AL"} (+ "B"/"H" for size). Returns the ann bits
 * and sets *bits when the mnemonic is base[A][L][B|H]; -1 when it is not. */
static int ord_suffix(const struct lit_token *t, const char *base, unsigned *bits)
{
	size_t bl = strlen(base);
	if (t->kind != T_IDENT || t->len < bl || strncasecmp(t->s, base, bl))
		return -1;
	const char *s = t->s + bl;
	size_t n = t->len - bl;
	unsigned ann = 0;
	if (n && (*s == 'A' || *s == 'a')) {
		ann |= IOM_A64_ACQ;
		s++, n--;
	}
	if (n && (*s == 'L' || *s == 'l')) {
		ann |= IOM_A64_REL;
		s++, n--;
	}
	*bits = 0;
	if (n == 1 && (*s == 'B' || *s == 'b'))
		*bits = 8, n--;
	else if (n == 1 && (*s == 'H' || *s == 'h'))
		*bits = 16, n--;
	return n ? -1 : (int)ann;
}

static void unsupported(struct parser *p, const struct lit_token *t)
{
	lp_fail(p, IOM_EINVAL, t->pos, "AArch64: the instruction %.*s is not supported (the "
		"engine models loads, stores and their pairs, exclusives, SWP, CAS and LD<op> "
		"atomics, barriers, moves, arithmetic, CSEL, branches and subroutine calls; SIMD, "
		"system, cache-maintenance and page-table instructions are out of scope)",
		(int)t->len, t->s);
}

static void parse_ins(struct parser *p, struct iom_a64_ins *in, const char **tgt)
{
	struct lit_token t = lp_next(p);
	unsigned b = 64, b2;
	int ann;
	in->rd = in->rn = in->rm = in->rs = IOM_A64_NOREG;
	in->bits = 64;
	if (mnem(&t, "NOP")) {
		in->op = IOM_A64_NOP;
		return;
	}
	if (mnem(&t, "B") && lp_is_p(lp_peek(p, 0), '.') && lp_peek(p, 1)->kind == T_IDENT &&
	    cond_code(lp_peek(p, 1)->s, lp_peek(p, 1)->len) >= 0) {
		lp_next(p);
		in->op = IOM_A64_BCOND;
		in->cond = expect_cond(p);
		*tgt = expect_label(p);
		return;
	}
	if (mnem(&t, "B")) {
		in->op = IOM_A64_B;
		*tgt = expect_label(p);
		return;
	}
	/* subroutine calls (AArch64Sem.ml I_BL, I_BLR, I_BR, I_RET, I_ADR): code addresses
	 * in registers, X30 the link register */
	if (mnem(&t, "BL")) {
		in->op = IOM_A64_BL;
		in->rd = thread_reg(p, 30);
		*tgt = expect_label(p);
		return;
	}
	if (mnem(&t, "BLR") || mnem(&t, "BR") || mnem(&t, "RET")) {
		in->op = IOM_A64_BR;
		in->neg = mnem(&t, "BLR");
		if (in->neg)
			in->rd = thread_reg(p, 30);
		if (mnem(&t, "RET") && lp_peek(p, 0)->kind != T_IDENT) {
			/* Variant=telechat: the thread's end (AArch64Sem.ml I_RET None) */
			in->rn = p->t->variant ? IOM_A64_NOREG : thread_reg(p, 30);
		} else {
			in->rn = expect_reg(p, &b, "the register holding the code address");
			if (b != 64 || in->rn == IOM_A64_ZR)
				lp_fail(p, IOM_EPARSE, t.pos, "AArch64: %.*s takes an X register", (int)t.len,
					t.s);
		}
		return;
	}
	if (mnem(&t, "ADR")) {
		in->op = IOM_A64_ADR;
		in->rd = expect_reg(p, &b, "the destination");
		if (b != 64)
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: ADR takes an X register");
		comma(p);
		*tgt = expect_label(p);
		return;
	}
	if (mnem(&t, "CBZ") || mnem(&t, "CBNZ")) {
		in->op = IOM_A64_CBZ;
		in->neg = mnem(&t, "CBNZ");
		in->rn = expect_reg(p, &b, "the tested register");
		in->bits = b;
		comma(p);
		*tgt = expect_label(p);
		return;
	}
	if (mnem(&t, "TBZ") || mnem(&t, "TBNZ")) {
		in->op = IOM_A64_TBZ;
		in->neg = mnem(&t, "TBNZ");
		in->rn = expect_reg(p, &b, "the tested register");
		in->bits = b;
		comma(p);
		in->imm = expect_imm(p);
		if (in->imm < 0 || in->imm >= (int64_t)b)
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: bit number out of range");
		comma(p);
		*tgt = expect_label(p);
		return;
	}
	if (mnem(&t, "DMB") || mnem(&t, "DSB")) {
		static const char *const opts[] = { "SY", "ST", "LD", "ISH", "ISHST", "ISHLD", "OSH",
						    "OSHST", "OSHLD", "NSH", "NSHST", "NSHLD" };
		in->op = IOM_A64_FENCE;
		in->sub = mnem(&t, "DMB") ? IOM_A64_DMB : IOM_A64_DSB;
		struct lit_token o = lp_next(p);
		in->opt = -1;
		for (int i = 0; i < 12; i++)
			if (tok_is(&o, opts[i]))
				in->opt = i;
		if (in->opt < 0)
			lp_fail(p, IOM_EPARSE, o.pos, "AArch64: expected a barrier option (SY, ISH, "
				"ISHLD, ...), found %s", lp_describe(p, &o));
		return;
	}
	if (mnem(&t, "ISB")) {
		in->op = IOM_A64_FENCE;
		in->sub = IOM_A64_ISB;
		in->opt = IOM_A64_SY;
		return;
	}
	if (mnem(&t, "MOV") || mnem(&t, "MOVZ") || mnem(&t, "MOVN") || mnem(&t, "MOVK")) {
		in->op = mnem(&t, "MOVK") ? IOM_A64_MOVK : IOM_A64_MOV;
		in->rd = expect_reg(p, &b, "the destination");
		in->bits = b;
		comma(p);
		if (at_imm(p)) {
			in->imm_op = true;
			in->imm = expect_imm(p);
			in->shift = opt_lsl(p);
			if (mnem(&t, "MOVN"))
				in->imm = ~(in->imm << in->shift), in->shift = 0;
		} else {
			if (!mnem(&t, "MOV"))
				lp_fail(p, IOM_EPARSE, lp_peek(p, 0)->pos, "AArch64: %.*s takes an immediate",
					(int)t.len, t.s);
			in->rm = expect_reg(p, &b2, "the source");
		}
		return;
	}
	static const struct { const char *m; int alu; bool s; int form; } alus[] = {
		/* form 0: rd, rn, op2; 1: rn, op2 into ZR (CMP, CMN, TST); 2: rd, op2 (NEG, MVN) */
		{ "ADD", IOM_A64_ADD, false, 0 }, { "ADDS", IOM_A64_ADD, true, 0 },
		{ "SUB", IOM_A64_SUB, false, 0 }, { "SUBS", IOM_A64_SUB, true, 0 },
		{ "AND", IOM_A64_AND, false, 0 }, { "ANDS", IOM_A64_AND, true, 0 },
		{ "ORR", IOM_A64_ORR, false, 0 }, { "EOR", IOM_A64_EOR, false, 0 },
		{ "BIC", IOM_A64_BIC, false, 0 }, { "BICS", IOM_A64_BIC, true, 0 },
		{ "ORN", IOM_A64_ORN, false, 0 }, { "EON", IOM_A64_EON, false, 0 },
		{ "LSL", IOM_A64_LSL, false, 0 }, { "LSR", IOM_A64_LSR, false, 0 },
		{ "ASR", IOM_A64_ASR, false, 0 }, { "ROR", IOM_A64_ROR, false, 0 },
		{ "LSLV", IOM_A64_LSL, false, 0 }, { "LSRV", IOM_A64_LSR, false, 0 },
		{ "ASRV", IOM_A64_ASR, false, 0 }, { "RORV", IOM_A64_ROR, false, 0 },
		{ "CMP", IOM_A64_SUB, true, 1 }, { "CMN", IOM_A64_ADD, true, 1 },
		{ "TST", IOM_A64_AND, true, 1 },
	};
	for (size_t i = 0; i < ARRAY_SIZE(alus); i++) {
		if (!mnem(&t, alus[i].m))
			continue;
		in->op = IOM_A64_ALU;
		in->sub = alus[i].alu;
		in->setflags = alus[i].s;
		if (alus[i].form == 1) {
			in->rd = IOM_A64_ZR;
			in->rn = expect_reg(p, &b, "the first operand");
		} else {
			in->rd = expect_reg(p, &b, "the destination");
			comma(p);
			in->rn = expect_reg(p, &b2, "the first operand");
			if (b2 != b)
				lp_fail(p, IOM_EPARSE, t.pos, "AArch64: operands of different sizes");
		}
		in->bits = b;
		comma(p);
		if (at_imm(p)) {
			in->imm_op = true;
			in->imm = expect_imm(p);
			in->shift = opt_lsl(p);
		} else {
			in->rm = expect_reg(p, &b2, "the second operand");
			opt_shift_ext(p, in);
			if (b2 != b && !in->ext)
				lp_fail(p, IOM_EPARSE, t.pos, "AArch64: a W operand of an X operation needs "
					"an extension (SXTW, UXTW, ...)");
		}
		return;
	}
	if (mnem(&t, "EXTR")) {
		/* EXTR rd, rn, rm, #lsb (AArch64Sem.ml I_EXTR) */
		in->op = IOM_A64_ALU;
		in->sub = IOM_A64_EXTR;
		in->rd = expect_reg(p, &b, "the destination");
		in->bits = b;
		comma(p);
		in->rn = expect_reg(p, &b2, "the first source");
		comma(p);
		in->rm = expect_reg(p, &b2, "the second source");
		comma(p);
		int64_t l = expect_imm(p);
		if (l < 0 || l >= (int64_t)b)
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: EXTR's position out of range");
		in->immr = (unsigned)l;
		return;
	}
	static const struct { const char *m; int kind; int form; } csels[] = {
		/* form 0: rd, rn, rm, cond; 1: rd, cond (CSET, CSETM); 2: rd, rn, cond (CINC...) */
		{ "CSEL", IOM_A64_CS_SEL, 0 }, { "CSINC", IOM_A64_CS_INC, 0 },
		{ "CSINV", IOM_A64_CS_INV, 0 }, { "CSNEG", IOM_A64_CS_NEG, 0 },
		{ "CSET", IOM_A64_CS_INC, 1 }, { "CSETM", IOM_A64_CS_INV, 1 },
		{ "CINC", IOM_A64_CS_INC, 2 }, { "CINV", IOM_A64_CS_INV, 2 },
		{ "CNEG", IOM_A64_CS_NEG, 2 },
	};
	for (size_t i = 0; i < ARRAY_SIZE(csels); i++) {
		if (!mnem(&t, csels[i].m))
			continue;
		in->op = IOM_A64_CSEL;
		in->sub = csels[i].kind;
		in->rd = expect_reg(p, &b, "the destination");
		in->bits = b;
		comma(p);
		if (csels[i].form == 0) {
			in->rn = expect_reg(p, &b2, "the first source");
			comma(p);
			in->rm = expect_reg(p, &b2, "the second source");
			comma(p);
			in->cond = expect_cond(p);
		} else {
			if (csels[i].form == 2) {
				in->rn = in->rm = expect_reg(p, &b2, "the source");
				comma(p);
			} else {
				in->rn = in->rm = IOM_A64_ZR;
			}
			/* CSET rd, c is CSINC rd, ZR, ZR, invert(c) (the Arm ARM's alias) */
			in->cond = expect_cond(p) ^ 1;
			if (in->cond >= IOM_A64_AL)
				lp_fail(p, IOM_EPARSE, t.pos, "AArch64: AL and NV cannot be inverted");
		}
		return;
	}
	/* extensions and bitfield moves (AArch64Sem.ml xbfm, I_SXTW) */
	static const struct { const char *m; int sign; unsigned from; } exts[] = {
		{ "SXTW", 1, 32 }, { "SXTH", 1, 16 }, { "SXTB", 1, 8 },
		{ "UXTW", 0, 32 }, { "UXTH", 0, 16 }, { "UXTB", 0, 8 },
	};
	for (size_t i = 0; i < ARRAY_SIZE(exts); i++) {
		if (!mnem(&t, exts[i].m))
			continue;
		in->op = IOM_A64_BFM;
		in->sub = exts[i].sign;
		in->rd = expect_reg(p, &b, "the destination");
		in->bits = b;
		comma(p);
		in->rn = expect_reg(p, &b2, "the source");
		in->immr = 0;
		in->imms = exts[i].from - 1;
		return;
	}
	if (mnem(&t, "SBFM") || mnem(&t, "UBFM")) {
		in->op = IOM_A64_BFM;
		in->sub = mnem(&t, "SBFM");
		in->rd = expect_reg(p, &b, "the destination");
		in->bits = b;
		comma(p);
		in->rn = expect_reg(p, &b2, "the source");
		comma(p);
		int64_t r = expect_imm(p);
		comma(p);
		int64_t sv = expect_imm(p);
		if (r < 0 || r >= (int64_t)b || sv < 0 || sv >= (int64_t)b)
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: bitfield position out of range");
		in->immr = (unsigned)r;
		in->imms = (unsigned)sv;
		return;
	}
	static const struct { const char *m; int op; } unaries[] = {
		{ "NEG", IOM_A64_NEG }, { "MVN", IOM_A64_MVN }, { "ABS", IOM_A64_ABS },
		{ "RBIT", IOM_A64_RBIT }, { "REV", IOM_A64_REV }, { "REV16", IOM_A64_REV16 },
		{ "REV32", IOM_A64_REV32 }, { "REV64", IOM_A64_REV },
	};
	for (size_t i = 0; i < ARRAY_SIZE(unaries); i++) {
		if (!mnem(&t, unaries[i].m))
			continue;
		in->op = IOM_A64_UNARY;
		in->sub = unaries[i].op;
		in->rd = expect_reg(p, &b, "the destination");
		in->bits = b;
		comma(p);
		in->rm = expect_reg(p, &b2, "the source");
		if (b2 != b || (mnem(&t, "REV32") && b != 64) || (mnem(&t, "REV64") && b != 64))
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: operands of different sizes");
		if (in->sub == IOM_A64_NEG || in->sub == IOM_A64_MVN)
			opt_shift_ext(p, in);
		return;
	}
	static const struct { const char *m; int sub; int nops; } muls[] = {
		/* sub: 0 MADD, 1 MSUB, 2 SMADDL, 3 SMSUBL, 4 UMADDL, 5 UMSUBL */
		{ "MADD", 0, 4 }, { "MSUB", 1, 4 }, { "MUL", 0, 3 }, { "MNEG", 1, 3 },
		{ "SMADDL", 2, 4 }, { "SMSUBL", 3, 4 }, { "UMADDL", 4, 4 }, { "UMSUBL", 5, 4 },
		{ "SMULL", 2, 3 }, { "SMNEGL", 3, 3 }, { "UMULL", 4, 3 }, { "UMNEGL", 5, 3 },
	};
	for (size_t i = 0; i < ARRAY_SIZE(muls); i++) {
		if (!mnem(&t, muls[i].m))
			continue;
		in->op = IOM_A64_MUL;
		in->sub = muls[i].sub;
		in->rd = expect_reg(p, &b, "the destination");
		in->bits = b;
		comma(p);
		in->rn = expect_reg(p, &b2, "the first factor");
		comma(p);
		in->rm = expect_reg(p, &b2, "the second factor");
		if (muls[i].sub >= 2 && (b != 64 || b2 != 32))
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: %.*s multiplies W registers into an X "
				"register", (int)t.len, t.s);
		in->ra = IOM_A64_ZR;
		if (muls[i].nops == 4) {
			comma(p);
			in->ra = expect_reg(p, &b2, "the accumulator");
		}
		return;
	}
	/* pairs: LDP/STP Rt1, Rt2, [Xn{, #imm}] (AArch64Sem.ml LoadPair: two accesses of one
	 * instruction, at the address and the next element, with no order between them);
	 * parse_cell adds the second access */
	if (mnem(&t, "LDP") || mnem(&t, "STP") || mnem(&t, "LDXP") || mnem(&t, "LDAXP") ||
	    mnem(&t, "STXP") || mnem(&t, "STLXP") || mnem(&t, "LDPSW")) {
		bool ld = t.s[0] == 'L' || t.s[0] == 'l';
		bool sw = mnem(&t, "LDPSW");
		in->op = ld ? IOM_A64_LD : IOM_A64_ST;
		if (t.len > 3 && !sw) {
			/* the exclusive pairs (AArch64Sem.ml ldxp, stxp) */
			in->ann = IOM_A64_EXCL | (mnem(&t, "LDAXP") ? IOM_A64_ACQ : 0) |
				  (mnem(&t, "STLXP") ? IOM_A64_REL : 0);
			if (!ld) {
				in->rs = expect_reg(p, &b2, "the status");
				if (b2 != 32)
					lp_fail(p, IOM_EPARSE, t.pos, "AArch64: the status register is a W "
						"register");
				comma(p);
			}
		}
		in->rd = expect_reg(p, &b, "the first register");
		comma(p);
		in->pair_rd = expect_reg(p, &b2, "the second register");
		if (b2 != b)
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: the pair's registers differ in size");
		in->bits = b;
		if (sw) {
			/* LDPSW Xt1, Xt2: two words, each sign-extended to 64 bits (AArch64Sem.ml
			 * LDPSW: a pair of 32-bit loads with sign extension) */
			if (b != 64)
				lp_fail(p, IOM_EPARSE, t.pos, "AArch64: LDPSW loads into X registers");
			in->sext = true;
			in->dbits = 64;
			in->bits = 32;
		}
		comma(p);
		mem_operand(p, in);
		if (in->rm != IOM_A64_NOREG || (in->ann && (in->wb || in->imm)))
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: %.*s takes %s", (int)t.len, t.s,
				in->ann ? "[Xn] only" : "no index register");
		in->imm_op = true;
		return;
	}
	/* loads */
	if (mnem(&t, "LDRSB") || mnem(&t, "LDRSH") || mnem(&t, "LDRSW")) {
		in->op = IOM_A64_LD;
		in->sext = true;
		in->rd = expect_reg(p, &b, "the destination");
		in->dbits = b;  /* bits is the access's size */
		in->bits = t.s[4] == 'B' || t.s[4] == 'b' ? 8 : t.s[4] == 'H' || t.s[4] == 'h' ? 16 : 32;
		if (in->bits == 32 && b != 64)
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: LDRSW loads into an X register");
		comma(p);
		mem_operand(p, in);
		return;
	}
	static const struct { const char *m; unsigned ann; unsigned bits; } lds[] = {
		{ "LDUR", 0, 0 }, { "LDURB", 0, 8 }, { "LDURH", 0, 16 },
		{ "LDR", 0, 0 }, { "LDRB", 0, 8 }, { "LDRH", 0, 16 },
		{ "LDAR", IOM_A64_ACQ, 0 }, { "LDARB", IOM_A64_ACQ, 8 }, { "LDARH", IOM_A64_ACQ, 16 },
		{ "LDAPR", IOM_A64_ACQPC, 0 }, { "LDAPRB", IOM_A64_ACQPC, 8 },
		{ "LDAPRH", IOM_A64_ACQPC, 16 },
		{ "LDXR", IOM_A64_EXCL, 0 }, { "LDXRB", IOM_A64_EXCL, 8 }, { "LDXRH", IOM_A64_EXCL, 16 },
		{ "LDAXR", IOM_A64_EXCL | IOM_A64_ACQ, 0 }, { "LDAXRB", IOM_A64_EXCL | IOM_A64_ACQ, 8 },
		{ "LDAXRH", IOM_A64_EXCL | IOM_A64_ACQ, 16 },
	};
	for (size_t i = 0; i < ARRAY_SIZE(lds); i++) {
		if (!mnem(&t, lds[i].m))
			continue;
		in->op = IOM_A64_LD;
		in->ann = lds[i].ann;
		in->rd = expect_reg(p, &b, "the destination");
		in->bits = lds[i].bits ? lds[i].bits : b;
		comma(p);
		mem_operand(p, in);
		if (in->ann && (in->imm_op ? in->imm != 0 : in->rm != IOM_A64_NOREG))
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: %.*s takes [Xn] only", (int)t.len, t.s);
		return;
	}
	static const struct { const char *m; unsigned ann; unsigned bits; } sts[] = {
		{ "STR", 0, 0 }, { "STRB", 0, 8 }, { "STRH", 0, 16 },
		{ "STUR", 0, 0 }, { "STURB", 0, 8 }, { "STURH", 0, 16 },
		{ "STLR", IOM_A64_REL, 0 }, { "STLRB", IOM_A64_REL, 8 }, { "STLRH", IOM_A64_REL, 16 },
		{ "STXR", IOM_A64_EXCL, 0 }, { "STXRB", IOM_A64_EXCL, 8 }, { "STXRH", IOM_A64_EXCL, 16 },
		{ "STLXR", IOM_A64_EXCL | IOM_A64_REL, 0 }, { "STLXRB", IOM_A64_EXCL | IOM_A64_REL, 8 },
		{ "STLXRH", IOM_A64_EXCL | IOM_A64_REL, 16 },
	};
	for (size_t i = 0; i < ARRAY_SIZE(sts); i++) {
		if (!mnem(&t, sts[i].m))
			continue;
		in->op = IOM_A64_ST;
		in->ann = sts[i].ann;
		if (in->ann & IOM_A64_EXCL) {
			in->rs = expect_reg(p, &b2, "the status");
			if (b2 != 32)
				lp_fail(p, IOM_EPARSE, t.pos, "AArch64: the status register is a W register");
			comma(p);
		}
		in->rd = expect_reg(p, &b, "the source");
		in->bits = sts[i].bits ? sts[i].bits : b;
		comma(p);
		mem_operand(p, in);
		if (in->ann && (in->imm_op ? in->imm != 0 : in->rm != IOM_A64_NOREG))
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: %.*s takes [Xn] only", (int)t.len, t.s);
		return;
	}
	static const struct { const char *m; int aop; } ops[] = {
		{ "ADD", IOM_A64_AADD }, { "CLR", IOM_A64_ACLR }, { "EOR", IOM_A64_AEOR },
		{ "SET", IOM_A64_ASET }, { "SMAX", IOM_A64_ASMAX }, { "SMIN", IOM_A64_ASMIN },
		{ "UMAX", IOM_A64_AUMAX }, { "UMIN", IOM_A64_AUMIN },
	};
	char base[16];
	if ((ann = ord_suffix(&t, "SWP", &b2)) >= 0) {
		in->op = IOM_A64_SWP;
		goto amo;
	}
	if ((ann = ord_suffix(&t, "CASP", &b2)) >= 0 && !b2) {
		/* CASP{A,L,AL} Rs, Rs+1, Rt, Rt+1, [Xn] (AArch64Sem.ml casp): the pairs are
		 * consecutive registers, the first even */
		in->op = IOM_A64_CASP;
		in->ann = (unsigned)ann;
		int n[4];
		for (int k = 0; k < 4; k++) {
			struct lit_token r = lp_next(p);
			unsigned rb;
			if (reg_name(&r, &n[k], &rb) < 0 || n[k] < 0 || n[k] == IOM_A64_SP || (k && rb != b))
				lp_fail(p, IOM_EPARSE, r.pos, "AArch64: CASP takes four registers of one "
					"size, found %s", lp_describe(p, &r));
			if (!k)
				b = rb;
			comma(p);
		}
		if (n[0] % 2 || n[1] != n[0] + 1 || n[2] % 2 || n[3] != n[2] + 1)
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: CASP's pairs are an even register and "
				"the next");
		in->rs = thread_reg(p, n[0]);
		in->ra = thread_reg(p, n[1]);
		in->rd = thread_reg(p, n[2]);
		in->pair_rd = thread_reg(p, n[3]);
		in->bits = b;
		mem_operand(p, in);
		if (in->imm_op ? in->imm != 0 : in->rm != IOM_A64_NOREG || in->wb)
			lp_fail(p, IOM_EPARSE, t.pos, "AArch64: CASP takes [Xn] only");
		in->imm_op = true;
		in->casp_rt2 = in->pair_rd;
		in->pair_rd = IOM_A64_NOREG;
		return;
	}
	if ((ann = ord_suffix(&t, "CAS", &b2)) >= 0) {
		in->op = IOM_A64_CAS;
		goto amo;
	}
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
		snprintf(base, sizeof(base), "LD%s", ops[i].m);
		if ((ann = ord_suffix(&t, base, &b2)) >= 0) {
			in->op = IOM_A64_LDOP;
			in->sub = ops[i].aop;
			goto amo;
		}
		snprintf(base, sizeof(base), "ST%s", ops[i].m);
		if ((ann = ord_suffix(&t, base, &b2)) >= 0 && !(ann & IOM_A64_ACQ)) {
			/* ST<op>{L}: LD<op>{L} into the zero register (AArch64Sem.ml I_STOP) */
			in->op = IOM_A64_LDOP;
			in->sub = ops[i].aop;
			in->ann = (unsigned)ann;
			in->rs = expect_reg(p, &b, "the operand");
			in->bits = b2 ? b2 : b;
			in->rd = IOM_A64_ZR;
			comma(p);
			mem_operand(p, in);
			goto amo_check;
		}
	}
	unsupported(p, &t);
amo:
	in->ann = (unsigned)ann;
	in->rs = expect_reg(p, &b, "the operand");
	in->bits = b2 ? b2 : b;
	comma(p);
	in->rd = expect_reg(p, &b, "the destination");
	comma(p);
	mem_operand(p, in);
amo_check:
	if (in->imm_op ? in->imm != 0 : in->rm != IOM_A64_NOREG)
		lp_fail(p, IOM_EPARSE, t.pos, "AArch64: %.*s takes [Xn] only", (int)t.len, t.s);
}

/* The instruction of a cell's text, after its labels ("L0: B L1" -> "B L1") */
static const char *skip_labels(const char *s)
{
	for (;;) {
		const char *q = s;
		while (*q == ' ')
			q++;
		const char *w = q;
		if (*q == '.')
			q++;
		while ((*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') ||
		       *q == '_')
			q++;
		if (q == w)
			return s;
		while (*q == ' ')
			q++;
		if (*q != ':')
			return s;
		s = q + 1;
		while (*s == ' ')
			s++;
	}
}

static void parse_cell(struct parser *p, struct a64_thread *at, const char *text)
{
	/* labels: NAME ':' (several may precede one instruction) */
	for (;;) {
		struct lit_token l;
		if (lp_peek(p, 0)->kind == T_IDENT && lp_is_p(lp_peek(p, 1), ':')) {
			l = lp_next(p);
		} else if (lp_is_p(lp_peek(p, 0), '.') && lp_peek(p, 1)->kind == T_IDENT &&
			   lp_is_p(lp_peek(p, 2), ':')) {
			/* .text: -- the '.' is part of the name */
			struct lit_token dot = lp_next(p);
			l = lp_next(p);
			if (l.s != dot.s + 1)
				lp_fail(p, IOM_EPARSE, dot.pos, "AArch64: a blank inside a label");
			l.s = dot.s;
			l.len++;
		} else {
			break;
		}
		lp_next(p);
		for (unsigned i = 0; i < at->nlab; i++)
			if (strlen(at->lab[i].name) == l.len && !memcmp(at->lab[i].name, l.s, l.len))
				lp_fail(p, IOM_EPARSE, l.pos, "AArch64: label %.*s defined twice",
					(int)l.len, l.s);
		static const char *const kw[] = { "exists", "forall", "locations", "filter", "final" };
		for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
			if (strlen(kw[i]) == l.len && !memcmp(kw[i], l.s, l.len))
				lp_fail(p, IOM_EPARSE, l.pos, "AArch64: a label named like the keyword %s",
					kw[i]);
		unsigned cap = at->caplab;
		struct a64_label *nl = PUSH(p, at->lab, at->nlab, cap);
		at->caplab = cap;
		nl->name = lp_tokstr(p, &l);
		nl->at = at->nr;
		nl->pos = l.pos;
	}
	if (lp_peek(p, 0)->kind == T_EOF)
		return;
	unsigned cap = at->cap;
	struct iom_a64_ins *in = PUSH(p, at->ins, at->nr, cap);
	at->cap = cap;
	memset(in, 0, sizeof(*in));
	in->pos = lp_peek(p, 0)->pos;
	in->text = skip_labels(text);
	in->pair_rd = IOM_A64_NOREG;
	const char *tg = NULL;
	parse_ins(p, in, &tg);
	if (in->pair_rd != IOM_A64_NOREG) {
		/* the pair's second access: the same instruction, the next element */
		struct iom_a64_ins second = *in;
		cap = at->cap;
		struct iom_a64_ins *in2 = PUSH(p, at->ins, at->nr, cap);
		at->cap = cap;
		*in2 = second;
		in2->rd = second.pair_rd;
		in2->imm = second.imm + (int64_t)(second.bits / 8);
		in2->pair_second = true;
		in2->text = NULL;
		/* write-back once: before the first access (pre-indexed), after the second
		 * (post-indexed), which then addresses the old Xn plus the element size */
		if (second.wb == 1) {
			in2->wb = 0;
		} else if (second.wb == 2) {
			struct iom_a64_ins *first = in2 - 1;
			first->wb = 0;
		}
	}
	cap = at->captgt;
	while (at->ntgt < at->nr - 1)
		*PUSH(p, at->tgt, at->ntgt, cap) = NULL;
	*PUSH(p, at->tgt, at->ntgt, cap) = tg;
	at->captgt = cap;
	if (lp_peek(p, 0)->kind != T_EOF)
		lp_fail(p, IOM_EPARSE, lp_peek(p, 0)->pos, "AArch64: unexpected %s after the "
			"instruction", lp_describe(p, lp_peek(p, 0)));
}

/* The types herd7's AArch64 init block takes: the integer types, and pointers to them */
static int known_type(const char *ty)
{
	static const char *const base[] = {
		"int", "char", "short", "long", "unsigned", "unsigned int", "unsigned long",
		"unsigned long long", "long long", "int8_t", "uint8_t", "int16_t", "uint16_t",
		"int32_t", "uint32_t", "int64_t", "uint64_t", "intptr_t", "uintptr_t",
	};
	if (!ty)
		return 1;
	size_t n = strlen(ty);
	while (n && (ty[n - 1] == '*' || ty[n - 1] == ' '))
		n--;
	for (size_t i = 0; i < ARRAY_SIZE(base); i++)
		if (strlen(base[i]) == n && !memcmp(base[i], ty, n))
			return 1;
	/* herd7 also takes a type it does not know (A73's "unit64_t"), as a 64-bit value; a
	 * single name, not a lock, a structure or a pointer chain */
	for (size_t i = 0; i < n; i++)
		if (!((ty[i] >= 'a' && ty[i] <= 'z') || (ty[i] >= 'A' && ty[i] <= 'Z') ||
		      (ty[i] >= '0' && ty[i] <= '9') || ty[i] == '_'))
			return 0;
	return n && !strstr(ty, "lock") && !strstr(ty, "srcu") && strcmp(ty, "atomic_t");
}

static void check_types(struct parser *p)
{
	for (unsigned i = 0; i < p->t->nr_syms; i++) {
		const struct iom_lit_sym *sy = &p->t->syms[i];
		if (sy->kind != IOM_LIT_SYM_VAR || !known_type(sy->ctype))
			lp_fail(p, IOM_EINVAL, sy->pos, "AArch64: %s: the type %s is not one herd7's "
				"AArch64 tests take (integers and pointers)", sy->name,
				sy->ctype ? sy->ctype : "of a lock or region");
	}
	for (unsigned i = 0; i < p->t->nr_threads; i++)
		for (unsigned k = 0; k < p->t->threads[i].nr_reg_inits; k++) {
			const struct iom_lit_reginit *ri = &p->t->threads[i].reg_inits[k];
			if (!known_type(ri->ctype))
				lp_fail(p, IOM_EINVAL, ri->pos, "AArch64: the type %s is not one herd7's "
					"AArch64 tests take (integers and pointers)", ri->ctype);
		}
}

/* herd7 takes x0 and w0 for X0 in the init block: one register, named as it prints it */
static void canon_init_regs(struct parser *p, struct iom_lit_thread *th)
{
	for (unsigned i = 0; i < th->nr_regs; i++) {
		struct lit_token t = { .kind = T_IDENT, .s = th->regs[i], .len = strlen(th->regs[i]) };
		int n;
		unsigned b;
		if (reg_name(&t, &n, &b) < 0 || n < 0)
			continue;
		char name[16];
		reg_print(name, sizeof(name), n);
		for (unsigned k = 0; k < i; k++)
			if (!strcmp(th->regs[k], name))
				lp_fail(p, IOM_EINVAL, th->pos, "AArch64: %s is initialised twice", name);
		th->regs[i] = lp_xstrndup(p, name, strlen(name));
	}
}

static void a64_row_cell(struct parser *p, unsigned cell, const char *text, void *arg)
{
	struct a64_thread *at = arg;
	parse_cell(p, &at[cell], text);
}

void lp_parse_aarch64_threads(struct parser *p)
{
	check_types(p);
	struct a64_thread *at = lp_xalloc(p, LIT_MAX_THREADS * sizeof(*at));
	const struct lp_rows rows = { "AArch64", 1, canon_init_regs, a64_row_cell, at };
	unsigned nth = lp_parse_rows(p, &rows);
	for (unsigned i = 0; i < nth; i++) {
		struct iom_lit_thread *th = &p->t->threads[i];
		struct a64_thread *a = &at[i];
		for (unsigned k = 0; k < a->nr && k < a->ntgt; k++) {
			if (!a->tgt[k])
				continue;
			if (a->tgt[k][0] == '@') {
				/* an offset in bytes: instructions of 4 bytes (an LDP's second access is
				 * no instruction of its own) */
				long delta = strtol(a->tgt[k] + 1, NULL, 10) / 4;
				long at_ins = 0;
				for (unsigned q = 0; q < k; q++)
					at_ins += !a->ins[q].pair_second;
				long want = at_ins + delta;
				long cnt = 0;
				unsigned q = 0;
				for (; q < a->nr && cnt < want; q++)
					cnt += !a->ins[q].pair_second;
				while (q < a->nr && a->ins[q].pair_second)
					q++;
				if (want < 0 || cnt < want)
					lp_fail(p, IOM_EINVAL, a->ins[k].pos, "AArch64: the branch offset %s "
						"leaves P%u's code", a->tgt[k] + 1, i);
				a->ins[k].target = (int)q;
				continue;
			}
			unsigned j;
			for (j = 0; j < a->nlab; j++)
				if (!strcmp(a->lab[j].name, a->tgt[k]))
					break;
			if (j == a->nlab)
				lp_fail(p, IOM_EINVAL, a->ins[k].pos, "AArch64: label %s is not defined on "
					"P%u", a->tgt[k], i);
			a->ins[k].target = (int)a->lab[j].at;
		}
		th->a64 = lp_xalloc(p, sizeof(*th->a64));
		th->a64->ins = a->ins;
		th->a64->nr = a->nr;
		th->a64->nlab = a->nlab;
		th->a64->lab = lp_xalloc(p, (a->nlab + 1) * sizeof(*th->a64->lab));
		th->a64->lab_at = lp_xalloc(p, (a->nlab + 1) * sizeof(*th->a64->lab_at));
		for (unsigned j = 0; j < a->nlab; j++) {
			th->a64->lab[j] = a->lab[j].name;
			th->a64->lab_at[j] = a->lab[j].at;
		}
	}
}
