// SPDX-License-Identifier: MIT
/* t-sys -- the system readers (include/iomodel/sys.h) on the formats of FIELD-a:
 * /proc/mtrr in its three historical formats (FIELD-a.1), pat_memtype_list in both formats with
 * exclusive ends (FIELD-a.3), /proc/iomem nesting, inclusive ends and the non-root zeroing
 * (FIELD-a.4), the kernel log lines of FIELD-a.5 (PAT configuration, conflicts, ioremap errors with
 * a mail-wrapped line, the print_mtrr_state() dump, the 6.x MTRR map line, BAR and e820
 * lines), sysfs resource flags (FIELD-a.6), lspci -v/-vv and cpuinfo; content detection; the
 * in-memory source and the loader. Expected values are worked out by hand from the spec. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "iomodel/sys.h"

static struct iom_sys_state st;

static int setup(void **s)
{
	(void)s;
	iom_sys_state_init(&st);
	return 0;
}

static int teardown(void **s)
{
	(void)s;
	iom_sys_state_release(&st);
	return 0;
}

static int add(const char *name, enum iom_sys_kind k, const char *text)
{
	return iom_sys_add_text(&st, name, k, text, strlen(text));
}

static bool has_msg(int input, int line, const char *needle)
{
	for (size_t i = 0; i < st.nr_msgs; i++)
		if (st.msgs[i].at.input == input && st.msgs[i].at.line == line && strstr(st.msgs[i].text, needle))
			return true;
	return false;
}

/* FIELD-a.1: current format, wide addresses overflowing their printf width (martins3-n100) */
static void test_mtrr_current(void **s)
{
	(void)s;
	int in = add("mtrr", IOM_SYS_K_MTRR,
		     "reg00: base=0x080000000 ( 2048MB), size= 2048MB, count=1: uncachable\n"
		     "reg02: base=0x2000000000 (131072MB), size=131072MB, count=1: uncachable\n"
		     "reg06: base=0x0d0000000 ( 3328MB), size=  256MB, count=2: write-combining\n");
	assert_int_equal(in, 0);
	assert_int_equal(st.nr_vars, 3);
	assert_int_equal(st.vars[0].reg, 0);
	assert_true(st.vars[0].base == 0x80000000ULL && st.vars[0].size == 0x80000000ULL);
	assert_int_equal(st.vars[0].type, IOM_MT_UC);
	assert_true(st.vars[1].base == 0x2000000000ULL && st.vars[1].size == 0x2000000000ULL);
	assert_int_equal(st.vars[1].reg, 2); /* gaps in register numbers are kept */
	assert_int_equal(st.vars[2].type, IOM_MT_WC);
	assert_int_equal(st.vars[2].count, 2);
	assert_int_equal(st.nr_msgs, 0);
}

/* FIELD-a.1: 2.4-2.6 format (type before count, KB) and 2.2 format ("4kB") */
static void test_mtrr_old_formats(void **s)
{
	(void)s;
	add("mtrr", IOM_SYS_K_MTRR,
	    "reg00: base=0x00000000 (   0MB), size=2048MB: write-back, count=1\n"
	    "reg01: base=0x7ff80000 (2047MB), size= 512KB: uncachable, count=1\n"
	    "reg11: base=0xfb000000 (4016MB), size=   4kB: uncachable, count=1\n");
	assert_int_equal(st.nr_vars, 3);
	assert_true(st.vars[0].size == 0x80000000ULL && st.vars[0].type == IOM_MT_WB);
	assert_true(st.vars[1].base == 0x7ff80000ULL && st.vars[1].size == 512 * 1024);
	assert_int_equal(st.vars[1].count, 1);
	assert_true(st.vars[2].size == 4096 && st.vars[2].reg == 11);
	assert_int_equal(st.nr_msgs, 0);
}

