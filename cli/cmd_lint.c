// SPDX-License-Identifier: MIT
/* iomodel lint -- run the SmPL rules of lint/ (Coccinelle's spatch) over driver source, give
 * the facts and the source text to the library, and print what it decides (docs/lint.md).
 *
 * Loose files named on the command line are one driver; a directory is a driver per
 * directory under it. spatch runs (each of the two programs, see struct run) once for the
 * loose files and once per directory PATH,
 * with --jobs, from an empty working directory (so no .cocciconfig is read) on absolute
 * paths; the paths it prints are mapped back to the ones given. This file is the only part
 * of iomodel that runs spatch. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "iomodel/buf.h"
#include "iomodel/kver.h"
#include "iomodel/lint.h"
#include "iomodel/version.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: iomodel lint [--kernel X.Y] [-j] [--format text|gcc|sarif|json] [--facts-out FILE]\n"
		"                    [--jobs N] [--timeout S] [--emit DIR] PATH...\n"
		"       iomodel lint [--kernel X.Y] [-j] [--format F] --facts FILE...\n"
		"       iomodel lint --survey [-j] PATH...\n"
		"       iomodel lint --explain CODE|all\n"
		"\n"
		"Find MMIO mistakes in driver source. PATH is a C or header file, or a directory\n"
		"(searched recursively). Coccinelle's spatch reports the calls of interest as facts;\n"
		"iomodel decides the findings. Files named together are one driver; under a directory,\n"
		"each directory is one.\n"
		"\n"
		"  --kernel X.Y     kernel version the code is built against (default 6.12)\n"
		"  --format F       text (grouped by file, the default), json, gcc (file:line:col: warning:\n"
		"                   message [code]) or sarif (SARIF 2.1.0)\n"
		"  -j, --json       JSON report (the same as --format json)\n"
		"  --facts-out FILE save the facts (JSON lines) to replay with --facts\n"
		"  --facts FILE     decide from saved facts instead of running spatch\n"
		"  --jobs N         spatch's --jobs (default 2)\n"
		"  --timeout S      spatch's per-file timeout in seconds (default 120)\n"
		"  --emit DIR       write each finding's scenario into DIR, to rerun with 'iomodel run'\n"
		"  --survey         count the MMIO accessors' calls by subsystem, arch/ against common\n"
		"                   code, and list the wrappers of a relaxed accessor (no spatch)\n"
		"  --explain CODE   the code's reasoning in general terms ('all' lists the codes)\n"
		"\n"
		"Exit status: 0 no findings, 1 findings, 2 bad input or usage (the findings of the\n"
		"other files are still reported). spatch comes from Debian's coccinelle package;\n"
		"IOMODEL_SPATCH names another binary.\n");
}

struct strv {
	char **v;
	size_t n;
};

static void strv_add(struct strv *s, const char *x)
{
	char **n = realloc(s->v, (s->n + 2) * sizeof(*n));
	if (!n) {
		cli_error("lint: out of memory");
		exit(CLI_BADINPUT);
	}
	s->v = n;
	s->v[s->n++] = strdup(x);
	s->v[s->n] = NULL;
}

static void strv_free(struct strv *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

/* The files of one run that reach the device only through the drivers' own accessors
 * (lib/lint/wrappers.c), for the writes (wf) and the reads (rf). */
struct accessors {
	char **wf, **rf;
	size_t nwf, nrf;
	struct iom_lint_conv *conv;  /* the drivers' own byte-order conversions */
	size_t nconv;
	struct iom_lint_stream *stream;  /* the streaming buffers the drivers map */
	size_t nstream;
};

/* The conversions of the tree being read, as the alternatives of a regular expression
 * ("cpu_to_fec16|cpu_to_fec32"): put_rules() writes them into the rules ("//+ conv_decl"). */
static char *conv_names;
/* The members the drivers keep streaming buffers in ("desc|desc_list"), for "//+ stream_decl" */
static char *stream_names;

static void strs_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void accessors_free(struct accessors *a)
{
	strs_free(a->wf, a->nwf);
	strs_free(a->rf, a->nrf);
	iom_lint_convs_free(a->conv, a->nconv);
	iom_lint_streams_free(a->stream, a->nstream);
	memset(a, 0, sizeof(*a));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool c_name(const char *p)
{
	size_t n = strlen(p);
	return n > 2 && p[n - 2] == '.' && (p[n - 1] == 'c' || p[n - 1] == 'h');
}

/* The .c and .h files under dir, sorted. Symbolic links are not followed. */
static void walk(const char *dir, struct strv *out, int *bad)
{
	DIR *dp = opendir(dir);
	if (!dp) {
		cli_error("lint: %s: %s", dir, strerror(errno));
		*bad = 1;
		return;
	}
	struct strv names = { 0 };
	struct dirent *e;
	while ((e = readdir(dp)))
		if (e->d_name[0] != '.')
			strv_add(&names, e->d_name);
	closedir(dp);
	if (names.n)
		qsort(names.v, names.n, sizeof(*names.v), cmp_str);
	size_t dl = strlen(dir);
	for (size_t i = 0; i < names.n; i++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s%s%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", names.v[i]);
		struct stat sb;
		if (lstat(path, &sb) < 0)
			continue;
		if (S_ISDIR(sb.st_mode))
			walk(path, out, bad);
		else if (S_ISREG(sb.st_mode) && c_name(path))
			strv_add(out, path);
	}
	strv_free(&names);
}

static bool on_path(const char *prog)
{
	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	const char *path = getenv("PATH");
	char buf[4096];
	for (const char *p = path ? path : ""; *p;) {
		const char *q = strchr(p, ':');
		size_t n = q ? (size_t)(q - p) : strlen(p);
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, p, prog);
		if (access(buf, X_OK) == 0)
			return true;
		p += n + (q != NULL);
	}
	return false;
}

