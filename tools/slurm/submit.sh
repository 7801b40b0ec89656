#!/usr/bin/env bash
# Queues a railyard dataset on a Slurm farm: an array of N generate tasks (one shard each), then
# the merge job, which starts once every task has succeeded (and is cancelled if one fails).
#
#   tools/slurm/submit.sh CONFIG.yaml N[%K] [sbatch options...] [-- railyard options...]
#
#   N        number of shards (array tasks); N%K runs at most K of them at a time
#   sbatch options  go to both jobs and override the scripts' #SBATCH defaults
#                   (e.g. --partition=render --cpus-per-task=8 --time=4:00:00)
#   railyard options go to both generate and merge (e.g. --set count=100000 --set seed=7)
#
# Prints "<array job id> <merge job id>" on stdout, what it did on stderr. The jobs run in the
# current directory (where a relative `output` in the config lands and the logs go). The binary
# is $RAILYARD_BIN, else build/bin/railyard of the repo this script is in.
set -euo pipefail

# The absolute path of a file, with shell built-ins only (this runs before PATH is checked).
absolute() {
  local folder=.
  [[ $1 == */* ]] && folder=${1%/*}
  (cd "${folder:-/}" && printf '%s/%s\n' "$PWD" "${1##*/}")
}

here=$(absolute "${BASH_SOURCE[0]}")
here=${here%/*}
usage="usage: ${0##*/} CONFIG.yaml N[%K] [sbatch options...] [-- railyard options...]"

die() {
  echo "submit.sh: $*" >&2
  exit 2
}

[ $# -ge 2 ] || die "$usage"
config=$1
shards=$2
shift 2
sbatch_args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  sbatch_args+=("$1")
  shift
done
[ $# -gt 0 ] && shift  # the "--"
railyard_args=("$@")

[[ $shards =~ ^[1-9][0-9]*(%[1-9][0-9]*)?$ ]] ||
  die "N must be a positive number of shards, optionally %K to run at most K at once; got '$shards'"
count=${shards%%%*}
throttle=""
[[ $shards == *%* ]] && throttle="%${shards#*%}"

[ -f "$config" ] || die "config '$config' not found"
[ -r "$config" ] || die "config '$config' is not readable"
config=$(absolute "$config")

command -v sbatch >/dev/null || die "sbatch not found on PATH: run this on a Slurm submit host"

railyard=${RAILYARD_BIN:-$here/../../build/bin/railyard}
[ -x "$railyard" ] ||
  die "railyard binary '$railyard' not found: build it (tools/build.sh) or set RAILYARD_BIN"
RAILYARD_BIN=$(absolute "$railyard")
export RAILYARD_BIN  # the jobs inherit it (sbatch exports the environment by default)

# A bad config fails here, in seconds, rather than in every task of the array.
if ! "$RAILYARD_BIN" generate "$config" "${railyard_args[@]}" --print-config >/dev/null; then
  die "railyard rejects the config (see above); nothing submitted"
fi

array_out=$(sbatch --parsable --array="0-$((count - 1))$throttle" "${sbatch_args[@]}" \
  "$here/generate.sbatch" "$config" "${railyard_args[@]}") ||
  die "sbatch refused the generate array (see above); nothing submitted"
array_id=${array_out%%;*}  # --parsable prints "id" or "id;cluster"

if ! merge_out=$(sbatch --parsable --dependency="afterok:$array_id" --kill-on-invalid-dep=yes \
    "${sbatch_args[@]}" "$here/merge.sbatch" "$config" "${railyard_args[@]}"); then
  scancel "$array_id" 2>/dev/null || true
  die "sbatch refused the merge job (see above); cancelled the generate array $array_id"
fi
merge_id=${merge_out%%;*}

echo "submitted generate array $array_id ($count tasks) and merge job $merge_id" \
  "(runs after every task succeeds) in $(pwd)" >&2
echo "$array_id $merge_id"
