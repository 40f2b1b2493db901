// SPDX-License-Identifier: MIT
/* iomodel -- Linux's MTRR interface: mtrr_add()/mtrr_del(), arch_phys_wc_*() and
 * mtrr_type_lookup(). Checks run in the kernel's order with its errno values and log text
 * (XMT-3.2 to XMT-3.5; arch/x86/kernel/cpu/mtrr/main.c@v4.2 mtrr_add_page()
 * L288, mtrr_del_page() L467, generic.c@v4.2 generic_validate_add_page() L848,
 * generic_get_free_region() L556, mtrr_type_lookup() L257; mtrr.c and generic.c@v6.12). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel.h"

#define MTRR_TO_PHYS_WC_OFFSET 1000 /* asm/mtrr.h@v4.2 */
#define MTRR_NUM_TYPES 7
#define MTRR_TYPE_INVALID 0xff

static const char *attrib_to_str(unsigned t)
{
	/* mtrr_attrib_to_str(), if.c@v4.2: names for 0..6, "?" otherwise. */
	static const char *const s[] = { "uncachable", "write-combining", "?", "?",
					 "write-through", "write-protect", "write-back" };
	return t < 7 ? s[t] : "?";
}

/* mtrr_if->get(): base/size in pages, type; size 0 when the register is free. */
static void get_reg(const struct iom_kernel *k, unsigned i, uint64_t *base, uint64_t *size,
		    unsigned *type)
{
	uint64_t b, z;
	if (!iom_mtrr_var_get(&k->mtrr, i, &b, &z, NULL, NULL)) {
		*base = *size = 0;
		*type = 0;
		return;
	}
	*base = b >> 12;
	*size = z >> 12;
	*type = (unsigned)(k->mtrr.var[i].physbase & 0xff);
}

static void set_reg(struct iom_kernel *k, unsigned i, uint64_t base, uint64_t size, unsigned type)
{
	if (!size) {
		iom_mtrr_var_clear(&k->mtrr, i);
		return;
	}
	/* generic_set_mtrr(): PHYSBASE = base | type; PHYSMASK = -size | V (TV-35..37).
	 * Types 2 and 3 pass mtrr_add_page()'s check but the hardware would #GP. */
	uint64_t am = ((1ULL << k->mtrr.phys_bits) - 1) & ~0xfffULL;
	k->mtrr.var[i].physbase = ((base << 12) & am) | type;
	k->mtrr.var[i].physmask = ((-(size << 12)) & am) | 0x800;
}

/* types_compatible(), main.c@v4.2 L186: either is UC, or the pair is WT/WB. */
static bool types_compatible(unsigned a, unsigned b)
{
	return a == 0 || b == 0 || (a == 4 && b == 6) || (a == 6 && b == 4);
}

/* have_wrcomb(): MTRRCAP.WC unless a broken chipset (main.c@v4.2 L89). */
static bool have_wrcomb(const struct iom_kernel *k)
{
	return k->mtrr.wc_supported && !k->cpu.wc_broken_chipset;
}

