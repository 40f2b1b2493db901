// SPDX-License-Identifier: MIT
/* t-linux-ioremap -- PAT memtype tracking and the mapping calls on environment E0 of spec
 * XMT-5 (TV-57..TV-76): ioremap family, is_new_memtype_allowed()'s 6x6 matrix
 * (XMT-2.5), set_memory_*, memremap, user mmap of resourceN[_wc] and /dev/fb, PAT disabled,
 * the ISA window by version, RAM refusal, free/shrink by version, API availability by
 * version, and iom_k_resolve() page ranges. Sources per case: arch/x86/mm/ioremap.c@v4.2
 * __ioremap_caller() L83 and @v6.12 L185; pat.c@v4.2 reserve_memtype() L487,
 * pat_rbtree.c@v4.2; pat/memtype.c and memtype_interval.c@v6.12; asm/pgtable.h@v4.2 L386
 * is_new_memtype_allowed(); pageattr.c@v4.2 / pat/set_memory.c@v6.12; kernel/iomem.c@v6.12
 * memremap(). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/linux.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define V(a, b) IOM_KVER(a, b)
#define KiB 0x400ULL
#define MiB 0x100000ULL
#define GiB 0x40000000ULL
#define BAR 0xE0000000ULL
#define PBAR 0xD0000000ULL /* a prefetchable BAR added to E0 for resourceN_wc */

/* ---- environment E0 (XMT-5) ---------------------------------------------------- */

static void e0_mtrr(struct iom_mtrr_state *s)
{
	iom_mtrr_state_init(s, 36, 8);
	s->enabled = s->fixed_enabled = true;
	s->def_type = 0;
	for (unsigned i = 0; i < IOM_MTRR_NR_FIXED; i++) {
		uint64_t a, z;
		iom_mtrr_fixed_range(i, &a, &z);
		s->fixed[i] = a < 0xA0000 ? 6 : a < 0xC0000 ? 0 : 5;
	}
	iom_mtrr_var_set(s, 0, 0, 2 * GiB, IOM_MT_WB);
}

static struct iom_kernel *kboot(unsigned v, enum iom_pat_hw pat, const struct iom_mtrr_state *s)
{
	struct iom_cpu c;
	iom_cpu_init(&c);
	c.pat = pat;
	struct iom_kernel *k = iom_kernel_new(v, &c, s);
	assert_non_null(k);
	static const struct iom_resource res[] = {
		{ IOM_RES_RAM, "System RAM", 0, 0x9F000, false },
		{ IOM_RES_RAM, "System RAM", 0x100000, 0x7F000000, false },
		{ IOM_RES_RESERVED, "reserved", 0x7F000000, 0x80000000, false },
		{ IOM_RES_BAR, "0000:01:00.0 BAR0", BAR, BAR + 16 * MiB, false },
		{ IOM_RES_BAR, "0000:02:00.0 BAR0", PBAR, PBAR + 16 * MiB, true },
	};
	for (size_t i = 0; i < N(res); i++)
		assert_int_equal(iom_kernel_add_resource(k, &res[i]), 0);
	iom_kernel_boot(k);
	return k;
}

static struct iom_kernel *e0(unsigned v, enum iom_pat_hw pat)
{
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	return kboot(v, pat, &s);
}

static size_t nlog(const struct iom_kernel *k)
{
	return iom_kernel_nr_log(k);
}

static bool log_has_since(const struct iom_kernel *k, size_t from, const char *s)
{
	for (size_t i = from; i < nlog(k); i++)
		if (!strcmp(iom_kernel_log(k, i)->text, s))
			return true;
	return false;
}

static void kdump(const struct iom_kernel *k, size_t from)
{
	for (size_t i = from; i < nlog(k); i++)
		print_message("  klog[%zu] %s\n", i, iom_kernel_log(k, i)->text);
}

#define EXPECT_LOG(k, from, s)                                                                 \
	do {                                                                                   \
		if (!log_has_since(k, from, s)) {                                              \
			kdump(k, from);                                                        \
			fail_msg("missing log line \"%s\"", s);                                \
		}                                                                              \
	} while (0)

static int map(struct iom_kernel *k, enum iom_api api, uint64_t phys, uint64_t size,
	       struct iom_mapping *m)
{
	return iom_k_map(k, api, phys, size, 0, m);
}

static void expect_node(const struct iom_kernel *k, size_t i, uint64_t start, uint64_t end,
			enum iom_mt t)
{
	const struct iom_memtype_node *n = iom_k_memtype(k, i);
	assert_non_null(n);
	if (n->start != start || n->end != end || n->type != t)
		fail_msg("node %zu [%#llx,%#llx) %s, want [%#llx,%#llx) %s", i,
			 (unsigned long long)n->start, (unsigned long long)n->end, iom_mt_kname(n->type),
			 (unsigned long long)start, (unsigned long long)end, iom_mt_kname(t));
}

/* effective type over [start, end) under pte: exactly one piece expected */
static enum iom_mt eff1(const struct iom_kernel *k, uint64_t start, uint64_t end, uint64_t pte)
{
	struct iom_kpiece p[8];
	long n = iom_k_resolve(k, start, end, pte, p, N(p));
	assert_int_equal(n, 1);
	assert_int_equal(p[0].start, start);
	assert_int_equal(p[0].end, end);
	return p[0].eff.type;
}

/* The E0 kernel itself: resources as declared, boot state as XMT-5 lists it. */
static void test_e0_kernel(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(4, 2), IOM_PAT_ON);
	assert_int_equal(iom_kernel_version(k), V(4, 2));
	assert_int_equal(iom_kernel_nr_resources(k), 5);
	assert_int_equal(iom_kernel_resource(k, 0)->kind, IOM_RES_RAM);
	assert_null(iom_kernel_resource(k, 5));
	assert_true(iom_kernel_mtrr_enabled(k));
	assert_true(iom_kernel_pat(k)->enabled);
	assert_int_equal(iom_kernel_pat(k)->msr, 0x0407010600070106ULL); /* E0: 4.2 full PAT */
	assert_int_equal(iom_k_nr_memtypes(k), 0);
	assert_int_equal(iom_k_nr_mappings(k), 0);
	assert_int_equal(iom_kernel_mtrr_used(k), 0);
	assert_int_equal(iom_kernel_cpu(k)->pat, IOM_PAT_ON);
	/* an empty or inverted resource is refused */
	const struct iom_resource bad = { IOM_RES_BAR, "bad", 0x1000, 0x1000, false };
	assert_int_equal(iom_kernel_add_resource(k, &bad), -1);
	/* unknown handles */
	assert_null(iom_k_mapping(k, 0));
	assert_null(iom_k_mapping(k, -1));
	assert_null(iom_k_memtype(k, 0));
	assert_true(iom_k_unmap(k, 3) < 0);
	/* log lines carry the call index set by iom_kernel_begin_call() */
	iom_kernel_begin_call(k, 7);
	struct iom_mapping m;
	assert_int_equal(map(k, IOM_API_IOREMAP, 0x40000000, 0x1000, &m), -1);
	assert_int_equal(iom_kernel_log(k, nlog(k) - 1)->call, 7);
	assert_null(iom_kernel_log(k, nlog(k)));
	iom_kernel_free(k);
	iom_kernel_free(NULL);
}

/* ---- TV-57..TV-60: WC/UC framebuffer and register page ------------------------------ */

