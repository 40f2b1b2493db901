// SPDX-License-Identifier: MIT
/* iomodel litmus -- run C-MMIO litmus tests on x86, arm64, powerpc and riscv, by kernel
 * version and model; herd7-style output, a compact verdict table for several
 * combinations, Expect: checking (exit 1 on a mismatch), DOT witness, JSON. */
#include <jansson.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "iomodel/buf.h"
#include "iomodel/lkmm.h"
#include "iomodel/litmus.h"

/* --kernel all: one release per era of the rule tables (docs/ordering.md):
 * v4.8 (the article), v5.1 (last with mmiowb()), v5.4 (arm64 DMB accessors),
 * v5.17 (io_stop_wc), v6.12 (current). */
static const unsigned grid_kvers[] = {
	IOM_KVER(4, 8), IOM_KVER(5, 1), IOM_KVER(5, 4), IOM_KVER(5, 17), IOM_KVER(6, 12),
};
#define DEFAULT_KVER IOM_KVER(6, 12)

static void usage(FILE *f)
{
	fprintf(f,
		"usage: iomodel litmus [--arch ARCH] [--kernel X.Y|all] [--model MODEL] [--max-states N]\n"
		"                      [--max-steps N] [--no-symmetry] [--variant deps] [--dot FILE]\n"
		"                      [--jobs N] [-q] [-j] FILE...\n"
		"       iomodel litmus [--to-aarch64 | --check-aarch64] [-j] FILE...\n"
		"  ARCH  := { x86 | arm64 | powerpc | riscv | all }   (default x86)\n"
		"  MODEL := { kernel | article | portable | all }     (default kernel)\n"
		"  --kernel defaults to 6.12; 'all' runs 4.8 5.1 5.4 5.17 6.12.\n"
		"  With several combinations a verdict table follows; -q prints only the table.\n"
		"  Normal memory is the LKMM (herd7's answer); MMIO follows the rule rows (io-order).\n"
		"  --max-states N stops after N candidate executions (complete ones: path combinations\n"
		"  a register-only filter rejects are dropped uncounted), --max-steps N after N search steps.\n"
		"  --no-symmetry judges every combination of thread paths, not one per orbit of the\n"
		"  test's symmetries (same answer, slower).\n"
		"  --jobs N runs the files in N processes (output in input order, then a summary).\n"
		"  AArch64 tests ('AArch64 NAME') run under aarch64.cat, herd7's Armv8 model;\n"
		"  --variant deps runs the arm each conditional branch does not take, speculated.\n"
		"  --to-aarch64 prints each LKMM test compiled with arm64's mappings of its primitives;\n"
		"  --check-aarch64 runs it both ways and lists the final states aarch64.cat allows that\n"
		"  the LKMM forbids (exit 1 when there is one).\n"
		"  Exit status: 0 verdicts match the Expect: lines (or there are none), 1 a mismatch,\n"
		"  2 bad input (parse error, a primitive or mapping missing in that version, a limit).\n");
}

/* One architecture, release and model of an MMIO test. */
struct combo {
	enum iom_arch arch;
	unsigned kver;
	enum iom_lit_model model;
	bool witness;
};

struct opts {
	enum iom_arch archs[IOM_ARCH__COUNT];
	int nr_archs;
	enum iom_lit_model models[IOM_LIT_MODEL__COUNT];
	int nr_models;
	unsigned kvers[8];
	int nr_kvers;
	unsigned long max_states, max_steps;
	const char *dot, *flip;
	int json, quiet;
	bool no_sym;
	bool a64_deps;              /* --variant deps: herd7's -variant deps (AArch64)   */
	int jobs;
	int to_a64, check_a64;      /* --to-aarch64, --check-aarch64 (cmd_port.c)          */
	char **files;
	int nr_files;
};

