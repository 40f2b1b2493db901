#!/bin/bash
# tests/suites/lkmm-kernel.sh -- the Linux kernel's own LKMM litmus tests against herd7.
# Unpacks tools/memory-model/litmus-tests and Documentation/litmus-tests from Debian's
# linux-source-6.12 package (/usr/src/linux-source-6.12.tar.xz, or $LKMM_KERNEL_TARBALL) once
# into $O/lkmm-kernel/, then compares `$O/iomodel litmus FILE` with herd7 7.57's output under
# the LKMM of Linux 6.12, stored in tests/lkmm/kernel-6.12/<path>.out (Time line removed).
# Comparison and the known-mismatch list: tests/lkmm/lib.sh. TAP, one test per kernel test.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lkmm/lib.sh
dest=$O/lkmm-kernel
lkmm_unpack_kernel "$dest"
case $? in
0) ;;
1)
	echo "ok 1 - # SKIP linux-source-6.12 not installed"
	echo "1..1"
	exit 0
	;;
*)
	echo "not ok 1 - cannot unpack the litmus tests from $LKMM_KERNEL_TARBALL"
	echo "1..1"
	exit 1
	;;
esac
lkmm_load_known
while IFS= read -r f; do
	rel=${f#"$dest"/}
	case "kernel-6.12/$rel" in *"${LKMM_FILTER:-}"*) ;; *) continue ;; esac
	lkmm_check "kernel-6.12/$rel" "$f" "tests/lkmm/kernel-6.12/$rel.out"
done < <(find "$dest/tools/memory-model/litmus-tests" "$dest/Documentation/litmus-tests" \
	-name '*.litmus' | LC_ALL=C sort)
# A stored output whose test is gone from the package is stale.
while IFS= read -r e; do
	rel=${e#tests/lkmm/kernel-6.12/}
	if [ ! -f "$dest/${rel%.out}" ]; then
		lkmm_n=$((lkmm_n + 1)) lkmm_fail=$((lkmm_fail + 1))
		echo "not ok $lkmm_n - $e (no such test in $LKMM_KERNEL_TARBALL)"
	fi
done < <(find tests/lkmm/kernel-6.12 -name '*.out' | LC_ALL=C sort)
lkmm_finish
