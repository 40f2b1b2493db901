// SPDX-License-Identifier: MIT
/* iomodel -- command-line entry point: the top command table and shared helpers. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "iomodel/version.h"

static int cmd_version(int argc, char **argv);

static const struct cmd {
	const char *name;
	int (*fn)(int, char **);
	const char *help;
} cmds[] = {
	{ "memtype", cmd_memtype, "x86 effective memory type: MTRR x PAT, PTE bits, whole tables" },
	{ "run", cmd_run, "run scenarios (ioremap/MTRR calls) and check their expectations" },
	{ "litmus", cmd_litmus, "run litmus tests: the LKMM as herd7 answers, MMIO on x86, arm64, powerpc, riscv" },
	{ "order", cmd_order, "is a pair of MMIO accesses ordered; article-shaped ordering tables" },
	{ "attrs", cmd_attrs, "what each mapping API gives on each architecture" },
	{ "audit", cmd_audit, "audit this machine, a capture tree or loose files" },
	{ "lint", cmd_lint, "find MMIO mapping mistakes in driver source (Coccinelle), decided by the model" },
	{ "capture", cmd_capture, "write a capture tree of this machine for a later audit" },
	{ "herd7", cmd_herd7, "herd7 with the LKMM, as the kernel's memory-model scripts call it" },
	{ "version", cmd_version, "print the version of iomodel and its library" },
};

void cli_error(const char *fmt, ...)
{
	va_list ap;
	fputs("iomodel: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void cli_error_diag(const struct iom_diag *d, int json)
{
	char buf[1024];
	if (json) {
		printf("{\"error\":{\"file\":");
		json_str(stdout, d->file);
		printf(",\"line\":%d,\"column\":%d,\"message\":", d->line, d->col);
		json_str(stdout, d->msg);
		printf("}}\n");
	}
	fprintf(stderr, "iomodel: %s\n", iom_diag_str(d, buf, sizeof(buf)));
}

/* iomodel version [--help]: the library's version (include/iomodel/version.h), which is the
 * CLI's too, since the CLI is linked against it. */
static int cmd_version(int argc, char **argv)
{
	const char *git = iom_version_git();
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("usage: iomodel version\n       iomodel --version\n\n"
		       "Print the version (from the VERSION file; with git describe when built\n"
		       "from a git checkout).\n");
		return CLI_OK;
	}
	if (argc > 1) {
		cli_error("version: unexpected argument '%s'", argv[1]);
		return CLI_BADINPUT;
	}
	if (*git)
		printf("iomodel %s (git %s)\n", iom_version(), git);
	else
		printf("iomodel %s\n", iom_version());
	return CLI_OK;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: iomodel COMMAND [OPTIONS] [ARGS]\n       iomodel --version | --help\n\n"
		   "commands:\n");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(f, "  %-9s %s\n", cmds[i].name, cmds[i].help);
	fprintf(f, "\n'iomodel COMMAND --help' describes a command. Exit status: 0 ok, 1 an\n"
		   "expectation, verdict or finding failed, 2 bad input or usage.\n");
}

int main(int argc, char **argv)
{
	/* Called as iomodel-herd7 (the installed link) or herd7: the herd7 drop-in. */
	const char *base = argc > 0 && argv[0] ? strrchr(argv[0], '/') : NULL;
	base = base ? base + 1 : (argc > 0 && argv[0] ? argv[0] : "");
	if (!strcmp(base, "iomodel-herd7") || !strcmp(base, "herd7"))
		return cmd_herd7(argc, argv);
	if (argc < 2) {
		usage(stderr);
		return CLI_BADINPUT;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		return cmd_version(1, argv + 1);
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return CLI_OK;
	}
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	cli_error("unknown command '%s'", argv[1]);
	usage(stderr);
	return CLI_BADINPUT;
}