/* The name spatch is given for path p: a symbolic link in the temporary directory tmp
 * (tmp/f000001.c for a file, tmp/d000001 for a directory) to p's real path. spatch prints
 * the name it was given, which maps back to p textually, however p is written: spatch
 * would print ../drv/x.c as drv/x.c (it removes ".." itself), and runs find through a shell
 * on --dir, which splits a path with a space. NULL on failure, errno set. */
static char *spatch_name(const char *tmp, const char *p, bool dir)
{
	static unsigned seq;
	char *real = realpath(p, NULL);
	if (!real)
		return NULL;
	const char *ext = dir ? "" : strrchr(p, '.');
	char *r = NULL;
	if (asprintf(&r, "%s/%c%06u%s", tmp, dir ? 'd' : 'f', ++seq, ext ? ext : "") < 0) {
		free(real);
		return NULL;
	}
	int rc = symlink(real, r);
	int e = errno;
	free(real);
	if (rc < 0) {
		free(r);
		errno = e;
		return NULL;
	}
	return r;
}

/* The rules run as several spatch programs: the rule files joined, except that each file
 * with a "// Run: apart" line runs in a program of its own. spatch's prefilter picks the
 * files a program may match from the function names its rules name; joined, the names of
 * the ordering rules (writel(), mb(), named only after a relaxed write) made it parse most
 * of drivers/ (drivers/net/ethernet: 36 s joined, 18 s + 3.5 s apart). */
enum { NPROG = 3 };

struct run {
	const char *spatch, *cocci[NPROG], *tmp;
	int jobs, timeout;
};

/* Replace the prefix abs of each "file" value in spatch's output with given. */
static char *map_paths(const char *out, size_t len, const char *abs, const char *given, size_t *nlen)
{
	struct iom_buf b;
	iom_buf_init(&b);
	char key[4200];
	snprintf(key, sizeof(key), "\"file\": \"%s", abs);
	size_t kl = strlen(key);
	for (size_t i = 0; i < len;) {
		const char *m = memmem(out + i, len - i, key, kl);
		if (!m) {
			iom_buf_add(&b, out + i, len - i);
			break;
		}
		iom_buf_add(&b, out + i, (size_t)(m - (out + i)));
		iom_buf_puts(&b, "\"file\": \"");
		iom_buf_puts(&b, given);
		i = (size_t)(m - out) + kl;
	}
	*nlen = b.len;
	if (!b.s)
		b.s = calloc(1, 1);
	return b.s;
}

/* Progress on stderr, only when it is a terminal: a whole tree is minutes of spatch. Each
 * line overwrites the last; progress_done() clears it. */
static void progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void progress(const char *fmt, ...)
{
	static int tty = -1;
	if (tty < 0)
		tty = isatty(STDERR_FILENO);
	if (!tty)
		return;
	va_list ap;
	va_start(ap, fmt);
	fputs("\r", stderr);
	vfprintf(stderr, fmt, ap);
	fputs("\033[K", stderr);
	va_end(ap);
	fflush(stderr);
}

static void progress_done(void)
{
	if (isatty(STDERR_FILENO))
		fputs("\r\033[K", stderr);
}

/* Run spatch on the files (or, with dir, the directory) and feed its facts to l; problems
 * go to l. abs/given: the path prefix to map back. Returns 0, or -1 when spatch could not
 * run at all. */
static int run_spatch_prog(const struct run *r, const char *cocci, struct iom_lint *l, const char *dir,
			   const char *groups, struct strv *files, const struct strv *from, const struct strv *to,
			   const char *what, int *bad);

static int run_spatch(const struct run *r, struct iom_lint *l, const char *dir, struct strv *files,
		      const struct strv *from, const struct strv *to, const char *what, int *bad)
{
	int nprog = 0, k1 = 0;
	for (int k = 0; k < NPROG; k++)
		nprog += r->cocci[k] != NULL;
	for (int k = 0; k < NPROG; k++) {
		if (!r->cocci[k])
			continue;
		progress("iomodel lint: %s: %zu files, spatch program %d of %d", what, files->n, ++k1, nprog);
		if (run_spatch_prog(r, r->cocci[k], l, dir, NULL, files, from, to, what, bad) < 0)
			return -1;
	}
	return 0;
}

