// SPDX-License-Identifier: MIT
/* iomodel -- the portability check's compiler: an LKMM litmus test (C) into the AArch64
 * test arm64's implementation of its primitives gives (tables/lkmm_to_aarch64.def, Linux
 * 6.12 with LSE atomics), so that aarch64.cat can be asked what the CPU allows where the
 * LKMM forbids.
 *
 * Registers: the thread's C register k is Xk (k < 18), the address of each shared name the
 * thread uses is in X18..X23 (from the init block), and X24..X29 hold temporaries. Values
 * live in X registers (64-bit accesses; the tests' values are small integers and
 * addresses). An if becomes a CBZ around its arms (a control dependency, as a compiler
 * that keeps the branch gives). Refused, each with its position: locks, RCU and SRCU
 * grace periods and read-side sections, loops, arrays, and what arm64 implements as a
 * loop (add_unless). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lkmm/lkmm_int.h"

enum a64c {
	A64C_LOAD, A64C_STORE, A64C_F_MB, A64C_F_RMB, A64C_F_WMB, A64C_F_ATOMIC, A64C_F_SPINLOCK,
	A64C_F_BARRIER, A64C_STORE_MB, A64C_XCHG, A64C_CMPXCHG, A64C_FETCH, A64C_OP,
};
enum a64o { A64O_RLX, A64O_ACQ, A64O_REL, A64O_MB, A64O_ANY };

static const struct { int cls, order; const char *text, *source; } map_rows[] = {
#define LKA(c, o, t, s) { c, o, t, s },
#include "../tables/lkmm_to_aarch64.def"
#undef LKA
};

static const char *map_text(int cls, int order)
{
	for (size_t i = 0; i < sizeof(map_rows) / sizeof(map_rows[0]); i++)
		if (map_rows[i].cls == cls && (map_rows[i].order == order || map_rows[i].order == A64O_ANY))
			return map_rows[i].text;
	return NULL;
}

/* The LKMM's own row for a primitive (tables/lkmm_events.def) */
struct lk_row {
	const char *name;
	int shape;
	uint32_t rtag, wtag;
	int mb, op, imm, test;
};
enum {
	SH_LOAD, SH_STORE, SH_STORE_MB, SH_FENCE, SH_XCHG, SH_CMPXCHG, SH_OP, SH_OP_RET,
	SH_FETCH_OP, SH_LOCK, SH_UNLOCK, SH_TRYLOCK, SH_ISLOCKED, SH_SYNC_SRCU, SH_NOP,
	SH_ADD_UNLESS,
};
static const struct lk_row lk_rows[] = {
#define LK_PRIM(n, sh, rt, wt, mb, op, imm, test, line) { n, SH_##sh, rt, wt, mb, op, imm, test },
#include "../tables/lkmm_events.def"
#undef LK_PRIM
};

#define R_SYM0 18               /* X18..X23: addresses of shared names                 */
#define R_NSYM 6
#define R_TMP0 24               /* X24..X29: temporaries                               */
#define R_NTMP 6

struct cc {
	const struct iom_lit_test *t;
	const struct iom_lit_thread *th;
	struct iom_diag *d;
	int err;
	char **cells;               /* the thread's cells, in order                        */
	unsigned n, cap;
	int symreg[R_NSYM];         /* sym held by X18+j, or -1                             */
	unsigned ntmp;              /* temporaries in use                                  */
	unsigned nlabel;
	bool wide[32];              /* the register holds an address (X); else an int (W) */
	bool *lwide;                /* per shared name: it holds an address                */
};

/* A register's name at a width: X for addresses, W for C's 32-bit ints */
static const char *R(bool wide, int r)
{
	static char buf[8][16];
	static unsigned k;
	char *b = buf[k++ % 8];
	snprintf(b, 16, "%c%d", wide ? 'X' : 'W', r);
	return b;
}

