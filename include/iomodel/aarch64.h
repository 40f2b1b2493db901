/* SPDX-License-Identifier: MIT */
/* iomodel -- AArch64 litmus tests: the instructions of one thread, as the parser reads them
 * (lib/litmus/parse_aarch64.c) and the engine runs them under aarch64.cat
 * (lib/lkmm/events/aarch64.c, lib/lkmm/rel/aarch64cat.c).
 *
 * This is the CPU's own model, herd7 7.57's aarch64.cat. It is unrelated to
 * tables/order_arm64.def, which holds the MMIO ordering rows of arm64's accessors.
 *
 * The instruction set is the user-level one of herdtools7's AArch64 catalogue
 * (herd/AArch64Sem.ml gives each instruction's events); what is not here is refused by
 * the parser with file:line:col. */
#ifndef IOMODEL_AARCH64_H
#define IOMODEL_AARCH64_H

#include <stdint.h>
#include "iomodel/litmus.h"

enum iom_a64_op {
	IOM_A64_NOP,
	IOM_A64_MOV,        /* MOV rd, rn | #imm; MOVZ rd, #imm{, LSL #s}; MOVN             */
	IOM_A64_MOVK,       /* MOVK rd, #imm{, LSL #s}: keeps the other bits of rd          */
	IOM_A64_ALU,        /* ADD/SUB/AND/ORR/EOR/BIC/ORN/EON/LSL/LSR/ASR{S} rd, rn, op2;
			     * CMP/CMN/TST: the S form into the zero register             */
	IOM_A64_CSEL,       /* CSEL/CSINC/CSINV/CSNEG rd, rn, rm, cond; CSET/CSETM/CINC     */
	IOM_A64_LD,         /* LDR{B,H}, LDAR, LDAPR, LDXR, LDAXR: rt <- [rn{, rm | #imm}]  */
	IOM_A64_ST,         /* STR{B,H}, STLR, STXR, STLXR: rt -> [rn{...}]; rs: status    */
	IOM_A64_SWP,        /* SWP{A,L,AL} rs, rt, [rn]                                      */
	IOM_A64_LDOP,       /* LD<op>{A,L,AL} rs, rt, [rn]; ST<op>{L} rs, [rn] (rt = ZR)     */
	IOM_A64_CAS,        /* CAS{A,L,AL}{B,H} rs, rt, [rn]: rs is compared, then gets the
			     * old value; rt is written on success                      */
	IOM_A64_CASP,       /* CASP{A,L,AL} rs, ra, rd, casp_rt2, [rn]: both words compared
			     * with (rs, ra), written with (rd, casp_rt2) on success     */
	IOM_A64_BFM,        /* SBFM/UBFM rd, rn, #immr, #imms and their aliases SXTW, SXTB,
			     * SXTH, UXTB, UXTH (sub: 1 signed)                          */
	IOM_A64_UNARY,      /* NEG, MVN, ABS, RBIT, REV, REV16, REV32 (sub: the operation)  */
	IOM_A64_MUL,        /* MADD/MSUB/MUL (sub 0/1), SMADDL/SMSUBL/UMADDL/UMSUBL/SMULL/
			     * UMULL/SMNEGL/UMNEGL (sub 2..): rd = ra +- rn * rm         */
	IOM_A64_FENCE,      /* DMB/DSB <opt>, ISB                                            */
	IOM_A64_B,          /* B label                                                       */
	IOM_A64_BCOND,      /* B.cond label                                                  */
	IOM_A64_CBZ,        /* CBZ/CBNZ rt, label (neg: CBNZ)                                */
	IOM_A64_TBZ,        /* TBZ/TBNZ rt, #bit, label (neg: TBNZ)                          */
	IOM_A64_BL,         /* BL label: X30 gets the next instruction's address (rd = X30)  */
	IOM_A64_BR,         /* BR rn, BLR rn (neg: BLR, rd = X30), RET {rn} (rn X30 by
			     * default): a jump to a code address a register holds             */
	IOM_A64_ADR,        /* ADR rd, label: rd gets the label's code address               */
};

/* ALU operations (herd/AArch64Sem.ml mop3) */
enum iom_a64_alu {
	IOM_A64_ADD, IOM_A64_SUB, IOM_A64_AND, IOM_A64_ORR, IOM_A64_EOR, IOM_A64_BIC,
	IOM_A64_ORN, IOM_A64_EON, IOM_A64_LSL, IOM_A64_LSR, IOM_A64_ASR, IOM_A64_ROR,
	IOM_A64_EXTR,               /* EXTR rd, rn, rm, #lsb: (rn:rm) >> lsb (lsb in immr)    */
};

/* LD<op> atomics (AArch64Sem.ml ldop) */
enum iom_a64_aop {
	IOM_A64_AADD, IOM_A64_ACLR, IOM_A64_AEOR, IOM_A64_ASET,
	IOM_A64_ASMAX, IOM_A64_ASMIN, IOM_A64_AUMAX, IOM_A64_AUMIN,
};

