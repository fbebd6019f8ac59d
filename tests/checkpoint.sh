#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# checkpoint.sh BUILD OUT: long runs restart.  For each scenario below, a run
# that writes a checkpoint every N cycles (cpumf-sim --checkpoint
# 'DIR/{cycle}.ck' --checkpoint-every N, every one kept, stepping every cycle
# so that they fall on exact multiples) and a run restored from each of those
# checkpoints (--restore, fast-forward on) end byte-identical to the run that
# never stopped: results, functional coverage, the .SMP file of every CPU.
# Among the checkpoints are some taken in the middle of an instruction and
# some in the middle of a sample-data update (the restore says which).  A run
# stopped by SIGTERM leaves a checkpoint of where it stopped, and the run
# restored from it ends the same.  Refused, exit status 2 and nothing
# written: a checkpoint of another run, a damaged one, one without the .SMP
# files a restore asks for, --checkpoint without --checkpoint-every,
# cpumf-cosim with --checkpoint; a checkpoint that cannot be written fails
# the run (exit status 2, no outputs kept).
set -u
build=$1 out=$2
sim=$build/cpumf-sim
fail() {
  echo "FAIL: $*"
  exit 1
}
# outs DIR: the output options of a run into DIR.
outs() { echo --results "$1/r.json" --fcov "$1/f.json" --smp-dir "$1"; }
# check SCENARIO N [options]: the three runs, every restore compared.
check() {
  local sc=$1 every=$2 d f n=0 rc
  shift 2
  d=$out/$(basename "$sc" .json)-$every
  rm -rf "$d" && mkdir -p "$d/ref" "$d/ckpt" "$d/files" "$d/rest"
  "$sim" "$sc" "$@" -q $(outs "$d/ref") || fail "$sc: the run failed"
  "$sim" "$sc" "$@" -q $(outs "$d/ckpt") --no-fast-forward --checkpoint "$d/files/{cycle}.ck" \
    --checkpoint-every "$every" || fail "$sc: the run writing checkpoints failed"
  diff -r "$d/ref" "$d/ckpt" >/dev/null || fail "$sc: writing checkpoints changed the outputs"
  for f in "$d"/files/*.ck; do
    rm -rf "$d/rest" && mkdir -p "$d/rest"
    "$sim" "$sc" "$@" $(outs "$d/rest") --restore "$f" >"$d/rest.log" 2>&1
    rc=$?
    [ "$rc" = 0 ] || fail "$sc --restore $f: exit status $rc: $(cat "$d/rest.log")"
    diff -r "$d/ref" "$d/rest" >"$d/diff" || fail "$sc --restore $f: other outputs ($d/diff)"
    grep '^.*: restored from .* at cycle ' "$d/rest.log" >>"$out/restored"
    n=$((n + 1))
  done
  [ "$n" -ge 3 ] || fail "$sc: only $n checkpoints"
}
# refused LOG TEXT CMD...: exit status 2, TEXT in the output, no output file in $out/no.
refused() {
  local log=$1 text=$2 rc
  shift 2
  rm -rf "$out/no" && mkdir -p "$out/no"
  "$@" >"$log" 2>&1
  rc=$?
  [ "$rc" = 2 ] || fail "$*: exit status $rc, wanted 2 ($(cat "$log"))"
  grep -qF -- "$text" "$log" || fail "$*: no \"$text\" in: $(cat "$log")"
  [ -z "$(ls -A "$out/no")" ] || fail "$*: wrote $(ls -A "$out/no")"
}

rm -rf "$out" && mkdir -p "$out"
: >"$out/restored"
check tests/scenarios/sampler_2cpu.json 40000
check tests/scenarios/sf_1m_buffers.json 97
check tests/random/random_z15-1cpu.json 997 --seed 3
check tests/random/random_sampling_z15-1cpu.json 1999 --seed 2
check tests/scenarios/sampler_two_levels.json 49999 # two drivers, one per level
grep -q 'an instruction in flight' "$out/restored" || fail "no checkpoint in an instruction"
grep -q 'a sample-data update in progress' "$out/restored" ||
  fail "no checkpoint in a sample-data update"

# Stopped by SIGTERM: the checkpoint of where it stopped, restored to the same end.
long=tests/long/sampler_10m_busy.json
mkdir -p "$out/long/ref" "$out/long/rest"
"$sim" "$long" -q $(outs "$out/long/ref")
"$sim" "$long" --checkpoint "$out/long/stop.ck" --checkpoint-every 100000000 \
  $(outs "$out/long/rest") >"$out/long/stop.log" 2>&1 &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid"
[ $? = 143 ] || fail "the run stopped by SIGTERM did not exit 143 ($(cat "$out/long/stop.log"))"
[ -z "$(ls -A "$out/long/rest")" ] || fail "the stopped run left $(ls -A "$out/long/rest")"
[ -s "$out/long/stop.ck" ] || fail "the stopped run wrote no checkpoint"
"$sim" "$long" $(outs "$out/long/rest") --restore "$out/long/stop.ck" >"$out/long/rest.log" 2>&1 ||
  fail "the restore of the stopped run failed: $(cat "$out/long/rest.log")"
diff -r "$out/long/ref" "$out/long/rest" >/dev/null || fail "the stopped run, restored, differs"

ck=$(ls "$out"/sf_1m_buffers-97/files/*.ck | head -n 1)
refused "$out/other.log" "a checkpoint of another run" \
  "$sim" tests/scenarios/sf_lsctl.json $(outs "$out/no") --restore "$ck"
head -c 3000 "$ck" >"$out/cut.ck"
refused "$out/cut.log" "truncated or damaged" \
  "$sim" tests/scenarios/sf_1m_buffers.json $(outs "$out/no") --restore "$out/cut.ck"
"$sim" tests/scenarios/sampler_basic.json -q --no-fast-forward --checkpoint "$out/nosmp.ck" \
  --checkpoint-every 100000 || fail "sampler_basic with checkpoints failed"
refused "$out/nosmp.log" "written without --smp-dir, this run has it" \
  "$sim" tests/scenarios/sampler_basic.json $(outs "$out/no") --restore "$out/nosmp.ck"
refused "$out/every.log" "--checkpoint and --checkpoint-every go together" \
  "$sim" tests/scenarios/lcctl_basic.json --checkpoint "$out/no/x.ck"
refused "$out/cosim.log" "--checkpoint: only cpumf-sim has this option" \
  "$build/cpumf-cosim" tests/scenarios/lcctl_basic.json --checkpoint "$out/no/x.ck" \
  --checkpoint-every 10
refused "$out/unwritable.log" "no checkpoint: none of its outputs kept" \
  "$sim" tests/scenarios/sf_1m_buffers.json $(outs "$out/no") --checkpoint "$out/none/x.ck" \
  --checkpoint-every 100
echo "checkpoints restored to byte-identical ends, mid-instruction and mid-update among them"
