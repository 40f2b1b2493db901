// SPDX-License-Identifier: MIT
/* bench/audit -- time to audit (read, reconstruct, find, render text and JSON):
 *   1. the largest capture in tests/captures (by total input bytes), target < 50 ms;
 *   2. a generated capture with 100,000 pat_memtype_list entries and 1,000 BARs, target < 1 s.
 * Run from the repository root (make bench). Prints the figures; exits 1 over target. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "iomodel/audit.h"
#include "iomodel/sys.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
		free(b);
		b = NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return b;
}

/* All input files of one capture case (loose layout), like audit-captures.sh. */
struct files {
	char *path[64];
	size_t n, bytes;
};

static void collect(const char *dir, struct files *fs)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d)) && fs->n < 64) {
		char p[1024];
		struct stat sb;
		if (e->d_name[0] == '.' || !strcmp(e->d_name, "SOURCE.md") || !strncmp(e->d_name, "EXPECTED", 8))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (stat(p, &sb))
			continue;
		if (S_ISDIR(sb.st_mode)) {
			if (strcmp(e->d_name, "root"))
				collect(p, fs);
			continue;
		}
		fs->path[fs->n++] = strdup(p);
		fs->bytes += (size_t)sb.st_size;
	}
	closedir(d);
}

static double t_run, t_text, t_json;

static double audit_once(struct iom_sys_state *st, size_t *out_len, size_t *nfind)
{
	struct iom_audit a;
	struct iom_buf b;
	double t0 = now();
	iom_audit_run(&a, st);
	double ta = now();
	iom_buf_init(&b);
	iom_audit_text(&a, &b, 0);
	double tb = now();
	iom_audit_json(&a, &b, false);
	double t1 = now();
	t_run = ta - t0;
	t_text = tb - ta;
	t_json = t1 - tb;
	*out_len = b.len;
	*nfind = a.nr_findings;
	iom_buf_release(&b);
	iom_audit_release(&a);
	return t1 - t0;
}

