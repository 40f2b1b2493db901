// SPDX-License-Identifier: MIT
/* iomodel audit -- audit this machine, a capture tree (--root DIR) or loose files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "iomodel/audit.h"
#include "iomodel/diag.h"
#include "iomodel/sys.h"

static void usage(FILE *f)
{
	fprintf(f, "usage: iomodel audit [-j|--json] [-p|--pretty] [-v] [--svg FILE] [--root DIR | FILE...]\n"
		   "\n"
		   "Audit the effective memory type of every tracked mapping and PCI BAR window and\n"
		   "report what is wrong with it. Without arguments the running system is read (/proc,\n"
		   "/sys, the kernel log; read-only). --root DIR reads a capture tree written by\n"
		   "'iomodel capture'. FILE... are loose files recognised by their content: /proc/mtrr,\n"
		   "pat_memtype_list, /proc/iomem, dmesg or journal text, lspci -v/-vv, sysfs resource,\n"
		   "/proc/cpuinfo ('-' reads standard input).\n"
		   "\n"
		   "  -j, --json     JSON report (finding codes in summary.codes)\n"
		   "  -p, --pretty   indented JSON (implies -j)\n"
		   "  --svg FILE     also write an address-space map coloured by effective type\n"
		   "\n"
		   "Exit status: 0 no problem, 1 findings at warning or error level, 2 bad usage.\n");
}

static int read_stream(FILE *f, char **text, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *b = malloc(cap);
	if (!b)
		return -ENOMEM;
	for (;;) {
		if (n == cap) {
			char *nb = realloc(b, cap *= 2);
			if (!nb) {
				free(b);
				return -ENOMEM;
			}
			b = nb;
		}
		size_t r = fread(b + n, 1, cap - n, f);
		n += r;
		if (r == 0)
			break;
	}
	if (ferror(f)) {
		free(b);
		return -EIO;
	}
	*text = b;
	*len = n;
	return 0;
}

static int write_out(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -errno;
	fputs(text, f);
	return fclose(f) ? -errno : 0;
}

int cmd_audit(int argc, char **argv)
{
	int json = 0, pretty = 0, verbose = 0;
	const char *root = NULL, *svg = NULL;
	char **files = calloc((size_t)argc + 1, sizeof(*files));
	int nfiles = 0;
	if (!files)
		return CLI_BADINPUT;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			free(files);
			return CLI_OK;
		} else if (!strcmp(a, "-j") || !strcmp(a, "--json")) {
			json = 1;
		} else if (!strcmp(a, "-p") || !strcmp(a, "--pretty")) {
			json = pretty = 1;
		} else if (!strcmp(a, "-v")) {
			verbose++;
		} else if (!strcmp(a, "--root") || !strcmp(a, "--svg")) {
			if (i + 1 >= argc) {
				cli_error("audit: %s needs an argument", a);
				free(files);
				return CLI_BADINPUT;
			}
			if (a[2] == 'r')
				root = argv[++i];
			else
				svg = argv[++i];
		} else if (!strncmp(a, "--root=", 7)) {
			root = a + 7;
		} else if (!strncmp(a, "--svg=", 6)) {
			svg = a + 6;
		} else if (a[0] == '-' && a[1]) {
			cli_error("audit: unknown option '%s'", a);
			usage(stderr);
			free(files);
			return CLI_BADINPUT;
		} else {
			files[nfiles++] = argv[i];
		}
	}
	if (root && nfiles) {
		cli_error("audit: --root and FILE arguments exclude each other");
		free(files);
		return CLI_BADINPUT;
	}
	struct iom_sys_state st;
	iom_sys_state_init(&st);
	int rc = 0;
	if (nfiles) {
		for (int i = 0; i < nfiles; i++) {
			FILE *f = strcmp(files[i], "-") ? fopen(files[i], "rb") : stdin;
			char *text = NULL;
			size_t len = 0;
			if (!f) {
				int e = errno;
				iom_sys_add_missing(&st, files[i], IOM_SYS_K_UNKNOWN, e);
				cli_error("audit: %s: %s", files[i], strerror(e));
				continue;
			}
			rc = read_stream(f, &text, &len);
			if (f != stdin)
				fclose(f);
			if (rc) {
				iom_sys_add_missing(&st, files[i], IOM_SYS_K_UNKNOWN, -rc);
				cli_error("audit: %s: %s", files[i], strerror(-rc));
				rc = 0;
				continue;
			}
			iom_sys_add_text(&st, files[i], IOM_SYS_K_UNKNOWN, text, len);
			free(text);
		}
	} else {
		struct iom_sys_source src;
		rc = root ? iom_sys_source_dir(&src, root) : iom_sys_source_live(&src);
		if (!rc) {
			rc = iom_sys_load(&st, &src);
			iom_sys_source_close(&src);
		}
	}
	free(files);
	struct iom_audit a;
	if (rc || iom_audit_run(&a, &st)) {
		cli_error("audit: out of memory");
		iom_sys_state_release(&st);
		return CLI_BADINPUT;
	}
	struct iom_buf out;
	iom_buf_init(&out);
	if (json)
		iom_audit_json(&a, &out, pretty);
	else
		iom_audit_text(&a, &out, verbose);
	fputs(iom_buf_str(&out), stdout);
	if (svg) {
		iom_buf_reset(&out);
		iom_audit_svg(&a, &out);
		int w = write_out(svg, iom_buf_str(&out));
		if (w) {
			cli_error("audit: cannot write %s: %s", svg, strerror(-w));
			rc = CLI_BADINPUT;
		}
	}
	iom_buf_release(&out);
	int status = rc ? rc : iom_audit_count(&a, IOM_AUD_WARNING) ? CLI_FAIL : CLI_OK;
	iom_audit_release(&a);
	iom_sys_state_release(&st);
	return status;
}
