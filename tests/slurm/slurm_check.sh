#!/usr/bin/env bash
# slurm_check.sh BUILD OUT [cpumf-regress options...]
#
# The smoke list through a real Slurm: a one-node cluster of this machine
# (munged, slurmctld, slurmd from Debian; slurm.conf.in beside this script)
# in a temporary directory, localhost only, on free ports of its own, started
# here and stopped on every exit.  The list runs once locally into OUT/local
# and once as `cpumf-regress --slurm --slurm-tasks 3 --wait` into OUT/slurm;
# the two reports must hold the same test cases (junit.xml), the same
# requirement, functional and Verilator coverage (summary.md from its
# "Requirement coverage" section on, coverage/functional.json), the shards
# must be three, and the sbatch options must reach both jobs.  The options
# (e.g. --test random, --coverage) go to both runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 BUILD OUT [cpumf-regress options...]" >&2; exit 2; }
build=$1 out=$2
shift 2
list=tests/regress/smoke.json
tasks=3
for t in munged slurmctld slurmd sbatch squeue scontrol scancel; do
  command -v "$t" >/dev/null || { echo "slurm_check: no $t (make deps installs it)" >&2; exit 2; }
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/cpumf-slurm.XXXXXX")
pids=()
# Stop what this script started, whatever happened: our jobs, the daemons.
cleanup() {
  local rc=$? p
  trap - EXIT INT TERM
  if [ -S "$dir/run/munge.sock" ] && [ -f "$dir/slurm.conf" ]; then
    timeout 20 scancel --full --quiet --partition=cpumf 2>/dev/null || true
    for _ in $(seq 20); do
      [ -z "$(timeout 10 squeue -h -o %i 2>/dev/null || true)" ] && break
      sleep 0.5
    done
  fi
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 40); do kill -0 "$p" 2>/dev/null || break; sleep 0.25; done
    kill -KILL "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  if [ "$rc" != 0 ] && [ -d "$dir/log" ]; then
    mkdir -p "$out" && cp -r "$dir/log" "$out/slurm-daemon-logs" || true
  fi
  rm -rf "$dir"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A port nothing listens on, from a random start.
free_port() {
  local p=$((20000 + RANDOM % 30000)) n
  for n in $(seq 200); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && [ "$p" != "${1:-}" ]; then
      echo "$p"
      return
    fi
    p=$((p + 1))
  done
  echo "slurm_check: no free port" >&2
  exit 1
}

# munge: its own key and socket (the socket's directories must be searchable by all)
chmod 755 "$dir"
mkdir -p "$dir/munge" "$dir/run" "$dir/state" "$dir/spool" "$dir/log"
chmod 700 "$dir/munge"
head -c 1024 /dev/urandom >"$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
munged -F --key-file="$dir/munge/munge.key" --socket="$dir/run/munge.sock" \
  --pid-file="$dir/run/munged.pid" --seed-file="$dir/munge/seed" \
  --log-file="$dir/log/munged.log" >"$dir/log/munged.out" 2>&1 &
pids+=($!)

ctld_port=$(free_port)
slurmd_port=$(free_port "$ctld_port")
sed -e "s|@DIR@|$dir|g" -e "s|@CTLD_PORT@|$ctld_port|" -e "s|@SLURMD_PORT@|$slurmd_port|" \
  -e "s|@USER@|$(id -un)|g" -e "s|@HOST@|$(hostname)|" -e "s|@CPUS@|$(nproc)|" \
  tests/slurm/slurm.conf.in >"$dir/slurm.conf"
