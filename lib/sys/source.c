// SPDX-License-Identifier: MIT
/* iomodel -- system sources (live "/", capture directory, in-memory), the loader that
 * reads the standard files through a source, and `capture`, which copies them.
 * Files are opened O_RDONLY and only the text files below are read: never resourceN or
 * config contents, /dev/mem or MSRs (FIELD-a.6: mapping resourceN creates PAT
 * entries; we must not). The kernel log of the live system comes from syslog(2)
 * SYSLOG_ACTION_READ_ALL, which reads without consuming. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <unistd.h>
#include "internal.h"
#include "iomodel/diag.h"
#include "sys/sys_int.h"

#define PAT_LIST_PATH "sys/kernel/debug/x86/pat_memtype_list"
#define PCI_DEVICES "sys/bus/pci/devices"

struct dir_priv {
	char *root;
	bool live;
};

static int read_fd(int fd, struct iom_buf *out)
{
	char tmp[65536];
	for (;;) {
		ssize_t n = read(fd, tmp, sizeof(tmp));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return out->oom ? -ENOMEM : 0;
		iom_buf_add(out, tmp, (size_t)n);
	}
}

static int join(char *path, size_t n, const char *root, const char *rel)
{
	size_t rl = strlen(root);
	int w = snprintf(path, n, "%s%s%s", root, rl && root[rl - 1] == '/' ? "" : "/", rel);
	return w < 0 || (size_t)w >= n ? -ENAMETOOLONG : 0;
}

static int klog_read(struct iom_buf *out)
{
	int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	if (size < 0)
		return -errno;
	if (size < 4096)
		size = 4096;
	char *buf = malloc((size_t)size);
	if (!buf)
		return -ENOMEM;
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, size);
	if (n < 0) {
		int e = errno;
		free(buf);
		return -e;
	}
	iom_buf_add(out, buf, (size_t)n);
	free(buf);
	return 0;
}

static int dir_read(void *priv, const char *rel, struct iom_buf *out)
{
	struct dir_priv *d = priv;
	char path[4096];
	int rc;
	if (d->live && !strcmp(rel, "dmesg"))
		return klog_read(out);
	if ((rc = join(path, sizeof(path), d->root, rel)))
		return rc;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	struct stat sb;
	if (!fstat(fd, &sb) && S_ISDIR(sb.st_mode)) {
		close(fd);
		return -EISDIR;
	}
	rc = read_fd(fd, out);
	close(fd);
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int dir_list(void *priv, const char *rel, char ***names, size_t *nr)
{
	struct dir_priv *d = priv;
	char path[4096];
	int rc;
	*names = NULL;
	*nr = 0;
	if ((rc = join(path, sizeof(path), d->root, rel)))
		return rc;
	DIR *dir = opendir(path);
	if (!dir)
		return -errno;
	struct dirent *e;
	size_t cap = 0;
	while ((e = readdir(dir))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (*nr == cap) {
			char **p = realloc(*names, (cap = cap ? cap * 2 : 32) * sizeof(*p));
			if (!p) {
				closedir(dir);
				iom_sys_names_free(*names, *nr);
				*names = NULL;
				*nr = 0;
				return -ENOMEM;
			}
			*names = p;
		}
		(*names)[(*nr)++] = iom_sys_strdup(e->d_name);
	}
	closedir(dir);
	if (*nr)
		qsort(*names, *nr, sizeof(**names), cmp_str);
	return 0;
}

static void dir_close(void *priv)
{
	struct dir_priv *d = priv;
	if (d) {
		free(d->root);
		free(d);
	}
}

static const struct iom_sys_source_ops live_ops = { "live", dir_read, dir_list, dir_close };
static const struct iom_sys_source_ops dir_ops = { "dir", dir_read, dir_list, dir_close };

static int open_dir(struct iom_sys_source *src, const char *root, bool live)
{
	struct dir_priv *d = calloc(1, sizeof(*d));
	if (!d || !(d->root = iom_sys_strdup(root))) {
		free(d);
		return -IOM_ENOMEM;
	}
	d->live = live;
	src->ops = live ? &live_ops : &dir_ops;
	src->priv = d;
	return 0;
}

int iom_sys_source_live(struct iom_sys_source *src)
{
	return open_dir(src, "/", true);
}

int iom_sys_source_dir(struct iom_sys_source *src, const char *root)
{
	return open_dir(src, root, false);
}

struct mem_priv {
	const char *const *paths, *const *texts;
	const size_t *lens;
	size_t nr;
};

static int mem_read(void *priv, const char *rel, struct iom_buf *out)
{
	struct mem_priv *m = priv;
	for (size_t i = 0; i < m->nr; i++)
		if (!strcmp(m->paths[i], rel)) {
			iom_buf_add(out, m->texts[i], m->lens[i]);
			if (!out->s)
				iom_buf_add(out, "", 0);
			return out->oom ? -ENOMEM : 0;
		}
	return -ENOENT;
}

static int mem_list(void *priv, const char *rel, char ***names, size_t *nr)
{
	struct mem_priv *m = priv;
	size_t rl = strlen(rel), cap = 0;
	*names = NULL;
	*nr = 0;
	bool found = false;
	for (size_t i = 0; i < m->nr; i++) {
		const char *p = m->paths[i];
		if (strncmp(p, rel, rl) || p[rl] != '/')
			continue;
		found = true;
		p += rl + 1;
		size_t n = strcspn(p, "/");
		bool dup = false;
		for (size_t j = 0; j < *nr && !dup; j++)
			dup = strlen((*names)[j]) == n && !strncmp((*names)[j], p, n);
		if (dup)
			continue;
		if (*nr == cap) {
			char **q = realloc(*names, (cap = cap ? cap * 2 : 32) * sizeof(*q));
			if (!q)
				return -ENOMEM;
			*names = q;
		}
		char *s = malloc(n + 1);
		if (!s)
			return -ENOMEM;
		memcpy(s, p, n);
		s[n] = 0;
		(*names)[(*nr)++] = s;
	}
	if (!found)
		return -ENOENT;
	qsort(*names, *nr, sizeof(**names), cmp_str);
	return 0;
}

static void mem_close(void *priv)
{
	free(priv);
}

static const struct iom_sys_source_ops mem_ops = { "mem", mem_read, mem_list, mem_close };

int iom_sys_source_mem(struct iom_sys_source *src, const char *const *paths,
		       const char *const *texts, const size_t *lens, size_t nr)
{
	struct mem_priv *m = calloc(1, sizeof(*m));
	if (!m)
		return -IOM_ENOMEM;
	m->paths = paths;
	m->texts = texts;
	m->lens = lens;
	m->nr = nr;
	src->ops = &mem_ops;
	src->priv = m;
	return 0;
}

void iom_sys_source_close(struct iom_sys_source *src)
{
	if (src && src->ops && src->ops->close)
		src->ops->close(src->priv);
	if (src) {
		src->ops = NULL;
		src->priv = NULL;
	}
}

void iom_sys_names_free(char **names, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

/* ---- loading ------------------------------------------------------------------------ */

