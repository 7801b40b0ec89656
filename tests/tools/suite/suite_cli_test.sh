#!/usr/bin/env bash
# `railyard suite` end to end on a tiny three-variant suite (hold-out, confounder, withheld labels,
# a ladder): the suite folder and its summary; a variant equals `railyard generate` of the config
# `--print-config` prints for it; a suite killed with -9 and run again equals one run straight
# through; bad suites (same name twice, unknown key, impossible hold-out, a rule that does not
# load, a ladder over seed or output, a name too long) stop before any work with the suite file,
# the variant and the key, and change nothing; --scale past its range or generate's count limit
# is refused naming the variant and the limit; --check of a huge count samples a bounded number.
#   suite_cli_test.sh RAILYARD_BINARY REPO
set -uo pipefail

railyard=$1
repo=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
python=/usr/bin/python3
tmp=$(mktemp -d /tmp/railyard-suite-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

cat >"$tmp/suite.yaml" <<'YAML'
suite: tiny
seed: 7
output: out
config: {count: 6, width: 64, height: 36, subsets: [], outputs: {depth_exr: false}}
holdout: [{length: long, load_shape: barrel}]
variants:
  - name: train
    set: {count: 10, subsets: [4], supervision: 0.5,
          confounder: {attribute: {car: 1, color: blue}, east: 0.9, west: 0.1}}
  - name: long
    ladder: {cars: [5]}
  - name: test_holdout
    holdout: true
YAML

echo "== a whole suite"
mkdir "$tmp/a"
(cd "$tmp/a" && "$railyard" suite "$tmp/suite.yaml" -q >run.log 2>&1) ||
  { cat "$tmp/a/run.log"; fail "railyard suite failed"; }
suite=$tmp/a/out/tiny
for f in summary.json summary.md summary.png; do
  [ -s "$suite/$f" ] || fail "no $f in $suite"
done
train=$suite/train/Trains_theoryx_MichalskiTrains_base_scene_len_2-4
[ -f "$train/images/9_m_train.png" ] || fail "train variant lacks its images"
[ -f "$suite/long_5/Trains_theoryx_MichalskiTrains_base_scene_len_5-5/images/5_m_train.png" ] ||
  fail "the ladder's variant long_5 lacks its images"
[ -f "$train/splits/train_4.txt" ] || fail "train variant lacks its subset"
[ -f "$train/splits/labelled.txt" ] && [ -f "$train/splits/unlabelled.txt" ] ||
  fail "train variant lacks labelled.txt / unlabelled.txt"
"$python" - "$suite" <<'PY' || fail "summary and datasets disagree"
import json, sys
from pathlib import Path
suite = Path(sys.argv[1])
summary = json.loads((suite / "summary.json").read_text())
names = [v["name"] for v in summary["variants"]]
assert names == ["train", "long_5", "test_holdout"], names
for v in summary["variants"]:
    manifest = json.loads((suite / v["folder"] / "manifest.json").read_text())
    assert v["counts"] == manifest["counts"], (v["name"], v["counts"], manifest["counts"])
    assert v["samples"] == manifest["counts"]["samples"]
train, long5, holdout = summary["variants"]
assert train["holdout_trains"] == 0 and long5["holdout_trains"] == 0, "hold-out leaked"
assert holdout["holdout_trains"] == holdout["samples"] == 6
assert long5["distance"]["cars_per_train"] == 1.0
# Withheld labels: listed, marked in the records and all_scenes, the truth kept.
root = suite / train["folder"]
unlabelled = [int(x) for x in (root / "splits/unlabelled.txt").read_text().split()]
labelled = [int(x) for x in (root / "splits/labelled.txt").read_text().split()]
assert sorted(unlabelled + labelled) == list(range(10)) and unlabelled, (labelled, unlabelled)
assert train["withheld_labels"] == len(unlabelled)
scenes = json.loads((root / "all_scenes/all_scenes.json").read_text())["scenes"]
for i in range(10):
    record = json.loads((root / f"records/{i}.json").read_text())
    assert record.get("labelled", True) == (i in labelled), i
    assert scenes[i].get("labelled", True) == (i in labelled), i
    assert record["label"] in ("east", "west")
print("summary matches every variant's manifest; withheld labels listed and marked")
PY
grep -q "## Hold-out" "$suite/summary.md" || fail "summary.md has no hold-out table"
grep -q "## Confounders" "$suite/summary.md" || fail "summary.md has no confounder table"

echo "== a variant is 'railyard generate' of its printed config"
"$railyard" suite "$tmp/suite.yaml" --print-config long_5 >"$tmp/long_5.yaml" ||
  fail "--print-config failed"
grep -q "^min_cars: 5" "$tmp/long_5.yaml" || fail "printed config lacks min_cars: 5"
mkdir "$tmp/b"
(cd "$tmp/b" && "$railyard" generate "$tmp/long_5.yaml" -q >run.log 2>&1) ||
  { cat "$tmp/b/run.log"; fail "generate of the printed config failed"; }
"$python" "$here/compare_trees.py" "$suite/long_5" "$tmp/b/out/tiny/long_5" 10 ||
  fail "the suite's variant differs from generate of its config"

echo "== kill -9 and resume"
mkdir "$tmp/c" "$tmp/d"
args=(suite "$tmp/suite.yaml" -q --set count=40 --set width=96 --set height=54)
(cd "$tmp/c" && exec "$railyard" "${args[@]}" >run.log 2>&1) &
pid=$!
for _ in $(seq 1 600); do
  n=$(find "$tmp/c/out/tiny/long_5" -name '*.json' -path '*records*' 2>/dev/null | wc -l)
  [ "$n" -ge 5 ] && break
  sleep 0.05
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
n=$(find "$tmp/c/out/tiny" -name '*.json' -path '*records*' | wc -l)
echo "killed with $n of 120 samples done"
[ -f "$tmp/c/out/tiny/summary.json" ] && echo "note: the run finished before the kill"
# What a kill during the dataset-wide files leaves: temporaries beside the summary and in a variant.
echo half >"$tmp/c/out/tiny/.summary.json.railyard-tmp-999-0"
echo half >"$tmp/c/out/tiny/.summary.png.railyard-tmp-999-1"
for dataset in "$tmp"/c/out/tiny/*/*/records; do
  echo half >"$(dirname "$dataset")/.manifest.json.railyard-tmp-999-2"
done
(cd "$tmp/c" && "$railyard" "${args[@]}" >resume.log 2>&1) ||
  { cat "$tmp/c/resume.log"; fail "the resumed suite failed"; }
(cd "$tmp/d" && "$railyard" "${args[@]}" >run.log 2>&1) || fail "the straight run failed"
"$python" "$here/compare_trees.py" "$tmp/c/out" "$tmp/d/out" 100 ||
  fail "the resumed suite differs from a straight run"

echo "== bad suites stop before any work and change nothing"
before=$(cd "$tmp/a" && find out -type f -exec sha1sum {} + | sort)
expect_refusal() {  # NAME EXPECTED-TEXT... ; the suite is $tmp/bad.yaml
  local name=$1 out status
  shift
  out=$(cd "$tmp/a" && "$railyard" suite "$tmp/bad.yaml" -q 2>&1)
  status=$?
  [ "$status" -ne 0 ] || fail "$name: exit status 0"
  for text in "$@"; do
    [[ $out == *"$text"* ]] || fail "$name: message lacks '$text': $out"
  done
  echo "refused ($name): $out"
}
sed 's/name: test_holdout$/name: train/' "$tmp/suite.yaml" >"$tmp/bad.yaml"
expect_refusal "same name twice" "bad.yaml:" "variant name 'train' is used twice"
sed 's/ladder: {cars: \[5\]}/set: {max_carz: 5}/' "$tmp/suite.yaml" >"$tmp/bad.yaml"
expect_refusal "unknown key" "bad.yaml: variant 'long'" "max_carz" "did you mean 'max_cars'"
sed 's/holdout: \[{length: long, load_shape: barrel}\]/holdout: [{color: red}]\nconfig: {count: 6, max_attempts: 2000, constraints: {color: [yellow, green, blue]}}/' \
  "$tmp/suite.yaml" | grep -v "^config: {count: 6, width" >"$tmp/bad.yaml"
expect_refusal "impossible hold-out" "bad.yaml: variant 'test_holdout'" "held none of require" "2000 attempts"
printf 'eastbound(T) :- has_car(T, C), short(C\n' >"$tmp/broken.pl"
sed "s|name: long\$|name: long\n    set: {rule: $tmp/broken.pl}|" "$tmp/suite.yaml" >"$tmp/bad.yaml"
expect_refusal "rule that does not load" "bad.yaml: variant 'long_5'" "key 'rule'" "broken.pl"
sed 's/ladder: {cars: \[5\]}/ladder: {seed: [1, 2]}/' "$tmp/suite.yaml" >"$tmp/bad.yaml"
expect_refusal "ladder over seed" "bad.yaml:11" "variant 'long'" "ladder.seed" \
  "the suite sets every variant's seed"
sed 's/ladder: {cars: \[5\]}/ladder: {output: [x, y]}/' "$tmp/suite.yaml" >"$tmp/bad.yaml"
expect_refusal "ladder over output" "bad.yaml:11" "ladder.output" \
  "the suite sets every variant's output"
long_name=$(printf 'v%.0s' $(seq 1 101))
sed "s/name: long\$/name: $long_name/" "$tmp/suite.yaml" >"$tmp/bad.yaml"
expect_refusal "variant name too long" "bad.yaml:10" "101 characters long" "at most 100 characters"
after=$(cd "$tmp/a" && find out -type f -exec sha1sum {} + | sort)
[ "$before" = "$after" ] || fail "a refused suite changed files of the finished one"

echo "== --scale within its range and generate's count limit; --check of a huge count"
mkdir "$tmp/e"
cat >"$tmp/big.yaml" <<'YAML'
suite: big
output: out
config: {count: 2000, subsets: []}
variants:
  - name: train
    set: {count: 100}
  - name: test
YAML
for mode in --check ""; do
  out=$(cd "$tmp/e" && "$railyard" suite "$tmp/big.yaml" --scale 1e6 $mode 2>&1) &&
    fail "--scale 1e6 $mode: a count of 2e9 was accepted"
  for text in "variant 'test'" "--scale 1000000" "2000000000" "count: 1..1000000000"; do
    [[ $out == *"$text"* ]] || fail "--scale 1e6 $mode: message lacks '$text': $out"
  done
  echo "refused: $out"
done
out=$(cd "$tmp/e" && "$railyard" suite "$tmp/big.yaml" --scale 1e9 --check 2>&1) &&
  fail "--scale 1e9 was accepted"
[[ $out == *"greater than 0 and at most 1000000"* && $out == *"got 1000000000"* ]] ||
  fail "--scale 1e9: message lacks the range: $out"
[ -e "$tmp/e/out" ] && fail "a refused --scale left files behind"
# count 1e9 is legal: --check samples a bounded number of its trains and says so.
sed 's/count: 2000,/count: 1000000000,/' "$tmp/big.yaml" >"$tmp/huge.yaml"
(cd "$tmp/e" && "$railyard" suite "$tmp/huge.yaml" --check >check.md 2>check.log) ||
  { cat "$tmp/e/check.log"; fail "--check of a count of 1e9 failed"; }
grep -q "checking variant test: 100000 of its 1000000000 trains" "$tmp/e/check.log" ||
  fail "--check said nothing of the variant it checks: $(cat "$tmp/e/check.log")"
grep -q "Statistics from the first trains only" "$tmp/e/check.md" ||
  fail "the summary does not say it sampled: $(cat "$tmp/e/check.md")"
grep -q '`test` (100000 of 1000000000)' "$tmp/e/check.md" || fail "the summary lacks the sample size"
grep -q '`train` ([0-9]* of' "$tmp/e/check.md" && fail "a variant under the bound is said to be sampled"
[ -e "$tmp/e/out" ] && fail "--check wrote files"
echo "PASS"