export SLURM_CONF=$dir/slurm.conf
for _ in $(seq 40); do [ -S "$dir/run/munge.sock" ] && break; sleep 0.25; done
[ -S "$dir/run/munge.sock" ] || { cat "$dir/log/munged.out" >&2; exit 1; }
slurmctld -D -f "$SLURM_CONF" >"$dir/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N cpumf1 >"$dir/log/slurmd.out" 2>&1 &
pids+=($!)
state=
for _ in $(seq 120); do
  state=$(timeout 10 sinfo -h -n cpumf1 -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
if [ "$state" != idle ]; then
  echo "slurm_check: the node is not idle after 60 s (state '$state')" >&2
  tail -n 20 "$dir"/log/*.out >&2
  exit 1
fi
echo "slurm_check: one-node cluster up (slurmctld port $ctld_port, slurmd port $slurmd_port)"

rm -rf "$out/local" "$out/slurm"
mkdir -p "$out"
echo "slurm_check: local run of $list $*"
"$build/cpumf-regress" "$list" --build "$build" --out "$out/local" "$@" >"$out/local.log" 2>&1 ||
  { tail -n 30 "$out/local.log"; echo "slurm_check: the local run failed" >&2; exit 1; }
tail -n 1 "$out/local.log"

comment=cpumf-slurm-check
cmd=("$build/cpumf-regress" "$list" --build "$build" --out "$out/slurm" "$@" --slurm
  --slurm-tasks "$tasks" --wait --partition cpumf --time 30 --account cpumf
  --sbatch-arg "--comment=$comment")
echo "slurm_check: ${cmd[*]}"
"${cmd[@]}" >"$out/slurm.log" 2>&1 || {
  cat "$out/slurm.log"
  echo "slurm_check: the Slurm run failed" >&2
  exit 1
}
grep '^cpumf-regress: \(job array\|merge job\)' "$out/slurm.log"
tail -n 1 "$out/slurm.log"

fail() {
  echo "slurm_check: $*" >&2
  exit 1
}
# The jobs got the options, and the array had its three tasks.
array=$(sed -n 's/^cpumf-regress: job array \([0-9]*\).*/\1/p' "$out/slurm.log")
merge=$(sed -n 's/^cpumf-regress: merge job \([0-9]*\).*/\1/p' "$out/slurm.log")
[ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in $out/slurm.log"
for j in "$array" "$merge"; do
  info=$(scontrol show job "$j")
  for want in Partition=cpumf TimeLimit=00:30:00 Account=cpumf "Comment=$comment"; do
    grep -q "$want" <<<"$info" || fail "job $j lacks $want"
  done
done
n=$(scontrol show job "$array" | grep -c '^JobId=' || true)
[ "$n" -eq "$tasks" ] || fail "job array $array has $n tasks, wanted $tasks"
for k in $(seq "$tasks"); do
  [ -s "$out/slurm/shard-$k/results.json" ] || fail "shard $k wrote no results.json"
done

# The same report.
testcases() {
  grep -o '<testcase classname="[^"]*" name="[^"]*"' "$1" | sort
}
diff <(testcases "$out/local/junit.xml") <(testcases "$out/slurm/junit.xml") >"$out/junit.diff" ||
  fail "junit.xml: other test cases ($out/junit.diff)"
# From the requirement coverage on; a requirement's row without its example
# tests, whose order follows the order the rows were made in (the unit test
# cases of a local run come last, a merge puts them in the lists' order).
coverage() {
  awk '/^## Requirement coverage/ { on = 1; req = 1 } /^## Functional coverage/ { req = 0 }
       on && req && /^\| / { sub(/\|[^|]*\|$/, "|") } on' "$1"
}
diff <(coverage "$out/local/summary.md") <(coverage "$out/slurm/summary.md") \
  >"$out/summary.diff" || fail "summary.md: other coverage ($out/summary.diff)"
cmp -s "$out/local/coverage/functional.json" "$out/slurm/coverage/functional.json" ||
  fail "coverage/functional.json differs"
cases=$(testcases "$out/slurm/junit.xml" | wc -l)
echo "slurm_check: $tasks shards through Slurm (jobs $array, $merge) report what the local run" \
  "does: $cases test cases, the same requirement, functional and Verilator coverage"
