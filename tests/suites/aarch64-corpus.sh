#!/bin/bash
# tests/suites/aarch64-corpus.sh -- the project's own AArch64 litmus tests (litmus/aarch64/
# NAME.litmus) against herd7 7.57's output with -model aarch64.cat, stored next to each test as
# NAME.out (Time and Hash lines removed). Comparison: tests/lkmm/lib.sh (the same rule as for
# the LKMM corpus: every other line identical).
#   tests/suites/aarch64-corpus.sh [DIR...]   (default litmus/aarch64)
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lkmm/lib.sh
[ $# -gt 0 ] || set -- litmus/aarch64
for d in "$@"; do
	lkmm_check_dir "$d"
done
lkmm_finish
