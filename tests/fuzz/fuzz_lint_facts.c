// SPDX-License-Identifier: MIT
/* libFuzzer target: iomodel lint's readers. The input is read as a facts file, as spatch
 * output and as a source file of the same driver; then the findings are decided, every
 * report is rendered, and the facts are written and read back, which must succeed. */
#include <stdint.h>
#include <stdlib.h>
#include "iomodel/lint.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *t = (const char *)data;
	for (unsigned kver = 0; kver < 2; kver++) {
		struct iom_lint *l = iom_lint_new(kver ? 0x0401 : 0);
		if (!l)
			return 0;
		struct iom_diag d;
		iom_diag_init(&d);
		iom_lint_read_facts(l, t, size, "fuzz", &d);
		iom_lint_driver(l, kver ? NULL : "drv");
		iom_lint_add_spatch(l, t, size, "fuzz", &d);
		iom_lint_add_source(l, "fb.c", t, size);
		iom_lint_add_source(l, "drivers/x/fb.c", t, size);
		iom_lint_decide(l, &d);
		struct iom_buf b;
		iom_buf_init(&b);
		iom_lint_render_text(l, &b);
		iom_lint_render_gcc(l, &b);
		iom_lint_render_json(l, &b);
		iom_lint_render_sarif(l, "0", &b);
		iom_buf_reset(&b);
		iom_lint_write_facts(l, &b);
		struct iom_lint *l2 = iom_lint_new(0);
		if (l2 && !b.oom && iom_lint_read_facts(l2, b.s ? b.s : "", b.len, "again", &d) < 0)
			abort(); /* what the writer writes, the reader reads */
		iom_lint_free(l2);
		iom_buf_release(&b);
		iom_lint_free(l);
	}
	return 0;
}
