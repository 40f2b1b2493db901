// SPDX-License-Identifier: MIT
/* iomodel -- growable text buffer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "iomodel/buf.h"

void iom_buf_init(struct iom_buf *b)
{
	memset(b, 0, sizeof(*b));
}

void iom_buf_release(struct iom_buf *b)
{
	free(b->s);
	iom_buf_init(b);
}

void iom_buf_reset(struct iom_buf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = 0;
}

static int grow(struct iom_buf *b, size_t extra)
{
	if (b->oom)
		return -1;
	if (b->len + extra + 1 <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + extra + 1)
		cap *= 2;
	char *s = realloc(b->s, cap);
	if (!s) {
		b->oom = 1;
		return -1;
	}
	b->s = s;
	b->cap = cap;
	return 0;
}

void iom_buf_add(struct iom_buf *b, const char *s, size_t n)
{
	if (grow(b, n))
		return;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void iom_buf_puts(struct iom_buf *b, const char *s)
{
	iom_buf_add(b, s, strlen(s));
}

void iom_buf_printf(struct iom_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || grow(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

const char *iom_buf_str(const struct iom_buf *b)
{
	return b->s ? b->s : "";
}
