// SPDX-License-Identifier: MIT
/* iomodel capture -- copy the files the auditor reads into DIR (a capture tree). */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "iomodel/sys.h"

int cmd_capture(int argc, char **argv)
{
	const char *dir = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			printf("usage: iomodel capture DIR\n\n"
			       "Write a capture tree of this machine into DIR for 'iomodel audit --root DIR':\n"
			       "proc/mtrr, proc/iomem, proc/cpuinfo, sys/kernel/debug/x86/pat_memtype_list,\n"
			       "sys/bus/pci/devices/*/resource (resourceN[_wc] as empty placeholders: their\n"
			       "presence matters, their content is never read) and dmesg (the kernel log).\n"
			       "Only text files are read; never resourceN or config contents, /dev/mem or\n"
			       "MSRs. DIR/MANIFEST lists every file and why a missing one could not be read.\n");
			return CLI_OK;
		}
		if (argv[i][0] == '-' || dir) {
			cli_error("capture: unexpected argument '%s'", argv[i]);
			return CLI_BADINPUT;
		}
		dir = argv[i];
	}
	if (!dir) {
		cli_error("capture: usage: iomodel capture DIR");
		return CLI_BADINPUT;
	}
	struct iom_sys_source src;
	struct iom_buf man;
	if (iom_sys_source_live(&src)) {
		cli_error("capture: out of memory");
		return CLI_BADINPUT;
	}
	iom_buf_init(&man);
	int rc = iom_sys_capture(&src, dir, &man);
	iom_sys_source_close(&src);
	if (rc) {
		cli_error("capture: cannot write %s: %s", dir, strerror(-rc));
		iom_buf_release(&man);
		return CLI_BADINPUT;
	}
	size_t missing = 0;
	for (const char *p = iom_buf_str(&man); (p = strstr(p, "\nmissing ")); p++)
		missing++;
	printf("capture written to %s (%zu file%s could not be read; see %s/MANIFEST)\n", dir, missing,
	       missing == 1 ? "" : "s", dir);
	iom_buf_release(&man);
	return CLI_OK;
}
