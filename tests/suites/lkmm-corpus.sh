#!/bin/bash
# tests/suites/lkmm-corpus.sh -- the project's own LKMM litmus tests (litmus/lkmm/NAME.litmus)
# against herd7 7.57's output under the LKMM of Linux 6.12, stored next to each test as
# NAME.out (Time line removed); a test herd7 cannot finish has no NAME.out and is judged by its
# Result: line. Comparison and known-mismatch list: tests/lkmm/lib.sh.
#   tests/suites/lkmm-corpus.sh [DIR...]   (default litmus/lkmm; bench/lkmm-big the same way)
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lkmm/lib.sh
lkmm_load_known
[ $# -gt 0 ] || set -- litmus/lkmm
for d in "$@"; do
	lkmm_check_dir "$d"
done
lkmm_finish
