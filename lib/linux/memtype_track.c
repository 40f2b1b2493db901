// SPDX-License-Identifier: MIT
/* iomodel -- Linux PAT memtype tracking: reserve/free, conflicts and inheritance.
 * Sources (XMT-2.4, XMT-2.5): arch/x86/mm/pat.c@v4.2 reserve_memtype() L487,
 * free_memtype(), pat_x_mtrr_type() L344, reserve_ram_pages_type() L418;
 * pat_rbtree.c@v4.2 memtype_rb_check_conflict(); pat/memtype.c + memtype_interval.c@v6.12;
 * is_new_memtype_allowed() asm/pgtable.h@v4.2 L386 (unchanged in v6.12 L920).
 * The tree is a sorted array: every reservation is its own node, overlaps are allowed
 * when the types agree. */
#include <errno.h>
#include <string.h>
#include "kernel.h"

/* is_untracked_pat_range() default = is_ISA_range(start, end), end exclusive
 * (x86_init.c@v4.2 L100): [0xA0000, 0x100000). */
static bool untracked(uint64_t start, uint64_t end)
{
	return start >= K_ISA_START && end <= K_ISA_END;
}

bool iom_linux_new_memtype_allowed(uint64_t start, uint64_t size, enum iom_mt req, enum iom_mt got)
{
	/* Refused only for UC- -> WB, WC -> WB, WT -> WB and WT -> WC (TV-76). */
	if (untracked(start, start + size))
		return true;
	if ((req == IOM_MT_UC_MINUS || req == IOM_MT_WC || req == IOM_MT_WT) && got == IOM_MT_WB)
		return false;
	if (req == IOM_MT_WT && got == IOM_MT_WC)
		return false;
	return true;
}

enum iom_mt iom_k_pat_x_mtrr_type(const struct iom_kernel *k, uint64_t start, uint64_t end,
				  enum iom_mt req)
{
	/* Only a WB request is adjusted: anything but an exact WB lookup (UC, WC, WT, WP, a
	 * mixture folded to UC, or INVALID with MTRRs off) makes it UC- (TV-65, TV-66). */
	if (req != IOM_MT_WB)
		return req;
	int uniform = 0;
	return iom_k_mtrr_type_lookup(k, start, end, &uniform) == 6 ? IOM_MT_WB : IOM_MT_UC_MINUS;
}

static const char *reserve_fn(const struct iom_kernel *k)
{
	/* renamed with the PAT code move to pat/memtype.c (present in v6.1 and v6.12) */
	return k_has(k, IOM_KF_PAT_LIST_NEW_FORMAT) ? "memtype_reserve" : "reserve_memtype";
}

/* RAM: the page flags record WB (default), WC, UC- or WT (reserve_ram_pages_type()). */
static enum iom_mt ram_type_at(const struct iom_kernel *k, uint64_t a)
{
	for (size_t i = 0; i < k->nr_ramt; i++)
		if (a >= k->ramt[i].start && a < k->ramt[i].end)
			return k->ramt[i].type;
	return IOM_MT_WB;
}

int k_pagerange_is_ram(const struct iom_kernel *k, uint64_t start, uint64_t end)
{
	/* pat_pagerange_is_ram(): the first MiB never counts as RAM. */
	if (end <= K_ISA_END)
		return 0;
	return k_range_is_ram(k, start < K_ISA_END ? K_ISA_END : start, end);
}

/* lookup_memtype() (pat.c@v4.2; pat/memtype.c@v6.12 L650): untracked -> WB, RAM -> the
 * page's type, a tree node containing paddr -> its type, else UC-. */
enum iom_mt k_lookup_memtype(const struct iom_kernel *k, uint64_t paddr)
{
	if (untracked(paddr, paddr + K_PAGE))
		return IOM_MT_WB;
	if (k_pagerange_is_ram(k, paddr, paddr + K_PAGE) == 1)
		return ram_type_at(k, paddr);
	for (size_t i = 0; i < k->nr_nodes; i++)
		if (k->nodes[i].start <= paddr && paddr < k->nodes[i].end)
			return k->nodes[i].type;
	return IOM_MT_UC_MINUS;
}

