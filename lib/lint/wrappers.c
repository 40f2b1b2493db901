// SPDX-License-Identifier: MIT
/* iomodel -- lint: the drivers' own MMIO accessors, found in the text before the matcher runs.
 * A thin function or function-like macro (a few calls in a short body) that calls a relaxed
 * MMIO write (writel_relaxed(), __raw_writel(), ...: lint_names.def RELAXED_W), or another
 * such accessor of its driver, is a write accessor of the driver; likewise for the relaxed
 * reads (RELAXED_R). Example: nicvf_queue_reg_write(), a writeq_relaxed()
 * (drivers/net/ethernet/cavium/thunder/nicvf_main.c@6.12 l.103), called for the doorbell in
 * nicvf_queues.c, which names no relaxed accessor; the article's brcm_sata_writereg().
 * A driver is a directory: an accessor counts in the files of its directory and the
 * directories under it (the same name elsewhere is another driver's function). The files
 * that call no relaxed accessor of a kind but call an accessor of their driver are the ones
 * the matcher would never read (its anchor is the relaxed names); lint runs the rules on them
 * with the accessors' names as the anchor. Whether such a call orders anything is decided
 * later from the facts of the accessor's body (ordering.c, body_kind()). Names the tables
 * know (writel(), readl(), ...) are never accessors of a driver, even where a tree defines
 * them (arch/). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "lint_int.h"

/* a thin definition: its name, the identifiers it calls, its file and line, and whether it
 * gives a value (a macro, or a function with a return statement) */
struct wdef { unsigned name; unsigned *callees; size_t n; unsigned file; unsigned line; bool value;
	      unsigned *rets; size_t nrets; /* the calls in its value: a macro's body, a function's return statements */ };

enum { THIN_CALLS = 3, THIN_BODY = 400 };  /* distinct callees, characters of body */
enum { CPU_TO_LE = 255, CPU_TO_BE = 254 };  /* ncls of cpu_to_le16/32/64, cpu_to_be16/32/64 */

/* a file: its path (its directory names its driver); the identifiers it calls, kept when it
 * calls no relaxed write (w) or no relaxed read (r) */
struct wfile { char *path; size_t dirlen; unsigned *calls; size_t n; bool w, r; };

struct iom_lint_wrappers {
	struct wfile *files;
	size_t nfiles, capfiles;
	char **names;        /* interned identifiers */
	unsigned char *ncls; /* per name: its lint_names.def class + 1, CPU_TO_LE, or 0 */
	size_t nnames, capnames;
	unsigned *slots;     /* open addressing: index + 1 into names, 0 empty */
	size_t nslots;
	struct wdef *defs;
	size_t ndefs, capdefs;
	unsigned *stamp;     /* per name: the tick of the set it was last added to */
	size_t capstamp;
	unsigned tick;
	struct iom_lint_stream *streams;  /* streaming buffers (find_streams()) */
	size_t nstreams, capstreams;
	struct wincl { char *path; char **inc; size_t n; } *incl;  /* each file's #include "x" */
	size_t nincl, capincl;
	const char *text;    /* the file being read: its text, and the line at offset pos */
	size_t pos;
	unsigned line;
	bool oom;
};

/* The line of offset at in the file being read (definitions come in order of offset). */
static unsigned line_at(struct iom_lint_wrappers *w, size_t at)
{
	for (; w->pos < at; w->pos++)
		w->line += w->text[w->pos] == '\n';
	return w->line;
}

struct iom_lint_wrappers *iom_lint_wrappers_new(void)
{
	return calloc(1, sizeof(struct iom_lint_wrappers));
}

void iom_lint_wrappers_free(struct iom_lint_wrappers *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->nnames; i++)
		free(w->names[i]);
	for (size_t i = 0; i < w->ndefs; i++) {
		free(w->defs[i].callees);
		free(w->defs[i].rets);
	}
	for (size_t i = 0; i < w->nfiles; i++) {
		free(w->files[i].path);
		free(w->files[i].calls);
	}
	free(w->files);
	free(w->names);
	free(w->ncls);
	free(w->stamp);
	free(w->slots);
	free(w->defs);
	iom_lint_streams_free(w->streams, w->nstreams);
	for (size_t i = 0; i < w->nincl; i++) {
		free(w->incl[i].path);
		for (size_t j = 0; j < w->incl[i].n; j++)
			free(w->incl[i].inc[j]);
		free(w->incl[i].inc);
	}
	free(w->incl);
	free(w);
}

static size_t hash(const char *s, size_t n)
{
	size_t h = 5381;
	for (size_t i = 0; i < n; i++)
		h = h * 33 + (unsigned char)s[i];
	return h;
}

static int grow(struct iom_lint_wrappers *w)
{
	size_t ns = w->nslots ? 2 * w->nslots : 4096;
	unsigned *s = calloc(ns, sizeof(*s));
	if (!s)
		return -1;
	for (size_t i = 0; i < w->nnames; i++) {
		size_t h = hash(w->names[i], strlen(w->names[i])) & (ns - 1);
		while (s[h])
			h = (h + 1) & (ns - 1);
		s[h] = (unsigned)i + 1;
	}
	free(w->slots);
	w->slots = s;
	w->nslots = ns;
	return 0;
}

