// SPDX-License-Identifier: MIT
/* iomodel memtype -- single effective-type questions and the SDM tables (11-7, 11-6). */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "iomodel/linux.h"
#include "iomodel/memtype.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: iomodel memtype --mtrr T --pat T                 (SDM Table 11-7)\n"
		"       iomodel memtype --mtrr T --no-pat --pcd 0|1 --pwt 0|1   (Table 11-6)\n"
		"       iomodel memtype --mtrr T --pte BITS [--large] [--pat-msr V | --kernel X.Y]\n"
		"       iomodel memtype --table [pat|nopat|all]\n"
		"  T is one of UC, UC-, WC, WT, WP, WB (case-insensitive; UC- only on the PAT side).\n"
		"  --pte picks the PAT entry from PAT/PCD/PWT bits of a 4 KiB PTE (bit 7) or, with\n"
		"  --large, of a 2 MiB/1 GiB leaf (bit 12); the PAT MSR is --pat-msr, the value Linux\n"
		"  --kernel X.Y programs, or the power-on value 0x0007040600070406.\n"
		"  -j JSON output. Exit status: 0, or 2 on bad input.\n");
}

static int parse_type(const char *s, enum iom_mt *t, const char *opt)
{
	if (iom_mt_parse(s, t)) {
		cli_error("memtype: %s: unknown memory type '%s' (UC, UC-, WC, WT, WP, WB)", opt, s);
		return -1;
	}
	return 0;
}

static const enum iom_mt mtrr_rows[] = { IOM_MT_UC, IOM_MT_WC, IOM_MT_WT, IOM_MT_WB, IOM_MT_WP };
static const enum iom_mt pat_cols[] = { IOM_MT_UC, IOM_MT_UC_MINUS, IOM_MT_WC, IOM_MT_WT, IOM_MT_WB, IOM_MT_WP };

static void table_pat(json_t *j)
{
	if (j) {
		json_t *rows = json_array();
		for (size_t r = 0; r < 5; r++)
			for (size_t c = 0; c < 6; c++) {
				struct iom_eff e = iom_eff_pat(mtrr_rows[r], pat_cols[c]);
				json_array_append_new(rows, json_pack("{ss ss ss ss}", "mtrr", iom_mt_name(mtrr_rows[r]),
								      "pat", iom_mt_name(pat_cols[c]), "effective",
								      iom_mt_name(e.type), "source", e.source));
			}
		json_object_set_new(j, "table_11_7", rows);
		return;
	}
	printf("SDM Vol. 3A Table 11-7: effective type, MTRR type (rows) x PAT entry type (columns)\n");
	printf("MTRR\\PAT");
	for (size_t c = 0; c < 6; c++)
		printf(c < 5 ? " %-4s" : " %s", iom_mt_name(pat_cols[c]));
	printf("\n");
	for (size_t r = 0; r < 5; r++) {
		printf("%-8s", iom_mt_name(mtrr_rows[r]));
		for (size_t c = 0; c < 6; c++)
			printf(c < 5 ? " %-4s" : " %s", iom_mt_name(iom_eff_pat(mtrr_rows[r], pat_cols[c]).type));
		printf("\n");
	}
}

static void table_nopat(json_t *j)
{
	if (j) {
		json_t *rows = json_array();
		for (size_t r = 0; r < 5; r++)
			for (int b = 0; b < 4; b++) {
				struct iom_eff e = iom_eff_nopat(mtrr_rows[r], b >> 1, b & 1);
				json_array_append_new(rows, json_pack("{ss si si ss sb ss}", "mtrr", iom_mt_name(mtrr_rows[r]),
								      "pcd", b >> 1, "pwt", b & 1, "effective",
								      iom_mt_name(e.type), "model_specific", e.model_specific,
								      "source", e.source));
			}
		json_object_set_new(j, "table_11_6", rows);
		return;
	}
	printf("SDM Vol. 3A Table 11-6: effective type without PAT, MTRR type x PCD/PWT (* model-specific)\n");
	printf("MTRR     PCD=0,PWT=0 PCD=0,PWT=1 PCD=1,PWT=0 PCD=1,PWT=1\n");
	for (size_t r = 0; r < 5; r++) {
		printf("%-8s", iom_mt_name(mtrr_rows[r]));
		for (int b = 0; b < 4; b++) {
			struct iom_eff e = iom_eff_nopat(mtrr_rows[r], b >> 1, b & 1);
			char cell[8];
			snprintf(cell, sizeof(cell), "%s%s", iom_mt_name(e.type), e.model_specific ? "*" : "");
			printf(b < 3 ? " %-11s" : " %s", cell);
		}
		printf("\n");
	}
}

