// SPDX-License-Identifier: MIT
/* iomodel herd7 -- a drop-in for `herd7 -conf linux-kernel.cfg` as the kernel's
 * tools/memory-model/scripts call it (runlitmus.sh: `herd7 $LKMM_HERD_OPTIONS FILE`, options
 * defaulting to "-conf linux-kernel.cfg"). Installed as the command iomodel-herd7 (a link to
 * iomodel); called as "iomodel-herd7" or "herd7" the binary behaves as `iomodel herd7`.
 *
 * It runs the LKMM engine (include/iomodel/lkmm.h) and prints herd7's lines for each test,
 * without the Time line (the output is deterministic). A test herd7 would refuse is reported
 * on stderr as herd7 reports it -- `Warning: File "F": MSG (User error)`, which is what
 * judgelitmus.sh looks for (": Unknown macro NAME") -- followed by iomodel's own
 * file:line:col line, and the exit status is 2 (herd7 says 0 unless -exit true; a bad input
 * is never a success here). Options herd7 has that change the model or the output and that
 * iomodel does not implement are refused by name, never ignored silently. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "iomodel/lkmm.h"
#include "iomodel/version.h"

/* The LKMM's own model files: accepted for -conf, -model/-cat, -bell and -macros. */
static int is_lkmm_file(const char *path, const char *want)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	return !strcmp(base, want);
}

/* which model the options chose: 0 none (each test's default), 1 the LKMM, 2 aarch64.cat */
enum { M_DEFAULT, M_LKMM, M_AARCH64 };

/* herd7's display settings (herd/opts.ml, a .cfg file's keys): they change only the
 * pictures herd7 draws, never the answer */
static int display_key(const char *k)
{
	static const char *const keys[] = {
		"graph", "squished", "showevents", "showinitwrites", "showlegend", "fontsize",
		"scale", "xscale", "yscale", "arrowsize", "showinitrf", "showfinalrf", "splines",
		"pad", "dotmode", "dotcom", "showthread", "showobserved", "showkind", "shortlegend",
		"showpo", "showfr", "showevents", "penwidth", "edgeattr", "labelinit", "oneinit",
	};
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strcmp(k, keys[i]))
			return 1;
	return 0;
}

/* A -conf file other than linux-kernel.cfg: display settings are accepted, "model FILE"
 * chooses the model, "variant deps" asks for herd7's speculated arms (AArch64 tests),
 * anything else (another variant, say) is refused by name. */
static int read_conf(const char *path, int *model, bool *deps)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		cli_error("herd7: -conf %s: cannot open the file", path);
		return -1;
	}
	char line[512];
	int ln = 0, rc = 0;
	while (!rc && fgets(line, sizeof(line), f)) {
		ln++;
		char key[64], val[256];
		char *h = strchr(line, '#');
		if (h)
			*h = 0;
		int n = sscanf(line, "%63s %255s", key, val);
		if (n <= 0)
			continue;
		if (display_key(key))
			continue;
		if (n == 2 && !strcmp(key, "model") && is_lkmm_file(val, "aarch64.cat")) {
			*model = M_AARCH64;
		} else if (n == 2 && !strcmp(key, "model") && is_lkmm_file(val, "linux-kernel.cat")) {
			*model = M_LKMM;
		} else if (n == 2 && !strcmp(key, "variant") && !strcmp(val, "deps")) {
			*deps = true;
		} else {
			cli_error("herd7: %s:%d: '%s%s%s' is not supported (herd7's display settings, "
				  "'model' and 'variant deps' are)", path, ln, key, n == 2 ? " " : "",
				  n == 2 ? val : "");
			rc = -1;
		}
	}
	fclose(f);
	return rc;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: iomodel herd7 [HERD7-OPTIONS] FILE...\n"
		"       iomodel-herd7 [HERD7-OPTIONS] FILE...\n\n"
		"herd7 with the Linux-kernel memory model, as tools/memory-model/scripts call it,\n"
		"and with aarch64.cat for AArch64 tests. Prints herd7's output for each test (no\n"
		"Time line).\n\n"
		"options (herd7's spelling):\n"
		"  -conf FILE               linux-kernel.cfg, or a configuration file holding only\n"
		"                           display settings and 'model FILE'\n"
		"  -model FILE, -cat FILE   linux-kernel.cat, or aarch64.cat (AArch64 tests; their\n"
		"                           default)\n"
		"  -bell FILE               only linux-kernel.bell\n"
		"  -macros FILE             only linux-kernel.def\n"
		"  -unroll N                while-loop unrolling, N >= 1 (default 2)\n"
		"  -variant deps            AArch64 tests: the arm a conditional branch does not\n"
		"                           take runs too, speculated\n"
		"  -I DIR, -set-libdir DIR  accepted; the model is built in\n"
		"  -q, -v                   accepted; no diagnostics are printed either way\n"
		"  -speedcheck false        accepted (the default)\n"
		"  -version                 print the version\n"
		"  -h, -help, --help        this text\n");
}