/* empty /proc/mtrr is legal (this-vm); "?" type and garbage are reported by line */
static void test_mtrr_empty_and_bad(void **s)
{
	(void)s;
	int e = add("proc/mtrr", IOM_SYS_K_UNKNOWN, "");
	assert_int_equal(st.inputs[e].kind, IOM_SYS_K_MTRR); /* empty, named mtrr* */
	assert_int_equal(st.inputs[e].status, IOM_SYS_IN_EMPTY);
	assert_true(st.have_proc_mtrr);
	int b = add("bad", IOM_SYS_K_MTRR,
		    "reg00: base=0x0e00\n"
		    "garbage\n"
		    "reg03: base=0x0d0000000 ( 3328MB), size=  100MB, count=1: ?\n");
	assert_true(has_msg(b, 1, "size="));
	assert_true(has_msg(b, 2, "not a /proc/mtrr line"));
	assert_true(has_msg(b, 3, "'?'"));
	assert_true(has_msg(b, 3, "power-of-two"));
	assert_int_equal(st.nr_vars, 1);
	assert_int_equal(st.vars[0].type, IOM_MT_NONE);
}

/* FIELD-a.3: both formats, END EXCLUSIVE, "broken", reversed range */
static void test_pat_list(void **s)
{
	(void)s;
	int a = add("new", IOM_SYS_K_UNKNOWN,
		    "PAT memtype list:\n"
		    "PAT: [mem 0x000000000009f000-0x00000000000a1000] write-back\n"
		    "PAT: [mem 0x0000004000000000-0x0000004010000000] write-combining\n");
	assert_int_equal(st.inputs[a].kind, IOM_SYS_K_PAT_LIST);
	int b = add("old", IOM_SYS_K_UNKNOWN,
		    "uncached-minus @ 0x2000000000-0x2100000000\n"
		    "broken @ 0xfed00000-0xfed01000\n"
		    "uncached @ 0xf0000000-0xe0000000\n");
	assert_int_equal(st.inputs[b].kind, IOM_SYS_K_PAT_LIST);
	assert_int_equal(st.nr_resv, 4);
	assert_true(st.resv[0].start == 0x9f000 && st.resv[0].end == 0xa1000); /* 2 pages */
	assert_int_equal(st.resv[1].type, IOM_MT_WC);
	assert_true(st.resv[2].end - st.resv[2].start == 0x100000000ULL); /* exactly 4 GiB */
	assert_int_equal(st.resv[2].type, IOM_MT_UC_MINUS);
	assert_int_equal(st.resv[3].type, IOM_MT_NONE);
	assert_true(has_msg(b, 2, "broken"));
	assert_true(has_msg(b, 3, "reversed"));
	assert_true(has_msg(b, 1, "both list formats"));
}

/* FIELD-a.4: nesting by two spaces, inclusive ends, names with spaces; zeroed by non-root */
static void test_iomem(void **s)
{
	(void)s;
	add("iomem", IOM_SYS_K_UNKNOWN,
	    "00000000-00000fff : Reserved\n"
	    "000a0000-000fffff : Reserved\n"
	    "  00000000-00000000 : PCI Bus 0000:00\n"
	    "  000c0000-000dffff : 0000:00:02.0\n"
	    "7f800000-efffffff : PCI Bus 0000:00\n"
	    "  7f800000-7f800fff : 0000:00:15.0\n"
	    "    7f800000-7f8001ff : lpss_dev\n"
	    "      7f800000-7f8001ff : i2c_designware.0 lpss_dev\n"
	    "100000000-87c7fffff : System RAM\n");
	assert_int_equal(st.nr_iomem, 9);
	assert_false(st.iomem_zeroed); /* one zero line is a real zero-sized entry */
	assert_int_equal(st.iomem[3].parent, 1);
	assert_int_equal(st.iomem[7].depth, 3);
	assert_int_equal(st.iomem[7].parent, 6);
	assert_string_equal(st.iomem[7].name, "i2c_designware.0 lpss_dev");
	assert_true(st.iomem[8].start == 0x100000000ULL && st.iomem[8].end == 0x87c7fffffULL);
	int z = add("iomem-user", IOM_SYS_K_IOMEM,
		    "00000000-00000000 : Reserved\n00000000-00000000 : System RAM\n"
		    "  00000000-00000000 : Kernel code\n");
	assert_true(st.iomem_zeroed);
	assert_int_equal(st.inputs[z].status, IOM_SYS_IN_ZEROED);
	assert_int_equal(st.nr_iomem, 9); /* zeroed entries are dropped */
}

