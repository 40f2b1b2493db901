#!/bin/bash
# tests/suites/lkmm-scripts.sh -- the kernel's own driver for its LKMM tests runs unchanged
# with iomodel in herd7's place (docs/ordering.md): tools/memory-model from Debian's
# linux-source-6.12 is unpacked under $O, a directory holding `herd7` -> $O/iomodel is put
# first on PATH, and scripts/checkalllitmus.sh is run as the kernel's README says (from
# tools/memory-model, with its default "-conf linux-kernel.cfg"). No line of its output may
# carry "!!!" (judgelitmus.sh's mark for a verdict, data-race or Unknown-macro mismatch),
# and every test must have been judged. TAP.
set -u
O=${O:-build}
tarball=/usr/src/linux-source-6.12.tar.xz
if [ ! -r "$tarball" ]; then
	echo "ok 1 # SKIP linux-source-6.12 not installed (scripts/bootstrap --tests installs it)"
	echo "1..1"
	exit 0
fi
if [ ! -x /usr/bin/time ]; then
	echo "ok 1 # SKIP /usr/bin/time not installed (runlitmus.sh calls it; package time)"
	echo "1..1"
	exit 0
fi
bin=$(cd "$O" && pwd)/iomodel
work=$O/lkmm-scripts
rm -rf "$work"
mkdir -p "$work/bin"
tar -C "$work" -xf "$tarball" linux-source-6.12/tools/memory-model || {
	echo "not ok 1 - unpack tools/memory-model from $tarball"; echo "1..1"; exit 1; }
ln -s "$bin" "$work/bin/herd7"
fakebin=$(cd "$work/bin" && pwd)
mm=$work/linux-source-6.12/tools/memory-model
out=$(cd "$mm" && PATH=$fakebin:$PATH LKMM_JOBS=1 scripts/checkalllitmus.sh 2>&1)
rc=$?
n=0 fail=0
total=$(ls "$mm"/litmus-tests/*.litmus | wc -l)
for f in "$mm"/litmus-tests/*.litmus; do
	n=$((n + 1))
	name=litmus-tests/$(basename "$f")
	o=$mm/$name.out
	if [ ! -s "$o" ]; then
		fail=$((fail + 1)); echo "not ok $n - $name: no output written"
	elif grep -q '!!!' "$o"; then
		fail=$((fail + 1)); echo "not ok $n - $name: $(grep '!!!' "$o" | head -1)"
	elif ! grep -q '^Observation ' "$o"; then
		fail=$((fail + 1)); echo "not ok $n - $name: no Observation line"
	else
		echo "ok $n - $name: $(grep '^Observation ' "$o")"
	fi
done
n=$((n + 1))
bang=$(printf '%s\n' "$out" | grep -c '!!!')
if [ "$rc" = 0 ] && [ "$bang" = 0 ]; then
	echo "ok $n - checkalllitmus.sh over $total tests: exit 0, no '!!!' line"
else
	fail=$((fail + 1))
	echo "not ok $n - checkalllitmus.sh exit $rc, $bang '!!!' lines"
	printf '%s\n' "$out" | grep '!!!' | head -10 | sed 's/^/#   /'
fi
echo "1..$n"
[ "$fail" = 0 ]