int iom_k_mtrr_add_page(struct iom_kernel *k, uint64_t base, uint64_t size, unsigned type,
			bool increment)
{
	const char *pfx = k_mtrr_prefix(k);
	if (!k->mtrr_on)
		return -ENXIO; /* step 1 (TV-89) */
	/* step 2, generic_validate_add_page(): shift while base's low bit is 0 and last's low
	 * bit is 1; they must end equal, i.e. size = 2^n pages and base a multiple (TV-83/84). */
	uint64_t lbase = base, last = base + size - 1;
	while (!(lbase & 1) && (last & 1)) {
		lbase >>= 1;
		last >>= 1;
	}
	if (lbase != last) {
		/* printed from generic.c, which keeps its "mtrr: " prefix in every version */
		k_log(k, IOM_LOG_WARN, "mtrr: base(0x%llx000) is not aligned on a size(0x%llx000) boundary",
		      (unsigned long long)base, (unsigned long long)size);
		return -EINVAL;
	}
	if (type >= MTRR_NUM_TYPES) { /* step 3 (TV-86) */
		k_log(k, IOM_LOG_WARN, "%stype: %u invalid", pfx, type);
		return -EINVAL;
	}
	if (type == 1 && !have_wrcomb(k)) { /* step 4 (TV-87) */
		k_log(k, IOM_LOG_WARN, "%syour processor doesn't support write-combining", pfx);
		return -ENOSYS;
	}
	if (!size) { /* step 5 */
		k_log(k, IOM_LOG_WARN, "%szero sized request", pfx);
		return -EINVAL;
	}
	if ((base | (base + size - 1)) >> (k->mtrr.phys_bits - 12)) { /* step 6 */
		k_log(k, IOM_LOG_WARN, "%sbase or size exceeds the MTRR width", pfx);
		return -EINVAL;
	}
	/* step 7: the overlap scan; the first decisive register wins. */
	int replace = -1;
	for (unsigned i = 0; i < k->mtrr.vcnt; i++) {
		uint64_t lb, ls;
		unsigned lt;
		get_reg(k, i, &lb, &ls, &lt);
		if (!ls || base > lb + ls - 1 || base + size - 1 < lb)
			continue;
		if (base < lb || base + size - 1 > lb + ls - 1) {
			if (base <= lb && base + size - 1 >= lb + ls - 1) {
				/* the new range encloses register i (TV-80) */
				if (type == lt) {
					replace = replace == -1 ? (int)i : -2;
					continue;
				}
				if (types_compatible(type, lt))
					continue;
			}
			k_log(k, IOM_LOG_WARN, "%s0x%llx000,0x%llx000 overlaps existing 0x%llx000,0x%llx000",
			      pfx, (unsigned long long)base, (unsigned long long)size,
			      (unsigned long long)lb, (unsigned long long)ls);
			return -EINVAL; /* TV-81 */
		}
		/* the new range is inside register i */
		if (lt != type) {
			if (types_compatible(type, lt))
				continue; /* TV-79 */
			k_log(k, IOM_LOG_WARN, "%stype mismatch for %llx000,%llx000 old: %s new: %s", pfx,
			      (unsigned long long)base, (unsigned long long)size, attrib_to_str(lt),
			      attrib_to_str(type));
			return -EINVAL; /* TV-82 */
		}
		if (increment)
			k->usage[i]++;
		return (int)i; /* TV-78, TV-95 */
	}
	/* step 8, generic_get_free_region(). */
	int r = -1;
	if (replace >= 0 && (unsigned)replace < k->mtrr.vcnt) {
		r = replace;
	} else {
		for (unsigned i = 0; i < k->mtrr.vcnt && r < 0; i++) {
			uint64_t lb, ls;
			unsigned lt;
			get_reg(k, i, &lb, &ls, &lt);
			if (!ls)
				r = (int)i;
		}
	}
	if (r < 0) {
		k_log(k, IOM_LOG_INFO, "%sno more MTRRs available", pfx);
		return -ENOSPC; /* TV-88 */
	}
	/* step 9: program it; a replacement inherits the count (+1 with increment). */
	set_reg(k, (unsigned)r, base, size, type);
	if (replace < 0) {
		k->usage[r] = 1;
	} else {
		k->usage[r] = k->usage[replace] + (increment ? 1 : 0);
		if (replace != r) {
			set_reg(k, (unsigned)replace, 0, 0, 0);
			k->usage[replace] = 0;
		}
	}
	return r;
}

/* mtrr_check(), main.c@v4.2: base and size must be page multiples (TV-85). */
static int mtrr_check(struct iom_kernel *k, uint64_t base, uint64_t size)
{
	if ((base & (K_PAGE - 1)) || (size & (K_PAGE - 1))) {
		k_log(k, IOM_LOG_WARN, "%ssize and base must be multiples of 4 kiB", k_mtrr_prefix(k));
		return -1;
	}
	return 0;
}

int iom_k_mtrr_add(struct iom_kernel *k, uint64_t base, uint64_t size, unsigned type, bool increment)
{
	if (!k->mtrr_on)
		return -ENODEV; /* TV-89 */
	if (mtrr_check(k, base, size))
		return -EINVAL;
	return iom_k_mtrr_add_page(k, base >> 12, size >> 12, type, increment);
}

