#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# check.sh BUILD OUT [NAME...]: the acceptance scenarios of this folder whose
# names match the globs NAME (default all), written as an outside tester writes
# them (only the keys of the scenario format's core: no expect_final, no
# description), run through both binaries as the format's command lines say,
# then judged from the results files alone: exit status 0 on both sides, the
# two results files identical, and the figures of each scenario's kind
# (README.md beside this script).
set -u
build=$1 out=$2
shift 2
[ $# -gt 0 ] || set -- 'fidelity_*'
fail() { echo "FAIL $name: $*" && exit 1; }

# field JQ: one value of the model's results.
field() { jq -r "$1" "$out/$name.sim.json"; }

# wait_entries N: the first N entries of the dumped block show W = 1 (bit 27:
# 0x10 of byte 3 of the entry's first doubleword).
wait_entries() {
  local hex k byte
  hex=$(field '.dumps[0].hex')
  for ((k = 0; k < $1; k++)); do
    byte=$((16#${hex:k*64+6:2}))
    [ $((byte & 0x10)) != 0 ] || fail "entry $k: W = 0 (${hex:k*64:16})"
  done
}

# samples WANT: the CPU stored WANT samples, each with W = 1.
samples() {
  local got
  got=$(field '.final.cpus[0].samples.stored')
  [ "$got" = "$1" ] || fail "$got samples stored, wanted $1"
  [ "$got" -gt 0 ] || fail "no sample stored"
  wait_entries "$got"
  echo "ok $name: $got samples, every one with W = 1"
}

# ticked FROM: the interval of 4096 ran from cycle FROM to the end of the run.
ticked() {
  samples $((($(field .cycles) - $1) / 4096))
}

# mean: the mean interval, counted from the driver's start, within 0.5 % of
# the interval loaded, over at least 2000 intervals, no sample lost.
mean() {
  local i n span
  i=$(($(field .final.cpus[0].interval)))
  n=$(field .final.cpus[0].samples.stored)
  span=$(($(field .cycles) - 100))
  [ "$n" -ge 2000 ] || fail "$n intervals, wanted at least 2000"
  [ "$(field '.final.cpus[0].samples.collisions')" = 0 ] || fail "collisions"
  awk -v i="$i" -v n="$n" -v s="$span" -v t="$name" 'BEGIN {
    m = s / n; e = 100 * (m - i) / i
    printf "ok %s: interval %d, %d intervals, mean %.3f, error %+.3f %%\n", t, i, n, m, e
    exit (e < -0.5 || e > 0.5) }' || fail "mean interval off by more than 0.5 %"
}

# undefined LAST RANGES...: every extended counter the definition leaves
# undefined (RANGES, and any above LAST, the last one it lists) reads zero.
undefined() {
  local last=$1 r lo hi k v zeros=0 counted
  shift
  for r in "$@"; do
    lo=${r%-*} hi=${r#*-}
    for ((k = lo; k <= hi; k++)); do
      v=$(field ".final.cpus[0].counters[\"$k\"]")
      [ "$v" != null ] || fail "undefined counter $k cannot be read"
      [ $((v)) = 0 ] || fail "undefined counter $k counted $v"
      zeros=$((zeros + 1))
    done
  done
  [ "$(field "[.final.cpus[0].counters | to_entries[] | select((.key | tonumber) > $last
      and (.key | tonumber) < 448 and .value != \"0x0000000000000000\")] | length")" = 0 ] ||
    fail "a counter above $last counted"
  counted=$(field '[.final.cpus[0].counters | to_entries[] | select((.key | tonumber) >= 128
      and .value != "0x0000000000000000")] | length')
  [ "$counted" -gt 0 ] || fail "no extended counter counted"
  echo "ok $name: $zeros undefined extended counters at zero, $counted counted"
}

# judge SCENARIO: runs it both ways and checks its figures.
judge() {
  name=$(basename "$1" .json)
  "$build/cpumf-sim" "$1" --results "$out/$name.sim.json" >"$out/$name.sim.log" 2>&1 ||
    fail "cpumf-sim: $(tail -3 "$out/$name.sim.log")"
  "$build/cpumf-cosim" "$1" --results "$out/$name.cosim.json" >"$out/$name.cosim.log" 2>&1 ||
    fail "cpumf-cosim: $(tail -3 "$out/$name.cosim.log")"
  cmp -s "$out/$name.sim.json" "$out/$name.cosim.json" || fail "the two results files differ"
  case $name in
    fidelity_wait_sibling_busy | fidelity_wait_dedicated) ticked "$(field '.steps[0].done')" ;;
    fidelity_wait_whole_core) samples $((10000 / 4096)) ;; # the sibling works 30000..39999
    fidelity_mean_*) mean ;;
    fidelity_lsctl_unauthorized_interval)
      [ "$(field '[.final.cpus[0].sampling.basic, .final.cpus[0].sampling.diagnostic,
          .final.cpus[0].interval] | join(" ")')" = "active unauthorized 0x0000000000000200" ] ||
        fail "final state $(field '.final.cpus[0] | [.sampling, .interval]')"
      echo "ok $name: cc 3 for unauthorized functions whatever the interval" ;;
    fidelity_undefined_z10_*) undefined 151 143-144 148-151 ;;
    fidelity_undefined_z196_*) undefined 156 132-132 149-149 151-151 154-154 156-156 ;;
    fidelity_undefined_zEC12_*) undefined 183 134-134 136-136 162-176 180-183 ;;
    fidelity_undefined_z13_*) undefined 225 142-142 180-201 206-216 221-225 ;;
    fidelity_undefined_z14_*)
      undefined 255 142-142 159-161 176-201 207-223 227-231 233-242 246-255 ;;
    fidelity_undefined_z15_*)
      undefined 271 142-142 159-161 176-201 207-223 227-231 233-242 246-246 248-251 253-254 \
        256-263 266-271 ;;
    fidelity_undefined_z16_*)
      undefined 271 133-133 136-136 142-142 144-144 184-201 207-223 227-231 233-243 247-247 \
        249-252 254-255 257-264 271-271 ;;
    fidelity_undefined_z17_*)
      undefined 279 133-133 136-136 142-142 144-144 180-201 207-224 227-231 233-243 247-247 \
        249-252 254-255 257-264 271-271 275-275 ;;
    *) fail "no figures known for this scenario" ;;
  esac
}

for pattern in "$@"; do
  for scenario in tests/acceptance/$pattern.json; do
    [ -f "$scenario" ] || { name=$pattern && fail "no such scenario"; }
    judge "$scenario"
  done
done