/* FIELD-a.5 PAT lines: configuration cells, disabled, conflict (exclusive end, no 0x) */
static void test_klog_pat(void **s)
{
	(void)s;
	int in = add("dmesg", IOM_SYS_K_UNKNOWN,
		     "[    0.000575] x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WP  UC- WT  \n"
		     "[    0.000000] x86/PAT: PAT support disabled via boot option.\n"
		     "162676.233287] x86/PAT: pcimem:978227 conflicting memory types ca000000-ca800000 uncached-minus<->write-combining\n"
		     "[162676.233289] x86/PAT: memtype_reserve failed [mem 0xca000000-0xca7fffff], track uncached-minus, req uncached-minus\n"
		     "[ 1.0] x86/PAT: PAT cannot be disabled after initialization\n");
	assert_int_equal(st.inputs[in].kind, IOM_SYS_K_KLOG);
	assert_true(st.pat_config_known);
	const enum iom_mt want[8] = { IOM_MT_WB, IOM_MT_WC, IOM_MT_UC_MINUS, IOM_MT_UC,
				      IOM_MT_WB, IOM_MT_WP, IOM_MT_UC_MINUS, IOM_MT_WT };
	assert_memory_equal(st.pat_slots, want, sizeof(want));
	assert_int_equal(st.nr_events, 3);
	assert_int_equal(st.events[0].kind, IOM_EV_PAT_DISABLED);
	assert_int_equal(st.events[1].kind, IOM_EV_PAT_CONFLICT);
	assert_true(st.events[1].start == 0xca000000 && st.events[1].end == 0xca800000);
	assert_int_equal(st.events[1].a, IOM_MT_UC_MINUS);
	assert_int_equal(st.events[1].b, IOM_MT_WC);
	assert_int_equal(st.events[2].kind, IOM_EV_RESERVE_FAILED);
	assert_true(st.events[2].end == 0xca800000); /* inclusive in the log, exclusive here */
	assert_int_equal(st.events[2].at.line, 4);
}

/* the Dell mail: indented, "[…]" lines, and the ioremap error wrapped over two lines */
static void test_klog_wrapped_ioremap(void **s)
{
	(void)s;
	int in = add("dmesg", IOM_SYS_K_UNKNOWN,
		     "     [    0.000000] Linux version 5.16.0-4-amd64 \n"
		     "(debian-kernel@lists.debian.org) (gcc-11)\n"
		     "     [\xe2\x80\xa6]\n"
		     "     [   24.237747] ioremap error for 0x78e31000-0x78e32000, requested \n"
		     "0x2, got 0x0\n"
		     "     [   24.238100] ucsi_acpi: probe of USBC000:00 failed with error -12\n"
		     "[   25.0] ioremap error for 0x1000-\n"
		     "[   26.0] something else\n");
	assert_string_equal(st.kernel, "5.16.0-4-amd64");
	assert_int_equal(st.nr_events, 1);
	assert_int_equal(st.events[0].kind, IOM_EV_IOREMAP_ERROR);
	assert_true(st.events[0].start == 0x78e31000 && st.events[0].end == 0x78e32000);
	assert_int_equal(st.events[0].a, 2); /* _PAGE_CACHE_MODE_UC_MINUS */
	assert_int_equal(st.events[0].b, 0); /* _PAGE_CACHE_MODE_WB */
	assert_int_equal(st.events[0].at.line, 4);
	assert_true(has_msg(in, 7, "ioremap error")); /* truncated: reported, audit goes on */
}

/* print_mtrr_state() (gh-linux-surface-398) and the 6.x map line (this-vm) */
static void test_klog_mtrr_dump(void **s)
{
	(void)s;
	add("dmesg", IOM_SYS_K_UNKNOWN,
	    "[    0.001263] MTRR default type: write-back\n"
	    "[    0.001264] MTRR fixed ranges enabled:\n"
	    "[    0.001266]   00000-9FFFF write-back\n"
	    "[    0.001268]   A0000-BFFFF uncachable\n"
	    "[    0.001269]   C0000-FFFFF write-protect\n"
	    "[    0.001271] MTRR variable ranges enabled:\n"
	    "[    0.001273]   0 base 00C0000000 mask 7FC0000000 uncachable\n"
	    "[    0.001282]   6 base 4000000000 mask 4000000000 uncachable\n"
	    "[    0.001283]   7 disabled\n"
	    "[    0.001284]   8 disabled\n"
	    "[    0.000557] MTRR map: 0 entries (0 fixed + 0 variable; max 16), built from 8 variable MTRRs\n");
	assert_true(st.have_dump);
	assert_int_equal(st.dump_def_type, IOM_MT_WB);
	assert_int_equal(st.dump_fixed_enabled, 1);
	assert_int_equal(st.nr_fixed, 3);
	assert_true(st.fixed[1].start == 0xa0000 && st.fixed[1].end == 0xc0000);
	assert_int_equal(st.fixed[2].type, IOM_MT_WP);
	assert_int_equal(st.nr_dvars, 2);
	assert_true(st.dvars[0].base == 0xc0000000ULL && st.dvars[0].size == 0x40000000ULL);
	assert_true(st.dvars[1].base == 0x4000000000ULL && st.dvars[1].size == 0x4000000000ULL);
	assert_int_equal(st.dump_vcnt, 4);
	assert_int_equal(st.map_entries, 0);
	assert_int_equal(st.map_vcnt, 8);
}