/* The index of identifier s[0, n), added when new; -1 when out of memory. */
static long intern(struct iom_lint_wrappers *w, const char *s, size_t n)
{
	if (2 * (w->nnames + 1) > w->nslots && grow(w) < 0)
		return -1;
	size_t h = hash(s, n) & (w->nslots - 1);
	for (; w->slots[h]; h = (h + 1) & (w->nslots - 1)) {
		const char *x = w->names[w->slots[h] - 1];
		if (!strncmp(x, s, n) && !x[n])
			return (long)w->slots[h] - 1;
	}
	if (w->nnames == w->capnames) {
		size_t nc = w->capnames ? 2 * w->capnames : 1024;
		char **nn = realloc(w->names, nc * sizeof(*nn));
		if (!nn)
			return -1;
		w->names = nn;
		unsigned char *ncls = realloc(w->ncls, nc);
		if (!ncls)
			return -1;
		w->ncls = ncls;
		w->capnames = nc;
	}
	char *c = malloc(n + 1);
	if (!c)
		return -1;
	memcpy(c, s, n);
	c[n] = 0;
	w->names[w->nnames] = c;
	const struct lint_name *ln = lint_name_lookup(c);
	w->ncls[w->nnames] = ln ? (unsigned char)(ln->cls + 1)
		: (!strcmp(c, "cpu_to_le16") || !strcmp(c, "cpu_to_le32") || !strcmp(c, "cpu_to_le64")) ? CPU_TO_LE
		: (!strcmp(c, "cpu_to_be16") || !strcmp(c, "cpu_to_be32") || !strcmp(c, "cpu_to_be64")) ? CPU_TO_BE : 0;
	w->slots[h] = (unsigned)++w->nnames;
	return (long)w->nnames - 1;
}

/* Add callee k to d's set, the set of tick w->tick (one per definition or file). */
static void add_callee(struct iom_lint_wrappers *w, struct wdef *d, size_t *cap, unsigned k)
{
	if (k >= w->capstamp) {
		size_t nc = w->capstamp ? 2 * w->capstamp : 4096;
		while (nc <= k)
			nc *= 2;
		unsigned *x = realloc(w->stamp, nc * sizeof(*x));
		if (!x) {
			w->oom = true;
			return;
		}
		memset(x + w->capstamp, 0, (nc - w->capstamp) * sizeof(*x));
		w->stamp = x;
		w->capstamp = nc;
	}
	if (w->stamp[k] == w->tick)
		return;
	w->stamp[k] = w->tick;
	if (d->n == *cap) {
		size_t nc = *cap ? 2 * *cap : 8;
		unsigned *x = realloc(d->callees, nc * sizeof(*x));
		if (!x) {
			w->oom = true;
			return;
		}
		d->callees = x;
		*cap = nc;
	}
	d->callees[d->n++] = k;
}

/* The names called in c[a, b), each once, into d (a new set). */
static void collect_calls(struct iom_lint_wrappers *w, const char *c, size_t a, size_t b, struct wdef *d,
			  size_t *cap)
{
	w->tick++;
	size_t ns, ne;
	for (size_t i = a; !w->oom && lint_next_call(c, &i, b, &ns, &ne);) {
		long k = intern(w, c + ns, ne - ns);
		if (k < 0)
			w->oom = true;
		else
			add_callee(w, d, cap, (unsigned)k);
	}
}

/* The words a cast may hold: "(__force u32)", "(unsigned long)", "(__le32 *)". */
static bool cast_word(const char *t, size_t n)
{
	static const char *const words[] = { "__force", "const", "volatile", "unsigned", "signed", "int", "long",
		"short", "char", "u8", "u16", "u32", "u64", "__u8", "__u16", "__u32", "__u64", "__le16", "__le32",
		"__le64", "__be16", "__be32", "__be64", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t",
		"dma_addr_t" };
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == n && !memcmp(words[i], t, n))
			return true;
	return false;
}

/* Add to d the call that c[i, b) begins with, past spaces, parentheses and casts. */
static void lead_call(struct iom_lint_wrappers *w, const char *c, size_t i, size_t b, struct wdef *d, size_t *cap)
{
	while (i < b) {
		if (isspace((unsigned char)c[i]) || c[i] == '(') {
			i++;
			continue;
		}
		if (!(isalpha((unsigned char)c[i]) || c[i] == '_'))
			return;
		size_t e = i;
		while (e < b && (isalnum((unsigned char)c[e]) || c[e] == '_'))
			e++;
		if (cast_word(c + i, e - i)) {
			while (e < b && (isspace((unsigned char)c[e]) || c[e] == '*'))
				e++;
			if (e < b && c[e] == ')')
				e++;
			i = e;
			continue;
		}
		size_t z = e;
		while (z < b && isspace((unsigned char)c[z]))
			z++;
		if (z >= b || c[z] != '(')
			return;
		long k = intern(w, c + i, e - i);
		if (k < 0)
			w->oom = true;
		else
			add_callee(w, d, cap, (unsigned)k);
		return;
	}
}

