/* SPDX-License-Identifier: MIT */
/* Shared body of the reader fuzz targets: parse one input with one reader, then run the
 * whole audit and every renderer on the result. Any input must give messages, never a
 * crash, a hang or a sanitizer report. */
#ifndef FUZZ_RD_COMMON_H
#define FUZZ_RD_COMMON_H
#include <stdint.h>
#include <stdlib.h>
#include "iomodel/audit.h"
#include "iomodel/sys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline int fuzz_reader(const uint8_t *data, size_t size, enum iom_sys_kind kind,
			      const char *name)
{
	struct iom_sys_state st;
	struct iom_audit a;
	struct iom_buf b;
	iom_sys_state_init(&st);
	if (iom_sys_add_text(&st, name, kind, (const char *)data, size) < 0)
		abort();
	if (!iom_audit_run(&a, &st)) {
		iom_buf_init(&b);
		iom_audit_text(&a, &b, 0);
		iom_audit_json(&a, &b, false);
		iom_audit_svg(&a, &b);
		iom_buf_release(&b);
		iom_audit_release(&a);
	}
	iom_sys_state_release(&st);
	return 0;
}
#endif