static int parse_opts(int argc, char **argv, struct opts *o)
{
	const char *arch = "x86", *model = "kernel", *kernel = NULL;
	memset(o, 0, sizeof(*o));
	o->files = calloc((size_t)argc, sizeof(char *));
	if (!o->files)
		return -1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if ((!strcmp(a, "--arch") || !strcmp(a, "--kernel") || !strcmp(a, "--model") ||
		     !strcmp(a, "--max-states") || !strcmp(a, "--max-steps") || !strcmp(a, "--dot") || !strcmp(a, "--flip-rule") ||
		     !strcmp(a, "--jobs")) &&
		    i + 1 >= argc) {
			cli_error("litmus: %s needs a value", a);
			return -1;
		}
		if (!strcmp(a, "--arch"))
			arch = argv[++i];
		else if (!strcmp(a, "--model"))
			model = argv[++i];
		else if (!strcmp(a, "--kernel"))
			kernel = argv[++i];
		else if (!strcmp(a, "--dot"))
			o->dot = argv[++i];
		else if (!strcmp(a, "--flip-rule"))
			o->flip = argv[++i];
		else if (!strcmp(a, "--jobs")) {
			char *end;
			long n = strtol(argv[++i], &end, 10);
			if (*end || n < 1 || n > 256) {
				cli_error("litmus: bad --jobs '%s' (1..256)", argv[i]);
				return -1;
			}
			o->jobs = (int)n;
		} else if (!strcmp(a, "--max-steps") || !strcmp(a, "--max-states")) {
			char *end;
			unsigned long v = strtoul(argv[++i], &end, 10);
			if (*end || !v) {
				cli_error("litmus: bad %s '%s'", a, argv[i]);
				return -1;
			}
			if (!strcmp(a, "--max-steps"))
				o->max_steps = v;
			else
				o->max_states = v;
		} else if (!strcmp(a, "--no-symmetry"))
			o->no_sym = true;
		else if (!strcmp(a, "--variant")) {
			if (i + 1 >= argc || strcmp(argv[i + 1], "deps")) {
				cli_error("litmus: --variant takes deps (herd7's -variant deps, for AArch64 "
					  "tests)");
				return -1;
			}
			o->a64_deps = true;
			i++;
		}
		else if (!strcmp(a, "--to-aarch64"))
			o->to_a64 = 1;
		else if (!strcmp(a, "--check-aarch64"))
			o->check_a64 = 1;
		else if (!strcmp(a, "-j") || !strcmp(a, "--json"))
			o->json = 1;
		else if (!strcmp(a, "-q") || !strcmp(a, "--quiet"))
			o->quiet = 1;
		else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 1;
		} else if (a[0] == '-' && a[1]) {
			cli_error("litmus: unknown option '%s'", a);
			return -1;
		} else
			o->files[o->nr_files++] = argv[i];
	}
	if (cli_parse_archs("litmus", arch, o->archs, &o->nr_archs) ||
	    cli_parse_models("litmus", model, o->models, &o->nr_models))
		return -1;
	if (kernel && !strcmp(kernel, "all")) {
		for (size_t i = 0; i < sizeof(grid_kvers) / sizeof(grid_kvers[0]); i++)
			o->kvers[o->nr_kvers++] = grid_kvers[i];
	} else if (kernel) {
		if (iom_kver_parse(kernel, &o->kvers[0]) < 0 || !o->kvers[0]) {
			cli_error("litmus: bad kernel version '%s' (expected X.Y)", kernel);
			return -1;
		}
		o->nr_kvers = 1;
	} else {
		o->kvers[o->nr_kvers++] = DEFAULT_KVER;
	}
	if (!o->nr_files) {
		usage(stderr);
		return -1;
	}
	return 0;
}

struct cell {
	enum iom_arch arch;
	unsigned kver;
	enum iom_lit_model model;
	enum iom_lit_verdict got, want;
	bool na, error, mismatch;
};

/* A test that maps no MMIO region runs on the LKMM engine (lib/lkmm): herd7's answer
 * for every --arch/--kernel/--model, since for normal memory each model is the LKMM.
 * A primitive missing from an older --kernel is still an error for that combination. */
