/* SPDX-License-Identifier: MIT */
/* iomodel CLI -- shared declarations. The CLI includes only <iomodel/...> public headers.
 * Exit codes (docs/cli.md): 0 ok, 1 an expectation or verdict failed / findings,
 * 2 bad input or usage. */
#ifndef IOMODEL_CLI_H
#define IOMODEL_CLI_H

#include <stdio.h>
#include "iomodel/diag.h"

enum { CLI_OK = 0, CLI_FAIL = 1, CLI_BADINPUT = 2 };

/* One function per top-level command, each in cli/cmd_<name>.c. argv[0] is the command name. */
int cmd_memtype(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_litmus(int argc, char **argv);
int cmd_order(int argc, char **argv);
int cmd_attrs(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_capture(int argc, char **argv);

/* Print "iomodel: file:line:col: msg" on stderr (or {"error":...} on stdout with json). */
void cli_error_diag(const struct iom_diag *d, int json);
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
