#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The tree against its map and its size rules: every folder holding tracked files is in
# docs/layout.md (folders below the second level: through their folder of the second level)
# and every folder the map names exists; every file at the top of the tree, of tests/ and of docs/
# is named in it (as `NAME` or `FOLDER/NAME`); the README is at most 200 lines; no C or C++
# file is over 1000 lines (files cut along their seams stay readable); every relative link in a
# Markdown file points to a file of the repository.
set -u
cd "$(dirname "$0")/../.."
fail=0
bad() { echo "tree_check: $*"; fail=1; }

mapped=$(grep -o '^- `[^`]*/`' docs/layout.md | sed 's/^- `//; s/`$//; s:/$::')
for d in $(git ls-files | grep / | sed 's:/[^/]*$::' | cut -d/ -f1-2 | sort -u); do
    echo "$mapped" | grep -qx "$d" || bad "docs/layout.md lacks the folder $d/"
done
for d in $mapped; do
    [ "$d" = . ] || [ -d "$d" ] || bad "docs/layout.md names $d/, which does not exist"
done

for f in $(git ls-files | grep -E '^([^/]*|tests/[^/]*|docs/[^/]*)$'); do
    grep -qF -e "\`${f##*/}\`" -e "\`$f\`" docs/layout.md || bad "docs/layout.md lacks the file $f"
done

n=$(wc -l <README.md)
[ "$n" -le 200 ] || bad "README.md has $n lines (at most 200: details go to docs/)"

for f in $(git ls-files '*.c' '*.h' '*.cpp'); do
    n=$(wc -l <"$f")
    [ "$n" -le 1000 ] || bad "$f has $n lines (at most 1000)"
done

for md in $(git ls-files '*.md'); do
    dir=$(dirname "$md")
    grep -o '](\([^)#: ]*\))' "$md" | sed 's/^](//; s/)$//' | while read -r link; do
        [ -n "$link" ] || continue
        [ -e "$dir/$link" ] || echo "tree_check: $md links to $link, which the repository lacks"
    done
done | grep . && fail=1

[ $fail = 0 ] && echo "tree matches docs/layout.md (folders and top files)," \
    "no file over 1000 lines, every link resolves"
exit $fail
