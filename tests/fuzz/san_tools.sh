#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# san_tools.sh smp|merge BUILD OUT
#
# The tools under AddressSanitizer and UndefinedBehaviorSanitizer
# (BUILD/san/cpumf-smp, BUILD/san/cpumf-regress) over their inputs:
#   smp    the .SMP files a sampler scenario writes (text, JSON with every
#          sample), then every .SMP file of the fuzz corpus and crash inputs
#   merge  two shards of the smoke list merged (the report of 2 runs), then
#          every results.json of the fuzz corpus and crash inputs merged alone
# A tool may accept (0), report failed rows (1, --merge) or refuse (2) an
# input; a sanitizer report, a crash or any other status fails.  Leaks count
# for cpumf-smp, which frees what it read; cpumf-regress keeps its rows until
# it exits (the merge harness checks that its reader leaks nothing).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 3 ] || { echo "usage: $0 smp|merge BUILD OUT" >&2; exit 2; }
what=$1 build=$2 out=$3
export ASAN_OPTIONS=exitcode=86:detect_leaks=1 UBSAN_OPTIONS=exitcode=87:print_stacktrace=1
shopt -s nullglob
mkdir -p "$out"
runs=0

# run LOG ALLOWED-STATUSES COMMAND...: the command into LOG, its status allowed.
run() {
  local log=$1 allowed=$2 rc=0
  shift 2
  runs=$((runs + 1))
  "$@" >"$log" 2>&1 || rc=$?
  if [[ " $allowed " != *" $rc "* ]] || grep -q 'Sanitizer\|runtime error' "$log"; then
    tail -n 30 "$log"
    echo "san_tools: exit status $rc (allowed: $allowed): $*" >&2
    exit 1
  fi
}

case $what in
  smp)
    mkdir -p "$out/smp"
    "$build/cpumf-sim" tests/scenarios/sampler_2cpu.json --smp-dir "$out/smp" >"$out/sim.log"
    files=("$out"/smp/*.SMP.cpu*)
    [ ${#files[@]} -gt 0 ] || { echo "san_tools: the scenario wrote no .SMP file" >&2; exit 1; }
    run "$out/text.log" 0 "$build/san/cpumf-smp" "${files[@]}"
    run "$out/json.log" 0 "$build/san/cpumf-smp" --json --list --top 3 "${files[@]}"
    k=0
    for f in tests/fuzz/corpus/smp/* tests/fuzz/crashes/smp/*; do
      k=$((k + 1))
      run "$out/input-$k.log" "0 2" "$build/san/cpumf-smp" --json --list "$f"
    done
    ;;
  merge)
    export ASAN_OPTIONS=exitcode=86:detect_leaks=0
    for k in 1 2; do
      "$build/cpumf-regress" tests/regress/smoke.json --build "$build" --test lcctl_basic \
        --shard "$k/2" --out "$out/shard-$k" -j 1 >"$out/shard-$k.log" 2>&1
    done
    run "$out/merge.log" 0 "$build/san/cpumf-regress" --merge "$out/shard-1" \
      --merge "$out/shard-2" --out "$out/merged" --build "$build"
    grep -q '^2 passed, 0 failed$' "$out/merge.log" ||
      { cat "$out/merge.log"; echo "san_tools: the merge lacks its 2 runs" >&2; exit 1; }
    k=0
    for f in tests/fuzz/corpus/merge/* tests/fuzz/crashes/merge/*; do
      k=$((k + 1))
      mkdir -p "$out/input-$k"
      cp "$f" "$out/input-$k/results.json"
      run "$out/input-$k.log" "0 1 2" "$build/san/cpumf-regress" --merge "$out/input-$k" \
        --out "$out/input-$k/merged" --build "$build"
    done
    ;;
  *)
    echo "usage: $0 smp|merge BUILD OUT" >&2
    exit 2
    ;;
esac
echo "san_tools: $what: $runs runs under ASan and UBSan, no report"
