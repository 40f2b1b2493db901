// SPDX-License-Identifier: MIT
/* t-length-safety -- every parser entry point honours its length argument (no parser reads past its input).
 * Each input is handed over in a heap block of exactly its length with no NUL after it, so
 * the sanitizer build (SANITIZE=1) reports any read past the end. Every prefix of a
 * representative input is parsed the same way (a cut can fall anywhere), and each bug the
 * fuzz targets found has its own case with the diagnostic or result it must give:
 *   - scenario: "expect NAME[" (and "expect NAME[LO:") as the last bytes of the buffer
 *     (parse_expect looked at the byte after the end), found by fuzz_scenario;
 *   - lspci: a device header with no blank after the address ("00:02.0") made the class
 *     text start one byte past the line's NUL, i.e. in what an earlier line left behind;
 *   - dmesg: a short line starting with a digit ("1") was tested at s[4];
 *   - litmus lexer: a NUL byte was taken for a punctuation token (strchr() finds the
 *     terminator), so the parser reported a cut "found '" instead of the byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/litmus.h"
#include "iomodel/scenario.h"
#include "iomodel/sys.h"

/* An exactly-sized copy (at least one byte allocated; never read when len is 0). */
static char *exact(const char *s, size_t len)
{
	char *p = malloc(len ? len : 1);
	assert_non_null(p);
	memcpy(p, s, len);
	return p;
}

static struct iom_scn *scn_parse(const char *s, size_t len, struct iom_diag *d)
{
	char *b = exact(s, len);
	iom_diag_init(d);
	struct iom_scn *r = iom_scn_parse(b, len, "t.scn", d);
	free(b);
	return r;
}

static const char scn_text[] =
	"# every statement kind\n"
	"kernel 6.12\n"
	"cpu pat=on vcnt=8 wc=on physbits=36 fix=on errata=off mtrr=on wc-chipset=ok\n"
	"mtrr default=uc enabled=on fixed=off\n"
	"mtrr fixed 0 0x10000 wb\n"
	"mtrr 0x00000000 2G wb\n"
	"mtrr reg3 0x80000000 1G uc\n"
	"ram 0x00000000 2G\n"
	"reserved 0xfe000000 16M acpi\n"
	"bar fb0 0xd0000000 256M prefetchable 64bit\n"
	"task Xorg 1234\n"
	"regs = ioremap_uc(0xd0000000, 4K)\n"
	"fb = ioremap_wc(0xd0001000, 0x7ff000)\n"
	"m = memremap(0xd8000000, 1M, MEMREMAP_WB|MEMREMAP_WC)\n"
	"cookie = arch_phys_wc_add(0xd0000000, 256M)\n"
	"expect fb[0:0x1000] wc\n"
	"expect fb[0x1000:] wc when pat=on kernel>=4.8\n"
	"expect fb tracked wc\n"
	"expect regs pte 0x018 when pat=on\n"
	"expect cookie = 0 when pat=on\n"
	"expect log \"conflicting\" when kernel<4.0\n"
	"expect mtrr-used 2\n"
	"iounmap(fb)\n";

static void test_scn_every_prefix(void **s)
{
	(void)s;
	struct iom_diag d;
	size_t n = sizeof(scn_text) - 1;
	for (size_t len = 0; len <= n; len++) {
		struct iom_scn *r = scn_parse(scn_text, len, &d);
		if (!r)
			assert_int_not_equal(d.code, 0); /* a failed parse says why */
		iom_scn_free(r);
	}
	struct iom_scn *r = scn_parse(scn_text, n, &d);
	if (!r)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	iom_scn_free(r);
}

/* The fuzz_scenario heap-buffer-overflow: the slice's first byte was read unchecked. */
static void test_scn_slice_at_end(void **s)
{
	(void)s;
	static const char *const cut[] = {
		"fb = ioremap_wc(0xd0000000, 0x800000)\nexpect fb[",
		"fb = ioremap_wc(0xd0000000, 0x800000)\nexpect fb[  ",
		"fb = ioremap_wc(0xd0000000, 0x800000)\nexpect fb[0:",
		"fb = ioremap_wc(0xd0000000, 0x800000)\nexpect fb[0x10 : ",
	};
	static const int want_col[] = { 11, 13, 13, 18 };
	for (size_t i = 0; i < sizeof(cut) / sizeof(cut[0]); i++) {
		struct iom_diag d;
		struct iom_scn *r = scn_parse(cut[i], strlen(cut[i]), &d);
		assert_null(r);
		assert_int_equal(d.code, IOM_EPARSE);
		assert_int_equal(d.line, 2);
		assert_int_equal(d.col, want_col[i]);
		assert_non_null(strstr(d.msg, "expected an offset"));
	}
}

static void sys_exact(struct iom_sys_state *st, enum iom_sys_kind k, const char *name,
		      const char *text, size_t len)
{
	char *b = exact(text, len);
	assert_true(iom_sys_add_text(st, name, k, b, len) >= 0);
	free(b);
}

static const char lspci_text[] =
	"00:01.0 VGA compatible controller: Example Graphics [1234:5678]\n"
	"00:02.0\n"
	"\tMemory at e0000000 (32-bit, prefetchable) [size=256M]\n"
	"01:00.0 Ethernet controller [0200]: Example NIC\n"
	"\tRegion 0: Memory at f0000000 (64-bit, non-prefetchable) [size=16K]\n";