static int run_spatch_prog(const struct run *r, const char *cocci, struct iom_lint *l, const char *dir,
			   const char *groups, struct strv *files, const struct strv *from, const struct strv *to,
			   const char *what, int *bad)
{
	char outp[4200], errp[4200];
	snprintf(outp, sizeof(outp), "%s/out", r->tmp);
	snprintf(errp, sizeof(errp), "%s/err", r->tmp);
	struct strv av = { 0 };
	char jobs[16], tmo[16];
	snprintf(jobs, sizeof(jobs), "%d", r->jobs);
	snprintf(tmo, sizeof(tmo), "%d", r->timeout);
	const char *fixed[] = { r->spatch, "--very-quiet", "--no-show-diff", "--include-headers",
				"--timeout", tmo, "--cocci-file", cocci, NULL };
	for (const char **p = fixed; *p; p++)
		strv_add(&av, *p);
	if (r->jobs > 1) {
		strv_add(&av, "--jobs");
		strv_add(&av, jobs);
		strv_add(&av, "--chunksize");
		strv_add(&av, "1");
	}
	if (groups) {
		strv_add(&av, "--file-groups");
		strv_add(&av, groups);
	} else if (dir) {
		/* the trailing '/' makes spatch's find enter the link spatch_name() made */
		char ds[4200];
		snprintf(ds, sizeof(ds), "%s/", dir);
		strv_add(&av, "--dir");
		strv_add(&av, ds);
	} else {
		for (size_t i = 0; i < files->n; i++)
			strv_add(&av, files->v[i]);
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		cli_error("lint: fork: %s", strerror(errno));
		strv_free(&av);
		return -1;
	}
	if (pid == 0) {
		int o = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int e = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int n = open("/dev/null", O_RDONLY);
		if (o < 0 || e < 0 || n < 0 || chdir(r->tmp) < 0)
			_exit(126);
		dup2(n, 0);
		dup2(o, 1);
		dup2(e, 2);
		setenv("HOME", r->tmp, 1);  /* no ~/.cocciconfig either */
		execvp(av.v[0], av.v);
		_exit(127);
	}
	strv_free(&av);
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	size_t olen = 0, elen = 0, probs0 = iom_lint_nr_problems(l);
	char *out = cli_read_file(outp, &olen), *err = cli_read_file(errp, &elen);
	int rc = 0;
	if (!out || !err) {
		cli_error("lint: cannot read spatch's output");
		rc = -1;
	} else if (!WIFEXITED(st) || WEXITSTATUS(st) >= 126) {
		cli_error("lint: spatch did not run on %s (%s %d)", what,
			  WIFEXITED(st) ? "exit" : "signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
		rc = -1;
	} else {
		size_t mlen = olen;
		char *mapped = out;
		out = NULL;
		for (size_t k = 0; k < from->n; k++) {
			char *m2 = map_paths(mapped, mlen, from->v[k], to->v[k], &mlen);
			free(mapped);
			mapped = m2;
		}
		struct iom_diag d;
		iom_diag_init(&d);
		if (iom_lint_add_spatch(l, mapped, mlen, "spatch output", &d) < 0) {
			cli_error_diag(&d, 0);
			*bad = 1;
		}
		free(mapped);
		/* spatch's stderr: a timed-out file ("EXN: ... Timeout in FILE"), a failed
		 * rule, a file it could not parse at all. Each line naming a file becomes a
		 * problem of that file; anything else is one problem of the run. */
		for (char *line = err; line && *line;) {
			char *nl = strchr(line, '\n');
			if (nl)
				*nl = 0;
			char *in = strstr(line, " in /");
			if (!strncmp(line, "EXN:", 4) || strstr(line, "Timeout")) {
				char file[4200] = "";
				if (in) {
					const char *fp = in + 4;
					snprintf(file, sizeof(file), "%s", fp);
					for (size_t k = 0; k < from->n; k++) {
						size_t al = strlen(from->v[k]);
						if (!strncmp(fp, from->v[k], al)) {
							snprintf(file, sizeof(file), "%s%s", to->v[k], fp + al);
							break;
						}
					}
				}
				char msg[300];
				snprintf(msg, sizeof(msg), "%s",
					 strstr(line, "Timeout") ? "spatch timed out on this file (--timeout); its calls are not checked"
								 : "spatch failed on this file; its calls are not checked");
				iom_lint_add_problem(l, file[0] ? file : what, msg);
				*bad = 1;
			}
			line = nl ? nl + 1 : NULL;
		}
		if (WEXITSTATUS(st) != 0 && iom_lint_nr_problems(l) == probs0) {
			/* a status with no file named (a file list timed out, a rule failed) */
			char msg[200];
			snprintf(msg, sizeof(msg), "spatch exited with status %d", WEXITSTATUS(st));
			iom_lint_add_problem(l, what, msg);
			*bad = 1;
		}
	}
	free(out);
	free(err);
	return rc;
}

/* A file lint reads (source or facts), or NULL after saying why and setting *bad. */
static char *read_input(const char *path, size_t *len, int *bad)
{
	char *t = cli_read_file(path, len);
	if (!t) {
		cli_error("lint: %s: %s", path, strerror(errno));
		*bad = 1;
	}
	return t;
}

/* The accessors that the files define, and the files that need them (read before spatch
 * runs: those files get a run of their own, anchored on the accessors' names). */
static void find_accessors(struct strv *files, struct accessors *acc, int *bad)
{
	struct iom_lint_wrappers *w = iom_lint_wrappers_new();
	for (size_t i = 0; w && i < files->n; i++) {
		if (i % 64 == 0)
			progress("iomodel lint: the drivers' own accessors: %zu of %zu files", i, files->n);
		size_t len;
		char *t = read_input(files->v[i], &len, bad);
		if (t && iom_lint_wrappers_add(w, files->v[i], t, len) < 0) {
			free(t);
			break;
		}
		free(t);
	}
	if (!w || iom_lint_wrappers_extra(w, true, &acc->wf, &acc->nwf) < 0 ||
	    iom_lint_wrappers_extra(w, false, &acc->rf, &acc->nrf) < 0 ||
	    iom_lint_wrappers_convs(w, &acc->conv, &acc->nconv) < 0 ||
	    iom_lint_wrappers_streams(w, &acc->stream, &acc->nstream) < 0) {
		cli_error("lint: out of memory");
		*bad = 1;
	}
	iom_lint_wrappers_free(w);
}

/* Each directory of the files: its Makefile and the Kconfig beside it or above it (two
 * levels: drivers/video/fbdev/aty's entries are in drivers/video/fbdev/Kconfig), for where
 * x86 builds them (iom_lint_add_kbuild). A directory without a Makefile says nothing. */
/* The arch/x86/Kconfig of the kernel tree dir is in (the nearest directory above it that
 * has one), read once; NULL when dir is in no kernel tree. */
static const char *x86_kconfig(const char *dir, size_t *len)
{
	static char *text, *root;
	static size_t tlen;
	char *r = realpath(dir, NULL);
	for (char *e = r ? r + strlen(r) : NULL; e;) {
		*e = 0;
		if (root && !strcmp(root, r[0] ? r : "/")) {
			free(r);
			*len = tlen;
			return text;
		}
		char p[4200];
		snprintf(p, sizeof(p), "%s/arch/x86/Kconfig", r);
		size_t n;
		char *t = cli_read_file(p, &n);
		if (t) {
			free(text);
			free(root);
			text = t;
			tlen = n;
			root = strdup(r[0] ? r : "/");
			free(r);
			*len = tlen;
			return text;
		}
		/* a repository's top (.git) ends the search: a tree is not above it */
		snprintf(p, sizeof(p), "%s/.git", r);
		struct stat sb;
		e = stat(p, &sb) == 0 ? NULL : strrchr(r, '/');
	}
	free(r);
	return NULL;
}

static void add_kbuild(struct iom_lint *l, const struct strv *files, int *bad)
{
	struct strv dirs = { 0 };
	for (size_t i = 0; i < files->n; i++) {
		const char *f = files->v[i], *sl = strrchr(f, '/');
		size_t fl = strlen(f);
		if (!sl || fl < 3 || strcmp(f + fl - 2, ".c"))
			continue;
		char *d = strndup(f, (size_t)(sl - f));
		bool seen = false;
		for (size_t k = 0; d && k < dirs.n && !seen; k++)
			seen = !strcmp(dirs.v[k], d);
		if (d && !seen)
			strv_add(&dirs, d);
		free(d);
	}
	for (size_t i = 0; i < dirs.n; i++) {
		char p[4200];
		snprintf(p, sizeof(p), "%s/Makefile", dirs.v[i]);
		size_t mlen = 0;
		char *mk = cli_read_file(p, &mlen);
		if (!mk)
			continue;
		char *kt[3] = { 0 }, *kp[3] = { 0 };
		size_t kl[3] = { 0 };
		int nk = 0;
		for (int up = 0; up < 3; up++) {
			char kc[4000];
			snprintf(kc, sizeof(kc), "%.3990s", dirs.v[i]);
			for (int u = 0; u < up; u++) {
				char *s2 = strrchr(kc, '/');
				if (!s2) {
					kc[0] = 0;
					break;
				}
				*s2 = 0;
			}
			if (!kc[0])
				break;
			snprintf(p, sizeof(p), "%s/Kconfig", kc);
			if ((kt[nk] = cli_read_file(p, &kl[nk])))
				kp[nk++] = strdup(p);
		}
		size_t xl = 0;
		const char *x86 = x86_kconfig(dirs.v[i], &xl);
		if (iom_lint_add_kbuild(l, dirs.v[i], mk, mlen, (const char *const *)kt, (const char *const *)kp, kl, nk,
					x86, xl) < 0) {
			cli_error("lint: out of memory");
			*bad = 1;
		}
		free(mk);
		for (int k = 0; k < nk; k++) {
			free(kt[k]);
			free(kp[k]);
		}
	}
	strv_free(&dirs);
}

static bool in_strs(char *const *v, size_t n, const char *x)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], x))
			return true;
	return false;
}

