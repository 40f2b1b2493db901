#!/bin/bash
# tests/suites/lint-scenarios.sh -- the scenario behind each mapping finding of iomodel lint,
# written with --emit, gives the effective types the finding states when `iomodel run` runs
# it; the litmus test behind each ordering finding gives, under `iomodel litmus`, the
# verdict the finding states for each architecture (TAP). Replays the stored facts of
# tests/lint (no spatch needed); jq reads the JSON.
set -u
O=${O:-build}
bin=$O/iomodel
n=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
if ! command -v jq >/dev/null 2>&1; then
	echo "ok 1 - emitted scenarios # SKIP jq not installed"
	echo "1..1"
	exit 0
fi
for c in $(find tests/lint -name facts.jsonl | LC_ALL=C sort); do
	rm -rf "$t/e"
	"$bin" lint -j --emit "$t/e" --facts "$c" >"$t/f.json" 2>/dev/null
	nl=$(jq '[.findings[] | select(.litmus_verdicts != null)] | length' "$t/f.json")
	for ((i = 0; i < nl; i++)); do
		file=$(jq -r "[.findings[] | select(.litmus_verdicts != null)][$i].scenario_file" "$t/f.json")
		for arch in x86 arm64 powerpc riscv; do
			n=$((n + 1))
			want=$(jq -r "[.findings[] | select(.litmus_verdicts != null)][$i].litmus_verdicts.$arch" "$t/f.json")
			got=$("$bin" litmus --arch "$arch" "$t/e/$file" 2>/dev/null | awk '/^Observation/ {print $3}')
			if [ "$got" = "$want" ]; then
				echo "ok $n - ${c%/facts.jsonl}: $file: $arch $want"
			else
				echo "not ok $n - ${c%/facts.jsonl}: $file: $arch: finding says $want, iomodel litmus gives ${got:-nothing}"
			fi
		done
	done
	nf=$(jq '[.findings[] | select(.scenario_file != null and .litmus_verdicts == null)] | length' "$t/f.json")
	for ((i = 0; i < nf; i++)); do
		read -r file var on off < <(jq -r "[.findings[] | select(.scenario_file != null and .litmus_verdicts == null)][$i] |
			\"\(.scenario_file) \(.scenario_mapping) \(.pat_on) \(.pat_off)\"" "$t/f.json")
		n=$((n + 1))
		if ! "$bin" run -j --pat both "$t/e/$file" >"$t/r.json" 2>"$t/r.err"; then
			echo "not ok $n - ${c%/facts.jsonl}: $file does not run"
			sed 's/^/# /' "$t/r.err" | head -5
			continue
		fi
		types() { # pat -> the mapping's effective types, sorted, joined by /
			jq -r --arg v "$var" --arg p "$1" '.[] | select(.pat == $p) | .mappings[] |
				select(.name == $v) | [.pieces[].effective] | unique | join("/")' "$t/r.json" |
				tr '/' '\n' | LC_ALL=C sort -u | paste -sd/
		}
		norm() { printf '%s\n' "$1" | tr '/' '\n' | LC_ALL=C sort -u | paste -sd/; }
		got_on=$(types on) got_off=$(types off)
		if [ "$got_on" = "$(norm "$on")" ] && [ "$got_off" = "$(norm "$off")" ]; then
			echo "ok $n - ${c%/facts.jsonl}: $file: $var PAT on $on, off $off"
		else
			echo "not ok $n - ${c%/facts.jsonl}: $file: $var: finding says on $on off $off, iomodel run gives on $got_on off $got_off"
		fi
	done
done
[ "$n" -gt 0 ] || { echo "not ok 1 - no finding has a scenario"; n=1; }
echo "1..$n"
