#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Formal proofs of the units' assertions (rtl/mf_assert.svh) with Yosys, one
# unit at a time: the unit read as Yosys reads it with FORMAL (its ASSERTs
# become assertions, its ASSUMEs assumptions), flattened, and checked from
# reset (rst_ni low in the first step, free after it; every other input free
# in every step under the ASSUMEs):
#
#   prove UNIT   bounded model check of DEPTH steps (the base case), then
#                k-induction of DEPTH steps: the assertions hold for all time
#                (yosys-smtbmc with z3 on the unit written as SMT-LIB 2)
#   bmc UNIT     bounded model check of DEPTH steps only (ABC's bmc3 on the
#                unit's and-inverter graph, written as AIGER: on the deep
#                checks of the large units it finishes where z3 does not;
#                Yosys's simulator replays a counterexample into the trace)
#   cover UNIT   every COVER of the unit reached within DEPTH steps from reset
#                under the ASSUMEs (yosys-smtbmc -c with z3), with the traces
#                that reach them, OUTDIR/UNIT.coverN.vcd from N = 0 (a trace
#                may reach several); a point not reached fails (no --mutant)
#
#   yosys/formal.sh [--mutant NAME] [--depth N] [--cut MODULE] OUTDIR prove|bmc|cover UNIT
#
# prints one line "formal: UNIT ... proved|passed|FAILED" and exits 0, or 1
# when an assertion fails (or the induction does not close); then the line
# names the assertion and the counterexample is OUTDIR/UNIT.vcd with
# OUTDIR/UNIT.gtkw (gtkwave OUTDIR/UNIT.vcd OUTDIR/UNIT.gtkw). --mutant
# compiles mutant NAME of tests/mutants/mutants.md in (its flag a constant
# one) and expects the bounded check (at least 12 steps) to fail with a trace
# from reset: exit 0 when it does, 1 when it holds.
# A unit's submodules are checked against one another: their ASSUMEs become
# assertions (what one unit takes as given, its neighbours must guarantee),
# and only the unit's own ASSUMEs constrain its inputs.
# --cut makes every instance of MODULE in the unit a cut point (Yosys's
# cutpoint on its outputs: each free in every step): the check then holds for
# any behaviour of MODULE, so what passes holds for the real one too. MODULE's
# assertions, and the properties of the modules under it (two levels), are
# left to its own proof; its assumptions are checked here.
# Files: OUTDIR/UNIT.log (Yosys, then the solver); prove: OUTDIR/UNIT.smt2;
# bmc: OUTDIR/UNIT.aig and .aim (the graph and its map to the unit's names),
# .aig.il (the graph for the replay; its log .sim.log), .asserts (the
# assertions in the graph's order) and .aiw (ABC's counterexample).
set -u
mutant=""
depth=""
cut=""
while [ $# -gt 3 ]; do
    case "$1" in
    --mutant) mutant=$2; shift 2 ;;
    --depth) depth=$2; shift 2 ;;
    --cut) cut=$2; shift 2 ;;
    *) break ;;
    esac
