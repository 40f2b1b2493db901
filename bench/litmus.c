// SPDX-License-Identifier: MIT
/* bench/litmus -- how fast the exploration engine is. Part 1: the whole litmus/ corpus for
 * every architecture x kernel era (4.8 5.1 5.4 5.17 6.12) x model, as `make check` runs it.
 * Part 2: generated tests of growing size (CPUs x accesses per CPU) in three shapes:
 *   locked   each CPU: spin_lock; relaxed writes to one device; spin_unlock   (arm64)
 *   shared   each CPU: relaxed writes to the same registers of one device     (arm64)
 *   wc       each CPU: relaxed writes to the same ioremap_wc() registers      (x86)
 *   shared+, wc+  the same, but the condition reads every register's final value, so no
 *            write is dead and the search cannot skip any interleaving of them
 * The first three shapes name only the last write of P0 and P1 in the condition; the
 * engine then performs the other (dead) writes eagerly. For each: states visited, complete executions, distinct final states, wall time.
 * Targets (2-core machine): part 1 < 2 s; a 4-CPU test with 6 accesses each < 1 s. */

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "iomodel/buf.h"
#include "iomodel/explore.h"
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
	unsigned long runs = 0, errors = 0, visited = 0, execs = 0, states = 0, mmio_tests = 0;
	double explore_mmio = 0, lkmm_mmio = 0;
	uint64_t lkmm_execs = 0;
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
		double e0 = now();
		for (int a = 0; a < IOM_ARCH__COUNT; a++)
			for (size_t k = 0; k < sizeof(kvers) / sizeof(kvers[0]); k++)
				for (int m = 0; m < IOM_LIT_MODEL__COUNT; m++) {
					struct iom_explore_opts o = { (enum iom_arch)a, kvers[k],
								      (enum iom_lit_model)m, 0, NULL, false };
					struct iom_explore_result *r = NULL;
					runs++;
					if (iom_explore_run(t, &o, &r, NULL) < 0) {
						errors++;
						continue;
					}
					visited += iom_explore_nr_visited(r);
					execs += iom_explore_nr_executions(r);
					states += iom_explore_nr_states(r);
					iom_explore_result_free(r);
				}
		double e1 = now();
		if (iom_lit_is_mmio(t)) {
			mmio_tests++;
			explore_mmio += e1 - e0;
			for (int a = 0; a < IOM_ARCH__COUNT; a++)
				for (size_t k = 0; k < sizeof(kvers) / sizeof(kvers[0]); k++)
					for (int m = 0; m < IOM_LIT_MODEL__COUNT; m++) {
						struct iom_lkmm_opts lo = { 0, 0, false, 0, (enum iom_arch)a, kvers[k],
									    (enum iom_lit_model)m, NULL };
						struct iom_lkmm_result *lr = NULL;
						if (iom_lkmm_run(t, &lo, &lr, NULL) < 0)
							continue;
						lkmm_execs += iom_lkmm_positive(lr) + iom_lkmm_negative(lr);
						iom_lkmm_result_free(lr);
					}
			lkmm_mmio += now() - e1;
		}
		iom_lit_test_free(t);
	}
	double dt = now() - t0 - lkmm_mmio;
	printf("corpus: %zu tests x %d archs x %zu kernels x %d models = %lu runs "
	       "(%lu rejected as unavailable)\n",
	       nr_files, IOM_ARCH__COUNT, sizeof(kvers) / sizeof(kvers[0]), IOM_LIT_MODEL__COUNT, runs,
	       errors);
	printf("corpus: %lu states visited, %lu executions, %lu distinct final states\n", visited,
	       execs, states);
	printf("corpus: %.3f s total (%.3f s parsing), target < 2 s: %s\n", dt, parse,
	       dt < 2.0 ? "met" : "MISSED");
	printf("corpus, %lu MMIO tests, every combination: operational engine %.3f s, LKMM engine + "
	       "io-order %.3f s (%llu executions), ratio %.2f\n", mmio_tests, explore_mmio, lkmm_mmio,
	       (unsigned long long)lkmm_execs, lkmm_mmio > 0 ? explore_mmio / lkmm_mmio : 0.0);
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
	printf("\n%-7s %4s %4s | %10s %10s %8s %9s %-9s | %10s %9s %-9s | %s\n", "shape", "cpus",
	       "acc", "visited", "executions", "finals", "time(s)", "verdict", "executions",
	       "time(s)", "verdict", "ratio");
	printf("%-17s | %-50s | %-31s |\n", "", "operational engine (lib/explore)",
	       "LKMM engine + io-order");
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
			struct iom_explore_opts o = { arch, IOM_KVER(6, 12), IOM_LIT_MODEL_KERNEL, 1000000, NULL, false };
			struct iom_explore_result *r = NULL;
			double t0 = now();
			int rc = iom_explore_run(t, &o, &r, &d);
			double dt = now() - t0;
			printf("%-7s %4d %4d | ", shape_name[s], ncpu, nacc);
			if (rc < 0)
				printf("%10s %10s %8s %9.3f %-9s | ", ">1000000", "-", "-", dt,
				       rc == -IOM_ELIMIT ? "limit" : "error");
			else
				printf("%10lu %10lu %8u %9.3f %-9s | ", iom_explore_nr_visited(r),
				       iom_explore_nr_executions(r), iom_explore_nr_states(r), dt,
				       iom_lit_verdict_name(iom_explore_verdict(r)));
			iom_explore_result_free(r);
			uint64_t ex = 0;
			enum iom_lit_verdict v = IOM_LIT_V_NONE;
			double dl = run_lkmm(t, arch, &ex, &v);
			if (dl < 0)
				printf("%10s %9s %-9s |\n", "-", "-", "limit");
			else
				printf("%10llu %9.3f %-9s | %.2f\n", (unsigned long long)ex, dl,
				       iom_lit_verdict_name(v), dl > 0 ? dt / dl : 0.0);
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
