// SPDX-License-Identifier: MIT
/* iomodel run -- replay scenarios and check their expectations (docs/scenario.md). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "iomodel/scenario.h"

static void usage(FILE *f)
{
	fprintf(f, "usage: iomodel run [--pat on|off|absent|both] [--kernel X.Y] [--summary | --matrix] [-j] [FILE...]\n"
		   "  Replays each scenario on a simulated kernel and checks its expectations.\n"
		   "  Without FILE, runs the shipped atyfb examples (examples/atyfb/*.scn).\n"
		   "  --pat, --kernel   override the scenario's cpu pat= and kernel lines\n"
		   "  --summary         one line per run: effective type of each named mapping\n"
		   "  --matrix          a Markdown table: scenario x PAT setting, named mappings, MTRRs\n"
		   "  -j, --json        JSON output\n"
		   "Exit status: 0 all expectations hold, 1 one failed, 2 bad input.\n");
}

int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "pat", required_argument, NULL, 'p' },   { "kernel", required_argument, NULL, 'k' },
		{ "json", no_argument, NULL, 'j' },        { "summary", no_argument, NULL, 's' },
		{ "matrix", no_argument, NULL, 'x' },
		{ "help", no_argument, NULL, 'h' },        { NULL, 0, NULL, 0 },
	};
	int json = 0, summary = 0, matrix = 0, c;
	int pats[3], npats = 1;
	pats[0] = -1;
	unsigned kernel = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "jh", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			npats = 1;
			if (!strcmp(optarg, "on"))
				pats[0] = IOM_PAT_ON;
			else if (!strcmp(optarg, "off"))
				pats[0] = IOM_PAT_OFF;
			else if (!strcmp(optarg, "absent"))
				pats[0] = IOM_PAT_ABSENT;
			else if (!strcmp(optarg, "both")) {
				pats[0] = IOM_PAT_ON;
				pats[1] = IOM_PAT_OFF;
				npats = 2;
			} else {
				cli_error("run: --pat takes on, off, absent or both");
				return CLI_BADINPUT;
			}
			break;
		case 'k':
			if (iom_kver_parse(optarg, &kernel)) {
				cli_error("run: bad --kernel '%s' (expected X.Y)", optarg);
				return CLI_BADINPUT;
			}
			break;
		case 'j':
			json = 1;
			break;
		case 's':
			summary = 1;
			break;
		case 'x':
			matrix = 1;
			break;
		case 'h':
			usage(stdout);
			return CLI_OK;
		default:
			usage(stderr);
			return CLI_BADINPUT;
		}
	}
	struct src {
		const char *name;
		char *text;
		size_t len;
		int owned;
	};
	size_t nsrc = 0;
	struct src *srcs = calloc((size_t)(argc - optind) + 64, sizeof(*srcs));
	if (!srcs)
		return CLI_BADINPUT;
	if (optind == argc) {
		for (const struct iom_embedded *e = iom_embedded_scenarios; e->name; e++)
			srcs[nsrc++] = (struct src){ e->name, (char *)e->text, strlen(e->text), 0 };
	}
	int rc = CLI_OK;
	for (int i = optind; i < argc; i++) {
		size_t len = 0;
		char *t = cli_read_file(argv[i], &len);
		if (!t) {
			cli_error("%s: cannot read: %s", argv[i], strerror(errno));
			rc = CLI_BADINPUT;
			continue;
		}
		srcs[nsrc++] = (struct src){ argv[i], t, len, 1 };
	}
	struct iom_buf out;
	iom_buf_init(&out);
	unsigned passed = 0, failed = 0, runs = 0;
	const struct iom_scn_result **kept = NULL;
	size_t nkept = 0;
	if (json)
		iom_buf_puts(&out, "[");
	for (size_t i = 0; i < nsrc; i++) {
		struct iom_diag d;
		iom_diag_init(&d);
		struct iom_scn *s = iom_scn_parse(srcs[i].text, srcs[i].len, srcs[i].name, &d);
		if (!s) {
			cli_error_diag(&d, 0);
			rc = CLI_BADINPUT;
			continue;
		}
		for (int p = 0; p < npats; p++) {
			struct iom_scn_opts o = { kernel, pats[p] };
			iom_diag_init(&d);
			struct iom_scn_result *r = iom_scn_run(s, &o, &d);
			if (!r) {
				cli_error_diag(&d, 0);
				rc = CLI_BADINPUT;
				continue;
			}
			passed += iom_scn_result_passed(r);
			failed += iom_scn_result_failed(r);
			if (matrix) {
				const struct iom_scn_result **k2 = realloc(kept, (nkept + 1) * sizeof(*k2));
				if (k2) {
					kept = k2;
					kept[nkept++] = r;
				}
				runs++;
				continue;
			} else if (json) {
				if (runs)
					iom_buf_puts(&out, ",\n");
				iom_scn_render_json(r, &out);
			} else if (summary) {
				iom_scn_render_summary(r, &out);
			} else {
				if (runs)
					iom_buf_puts(&out, "\n");
				iom_scn_render_text(r, &out);
			}
			runs++;
			iom_scn_result_free(r);
		}
		iom_scn_free(s);
	}
	if (matrix) {
		iom_scn_render_matrix(kept, nkept, &out);
		for (size_t i = 0; i < nkept; i++)
			iom_scn_result_free((struct iom_scn_result *)kept[i]);
		free(kept);
	}
	if (json)
		iom_buf_puts(&out, "]\n");
	else if (!matrix)
		iom_buf_printf(&out, "%s%u run%s: %u expectations passed, %u failed\n", summary ? "" : "\n", runs,
			       runs == 1 ? "" : "s", passed, failed);
	fputs(iom_buf_str(&out), stdout);
	iom_buf_release(&out);
	for (size_t i = 0; i < nsrc; i++)
		if (srcs[i].owned)
			free(srcs[i].text);
	free(srcs);
	if (rc == CLI_OK && failed)
		rc = CLI_FAIL;
	return rc;
}