/* MTRR add failures, BAR lines (6.x and older), e820 (both eras), framebuffer */
static void test_klog_misc(void **s)
{
	(void)s;
	add("dmesg", IOM_SYS_K_UNKNOWN,
	    "[    0.655975] mtrr: type mismatch for b0000000,4000 old: write-back new: write-combining\n"
	    "mtrr: 0xd8000000,0x2000000 overlaps existing 0xd8000000,0x1000000\n"
	    "mtrr: no more MTRRs available\n"
	    "[drm] MTRR allocation failed.  Graphics performance may suffer.\n"
	    "[    0.313301] pci 0000:00:01.0: BAR 0 [mem 0x4000000000-0x400007ffff 64bit]\n"
	    "pci 0000:00:02.0: reg 0x18: [mem 0xd0000000-0xdfffffff 64bit pref]\n"
	    "[    0.000000] BIOS-e820: [mem 0x0000000000100000-0x00000000bfffffff] usable\n"
	    "BIOS-e820: 000000007ff80000 - 0000000080000000 (reserved)\n"
	    "[    0.656420] vesafb: framebuffer at 0xb0000000, mapped to 0xffffc90010780000, using 4160k, total 4160k\n");
	assert_int_equal(st.nr_events, 5);
	assert_int_equal(st.events[0].kind, IOM_EV_MTRR_TYPE_MISMATCH);
	assert_true(st.events[0].start == 0xb0000000 && st.events[0].end == 0xb0004000);
	assert_int_equal(st.events[0].a, IOM_MT_WB);
	assert_int_equal(st.events[1].kind, IOM_EV_MTRR_OVERLAPS);
	assert_int_equal(st.events[2].kind, IOM_EV_MTRR_NO_MORE);
	assert_int_equal(st.events[3].kind, IOM_EV_WC_ADD_FAILED);
	assert_int_equal(st.events[4].kind, IOM_EV_FRAMEBUFFER);
	assert_true(st.events[4].end - st.events[4].start == 4160 * 1024);
	assert_int_equal(st.nr_bars, 2);
	assert_string_equal(st.bars[0].bdf, "0000:00:01.0");
	assert_int_equal(st.bars[0].prefetch, 0);
	assert_int_equal(st.bars[0].is64, 1);
	assert_int_equal(st.bars[1].index, 2); /* (0x18 - 0x10) / 4 */
	assert_int_equal(st.bars[1].prefetch, 1);
	assert_int_equal(st.nr_e820, 2);
	assert_true(st.e820[0].end == 0xc0000000ULL && st.e820[0].usable);
	assert_true(st.e820[1].end == 0x80000000ULL && !st.e820[1].usable); /* old: exclusive */
}

/* FIELD-a.6 flags: 0x14220c = MEM|PREFETCH|SIZEALIGN|MEM_64; 0x40200 32-bit non-pref; ROM line */
/* journal and syslog prefixes, "<N>" levels, "> " quoting; the MTRR sanitizer block;
 * 2.6-era vesafb "size %dk" */
