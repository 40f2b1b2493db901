#!/bin/bash
# tests/suites/audit-captures.sh -- golden reports for every capture in tests/captures/.
# A case is a directory: either root/ (a capture tree, audited with --root) or loose input
# files (every file except SOURCE.md and EXPECTED.*, in C sort order). Expected text, JSON
# and exit status sit beside them in EXPECTED.txt, EXPECTED.json, EXPECTED.rc.
# UPDATE=1 rewrites the expectations (review with git diff). TAP output.
set -u
O=${O:-build}
bin=$O/iomodel
n=0
case_args() {
	local d=$1
	if [ -d "$d/root" ]; then
		printf '%s\n' --root "$d/root"
	else
		find "$d" -type f ! -name 'SOURCE.md' ! -name 'EXPECTED.*' | LC_ALL=C sort
	fi
}
for d in tests/captures/*/; do
	d=${d%/}
	name=${d#tests/captures/}
	mapfile -t args < <(case_args "$d")
	out=$(mktemp) jout=$(mktemp)
	"$bin" audit "${args[@]}" >"$out" 2>/dev/null </dev/null
	rc=$?
	"$bin" audit -p "${args[@]}" >"$jout" 2>/dev/null </dev/null
	jrc=$?
	if [ -n "${UPDATE:-}" ]; then
		cp "$out" "$d/EXPECTED.txt"
		cp "$jout" "$d/EXPECTED.json"
		echo "$rc" >"$d/EXPECTED.rc"
	fi
	want=$(cat "$d/EXPECTED.rc" 2>/dev/null || echo missing)
	n=$((n + 1))
	if [ "$rc" = "$want" ] && diff -u "$d/EXPECTED.txt" "$out" >/dev/null 2>&1; then
		echo "ok $n - $name text"
	else
		echo "not ok $n - $name text (exit $rc, expected $want)"
		diff -u "$d/EXPECTED.txt" "$out" 2>&1 | head -30 | sed 's/^/# /'
	fi
	n=$((n + 1))
	why=""
	[ "$jrc" = "$want" ] || why="exit $jrc"
	diff -u "$d/EXPECTED.json" "$jout" >/dev/null 2>&1 || why="$why differs"
	if command -v jq >/dev/null 2>&1; then
		jq -e .summary.codes "$jout" >/dev/null 2>&1 || why="$why invalid JSON"
	fi
	if [ -z "$why" ]; then
		echo "ok $n - $name json"
	else
		echo "not ok $n - $name json ($why)"
		diff -u "$d/EXPECTED.json" "$jout" 2>&1 | head -30 | sed 's/^/# /'
	fi
	rm -f "$out" "$jout"
done
echo "1..$n"