static const struct std_file {
	const char *rel;
	enum iom_sys_kind kind;
} std_files[] = {
	{ "proc/mtrr", IOM_SYS_K_MTRR },
	{ "proc/iomem", IOM_SYS_K_IOMEM },
	{ "proc/cpuinfo", IOM_SYS_K_CPUINFO },
	{ PAT_LIST_PATH, IOM_SYS_K_PAT_LIST },
	{ "dmesg", IOM_SYS_K_KLOG },
};

static bool is_live(const struct iom_sys_source *src)
{
	return src->ops == &live_ops;
}

/* Why a file could not be read, in the words a user can act on (docs/audit.md). */
static const char *missing_reason(struct iom_sys_source *src, const char *rel, int err,
				  char *buf, size_t n)
{
	bool root = !is_live(src) || geteuid() == 0;
	const char *what = strerror(err);
	if (!strcmp(rel, "dmesg") && (err == EPERM || err == EACCES))
		snprintf(buf, n, "kernel log restricted (kernel.dmesg_restrict=1 needs CAP_SYSLOG): %s",
			 what);
	else if ((err == EPERM || err == EACCES) && !root)
		snprintf(buf, n, "not root: %s", what);
	else if (err == EPERM || err == EACCES)
		snprintf(buf, n, "denied although root (kernel lockdown or a missing capability): %s",
			 what);
	else if (!strcmp(rel, PAT_LIST_PATH) && err == ENOENT) {
		char **names = NULL;
		size_t nr = 0;
		int rc = src->ops->list(src->priv, "sys/kernel/debug", &names, &nr);
		iom_sys_names_free(names, nr);
		if (rc || !nr)
			snprintf(buf, n, "debugfs not mounted (or not captured)");
		else
			snprintf(buf, n, "no such file: PAT disabled or CONFIG_DEBUG_FS/CONFIG_X86_PAT off");
	} else if (!strcmp(rel, "proc/mtrr") && err == ENOENT)
		snprintf(buf, n, "no such file: kernel or CPU without MTRR support (or not captured)");
	else if (!strcmp(rel, "proc/mtrr") && err == EIO)
		snprintf(buf, n, "MTRRs disabled (open returns EIO)");
	else
		snprintf(buf, n, "%s", what);
	return buf;
}

