#!/bin/bash
# tests/suites/litmus-corpus-explore.sh -- the MMIO corpus (litmus/**/*.litmus that map a
# region or have a device block) on the operational engine that the LKMM engine replaces
# (iomodel litmus --engine explore, docs/ordering.md §4 and §10), for every architecture x
# kernel era x model, against the tests' Expect: lines. A test listed in
# tests/lkmm/EXPLORE-DIFFERENCES must still differ (the list says why); every other test
# must agree. TAP, one per file.
set -u
O=${O:-build}
bin=$O/iomodel
list=tests/lkmm/EXPLORE-DIFFERENCES
n=0
fail=0
while IFS= read -r f; do
	grep -qE 'ioremap|ioport|DEV\(' "$f" || continue
	n=$((n + 1))
	out=$("$bin" litmus --engine explore --arch all --model all --kernel all -q "$f" 2>&1)
	rc=$?
	if grep -q "^$f " "$list"; then
		if [ "$rc" = 1 ]; then
			echo "ok $n - $f (listed difference)"
		else
			fail=$((fail + 1))
			echo "not ok $n - $f: listed in $list but exit $rc"
		fi
	elif [ "$rc" = 0 ]; then
		echo "ok $n - $f"
	else
		fail=$((fail + 1))
		echo "not ok $n - $f (exit $rc)"
		printf '%s\n' "$out" | grep -E '^!!! |^iomodel: ' | head -20
	fi
done < <(find litmus -path litmus/lkmm -prune -o -name '*.litmus' -print | LC_ALL=C sort)
echo "1..$n"
[ "$fail" = 0 ]
