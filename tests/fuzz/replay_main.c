// SPDX-License-Identifier: MIT
/* iomodel -- replay driver for libFuzzer targets.
 * Linked with each tests/fuzz/fuzz_*.c when building without libFuzzer, so that
 * make check feeds every corpus file (and a few edge cases) through the target.
 * Each input is copied into an exactly-sized heap block (no trailing NUL), so a sanitizer
 * build reports any read past the length argument.
 * Prints TAP: one line per input. A crash or sanitizer report fails the suite. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Hand the target a copy in a malloc block of exactly len bytes, with no NUL after it,
 * as libFuzzer does: under ASan any read past len is then a heap-buffer-overflow. */
static void run_exact(const uint8_t *data, size_t len)
{
	uint8_t *copy = malloc(len ? len : 1);
	if (!copy) {
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	if (len)
		memcpy(copy, data, len);
	/* an empty input is still a valid, distinct pointer, never read */
	LLVMFuzzerTestOneInput(copy, len);
	free(copy);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	int n = 0;
	static const struct {
		const char *s;
		size_t len;
	} edge[] = {
		{ "", 0 }, { "\n", 1 }, { "\0", 1 }, { "\xff\xfe", 2 }, { "(*", 2 }, { "0x", 2 },
		{ "-", 1 },
	};
	for (size_t i = 0; i < sizeof(edge) / sizeof(edge[0]); i++) {
		run_exact((const uint8_t *)edge[i].s, edge[i].len);
		printf("ok %d - edge case %zu\n", ++n, i);
	}
	for (int a = 1; a < argc; a++) {
		DIR *d = opendir(argv[a]);
		if (!d) {
			printf("not ok %d - cannot open corpus %s\n", ++n, argv[a]);
			continue;
		}
		char **names = NULL;
		size_t nr = 0;
		struct dirent *e;
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			names = realloc(names, (nr + 1) * sizeof(*names));
			names[nr++] = strdup(e->d_name);
		}
		closedir(d);
		qsort(names, nr, sizeof(*names), cmp);
		for (size_t i = 0; i < nr; i++) {
			char path[4096];
			snprintf(path, sizeof(path), "%s/%s", argv[a], names[i]);
			FILE *f = fopen(path, "rb");
			if (!f) {
				printf("not ok %d - %s unreadable\n", ++n, path);
				free(names[i]);
				continue;
			}
			uint8_t *buf = NULL;
			size_t len = 0, cap = 0, r;
			do {
				if (len + 4096 > cap)
					buf = realloc(buf, cap = (cap + 4096) * 2);
				r = fread(buf + len, 1, 4096, f);
				len += r;
			} while (r > 0);
			fclose(f);
			run_exact(buf, len);
			free(buf);
			printf("ok %d - %s\n", ++n, path);
			free(names[i]);
		}
		free(names);
	}
	printf("1..%d\n", n);
	return 0;
}
