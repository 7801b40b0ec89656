#!/usr/bin/env bash
# A dataset rendered on a real (single-node, local) Slurm farm by tools/slurm/submit.sh, as a
# 4-task array plus the merge job, is byte-for-byte the dataset of one unsharded
# `railyard generate` with the same config. Only runs/ (each process's own timing record) and
# the manifest's "timing" block may differ.
#   farm_dataset_test.sh REPO RAILYARD_BINARY
# Exits 77 (skipped) when the Slurm daemons cannot run here (not root, packages missing).
# RAILYARD_SLURM_KEEP=1 keeps the temp folder (cluster logs, both datasets) for a look.
set -uo pipefail

repo=$1
railyard=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=local_cluster.sh
source "$here/local_cluster.sh"

# Short, fixed-depth temp path: munged's socket path must fit a sockaddr_un (108 bytes).
tmp=$(mktemp -d /tmp/railyard-slurm.XXXXXX)
chmod 755 "$tmp"  # munged's socket folder must be reachable by every user
finish() {
  cluster_stop
  if [ "${RAILYARD_SLURM_KEEP:-0}" = 1 ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}
trap finish EXIT
fail() {
  echo "FAIL: $*" >&2
  local log
  for log in "$tmp"/farm/*.out; do
    [ -f "$log" ] && { echo "----- $log" >&2; tail -n 30 "$log" >&2; }
  done
  cluster_logs
  exit 1
}

[ -x "$railyard" ] || fail "railyard binary '$railyard' not found"

cluster_start "$tmp/cluster"
status=$?
[ "$status" -eq 77 ] && exit 77
[ "$status" -eq 0 ] || fail "the local Slurm cluster did not start"
echo "local Slurm is up ($SLURM_CONF)"

# The same config for both runs; `output` is relative, so each run writes under its own
# working directory and the manifests (which hold the config) can be compared as they are.
cat >"$tmp/config.yaml" <<'EOF'
count: 12
seed: 5
rule: theoryx
min_cars: 2
max_cars: 4
backend: raster
width: 160
height: 90
outputs: {depth_exr: true, depth_png: true, masks: true, coco: true}
output: dataset
EOF
mkdir "$tmp/farm" "$tmp/single"

# A config railyard rejects is refused before anything is queued.
echo "width: 3" >"$tmp/bad.yaml"
refusal=$(cd "$tmp/farm" && RAILYARD_BIN=$railyard timeout 60 "$repo/tools/slurm/submit.sh" \
  "$tmp/bad.yaml" 4 2>&1)
status=$?
if [ "$status" -ne 2 ] || [[ $refusal != *"nothing submitted"* ]]; then
  fail "submit.sh did not refuse a bad config (status $status): $refusal"
fi
[ -z "$(timeout 10 squeue -h)" ] || fail "a rejected config left jobs in the queue"

job_ids=$(cd "$tmp/farm" && RAILYARD_BIN=$railyard timeout 60 "$repo/tools/slurm/submit.sh" \
  "$tmp/config.yaml" 4 --cpus-per-task=1 --time=10) || fail "submit.sh failed"
read -r array_id merge_id <<<"$job_ids"
echo "generate array $array_id, merge job $merge_id"
cluster_wait_gone "$array_id" "$merge_id" 240 || fail "the farm jobs did not finish in 240 s"

states=$(cluster_job_states "$array_id")
echo "$states"
[ "$(grep -c ' COMPLETED 0:0$' <<<"$states")" -eq 4 ] || fail "not all 4 array tasks succeeded"
merge_state=$(cluster_job_states "$merge_id")
echo "$merge_state"
[[ $merge_state == *" COMPLETED 0:0" ]] || fail "the merge job did not succeed"

echo "unsharded run of the same config"
(cd "$tmp/single" && timeout 240 "$railyard" generate "$tmp/config.yaml" >generate.log 2>&1) ||
  { cat "$tmp/single/generate.log" >&2; fail "railyard generate (unsharded) failed"; }

python3 "$here/compare_datasets.py" "$tmp/farm/dataset" "$tmp/single/dataset" 12 4 ||
  fail "the farm's dataset differs from the unsharded one"
echo "PASS: the 4-shard farm dataset equals the unsharded one"
