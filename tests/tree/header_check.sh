#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The files' headers: every source file names its licence in an SPDX line among its first two
# lines (after a #! line), and every C header's guard is CPUMF_ and its path in capitals
# (docs/style.md, Names): tb/scenario/gen.h is CPUMF_TB_SCENARIO_GEN_H.
set -u
cd "$(dirname "$0")/../.."
fail=0
n=0
for f in $(git ls-files '*.c' '*.h' '*.cpp' '*.def' '*.sv' '*.svh' '*.vlt' '*.map' '*.sh' \
  '*.mk' '*.in' Makefile .ci/run); do
    n=$((n + 1))
    head -n 2 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0' ||
        { echo "header_check: $f has no SPDX line at its top"; fail=1; }
    case $f in
    *.h)
        want=CPUMF_$(tr 'a-z/.-' 'A-Z___' <<<"$f")
        grep -qx "#ifndef $want" "$f" ||
            { echo "header_check: $f: its guard is not $want"; fail=1; }
        ;;
    esac
done
[ $fail = 0 ] && echo "every source file of $n has its SPDX line, every header its guard"
exit $fail
