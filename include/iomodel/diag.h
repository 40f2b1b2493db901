/* SPDX-License-Identifier: MIT */
/* iomodel -- diagnostics: where a bad input is, and what is wrong with it.
 * Library functions never print. They return 0 or a negative IOM_E* code and, when given
 * a struct iom_diag, fill it with file:line:col and a message. A NULL diag is allowed. */
#ifndef IOMODEL_DIAG_H
#define IOMODEL_DIAG_H

#include <stdarg.h>

enum {
	IOM_EPARSE = 4001,  /* malformed input (syntax)                        */
	IOM_EINVAL = 4002,  /* well-formed but invalid (unknown name, range)   */
	IOM_ENOMEM = 4003,  /* allocation failed                               */
	IOM_EIO = 4004,     /* a file could not be read                        */
	IOM_ELIMIT = 4005,  /* a configured limit was hit (e.g. --max-states)  */
};

struct iom_diag {
	int code;           /* IOM_E*, 0 when unset                            */
	char file[256];     /* input name as given by the caller, "" if none   */
	int line, col;      /* 1-based; 0 when not applicable                  */
	char msg[512];
};

void iom_diag_init(struct iom_diag *d);
/* Record an error; the first one recorded wins, later calls are ignored. */
void iom_diag_set(struct iom_diag *d, int code, const char *file, int line, int col,
		  const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void iom_diag_vset(struct iom_diag *d, int code, const char *file, int line, int col,
		   const char *fmt, va_list ap) __attribute__((format(printf, 6, 0)));
/* "file:line:col: msg" (parts omitted when unknown) into buf. */
const char *iom_diag_str(const struct iom_diag *d, char *buf, unsigned long size);

#endif
