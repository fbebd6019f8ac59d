#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fidelity.sh BUILD OUT [DIR]: what the samples of a program workload measure
# (cpumf-insttime --profile): the scenarios of DIR (default tests/insttime, the
# short runs; tests/insttime/long in make regress) run in the model with their
# .SMP files in OUT/NAME.  Exact mode at an interval the loop's period divides
# gives a biased profile and a wrong sampled CPI; exact mode at an interval
# prime to the period and both random modes give a CPI within 2 % of the
# counters' and every address's share of the samples within 4 standard
# deviations of its share of the cycles.
set -u
build=$1 out=$2 dir=${3:-tests/insttime}
fail() { echo "FAIL: $*" && exit 1; }
profile() { # NAME WANTED-EXIT
  local s=$dir/fidelity_$1.json d=$out/$1 rc
  rm -rf "$d" && mkdir -p "$d" || fail "$d"
  "$build/cpumf-sim" "$s" --quiet --smp-dir "$d" || fail "$s: cpumf-sim exit status $?"
  "$build/cpumf-insttime" --profile "$s" --smp-dir "$d" --cpi-within 2 --z-max 4 >"$d/profile.txt"
  rc=$?
  cat "$d/profile.txt"
  [ "$rc" = "$2" ] || fail "$s: cpumf-insttime --profile exit status $rc, wanted $2"
}
suffix=
[ "$dir" = tests/insttime ] || suffix=_long
profile alias_exact$suffix 1
grep -q "PROFILE BIASED" "$out/alias_exact$suffix/profile.txt" || fail "no bias in exact mode"
for n in coprime_exact alias_random alias_random_secondary; do
  profile $n$suffix 0
done
echo "fidelity: aliasing in exact mode, removed by both random modes; CPI within 2 %"