/* Record definition `name` with the identifiers called in c[a, b): a function, or a macro
 * (function-like; or, with alias, an object-like macro whose body is the one identifier
 * c[a, b): fec.h@6.12 "#define cpu_to_fec16 cpu_to_le16"). */
static void add_def(struct iom_lint_wrappers *w, const char *c, size_t nm, size_t nl, size_t a, size_t b,
		    bool macro, bool alias)
{
	long alias_id = 0;
	if (alias) {
		w->tick++;
		if ((alias_id = intern(w, c + a, b - a)) < 0) {
			w->oom = true;
			return;
		}
	}
	/* an accessor is thin: a few calls in a short body (nicvf_queue_reg_write() has one, a
	 * driver's wr_reg32() picks between two); a function that does more is the driver's
	 * logic, whose own calls the matcher reads where they are */
	if (b - a > THIN_BODY)
		return;
	long id = intern(w, c + nm, nl);
	if (id < 0) {
		w->oom = true;
		return;
	}
	struct wdef d = { (unsigned)id, NULL, 0, (unsigned)w->nfiles - 1, line_at(w, nm), macro, NULL, 0 };
	size_t cap = 0;
	if (alias)
		add_callee(w, &d, &cap, (unsigned)alias_id);
	else
		collect_calls(w, c, a, b, &d, &cap);
	/* the call its value is: what a macro's body, or each return statement of a function,
	 * begins with, past parentheses and casts ("(__force u32)cpu_to_be32(v)"); a value
	 * that only uses a conversion ("!!(d->st & cpu_to_le32(b))": ixgbe_test_staterr())
	 * is none */
	struct wdef r = { 0 };
	size_t rcap = 0;
	w->tick++;
	if (macro && !alias) {
		lead_call(w, c, a, b, &r, &rcap);
	} else if (!macro) {
		for (size_t i = a; i + 6 <= b && !w->oom; i++) {
			if (memcmp(c + i, "return", 6) || (i > a && (isalnum((unsigned char)c[i - 1]) || c[i - 1] == '_')) ||
			    (i + 6 < b && (isalnum((unsigned char)c[i + 6]) || c[i + 6] == '_')))
				continue;
			size_t e = i + 6;
			while (e < b && c[e] != ';')
				e++;
			lead_call(w, c, i + 6, e, &r, &rcap);
			i = e;
		}
	} else if (alias) {
		add_callee(w, &r, &rcap, (unsigned)alias_id);
	}
	d.rets = r.callees;
	d.nrets = r.n;
	d.value = r.n > 0;
	if (!d.n || d.n > THIN_CALLS || w->oom) {
		free(d.callees);
		free(d.rets);
		return;
	}
	if (w->ndefs == w->capdefs) {
		size_t nc = w->capdefs ? 2 * w->capdefs : 1024;
		struct wdef *nd = realloc(w->defs, nc * sizeof(*nd));
		if (!nd) {
			free(d.callees);
			free(d.rets);
			w->oom = true;
			return;
		}
		w->defs = nd;
		w->capdefs = nc;
	}
	w->defs[w->ndefs++] = d;
}

/* Record file path with the identifiers c[0, len) calls (kept only when it lacks a relaxed
 * call of a kind: only such a file can need an accessor's name to be read). */
static void add_file(struct iom_lint_wrappers *w, const char *path, const char *c, size_t len)
{
	struct wdef d = { 0 };
	size_t cap = 0;
	bool rw = false, rr = false;
	collect_calls(w, c, 0, len, &d, &cap);
	/* what the rules can find in the file: a store to DMA memory needs a cpu_to_le*() value
	 * (lint/doorbell.cocci's le_store) or DMA memory allocated here (DMA_ALLOC: the rules
	 * follow a member within its file); a read of it needs a le*_to_cpu() (DMA_LOAD, rule
	 * le_load of lint/dma-read.cocci). A file with none gives the rules nothing to decide. */
	bool sw = false, sr = false;
	for (size_t j = 0; j < d.n; j++) {
		unsigned k = w->ncls[d.callees[j]];
		rw |= k == LC_RELAXED_W + 1;
		rr |= k == LC_RELAXED_R + 1;
		sw |= k == LC_DMA_ALLOC + 1 || k == CPU_TO_LE;
		sr |= k == LC_DMA_LOAD + 1;
	}
	rw |= !sw;   /* as if it had the relaxed call: it needs no run of its own */
	rr |= !sr;
	if (w->nfiles == w->capfiles) {
		size_t nc = w->capfiles ? 2 * w->capfiles : 256;
		struct wfile *nf = realloc(w->files, nc * sizeof(*nf));
		if (!nf)
			w->oom = true;
		else {
			w->files = nf;
			w->capfiles = nc;
		}
	}
	char *pc = strdup(path);
	if (w->oom || !pc) {
		free(pc);
		free(d.callees);
		w->oom = true;
		return;
	}
	const char *sl = strrchr(pc, '/');
	if (rw && rr) {
		free(d.callees);
		d.callees = NULL;
		d.n = 0;
	}
	w->files[w->nfiles++] = (struct wfile){ pc, sl ? (size_t)(sl - pc) : 0, d.callees, d.n, !rw, !rr };
}

