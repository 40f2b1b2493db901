// SPDX-License-Identifier: MIT
/* iomodel -- the calls that create mappings: the ioremap family (__ioremap_caller()),
 * memremap(), set_memory_*() on RAM and user mmap through reserve_pfn_range().
 * Sources (XMT-2.3, XMT-2.6, XMT-2.8): arch/x86/mm/ioremap.c@v4.2 L83..L335,
 * ioremap.c@v6.12 L185; kernel/memremap.c@v4.8 / kernel/iomem.c@v6.12;
 * arch/x86/mm/pageattr.c@v4.2 L1465-1636; pat.c@v4.2 reserve_pfn_range();
 * arch/x86/include/asm/fb.h@v4.2 fb_pgprotect(). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel.h"

static const struct api_info {
	const char *name;
	enum iom_mt mode;       /* requested page cache mode                          */
	int since, until;       /* IOM_KF_* rows that add / remove it, -1 = none       */
} apis[] = {
	/* ioremap() and ioremap_nocache() ask for UC- (ioremap.c@v4.2 L229 comment: UC-
	 * "till we fix all X drivers"); ioremap_uc() strong UC (IOREMAP_UC). */
	[IOM_API_IOREMAP] = { "ioremap", IOM_MT_UC_MINUS, -1, -1 },
	[IOM_API_IOREMAP_NOCACHE] = { "ioremap_nocache", IOM_MT_UC_MINUS, -1, IOM_KF_NO_IOREMAP_NOCACHE },
	[IOM_API_IOREMAP_UC] = { "ioremap_uc", IOM_MT_UC, IOM_KF_IOREMAP_UC, -1 },
	[IOM_API_IOREMAP_WC] = { "ioremap_wc", IOM_MT_WC, -1, -1 },
	[IOM_API_IOREMAP_WT] = { "ioremap_wt", IOM_MT_WT, IOM_KF_IOREMAP_WT, -1 },
	[IOM_API_IOREMAP_CACHE] = { "ioremap_cache", IOM_MT_WB, -1, -1 },
	[IOM_API_MEMREMAP] = { "memremap", IOM_MT_WB, IOM_KF_MEMREMAP, -1 },
	/* set_memory_uc() tracks UC- ("for now UC MINUS"), pageattr.c@v4.2 */
	[IOM_API_SET_MEMORY_UC] = { "set_memory_uc", IOM_MT_UC_MINUS, -1, -1 },
	[IOM_API_SET_MEMORY_WC] = { "set_memory_wc", IOM_MT_WC, -1, -1 },
	[IOM_API_SET_MEMORY_WT] = { "set_memory_wt", IOM_MT_WT, -1, -1 },
	[IOM_API_SET_MEMORY_WB] = { "set_memory_wb", IOM_MT_WB, -1, -1 },
	/* pci_mmap_page_range(): resourceN UC-, resourceN_wc WC (pat.txt@v4.2 API table) */
	[IOM_API_MMAP_RESOURCE] = { "mmap_resource", IOM_MT_UC_MINUS, -1, -1 },
	[IOM_API_MMAP_RESOURCE_WC] = { "mmap_resource_wc", IOM_MT_WC, -1, -1 },
	/* fb_mmap() with fb_pgprotect(): UC- on x86 (asm/fb.h@v4.2) */
	[IOM_API_MMAP_FB] = { "mmap_fb", IOM_MT_UC_MINUS, -1, -1 },
};
_Static_assert(ARRAY_SIZE(apis) == IOM_API__COUNT, "api table");

const char *iom_api_name(enum iom_api a)
{
	return a >= 0 && a < IOM_API__COUNT ? apis[a].name : "?";
}

int iom_api_parse(const char *s, enum iom_api *out)
{
	for (int i = 0; i < IOM_API__COUNT; i++)
		if (!strcmp(s, apis[i].name)) {
			*out = (enum iom_api)i;
			return 0;
		}
	return -1;
}

bool iom_api_available(unsigned v, enum iom_api a, const struct iom_kfeat_info **why,
		       bool *removed)
{
	*why = NULL;
	*removed = false;
	if (apis[a].since >= 0 && !iom_kfeat(v, (enum iom_kfeat)apis[a].since)) {
		*why = iom_kfeat_info((enum iom_kfeat)apis[a].since);
		return false;
	}
	if (apis[a].until >= 0 && iom_kfeat(v, (enum iom_kfeat)apis[a].until)) {
		*why = iom_kfeat_info((enum iom_kfeat)apis[a].until);
		*removed = true;
		return false;
	}
	return true;
}

