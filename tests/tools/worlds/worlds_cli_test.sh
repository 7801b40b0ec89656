#!/usr/bin/env bash
# `railyard worlds` through the command: the same spec and seed give the same bytes; an
# impossible spec (more concepts than its grammar has meanings) and inconsistent keys exit
# non-zero naming what was found against what was needed, and write nothing; a folder the
# command did not make is never replaced; the shipped specs build; a world's dataset generates,
# verifies and exports.
#   worlds_cli_test.sh RAILYARD_BINARY REPO
set -uo pipefail

railyard=$(realpath "$1")
repo=$2
tmp=$(mktemp -d /tmp/railyard-worlds-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
small=$repo/configs/worlds/small.yaml

# Same spec, same seed: the same bytes; another seed: other worlds.
"$railyard" worlds "$small" -o "$tmp/a" >/dev/null || fail "small spec did not build"
"$railyard" worlds "$small" -o "$tmp/b" >/dev/null || fail "small spec did not build twice"
diff -r "$tmp/a" "$tmp/b" >/dev/null || fail "the same spec gave different bytes"
"$railyard" worlds "$small" --set seed=1 -o "$tmp/c" >/dev/null || fail "seed 1 did not build"
cmp -s "$tmp/a/worlds.json" "$tmp/c/worlds.json" && fail "another seed gave the same worlds"
for file in worlds.json suite.yaml curriculum.yaml rules/small_0.pl rules/small_4.pl; do
  [[ -s $tmp/a/$file ]] || fail "missing $file"
done
# Rerunning into its own folder replaces it.
"$railyard" worlds "$small" --set seed=1 -o "$tmp/a" >/dev/null || fail "could not replace its own folder"
cmp -s "$tmp/a/worlds.json" "$tmp/c/worlds.json" || fail "the replaced folder is not the new run's"

# A world's dataset is a dataset like any other: rendered, verified, exported for Popper, Aleph
# and graph learners.
"$railyard" generate --set rule="$tmp/a/rules/small_1.pl" --set count=12 --set width=64 \
  --set height=36 --set outputs.depth_exr=false --set subsets=[] -o "$tmp/world_data" >/dev/null 2>&1 \
  || fail "a world's dataset did not generate"
dataset=$(dirname "$(ls -d "$tmp"/world_data/*/records)")
"$railyard" verify "$dataset" >/dev/null || fail "a world's dataset does not verify"
"$railyard" export "$dataset" -t popper,aleph,scene_graphs >/dev/null || fail "exports failed"
for target in popper_relational aleph_relational scene_graphs; do
  [[ -n $(ls -A "$dataset/exports/$target" 2>/dev/null) ]] || fail "no $target export"
done
grep -rq "small_1" "$dataset/manifest.json" || fail "the manifest does not name the world's rule"

# An impossible spec: one attribute test per concept has 25 meanings at most, 40 are asked for.
out=$("$railyard" worlds "$small" -o "$tmp/impossible" --set pool=40 --set window=1 \
  --set worlds.split.train=40 --set worlds.split.val=0 --set worlds.split.test=0 \
  --set concepts.cars=1 --set concepts.literals=1 --set concepts.kinds=[attribute] \
  --set concepts.negation=0 --set "concepts.share=[0, 1]" --set "worlds.share=[0, 1]" \
  --set patience=500 2>&1) && fail "an impossible spec succeeded"
for part in "cannot be met" "of the 40 needed" "same text" "same meaning"; do
  [[ $out == *"$part"* ]] || fail "impossible spec: no '$part' in: $out"
done
[[ -e $tmp/impossible ]] && fail "an impossible spec wrote its folder"

# Keys that do not fit together, refused before any work, naming the key.
check_refused() {
  local expected=$1
  shift
  out=$("$railyard" worlds "$small" -o "$tmp/refused" "$@" 2>&1) && fail "accepted: $*"
  [[ $out == *"$expected"* ]] || fail "refusal of $* does not name '$expected': $out"
  [[ -e $tmp/refused ]] && fail "a refused spec wrote its folder: $*"
  return 0
}
check_refused "worlds.split" --set worlds.split.test=2
check_refused "stride" --set stride=3
check_refused "concepts.kinds" --set "concepts.kinds=[attribute, loops]"
check_refused "unknown" --set colour=red
check_refused "dataset.seed" --set dataset.seed=3
check_refused "min_cars" --set dataset.min_cars=5

# A folder the command did not make is refused and left as it was.
mkdir -p "$tmp/mine" && echo keep >"$tmp/mine/notes.txt"
"$railyard" worlds "$small" -o "$tmp/mine" >/dev/null 2>&1 && fail "wrote into a folder it did not make"
[[ $(cat "$tmp/mine/notes.txt") == keep ]] || fail "a folder it did not make was changed"

# The shipped GraphLog spec: 57 worlds from 76 concepts, 6 held-out pairs.
out=$("$railyard" worlds "$repo/configs/worlds/graphlog57.yaml" -o "$tmp/g57") || fail "graphlog57: $out"
[[ $out == *"57 worlds of 20 concepts from a pool of 76"* ]] || fail "graphlog57: $out"
[[ $(ls "$tmp/g57/rules" | wc -l) == 57 ]] || fail "graphlog57 wrote $(ls "$tmp/g57/rules" | wc -l) rule files"
echo "worlds_cli: ok"
