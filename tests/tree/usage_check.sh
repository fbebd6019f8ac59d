#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The programs' usage in the documents is their --help, written nowhere else.
#   usage_check.sh BUILD           check (make test, group style)
#   usage_check.sh BUILD --write   rewrite the blocks from --help (make usage-doc)
# A block is the indented text between `<!-- usage: PROG -->` and `<!-- end usage -->`; it must
# be BUILD/PROG --help word for word. The bullets after the blocks, up to the next heading, that
# start with an option must name one their --help shows. Outside the blocks, no Markdown file or C
# comment may hold a synopsis (`usage: cpumf-X` or `cpumf-X [`): it would drift from the program.
set -u
cd "$(dirname "$0")/../.."
build=${1:?usage: usage_check.sh BUILD [--write]}
write=${2:-}
fail=0
bad() { echo "usage_check: $*"; fail=1; }

docs=$(git ls-files '*.md')
for md in $(grep -l '^<!-- usage: ' $docs); do
    tmp=$(mktemp)
    prog=""
    help=""
    in_block=0
    while IFS= read -r line; do
        if [[ $line =~ ^'<!-- usage: '(cpumf-[a-z]+)' -->'$ ]]; then
            prog=${BASH_REMATCH[1]}
            in_block=1
            one=$("$build/$prog" --help 2>&1) || bad "$build/$prog --help failed"
            help="$help"$'\n'"$one"
            printf '%s\n\n' "$line" >>"$tmp"
            printf '%s\n' "$one" | sed 's/^/    /; s/ *$//' >>"$tmp"
            printf '\n' >>"$tmp"
            continue
        fi
        if [ $in_block = 1 ]; then
            [ "$line" = '<!-- end usage -->' ] || continue
            in_block=2
        elif [ $in_block = 2 ] && [ -n "$prog" ]; then
            if [[ $line =~ ^'## ' ]]; then
                prog=""
                help=""
            elif [[ $line =~ ^-\ \`(--?[a-z][a-z-]*) ]]; then
                opt=${BASH_REMATCH[1]}
                grep -q -e "$opt\\b" <<<"$help" || bad "$md: $opt is not an option of $prog --help"
            fi
        fi
        printf '%s\n' "$line" >>"$tmp"
    done <"$md"
    if [ "$write" = --write ]; then
        cmp -s "$tmp" "$md" || { cp "$tmp" "$md" && echo "usage_check: wrote $md"; }
    elif ! cmp -s "$tmp" "$md"; then
        diff -u "$md" "$tmp" | head -20
        bad "$md: a usage block differs from --help (make usage-doc rewrites it)"
    fi
    rm -f "$tmp"
done

# A synopsis outside the blocks: in Markdown (the blocks removed) and in C comments.
outside='/^<!-- usage: /{skip=1} !skip{print FILENAME ":" FNR ": " $0}
         /^<!-- end usage -->/{skip=0}'
for md in $docs; do awk "$outside" "$md"; done | grep -E 'usage: cpumf-|cpumf-[a-z]+ +\[' |
    sed 's/^/usage_check: a synopsis outside --help: /' | grep . && fail=1
git ls-files '*.c' '*.h' '*.cpp' | xargs grep -nE '^ *\*.*(usage: cpumf-|cpumf-[a-z]+ +\[)' |
    sed 's/^/usage_check: a synopsis outside --help: /' | grep . && fail=1

[ $fail = 0 ] && echo "usage in the documents is the programs' --help"
exit $fail