static int add_mapping(struct iom_kernel *k, const struct iom_mapping *m)
{
	struct iom_mapping *p = k_grow(k->maps, &k->alloc_maps, k->nr_maps + 1, sizeof(*p));
	if (!p)
		return -1;
	k->maps = p;
	k->maps[k->nr_maps] = *m;
	return (int)k->nr_maps++;
}

/* System RAM pages that are not PageReserved: the 4.2 pfn walk in __ioremap_caller()
 * and the 6.12 busy-resource walk agree for page-aligned RAM resources. */
static bool touches_ram(const struct iom_kernel *k, uint64_t phys, uint64_t last)
{
	uint64_t ps = phys & ~(K_PAGE - 1), pe = (last | (K_PAGE - 1)) + 1;
	for (size_t i = 0; i < k->nr_res; i++)
		if (k->res[i].kind == IOM_RES_RAM && k->res[i].start < pe && k->res[i].end > ps)
			return true;
	return false;
}

/* iomem_map_sanity_check(): a mapping that is not inside one BAR it overlaps. */
static void check_bars(struct iom_kernel *k, uint64_t phys, uint64_t size)
{
	for (size_t i = 0; i < k->nr_res; i++) {
		const struct iom_resource *r = &k->res[i];
		if (r->kind != IOM_RES_BAR || r->end <= phys || r->start >= phys + size)
			continue;
		if (phys >= r->start && phys + size <= r->end)
			return;
		/* kernel/resource.c: "%#010llx" before RESOURCE_MSG_PA, "%pa" (0x + 16 digits)
		 * after (resource.c@v6.12 L1766); the resource itself is "%pR" */
		k_log(k, IOM_LOG_INFO,
		      k_has(k, IOM_KF_RESOURCE_MSG_PA)
			      ? "resource sanity check: requesting [mem 0x%016llx-0x%016llx], which spans more than %s [mem %#010llx-%#010llx%s]"
			      : "resource sanity check: requesting [mem %#010llx-%#010llx], which spans more than %s [mem %#010llx-%#010llx%s]",
		      (unsigned long long)phys, (unsigned long long)(phys + size - 1), r->name,
		      (unsigned long long)r->start, (unsigned long long)(r->end - 1),
		      r->prefetchable ? " pref" : "");
		if (k_has(k, IOM_KF_MULTI_BAR_PR_WARN)) {
			k_log(k, IOM_LOG_WARN, "caller %s mapping multiple BARs", k->comm);
		} else if (!k->warned_bars_once) {
			k_log(k, IOM_LOG_WARN, "Info: mapping multiple BARs. Your kernel is fine.");
			k->warned_bars_once = true;
		}
		return;
	}
}

/* __ioremap_caller(): returns true when a mapping was made. */
static bool ioremap_caller(struct iom_kernel *k, struct iom_mapping *m, enum iom_mt pcm)
{
	uint64_t phys = m->phys, size = m->size, last = phys + size - 1;
	m->req = pcm;
	if (!size || last < phys) {
		m->err = -EINVAL;
		return false;
	}
	if (phys >> k->mtrr.phys_bits) { /* phys_addr_valid(phys_addr): the start only */
		k_log(k, IOM_LOG_WARN, "ioremap: invalid physical address %llx", (unsigned long long)phys);
		m->err = -EINVAL;
		return false;
	}
	/* < 4.14: the ISA window returns the direct map, untracked, WB (TV-69, TV-71);
	 * is_ISA_range(phys, last) with an inclusive last. */
	if (!k_has(k, IOM_KF_ISA_NO_DIRECT_MAP) && phys >= K_ISA_START && last <= K_ISA_END) {
		m->direct_map = true;
		m->map_start = phys & ~(K_PAGE - 1);
		m->map_end = (last | (K_PAGE - 1)) + 1;
		m->got = IOM_MT_WB;
		m->pte = 0;
		return true;
	}
	if (touches_ram(k, phys, last)) { /* TV-68 */
		if (!k->warned_ram_once)
			k_log(k, IOM_LOG_WARN, "ioremap on RAM at 0x%016llx - 0x%016llx",
			      (unsigned long long)phys, (unsigned long long)last);
		k->warned_ram_once = true;
		m->err = -EINVAL;
		return false;
	}
	uint64_t start = phys & ~(K_PAGE - 1), end = (last | (K_PAGE - 1)) + 1;
	m->map_start = start;
	m->map_end = end;
	enum iom_mt got = pcm;
	int err = iom_k_reserve_memtype(k, start, end, pcm, &got);
	if (err) { /* TV-67 */
		k_log(k, IOM_LOG_ERR, "ioremap %s failed %d",
		      k_has(k, IOM_KF_PAT_LIST_NEW_FORMAT) ? "memtype_reserve" : "reserve_memtype", err);
		m->err = err;
		return false;
	}
	m->tracked = k->pat.enabled && !(start >= K_ISA_START && end <= K_ISA_END);
	if (got != pcm) {
		if (!iom_linux_new_memtype_allowed(start, end - start, pcm, got)) { /* TV-62/63 */
			k_log(k, IOM_LOG_ERR, "ioremap error for 0x%llx-0x%llx, requested 0x%x, got 0x%x",
			      (unsigned long long)start, (unsigned long long)end, iom_linux_pcm(pcm),
			      iom_linux_pcm(got));
			iom_k_free_memtype(k, start, end);
			m->tracked = false;
			m->got = got;
			m->err = -EINVAL;
			return false;
		}
		pcm = got; /* silently inherited (TV-58..60, TV-64) */
	}
	m->got = pcm;
	/* the PTE switch has cases for UC, UC-, WC, WT and WB only; anything else (WP
	 * inherited from the tree) takes "default:", i.e. UC (ioremap.c@v4.2 and @v6.12
	 * __ioremap_caller(), L266) */
	m->pte = k->pat.cm2pte[pcm == IOM_MT_WP ? IOM_MT_UC : pcm];
	check_bars(k, phys, size);
	return true;
}

