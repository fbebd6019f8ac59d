#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# run.sh [--campaign] BUILD TARGET SECONDS OUT
#
# One libFuzzer target of tests/fuzz (BUILD/fuzz/fuzz_TARGET): first every
# committed crash input of it (tests/fuzz/crashes/TARGET/) runs once and must
# pass now; then SECONDS of fuzzing from the seed corpus
# (tests/fuzz/corpus/TARGET/, only read) and what earlier runs kept
# (OUT/corpus/TARGET/), with json.dict for the JSON readers.  An input fails
# on a crash, a sanitizer report, a leak, a broken check of the harness, more
# than 10 s (a hang) or 2 GB.  New failing inputs are saved in
# OUT/crashes/TARGET/, libFuzzer's output in OUT/logs/TARGET.log.  Prints
# "fuzz TARGET: N executions in S s, K crashes".
#
# Without --campaign the run stops at the first failing input (exit 1) and
# starts from seed 1 (make test, make regress); with --campaign libFuzzer's
# fork mode goes on after failing inputs and counts them (make fuzz; exit 1
# when there were any).
set -euo pipefail
cd "$(dirname "$0")/../.."
campaign=
if [ "${1:-}" = --campaign ]; then
  campaign=1
  shift
fi
[ $# -eq 4 ] || { echo "usage: $0 [--campaign] BUILD TARGET SECONDS OUT" >&2; exit 2; }
build=$1 target=$2 seconds=$3 out=$4
bin=$build/fuzz/fuzz_$target
[ -x "$bin" ] || { echo "run.sh: $bin is not built (make $bin)" >&2; exit 2; }
corpus=$out/corpus/$target crashes=$out/crashes/$target log=$out/logs/$target.log
mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
limits=(-timeout=10 -rss_limit_mb=2048)
case $target in
  config | scenario | list | merge) limits+=(-dict=tests/fuzz/json.dict) ;;
esac

shopt -s nullglob
known=(tests/fuzz/crashes/"$target"/*)
if [ ${#known[@]} -gt 0 ]; then
  if ! "$bin" "${limits[@]}" "${known[@]}" >"$log" 2>&1; then
    grep -m1 -B2 -A12 'ERROR\|runtime error\|fuzz harness' "$log" || tail -n 20 "$log"
    echo "fuzz $target: a committed crash input fails again (${known[*]}; $log)"
    exit 1
  fi
  echo "fuzz $target: ${#known[@]} committed crash inputs pass"
fi

seeds=(tests/fuzz/corpus/"$target")
before=$(ls "$crashes" | wc -l)
start=$SECONDS
if [ -n "$campaign" ]; then
  opts=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
else
  opts=(-seed=1 -print_final_stats=1)
fi
rc=0
"$bin" "${limits[@]}" "${opts[@]}" -max_total_time="$seconds" -artifact_prefix="$crashes/" \
  "$corpus" "${seeds[@]}" >>"$log" 2>&1 || rc=$?
took=$((SECONDS - start))
if [ -n "$campaign" ]; then
  last=$(grep '^#[0-9]*: cov:' "$log" | tail -n 1)
  execs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<<"$last")
  crashed=$(sed -n 's|.*oom/timeout/crash: \([0-9]*\)/\([0-9]*\)/\([0-9]*\).*|\1 + \2 + \3|p' \
    <<<"$last")
  crashed=$((${crashed:-0}))
else
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  crashed=$(($(ls "$crashes" | wc -l) - before))
  [ "$rc" = 0 ] || [ "$crashed" -gt 0 ] || crashed=1
fi
echo "fuzz $target: ${execs:-0} executions in $took s, $crashed crashes"
if [ "$crashed" -gt 0 ] || [ "$rc" != 0 ]; then
  grep -m1 -B2 -A12 'ERROR\|runtime error\|fuzz harness' "$log" || tail -n 20 "$log"
  echo "fuzz $target: failing inputs in $crashes/ (replay: $bin FILE)"
  exit 1
fi