static void test_tv57(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(4, 8), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_ON);
		struct iom_mapping m;
		size_t l0 = nlog(k);
		int h = map(k, IOM_API_IOREMAP_WC, BAR, 0x7FF000, &m);
		assert_true(h >= 0);
		assert_true(m.ok);
		assert_int_equal(m.req, IOM_MT_WC);
		assert_int_equal(m.got, IOM_MT_WC);
		assert_true(m.tracked);
		assert_false(m.direct_map);
		assert_int_equal(m.pte, 0x008);
		assert_int_equal(m.map_start, BAR);
		assert_int_equal(m.map_end, BAR + 0x7FF000);
		assert_int_equal(iom_k_nr_memtypes(k), 1);
		expect_node(k, 0, BAR, BAR + 0x7FF000, IOM_MT_WC);
		assert_string_equal(iom_mt_kname(iom_k_memtype(k, 0)->type), "write-combining");
		assert_int_equal(nlog(k), l0); /* nothing logged */
		/* effective: UC MTRR x PA1 WC = WC (Table 11-7) */
		assert_int_equal(eff1(k, BAR, BAR + 0x7FF000, m.pte), IOM_MT_WC);
		/* the stored copy matches */
		const struct iom_mapping *mm = iom_k_mapping(k, h);
		assert_non_null(mm);
		assert_int_equal(mm->pte, 0x008);
		assert_int_equal(iom_k_nr_mappings(k), 1);
		/* iounmap frees the reservation */
		assert_int_equal(iom_k_unmap(k, h), 0);
		assert_int_equal(iom_k_nr_memtypes(k), 0);
		assert_true(iom_k_mapping(k, h)->unmapped);
		/* a second iounmap of the same handle is a bad address */
		assert_true(iom_k_unmap(k, h) < 0);
		iom_kernel_free(k);
	}
}

static void test_tv58_60(void **st)
{
	(void)st;
	/* TV-58: ioremap_uc first, then an 8 MiB ioremap_wc over it -> silently UC */
	struct iom_kernel *k = e0(V(4, 8), IOM_PAT_ON);
	struct iom_mapping m1, m2;
	assert_true(map(k, IOM_API_IOREMAP_UC, BAR + 0x7FF000, 0x1000, &m1) >= 0);
	assert_int_equal(m1.pte, 0x018);
	size_t l0 = nlog(k);
	assert_true(map(k, IOM_API_IOREMAP_WC, BAR, 0x800000, &m2) >= 0);
	assert_int_equal(m2.req, IOM_MT_WC);
	assert_int_equal(m2.got, IOM_MT_UC);
	assert_int_equal(m2.pte, 0x018);
	assert_int_equal(nlog(k), l0);
	assert_int_equal(iom_k_nr_memtypes(k), 2);
	expect_node(k, 0, BAR, BAR + 0x800000, IOM_MT_UC);
	expect_node(k, 1, BAR + 0x7FF000, BAR + 0x800000, IOM_MT_UC);
	assert_int_equal(eff1(k, BAR, BAR + 0x800000, m2.pte), IOM_MT_UC); /* TV-106 */
	iom_kernel_free(k);

	/* TV-59: ioremap_wc first, then ioremap() of the register page -> WC, no message */
	k = e0(V(4, 8), IOM_PAT_ON);
	assert_true(map(k, IOM_API_IOREMAP_WC, BAR, 0x800000, &m1) >= 0);
	l0 = nlog(k);
	assert_true(map(k, IOM_API_IOREMAP, BAR + 0x7FF000, 0x1000, &m2) >= 0);
	assert_int_equal(m2.req, IOM_MT_UC_MINUS);
	assert_int_equal(m2.got, IOM_MT_WC);
	assert_int_equal(m2.pte, 0x008);
	assert_int_equal(nlog(k), l0);
	/* TV-60: ioremap_uc of the same page inherits WC too */
	assert_true(map(k, IOM_API_IOREMAP_UC, BAR + 0x7FF000, 0x1000, &m2) >= 0);
	assert_int_equal(m2.req, IOM_MT_UC);
	assert_int_equal(m2.got, IOM_MT_WC);
	assert_int_equal(m2.pte, 0x008);
	assert_int_equal(eff1(k, BAR + 0x7FF000, BAR + 0x800000, m2.pte), IOM_MT_WC); /* e4 */
	assert_int_equal(iom_k_nr_memtypes(k), 3);
	iom_kernel_free(k);
}

/* ---- TV-61..TV-66: WB areas and pat_x_mtrr_type ------------------------------------- */

static void test_tv61_64(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_ON);
		struct iom_mapping m;
		/* TV-61: reserved non-RAM under reg0 WB: tracked and mapped WB */
		assert_true(map(k, IOM_API_IOREMAP_CACHE, 0x7F000000, 0x1000, &m) >= 0);
		assert_int_equal(m.got, IOM_MT_WB);
		assert_int_equal(m.pte, 0);
		expect_node(k, 0, 0x7F000000, 0x7F001000, IOM_MT_WB);
		assert_int_equal(eff1(k, 0x7F000000, 0x7F001000, m.pte), IOM_MT_WB);
		/* TV-62: WC over it: refused, message, temporary node freed */
		size_t l0 = nlog(k);
		assert_int_equal(map(k, IOM_API_IOREMAP_WC, 0x7F000000, 0x1000, &m), -1);
		assert_false(m.ok);
		assert_int_equal(m.got, IOM_MT_WB);
		EXPECT_LOG(k, l0, "ioremap error for 0x7f000000-0x7f001000, requested 0x1, got 0x0");
		assert_int_equal(iom_k_nr_memtypes(k), 1);
		/* TV-63: ioremap() (UC-) refused */
		l0 = nlog(k);
		assert_int_equal(map(k, IOM_API_IOREMAP, 0x7F000000, 0x1000, &m), -1);
		EXPECT_LOG(k, l0, "ioremap error for 0x7f000000-0x7f001000, requested 0x2, got 0x0");
		/* WT -> WB refused too */
		l0 = nlog(k);
		assert_int_equal(map(k, IOM_API_IOREMAP_WT, 0x7F000000, 0x1000, &m), -1);
		EXPECT_LOG(k, l0, "ioremap error for 0x7f000000-0x7f001000, requested 0x4, got 0x0");
		assert_int_equal(iom_k_nr_memtypes(k), 1);
		/* TV-64: ioremap_uc accepts WB */
		assert_true(map(k, IOM_API_IOREMAP_UC, 0x7F000000, 0x1000, &m) >= 0);
		assert_int_equal(m.got, IOM_MT_WB);
		assert_int_equal(m.pte, 0);
		assert_int_equal(eff1(k, 0x7F000000, 0x7F001000, m.pte), IOM_MT_WB);
		assert_int_equal(iom_k_nr_memtypes(k), 2);
		iom_kernel_free(k);
	}
}

static void test_tv65_66(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(4, 2), IOM_PAT_ON);
	struct iom_mapping m;
	/* TV-65: WB request under the UC default -> tracked UC-, PTE PCD, effective UC */
	assert_true(map(k, IOM_API_IOREMAP_CACHE, BAR, 0x1000, &m) >= 0);
	assert_int_equal(m.req, IOM_MT_WB);
	assert_int_equal(m.got, IOM_MT_UC_MINUS);
	assert_int_equal(m.pte, 0x010);
	expect_node(k, 0, BAR, BAR + 0x1000, IOM_MT_UC_MINUS);
	assert_int_equal(eff1(k, BAR, BAR + 0x1000, m.pte), IOM_MT_UC);
	/* TV-66: half WB (reg0), half default UC, all non-RAM -> UC- */
	assert_true(map(k, IOM_API_IOREMAP_CACHE, 0x7FFFF000, 0x2000, &m) >= 0);
	assert_int_equal(m.got, IOM_MT_UC_MINUS);
	assert_int_equal(m.pte, 0x010);
	expect_node(k, 0, 0x7FFFF000, 0x80001000, IOM_MT_UC_MINUS); /* nodes in start order */
	expect_node(k, 1, BAR, BAR + 0x1000, IOM_MT_UC_MINUS);
	/* per-page effective types: WB MTRR x UC- = UC, UC MTRR x UC- = UC */
	struct iom_kpiece p[4];
	assert_int_equal(iom_k_resolve(k, 0x7FFFF000, 0x80001000, m.pte, p, N(p)), 2);
	assert_int_equal(p[0].mtrr, IOM_MT_WB);
	assert_int_equal(p[0].eff.type, IOM_MT_UC);
	assert_int_equal(p[1].mtrr, IOM_MT_UC);
	assert_int_equal(p[1].eff.type, IOM_MT_UC);
	iom_kernel_free(k);
}

