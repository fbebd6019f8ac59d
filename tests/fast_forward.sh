#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# tests/fast_forward.sh BUILD OUT SCENARIO [ARGS...]: cpumf-sim writes the same
# results, functional coverage and .SMP files with its fast-forward over quiet
# spans as with --no-fast-forward (every cycle stepped).
set -euo pipefail
build=$1 out=$2 sc=$3
shift 3
name=$(basename "$sc" .json)
for mode in ff step; do
    d=$out/fast_forward/$name/$mode
    rm -rf "$d"
    mkdir -p "$d"
    extra=()
    [ "$mode" = step ] && extra=(--no-fast-forward)
    "$build/cpumf-sim" "$sc" --quiet --results "$d/results.json" --fcov "$d/fcov.json" \
        --smp-dir "$d" "$@" "${extra[@]}"
done
diff -r "$out/fast_forward/$name/ff" "$out/fast_forward/$name/step"
files=$(find "$out/fast_forward/$name/ff" -type f | wc -l)
echo "$name: $files files identical with and without fast-forward"
