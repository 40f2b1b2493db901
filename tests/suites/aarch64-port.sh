#!/bin/bash
# tests/suites/aarch64-port.sh -- the portability check (docs/aarch64.md, "Portability"):
# every LKMM test of litmus/lkmm/ and of the kernel's tools/memory-model and
# Documentation/litmus-tests (Debian's linux-source-6.12, when installed) that compiles with
# arm64's mappings is run under the LKMM and under aarch64.cat; a final state aarch64.cat
# allows and the LKMM forbids fails its test (TAP). Tests that do not compile (locks, RCU,
# loops, ...) are skipped with the compiler's reason.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lkmm/lib.sh
files=()
mapfile -t files < <(find litmus/lkmm -name '*.litmus' | LC_ALL=C sort)
if lkmm_unpack_kernel "$O/lkmm-kernel"; then
	mapfile -t -O "${#files[@]}" files < <(find "$O/lkmm-kernel" -name '*.litmus' | LC_ALL=C sort)
fi
n=0 fail=0
for f in "${files[@]}"; do
	n=$((n + 1))
	line=$("$LKMM_BIN" litmus --check-aarch64 "$f" 2>&1 | head -n 1)
	case "$line" in
	'!!! '*) fail=$((fail + 1)); echo "not ok $n - $f: ${line#!!! }" ;;
	*"not checked: "*) echo "ok $n - $f # SKIP ${line##*aarch64 compile: }" ;;
	*"no state beyond"*) echo "ok $n - $f" ;;
	*) fail=$((fail + 1)); echo "not ok $n - $f: $line" ;;
	esac
done
echo "1..$n"
[ "$fail" = 0 ]
