// SPDX-License-Identifier: MIT
/* bench/litmus -- how fast the litmus engine is (lib/lkmm with its MMIO layer). Part 1: the
 * whole litmus/ corpus, each MMIO test for every architecture x kernel era (4.8 5.1 5.4 5.17
 * 6.12) x model, as `make check` runs it, each LKMM test once. Part 2: generated tests of
 * growing size (CPUs x accesses per CPU) in these shapes:
 *   locked   each CPU: spin_lock; relaxed writes to one device; spin_unlock   (arm64)
 *   shared   each CPU: relaxed writes to the same registers of one device     (arm64)
 *   wc       each CPU: relaxed writes to the same ioremap_wc() registers      (x86)
 *   shared+, wc+  the same, but the condition reads every register's final value
 * The first three shapes name only the last write of P0 and P1 in the condition. For each:
 * executions (as herd7 counts them) and wall time. Targets (2-core machine): part 1 < 2 s;
 * WC 3 CPUs x 6 writes < 1 s; 4 CPUs x 6 accesses < 0.5 s. docs/ordering.md §10 has the
 * figures of the operational engine this one replaced, measured side by side. */

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "iomodel/buf.h"
#include "iomodel/lkmm.h"
#include "iomodel/litmus.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char **files;
static size_t nr_files;

static int collect(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	size_t n = strlen(path);
	if (flag == FTW_F && n > 7 && !strcmp(path + n - 7, ".litmus")) {
		char **f = realloc(files, (nr_files + 1) * sizeof(*f));
		if (!f)
			return 1;
		files = f;
		files[nr_files++] = strdup(path);
	}
	return 0;
}

static const unsigned kvers[] = {
	IOM_KVER(4, 8), IOM_KVER(5, 1), IOM_KVER(5, 4), IOM_KVER(5, 17), IOM_KVER(6, 12),
};

static int corpus(void)
{
	unsigned long runs = 0, errors = 0, mmio = 0;
	uint64_t execs = 0;
	double t0 = now(), parse = 0;
	if (nftw("litmus", collect, 16, FTW_PHYS) != 0 || !nr_files) {
		fprintf(stderr, "bench/litmus: no litmus/ corpus (run from the repository root)\n");
		return 1;
	}
	for (size_t i = 0; i < nr_files; i++) {
		struct iom_lit_test *t = NULL;
		double p0 = now();
		if (iom_lit_parse_file(files[i], &t, NULL) < 0) {
			fprintf(stderr, "bench/litmus: %s does not parse\n", files[i]);
			return 1;
		}
		parse += now() - p0;
		/* an MMIO test for every combination, an LKMM test once (its answer is the same
		 * for all of them) */
		bool io = iom_lit_is_mmio(t);
		mmio += io;
		for (int a = 0; a < (io ? IOM_ARCH__COUNT : 1); a++)
			for (size_t k = 0; k < (io ? sizeof(kvers) / sizeof(kvers[0]) : 1); k++)
				for (int m = 0; m < (io ? IOM_LIT_MODEL__COUNT : 1); m++) {
					struct iom_lkmm_opts o = { 0, 0, false, 0, (enum iom_arch)a, kvers[k],
								   (enum iom_lit_model)m, NULL };
					struct iom_lkmm_result *r = NULL;
					runs++;
					if (iom_lkmm_run(t, &o, &r, NULL) < 0) {
						errors++;
						continue;
					}
					execs += iom_lkmm_positive(r) + iom_lkmm_negative(r);
					iom_lkmm_result_free(r);
				}
		iom_lit_test_free(t);
	}
	double dt = now() - t0;
	printf("corpus: %zu tests (%lu MMIO x %d archs x %zu kernels x %d models, the rest once) = "
	       "%lu runs (%lu rejected: unavailable there, or herd7's errors)\n",
	       nr_files, mmio, IOM_ARCH__COUNT, sizeof(kvers) / sizeof(kvers[0]), IOM_LIT_MODEL__COUNT,
	       runs, errors);
	printf("corpus: %llu executions\n", (unsigned long long)execs);
	printf("corpus: %.3f s total (%.3f s parsing), target < 2 s: %s\n", dt, parse,
	       dt < 2.0 ? "met" : "MISSED");
	for (size_t i = 0; i < nr_files; i++)
		free(files[i]);
	free(files);
	return 0;
}

enum shape { LOCKED, SHARED, WC, SHARED_OBS, WC_OBS };
static const char *const shape_name[] = { "locked", "shared", "wc", "shared+", "wc+" };

