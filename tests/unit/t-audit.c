// SPDX-License-Identifier: MIT
/* t-audit -- reconstruction, effective types and findings (include/iomodel/audit.h).
 * Effective types are checked against SDM Table 11-7 cells as restated in spec
 * XMT-1.5 (UC MTRR x WC PAT = WC; WC MTRR x UC- = WC; WB x UC- = UC), MTRR
 * overlap rules against XMT-1.3, unknowns against the "never guessed silently" rule.
 * Each finding code is checked both raised and not raised on small hand-made inputs. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/audit.h"
#include "iomodel/sys.h"

static struct iom_sys_state st;
static struct iom_audit au;
static bool ran;

static int setup(void **s)
{
	(void)s;
	iom_sys_state_init(&st);
	ran = false;
	return 0;
}

static int teardown(void **s)
{
	(void)s;
	if (ran)
		iom_audit_release(&au);
	iom_sys_state_release(&st);
	return 0;
}

static void add(const char *name, const char *text)
{
	assert_true(iom_sys_add_text(&st, name, IOM_SYS_K_UNKNOWN, text, strlen(text)) >= 0);
}

static void run(void)
{
	assert_int_equal(iom_audit_run(&au, &st), 0);
	ran = true;
}

static const struct iom_aud_finding *find(const char *code)
{
	for (size_t i = 0; i < au.nr_findings; i++)
		if (!strcmp(au.findings[i].code->code, code))
			return &au.findings[i];
	return NULL;
}

static const struct iom_aud_region *region(enum iom_aud_rkind k, uint64_t start)
{
	for (size_t i = 0; i < au.nr_regions; i++)
		if (au.regions[i].kind == k && au.regions[i].start == start)
			return &au.regions[i];
	return NULL;
}

#define PATCFG "[    0.1] x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WP  UC- WT  \n"
#define S(t) IOM_MTSET(IOM_MT_##t)

static void test_mtset_str(void **s)
{
	(void)s;
	char b[16];
	assert_string_equal(iom_mtset_str(S(WC), b, sizeof(b)), "WC");
	assert_string_equal(iom_mtset_str(S(UC) | S(WB), b, sizeof(b)), "UC|WB");
	assert_string_equal(iom_mtset_str(S(UC) | S(WB) | S(WC), b, sizeof(b)), "?");
	assert_string_equal(iom_mtset_str(0, b, sizeof(b)), "-");
}

/* the codes the issue requires exist, each with explanation, fix and source */
static void test_codes(void **s)
{
	(void)s;
	static const char *const need[] = {
		"registers-write-combined", "framebuffer-uncached", "wc-request-downgraded",
		"mapping-refused", "mtrr-exhausted", "mtrr-overlap-undefined", "mtrr-add-rejected",
		"pat-disabled", "legacy-wc-mtrr", "mtrr-inconsistent", "firmware-mtrr-bug",
		"ram-mapped-uncached",
	};
	for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
		const struct iom_aud_code *c = iom_aud_code_find(need[i]);
		assert_non_null(c);
		assert_true(strlen(c->explanation) > 40 && strlen(c->fix) > 20 && strlen(c->source) > 5);
	}
	for (size_t i = 0; i < iom_aud_nr_codes(); i++)
		for (size_t k = i + 1; k < iom_aud_nr_codes(); k++)
			assert_string_not_equal(iom_aud_code_at(i)->code, iom_aud_code_at(k)->code);
	assert_null(iom_aud_code_find("no-such-code"));
}

/* SDM Table 11-7: MTRR UC x PAT WC = WC; MTRR UC x PAT UC- = UC (martins3-n100 layout) */
static void test_eff_pat_wc_over_uc_mtrr(void **s)
{
	(void)s;
	add("mtrr", "reg05: base=0x4000000000 (262144MB), size=262144MB, count=1: uncachable\n");
	add("pat", "PAT memtype list:\n"
		   "PAT: [mem 0x0000004000000000-0x0000004010000000] write-combining\n"
		   "PAT: [mem 0x0000006000000000-0x0000006000200000] uncached-minus\n");
	add("dmesg", PATCFG);
	run();
	const struct iom_aud_region *r = region(IOM_AUD_R_RESV, 0x4000000000ULL);
	assert_non_null(r);
	assert_int_equal(r->mtrr, S(UC));
	assert_int_equal(r->eff, S(WC));
	r = region(IOM_AUD_R_RESV, 0x6000000000ULL);
	assert_int_equal(r->eff, S(UC));
	assert_int_equal(au.nr_findings, 0);
}

