#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# check.sh BUILD OUT: the lockstep's waves as a person opens them
# (check_waves.py): a counting run traced whole and a sampling run over a
# window, each written as VCD and checked against waves/cpumf.gtkw.
set -eu
build=$1 out=$2
mkdir -p "$out"
run() { # NAME SCENARIO COSIM-OPTIONS...
  local name=$1 scenario=$2
  shift 2
  local said
  "$build/cpumf-cosim" "$scenario" --waves "$out/$name.fst" "$@" >"$out/$name.log" 2>&1
  fst2vcd "$out/$name.fst" >"$out/$name.vcd" 2>/dev/null
  said=$(python3 tests/waves/check_waves.py "$out/$name.vcd" waves/cpumf.gtkw) || {
    echo "$said"
    echo "FAIL: $name"
    exit 1
  }
  echo "$name: $said"
}
run busy tests/bench/busy_all.json --cycles 2000
run sampling tests/scenarios/sf_vm_four_cpus.json --wave-from 1000 --wave-to 3000
