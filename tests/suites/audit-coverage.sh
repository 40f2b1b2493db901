#!/bin/bash
# tests/suites/audit-coverage.sh -- every finding code in tables/audit_findings.def is raised
# by at least one capture in tests/captures/ and absent from at least one other (docs/audit.md,
# quality bar). Reads the golden EXPECTED.json files (checked against the real output by
# audit-captures.sh). TAP output.
set -u
n=0
if ! command -v jq >/dev/null 2>&1; then
	echo "ok 1 # SKIP jq not installed (scripts/bootstrap --tests installs it)"
	echo "1..1"
	exit 0
fi
codes=$(sed -n 's/^FINDING([A-Z_]*, "\([a-z0-9-]*\)".*/\1/p' tables/audit_findings.def)
[ -n "$codes" ] || { echo "not ok 1 - no codes found in tables/audit_findings.def"; echo "1..1"; exit 0; }
for c in $codes; do
	raised="" clean=""
	for j in tests/captures/*/EXPECTED.json; do
		if jq -e --arg c "$c" '.summary.codes | index($c)' "$j" >/dev/null 2>&1; then
			raised="$raised $(basename "$(dirname "$j")")"
		else
			clean="$clean $(basename "$(dirname "$j")")"
		fi
	done
	n=$((n + 1))
	if [ -n "$raised" ] && [ -n "$clean" ]; then
		echo "ok $n - $c raised by:$raised"
	else
		echo "not ok $n - $c: raised by [${raised# }], absent from [$(echo $clean | cut -c1-60)]"
	fi
done
echo "1..$n"