/* ---- TV-67: conflict, messages, task name ---------------------------------------- */

static void test_tv67(void **st)
{
	(void)st;
	static const struct { unsigned v; const char *fn; } vs[] = {
		{ V(4, 2), "reserve_memtype" }, { V(4, 8), "reserve_memtype" }, { V(6, 12), "memtype_reserve" },
	};
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i].v, IOM_PAT_ON);
		struct iom_mapping m;
		assert_true(map(k, IOM_API_IOREMAP_WC, BAR, 0x1000, &m) >= 0);
		assert_true(map(k, IOM_API_IOREMAP_UC, BAR + 0x1000, 0x1000, &m) >= 0);
		size_t l0 = nlog(k);
		assert_int_equal(map(k, IOM_API_IOREMAP, BAR, 0x2000, &m), -1);
		assert_int_equal(m.err, -EBUSY);
		EXPECT_LOG(k, l0, "x86/PAT: modprobe:1 conflicting memory types e0000000-e0002000 write-combining<->uncached");
		char buf[160];
		snprintf(buf, sizeof(buf),
			 "x86/PAT: %s failed [mem 0xe0000000-0xe0001fff], track uncached-minus, req uncached-minus",
			 vs[i].fn);
		EXPECT_LOG(k, l0, buf);
		snprintf(buf, sizeof(buf), "ioremap %s failed -16", vs[i].fn);
		EXPECT_LOG(k, l0, buf);
		assert_int_equal(iom_k_nr_memtypes(k), 2);
		/* the task name comes from iom_kernel_set_task() */
		iom_kernel_set_task(k, "Xorg", 1234);
		l0 = nlog(k);
		assert_int_equal(map(k, IOM_API_IOREMAP_CACHE, BAR, 0x2000, &m), -1);
		EXPECT_LOG(k, l0, "x86/PAT: Xorg:1234 conflicting memory types e0000000-e0002000 write-combining<->uncached");
		iom_kernel_free(k);
	}
}

/* A strict request (new_type NULL: set_memory_*(), reserve_pfn_range(strict)) fails on the
 * first overlapping node of another type; the message names the requested type first
 * (memtype_rb_check_conflict() pat_rbtree.c@v4.2: found_type is still the request when
 * the first match fails; memtype_check_conflict() memtype_interval.c@v6.12 likewise). */
static void test_strict_conflict(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_ON);
		struct iom_mapping m;
		assert_true(map(k, IOM_API_IOREMAP, BAR, 0x1000, &m) >= 0);
		size_t l0 = nlog(k);
		assert_int_equal(iom_k_reserve_memtype(k, BAR, BAR + 0x1000, IOM_MT_WC, NULL), -EBUSY);
		EXPECT_LOG(k, l0, "x86/PAT: modprobe:1 conflicting memory types e0000000-e0001000 write-combining<->uncached-minus");
		assert_int_equal(iom_k_nr_memtypes(k), 1);
		/* strict and equal type: accepted, a second node */
		assert_int_equal(iom_k_reserve_memtype(k, BAR, BAR + 0x1000, IOM_MT_UC_MINUS, NULL), 0);
		assert_int_equal(iom_k_nr_memtypes(k), 2);
		/* non-strict: inherits whatever is there */
		enum iom_mt t = IOM_MT_NONE;
		assert_int_equal(iom_k_reserve_memtype(k, BAR, BAR + 0x2000, IOM_MT_WC, &t), 0);
		assert_int_equal(t, IOM_MT_UC_MINUS);
		expect_node(k, 0, BAR, BAR + 0x1000, IOM_MT_UC_MINUS);
		/* the inherited node is recorded with the inherited type */
		bool found = false;
		for (size_t j = 0; j < iom_k_nr_memtypes(k); j++)
			if (iom_k_memtype(k, j)->end == BAR + 0x2000)
				found = iom_k_memtype(k, j)->type == IOM_MT_UC_MINUS;
		assert_true(found);
		/* a node further on with another type breaks a non-strict request too */
		assert_int_equal(iom_k_reserve_memtype(k, BAR + 0x3000, BAR + 0x4000, IOM_MT_WC, &t), 0);
		l0 = nlog(k);
		assert_int_equal(iom_k_reserve_memtype(k, BAR, BAR + 0x4000, IOM_MT_UC_MINUS, &t), -EBUSY);
		EXPECT_LOG(k, l0, "x86/PAT: modprobe:1 conflicting memory types e0000000-e0004000 uncached-minus<->write-combining");
		/* start >= end */
		assert_int_equal(iom_k_reserve_memtype(k, BAR, BAR, IOM_MT_WC, &t), -EINVAL);
		iom_kernel_free(k);
	}
}

/* ---- TV-68..TV-71: RAM and the ISA window ------------------------------------------ */

static void test_tv68_ram(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_ON);
		struct iom_mapping m;
		size_t l0 = nlog(k);
		assert_int_equal(map(k, IOM_API_IOREMAP, 0x40000000, 0x1000, &m), -1);
		assert_false(m.ok);
		EXPECT_LOG(k, l0, "ioremap on RAM at 0x0000000040000000 - 0x0000000040000fff");
		assert_int_equal(iom_k_nr_memtypes(k), 0);
		/* any mapping call on RAM fails, whatever the cache mode; the WARN is once */
		size_t l1 = nlog(k);
		assert_int_equal(map(k, IOM_API_IOREMAP_WC, 0x40001000, 0x1000, &m), -1);
		assert_int_equal(map(k, IOM_API_IOREMAP_CACHE, 0x7EFFF000, 0x2000, &m), -1);
		assert_int_equal(nlog(k), l1);
		/* the firmware-reserved page next to RAM is fine */
		assert_true(map(k, IOM_API_IOREMAP, 0x7F000000, 0x1000, &m) >= 0);
		iom_kernel_free(k);
	}
}

static void test_tv69_71_isa(void **st)
{
	(void)st;
	struct iom_mapping m;
	/* TV-69: 4.2 (and up to 4.13): the direct map, untracked, WB PTE */
	static const unsigned old[] = { V(4, 2), V(4, 8) };
	for (size_t i = 0; i < N(old); i++) {
		struct iom_kernel *k = e0(old[i], IOM_PAT_ON);
		size_t l0 = nlog(k);
		int h = map(k, IOM_API_IOREMAP_WC, 0xA0000, 0x20000, &m);
		assert_true(h >= 0);
		assert_true(m.direct_map);
		assert_false(m.tracked);
		assert_int_equal(m.pte, 0);
		assert_int_equal(iom_k_nr_memtypes(k), 0);
		assert_int_equal(nlog(k), l0);
		assert_int_equal(eff1(k, 0xA0000, 0xC0000, m.pte), IOM_MT_UC); /* fixed UC */
		/* TV-71: inclusive last 0x100000 still counts as ISA */
		assert_true(map(k, IOM_API_IOREMAP, 0xF0000, 0x10001, &m) >= 0);
		assert_true(m.direct_map);
		/* one more byte is no longer ISA: RAM at 0x100000 -> refused */
		assert_int_equal(map(k, IOM_API_IOREMAP, 0xF0000, 0x10002, &m), -1);
		/* iounmap of a direct-map address is ignored */
		assert_int_equal(iom_k_unmap(k, h), 0);
		iom_kernel_free(k);
	}
	/* TV-70: from 4.14 a real mapping, untracked -> WB PTE, effective from the fixed MTRR */
	static const unsigned nw[] = { V(4, 14), V(6, 12) };
	for (size_t i = 0; i < N(nw); i++) {
		struct iom_kernel *k = e0(nw[i], IOM_PAT_ON);
		size_t l0 = nlog(k);
		int h = map(k, IOM_API_IOREMAP_WC, 0xA0000, 0x20000, &m);
		assert_true(h >= 0);
		assert_false(m.direct_map);
		assert_false(m.tracked);
		assert_int_equal(m.req, IOM_MT_WC);
		assert_int_equal(m.got, IOM_MT_WB);
		assert_int_equal(m.pte, 0);
		assert_int_equal(iom_k_nr_memtypes(k), 0);
		assert_int_equal(nlog(k), l0);
		assert_int_equal(eff1(k, 0xA0000, 0xC0000, m.pte), IOM_MT_UC);
		/* over the WP fixed area: WB PTE x WP = WP */
		assert_true(map(k, IOM_API_IOREMAP, 0xC0000, 0x10000, &m) >= 0);
		assert_int_equal(m.got, IOM_MT_WB);
		assert_int_equal(eff1(k, 0xC0000, 0xD0000, m.pte), IOM_MT_WP);
		/* TV-71 on 4.14+: not special any more, the range touches RAM at 0x100000 */
		assert_int_equal(map(k, IOM_API_IOREMAP, 0xF0000, 0x10001, &m), -1);
		assert_int_equal(iom_k_unmap(k, h), 0);
		iom_kernel_free(k);
	}
}

