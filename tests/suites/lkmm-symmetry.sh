#!/bin/bash
# tests/suites/lkmm-symmetry.sh -- the search's symmetries change no answer: every LKMM test of
# litmus/lkmm and tests/lkmm (herd7's corpora: diy, diy-large, transformed) prints the same
# output, byte for byte, with and without --no-symmetry (docs/ordering.md, "Symmetric
# threads"). One TAP line per directory; a difference names the test and shows the diff.
set -u
O=${O:-build}
bin=$O/iomodel
n=0
fail=0
for dir in litmus/lkmm tests/lkmm/diy tests/lkmm/diy-large tests/lkmm/transformed; do
	n=$((n + 1))
	bad=0
	count=0
	for t in "$dir"/*.litmus; do
		count=$((count + 1))
		"$bin" litmus "$t" >/tmp/sym-a.$$ 2>&1
		ra=$?
		"$bin" litmus --no-symmetry "$t" >/tmp/sym-b.$$ 2>&1
		rb=$?
		if [ "$ra" != "$rb" ] || ! cmp -s /tmp/sym-a.$$ /tmp/sym-b.$$; then
			bad=$((bad + 1))
			echo "# $t: exit $ra with symmetries, $rb without"
			diff /tmp/sym-b.$$ /tmp/sym-a.$$ | head -10 | sed 's/^/#   /'
		fi
	done
	if [ "$bad" = 0 ] && [ "$count" -gt 0 ]; then
		echo "ok $n - $dir: $count tests, the same output with and without symmetries"
	else
		fail=$((fail + 1))
		echo "not ok $n - $dir: $bad of $count differ"
	fi
done
rm -f /tmp/sym-a.$$ /tmp/sym-b.$$
echo "1..$n"
[ "$fail" = 0 ]
