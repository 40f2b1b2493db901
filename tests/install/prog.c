// SPDX-License-Identifier: MIT
/* tests/install/prog.c -- a client of the *installed* libiomodel, built by
 * tests/suites/install.sh with `pkg-config --cflags --libs iomodel` against a DESTDIR
 * install: it parses a scenario through the public API, runs it, and prints the library
 * version, the expectation counts and the rendered report. */
#include <stdio.h>
#include <string.h>
#include <iomodel/scenario.h>
#include <iomodel/version.h>

static const char scn[] =
	"kernel 4.8\n"
	"cpu pat=on vcnt=8 wc=on physbits=36\n"
	"mtrr default=uc\n"
	"mtrr 0x00000000 2G wb\n"
	"ram 0x00000000 2G\n"
	"bar aty0 0xe0000000 16M prefetchable\n"
	"regs = ioremap_uc(0xe07ff000, 4K)\n"
	"fb = ioremap_wc(0xe0000000, 0x7ff000)\n"
	"expect regs uc\n"
	"expect fb wc\n";

int main(void)
{
	struct iom_diag d;
	struct iom_scn_opts o = { 0, -1 };
	struct iom_scn *s;
	struct iom_scn_result *r;
	struct iom_buf b;
	char msg[512];

	iom_diag_init(&d);
	s = iom_scn_parse(scn, strlen(scn), "prog.scn", &d);
	if (!s) {
		fprintf(stderr, "prog: %s\n", iom_diag_str(&d, msg, sizeof(msg)));
		return 2;
	}
	r = iom_scn_run(s, &o, &d);
	if (!r) {
		fprintf(stderr, "prog: %s\n", iom_diag_str(&d, msg, sizeof(msg)));
		iom_scn_free(s);
		return 2;
	}
	printf("libiomodel %s\n", iom_version());
	printf("passed %u failed %u\n", iom_scn_result_passed(r), iom_scn_result_failed(r));
	iom_buf_init(&b);
	iom_scn_render_text(r, &b);
	fputs(iom_buf_str(&b), stdout);
	iom_buf_release(&b);
	iom_scn_result_free(r);
	iom_scn_free(s);
	return 0;
}
