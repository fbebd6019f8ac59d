#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# interrupt.sh BUILD OUT: runs stopped by a signal end cleanly.  cpumf-cosim
# with waves on SIGINT: exit 130, the FST complete and readable, no results,
# coverage, .SMP or temporary file, an earlier results file gone; cpumf-sim on
# SIGTERM: exit 143; cpumf-regress on SIGTERM: exit 143, its run ended with
# SIGTERM too, results.json written and marked interrupted.
set -u
set -m # background jobs keep SIGINT (a script without job control ignores it for them)
build=$1 out=$2
long=tests/long/sampler_10m_busy.json
fail() {
  echo "FAIL: $*"
  exit 1
}
# Waits (up to 60 s) for a file matching the glob: the run's outputs are open.
await() {
  for _ in $(seq 600); do
    compgen -G "$1" >/dev/null && return 0
    sleep 0.1
  done
  fail "nothing matches $1"
}
# stop SIG STATUS LOG GLOB CMD...: CMD in the background, SIG once GLOB
# matches, then its exit status and the line it must print.
stop() {
  local sig=$1 want=$2 log=$3 glob=$4 rc
  shift 4
  "$@" >"$log" 2>&1 &
  local pid=$!
  await "$glob"
  sleep 0.5
  kill -"$sig" "$pid"
  wait "$pid"
  rc=$?
  [ "$rc" = "$want" ] || fail "$1: exit status $rc after SIG$sig, wanted $want ($log)"
}

mkdir -p "$out/cosim" "$out/sim" "$out/rg"
echo '{"old": true}' >"$out/cosim/results.json"
stop INT 130 "$out/cosim.log" "$out/cosim/.results.json.tmp.*" \
  "$build/cpumf-cosim" $long --waves "$out/cosim/w.fst" --results "$out/cosim/results.json" \
  --smp-dir "$out/cosim" --fcov "$out/cosim/fcov.json"
grep -q "interrupted by SIGINT at cycle" "$out/cosim.log" || fail "cpumf-cosim: $out/cosim.log"
left=$(ls -A "$out/cosim" | tr '\n' ' ')
[ "$left" = "w.fst " ] || fail "cpumf-cosim left $left(only w.fst wanted)"
fst2vcd "$out/cosim/w.fst" >"$out/cosim.vcd" 2>&1 || fail "fst2vcd cannot read the FST"
grep -q '^#[1-9]' "$out/cosim.vcd" || fail "the FST holds no cycle"

stop TERM 143 "$out/sim.log" "$out/sim/.results.json.tmp.*" \
  "$build/cpumf-sim" $long --results "$out/sim/results.json" --smp-dir "$out/sim"
grep -q "interrupted by SIGTERM at cycle" "$out/sim.log" || fail "cpumf-sim: $out/sim.log"
[ -z "$(ls -A "$out/sim")" ] || fail "cpumf-sim left $(ls -A "$out/sim")"

printf '{"groups": [{"name": "long", "scenarios": ["%s"], "modes": ["model"]}]}\n' "$long" \
  >"$out/long.json"
stop TERM 143 "$out/rg.log" "$out/rg/runs/.*.json.tmp.*" \
  "$build/cpumf-regress" "$out/long.json" --build "$build" --out "$out/rg"
grep -q 'interrupted by SIGTERM' "$out/rg.log" || fail "cpumf-regress: $out/rg.log"
grep -q '"interrupted":[[:space:]]*"SIGTERM"' "$out/rg/results.json" ||
  fail "cpumf-regress: results.json not marked interrupted"
grep -q "interrupted by SIGTERM at cycle" "$out"/rg/runs/*.log ||
  fail "cpumf-regress: its run did not end on SIGTERM"
echo "interrupted runs end cleanly"
