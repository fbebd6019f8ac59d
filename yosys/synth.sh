#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Synthesis of rtl/ with Yosys, one unit at a time: the unit read as Yosys reads it,
# checked at word level (no undriven or multiply driven net, outputs included),
# flattened to gates (synth -flatten), checked again, refused if a latch remains,
# and counted (stat).
#
#   yosys/synth.sh [--coarse] OUTDIR UNIT...
#
# writes OUTDIR/UNIT.log for each unit and OUTDIR/report.md, the table of flip-flops
# and cells per unit; exits 1 when a unit fails a check (its log says which).
# --coarse stops before the mapping to gates (synth -run :fine): the same checks on
# word-level cells, in a tenth of the time (make test's check of the whole system).
set -u
run=""
latches="t:\$_DLATCH* t:\$_DLATCHSR* t:\$_SR_*"
if [ "${1:-}" = --coarse ]; then
    run="-run :fine"
    latches="t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$sr"
    shift
fi
out=$1
shift
mkdir -p "$out"
rtl="rtl/mf_pkg.sv $(ls rtl/*.sv | grep -v '^rtl/mf_pkg.sv$' | tr '\n' ' ')"
fail=0
rows=""
for u in "$@"; do
    log=$out/$u.log
    t0=$(date +%s%N)
    if ! yosys -q -l "$log" -p "read_verilog -sv -Irtl $rtl
        hierarchy -check -top $u
        proc; flatten; opt_clean
        check -assert
        synth -flatten -top $u $run
        check -assert
        select -assert-none $latches
        tee -o $out/$u.stat stat -width" >/dev/null 2>&1; then
        echo "synth: $u fails (see $log):"
        grep -E 'ERROR|Warning: .*(driver|conflict)' "$log" | head -5
        fail=1
        continue
    fi
    t=$((($(date +%s%N) - t0) / 1000000))
    # gates: one bit a $_*DFF* cell; word level: $*dff*_W cells of W bits (stat -width)
    ffs=$(awk '$1 ~ /^\$_(S|A|)DFF/ { n += $2 }
               $1 ~ /^\$(s|a|al|)dff[a-z]*_[0-9]+$/ { w = $1; sub(/.*_/, "", w); n += w * $2 }
               END { print n + 0 }' "$out/$u.stat")
    cells=$(awk '/Number of cells:/ { print $4; exit }' "$out/$u.stat")
    secs=$(printf '%d.%d' $((t / 1000)) $((t % 1000 / 100)))
    rows="$rows| \`$u\` | $ffs | $cells | $secs |"$'\n'
    printf 'synth: %-12s %7s flip-flops %8s cells  %5s s\n' "$u" "$ffs" "$cells" "$secs"
done
{
    echo "# Synthesis report"
    echo
    echo "Yosys $(yosys -V | awk '{print $2}'): each unit read alone with its submodules, checked"
    echo "(no undriven or multiply driven net, no latch) and flattened to gates (\`synth -flatten\`)."
    echo "Flip-flops are single-bit \`\$_DFF\` cells; cells count every gate and flip-flop. A unit's"
    echo "figures include its submodules: \`mf_cpu\` is one CPU, \`mf_system\` the whole design"
    echo "(mf_pkg: NCPU CPUs, NCG groups)."
    echo
    echo "| unit | flip-flops | cells | seconds |"
    echo "|---|---:|---:|---:|"
    printf '%s' "$rows"
} >"$out/report.md"
exit $fail
