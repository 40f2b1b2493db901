#!/bin/bash
# tests/run-all.sh -- run every test suite, count TAP results, end with
# "N passed, N failed, N skipped". A TAP line "ok ... # SKIP reason" counts as skipped and is
# shown as "skipped: SUITE: reason"; a suite that needs a missing optional tool says so that way.
# Suites: cmocka unit binaries (TAP via CMOCKA_MESSAGE_OUTPUT), the CLI golden tests,
# fuzz corpus replays, and every executable tests/suites/*.sh (each prints TAP).
set -u
O=${O:-build}
export O
pass=0 fail=0 skip=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
count() { # name, then TAP on stdin
	local name=$1 line p=0 f=0 s=0 why last="" rep=0
	while IFS= read -r line; do
		case "$line" in
		"not ok "[0-9]*" # SKIP"*) ;& # cmocka's TAP writes a skipped test as "not ok N # SKIP"
		"ok"*"# SKIP"* | "ok"*"# skip"*)
			s=$((s + 1))
			why=${line#*# [Ss][Kk][Ii][Pp]}
			why=${why# }
			why=${why:-${line#ok }}
			# one line per reason: consecutive skips with the same reason are counted
			if [ "$why" = "$last" ]; then rep=$((rep + 1)); else
				[ "$rep" -gt 1 ] && echo "skipped: $name: (the same, $rep times in all)"
				echo "skipped: $name: $why"; last=$why; rep=1
			fi ;;
		"not ok"*) f=$((f + 1)); echo "FAIL: $name: ${line#not ok }" ;;
		"ok"*) p=$((p + 1)) ;;
		"#"*) [ -n "${VERBOSE:-}" ] && echo "$line" ;;
		esac
	done
	[ "$rep" -gt 1 ] && echo "skipped: $name: (the same, $rep times in all)"
	echo "$p $f $s" >"$log"
}
run_suite() { # name, command...
	local name=$1 rc p f s
	shift
	"$@" 2>"$log.err" | count "$name"
	rc=${PIPESTATUS[0]}
	read -r p f s <"$log"
	if { [ "$p" = 0 ] && [ "$f" = 0 ] && [ "$s" = 0 ]; } || { [ "$rc" != 0 ] && [ "$f" = 0 ]; }; then
		echo "FAIL: $name: suite exited $rc with no failing test reported"
		sed 's/^/    /' "$log.err" | head -20
		f=$((f + 1))
	fi
	printf '%-40s %4d passed, %d failed, %d skipped\n' "$name" "$p" "$f" "$s"
	pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + s))
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
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
