#!/usr/bin/env bash
# The test driver behind `make test` and `make regress`.  Every check is one
# line of a job list; jobs run in parallel over the cores, each records
# PASS/FAIL with its reason, and the summary ends with "N passed, N failed".
set -u
mode=${1:-test}
cd "$(dirname "$0")/.."
B=${BUILD:-build}
out=$B/test-out
J=${JOBS:-$(nproc 2>/dev/null || echo 2)}

if [ "$mode" = regress ]; then SEEDS=${SEEDS:-40}; else SEEDS=${SEEDS:-5}; fi

add() { printf '%s\n' "$*" >>"$jobs"; }

# --- job kinds (run by `tests/run.sh job KIND ARGS...`) --------------------------
if [ "$mode" = job ]; then
  kind=$2; shift 2
  case $kind in
    lint)
      make -s lint >"$TMPLOG" 2>&1 && ! grep -q '%Warning\|%Error' "$TMPLOG" ;;
    unit) # a Check binary: its own summary line is parsed by the collector
      CK_FORK=yes "$1" >"$TMPLOG" 2>&1 ;;
    scenario) # binary scenario [seed]
      bin=$1 sc=$2 seed=${3:-}
      "$bin" "$sc" ${seed:+--seed $seed} --results "$TMPLOG.json" >"$TMPLOG" 2>&1 ;;
    bad) # binary scenario: must exit 2 with the position named in the .err file
      bin=$1 sc=$2
      "$bin" "$sc" >"$TMPLOG" 2>&1; rc=$?
      want=$(head -n1 "${sc%.json}.err")
      [ $rc = 2 ] && grep -qF -- "$want" "$TMPLOG" || { echo "exit $rc, wanted 2 and: $want" >>"$TMPLOG"; false; } ;;
    mutant) # name scenario seed cycle field
      name=$1 sc=$2 seed=$3 cyc=$4 field=$5
      "$B/cpumf-cosim-mut" "$sc" --seed "$seed" "+MUTANT_$name" >"$TMPLOG" 2>&1; rc=$?
      want="MISMATCH at cycle $cyc: $field"
      [ $rc = 1 ] && grep -qF -- "$want" "$TMPLOG" \
        || { echo "exit $rc, wanted 1 and: $want" >>"$TMPLOG"; false; } ;;
    mutant-clean) # the mutant build without a mutant selected passes
      "$B/cpumf-cosim-mut" "$1" --seed "$2" >"$TMPLOG" 2>&1 ;;
    determinism) # one seed: the model alone twice and lockstep twice give
      # byte-identical results JSON and .SMP files
      : >"$TMPLOG"; ok=1
      for r in sim1 sim2 cosim1 cosim2; do
        rm -rf "$TMPLOG.$r"; mkdir -p "$TMPLOG.$r"
        "$B/cpumf-${r%?}" "$1" --seed "$2" --results "$TMPLOG.$r/results.json" --smp-dir "$TMPLOG.$r" \
          >>"$TMPLOG" 2>&1 || ok=0
      done
      for r in sim2 cosim1 cosim2; do diff -r "$TMPLOG.sim1" "$TMPLOG.$r" >>"$TMPLOG" 2>&1 || ok=0; done
      [ $ok = 1 ] ;;
    cxx) [ -f "$B/cxx-check.stamp" ] ;;
    xrand) # RTL flops start random: after reset it must still match the model
      "$B/cpumf-cosim-xrand" "$1" +verilator+rand+reset+2 "+verilator+seed+$2" >"$TMPLOG" 2>&1 ;;
    smp) # a sampler run writes .SMP files and cpumf-smp reads them back
      rm -rf "$TMPLOG.smp"; mkdir -p "$TMPLOG.smp"
      "$1" "$2" --smp-dir "$TMPLOG.smp" --results "$TMPLOG.json" >"$TMPLOG" 2>&1 &&
      "$B/cpumf-smp" "$TMPLOG.smp"/*.SMP.cpu* >>"$TMPLOG" 2>&1 && grep -q "samples" "$TMPLOG" ;;
    example) # the C example against a temporary install, found through pkg-config
      pre=$B/example-install
      export PKG_CONFIG_PATH=$pre/lib/pkgconfig
      cc -std=c11 -Wall -Wextra -Werror cmodel/examples/counters.c $(pkg-config --cflags --libs cpumf) \
        -o "$B/example-counters" >"$TMPLOG" 2>&1 &&
      LD_LIBRARY_PATH=$pre/lib "$B/example-counters" "$(pkg-config --variable=configsdir cpumf)/systems/z15-1cpu.json" \
        >>"$TMPLOG" 2>&1 && grep -q "LCCTL done, cc 0" "$TMPLOG" && grep -q "^counter   1 .*ECCTR cc 0" "$TMPLOG" ;;
    dpi) # the DPI-C example bench: the RTL checked against the model through DPI
      "$B/dpi/tb_dpi_example" >"$TMPLOG" 2>&1 && grep -q "0 mismatches, PASS" "$TMPLOG" ;;
    triage) # an injected mutant fails the regression with a repro line, an FST
      # window, a .gtkw with the marker and a PNG, all linked from summary.md
      name=$1 test=$2 o=$TMPLOG.regress
      "$B/cpumf-regress" tests/regress/smoke.json --build "$B" --out "$o" --mutant "$name" --test "$test" \
        >"$TMPLOG" 2>&1; rc=$?
      t=$(ls -d "$o"/triage/*/ 2>/dev/null | head -n1)
      [ $rc = 1 ] && [ -n "$t" ] && [ -s "$t/window.fst" ] && [ -s "$t/window.png" ] &&
        grep -q '^\*.* [0-9]' "$t/window.gtkw" && grep -qF "$(basename "$t")/window.png" "$o/summary.md" &&
        grep -q "^FAIL $test" "$TMPLOG" && grep -qF "+MUTANT_$name" "$TMPLOG" \
        || { echo "exit $rc; wanted 1, an FST, a PNG, a .gtkw and summary links under $o" >>"$TMPLOG"; false; } ;;
    regress-list) # a regression list (list, then selection options) runs with every output written
      o=$TMPLOG.regress l=$1; shift
      "$B/cpumf-regress" "$l" --build "$B" --out "$o" "$@" >"$TMPLOG" 2>&1 &&
        [ -s "$o/junit.xml" ] && [ -s "$o/summary.md" ] && [ -s "$o/results.json" ] &&
        [ -s "$o/coverage/functional.json" ] ;;
    shards) # a list split in N shards (--shard K/N) and merged (--merge) reports
      # the same rows as one run of it
      l=$1 n=$2 t=$3 o=$TMPLOG.regress m=(); : >"$TMPLOG"
      "$B/cpumf-regress" "$l" --build "$B" --test "$t" --out "$o.all" >>"$TMPLOG" 2>&1 || exit 1
      for k in $(seq 1 "$n"); do
        "$B/cpumf-regress" "$l" --build "$B" --test "$t" --shard "$k/$n" --out "$o.$k" >>"$TMPLOG" 2>&1 || exit 1
        m+=(--merge "$o.$k")
      done
      "$B/cpumf-regress" "${m[@]}" --out "$o.merged" >>"$TMPLOG" 2>&1 &&
        [ "$(grep -c '<testcase' "$o.all/junit.xml")" = "$(grep -c '<testcase' "$o.merged/junit.xml")" ] &&
        diff <(sed -n '/^## Requirement/,$p' "$o.all/summary.md") <(sed -n '/^## Requirement/,$p' "$o.merged/summary.md") \
          >>"$TMPLOG" ;;
    *) echo "unknown job $kind" >"$TMPLOG"; false ;;
  esac
  exit $?
