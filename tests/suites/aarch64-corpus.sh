#!/bin/bash
# tests/suites/aarch64-corpus.sh -- the project's own AArch64 litmus tests (litmus/aarch64/
# NAME.litmus) against herd7 7.57's output with -model aarch64.cat, stored next to each test as
# NAME.out (Time and Hash lines removed), and litmus/aarch64-deps/ likewise with herd7's
# -variant deps (iomodel litmus --variant deps). Comparison: tests/lkmm/lib.sh (the same rule as for
# the LKMM corpus: every other line identical).
#   tests/suites/aarch64-corpus.sh [DIR...]   (default litmus/aarch64)
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lkmm/lib.sh
if [ $# -gt 0 ]; then
	for d in "$@"; do
		lkmm_check_dir "$d"
	done
else
	lkmm_check_dir litmus/aarch64
	# herd7 -variant deps: the outputs in litmus/aarch64-deps/ are herd7's with that option
	LKMM_LITMUS_OPTS="--variant deps" lkmm_check_dir litmus/aarch64-deps
fi
lkmm_finish