/* The source text of every file, for the #if branches and the mentions spatch missed.
 * Headers first, and last the files that reach the device only through the drivers' own
 * accessors (acc): the functions a file calls are known when it is read (the source scan
 * reports a call of the driver's function only once a file read before defines it). */
static void add_sources(struct iom_lint *l, struct strv *files, const struct accessors *acc, int *bad)
{
	size_t done = 0;
	for (size_t j = 0; j < 3 * files->n; j++) {
		size_t i = j % files->n, fl = strlen(files->v[i]);
		bool h = fl > 2 && !strcmp(files->v[i] + fl - 2, ".h");
		bool late = !h && (in_strs(acc->wf, acc->nwf, files->v[i]) || in_strs(acc->rf, acc->nrf, files->v[i]));
		if ((j < files->n) != h || (j >= files->n && (j < 2 * files->n) == late))
			continue;
		size_t len;
		if (done++ % 64 == 0)
			progress("iomodel lint: reading the source: %zu of %zu files", done, files->n);
		char *t = read_input(files->v[i], &len, bad);
		if (!t)
			continue;
		if (iom_lint_add_source(l, files->v[i], t, len) < 0) {
			cli_error("lint: out of memory");
			*bad = 1;
		}
		free(t);
	}
}

/* Program k of the rules: _facts.cocci (the first file), then the joined files (k = 0) or
 * the k-th file that runs apart; NULL with errno 0 when there is no such file. */
/* A rule file as spatch gets it, its "//+" lines expanded:
 *   "//+ wrapper_write", "//+ wrapper_read" (and their "_decl" lines): the last alternative
 *     of the anchor rule. In spatch's first run it matches nothing (a name no file has), so
 *     the rules that depend on the anchor need a relaxed call. In the second run, over the
 *     files chosen for it (they reach the device only through the drivers' own accessors,
 *     lib/lint/wrappers.c), it matches any call: those files are read whole, with no
 *     disjunction of hundreds of names to try at every call;
 *   "//+ include FILE DEPENDENCY": the rules of FILE (one marked "// Run: included"), each
 *     "depends on ANCHOR" of it depending on DEPENDENCY, the including program's anchor. */
