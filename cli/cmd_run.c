// SPDX-License-Identifier: MIT
/* iomodel run -- not implemented yet. */
#include "cli.h"

int cmd_run(int argc, char **argv)
{
	(void)argc;
	cli_error("%s: not implemented yet", argv[0]);
	return CLI_BADINPUT;
}