/* reserve_pfn_range() for a user mapping (non-strict). */
static bool map_user(struct iom_kernel *k, struct iom_mapping *m, enum iom_mt want)
{
	uint64_t start = m->phys & ~(K_PAGE - 1), end = ((m->phys + m->size - 1) | (K_PAGE - 1)) + 1;
	m->req = want;
	m->map_start = start;
	m->map_end = end;
	if (m->api == IOM_API_MMAP_RESOURCE || m->api == IOM_API_MMAP_RESOURCE_WC) {
		const struct iom_resource *bar = NULL;
		for (size_t i = 0; i < k->nr_res; i++)
			if (k->res[i].kind == IOM_RES_BAR && start >= k->res[i].start && end <= k->res[i].end)
				bar = &k->res[i];
		/* resourceN_wc exists only for prefetchable BARs (pci-sysfs.c, ATTR-A.7 */
		if (!bar || (m->api == IOM_API_MMAP_RESOURCE_WC && !bar->prefetchable)) {
			m->err = -ENOENT;
			return false;
		}
	}
	enum iom_mt got = want;
	if (k_pagerange_is_ram(k, start, end) == 1) {
		/* RAM: no reservation; the first page's type is used, a different request
		 * is only warned about (reserve_pfn_range(), pat.c@v4.2, memtype.c@v6.12 L870) */
		if (k->pat.enabled) {
			got = k_lookup_memtype(k, start);
			if (got != want)
				k_log(k, IOM_LOG_WARN,
				      "x86/PAT: %s:%d map pfn RAM range req %s for [mem %#010llx-%#010llx], got %s",
				      k->comm, k->pid, iom_mt_kname(want), (unsigned long long)start,
				      (unsigned long long)(end - 1), iom_mt_kname(got));
		}
		m->got = got;
		m->pte = k->pat.cm2pte[got];
		return true;
	}
	int err = iom_k_reserve_memtype(k, start, end, want, &got);
	if (err) {
		m->err = err;
		return false;
	}
	m->tracked = k->pat.enabled;
	if (got != want) {
		if (!iom_linux_new_memtype_allowed(start, end - start, want, got)) {
			iom_k_free_memtype(k, start, end);
			k_log(k, IOM_LOG_ERR,
			      "x86/PAT: %s:%d map pfn expected mapping type %s for [mem %#010llx-%#010llx], got %s",
			      k->comm, k->pid, iom_mt_kname(want), (unsigned long long)start,
			      (unsigned long long)(end - 1), iom_mt_kname(got));
			m->tracked = false;
			m->err = -EINVAL;
			return false;
		}
	}
	m->got = got;
	m->pte = k->pat.cm2pte[got];
	return true;
}

/* set_memory_uc/wc/wt(): strict reservation, then the PTEs (pageattr.c@v4.2). */
static bool set_memory(struct iom_kernel *k, struct iom_mapping *m, enum iom_mt mode)
{
	uint64_t start = m->phys & ~(K_PAGE - 1), end = ((m->phys + m->size - 1) | (K_PAGE - 1)) + 1;
	m->req = mode;
	m->map_start = start;
	m->map_end = end;
	if (mode == IOM_MT_WB) {
		/* set_memory_wb(): PTEs back to WB, then free_memtype(), whose result is
		 * ignored: it returns 0 (pageattr.c@v4.2, pat/set_memory.c@v6.12 L2044). */
		m->got = IOM_MT_WB;
		m->pte = 0;
		iom_k_free_memtype(k, start, end);
		return true;
	}
	int err = iom_k_reserve_memtype(k, start, end, mode, NULL);
	if (err) {
		m->err = err;
		return false;
	}
	m->tracked = k->pat.enabled;
	m->got = mode;
	m->pte = k->pat.cm2pte[mode];
	return true;
}

