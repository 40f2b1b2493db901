#!/bin/bash
# tests/suites/lint-spatch.sh -- iomodel lint with Coccinelle's spatch for real (TAP).
# 1. Each case directory under tests/lint/ (those with a facts.jsonl): spatch's facts equal the
#    stored facts.jsonl that the golden tests (tests/golden/lint) replay, and the report from
#    source equals the report from the replay.
# 2. Bad input: a file that is not C, a missing path, a directory with no C files, a missing
#    spatch; the findings of the good files are still reported.
# 3. The SARIF log has the fields SARIF 2.1.0 requires (jq).
set -u
O=${O:-build}
bin=$O/iomodel
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
if ! command -v spatch >/dev/null 2>&1; then
	for c in $(find tests/lint -name facts.jsonl | LC_ALL=C sort); do skip "spatch facts of ${c%/facts.jsonl}" "spatch (coccinelle) not installed"; done
	echo "1..$n"
	exit 0
fi
for c in $(find tests/lint -name facts.jsonl | LC_ALL=C sort); do
	d=${c%/facts.jsonl}
	"$bin" lint --facts-out "$t/facts" "$d" >"$t/src.out" 2>"$t/src.err"
	rc=$?
	"$bin" lint --facts "$c" >"$t/replay.out" 2>/dev/null
	rc2=$?
	if diff -u "$c" "$t/facts" >"$t/diff"; then ok "spatch facts of $d"; else
		nok "spatch facts of $d"; sed 's/^/# /' "$t/diff" | head -20; fi
	check "report of $d from source equals its replay (exit $rc)" \
		'[ "$rc" = "$rc2" ] && cmp -s "$t/src.out" "$t/replay.out" && [ ! -s "$t/src.err" ]'
done
# bad input: the good file's finding is reported, every bad one named, exit 2
printf 'not C at all\n' >"$t/notes.txt"
mkdir "$t/empty"
"$bin" lint --format gcc tests/lint/mtrr/wc.c "$t/notes.txt" "$t/missing.c" "$t/empty" >"$t/out" 2>"$t/err"
rc=$?
check "bad input: exit 2" '[ "$rc" = 2 ]'
check "bad input: the good file is still reported" 'grep -q "^tests/lint/mtrr/wc.c:11:14: warning: .*\[mtrr-add-in-driver\]" "$t/out"'
check "bad input: a file that is not C" 'grep -q "notes.txt: not a C source or header file" "$t/err"'
check "bad input: a missing path" 'grep -q "missing.c: No such file or directory" "$t/err"'
check "bad input: a directory with no C files" 'grep -q "empty: no C source or header files" "$t/err"'
IOMODEL_SPATCH=/nonexistent/spatch "$bin" lint tests/lint/mtrr >"$t/out" 2>"$t/err"
rc=$?
check "missing spatch: exit 2 and how to install it" '[ "$rc" = 2 ] && grep -q "apt-get install coccinelle" "$t/err"'
# the timeout: a 1-second limit on a file spatch needs longer for, in a directory (where
# spatch names the file) beside a good file
mkdir "$t/drv"
cp tests/lint/mtrr/wc.c "$t/drv/wc.c"
# 3 MB of C: spatch parses about 1 MB a second
awk 'BEGIN { print "int g(unsigned long b) { return mtrr_add(b, 1, 1, 1); }";
	for (i = 0; i < 30000; i++)
		printf "static int f%d(int x) { int y = x * %d + (x >> 3); if (y > 7) y -= x; else y += 2; return y; }\n", i, i }' >"$t/drv/slow.c"
"$bin" lint --timeout 1 --format gcc "$t/drv" >"$t/out" 2>"$t/err"
rc=$?
if grep -q "slow.c: error: spatch timed out" "$t/out"; then
	check "timeout: the file is named, exit 2, the other file still reported" \
		'[ "$rc" = 2 ] && grep -q "drv/wc.c:11:14: warning" "$t/out"'
	check "timeout: the call in the timed-out file is listed as not checked" \
		'grep -q "drv/slow.c:1:33: note: mtrr_add(): not checked" "$t/out"'
else
	skip "timeout: the file is named, exit 2, the other file still reported" "spatch finished slow.c within 1 s here"
fi
# SARIF 2.1.0: the required properties (sarifLog.version, runs; run.tool.driver.name;
# result.message.text) and the rules' descriptions
if command -v jq >/dev/null 2>&1; then
	"$bin" lint --format sarif tests/lint/mtrr >"$t/sarif"
	check "SARIF: version 2.1.0, runs, tool.driver.name" \
		'jq -e ".version == \"2.1.0\" and (.runs | length == 1) and .runs[0].tool.driver.name == \"iomodel\"" "$t/sarif" >/dev/null'
	check "SARIF: every result has ruleId, message.text and a location with a line" \
		'jq -e "[.runs[0].results[] | (.ruleId | length > 0) and (.message.text | length > 0) and (.locations[0].physicalLocation.region.startLine > 0)] | all and length > 0" "$t/sarif" >/dev/null'
	check "SARIF: every rule has id, shortDescription, fullDescription and help" \
		'jq -e "[.runs[0].tool.driver.rules[] | (.id | length > 0) and (.shortDescription.text | length > 0) and (.fullDescription.text | length > 0) and (.help.text | length > 0)] | all" "$t/sarif" >/dev/null'
	check "SARIF: ruleIndex points at the rule of ruleId" \
		'jq -e "[.runs[0] as \$r | \$r.results[] | \$r.tool.driver.rules[.ruleIndex].id == .ruleId] | all" "$t/sarif" >/dev/null'
else
	skip "SARIF fields" "jq not installed"
fi
echo "1..$n"