static void ram_set(struct iom_kernel *k, uint64_t start, uint64_t end, enum iom_mt t)
{
	/* drop/clip existing runs, then add the new one unless it is WB */
	for (size_t i = 0; i < k->nr_ramt;) {
		struct ram_type *r = &k->ramt[i];
		if (r->end <= start || r->start >= end) {
			i++;
			continue;
		}
		if (r->start < start && r->end > end) { /* split */
			struct ram_type tail = { end, r->end, r->type };
			r->end = start;
			struct ram_type *p = k_grow(k->ramt, &k->alloc_ramt, k->nr_ramt + 1, sizeof(*p));
			if (!p)
				return;
			k->ramt = p;
			k->ramt[k->nr_ramt++] = tail;
			i++;
		} else if (r->start < start) {
			r->end = start;
			i++;
		} else if (r->end > end) {
			r->start = end;
			i++;
		} else {
			k->ramt[i] = k->ramt[--k->nr_ramt];
		}
	}
	if (t == IOM_MT_WB)
		return;
	struct ram_type *p = k_grow(k->ramt, &k->alloc_ramt, k->nr_ramt + 1, sizeof(*p));
	if (!p)
		return;
	k->ramt = p;
	k->ramt[k->nr_ramt++] = (struct ram_type){ start, end, t };
}

static int reserve_ram(struct iom_kernel *k, uint64_t start, uint64_t end, enum iom_mt req,
		       enum iom_mt *new_type)
{
	if (req == IOM_MT_WP) { /* WP cannot be tracked on RAM */
		if (new_type)
			*new_type = IOM_MT_UC_MINUS;
		return -EINVAL;
	}
	if (req == IOM_MT_UC) { /* strong UC is not supported on RAM: WARN_ON_ONCE, UC- (TV-74) */
		if (!k->warned_ram_uc_once)
			k_log(k, IOM_LOG_WARN, "WARNING: reserve_ram_pages_type() with strong UC, using UC-");
		k->warned_ram_uc_once = true;
		req = IOM_MT_UC_MINUS;
	}
	if (new_type)
		*new_type = req;
	for (uint64_t a = start; a < end;) {
		enum iom_mt t = ram_type_at(k, a);
		if (t != IOM_MT_WB) {
			k_log(k, IOM_LOG_INFO,
			      "x86/PAT: reserve_ram_pages_type failed [mem %#010llx-%#010llx], track 0x%x, req 0x%x",
			      (unsigned long long)start, (unsigned long long)(end - 1), iom_linux_pcm(t),
			      iom_linux_pcm(req));
			if (new_type)
				*new_type = t;
			return -EBUSY; /* TV-73 */
		}
		/* skip to the next run boundary */
		uint64_t next = end;
		for (size_t i = 0; i < k->nr_ramt; i++)
			if (k->ramt[i].start > a && k->ramt[i].start < next)
				next = k->ramt[i].start;
		a = next;
	}
	ram_set(k, start, end, req);
	return 0;
}

