/* SPDX-License-Identifier: MIT */
/* iomodel -- x86 hardware memory types: MTRR state and lookup, the PAT MSR, PTE bits,
 * and the effective type with and without PAT (Intel SDM Vol. 3A ch. 11).
 * This module knows nothing about Linux; see linux.h for the kernel's policy.
 * Returned const pointers are borrowed and stay valid for the life of the program. */
#ifndef IOMODEL_MEMTYPE_H
#define IOMODEL_MEMTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ORDER IOM_MT: the order is iomodel's own; hardware encodings come from iom_mt_hw(). */
enum iom_mt {
	IOM_MT_UC,          /* strong uncacheable: MTRR/PAT encoding 0x00          */
	IOM_MT_UC_MINUS,    /* UC-: PAT encoding 0x07 only, not encodable in an MTRR */
	IOM_MT_WC,          /* write combining: 0x01                               */
	IOM_MT_WT,          /* write through: 0x04                                 */
	IOM_MT_WP,          /* write protected: 0x05                               */
	IOM_MT_WB,          /* write back: 0x06                                    */
	IOM_MT__COUNT,
	IOM_MT_NONE = -1,   /* no type (e.g. unmapped, invalid lookup)            */
};

/* "UC", "UC-", "WC", "WT", "WP", "WB"; "-" for IOM_MT_NONE. */
const char *iom_mt_name(enum iom_mt t);
/* Lower-case kernel style names used by cattr_name(): "uncached", "uncached-minus", ... */
const char *iom_mt_kname(enum iom_mt t);
/* MTRR-side names used by /proc/mtrr: "uncachable", "write-combining", ... ("?" for UC-). */
const char *iom_mt_mtrr_name(enum iom_mt t);
/* Accepts UC, UC-, WC, WT, WP, WB in any case, the kernel names above, and "uc_minus".
 * Returns 0 or -1. */
int iom_mt_parse(const char *s, enum iom_mt *out);
/* Hardware encoding (SDM Table 11-8 / 11-10): UC 0, WC 1, WT 4, WP 5, WB 6, UC- 7. */
unsigned iom_mt_hw(enum iom_mt t);
/* Decode a hardware encoding; returns -1 for reserved encodings (2, 3, >= 8; 7 in an MTRR). */
int iom_mt_from_hw(unsigned enc, bool in_mtrr, enum iom_mt *out);

/* ---- Effective type (SDM Vol. 3A Tables 11-7 and 11-6) ------------------------------- */

struct iom_eff {
	enum iom_mt type;
	bool model_specific;    /* the SDM leaves this cell implementation-defined      */
	const char *source;     /* citation key of the table cell, e.g. "SDM-T11-7 WC/UC-" */
};

/* PAT-capable CPU: MTRR type x type of the selected PAT entry (Table 11-7).
 * mtrr must not be UC- (MTRRs cannot hold it). */
struct iom_eff iom_eff_pat(enum iom_mt mtrr, enum iom_mt pat);
/* CPU without PAT: MTRR type x PCD x PWT (Table 11-6). Four cells are model-specific;
 * the value returned for them is the classic P6 value, flagged model_specific. */
struct iom_eff iom_eff_nopat(enum iom_mt mtrr, int pcd, int pwt);

/* ---- PAT MSR and PTE bits ------------------------------------------------------------ */

#define IOM_PAT_POWER_ON 0x0007040600070406ULL /* SDM Table 11-12: WB WT UC- UC WB WT UC- UC */
#define IOM_PTE_PWT 0x008ULL
#define IOM_PTE_PCD 0x010ULL
#define IOM_PTE_PAT 0x080ULL       /* 4 KiB PTE                                 */
#define IOM_PTE_PAT_LARGE 0x1000ULL /* 2 MiB / 1 GiB leaf (bit 7 is PS there)    */

/* Decode IA32_PAT into 8 slot types. Returns 0, or -1 when a slot holds a reserved
 * encoding or reserved bits (the CPU would #GP on the write). */
int iom_pat_decode(uint64_t msr, enum iom_mt slots[8]);
uint64_t iom_pat_encode(const enum iom_mt slots[8]);
/* PAT index 0..7 = 4*PAT + 2*PCD + PWT of a leaf entry (Table 11-11). */
unsigned iom_pat_index(uint64_t pte, bool large);
/* Cache bits (PWT|PCD|PAT or PAT_LARGE) selecting index idx. */
uint64_t iom_pat_index_bits(unsigned idx, bool large);

/* ---- MTRRs ------------------------------------------------------------------------- */

#define IOM_MTRR_MAX_VAR 256
#define IOM_MTRR_NR_FIXED 88

