/* SPDX-License-Identifier: MIT */
/* iomodel -- mapping attributes: what each Linux mapping API gives on x86, arm64, powerpc
 * and riscv at a given kernel version (x86 PAT slot and type, arm64 MAIR type, powerpc
 * WIMG, riscv PBMT), its fallbacks (ioremap_wc -> ioremap, ioremap_uc -> NULL, ...) and the
 * properties of each attribute (cacheable, gathering, reordering, speculative reads, early
 * write ack). Data: tables/attrs_*.def, built from ATTR-A.8.
 * The engine takes region semantics from here. Returned strings are static. */
#ifndef IOMODEL_ATTRS_H
#define IOMODEL_ATTRS_H

#include <stdbool.h>
#include "iomodel/buf.h"
#include "iomodel/diag.h"
#include "iomodel/litmus.h"   /* enum iom_arch, IOM_KVER, enum iom_lit_region_kind */

/* ORDER IOM_ATTRS_API */
enum iom_attrs_api {
	IOM_ATTRS_API_IOREMAP,
	IOM_ATTRS_API_IOREMAP_NOCACHE,
	IOM_ATTRS_API_IOREMAP_WC,
	IOM_ATTRS_API_IOREMAP_UC,
	IOM_ATTRS_API_IOREMAP_NP,
	IOM_ATTRS_API_IOREMAP_WT,
	IOM_ATTRS_API_IOREMAP_CACHE,
	IOM_ATTRS_API_IOPORT,            /* port I/O (inX/outX) as the architecture maps it */
	IOM_ATTRS_API_PGPROT_NONCACHED,
	IOM_ATTRS_API_PGPROT_WRITECOMBINE,
	IOM_ATTRS_API_PGPROT_DEVICE,
	IOM_ATTRS_API__COUNT,
};
const char *iom_attrs_api_name(enum iom_attrs_api api);      /* "ioremap_wc", ...      */
int iom_attrs_api_parse(const char *s, enum iom_attrs_api *out);
/* The API a litmus region declaration uses (ioremap_wc(devN) -> IOREMAP_WC, ...). */
enum iom_attrs_api iom_attrs_api_from_region(enum iom_lit_region_kind k);

/* ORDER IOM_ATTR: every attribute any API can produce, across architectures. */
enum iom_attr {
	IOM_ATTR_NONE,                   /* no mapping (NULL or API absent)                  */
	IOM_ATTR_X86_UC_MINUS,           /* PAT/PCD-PWT UC-                                  */
	IOM_ATTR_X86_UC,                 /* strong UC                                        */
	IOM_ATTR_X86_WC,
	IOM_ATTR_X86_WT,
	IOM_ATTR_X86_WB,
	IOM_ATTR_X86_PORT,               /* I/O port space (IN/OUT), no page attribute       */
	IOM_ATTR_ARM64_DEVICE_nGnRnE,
	IOM_ATTR_ARM64_DEVICE_nGnRE,
	IOM_ATTR_ARM64_NORMAL_NC,
	IOM_ATTR_ARM64_NORMAL,           /* Normal write-back                                */
	IOM_ATTR_PPC_IG,                 /* WIMG I|G  (_PAGE_NON_IDEMPOTENT on book3s64)     */
	IOM_ATTR_PPC_I,                  /* WIMG I, G=0 (_PAGE_TOLERANT)                     */
	IOM_ATTR_PPC_M,                  /* WIMG M: cacheable, coherent                      */
	IOM_ATTR_RISCV_IO,               /* Svpbmt PBMT=10 IO                                */
	IOM_ATTR_RISCV_NC,               /* Svpbmt PBMT=01 NC                                */
	IOM_ATTR_RISCV_PMA,              /* PBMT=00: the platform's PMA for that address     */
	IOM_ATTR__COUNT,
};
const char *iom_attr_name(enum iom_attr a);   /* "UC-", "Device-nGnRE", "I|G", "IO", ...  */

/* A property value: what the attribute permits (ATTR-A.8: "Y/N refers to what the
 * CPU attribute permits"). COND = depends on something named in the note. */
