#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# check.sh BUILD OUT: the .SMP files of sampler runs (basic, combined, 1 MiB
# blocks, CPU addresses that are not positions) read by his_read.py, a reader
# written from the HIS description alone, whose sample counts must equal the
# drivers' samples_read; then cpumf-smp's z/OS profile and its --plot
# pictures (non-empty PNGs, all or none).
set -u
build=$1 out=$2/smp_check
fail() { echo "FAIL: $*" && exit 1; }
rm -rf "$out" && mkdir -p "$out/files" "$out/plots"
for sc in smp_zos_dispatch smp_zos_1m_combined sampler_basic; do
  rm -rf "$out/files/$sc" && mkdir -p "$out/files/$sc"
  "$build/cpumf-sim" "tests/scenarios/$sc.json" --smp-dir "$out/files/$sc" \
    --results "$out/$sc.json" >"$out/log" 2>&1 || fail "$sc: $(cat "$out/log")"
done
# his_read DIR FILE-SUFFIX SAMPTYPE: one file, counted by the independent reader
his_read() {
  local f
  f=$(ls "$out/files/$1/"*".SMP.$2") || fail "$1: no file *.SMP.$2"
  python3 tests/smp/his_read.py --samptype "$3" "$f" --results "$out/$1.json" \
    >"$out/log" 2>&1 || fail "$1 ($3): $(cat "$out/log")"
}
his_read smp_zos_dispatch cpu12 basic
his_read smp_zos_1m_combined cpu12 basic
his_read smp_zos_1m_combined cpu5 combined
his_read sampler_basic cpu0 combined
"$build/cpumf-smp" --json "$out/files/smp_zos_dispatch/"* >"$out/zos.json" ||
  fail "cpumf-smp --json: exit $?"
for want in '"kind": "task", "asid": "0x0042", "tcb": "0x008ae1f0", "token": "0x0011"' \
  '"kind": "srb", "asid": "0x0001", "web": "0x02f1a400", "partial_web": "0xa400"'; do
  grep -qF -- "$want" "$out/zos.json" || fail "no $want in the z/OS profile"
done
"$build/cpumf-smp" --plot "$out/plots" "$out/files/smp_zos_1m_combined/"* \
  "$out/files/sampler_basic/"* >"$out/log" 2>&1 || fail "--plot: $(cat "$out/log")"
for p in cpu12_hot cpu12_time cpu5_hot cpu5_time cpu5_spacing cpu0_hot cpu0_time cpu0_spacing; do
  [ -s "$out/plots/$p.png" ] || fail "--plot wrote no $p.png"
  [ "$(head -c 4 "$out/plots/$p.png" | od -An -tx1 | tr -d ' ')" = 89504e47 ] ||
    fail "$p.png is not a PNG"
done
[ "$(ls -A "$out/plots" | wc -l)" = 8 ] || fail "--plot left $(ls -A "$out/plots")"
# all or nothing: a directory that cannot be written gets no picture
"$build/cpumf-smp" --plot "$out/nodir" "$out/files/sampler_basic/"* >"$out/log" 2>&1
[ $? = 2 ] && grep -qF "$out/nodir: cannot write" "$out/log" || fail "--plot into no directory"
echo "HIS files read by an independent reader, z/OS profile and pictures written"
