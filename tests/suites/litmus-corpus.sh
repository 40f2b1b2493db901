#!/bin/bash
# tests/suites/litmus-corpus.sh -- run every litmus/**/*.litmus for every architecture x
# kernel era (4.8 5.1 5.4 5.17 6.12) x model that has an Expect: line (litmus/lkmm/, litmus/aarch64/ and litmus/aarch64-deps/ are held by
# tests/suites/lkmm-corpus.sh and aarch64-corpus.sh instead: herd7's outputs, no Expect: lines), and report each
# disagreement as "!!! mismatch NAME ARCH X.Y MODEL: expected V, got W". TAP: one test per
# file. Extra iomodel arguments may come from $LITMUS_ARGS (tests/check-rules.sh passes
# --flip-rule ID). A file that cannot be parsed is a failure too.
set -u
O=${O:-build}
bin=$O/iomodel
n=0
fail=0
while IFS= read -r f; do
	n=$((n + 1))
	# shellcheck disable=SC2086
	out=$("$bin" litmus --arch all --model all --kernel all -q ${LITMUS_ARGS:-} "$f" 2>&1)
	rc=$?
	if [ "$rc" = 0 ]; then
		echo "ok $n - $f"
	else
		fail=$((fail + 1))
		echo "not ok $n - $f (exit $rc)"
		printf '%s\n' "$out" | grep -E '^!!! |^iomodel: ' | head -20
	fi
done < <(find litmus \( -path litmus/lkmm -o -path litmus/aarch64 -o -path litmus/aarch64-deps \) -prune -o -name '*.litmus' -print | LC_ALL=C sort)
echo "1..$n"
[ "$fail" = 0 ]
