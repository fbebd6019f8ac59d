#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# faults.sh BUILD OUT: faults injected into a regression under Slurm, on a
# one-node cluster of this machine (cluster.sh), each into a submission of its
# own of a small part of the smoke list (sampler_basic and the sf_ scenarios:
# 10 runs in two array tasks; sampler_basic in lockstep takes some seconds,
# the faults strike while it runs, and its task has a run after it):
#   kill     that run is killed with SIGKILL;
#   cancel   the array task running it is cancelled (scancel) in its middle;
#   limit    that task runs past its time limit (the run held still, the
#            task's limit lowered to one minute, Slurm's smallest; the other
#            faults are injected while it waits for it).
# Each time the merge job exits non-zero and names exactly the runs that
# did not run (all of them the struck task's, and every run of the plan is
# either one of them or passed), and `cpumf-regress --resume --slurm` ends
# equal to a local run of the same runs: the same test cases, requirement,
# functional and Verilator coverage.
#   requeue  with --checkpoint-every, a task that meets its time limit (one
#            minute: Slurm tells it at once, as its lead is two) stops its
#            runs, which leave checkpoints, and requeues itself; started
#            again, it resumes its shard, its long model run goes on from
#            its checkpoint, and the merge job passes (tests/slurm/requeue.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 2 ] || { echo "usage: $0 BUILD OUT" >&2; exit 2; }
build=$1 out=$2
rg=("$build/cpumf-regress")
list=tests/regress/smoke.json
subset=(--build "$build" --test 's[af]*')
tasks=2
source tests/slurm/cluster.sh

