/* SPDX-License-Identifier: MIT */
/* iomodel -- growable text buffer used by every report renderer.
 * Renderers append to a struct iom_buf; the caller decides where the text goes. */
#ifndef IOMODEL_BUF_H
#define IOMODEL_BUF_H

#include <stddef.h>

struct iom_buf {
	char *s;            /* NUL-terminated, owned; NULL until first append */
	size_t len, cap;
	int oom;            /* set when an allocation failed                  */
};

void iom_buf_init(struct iom_buf *b);
void iom_buf_release(struct iom_buf *b);
void iom_buf_reset(struct iom_buf *b);
void iom_buf_add(struct iom_buf *b, const char *s, size_t n);
void iom_buf_puts(struct iom_buf *b, const char *s);
void iom_buf_printf(struct iom_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text so far; "" when empty. Borrowed until the next append. */
const char *iom_buf_str(const struct iom_buf *b);

#endif