int iom_k_mtrr_del(struct iom_kernel *k, int reg, uint64_t base, uint64_t size)
{
	const char *pfx = k_mtrr_prefix(k);
	if (!k->mtrr_on)
		return -ENODEV;
	if (mtrr_check(k, base, size))
		return -EINVAL;
	base >>= 12;
	size >>= 12;
	uint64_t lb, ls;
	unsigned lt;
	if (reg < 0) { /* find by exact base and size */
		for (unsigned i = 0; i < k->mtrr.vcnt; i++) {
			get_reg(k, i, &lb, &ls, &lt);
			if (lb == base && ls == size) {
				reg = (int)i;
				break;
			}
		}
		if (reg < 0) {
			k_log(k, IOM_LOG_DEBUG, "%sno MTRR for %llx000,%llx000 found", pfx,
			      (unsigned long long)base, (unsigned long long)size);
			return -EINVAL;
		}
	}
	if ((unsigned)reg >= k->mtrr.vcnt) {
		k_log(k, IOM_LOG_WARN, "%sregister: %d too big", pfx, reg); /* TV-91 */
		return -EINVAL;
	}
	get_reg(k, (unsigned)reg, &lb, &ls, &lt);
	if (ls < 1) {
		k_log(k, IOM_LOG_WARN, "%sMTRR %d not used", pfx, reg); /* TV-90 */
		return -EINVAL;
	}
	if (k->usage[reg] < 1) {
		k_log(k, IOM_LOG_WARN, "%sreg: %d has count=0", pfx, reg);
		return -EINVAL;
	}
	if (--k->usage[reg] < 1)
		set_reg(k, (unsigned)reg, 0, 0, 0);
	return reg;
}

/* arch_phys_wc_add(): a no-op returning 0 with PAT or without MTRRs; else a WC MTRR and
 * a handle reg + 1000 (main.c@v4.2 L557; TV-92..94). */
int iom_k_arch_phys_wc_add(struct iom_kernel *k, uint64_t base, uint64_t size)
{
	if (k->pat.enabled || !k->mtrr_on)
		return 0;
	int ret = iom_k_mtrr_add(k, base, size, 1, true);
	if (ret < 0) {
		if (k_has(k, IOM_KF_PTR_HASH))
			k_log(k, IOM_LOG_WARN, "Failed to add WC MTRR for [(ptrval)-(ptrval)]; performance may suffer.");
		else
			k_log(k, IOM_LOG_WARN, "Failed to add WC MTRR for [%016llx-%016llx]; performance may suffer.",
			      (unsigned long long)base, (unsigned long long)(base + size - 1));
		return ret;
	}
	return ret + MTRR_TO_PHYS_WC_OFFSET;
}

void iom_k_arch_phys_wc_del(struct iom_kernel *k, int handle)
{
	if (handle >= 1) {
		if (handle < MTRR_TO_PHYS_WC_OFFSET)
			k_log(k, IOM_LOG_WARN, "WARNING: arch_phys_wc_del() handle %d below %d", handle,
			      MTRR_TO_PHYS_WC_OFFSET);
		iom_k_mtrr_del(k, handle - MTRR_TO_PHYS_WC_OFFSET, 0, 0);
	}
}

int iom_k_arch_phys_wc_index(const struct iom_kernel *k, int handle)
{
	(void)k;
	return handle < MTRR_TO_PHYS_WC_OFFSET ? -1 : handle - MTRR_TO_PHYS_WC_OFFSET;
}

/* ---- mtrr_type_lookup() ------------------------------------------------------------ */

/* One pass of mtrr_type_lookup_variable() (generic.c@v4.2): the type at start among the
 * variable registers, truncating [start, end] (end inclusive) at the first register
 * boundary inside it. */