enum iom_attrs_tri {
	IOM_ATTRS_NO,
	IOM_ATTRS_YES,
	IOM_ATTRS_COND,
	IOM_ATTRS_NA,                    /* not applicable / not stated by the source        */
};
const char *iom_attrs_tri_name(enum iom_attrs_tri v);       /* "no", "yes", "cond", "n/a" */

struct iom_attr_props {
	enum iom_attr attr;
	const char *name;
	enum iom_arch arch;
	enum iom_attrs_tri cacheable;    /* C: reads may hit/allocate in CPU caches          */
	enum iom_attrs_tri gathering;    /* G: stores may merge into fewer/larger transactions */
	enum iom_attrs_tri reordering;   /* R: different addresses may arrive out of order   */
	enum iom_attrs_tri speculative;  /* S: reads the program did not ask for             */
	enum iom_attrs_tri early_ack;    /* E: write acknowledged before the endpoint        */
	const char *note;                /* explains COND cells; NULL if none                */
	const char *source;
};
const struct iom_attr_props *iom_attr_props(enum iom_attr a);

enum iom_attrs_status {
	IOM_ATTRS_MAPPED,                /* returns a mapping with result.attr               */
	IOM_ATTRS_NULL,                  /* defined, but returns NULL on this arch/version   */
	IOM_ATTRS_ABSENT,                /* not defined at this version (build error)        */
};
const char *iom_attrs_status_name(enum iom_attrs_status s); /* "mapped", "NULL", "absent" */

/* Platform facts that change the answer (x86 PAT off, a WC MTRR over the range, a riscv
 * CPU without Svpbmt). Zero-initialised = PAT on, no MTRR, Svpbmt when the kernel has it. */
struct iom_attrs_platform {
	bool nopat;                      /* x86: PAT disabled / "nopat"                      */
	bool mtrr_wc;                    /* x86: a WC MTRR covers the range (atyfb case)     */
	bool no_svpbmt;                  /* riscv: the CPU lacks Svpbmt                      */
};

struct iom_attrs_result {
	enum iom_arch arch;
	unsigned kver;
	enum iom_attrs_api api;
	enum iom_attrs_status status;
	bool fallback;                   /* the arch has no own version; a generic fallback
					  * turns it into `via` (ioremap_wc -> ioremap)     */
	enum iom_attrs_api via;          /* API actually used (== api unless fallback)       */
	enum iom_attr attr;              /* attribute written in the page table              */
	enum iom_attr effective;         /* after platform effects: x86 UC- + WC MTRR = WC;
					  * == attr otherwise                                */
	const char *encoding;            /* "PAT slot 2 (PCD)", "MAIR 0x04", "WIMG I|G", ...  */
	const char *note;                /* row note, or NULL                                */
	const char *source;              /* row citation                                     */
	const char *platform_note;       /* why effective/attr changed; NULL if nothing did  */
};

/* Look up api on arch at kernel kver (kver != 0). Returns 0 and fills *out, or
 * -IOM_EINVAL when the architecture does not exist at kver (riscv before v4.15) or an
 * argument is out of range; d (may be NULL) then says why. plat may be NULL. */
int iom_attrs_lookup_ex(enum iom_arch arch, unsigned kver, enum iom_attrs_api api,
			const struct iom_attrs_platform *plat, struct iom_attrs_result *out,
			struct iom_diag *d);
/* Same with the default platform. */
int iom_attrs_lookup(enum iom_arch arch, unsigned kver, enum iom_attrs_api api,
		     struct iom_attrs_result *out);

/* Renderers for `iomodel attrs`: one architecture block per arch in archs (a mask of
 * 1u << enum iom_arch), every API, then the properties of the attributes shown.
 * Deterministic. An architecture that does not exist at kver is reported as such; if it is
 * the only one requested, they return -IOM_EINVAL and d says why. Otherwise 0.
 * IOM_ATTRS_RENDER_SOURCES adds each row's citation to the text output (JSON always has it). */
#define IOM_ATTRS_RENDER_SOURCES 0x1u
int iom_attrs_render_text(unsigned archs, unsigned kver, const struct iom_attrs_platform *plat,
			  unsigned flags, struct iom_buf *b, struct iom_diag *d);
int iom_attrs_render_json(unsigned archs, unsigned kver, const struct iom_attrs_platform *plat,
			  struct iom_buf *b, struct iom_diag *d);

#endif
