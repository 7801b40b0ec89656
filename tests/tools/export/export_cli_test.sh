#!/usr/bin/env bash
# `railyard export` and the `exports:` config key end to end: a generated dataset carries the
# exports its config names, per split, with every labelled sample once; `railyard export` adds
# others; a pairs folder exports both sides; bad input stops with a message naming the folder or
# key and leaves an earlier export as it was.
#   export_cli_test.sh RAILYARD_BINARY
set -uo pipefail

railyard=$1
tmp=$(mktemp -d /tmp/railyard-export-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
small=(-q -n 40 --width 64 --height 36 --seed 5 --set outputs.depth_exr=false --set subsets=[])

echo "== exports: in the config"
"$railyard" generate "${small[@]}" -o "$tmp/a" \
  --set "exports=[{target: popper}, {target: scene_graphs}]" || fail "generate failed"
dataset=$(echo "$tmp"/a/Trains_*)
for split in train val test; do
  [ -f "$dataset/exports/popper_relational/$split/bk.pl" ] || fail "no popper $split/bk.pl"
  [ -f "$dataset/exports/scene_graphs/$split/scene_graphs.jsonl" ] || fail "no $split scene graphs"
  examples=$(grep -c "^pos(\|^neg(" "$dataset/exports/popper_relational/$split/exs.pl")
  indices=$(grep -c . "$dataset/splits/$split.txt")
  [ "$examples" = "$indices" ] || fail "$split: $examples examples for $indices samples"
  graphs=$(grep -c . "$dataset/exports/scene_graphs/$split/scene_graphs.jsonl")
  [ "$graphs" = "$indices" ] || fail "$split: $graphs scene graphs for $indices samples"
done

echo "== railyard export"
"$railyard" export "$dataset" -t aleph --vocabulary michalski --noise 0.1 --noise-seed 3 ||
  fail "export failed"
folder="$dataset/exports/aleph_michalski_noise0.1"
[ -f "$folder/train/train.b" ] && [ -f "$folder/train/noise.jsonl" ] || fail "no aleph export"
positives=$(cat "$folder"/*/train.f | grep -c "^eastbound(")
east=$(cat "$tmp"/a/dataset_descriptions/*/*.txt | grep -c "^east ")
[ "$positives" = "$east" ] || fail "$positives positive examples for $east eastbound trains"
before=$(cat "$folder"/*/* | md5sum)

echo "== bad input"
out=$("$railyard" export "$tmp" 2>&1) && fail "a folder without records was accepted"
grep -q "no records/" <<<"$out" || fail "message lacks the reason: $out"
out=$("$railyard" export "$dataset" -t aleph --vocabulary klingon 2>&1) &&
  fail "an unknown vocabulary was accepted"
grep -q "klingon" <<<"$out" || fail "message lacks the vocabulary: $out"
out=$("$railyard" export "$dataset" -t popper,prolog 2>&1) && fail "an unknown target was accepted"
grep -q "prolog" <<<"$out" || fail "message lacks the target: $out"
out=$("$railyard" export "$dataset" -t aleph --vocabulary michalski --noise 1.5 2>&1) &&
  fail "a noise rate of 1.5 was accepted"
out=$("$railyard" generate "${small[@]}" -o "$tmp/b" --set "exports=[{target: popper, noise: 2}]" \
  2>&1) && fail "a noise rate of 2 in the config was accepted"
grep -q "exports" <<<"$out" || fail "message lacks the key: $out"
[ -e "$tmp/b" ] && fail "a bad config left files behind"
[ "$(cat "$folder"/*/* | md5sum)" = "$before" ] || fail "a failed export changed the earlier one"
for seed in -1 18446744073709551616 1e3; do
  out=$("$railyard" export "$dataset" -t aleph --noise 0.1 --noise-seed "$seed" 2>&1) &&
    fail "--noise-seed $seed was accepted"
  grep -q -- "--noise-seed $seed" <<<"$out" || fail "message lacks the seed: $out"
done

echo "== -o never replaces a folder that an export did not make"
snapshot() { (cd "$1" && find . -type f -exec md5sum {} + | sort | md5sum); }
dataset_before=$(snapshot "$dataset")
out=$("$railyard" export -t popper -o "$dataset" "$dataset" 2>&1) && fail "-o DATASET was accepted"
grep -q "$dataset: not replaced" <<<"$out" || fail "message lacks the folder: $out"
[ "$(snapshot "$dataset")" = "$dataset_before" ] || fail "export -o DATASET changed the dataset"
mkdir -p "$tmp/mine/sub" && echo "keep me" > "$tmp/mine/sub/notes.txt"
out=$("$railyard" export -t popper -o "$tmp/mine" "$dataset" 2>&1) && fail "-o over other files"
grep -q "not made by railyard export" <<<"$out" || fail "message lacks the reason: $out"
[ "$(cat "$tmp/mine/sub/notes.txt")" = "keep me" ] || fail "export -o wiped another folder"
out=$("$railyard" export -t popper,aleph -o "$dataset/images" "$dataset" 2>&1) &&
  fail "-o with two targets was accepted"
"$railyard" export -t popper -o "$tmp/fresh" "$dataset" > /dev/null || fail "export -o fresh failed"
"$railyard" export -t popper -o "$tmp/fresh" "$dataset" > /dev/null || fail "re-export failed"
echo "added" > "$tmp/fresh/train/mine.pl"
"$railyard" export -t popper -o "$tmp/fresh" "$dataset" > /dev/null 2>&1 &&
  fail "an export holding a person's file was replaced"
[ -f "$tmp/fresh/train/mine.pl" ] || fail "a person's file in an export was removed"
# -t takes one value (comma-separated for several): the folders after it are datasets.
"$railyard" export -t scene_graphs "$dataset" > /dev/null || fail "-t TARGET DATASET failed"

echo "== a pairs folder exports both sides"
"$railyard" intervene "${small[@]}" -n 12 -o "$tmp/p" || fail "intervene failed"
pairs=$(echo "$tmp"/p/*_pairs)
"$railyard" export "$pairs" -t popper || fail "export of pairs failed"
for side in base intervened; do
  ls "$pairs/exports/popper_relational/$side"/*/exs.pl > /dev/null 2>&1 || fail "no $side export"
done
pairs_before=$(snapshot "$pairs")
out=$("$railyard" export -t popper -o "$pairs" "$pairs" 2>&1) && fail "-o PAIRS was accepted"
[ "$(snapshot "$pairs")" = "$pairs_before" ] || fail "export -o PAIRS changed the pairs folder"
echo "PASS"
