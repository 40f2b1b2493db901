// SPDX-License-Identifier: MIT
/* iomodel CLI -- option values shared by several commands. */
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
