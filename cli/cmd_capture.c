// SPDX-License-Identifier: MIT
/* iomodel capture -- not implemented yet. */
#include "cli.h"

int cmd_capture(int argc, char **argv)
{
	(void)argc;
	cli_error("%s: not implemented yet", argv[0]);
	return CLI_BADINPUT;
}
