#!/bin/bash
# tests/suites/sources.sh -- a reader with a clone can follow what the project cites (TAP):
#   1. every path of the project named in a comment, a table or a document (docs/*.md,
#      tables/*.def, examples/..., tests/..., lib/...) exists; a path that names another
#      project's file (the kernel's lib/devres.c, herdtools7's lib/stateParser.mly) carries its
#      version (FILE@VERSION) or is listed in tests/sources-external.txt with its owner;
#   2. no comment or table points outside the repository (../shared, shared/spec);
#   3. no code, table or header cites an issue number ("issue 4", "(issue 21: ...)");
#   4. every source key cited (A64-IO-B, ORD-4.3, TV-72, VB-10a: the families that
#      docs/sources/README.md lists) has its entry in docs/sources/ (tests/suites/source-keys.pl).
# The checker runs on the repository, then on a planted tree with one broken path, one
# ../shared comment, one issue number and one key without an entry, and must fail there.
set -u
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; }

# check ROOT FILE...: print one line per problem; the files are relative to ROOT
check() {
	local root=$1
	shift
	(
		cd "$root" || exit 2
		ext=""
		[ -f tests/sources-external.txt ] && ext=$(sed -n 's/^\([^ #][^ ]*\) .*/\1/p' tests/sources-external.txt)
		for f in "$@"; do
			[ -f "$f" ] || continue
			perl -ne '
				next if /^\s*#\s*include\b/;
				while (m{(?<![A-Za-z0-9_./-])((?:docs|tables|lib|include/iomodel|cli|tests|litmus|examples|bench|scripts|lint|man|completion)/[A-Za-z0-9_.+*-]+(?:/[A-Za-z0-9_.+*-]+)*)(.?)}g) {
					my ($p, $next) = ($1, $2);
					next if $next eq "@";              # FILE@VERSION: another project
					$p =~ s/[.,:;]+$//;
					next if $p =~ m{(^|[/-])(NAME|CMD|X|N|NNN|ID)([./-]|$)};   # placeholders
					print "$.\t$p\n";
				}' "$f" | while IFS=$'\t' read -r ln p; do
				q=${p%\*}    # *path* is emphasis in scdoc and Markdown
				[ "$q" != "$p" ] && { [ -e "$q" ] || printf '%s\n' $ext | grep -qxF -- "$q"; } && continue
				case "$p" in
				*'*'*) compgen -G "$p" >/dev/null && continue
				       case "$f" in Makefile) continue ;; esac ;;  # a make pattern
				*[-_]) compgen -G "$p*" >/dev/null && continue ;;    # a prefix (cli/cmd_)
				esac
				[ -e "$p" ] && continue
				# a name's stem (tests/golden/lint/034 for 034-real-fbdev-3.19.cmd)
				compgen -G "$p[-.]*" >/dev/null && continue
				printf '%s\n' $ext | grep -qxF -- "$p" && continue
				echo "$f:$ln: names $p, which is not in the repository"
			done
			# documents may say where test data came from; code, tables and tests may not
			# point outside the repository, nor cite issue numbers
			case "$f" in
			docs/*|*.md) ;;
			*) grep -nE '\.\./shared|shared/spec' "$f" | sed "s|^|$f:|; s|\$| (points outside the repository)|"
			   grep -nE '\b[Ii]ssue [0-9]+|\(issue[ :]' "$f" | sed "s|^|$f:|; s|\$| (an issue number)|" ;;
			esac
		done
	)
}

files() { # the repository's text that cites: sources, tables, docs, scripts, tests
	git ls-files -- 'lib/**' 'cli/*' 'include/**' 'tables/*' 'docs/*.md' 'docs/sources/*.md' 'README.md' 'man/*.scd' \
		'tests/unit/*.c' 'tests/fuzz/*.c' 'tests/suites/*.sh' 'tests/*.sh' 'tests/lkmm/*.sh' 'bench/*' \
		'scripts/*' 'lint/*.cocci' 'litmus/README.md' 'examples/**' 'Makefile' | grep -v '^tests/suites/sources.sh$'
}

here=$(cd "$(dirname "$0")" && pwd)
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	n=$((n + 1))
	echo "ok $n - every path named exists # SKIP not a git checkout (the file list is git's)"
	out=skip
else
	mapfile -t all < <(files)
	out=$(check . "${all[@]}")
	# keys: every tracked text file but docs/sources itself and outputs that echo the tables
	mapfile -t cite < <(git ls-files | grep -vE '^(docs/sources/|tests/golden/|tests/data/)|/EXPECTED|facts\.jsonl$|\.(png|svg|xz|gz)$')
	keys=$(perl "$here/source-keys.pl" . "${cite[@]}" 2>&1)
	if [ -z "$keys" ]; then
		ok "every source key cited has its entry in docs/sources/ (${#cite[@]} files)"
	else
		nok "every source key cited has its entry in docs/sources/ ($(printf '%s\n' "$keys" | wc -l) citations without one)"
		printf '%s\n' "$keys" | head -40 | sed 's/^/# /'
	fi
fi
if [ "$out" = skip ]; then
	:
elif [ -z "$out" ]; then
	ok "every path named exists, nothing points outside the repository, no issue numbers (${#all[@]} files)"
else
	nok "every path named exists, nothing points outside the repository, no issue numbers"
	printf '%s\n' "$out" | head -40 | sed 's/^/# /'
fi

# the checker can fail: a planted tree
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/docs/sources" "$t/lib/x" "$t/tables"
printf '| `ZZ-` | planted | a.md |\n| `ZART` | planted | a.md |\n' >"$t/docs/sources/README.md"
printf '### ZZ-1 -- one\n| ZZ-2b | two |\n### ZART -- art\n' >"$t/docs/sources/a.md"
printf 'ROW(ZZ-ROW, 1, "ZZ-1; ZZ-2b; [ZART]")\nROW(ZZ-R2, 2, "ZZ-3 and ZZ-1..ZZ-4; ZZ-lower")\n' >"$t/tables/keys.def"
kp=$(perl "$here/source-keys.pl" "$t" tables/keys.def 2>&1)
if [ "$(printf '%s\n' "$kp" | sed 's/,.*//')" = "$(printf 'tables/keys.def:2: cites ZZ-3\ntables/keys.def:2: cites ZZ-4')" ]; then
	ok "the key checker finds planted keys without an entry (ZZ-3, the end of a range) and only them"
