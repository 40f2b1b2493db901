#!/bin/bash
# tests/suites/readme-matrix.sh -- the atyfb matrix in README.md is the output of
# `iomodel run --pat both --matrix` (TAP).
set -u
O=${O:-build}
want=$("$O/iomodel" run --pat both --matrix)
rc=$?
have=$(sed -n '/^<!-- atyfb-matrix/,/^<!-- \/atyfb-matrix/p' README.md | sed '1d;$d')
if [ "$rc" = 0 ] && [ "$want" = "$have" ]; then
	echo "ok 1 - README atyfb matrix matches iomodel run --pat both --matrix"
else
	echo "not ok 1 - README atyfb matrix differs from iomodel run --pat both --matrix (rc $rc)"
	diff <(echo "$have") <(echo "$want") | sed 's/^/# /'
fi
echo "1..1"
