# SPDX-License-Identifier: Apache-2.0
# same_report.sh, sourced by the scripts that check a merged, resumed or Slurm-run regression
# against one run of it (tests/robust/resume.sh, tests/slurm/faults.sh,
# tests/slurm/slurm_check.sh); they define fail MESSAGE.
#
#   same_report REF DIR   DIR reports what REF does: the same test cases (junit.xml), the same
#                         requirement, functional and Verilator coverage (summary.md), the same
#                         functional coverage file; the differences go to DIR.*.diff

# The test cases of a JUnit file, sorted.
testcases() { grep -o '<testcase classname="[^"]*" name="[^"]*"' "$1" | sort; }
# summary.md from the requirement coverage on; a requirement's row without its example tests,
# whose order follows the order the rows were made in (the unit test cases of a local run come
# last, a merge puts them in the lists' order).
coverage() {
  awk '/^## Requirement coverage/ { on = 1; req = 1 } /^## Functional coverage/ { req = 0 }
       on && req && /^\| / { sub(/\|[^|]*\|$/, "|") } on' "$1"
}
same_report() {
  local ref=$1 dir=$2
  diff <(testcases "$ref/junit.xml") <(testcases "$dir/junit.xml") >"$dir.junit.diff" ||
    fail "$dir/junit.xml: other test cases than $ref's ($dir.junit.diff)"
  diff <(coverage "$ref/summary.md") <(coverage "$dir/summary.md") >"$dir.summary.diff" ||
    fail "$dir/summary.md: other coverage than $ref's ($dir.summary.diff)"
  cmp -s "$ref/coverage/functional.json" "$dir/coverage/functional.json" ||
    fail "$dir/coverage/functional.json differs from $ref's"
}