int cmd_herd7(int argc, char **argv)
{
	struct iom_lkmm_opts o;
	int i, rc = CLI_OK, nfiles = 0, model = M_DEFAULT;
	memset(&o, 0, sizeof(o));
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (a[0] != '-' || !strcmp(a, "-")) {
			nfiles++;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "-help") || !strcmp(a, "--help")) {
			usage(stdout);
			return CLI_OK;
		}
		if (!strcmp(a, "-version") || !strcmp(a, "--version")) {
			printf("iomodel-herd7 %s: the LKMM of Linux 6.12 (iomodel)\n", iom_version());
			return CLI_OK;
		}
		if (!strcmp(a, "-q") || !strcmp(a, "-v")) {
			argv[i] = NULL;
			continue;
		}
		/* options that take a value */
		if (!v) {
			cli_error("herd7: option %s needs a value", a);
			return CLI_BADINPUT;
		}
		if (!strcmp(a, "-conf")) {
			if (is_lkmm_file(v, "linux-kernel.cfg"))
				model = M_LKMM;
			else if (read_conf(v, &model, &o.a64_deps) < 0)
				return CLI_BADINPUT;
		} else if (!strcmp(a, "-model") || !strcmp(a, "-cat")) {
			if (is_lkmm_file(v, "aarch64.cat")) {
				model = M_AARCH64;
			} else if (is_lkmm_file(v, "linux-kernel.cat")) {
				model = M_LKMM;
			} else {
				cli_error("herd7: %s %s: only the LKMM's linux-kernel.cat and aarch64.cat are "
					  "supported", a, v);
				return CLI_BADINPUT;
			}
		} else if (!strcmp(a, "-bell")) {
			if (!is_lkmm_file(v, "linux-kernel.bell")) {
				cli_error("herd7: -bell %s: only the LKMM's linux-kernel.bell is supported", v);
				return CLI_BADINPUT;
			}
		} else if (!strcmp(a, "-macros")) {
			if (!is_lkmm_file(v, "linux-kernel.def")) {
				cli_error("herd7: -macros %s: only the LKMM's linux-kernel.def is supported", v);
				return CLI_BADINPUT;
			}
		} else if (!strcmp(a, "-unroll")) {
			char *end;
			long n = strtol(v, &end, 10);
			if (*end || n < 1 || n > 64) {
				cli_error("herd7: -unroll %s: expected a number from 1 to 64", v);
				return CLI_BADINPUT;
			}
			o.unroll = (unsigned)n;
		} else if (!strcmp(a, "-variant")) {
			if (strcmp(v, "deps")) {
				cli_error("herd7: -variant %s is not supported (only deps, for AArch64 "
					  "tests)", v);
				return CLI_BADINPUT;
			}
			o.a64_deps = true;
		} else if (!strcmp(a, "-speedcheck")) {
			if (strcmp(v, "false")) {
				cli_error("herd7: -speedcheck %s is not supported (only false, the default)", v);
				return CLI_BADINPUT;
			}
		} else if (!strcmp(a, "-I") || !strcmp(a, "-set-libdir")) {
			/* the model is compiled in: nothing to look up */
		} else {
			cli_error("herd7: unknown or unsupported herd7 option %s", a);
			usage(stderr);
			return CLI_BADINPUT;
		}
		argv[i] = argv[i + 1] = NULL;
		i++;
	}
	if (!nfiles) {
		cli_error("herd7: no test file given");
		usage(stderr);
		return CLI_BADINPUT;
	}
	for (i = 1; i < argc; i++) {
		struct iom_lit_test *t = NULL;
		struct iom_lkmm_result *r = NULL;
		struct iom_diag d;
		struct iom_buf b;
		int e;
		if (!argv[i])
			continue;
		iom_diag_init(&d);
		e = iom_lit_parse_file(argv[i], &t, &d);
		if (!e && !iom_lkmm_applies(t)) {
			iom_diag_set(&d, IOM_EINVAL, argv[i], 1, 1,
				     "maps an MMIO region: not an LKMM test (use iomodel litmus)");
			e = -IOM_EINVAL;
		}
		if (!e && model != M_DEFAULT &&
		    (iom_lit_is_aarch64(t) != (model == M_AARCH64))) {
			iom_diag_set(&d, IOM_EINVAL, argv[i], 1, 1, "%s",
				     model == M_AARCH64 ? "aarch64.cat runs AArch64 tests only"
							: "an AArch64 test runs under aarch64.cat, not the LKMM");
			e = -IOM_EINVAL;
		}
		if (!e)
			e = iom_lkmm_run(t, &o, &r, &d);
		if (e) {
			fflush(stdout);
			fprintf(stderr, "Warning: File \"%s\": %s (User error)\n", argv[i], d.msg);
			cli_error_diag(&d, 0);
			rc = CLI_BADINPUT;
			iom_lit_test_free(t);
			continue;
		}
		iom_buf_init(&b);
		iom_lkmm_report_text(r, &b);
		fputs(iom_buf_str(&b), stdout);
		iom_buf_release(&b);
		if (iom_lkmm_loop(r)) {
			/* herd7 warns on stderr when its unrolling bound cut an execution */
			fflush(stdout);
			fprintf(stderr, "Warning: File \"%s\", unrolling limit exceeded, legal outcomes "
				"may be missing.\n", argv[i]);
		}
		iom_lkmm_result_free(r);
		iom_lit_test_free(t);
	}
	return rc;
}