int cmd_memtype(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "mtrr", required_argument, NULL, 'm' },    { "pat", required_argument, NULL, 'p' },
		{ "no-pat", no_argument, NULL, 'n' },        { "pcd", required_argument, NULL, 'c' },
		{ "pwt", required_argument, NULL, 'w' },     { "pte", required_argument, NULL, 't' },
		{ "large", no_argument, NULL, 'l' },         { "pat-msr", required_argument, NULL, 'M' },
		{ "kernel", required_argument, NULL, 'k' },  { "table", optional_argument, NULL, 'T' },
		{ "json", no_argument, NULL, 'j' },          { "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum iom_mt mtrr = IOM_MT_NONE, pat = IOM_MT_NONE;
	int nopat = 0, pcd = -1, pwt = -1, large = 0, json = 0, have_pte = 0, have_msr = 0, c;
	const char *table = NULL;
	uint64_t pte = 0, msr = IOM_PAT_POWER_ON;
	unsigned kernel = 0;
	char *end;
	optind = 1;
	while ((c = getopt_long(argc, argv, "jh", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (parse_type(optarg, &mtrr, "--mtrr"))
				return CLI_BADINPUT;
			if (mtrr == IOM_MT_UC_MINUS) {
				cli_error("memtype: --mtrr: UC- cannot be an MTRR type (SDM Table 11-8)");
				return CLI_BADINPUT;
			}
			break;
		case 'p':
			if (parse_type(optarg, &pat, "--pat"))
				return CLI_BADINPUT;
			break;
		case 'n':
			nopat = 1;
			break;
		case 'c':
		case 'w':
			if (strcmp(optarg, "0") && strcmp(optarg, "1")) {
				cli_error("memtype: --%s takes 0 or 1", c == 'c' ? "pcd" : "pwt");
				return CLI_BADINPUT;
			}
			*(c == 'c' ? &pcd : &pwt) = optarg[0] - '0';
			break;
		case 't':
		case 'M':
			{
				uint64_t v = strtoull(optarg, &end, 0);
				if (!*optarg || *end) {
					cli_error("memtype: bad number '%s'", optarg);
					return CLI_BADINPUT;
				}
				if (c == 't') {
					pte = v;
					have_pte = 1;
				} else {
					msr = v;
					have_msr = 1;
				}
			}
			break;
		case 'l':
			large = 1;
			break;
		case 'k':
			if (iom_kver_parse(optarg, &kernel)) {
				cli_error("memtype: bad --kernel '%s'", optarg);
				return CLI_BADINPUT;
			}
			break;
		case 'T':
			table = optarg ? optarg : "all";
			break;
		case 'j':
			json = 1;
			break;
		case 'h':
			usage(stdout);
			return CLI_OK;
		default:
			usage(stderr);
			return CLI_BADINPUT;
		}
	}
	if (optind < argc) {
		cli_error("memtype: unexpected argument '%s'", argv[optind]);
		return CLI_BADINPUT;
	}
	if (table) {
		int p = !strcmp(table, "pat") || !strcmp(table, "all");
		int n = !strcmp(table, "nopat") || !strcmp(table, "all");
		if (!p && !n) {
			cli_error("memtype: --table takes pat, nopat or all");
			return CLI_BADINPUT;
		}
		json_t *j = json ? json_object() : NULL;
		if (p)
			table_pat(j);
		if (p && n && !j)
			printf("\n");
		if (n)
			table_nopat(j);
		if (j) {
			char *s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
			printf("%s\n", s);
			free(s);
			json_decref(j);
		}
		return CLI_OK;
	}
	if (mtrr == IOM_MT_NONE) {
		cli_error("memtype: --mtrr is required (or use --table)");
		usage(stderr);
		return CLI_BADINPUT;
	}
	int modes = (pat != IOM_MT_NONE) + nopat + have_pte;
	if (modes != 1) {
		cli_error("memtype: give exactly one of --pat T, --no-pat, --pte BITS");
		return CLI_BADINPUT;
	}
	struct iom_eff e;
	int idx = -1;
	enum iom_mt entry = pat;
	if (nopat) {
		if (pcd < 0 || pwt < 0) {
			cli_error("memtype: --no-pat needs --pcd and --pwt");
			return CLI_BADINPUT;
		}
		e = iom_eff_nopat(mtrr, pcd, pwt);
	} else {
		if (have_pte) {
			if (kernel && !have_msr) {
				struct iom_cpu cpu;
				struct iom_pat_setup ps;
				iom_cpu_init(&cpu);
				iom_linux_pat_setup(kernel, &cpu, true, &ps, NULL, NULL);
				msr = ps.msr;
			}
			enum iom_mt slots[8];
			if (iom_pat_decode(msr, slots)) {
				cli_error("memtype: --pat-msr 0x%016llx holds a reserved encoding", (unsigned long long)msr);
				return CLI_BADINPUT;
			}
			idx = (int)iom_pat_index(pte, large);
			entry = slots[idx];
		}
		e = iom_eff_pat(mtrr, entry);
	}
	if (json) {
		json_t *j = json_pack("{ss ss ss sb ss}", "mtrr", iom_mt_name(mtrr), "page",
				      nopat ? (pcd ? (pwt ? "PCD|PWT" : "PCD") : (pwt ? "PWT" : "-")) : iom_mt_name(entry),
				      "effective", iom_mt_name(e.type), "model_specific", e.model_specific, "source",
				      e.source);
		if (idx >= 0)
			json_object_set_new(j, "pat_index", json_integer(idx));
		char *s = json_dumps(j, JSON_PRESERVE_ORDER);
		printf("%s\n", s);
		free(s);
		json_decref(j);
		return CLI_OK;
	}
	if (idx >= 0)
		printf("%s (PAT index %d = %s; %s)\n", iom_mt_name(e.type), idx, iom_mt_name(entry), e.source);
	else if (e.model_specific)
		printf("%s (model-specific; %s)\n", iom_mt_name(e.type), e.source);
	else
		printf("%s\n", iom_mt_name(e.type));
	return CLI_OK;
}
