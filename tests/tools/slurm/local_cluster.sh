# shellcheck shell=bash
# A throw-away single-node Slurm cluster on this machine, for tests. Source this file, then:
#   cluster_start DIR   starts munged, slurmctld and slurmd with their state, sockets, logs and
#                       slurm.conf under DIR, exports SLURM_CONF, and waits until the node is idle;
#                       returns 77 (skip) when the daemons cannot run here, 1 on other failures
#   cluster_stop        stops the daemons it started (safe to call more than once; use in a trap)
#   cluster_wait_gone JOBID... SECONDS
#                       waits until no listed job is queued or running; 1 on timeout
#   cluster_job_states JOBID
#                       prints "<job id> <array task id or -> <state> <exit code>", one line per
#                       job (per task for an array)
#   cluster_logs        prints the daemons' logs (for a failure message)
# Runs as root in a container without systemd or cgroups: the daemons are started directly and
# use process tracking by /proc. Every step that talks to a daemon is bounded by `timeout`.

_cluster_pids=()
_cluster_dir=""

_cluster_skip() {
  echo "SKIP: $*" >&2
  return 77
}

# Two TCP ports nothing listens on now, picked by the kernel (a small race; fine for a test).
_cluster_free_ports() {
  python3 -c '
import socket
held = [socket.socket() for _ in range(2)]
for s in held:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in held))'
}

_cluster_write_conf() {
  local dir=$1 node=$2 hardware=$3 ctld_port=$4 slurmd_port=$5
  cat >"$dir/slurm.conf" <<EOF
# Made by tests/tools/slurm/local_cluster.sh for one test run.
ClusterName=railyard-test
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
# Finished jobs stay visible to scontrol (their states, exit codes) for the whole test.
MinJobAge=600
SlurmctldTimeout=30
SlurmdTimeout=30
MessageTimeout=10
PlugStackConfig=$dir/plugstack.conf
$hardware NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  : >"$dir/plugstack.conf"
}

_cluster_start_munge() {
  local dir=$1
  # munged wants its socket's folder open to all (clients connect as any user).
  mkdir -p "$dir/munge"
  chmod 755 "$dir/munge"
  # A key of our own: never touch the machine's /etc/munge/munge.key.
  head -c 1024 /dev/urandom >"$dir/munge/munge.key"
  chmod 400 "$dir/munge/munge.key"
  if ! munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
      --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" \
      --seed-file="$dir/munge/munged.seed" >>"$dir/log/munged.out" 2>&1; then
    cat "$dir/log/munged.out" "$dir/log/munged.log" >&2 2>/dev/null
    _cluster_skip "munged does not start here"
    return
  fi
  _cluster_pids+=("$(cat "$dir/munge/munged.pid")")
  if ! timeout 10 sh -c "munge -S '$dir/munge/munge.socket' -n | unmunge -S '$dir/munge/munge.socket'" \
      >/dev/null 2>&1; then
    _cluster_skip "munged started but does not answer on its socket"
    return
  fi
}

# Starts a daemon in the foreground (-D) in the background, remembering its pid.
_cluster_spawn() {
  local log=$1
  shift
  "$@" >>"$log" 2>&1 &
  _cluster_pids+=("$!")
}

_cluster_wait_node_idle() {
  local node=$1 deadline=$((SECONDS + 60)) state=""
  while ((SECONDS < deadline)); do
    local pid
    for pid in "${_cluster_pids[@]}"; do
      if ! kill -0 "$pid" 2>/dev/null; then
        echo "a Slurm daemon (pid $pid) exited while starting" >&2
        return 1
      fi
    done
    state=$(timeout 10 sinfo -h -n "$node" -o '%T' 2>/dev/null | head -n 1)
    case $state in
      idle) return 0 ;;
    esac
    sleep 1
  done
  echo "node $node did not become idle within 60 s (state: '${state:-unknown}')" >&2
  return 1
}

