#!/bin/bash
# tests/suites/man-completion.sh -- the man pages (man/*.scd), the bash completion
# (completion/iomodel.bash) and the --help texts of $O/iomodel agree (TAP), the way
# bpftool's selftest test_bpftool_synctypes.py keeps bpftool's docs and completion in step:
#   - the commands are those 'iomodel --help' lists: each has man/iomodel-CMD.1.scd, the
#     completion offers it, iomodel.1.scd lists it and refers to its page; there is no
#     other page but iomodel.1, iomodel-scenario.5 and iomodel-litmus.5;
#   - the options of a command are the -x/--long tokens of 'iomodel CMD --help' (quoted
#     references to other commands such as 'iomodel audit --root DIR', and top-level forms
#     such as "iomodel --version", are not its options). Each is a term of the page's
#     OPTIONS and is offered by the completion; every option in the page's SYNOPSIS and
#     OPTIONS and in the completion is in --help (nothing stale), except -h and --help,
#     which every command takes (checked here too); an option that takes an argument in
#     the usage lines of --help takes one in its OPTIONS term, and a flag does not;
#   - closed value sets that --help shows (on|off, [a|b], { x86 | ... }, ARCH := {...})
#     are what the completion offers for that option; the exit codes that --help names
#     are the *N* items of the page's EXIT STATUS;
#   - example command lines use real commands and options, output shown after an
#     example is what iomodel prints, and the examples of the two file-format pages
#     (section 5) parse and pass;
#   - with scdoc installed, every page builds without a message, and renders without a
#     groff warning where groff is installed.
set -u
O=${O:-build}
bin=$O/iomodel
comp=completion/iomodel.bash
universal='-h --help'
n=0
failed=0
why=""
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

add() { why="$why${why:+$'\n'}$*"; } # one problem of the current test
report() {                          # description; the problems are in $why (none: ok)
	n=$((n + 1))
	if [ -z "$why" ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		failed=$((failed + 1))
		printf '%s\n' "$why" | sed 's/^/# /'
	fi
	why=""
}

# -x and --long tokens of a text on stdin, one per line, sorted and unique. Quoted
# references to other commands ('iomodel ...') and scdoc escapes are dropped first.
# herd7 spells its long options with one dash (-conf, -unroll): while $long1 is set (for
# the herd7 command), -word tokens count as options too.
long1=""
opt_tokens() {
	sed -e "s/'iomodel [^']*'//g" -e 's/\\\(.\)/\1/g' |
		L1=$long1 perl -ne 'my $l = $ENV{L1} ? "|-[a-z][a-z-]*[a-z]" : "";
			print "$1\n" while /(?<![\w-])(--[a-z][a-z0-9-]*[a-z0-9]|-[A-Za-z]$l)(?![\w])/g' |
		LC_ALL=C sort -u
}
# The same for a command's --help, without top-level forms ("iomodel --version"); and for
# the text of a man page, without its bold markers.
cmd_opt_tokens() {
	sed -E 's/(^|[[:space:]])iomodel -[-a-z]*( \| -[-a-z]*)*//g' | opt_tokens
}
page_opt_tokens() {
	tr -d '*' | cmd_opt_tokens
}

# The body of section "# NAME" of an scd file, and its term lines only (the lines that are
# not indented: "*--pat* _on_|_off_", not the description under them).
section() {
	awk -v want="# $2" '$0 == want { on = 1; next } /^# / { on = 0 } on' "$1"
}
terms() {
	section "$1" "$2" | grep -v '^[[:space:]]'
}
# The *N* items of a page's EXIT STATUS.
page_codes() {
	section "$1" "EXIT STATUS" | sed -n 's/^\*\([0-9]\)\*$/\1/p'
}
# The exit codes named after "Exit status:" in a --help text on stdin.
help_codes() {
	perl -e 'my $t = do { local $/; <STDIN> }; exit unless $t =~ /Exit status:(.*)/s;
		my $s = $1; my %c; $c{$1} = 1 while $s =~ /(?<![\w.])([0-9])(?![\w.])/g;
		print join(" ", sort keys %c), "\n";'
}

# The words of list $1 that are not in list $2.
missing() {
	local w list=" ${2//$'\n'/ } "
	for w in $1; do
		case $list in
		*" $w "*) ;;
		*) echo "$w" ;;
		esac
	done
}

# What the completion offers when the last of the words "$@" is completed.
complete_words() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _iomodel 2>/dev/null
		for w in "${COMPREPLY[@]}"; do [ -n "$w" ] && echo "$w"; done' _ "$comp" "$@" |
		LC_ALL=C sort -u
}

