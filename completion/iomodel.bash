# bash completion for iomodel(1)                                   -*- shell-script -*-
# SPDX-License-Identifier: MIT
#
# Installed as $(DATADIR)/bash-completion/completions/iomodel; to try it from the source
# tree: `. completion/iomodel.bash`. The commands and options are those that
# `iomodel --help` and `iomodel COMMAND --help` print; tests/suites/man-completion.sh
# fails when this file, the man pages (man/*.scd) and the --help texts disagree.
# Works with or without the bash-completion package (its _filedir is used when present).

_iomodel_commands='memtype run litmus order attrs audit lint capture herd7 version'

# Options of the top level and of each command. Every command also takes -h and --help.
# An option whose value must be attached with '=' is listed as --opt=.
_iomodel_opts() {
	case $1 in
	'') echo '--version' ;;
	memtype) echo '--mtrr --pat --no-pat --pcd --pwt --pte --large' \
		'--pat-msr --kernel --table --table= -j' ;;
	run) echo '--pat --kernel --summary --matrix -j --json' ;;
	litmus) echo '--arch --kernel --model --max-states --max-steps --no-symmetry --variant --dot --jobs --to-aarch64 --check-aarch64 -q -j' ;;
	order) echo '--arch --kernel --model --outside-lock --table -j' ;;
	attrs) echo '--arch --kernel --nopat --mtrr-wc --no-svpbmt -v -j --json' ;;
	audit) echo '-j --json -p --pretty -v --svg --root' ;;
	lint) echo '--kernel --format -j --json --facts-out --facts --jobs --timeout --emit --survey --explain' ;;
	herd7) echo '-conf -model -cat -bell -macros -unroll -variant -I -set-libdir -q -v' \
		'-speedcheck -version -help' ;;
	capture | version) ;;
	esac
	echo '-h --help'
}

# The value of option $2 of command $1: a word list, or @file, @dir or @none (a free-form
# value such as X.Y or a number: nothing to offer). Flags print nothing.
_iomodel_optval() {
	case $1:$2 in
	run:--pat) echo 'on off absent both' ;;
	memtype:--mtrr) echo 'UC WC WT WP WB' ;;
	memtype:--pat) echo 'UC UC- WC WT WP WB' ;;
	memtype:--pcd | memtype:--pwt) echo '0 1' ;;
	memtype:--table) echo 'pat nopat all' ;;
	litmus:--arch | order:--arch | attrs:--arch) echo 'x86 arm64 powerpc riscv all' ;;
	litmus:--model | order:--model) echo 'kernel article portable all' ;;
	litmus:--kernel) echo 'all 4.8 5.1 5.4 5.17 6.12' ;;
	litmus:--dot | audit:--svg) echo '@file' ;;
	audit:--root) echo '@dir' ;;
	lint:--facts-out | lint:--facts) echo '@file' ;;
	lint:--emit) echo '@dir' ;;
	lint:--format) echo 'text gcc sarif json' ;;
	lint:--explain) echo 'all mtrr-add-in-driver wc-cookie-without-wc-mapping registers-under-wc-mtrr wc-uc-alias dma-write-then-relaxed-doorbell relaxed-read-then-dma-read removed-api' ;;
	*:--kernel | memtype:--pte | memtype:--pat-msr) echo '@none' ;;
	litmus:--max-states | litmus:--max-steps | litmus:--jobs | lint:--jobs) echo '@none' ;;
	herd7:-conf) echo 'linux-kernel.cfg' ;;
	herd7:-model | herd7:-cat) echo 'linux-kernel.cat aarch64.cat' ;;
	herd7:-bell) echo 'linux-kernel.bell' ;;
	herd7:-macros) echo 'linux-kernel.def' ;;
	herd7:-speedcheck) echo 'false' ;;
	herd7:-I | herd7:-set-libdir) echo '@dir' ;;
	herd7:-unroll) echo '@none' ;;
	esac
}

# Is option $2 of command $1 one that takes its value in the next word?
_iomodel_takes_value() {
	[ "$1:$2" = memtype:--table ] && return 1 # optional value, attached with '='
	[ -n "$(_iomodel_optval "$1" "$2")" ]
}

# Positional arguments of command $1: @file (optionally with an extension), @dir, or
# nothing.
_iomodel_args() {
	case $1 in
	run) echo '@file scn' ;;
	litmus | herd7) echo '@file litmus' ;;
	audit) echo '@file' ;;
	capture) echo '@dir' ;;
	lint) echo '@file' ;;
	esac
}

_iomodel_files() { # $1: @file or @dir, $2: an extension such as scn (or ''), $3: word
	local cur=$3
	if declare -F _filedir >/dev/null 2>&1; then
		if [ "$1" = @dir ]; then
			_filedir -d
		else
			_filedir "$2"
		fi
		return
	fi
	compopt -o filenames 2>/dev/null
	if [ "$1" = @dir ]; then
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
	elif [ -n "$2" ]; then
		mapfile -t COMPREPLY < <(compgen -d -- "$cur"; compgen -f -X "!*.$2" -- "$cur")
	else
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
	fi
}

_iomodel_values() { # command, option, current word
	local v
	v=$(_iomodel_optval "$1" "$2")
	case $v in
	@file | @dir) _iomodel_files "$v" '' "$3" ;;
	@none | '') COMPREPLY=() ;;
	*) mapfile -t COMPREPLY < <(compgen -W "$v" -- "$3") ;;
	esac
}

_iomodel() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local cmd='' i w
	COMPREPLY=()
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		-*) ;;
		*) cmd=$w; break ;;
		esac
	done
	if [ -z "$cmd" ]; then
		case $prev in
		-h | --help | --version) return ;;
		esac
		if [[ $cur == -* ]]; then
			mapfile -t COMPREPLY < <(compgen -W "$(_iomodel_opts '')" -- "$cur")
		else
			mapfile -t COMPREPLY < <(compgen -W "$_iomodel_commands" -- "$cur")
		fi
		return
	fi
	# --opt=value, with '=' a word break (bash's default) or not
	if [ "$cur" = = ] && [[ $prev == --* ]]; then
		_iomodel_values "$cmd" "$prev" ''
		return
	fi
	if [ "$prev" = = ] && ((COMP_CWORD >= 3)) && [[ ${COMP_WORDS[COMP_CWORD - 2]} == --* ]]; then
		_iomodel_values "$cmd" "${COMP_WORDS[COMP_CWORD - 2]}" "$cur"
		return
	fi
	if [[ $cur == --*=* ]]; then
		local opt=${cur%%=*}
		_iomodel_values "$cmd" "$opt" "${cur#*=}"
		COMPREPLY=("${COMPREPLY[@]/#/$opt=}")
		return
	fi
	if _iomodel_takes_value "$cmd" "$prev"; then
		_iomodel_values "$cmd" "$prev" "$cur"
		return
	fi
	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$(_iomodel_opts "$cmd")" -- "$cur")
		[[ ${COMPREPLY[*]} == *= ]] && compopt -o nospace 2>/dev/null
		return
	fi
	local kind ext
	read -r kind ext <<<"$(_iomodel_args "$cmd")"
	[ -n "$kind" ] && _iomodel_files "$kind" "$ext" "$cur"
}

complete -F _iomodel iomodel
