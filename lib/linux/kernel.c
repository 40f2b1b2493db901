// SPDX-License-Identifier: MIT
/* iomodel -- a simulated Linux x86 boot: resources, MTRR and PAT set-up, the log. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel.h"

void *k_grow(void *arr, size_t *alloc, size_t need, size_t elem)
{
	if (need <= *alloc)
		return arr;
	size_t n = *alloc ? *alloc * 2 : 16;
	while (n < need)
		n *= 2;
	void *p = realloc(arr, n * elem);
	if (!p)
		return NULL;
	*alloc = n;
	return p;
}

void k_log(struct iom_kernel *k, enum iom_loglevel lvl, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	struct iom_logline *l = k_grow(k->log, &k->alloc_log, k->nr_log + 1, sizeof(*l));
	if (!l)
		return;
	k->log = l;
	char *t = strdup(buf);
	if (!t)
		return;
	k->log[k->nr_log++] = (struct iom_logline){ lvl, k->call, t };
}

bool k_has(const struct iom_kernel *k, enum iom_kfeat f)
{
	return iom_kfeat(k->ver, f);
}

const char *k_mtrr_prefix(const struct iom_kernel *k)
{
	return k_has(k, IOM_KF_MTRR_MSG_NO_PREFIX) ? "" : "mtrr: ";
}

struct iom_kernel *iom_kernel_new(unsigned v, const struct iom_cpu *cpu,
				  const struct iom_mtrr_state *firmware)
{
	struct iom_kernel *k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	k->ver = v;
	k->cpu = *cpu;
	k->mtrr = *firmware;
	k->boot_mtrr = *firmware;
	snprintf(k->comm, sizeof(k->comm), "modprobe");
	k->pid = 1;
	k->call = -1;
	return k;
}

void iom_kernel_free(struct iom_kernel *k)
{
	if (!k)
		return;
	for (size_t i = 0; i < k->nr_log; i++)
		free((void *)k->log[i].text);
	free(k->log);
	free(k->res);
	free(k->nodes);
	free(k->ramt);
	free(k->maps);
	free(k);
}

void iom_kernel_set_task(struct iom_kernel *k, const char *comm, int pid)
{
	snprintf(k->comm, sizeof(k->comm), "%s", comm);
	k->pid = pid;
}

int iom_kernel_add_resource(struct iom_kernel *k, const struct iom_resource *r)
{
	if (r->start >= r->end)
		return -1;
	struct iom_resource *p = k_grow(k->res, &k->alloc_res, k->nr_res + 1, sizeof(*p));
	if (!p)
		return -1;
	k->res = p;
	k->res[k->nr_res++] = *r;
	return 0;
}

int k_range_is_ram(const struct iom_kernel *k, uint64_t start, uint64_t end)
{
	uint64_t covered = 0;
	for (size_t i = 0; i < k->nr_res; i++) {
		const struct iom_resource *r = &k->res[i];
		if (r->kind != IOM_RES_RAM || r->end <= start || r->start >= end)
			continue;
		uint64_t s = r->start > start ? r->start : start;
		uint64_t e = r->end < end ? r->end : end;
		covered += e - s;
	}
	return covered == 0 ? 0 : covered == end - start ? 1 : -1;
}

/* check_type_overlap() generic.c@v4.2 L82 / get_effective_type() generic.c@v6.12 L149:
 * UC with anything -> UC; WB+WT -> WT; identical -> same; anything else -> UC. */
unsigned k_mtrr_fold(unsigned a, unsigned b)
{
	if (a == 0 || b == 0)
		return 0;
	if ((a == 6 && b == 4) || (a == 4 && b == 6))
		return 4;
	return a == b ? a : 0;
}

unsigned k_piece_linux_type(const struct iom_mtrr_piece *p)
{
	if (!p->undefined)
		return iom_mt_hw(p->type);
	if (p->undef_a == IOM_MT_NONE)
		return 0; /* reserved encoding: treat as UC */
	return k_mtrr_fold(iom_mt_hw(p->undef_a), iom_mt_hw(p->undef_b));
}

static void boot_log(void *ctx, enum iom_loglevel lvl, const char *text)
{
	k_log(ctx, lvl, "%s", text);
}

/* Entry count of the 6.5+ cache map (generic.c@v6.12 mtrr_build_map()): runs of equal
 * fixed types below 1 MiB, then variable-MTRR covered runs of equal (folded) type.
 * "built from" is num_var_ranges (+1 with TOM2, not modelled): every register, used
 * or not (generic.c@v6.12 L387). */
