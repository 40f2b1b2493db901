// SPDX-License-Identifier: MIT
/* bench/memtype -- speed of the x86 memory-type engine. Prints figures; asserts nothing.
 *  1. point lookups per second (iom_mtrr_type_at, fixed ranges + 10 variable MTRRs);
 *  2. time to resolve a full state (fixed ranges, 10 variable MTRRs, 10,000 tracked
 *     reservations) over the whole 52-bit space (iom_k_resolve_map);
 *  3. time to resolve a 4 KiB mapping and a 1 TiB mapping (iom_k_resolve), and their ratio.
 * Targets: >= 10M lookups/s, full state < 1 ms, 1 TiB <= 5x 4 KiB. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "iomodel/linux.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void firmware(struct iom_mtrr_state *s)
{
	iom_mtrr_state_init(s, 52, 10);
	s->enabled = s->fixed_enabled = true;
	s->def_type = 0; /* UC */
	for (int i = 0; i < IOM_MTRR_NR_FIXED; i++)
		s->fixed[i] = i < 16 ? 6 : i < 24 ? 0 : 5;
	iom_mtrr_var_set(s, 0, 0, 1ULL << 31, IOM_MT_WB);
	iom_mtrr_var_set(s, 1, 1ULL << 31, 1ULL << 30, IOM_MT_WB);
	iom_mtrr_var_set(s, 2, 0xc0000000, 1ULL << 30, IOM_MT_UC);
	iom_mtrr_var_set(s, 3, 1ULL << 32, 1ULL << 32, IOM_MT_WB);
	iom_mtrr_var_set(s, 4, 1ULL << 33, 1ULL << 33, IOM_MT_WB);
	iom_mtrr_var_set(s, 5, 1ULL << 34, 1ULL << 34, IOM_MT_WB);
	iom_mtrr_var_set(s, 6, 0xe0000000, 1ULL << 24, IOM_MT_WC);
	iom_mtrr_var_set(s, 7, 1ULL << 40, 1ULL << 40, IOM_MT_WC);
	iom_mtrr_var_set(s, 8, 0x38000000000ULL, 1ULL << 39, IOM_MT_UC);
	iom_mtrr_var_set(s, 9, 0x7f000000, 1ULL << 24, IOM_MT_WP);
}

int main(void)
{
	struct iom_mtrr_state s;
	firmware(&s);

	/* 1. point lookups */
	uint64_t x = 0x9e3779b97f4a7c15ULL, acc = 0;
	long n = 20 * 1000 * 1000;
	double t0 = now();
	for (long i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		uint64_t a = (i & 7) ? (x & ((1ULL << 52) - 1)) : (x & 0xfffff); /* 1/8 below 1 MiB */
		acc += (uint64_t)iom_mtrr_type_at(&s, a).type;
	}
	double t1 = now();
	printf("point lookups: %.1f M/s (%ld lookups in %.3f s; checksum %llu)   target >= 10 M/s\n",
	       (double)n / (t1 - t0) / 1e6, n, t1 - t0, (unsigned long long)acc);

	/* 2. full state over [0, 2^52) with 10,000 tracked reservations */
	struct iom_cpu cpu;
	iom_cpu_init(&cpu);
	struct iom_kernel *k = iom_kernel_new(IOM_KVER(6, 12), &cpu, &s);
	struct iom_resource ram = { IOM_RES_RAM, "System RAM", 0x100000, 0xc0000000, false };
	iom_kernel_add_resource(k, &ram);
	iom_kernel_boot(k);
	static const enum iom_mt modes[] = { IOM_MT_UC_MINUS, IOM_MT_WC, IOM_MT_UC, IOM_MT_WB };
	for (int i = 0; i < 10000; i++) {
		uint64_t base = 0x10000000000ULL + (uint64_t)i * 0x200000;
		enum iom_mt got;
		if (iom_k_reserve_memtype(k, base, base + 0x100000 + (uint64_t)(i % 7) * 0x1000,
					  modes[i % 4], &got)) {
			fprintf(stderr, "reservation %d refused\n", i);
			return 1;
		}
	}
	size_t cap = 40000;
	struct iom_kmap_piece *out = malloc(cap * sizeof(*out));
	long pieces = 0;
	int reps = 50;
	double best = 1e9;
	for (int r = 0; r < reps; r++) {
		double a = now();
		pieces = iom_k_resolve_map(k, 0, 1ULL << 52, out, cap);
		double b = now();
		if (b - a < best)
			best = b - a;
	}
	printf("full state (88 fixed, 10 variable MTRRs, %zu reservations) over 52 bits: %.3f ms best of %d, %ld pieces   target < 1 ms\n",
	       iom_k_nr_memtypes(k), best * 1e3, reps, pieces);

	/* 3. a 4 KiB mapping next to a 1 TiB one */
	struct iom_kpiece kp[64];
	long m = 200000;
	double a = now();
	for (long i = 0; i < m; i++)
		acc += (uint64_t)iom_k_resolve(k, 0xe07ff000, 0xe0800000, 0x18, kp, 64);
	double b = now();
	for (long i = 0; i < m; i++)
		acc += (uint64_t)iom_k_resolve(k, 1ULL << 40, 2ULL << 40, 0x08, kp, 64);
	double c = now();
	double small = (b - a) / (double)m * 1e9, big = (c - b) / (double)m * 1e9;
	printf("resolve 4 KiB mapping: %.0f ns; 1 TiB mapping: %.0f ns; ratio %.2f   target <= 5 (checksum %llu)\n",
	       small, big, big / small, (unsigned long long)acc);
	free(out);
	iom_kernel_free(k);
	return 0;
}