/* ---- TV-72: PAT disabled ------------------------------------------------------------- */

static void test_tv72_nopat(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(4, 8), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_OFF);
		struct iom_mapping m1, m2;
		assert_true(map(k, IOM_API_IOREMAP_WC, BAR, 0x800000, &m1) >= 0);
		assert_true(map(k, IOM_API_IOREMAP_UC, BAR + 0x7FF000, 0x1000, &m2) >= 0);
		assert_int_equal(m1.got, IOM_MT_WC); /* granted as asked */
		assert_int_equal(m2.got, IOM_MT_UC);
		assert_false(m1.tracked);
		assert_false(m2.tracked);
		assert_int_equal(m1.pte, 0x010);
		assert_int_equal(m2.pte, 0x018);
		assert_int_equal(iom_k_nr_memtypes(k), 0);
		/* E0, UC MTRR: PA2 (UC-) -> UC, PA3 UC -> UC */
		assert_int_equal(eff1(k, BAR, BAR + 0x800000, m1.pte), IOM_MT_UC);
		assert_int_equal(eff1(k, BAR + 0x7FF000, BAR + 0x800000, m2.pte), IOM_MT_UC);
		/* no conflict detection without PAT: WC over a WB alias is granted */
		assert_true(map(k, IOM_API_IOREMAP_CACHE, 0x7F000000, 0x1000, &m1) >= 0);
		assert_true(map(k, IOM_API_IOREMAP_WC, 0x7F000000, 0x1000, &m2) >= 0);
		assert_int_equal(m2.got, IOM_MT_WC);
		/* free is a no-op */
		assert_int_equal(iom_k_free_memtype(k, BAR, BAR + 0x1000), 0);
		iom_kernel_free(k);
	}
	/* CPU without PAT (Table 11-6): same grants; ioremap_wc still PCD-only */
	struct iom_kernel *k = e0(V(6, 12), IOM_PAT_ABSENT);
	struct iom_mapping m;
	assert_true(map(k, IOM_API_IOREMAP_WC, BAR, 0x1000, &m) >= 0);
	assert_int_equal(m.pte, 0x010);
	assert_int_equal(eff1(k, BAR, BAR + 0x1000, m.pte), IOM_MT_UC);
	iom_kernel_free(k);
}

/* ---- TV-73, TV-74: set_memory_*() on RAM ------------------------------------------ */

static void test_tv73_74_set_memory(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_ON);
		struct iom_mapping m;
		/* TV-73 */
		int h = map(k, IOM_API_SET_MEMORY_UC, 0x40000000, 0x1000, &m);
		assert_true(h >= 0);
		assert_int_equal(m.got, IOM_MT_UC_MINUS); /* "for now UC MINUS" */
		assert_int_equal(m.pte, 0x010);
		assert_int_equal(iom_k_nr_memtypes(k), 0); /* RAM: page flags, not the tree */
		size_t l0 = nlog(k);
		assert_int_equal(map(k, IOM_API_SET_MEMORY_WC, 0x40000000, 0x1000, &m), -1);
		assert_int_equal(m.err, -EBUSY);
		EXPECT_LOG(k, l0, "x86/PAT: reserve_ram_pages_type failed [mem 0x40000000-0x40000fff], track 0x2, req 0x1");
		/* set_memory_wb frees it; then WC works */
		assert_true(map(k, IOM_API_SET_MEMORY_WB, 0x40000000, 0x1000, &m) >= 0);
		assert_int_equal(m.pte, 0);
		assert_true(map(k, IOM_API_SET_MEMORY_WC, 0x40000000, 0x1000, &m) >= 0);
		assert_int_equal(m.pte, 0x008);
		/* strict: a UC- request over the WC page fails with track 0x1, req 0x2 */
		l0 = nlog(k);
		assert_int_equal(map(k, IOM_API_SET_MEMORY_UC, 0x40000000, 0x2000, &m), -1);
		EXPECT_LOG(k, l0, "x86/PAT: reserve_ram_pages_type failed [mem 0x40000000-0x40001fff], track 0x1, req 0x2");
		/* set_memory_wb returns 0 whatever memtype_free() says (set_memory.c@v6.12) */
		assert_true(map(k, IOM_API_SET_MEMORY_WB, 0x40000000, 0x1000, &m) >= 0);
		assert_true(map(k, IOM_API_SET_MEMORY_WB, BAR, 0x1000, &m) >= 0);
		assert_int_equal(m.err, 0);
		/* TV-74: reserve UC on RAM -> treated as UC-, 0 */
		enum iom_mt t = IOM_MT_NONE;
		assert_int_equal(iom_k_reserve_memtype(k, 0x41000000, 0x41002000, IOM_MT_UC, &t), 0);
		assert_int_equal(t, IOM_MT_UC_MINUS);
		/* WP on RAM: -EINVAL, new type UC- */
		assert_int_equal(iom_k_reserve_memtype(k, 0x42000000, 0x42001000, IOM_MT_WP, &t), -EINVAL);
		assert_int_equal(t, IOM_MT_UC_MINUS);
		/* mixed RAM / non-RAM: -EINVAL */
		assert_int_equal(iom_k_reserve_memtype(k, 0x7EFFF000, 0x7F001000, IOM_MT_WC, &t), -EINVAL);
		/* the first MiB never counts as RAM: tracked in the tree */
		assert_int_equal(iom_k_reserve_memtype(k, 0x10000, 0x11000, IOM_MT_WC, &t), 0);
		assert_int_equal(t, IOM_MT_WC);
		assert_int_equal(iom_k_nr_memtypes(k), 1);
		iom_kernel_free(k);
	}
}

/* RAM reservations use the original request, not pat_x_mtrr_type()'s answer
 * (reserve_memtype() pat.c@v4.2 L487: reserve_ram_pages_type(start, end, req_type, ...);
 * memtype_reserve() memtype.c@v6.12 L566). RAM at 4 GiB under E0's default UC MTRR. */