# Value sets in a --help text on stdin: one line "OPTION<TAB>closed|open<TAB>v1 v2 ..." per
# option, from "OPT a|b|c", "OPT [a|b]", "OPT { a | b }" and "OPT META" where the text
# defines "META := { a | b }". A value with a capital letter is a placeholder (X.Y): the
# set is then open and only its other values are checked.
value_sets() {
	perl -e '
		my $t = do { local $/; <STDIN> };
		$t =~ s/\x27iomodel [^\x27]*\x27//g;
		my (%meta, %sets);
		$meta{$1} = $2 while $t =~ /\b([A-Z]+)\s*:=\s*\{([^}]*)\}/g;
		my $list = qr/\[?=?[\w.-]+(?:\|[\w.-]+)+\]?/;
		while ($t =~ /(?<![\w-])(--[a-z][a-z0-9-]*|-[A-Za-z])(?![\w-]) ($list|\{[^}]*\}|[A-Z]+\b)/g) {
			my ($o, $v) = ($1, $2);
			if ($v =~ /^[A-Z]+$/) { next unless exists $meta{$v}; $v = $meta{$v}; }
			$v =~ s/[\[\]{}=]//g;
			$sets{$o}{$_} = 1 for grep { length } split /[\s|]+/, $v;
		}
		for my $o (sort keys %sets) {
			my @v = sort keys %{$sets{$o}};
			my $open = grep { /[A-Z]/ } @v;
			print "$o\t", ($open ? "open" : "closed"), "\t", join(" ", grep { !/[A-Z]/ } @v), "\n";
		}'
}

