#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# resume.sh BUILD OUT: a merge that knows what it should hold, and --resume.
#
# A list cut down (smoke.json --test random) runs whole, and in three shards.
# Merging two of them exits 1 and names the third and each of its runs (as
# not run, in the closing lines, results.json, junit.xml and summary.md);
# `--resume` of that merge runs exactly those runs and ends equal to the whole
# run (the same test cases, requirement, functional and Verilator coverage).
# A shard of another plan, a shard given twice and a shard interrupted by
# SIGTERM make the merge exit 1 and are named; a run killed by SIGKILL is not
# run and the resume runs it; with --checkpoint-every a run stopped with its
# regression goes on from its checkpoint when resumed; a resume whose lists
# changed is refused (2).
set -u
build=$1 out=$2
list=tests/regress/smoke.json
rg=("$build/cpumf-regress")
fail() {
  echo "FAIL: $*"
  exit 1
}
# run LOG WANT CMD...: the command's output into LOG, its exit status WANT.
run() {
  local log=$1 want=$2 rc
  shift 2
  "$@" >"$log" 2>&1
  rc=$?
  [ "$rc" = "$want" ] || fail "$* exited $rc, wanted $want: $(tail -n 5 "$log")"
}
source tests/same_report.sh
# ids DIR RESULT: the ids of DIR's rows with that result.
ids() {
  awk -v want="\"$2\"," '$1 == "\"id\":" { id = $2 } $1 == "\"result\":" && $2 == want {
    gsub(/[",]/, "", id); print id }' "$1/results.json"
}

rm -rf "$out" && mkdir -p "$out"
opts=(--build "$build" --test random -j 2)
run "$out/whole.log" 0 "${rg[@]}" "$list" "${opts[@]}" --out "$out/whole"
for k in 1 2 3; do
  run "$out/s$k.log" 0 "${rg[@]}" "$list" "${opts[@]}" --shard "$k/3" --out "$out/s$k"
done

# Two of three: exit 1, shard 3 and each of its runs named.
run "$out/m.log" 1 "${rg[@]}" --merge "$out/s1" --merge "$out/s2" --out "$out/m"
grep -q '^  shard 3/3 did not report$' "$out/m.log" || fail "the merge does not name shard 3/3"
n3=$(ids "$out/s3" pass | wc -l)
[ "$n3" -gt 0 ] || fail "shard 3 ran nothing"
for id in $(ids "$out/s3" pass); do
  grep -q "^NOT RUN $id \[.*\]: not run: shard 3/3 did not report$" "$out/m.log" ||
    fail "the merge's closing lines do not name $id as not run"
  grep -q "$id" "$out/m/summary.md" || fail "summary.md does not name $id"
done
[ "$(ids "$out/m" pending | sort)" = "$(ids "$out/s3" pass | sort)" ] ||
  fail "results.json: the runs not run are not those of shard 3"
tail -n 2 "$out/m.log" | head -n 1 | grep -q "^$n3 not run (counted as failed)" ||
  fail "no '$n3 not run' line before the closing line"
tail -n 1 "$out/m.log" | grep -q "^[0-9]* passed, $n3 failed$" ||
  fail "closing line: $(tail -n 1 "$out/m.log")"
grep -q "<testsuites name=\"cpumf-regress\" tests=\"[0-9]*\" failures=\"0\" errors=\"$((n3 + 1))" \
  "$out/m/junit.xml" || fail "junit.xml does not count $n3 runs and a missing shard as errors"
grep -q '<error type="pending" message="not run: shard 3/3 did not report"' "$out/m/junit.xml" ||
  fail "junit.xml: the runs not run are not errors"

# No report at all (every task killed): exit 1, and an earlier report in
# --out does not stay to pass for this one.
mkdir -p "$out/nothing" "$out/stale" && cp "$out/whole/results.json" "$out/stale/"
run "$out/n.log" 1 "${rg[@]}" --merge "$out/nothing" --out "$out/stale"
[ ! -e "$out/stale/results.json" ] || fail "a merge of no report left an earlier results.json"

# --resume runs those and nothing else, then equals the whole run.
run "$out/r.log" 0 "${rg[@]}" --resume "$out/m" -j 2
grep -q "^cpumf-regress: $n3 runs from the $n3 runs $out/m lacks" "$out/r.log" ||
  fail "the resume did not run exactly the $n3 runs of shard 3: $(head -n 1 "$out/r.log")"
tail -n 1 "$out/r.log" | grep -q ' passed, 0 failed$' || fail "resume: $(tail -n 1 "$out/r.log")"
same_report "$out/whole" "$out/m"

# A shard of another plan, a shard twice: exit 1, named.
run "$out/o.log" 0 "${rg[@]}" "$list" --build "$build" --test random_z15 --shard 3/3 \
  --out "$out/other"
run "$out/x.log" 1 "${rg[@]}" --merge "$out/s1" --merge "$out/s2" --merge "$out/other" \
  --merge "$out/s1" --out "$out/x"
grep -q "^  $out/other: a report of another plan" "$out/x.log" || fail "another plan not named"
grep -q "^  $out/s1: shard 1/3 again ($out/s1 has it): not used" "$out/x.log" ||
  fail "the shard given twice is not named"
grep -q '^  shard 3/3 did not report$' "$out/x.log" || fail "shard 3/3 not named as missing"

# A shard interrupted by SIGTERM (its runs held still, so that it is in the
# middle): exit 1, named; a run killed by SIGKILL in another shard: not run.
# The resume runs both and ends equal to the whole run.
"${rg[@]}" "$list" "${opts[@]}" --shard 2/3 --out "$out/t2" >"$out/t2.log" 2>&1 &
pid=$!
"${rg[@]}" "$list" "${opts[@]}" --shard 1/3 --out "$out/t1" >"$out/t1.log" 2>&1 &
pid1=$!
# child PARENT: a run the regression PARENT started, stopped where it is.
child() {
  local c
  for _ in $(seq 300); do
    c=$(pgrep -P "$1" | head -n 1)
    if [ -n "$c" ] && kill -STOP "$c" 2>/dev/null; then
      echo "$c"
      return
    fi
    sleep 0.05
  done
  fail "no run of $1 to stop"
}
c2=$(child "$pid")
c1=$(child "$pid1")
kill -TERM "$pid"
kill -CONT "$c2"
kill -KILL "$c1"
wait "$pid"
[ $? = 143 ] || fail "the shard stopped by SIGTERM did not exit 143"
wait "$pid1"
[ $? = 1 ] || fail "the shard with a killed run did not exit 1"
grep -q 'interrupted: killed by SIGKILL' "$out/t1/results.json" ||
  fail "the run killed by SIGKILL is not 'interrupted' in $out/t1/results.json"
run "$out/ti.log" 1 "${rg[@]}" --merge "$out/t1" --merge "$out/t2" --merge "$out/s3" --out "$out/ti"
grep -q "^  $out/t2: shard 2/3 was interrupted by SIGTERM$" "$out/ti.log" ||
  fail "the interrupted shard is not named"
grep -q '^NOT RUN .*: interrupted: killed by SIGKILL$' "$out/ti.log" ||
  fail "the run killed by SIGKILL is not named"
grep -q '^NOT RUN .*: not started: the regression was interrupted by SIGTERM$' "$out/ti.log" ||
  fail "the runs the interrupted shard did not start are not named"
run "$out/tr.log" 0 "${rg[@]}" --resume "$out/ti"
same_report "$out/whole" "$out/ti"
# The interrupted shard resumed by itself (what a task requeued by Slurm
# does) stays shard 2/3, whole, and merges with the others into the whole run.
run "$out/t2r.log" 0 "${rg[@]}" --resume "$out/t2"
grep -A1 '"shard":' "$out/t2/results.json" | tr -d '\n\t ' | grep -q '"shard":\[2,3\]' ||
  fail "the resumed shard is no longer shard 2/3"
run "$out/tm.log" 0 "${rg[@]}" --merge "$out/s1" --merge "$out/t2" --merge "$out/s3" --out "$out/tm"
same_report "$out/whole" "$out/tm"

# With checkpoints: a run stopped with its regression goes on from its
# checkpoint when the regression is resumed.
printf '{"groups": [{"name": "long", "scenarios": ["%s"], "modes": ["model"]}]}\n' \
  tests/long/sampler_10m_busy.json >"$out/long.json"
"${rg[@]}" "$out/long.json" --build "$build" --out "$out/ck" --checkpoint-every 1000000 \
  >"$out/ck.log" 2>&1 &
pid=$!
for _ in $(seq 300); do
  [ -s "$out/ck/checkpoints/00001-sampler_10m_busy-model.ck" ] && break
  sleep 0.05
done
kill -TERM "$pid"
wait "$pid"
[ $? = 143 ] || fail "the regression with checkpoints stopped by SIGTERM did not exit 143"
run "$out/ckr.log" 0 "${rg[@]}" --resume "$out/ck"
grep -q 'restored from .*/ck/checkpoints/00001-sampler_10m_busy-model.ck at cycle [1-9]' \
  "$out"/ck/resume-1/runs/00001-sampler_10m_busy-model.log ||
  fail "the resumed run did not go on from its checkpoint"
[ ! -e "$out/ck/checkpoints/00001-sampler_10m_busy-model.ck" ] ||
  fail "the finished run's checkpoint is still there"

# The plan changed since: refused.
sed 's/"seeds": 3}/"seeds": 2}/' "$list" >"$out/list.json"
run "$out/c.log" 0 "${rg[@]}" "$out/list.json" --build "$build" --test random_z17 --out "$out/c"
sed -i 's/"seeds": 2}/"seeds": 3}/' "$out/list.json"
run "$out/cr.log" 2 "${rg[@]}" --resume "$out/c"
grep -q "the plan has changed since" "$out/cr.log" || fail "changed plan: $(cat "$out/cr.log")"
echo "merges name what they lack, --resume completes them to the whole run"
