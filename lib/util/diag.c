// SPDX-License-Identifier: MIT
/* iomodel -- diagnostics. */
#include <stdio.h>
#include <string.h>
#include "iomodel/diag.h"

void iom_diag_init(struct iom_diag *d)
{
	if (d)
		memset(d, 0, sizeof(*d));
}

void iom_diag_vset(struct iom_diag *d, int code, const char *file, int line, int col,
		   const char *fmt, va_list ap)
{
	if (!d || d->code)
		return;
	d->code = code;
	snprintf(d->file, sizeof(d->file), "%s", file ? file : "");
	d->line = line;
	d->col = col;
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
}

void iom_diag_set(struct iom_diag *d, int code, const char *file, int line, int col,
		  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	iom_diag_vset(d, code, file, line, col, fmt, ap);
	va_end(ap);
}

const char *iom_diag_str(const struct iom_diag *d, char *buf, unsigned long size)
{
	if (d->file[0] && d->line && d->col)
		snprintf(buf, size, "%s:%d:%d: %s", d->file, d->line, d->col, d->msg);
	else if (d->file[0] && d->line)
		snprintf(buf, size, "%s:%d: %s", d->file, d->line, d->msg);
	else if (d->file[0])
		snprintf(buf, size, "%s: %s", d->file, d->msg);
	else
		snprintf(buf, size, "%s", d->msg);
	return buf;
}