/* SDM Table 11-7: MTRR WC x PAT UC- = WC, so an ioremap() of a register BAR under a WC MTRR
 * is WC (seed 3cc2dac5be3f); the same BAR under a UC MTRR is fine. */
static void test_registers_wc(void **s)
{
	(void)s;
	add("mtrr", "reg00: base=0x0e0000000 ( 3584MB), size=  128MB, count=1: write-combining\n");
	add("lspci", "00:02.0 VGA compatible controller: X\n"
		     "\tRegion 0: Memory at e8000000 (32-bit, prefetchable) [size=128M]\n"
		     "\tRegion 1: Memory at e0000000 (32-bit, non-prefetchable) [size=512K]\n");
	run();
	const struct iom_aud_finding *f = find("registers-write-combined");
	assert_non_null(f);
	assert_int_equal(f->sev, IOM_AUD_ERROR);
	assert_true(f->start == 0xe0000000 && f->end == 0xe0080000);
	assert_int_equal(f->nr_ev, 2); /* the BAR line and the MTRR line */
	const struct iom_aud_region *r = region(IOM_AUD_R_BAR, 0xe0000000);
	assert_true(r->hypothetical);
	assert_int_equal(r->eff, S(WC));
	assert_non_null(find("framebuffer-uncached")); /* BAR0 has no WC and PAT is unknown */
}

static void test_registers_not_wc(void **s)
{
	(void)s;
	add("mtrr", "reg00: base=0x0e8000000 ( 3712MB), size=  128MB, count=1: write-combining\n");
	add("lspci", "00:02.0 VGA compatible controller: X\n"
		     "\tRegion 0: Memory at e8000000 (32-bit, prefetchable) [size=128M]\n"
		     "\tRegion 1: Memory at e0000000 (32-bit, non-prefetchable) [size=512K]\n");
	run();
	assert_null(find("registers-write-combined"));
	assert_null(find("framebuffer-uncached")); /* the aperture has its WC MTRR */
}

/* unknown default type stays a set {UC, WB}; a dump makes it known */
static void test_default_unknown_vs_dump(void **s)
{
	(void)s;
	add("mtrr", "reg00: base=0x0c0000000 ( 3072MB), size= 1024MB, count=1: uncachable\n");
	add("pat", "PAT memtype list:\nPAT: [mem 0x0000000070000000-0x0000000070001000] write-back\n");
	add("dmesg", PATCFG);
	run();
	const struct iom_aud_region *r = region(IOM_AUD_R_RESV, 0x70000000);
	assert_int_equal(r->mtrr, S(UC) | S(WB));
	assert_int_equal(r->eff, S(UC) | S(WB));
	assert_true(au.nr_unknowns > 0);
	iom_audit_release(&au);
	ran = false;
	add("dump", "MTRR default type: write-back\nMTRR fixed ranges disabled:\n"
		    "MTRR variable ranges enabled:\n  0 base 0C0000000 mask FC0000000 uncachable\n");
	run();
	/* /proc/mtrr still gives the registers; the dump gives the default */
	r = region(IOM_AUD_R_RESV, 0x70000000);
	assert_int_equal(r->mtrr, S(WB));
	assert_int_equal(r->eff, S(WB));
}

/* SDM §11.11.4.1: WB+WC overlap is undefined, UC+WC is UC (defined) */
static void test_overlap(void **s)
{
	(void)s;
	add("mtrr", "reg00: base=0x000000000 (    0MB), size= 4096MB, count=1: write-back\n"
		    "reg01: base=0x0d0000000 ( 3328MB), size=  256MB, count=1: write-combining\n"
		    "reg02: base=0x0fb000000 ( 4016MB), size=   16MB, count=1: write-combining\n"
		    "reg03: base=0x0fb000000 ( 4016MB), size=    4KB, count=1: uncachable\n");
	run();
	size_t n = 0;
	for (size_t i = 0; i < au.nr_findings; i++)
		if (!strcmp(au.findings[i].code->code, "mtrr-overlap-undefined")) {
			n++;
			/* reg01 and reg02 lie inside reg00's 4 GiB: two undefined overlaps */
			assert_true(au.findings[i].start == 0xd0000000 || au.findings[i].start == 0xfb000000);
		}
	assert_int_equal(n, 2);
}

