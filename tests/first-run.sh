#!/bin/bash
# tests/first-run.sh -- the first `make` on a machine without the packages must work on
# its first try (README.md, "Set-up on a fresh Debian machine"). Run by .ci/run; needs a built tree only for nothing: it
# builds from scratch into a temporary O=.
#
# It arranges PATH so that, as on a fresh Debian machine, pkg-config finds neither jansson
# nor cmocka, and apt-get "installs" them: the fake apt-get records what it was asked for
# and from then on the fake pkg-config answers with the real one. The fake id says root,
# so scripts/bootstrap takes its install path. A Makefile that asked pkg-config for flags
# before bootstrap ran would link without -ljansson and fail here (a bug once seen).
set -u
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fake=$tmp/bin
mkdir -p "$fake"
real_pc=$(command -v pkg-config) || { echo "first-run: pkg-config is needed to run this test" >&2; exit 1; }
cat >"$fake/pkg-config" <<EOS
#!/bin/sh
# answers "not found" until the fake apt-get ran
if [ -e "$tmp/installed" ]; then exec "$real_pc" "\$@"; fi
for a in "\$@"; do case "\$a" in --*) ;; *) echo "Package \$a was not found in the pkg-config search path." >&2 ;; esac; done
exit 1
EOS
cat >"$fake/apt-get" <<EOS
#!/bin/sh
echo "apt-get \$*" >>"$tmp/apt.log"
case "\$1" in install) touch "$tmp/installed" ;; esac
exit 0
EOS
cat >"$fake/id" <<'EOS'
#!/bin/sh
[ "$1" = "-u" ] && { echo 0; exit 0; }
exec /usr/bin/id "$@"
EOS
chmod +x "$fake"/*
fail=0
echo "== first run: make O=<empty dir> all, with pkg-config finding nothing until bootstrap installs"
if PATH=$fake:$PATH make -s --no-print-directory O="$tmp/build" -j2 all $tmp/build/tests/unit/t-memtype \
	>"$tmp/make.log" 2>&1; then
	echo "first-run: make all succeeded on its first try"
else
	echo "first-run: FAILED: make all did not succeed on its first try:"
	tail -20 "$tmp/make.log"
	fail=1
fi
if grep -q 'install.*libjansson-dev' "$tmp/apt.log" 2>/dev/null && grep -q 'install.*libcmocka-dev' "$tmp/apt.log"; then
	echo "first-run: bootstrap asked apt-get for the missing packages: $(grep install "$tmp/apt.log" | head -1)"
else
	echo "first-run: FAILED: bootstrap did not install the missing packages (apt log: $(cat "$tmp/apt.log" 2>/dev/null))"
	fail=1
fi
if [ "$fail" = 0 ] && "$tmp/build/iomodel" run >/dev/null && "$tmp/build/tests/unit/t-memtype" >/dev/null 2>&1; then
	echo "first-run: the CLI and a unit test built in that run work"
else
	[ "$fail" = 0 ] && echo "first-run: FAILED: the binaries built in the first run do not work"
	fail=1
fi
grep -q 'ljansson' "$tmp/build/config.mk" || { echo "first-run: FAILED: config.mk has no -ljansson"; fail=1; }
exit $fail
