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
if grep -q "slow.c: error: spatch timed out" "$t/err"; then
	check "timeout: the file is named once, on stderr, exit 2, the other file still reported" \
		'[ "$rc" = 2 ] && grep -q "drv/wc.c:11:14: warning" "$t/out" && [ "$(grep -c slow.c "$t/err")" = 1 ] && ! grep -q "error:" "$t/out"'
	check "timeout: the call in the timed-out file is still found from the text" \
		'grep -q "drv/slow.c:1:33: warning: .*\[mtrr-add-in-driver\]" "$t/out"'
else
	skip "timeout: the file is named, exit 2, the other file still reported" "spatch finished slow.c within 1 s here"
fi
# Files spatch cannot parse (a syntax error before the call; binary data named .c): exit 2,
# each file named once on stderr, and the call codes, which need no parse, still found
mkdir "$t/up"
printf 'int f(void)\n{\n\tint x = ((((;\n\tmtrr_add(1, 2, MTRR_TYPE_WRCOMB, 1);\n\treturn 0;\n}\n' >"$t/up/syntax.c"
{ head -c 2000 "$bin"; printf '\nvoid g(void) { ioremap_nocache(1, 2); }\n'; } >"$t/up/binary.c"
# code under #if 0 is never built: spatch skips it rightly, and lint says nothing of it
printf '#if 0\nstatic void h(void)\n{\n\tint x = ((((;\n\tmtrr_add(1, 2, 1, 1);\n}\n#endif\n' >"$t/up/ifzero.c"
"$bin" lint --format gcc "$t/up" >"$t/out" 2>"$t/err"
rc=$?
check "unparseable files: exit 2, each named once on stderr" \
	'[ "$rc" = 2 ] && [ "$(grep -c "up/syntax.c: error: spatch did not parse" "$t/err")" = 1 ] && [ "$(grep -c "up/binary.c: error: not C source text" "$t/err")" = 1 ] && [ "$(wc -l <"$t/err")" = 2 ]'
check "unparseable files: the call codes still found" \
	'grep -q "up/syntax.c:4:2: warning: .*\[mtrr-add-in-driver\]" "$t/out" && grep -q "up/binary.c:.*warning: ioremap_nocache().*\[removed-api\]" "$t/out" && ! grep -q ifzero "$t/out"'
# Progress on stderr when it is a terminal (script(1) gives it one), nothing otherwise
"$bin" lint tests/lint/precision/probe >/dev/null 2>"$t/err"
check "no progress when stderr is not a terminal" '[ ! -s "$t/err" ]'
if command -v script >/dev/null 2>&1; then
	script -qc "$bin lint tests/lint/precision/probe >/dev/null" /dev/null >"$t/tty" 2>&1
	check "progress when stderr is a terminal: the spatch programs and the files read" \
		'grep -q "spatch program 1 of" "$t/tty" && grep -q "reading the source" "$t/tty"'
else
	skip "progress when stderr is a terminal" "script (util-linux) not installed"
fi
# The same findings however the path is written: absolute, relative, with "..", through a
# symbolic link, as its directory, with a space and a '#' in it (spatch removes ".." from
# the names it prints, and runs find through a shell on --dir). Compared with each path's
# own prefix taken off.
mkdir -p "$t/p/cwd" "$t/p/drv" "$t/p/with space/x#y"
cp tests/lint/atyfb/before-004/atyfb_base.c tests/lint/atyfb/before-004/atyfb.h "$t/p/drv/"
cp tests/lint/atyfb/before-004/atyfb_base.c tests/lint/atyfb/before-004/atyfb.h "$t/p/with space/x#y/"
ln -s drv "$t/p/link"
"$bin" lint --format gcc tests/lint/atyfb/before-004 | sed 's|tests/lint/atyfb/before-004/||g' >"$t/p/want"
pathcase() { # label, cwd, prefix to take off, path...
	local label=$1 dir=$2 pre=$3
	shift 3
	( cd "$dir" && "$OLDPWD/$bin" lint --format gcc "$@" ) | sed "s|$pre||g" >"$t/p/got"
	check "path written as $label: the same findings" 'grep -q warning "$t/p/want" && cmp -s "$t/p/want" "$t/p/got"'
}
pathcase "an absolute directory" . "$t/p/drv/" "$t/p/drv"
pathcase "a relative directory" "$t/p" drv/ drv
pathcase "a directory through .." "$t/p/cwd" ../drv/ ../drv
pathcase "a directory through a symbolic link" "$t/p" link/ link/
pathcase "a directory with a space and #" "$t/p" "with space/x#y/" "with space/x#y"
pathcase "files through .. with a space and #" "$t/p/cwd" "../with space/x#y/" \
	"../with space/x#y/atyfb_base.c" "../with space/x#y/atyfb.h"
if command -v jq >/dev/null 2>&1; then
	( cd "$t/p" && "$OLDPWD/$bin" lint --format sarif "with space/x#y" ) >"$t/p/sarif"
	check "SARIF: a path with a space and # is a percent-encoded URI relative to SRCROOT" \
		'jq -e "[.runs[0].results[].locations[0].physicalLocation.artifactLocation | .uri == \"with%20space/x%23y/atyfb_base.c\" and .uriBaseId == \"SRCROOT\"] | all and length > 0" "$t/p/sarif" >/dev/null'
	"$bin" lint --format sarif "$t/p/drv" >"$t/p/sarif"
	check "SARIF: an absolute path is a file: URI" \
		'jq -e "[.runs[0].results[].locations[0].physicalLocation.artifactLocation | (.uri | startswith(\"file:///\")) and (has(\"uriBaseId\") | not)] | all and length > 0" "$t/p/sarif" >/dev/null'
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