static void test_ram_keeps_request(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_mtrr_state s;
		e0_mtrr(&s);
		struct iom_cpu c;
		iom_cpu_init(&c);
		struct iom_kernel *k = iom_kernel_new(vs[i], &c, &s);
		const struct iom_resource ram4g = { IOM_RES_RAM, "System RAM", 4 * GiB, 5 * GiB, false };
		assert_int_equal(iom_kernel_add_resource(k, &ram4g), 0);
		iom_kernel_boot(k);
		/* non-RAM there would become UC- ... */
		assert_int_equal(iom_k_pat_x_mtrr_type(k, 4 * GiB, 4 * GiB + 0x1000, IOM_MT_WB), IOM_MT_UC_MINUS);
		/* ... but RAM keeps WB */
		enum iom_mt t = IOM_MT_NONE;
		assert_int_equal(iom_k_reserve_memtype(k, 4 * GiB, 4 * GiB + 0x1000, IOM_MT_WB, &t), 0);
		assert_int_equal(t, IOM_MT_WB);
		assert_int_equal(iom_k_nr_memtypes(k), 0);
		/* WARN_ON_ONCE for strong UC on RAM: one warning for two calls */
		size_t l0 = nlog(k);
		assert_int_equal(iom_k_reserve_memtype(k, 4 * GiB + 0x1000, 4 * GiB + 0x2000, IOM_MT_UC, &t), 0);
		assert_int_equal(t, IOM_MT_UC_MINUS);
		size_t l1 = nlog(k);
		assert_int_equal(l1, l0 + 1);
		assert_int_equal(iom_k_reserve_memtype(k, 4 * GiB + 0x2000, 4 * GiB + 0x3000, IOM_MT_UC, &t), 0);
		assert_int_equal(nlog(k), l1);
		iom_kernel_free(k);
	}
}

/* ---- TV-75: free and shrink by version --------------------------------------------- */

static void test_tv75_free(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(4, 8), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_ON);
		struct iom_mapping m;
		assert_true(map(k, IOM_API_IOREMAP, BAR, 0x800000, &m) >= 0);
		size_t l0 = nlog(k);
		int rc = iom_k_free_memtype(k, BAR + 0x400000, BAR + 0x800000);
		if (vs[i] == V(4, 2)) {
			assert_int_equal(rc, -EINVAL);
			EXPECT_LOG(k, l0, "x86/PAT: modprobe:1 freeing invalid memtype [mem 0xe0400000-0xe07fffff]");
			expect_node(k, 0, BAR, BAR + 0x800000, IOM_MT_UC_MINUS);
		} else {
			assert_int_equal(rc, 0);
			assert_int_equal(nlog(k), l0);
			expect_node(k, 0, BAR, BAR + 0x400000, IOM_MT_UC_MINUS);
		}
		/* a range matching no node's end: invalid in every version */
		l0 = nlog(k);
		assert_int_equal(iom_k_free_memtype(k, BAR + 0x100000, BAR + 0x200000), -EINVAL);
		EXPECT_LOG(k, l0, "x86/PAT: modprobe:1 freeing invalid memtype [mem 0xe0100000-0xe01fffff]");
		/* exact match frees; duplicates are separate nodes */
		assert_true(map(k, IOM_API_IOREMAP, 0xE2000000, 0x1000, &m) >= 0);
		assert_true(map(k, IOM_API_IOREMAP, 0xE2000000, 0x1000, &m) >= 0);
		size_t n = iom_k_nr_memtypes(k);
		assert_int_equal(iom_k_free_memtype(k, 0xE2000000, 0xE2001000), 0);
		assert_int_equal(iom_k_nr_memtypes(k), n - 1);
		assert_int_equal(iom_k_free_memtype(k, 0xE2000000, 0xE2001000), 0);
		assert_int_equal(iom_k_nr_memtypes(k), n - 2);
		/* untracked (ISA) frees are always 0 */
		assert_int_equal(iom_k_free_memtype(k, 0xA0000, 0xB0000), 0);
		iom_kernel_free(k);
	}
}

/* ---- TV-76 and XMT-2.5: is_new_memtype_allowed() -------------------------------------- */

static void test_tv76_matrix(void **st)
{
	(void)st;
	/* XMT-2.5, rows = requested, columns = got, order WB WC UC- UC WT WP */
	static const enum iom_mt order[6] = { IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS,
					      IOM_MT_UC, IOM_MT_WT, IOM_MT_WP };
	static const char *const allowed[6] = {
		"YYYYYY", /* WB  */
		"NYYYYY", /* WC  */
		"NYYYYY", /* UC- */
		"YYYYYY", /* UC  */
		"NNYYYY", /* WT  */
		"YYYYYY", /* WP  */
	};
	for (int r = 0; r < 6; r++)
		for (int c = 0; c < 6; c++) {
			bool want = allowed[r][c] == 'Y';
			bool got = iom_linux_new_memtype_allowed(BAR, 0x1000, order[r], order[c]);
			if (got != want)
				fail_msg("is_new_memtype_allowed(req %s, got %s) = %d", iom_mt_name(order[r]),
					 iom_mt_name(order[c]), got);
			/* untracked ISA range: always allowed */
			assert_true(iom_linux_new_memtype_allowed(0xA0000, 0x20000, order[r], order[c]));
		}
	/* TV-76 list */
	static const struct { enum iom_mt req, got; bool ok; } v[] = {
		{ IOM_MT_WC, IOM_MT_WB, 0 }, { IOM_MT_UC_MINUS, IOM_MT_WB, 0 }, { IOM_MT_WT, IOM_MT_WB, 0 },
		{ IOM_MT_WT, IOM_MT_WC, 0 }, { IOM_MT_UC, IOM_MT_WB, 1 }, { IOM_MT_UC_MINUS, IOM_MT_WC, 1 },
		{ IOM_MT_WB, IOM_MT_UC_MINUS, 1 }, { IOM_MT_WC, IOM_MT_UC, 1 },
	};
	for (size_t i = 0; i < N(v); i++)
		assert_int_equal(iom_linux_new_memtype_allowed(BAR, 0x1000, v[i].req, v[i].got), v[i].ok);
	/* a range ending exactly at 1 MiB is untracked; one byte more is not */
	assert_true(iom_linux_new_memtype_allowed(0xF0000, 0x10000, IOM_MT_WC, IOM_MT_WB));
	assert_false(iom_linux_new_memtype_allowed(0xF0000, 0x11000, IOM_MT_WC, IOM_MT_WB));
}

/* The matrix through ioremap: an existing node of type "got" at 0x7F000000 (MTRR WB,
 * non-RAM, so a WB node is possible), then each ioremap_* request. */
static void test_matrix_through_ioremap(void **st)
{
	(void)st;
	static const struct { enum iom_api api; enum iom_mt req; } reqs[] = {
		{ IOM_API_IOREMAP_CACHE, IOM_MT_WB }, { IOM_API_IOREMAP_WC, IOM_MT_WC },
		{ IOM_API_IOREMAP, IOM_MT_UC_MINUS }, { IOM_API_IOREMAP_UC, IOM_MT_UC },
		{ IOM_API_IOREMAP_WT, IOM_MT_WT },
	};
	static const enum iom_mt gots[] = { IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_UC, IOM_MT_WT };
	for (size_t r = 0; r < N(reqs); r++) {
		for (size_t g = 0; g < N(gots); g++) {
			struct iom_kernel *k = e0(V(6, 12), IOM_PAT_ON);
			const struct iom_pat_setup *p = iom_kernel_pat(k);
			enum iom_mt t;
			assert_int_equal(iom_k_reserve_memtype(k, 0x7F000000, 0x7F001000, gots[g], &t), 0);
			assert_int_equal(t, gots[g]);
			struct iom_mapping m;
			int h = map(k, reqs[r].api, 0x7F000000, 0x1000, &m);
			bool ok = reqs[r].req == gots[g] ||
				  iom_linux_new_memtype_allowed(0x7F000000, 0x1000, reqs[r].req, gots[g]);
			if ((h >= 0) != ok)
				fail_msg("%s over a %s node: h=%d", iom_api_name(reqs[r].api), iom_mt_name(gots[g]), h);
			if (ok) {
				assert_int_equal(m.got, gots[g]);
				assert_int_equal(m.pte, p->cm2pte[gots[g]]);
				assert_int_equal(iom_k_nr_memtypes(k), 2);
			} else {
				assert_int_equal(iom_k_nr_memtypes(k), 1);
			}
			iom_kernel_free(k);
		}
	}
}

