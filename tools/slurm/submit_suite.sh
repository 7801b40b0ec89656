#!/usr/bin/env bash
# Queues a railyard suite on a Slurm farm: one job array over all its variants, K shards each
# (task t renders shard t % K of variant t / K), then one merge job that writes every variant's
# dataset-wide files and the suite's summary once every task has succeeded.
#
#   tools/slurm/submit_suite.sh SUITE.yaml K[%J] [sbatch options...] [-- railyard options...]
#
#   K        shards per variant; the array has V x K tasks for V variants; %J runs at most J
#   sbatch options   go to both jobs (e.g. --partition=render --cpus-per-task=8)
#   railyard options go to the tasks and the merge (e.g. --scale 0.1 --set backend=pathtrace)
#
# Prints "<array job id> <merge job id>" on stdout, what it did on stderr. The whole suite is
# sampled and checked first (railyard suite --check): a suite railyard refuses queues nothing.
set -euo pipefail

absolute() {
  local folder=.
  [[ $1 == */* ]] && folder=${1%/*}
  (cd "${folder:-/}" && printf '%s/%s\n' "$PWD" "${1##*/}")
}

here=$(absolute "${BASH_SOURCE[0]}")
here=${here%/*}
usage="usage: ${0##*/} SUITE.yaml K[%J] [sbatch options...] [-- railyard options...]"

die() {
  echo "submit_suite.sh: $*" >&2
  exit 2
}

[ $# -ge 2 ] || die "$usage"
suite=$1
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
  die "K must be a positive number of shards per variant, optionally %J to run at most J tasks at once; got '$shards'"
per_variant=${shards%%%*}
throttle=""
[[ $shards == *%* ]] && throttle="%${shards#*%}"

[ -f "$suite" ] || die "suite '$suite' not found"
[ -r "$suite" ] || die "suite '$suite' is not readable"
suite=$(absolute "$suite")

command -v sbatch >/dev/null || die "sbatch not found on PATH: run this on a Slurm submit host"

railyard=${RAILYARD_BIN:-$here/../../build/bin/railyard}
[ -x "$railyard" ] ||
  die "railyard binary '$railyard' not found: build it (tools/build.sh) or set RAILYARD_BIN"
RAILYARD_BIN=$(absolute "$railyard")
export RAILYARD_BIN

# Every variant's inputs and trains, here and once, rather than failing in the tasks.
if ! "$RAILYARD_BIN" suite "$suite" "${railyard_args[@]}" --check >/dev/null; then
  die "railyard rejects the suite (see above); nothing submitted"
fi
variants=$("$RAILYARD_BIN" suite "$suite" "${railyard_args[@]}" --list | wc -l)
tasks=$((variants * per_variant))

array_out=$(sbatch --parsable --array="0-$((tasks - 1))$throttle" "${sbatch_args[@]}" \
  "$here/suite.sbatch" "$suite" "${railyard_args[@]}") ||
  die "sbatch refused the suite's array (see above); nothing submitted"
array_id=${array_out%%;*}

if ! merge_out=$(sbatch --parsable --dependency="afterok:$array_id" --kill-on-invalid-dep=yes \
    --job-name=railyard-suite-merge "${sbatch_args[@]}" "$here/suite.sbatch" "$suite" --merge \
    "${railyard_args[@]}"); then
  scancel "$array_id" 2>/dev/null || true
  die "sbatch refused the merge job (see above); cancelled the array $array_id"
fi
merge_id=${merge_out%%;*}

echo "submitted suite array $array_id ($variants variants x $per_variant shards = $tasks tasks)" \
  "and merge job $merge_id in $(pwd)" >&2
echo "$array_id $merge_id"