static void label(struct iom_sys_source *src, const char *rel, char *buf, size_t n)
{
	if (is_live(src) && strcmp(rel, "dmesg"))
		snprintf(buf, n, "/%s", rel);
	else if (is_live(src))
		snprintf(buf, n, "kernel log (syslog)");
	else
		snprintf(buf, n, "%s", rel);
}

static bool is_resource_file(const char *name, unsigned *idx, bool *wc)
{
	unsigned i;
	char tail[8] = "";
	if (strncmp(name, "resource", 8) || sscanf(name + 8, "%u%7s", &i, tail) < 1)
		return false;
	if (tail[0] && strcmp(tail, "_wc"))
		return false;
	*idx = i;
	*wc = tail[0] != 0;
	return true;
}

/* The PCI resource reader takes the device from the input name (".../0000:bb:dd.f/resource"). */
static int load_one(struct iom_sys_state *st, struct iom_sys_source *src, const char *rel,
		    enum iom_sys_kind kind)
{
	struct iom_buf b;
	char name[512], why[256];
	iom_buf_init(&b);
	label(src, rel, name, sizeof(name));
	int rc = src->ops->read(src->priv, rel, &b);
	int in;
	if (rc) {
		in = iom_sys_add_missing(st, name, kind, -rc);
		if (in >= 0)
			iom_sys_msg(st, in, 0, IOM_SYS_MSG_NOTE, "not read: %s",
				    missing_reason(src, rel, -rc, why, sizeof(why)));
	} else {
		in = iom_sys_add_text(st, name, kind, iom_buf_str(&b), b.len);
	}
	iom_buf_release(&b);
	return in < 0 ? in : 0;
}

int iom_sys_load(struct iom_sys_state *st, struct iom_sys_source *src)
{
	int rc;
	for (size_t i = 0; i < ARRAY_SIZE(std_files); i++)
		if ((rc = load_one(st, src, std_files[i].rel, std_files[i].kind)))
			return rc;
	char **devs = NULL;
	size_t nr = 0;
	rc = src->ops->list(src->priv, PCI_DEVICES, &devs, &nr);
	if (rc) {
		char name[256];
		label(src, PCI_DEVICES, name, sizeof(name));
		int in = iom_sys_add_missing(st, name, IOM_SYS_K_PCI_RESOURCE, -rc);
		if (in >= 0)
			iom_sys_msg(st, in, 0, IOM_SYS_MSG_NOTE, "no PCI devices listed: %s",
				    strerror(-rc));
		return 0;
	}
	for (size_t i = 0; i < nr; i++) {
		char bdf[16], rel[512], dir[256];
		if (sys_bdf_norm(devs[i], bdf))
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", PCI_DEVICES, devs[i]);
		snprintf(rel, sizeof(rel), "%s/resource", dir);
		size_t first_bar = st->nr_bars;
		if ((rc = load_one(st, src, rel, IOM_SYS_K_PCI_RESOURCE)))
			break;
		/* resourceN_wc presence: by listing only, never opening (FIELD-a.6). */
		char **ents = NULL;
		size_t ne = 0;
		bool any_res = false;
		unsigned long wc = 0;
		if (!src->ops->list(src->priv, dir, &ents, &ne)) {
			for (size_t j = 0; j < ne; j++) {
				unsigned idx;
				bool w;
				if (is_resource_file(ents[j], &idx, &w)) {
					any_res = true;
					if (w && idx < 32)
						wc |= 1UL << idx;
				}
			}
		}
		iom_sys_names_free(ents, ne);
		for (size_t j = first_bar; j < st->nr_bars; j++) {
			struct iom_sys_bar *b = &st->bars[j];
			if (any_res && b->index >= 0 && b->index < 6)
				b->wc_file = !!(wc & (1UL << b->index));
		}
	}
	iom_sys_names_free(devs, nr);
	return rc;
}