static void gen(struct iom_buf *b, enum shape s, int ncpu, int nacc)
{
	bool wc = s == WC || s == WC_OBS, obs = s == SHARED_OBS || s == WC_OBS;
	iom_buf_printf(b, "C gen-%s-%dx%d\n{ dev = %s(dev0); }\n", shape_name[s], ncpu, nacc,
		       wc ? "ioremap_wc" : "ioremap");
	for (int t = 0; t < ncpu; t++) {
		iom_buf_printf(b, "P%d(void __iomem *dev%s)\n{\n", t, s == LOCKED ? ", spinlock_t *a" : "");
		int writes = s == LOCKED ? nacc - 2 : nacc;
		if (s == LOCKED)
			iom_buf_puts(b, "\tspin_lock(a);\n");
		for (int j = 0; j < writes; j++)
			iom_buf_printf(b, "%s\twritel_relaxed(%d, dev + 0x%x);\n", j == writes - 1 ? "w:" : "",
				       t + 1, 4 * j);
		if (s == LOCKED)
			iom_buf_puts(b, "\tspin_unlock(a);\n");
		iom_buf_puts(b, "}\n");
	}
	if (obs) {
		iom_buf_puts(b, "exists (");
		for (int j = 0; j < nacc; j++)
			iom_buf_printf(b, "%sdev0[0x%x]=%d", j ? " /\\ " : "", 4 * j, 1 + j % ncpu);
		iom_buf_puts(b, ")\n");
		return;
	}
	iom_buf_puts(b, ncpu > 1 ? "exists (P1:w <io P0:w)\n" : "exists (dev0[0x0]=0)\n");
}

/* The LKMM engine with its MMIO layer on the same test: seconds, or -1 when it stops. */
static double run_lkmm(const struct iom_lit_test *t, enum iom_arch a, uint64_t *execs,
		       enum iom_lit_verdict *v)
{
	struct iom_lkmm_opts o = { 0, 0, false, 20000000, a, IOM_KVER(6, 12), IOM_LIT_MODEL_KERNEL, NULL };
	struct iom_lkmm_result *r = NULL;
	struct iom_diag d;
	iom_diag_init(&d);
	double t0 = now();
	int rc = iom_lkmm_run(t, &o, &r, &d);
	double dt = now() - t0;
	if (rc < 0)
		return -1;
	*execs = iom_lkmm_positive(r) + iom_lkmm_negative(r);
	*v = iom_lkmm_verdict(r);
	iom_lkmm_result_free(r);
	return dt;
}

static void generated(void)
{
	static const int sizes[][2] = { { 1, 6 }, { 2, 2 }, { 2, 4 }, { 2, 6 }, { 3, 4 }, { 3, 6 },
					{ 4, 2 }, { 4, 4 }, { 4, 6 }, { 5, 6 }, { 6, 6 } };
	printf("\n%-7s %4s %4s %10s %9s  %s\n", "shape", "cpus", "acc", "executions", "time(s)",
	       "verdict");
	for (int s = LOCKED; s <= WC_OBS; s++)
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			int ncpu = sizes[i][0], nacc = sizes[i][1];
			if (s == LOCKED && nacc < 3)
				continue;
			struct iom_buf b;
			struct iom_lit_test *t = NULL;
			struct iom_diag d;
			iom_buf_init(&b);
			gen(&b, (enum shape)s, ncpu, nacc);
			iom_diag_init(&d);
			if (iom_lit_parse(iom_buf_str(&b), b.len, "gen", &t, &d) < 0) {
				printf("%-7s %4d %4d parse error: %s\n", shape_name[s], ncpu, nacc, d.msg);
				iom_buf_release(&b);
				continue;
			}
			enum iom_arch arch = s == WC || s == WC_OBS ? IOM_ARCH_X86 : IOM_ARCH_ARM64;
			uint64_t ex = 0;
			enum iom_lit_verdict v = IOM_LIT_V_NONE;
			double dl = run_lkmm(t, arch, &ex, &v);
			if (dl < 0)
				printf("%-7s %4d %4d %10s %9s  stopped at the step limit\n", shape_name[s],
				       ncpu, nacc, "-", "-");
			else
				printf("%-7s %4d %4d %10llu %9.3f  %s\n", shape_name[s], ncpu, nacc,
				       (unsigned long long)ex, dl, iom_lit_verdict_name(v));
			iom_lit_test_free(t);
			iom_buf_release(&b);
		}
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (corpus())
		return 1;
	generated();
	return 0;
}