static void test_overlap_defined(void **s)
{
	(void)s;
	add("mtrr", "reg10: base=0xfb000000 (4016MB), size=  16MB: write-combining, count=1\n"
		    "reg11: base=0xfb000000 (4016MB), size=   4kB: uncachable, count=1\n"
		    "reg00: base=0x000000000 (    0MB), size= 2048MB, count=1: write-back\n"
		    "reg01: base=0x07ff80000 ( 2047MB), size=  512KB, count=1: write-through\n");
	run();
	assert_null(find("mtrr-overlap-undefined"));
}

/* PAT state: cpuinfo without "pat" -> pat-disabled; with PAT on a WC MTRR is legacy */
static void test_pat_disabled_cpuinfo(void **s)
{
	(void)s;
	add("cpuinfo", "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge\n");
	run();
	const struct iom_aud_finding *f = find("pat-disabled");
	assert_non_null(f);
	assert_int_equal(au.pat, IOM_AUD_PAT_DISABLED);
	assert_int_equal(f->nr_ev, 1);
}

static void test_legacy_wc_needs_pat(void **s)
{
	(void)s;
	add("mtrr", "reg06: base=0x0d0000000 ( 3328MB), size=  256MB, count=1: write-combining\n");
	run();
	assert_null(find("legacy-wc-mtrr")); /* PAT unknown: not raised */
	iom_audit_release(&au);
	ran = false;
	add("dmesg", PATCFG);
	run();
	const struct iom_aud_finding *f = find("legacy-wc-mtrr");
	assert_non_null(f);
	assert_true(f->start == 0xd0000000 && f->end == 0xe0000000);
}

/* System RAM over a UC default: WB PAT x UC MTRR = UC (Table 11-7) */
static void test_ram_uncached(void **s)
{
	(void)s;
	add("dmesg", "MTRR default type: uncachable\nMTRR fixed ranges disabled:\n"
		     "MTRR variable ranges enabled:\n  0 base 000000000 mask F80000000 write-back\n"
		     "  1 disabled\n");
	add("iomem", "00100000-bfffffff : System RAM\nc0000000-febfffff : PCI Bus 0000:00\n");
	run();
	const struct iom_aud_finding *f = find("ram-mapped-uncached");
	assert_non_null(f);
	assert_true(f->start == 0x80000000 && f->end == 0xc0000000);
	assert_null(find("mtrr-exhausted")); /* 1 of 2 used */
}

static void test_ram_unknown_not_flagged(void **s)
{
	(void)s;
	add("mtrr", "reg00: base=0x000000000 (    0MB), size= 2048MB, count=1: write-back\n");
	add("iomem", "00100000-bfffffff : System RAM\n");
	run();
	assert_null(find("ram-mapped-uncached")); /* default type unknown: UC|WB, not a finding */
}

/* all registers used: warning without PAT, note with PAT */
static void test_exhausted_severity(void **s)
{
	(void)s;
	add("dmesg", "MTRR default type: uncachable\nMTRR variable ranges enabled:\n"
		     "  0 base 000000000 mask F80000000 write-back\n"
		     "  1 base 080000000 mask FC0000000 write-back\n" PATCFG);
	run();
	const struct iom_aud_finding *f = find("mtrr-exhausted");
	assert_non_null(f);
	assert_int_equal(f->sev, IOM_AUD_INFO);
	assert_int_equal(iom_audit_count(&au, IOM_AUD_WARNING), 0);
}

/* ioremap error decoded with page cache modes; the owner comes from /proc/iomem */
static void test_mapping_refused_owner(void **s)
{
	(void)s;
	add("iomem", "78a04000-78ea2fff : ACPI Non-volatile Storage\n  78e31000-78e31fff : USBC000:00\n");
	add("dmesg", "[   24.237747] ioremap error for 0x78e31000-0x78e32000, requested 0x2, got 0x0\n");
	run();
	const struct iom_aud_finding *f = find("mapping-refused");
	assert_non_null(f);
	assert_non_null(strstr(f->message, "UC-"));
	assert_non_null(strstr(f->message, "WB"));
	assert_non_null(strstr(f->message, "USBC000:00"));
	assert_non_null(strstr(f->message, "refuses"));
}

/* default type deduced WB only when no variable range is WB and RAM exists, and said so */
static void test_default_deduced(void **s)
{
	(void)s;
	add("mtrr", "reg00: base=0x080000000 ( 2048MB), size= 2048MB, count=1: uncachable\n");
	add("iomem", "00100000-7fffffff : System RAM\n");
	run();
	assert_true(au.def_known && au.def_inferred);
	bool said = false;
	for (size_t i = 0; i < au.nr_unknowns; i++)
		said |= strstr(au.unknowns[i], "deduced WB") != NULL;
	assert_true(said);
	iom_audit_release(&au);
	ran = false;
	iom_sys_state_release(&st);
	iom_sys_state_init(&st);
	add("mtrr", "reg00: base=0x000000000 (    0MB), size= 2048MB, count=1: write-back\n");
	add("iomem", "00100000-7fffffff : System RAM\n");
	run();
	assert_false(au.def_known); /* a WB register exists: the default really is unknown */
}

