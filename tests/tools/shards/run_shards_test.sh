#!/usr/bin/env bash
# A run that writes tar shards (outputs.layout: shards) end to end: its folder is `railyard pack`
# of the same dataset written as files, byte for byte (but the layout keys in config.yaml and the
# manifest's config, and the manifest's timing), with the shard size given or judged; so are a farm
# of tasks and their merge (refused, naming the shards, while one is missing), a rerun after what
# kill -9 leaves (shards half-written, renamed without their entry, truncated, entries damaged),
# and a run killed for real; `railyard verify` passes it. The same holds for the other run kinds:
# pairs (intervene), sequence sets and suites. Configs a shards run cannot write are refused with
# a message, before any folder is made.
#   run_shards_test.sh RAILYARD_BINARY REPO
set -uo pipefail

railyard=$1
repo=$2
tmp=$(mktemp -d /tmp/railyard-run-shards.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
source "$repo/tests/tools/folder_kinds.sh"
cd "$tmp"

small=(--width 96 --height 54 --seed 5 -j 2)

# same_as_pack PACKED RUN: every file of the packed folder (its marker aside) is the run's, and the
# run holds nothing else but runs/ (its timing records and shard entries).
same_as_pack() {
  /usr/bin/python3 - "$1" "$2" <<'PY'
import json, pathlib, re, sys
packed, run = map(pathlib.Path, sys.argv[1:])
def files(root, skip):
    return {p.relative_to(root) for p in root.rglob("*")
            if p.is_file() and not p.name.startswith(".") and not skip & set(p.relative_to(root).parts)}
def without_layout(text):
    return re.sub(r"\n  (layout: shards|samples_per_shard: \d+)", "", text)
ours, theirs = files(run, {"runs"}), files(packed, set())
assert ours == theirs, f"files differ: only in the run {sorted(map(str, ours - theirs))}, only packed {sorted(map(str, theirs - ours))}"
for name in sorted(ours):
    a, b = (run / name).read_bytes(), (packed / name).read_bytes()
    if name.name == "config.yaml":
        a, b = without_layout(a.decode()), b.decode()
    elif name.name == "manifest.json":
        a, b = json.loads(a), json.loads(b)
        for m in (a, b):
            m.pop("timing", None)
        a["config"] = without_layout(a["config"])
    assert a == b, f"{name} differs"
print(f"{run}: the {len(ours)} files of {packed}")
PY
}

# rendered LOG: the "N images rendered, M already done" of a run's summary line.
rendered() { grep -o '[0-9]* images rendered, [0-9]* already done' "$1"; }

echo "== the files run and its packs"
"$railyard" generate -n 40 "${small[@]}" -q -o files || fail "files run"
ds=$(folder_in files)
"$railyard" pack "$ds" -o packed4 -q --samples-per-shard 4 >/dev/null || fail "pack 4"
"$railyard" pack "$ds" -o judged -q >/dev/null || fail "pack, judged size"

echo "== a shards run is pack's shards"
"$railyard" generate -n 40 "${small[@]}" -q -o run4 --layout shards \
  --set outputs.samples_per_shard=4 || fail "shards run"
run4=$(folder_in run4)
same_as_pack packed4 "$run4" || fail "shards run against pack"
[ -d "$run4/images" ] || [ -d "$run4/records" ] || [ -d "$run4/depths" ] && fail "per-sample folders made"
"$railyard" verify -q "$run4" >verify.log 2>&1 || { cat verify.log; fail "verify of the run"; }
grep -q ": OK, 40 samples" verify.log || { cat verify.log; fail "verify says no OK"; }
members=$(tar -tf "$run4/train-000000.tar") || fail "tar -tf"
[ "$(echo $members | cut -d' ' -f1-5)" = "000000.depth.exr 000000.depth.png 000000.json 000000.png 000001.depth.exr" ] ||
  fail "the convention, as tar lists it: $members"
"$railyard" generate -n 40 "${small[@]}" -q -o judged_run --layout shards || fail "judged run"
same_as_pack judged "$(folder_in judged_run)" || fail "judged shard size against pack's"

echo "== farm tasks and their merge"
farm=(-n 40 "${small[@]}" -q -o farm --layout shards --set outputs.samples_per_shard=4)
"$railyard" generate "${farm[@]}" --shard 0/3 2>/dev/null || fail "task 0"
"$railyard" generate "${farm[@]}" --shard 2/3 2>/dev/null || fail "task 2"
"$railyard" verify "$(folder_in farm)" >unfinished.log 2>&1 && fail "verify of an unfinished run"
grep -q "written as tar shards (outputs.layout: shards) that is not finished" unfinished.log ||
  { cat unfinished.log; fail "an unfinished shards run is named as one"; }
"$railyard" generate "${farm[@]}" --merge >merge.log 2>&1 && fail "merge with a task missing"
grep -q "3 of 10 shards are not written yet: train-000001.tar, train-000004.tar, train-000007.tar" \
  merge.log || { cat merge.log; fail "merge names the missing shards"; }
[ -e "$(folder_in farm)/shards.json" ] && fail "a refused merge wrote shards.json"
"$railyard" generate "${farm[@]}" --shard 1/3 2>/dev/null || fail "task 1"
"$railyard" generate "${farm[@]}" --merge >/dev/null 2>&1 || fail "merge"
same_as_pack packed4 "$(folder_in farm)" || fail "farm against pack"

echo "== a rerun after what kill -9 leaves"
cp -r run4 killed
k=$(folder_in killed)
rm "$k/train-000001.tar" "$k/runs/shards/train-000001.tar.json"      # killed while written
head -c 1000 "$run4/train-000002.tar" >"$k/train-000002.tar"          # damaged since
rm "$k/runs/shards/train-000003.tar.json"                             # killed before its entry
echo '{"name": "val-000000.tar"' >"$k/runs/shards/val-000000.tar.json" # a damaged entry
echo half >"$k/.train-000004.tar.railyard-tmp-999-0"
rm "$k/shards.json" "$k/all_scenes/all_scenes.json"
"$railyard" generate -n 40 "${small[@]}" -o killed --layout shards \
  --set outputs.samples_per_shard=4 >rerun.log 2>&1 || { cat rerun.log; fail "rerun"; }
[ "$(rendered rerun.log)" = "16 images rendered, 24 already done" ] ||
  { cat rerun.log; fail "the rerun makes the four shards not done, and only them"; }
same_as_pack packed4 "$k" || fail "rerun against pack"

echo "== a run killed for real, then resumed"
"$railyard" generate -n 400 "${small[@]}" -q -o files400 || fail "files run of 400"
"$railyard" pack "$(folder_in files400)" -o packed400 -q --samples-per-shard 10 >/dev/null ||
  fail "pack of 400"
long=(-n 400 "${small[@]}" -q -o real --layout shards --set outputs.samples_per_shard=10)
"$railyard" generate "${long[@]}" 2>/dev/null &
pid=$!
for _ in $(seq 600); do
  compgen -G "real/*/runs/shards/train-000001.tar.json" >/dev/null && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.1
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
"$railyard" generate "${long[@]}" >/dev/null 2>&1 || fail "resume after kill -9"
same_as_pack packed400 "$(folder_in real)" || fail "killed and resumed run against pack"

echo "== a suite whose variants are written as shards is pack's of the suite"
suite() {  # suite NAME LAYOUT (the same suite file name: the summary names it)
  write_tiny_suite "$1" "$2"
  "$railyard" suite suite.yaml -q >/dev/null 2>&1 || fail "suite $1"
}
suite suite_files files
suite suite_shards shards
"$railyard" pack suite_files/tiny -o suite_packed -q >/dev/null ||
  fail "pack of the suite"
# The variants' description folders stand beside their datasets, as a dataset's do.
rm -r suite_shards/tiny/*/dataset_descriptions
same_as_pack suite_packed suite_shards/tiny || fail "suite of shards against pack"
"$railyard" verify -q suite_shards/tiny >verify.log 2>&1 || { cat verify.log; fail "verify suite"; }
[ "$(grep -c ': OK' verify.log)" = 3 ] || { cat verify.log; fail "suite verify: a report per folder"; }

# other_kind NAME COMMAND CONFIG UNITS: the run kind's shards run, farm and merge, and rerun after
# a shard is lost, each against pack of its files run; verify passes the shards run.
other_kind() {
  local name=$1 command=$2 config=$3 units=$4
  local args=(-j 2 --set outputs.samples_per_shard=2)
  "$railyard" $command "$config" -o "$name-files" -q -j 2 >/dev/null || fail "$name: files run"
  "$railyard" pack "$(folder_in "$name-files")" -o "$name-packed" -q --samples-per-shard 2 \
    >/dev/null || fail "$name: pack"
  "$railyard" $command "$config" -o "$name-run" --layout shards -q "${args[@]}" >/dev/null 2>&1 ||
    fail "$name: shards run"
  local run
  run=$(folder_in "$name-run")
  same_as_pack "$name-packed" "$run" || fail "$name: shards run against pack"
  "$railyard" verify -q "$run" >verify.log 2>&1 || { cat verify.log; fail "$name: verify"; }
  local farm=(-o "$name-farm" --layout shards -q "${args[@]}")
  "$railyard" $command "$config" "${farm[@]}" --shard 1/2 2>/dev/null || fail "$name: task 1"
  "$railyard" $command "$config" "${farm[@]}" --merge >merge.log 2>&1 && fail "$name: early merge"
  grep -q "shards are not written yet: train-000000.tar" merge.log ||
    { cat merge.log; fail "$name: merge names the missing shards"; }
  "$railyard" $command "$config" "${farm[@]}" --shard 0/2 2>/dev/null || fail "$name: task 0"
  "$railyard" $command "$config" "${farm[@]}" --merge >/dev/null 2>&1 || fail "$name: merge"
  same_as_pack "$name-packed" "$(folder_in "$name-farm")" || fail "$name: farm against pack"
  rm "$run/train-000000.tar" "$run/shards.json"
  "$railyard" $command "$config" -o "$name-run" --layout shards "${args[@]}" >rerun.log 2>&1 ||
    { cat rerun.log; fail "$name: rerun"; }
  grep -q "2 $units rendered, $(($(grep -o '"samples": [0-9]*' "$name-packed/shards.json" |
    head -1 | grep -o '[0-9]*$') - 2)) already done" rerun.log ||
    { cat rerun.log; fail "$name: the rerun makes the lost shard's $units, and only them"; }
  same_as_pack "$name-packed" "$run" || fail "$name: rerun against pack"
  "$railyard" pack "$(folder_in "$name-files")" -o "$name-judged-packed" -q >/dev/null ||
    fail "$name: pack, judged size"
  "$railyard" $command "$config" -o "$name-judged" --layout shards -q -j 2 >/dev/null 2>&1 ||
    fail "$name: judged run"
  same_as_pack "$name-judged-packed" "$(folder_in "$name-judged")" ||
    fail "$name: judged shard size against pack's"
}

echo "== pairs (intervene) written as shards"
other_kind pairs intervene "$repo/tests/tools/dataset/golden/pairs/raster_flip.yaml" pairs
echo "== a sequence set written as shards"
grep -v '^exports' "$repo/tests/tools/dataset/golden/raster_sequences.yaml" >sequences.yaml
other_kind sequences generate sequences.yaml sequences

echo "== what a shards run refuses"
refused() {  # refused MESSAGE COMMAND...: exit 1, MESSAGE on stderr, no folder made
  local message=$1
  shift
  "$@" -o refused >out.log 2>&1
  [ $? = 1 ] || { cat out.log; fail "exit 1 expected: $*"; }
  grep -qF "$message" out.log || { cat out.log; fail "message '$message' expected"; }
  [ -e refused ] && fail "a refused run made its folder"
  return 0
}
cat >exports.yaml <<'YAML'
count: 4
outputs: {layout: shards}
exports: [{target: popper}]
YAML
refused "exports read a dataset's per-sample files" "$railyard" generate exports.yaml -q
refused "outputs.samples_per_shard applies to outputs.layout: shards" \
  "$railyard" generate -n 4 -q --set outputs.samples_per_shard=2
echo "PASS"