/* Can the file matter: does its text name a relaxed accessor (it may define one), or hold
 * what the rules look for (it may need a run of its own)? Most files of a tree do neither,
 * and a search for a few words is much cheaper than reading the code; a skipped file's own
 * thin functions are lost, which matters only for an accessor that calls another file's
 * accessor and lives in a file without any of these words. */
static bool may_matter(const char *text, size_t len)
{
	static const char *const words[] = { "_relaxed", "__raw_", "cpu_to_le", "dma_alloc", "dmam_alloc",
					     "dma_pool_", "dma_zalloc", "le16_to_cpu", "le32_to_cpu",
					     "le64_to_cpu" };
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (memmem(text, len, words[i], strlen(words[i])))
			return true;
	return false;
}

/* ---- streaming buffers ----
 * A buffer the driver keeps in a member, allocates from kmalloc() or its family, and maps
 * for the device with dma_map_single(dev, X->fld, size, dir) or dma_map_page(dev,
 * virt_to_page(X->fld), offset, size, dir) is memory the device reads or writes as long
 * as the mapping lasts (core-api/dma-api.rst@6.12, "Streaming DMA mappings": the CPU may
 * touch it only after dma_sync_single_for_cpu(), which on a cache-coherent arm64 system
 * is no barrier). hisilicon/hns/hnae.c@6.12 hnae_alloc_desc(): ring->desc = kzalloc(),
 * then ring->desc_dma_addr = dma_map_single(..., ring->desc, ...), and hns_enet.c reads
 * the received descriptors there. The member counts when the same file assigns it an
 * allocation (a buffer a driver maps per request, skb->data, is not its own); the
 * direction is kept as written. Found in the text, like the accessors: the files that
 * map a ring need not name an MMIO access (hnae.c names none). */

/* the end of the balanced expression at c[i] (an argument: up to a ',' or ')' at depth 0) */
static size_t arg_end(const char *c, size_t i, size_t len)
{
	int depth = 0;
	for (; i < len; i++) {
		char ch = c[i];
		if (ch == '(' || ch == '[' || ch == '{')
			depth++;
		else if (ch == ')' || ch == ']' || ch == '}') {
			if (depth == 0)
				return i;
			depth--;
		} else if (ch == ',' && depth == 0)
			return i;
		else if (ch == ';')
			return len;   /* no call's argument crosses a statement */
	}
	return len;
}

static void trim(const char *c, size_t *a, size_t *b)
{
	while (*a < *b && isspace((unsigned char)c[*a]))
		++*a;
	while (*b > *a && isspace((unsigned char)c[*b - 1]))
		--*b;
}

static bool word_at(const char *c, size_t i, size_t len, const char *wd)
{
	size_t n = strlen(wd);
	return i + n <= len && !strncmp(c + i, wd, n) && (i == 0 || !(isalnum((unsigned char)c[i - 1]) || c[i - 1] == '_')) &&
	       (i + n == len || !(isalnum((unsigned char)c[i + n]) || c[i + n] == '_'));
}

/* c[a, b) without a leading cast "(void *)" or "(u8 *)" */
static void skip_cast(const char *c, size_t *a, size_t b)
{
	if (*a >= b || c[*a] != '(')
		return;
	size_t e = *a + 1;
	while (e < b && (isalnum((unsigned char)c[e]) || c[e] == '_' || c[e] == ' ' || c[e] == '*' || c[e] == '\t'))
		e++;
	if (e < b && c[e] == ')' && e + 1 < b) {
		*a = e + 1;
		trim(c, a, &b);
	}
}

/* Is c[a, b) a member access X->fld, X.fld, X[i].fld (the member at *fa, *fl)? */
static bool member_expr(const char *c, size_t a, size_t b, size_t *fa, size_t *fl)
{
	size_t e = b;
	while (e > a && (isalnum((unsigned char)c[e - 1]) || c[e - 1] == '_'))
		e--;
	if (e == b || isdigit((unsigned char)c[e]))
		return false;
	bool arrow = e >= a + 2 && c[e - 2] == '-' && c[e - 1] == '>', dot = e >= a + 1 && c[e - 1] == '.';
	if (!arrow && !dot)
		return false;
	size_t x = e - (arrow ? 2 : 1);
	if (x == a)
		return false;
	for (size_t i = a; i < x; i++)
		if (!(isalnum((unsigned char)c[i]) || c[i] == '_' || c[i] == '-' || c[i] == '>' || c[i] == '.' ||
		      c[i] == '[' || c[i] == ']' || c[i] == ' ' || c[i] == '+'))
			return false;   /* a call, a cast or arithmetic: not a member kept */
	*fa = e;
	*fl = b - e;
	return true;
}

/* Does the file assign member c[fa, fa + fl) an allocation of kmalloc()'s family
 * ("->fld = kzalloc(", ".fld = (void *)__get_free_pages(" is not one of the names)? */
