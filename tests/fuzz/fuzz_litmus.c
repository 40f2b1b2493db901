// SPDX-License-Identifier: MIT
/* libFuzzer target: the C-MMIO litmus parser (lib/litmus). Any input must either fail with a
 * diagnostic that carries a position, or parse into a test whose canonical print reparses to
 * the same text; the version check and Expect: lookup must not crash on it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "iomodel/litmus.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct iom_lit_test *t = NULL, *t2 = NULL;
	struct iom_diag d;
	struct iom_buf b1, b2;

	iom_diag_init(&d);
	if (iom_lit_parse((const char *)data, size, "fuzz", &t, &d)) {
		if (t || !d.code || !d.msg[0])
			abort();
		return 0;
	}
	for (int a = 0; a < IOM_ARCH__COUNT; a++) {
		static const unsigned v[] = { IOM_KVER(4, 8), IOM_KVER(5, 2), IOM_KVER(6, 12) };
		for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
			iom_diag_init(&d);
			iom_lit_test_check(t, (enum iom_arch)a, v[k], &d);
			for (int m = 0; m < IOM_LIT_MODEL__COUNT; m++)
				iom_lit_expect_lookup(t, (enum iom_arch)a, v[k], (enum iom_lit_model)m);
		}
	}
	iom_buf_init(&b1);
	iom_buf_init(&b2);
	iom_lit_print(t, &b1);
	iom_diag_init(&d);
	if (iom_lit_parse(iom_buf_str(&b1), b1.len, "reprint", &t2, &d))
		abort();
	iom_lit_print(t2, &b2);
	if (strcmp(iom_buf_str(&b1), iom_buf_str(&b2)))
		abort();
	iom_buf_release(&b1);
	iom_buf_release(&b2);
	iom_lit_test_free(t2);
	iom_lit_test_free(t);
	return 0;
}