static int run_lkmm(const struct opts *o, const char *path, struct iom_lit_test *t,
		    json_t *jarr, bool *dot_done)
{
	struct iom_diag d;
	struct iom_lkmm_opts lo = { 0, o->max_states, o->dot && !*dot_done, o->max_steps, IOM_ARCH_X86, 0,
				    IOM_LIT_MODEL_KERNEL, NULL, o->no_sym, o->a64_deps };
	struct iom_lkmm_result *r = NULL;
	int rc = CLI_OK;
	char buf[1024];
	iom_diag_init(&d);
	int er = iom_lkmm_run(t, &lo, &r, &d);
	if (er < 0) {
		if (o->json) {
			json_t *jt = json_object();
			json_object_set_new(jt, "test", json_string(t->name ? t->name : ""));
			json_object_set_new(jt, "file", json_string(path));
			json_object_set_new(jt, "error", json_string(iom_diag_str(&d, buf, sizeof(buf))));
			json_array_append_new(jarr, jt);
		} else
			fprintf(stderr, "iomodel: %s\n", iom_diag_str(&d, buf, sizeof(buf)));
		return CLI_BADINPUT;
	}
	enum iom_lit_verdict got = iom_lkmm_verdict(r);
	if (iom_lkmm_loop(r) && !o->json)
		fprintf(stderr, "Warning: File \"%s\", unrolling limit exceeded, legal outcomes may "
			"be missing.\n", path);
	int combos = o->nr_archs * o->nr_kvers * o->nr_models;
	struct iom_buf out;
	iom_buf_init(&out);
	json_t *jres = o->json ? json_array() : NULL;
	for (int ai = 0; ai < o->nr_archs; ai++)
		for (int ki = 0; ki < o->nr_kvers; ki++)
			for (int mi = 0; mi < o->nr_models; mi++) {
				enum iom_arch a = o->archs[ai];
				unsigned kv = o->kvers[ki];
				enum iom_lit_model m = o->models[mi];
				enum iom_lit_verdict want = iom_lit_expect_lookup(t, a, kv, m), g = got;
				char kvs[16];
				iom_kver_str(kv, kvs, sizeof(kvs));
				iom_diag_init(&d);
				/* as for MMIO tests: an architecture port that does not exist at kv, and
				 * the article model on riscv, are errors (skipped in a grid unless an
				 * Expect: line asks for Error) */
				bool exists = iom_arch_available(a, kv, NULL) &&
					      !(m == IOM_LIT_MODEL_ARTICLE && a == IOM_ARCH_RISCV);
				if (!exists) {
					g = IOM_LIT_V_ERROR;
					if (combos > 1 && want != IOM_LIT_V_ERROR)
						continue;
					if (want != IOM_LIT_V_ERROR) {
						if (!o->json)
							fprintf(stderr, "iomodel: %s %s%s%s: not available\n",
								iom_arch_name(a), kvs,
								m == IOM_LIT_MODEL_ARTICLE ? " article" : "", "");
						rc = CLI_BADINPUT;
					}
				} else if (iom_lit_test_check(t, a, kv, &d) < 0) {
					g = IOM_LIT_V_ERROR;
					if (want != IOM_LIT_V_ERROR) {
						if (!o->json)
							fprintf(stderr, "iomodel: %s\n", iom_diag_str(&d, buf, sizeof(buf)));
						if (want == IOM_LIT_V_NONE)
							rc = CLI_BADINPUT;
					}
				}
				bool mismatch = want != IOM_LIT_V_NONE && want != g;
				if (mismatch) {
					if (rc == CLI_OK)
						rc = CLI_FAIL;
					if (!o->json)
						iom_buf_printf(&out, "!!! mismatch %s %s %s %s: expected %s, got %s\n",
							       t->name ? t->name : path, iom_arch_name(a), kvs,
							       iom_lit_model_name(m), iom_lit_verdict_name(want),
							       iom_lit_verdict_name(g));
				}
				if (jres) {
					json_t *j = json_object();
					json_object_set_new(j, "arch", json_string(iom_arch_name(a)));
					json_object_set_new(j, "kernel", json_string(kvs));
					json_object_set_new(j, "model", json_string(iom_lit_model_name(m)));
					json_object_set_new(j, "verdict", json_string(iom_lit_verdict_name(g)));
					json_object_set_new(j, "expected", want == IOM_LIT_V_NONE ? json_null()
									 : json_string(iom_lit_verdict_name(want)));
					json_object_set_new(j, "match", json_boolean(!mismatch));
					json_array_append_new(jres, j);
				}
			}
	if (lo.want_witness) {
		struct iom_buf db;
		iom_buf_init(&db);
		iom_lkmm_report_dot(r, &db);
		FILE *f = fopen(o->dot, "w");
		if (!f || fputs(iom_buf_str(&db), f) < 0) {
			cli_error("litmus: cannot write %s", o->dot);
			rc = CLI_BADINPUT;
		}
		if (f)
			fclose(f);
		iom_buf_release(&db);
		*dot_done = true;
	}
	if (o->json) {
		struct iom_buf jb;
		iom_buf_init(&jb);
		iom_lkmm_report_json(r, &jb);
		json_t *jt = json_object();
		json_object_set_new(jt, "test", json_string(t->name ? t->name : ""));
		json_object_set_new(jt, "file", json_string(path));
		json_object_set_new(jt, "engine", json_string("lkmm"));
		json_t *lk = json_loads(iom_buf_str(&jb), 0, NULL);
		json_object_set_new(jt, "lkmm", lk ? lk : json_null());
		json_object_set_new(jt, "results", jres);
		json_array_append_new(jarr, jt);
		iom_buf_release(&jb);
	} else {
		struct iom_buf tb;
		iom_buf_init(&tb);
		if (!o->quiet)
			iom_lkmm_report_text(r, &tb);
		fputs(iom_buf_str(&tb), stdout);
		fputs(iom_buf_str(&out), stdout);
		iom_buf_release(&tb);
	}
	iom_buf_release(&out);
	iom_lkmm_result_free(r);
	return rc;
}