static void log_cache_map(struct iom_kernel *k)
{
	const struct iom_mtrr_state *s = &k->mtrr;
	unsigned nfixed = 0, nvar = 0;
	if (s->fixed_enabled && s->fix_supported) {
		for (unsigned i = 0; i < IOM_MTRR_NR_FIXED; i++)
			if (i == 0 || s->fixed[i] != s->fixed[i - 1])
				nfixed++;
	}
	uint64_t top = 1ULL << (s->phys_bits ? s->phys_bits : 36);
	unsigned prev = 0x100;
	uint64_t prev_end = 0;
	/* in chunks: the layout may need more pieces than the buffer holds */
	for (uint64_t a = nfixed ? K_ISA_END : 0; a < top;) {
		struct iom_mtrr_piece pcs[128];
		long n = iom_mtrr_resolve(s, a, top, pcs, ARRAY_SIZE(pcs));
		if (n <= 0)
			break;
		if (n > (long)ARRAY_SIZE(pcs))
			n = (long)ARRAY_SIZE(pcs);
		for (long i = 0; i < n; i++) {
			if (pcs[i].src != IOM_MTRR_SRC_VAR) {
				prev = 0x100;
				continue;
			}
			unsigned t = k_piece_linux_type(&pcs[i]);
			if (t != prev || pcs[i].start != prev_end)
				nvar++;
			prev = t;
			prev_end = pcs[i].end;
		}
		a = pcs[n - 1].end;
	}
	k_log(k, IOM_LOG_INFO,
	      "MTRR map: %u entries (%u fixed + %u variable; max %u), built from %u variable MTRRs",
	      nfixed + nvar, nfixed, nvar, nfixed + 2 * s->vcnt, s->vcnt);
}

void iom_kernel_boot(struct iom_kernel *k)
{
	if (k->booted)
		return;
	k->booted = true;
	k->call = -1;
	/* mtrr_bp_init(): main.c@v4.2 L679 / mtrr.c@v6.12. */
	k->mtrr_state_set = k->cpu.mtrr;
	k->mtrr_on = k->cpu.mtrr && k->mtrr.enabled;
	for (unsigned i = 0; i < IOM_MTRR_MAX_VAR; i++)
		k->usage[i] = i < k->mtrr.vcnt ? 1 : 0; /* init_table(): every count starts at 1 */
	/* Before PAT_OFF_WITHOUT_MTRR, pat_init() is called from get_mtrr_state(), which runs
	 * whenever the CPU has MTRRs, before DEF_TYPE.E is looked at (generic.c@v4.2
	 * get_mtrr_state(); XMT-2.2): with E=0 PAT is still programmed, and
	 * its messages come before "MTRR: Disabled". */
	bool pat_in_get_state = !k_has(k, IOM_KF_PAT_OFF_WITHOUT_MTRR);
	if (pat_in_get_state)
		iom_linux_pat_setup(k->ver, &k->cpu, k->mtrr_state_set, &k->pat, boot_log, k);
	/* !mtrr_enabled() covers a CPU without MTRRs too (mtrr_if NULL): main.c@v4.2/v4.8
	 * and mtrr.c@v6.1 print the same line for both; mtrr.c@v6.12 mtrr_bp_init() says
	 * "MTRRs disabled (not available)" or "MTRRs disabled by BIOS". */
	if (!k->mtrr_on)
		k_log(k, IOM_LOG_INFO,
		      k_has(k, IOM_KF_MTRR_OFF_MSG_REASON)
			      ? (k->cpu.mtrr ? "MTRRs disabled by BIOS" : "MTRRs disabled (not available)")
		      : k_has(k, IOM_KF_MTRR_MSG_NO_PREFIX) ? "Disabled" : "MTRR: Disabled");
	if (k->mtrr_on && k_has(k, IOM_KF_MTRR_CACHE_MAP))
		log_cache_map(k);
	if (!pat_in_get_state)
		iom_linux_pat_setup(k->ver, &k->cpu, k->mtrr_on, &k->pat, boot_log, k);
}

unsigned iom_kernel_version(const struct iom_kernel *k) { return k->ver; }
const struct iom_cpu *iom_kernel_cpu(const struct iom_kernel *k) { return &k->cpu; }
const struct iom_pat_setup *iom_kernel_pat(const struct iom_kernel *k) { return &k->pat; }
const struct iom_mtrr_state *iom_kernel_mtrr(const struct iom_kernel *k) { return &k->mtrr; }
bool iom_kernel_mtrr_enabled(const struct iom_kernel *k) { return k->mtrr_on; }

int iom_kernel_mtrr_usage(const struct iom_kernel *k, unsigned reg)
{
	return reg < IOM_MTRR_MAX_VAR ? k->usage[reg] : 0;
}

unsigned iom_kernel_mtrr_used(const struct iom_kernel *k)
{
	unsigned n = 0;
	for (unsigned i = 0; i < k->mtrr.vcnt; i++) {
		bool now = iom_mtrr_var_get(&k->mtrr, i, NULL, NULL, NULL, NULL);
		if (now && memcmp(&k->mtrr.var[i], &k->boot_mtrr.var[i], sizeof(k->mtrr.var[i])))
			n++;
	}
	return n;
}

size_t iom_kernel_nr_resources(const struct iom_kernel *k) { return k->nr_res; }
const struct iom_resource *iom_kernel_resource(const struct iom_kernel *k, size_t i)
{
	return i < k->nr_res ? &k->res[i] : NULL;
}
void iom_kernel_begin_call(struct iom_kernel *k, int call) { k->call = call; }
size_t iom_kernel_nr_log(const struct iom_kernel *k) { return k->nr_log; }
const struct iom_logline *iom_kernel_log(const struct iom_kernel *k, size_t i)
{
	return i < k->nr_log ? &k->log[i] : NULL;
}
