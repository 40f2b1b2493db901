// SPDX-License-Identifier: MIT
/* iomodel attrs -- what each mapping API gives on each architecture at a kernel version.
 * Thin wrapper over iom_attrs_render_text/json (lib/attrs). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "iomodel/attrs.h"

#define DEFAULT_KERNEL "6.12"

static void usage(FILE *f)
{
	fprintf(f, "usage: iomodel attrs [--arch { x86 | arm64 | powerpc | riscv | all }] "
		   "[--kernel X.Y]\n"
		   "                     [--nopat] [--mtrr-wc] [--no-svpbmt] [-v] [-j]\n\n"
		   "What each mapping API (ioremap, ioremap_wc, ioremap_uc, ...) gives on each\n"
		   "architecture: x86 PAT slot and type, arm64 MAIR type, powerpc WIMG, riscv PBMT,\n"
		   "fallbacks (ioremap_wc -> ioremap, ioremap_uc -> NULL), and each attribute's\n"
		   "properties. Default: --arch all --kernel " DEFAULT_KERNEL ".\n\n"
		   "  --nopat      x86 with PAT disabled\n"
		   "  --mtrr-wc    x86: a WC MTRR covers the mapped range\n"
		   "  --no-svpbmt  riscv CPU without Svpbmt\n"
		   "  -v           show the source of every row\n"
		   "  -j, --json   JSON output\n");
}

int cmd_attrs(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "arch", required_argument, NULL, 'a' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "nopat", no_argument, NULL, 'P' },
		{ "mtrr-wc", no_argument, NULL, 'M' },
		{ "no-svpbmt", no_argument, NULL, 'S' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct iom_attrs_platform plat = { 0 };
	unsigned archs = (1u << IOM_ARCH__COUNT) - 1, kver = 0, flags = 0;
	int json = 0, c, ret;
	struct iom_diag d;
	struct iom_buf b;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "a:k:vjh", opts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if (!strcmp(optarg, "all")) {
				archs = (1u << IOM_ARCH__COUNT) - 1;
			} else {
				enum iom_arch a;
				if (iom_arch_parse(optarg, &a)) {
					cli_error("attrs: unknown architecture '%s' (x86, arm64, powerpc, "
						  "riscv, all)", optarg);
					return CLI_BADINPUT;
				}
				archs = 1u << a;
			}
			break;
		case 'k':
			if (iom_kver_parse(optarg, &kver)) {
				cli_error("attrs: bad kernel version '%s' (expected X.Y)", optarg);
				return CLI_BADINPUT;
			}
			break;
		case 'P': plat.nopat = true; break;
		case 'M': plat.mtrr_wc = true; break;
		case 'S': plat.no_svpbmt = true; break;
		case 'v': flags |= IOM_ATTRS_RENDER_SOURCES; break;
		case 'j': json = 1; break;
		case 'h':
			usage(stdout);
			return CLI_OK;
		default:
			cli_error("attrs: unknown option '%s'", argv[optind - 1]);
			usage(stderr);
			return CLI_BADINPUT;
		}
	}
	if (optind < argc) {
		cli_error("attrs: unexpected argument '%s'", argv[optind]);
		return CLI_BADINPUT;
	}
	if (!kver)
		iom_kver_parse(DEFAULT_KERNEL, &kver);
	iom_diag_init(&d);
	iom_buf_init(&b);
	ret = json ? iom_attrs_render_json(archs, kver, &plat, &b, &d)
		   : iom_attrs_render_text(archs, kver, &plat, flags, &b, &d);
	if (ret) {
		iom_buf_release(&b);
		cli_error_diag(&d, json);
		return CLI_BADINPUT;
	}
	if (b.oom) {
		iom_buf_release(&b);
		cli_error("attrs: out of memory");
		return CLI_BADINPUT;
	}
	fputs(iom_buf_str(&b), stdout);
	iom_buf_release(&b);
	return CLI_OK;
}
