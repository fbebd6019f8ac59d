#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# coverage_report.sh IN_DIR OUT_DIR - the RTL code coverage of a set of runs.
#
# Merges every IN_DIR/*.dat (written by `cpumf-cosim-cov --coverage F.dat`)
# and writes into OUT_DIR:
#   merged.dat     all points, counts summed (verilator_coverage format)
#   coverage.info  lcov data of rtl/, line and toggle points together
#   html/          genhtml of coverage.info (index.html); a declaration
#                  line counts as hit when any bit of its signal toggled
#   uncovered.txt  every rtl/ line no line or branch point of ever reached,
#                  as "rtl/FILE.sv:LINE: source text", sorted
#   untoggled.txt  every rtl/ signal bit that never toggled, as "MODULE SIGNAL[BIT]"
#                  (MODULE__In: an instance with other parameters), sorted
#   covers.txt     every cover point of rtl/ (COVER, rtl/mf_assert.svh) as
#                  "MODULE.NAME HITS", its hits summed over the instances, sorted
# and prints three lines, line, toggle and cover-point coverage measured apart:
#   line: covered/total (pct%)     source lines of line and branch points
#   toggle: covered/total (pct%)   signal bits that changed at least once
#   cover: covered/total (pct%)    cover points reached in some instance
# Exit status 1, with a message, when IN_DIR holds no .dat file.
set -euo pipefail

die() { echo "coverage_report.sh: $*" >&2; exit 1; }
[ $# = 2 ] || die "usage: tests/coverage_report.sh IN_DIR OUT_DIR"
in=$1 out=$2
[ -d "$in" ] || die "$in: not a directory"
for t in verilator_coverage genhtml; do
  command -v "$t" >/dev/null || die "$t not found (make deps installs verilator and lcov)"
done
mkdir -p "$out"
in=$(cd "$in" && pwd) out=$(cd "$out" && pwd)
# genhtml and the source lines need the paths of the .dat files (rtl/...),
# which are relative to the repository root.
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

find "$in" -maxdepth 1 -name '*.dat' \( -type f -o -type l \) | sort >"$tmp/list"
n=$(wc -l <"$tmp/list")
[ "$n" -gt 0 ] || die "no .dat files in $in"

# Merge in batches, in parallel over the cores, then the batches: a
# regression writes thousands of files, and a batch stays well inside the
# argument-length limit.
BATCH=${COV_BATCH:-200}
split -l "$BATCH" -d -a 4 "$tmp/list" "$tmp/batch."
ls "$tmp"/batch.* | xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} \
  bash -c 'mapfile -t f <"$1" && verilator_coverage --write "$1.dat" "${f[@]}" >/dev/null' _ {}
verilator_coverage --write "$out/merged.dat" "$tmp"/batch.*.dat >/dev/null

# Point type is the "page" key: v_toggle/..., v_line/..., v_branch/..., and
# v_user/... for the cover points, which are counted apart (not as lines).
toggle=$(printf '\001page\002v_toggle/') user=$(printf '\001page\002v_user/')
head -n 1 "$out/merged.dat" | tee "$tmp/line.dat" >"$tmp/code.dat"
grep -aF -v "$user" "$out/merged.dat" | grep -a "^C " >>"$tmp/code.dat" || true
grep -aF -v "$toggle" "$tmp/code.dat" | grep -a "^C " >>"$tmp/line.dat" || true
verilator_coverage --write-info "$tmp/all.info" "$tmp/code.dat" >/dev/null
verilator_coverage --write-info "$tmp/line.info" "$tmp/line.dat" >/dev/null

# Only rtl/ is measured (the bench's own files switch coverage off); keep
# the records of rtl/ files whatever else a .dat brings.
rtl_only() { awk '/^SF:/ { keep = ($0 ~ /^SF:rtl\//) } keep' "$1"; }
rtl_only "$tmp/all.info" >"$out/coverage.info"
rtl_only "$tmp/line.info" >"$tmp/line.rtl.info"
[ -s "$out/coverage.info" ] ||
  die "no rtl/ coverage points in $in (were the files written by cpumf-cosim-cov?)"

rm -rf "$out/html"
genhtml --quiet --title "cpumf RTL coverage" --output-directory "$out/html" "$out/coverage.info" \
  >"$tmp/genhtml.log" 2>&1 || { cat "$tmp/genhtml.log" >&2; die "genhtml failed"; }

# Uncovered lines with their source text.
awk -F'[:,]' '/^SF:/ { f = $2 } /^DA:/ && $3 == 0 { print f ":" $2 }' "$tmp/line.rtl.info" |
  sort -t: -k1,1 -k2,2n >"$tmp/uncovered"
: >"$out/uncovered.txt"
if [ -s "$tmp/uncovered" ]; then
  mapfile -t srcs < <(cut -d: -f1 "$tmp/uncovered" | sort -u)
  awk -F: 'NR == FNR { want[$1] = want[$1] " " $2; next }
    index(want[FILENAME] " ", " " FNR " ") { sub(/^[ \t]+/, ""); print FILENAME ":" FNR ": " $0 }' \
    "$tmp/uncovered" "${srcs[@]}" | sort -t: -k1,1 -k2,2n >"$out/uncovered.txt"
fi

# The points of rtl/ of one type (toggle, user) as "MODULE NAME COUNT": the
# module is the page after v_TYPE/, the name the o key (a signal bit, a cover
# point), the count the line's last word.
rtl_points() {
  grep -aF "$(printf '\001page\002v_%s/' "$1")" "$out/merged.dat" |
    grep -aF "$(printf '\001f\002rtl/')" | tr '\001\002' '|=' | awk -F'|' '{ m = o = ""
      for (i = 1; i <= NF; i++) {
        if ($i ~ /^page=/) m = substr($i, index($i, "/") + 1)
        if ($i ~ /^o=/) o = substr($i, 3)
      }
      n = split($NF, w, " "); print m, o, w[n] }'
}
rtl_points toggle | awk '$3 == 0 { print $1, $2 }' | sort -V >"$out/untoggled.txt"

pct() { awk -v c="$1" -v t="$2" 'BEGIN { printf "%d/%d (%.1f%%)\n", c, t, t ? 100 * c / t : 0 }'; }
read -r lc lt < <(awk -F'[:,]' '/^DA:/ { t++; if ($3 > 0) c++ } END { print c + 0, t + 0 }' \
  "$tmp/line.rtl.info")
# Toggle points of rtl/ files only, counted from the merged data itself.
read -r tc tt < <(rtl_points toggle | awk '{ t++; if ($3 > 0) c++ } END { print c + 0, t + 0 }')
# Cover points by module (less a parameter suffix) and name.
rtl_points user | awk '{ m = $1; sub(/__.*/, "", m); hits[m "." $2] += $3 }
  END { for (k in hits) print k, hits[k] }' | sort >"$out/covers.txt"
read -r cc ct < <(awk '{ t++; if ($2 > 0) c++ } END { print c + 0, t + 0 }' "$out/covers.txt")
echo "line: $(pct "$lc" "$lt")"
echo "toggle: $(pct "$tc" "$tt")"
echo "cover: $(pct "$cc" "$ct")"
