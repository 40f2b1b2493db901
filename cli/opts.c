// SPDX-License-Identifier: MIT
/* iomodel CLI -- option values and file reading shared by several commands. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int cli_parse_archs(const char *cmd, const char *s, enum iom_arch *out, int *n)
{
	*n = 0;
	if (!strcmp(s, "all")) {
		for (int a = 0; a < IOM_ARCH__COUNT; a++)
			out[(*n)++] = (enum iom_arch)a;
		return 0;
	}
	enum iom_arch a;
	if (iom_arch_parse(s, &a) < 0 || a == IOM_ARCH_ANY) {
		cli_error("%s: unknown architecture '%s'", cmd, s);
		return -1;
	}
	out[(*n)++] = a;
	return 0;
}

int cli_parse_models(const char *cmd, const char *s, enum iom_lit_model *out, int *n)
{
	*n = 0;
	if (!strcmp(s, "all")) {
		for (int m = 0; m < IOM_LIT_MODEL__COUNT; m++)
			out[(*n)++] = (enum iom_lit_model)m;
		return 0;
	}
	enum iom_lit_model m;
	if (iom_lit_model_parse(s, &m) < 0 || m == IOM_LIT_MODEL_ANY) {
		cli_error("%s: unknown model '%s'", cmd, s);
		return -1;
	}
	out[(*n)++] = m;
	return 0;
}

char *cli_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0, n = 0, r;
	do {
		if (n + 4097 > cap) {
			char *p = realloc(buf, cap = cap * 2 + 8192);
			if (!p) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = p;
		}
		r = fread(buf + n, 1, 4096, f);
		n += r;
	} while (r > 0);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		errno = EIO;
		return NULL;
	}
	buf[n] = 0;
	*len = n;
	return buf;
}