int main(void)
{
	int over = 0;
	/* 1. the largest capture */
	DIR *d = opendir("tests/captures");
	struct dirent *e;
	char best[512] = "";
	size_t best_bytes = 0;
	while (d && (e = readdir(d))) {
		char p[512];
		struct files fs = { { 0 }, 0, 0 };
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "tests/captures/%s", e->d_name);
		collect(p, &fs);
		if (fs.bytes > best_bytes) {
			best_bytes = fs.bytes;
			snprintf(best, sizeof(best), "%s", p);
		}
		for (size_t i = 0; i < fs.n; i++)
			free(fs.path[i]);
	}
	if (d)
		closedir(d);
	if (best[0]) {
		struct files fs = { { 0 }, 0, 0 };
		collect(best, &fs);
		double tmin = 1e9;
		size_t olen = 0, nf = 0;
		for (int rep = 0; rep < 20; rep++) {
			struct iom_sys_state st;
			double t0 = now();
			iom_sys_state_init(&st);
			for (size_t i = 0; i < fs.n; i++) {
				size_t len;
				char *t = slurp(fs.path[i], &len);
				if (t)
					iom_sys_add_text(&st, fs.path[i], IOM_SYS_K_UNKNOWN, t, len);
				free(t);
			}
			double tread = now() - t0;
			double t = tread + audit_once(&st, &olen, &nf);
			if (t < tmin)
				tmin = t;
			iom_sys_state_release(&st);
		}
		printf("largest capture %s (%zu bytes, %zu files): %.2f ms (read + audit + text + JSON, "
		       "best of 20; %zu findings, %zu bytes of report); target < 50 ms\n",
		       best + 15, best_bytes, fs.n, tmin * 1e3, nf, olen);
		over |= tmin > 0.050;
		for (size_t i = 0; i < fs.n; i++)
			free(fs.path[i]);
	}
	/* 2. generated: 100,000 reservations, 1,000 BARs (sysfs resource files), /proc/iomem
	 * with one entry per BAR, a /proc/mtrr and a PAT configuration line. */
	enum { NRES = 100000, NBAR = 1000 };
	struct iom_buf pat, iomem, mtrr, log;
	iom_buf_init(&pat);
	iom_buf_init(&iomem);
	iom_buf_init(&mtrr);
	iom_buf_init(&log);
	iom_buf_puts(&pat, "PAT memtype list:\n");
	for (unsigned i = 0; i < NRES; i++) {
		uint64_t bar = i % NBAR, base = 0x4000000000ULL + bar * 0x1000000ULL;
		uint64_t s = base + (uint64_t)(i / NBAR) * 0x2000;
		iom_buf_printf(&pat, "PAT: [mem 0x%016llx-0x%016llx] %s\n", (unsigned long long)s,
			       (unsigned long long)s + 0x1000, bar % 4 == 3 ? "write-combining" : "uncached-minus");
	}
	iom_buf_puts(&iomem, "00000000-00000fff : Reserved\n00001000-0009ffff : System RAM\n"
			     "00100000-bfffffff : System RAM\n4000000000-7fffffffff : PCI Bus 0000:00\n");
	char **rpath = calloc(NBAR, sizeof(*rpath)), **rtext = calloc(NBAR, sizeof(*rtext));
	for (unsigned b = 0; b < NBAR; b++) {
		uint64_t base = 0x4000000000ULL + (uint64_t)b * 0x1000000ULL;
		char bdf[32];
		snprintf(bdf, sizeof(bdf), "0000:%02x:%02x.%u", 1 + b / 256, (b / 8) % 32, b % 8);
		iom_buf_printf(&iomem, "  %llx-%llx : %s\n", (unsigned long long)base,
			       (unsigned long long)base + 0xffffff, bdf);
		rpath[b] = malloc(96);
		snprintf(rpath[b], 96, "sys/bus/pci/devices/%s/resource", bdf);
		rtext[b] = malloc(512);
		snprintf(rtext[b], 512, "0x%016llx 0x%016llx 0x%016llx\n", (unsigned long long)base,
			 (unsigned long long)base + 0xffffff, b % 4 == 3 ? 0x14220cULL : 0x140204ULL);
		for (int k = 1; k < 7; k++)
			strcat(rtext[b], "0x0000000000000000 0x0000000000000000 0x0000000000000000\n");
	}
	iom_buf_puts(&mtrr, "reg00: base=0x000000000 (    0MB), size= 4096MB, count=1: write-back\n"
			    "reg01: base=0x0c0000000 ( 3072MB), size= 1024MB, count=1: uncachable\n"
			    "reg02: base=0x4000000000 (262144MB), size=262144MB, count=1: uncachable\n");
	iom_buf_puts(&log, "[    0.000575] x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WP  UC- WT  \n");
	double t0 = now();
	struct iom_sys_state st;
	iom_sys_state_init(&st);
	iom_sys_add_text(&st, "pat_memtype_list", IOM_SYS_K_UNKNOWN, pat.s, pat.len);
	iom_sys_add_text(&st, "iomem", IOM_SYS_K_UNKNOWN, iomem.s, iomem.len);
	iom_sys_add_text(&st, "mtrr", IOM_SYS_K_UNKNOWN, mtrr.s, mtrr.len);
	iom_sys_add_text(&st, "dmesg", IOM_SYS_K_UNKNOWN, log.s, log.len);
	for (unsigned b = 0; b < NBAR; b++)
		iom_sys_add_text(&st, rpath[b], IOM_SYS_K_UNKNOWN, rtext[b], strlen(rtext[b]));
	double tread = now() - t0;
	size_t olen, nf;
	double taud = audit_once(&st, &olen, &nf);
	printf("generated capture (%u pat_memtype_list entries, %u BARs): %.1f ms (read %.1f ms, "
	       "audit %.1f ms, text %.1f ms, JSON %.1f ms; %zu findings, %zu bytes of report); "
	       "target < 1 s\n", (unsigned)NRES, (unsigned)NBAR, (tread + taud) * 1e3, tread * 1e3,
	       t_run * 1e3, t_text * 1e3, t_json * 1e3, nf, olen);
	over |= tread + taud > 1.0;
	{
		struct iom_audit a;
		struct iom_buf b;
		iom_audit_run(&a, &st);
		iom_buf_init(&b);
		double ts = now();
		iom_audit_svg(&a, &b);
		printf("generated capture SVG map (--svg, not part of the target): %.1f ms, %zu bytes\n",
		       (now() - ts) * 1e3, b.len);
		iom_buf_release(&b);
		iom_audit_release(&a);
	}
	iom_sys_state_release(&st);
	for (unsigned b = 0; b < NBAR; b++) {
		free(rpath[b]);
		free(rtext[b]);
	}
	free(rpath);
	free(rtext);
	iom_buf_release(&pat);
	iom_buf_release(&iomem);
	iom_buf_release(&mtrr);
	iom_buf_release(&log);
	return over;
}