/* A header that is only the address has no class; nothing of the line before leaks in. */
static void test_lspci_bare_header(void **s)
{
	(void)s;
	struct iom_sys_state st;
	iom_sys_state_init(&st);
	sys_exact(&st, IOM_SYS_K_LSPCI, "lspci", lspci_text, sizeof(lspci_text) - 1);
	assert_int_equal(st.nr_bars, 2);
	assert_string_equal(st.bars[0].bdf, "0000:00:02.0");
	assert_string_equal(st.bars[0].devclass, "");
	assert_string_equal(st.bars[1].bdf, "0000:01:00.0");
	assert_string_equal(st.bars[1].devclass, "Ethernet controller");
	iom_sys_state_release(&st);
}

static const char dmesg_text[] =
	"1\n"
	"12-\n"
	"2024-01-02T03:04:05 host kernel: x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WP  UC- WT\n"
	"<6>[    0.000000] BIOS-e820: [mem 0x0000000000000000-0x000000000009fbff] usable\n"
	"[    1.5] pci 0000:00:02.0: BAR 0 [mem 0xe0000000-0xefffffff 64bit pref]\n"
	"x86/PAT: Xorg:1234 conflicting memory types e0000000-f0000000 write-combining<->uncached-minus\n"
	"mtrr: type mismatch for e0000000,8000000 old: write-back new: write-combining\n"
	"MTRR variable ranges enabled:\n"
	"  0 base 0000000000 mask 7F80000000 write-back\n"
	"Linux version 6.12.0";

static const struct {
	enum iom_sys_kind kind;
	const char *name, *text;
} sys_inputs[] = {
	{ IOM_SYS_K_LSPCI, "lspci", lspci_text },
	{ IOM_SYS_K_KLOG, "dmesg", dmesg_text },
	{ IOM_SYS_K_MTRR, "mtrr",
	  "reg00: base=0x000000000 (    0MB), size= 2048MB, count=1: write-back\n"
	  "reg01: base=0x0e0000000 ( 3584MB), size=  256MB, count=1: write-combining" },
	{ IOM_SYS_K_IOMEM, "iomem", "00000000-00000fff : Reserved\n  00001000-0009fbff : System RAM" },
	{ IOM_SYS_K_PAT_LIST, "pat_memtype_list",
	  "PAT memtype list:\nPAT: [mem 0x00000000e0000000-0x00000000f0000000] write-combining\n"
	  "uncached-minus @ 0xfed00000-0xfed01000" },
	{ IOM_SYS_K_PCI_RESOURCE, "sys/bus/pci/devices/0000:00:02.0/resource",
	  "0x00000000e0000000 0x00000000efffffff 0x000000000014220c\n"
	  "0x0000000000000000 0x0000000000000000 0x0000000000000000" },
	{ IOM_SYS_K_CPUINFO, "cpuinfo", "processor\t: 0\nflags\t\t: fpu pat mtrr" },
	{ IOM_SYS_K_UNKNOWN, "unknown", "reg00: base=0x0" },
};

/* Every prefix of one input of each kind, each reader and the content detection. */
static void test_sys_every_prefix(void **s)
{
	(void)s;
	for (size_t i = 0; i < sizeof(sys_inputs) / sizeof(sys_inputs[0]); i++) {
		size_t n = strlen(sys_inputs[i].text);
		for (size_t len = 0; len <= n; len++) {
			struct iom_sys_state st;
			iom_sys_state_init(&st);
			sys_exact(&st, sys_inputs[i].kind, sys_inputs[i].name, sys_inputs[i].text, len);
			iom_sys_state_release(&st);
		}
	}
}

static const char lit_text[] =
	"C t-prefix\n"
	"(*\n * Result: Never\n * Expect: x86 * * Never\n *)\n"
	"{ dev = ioremap(dev0); int x = 0; }\n"
	"P0(void __iomem *dev, int *x, spinlock_t *a)\n"
	"{\n\tint r0; /* c */\n\tspin_lock(a);\n\tr0 = READ_ONCE(*x);\n"
	"\twritel(0x1UL, dev + 0x4); // d\n\tspin_unlock(a);\n}\n"
	"P1(void __iomem *dev, int *x)\n{\n\tWRITE_ONCE(*x, 1);\n\tif (1 == 1) { wmb(); }\n}\n"
	"exists (0:r0=1 /\\ dev0[0x4]=1 \\/ ~x=0)\n";

static void test_litmus_every_prefix(void **s)
{
	(void)s;
	size_t n = sizeof(lit_text) - 1;
	for (size_t len = 0; len <= n; len++) {
		char *b = exact(lit_text, len);
		struct iom_lit_test *t = NULL;
		struct iom_diag d;
		iom_diag_init(&d);
		if (iom_lit_parse(b, len, "t.litmus", &t, &d) < 0)
			assert_int_not_equal(d.code, 0);
		iom_lit_test_free(t);
		free(b);
	}
}

/* A NUL byte is an unexpected byte at its own position, not a token. */
static void test_litmus_nul_byte(void **s)
{
	(void)s;
	static const char in[] = "C t-nul\n\0{ int x = 0; }\nP0(int *x) { WRITE_ONCE(*x, 1); }\n"
				 "exists (x=1)\n";
	char *b = exact(in, sizeof(in) - 1);
	struct iom_lit_test *t = NULL;
	struct iom_diag d;
	iom_diag_init(&d);
	assert_true(iom_lit_parse(b, sizeof(in) - 1, "t.litmus", &t, &d) < 0);
	assert_null(t);
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 1);
	assert_non_null(strstr(d.msg, "unexpected byte"));
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scn_every_prefix),
		cmocka_unit_test(test_scn_slice_at_end),
		cmocka_unit_test(test_lspci_bare_header),
		cmocka_unit_test(test_sys_every_prefix),
		cmocka_unit_test(test_litmus_every_prefix),
		cmocka_unit_test(test_litmus_nul_byte),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
