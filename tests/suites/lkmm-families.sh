#!/bin/bash
# tests/suites/lkmm-families.sh -- the larger generated LKMM tests against herd7 7.57's output
# under the LKMM of Linux 6.12, stored as NAME.out (Time line removed):
#   tests/lkmm/diy-large/    diy7 cycles with 5 and 6 threads and up to 10 edges (internal edges,
#                            fences, dependencies, release/acquire), made by scripts/lkmm-diff
#   tests/lkmm/transformed/  variants of the kernel's litmus tests (locks, RMW + mb__after_atomic,
#                            RCU reader/writer, bounded spins, failing cmpxchg), made by
#                            scripts/lkmm-transform
# tests/lkmm/README.md gives the commands. Comparison and known-mismatch list: tests/lkmm/lib.sh.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lkmm/lib.sh
lkmm_load_known
lkmm_check_dir tests/lkmm/diy-large
lkmm_check_dir tests/lkmm/transformed
lkmm_finish
