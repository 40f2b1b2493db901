#!/bin/bash
# tests/suites/lkmm-corpus.sh -- the project's own LKMM litmus tests (litmus/lkmm/NAME.litmus)
# against herd7 7.57's output under the LKMM of Linux 6.12, stored next to each test as
# NAME.out (Time line removed). Comparison and known-mismatch list: tests/lkmm/lib.sh.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lkmm/lib.sh
lkmm_load_known
lkmm_check_dir litmus/lkmm
lkmm_finish
