/* SPDX-License-Identifier: MIT */
/* iomodel -- lint internals (lib/lint only). */
#ifndef IOMODEL_LINT_INT_H
#define IOMODEL_LINT_INT_H

#include <stdbool.h>
#include "iomodel/lint.h"

/* The longest function name a fact may carry (the facts reader refuses longer ones). */
#define LINT_MAX_NAME 1024

/* What a call of a rule's function is (tables/lint_names.def). */
enum lint_class { LC_MTRR_ADD, LC_MTRR_DEL, LC_VERSIONED, LC_MAP, LC_UNMAP, LC_WC_ADD, LC_WC_DEL,
		  LC_WC_RESERVE, LC_WC_FREE, LC_RELAXED_W, LC_DMA_ORDER, LC_RELAXED_R, LC_DMA_RORDER,
		  LC_DMA_LOAD, LC_DMA_ALLOC, LC_CPU_BARRIER, LC_CPU_ALLOC };

/* A mapping call (tables/lint_maps.def). */
struct lint_map {
	const char *name, *api;
	int base, size, bar;
	const char *source;
};
const struct lint_map *lint_map_lookup(const char *name);

struct lint_name {
	const char *name;
	enum lint_class cls;
	const char *version;    /* "api:NAME", "prim:NAME" or ""                          */
	const char *fix;        /* what to call instead                                   */
	const char *source;
};
/* The row of name, or NULL. */
const struct lint_name *lint_name_lookup(const char *name);
/* text with comments, strings and character literals blanked, newlines kept (survey.c) */
char *lint_blank(const char *text, size_t len);
/* A C keyword that may precede '(' (if, sizeof, ...): not a call (survey.c). */
bool lint_keyword(const char *t, size_t n);
/* The next call in blanked text t[*i, b): the called name at t[*ns, *ne) (not a keyword such
 * as if or sizeof); *i moves past it. False when there is none (survey.c). */
bool lint_next_call(const char *t, size_t *i, size_t b, size_t *ns, size_t *ne);
extern const struct lint_name lint_names[];
extern const size_t lint_nr_names;

struct iom_lint {
	unsigned kver;
	char **drivers;
	int nr_drivers, cur;
	int dir0;               /* first driver of the current per-directory group         */
	int last_drv;           /* driver_of()'s last answer, tried first                   */
	/* each driver's facts (indexes into facts), kept as facts are added; rebuilt when the
	 * facts are reordered: a whole tree has hundreds of thousands of facts */
	struct lint_dlist { size_t *v; size_t n, cap; } *dl;
	int dl_n;
	bool by_dir;            /* iom_lint_driver(l, NULL): a driver per directory        */
	struct iom_lint_fact *facts;
	size_t nr_facts, cap_facts;
	long rd_n;              /* the facts reader: records read after the header,      */
	bool rd_end;            /* and its end record seen                               */
	struct iom_lint_problem *probs;
	size_t nr_probs, cap_probs;
	struct iom_lint_finding *found;
	size_t nr_found, cap_found;
};

/* JSON helpers shared by the facts file and the reports (jansson). */
struct json_t;
struct json_t *lint_json_str(const char *s);
struct json_t *lint_fact_json(const struct iom_lint_fact *f);

/* The codes, one per row of tables/lint_codes.def: a finding names its code by this enum,
 * so a code the table lacks does not compile. */
enum lint_code {
#define LCODE(id, dec, code, src, sum, expl, help) LINT_##id,
#include "../../tables/lint_codes.def"
#undef LCODE
	LINT__NCODES
};

/* Record a finding (the message formatted); -IOM_ENOMEM. */
int lint_add_finding(struct iom_lint *l, enum lint_code code, const struct iom_lint_fact *at,
		     const struct iom_lint_fact *rel, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* The call codes (decide.c): a call of mtrr_add(), or of an API the --kernel lacks. */
int lint_decide_calls(struct iom_lint *l);
/* The mapping codes (lib/lint/mapping.c): scenarios built from the facts. */
int lint_decide_mappings(struct iom_lint *l);
/* Do two if/else paths ("3.0/7.1", of one file) hold one if-chain with different arms?
 * Then the two facts never run together (mapping.c). */
bool lint_paths_exclusive(const char *a, const char *b);
/* Is an #if branch never built: a conjunct "0" (#if 0) (mapping.c)? */
bool lint_cond_never(const char *cond);
/* The ordering codes (ordering.c): each finding with its litmus test run per arch. */
int lint_decide_ordering(struct iom_lint *l);
/* The register an MMIO write's address names (ordering.c): its register macro or its
 * member into key; false when the address does not name one ("base + reg"). */
bool lint_reg_key(const char *addr, char *key, size_t n);
int lint_decide_reads(struct iom_lint *l);

/* The facts of driver d: l->dl[d].v[0 .. l->dl[d].n). lint_reindex() rebuilds them all. */
int lint_reindex(struct iom_lint *l);

/* Facts in their canonical order (forgets the findings). */
void lint_sort_facts(struct iom_lint *l);

/* Is f a mention the report lists as not checked: an UNPARSED fact of a name whose code
 * needs a parse (the call codes, mtrr-add-in-driver and removed-api, need none: they
 * decide a mention from the text too) (decide.c). */
bool lint_note_unparsed(const struct iom_lint_fact *f);

/* A BUILD fact: file builds only with Kconfig symbol sym, which x86 cannot choose (why). */
int lint_add_build(struct iom_lint *l, const char *file, const char *sym, const char *why);

/* Forget the findings (facts changed). */
void lint_clear_findings(struct iom_lint *l);
/* A fact's kind as the formats spell it. */
const char *lint_fkind_name(enum iom_lint_fkind k);

#endif
