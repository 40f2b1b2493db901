/* SPDX-License-Identifier: MIT */
/* iomodel -- the library's version. The number lives in one place, the top-level VERSION
 * file; the build compiles it in (with `git describe` when built from a git checkout). */
#ifndef IOMODEL_VERSION_H
#define IOMODEL_VERSION_H

/* The release number from VERSION, e.g. "0.5.0". Static string, never NULL. */
const char *iom_version(void);
/* `git describe --always --dirty` of the tree it was built from, or "" when it was not
 * built from a git checkout (a release tarball). Static string, never NULL. */
const char *iom_version_git(void);

#endif