static void test_klog_prefixes(void **s)
{
	(void)s;
	add("journal", IOM_SYS_K_UNKNOWN,
	    "Dec 03 10:00:01 host kernel: x86/PAT: PAT support disabled via boot option.\n"
	    "<4>[   12.3] mtrr: no more MTRRs available\n"
	    "> [ 1118.634945] x86/PAT: gdsio:3544 conflicting memory types 387fe0000000-387ff0000000 write-combining<->uncached-minus\n"
	    "2026-12-03T10:00:02+0000 host kernel: mtrr: your CPUs had inconsistent fixed MTRR settings\n"
	    "New variable MTRRs\n"
	    "gran_size: 16M chunk_size: 128M num_reg: 7 lose cover RAM: 14M\n"
	    "vesafb: framebuffer at 0xd0000000, mapped to 0xe0807000, size 16384k\n");
	assert_int_equal(st.nr_events, 6);
	assert_int_equal(st.events[0].kind, IOM_EV_PAT_DISABLED);
	assert_int_equal(st.events[1].kind, IOM_EV_MTRR_NO_MORE);
	assert_int_equal(st.events[2].kind, IOM_EV_PAT_CONFLICT);
	assert_true(st.events[2].start == 0x387fe0000000ULL && st.events[2].end == 0x387ff0000000ULL);
	assert_int_equal(st.events[3].kind, IOM_EV_MTRR_INCONSISTENT);
	assert_int_equal(st.events[4].kind, IOM_EV_MTRR_SANITIZER); /* one event per block */
	assert_int_equal(st.events[5].kind, IOM_EV_FRAMEBUFFER);
	assert_true(st.events[5].end - st.events[5].start == 16384ULL * 1024);
}

static void test_pci_resource(void **s)
{
	(void)s;
	add("sys/bus/pci/devices/0000:02:00.0/resource", IOM_SYS_K_UNKNOWN,
	    "0x00000000ca000000 0x00000000cbffffff 0x000000000014220c\n"
	    "0x00000000f6000000 0x00000000f6ffffff 0x0000000000040200\n"
	    "0x0000000000001000 0x000000000000107f 0x0000000000040101\n"
	    "0x0000000000000000 0x0000000000000000 0x0000000000000000\n"
	    "0x0000000000000000 0x0000000000000000 0x0000000000000000\n"
	    "0x0000000000000000 0x0000000000000000 0x0000000000000000\n"
	    "0x00000000f7100000 0x00000000f71fffff 0x0000000000046200\n"
	    "0x00000000ce000000 0x00000000ceffffff 0x000000000014220c\n");
	assert_int_equal(st.nr_bars, 4); /* the I/O BAR is not a memory BAR */
	assert_string_equal(st.bars[0].bdf, "0000:02:00.0");
	assert_true(st.bars[0].prefetch == 1 && st.bars[0].is64 == 1 && st.bars[0].index == 0);
	assert_true(st.bars[1].prefetch == 0 && st.bars[1].is64 == 0 && st.bars[1].index == 1);
	assert_true(st.bars[2].rom && st.bars[2].index == 6);
	assert_int_equal(st.bars[3].index, 7); /* SR-IOV VF BAR0 */
	assert_int_equal(st.bars[0].wc_file, -1); /* unknown until a directory listing says */
}

static void test_lspci(void **s)
{
	(void)s;
	int in = add("lspci", IOM_SYS_K_UNKNOWN,
		     "00:02.0 VGA compatible controller [0300]: Intel Corporation 82852/855GM [8086:3582] (rev 02)\n"
		     "\tRegion 0: Memory at e8000000 (32-bit, prefetchable) [size=128M]\n"
		     "\tRegion 1: Memory at e0000000 (32-bit, non-prefetchable) [size=512K]\n"
		     "\tRegion 2: I/O ports at 1800 [size=8]\n"
		     "00:06.0 Ethernet controller: Amazon.com, Inc. Elastic Network Adapter (ENA)\n"
		     "Memory at febf8000 (32-bit, non-prefetchable) [size=16K]\n"
		     "Memory at fe900000 (64-bit, prefetchable) [disabled] [size=1M]\n");
	assert_int_equal(st.inputs[in].kind, IOM_SYS_K_LSPCI);
	assert_int_equal(st.nr_bars, 4);
	assert_string_equal(st.bars[0].devclass, "VGA compatible controller");
	assert_true(st.bars[0].end == 0xefffffffULL && st.bars[0].prefetch == 1 && st.bars[0].index == 0);
	assert_true(st.bars[1].end == 0xe007ffffULL && st.bars[1].prefetch == 0);
	assert_string_equal(st.bars[2].bdf, "0000:00:06.0");
	assert_int_equal(st.bars[2].index, -1); /* -v: first listed region, number unknown */
	assert_int_equal(st.bars[3].index, -2);
	assert_true(st.bars[3].disabled && st.bars[3].is64 == 1);
}

