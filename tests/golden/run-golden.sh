#!/bin/bash
# tests/golden/run-golden.sh -- CLI golden tests, TAP output.
# A case is tests/golden/<area>/<NNN-slug>.cmd: one line of arguments to iomodel, run from
# the repository root. Expected stdout sits next to it in .out, the exit code in .rc
# (0 when absent) and, when present, stderr in .err. With UPDATE=1 the expectations are
# rewritten from the current output (review them with git diff).
set -u
O=${O:-build}
bin=$O/iomodel
n=0
for cmd in tests/golden/*/*.cmd; do
	[ -e "$cmd" ] || continue
	n=$((n + 1))
	base=${cmd%.cmd}
	name=${base#tests/golden/}
	out=$(mktemp) err=$(mktemp)
	# shellcheck disable=SC2046
	eval "\"$bin\" $(cat "$cmd")" >"$out" 2>"$err" </dev/null
	rc=$?
	want_rc=0
	[ -f "$base.rc" ] && want_rc=$(cat "$base.rc")
	if [ -n "${UPDATE:-}" ]; then
		cp "$out" "$base.out"
		[ "$rc" != 0 ] && echo "$rc" >"$base.rc" || rm -f "$base.rc"
		[ -f "$base.err" ] && cp "$err" "$base.err"
	fi
	why=""
	[ "$rc" = "$want_rc" ] || why="exit $rc, expected $want_rc"
	diff -u "$base.out" "$out" >"$out.diff" 2>&1 || why="$why stdout differs"
	if [ -f "$base.err" ] && ! diff -u "$base.err" "$err" >>"$out.diff" 2>&1; then
		why="$why stderr differs"
	fi
	if grep -qE '(^| )(-j|--json)( |$)' "$cmd" && command -v jq >/dev/null 2>&1; then
		jq -e . "$out" >/dev/null 2>&1 || why="$why invalid JSON"
	fi
	if [ -z "$why" ]; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name ($why)"
		sed 's/^/# /' "$out.diff" | head -40
	fi
	rm -f "$out" "$err" "$out.diff"
done
echo "1..$n"
