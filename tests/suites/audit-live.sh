#!/bin/bash
# tests/suites/audit-live.sh -- the live audit and capture never write to /proc, /sys or /dev,
# and never open resourceN, config, /dev/mem or MSR devices (docs/audit.md). Runs them
# under strace -f -e trace=open,openat and checks every open's path and flags.
# Then replays the capture with --root. TAP; skips when strace cannot trace here.
set -u
O=${O:-build}
bin=$O/iomodel
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
nok() { n=$((n + 1)); echo "not ok $n - $*"; }
# LeakSanitizer cannot run under ptrace (it uses ptrace itself): leaks are checked by the
# runs outside strace.
nolsan=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! command -v strace >/dev/null 2>&1 || ! strace -f -e trace=openat -o /dev/null true 2>/dev/null; then
	echo "ok 1 # SKIP strace not usable here"
	echo "1..1"
	exit 0
fi
# check_opens LOG ALLOWED_WRITE_PREFIX: print offending lines
check_opens() {
	local log=$1 allow=$2
	grep -E 'open(at)?\(' "$log" | grep -v ' = -1 ' >"$log.ok" || true
	grep -E 'open(at)?\(' "$log" >"$log.all" || true
	# writes anywhere except under allow
	grep -E 'O_(WRONLY|RDWR|CREAT|TRUNC|APPEND)' "$log.all" | grep -vF "\"$allow" || true
	# forbidden reads
	grep -E '"(/dev/mem|/dev/kmem|/dev/port|/dev/cpu/[0-9]+/msr)"|/resource[0-9]+(_wc)?"|/config"' "$log.all" || true
}
"$bin" audit >"$tmp/audit.out" 2>"$tmp/audit.err" </dev/null
rc=$?
if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then ok "live audit runs (exit $rc)"; else nok "live audit exit $rc"; fi
grep -q '^Result: ' "$tmp/audit.out" && ok "live audit prints a summary" || nok "live audit: no summary"
ASAN_OPTIONS=$nolsan strace -f -e trace=open,openat -o "$tmp/audit.strace" "$bin" audit -j >"$tmp/audit.json" 2>/dev/null </dev/null
bad=$(check_opens "$tmp/audit.strace" "/nonexistent-")
nopens=$(grep -cE 'open(at)?\(' "$tmp/audit.strace")
if [ -z "$bad" ] && [ "$nopens" -gt 5 ]; then
	ok "live audit: $nopens opens, none for writing, none of resourceN/config/dev-mem/msr"
else
	nok "live audit opened something it must not (or traced nothing: $nopens opens)"
	echo "$bad" | head -20 | sed 's/^/# /'
fi
grep -q '"/proc/mtrr"' "$tmp/audit.strace" && grep -q '"/proc/iomem"' "$tmp/audit.strace" &&
	ok "live audit reads /proc/mtrr and /proc/iomem through the live source" ||
	nok "live audit did not read /proc/mtrr and /proc/iomem"
if command -v jq >/dev/null 2>&1; then
	jq -e '.summary and .inputs and .findings' "$tmp/audit.json" >/dev/null && ok "live audit -j is valid JSON" ||
		nok "live audit -j is not valid JSON"
fi
ASAN_OPTIONS=$nolsan strace -f -e trace=open,openat -o "$tmp/cap.strace" "$bin" capture "$tmp/cap" >/dev/null 2>&1 </dev/null
rc=$?
[ "$rc" = 0 ] && ok "capture exits 0" || nok "capture exit $rc"
bad=$(check_opens "$tmp/cap.strace" "$tmp/cap/")
if [ -z "$bad" ]; then ok "capture writes only under its directory, reads no resourceN/config/dev-mem/msr"; else
	nok "capture opened something it must not"
	echo "$bad" | head -20 | sed 's/^/# /'
fi
[ -s "$tmp/cap/MANIFEST" ] && grep -qE '^(ok|missing) proc/mtrr' "$tmp/cap/MANIFEST" &&
	ok "capture wrote a MANIFEST" || nok "capture MANIFEST missing or incomplete"
# every line of the MANIFEST is ok/missing/placeholder/comment
if grep -vqE '^(#|ok |missing |placeholder )' "$tmp/cap/MANIFEST"; then nok "MANIFEST has odd lines"; else ok "MANIFEST lines well-formed"; fi
# replaying the capture gives the same regions as the live audit (the kernel log may grow)
"$bin" audit --root "$tmp/cap" -j >"$tmp/replay.json" 2>/dev/null
rc=$?
if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then ok "audit --root of the capture runs (exit $rc)"; else nok "audit --root exit $rc"; fi
if command -v jq >/dev/null 2>&1; then
	if [ "$(jq -c .regions "$tmp/audit.json")" = "$(jq -c '.regions | map(.at.file |= ("/" + .))' "$tmp/replay.json")" ]; then
		ok "the capture replays to the same regions as the live system"
	else
		nok "capture replay differs from the live audit"
	fi
fi
echo "1..$n"
