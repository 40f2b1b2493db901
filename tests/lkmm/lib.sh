# shellcheck shell=bash
# tests/lkmm/lib.sh -- sourced by tests/suites/lkmm-{kernel,corpus,diy,families}.sh,
# scripts/lkmm-known, scripts/lkmm-diff and bench/lkmm.
#
# Compares `$O/iomodel litmus FILE` with herd7's output stored next to the test (herd7 7.57 with
# the LKMM of Linux 6.12, the Time line removed).  Rule: drop the lines starting with
# "Time " and "Hash=" from both sides, and blank lines at the very end (herd7 ends each test with
# one); everything else must be identical, line for line. An empty stored output means herd7
# printed no result (it rejected the test, e.g. any LISA test under the 6.12 model, where lock.cat
# stops with "unbound var: LKR"): then iomodel must print nothing on stdout and exit non-zero.
#
# tests/lkmm/KNOWN-MISMATCHES lists "path<TAB>reason" for tests the engine does not get right yet:
#   listed and mismatching  -> "ok N - path # SKIP known mismatch: reason"
#   listed and matching     -> "not ok N - path (matches herd7 now: remove it from KNOWN-MISMATCHES)"
# Environment:
#   O                  build directory (default build)
#   LKMM_KNOWN         the known-mismatch list (default tests/lkmm/KNOWN-MISMATCHES)
#   LKMM_MISMATCH_OUT  if set, each mismatching path is appended to this file (scripts/lkmm-known)
#   LKMM_TIMEOUT       seconds per test before it counts as a mismatch (default 120)
#   LKMM_FILTER        if set, only paths containing this string are run
#   LKMM_KERNEL_TARBALL  Debian's linux-source-6.12 (default /usr/src/linux-source-6.12.tar.xz)

O=${O:-build}
LKMM_BIN=${LKMM_BIN:-$O/iomodel}
LKMM_KNOWN=${LKMM_KNOWN:-tests/lkmm/KNOWN-MISMATCHES}
LKMM_TIMEOUT=${LKMM_TIMEOUT:-120}
LKMM_KERNEL_TARBALL=${LKMM_KERNEL_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
lkmm_n=0
lkmm_fail=0
lkmm_skip=0
declare -A lkmm_known=()
lkmm_err=$(mktemp)
trap 'rm -f "$lkmm_err"' EXIT

lkmm_load_known() {
	local path reason
	[ -r "$LKMM_KNOWN" ] || return 0
	while IFS=$'\t' read -r path reason; do
		case "$path" in '' | '#'*) continue ;; esac
		lkmm_known[$path]=${reason:-differs from herd7}
	done <"$LKMM_KNOWN"
}

# stdin -> stdout: herd7's output without Time/Hash lines and without trailing blank lines.
lkmm_norm() {
	grep -v -e '^Time ' -e '^Hash=' | awk '
		$0 == "" { blank++; next }
		{ while (blank > 0) { print ""; blank-- } print }'
}

# lkmm_check SHOWN LITMUS EXPECTED: one TAP line for one test. SHOWN is the path printed and
# looked up in the known-mismatch list.
lkmm_check() {
	local shown=$1 litmus=$2 expected=$3 got rc d reason tcmd=()
	lkmm_n=$((lkmm_n + 1))
	if [ ! -r "$expected" ]; then
		lkmm_fail=$((lkmm_fail + 1))
		echo "not ok $lkmm_n - $shown (no expected output $expected)"
		return
	fi
	command -v timeout >/dev/null && tcmd=(timeout "$LKMM_TIMEOUT")
	# shellcheck disable=SC2086 # LKMM_LITMUS_OPTS: words of options (--variant deps)
	got=$("${tcmd[@]}" "$LKMM_BIN" litmus ${LKMM_LITMUS_OPTS:-} "$litmus" 2>"$lkmm_err")
	rc=$?
	if [ -s "$expected" ]; then
		d=$(diff -u <(lkmm_norm <"$expected") <(printf '%s\n' "$got" | lkmm_norm) 2>&1)
	elif [ "$rc" != 0 ] && [ -z "$got" ]; then
		d= # herd7 printed nothing (it rejects the test): so must iomodel, with an error exit
	else
		d=$(printf '%s\n' "--- herd7 rejects this test (empty $expected)" \
			"+++ iomodel exit $rc" "@@" "${got:-(no output)}" | head -n 8)
	fi
	if [ -n "$d" ] && [ -n "${LKMM_MISMATCH_OUT:-}" ]; then
		printf '%s\n' "$shown" >>"$LKMM_MISMATCH_OUT"
	fi
	reason=${lkmm_known[$shown]:-}
	if [ -z "$d" ] && [ -z "$reason" ]; then
		echo "ok $lkmm_n - $shown"
	elif [ -z "$d" ]; then
		lkmm_fail=$((lkmm_fail + 1))
		echo "not ok $lkmm_n - $shown (matches herd7 now: remove it from $LKMM_KNOWN)"
	elif [ -n "$reason" ]; then
		lkmm_skip=$((lkmm_skip + 1))
		echo "ok $lkmm_n - $shown # SKIP known mismatch: $reason"
	else
		lkmm_fail=$((lkmm_fail + 1))
		case $rc in
		124) echo "not ok $lkmm_n - $shown (timed out after ${LKMM_TIMEOUT} s)" ;;
		0 | 1) echo "not ok $lkmm_n - $shown (differs from herd7)" ;;
		*) echo "not ok $lkmm_n - $shown (exit $rc)" ;;
		esac
		printf '%s\n' "$d" | tail -n +3 | head -n 16 | sed 's/^/#   /'
		head -n 3 "$lkmm_err" | sed 's/^/#   stderr: /'
	fi
}