static unsigned lookup_variable(const struct iom_kernel *k, uint64_t start, uint64_t end,
				uint64_t *partial_end, int *repeat, int *uniform)
{
	const struct iom_mtrr_state *s = &k->mtrr;
	unsigned prev = MTRR_TYPE_INVALID;
	uint64_t am = ((1ULL << s->phys_bits) - 1) & ~0xfffULL;
	*repeat = 0;
	*uniform = 1;
	end--; /* inclusive */
	for (unsigned i = 0; i < s->vcnt; i++) {
		if (!(s->var[i].physmask & 0x800))
			continue;
		uint64_t base = s->var[i].physbase & am;
		uint64_t mask = s->var[i].physmask & am;
		bool st = (start & mask) == (base & mask);
		bool en = (end & mask) == (base & mask);
		bool incl = start < base && end > base;
		if (st != en || incl) {
			/* the range crosses this register: stop at its end (if start is inside)
			 * or at its start, and ask the caller to look up the rest */
			uint64_t size = mask ? (mask & -mask) : am + 0x1000;
			*partial_end = st ? base + size : base;
			if (*partial_end <= start)
				*partial_end = start + K_PAGE; /* the kernel WARNs here */
			end = *partial_end - 1;
			*repeat = 1;
			*uniform = 0;
		}
		if ((start & mask) != (base & mask))
			continue;
		unsigned cur = (unsigned)(s->var[i].physbase & 0xff);
		if (prev == MTRR_TYPE_INVALID) {
			prev = cur;
			continue;
		}
		*uniform = 0;
		/* check_type_overlap(): UC ends the scan; WB+WT continues as WT */
		prev = k_mtrr_fold(prev, cur);
		if (prev == 0)
			return 0;
	}
	return prev != MTRR_TYPE_INVALID ? prev : s->def_type;
}

static unsigned lookup_v42(const struct iom_kernel *k, uint64_t start, uint64_t end, int *uniform)
{
	const struct iom_mtrr_state *s = &k->mtrr;
	if (!k->mtrr_state_set || !s->enabled)
		return MTRR_TYPE_INVALID; /* *uniform untouched (TV-55, TV-56) */
	if (start < K_ISA_END && s->fix_supported && s->fixed_enabled) {
		/* fixed ranges: the type at start only, never uniform (TV-53, TV-54) */
		*uniform = 0;
		return s->fixed[iom_mtrr_fixed_index(start, NULL, NULL)];
	}
	uint64_t partial_end = 0;
	int repeat, is_uniform, dummy;
	unsigned type = lookup_variable(k, start, end, &partial_end, &repeat, &is_uniform);
	while (repeat) {
		unsigned prev = type;
		start = partial_end;
		is_uniform = 0;
		type = lookup_variable(k, start, end, &partial_end, &repeat, &dummy);
		type = k_mtrr_fold(prev, type);
		if (type == 0)
			break; /* check_type_overlap() said UC */
	}
	*uniform = is_uniform;
	return type;
}

/* 6.5+: walk the cache map; gaps take the default type; type_merge() clears uniform only
 * when a merge changes the running type (generic.c@v6.12 L512; TV-47..TV-56). */
static unsigned lookup_v65(const struct iom_kernel *k, uint64_t start, uint64_t end, int *uniform)
{
	const struct iom_mtrr_state *s = &k->mtrr;
	if (!k->mtrr_state_set) {
		*uniform = 0;
		return 0;
	}
	*uniform = 1;
	if (!s->enabled)
		return 0;
	/* The range may hold more pieces than the buffer: resolve it in chunks, each
	 * starting at the end of the last piece seen (a piece boundary of the whole). */
	unsigned type = MTRR_TYPE_INVALID;
	for (uint64_t a = start; a < end;) {
		struct iom_mtrr_piece pcs[64];
		long n = iom_mtrr_resolve(s, a, end, pcs, ARRAY_SIZE(pcs));
		if (n <= 0) {
			*uniform = 0;
			return 0;
		}
		if (n > (long)ARRAY_SIZE(pcs))
			n = (long)ARRAY_SIZE(pcs);
		for (long i = 0; i < n; i++) {
			unsigned t = k_piece_linux_type(&pcs[i]);
			if (type == MTRR_TYPE_INVALID) {
				type = t;
				continue;
			}
			unsigned f = k_mtrr_fold(type, t);
			if (f != type)
				*uniform = 0;
			type = f;
		}
		a = pcs[n - 1].end;
	}
	return type;
}

unsigned iom_k_mtrr_type_lookup(const struct iom_kernel *k, uint64_t start, uint64_t end,
				int *uniform)
{
	if (k_has(k, IOM_KF_MTRR_CACHE_MAP))
		return lookup_v65(k, start, end, uniform);
	return lookup_v42(k, start, end, uniform);
}