static bool memremap(struct iom_kernel *k, struct iom_mapping *m)
{
	unsigned flags = m->memremap_flags;
	int is_ram = k_range_is_ram(k, m->phys, m->phys + m->size);
	if (is_ram < 0) {
		k_log(k, IOM_LOG_WARN, "memremap attempted on mixed range 0x%016llx size: %#llx",
		      (unsigned long long)m->phys, (unsigned long long)m->size);
		m->err = -EINVAL;
		return false;
	}
	if (flags & IOM_MEMREMAP_WB) {
		if (is_ram == 1) { /* try_ram_remap(): the direct map */
			m->direct_map = true;
			m->req = m->got = IOM_MT_WB;
			m->map_start = m->phys & ~(K_PAGE - 1);
			m->map_end = ((m->phys + m->size - 1) | (K_PAGE - 1)) + 1;
			m->pte = 0;
			return true;
		}
		if (ioremap_caller(k, m, IOM_MT_WB))
			return true;
	}
	if (is_ram == 1 && flags != IOM_MEMREMAP_WB) {
		k_log(k, IOM_LOG_WARN, "memremap attempted on ram 0x%016llx size: %#llx",
		      (unsigned long long)m->phys, (unsigned long long)m->size);
		m->err = -EINVAL;
		return false;
	}
	if ((flags & IOM_MEMREMAP_WT) && ioremap_caller(k, m, IOM_MT_WT))
		return true;
	if ((flags & IOM_MEMREMAP_WC) && ioremap_caller(k, m, IOM_MT_WC))
		return true;
	if (!m->err)
		m->err = -EINVAL;
	return false;
}

int iom_k_map(struct iom_kernel *k, enum iom_api api, uint64_t phys, uint64_t size,
	      unsigned memremap_flags, struct iom_mapping *m)
{
	memset(m, 0, sizeof(*m));
	m->api = api;
	m->phys = phys;
	m->size = size;
	m->req = m->got = IOM_MT_NONE;
	m->memremap_flags = memremap_flags;
	const struct iom_kfeat_info *why;
	bool removed, ok;
	if (api < 0 || api >= IOM_API__COUNT || !iom_api_available(k->ver, api, &why, &removed)) {
		m->err = -ENOSYS; /* the symbol does not exist in this version: nothing to call */
		return -1;
	}
	switch (api) {
	case IOM_API_MEMREMAP:
		ok = memremap(k, m);
		break;
	case IOM_API_SET_MEMORY_UC:
	case IOM_API_SET_MEMORY_WC:
	case IOM_API_SET_MEMORY_WT:
	case IOM_API_SET_MEMORY_WB:
		ok = set_memory(k, m, apis[api].mode);
		break;
	case IOM_API_MMAP_RESOURCE:
	case IOM_API_MMAP_RESOURCE_WC:
	case IOM_API_MMAP_FB:
		ok = map_user(k, m, apis[api].mode);
		break;
	default:
		ok = ioremap_caller(k, m, apis[api].mode);
		break;
	}
	m->ok = ok;
	if (ok)
		m->err = 0;
	int h = add_mapping(k, m);
	return ok ? h : -1;
}

int iom_k_unmap(struct iom_kernel *k, int h)
{
	if (h < 0 || (size_t)h >= k->nr_maps || !k->maps[h].ok || k->maps[h].unmapped) {
		k_log(k, IOM_LOG_WARN, "iounmap: bad address");
		return -EINVAL;
	}
	struct iom_mapping *m = &k->maps[h];
	m->unmapped = true;
	if (m->direct_map || m->api == IOM_API_SET_MEMORY_WB)
		return 0; /* iounmap() ignores direct-map (ISA) addresses */
	if ((m->api == IOM_API_MMAP_RESOURCE || m->api == IOM_API_MMAP_RESOURCE_WC ||
	     m->api == IOM_API_MMAP_FB) && k_pagerange_is_ram(k, m->map_start, m->map_end) != 0)
		return 0; /* free_pfn_range() frees non-RAM ranges only */
	return iom_k_free_memtype(k, m->map_start, m->map_end);
}

const struct iom_mapping *iom_k_mapping(const struct iom_kernel *k, int h)
{
	return h >= 0 && (size_t)h < k->nr_maps ? &k->maps[h] : NULL;
}

size_t iom_k_nr_mappings(const struct iom_kernel *k)
{
	return k->nr_maps;
}