/* CSEL family: what the false arm writes */
enum iom_a64_csel { IOM_A64_CS_SEL, IOM_A64_CS_INC, IOM_A64_CS_INV, IOM_A64_CS_NEG };

/* one-operand operations */
enum iom_a64_unary {
	IOM_A64_NEG, IOM_A64_MVN, IOM_A64_ABS, IOM_A64_RBIT, IOM_A64_REV, IOM_A64_REV16,
	IOM_A64_REV32,
};

/* Barriers: the kind and the option (aarch64fences.cat names DMB.ISH, DSB.SY, ...) */
enum iom_a64_fence { IOM_A64_DMB, IOM_A64_DSB, IOM_A64_ISB };
enum iom_a64_fopt {
	IOM_A64_SY, IOM_A64_ST_, IOM_A64_LD_, IOM_A64_ISH, IOM_A64_ISHST, IOM_A64_ISHLD,
	IOM_A64_OSH, IOM_A64_OSHST, IOM_A64_OSHLD, IOM_A64_NSH, IOM_A64_NSHST, IOM_A64_NSHLD,
};

/* Memory access annotations (herd's Annot: A, Q, L, X, XA, XL, NoRet) */
enum {
	IOM_A64_ACQ = 1u << 0,      /* LDAR, LD<op>A: A                                    */
	IOM_A64_ACQPC = 1u << 1,    /* LDAPR: Q                                            */
	IOM_A64_REL = 1u << 2,      /* STLR, <op>L: L                                      */
	IOM_A64_EXCL = 1u << 3,     /* LDXR/STXR: X                                        */
};

#define IOM_A64_ZR (-2)         /* the zero register XZR/WZR                           */
#define IOM_A64_SP 31           /* the stack pointer SP/WSP (as a parsed name only)     */
#define IOM_A64_NOREG (-1)

/* Condition codes, in the architecture's encoding order */
enum iom_a64_cond {
	IOM_A64_EQ, IOM_A64_NE, IOM_A64_CS, IOM_A64_CC, IOM_A64_MI, IOM_A64_PL, IOM_A64_VS,
	IOM_A64_VC, IOM_A64_HI, IOM_A64_LS, IOM_A64_GE, IOM_A64_LT, IOM_A64_GT, IOM_A64_LE,
	IOM_A64_AL, IOM_A64_NV,
};

struct iom_a64_ins {
	enum iom_a64_op op;
	struct iom_lit_pos pos;
	const char *text;           /* the instruction as written, blanks collapsed        */
	unsigned bits;              /* 64, 32 (W registers), 16 (H), 8 (B)                 */
	int sub;                    /* ALU: enum iom_a64_alu; LDOP: aop; CSEL: csel kind;
				     * FENCE: enum iom_a64_fence                            */
	int opt;                    /* FENCE: enum iom_a64_fopt                             */
	bool setflags;              /* ALU: the S form (ADDS, SUBS, ANDS, CMP, ...)          */
	bool neg;                   /* CBNZ, TBNZ                                           */
	unsigned ann;               /* IOM_A64_ACQ ...                                      */
	int rd, rn, rm;             /* register indexes in the thread's regs, IOM_A64_ZR,
				     * IOM_A64_NOREG. LD: rd <- [rn + rm|imm]; ST: rd -> [rn
				     * + rm|imm]; SWP/LDOP: rd = rt (old value)             */
	int rs;                     /* ST exclusive: the status register; SWP/LDOP: the
				     * value operand                                         */
	bool imm_op;                /* the second operand is imm, not rm                    */
	int64_t imm;
	unsigned shift;             /* LSL #shift of imm or rm                              */
	int ext;                    /* index or second operand extended: 0 none, 1 SXTW,
				     * 2 UXTW, 3 SXTB, 4 UXTB, 5 SXTH, 6 UXTH              */
	int sop;                    /* second operand's shift: 0 LSL, 1 LSR, 2 ASR, 3 ROR    */
	int ra;                     /* MUL: the accumulator (ZR for MUL, SMULL, ...)         */
	unsigned immr, imms;        /* BFM                                                   */
	bool sext;                  /* LD: sign-extending load (LDRSB, LDRSH, LDRSW)         */
	int pair_rd;                /* LDP/STP: the second register (parsing only)          */
	int casp_rt2;               /* CASP: the second new value's register                 */
	bool pair_second;           /* the second access of an LDP/STP: one instruction with
				     * the entry before it (text NULL)                       */
	int wb;                     /* LD/ST: 1 pre-indexed [Xn,#imm]!, 2 post-indexed
				     * [Xn],#imm: Xn is written back with Xn + wb_imm        */
	int64_t wb_imm;
	unsigned dbits;             /* LD with sext: the destination's size (32 or 64)       */
	int cond;                   /* BCOND, CSEL                                          */
	int target;                 /* branches: instruction index of the label; may be nr */
};

struct iom_a64_prog {
	struct iom_a64_ins *ins;
	unsigned nr;
	const char **lab;           /* labels, in source order, and the index of the          */
	unsigned *lab_at;           /* instruction each one names (nr: the end)               */
	unsigned nlab;
};

#endif
