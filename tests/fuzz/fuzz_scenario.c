// SPDX-License-Identifier: MIT
/* libFuzzer target: the scenario parser and, when the input parses, a run of it.
 * A malformed input must give a diagnostic with a line number, never a crash or hang. */
#include <stdint.h>
#include <stdlib.h>
#include "iomodel/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct iom_diag d;
	iom_diag_init(&d);
	struct iom_scn *s = iom_scn_parse((const char *)data, size, "fuzz", &d);
	if (!s) {
		if (!d.code)
			abort(); /* a failed parse must say why */
		return 0;
	}
	struct iom_scn_opts o = { 0, -1 };
	struct iom_scn_result *r = iom_scn_run(s, &o, &d);
	if (r) {
		struct iom_buf b;
		iom_buf_init(&b);
		iom_scn_render_text(r, &b);
		iom_scn_render_json(r, &b);
		iom_buf_release(&b);
		iom_scn_result_free(r);
	}
	iom_scn_free(s);
	return 0;
}