static void put_rules(FILE *f, const char *text, bool any)
{
	for (const char *l = text; *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		if (n > 4 && !strncmp(l, "//+ ", 4)) {
			char line[256];
			snprintf(line, sizeof(line), "%.*s", (int)(n < 255 ? n : 255), l);
			const char *rule = line + 4;
			if (!strcmp(rule, "wrapper_write") || !strcmp(rule, "wrapper_read")) {
				fprintf(f, "|\n%s@p9(es)\n", any ? "wrapper_f" : "iomodel_lint_no_accessor");
			} else if (!strcmp(rule, "conv_decl")) {
				/* a name no file has when the tree defines no conversion */
				fprintf(f, "identifier CV =~ \"^(%s)$\";\n",
					conv_names && *conv_names ? conv_names : "iomodel_lint_no_conversion");
			} else if (!strcmp(rule, "stream_decl")) {
				/* a name no file has when no driver maps a buffer of its own */
				fprintf(f, "identifier SM =~ \"^(%s)$\";\n",
					stream_names && *stream_names ? stream_names : "iomodel_lint_no_stream");
			} else if (!strcmp(rule, "wrapper_write_decl") || !strcmp(rule, "wrapper_read_decl")) {
				if (any)
					fputs("identifier wrapper_f;\n", f);
			} else if (!strncmp(rule, "include ", 8)) {
				char name[64];
				int used = 0;
				const char *dep = NULL;
				if (sscanf(rule + 8, "%63s %n", name, &used) == 1)
					dep = rule + 8 + used;
				for (const struct iom_embedded *e = iom_lint_rules; dep && e->name; e++) {
					size_t el = strlen(e->name), nl2 = strlen(name);
					if (el < nl2 || strcmp(e->name + el - nl2, name))
						continue;
					for (const char *t = e->text; *t;) {
						const char *a = strstr(t, "depends on ANCHOR@");
						if (!a) {
							fputs(t, f);
							break;
						}
						fwrite(t, 1, (size_t)(a - t), f);
						fprintf(f, "depends on %s@", dep);
						t = a + strlen("depends on ANCHOR@");
					}
				}
			}
		} else {
			fwrite(l, 1, n, f);
			fputc('\n', f);
		}
		l += n + (nl != NULL);
	}
}

static char *rules_file(const char *tmp, int k, bool any)
{
	int napart = 0;
	for (const struct iom_embedded *e = iom_lint_rules; e->name; e++)
		napart += strstr(e->text, "\n// Run: apart\n") != NULL;
	/* a file of rules that programs include is no program of its own */
#define INCLUDED(e) (strstr((e)->text, "\n// Run: included\n") != NULL)
	if (k > napart || napart >= NPROG) {
		errno = k > napart ? 0 : EINVAL;  /* more apart files than NPROG: a build error */
		return NULL;
	}
	char *p = NULL;
	if (asprintf(&p, "%s/iomodel-lint%d.cocci", tmp, k) < 0)
		return NULL;
	FILE *f = fopen(p, "w");
	if (!f) {
		free(p);
		return NULL;
	}
	int a = 0;
	for (const struct iom_embedded *e = iom_lint_rules; e->name; e++) {
		bool apart = strstr(e->text, "\n// Run: apart\n") != NULL;
		a += apart;
		if (INCLUDED(e))
			continue;
		if (e == iom_lint_rules || (k == 0 ? !apart : apart && a == k)) {
			fprintf(f, "// ---- %s\n", e->name);
			put_rules(f, e->text, any);
			fputc('\n', f);
		}
	}
#undef INCLUDED
	if (fclose(f)) {
		free(p);
		return NULL;
	}
	return p;
}

/* The drivers' own byte-order conversions and streaming buffers found in the files
 * (find_accessors()): each a fact of l, and the rules rewritten to name them (conv_names,
 * stream_names). Returns 0, or -1. */
/* "a|b": the distinct names of v[0..n), sorted, into *out; -1 when out of memory */
static int join_names(const char **v, size_t n, char **out)
{
	free(*out);
	*out = NULL;
	if (n)
		qsort(v, n, sizeof(*v), cmp_str);
	size_t len = 0;
	FILE *m = open_memstream(out, &len);
	if (!m)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!i || strcmp(v[i], v[i - 1]))
			fprintf(m, "%s%s", i ? "|" : "", v[i]);
	return fclose(m) ? -1 : 0;
}

static int use_convs(struct iom_lint *l, const struct accessors *acc, const char *tmp, char **cocci, int *bad)
{
	const char **cn = acc->nconv ? malloc(acc->nconv * sizeof(*cn)) : NULL;
	const char **sn = acc->nstream ? malloc(acc->nstream * sizeof(*sn)) : NULL;
	int rc = (acc->nconv && !cn) || (acc->nstream && !sn) ? -1 : 0;
	for (size_t i = 0; !rc && i < acc->nconv; i++) {
		if (iom_lint_add_conv(l, &acc->conv[i]) < 0)
			*bad = 1;
		cn[i] = acc->conv[i].name;
	}
	/* the streaming buffers: facts, and their members named in the rules */
	for (size_t i = 0; !rc && i < acc->nstream; i++) {
		if (iom_lint_add_stream(l, &acc->stream[i]) < 0)
			*bad = 1;
		sn[i] = acc->stream[i].member;
	}
	if (!rc && (join_names(cn, acc->nconv, &conv_names) < 0 || join_names(sn, acc->nstream, &stream_names) < 0))
		rc = -1;
	free(cn);
	free(sn);
	if (rc)
		return -1;
	for (int k = 0; k < NPROG; k++) {
		if (!cocci[k])
			continue;
		char *again = rules_file(tmp, k, false);
		if (!again)
			return -1;
		free(again);
	}
	return 0;
}

/* The program that holds rule marker "//+ NAME" (an apart file), or -1. */
static int program_of(const char *name)
{
	char mark[64];
	snprintf(mark, sizeof(mark), "\n//+ %s\n", name);
	int a = 0;
	for (const struct iom_embedded *e = iom_lint_rules; e->name; e++) {
		bool apart = strstr(e->text, "\n// Run: apart\n") != NULL;
		a += apart;
		if (apart && strstr(e->text, mark))
			return a;
	}
	return -1;
}