cluster_start() {
  local dir=$1
  if [ "$(id -u)" -ne 0 ]; then
    _cluster_skip "a local Slurm needs root (slurmd runs jobs as their users)"
    return
  fi
  local tool
  for tool in munged munge unmunge slurmctld slurmd sbatch squeue sinfo scontrol python3; do
    if ! command -v "$tool" >/dev/null; then
      _cluster_skip "'$tool' is missing (install the Debian packages slurm-wlm and munge)"
      return
    fi
  done
  _cluster_dir=$dir
  mkdir -p "$dir/log" "$dir/state" "$dir/spool"
  chmod 755 "$dir"
  # munged refuses a socket below a folder that not everyone may enter: a caller's mistake
  # (e.g. a mktemp -d parent left at 0700), so a failure rather than a skip.
  local folder
  folder=$(cd "$dir" && pwd)
  while [ -n "$folder" ]; do
    case $(stat -c %A "$folder") in
      *x | *t) ;;  # others may enter (t: sticky and searchable, like /tmp)
      *)
        echo "cluster_start: $folder must be searchable by all (chmod o+x) for munged's socket" >&2
        return 1
        ;;
    esac
    folder=${folder%/*}
  done

  _cluster_start_munge "$dir" || return

  # The node's real CPUs and memory, as slurmd sees them; a node described otherwise is drained.
  local hardware node
  hardware=$(timeout 30 slurmd -C | head -n 1)
  node=$(sed -n 's/^NodeName=\([^ ]*\).*/\1/p' <<<"$hardware")
  if [ -z "$node" ]; then
    _cluster_skip "'slurmd -C' does not describe this node"
    return
  fi
  local ports
  read -r -a ports <<<"$(_cluster_free_ports)"
  _cluster_write_conf "$dir" "$node" "$hardware" "${ports[0]}" "${ports[1]}"
  export SLURM_CONF=$dir/slurm.conf

  _cluster_spawn "$dir/log/slurmctld.out" slurmctld -D -c -f "$SLURM_CONF"
  _cluster_spawn "$dir/log/slurmd.out" slurmd -D -f "$SLURM_CONF" -N "$node"
  if ! _cluster_wait_node_idle "$node"; then
    cluster_logs
    _cluster_skip "the local Slurm daemons did not come up"
    return
  fi
}

cluster_stop() {
  [ -n "$_cluster_dir" ] || return 0
  # Cancel what is still queued or running while the daemons can still end it cleanly.
  local jobs
  read -r -a jobs <<<"$(timeout 10 squeue -h -o '%i' 2>/dev/null | tr '\n' ' ')"
  if [ ${#jobs[@]} -gt 0 ]; then
    timeout 10 scancel "${jobs[@]}" 2>/dev/null
    cluster_wait_gone "${jobs[@]}" 20 2>/dev/null
  fi
  local pid i
  # Newest first: slurmd, slurmctld, then munged.
  for ((i = ${#_cluster_pids[@]} - 1; i >= 0; i--)); do
    pid=${_cluster_pids[i]}
    kill -TERM "$pid" 2>/dev/null || continue
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null
  done
  _cluster_pids=()
  _cluster_kill_strays
  _cluster_dir=""
  return 0
}

# Job steps and job scripts that outlived their daemons: every one of them carries our
# SLURM_CONF in its environment (slurmstepd inherits it from slurmd, jobs get it from Slurm).
# This shell exported it too, so it and its ancestors are spared.
_cluster_kill_strays() {
  local environ p
  for environ in /proc/[0-9]*/environ; do
    p=${environ#/proc/}
    p=${p%/environ}
    [ "$p" = "$$" ] || [ "$p" = "$BASHPID" ] && continue
    if tr '\0' '\n' 2>/dev/null <"$environ" | grep -qxF "SLURM_CONF=$_cluster_dir/slurm.conf" &&
        ! _cluster_is_ancestor "$p"; then
      kill -KILL "$p" 2>/dev/null
    fi
  done
}

_cluster_is_ancestor() {
  local p=$BASHPID
  while [ -n "$p" ] && [ "$p" != 0 ]; do
    [ "$p" = "$1" ] && return 0
    p=$(awk '/^PPid:/ {print $2}' "/proc/$p/status" 2>/dev/null)
  done
  return 1
}

# squeue lists pending, running and completing jobs only, so an empty answer means all are done
# (finished jobs are kept, not purged, for MinJobAge; an unknown id keeps it waiting to the end).
cluster_wait_gone() {
  local seconds=${*: -1} ids=("${@:1:$#-1}") deadline left
  deadline=$((SECONDS + seconds))
  while ((SECONDS < deadline)); do
    left=$(timeout 10 squeue -h -o '%i' -j "$(IFS=,; echo "${ids[*]}")" 2>/dev/null) || left="?"
    [ -z "$left" ] && return 0
    sleep 2
  done
  echo "jobs ${ids[*]} still queued or running after $seconds s:" >&2
  timeout 10 squeue -j "$(IFS=,; echo "${ids[*]}")" >&2 || true
  return 1
}

cluster_job_states() {
  timeout 10 scontrol -o show job "$1" | awk '{
    for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = substr($i, length(kv[1]) + 2) }
    task = ("ArrayTaskId" in v) ? v["ArrayTaskId"] : "-"
    print v["JobId"], task, v["JobState"], v["ExitCode"]
    delete v
  }'
}

cluster_logs() {
  local f
  for f in "$_cluster_dir"/log/*; do
    [ -s "$f" ] || continue
    echo "----- $f (last 40 lines)" >&2
    tail -n 40 "$f" >&2
  done
}
