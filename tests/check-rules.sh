#!/bin/bash
# tests/check-rules.sh -- mutation check of the ordering rule tables (make check-rules).
# Flips each row of tables/order_*.def in turn (iomodel litmus --flip-rule ID inverts that
# row's verdict) and runs the whole litmus corpus against its Expect: lines. A row whose
# flip changes no verdict "survives": no corpus test depends on it. Prints one line per
# row and ends with "N rules, N killed, N surviving"; exits 1 if any row survives.
set -u
O=${O:-build}
bin=$O/iomodel
# LITMUS_ARGS: extra iomodel arguments (--no-symmetry); SKIP_LIST: a file whose lines
# start with a test path to leave out;
# SUBSUMED: a file of "ROW-ID reason" lines, rows the engine never needs because something
# stronger decides (default tests/lkmm/RULES-SUBSUMED); such a
# row may survive.
SUBSUMED=${SUBSUMED-tests/lkmm/RULES-SUBSUMED}
skip=""
if [ -n "${SKIP_LIST:-}" ]; then
	skip=$(sed -n 's/^\(litmus\/[^ ]*\).*/\1/p' "$SKIP_LIST")
fi
mapfile -t files < <(find litmus \( -path litmus/lkmm -o -path litmus/aarch64 -o -path litmus/aarch64-deps \) -prune -o -name '*.litmus' -print | LC_ALL=C sort |
	grep -vxF -e "${skip:-/nonexistent}")
mapfile -t ids < <(sed -n -E 's/^(ORD|ART)_(PAIR|FENCE|FLUSH) *\(([A-Za-z0-9-]+),.*/\3/p' tables/order_*.def;
	sed -n -E 's/^IO_LKMM_FENCE\(([A-Za-z0-9-]+),.*/\1/p' tables/io_lkmm_fences.def)
[ "${#files[@]}" -gt 0 ] || { echo "no litmus files"; exit 2; }
[ "${#ids[@]}" -gt 0 ] || { echo "no rule rows"; exit 2; }
# the unmutated corpus must pass first
# shellcheck disable=SC2086
if ! "$bin" litmus --arch all --model all --kernel all -q ${LITMUS_ARGS:-} "${files[@]}" >/dev/null 2>&1; then
	echo "the corpus does not pass without mutations; run tests/suites/litmus-corpus.sh"
	exit 2
fi
killed=0 surv=0 sub=0
survivors=()
for id in "${ids[@]}"; do
	# shellcheck disable=SC2086
	out=$("$bin" litmus --arch all --model all --kernel all -q ${LITMUS_ARGS:-} --flip-rule "$id" "${files[@]}" 2>&1)
	rc=$?
	n=$(printf '%s\n' "$out" | grep -c '^!!! mismatch')
	if [ "$rc" != 0 ] && [ "$n" -gt 0 ]; then
		killed=$((killed + 1))
		first=$(printf '%s\n' "$out" | grep -m1 '^!!! mismatch' | sed 's/^!!! mismatch //')
		echo "killed   $id ($n verdicts change; first: $first)"
	elif [ -n "${SUBSUMED:-}" ] && grep -q "^$id " "$SUBSUMED"; then
		sub=$((sub + 1))
		echo "subsumed $id ($(sed -n "s/^$id //p" "$SUBSUMED"))"
	else
		surv=$((surv + 1))
		survivors+=("$id")
		echo "SURVIVES $id"
	fi
done
echo "${#ids[@]} rules, $killed killed, $surv surviving${survivors[*]:+: ${survivors[*]}}${SUBSUMED:+, $sub subsumed (listed in $SUBSUMED)}"
[ "$surv" = 0 ]
