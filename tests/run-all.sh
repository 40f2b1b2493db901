#!/bin/bash
# tests/run-all.sh -- run every test suite, count TAP results, end with "N passed, N failed".
# Suites: cmocka unit binaries (TAP via CMOCKA_MESSAGE_OUTPUT), the CLI golden tests,
# fuzz corpus replays, and every executable tests/suites/*.sh (each prints TAP).
set -u
O=${O:-build}
export O
pass=0 fail=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
count() { # name, then TAP on stdin
	local name=$1 line p=0 f=0
	while IFS= read -r line; do
		case "$line" in
		"not ok"*) f=$((f + 1)); echo "FAIL: $name: ${line#not ok }" ;;
		"ok"*) p=$((p + 1)) ;;
		"#"*) [ -n "${VERBOSE:-}" ] && echo "$line" ;;
		esac
	done
	echo "$p $f" >"$log"
}
run_suite() { # name, command...
	local name=$1 rc p f
	shift
	"$@" 2>"$log.err" | count "$name"
	rc=${PIPESTATUS[0]}
	read -r p f <"$log"
	if [ "$p" = 0 ] && [ "$f" = 0 ] || { [ "$rc" != 0 ] && [ "$f" = 0 ]; }; then
		echo "FAIL: $name: suite exited $rc with no failing test reported"
		sed 's/^/    /' "$log.err" | head -20
		f=$((f + 1))
	fi
	printf '%-40s %4d passed, %d failed\n' "$name" "$p" "$f"
	pass=$((pass + p)); fail=$((fail + f))
}
for t in "$O"/tests/unit/t-*; do
	[ -x "$t" ] || continue
	CMOCKA_MESSAGE_OUTPUT=TAP run_suite "unit/$(basename "$t")" "$t"
done
run_suite golden ./tests/golden/run-golden.sh
for r in "$O"/tests/replay/fuzz_*; do
	[ -x "$r" ] || continue
	n=$(basename "$r")
	run_suite "fuzz-replay/$n" "$r" "tests/fuzz/corpus/${n#fuzz_}"
done
for s in tests/suites/*.sh; do
	[ -x "$s" ] || continue
	run_suite "suite/$(basename "$s" .sh)" "$s"
done
rm -f "$log.err"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