/* Run one file; returns the exit status for it. */
static int run_file(const struct opts *o, const char *path, json_t *jarr, bool *dot_done)
{
	struct iom_lit_test *t = NULL;
	struct iom_diag d;
	int combos = o->nr_archs * o->nr_kvers * o->nr_models;
	int rc = CLI_OK;
	iom_diag_init(&d);
	if (iom_lit_parse_file(path, &t, &d) < 0) {
		cli_error_diag(&d, o->json);
		return CLI_BADINPUT;
	}
	if (iom_lkmm_applies(t)) {
		rc = run_lkmm(o, path, t, jarr, dot_done);
		iom_lit_test_free(t);
		return rc;
	}
	struct cell *cells = calloc((size_t)combos, sizeof(*cells));
	json_t *jres = o->json ? json_array() : NULL;
	struct iom_buf out;
	iom_buf_init(&out);
	if (!cells) {
		iom_lit_test_free(t);
		return CLI_BADINPUT;
	}
	int n = 0;
	for (int ai = 0; ai < o->nr_archs; ai++)
		for (int ki = 0; ki < o->nr_kvers; ki++)
			for (int mi = 0; mi < o->nr_models; mi++) {
				struct cell *c = &cells[n++];
				struct combo eo = { o->archs[ai], o->kvers[ki], o->models[mi],
						    o->dot && !*dot_done };
				char kv[16];
				c->arch = eo.arch;
				c->kver = eo.kver;
				c->model = eo.model;
				c->want = iom_lit_expect_lookup(t, eo.arch, eo.kver, eo.model);
				iom_kver_str(eo.kver, kv, sizeof(kv));
				/* combinations that do not exist are skipped when several are asked */
				if (combos > 1 && c->want != IOM_LIT_V_ERROR &&
				    (!iom_arch_available(eo.arch, eo.kver, NULL) ||
				     (eo.model == IOM_LIT_MODEL_ARTICLE && eo.arch == IOM_ARCH_RISCV))) {
					c->na = true;
					continue;
				}
				iom_diag_init(&d);
				struct iom_lkmm_result *lr = NULL;
				struct iom_lkmm_opts lo = { 0, o->max_states, eo.witness, o->max_steps, eo.arch, eo.kver,
							    eo.model, o->flip, o->no_sym, o->a64_deps };
				int er = iom_lkmm_run(t, &lo, &lr, &d);
				json_t *j = jres ? json_object() : NULL;
				if (j) {
					json_object_set_new(j, "arch", json_string(iom_arch_name(eo.arch)));
					json_object_set_new(j, "kernel", json_string(kv));
					json_object_set_new(j, "model", json_string(iom_lit_model_name(eo.model)));
				}
				if (er < 0) {
					char buf[1024];
					c->error = true;
					c->got = IOM_LIT_V_ERROR;
					if (er == -IOM_ELIMIT || c->want != IOM_LIT_V_ERROR) {
						if (!o->json)
							fprintf(stderr, "iomodel: %s\n", iom_diag_str(&d, buf, sizeof(buf)));
						if (er == -IOM_ELIMIT || c->want == IOM_LIT_V_NONE)
							rc = CLI_BADINPUT;
					}
					if (j) {
						json_object_set_new(j, "verdict", json_string("Error"));
						json_object_set_new(j, "error", json_string(iom_diag_str(&d, buf, sizeof(buf))));
					}
				} else {
					c->got = iom_lkmm_verdict(lr);
					if (!o->quiet && !o->json) {
						if (combos > 1)
							iom_buf_printf(&out, "== %s %s %s\n", iom_arch_name(eo.arch), kv,
								       iom_lit_model_name(eo.model));
						iom_lkmm_report_text(lr, &out);
					}
					if (j) {
						json_t *st = json_array();
						for (unsigned i = 0; i < iom_lkmm_nr_states(lr); i++)
							json_array_append_new(st, json_string(iom_lkmm_state(lr, i)));
						json_object_set_new(j, "verdict", json_string(iom_lit_verdict_name(c->got)));
						json_object_set_new(j, "ok", json_boolean(iom_lkmm_ok(lr)));
						json_object_set_new(j, "positive", json_integer((json_int_t)iom_lkmm_positive(lr)));
						json_object_set_new(j, "negative", json_integer((json_int_t)iom_lkmm_negative(lr)));
						json_object_set_new(j, "states", st);
					}
					if (eo.witness) {
						struct iom_buf db;
						iom_buf_init(&db);
						iom_lkmm_report_dot(lr, &db);
						FILE *f = fopen(o->dot, "w");
						if (!f || fputs(iom_buf_str(&db), f) < 0) {
							cli_error("litmus: cannot write %s", o->dot);
							rc = CLI_BADINPUT;
						}
						if (f)
							fclose(f);
						iom_buf_release(&db);
						*dot_done = true;
					}
					iom_lkmm_result_free(lr);

				}
				if (c->want != IOM_LIT_V_NONE && c->want != c->got) {
					c->mismatch = true;
					if (rc == CLI_OK)
						rc = CLI_FAIL;
				}
				if (j) {
					json_object_set_new(j, "expected", c->want == IOM_LIT_V_NONE ? json_null()
									 : json_string(iom_lit_verdict_name(c->want)));
					json_object_set_new(j, "match", json_boolean(!c->mismatch));
					json_array_append_new(jres, j);
				}
			}
	if (!o->json) {
		fputs(iom_buf_str(&out), stdout);
		if (combos > 1) {
			printf("%sVerdicts %s\n%-8s %-6s", out.len ? "\n" : "", t->name ? t->name : path, "arch", "kernel");
			for (int mi = 0; mi < o->nr_models; mi++)
				printf(" %-10s", iom_lit_model_name(o->models[mi]));
			printf("\n");
			for (int i = 0; i < combos; i += o->nr_models) {
				char kv[16];
				printf("%-8s %-6s", iom_arch_name(cells[i].arch), iom_kver_str(cells[i].kver, kv, sizeof(kv)));
				for (int mi = 0; mi < o->nr_models; mi++) {
					const struct cell *c = &cells[i + mi];
					char w[24];
					snprintf(w, sizeof(w), "%s%s", c->na ? "n/a" : iom_lit_verdict_name(c->got),
						 c->mismatch ? "!" : "");
					printf(" %-10s", w);
				}
				printf("\n");
			}
		}
		for (int i = 0; i < combos; i++) {
			const struct cell *c = &cells[i];
			char kv[16];
			if (c->mismatch)
				printf("!!! mismatch %s %s %s %s: expected %s, got %s\n", t->name ? t->name : path,
				       iom_arch_name(c->arch), iom_kver_str(c->kver, kv, sizeof(kv)),
				       iom_lit_model_name(c->model), iom_lit_verdict_name(c->want),
				       iom_lit_verdict_name(c->got));
		}
	} else {
		json_t *jt = json_object();
		json_object_set_new(jt, "test", json_string(t->name ? t->name : ""));
		json_object_set_new(jt, "file", json_string(path));
		json_object_set_new(jt, "results", jres);
		json_array_append_new(jarr, jt);
	}
	iom_buf_release(&out);
	free(cells);
	iom_lit_test_free(t);
	return rc;
}