/* ---- capture ------------------------------------------------------------------------ */

static int mkdir_p(const char *path)
{
	char tmp[4096];
	snprintf(tmp, sizeof(tmp), "%s", path);
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(tmp, 0755) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, 0755) && errno != EEXIST)
		return -errno;
	return 0;
}

static int write_file(const char *outdir, const char *rel, const char *text, size_t len)
{
	char path[4096], dir[4096];
	if (join(path, sizeof(path), outdir, rel))
		return -ENAMETOOLONG;
	snprintf(dir, sizeof(dir), "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash) {
		*slash = 0;
		int rc = mkdir_p(dir);
		if (rc)
			return rc;
	}
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	size_t off = 0;
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int e = errno;
			close(fd);
			return -e;
		}
		off += (size_t)n;
	}
	return close(fd) ? -errno : 0;
}

static int capture_one(struct iom_sys_source *src, const char *outdir, const char *rel,
		       struct iom_buf *man)
{
	struct iom_buf b;
	char why[256];
	iom_buf_init(&b);
	int rc = src->ops->read(src->priv, rel, &b);
	if (rc) {
		iom_buf_printf(man, "missing %s %s\n", rel, missing_reason(src, rel, -rc, why, sizeof(why)));
		iom_buf_release(&b);
		return 0;
	}
	rc = write_file(outdir, rel, iom_buf_str(&b), b.len);
	if (!rc)
		iom_buf_printf(man, "ok %s %zu\n", rel, b.len);
	iom_buf_release(&b);
	return rc;
}

int iom_sys_capture(struct iom_sys_source *src, const char *outdir, struct iom_buf *manifest)
{
	struct iom_buf man;
	int rc = mkdir_p(outdir);
	if (rc)
		return rc;
	iom_buf_init(&man);
	iom_buf_puts(&man, "# iomodel capture MANIFEST: one line per file, 'ok PATH BYTES' or "
			   "'missing PATH REASON'\n");
	for (size_t i = 0; i < ARRAY_SIZE(std_files) && !rc; i++)
		rc = capture_one(src, outdir, std_files[i].rel, &man);
	char **devs = NULL;
	size_t nr = 0;
	if (!rc && src->ops->list(src->priv, PCI_DEVICES, &devs, &nr))
		iom_buf_printf(&man, "missing %s no PCI device directory\n", PCI_DEVICES);
	for (size_t i = 0; i < nr && !rc; i++) {
		char bdf[16], rel[512], dir[256];
		if (sys_bdf_norm(devs[i], bdf) || strchr(devs[i], '/') || devs[i][0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", PCI_DEVICES, devs[i]);
		snprintf(rel, sizeof(rel), "%s/resource", dir);
		rc = capture_one(src, outdir, rel, &man);
		char **ents = NULL;
		size_t ne = 0;
		if (!rc && !src->ops->list(src->priv, dir, &ents, &ne)) {
			for (size_t j = 0; j < ne && !rc; j++) {
				unsigned idx;
				bool w;
				if (!is_resource_file(ents[j], &idx, &w))
					continue;
				/* presence only: an empty placeholder, content never read */
				snprintf(rel, sizeof(rel), "%s/%s", dir, ents[j]);
				rc = write_file(outdir, rel, "", 0);
				if (!rc)
					iom_buf_printf(&man, "placeholder %s\n", rel);
			}
		}
		iom_sys_names_free(ents, ne);
	}
	iom_sys_names_free(devs, nr);
	if (!rc)
		rc = write_file(outdir, "MANIFEST", iom_buf_str(&man), man.len);
	if (manifest)
		iom_buf_puts(manifest, iom_buf_str(&man));
	iom_buf_release(&man);
	return rc;
}