/* An ioremap that inherits WP from the tree is mapped with UC PTE bits: __ioremap_caller()
 * has no WP case and its "default:" is UC (ioremap.c@v4.2, @v6.12 L266). */
static void test_ioremap_inherits_wp(void **st)
{
	(void)st;
	static const unsigned vs[] = { V(4, 2), V(6, 12) };
	for (size_t i = 0; i < N(vs); i++) {
		struct iom_kernel *k = e0(vs[i], IOM_PAT_ON);
		enum iom_mt t;
		assert_int_equal(iom_k_reserve_memtype(k, BAR, BAR + 0x1000, IOM_MT_WP, &t), 0);
		struct iom_mapping m;
		assert_true(map(k, IOM_API_IOREMAP, BAR, 0x1000, &m) >= 0);
		assert_int_equal(m.got, IOM_MT_WP);
		assert_int_equal(m.pte, 0x018);
		iom_kernel_free(k);
	}
}

/* ---- other ioremap_caller() checks ------------------------------------------------- */

static void test_ioremap_checks(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(6, 12), IOM_PAT_ON);
	struct iom_mapping m;
	/* size 0 and wrap-around: NULL, silently */
	size_t l0 = nlog(k);
	assert_int_equal(map(k, IOM_API_IOREMAP, BAR, 0, &m), -1);
	assert_int_equal(map(k, IOM_API_IOREMAP, 0xFFFFFFFFFFFFF000ULL, 0x2000, &m), -1);
	assert_int_equal(nlog(k), l0);
	/* phys_addr_valid(phys_addr) looks at the start only */
	assert_int_equal(map(k, IOM_API_IOREMAP, 0x1000000000ULL, 0x1000, &m), -1);
	EXPECT_LOG(k, l0, "ioremap: invalid physical address 1000000000");
	l0 = nlog(k);
	assert_true(map(k, IOM_API_IOREMAP, 0xFFFFFF000ULL, 0x2000, &m) >= 0);
	assert_int_equal(nlog(k), l0);
	/* unaligned requests are page-aligned for tracking; the offset is kept */
	assert_true(map(k, IOM_API_IOREMAP_WC, BAR + 0x10010, 0x20, &m) >= 0);
	assert_int_equal(m.map_start, BAR + 0x10000);
	assert_int_equal(m.map_end, BAR + 0x11000);
	assert_int_equal(m.phys, BAR + 0x10010);
	assert_int_equal(m.size, 0x20);
	/* crossing a BAR end: mapped, with the 4.8+/6.12 "mapping multiple BARs" warning */
	l0 = nlog(k);
	assert_true(map(k, IOM_API_IOREMAP, BAR + 0xFFF000, 0x2000, &m) >= 0);
	bool warned = false;
	for (size_t i = l0; i < nlog(k); i++)
		warned |= strstr(iom_kernel_log(k, i)->text, "mapping multiple BARs") != NULL;
	assert_true(warned);
	/* kernel/resource.c@v6.12 iomem_map_sanity_check(): the request with %pa, the
	 * resource with %pR */
	EXPECT_LOG(k, l0, "resource sanity check: requesting [mem 0x00000000e0fff000-0x00000000e1000fff], "
			  "which spans more than 0000:01:00.0 BAR0 [mem 0xe0000000-0xe0ffffff]");
	iom_kernel_free(k);
	/* 4.2: "Info: mapping multiple BARs. Your kernel is fine." once */
	k = e0(V(4, 2), IOM_PAT_ON);
	l0 = nlog(k);
	assert_true(map(k, IOM_API_IOREMAP, BAR + 0xFFF000, 0x2000, &m) >= 0);
	EXPECT_LOG(k, l0, "Info: mapping multiple BARs. Your kernel is fine.");
	EXPECT_LOG(k, l0, "resource sanity check: requesting [mem 0xe0fff000-0xe1000fff], "
			  "which spans more than 0000:01:00.0 BAR0 [mem 0xe0000000-0xe0ffffff]");
	iom_kernel_free(k);
}

/* ---- memremap (kernel/iomem.c@v6.12; kernel/memremap.c@v4.8) ------------------------ */

static void test_memremap(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(6, 12), IOM_PAT_ON);
	struct iom_mapping m;
	/* WB on RAM: the direct map, nothing tracked */
	assert_true(iom_k_map(k, IOM_API_MEMREMAP, 0x40000000, 0x1000, IOM_MEMREMAP_WB, &m) >= 0);
	assert_true(m.direct_map);
	assert_int_equal(m.got, IOM_MT_WB);
	assert_int_equal(m.pte, 0);
	assert_int_equal(iom_k_nr_memtypes(k), 0);
	/* WC on RAM: refused */
	size_t l0 = nlog(k);
	assert_int_equal(iom_k_map(k, IOM_API_MEMREMAP, 0x40000000, 0x1000, IOM_MEMREMAP_WC, &m), -1);
	EXPECT_LOG(k, l0, "memremap attempted on ram 0x0000000040000000 size: 0x1000");
	/* WB|WC on RAM: WB wins through the direct map */
	assert_true(iom_k_map(k, IOM_API_MEMREMAP, 0x40000000, 0x1000,
			      IOM_MEMREMAP_WB | IOM_MEMREMAP_WC, &m) >= 0);
	assert_true(m.direct_map);
	/* mixed RAM / non-RAM */
	l0 = nlog(k);
	assert_int_equal(iom_k_map(k, IOM_API_MEMREMAP, 0x7EFFF000, 0x2000, IOM_MEMREMAP_WB, &m), -1);
	EXPECT_LOG(k, l0, "memremap attempted on mixed range 0x000000007efff000 size: 0x2000");
	/* WB on the BAR: ioremap_cache -> tracked UC- (MTRR UC) */
	assert_true(iom_k_map(k, IOM_API_MEMREMAP, BAR, 0x1000, IOM_MEMREMAP_WB, &m) >= 0);
	assert_false(m.direct_map);
	assert_int_equal(m.got, IOM_MT_UC_MINUS);
	/* WC on the BAR */
	assert_true(iom_k_map(k, IOM_API_MEMREMAP, BAR + 0x100000, 0x1000, IOM_MEMREMAP_WC, &m) >= 0);
	assert_int_equal(m.got, IOM_MT_WC);
	assert_int_equal(m.pte, 0x008);
	/* WT|WC: WT is tried first */
	assert_true(iom_k_map(k, IOM_API_MEMREMAP, BAR + 0x200000, 0x1000,
			      IOM_MEMREMAP_WT | IOM_MEMREMAP_WC, &m) >= 0);
	assert_int_equal(m.got, IOM_MT_WT);
	/* WT|WC over the WC page: ioremap_wt is refused (WT -> WC), ioremap_wc succeeds */
	l0 = nlog(k);
	assert_true(iom_k_map(k, IOM_API_MEMREMAP, BAR + 0x100000, 0x1000,
			      IOM_MEMREMAP_WT | IOM_MEMREMAP_WC, &m) >= 0);
	assert_int_equal(m.got, IOM_MT_WC);
	assert_int_equal(m.err, 0);
	EXPECT_LOG(k, l0, "ioremap error for 0xe0100000-0xe0101000, requested 0x4, got 0x1");
	/* no flags: NULL */
	assert_int_equal(iom_k_map(k, IOM_API_MEMREMAP, BAR, 0x1000, 0, &m), -1);
	iom_kernel_free(k);
}

/* ---- user mmap: resourceN, resourceN_wc, /dev/fb0 ----------------------------------- */

