#!/bin/bash
# tests/suites/audit-svg.sh -- --svg writes a well-formed map for every capture, and it
# renders to a PNG (rsvg-convert from Debian's librsvg2-bin, else ImageMagick convert) of a
# sane size. The PNGs stay in $O/audit-svg/ for a human to look at. TAP.
set -u
O=${O:-build}
bin=$O/iomodel
out=$O/audit-svg
mkdir -p "$out"
n=0
render=""
if command -v rsvg-convert >/dev/null 2>&1; then
	render=rsvg
elif convert -version 2>/dev/null | grep -q ImageMagick; then
	render=convert
fi
for d in tests/captures/*/; do
	d=${d%/}
	name=${d#tests/captures/}
	if [ -d "$d/root" ]; then
		args=(--root "$d/root")
	else
		mapfile -t args < <(find "$d" -type f ! -name 'SOURCE.md' ! -name 'EXPECTED.*' | LC_ALL=C sort)
	fi
	svg=$out/$name.svg
	"$bin" audit --svg "$svg" "${args[@]}" >/dev/null 2>&1 </dev/null
	rc=$?
	n=$((n + 1))
	if [ "$rc" -gt 1 ] || ! [ -s "$svg" ] || ! head -c 5 "$svg" | grep -q '<svg' || ! tail -1 "$svg" | grep -q '</svg>'; then
		echo "not ok $n - $name: no well-formed SVG (exit $rc)"
		continue
	fi
	if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import sys,xml.dom.minidom;xml.dom.minidom.parse(sys.argv[1])' "$svg" 2>/dev/null; then
		echo "not ok $n - $name: SVG is not well-formed XML"
		continue
	fi
	if [ -z "$render" ]; then
		echo "ok $n - $name # SKIP no SVG renderer (apt-get install librsvg2-bin)"
		continue
	fi
	png=$out/$name.png
	if [ "$render" = rsvg ]; then rsvg-convert "$svg" -o "$png" 2>/dev/null; else convert "$svg" "$png" 2>/dev/null; fi
	# PNG header: width and height at bytes 16..23
	dims=$(od -An -tu1 -j16 -N8 "$png" 2>/dev/null | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
	w=${dims% *} h=${dims#* }
	if [ -n "$dims" ] && [ "$w" -ge 600 ] && [ "$h" -ge 100 ] && [ "$h" -le 40000 ]; then
		echo "ok $n - $name renders to ${w}x${h} PNG"
	else
		echo "not ok $n - $name: PNG missing or odd size ($dims)"
	fi
done
echo "1..$n"