done
if [ $# -ne 3 ] || { [ "$2" != prove ] && [ "$2" != bmc ] && [ "$2" != cover ]; } ||
    { [ "$2" = cover ] && [ -n "$mutant" ]; }; then
    echo "usage: yosys/formal.sh [--mutant NAME] [--depth N] [--cut MODULE] OUTDIR prove|bmc|cover UNIT" >&2
    exit 2
fi
out=$1 mode=$2 unit=$3
# induction closes within a few steps for the units proved; the bounded
# checks go 30 cycles deep, the cover search 20
[ -n "$depth" ] || case $mode in prove) depth=8 ;; bmc) depth=30 ;; cover) depth=20 ;; esac
tag=$unit${mutant:+.$mutant}${cut:+.cut-$cut}
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
# seconds since t0, to a tenth
elapsed() {
    local ms=$((($(date +%s%N) - t0) / 1000000))
    echo "$((ms / 1000)).$((ms % 1000 / 100))"
}
smtbmc() {
    yosys-smtbmc -s z3 --unroll --presat --noprogress "$@" "$out/$tag.smt2" >>"$log" 2>&1
}
# Yosys: the design read, prepared and written; $1 its top, $2 the passes after the
# preparation (the writers)
yosys_write() {
    if ! yosys -q -l "$log" -p "read_verilog -formal -sv $defs -Irtl $rtl
        hierarchy -check -top $1
        proc; ${cut:+select -assert-any $cut; delete $cut/t:\$assert $cut %M %c %M %u t:\$assert t:\$assume %u %i
        cutpoint $cut/o:*}
        chformal -assume2assert */t:\$assume $unit/t:\$assume %d
        flatten; memory -nordff; memory_map; opt_clean; async2sync; dffunmap
        $2" >/dev/null 2>&1; then
        # a cut of a module the unit does not instantiate (only Yosys knows which it does)
        if [ -n "$cut" ] && grep -q "selection is empty: $cut\$" "$log"; then
            echo "formal: $tag: $unit has no instance of $cut to cut" >&2
            exit 2
        fi
        echo "formal: $tag: Yosys fails (see $log):"
        grep -E 'ERROR' "$log" | head -5
        exit 1
    fi
}
scope=$unit
if [ "$mode" = bmc ]; then
    # AIGER has no initial-state assumption: a wrapper holds the unit in reset in
    # the first step (a flop that starts at one, which the replay simulates too;
    # $initstate it would not) and leaves every other input of it free
    scope=mf_formal_top
    top_sv=$out/$tag.top.sv
    cat >"$top_sv" <<EOF
module mf_formal_top (input logic clk_i, input logic rst_ni);
  logic first_q = 1'b1;
  always @(posedge clk_i) first_q <= 1'b0;
  $unit u_unit (.clk_i(clk_i), .rst_ni(rst_ni && !first_q));
endmodule
EOF
    rtl="$rtl $top_sv"
    # the unit's free inputs as the wrapper's ports (the replay drives ports only);
    # no outputs (ABC would take them for properties) and no cover points (AIGER has
    # none; the simulation counts them); the assertions by name, sorted
    # as write_aiger orders its bad-state properties (checked against yosys-smtbmc's
    # replay on three counterexamples); the graph as RTLIL for the replay. The
    # netlist is checked and optimised word by word; on the gates only opt_clean,
    # since ABC hashes the graph itself (Yosys's opt passes on the gates took two
    # thirds of the preparation of mf_cpu)
    yosys_write mf_formal_top "setundef -undriven -expose; delete -output
        delete t:\$cover
        opt -fast -nosdff -nodffe; check; techmap; opt_clean; abc -g AND -fast
        opt_clean; setundef -anyseq
        tee -q -o $out/$tag.asserts select -list t:\$assert
        write_aiger -I -B -zinit -map $out/$tag.aim $out/$tag.aig
        write_rtlil $out/$tag.aig.il"
    kind="bmc of $depth steps${cut:+, $cut cut}"
    rm -f "$out/$tag.aiw"
    abc_script="read_aiger $out/$tag.aig; fold; strash; bmc3 -F $depth -v"
    yosys-abc -c "$abc_script; write_cex -a $out/$tag.aiw" >>"$log" 2>&1
    hit=$(grep -oE 'Output [0-9]+ of miter .* was asserted in frame [0-9]+' "$log" | head -1)
    if grep -q "No output asserted in $depth frames" "$log"; then
        rc=0
    elif [ -n "$hit" ] && [ -s "$out/$tag.aiw" ]; then
        # ABC's inputs replayed by Yosys's simulator into the trace
        yosys -q -l "$out/$tag.sim.log" -p "read_rtlil $out/$tag.aig.il
            sim -r $out/$tag.aiw -map $out/$tag.aim -clock clk_i -vcd $out/$tag.vcd" \
            >/dev/null 2>&1
        k=$(echo "$hit" | awk '{ print $2 }')
        step=$(echo "$hit" | awk '{ print $NF }')
        name=$(sed -n "$((k + 1))p" "$out/$tag.asserts" | sed 's|^mf_formal_top/u_unit\.||')
        what="Assert failed in $unit: $name"
        rc=1
    else
        echo "formal: $tag: ABC ended without a verdict (see $log)"
        exit 1
    fi
