#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Every assertion of rtl/ (`ASSERT(NAME, ...) in rtl/UNIT.sv) is shown failing
# in the lockstep: a row of the mutant registry names it in its assertion or
# after cell, by its instance path (the unit is the instance before the name:
# cpu0.sf_ctrl.NAME; u_req, the request register, is mf_stor_req).
set -u
cd "$(dirname "$0")/../.."

declared=$(for f in rtl/*.sv; do
    u=$(basename "$f" .sv)
    grep -oE '`ASSERT\([A-Za-z0-9_]+' "$f" | sed "s/^\`ASSERT(/$u./"
done | sort -u)
# the assertion and after cells (columns 7 and 8) of the rows below the header
fired=$(awk -F'|' '/^\| / && ++n > 1 { print $8 "," $9 }' tests/mutants/mutants.md |
    tr ',' '\n' | sed 's/@.*//; s/^ *//' | grep -v '^-\?$' |
    awk -F. '{ u = $(NF - 1); if (u == "u_req") u = "mf_stor_req"; print u "." $NF }' | sort -u)

missing=$(comm -23 <(echo "$declared") <(echo "$fired"))
for a in $missing; do
    echo "fired_check: $a: no row of tests/mutants/mutants.md shows it failing"
done
[ -z "$missing" ] || exit 1
n=$(echo "$declared" | wc -l)
echo "fired_check: each of the $n assertions of rtl/ fails in the lockstep" \
    "with a mutant of the registry"