fi

# --- the job list ------------------------------------------------------------------
rm -rf "$out"; mkdir -p "$out"
jobs=$out/jobs.txt; : >"$jobs"
add lint
for t in "$B"/test_*; do [ -x "$t" ] && add unit "$t"; done
add cxx
add example
add dpi
for sc in tests/scenarios/*.json; do
  add scenario "$B/cpumf-sim" "$sc"
  add scenario "$B/cpumf-cosim" "$sc"
  add scenario "$B/san/cpumf-sim" "$sc"
done
for sc in tests/scenarios/*.json; do
  case $sc in */sampler_*|*/random_smoke.json) continue ;; esac  # the long ones
  for s in 1 2; do add xrand "$sc" "$s"; done
done
for sc in tests/scenarios_bad/*.json; do
  [ -f "$sc" ] || continue
  add bad "$B/cpumf-sim" "$sc"
  add bad "$B/cpumf-cosim" "$sc"
done
for sc in tests/random/*.json; do
  [ -f "$sc" ] || continue
  n=$SEEDS
  # random SDB-table topologies: twice the seeds (at least 50 in make test)
  case $sc in */random_sampling_*) n=$((SEEDS * 2)) ;; esac
  for s in $(seq 1 "$n"); do add scenario "$B/cpumf-cosim" "$sc" "$s"; done
  add determinism "$sc" 7
