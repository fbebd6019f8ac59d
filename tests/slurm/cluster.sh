# SPDX-License-Identifier: Apache-2.0
# cluster.sh, sourced by the scripts of tests/slurm/ from the repository
# root: a one-node Slurm cluster of this machine (munged, slurmctld, slurmd
# from Debian; slurm.conf.in beside this script) in a temporary directory,
# localhost only, on free ports of its own, started here and stopped on every
# exit of the script (its submissions still waiting stopped, its jobs
# cancelled, the daemons stopped; on a failure their logs are copied to
# $out/slurm-daemon-logs).  It exports SLURM_CONF;
# the sourcing script sets $out first.
me=$(basename "$0" .sh)
for t in munged slurmctld slurmd sbatch squeue scontrol scancel; do
  command -v "$t" >/dev/null || { echo "$me: no $t (make deps installs it)" >&2; exit 2; }
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/cpumf-slurm.XXXXXX")
pids=()
# Stop what this script started, whatever happened: our jobs, the daemons.
cleanup() {
  local rc=$? p
  trap - EXIT INT TERM
  # the script's submissions still waiting for their jobs, with their sbatch
  # (not the daemons yet)
  for p in $(jobs -p); do
    [[ " ${pids[*]} " == *" $p "* ]] && continue
    pkill -TERM -P "$p" 2>/dev/null || true
    kill -TERM "$p" 2>/dev/null || true
  done
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
  echo "$me: no free port" >&2
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
  echo "$me: the node is not idle after 60 s (state '$state')" >&2
  tail -n 20 "$dir"/log/*.out >&2
  exit 1
fi
echo "$me: one-node cluster up (slurmctld port $ctld_port, slurmd port $slurmd_port)"