static int insert_node(struct iom_kernel *k, uint64_t start, uint64_t end, enum iom_mt t)
{
	struct iom_memtype_node *p = k_grow(k->nodes, &k->alloc_nodes, k->nr_nodes + 1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	k->nodes = p;
	size_t i = k->nr_nodes;
	while (i > 0 && k->nodes[i - 1].start > start)
		i--;
	memmove(&k->nodes[i + 1], &k->nodes[i], (k->nr_nodes - i) * sizeof(*p));
	k->nodes[i] = (struct iom_memtype_node){ start, end, t };
	k->nr_nodes++;
	return 0;
}

/* memtype_rb_check_conflict(): the lowest-start overlapping node decides the type; a
 * strict caller fails on any difference; every other overlapping node must agree. */
static int check_conflict(struct iom_kernel *k, uint64_t start, uint64_t end, enum iom_mt req,
			  enum iom_mt *new_type)
{
	enum iom_mt found = req;
	const struct iom_memtype_node *first = NULL, *bad = NULL;
	for (size_t i = 0; i < k->nr_nodes && !bad; i++) {
		const struct iom_memtype_node *n = &k->nodes[i];
		if (n->start >= end)
			break;
		if (n->end <= start)
			continue;
		if (!first) {
			first = n;
			if (n->type != found && !new_type) {
				bad = n; /* strict: found_type is still the request */
				break;
			}
			found = n->type;
		} else if (n->type != found) {
			bad = n;
		}
	}
	if (bad) {
		k_log(k, IOM_LOG_INFO, "x86/PAT: %s:%d conflicting memory types %llx-%llx %s<->%s",
		      k->comm, k->pid, (unsigned long long)start, (unsigned long long)end,
		      iom_mt_kname(found), iom_mt_kname(bad->type));
		return -EBUSY;
	}
	if (new_type)
		*new_type = found;
	return 0;
}

int iom_k_reserve_memtype(struct iom_kernel *k, uint64_t start, uint64_t end, enum iom_mt req,
			  enum iom_mt *new_type)
{
	if (start >= end) {
		k_log(k, IOM_LOG_WARN, "x86/PAT: %s failed: [mem %#010llx-%#010llx], req %s",
		      reserve_fn(k), (unsigned long long)start, (unsigned long long)end - 1,
		      iom_mt_kname(req));
		return -EINVAL;
	}
	if (!k->pat.enabled) { /* nothing is tracked (XMT-2.4 step 2, TV-72) */
		if (new_type)
			*new_type = req;
		return 0;
	}
	if (untracked(start, end)) { /* ISA window: WB, untracked (step 3) */
		if (new_type)
			*new_type = IOM_MT_WB;
		return 0;
	}
	enum iom_mt actual = iom_k_pat_x_mtrr_type(k, start, end, req);
	if (new_type)
		*new_type = actual;
	/* pat_pagerange_is_ram(): the first MiB never counts as RAM. */
	int is_ram = k_range_is_ram(k, start < K_ISA_END ? K_ISA_END : start, end);
	if (start < K_ISA_END && end <= K_ISA_END)
		is_ram = 0;
	if (is_ram == 1)
		return reserve_ram(k, start, end, req, new_type);
	if (is_ram < 0)
		return -EINVAL;
	int err = check_conflict(k, start, end, actual, new_type);
	if (err) {
		k_log(k, IOM_LOG_INFO, "x86/PAT: %s failed [mem %#010llx-%#010llx], track %s, req %s",
		      reserve_fn(k), (unsigned long long)start, (unsigned long long)(end - 1),
		      iom_mt_kname(actual), iom_mt_kname(req));
		return err;
	}
	enum iom_mt t = new_type ? *new_type : actual;
	return insert_node(k, start, end, t);
}

int iom_k_free_memtype(struct iom_kernel *k, uint64_t start, uint64_t end)
{
	if (!k->pat.enabled || untracked(start, end))
		return 0;
	int is_ram = k_range_is_ram(k, start < K_ISA_END ? K_ISA_END : start, end);
	if (start < K_ISA_END && end <= K_ISA_END)
		is_ram = 0;
	if (is_ram == 1) {
		ram_set(k, start, end, IOM_MT_WB);
		return 0;
	}
	if (is_ram < 0)
		return -EINVAL;
	for (size_t i = 0; i < k->nr_nodes; i++) {
		if (k->nodes[i].start == start && k->nodes[i].end == end) {
			memmove(&k->nodes[i], &k->nodes[i + 1], (k->nr_nodes - i - 1) * sizeof(k->nodes[0]));
			k->nr_nodes--;
			return 0;
		}
	}
	if (k_has(k, IOM_KF_MEMTYPE_END_MATCH)) {
		/* MEMTYPE_END_MATCH: a node with the same end and a lower start shrinks (TV-75) */
		for (size_t i = 0; i < k->nr_nodes; i++) {
			if (k->nodes[i].end == end && k->nodes[i].start < start) {
				k->nodes[i].end = start;
				return 0;
			}
		}
	}
	k_log(k, IOM_LOG_INFO, "x86/PAT: %s:%d freeing invalid memtype [mem %#010llx-%#010llx]",
	      k->comm, k->pid, (unsigned long long)start, (unsigned long long)(end - 1));
	return -EINVAL;
}

size_t iom_k_nr_memtypes(const struct iom_kernel *k)
{
	return k->nr_nodes;
}

const struct iom_memtype_node *iom_k_memtype(const struct iom_kernel *k, size_t i)
{
	return i < k->nr_nodes ? &k->nodes[i] : NULL;
}