/* a WC entry next to a prefetchable BAR is not on it (amzn-drivers #215) */
static void test_wc_adjacent(void **s)
{
	(void)s;
	add("pat", "PAT: [mem 0x00000000fe800000-0x00000000fe900000] write-combining\n");
	add("lspci", "00:06.0 Ethernet controller: ENA\n"
		     "Memory at fe900000 (32-bit, prefetchable) [size=1M]\n");
	run();
	const struct iom_aud_finding *f = find("framebuffer-uncached");
	assert_non_null(f);
	assert_int_equal(f->sev, IOM_AUD_INFO);
	assert_true(f->start == 0xfe900000 && f->end == 0xfea00000);
	assert_int_equal(iom_audit_count(&au, IOM_AUD_WARNING), 0);
}

/* /proc/mtrr and the boot dump disagree about a register */
static void test_inconsistent_inputs(void **s)
{
	(void)s;
	add("mtrr", "reg00: base=0x000000000 (    0MB), size= 2048MB, count=1: write-back\n");
	add("dmesg", "MTRR default type: uncachable\nMTRR variable ranges enabled:\n"
		     "  0 base 000000000 mask F00000000 write-back\n  1 disabled\n");
	run();
	const struct iom_aud_finding *f = find("mtrr-inconsistent");
	assert_non_null(f);
	assert_int_equal(f->nr_ev, 2);
}

/* a vesafb framebuffer without WC on a non-PAT system; with a WC MTRR it is fine */
static void test_framebuffer_log(void **s)
{
	(void)s;
	add("mtrr", "reg00: base=0x000000000 (    0MB), size= 2048MB, count=1: write-back\n");
	add("dmesg", "x86/PAT: PAT support disabled via boot option.\n"
		     "vesafb: framebuffer at 0xd0000000, mapped to 0xe0807000, using 16384k, total 16384k\n");
	run();
	const struct iom_aud_finding *f = find("framebuffer-uncached");
	assert_non_null(f);
	assert_true(f->start == 0xd0000000 && f->end == 0xd1000000);
	iom_audit_release(&au);
	ran = false;
	add("mtrr2", "reg01: base=0x0d0000000 ( 3328MB), size=   16MB, count=1: write-combining\n");
	run();
	assert_null(find("framebuffer-uncached"));
}

/* the JSON report parses and lists the codes */
static void test_json(void **s)
{
	(void)s;
	add("dmesg", "[    0.000000] x86/PAT: PAT support disabled via boot option.\n"
		     "mtrr: no more MTRRs available\n");
	run();
	struct iom_buf b;
	iom_buf_init(&b);
	assert_int_equal(iom_audit_json(&au, &b, true), 0);
	json_error_t err;
	json_t *j = json_loads(iom_buf_str(&b), 0, &err);
	assert_non_null(j);
	json_t *codes = json_object_get(json_object_get(j, "summary"), "codes");
	assert_int_equal(json_array_size(codes), 2);
	assert_string_equal(json_string_value(json_object_get(json_object_get(j, "pat"), "state")), "disabled");
	json_decref(j);
	iom_buf_release(&b);
}

/* a clean capture says so */
static void test_no_problems_text(void **s)
{
	(void)s;
	add("mtrr", "");
	add("dmesg", PATCFG);
	run();
	struct iom_buf b;
	iom_buf_init(&b);
	iom_audit_text(&au, &b, 0);
	assert_non_null(strstr(iom_buf_str(&b), "Result: no problems found"));
	iom_buf_release(&b);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_mtset_str),          T(test_codes),
		T(test_eff_pat_wc_over_uc_mtrr), T(test_registers_wc),
		T(test_registers_not_wc),   T(test_default_unknown_vs_dump),
		T(test_overlap),            T(test_overlap_defined),
		T(test_pat_disabled_cpuinfo), T(test_legacy_wc_needs_pat),
		T(test_ram_uncached),       T(test_ram_unknown_not_flagged),
		T(test_exhausted_severity), T(test_mapping_refused_owner),
		T(test_json),               T(test_no_problems_text),
		T(test_default_deduced),    T(test_wc_adjacent),
		T(test_inconsistent_inputs), T(test_framebuffer_log),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
