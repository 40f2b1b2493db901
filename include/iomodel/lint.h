/* SPDX-License-Identifier: MIT */
/* iomodel -- lint: findings about MMIO use in driver source, decided from facts.
 * The matcher (Coccinelle's spatch running the SmPL rules of lint/, driven by the CLI) prints
 * facts: one call of interest, definition or prototype per line, as JSON. The library reads
 * them per driver (iom_lint_add_spatch), adds what only the source text tells (the #if branch
 * of each fact, and each mention of a rule's name that the matcher did not report:
 * iom_lint_add_source), saves and replays them as a facts file (iom_lint_write_facts,
 * iom_lint_read_facts), and decides findings (iom_lint_decide). It never runs a process,
 * never reads a file and never prints. docs/lint.md lists the codes and the formats. */
#ifndef IOMODEL_LINT_H
#define IOMODEL_LINT_H

#include <stddef.h>
#include "iomodel/buf.h"
#include "iomodel/diag.h"
#include "iomodel/scenario.h"
#include "iomodel/litmus.h"

struct iom_lint;

enum iom_lint_fkind {
	IOM_LINT_CALL,          /* a call of a rule's function                                */
	IOM_LINT_DEF,           /* a definition of a function named like one                  */
	IOM_LINT_PROTO,         /* a prototype of one                                         */
	IOM_LINT_UNPARSED,      /* a mention NAME( in code that the matcher did not report    */
	IOM_LINT_RET,           /* the call of name at this position is kept in args[0]       */
	IOM_LINT_ASSIGN,        /* args[0] = args[1] (name "=")                               */
	IOM_LINT_FN,            /* a function of the driver: name, its parameters in args     */
	IOM_LINT_DCALL,         /* a call of a function of the driver (IOM_LINT_FN), args     */
	IOM_LINT_DEFINE,        /* #define name args[0], a number as written                  */
	IOM_LINT_PASS,          /* DMA memory stored to is given to the call of name: args[0] */
	IOM_LINT_BUILD,         /* file builds only where Kconfig symbol name can be chosen, and
				 * x86 cannot: args[0] is the line that says so (kbuild.c)   */
	IOM_LINT_CONV,          /* name is the driver's byte-order conversion: it calls
				 * args[0], cpu_to_le32() or another conversion (wrappers.c)  */
	IOM_LINT_STREAM,        /* member name holds a streaming buffer the driver allocates
				 * and maps with direction args[0] by call args[1] (wrappers.c) */
	IOM_LINT_FKIND__COUNT
};

struct iom_lint_fact {
	enum iom_lint_fkind kind;
	char *name;             /* the function                                               */
	char *file;             /* as the matcher gave it                                     */
	int line, col;          /* 1-based                                                    */
	char *func;             /* enclosing function, "" at file scope                       */
	char *cond;             /* the #if branch it sits in, "" when none ("CONFIG_MTRR",
				 * "!CONFIG_X86", "CONFIG_PCI && !CONFIG_X86")               */
	char *path;             /* the if/else arms it sits in, "" when none: "3.0/7.1" is arm 0
				 * of if-chain 3, inside arm 1 of chain 7 (two facts whose paths
				 * hold one chain with different arms never run together)     */
	char **args;            /* arguments as written (calls only)                          */
	size_t nargs;
	int driver;             /* index of its driver                                        */
};

/* A file the run could not check, or checked only in part: spatch timed out, the file is
 * not C, spatch failed. Kept in the facts file so a replay reports it too. */
struct iom_lint_problem {
	char *file;
	char *msg;
	int driver;
};

struct iom_lint_finding {
	const char *code;       /* "mtrr-add-in-driver", ... (tables/lint_codes.def)          */
	const struct iom_lint_fact *at;
	const struct iom_lint_fact *related;  /* the other side of a two-sided finding, or NULL */
	char *msg;              /* what happens on which kernels and arches, and the fix      */
	char *evidence;         /* the scenario that decided it (docs/scenario.md), or NULL   */
	char evname[160];        /* its file name for --emit, "" when none                    */
	char scn_var[24];       /* the mapping of the scenario the finding is about           */
	char pat_on[64], pat_off[64]; /* its effective types there, PAT on and off ("UC", "WC") */
	char verdict[IOM_ARCH__COUNT][16]; /* an ordering finding's litmus test (evidence): its
				     * verdict per architecture ("Never", "Sometimes", "error"), "" none */
};

struct iom_lint_code {
	const char *code, *source, *summary, *explain, *help;
};
/* The codes, in table order; NULL-terminated. */
extern const struct iom_lint_code iom_lint_codes[];
const struct iom_lint_code *iom_lint_code_lookup(const char *code);

/* The SmPL rules of lint/, compiled in, _facts.cocci first; {NULL, NULL}-terminated. */
extern const struct iom_embedded iom_lint_rules[];

/* kver: the kernel the code is built against (IOM_KVER; 0 = 6.12). */
struct iom_lint *iom_lint_new(unsigned kver);
void iom_lint_free(struct iom_lint *l);
/* Start a driver (a directory, or the files named together): later facts belong to it. */
int iom_lint_driver(struct iom_lint *l, const char *name);
/* The matcher's output, len bytes, named name in diagnostics: one JSON fact per line. A
 * malformed line is IOM_EPARSE with name:line:col, and nothing of that text is kept. */
int iom_lint_add_spatch(struct iom_lint *l, const char *text, size_t len, const char *name,
			struct iom_diag *d);
/* The text of a file of the current driver, under the name the matcher used: sets the #if
 * branch of its facts and adds an UNPARSED fact for each NAME( of a rule's function in its
 * code (not in a comment or string) that no fact covers. In a driver that asks for WC, a
 * mapping call the matcher leaves out by design (a file that does not ask for WC itself)
 * becomes a CALL fact with its arguments. Calls of the driver's functions defined in this
 * file or in one given before become DCALL facts: give a driver's headers first. */