/* --jobs N: each file runs in a child process whose stdout and stderr go to temporary
 * files; the parent keeps N children busy, then prints every file's output in input
 * order (JSON: one array) and a summary line. The exit status is the worst one. */
struct job {
	pid_t pid;
	FILE *out, *err;
	int rc;
	bool done;
};

static void slurp(FILE *f, FILE *to, struct iom_buf *b)
{
	char buf[8192];
	size_t n;
	rewind(f);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (b)
			iom_buf_add(b, buf, n);
		else
			fwrite(buf, 1, n, to);
	}
}

static int run_jobs(const struct opts *o)
{
	struct job *jb = calloc((size_t)o->nr_files, sizeof(*jb));
	if (!jb)
		return CLI_BADINPUT;
	int next = 0, running = 0, rc = CLI_OK;
	fflush(stdout);
	fflush(stderr);
	while (next < o->nr_files || running) {
		while (next < o->nr_files && running < o->jobs) {
			struct job *j = &jb[next];
			j->out = tmpfile();
			j->err = tmpfile();
			if (!j->out || !j->err) {
				cli_error("litmus: cannot create a temporary file");
				free(jb);
				return CLI_BADINPUT;
			}
			pid_t pid = fork();
			if (pid == 0) {
				dup2(fileno(j->out), 1);
				dup2(fileno(j->err), 2);
				struct opts co = *o;
				co.dot = next == 0 ? o->dot : NULL;
				json_t *ja = o->json ? json_array() : NULL;
				bool dd = false;
				int fr = run_file(&co, o->files[next], ja, &dd);
				if (ja) {
					json_t *e = json_array_get(ja, 0);
					char *s = e ? json_dumps(e, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
					if (s)
						puts(s);
					free(s);
				}
				fflush(stdout);
				fflush(stderr);
				_exit(fr);
			}
			if (pid < 0) {
				cli_error("litmus: cannot fork");
				free(jb);
				return CLI_BADINPUT;
			}
			j->pid = pid;
			running++;
			next++;
		}
		int st;
		pid_t w = wait(&st);
		if (w < 0)
			break;
		for (int i = 0; i < next; i++)
			if (jb[i].pid == w && !jb[i].done) {
				jb[i].done = true;
				jb[i].rc = WIFEXITED(st) ? WEXITSTATUS(st) : CLI_BADINPUT;
				running--;
			}
	}
	json_t *jarr = o->json ? json_array() : NULL;
	int nok = 0, nfail = 0, nbad = 0;
	for (int i = 0; i < o->nr_files; i++) {
		struct job *j = &jb[i];
		if (jarr) {
			struct iom_buf b;
			iom_buf_init(&b);
			slurp(j->out, NULL, &b);
			json_t *e = json_loads(iom_buf_str(&b), JSON_DISABLE_EOF_CHECK, NULL);
			if (e)
				json_array_append_new(jarr, e);
			iom_buf_release(&b);
		} else
			slurp(j->out, stdout, NULL);
		slurp(j->err, stderr, NULL);
		fclose(j->out);
		fclose(j->err);
		if (j->rc > rc)
			rc = j->rc;
		if (j->rc == CLI_OK)
			nok++;
		else if (j->rc == CLI_FAIL)
			nfail++;
		else
			nbad++;
	}
	if (jarr) {
		json_t *top = json_object();
		json_object_set_new(top, "files", jarr);
		json_t *sum = json_object();
		json_object_set_new(sum, "files", json_integer(o->nr_files));
		json_object_set_new(sum, "ok", json_integer(nok));
		json_object_set_new(sum, "mismatch", json_integer(nfail));
		json_object_set_new(sum, "error", json_integer(nbad));
		json_object_set_new(top, "summary", sum);
		char *s = json_dumps(top, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		if (s)
			puts(s);
		free(s);
		json_decref(top);
	} else
		printf("Summary: %d files, %d ok, %d mismatched, %d errors\n", o->nr_files, nok, nfail,
		       nbad);
	free(jb);
	return rc;
}

int cmd_litmus(int argc, char **argv)
{
	struct opts o;
	int r = parse_opts(argc, argv, &o);
	if (r) {
		free(o.files);
		return r > 0 ? CLI_OK : CLI_BADINPUT;
	}
	if (o.to_a64 || o.check_a64) {
		int pr = o.to_a64 ? cli_to_aarch64(o.files, o.nr_files)
				  : cli_check_aarch64(o.files, o.nr_files, o.json);
		free(o.files);
		return pr;
	}
	if (o.jobs) {
		int jr = run_jobs(&o);
		free(o.files);
		return jr;
	}
	json_t *jarr = o.json ? json_array() : NULL;
	bool dot_done = false;
	int rc = CLI_OK;
	for (int i = 0; i < o.nr_files; i++) {
		int fr = run_file(&o, o.files[i], jarr, &dot_done);
		if (fr > rc)
			rc = fr;
		if (fr == CLI_BADINPUT && o.nr_files == 1)
			break;
	}
	/* a lone parse error was already printed as {"error": ...}: one JSON document only */
	if (jarr && !(json_array_size(jarr) == 0 && rc == CLI_BADINPUT)) {
		char *s = json_dumps(jarr, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		if (s)
			puts(s);
		free(s);
	}
	json_decref(jarr);
	free(o.files);
	return rc;
}
