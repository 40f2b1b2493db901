#!/bin/bash
# tests/suites/litmus-parse.sh -- corpus hygiene, TAP output. The parser itself checks every
# file in tests/unit/t-litmus-parse.c; this suite checks what the parser is lenient about:
#   - the first (* *) comment has a Result: line and Expect: lines in the exact format
#     "Expect: <arch|*> <X.Y|*> <kernel|article|portable|*> <Never|Sometimes|Always|Error>";
#   - the C line repeats the file name;
#   - litmus/README.md has exactly one paragraph for the test.
set -u
n=0
re='^ \* Expect: (x86|arm64|powerpc|riscv|\*) ([0-9]+\.[0-9]+|\*) (kernel|article|portable|\*) (Never|Sometimes|Always|Error)$'
for f in litmus/*.litmus; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .litmus)
	why=""
	[ "$(head -n 1 "$f")" = "C $name" ] || why="$why; C line is not 'C $name'"
	hdr=$(awk 'NR > 1 && /^\(\*/ { on = 1 } on { print } on && /\*\)/ { exit }' "$f")
	echo "$hdr" | grep -qE '^ \* Result: (Never|Sometimes|Always)$' || why="$why; no Result: line"
	ne=$(echo "$hdr" | grep -c 'Expect:')
	ng=$(echo "$hdr" | grep -cE "$re")
	[ "$ne" -gt 0 ] || why="$why; no Expect: line"
	[ "$ne" = "$ng" ] || why="$why; $((ne - ng)) malformed Expect: line(s)"
	np=$(grep -c "^\*\*$name\*\* -- " litmus/README.md)
	[ "$np" = 1 ] || why="$why; $np README paragraphs"
	n=$((n + 1))
	if [ -z "$why" ]; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name${why}"
	fi
done
n=$((n + 1))
nf=$(ls litmus/*.litmus 2>/dev/null | wc -l)
if [ "$nf" -ge 60 ]; then echo "ok $n - corpus has $nf tests"; else echo "not ok $n - corpus has $nf tests (< 60)"; fi
echo "1..$n"
