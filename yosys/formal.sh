#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Formal proofs of the units' assertions (rtl/mf_assert.svh) with Yosys and
# yosys-smtbmc (z3), one unit at a time: the unit read as Yosys reads it with
# FORMAL (its ASSERTs become assertions, its ASSUMEs assumptions), flattened,
# written as SMT-LIB 2, and checked from reset (rst_ni low in the first step,
# free after it; every other input free in every step under the ASSUMEs):
#
#   prove UNIT   bounded model check of DEPTH steps (the base case), then
#                k-induction of DEPTH steps: the assertions hold for all time
#   bmc UNIT     bounded model check of DEPTH steps only
#
#   yosys/formal.sh [--mutant NAME] [--depth N] OUTDIR prove|bmc UNIT
#
# prints one line "formal: UNIT ... proved|passed|FAILED" and exits 0, or 1
# when an assertion fails (or the induction does not close); then the line
# names the assertion and the counterexample is OUTDIR/UNIT.vcd with
# OUTDIR/UNIT.gtkw (gtkwave OUTDIR/UNIT.vcd OUTDIR/UNIT.gtkw). --mutant
# compiles mutant NAME of tests/mutants/mutants.md in (its flag a constant
# one) and expects the bounded check (at least 12 steps) to fail with a trace
# from reset: exit 0 when it does, 1 when it holds.
# Files: OUTDIR/UNIT.smt2, OUTDIR/UNIT.log (Yosys, then yosys-smtbmc).
set -u
mutant=""
depth=""
while [ $# -gt 3 ]; do
    case "$1" in
    --mutant) mutant=$2; shift 2 ;;
    --depth) depth=$2; shift 2 ;;
    *) break ;;
    esac
done
if [ $# -ne 3 ] || { [ "$2" != prove ] && [ "$2" != bmc ]; }; then
    echo "usage: yosys/formal.sh [--mutant NAME] [--depth N] OUTDIR prove|bmc UNIT" >&2
    exit 2
fi
out=$1 mode=$2 unit=$3
# induction closes within a few steps for the units proved; the BMC depth is
# the issue's 30 cycles
[ -n "$depth" ] || { [ "$mode" = prove ] && depth=8 || depth=30; }
tag=$unit${mutant:+.$mutant}
mkdir -p "$out"
log=$out/$tag.log
rtl="rtl/mf_pkg.sv $(ls rtl/*.sv | grep -v '^rtl/mf_pkg.sv$' | tr '\n' ' ')"
defs=""
if [ -n "$mutant" ]; then
    # the mutant package: NAME a constant one, every other mutant zero
    grep -q "^| $mutant |" tests/mutants/mutants.md || {
        echo "formal: no mutant $mutant in tests/mutants/mutants.md" >&2
        exit 2
    }
    pkg=$out/$tag.pkg.sv
    {
        echo "package mf_mutant_pkg;"
        awk -F'|' -v m="$mutant" 'NR > 2 && $2 ~ /^ [A-Z][A-Z0-9_]* $/ {
            n = $2; gsub(/ /, "", n); if (n != "name")
            printf "  localparam bit %s = 1'\''b%d;\n", n, n == m }' tests/mutants/mutants.md
        echo "endpackage"
    } >"$pkg"
    rtl="$pkg $rtl"
    defs="-DMF_MUTANTS"
fi
t0=$(date +%s%N)
if ! yosys -q -l "$log" -p "read_verilog -formal -sv $defs -Irtl $rtl
    hierarchy -check -top $unit
    proc; flatten; memory -nordff; memory_map; opt_clean; async2sync; dffunmap
    write_smt2 -wires $out/$tag.smt2" >/dev/null 2>&1; then
    echo "formal: $tag: Yosys fails (see $log):"
    grep -E 'ERROR' "$log" | head -5
    exit 1
fi
# the first step is in reset; the ones after it are free
constr=$out/reset.constr
printf 'initial\nassume (not [rst_ni])\n' >"$constr"
smtbmc() {
    yosys-smtbmc -s z3 --unroll --presat --noprogress --smtc "$constr" "$@" "$out/$tag.smt2" >>"$log" 2>&1
}
# a mutant is refuted by a trace from reset: the bounded check alone, deep
# enough for the mutants of FORMAL_MUTANTS (yosys/yosys.mk)
[ -n "$mutant" ] && [ "$mode" = prove ] && depth=$((depth < 12 ? 12 : depth))
kind="bmc of $depth steps"
smtbmc -t "$depth" --dump-vcd "$out/$tag.vcd"
rc=$?
if [ $rc -eq 0 ] && [ "$mode" = prove ] && [ -z "$mutant" ]; then
    kind="k-induction, k = $depth"
    smtbmc -i -t "$depth" --dump-vcd "$out/$tag.vcd"
    rc=$?
fi
ms=$((($(date +%s%N) - t0) / 1000000))
secs="$((ms / 1000)).$((ms % 1000 / 100))"
if [ $rc -eq 0 ]; then
    rm -f "$out/$tag.vcd"
    [ "$mode" = prove ] && verdict=proved || verdict=passed
    if [ -n "$mutant" ]; then
        echo "formal: $tag: NOT refuted ($kind holds with the mutant, $secs s)"
        exit 1
    fi
    echo "formal: $unit $verdict ($kind, $secs s)"
    exit 0
fi
# the assertion that failed, its step, and the trace with a view of the unit's ports and registers
what=$(grep -m1 -oE '(Assert|Assumptions are unsatisfiable|induction).*' "$log" | sed 's/ *$//')
step=$(grep -oE 'Checking assertions in step [0-9]+' "$log" | tail -1 | awk '{print $5}')
[ -n "$what" ] || what="yosys-smtbmc failed (see $log)"
if [ -f "$out/$tag.vcd" ]; then
    {
        echo "[dumpfile] \"$(basename "$tag").vcd\""
        echo "[timestart] 0"
        echo "@28"
        for s in clk_i rst_ni; do echo "$unit.$s"; done
        echo "@22"
        # gtkwave names a vector NAME[W-1:0]
        grep -E '^\$var .* [a-z][a-z0-9_]*_(i|o|q) ' "$out/$tag.vcd" |
            awk '$5 != "clk_i" && $5 != "rst_ni" { print $5 ($3 > 1 ? "[" $3 - 1 ":0]" : "") }' |
            sort -u | head -80 | sed "s/^/$unit./"
    } >"$out/$tag.gtkw"
fi
if [ -n "$mutant" ]; then
    echo "formal: $tag: refuted in step ${step:-?}: $what ($secs s; gtkwave $out/$tag.vcd $out/$tag.gtkw)"
    exit 0
fi
echo "formal: $unit FAILED in step ${step:-?}: $what ($secs s)"
echo "  counterexample: gtkwave $out/$tag.vcd $out/$tag.gtkw"
exit 1
