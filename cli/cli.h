/* SPDX-License-Identifier: MIT */
/* iomodel CLI -- shared declarations. The CLI includes only <iomodel/...> public headers.
 * Exit codes (man/iomodel.1.scd, EXIT STATUS): 0 ok, 1 an expectation or verdict failed / findings,
 * 2 bad input or usage. */
#ifndef IOMODEL_CLI_H
#define IOMODEL_CLI_H

#include <stdio.h>
#include "iomodel/diag.h"
#include "iomodel/litmus.h"

enum { CLI_OK = 0, CLI_FAIL = 1, CLI_BADINPUT = 2 };

/* One function per top-level command, each in cli/cmd_<name>.c. argv[0] is the command name. */
int cmd_memtype(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_litmus(int argc, char **argv);
int cmd_order(int argc, char **argv);
int cmd_attrs(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_capture(int argc, char **argv);
int cmd_herd7(int argc, char **argv);
/* iomodel litmus --to-aarch64 / --check-aarch64 (cmd_port.c) */
int cli_to_aarch64(char **files, int n);
int cli_check_aarch64(char **files, int n, int json);
int cmd_lint(int argc, char **argv);

/* --arch X|all and --model M|all for litmus and order: fill out[] (IOM_ARCH__COUNT or
 * IOM_LIT_MODEL__COUNT entries at most) and *n. On an unknown name print
 * "iomodel: CMD: unknown ..." and return -1. */
int cli_parse_archs(const char *cmd, const char *s, enum iom_arch *out, int *n);
int cli_parse_models(const char *cmd, const char *s, enum iom_lit_model *out, int *n);

/* Print "iomodel: file:line:col: msg" on stderr (or {"error":...} on stdout with json). */
void cli_error_diag(const struct iom_diag *d, int json);
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The whole of a file, NUL-terminated (len excludes the NUL); NULL with errno set. */
char *cli_read_file(const char *path, size_t *len);

#endif
