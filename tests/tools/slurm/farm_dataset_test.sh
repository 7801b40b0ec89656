#!/usr/bin/env bash
# A dataset rendered on a real (single-node, local) Slurm farm by tools/slurm/submit.sh, as a
# 4-task array plus the merge job, is byte-for-byte the dataset of one unsharded
# `railyard generate` with the same config; a two-variant suite queued by the same script (one
# array over both variants, two shards each, and a merge job) is byte-for-byte the suite of one
# `railyard suite`. Only runs/ (each process's own timing record) and the manifests' "timing"
# blocks may differ.
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
  4 -- generate "$tmp/bad.yaml" 2>&1)
status=$?
if [ "$status" -ne 2 ] || [[ $refusal != *"nothing submitted"* ]]; then
  fail "submit.sh did not refuse a bad config (status $status): $refusal"
fi
[ -z "$(timeout 10 squeue -h)" ] || fail "a rejected config left jobs in the queue"

job_ids=$(cd "$tmp/farm" && RAILYARD_BIN=$railyard timeout 60 "$repo/tools/slurm/submit.sh" \
  4 --cpus-per-task=1 --time=10 -- generate "$tmp/config.yaml") || fail "submit.sh failed"
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
echo "the 4-shard farm dataset equals the unsharded one"

# The same dataset written as tar shards (outputs.layout: shards, 2 samples a shard, so each of
# the 4 tasks writes whole shards) by the farm and by one process: the same shards and files.
sed 's/^outputs: {/outputs: {layout: shards, samples_per_shard: 2, /' "$tmp/config.yaml" \
  >"$tmp/shards.yaml"
mkdir "$tmp/shards_farm" "$tmp/shards_single"
job_ids=$(cd "$tmp/shards_farm" && RAILYARD_BIN=$railyard timeout 60 \
  "$repo/tools/slurm/submit.sh" 4 --cpus-per-task=1 --time=10 -- generate "$tmp/shards.yaml") ||
  fail "submit.sh (shards) failed"
read -r array_id merge_id <<<"$job_ids"
cluster_wait_gone "$array_id" "$merge_id" 240 || fail "the shards jobs did not finish in 240 s"
[ "$(cluster_job_states "$array_id" | grep -c ' COMPLETED 0:0$')" -eq 4 ] ||
  fail "not all 4 shards tasks succeeded"
[[ $(cluster_job_states "$merge_id") == *" COMPLETED 0:0" ]] || fail "the shards merge failed"
(cd "$tmp/shards_single" && timeout 240 "$railyard" generate "$tmp/shards.yaml" -q >gen.log 2>&1) ||
  { cat "$tmp/shards_single/gen.log" >&2; fail "railyard generate (shards, unsharded) failed"; }
[ "$(ls "$tmp"/shards_farm/dataset/*/*.tar | wc -l)" -ge 5 ] || fail "the farm wrote too few shards"
/usr/bin/python3 "$repo/tests/tools/suite/compare_trees.py" "$tmp/shards_farm/dataset" \
  "$tmp/shards_single/dataset" 10 || fail "the farm's shards differ from one process's"
echo "the 4-task farm's shards equal one process's"

# A two-variant suite as one job array (2 variants x 2 shards = 4 tasks) plus its merge job,
# against `railyard suite` in one process.
cat >"$tmp/suite.yaml" <<'EOF_SUITE'
suite: farm
seed: 9
output: suites
config: {count: 6, width: 96, height: 54, outputs: {depth_exr: false}}
holdout: [{length: long, load_shape: barrel}]
variants:
  - name: train
    set: {count: 8, confounder: {attribute: {car: 1, color: blue}, east: 0.8, west: 0.2}}
  - name: test_holdout
    holdout: true
EOF_SUITE
mkdir "$tmp/suite_farm" "$tmp/suite_single"
job_ids=$(cd "$tmp/suite_farm" && RAILYARD_BIN=$railyard timeout 60 \
  "$repo/tools/slurm/submit.sh" 2 --cpus-per-task=1 --time=10 -- suite "$tmp/suite.yaml") ||
  fail "submit.sh (suite) failed"
read -r array_id merge_id <<<"$job_ids"
echo "suite array $array_id, merge job $merge_id"
cluster_wait_gone "$array_id" "$merge_id" 240 || fail "the suite's jobs did not finish in 240 s"
states=$(cluster_job_states "$array_id")
echo "$states"
[ "$(grep -c ' COMPLETED 0:0$' <<<"$states")" -eq 4 ] || fail "not all 4 suite tasks succeeded"
[[ $(cluster_job_states "$merge_id") == *" COMPLETED 0:0" ]] || fail "the suite's merge failed"
for variant in train test_holdout; do
  runs=$(ls "$tmp/suite_farm/suites/farm/$variant"/*/runs)
  [ "$(echo $runs)" = "shard-0-of-2.json shard-1-of-2.json" ] ||
    fail "variant $variant was not rendered as 2 shards: $runs"
done
(cd "$tmp/suite_single" && timeout 240 "$railyard" suite "$tmp/suite.yaml" -q >suite.log 2>&1) ||
  { cat "$tmp/suite_single/suite.log" >&2; fail "railyard suite (one process) failed"; }
/usr/bin/python3 "$repo/tests/tools/suite/compare_trees.py" "$tmp/suite_farm/suites" \
  "$tmp/suite_single/suites" 40 || fail "the farm's suite differs from the one-process suite"
echo "PASS: the 4-shard farm dataset and the 2x2-task farm suite equal their one-process runs"
