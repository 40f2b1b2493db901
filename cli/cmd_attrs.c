// SPDX-License-Identifier: MIT
/* iomodel attrs -- not implemented yet. */
#include "cli.h"

int cmd_attrs(int argc, char **argv)
{
	(void)argc;
	cli_error("%s: not implemented yet", argv[0]);
	return CLI_BADINPUT;
}