static void test_mmap(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(4, 8), IOM_PAT_ON);
	struct iom_mapping m;
	/* resourceN: UC- */
	assert_true(map(k, IOM_API_MMAP_RESOURCE, BAR, 0x1000, &m) >= 0);
	assert_int_equal(m.req, IOM_MT_UC_MINUS);
	assert_int_equal(m.got, IOM_MT_UC_MINUS);
	assert_int_equal(m.pte, 0x010);
	/* resourceN_wc exists only for prefetchable BARs */
	assert_int_equal(map(k, IOM_API_MMAP_RESOURCE_WC, BAR + 0x1000, 0x1000, &m), -1);
	assert_int_equal(m.err, -ENOENT);
	assert_true(map(k, IOM_API_MMAP_RESOURCE_WC, PBAR, 0x1000, &m) >= 0);
	assert_int_equal(m.got, IOM_MT_WC);
	assert_int_equal(m.pte, 0x008);
	/* resourceN outside any BAR: no such file */
	assert_int_equal(map(k, IOM_API_MMAP_RESOURCE, 0xF0000000, 0x1000, &m), -1);
	/* /dev/fb0 after the driver's ioremap_wc: inherits WC (XMT-4.3) */
	assert_true(map(k, IOM_API_IOREMAP_WC, BAR + 0x100000, 0x7FF000 - 0x100000, &m) >= 0);
	assert_true(map(k, IOM_API_MMAP_FB, BAR + 0x100000, 0x100000, &m) >= 0);
	assert_int_equal(m.req, IOM_MT_UC_MINUS);
	assert_int_equal(m.got, IOM_MT_WC);
	assert_int_equal(m.pte, 0x008);
	/* mmap over a WB node: UC- -> WB refused, node freed */
	assert_true(map(k, IOM_API_IOREMAP_CACHE, 0x7F000000, 0x1000, &m) >= 0);
	size_t n = iom_k_nr_memtypes(k), l0 = nlog(k);
	assert_int_equal(map(k, IOM_API_MMAP_FB, 0x7F000000, 0x1000, &m), -1);
	EXPECT_LOG(k, l0, "x86/PAT: modprobe:1 map pfn expected mapping type uncached-minus for [mem 0x7f000000-0x7f000fff], got write-back");
	assert_int_equal(iom_k_nr_memtypes(k), n);
	/* munmap frees */
	int h = map(k, IOM_API_MMAP_RESOURCE, BAR + 0x2000, 0x1000, &m);
	n = iom_k_nr_memtypes(k);
	assert_int_equal(iom_k_unmap(k, h), 0);
	assert_int_equal(iom_k_nr_memtypes(k), n - 1);
	iom_kernel_free(k);
}

/* User mmap of RAM (reserve_pfn_range(), pat.c@v4.2 / memtype.c@v6.12 L870): no
 * reservation; the type of the first page is used and a mismatch is only warned about. */
static void test_mmap_ram(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(6, 12), IOM_PAT_ON);
	struct iom_mapping m;
	size_t l0 = nlog(k);
	assert_true(map(k, IOM_API_MMAP_FB, 0x40000000, 0x2000, &m) >= 0);
	assert_int_equal(m.got, IOM_MT_WB);
	assert_int_equal(m.pte, 0);
	EXPECT_LOG(k, l0, "x86/PAT: modprobe:1 map pfn RAM range req uncached-minus for [mem 0x40000000-0x40001fff], got write-back");
	/* the pages' memtype is unchanged: set_memory_wc still works */
	assert_true(map(k, IOM_API_SET_MEMORY_WC, 0x40000000, 0x2000, &m) >= 0);
	/* now the mmap follows the page's WC */
	int h = map(k, IOM_API_MMAP_FB, 0x40000000, 0x1000, &m);
	assert_true(h >= 0);
	assert_int_equal(m.got, IOM_MT_WC);
	/* munmap of RAM frees nothing (free_pfn_range()): the page stays WC */
	assert_int_equal(iom_k_unmap(k, h), 0);
	l0 = nlog(k);
	assert_int_equal(map(k, IOM_API_SET_MEMORY_UC, 0x40000000, 0x1000, &m), -1);
	EXPECT_LOG(k, l0, "x86/PAT: reserve_ram_pages_type failed [mem 0x40000000-0x40000fff], track 0x1, req 0x2");
	iom_kernel_free(k);
}

/* ---- API availability by version (linux_versions.def) ------------------------------ */

static void test_api_available(void **st)
{
	(void)st;
	const struct iom_kfeat_info *why;
	bool removed;
	/* ioremap_nocache: up to 5.5, removed in 5.6 (4bdc0d676a64, VB-3) */
	static const unsigned with[] = { V(4, 2), V(4, 8), V(4, 14), V(5, 5) };
	for (size_t i = 0; i < N(with); i++) {
		assert_true(iom_api_available(with[i], IOM_API_IOREMAP_NOCACHE, &why, &removed));
		assert_null(why);
		assert_false(removed);
	}
	static const unsigned without[] = { V(5, 6), V(6, 1), V(6, 12) };
	for (size_t i = 0; i < N(without); i++) {
		assert_false(iom_api_available(without[i], IOM_API_IOREMAP_NOCACHE, &why, &removed));
		assert_true(removed);
		assert_non_null(why);
		assert_string_equal(why->key, "NO_IOREMAP_NOCACHE");
	}
	/* ioremap_uc and ioremap_wt from 4.2 (VB-10a, VB-10c); memremap from 4.3 */
	assert_false(iom_api_available(V(4, 1), IOM_API_IOREMAP_UC, &why, &removed));
	assert_false(removed);
	assert_string_equal(why->key, "IOREMAP_UC");
	assert_true(iom_api_available(V(4, 2), IOM_API_IOREMAP_UC, &why, &removed));
	assert_false(iom_api_available(V(4, 1), IOM_API_IOREMAP_WT, &why, &removed));
	assert_true(iom_api_available(V(4, 2), IOM_API_IOREMAP_WT, &why, &removed));
	assert_false(iom_api_available(V(4, 2), IOM_API_MEMREMAP, &why, &removed));
	assert_true(iom_api_available(V(4, 3), IOM_API_MEMREMAP, &why, &removed));
	/* always there */
	static const enum iom_api always[] = { IOM_API_IOREMAP, IOM_API_IOREMAP_WC, IOM_API_IOREMAP_CACHE,
					       IOM_API_SET_MEMORY_UC, IOM_API_SET_MEMORY_WC, IOM_API_SET_MEMORY_WB,
					       IOM_API_MMAP_RESOURCE, IOM_API_MMAP_RESOURCE_WC, IOM_API_MMAP_FB };
	for (size_t i = 0; i < N(always); i++) {
		assert_true(iom_api_available(V(4, 2), always[i], &why, &removed));
		assert_true(iom_api_available(V(6, 12), always[i], &why, &removed));
	}
	/* names round-trip */
	for (int a = 0; a < IOM_API__COUNT; a++) {
		enum iom_api out;
		assert_int_equal(iom_api_parse(iom_api_name((enum iom_api)a), &out), 0);
		assert_int_equal(out, a);
	}
	enum iom_api out;
	assert_int_equal(iom_api_parse("ioremap_nocache", &out), 0);
	assert_int_equal(out, IOM_API_IOREMAP_NOCACHE);
	assert_int_equal(iom_api_parse("ioremap_foo", &out), -1);
}

/* ioremap_nocache is an alias of ioremap (both UC-) where it exists. */
static void test_nocache_alias(void **st)
{
	(void)st;
	struct iom_kernel *k = e0(V(4, 8), IOM_PAT_ON);
	struct iom_mapping a, b;
	assert_true(map(k, IOM_API_IOREMAP_NOCACHE, BAR, 0x1000, &a) >= 0);
	assert_true(map(k, IOM_API_IOREMAP, BAR + 0x1000, 0x1000, &b) >= 0);
	assert_int_equal(a.req, IOM_MT_UC_MINUS);
	assert_int_equal(a.got, b.got);
	assert_int_equal(a.pte, b.pte);
	assert_int_equal(a.pte, 0x010);
	iom_kernel_free(k);
}

/* More MTRR pieces than any internal buffer: 200 disjoint WC registers (XMT-1.2, VCNT
 * up to 255). Every piece is returned, in order, with its effective type. */
