#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# outputs.sh BUILD OUT: an output path that cannot be written is refused (exit
# status 2, the reason) before the first cycle, so nothing of the run is
# written; a run whose outputs cannot all be written at its end (a full disk)
# keeps none of them and says it failed; the reports of cpumf-regress stay
# JSON text whatever its runs print.
set -u
build=$1 out=$2
sampler=tests/scenarios/sampler_basic.json
fail() { echo "FAIL: $*" && exit 1; }
# refused TEXT CMD...: exit status 2, TEXT in the output, nothing in $out/smp.
refused() {
  local text=$1 rc
  shift
  rm -rf "$out/smp" && mkdir -p "$out/smp"
  "$@" >"$out/log" 2>&1
  rc=$?
  [ "$rc" = 2 ] || fail "$*: exit status $rc, wanted 2"
  grep -qF -- "$text" "$out/log" || fail "$*: no \"$text\" in: $(cat "$out/log")"
  [ -z "$(ls -A "$out/smp")" ] || fail "$*: wrote $(ls -A "$out/smp")"
}

mkdir -p "$out/dir"
touch "$out/file"
refused "$out/nodir/r.json: cannot write" \
  "$build/cpumf-sim" $sampler --smp-dir "$out/smp" --results "$out/nodir/r.json"
refused "$out/nodir/f.json: cannot write" \
  "$build/cpumf-sim" $sampler --smp-dir "$out/smp" --fcov "$out/nodir/f.json"
refused "$out/dir: cannot write: is a directory" \
  "$build/cpumf-sim" $sampler --smp-dir "$out/smp" --results "$out/dir"
refused "$out/nodir/w.fst: cannot write" \
  "$build/cpumf-cosim" $sampler --smp-dir "$out/smp" --waves "$out/nodir/w.fst"
refused "--smp-dir: empty value" "$build/cpumf-sim" $sampler --smp-dir ''
refused "--smp-dir $out/file: not a writable directory" \
  "$build/cpumf-sim" $sampler --smp-dir "$out/file" --results "$out/smp/r.json"

# A full disk while a run with two CPUs' .SMP files ends (files limited to
# 8 KiB, SIGXFSZ ignored: a write past the limit fails, as on a full disk):
# exit status 2, no file of the run left (no .SMP file of either CPU, no
# results, no coverage, no temporary file, an earlier run's results gone) and
# a last line that says it failed.  (CPU 0's file needs 16 KiB, CPU 1's 4.)
for tool in cpumf-sim cpumf-cosim; do
  rm -rf "$out/full" && mkdir -p "$out/full"
  echo '{"old": true}' >"$out/full/r.json"
  (
    ulimit -f 8
    trap '' XFSZ
    exec "$build/$tool" tests/scenarios/sampler_2cpu.json --smp-dir "$out/full" \
      --results "$out/full/r.json" --fcov "$out/full/f.json"
  ) >"$out/full.log" 2>&1
  rc=$?
  [ "$rc" = 2 ] || fail "$tool on a full disk: exit status $rc, wanted 2 ($(cat "$out/full.log"))"
  left=$(ls -A "$out/full")
  [ -z "$left" ] || fail "$tool on a full disk left:" $left
  tail -n 1 "$out/full.log" | grep -q '^sampler_2cpu: FAILED' ||
    fail "$tool on a full disk: last line $(tail -n 1 "$out/full.log")"
done

# A scenario named in Latin-1: its name and messages go into results.json,
# which still reads back (--merge refuses text that is not UTF-8), one
# failed row.
mkdir -p "$out/latin1"
echo '{' >"$out/latin1/caf"$'\351'".json"
printf '{"groups": [{"name": "bytes", "scenarios": ["%s/latin1/*.json"], "modes": ["model"]}]}\n' \
  "$out" >"$out/bytes.json"
"$build/cpumf-regress" "$out/bytes.json" --build "$build" --out "$out/rg" >"$out/rg.log" 2>&1
[ $? = 1 ] || fail "cpumf-regress $out/bytes.json: $(tail -3 "$out/rg.log")"
"$build/cpumf-regress" --merge "$out/rg" --out "$out/merged" >"$out/merge.log" 2>&1
[ $? = 1 ] || fail "--merge of a report with a log that is not UTF-8: $(tail -3 "$out/merge.log")"
echo "output paths refused before the first cycle, all outputs or none, reports are JSON text"
