#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# slurm_check.sh BUILD OUT [cpumf-regress options...]
#
# The smoke list through a real Slurm: a one-node cluster of this machine
# (cluster.sh), started here and stopped on every exit.  The list runs once
# locally into OUT/local and once as `cpumf-regress --slurm --slurm-tasks 3
# --wait` into OUT/slurm;
# the two reports must hold the same test cases (junit.xml), the same
# requirement, functional and Verilator coverage (summary.md from its
# "Requirement coverage" section on, coverage/functional.json), the shards
# must be three, and the sbatch options must reach both jobs.  The options
# (e.g. --test random, --coverage) go to both runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 BUILD OUT [cpumf-regress options...]" >&2; exit 2; }
build=$1 out=$2
shift 2
list=tests/regress/smoke.json
tasks=3
source tests/slurm/cluster.sh

rm -rf "$out/local" "$out/slurm"
mkdir -p "$out"
echo "slurm_check: local run of $list $*"
"$build/cpumf-regress" "$list" --build "$build" --out "$out/local" "$@" >"$out/local.log" 2>&1 ||
  { tail -n 30 "$out/local.log"; echo "slurm_check: the local run failed" >&2; exit 1; }
tail -n 1 "$out/local.log"

comment=cpumf-slurm-check
cmd=("$build/cpumf-regress" "$list" --build "$build" --out "$out/slurm" "$@" --slurm
  --slurm-tasks "$tasks" --wait --partition cpumf --time 30 --account cpumf
  --sbatch-arg "--comment=$comment")
echo "slurm_check: ${cmd[*]}"
"${cmd[@]}" >"$out/slurm.log" 2>&1 || {
  cat "$out/slurm.log"
  echo "slurm_check: the Slurm run failed" >&2
  exit 1
}
grep '^cpumf-regress: \(job array\|merge job\)' "$out/slurm.log"
tail -n 1 "$out/slurm.log"

fail() {
  echo "slurm_check: $*" >&2
  exit 1
}
# The jobs got the options, and the array had its three tasks.
array=$(sed -n 's/^cpumf-regress: job array \([0-9]*\).*/\1/p' "$out/slurm.log")
merge=$(sed -n 's/^cpumf-regress: merge job \([0-9]*\).*/\1/p' "$out/slurm.log")
[ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in $out/slurm.log"
for j in "$array" "$merge"; do
  info=$(scontrol show job "$j")
  for want in Partition=cpumf TimeLimit=00:30:00 Account=cpumf "Comment=$comment"; do
    grep -q "$want" <<<"$info" || fail "job $j lacks $want"
  done
done
n=$(scontrol show job "$array" | grep -c '^JobId=' || true)
[ "$n" -eq "$tasks" ] || fail "job array $array has $n tasks, wanted $tasks"
for k in $(seq "$tasks"); do
  [ -s "$out/slurm/shard-$k/results.json" ] || fail "shard $k wrote no results.json"
done

# The same report.
source tests/same_report.sh
same_report "$out/local" "$out/slurm"
cases=$(testcases "$out/slurm/junit.xml" | wc -l)
echo "slurm_check: $tasks shards through Slurm (jobs $array, $merge) report what the local run" \
  "does: $cases test cases, the same requirement, functional and Verilator coverage"