static bool member_allocated(const char *c, size_t len, const char *fld, size_t fl)
{
	for (const char *p = c; (p = memmem(p, len - (size_t)(p - c), fld, fl)); p += fl) {
		size_t i = (size_t)(p - c);
		if (i + fl < len && (isalnum((unsigned char)c[i + fl]) || c[i + fl] == '_'))
			continue;
		bool mem = (i >= 2 && c[i - 2] == '-' && c[i - 1] == '>') || (i >= 1 && c[i - 1] == '.');
		size_t z = i + fl;
		while (z < len && isspace((unsigned char)c[z]))
			z++;
		if (!mem || z + 1 >= len || c[z] != '=' || c[z + 1] == '=')
			continue;
		size_t v = z + 1, ve;
		while (v < len && isspace((unsigned char)c[v]))
			v++;
		ve = arg_end(c, v, len);
		skip_cast(c, &v, ve);
		size_t ne = v;
		while (ne < ve && (isalnum((unsigned char)c[ne]) || c[ne] == '_'))
			ne++;
		char nm[64];
		if (ne == v || ne - v >= sizeof(nm))
			continue;
		memcpy(nm, c + v, ne - v);
		nm[ne - v] = 0;
		const struct lint_name *n = lint_name_lookup(nm);
		size_t q = ne;
		while (q < ve && isspace((unsigned char)c[q]))
			q++;
		if (n && n->cls == LC_CPU_ALLOC && q < ve && c[q] == '(')
			return true;
	}
	return false;
}

static void add_stream(struct iom_lint_wrappers *w, const char *path, const char *fld, size_t fl, const char *dir,
		       size_t dl, unsigned line, const char *call)
{
	if (w->nstreams == w->capstreams) {
		size_t nc = w->capstreams ? 2 * w->capstreams : 16;
		struct iom_lint_stream *v = realloc(w->streams, nc * sizeof(*v));
		if (!v) {
			w->oom = true;
			return;
		}
		w->streams = v;
		w->capstreams = nc;
	}
	struct iom_lint_stream *s = &w->streams[w->nstreams];
	s->scope = NULL;
	s->nscope = 0;
	s->file = strdup(path);
	s->member = strndup(fld, fl);
	s->dir = malloc(dl + 1);
	s->call = strdup(call);
	s->line = line;
	if (!s->file || !s->member || !s->dir || !s->call) {
		free(s->file);
		free(s->member);
		free(s->dir);
		free(s->call);
		w->oom = true;
		return;
	}
	/* the direction as one line, its blanks folded */
	size_t o = 0;
	for (size_t i = 0; i < dl; i++)
		if (!isspace((unsigned char)dir[i]))
			s->dir[o++] = dir[i];
		else if (o && s->dir[o - 1] != ' ')
			s->dir[o++] = ' ';
	s->dir[o] = 0;
	w->nstreams++;
}

/* The local headers file path includes (#include "x.h", as written), from its raw text:
 * lint_blank() empties strings. */
static void add_includes(struct iom_lint_wrappers *w, const char *path, const char *t, size_t len)
{
	if (w->nincl == w->capincl) {
		size_t nc = w->capincl ? 2 * w->capincl : 64;
		struct wincl *v = realloc(w->incl, nc * sizeof(*v));
		if (!v) {
			w->oom = true;
			return;
		}
		w->incl = v;
		w->capincl = nc;
	}
	struct wincl *x = &w->incl[w->nincl];
	*x = (struct wincl){ strdup(path), NULL, 0 };
	if (!x->path) {
		w->oom = true;
		return;
	}
	w->nincl++;
	size_t cap = 0;
	for (size_t i = 0; i < len && !w->oom;) {
		size_t e = i;
		while (e < len && t[e] != '\n')
			e++;
		size_t p = i;
		while (p < e && (t[p] == ' ' || t[p] == '\t'))
			p++;
		if (p < e && t[p] == '#') {
			p++;
			while (p < e && (t[p] == ' ' || t[p] == '\t'))
				p++;
			if (e - p > 7 && !strncmp(t + p, "include", 7)) {
				p += 7;
				while (p < e && (t[p] == ' ' || t[p] == '\t'))
					p++;
				size_t q = p + 1;
				while (q < e && t[q] != '"')
					q++;
				if (p < e && t[p] == '"' && q < e && q > p + 1) {
					if (x->n == cap) {
						size_t nc = cap ? 2 * cap : 8;
						char **v = realloc(x->inc, nc * sizeof(*v));
						if (!v) {
							w->oom = true;
							break;
						}
						x->inc = v;
						cap = nc;
					}
					if (!(x->inc[x->n] = strndup(t + p + 1, q - p - 1)))
						w->oom = true;
					else
						x->n++;
				}
			}
		}
		i = e + 1;
	}
}