/* The second run for one tree or group of files: the files that reach the device only
 * through the drivers' own accessors (none of spatch's first run read them: its anchor is the
 * relaxed names), each alone (--file-groups), with the rule program of each kind. */
static int run_accessor_files(const struct run *r, struct iom_lint *l, const struct accessors *ap,
			      const struct strv *from, const struct strv *to, const char *what, int *bad)
{
	const struct accessors acc = *ap;
	int rc = 0;
	for (int kind = 0; kind < 2 && !rc; kind++) {
		char **fv = kind ? acc.rf : acc.wf;
		size_t nf = kind ? acc.nrf : acc.nwf;
		int k = program_of(kind ? "wrapper_read" : "wrapper_write");
		if (!nf || k < 0)
			continue;
		char *cocci = rules_file(r->tmp, k, true), gp[4200];
		snprintf(gp, sizeof(gp), "%s/groups", r->tmp);
		FILE *g = cocci ? fopen(gp, "w") : NULL;
		for (size_t i = 0; g && i < nf; i++) {
			/* the file as spatch's first run named it: under the link of its tree */
			const char *p = fv[i];
			for (size_t j = 0; j < to->n; j++) {
				size_t tl = strlen(to->v[j]);
				if (!strncmp(p, to->v[j], tl) && (p[tl] == '/' || !p[tl])) {
					fprintf(g, "%s%s\n\n", from->v[j], p + tl);
					p = NULL;
					break;
				}
			}
			if (p)
				fprintf(g, "%s\n\n", p);
		}
		if (!g || fclose(g)) {
			cli_error("lint: cannot write the rules to a temporary directory: %s", strerror(errno));
			free(cocci);
			rc = -1;
			break;
		}
		progress("iomodel lint: %s: %zu files through the drivers' own %s accessors", what, nf,
			 kind ? "read" : "write");
		rc = run_spatch_prog(r, cocci, l, NULL, gp, NULL, from, to, what, bad);
		free(cocci);
		/* the first run's programs stay as they were */
		char *again = rules_file(r->tmp, k, false);
		if (!again)
			rc = -1;
		free(again);
	}
	return rc;
}

