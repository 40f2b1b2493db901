#!/bin/bash
# tests/suites/install.sh -- `make install` and `make uninstall` into a temporary DESTDIR
# (README.md, "Installing"): every file lands where PREFIX/BINDIR/LIBDIR/INCLUDEDIR/MANDIR say, the
# shared library has its soname and symlinks and exports only iom_* symbols (nm), a C
# program builds against the installed headers and library through
# `pkg-config --cflags --libs iomodel` and runs, the installed CLI runs an installed
# example, and uninstall removes every file it installed. TAP.
set -u
O=${O:-build}
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
no() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/#   /' | head -20; }
check() { local what=$1; shift; if "$@" >/dev/null 2>&1; then ok "$what"; else no "$what"; fi; }
if [ "${SANITIZE:-}" = 1 ]; then
	echo "ok 1 # SKIP the install test runs in the plain (non-sanitizer) build"
	echo "1..1"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ver=$(cat VERSION)
mk() { make -s --no-print-directory O="$O" "$@"; }

# 1. default layout under PREFIX=/usr/local
d=$tmp/root
out=$(mk install DESTDIR="$d" 2>&1) && ok "make install DESTDIR" || no "make install DESTDIR" "$out"
p=$d/usr/local
check "CLI in BINDIR" test -x "$p/bin/iomodel"
check "iomodel-herd7 -> iomodel" test "$(readlink "$p/bin/iomodel-herd7")" = iomodel
check "static library" test -f "$p/lib/libiomodel.a"
check "shared library file libiomodel.so.$ver" test -f "$p/lib/libiomodel.so.$ver"
check "libiomodel.so -> libiomodel.so.0" test "$(readlink "$p/lib/libiomodel.so")" = libiomodel.so.0
check "libiomodel.so.0 -> libiomodel.so.$ver" test "$(readlink "$p/lib/libiomodel.so.0")" = "libiomodel.so.$ver"
soname=$(readelf -d "$p/lib/libiomodel.so.$ver" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
check "soname is libiomodel.so.0 (got '$soname')" test "$soname" = libiomodel.so.0
bad=$(nm -D --defined-only "$p/lib/libiomodel.so.$ver" | awk '{print $NF}' | grep -v '^iom_')
nsym=$(nm -D --defined-only "$p/lib/libiomodel.so.$ver" | grep -c ' iom_')
if [ -z "$bad" ] && [ "$nsym" -gt 100 ]; then ok "shared library exports only iom_* ($nsym symbols)"
else no "shared library exports only iom_* ($nsym iom_ symbols)" "$bad"; fi
missing=""
for h in include/iomodel/*.h include/iomodel/*.def; do
	cmp -s "$h" "$p/include/iomodel/$(basename "$h")" || missing="$missing $h"
done
check "every public header installed${missing:+ (missing:$missing)}" test -z "$missing"
check "iomodel.pc" test -f "$p/lib/pkgconfig/iomodel.pc"
missing=""
for m in man/*.scd; do
	b=$(basename "$m" .scd); s=${b##*.}
	test -s "$p/share/man/man$s/$b" || missing="$missing $b"
done
check "every man page installed${missing:+ (missing:$missing)}" test -z "$missing"
check "iomodel(1) is roff" grep -q '^\.TH "iomodel" "1"' "$p/share/man/man1/iomodel.1"
check "bash completion" test -s "$p/share/bash-completion/completions/iomodel"
check "bash completion loads" bash -c ". '$p/share/bash-completion/completions/iomodel'"
check "examples under share/iomodel" test -f "$p/share/iomodel/examples/atyfb/02-new.scn"
check "litmus corpus under share/iomodel" test -f "$p/share/iomodel/litmus/README.md"

# 2. a client built through pkg-config against the installed tree
# PKG_CONFIG_PATH is searched first; the system directories still give jansson (Requires.private)
export PKG_CONFIG_SYSROOT_DIR=$d PKG_CONFIG_PATH=$p/lib/pkgconfig
flags=$(pkg-config --cflags --libs iomodel 2>&1) && ok "pkg-config --cflags --libs iomodel: $flags" ||
	no "pkg-config finds iomodel" "$flags"
check "pkg-config --modversion = $ver" test "$(pkg-config --modversion iomodel)" = "$ver"
# shellcheck disable=SC2086
out=$(${CC:-cc} -std=c11 -Wall -Werror -o "$tmp/prog" tests/install/prog.c $flags 2>&1) &&
	ok "client compiles and links against the installed library" ||
	no "client compiles and links against the installed library" "$out"
out=$(LD_LIBRARY_PATH=$p/lib "$tmp/prog" 2>&1)
rc=$?
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -q "^libiomodel $ver$" &&
	printf '%s\n' "$out" | grep -q '^passed 2 failed 0$'; then
	ok "client parses and runs a scenario (2 expectations pass)"
else
	no "client parses and runs a scenario" "$out"
fi
check "client uses the installed shared library" sh -c "LD_LIBRARY_PATH='$p/lib' ldd '$tmp/prog' | grep -q '$p/lib/libiomodel.so.0'"
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_PATH

# 3. the installed CLI
out=$("$p/bin/iomodel" --version 2>&1)
case "$out" in "iomodel $ver"*) ok "installed iomodel --version: $out" ;; *) no "installed iomodel --version" "$out" ;; esac
out=$("$p/bin/iomodel" run "$p/share/iomodel/examples/atyfb/02-new.scn" 2>&1) &&
	ok "installed iomodel runs an installed example" || no "installed iomodel runs an installed example" "$out"
lt=$(ls "$p"/share/iomodel/litmus/lkmm/*.litmus 2>/dev/null | head -1)
out=$("$p/bin/iomodel-herd7" -conf linux-kernel.cfg "$lt" 2>&1)
case "$out" in *"Observation "*) ok "installed iomodel-herd7 runs an installed LKMM test" ;;
*) no "installed iomodel-herd7 runs an installed LKMM test ($lt)" "$out" ;; esac

# 4. uninstall leaves no file behind
out=$(mk uninstall DESTDIR="$d" 2>&1) && ok "make uninstall DESTDIR" || no "make uninstall" "$out"
left=$(find "$d" ! -type d)
check "uninstall removed every installed file${left:+: $(echo $left | head -c 200)}" test -z "$left"

# 5. every directory variable is honoured
d=$tmp/root2
out=$(mk install DESTDIR="$d" PREFIX=/opt/iom BINDIR=/opt/iom/sbin LIBDIR=/opt/iom/lib64 \
	INCLUDEDIR=/opt/iom/inc MANDIR=/opt/iom/man 2>&1) && ok "install with every directory set" ||
	no "install with every directory set" "$out"
check "BINDIR" test -x "$d/opt/iom/sbin/iomodel"
check "LIBDIR" test -f "$d/opt/iom/lib64/libiomodel.a"
check "INCLUDEDIR" test -f "$d/opt/iom/inc/iomodel/scenario.h"
check "MANDIR" test -f "$d/opt/iom/man/man1/iomodel.1"
check "iomodel.pc names LIBDIR" grep -qx 'libdir=/opt/iom/lib64' "$d/opt/iom/lib64/pkgconfig/iomodel.pc"
check "iomodel.pc names INCLUDEDIR" grep -qx 'includedir=/opt/iom/inc' "$d/opt/iom/lib64/pkgconfig/iomodel.pc"
out=$(mk uninstall DESTDIR="$d" PREFIX=/opt/iom BINDIR=/opt/iom/sbin LIBDIR=/opt/iom/lib64 \
	INCLUDEDIR=/opt/iom/inc MANDIR=/opt/iom/man 2>&1)
left=$(find "$d" ! -type d)
check "uninstall with every directory set removes every file" test -z "$left"

echo "1..$n"
[ "$fail" = 0 ]