static void find_streams(struct iom_lint_wrappers *w, const char *path, const char *c, size_t len)
{
	static const char *const calls[] = { "dma_map_single", "dma_map_page" };
	unsigned line = 1;
	size_t at = 0;
	for (size_t i = 0; i < len && !w->oom; i++) {
		int k = -1;
		if (c[i] == 'd' && (i == 0 || !(isalnum((unsigned char)c[i - 1]) || c[i - 1] == '_')))
			for (int j = 0; j < 2 && k < 0; j++)
				if (word_at(c, i, len, calls[j]))
					k = j;
		if (k < 0)
			continue;
		size_t o = i + strlen(calls[k]);
		while (o < len && isspace((unsigned char)c[o]))
			o++;
		if (o >= len || c[o] != '(')
			continue;
		/* the arguments: 4 (single) or 5 (page) */
		size_t as[6], ae[6], na = 0, p = o + 1;
		while (na < 6) {
			size_t e = arg_end(c, p, len);
			if (e >= len)
				break;
			as[na] = p;
			ae[na] = e;
			trim(c, &as[na], &ae[na]);
			na++;
			if (c[e] == ')')
				break;
			p = e + 1;
		}
		if (na != (k ? 5u : 4u))
			continue;
		size_t ba = as[1], bb = ae[1];
		skip_cast(c, &ba, bb);
		if (k == 1) {
			/* virt_to_page(X->fld) */
			if (bb - ba < 14 || strncmp(c + ba, "virt_to_page", 12))
				continue;
			size_t q = ba + 12;
			while (q < bb && isspace((unsigned char)c[q]))
				q++;
			if (q >= bb || c[q] != '(' || c[bb - 1] != ')')
				continue;
			ba = q + 1;
			bb--;
			trim(c, &ba, &bb);
			skip_cast(c, &ba, bb);
		}
		size_t fa, fl;
		if (!member_expr(c, ba, bb, &fa, &fl) || !member_allocated(c, len, c + fa, fl))
			continue;
		for (; at < i; at++)
			line += c[at] == '\n';
		add_stream(w, path, c + fa, fl, c + as[na - 1], ae[na - 1] - as[na - 1], line, calls[k]);
	}
}

static const struct wincl *incl_of(const struct iom_lint_wrappers *w, const char *path)
{
	for (size_t i = 0; i < w->nincl; i++)
		if (!strcmp(w->incl[i].path, path))
			return &w->incl[i];
	return NULL;
}

static bool same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;
	return la == lb && !strncmp(a, b, la);
}

static bool share_include(const struct wincl *a, const struct wincl *b)
{
	for (size_t i = 0; i < a->n; i++)
		for (size_t j = 0; j < b->n; j++)
			if (!strcmp(a->inc[i], b->inc[j]))
				return true;
	return false;
}

/* Where a streaming buffer's member means that buffer: the file that maps it, and the files
 * of its directory that include a local header it includes too (where its struct is
 * declared: hns_enet.c and hnae.c both include "hnae.h"). A directory may hold many drivers
 * (drivers/mtd/nand/raw: renesas-nand-controller.c maps its rnandc->buf, while
 * cadence-nand-controller.c's cdns_ctrl->buf is another driver's member). */
static void stream_scope(struct iom_lint_wrappers *w, struct iom_lint_stream *s)
{
	const struct wincl *m = incl_of(w, s->file);
	size_t cap = 4;
	s->scope = malloc(cap * sizeof(*s->scope));
	if (!s->scope || !(s->scope[0] = strdup(s->file))) {
		w->oom = true;
		return;
	}
	s->nscope = 1;
	for (size_t i = 0; m && i < w->nincl && !w->oom; i++) {
		const struct wincl *f = &w->incl[i];
		if (!strcmp(f->path, s->file) || !same_dir(f->path, s->file) || !share_include(m, f))
			continue;
		if (s->nscope == cap) {
			char **v = realloc(s->scope, 2 * cap * sizeof(*v));
			if (!v) {
				w->oom = true;
				return;
			}
			s->scope = v;
			cap *= 2;
		}
		if (!(s->scope[s->nscope] = strdup(f->path)))
			w->oom = true;
		else
			s->nscope++;
	}
}

int iom_lint_wrappers_streams(struct iom_lint_wrappers *w, struct iom_lint_stream **v, size_t *n)
{
	for (size_t i = 0; i < w->nstreams && !w->oom; i++)
		stream_scope(w, &w->streams[i]);
	*v = w->oom ? NULL : w->streams;
	*n = w->oom ? 0 : w->nstreams;
	if (!w->oom) {
		w->streams = NULL;
		w->nstreams = w->capstreams = 0;
	}
	return w->oom ? -IOM_ENOMEM : 0;
}

void iom_lint_streams_free(struct iom_lint_stream *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].file);
		free(v[i].member);
		free(v[i].dir);
		free(v[i].call);
		for (size_t j = 0; j < v[i].nscope; j++)
			free(v[i].scope[j]);
		free(v[i].scope);
	}
	free(v);
}