else
	nok "the key checker finds planted keys without an entry (ZZ-3, the end of a range) and only them"
	printf '%s\n' "$kp" | sed 's/^/# /'
fi
echo "# A" >"$t/docs/a.md"
printf '/* see docs/a.md and docs/missing.md; the kernel'"'"'s lib/devres.c@6.12 */\n' >"$t/lib/x/good-and-bad.c"
printf '/* the digest in ../shared/spec/x86-memtype.md */\n' >"$t/lib/x/shared.c"
printf '/* rows (issue 4) */\n' >"$t/tables/num.def"
planted=$(check "$t" docs/a.md lib/x/good-and-bad.c lib/x/shared.c tables/num.def)
if printf '%s\n' "$planted" | grep -q 'lib/x/good-and-bad.c:1: names docs/missing.md' &&
	! printf '%s\n' "$planted" | grep -q 'names docs/a.md' &&
	! printf '%s\n' "$planted" | grep -q 'devres' &&
	printf '%s\n' "$planted" | grep -q 'lib/x/shared.c:1:.*outside the repository' &&
	printf '%s\n' "$planted" | grep -q 'tables/num.def:1:.*an issue number'; then
	ok "the checker finds a planted missing path, a ../shared comment and an issue number"
else
	nok "the checker finds a planted missing path, a ../shared comment and an issue number"
	printf '%s\n' "$planted" | sed 's/^/# /'
fi
echo "1..$n"