else
    yosys_write "$unit" "write_smt2 -wires $out/$tag.smt2"
    # the first step is in reset; the ones after it are free
    constr=$out/reset.constr
    printf 'initial\nassume (not [rst_ni])\n' >"$constr"
    if [ "$mode" = cover ]; then
        rm -f "$out/$tag".cover*.vcd
        smtbmc --smtc "$constr" -c -t "$depth" --dump-vcd "$out/$tag.cover%.vcd"
        rc=$?
        secs=$(elapsed)
        reached=$(grep -oE 'Reached cover statement at [A-Za-z0-9_.]+ in step [0-9]+' "$log" |
            awk '{ print $5 "@" $NF }' | paste -sd' ')
        n=$(echo "$reached" | wc -w)
        if [ $rc -eq 0 ]; then
            echo "formal: $tag: $n cover points reached within $depth steps ($secs s):" \
                "${reached:-none}"
            exit 0
        fi
        missed=$(grep -oE 'Unreached cover statement at [A-Za-z0-9_.]+[A-Za-z0-9_]' "$log" |
            awk '{ print $NF }' | paste -sd' ')
        echo "formal: $tag: cover points not reached within $depth steps: ${missed:-?}" \
            "(reached: ${reached:-none}; see $log)"
        exit 1
    fi
    # a mutant is refuted by a trace from reset: the bounded check alone, deep
    # enough for the mutants of FORMAL_MUTANTS (yosys/yosys.mk)
    [ -n "$mutant" ] && depth=$((depth < 12 ? 12 : depth))
    kind="bmc of $depth steps"
    smtbmc --smtc "$constr" -t "$depth" --dump-vcd "$out/$tag.vcd"
    rc=$?
    if [ $rc -eq 0 ] && [ -z "$mutant" ]; then
        kind="k-induction, k = $depth"
        smtbmc --smtc "$constr" -i -t "$depth" --dump-vcd "$out/$tag.vcd"
        rc=$?
    fi
fi
secs=$(elapsed)
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
if [ "$mode" = prove ]; then
    what=$(grep -m1 -oE '(Assert|Assumptions are unsatisfiable|induction).*' "$log" | sed 's/ *$//')
    step=$(grep -oE 'Checking assertions in step [0-9]+' "$log" | tail -1 | awk '{print $5}')
fi
[ -n "$what" ] || what="yosys-smtbmc failed (see $log)"
if [ -f "$out/$tag.vcd" ]; then
    {
        echo "[dumpfile] \"$(basename "$tag").vcd\""
        echo "[timestart] 0"
        echo "@28"
        for s in clk_i rst_ni; do echo "$scope.$s"; done
        echo "@22"
        # gtkwave names a vector NAME[W-1:0]
        grep -E '^\$var .* (u_unit\.)?[a-z][a-z0-9_]*_(i|o|q) ' "$out/$tag.vcd" |
            awk '$5 != "clk_i" && $5 != "rst_ni" { print $5 ($3 > 1 ? "[" $3 - 1 ":0]" : "") }' |
            sort -u | head -80 | sed "s/^/$scope./"
    } >"$out/$tag.gtkw"
fi
if [ -n "$mutant" ]; then
    echo "formal: $tag: refuted in step ${step:-?}: $what ($secs s; gtkwave $out/$tag.vcd $out/$tag.gtkw)"
    exit 0
fi
echo "formal: $unit FAILED in step ${step:-?}: $what ($secs s)"
echo "  counterexample: gtkwave $out/$tag.vcd $out/$tag.gtkw"
exit 1