int iom_lint_wrappers_add(struct iom_lint_wrappers *w, const char *path, const char *text, size_t len)
{
	bool maps = memmem(text, len, "dma_map_", 8) != NULL;
	if (!maps && !may_matter(text, len))
		return 0;
	char *c = lint_blank(text, len);
	if (!c)
		return -IOM_ENOMEM;
	add_includes(w, path, text, len);
	if (maps)
		find_streams(w, path, c, len);
	if (!may_matter(text, len)) {
		free(c);
		return w->oom ? -IOM_ENOMEM : 0;
	}
	add_file(w, path, c, len);
	w->text = c;
	w->pos = 0;
	w->line = 1;
	int depth = 0;
	size_t fn = 0, fnl = 0, body = 0;
	bool bol = true;
	for (size_t i = 0; i < len && !w->oom;) {
		char ch = c[i];
		if (ch == '\n') {
			bol = true;
			i++;
			continue;
		}
		if (bol && ch == '#') {
			/* a directive with its continuation lines; a function-like macro's body */
			size_t e = i;
			while (e < len && !(c[e] == '\n' && c[e - 1] != '\\'))
				e++;
			size_t p = i + 1;
			while (p < e && (c[p] == ' ' || c[p] == '\t'))
				p++;
			if (e - p > 6 && !strncmp(c + p, "define", 6) && (c[p + 6] == ' ' || c[p + 6] == '\t')) {
				size_t nm = p + 6;
				while (nm < e && (c[nm] == ' ' || c[nm] == '\t'))
					nm++;
				size_t ne = nm;
				while (ne < e && (isalnum((unsigned char)c[ne]) || c[ne] == '_'))
					ne++;
				if (ne < e && c[ne] == '(' && ne > nm) {
					size_t cp = ne;
					while (cp < e && c[cp] != ')')
						cp++;
					if (cp < e)
						add_def(w, c, nm, ne - nm, cp + 1, e, true, false);
				} else if (ne > nm) {
					/* an object-like macro naming one identifier: an alias */
					size_t v = ne;
					while (v < e && (c[v] == ' ' || c[v] == '\t'))
						v++;
					size_t ve = v;
					while (ve < e && (isalnum((unsigned char)c[ve]) || c[ve] == '_'))
						ve++;
					size_t z = ve;
					while (z < e && isspace((unsigned char)c[z]))
						z++;
					if (ve > v && z == e && (isalpha((unsigned char)c[v]) || c[v] == '_'))
						add_def(w, c, nm, ne - nm, v, ve, true, true);
				}
			}
			i = e;
			continue;
		}
		if (!isspace((unsigned char)ch))
			bol = false;
		if (isalpha((unsigned char)ch) || ch == '_') {
			size_t e = i;
			while (e < len && (isalnum((unsigned char)c[e]) || c[e] == '_'))
				e++;
			size_t z = e;
			while (z < len && isspace((unsigned char)c[z]))
				z++;
			if (depth == 0 && z < len && c[z] == '(' && !lint_keyword(c + i, e - i)) {
				fn = i;
				fnl = e - i;
			}
			i = e;
			continue;
		}
		if (ch == '{') {
			if (depth == 0)
				body = i + 1;
			depth++;
		} else if (ch == '}' && depth > 0) {
			if (--depth == 0 && fnl) {
				add_def(w, c, fn, fnl, body, i, false, false);
				fnl = 0;
			}
		} else if ((ch == ';' || ch == '=') && depth == 0) {
			fnl = 0;   /* a prototype, or an initialiser's braces */
		}
		i++;
	}
	w->text = NULL;
	free(c);
	return w->oom ? -IOM_ENOMEM : 0;
}

/* Is file a's directory the same as file b's, or above it? */
static bool scope_of(const struct iom_lint_wrappers *w, unsigned a, unsigned b)
{
	const struct wfile *x = &w->files[a], *y = &w->files[b];
	return x->dirlen <= y->dirlen && !strncmp(x->path, y->path, x->dirlen) &&
	       (x->dirlen == y->dirlen || y->path[x->dirlen] == '/' || x->dirlen == 0);
}

static _Thread_local const struct iom_lint_wrappers *sort_w;
static int cmp_def(const void *a, const void *b)
{
	unsigned x = sort_w->defs[*(const unsigned *)a].name, y = sort_w->defs[*(const unsigned *)b].name;
	return x < y ? -1 : x > y;
}

static void free_strs(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int iom_lint_wrappers_extra(struct iom_lint_wrappers *w, bool write, char ***files, size_t *nf)
{
	*files = NULL;
	*nf = 0;
	if (w->oom)
		return -IOM_ENOMEM;
	enum lint_class want = write ? LC_RELAXED_W : LC_RELAXED_R;
	/* per name: 1 the relaxed accessor itself, 2 a name the tables know, 0 else */
	unsigned char *kind = calloc(w->nnames + 1, 1);
	unsigned char *acc = calloc(w->ndefs + 1, 1);      /* per definition: an accessor */
	unsigned *order = malloc((w->ndefs + 1) * sizeof(*order)), *first = malloc((w->nnames + 1) * sizeof(*first));
	int rc = 0;
	if (!kind || !acc || !order || !first) {
		rc = -IOM_ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < w->nnames; i++)
		kind[i] = w->ncls[i] == want + 1 ? 1 : w->ncls[i] ? 2 : 0;
	/* the definitions by name: order[first[name] ..] while the name matches */
	for (size_t i = 0; i < w->ndefs; i++)
		order[i] = (unsigned)i;
	sort_w = w;
	qsort(order, w->ndefs, sizeof(*order), cmp_def);
	for (size_t i = 0; i < w->nnames; i++)
		first[i] = (unsigned)-1;
	for (size_t i = w->ndefs; i-- > 0;)
		first[w->defs[order[i]].name] = (unsigned)i;
	/* accessors: to a fixpoint, each step through an accessor of the same driver */
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 0; i < w->ndefs; i++) {
			const struct wdef *d = &w->defs[i];
			if (acc[i] || kind[d->name])
				continue;
			for (size_t j = 0; j < d->n && !acc[i]; j++) {
				unsigned c = d->callees[j];
				if (kind[c] == 1)
					acc[i] = 1;
				for (unsigned k = first[c]; !acc[i] && k < w->ndefs && w->defs[order[k]].name == c; k++)
					acc[i] = acc[order[k]] && scope_of(w, w->defs[order[k]].file, d->file);
			}
			changed |= acc[i];
		}
	}
	/* the files without a relaxed call of the kind that call an accessor of their driver */
	char **fv = NULL;
	size_t fcap = 0;
	for (size_t f = 0; f < w->nfiles && !rc; f++) {
		const struct wfile *x = &w->files[f];
		if (!(write ? x->w : x->r))
			continue;
		bool extra = false;
		for (size_t j = 0; j < x->n; j++) {
			unsigned c = x->calls[j];
			for (unsigned k = first[c]; k < w->ndefs && w->defs[order[k]].name == c; k++)
				if (acc[order[k]] && scope_of(w, w->defs[order[k]].file, (unsigned)f)) {
					extra = true;
					break;
				}
		}
		if (!extra)
			continue;
		if (*nf == fcap) {
			size_t nc = fcap ? 2 * fcap : 64;
			char **v = realloc(fv, nc * sizeof(*v));
			if (!v) {
				rc = -IOM_ENOMEM;
				break;
			}
			fv = v;
			fcap = nc;
		}
		if (!(fv[*nf] = strdup(x->path)))
			rc = -IOM_ENOMEM;
		else
			++*nf;
	}
	if (rc) {
		free_strs(fv, *nf);
		*nf = 0;
		goto out;
	}
	*files = fv;
