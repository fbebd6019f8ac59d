#!/bin/sh
# Run every malformed scenario: exit status must be 2 and stderr must be the
# line recorded in expected.txt.  Usage: tests/scenarios_bad/check.sh [BINARY]
# (default build/cpumf-sim), from the repository root.
bin=${1:-build/cpumf-sim}
dir=$(dirname "$0")
fail=0
n=0
while IFS="$(printf '\t')" read -r file want; do
    case "$file" in ''|'#'*) continue ;; esac
    n=$((n + 1))
    got=$("$bin" "$dir/$file" 2>&1 >/dev/null | head -1)
    "$bin" "$dir/$file" >/dev/null 2>&1
    rc=$?
    if [ "$rc" -ne 2 ] || [ "$got" != "$want" ]; then
        echo "FAIL $file: exit $rc (want 2)"
        echo "  want: $want"
        echo "  got:  $got"
        fail=$((fail + 1))
    fi
done < "$dir/expected.txt"
echo "scenarios_bad: $((n - fail))/$n ok"
[ "$fail" -eq 0 ]