static void test_resolve_many_pieces(void **st)
{
	(void)st;
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	s.vcnt = 201;
	for (unsigned i = 1; i <= 200; i++)
		iom_mtrr_var_set(&s, i, 0x100000000ULL + (uint64_t)i * 0x200000, 0x100000, IOM_MT_WC);
	struct iom_kernel *k = kboot(V(6, 12), IOM_PAT_ON, &s);
	const uint64_t lo = 0x100000000ULL + 0x200000, hi = 0x100000000ULL + 201 * 0x200000ULL;
	/* PTE UC- (PA2): WC MTRR -> WC, UC default -> UC: 400 alternating pieces */
	long n = iom_k_resolve(k, lo, hi, 0x010, NULL, 0);
	assert_int_equal(n, 400);
	static struct iom_kpiece p[400];
	assert_int_equal(iom_k_resolve(k, lo, hi, 0x010, p, 400), 400);
	for (long i = 0; i < n; i++) {
		assert_int_equal(p[i].start, lo + (uint64_t)i * 0x100000);
		assert_int_equal(p[i].eff.type, (i & 1) ? IOM_MT_UC : IOM_MT_WC);
	}
	/* PTE WC (PA1): WC everywhere, but the MTRR type differs: still 400 pieces */
	assert_int_equal(iom_k_resolve(k, lo, hi, 0x008, NULL, 0), 400);
	iom_kernel_free(k);
}

/* ---- iom_k_resolve(): effective types page range by page range -------------------- */

static void test_resolve_ranges(void **st)
{
	(void)st;
	/* old atyfb, non-PAT (TV-100): WC MTRR over the BAR, UC hole on the register page */
	struct iom_kernel *k = e0(V(4, 2), IOM_PAT_OFF);
	assert_int_equal(iom_k_mtrr_add(k, BAR, 16 * MiB, 1, true), 1);
	assert_int_equal(iom_k_mtrr_add(k, BAR + 0x7FF000, 0x1000, 0, true), 2);
	struct iom_mapping fb;
	assert_true(map(k, IOM_API_IOREMAP, BAR, 0x800000, &fb) >= 0);
	assert_int_equal(fb.pte, 0x010);
	struct iom_kpiece p[8];
	long n = iom_k_resolve(k, BAR, BAR + 0x800000, fb.pte, p, N(p));
	assert_int_equal(n, 2);
	assert_int_equal(p[0].start, BAR);
	assert_int_equal(p[0].end, BAR + 0x7FF000);
	assert_int_equal(p[0].mtrr, IOM_MT_WC);
	assert_int_equal(p[0].pat_index, 2);
	assert_int_equal(p[0].pat_entry, IOM_MT_UC_MINUS); /* nopat: power-on PA2 */
	assert_int_equal(p[0].eff.type, IOM_MT_WC);
	assert_int_equal(p[1].start, BAR + 0x7FF000);
	assert_int_equal(p[1].mtrr, IOM_MT_UC);
	assert_int_equal(p[1].eff.type, IOM_MT_UC);
	/* the max contract: the count does not depend on max */
	assert_int_equal(iom_k_resolve(k, BAR, BAR + 0x800000, fb.pte, NULL, 0), 2);
	assert_int_equal(iom_k_resolve(k, BAR, BAR + 0x800000, fb.pte, p, 1), 2);
	assert_int_equal(p[0].end, BAR + 0x7FF000);
	iom_kernel_free(k);

	/* the same with PAT (TV-101): PA2 UC- x WC = WC; x UC = UC */
	k = e0(V(4, 2), IOM_PAT_ON);
	assert_int_equal(iom_k_mtrr_add(k, BAR, 16 * MiB, 1, true), 1);
	assert_int_equal(iom_k_mtrr_add(k, BAR + 0x7FF000, 0x1000, 0, true), 2);
	assert_true(map(k, IOM_API_IOREMAP, BAR, 0x800000, &fb) >= 0);
	n = iom_k_resolve(k, BAR, BAR + 0x800000, fb.pte, p, N(p));
	assert_int_equal(n, 2);
	assert_int_equal(p[0].eff.type, IOM_MT_WC);
	assert_int_equal(p[1].eff.type, IOM_MT_UC);
	/* a 1 TiB-aligned range far above: one default piece */
	iom_kernel_free(k);

	/* pieces with the same MTRR type and effective type merge across sources: all
	 * fixed ranges WB, then reg0 WB */
	struct iom_mtrr_state s;
	e0_mtrr(&s);
	memset(s.fixed, 6, sizeof(s.fixed));
	k = kboot(V(6, 12), IOM_PAT_ON, &s);
	n = iom_k_resolve(k, 0x80000, 0x200000, 0, p, N(p));
	assert_int_equal(n, 1);
	assert_int_equal(p[0].eff.type, IOM_MT_WB);
	assert_int_equal(p[0].end, 0x200000);
	/* ... and the count is the same when nothing is written (linux.h: "Returns the
	 * number of pieces (may exceed max)") */
	assert_int_equal(iom_k_resolve(k, 0x80000, 0x200000, 0, NULL, 0), 1);
	/* across fixed WB / var WB / default UC with a UC PTE: two pieces (MTRR differs) */
	n = iom_k_resolve(k, 0x7FFFF000, 0x80001000, 0x018, p, N(p));
	assert_int_equal(n, 2);
	assert_int_equal(p[0].eff.type, IOM_MT_UC);
	assert_int_equal(p[1].eff.type, IOM_MT_UC);
	assert_int_equal(iom_k_resolve(k, 0x1000, 0x1000, 0, p, N(p)), -1);
	iom_kernel_free(k);

	/* an SDM-undefined MTRR overlap (WB + WC) stays undefined, naming both types */
	e0_mtrr(&s);
	iom_mtrr_var_set(&s, 1, 0x40000000, 16 * MiB, IOM_MT_WC);
	k = kboot(V(6, 12), IOM_PAT_ON, &s);
	n = iom_k_resolve(k, 0x40000000, 0x40001000, 0, p, N(p));
	assert_int_equal(n, 1);
	assert_true(p[0].mtrr_undefined);
	assert_int_equal(p[0].mtrr, IOM_MT_NONE);
	assert_true((p[0].undef_a == IOM_MT_WB && p[0].undef_b == IOM_MT_WC) ||
		    (p[0].undef_a == IOM_MT_WC && p[0].undef_b == IOM_MT_WB));
	assert_int_equal(p[0].eff.type, IOM_MT_NONE);
	/* ... while Linux's own lookup folds it to UC (TV-23) */
	int u;
	assert_int_equal(iom_k_mtrr_type_lookup(k, 0x40000000, 0x40001000, &u), 0);
	iom_kernel_free(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_e0_kernel),
		cmocka_unit_test(test_tv57),
		cmocka_unit_test(test_tv58_60),
		cmocka_unit_test(test_tv61_64),
		cmocka_unit_test(test_tv65_66),
		cmocka_unit_test(test_tv67),
		cmocka_unit_test(test_strict_conflict),
		cmocka_unit_test(test_tv68_ram),
		cmocka_unit_test(test_tv69_71_isa),
		cmocka_unit_test(test_tv72_nopat),
		cmocka_unit_test(test_tv73_74_set_memory),
		cmocka_unit_test(test_ram_keeps_request),
		cmocka_unit_test(test_tv75_free),
		cmocka_unit_test(test_tv76_matrix),
		cmocka_unit_test(test_matrix_through_ioremap),
		cmocka_unit_test(test_ioremap_inherits_wp),
		cmocka_unit_test(test_ioremap_checks),
		cmocka_unit_test(test_memremap),
		cmocka_unit_test(test_mmap),
		cmocka_unit_test(test_mmap_ram),
		cmocka_unit_test(test_api_available),
		cmocka_unit_test(test_nocache_alias),
		cmocka_unit_test(test_resolve_ranges),
		cmocka_unit_test(test_resolve_many_pieces),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