struct iom_mtrr_var {
	uint64_t physbase;      /* IA32_MTRR_PHYSBASEn: type in 7:0, base in MAXPHYADDR-1:12 */
	uint64_t physmask;      /* IA32_MTRR_PHYSMASKn: V in bit 11, mask in MAXPHYADDR-1:12 */
};

struct iom_mtrr_state {
	unsigned phys_bits;     /* MAXPHYADDR, 36..52                                       */
	unsigned vcnt;          /* IA32_MTRRCAP[7:0]                                        */
	bool fix_supported;     /* IA32_MTRRCAP[8]                                          */
	bool wc_supported;      /* IA32_MTRRCAP[10]                                         */
	bool enabled;           /* IA32_MTRR_DEF_TYPE.E (bit 11)                            */
	bool fixed_enabled;     /* IA32_MTRR_DEF_TYPE.FE (bit 10)                           */
	uint8_t def_type;       /* IA32_MTRR_DEF_TYPE[7:0], hardware encoding               */
	uint8_t fixed[IOM_MTRR_NR_FIXED]; /* hardware encodings, Linux fixed_ranges[] order */
	struct iom_mtrr_var var[IOM_MTRR_MAX_VAR];
};

/* A reset state: phys_bits, vcnt, FIX and WC supported, E=FE=0, default UC, all clear. */
void iom_mtrr_state_init(struct iom_mtrr_state *s, unsigned phys_bits, unsigned vcnt);
/* IA32_MTRR_DEF_TYPE value and its decode. */
uint64_t iom_mtrr_deftype_msr(const struct iom_mtrr_state *s);
void iom_mtrr_set_deftype_msr(struct iom_mtrr_state *s, uint64_t msr);

/* Variable range register n as Linux's generic_set_mtrr() encodes it ([K4.2] generic.c).
 * size must be a power of two >= 4 KiB and base aligned to it; returns 0 or -1. */
int iom_mtrr_var_set(struct iom_mtrr_state *s, unsigned n, uint64_t base, uint64_t size,
		     enum iom_mt type);
void iom_mtrr_var_clear(struct iom_mtrr_state *s, unsigned n);
/* Decode register n. Returns false when V=0. A non-contiguous mask is reported through
 * *contiguous=false; base/size then describe the lowest matching block. */
bool iom_mtrr_var_get(const struct iom_mtrr_state *s, unsigned n, uint64_t *base,
		      uint64_t *size, enum iom_mt *type, bool *contiguous);
/* Does address a match register n: (a & mask) == (base & mask) (SDM 11.11.2.3). */
bool iom_mtrr_var_match(const struct iom_mtrr_state *s, unsigned n, uint64_t a);

/* Fixed-range index of an address below 1 MiB (Linux fixed_ranges[] layout), its MSR
 * (0x250 ...) and byte within that MSR. Returns -1 at or above 1 MiB. */
int iom_mtrr_fixed_index(uint64_t a, unsigned *msr, unsigned *byte);
/* Start and size of fixed range idx. */
void iom_mtrr_fixed_range(unsigned idx, uint64_t *start, uint64_t *size);

/* Where a type came from. */
enum iom_mtrr_src {
	IOM_MTRR_SRC_DISABLED,  /* E=0: everything UC                                       */
	IOM_MTRR_SRC_FIXED,     /* a fixed range (address < 1 MiB, FE=1)                    */
	IOM_MTRR_SRC_VAR,       /* one or more variable ranges (see var_mask)               */
	IOM_MTRR_SRC_DEFAULT,   /* no range matched                                         */
};

/* One piece of a resolved range, [start, end). When undefined is true the SDM does not
 * define the result (two overlapping variable ranges other than UC+x, WT+WB or identical):
 * type is IOM_MT_NONE and undef_a/undef_b name the two types. */
struct iom_mtrr_piece {
	uint64_t start, end;
	enum iom_mt type;
	bool undefined;
	enum iom_mt undef_a, undef_b;
	enum iom_mtrr_src src;
	uint64_t var_mask[IOM_MTRR_MAX_VAR / 64]; /* matching variable registers            */
};

/* Hardware MTRR type at one address (SDM 11.11.4.1 precedence). */
struct iom_mtrr_piece iom_mtrr_type_at(const struct iom_mtrr_state *s, uint64_t a);
/* Resolve [start, end) into maximal pieces of equal type and source by interval
 * arithmetic (cost depends on the number of registers, not on the size of the range).
 * Writes at most max pieces to out, returns the total number needed (call again with a
 * bigger array if it exceeds max), or -1 if start >= end. A non-contiguous mask is
 * resolved block by block; -2 when one matches more than 256 blocks. */
long iom_mtrr_resolve(const struct iom_mtrr_state *s, uint64_t start, uint64_t end,
		      struct iom_mtrr_piece *out, size_t max);

#endif
