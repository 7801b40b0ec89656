#!/usr/bin/env bash
# Queues any railyard run on a Slurm farm: a job array of tasks (each renders its shard; railyard
# reads the task index from SLURM_ARRAY_TASK_*), then the merge job, the same command line with
# --merge, which starts once every task has succeeded (and is cancelled if one fails).
#
#   tools/slurm/submit.sh N[%K] [sbatch options...] -- COMMAND ARGUMENTS...
#
#   COMMAND  a run command with its arguments, as you would run it on one machine:
#              generate CONFIG.yaml [options]      N tasks, one shard each
#              intervene CONFIG.yaml [options]     N tasks, one shard of the pairs each
#              suite SUITE.yaml [options]          N shards per variant: V x N tasks
#   N%K      runs at most K tasks at a time
#   sbatch options go to both jobs and override the #SBATCH defaults of task.sbatch
#            (e.g. --partition=render --cpus-per-task=8 --time=4:00:00)
#
# Prints "<array job id> <merge job id>" on stdout, what it did on stderr. The jobs run in the
# current directory (where a relative `output` lands and the logs go). The command is checked
# here first (its config read, a suite's trains sampled): what railyard refuses queues nothing.
# The binary is $RAILYARD_BIN, else build/bin/railyard of the repo this script is in.
set -euo pipefail

# The absolute path of a file, with shell built-ins only (this runs before PATH is checked).
absolute() {
  local folder=.
  [[ $1 == */* ]] && folder=${1%/*}
  (cd "${folder:-/}" && printf '%s/%s\n' "$PWD" "${1##*/}")
}

here=$(absolute "${BASH_SOURCE[0]}")
here=${here%/*}
usage="usage: ${0##*/} N[%K] [sbatch options...] -- generate|intervene|suite ARGUMENTS..."

die() {
  echo "submit.sh: $*" >&2
  exit 2
}

[ $# -ge 1 ] || die "$usage"
shards=$1
shift
sbatch_args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  sbatch_args+=("$1")
  shift
done
[ $# -gt 0 ] || die "no railyard command after '--'; $usage"
shift  # the "--"
[ $# -ge 2 ] || die "$usage"
command=("$@")

[[ $shards =~ ^[1-9][0-9]*(%[1-9][0-9]*)?$ ]] ||
  die "N must be a positive number of tasks, optionally %K to run at most K at once; got '$shards'"
count=${shards%%%*}
throttle=""
[[ $shards == *%* ]] && throttle="%${shards#*%}"
case ${command[0]} in
  generate | intervene | suite) ;;
  *) die "'${command[0]}' is not a run command: generate, intervene or suite" ;;
esac

command -v sbatch >/dev/null || die "sbatch not found on PATH: run this on a Slurm submit host"

railyard=${RAILYARD_BIN:-$here/../../build/bin/railyard}
[ -x "$railyard" ] ||
  die "railyard binary '$railyard' not found: build it (tools/build.sh) or set RAILYARD_BIN"
RAILYARD_BIN=$(absolute "$railyard")
export RAILYARD_BIN  # the jobs inherit it (sbatch exports the environment by default)

# A bad command fails here, in seconds, rather than in every task of the array.
tasks=$count
if [ "${command[0]}" = suite ]; then
  "$RAILYARD_BIN" "${command[@]}" --check >/dev/null ||
    die "railyard rejects the suite (see above); nothing submitted"
  variants=$("$RAILYARD_BIN" "${command[@]}" --list | wc -l)
  tasks=$((variants * count))
else
  "$RAILYARD_BIN" "${command[@]}" --print-config >/dev/null ||
    die "railyard rejects the command (see above); nothing submitted"
fi

array_out=$(sbatch --parsable --array="0-$((tasks - 1))$throttle" "${sbatch_args[@]}" \
  "$here/task.sbatch" "${command[@]}") ||
  die "sbatch refused the array (see above); nothing submitted"
array_id=${array_out%%;*}  # --parsable prints "id" or "id;cluster"

if ! merge_out=$(sbatch --parsable --dependency="afterok:$array_id" --kill-on-invalid-dep=yes \
    --job-name="railyard-${command[0]}-merge" --output=%x-%j.out "${sbatch_args[@]}" \
    "$here/task.sbatch" \
    "${command[@]}" --merge); then
  scancel "$array_id" 2>/dev/null || true
  die "sbatch refused the merge job (see above); cancelled the array $array_id"
fi
merge_id=${merge_out%%;*}

echo "submitted railyard ${command[0]}: array $array_id ($tasks tasks) and merge job $merge_id" \
  "(runs after every task succeeds) in $(pwd)" >&2
echo "$array_id $merge_id"