done
for sc in tests/scenarios/sampler_2cpu.json tests/scenarios/sampler_loss.json; do add determinism "$sc" 11; done
for sc in tests/scenarios/sampler_basic.json; do add smp "$B/cpumf-sim" "$sc"; done
if [ "$mode" = regress ]; then
  for sc in tests/long/*.json; do add smp "$B/cpumf-cosim" "$sc"; done
fi
# the registry's rows: name scenario seed cycle field (a bare scenario name
# stands for tests/scenarios/NAME.json)
mutants=$(awk -F' *[|] *' '/^[|] [A-Z]/ && $2 != "name" {
  sc = $4 ~ /[/]/ ? $4 : "tests/scenarios/" $4 ".json"; print $2, sc, $5, $6, $7 }' tests/mutants/mutants.md)
while read -r name sc seed cyc field; do
  add mutant "$name" "$sc" "$seed" "$cyc" "$field"
done <<<"$mutants"
# the mutant build with no mutant selected passes each scenario used above
awk '{print $2, $3}' <<<"$mutants" | sort -u | while read -r sc seed; do add mutant-clean "$sc" "$seed"; done

add triage SF_DEAR_NO_ADV sf_1m_buffers
add triage COUNT_STOPPED random_z17
# each list, cut down: one directed scenario, or one seed of the scale list
add regress-list tests/regress/full.json --test lcctl_basic
add regress-list tests/regress/smoke.json --test lcctl_basic
add regress-list tests/regress/scale.json --seeds 1
add shards tests/regress/smoke.json 3 random

# --- run them --------------------------------------------------------------------
n=$(wc -l <"$jobs")
awk '{printf "%d %s%c", NR, $0, 0}' "$jobs" | xargs -0 -P "$J" -I{} bash -c '
  set -- {}; id=$1; shift
  export TMPLOG='"$out"'/$id.log
  if timeout 600 tests/run.sh job "$@"; then r=PASS; else r=FAIL; fi
  printf "%s %s\n" "$r" "$*" >'"$out"'/$id.res'

pass=0 fail=0
for i in $(seq 1 "$n"); do
  res=$(cat "$out/$i.res" 2>/dev/null || echo "FAIL (no result) job $i")
  set -- $res
  if [ "$2" = unit ]; then  # count the individual checks of a Check binary
    summary=$(grep -Eo 'Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' "$out/$i.log" | tail -n1)
    if [ -n "$summary" ]; then
      [[ $summary =~ Checks:\ ([0-9]+),\ Failures:\ ([0-9]+),\ Errors:\ ([0-9]+) ]]
      c=${BASH_REMATCH[1]}; f=$((BASH_REMATCH[2] + BASH_REMATCH[3]))
      pass=$((pass + c - f)); fail=$((fail + f))
      [ "$f" -gt 0 ] && { echo "FAIL $3: $f of $c checks"; grep -E ':[EF]:' "$out/$i.log" | head -n 20; }
      continue
    fi
  fi
  if [ "$1" = PASS ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); shift; echo "FAIL $*"; tail -n 25 "$out/$i.log" | sed 's/^/    /'
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