static void refuse(struct cc *c, struct iom_lit_pos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void refuse(struct cc *c, struct iom_lit_pos pos, const char *fmt, ...)
{
	if (c->err)
		return;
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	iom_diag_set(c->d, IOM_EINVAL, c->t->file, pos.line, pos.col, "aarch64 compile: %s", msg);
	c->err = -IOM_EINVAL;
}

static void emit(struct cc *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(struct cc *c, const char *fmt, ...)
{
	if (c->err)
		return;
	if (c->n == c->cap) {
		unsigned nc = c->cap ? 2 * c->cap : 32;
		char **nv = realloc(c->cells, nc * sizeof(*nv));
		if (!nv) {
			c->err = -IOM_ENOMEM;
			return;
		}
		c->cells = nv;
		c->cap = nc;
	}
	char buf[128];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	c->cells[c->n] = strdup(buf);
	if (!c->cells[c->n]) {
		c->err = -IOM_ENOMEM;
		return;
	}
	c->n++;
}

static int tmp(struct cc *c, struct iom_lit_pos pos)
{
	if (c->ntmp >= R_NTMP) {
		refuse(c, pos, "%s", "an expression needs more than 6 temporaries");
		return R_TMP0;
	}
	c->wide[R_TMP0 + c->ntmp] = false;
	return R_TMP0 + (int)c->ntmp++;
}

/* The register holding the address of sym */
static int sym_reg(struct cc *c, int sym, struct iom_lit_pos pos)
{
	if (c->t->syms[sym].array_len) {
		refuse(c, pos, "%s", "arrays are not compiled");
		return R_SYM0;
	}
	for (int j = 0; j < R_NSYM; j++)
		if (c->symreg[j] == sym)
			return R_SYM0 + j;
	for (int j = 0; j < R_NSYM; j++)
		if (c->symreg[j] < 0) {
			c->symreg[j] = sym;
			return R_SYM0 + j;
		}
	refuse(c, pos, "%s", "a thread uses more than 6 shared names");
	return R_SYM0;
}

static int creg(struct cc *c, int r, struct iom_lit_pos pos)
{
	if (r < 0 || r >= R_SYM0) {
		refuse(c, pos, "%s", "a thread has more than 18 registers");
		return 0;
	}
	return r;
}

/* Does the expression compute an address? */
static bool ewide(const struct cc *c, const struct iom_lit_expr *e)
{
	if (!e)
		return false;
	switch (e->kind) {
	case IOM_LIT_E_SYM:
	case IOM_LIT_E_ADDR:
		return true;
	case IOM_LIT_E_REG:
		return e->index >= 0 && e->index < 32 && c->wide[e->index];
	case IOM_LIT_E_BINOP:
		return ewide(c, e->a) || ewide(c, e->b);
	default:
		return false;
	}
}

/* An expression's value into a register (returned); dst >= 0 asks for that register */
static int gen(struct cc *c, const struct iom_lit_expr *e, int dst)
{
	if (!e || c->err)
		return R_TMP0;
	switch (e->kind) {
	case IOM_LIT_E_CONST: {
		int r = dst >= 0 ? dst : tmp(c, e->pos);
		bool w = c->wide[r];
		emit(c, "MOV %s,#%lld", R(w, r), (long long)(w ? e->value : (int32_t)e->value));
		return r;
	}
	case IOM_LIT_E_REG: {
		int s = creg(c, e->index, e->pos);
		if (dst >= 0 && dst != s)
			emit(c, "MOV %s,%s", R(c->wide[s], dst), R(c->wide[s], s));
		return dst >= 0 ? dst : s;
	}
	case IOM_LIT_E_SYM:
	case IOM_LIT_E_ADDR: {
		const struct iom_lit_expr *s = e->kind == IOM_LIT_E_ADDR ? e->a : e;
		if (!s || s->kind != IOM_LIT_E_SYM) {
			refuse(c, e->pos, "%s", "an address other than a shared name's");
			return R_TMP0;
		}
		int r = sym_reg(c, s->index, e->pos);
		if (dst >= 0 && dst != r)
			emit(c, "MOV X%d,X%d", dst, r);
		return dst >= 0 ? dst : r;
	}
	case IOM_LIT_E_UNOP: {
		unsigned save = c->ntmp;
		int a = gen(c, e->a, -1);
		c->ntmp = save;
		int r = dst >= 0 ? dst : tmp(c, e->pos);
		bool w = c->wide[a];
		if (e->op == '-')
			emit(c, "NEG %s,%s", R(w, r), R(w, a));
		else if (e->op == '~')
			emit(c, "MVN %s,%s", R(w, r), R(w, a));
		else {
			emit(c, "CMP %s,#0", R(w, a));
			emit(c, "CSET %s,EQ", R(false, r));
		}
		return r;
	}
	case IOM_LIT_E_BINOP: {
		unsigned save = c->ntmp;
		int a = gen(c, e->a, -1);
		int b = gen(c, e->b, -1);
		c->ntmp = save;
		int r = dst >= 0 ? dst : tmp(c, e->pos);
		bool w = ewide(c, e);
		static const struct { int op; const char *m; } alu[] = {
			{ '+', "ADD" }, { '-', "SUB" }, { '&', "AND" }, { '|', "ORR" }, { '^', "EOR" },
			{ '*', "MUL" }, { IOM_LIT_OP_SHL, "LSL" }, { IOM_LIT_OP_SHR, "ASR" },
		};
		for (size_t i = 0; i < sizeof(alu) / sizeof(alu[0]); i++)
			if (alu[i].op == e->op) {
				emit(c, "%s %s,%s,%s", alu[i].m, R(w, r), R(w, a), R(w, b));
				return r;
			}
		static const struct { int op; const char *cc; } cmp[] = {
			{ IOM_LIT_OP_EQ, "EQ" }, { IOM_LIT_OP_NE, "NE" }, { '<', "LT" }, { '>', "GT" },
			{ IOM_LIT_OP_LE, "LE" }, { IOM_LIT_OP_GE, "GE" },
		};
		for (size_t i = 0; i < sizeof(cmp) / sizeof(cmp[0]); i++)
			if (cmp[i].op == e->op) {
				emit(c, "CMP %s,%s", R(w, a), R(w, b));
				emit(c, "CSET %s,%s", R(false, r), cmp[i].cc);
				return r;
			}
		if (e->op == IOM_LIT_OP_LAND || e->op == IOM_LIT_OP_LOR) {
			/* both sides are pure: no short circuit needed */
			int t2 = tmp(c, e->pos);
			emit(c, "CMP %s,#0", R(c->wide[a], a));
			emit(c, "CSET %s,NE", R(false, r));
			emit(c, "CMP %s,#0", R(c->wide[b], b));
			emit(c, "CSET %s,NE", R(false, t2));
			emit(c, "%s %s,%s,%s", e->op == IOM_LIT_OP_LAND ? "AND" : "ORR", R(false, r),
			     R(false, r), R(false, t2));
			c->ntmp = save + (dst >= 0 ? 0 : 1);
			return r;
		}
		refuse(c, e->pos, "%s", "an operator arm64 has no single instruction for (/ or %)");
		return r;
	}
	case IOM_LIT_E_DEREF:
		break;
	}
	refuse(c, e->pos, "%s", "an expression the compiler does not know");
	return R_TMP0;
}

/* The address register of a memory primitive */
static int addr_reg(struct cc *c, const struct iom_lit_stmt *st)
{
	if (st->mem >= 0)
		return sym_reg(c, st->mem, st->pos);
	if (st->addr && st->addr->kind == IOM_LIT_E_REG)
		return creg(c, st->addr->index, st->pos);
	if (st->addr && (st->addr->kind == IOM_LIT_E_SYM || st->addr->kind == IOM_LIT_E_ADDR))
		return gen(c, st->addr, -1);
	if (st->addr && st->addr->kind == IOM_LIT_E_BINOP && ewide(c, st->addr) &&
	    (st->addr->op == '+' || st->addr->op == '-')) {
		/* an address plus an int: the dependency idiom x + (r & 0) */
		int r = tmp(c, st->pos);
		c->wide[r] = true;
		gen(c, st->addr, r);
		return r;
	}
	refuse(c, st->pos, "%s", "an address computed by arithmetic (arrays, offsets)");
	return R_SYM0;
}

static const char *suffix(const struct lk_row *w)
{
	bool acq = w->mb || (w->rtag & LK_T_ACQUIRE), rel = w->mb || (w->wtag & LK_T_RELEASE);
	return acq && rel ? "AL" : acq ? "A" : rel ? "L" : "";
}

static void gen_block(struct cc *c, const struct iom_lit_block *b);

static void gen_prim(struct cc *c, const struct iom_lit_stmt *st)
{
	const char *name = iom_lit_prim_name(st->prim);
	const struct lk_row *w = NULL;
	for (size_t i = 0; name && i < sizeof(lk_rows) / sizeof(lk_rows[0]); i++)
		if (!strcmp(lk_rows[i].name, name))
			w = &lk_rows[i];
	if (st->prim == IOM_LIT_P_PLAIN_LOAD || st->prim == IOM_LIT_P_PLAIN_STORE) {
		refuse(c, st->pos, "%s", "plain C accesses (the compiler may do anything with them)");
		return;
	}
	if (!w) {
		refuse(c, st->pos, "%s is not an LKMM primitive", name ? name : "this call");
		return;
	}
	unsigned save = c->ntmp;
	int dst = st->dst >= 0 ? creg(c, st->dst, st->pos) : -1;
	/* the access's width: 64 bits for a name that holds an address, else C's int */
	bool aw = st->mem >= 0 ? c->lwide[st->mem]
			       : (dst >= 0 && c->wide[dst]) || (st->value && ewide(c, st->value));
	switch (w->shape) {
	case SH_LOAD: {
		if (w->rtag & (LK_T_SRCU_LOCK)) {
			refuse(c, st->pos, "%s: SRCU is not compiled", name);
			return;
		}
		int a = addr_reg(c, st);
		emit(c, "%s %s,[X%d]", map_text(A64C_LOAD, (w->rtag & LK_T_ACQUIRE) ? A64O_ACQ : A64O_RLX),
		     R(aw, dst >= 0 ? dst : tmp(c, st->pos)), a);
		break;
	}
	case SH_STORE:
	case SH_STORE_MB: {
		if (w->wtag & LK_T_SRCU_UNLOCK) {
			refuse(c, st->pos, "%s: SRCU is not compiled", name);
			return;
		}
		int a = addr_reg(c, st);
		int v = gen(c, st->value, -1);
		emit(c, "%s %s,[X%d]", map_text(A64C_STORE, (w->wtag & LK_T_RELEASE) ? A64O_REL : A64O_RLX),
		     R(aw, v), a);
		if (w->shape == SH_STORE_MB)
			emit(c, "%s", map_text(A64C_STORE_MB, A64O_ANY));
		break;
	}
	case SH_FENCE: {
		static const struct { uint32_t tag; int cls; } f[] = {
			{ LK_T_MB, A64C_F_MB }, { LK_T_RMB, A64C_F_RMB }, { LK_T_WMB, A64C_F_WMB },
			{ LK_T_BEFORE_ATOMIC, A64C_F_ATOMIC }, { LK_T_AFTER_ATOMIC, A64C_F_ATOMIC },
			{ LK_T_AFTER_SPINLOCK, A64C_F_SPINLOCK }, { LK_T_BARRIER, A64C_F_BARRIER },
		};
		for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
			if (w->rtag == f[i].tag) {
				const char *tx = map_text(f[i].cls, A64O_ANY);
				if (tx && tx[0])
					emit(c, "%s", tx);
				return;
			}
		refuse(c, st->pos, "%s: RCU and lock fences are not compiled", name);
		return;
	}
	case SH_XCHG: {
		int a = addr_reg(c, st);
		int v = gen(c, st->value, -1);
		emit(c, "%s%s %s,%s,[X%d]", map_text(A64C_XCHG, A64O_ANY), suffix(w), R(aw, v),
		     R(aw, dst >= 0 ? dst : tmp(c, st->pos)), a);
		break;
	}
	case SH_CMPXCHG: {
		int a = addr_reg(c, st);
		int e = tmp(c, st->pos);
		gen(c, st->expect, e);
		int v = gen(c, st->value, -1);
		emit(c, "%s%s %s,%s,[X%d]", map_text(A64C_CMPXCHG, A64O_ANY), suffix(w), R(aw, e),
		     R(aw, v), a);
		if (dst >= 0)
			emit(c, "MOV %s,%s", R(aw, dst), R(aw, e));
		break;
	}
	case SH_OP:
	case SH_OP_RET:
	case SH_FETCH_OP: {
		int a = addr_reg(c, st);
		int v;
		if (w->imm) {
			v = tmp(c, st->pos);
			emit(c, "MOV %s,#1", R(false, v));
		} else {
			v = gen(c, st->value, -1);
		}
		/* sub is add of the negation, and is and-not of the complement
		 * (atomic_lse.h@6.12 l.67-77, l.100-116) */
		const char *op = "ADD";
		int o = w->op;
		int operand = v;
		if (o == '-' || o == '&') {
			operand = tmp(c, st->pos);
			emit(c, "%s %s,%s", o == '-' ? "NEG" : "MVN", R(false, operand), R(false, v));
		}
		if (o == '&' || o == 'n')
			op = "CLR";
		else if (o == '|')
			op = "SET";
		else if (o == '^')
			op = "EOR";
		if (w->shape == SH_OP) {
			emit(c, "%s%s %s,[X%d]", map_text(A64C_OP, A64O_RLX), op, R(false, operand), a);
			break;
		}
		/* sub_return is fully ordered whatever its name says
		 * (atomic_lse.h@6.12 l.88-91: __lse_atomic_fetch_sub(i, v) - i) */
		const char *sf = w->shape == SH_OP_RET && o == '-' ? "AL" : suffix(w);
		int r = dst >= 0 ? dst : tmp(c, st->pos);
		emit(c, "%s%s%s %s,%s,[X%d]", map_text(A64C_FETCH, A64O_ANY), op, sf, R(false, operand),
		     R(false, r), a);
		if (w->shape == SH_OP_RET) {
			/* add_return is fetch_add + i (atomic_lse.h@6.12 l.81-92) */
			if (o == '+' || o == '-')
				emit(c, "%s %s,%s,%s", o == '+' ? "ADD" : "SUB", R(false, r), R(false, r),
				     R(false, v));
			else
				refuse(c, st->pos, "%s: no such return form on arm64", name);
		}
		if (w->test) {
			emit(c, "CMP %s,#0", R(false, r));
			emit(c, "CSET %s,%s", R(false, r), w->test == 'z' ? "EQ" : "LT");
		}
		break;
	}
	default:
		refuse(c, st->pos, "%s: locks, SRCU and add_unless are not compiled", name);
		return;
	}
	c->ntmp = save;
}

/* Which registers and names hold addresses (a pass before the code; run to a fixpoint) */
static bool widen(struct cc *c, const struct iom_lit_block *b)
{
	bool grew = false;
	for (unsigned i = 0; i < b->nr_stmts; i++) {
		const struct iom_lit_stmt *st = &b->stmts[i];
		int d = st->dst;
		bool dw = d >= 0 && d < 32 && c->wide[d];
		if (st->kind == IOM_LIT_S_PRIM) {
			if (st->addr && st->addr->kind == IOM_LIT_E_REG && st->addr->index >= 0 &&
			    st->addr->index < 32 && !c->wide[st->addr->index])
				grew = c->wide[st->addr->index] = true;
			if (st->mem >= 0 && st->value && ewide(c, st->value) && !c->lwide[st->mem])
				grew = c->lwide[st->mem] = true;
			if (d >= 0 && d < 32 && !dw && st->mem >= 0 && c->lwide[st->mem])
				grew = c->wide[d] = true;
		} else if (st->kind == IOM_LIT_S_ASSIGN) {
			if (d >= 0 && d < 32 && !dw && ewide(c, st->expr))
				grew = c->wide[d] = true;
		} else {
			grew |= widen(c, &st->then_b);
			grew |= widen(c, &st->else_b);
			grew |= widen(c, &st->cond_b);
		}
	}
	return grew;
}

static void gen_block(struct cc *c, const struct iom_lit_block *b)
{
	for (unsigned i = 0; i < b->nr_stmts && !c->err; i++) {
		const struct iom_lit_stmt *st = &b->stmts[i];
		switch (st->kind) {
		case IOM_LIT_S_PRIM:
			gen_prim(c, st);
			break;
		case IOM_LIT_S_ASSIGN: {
			unsigned save = c->ntmp;
			gen(c, st->expr, creg(c, st->dst, st->pos));
			c->ntmp = save;
			break;
		}
		case IOM_LIT_S_IF: {
			unsigned save = c->ntmp;
			int r = gen(c, st->cond, -1);
			c->ntmp = save;
			unsigned l = c->nlabel;
			c->nlabel += 2;
			emit(c, "CBZ %s,LC%02u", R(c->wide[r], r), l);
			gen_block(c, &st->then_b);
			if (st->else_b.nr_stmts) {
				emit(c, "B LC%02u", l + 1);
				emit(c, "LC%02u:", l);
				gen_block(c, &st->else_b);
				emit(c, "LC%02u:", l + 1);
			} else {
				emit(c, "LC%02u:", l);
			}
			break;
		}
		case IOM_LIT_S_WHILE:
			refuse(c, st->pos, "%s", "loops are not compiled (herd7 unrolls C and assembly "
			       "loops differently)");
			break;
		}
	}
}

static void put_value(const struct iom_lit_test *t, int64_t v, int sym, struct iom_buf *b)
{
	if (sym >= 0)
		iom_buf_puts(b, t->syms[sym].name);
	else
		iom_buf_printf(b, "%lld", (long long)v);
}

static void put_cond(const struct iom_lit_test *t, const struct iom_lit_cond *c, struct iom_buf *b)
{
	switch (c->kind) {
	case IOM_LIT_C_TRUE:
		iom_buf_puts(b, "true");
		return;
	case IOM_LIT_C_AND:
	case IOM_LIT_C_OR:
	case IOM_LIT_C_IMPL:
		iom_buf_puts(b, "(");
		put_cond(t, c->a, b);
		iom_buf_puts(b, c->kind == IOM_LIT_C_AND ? " /\\ " : c->kind == IOM_LIT_C_OR ? " \\/ " : " => ");
		put_cond(t, c->b, b);
		iom_buf_puts(b, ")");
		return;
	case IOM_LIT_C_NOT:
		iom_buf_puts(b, "~(");
		put_cond(t, c->a, b);
		iom_buf_puts(b, ")");
		return;
	case IOM_LIT_C_REG:
		iom_buf_printf(b, "%d:X%d=", c->thread, c->reg);
		put_value(t, c->value, c->value_sym, b);
		return;
	case IOM_LIT_C_MEM:
		iom_buf_printf(b, "%s=", t->syms[c->sym].name);
		put_value(t, c->value, c->value_sym, b);
		return;
	default:
		iom_buf_puts(b, "false");
		return;
	}
}

static bool cond_ok(const struct iom_lit_cond *c)
{
	if (!c)
		return true;
	switch (c->kind) {
	case IOM_LIT_C_TRUE: return true;
	case IOM_LIT_C_AND: case IOM_LIT_C_OR: case IOM_LIT_C_IMPL:
		return cond_ok(c->a) && cond_ok(c->b);
	case IOM_LIT_C_NOT: return cond_ok(c->a);
	case IOM_LIT_C_REG: return c->rhs_reg < 0 && c->reg < R_SYM0;
	case IOM_LIT_C_MEM: return c->rhs_reg < 0 && !c->whole;
	default: return false;
	}
}

int iom_lkmm_to_aarch64(const struct iom_lit_test *t, struct iom_buf *out, struct iom_diag *d)
{
	if (t->dialect != IOM_LIT_DIALECT_C || iom_lit_is_mmio(t)) {
		iom_diag_set(d, IOM_EINVAL, t->file, 1, 1, "%s",
			     "aarch64 compile: only C tests of the LKMM are compiled");
		return -IOM_EINVAL;
	}
	if (!cond_ok(t->cond) || t->filter) {
		iom_diag_set(d, IOM_EINVAL, t->file, t->cond ? t->cond->pos.line : 1,
			     t->cond ? t->cond->pos.col : 1, "%s",
			     "aarch64 compile: the condition compares registers with registers, whole "
			     "arrays or MMIO, or the test has a filter");
		return -IOM_EINVAL;
	}
	for (unsigned i = 0; i < t->nr_syms; i++)
		if (t->syms[i].kind != IOM_LIT_SYM_VAR || t->syms[i].array_len) {
			iom_diag_set(d, IOM_EINVAL, t->file, t->syms[i].pos.line, t->syms[i].pos.col,
				     "aarch64 compile: %s: locks, SRCU structures and arrays are not "
				     "compiled", t->syms[i].name);
			return -IOM_EINVAL;
		}
	unsigned nth = t->nr_threads;
	struct cc *cs = calloc(nth ? nth : 1, sizeof(*cs));
	bool *lwide = calloc(t->nr_syms + 1, sizeof(*lwide));
	if (!cs || !lwide) {
		free(cs);
		free(lwide);
		return -IOM_ENOMEM;
	}
	for (unsigned i = 0; i < t->nr_syms; i++)
		lwide[i] = t->syms[i].init_ref >= 0 || (t->syms[i].ctype && strchr(t->syms[i].ctype, '*'));
	for (unsigned i = 0; i < nth; i++) {
		struct cc *c = &cs[i];
		c->lwide = lwide;
		for (int r = R_SYM0; r < R_TMP0; r++)
			c->wide[r] = true;
		for (unsigned k = 0; k < t->threads[i].nr_reg_inits; k++) {
			const struct iom_lit_reginit *ri = &t->threads[i].reg_inits[k];
			if (ri->sym >= 0 && ri->reg >= 0 && ri->reg < 32)
				c->wide[ri->reg] = true;
		}
	}
	/* the names and registers that hold addresses, across the threads */
	for (int pass = 0; pass < 8; pass++) {
		bool grew = false;
		for (unsigned i = 0; i < nth; i++)
			grew |= widen(&cs[i], &t->threads[i].body);
		if (!grew)
			break;
	}
	int rc = 0;
	for (unsigned i = 0; i < nth && !rc; i++) {
		struct cc *c = &cs[i];
		c->t = t;
		c->th = &t->threads[i];
		c->d = d;
		for (int j = 0; j < R_NSYM; j++)
			c->symreg[j] = -1;
		for (unsigned k = 0; k < c->th->nr_reg_inits && !c->err; k++)
			creg(c, c->th->reg_inits[k].reg, c->th->pos);
		gen_block(c, &c->th->body);
		rc = c->err;
	}
	if (!rc) {
		iom_buf_printf(out, "AArch64 %s\n(* %s compiled with arm64's mappings of Linux 6.12 "
			       "(iomodel, tables/lkmm_to_aarch64.def) *)\n{\n", t->name, t->name);
		for (unsigned i = 0; i < t->nr_syms; i++) {
			const struct iom_lit_sym *s = &t->syms[i];
			/* the C type's width and sign, as herd7 keeps the value (events/loc.c) */
			static const struct { const char *c, *a; } ty[] = {
				{ "char", "int8_t" }, { "short", "int16_t" }, { "atomic_t", "uint32_t" },
				{ "unsigned", "uint32_t" }, { "unsigned int", "uint32_t" },
				{ "int8_t", "int8_t" }, { "uint8_t", "uint8_t" }, { "int16_t", "int16_t" },
				{ "uint16_t", "uint16_t" }, { "uint32_t", "uint32_t" },
			};
			const char *at = NULL;
			for (size_t k = 0; s->init_typed && s->ctype && k < sizeof(ty) / sizeof(ty[0]); k++)
				if (!strcmp(s->ctype, ty[k].c))
					at = ty[k].a;
			if (s->init_ref >= 0)
				iom_buf_printf(out, "%s=%s;\n", s->name, t->syms[s->init_ref].name);
			else
				iom_buf_printf(out, "%s%s%s=%lld;\n", at ? at : "", at ? " " : "", s->name,
					       (long long)s->init);
		}
		for (unsigned i = 0; i < nth; i++) {
			const struct iom_lit_thread *th = &t->threads[i];
			for (unsigned k = 0; k < th->nr_reg_inits; k++) {
				const struct iom_lit_reginit *ri = &th->reg_inits[k];
				iom_buf_printf(out, "%u:X%d=", i, ri->reg);
				put_value(t, ri->value, ri->sym, out);
				iom_buf_puts(out, ";\n");
			}
			for (int j = 0; j < R_NSYM; j++)
				if (cs[i].symreg[j] >= 0)
					iom_buf_printf(out, "%u:X%d=%s;\n", i, R_SYM0 + j,
						       t->syms[cs[i].symreg[j]].name);
		}
		iom_buf_puts(out, "}\n");
		unsigned rows = 0;
		for (unsigned i = 0; i < nth; i++) {
			iom_buf_printf(out, "%s P%u", i ? " |" : "", i);
			if (cs[i].n > rows)
				rows = cs[i].n;
		}
		iom_buf_puts(out, " ;\n");
		for (unsigned r = 0; r < rows; r++) {
			for (unsigned i = 0; i < nth; i++)
				iom_buf_printf(out, "%s%s", i ? " | " : " ", r < cs[i].n ? cs[i].cells[r] : "");
			iom_buf_puts(out, " ;\n");
		}
		if (t->nr_locs) {
			iom_buf_puts(out, "locations [");
			for (unsigned i = 0; i < t->nr_locs; i++) {
				const struct iom_lit_locref *l = &t->locs[i];
				if (l->thread >= 0)
					iom_buf_printf(out, "%d:X%d;", l->thread, l->reg);
				else
					iom_buf_printf(out, "%s;", t->syms[l->sym].name);
			}
			iom_buf_puts(out, "]\n");
		}
		iom_buf_puts(out, t->quant == IOM_LIT_Q_EXISTS ? "exists " :
			     t->quant == IOM_LIT_Q_NOT_EXISTS ? "~exists " : "forall ");
		iom_buf_puts(out, "(");
		put_cond(t, t->cond, out);
		iom_buf_puts(out, ")\n");
	}
	for (unsigned i = 0; i < nth; i++) {
		for (unsigned k = 0; k < cs[i].n; k++)
			free(cs[i].cells[k]);
		free(cs[i].cells);
	}
	free(cs);
	free(lwide);
	return rc;
}
