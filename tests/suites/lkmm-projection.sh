#!/bin/bash
# tests/suites/lkmm-projection.sh -- litmus/projection: a test with MMIO and normal-memory
# parts, run under --model portable on every architecture, prints exactly herd7's answer for
# its normal-memory projection (NAME.proj.herd7, next to it). TAP.
set -u
O=${O:-build}
bin=$O/iomodel
n=0
fail=0
for p in litmus/projection/*.proj.litmus; do
	t=${p%.proj.litmus}.litmus
	want=${p%.litmus}.herd7
	name=$(basename "$t" .litmus)
	re=$(printf '%s' "$name" | sed 's/[][+.*^$]/\\&/g')
	for arch in x86 arm64 powerpc riscv; do
		n=$((n + 1))
		# the projection is named NAME.proj (the corpus names a test after its file)
		if "$bin" litmus --model portable --arch "$arch" "$t" |
			sed -E "s/^(Test|Observation) $re /\1 $name.proj /" | diff -u "$want" - >/tmp/proj.$$ 2>&1; then
			echo "ok $n - $t $arch"
		else
			fail=$((fail + 1))
			echo "not ok $n - $t $arch"
			sed 's/^/# /' /tmp/proj.$$ | head -20
		fi
	done
	n=$((n + 1))
	if "$bin" litmus "$p" | diff -u "$want" - >/tmp/proj.$$ 2>&1; then
		echo "ok $n - $p (the projection itself)"
	else
		fail=$((fail + 1))
		echo "not ok $n - $p"
	fi
done
rm -f /tmp/proj.$$
echo "1..$n"
[ "$fail" = 0 ]