out:
	free(kind);
	free(acc);
	free(order);
	free(first);
	return rc;
}

/* The drivers' own byte-order conversions: a thin definition whose value (a macro's body, a
 * function's return statement) calls cpu_to_le16/32/64() or cpu_to_be16/32/64(), or another
 * such conversion, to a fixpoint
 * (fec.h@6.12 l.212: "#define cpu_to_fec16 cpu_to_le16"; the big-endian arm of the same
 * #if names cpu_to_be16). A value one gives is a descriptor's field in the device's byte
 * order, as a cpu_to_le*() value is. Names the tables know are none. */
int iom_lint_wrappers_convs(struct iom_lint_wrappers *w, struct iom_lint_conv **out, size_t *nout)
{
	*out = NULL;
	*nout = 0;
	if (w->oom)
		return -IOM_ENOMEM;
	unsigned *via = calloc(w->nnames + 1, sizeof(*via)); /* per name: 1 + the conversion it calls */
	if (!via)
		return -IOM_ENOMEM;
	for (size_t i = 0; i < w->nnames; i++)
		if (w->ncls[i] == CPU_TO_LE || w->ncls[i] == CPU_TO_BE)
			via[i] = (unsigned)i + 1;
	unsigned *root = calloc(w->nnames + 1, sizeof(*root)); /* the kernel conversion reached */
	if (!root) {
		free(via);
		return -IOM_ENOMEM;
	}
	for (size_t i = 0; i < w->nnames; i++)
		if (via[i])
			root[i] = (unsigned)i + 1;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 0; i < w->ndefs; i++) {
			const struct wdef *d = &w->defs[i];
			if (!d->value || root[d->name] || w->ncls[d->name])
				continue;
			for (size_t j = 0; j < d->nrets; j++)
				if (root[d->rets[j]]) {
					root[d->name] = root[d->rets[j]];
					via[d->name] = d->rets[j] + 1;
					changed = true;
					break;
				}
		}
	}
	int rc = 0;
	size_t cap = 0;
	for (size_t i = 0; i < w->ndefs && !rc; i++) {
		const struct wdef *d = &w->defs[i];
		if (!d->value || w->ncls[d->name] || !root[d->name] || via[d->name] == 0)
			continue;
		/* each definition that calls a conversion, with the one it calls (fec.h defines
		 * cpu_to_fec16 twice, in the two arms of an #if) */
		unsigned callee = 0;
		for (size_t j = 0; j < d->nrets && !callee; j++)
			if (root[d->rets[j]])
				callee = d->rets[j] + 1;
		if (!callee)
			continue;
		if (*nout == cap) {
			size_t nc = cap ? 2 * cap : 16;
			struct iom_lint_conv *v = realloc(*out, nc * sizeof(*v));
			if (!v) {
				rc = -IOM_ENOMEM;
				break;
			}
			*out = v;
			cap = nc;
		}
		struct iom_lint_conv *cv = &(*out)[*nout];
		cv->name = strdup(w->names[d->name]);
		cv->file = strdup(w->files[d->file].path);
		cv->via = strdup(w->names[callee - 1]);
		cv->line = d->line;
		if (!cv->name || !cv->file || !cv->via) {
			free(cv->name);
			free(cv->file);
			free(cv->via);
			rc = -IOM_ENOMEM;
			break;
		}
		++*nout;
	}
	free(via);
	free(root);
	if (rc) {
		iom_lint_convs_free(*out, *nout);
		*out = NULL;
		*nout = 0;
	}
	return rc;
}

void iom_lint_convs_free(struct iom_lint_conv *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].file);
		free(v[i].via);
	}
	free(v);
}