static void rm_tmp(const char *tmp)
{
	/* lint's own directory: its outputs, rules and the links spatch_name() made */
	DIR *d = opendir(tmp);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		char p[4200];
		snprintf(p, sizeof(p), "%s/%s", tmp, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(tmp);
}

/* --survey: every .c/.h file under each PATH, named by its path under it. */
static int run_survey(char **paths, int n, bool json)
{
	struct iom_lint_survey *sv = iom_lint_survey_new();
	int bad = 0;
	if (!sv) {
		cli_error("lint: out of memory");
		return CLI_BADINPUT;
	}
	for (int i = 0; i < n; i++) {
		struct stat sb;
		struct strv files = { 0 };
		size_t pl = 0;
		if (stat(paths[i], &sb) < 0) {
			cli_error("lint: %s: %s", paths[i], strerror(errno));
			bad = 1;
			continue;
		}
		if (S_ISDIR(sb.st_mode)) {
			walk(paths[i], &files, &bad);
			pl = strlen(paths[i]);
			while (pl > 1 && paths[i][pl - 1] == '/')
				pl--;
		} else {
			strv_add(&files, paths[i]);
		}
		for (size_t k = 0; k < files.n; k++) {
			size_t len;
			char *t = read_input(files.v[k], &len, &bad);
			if (!t)
				continue;
			const char *rel = files.v[k] + (pl && files.v[k][pl] == '/' ? pl + 1 : 0);
			if (iom_lint_survey_add(sv, rel, t, len) < 0) {
				cli_error("lint: out of memory");
				bad = 1;
			}
			free(t);
		}
		strv_free(&files);
	}
	struct iom_buf b;
	iom_buf_init(&b);
	if (json)
		iom_lint_survey_render_json(sv, &b);
	else
		iom_lint_survey_render_text(sv, &b);
	fputs(iom_buf_str(&b), stdout);
	iom_buf_release(&b);
	iom_lint_survey_free(sv);
	return bad ? CLI_BADINPUT : CLI_OK;
}

int cmd_lint(int argc, char **argv)
{
	enum { O_FORMAT = 256, O_FACTS_OUT, O_FACTS, O_EXPLAIN, O_KERNEL, O_JOBS, O_TIMEOUT, O_EMIT, O_SURVEY };
	static const struct option lo[] = {
		{ "kernel", required_argument, 0, O_KERNEL }, { "json", no_argument, 0, 'j' },
		{ "format", required_argument, 0, O_FORMAT }, { "facts-out", required_argument, 0, O_FACTS_OUT },
		{ "facts", required_argument, 0, O_FACTS }, { "explain", required_argument, 0, O_EXPLAIN },
		{ "jobs", required_argument, 0, O_JOBS }, { "timeout", required_argument, 0, O_TIMEOUT },
		{ "emit", required_argument, 0, O_EMIT }, { "survey", no_argument, 0, O_SURVEY },
		{ "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 },
	};
	unsigned kver = 0;
	const char *format = "text", *facts_out = NULL, *explain = NULL, *emit_dir = NULL;
	struct strv facts_in = { 0 };
	int jobs = 2, timeout = 120, c;
	bool survey = false;
#define RET(x) do { strv_free(&facts_in); return (x); } while (0)
	optind = 1;
	while ((c = getopt_long(argc, argv, "jh", lo, NULL)) != -1) {
		switch (c) {
		case 'j': format = "json"; break;
		case O_FORMAT:
			if (strcmp(optarg, "text") && strcmp(optarg, "gcc") && strcmp(optarg, "sarif") &&
			    strcmp(optarg, "json")) {
				cli_error("lint: --format must be text, gcc, sarif or json, not '%s'", optarg);
				RET(CLI_BADINPUT);
			}
			format = optarg;
			break;
		case O_FACTS_OUT: facts_out = optarg; break;
		case O_FACTS: strv_add(&facts_in, optarg); break;
		case O_EXPLAIN: explain = optarg; break;
		case O_EMIT: emit_dir = optarg; break;
		case O_SURVEY: survey = true; break;
		case O_KERNEL:
			if (iom_kver_parse(optarg, &kver) < 0 || !kver) {
				cli_error("lint: --kernel wants X.Y, such as 4.2 or 6.12, not '%s'", optarg);
				RET(CLI_BADINPUT);
			}
			if (!iom_kver_known(kver)) {
				char nv[16];
				cli_error("lint: --kernel %s: no Linux release the version tables describe "
					  "(3.0-3.19, 4.0-4.20, 5.0-5.19, 6.0-%s)", optarg,
					  iom_kver_str(IOM_KVER_NEWEST, nv, sizeof(nv)));
				RET(CLI_BADINPUT);
			}
			break;
		case O_JOBS:
		case O_TIMEOUT: {
			char *e;
			long v = strtol(optarg, &e, 10);
			if (*e || v < (c == O_JOBS) || v > 4096) {
				cli_error("lint: --%s wants a number%s, not '%s'", c == O_JOBS ? "jobs" : "timeout",
					  c == O_JOBS ? " from 1" : " (0: none)", optarg);
				RET(CLI_BADINPUT);
			}
			*(c == O_JOBS ? &jobs : &timeout) = (int)v;
			break;
		}
		case 'h': usage(stdout); RET(CLI_OK);
		default: usage(stderr); RET(CLI_BADINPUT);
		}
	}
	if (explain) {
		if (!strcmp(explain, "all")) {
			for (const struct iom_lint_code *lc = iom_lint_codes; lc->code; lc++)
				printf("%-30s %s\n", lc->code, lc->summary);
			RET(CLI_OK);
		}
		const struct iom_lint_code *lc = iom_lint_code_lookup(explain);
		if (!lc) {
			cli_error("lint: unknown code '%s' (iomodel lint --explain all lists them)", explain);
			RET(CLI_BADINPUT);
		}
		printf("%s: %s\nsource: %s\n\n%s\nfix: %s\n", lc->code, lc->summary, lc->source, lc->explain, lc->help);
		RET(CLI_OK);
	}
	if (survey) {
		if (optind == argc || facts_in.n) {
			cli_error("lint: --survey reads PATHs (directories or files), not facts");
			RET(CLI_BADINPUT);
		}
		RET(run_survey(argv + optind, argc - optind, !strcmp(format, "json")));
	}
	if (optind == argc && !facts_in.n) {
		usage(stderr);
		RET(CLI_BADINPUT);
	}
	if (optind < argc && facts_in.n) {
		cli_error("lint: --facts replays saved facts; give it no PATH");
		RET(CLI_BADINPUT);
	}
	struct iom_lint *l = iom_lint_new(kver);
	if (!l) {
		cli_error("lint: out of memory");
		RET(CLI_BADINPUT);
	}
	int bad = 0;
	for (size_t i = 0; i < facts_in.n; i++) {
		size_t len;
		char *t = read_input(facts_in.v[i], &len, &bad);
		if (!t)
			continue;
		struct iom_diag d;
		iom_diag_init(&d);
		if (iom_lint_read_facts(l, t, len, facts_in.v[i], &d) < 0) {
			cli_error_diag(&d, 0);
			bad = 1;
		}
		free(t);
	}
#undef RET
	strv_free(&facts_in);
	if (optind < argc) {
		const char *sp = getenv("IOMODEL_SPATCH");
		if (!sp || !*sp)
			sp = "spatch";
		if (!on_path(sp)) {
			cli_error("lint: spatch (Coccinelle) not found; install it with 'apt-get install coccinelle' "
				  "(scripts/bootstrap --tests does), or name it with IOMODEL_SPATCH");
			iom_lint_free(l);
			return CLI_BADINPUT;
		}
		const char *td = getenv("TMPDIR");
		char tmpl[4096];
		snprintf(tmpl, sizeof(tmpl), "%s/iomodel-lint.XXXXXX", td && *td ? td : "/tmp");
		char *tmp0 = mkdtemp(tmpl);
		/* absolute: spatch runs from inside it, and prints the names given */
		char *tmp = tmp0 ? realpath(tmp0, NULL) : NULL;
		if (tmp0 && !tmp)
			rm_tmp(tmp0);
		char *cocci[NPROG] = { 0 };
		bool ok = tmp != NULL;
		for (int k = 0; ok && k < NPROG; k++) {
			errno = 0;
			cocci[k] = rules_file(tmp, k, false);
			ok = cocci[k] || (k > 0 && errno == 0);
		}
		if (!ok) {
			for (int k = 0; k < NPROG; k++)
				free(cocci[k]);
			cli_error("lint: cannot write the rules to a temporary directory: %s", strerror(errno));
			if (tmp)
				rm_tmp(tmp);
			free(tmp);
			iom_lint_free(l);
			return CLI_BADINPUT;
		}
		struct run r = { sp, { cocci[0], cocci[1], cocci[2] }, tmp, jobs, timeout };
		struct strv loose = { 0 }, loose_abs = { 0 };
		/* the loose files first, as one driver */
		for (int i = optind; i < argc; i++) {
			struct stat sb;
			if (stat(argv[i], &sb) < 0) {
				cli_error("lint: %s: %s", argv[i], strerror(errno));
				bad = 1;
			} else if (S_ISDIR(sb.st_mode)) {
				continue;
			} else if (!S_ISREG(sb.st_mode) || !c_name(argv[i])) {
				cli_error("lint: %s: not a C source or header file (.c, .h)", argv[i]);
				bad = 1;
			} else {
				char *a = spatch_name(tmp, argv[i], false);
				if (!a) {
					cli_error("lint: %s: %s", argv[i], strerror(errno));
					bad = 1;
					continue;
				}
				strv_add(&loose, argv[i]);
				strv_add(&loose_abs, a);
				free(a);
			}
		}
		if (loose.n) {
			iom_lint_driver(l, loose.n == 1 ? loose.v[0] : "(files named together)");
			/* run together; each file's absolute path maps back to the one given */
			/* no second run: spatch reads the files named together as one group, so the
			 * file that defines an accessor (it names a relaxed one) anchors them all */
			struct accessors acc = { 0 };
			find_accessors(&loose, &acc, &bad);
			if (use_convs(l, &acc, tmp, cocci, &bad) < 0)
				bad = 1;
			if (run_spatch(&r, l, NULL, &loose_abs, &loose_abs, &loose, "the files named together", &bad) < 0)
				bad = 1;
			add_sources(l, &loose, &acc, &bad);
			accessors_free(&acc);
			add_kbuild(l, &loose, &bad);
		}
		for (int i = optind; i < argc; i++) {
			struct stat sb;
			if (stat(argv[i], &sb) < 0 || !S_ISDIR(sb.st_mode))
				continue;
			struct strv files = { 0 };
			walk(argv[i], &files, &bad);
			if (!files.n) {
				cli_error("lint: %s: no C source or header files in this directory", argv[i]);
				bad = 1;
				continue;
			}
			char *a = spatch_name(tmp, argv[i], true);
			if (!a) {
				cli_error("lint: %s: %s", argv[i], strerror(errno));
				bad = 1;
				strv_free(&files);
				continue;
			}
			size_t gl = strlen(argv[i]);
			/* "dir/" and "dir" map alike */
			char *given = strdup(argv[i]);
			while (gl > 1 && given[gl - 1] == '/')
				given[--gl] = 0;
			iom_lint_driver(l, NULL);
			struct strv from = { 0 }, to = { 0 };
			strv_add(&from, a);
			strv_add(&to, given);
			struct accessors acc = { 0 };
			find_accessors(&files, &acc, &bad);
			if (use_convs(l, &acc, tmp, cocci, &bad) < 0)
				bad = 1;
			if (run_spatch(&r, l, a, &files, &from, &to, given, &bad) < 0 ||
			    run_accessor_files(&r, l, &acc, &from, &to, given, &bad) < 0)
				bad = 1;
			add_sources(l, &files, &acc, &bad);
			accessors_free(&acc);
			add_kbuild(l, &files, &bad);
			free(a);
			free(given);
			strv_free(&from);
			strv_free(&to);
			strv_free(&files);
		}
		strv_free(&loose);
		strv_free(&loose_abs);
		rm_tmp(tmp);
		free(tmp);
		for (int k = 0; k < NPROG; k++)
			free(cocci[k]);
	}
	if (facts_out) {
		struct iom_buf b;
		iom_buf_init(&b);
		iom_lint_write_facts(l, &b);
		FILE *f = fopen(facts_out, "w");
		if (!f || b.oom || fwrite(iom_buf_str(&b), 1, b.len, f) != b.len || fclose(f)) {
			cli_error("lint: %s: cannot write the facts", facts_out);
			bad = 1;
		}
		iom_buf_release(&b);
	}
	struct iom_diag d;
	iom_diag_init(&d);
	if (iom_lint_decide(l, &d) < 0) {
		cli_error_diag(&d, 0);
		iom_lint_free(l);
		return CLI_BADINPUT;
	}
	progress_done();
	/* each file problem once, on stderr: the report on stdout counts them (JSON and SARIF
	 * list them too) */
	for (size_t i = 0; i < iom_lint_nr_problems(l); i++) {
		const struct iom_lint_problem *p = iom_lint_problem(l, i);
		fprintf(stderr, "%s: error: %s\n", p->file, p->msg);
		bad = 1;
	}
	if (emit_dir) {
		/* each finding's scenario, to rerun with iomodel run --pat both */
		if (mkdir(emit_dir, 0777) < 0 && errno != EEXIST) {
			cli_error("lint: %s: %s", emit_dir, strerror(errno));
			bad = 1;
		}
		for (size_t i = 0; !bad && i < iom_lint_nr_findings(l); i++) {
			const struct iom_lint_finding *f = iom_lint_finding(l, i);
			if (!f->evidence)
				continue;
			char path[4200];
			snprintf(path, sizeof(path), "%s/%s", emit_dir, f->evname);
			FILE *fp = fopen(path, "w");
			if (!fp || fputs(f->evidence, fp) < 0 || fclose(fp)) {
				cli_error("lint: %s: cannot write the scenario", path);
				bad = 1;
			}
		}
	}
	struct iom_buf b;
	iom_buf_init(&b);
	if (!strcmp(format, "json"))
		iom_lint_render_json(l, &b);
	else if (!strcmp(format, "gcc"))
		iom_lint_render_gcc(l, &b);
	else if (!strcmp(format, "sarif"))
		iom_lint_render_sarif(l, iom_version(), &b);
	else
		iom_lint_render_text(l, &b);
	fputs(iom_buf_str(&b), stdout);
	iom_buf_release(&b);
	int found = iom_lint_nr_findings(l) > 0;
	iom_lint_free(l);
	return bad ? CLI_BADINPUT : found ? CLI_FAIL : CLI_OK;
}