# lkmm_judge SHOWN LITMUS: one TAP line for a test herd7 cannot finish, judged as the kernel's
# judgelitmus.sh does: the verdict of iomodel's Observation line must be the test's own
# "Result: Never|Sometimes|Always" (first comment), and when the comment also has a line
# "Witnesses: Positive P Negative Q" (scripts/lkmm-gen-families), so must the counts.
lkmm_judge() {
	local shown=$1 litmus=$2 want wit got rc obs cnt why= tcmd=()
	lkmm_n=$((lkmm_n + 1))
	want=$(sed -n 's/^ *\*\{0,1\} *Result: *\(Never\|Sometimes\|Always\)\b.*/\1/p' "$litmus" | head -n 1)
	wit=$(sed -n 's/^ *\*\{0,1\} *Witnesses: *Positive \([0-9]*\) Negative \([0-9]*\) *$/Positive: \1 Negative: \2/p' \
		"$litmus" | head -n 1)
	command -v timeout >/dev/null && tcmd=(timeout "$LKMM_TIMEOUT")
	# shellcheck disable=SC2086 # LKMM_LITMUS_OPTS: words of options (--variant deps)
	got=$("${tcmd[@]}" "$LKMM_BIN" litmus ${LKMM_LITMUS_OPTS:-} "$litmus" 2>"$lkmm_err")
	rc=$?
	obs=$(printf '%s\n' "$got" | sed -n 's/^Observation [^ ]* \([A-Za-z]*\) .*/\1/p')
	cnt=$(printf '%s\n' "$got" | grep '^Positive: ')
	if [ -z "$want" ]; then
		why="no herd7 output ${litmus%.litmus}.out and no Result: line"
	elif [ "$rc" = 124 ]; then
		why="timed out after ${LKMM_TIMEOUT} s"
	elif [ "$obs" != "$want" ]; then
		why="Observation ${obs:-missing (exit $rc)}, Result: $want"
	elif [ -n "$wit" ] && [ "$cnt" != "$wit" ]; then
		why="${cnt:-no Positive: line}, expected $wit"
	fi
	if [ -z "$why" ]; then
		echo "ok $lkmm_n - $shown (Result: $want${wit:+, $wit})"
	else
		lkmm_fail=$((lkmm_fail + 1))
		echo "not ok $lkmm_n - $shown ($why)"
		head -n 3 "$lkmm_err" | sed 's/^/#   stderr: /'
	fi
}

# lkmm_check_dir DIR: every DIR/**/NAME.litmus against herd7's output NAME.out next to it, or,
# with no NAME.out, against its own Result: line (lkmm_judge).
lkmm_check_dir() {
	local dir=$1 f
	while IFS= read -r f; do
		case "$f" in *"${LKMM_FILTER:-}"*) ;; *) continue ;; esac
		if [ -e "${f%.litmus}.out" ]; then
			lkmm_check "$f" "$f" "${f%.litmus}.out"
		else
			lkmm_judge "$f" "$f"
		fi
	done < <(find "$dir" -name '*.litmus' | LC_ALL=C sort)
}

lkmm_finish() {
	echo "1..$lkmm_n"
	[ "$lkmm_fail" = 0 ]
}

# lkmm_unpack_kernel DEST: unpack the kernel's litmus tests (tools/memory-model/litmus-tests and
# Documentation/litmus-tests of linux-source-6.12) into DEST once; later calls reuse it.
# Returns 0 when DEST holds them, 1 when the tarball is not installed, 2 when unpacking failed.
lkmm_unpack_kernel() {
	local dest=$1 tmp
	[ -f "$dest/.unpacked" ] && return 0
	[ -r "$LKMM_KERNEL_TARBALL" ] || return 1
	tmp=$dest.tmp.$$
	rm -rf "$tmp" && mkdir -p "$tmp" || return 2
	if ! tar -xJf "$LKMM_KERNEL_TARBALL" -C "$tmp" --strip-components=1 \
		linux-source-6.12/tools/memory-model/litmus-tests \
		linux-source-6.12/Documentation/litmus-tests; then
		rm -rf "$tmp"
		return 2
	fi
	touch "$tmp/.unpacked"
	rm -rf "$dest" && mv "$tmp" "$dest" || return 2
}