static void test_cpuinfo(void **s)
{
	(void)s;
	int in = add("cpuinfo", IOM_SYS_K_UNKNOWN,
		     "processor\t: 0\nflags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge\n"
		     "processor\t: 1\nflags\t\t: fpu pat mtrr\n");
	assert_int_equal(st.inputs[in].kind, IOM_SYS_K_CPUINFO);
	assert_int_equal(st.cpu_pat, 0); /* first CPU only */
	assert_int_equal(st.cpu_mtrr, 1);
}

/* detection never falls for SOURCE-like prose and handles unknown text */
static void test_detect(void **s)
{
	(void)s;
	const char *t = "just some words\nand more\n";
	assert_int_equal(iom_sys_detect("x", t, strlen(t)), IOM_SYS_K_UNKNOWN);
	assert_int_equal(iom_sys_detect("x", "", 0), IOM_SYS_K_UNKNOWN);
	assert_int_equal(iom_sys_detect("a/mtrr.txt", " \n", 2), IOM_SYS_K_MTRR);
	t = "0x0000000000000000 0x0000000000000000 0x0000000000000000\n";
	assert_int_equal(iom_sys_detect("resource", t, strlen(t)), IOM_SYS_K_PCI_RESOURCE);
	int in = add("notes", IOM_SYS_K_UNKNOWN, "hello\n");
	assert_int_equal(st.inputs[in].status, IOM_SYS_IN_UNRECOGNISED);
}

/* the in-memory source and the loader: resourceN_wc presence by listing only */
static void test_mem_source_load(void **s)
{
	(void)s;
	const char *paths[] = {
		"proc/mtrr", "proc/iomem",
		"sys/bus/pci/devices/0000:01:00.0/resource",
		"sys/bus/pci/devices/0000:01:00.0/resource0",
		"sys/bus/pci/devices/0000:01:00.0/resource2",
		"sys/bus/pci/devices/0000:01:00.0/resource2_wc",
	};
	const char *texts[] = {
		"reg00: base=0x000000000 (    0MB), size= 2048MB, count=1: write-back\n",
		"00000000-00000fff : Reserved\n",
		"0x00000000f6000000 0x00000000f6ffffff 0x0000000000040200\n"
		"0x0000000000000000 0x0000000000000000 0x0000000000000000\n"
		"0x00000000e0000000 0x00000000efffffff 0x000000000014220c\n",
		"", "", "",
	};
	size_t lens[6];
	for (int i = 0; i < 6; i++)
		lens[i] = strlen(texts[i]);
	struct iom_sys_source src;
	assert_int_equal(iom_sys_source_mem(&src, paths, texts, lens, 6), 0);
	assert_int_equal(iom_sys_load(&st, &src), 0);
	iom_sys_source_close(&src);
	assert_int_equal(st.nr_vars, 1);
	assert_int_equal(st.nr_bars, 2);
	assert_int_equal(st.bars[0].wc_file, 0);
	assert_int_equal(st.bars[1].wc_file, 1);
	/* missing files are inputs with a status, not failures */
	bool pat_absent = false;
	for (size_t i = 0; i < st.nr_inputs; i++)
		if (!strcmp(st.inputs[i].name, "sys/kernel/debug/x86/pat_memtype_list"))
			pat_absent = st.inputs[i].status == IOM_SYS_IN_ABSENT;
	assert_true(pat_absent);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_mtrr_current, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mtrr_old_formats, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mtrr_empty_and_bad, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pat_list, setup, teardown),
		cmocka_unit_test_setup_teardown(test_iomem, setup, teardown),
		cmocka_unit_test_setup_teardown(test_klog_pat, setup, teardown),
		cmocka_unit_test_setup_teardown(test_klog_wrapped_ioremap, setup, teardown),
		cmocka_unit_test_setup_teardown(test_klog_mtrr_dump, setup, teardown),
		cmocka_unit_test_setup_teardown(test_klog_misc, setup, teardown),
		cmocka_unit_test_setup_teardown(test_klog_prefixes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pci_resource, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lspci, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cpuinfo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_detect, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mem_source_load, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