int iom_lint_add_source(struct iom_lint *l, const char *file, const char *text, size_t len);
/* The kbuild files of directory dir (a directory of the current driver, named as its files
 * are): its Makefile, up to 4 Kconfig texts (kpath: their names for messages), the
 * directory's own first, then its parents', and the tree's arch/x86/Kconfig (or NULL), for
 * what x86 selects. Adds a BUILD fact for each C file of the driver directly in dir that
 * x86 cannot build (the x86 codes then leave it alone). */
int iom_lint_add_kbuild(struct iom_lint *l, const char *dir, const char *makefile, size_t mlen,
			const char *const *kconfig, const char *const *kpath, const size_t *klen, int nk,
			const char *x86, size_t x86len);
/* A problem with a file of the current driver (its findings are still reported). */
int iom_lint_add_problem(struct iom_lint *l, const char *file, const char *msg);

/* The facts file (JSON, docs/lint.md): write everything added so far; read one back, as if
 * its drivers, facts and problems had been added. */
void iom_lint_write_facts(const struct iom_lint *l, struct iom_buf *b);
int iom_lint_read_facts(struct iom_lint *l, const char *text, size_t len, const char *name,
			struct iom_diag *d);

size_t iom_lint_nr_facts(const struct iom_lint *l);
const struct iom_lint_fact *iom_lint_fact(const struct iom_lint *l, size_t i);
size_t iom_lint_nr_problems(const struct iom_lint *l);
const struct iom_lint_problem *iom_lint_problem(const struct iom_lint *l, size_t i);
const char *iom_lint_driver_name(const struct iom_lint *l, int driver);

/* Decide the findings of every driver added so far (again from scratch on each call). */
int iom_lint_decide(struct iom_lint *l, struct iom_diag *d);
/* Findings sorted by file, line, column, code. */
size_t iom_lint_nr_findings(const struct iom_lint *l);
const struct iom_lint_finding *iom_lint_finding(const struct iom_lint *l, size_t i);

/* Reports: text grouped by file; gcc-style lines; JSON; SARIF 2.1.0. Each also lists the
 * UNPARSED mentions and the problems (as notes). */
void iom_lint_render_text(const struct iom_lint *l, struct iom_buf *b);
void iom_lint_render_gcc(const struct iom_lint *l, struct iom_buf *b);
void iom_lint_render_json(const struct iom_lint *l, struct iom_buf *b);
void iom_lint_render_sarif(const struct iom_lint *l, const char *version, struct iom_buf *b);
/* lint --survey: the MMIO accessors' calls by subsystem, arch/ against common code, and the
 * wrappers of a relaxed accessor (a function or macro whose body is one call of it), read
 * from the text of each file (rel: its path under the tree given, which names the
 * subsystem by its first two components). */
struct iom_lint_survey;
struct iom_lint_survey *iom_lint_survey_new(void);
int iom_lint_survey_add(struct iom_lint_survey *s, const char *rel, const char *text, size_t len);
void iom_lint_survey_render_text(const struct iom_lint_survey *s, struct iom_buf *b);
void iom_lint_survey_render_json(const struct iom_lint_survey *s, struct iom_buf *b);
void iom_lint_survey_free(struct iom_lint_survey *s);
/* The drivers' own MMIO accessors (lib/lint/wrappers.c). Add each file's path and text, then
 * ask, for the relaxed writes (write) or reads: which files call no relaxed accessor of that
 * kind but call an accessor of their own driver (a directory and those under it), in the
 * order added. The array is the caller's (free each string, then the array). Names
 * lint_names.def knows (writel(), readl(), ...) are never accessors. */
struct iom_lint_wrappers;
struct iom_lint_wrappers *iom_lint_wrappers_new(void);
int iom_lint_wrappers_add(struct iom_lint_wrappers *w, const char *path, const char *text, size_t len);
int iom_lint_wrappers_extra(struct iom_lint_wrappers *w, bool write, char ***files, size_t *nfiles);
void iom_lint_wrappers_free(struct iom_lint_wrappers *w);
/* The drivers' own byte-order conversions the files define (cpu_to_fec16(), an alias of
 * cpu_to_le16()): each with its file and line and the conversion it calls (via). */
struct iom_lint_conv { char *name, *file, *via; unsigned line; };
int iom_lint_wrappers_convs(struct iom_lint_wrappers *w, struct iom_lint_conv **v, size_t *n);
void iom_lint_convs_free(struct iom_lint_conv *v, size_t n);
/* Record a conversion as a fact ("conv", name, file, line, args [via]). */
int iom_lint_add_conv(struct iom_lint *l, const struct iom_lint_conv *c);
/* The streaming buffers the files map (wrappers.c find_streams()): member fld of file,
 * mapped at line by call (dma_map_single, dma_map_page) with direction dir as written;
 * scope: the files where the member means that buffer (file first). The caller owns the
 * vector (iom_lint_streams_free()). */
struct iom_lint_stream { char *file, *member, *dir, *call; unsigned line; char **scope; size_t nscope; };
int iom_lint_wrappers_streams(struct iom_lint_wrappers *w, struct iom_lint_stream **v, size_t *n);
void iom_lint_streams_free(struct iom_lint_stream *v, size_t n);
/* Record a streaming buffer as a fact ("stream", member, file, line, args [dir, call,
 * the files of its scope...]). */
int iom_lint_add_stream(struct iom_lint *l, const struct iom_lint_stream *s);
/* --explain CODE: the code's reasoning in general terms (NULL for an unknown code). */
const char *iom_lint_explain(const char *code);

#endif