fail() {
  echo "faults: $*" >&2
  exit 1
}
source tests/same_report.sh
# The process of sampler_basic's lockstep run in the shards under DIR, once
# it runs: its pid and the shard running it ("PID K").
long_run() {
  local f cmd pid
  for _ in $(seq 1200); do
    for f in /proc/[0-9]*/cmdline; do
      cmd=$({ tr '\0' ' ' <"$f"; } 2>/dev/null) || continue
      case $cmd in
        */cpumf-cosim\ tests/scenarios/sampler_basic.json\ *"$1"/shard-*)
          pid=${f#/proc/}
          echo "${pid%/cmdline} $(sed 's|.*'"$1"'/shard-\([0-9]*\)/.*|\1|' <<<"$cmd")"
          return
          ;;
      esac
    done
    sleep 0.1
  done
  fail "sampler_basic's lockstep run never started under $1"
}
# submit NAME: the subset through Slurm into $out/NAME, in the background,
# waiting for the merge job (the shell's job: ${subs[NAME]}).
declare -A subs
submit() {
  rm -rf "${out:?}/$1"
  "${rg[@]}" "$list" "${subset[@]}" --out "$out/$1" --slurm --slurm-tasks "$tasks" --wait \
    --partition cpumf >"$out/$1.log" 2>&1 &
  subs[$1]=$!
}
# array NAME: the id of the submission's job array.
array() {
  local id
  for _ in $(seq 100); do
    id=$(sed -n 's/^cpumf-regress: job array \([0-9]*\).*/\1/p' "$out/$1.log")
    [ -n "$id" ] && echo "$id" && return
    sleep 0.1
  done
  fail "no job array in $out/$1.log"
}
# judged NAME K: the merge job exited non-zero, named shard K's runs that did
# not run and no other, and the runs not run and passed make the whole plan.
judged() {
  local name=$1 k=$2 log=$out/$1/slurm/merge.log rc=0 n ids
  wait "${subs[$name]}" || rc=$?
  [ "$rc" != 0 ] || fail "$name: the merge job exited 0: $(tail -n 3 "$log")"
  ids=$(sed -n 's/^NOT RUN \([0-9]*\)-.*/\1/p' "$log")
  [ -n "$ids" ] || fail "$name: the merge names no run that did not run ($log)"
  for id in $ids; do
    [ $(((10#$id - 1) % tasks + 1)) = "$k" ] || fail "$name: run $id is not shard $k's ($log)"
  done
  n=$(wc -w <<<"$ids")
  grep -q "^$n not run (counted as failed): cpumf-regress --resume $out/$name runs them$" "$log" ||
    fail "$name: no '$n not run' line ($log)"
  tail -n 1 "$log" | grep -q "^$((total - n)) passed, $n failed$" ||
    fail "$name: closing line $(tail -n 1 "$log"), wanted $((total - n)) passed, $n failed"
  echo "faults: $name: the merge job exited $rc and named the $n runs shard $k/$tasks lost"
}
# resumed NAME: --resume --slurm completes the report to the local run's.
resumed() {
  "${rg[@]}" --resume "$out/$1" --slurm --slurm-tasks 2 --wait --partition cpumf \
    >"$out/$1.resume.log" 2>&1 || fail "$1: the resume failed: $(tail -n 5 "$out/$1.resume.log")"
  same_report "$out/local" "$out/$1"
  echo "faults: $1: --resume --slurm ends as the local run: $(tail -n 1 "$out/$1.resume.log")"
}

mkdir -p "$out"
"${rg[@]}" "$list" "${subset[@]}" --out "$out/local" >"$out/local.log" 2>&1 ||
  fail "the local run failed: $(tail -n 5 "$out/local.log")"
total=$(tail -n 1 "$out/local.log" | sed -n 's/^\([0-9]*\) passed, 0 failed$/\1/p')
[ -n "$total" ] || fail "the local run: $(tail -n 1 "$out/local.log")"

# The two that wait for Slurm's clock first, the others meanwhile.
# requeue: the task requeued at its time limit goes on from its checkpoints.
rm -rf "$out/requeue"
: >"$out/requeue.log"
"${rg[@]}" tests/slurm/requeue.json --build "$build" --out "$out/requeue" --slurm \
  --slurm-tasks 1 --wait --partition cpumf --time 1 --checkpoint-every 5000000 \
  >"$out/requeue.log" 2>&1 &
subs[requeue]=$!
arequeue=$(array requeue)

# limit: the task held past a time limit of one minute.
submit limit
alimit=$(array limit)
read -r pid klimit < <(long_run "$out/limit")
kill -STOP "$pid"
scontrol update JobId="${alimit}_$klimit" TimeLimit=1

restarts=
for _ in $(seq 600); do
  restarts=$(scontrol show job "${arequeue}_1" | sed -n 's/.*Restarts=\([0-9]*\).*/\1/p')
  [ "${restarts:-0}" -gt 0 ] && break
  sleep 0.5
done
[ "${restarts:-0}" -gt 0 ] || fail "requeue: task 1 was never requeued"
# started again with room to end (and at once: Slurm delays a requeued job)
scontrol update JobId="${arequeue}_1" TimeLimit=10 StartTime=now

# kill: the run killed with SIGKILL (stopped first, so that it is caught running).
submit kill
read -r pid k < <(long_run "$out/kill")
kill -STOP "$pid"
kill -KILL "$pid"
judged kill "$k"
grep -q "^NOT RUN [0-9]*-sampler_basic-lockstep \[directed\]: interrupted: killed by SIGKILL$" \
  "$out/kill/slurm/merge.log" || fail "kill: the killed run is not named"
resumed kill

# cancel: the task cancelled while that run is held in its middle.
submit cancel
a=$(array cancel)
read -r pid k < <(long_run "$out/cancel")
kill -STOP "$pid"
scancel "${a}_$k"
judged cancel "$k"
grep -q "^  \(.*/shard-$k: shard $k/$tasks was interrupted\|shard $k/$tasks did not report\)" \
  "$out/cancel/slurm/merge.log" || fail "cancel: the merge does not name the cancelled task"
resumed cancel

wait "${subs[requeue]}" || fail "requeue: the merge job failed: $(tail -n 5 "$out/requeue.log")"
tail -n 1 "$out/requeue.log" | grep -q '^2 passed, 0 failed$' ||
  fail "requeue: $(tail -n 1 "$out/requeue.log")"
grep -q 'restored from .*/shard-1/checkpoints/.* at cycle [1-9]' \
  "$out"/requeue/shard-1/resume-1/runs/*-busy_all-model.log ||
  fail "requeue: the long run did not go on from its checkpoint"
echo "faults: requeue: task 1 requeued at its time limit, went on from its checkpoint:" \
  "$(grep -ho 'at cycle [0-9]*' "$out"/requeue/shard-1/resume-1/runs/*-busy_all-model.log)"

judged limit "$klimit"
scontrol show job "${alimit}_$klimit" | grep -q 'JobState=TIMEOUT' ||
  fail "limit: task $klimit did not end at its time limit: $(scontrol show job "${alimit}_$klimit")"
resumed limit
echo "faults: a run killed, a task cancelled, a task past its time limit: each named, each" \
  "resumed; a task requeued at its time limit went on from its checkpoints"