# Which options take an argument: "OPTION arg" or "OPTION flag" per option, from the usage
# lines of a --help text on stdin ("usage:" and the indented lines under it that go on
# with "[", "iomodel" or an upper-case word), or with -p from the term lines of a page's
# OPTIONS on stdin ("*--pat* _on_|...", "*--table*[=_pat_...").
opt_args() {
	perl -e '
		my $page = @ARGV && $ARGV[0] eq "-p";
		my (@lines, $on);
		while (<STDIN>) {
			if ($page) { s/\*//g; push @lines, $_; next; }
			if (/^usage:/) { $on = 1; }
			elsif ($on && !/^\s+(\[|iomodel |[A-Z]+\b)/) { $on = 0; }
			push @lines, $_ if $on;
		}
		my %arg;
		for (@lines) {
			s/\x27iomodel [^\x27]*\x27//g;
			while (/(?<![\w-])(--[a-z][a-z0-9-]*[a-z0-9]|-[A-Za-z])(?![\w-])(?=(.{0,20}))/g) {
				my ($o, $next) = ($1, $2);
				my $a = $page ? $next =~ /^( _|\[?=)/
					      : $next =~ /^( [A-Z{]| \[[a-z]| [a-z0-9.]+\||\[?=)/;
				$arg{$o} ||= $a ? 1 : 0;
			}
		}
		print "$_ ", ($arg{$_} ? "arg" : "flag"), "\n" for sort keys %arg;' -- "$@"
}

# The literal blocks of a page as files $tmp/blk.N (scdoc escapes removed); prints
# "N SECTION" for each (the section the block is in).
blocks() {
	rm -f "$tmp"/blk.*
	awk -v dir="$tmp" '
		/^# / { sec = substr($0, 3) }
		/^```/ {
			if (on) { on = 0; close(f) } else { on = 1; k++; f = dir "/blk." k; printf "" > f; list[k] = sec }
			next
		}
		on { print > f }
		END { for (i = 1; i <= k; i++) print i, list[i] }' "$1" >"$tmp/blocks"
	while read -r k s; do
		sed -i 's/\\\(.\)/\1/g' "$tmp/blk.$k"
		echo "$k $s"
	done <"$tmp/blocks"
}

if ! "$bin" --help >"$tmp/help" 2>/dev/null; then
	add "cannot run $bin --help (build it first)"
	report "$bin --help runs"
	echo "1..$n"
	exit 1
fi
cmds=$(awk '/^commands:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/ { print $1 }' "$tmp/help")
top_opts=$(opt_tokens <"$tmp/help")

# ---- the top level ------------------------------------------------------------------------
[ -n "$cmds" ] || add "no commands found in iomodel --help"
for c in $cmds; do
	"$bin" "$c" --help >"$tmp/h.$c" 2>&1 || add "iomodel $c --help exits non-zero"
	"$bin" "$c" -h >"$tmp/h2.$c" 2>&1 || add "iomodel $c -h exits non-zero"
	cmp -s "$tmp/h.$c" "$tmp/h2.$c" || add "iomodel $c -h differs from --help"
done
report "every command takes -h and --help (the options every page may name)"

top=man/iomodel.1.scd
if [ ! -f "$top" ]; then
	add "$top is missing"
else
	listed=$(section "$top" COMMANDS | sed -n 's/^\*\([a-z][a-z0-9-]*\)\*$/\1/p')
	for c in $(missing "$cmds" "$listed"); do add "COMMANDS lacks $c"; done
	for c in $(missing "$listed" "$cmds"); do add "COMMANDS lists $c, which iomodel --help does not"; done
	seealso=$(section "$top" "SEE ALSO")
	for p in $cmds; do grep -qF "*iomodel-$p*(1)" <<<"$seealso" || add "SEE ALSO lacks iomodel-$p(1)"; done
	for p in scenario litmus; do grep -qF "*iomodel-$p*(5)" <<<"$seealso" || add "SEE ALSO lacks iomodel-$p(5)"; done
	popts=$(terms "$top" OPTIONS | tr -d "*" | opt_tokens)
	sopts=$({ section "$top" SYNOPSIS; section "$top" OPTIONS; } | tr -d '*' | opt_tokens)
	for o in $(missing "$top_opts" "$popts"); do add "OPTIONS lacks $o"; done
	for o in $(missing "$sopts" "$top_opts $universal"); do add "stale option $o (not in iomodel --help)"; done
	hc=$(help_codes <"$tmp/help")
	pc=$(page_codes "$top")
	for x in $(missing "$hc" "$pc"); do add "EXIT STATUS lacks $x"; done
	for x in $(missing "$pc" "$hc"); do add "EXIT STATUS has $x, which iomodel --help does not name"; done
fi
report "$top: commands, options, exit codes and SEE ALSO match iomodel --help"

offered=$(complete_words iomodel '')
for c in $(missing "$cmds" "$offered"); do add "does not offer $c"; done
for c in $(missing "$offered" "$cmds"); do add "offers $c, which iomodel --help does not list"; done
offered=$(complete_words iomodel -)
for o in $(missing "$top_opts" "$offered"); do add "does not offer top-level $o"; done
for o in $(missing "$offered" "$top_opts $universal"); do add "offers top-level $o, which iomodel --help does not show"; done
report "$comp: the commands and top-level options of iomodel --help, and only those"

want="iomodel.1.scd iomodel-scenario.5.scd iomodel-litmus.5.scd"
for c in $cmds; do want="$want iomodel-$c.1.scd"; done
for f in man/*.scd; do
	[ -e "$f" ] || continue
	[ -n "$(missing "${f#man/}" "$want")" ] && add "$f belongs to no command of iomodel --help (stale page)"
done
for p in scenario litmus; do [ -f "man/iomodel-$p.5.scd" ] || add "man/iomodel-$p.5.scd is missing"; done
report "man/ holds a page per command, iomodel(1) and the two format pages, nothing else"

# ---- each command -------------------------------------------------------------------------
for c in $cmds; do
	page=man/iomodel-$c.1.scd
	long1=""; [ "$c" = herd7 ] && long1=1
	hopts=$(cmd_opt_tokens <"$tmp/h.$c")
	if [ ! -f "$page" ]; then
		add "$page is missing"
	else
		[ "$(head -n 1 "$page" | cut -d' ' -f1)" = "iomodel-$c(1)" ] || add "the first line is not 'iomodel-$c(1) ...'"
		section "$page" NAME | grep -q "^iomodel-$c - " || add "NAME is not 'iomodel-$c - ...'"
		for s in NAME SYNOPSIS DESCRIPTION "EXIT STATUS" EXAMPLES "SEE ALSO" ${hopts:+OPTIONS}; do
			grep -qx "# $s" "$page" || add "no '# $s' section"
		done
		popts=$(terms "$page" OPTIONS | page_opt_tokens)
		sopts=$({ section "$page" SYNOPSIS; section "$page" OPTIONS; } | page_opt_tokens)
		for o in $(missing "$hopts" "$popts"); do add "OPTIONS lacks $o"; done
		for o in $(missing "$sopts" "$hopts $universal"); do
			add "stale option $o in SYNOPSIS or OPTIONS (not in iomodel $c --help)"
		done
		terms "$page" OPTIONS | opt_args -p >"$tmp/pargs"
		while read -r o a; do
			pa=$(awk -v o="$o" '$1 == o { print $2 }' "$tmp/pargs")
			[ -z "$pa" ] || [ "$pa" = "$a" ] ||
				add "OPTIONS shows $o as $pa, iomodel $c --help as $a (its argument)"
		done < <(sed -E 's/(^|[[:space:]])iomodel -[-a-z]*( \| -[-a-z]*)*//g' "$tmp/h.$c" | opt_args)
		hc=$(help_codes <"$tmp/h.$c")
		pc=$(page_codes "$page")
		[ -n "$pc" ] || add "EXIT STATUS lists no code as *N*"
		for x in $(missing "$hc" "$pc"); do add "EXIT STATUS lacks $x, which iomodel $c --help names"; done
		if [ -n "$hc" ]; then
			for x in $(missing "$pc" "$hc"); do add "EXIT STATUS has $x, which iomodel $c --help does not name"; done
		fi
		section "$page" "SEE ALSO" | grep -qF '*iomodel*(1)' || add "SEE ALSO lacks iomodel(1)"
	fi
	report "$page: sections, options and exit codes match iomodel $c --help"

	offered=$(complete_words iomodel "$c" - | sed 's/=$//' | LC_ALL=C sort -u)
	for o in $(missing "$hopts" "$offered"); do add "does not offer $o"; done
	for o in $(missing "$offered" "$hopts $universal"); do add "offers $o, which iomodel $c --help does not show (stale)"; done
	while IFS=$'\t' read -r o kind vals; do
		[ -n "$o" ] || continue
		if complete_words iomodel "$c" - | grep -qx -- "$o="; then # value attached with '='
			got=$(complete_words iomodel "$c" "$o=" | sed "s/^$o=//")
		else
			got=$(complete_words iomodel "$c" "$o" '')
		fi
		for v in $(missing "$vals" "$got"); do add "$o: does not offer $v"; done
		if [ "$kind" = closed ]; then
			for v in $(missing "$got" "$vals"); do add "$o: offers $v, which iomodel $c --help does not show"; done
		fi
	done < <(value_sets <"$tmp/h.$c")
	report "$comp: options and closed option values of iomodel $c match its --help"
	long1=""
done

# ---- examples -----------------------------------------------------------------------------
# Command lines ("$ iomodel ...", "# iomodel ...", also after a pipe) name a real command
# and only its options. A block whose "$ " lines are all plain "$ iomodel ..." commands
# (no pipe, no redirection) and that holds other lines shows output: the lines after each
# command are what it prints, run from the top of the tree (commands that write files,
# capture, --dot and --svg, are not run).
outwhy=""
nshown=0
for page in man/*.scd; do
	[ -e "$page" ] || continue
	blocks "$page" >"$tmp/list"
	while read -r k s; do
		while IFS= read -r line; do
			case $line in
			'$ '* | '# '*) ;;
			*) continue ;;
			esac
			while IFS= read -r args; do
				set -f
				# shellcheck disable=SC2086
				set -- $args
				set +f
				[ $# -gt 0 ] || continue
				if [ "${1#-}" != "$1" ]; then
					known=$top_opts sub=""
				elif [ -n "$(missing "$1" "$cmds")" ]; then
					add "$page: example '$line': no command '$1'"
					continue
				else
					known=$(cmd_opt_tokens <"$tmp/h.$1") sub=$1
					shift
				fi
				for a in "$@"; do
					case $a in
					-[A-Za-z] | --[a-z]*)
						[ -n "$(missing "${a%%=*}" "$known $universal")" ] &&
							add "$page: example '$line': iomodel ${sub:-(top level)} has no option ${a%%=*}"
						;;
					esac
				done
			done < <(grep -oE '(^|[|&;] *|[$#] )iomodel( [^|&;<>]*)?' <<<"$line" | sed -E 's/^.*iomodel ?//')
		done <"$tmp/blk.$k"

		b=$tmp/blk.$k
		head -n 1 "$b" | grep -q '^\$ iomodel ' || continue
		grep -q '^[^$]' "$b" || continue
		grep '^\$ ' "$b" | grep -qv '^\$ iomodel [^|<>&;]*$' && continue
		grep -qE '^\$ iomodel (capture|.* --(dot|svg))' "$b" && continue
		rm -f "$tmp"/cmd.* "$tmp"/want.*
		awk -v dir="$tmp" '/^\$ / { m++; print substr($0, 11) > (dir "/cmd." m); printf "" > (dir "/want." m); next }
			{ print > (dir "/want." m) }
			END { print m > (dir "/ncmd") }' "$b"
		for ((m = 1; m <= $(cat "$tmp/ncmd"); m++)); do
			nshown=$((nshown + 1))
			set -f
			# shellcheck disable=SC2046
			set -- $(cat "$tmp/cmd.$m")
			set +f
			"$bin" "$@" >"$tmp/got" 2>&1 </dev/null
			if ! cmp -s "$tmp/want.$m" "$tmp/got"; then
				outwhy="$outwhy${outwhy:+$'\n'}$page: 'iomodel $*' prints other output:"
				outwhy="$outwhy"$'\n'"$(diff "$tmp/want.$m" "$tmp/got" | head -10)"
			fi
		done
	done <"$tmp/list"
done
report "example command lines name real commands and options of their --help"
why=$outwhy
[ "$nshown" -gt 0 ] || add "no example with shown output found"
report "the output shown in examples is what iomodel prints ($nshown commands)"

# The examples of the format pages: every literal block of EXAMPLES that is not a command
# line is a whole scenario (iomodel run must exit 0) or litmus test (iomodel litmus over
# every architecture, release and model must exit 0: its Expect: lines hold).
for fmt in scenario litmus; do
	page=man/iomodel-$fmt.5.scd
	nex=0
	if [ -f "$page" ]; then
		blocks "$page" >"$tmp/list"
		while read -r k s; do
			[ "$s" = EXAMPLES ] || continue
			head -n 1 "$tmp/blk.$k" | grep -q '^\$ ' && continue
			nex=$((nex + 1))
			if [ "$fmt" = scenario ]; then
				cp "$tmp/blk.$k" "$tmp/example$nex.scn"
				"$bin" run "$tmp/example$nex.scn" >"$tmp/out" 2>&1
			else
				cp "$tmp/blk.$k" "$tmp/example$nex.litmus"
				"$bin" litmus --arch all --kernel all --model all -q "$tmp/example$nex.litmus" >"$tmp/out" 2>&1
			fi
			rc=$?
			[ "$rc" = 0 ] || add "example $nex exits $rc:"$'\n'"$(tail -n 8 "$tmp/out")"
		done <"$tmp/list"
		[ "$nex" -gt 0 ] || add "no example in EXAMPLES"
	else
		add "$page is missing"
	fi
	report "$page: its $nex examples parse and their expectations hold"
done

# ---- scdoc --------------------------------------------------------------------------------
for page in man/*.scd; do
	[ -e "$page" ] || continue
	if ! command -v scdoc >/dev/null 2>&1; then
		n=$((n + 1))
		echo "ok $n - # SKIP scdoc not installed ($page)"
		continue
	fi
	scdoc <"$page" >"$tmp/page.roff" 2>"$tmp/err" || add "scdoc exits $?"
	[ -s "$tmp/err" ] && add "$(cat "$tmp/err")"
	if [ -z "$why" ] && command -v groff >/dev/null 2>&1; then
		groff -man -Tutf8 -ww -z "$tmp/page.roff" 2>"$tmp/err"
		[ -s "$tmp/err" ] && add "groff: $(cat "$tmp/err")"
	fi
	report "scdoc builds $page without a message"
done

# lint's finding codes: 'iomodel lint --explain all' (tables/lint_codes.def) is the list;
# the man page's FINDING CODES and the completion of --explain offer exactly those
codes=$("$bin" lint --explain all | awk '{ print $1 }' | LC_ALL=C sort)
page=$(awk '/^# FINDING CODES/ { on = 1; next } on && /^$/ && seen { exit } on && NF { seen = 1; print }' \
	man/iomodel-lint.1.scd | grep -o '\*[a-z][a-z-]*\*' | tr -d '*' | grep -v '^iomodel$' | LC_ALL=C sort -u)
offered=$(sed -n "s/.*lint:--explain) echo '\([^']*\)'.*/\1/p" "$comp" | tr ' ' '\n' | grep -v '^all$' | LC_ALL=C sort)
why=""
[ -n "$codes" ] || add "lint --explain all lists no code"
[ "$codes" = "$page" ] || add "man/iomodel-lint.1.scd FINDING CODES: $(echo $page) (--explain all: $(echo $codes))"
[ "$codes" = "$offered" ] || add "completion of lint --explain: $(echo $offered) (--explain all: $(echo $codes))"
report "lint: the man page and the completion name the codes of --explain all"

echo "1..$n"
[ "$failed" = 0 ]
