#!/usr/bin/env bash
# `railyard intervene` end to end: bad operations and refused listed operations stop before any
# file with a message naming the key, train and operation; so do keys the mode ignores, a keep
# the mode never meets and a run in which no train has a twin; a run killed with -9 and run again
# gives the same bytes as one run straight through; a job of a billion trains writes its first pair
# at once; the shipped configs parse.
#   intervene_cli_test.sh RAILYARD_BINARY REPO
set -uo pipefail

railyard=$1
repo=$2
python=/usr/bin/python3
same_tree=$repo/tests/support/same_tree.py
tmp=$(mktemp -d /tmp/railyard-intervene-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
small=(-q --width 64 --height 36 --seed 4 --set outputs.depth_exr=false --set subsets=[])

echo "== bad input"
out=$("$railyard" intervene "${small[@]}" -o "$tmp/bad" interventions.mode=listed \
  "interventions.operations=swap_loads(1,9" 2>&1) && fail "a malformed operation was accepted"
grep -q "interventions.operations" <<<"$out" || fail "message lacks the key: $out"
out=$("$railyard" intervene "${small[@]}" -o "$tmp/bad" interventions.mode=listed \
  "interventions.operations=delete(5)" 2>&1) && fail "a refused operation was accepted"
grep -q "train 0" <<<"$out" && grep -q "delete(5)" <<<"$out" ||
  fail "message lacks the train or the operation: $out"
out=$("$railyard" intervene "${small[@]}" -o "$tmp/bad" interventions.max_edits=4 2>&1) &&
  fail "k = 4 was accepted"
grep -q "interventions.max_edits" <<<"$out" || fail "message lacks the key: $out"
[ -e "$tmp/bad" ] && fail "bad input left files behind"

echo "== settings a mode ignores, a keep the mode never meets, a run without pairs"
refused() {  # EXPECTED-TEXT... -- ARGS...: intervene ARGS must fail, its message holding each text
  local texts=() out
  while [ "$1" != "--" ]; do
    texts+=("$1")
    shift
  done
  shift
  out=$("$railyard" intervene "${small[@]}" -o "$tmp/refused" "$@" 2>&1) &&
    fail "accepted: $*"
  for text in "${texts[@]}"; do
    [[ $out == *"$text"* ]] || fail "message lacks '$text': $out"
  done
  [ -e "$tmp/refused" ] && fail "a refused run left files behind: $*"
  echo "refused: $out"
}
refused "interventions.indices" "interventions.mode is flip" -- "interventions.indices=[1]"
refused "interventions.operations" "interventions.mode is random" -- interventions.mode=random \
  "interventions.operations=delete(1)"
refused "interventions.on_refusal" "interventions.mode is preserve" -- \
  interventions.mode=preserve interventions.on_refusal=skip
refused "interventions.kinds" "interventions.mode is listed" -- interventions.mode=listed \
  "interventions.operations=delete(1)" "interventions.kinds=[set_roof]"
refused "interventions.max_edits" "interventions.mode is random" -- interventions.mode=random \
  interventions.max_edits=2
refused "interventions.keep: preserved" "interventions.mode: flip" -- interventions.keep=preserved
refused "interventions.keep: flipped" "interventions.mode: preserve" -- \
  interventions.mode=preserve interventions.keep=flipped
refused "none of the 4 base trains has a twin" "delete(5)" "train 0: " "no car 5" -- -n 4 \
  interventions.mode=listed "interventions.operations=delete(5)" interventions.on_refusal=skip
refused "interventions.kinds" "expected edit kinds" "[set_roof, swap_loads]" -- \
  interventions.mode=random "interventions.kinds={set_roof: 1}"
cat >"$tmp/kinds.yaml" <<'YAML'
interventions:
  mode: random
  kinds:
    - set_roof
    - swap_loads
YAML
"$railyard" intervene "$tmp/kinds.yaml" --print-config >"$tmp/kinds_printed.yaml" ||
  fail "a list of kinds was refused"
grep -q "kinds: set_roof, swap_loads" "$tmp/kinds_printed.yaml" ||
  fail "the list of kinds is not the kinds: $(grep kinds "$tmp/kinds_printed.yaml")"
"$railyard" intervene "$tmp/kinds_printed.yaml" --print-config | cmp -s - "$tmp/kinds_printed.yaml" ||
  fail "the printed config does not read back the same"

for config in vlol_theoryx_swap_payloads vlol_theoryx_remove_roofs vlol_theoryx_counterfactual; do
  "$railyard" intervene "$repo/configs/$config.yaml" --print-config >/dev/null ||
    fail "configs/$config.yaml does not parse"
done

echo "== a job of a billion trains starts at once: the plan is walked, never made whole first"
"$railyard" intervene "${small[@]}" -n 1000000000 -o "$tmp/billion" >"$tmp/billion.log" 2>&1 &
pid=$!
first=""
for _ in $(seq 1 1200); do  # the first pair within a minute at most (it takes under a second)
  first=$(ls "$tmp"/billion/*_pairs/pairs/0.json 2>/dev/null)
  [ -n "$first" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
[ -n "$first" ] || fail "no first pair of a billion-train job within a minute: $(cat "$tmp/billion.log")"
grep -q '"pair":0' "$first" || grep -q '"pair": 0' "$first" || fail "pair 0's file: $(cat "$first")"
rm -rf "$tmp/billion"

echo "== kill -9 and resume"
args=("${small[@]}" -n 40 -j 2 interventions.max_edits=2)
"$railyard" intervene "${args[@]}" -o "$tmp/straight" >"$tmp/straight.log" 2>&1 ||
  { cat "$tmp/straight.log"; fail "straight run failed"; }
"$railyard" intervene "${args[@]}" -o "$tmp/killed" >"$tmp/killed.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  n=$(ls "$tmp"/killed/*_pairs/pairs 2>/dev/null | wc -l)
  [ "$n" -ge 3 ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
echo "killed with $n pairs done"
# What a kill during the dataset-wide files leaves: temporaries in every folder the run writes.
killed=$(echo "$tmp"/killed/*_pairs)
for leftover in .pairs.jsonl.railyard-tmp-999-0 .manifest.json.railyard-tmp-999-1 \
  base/.manifest.json.railyard-tmp-999-2 intervened/coco/.instances.json.railyard-tmp-999-3 \
  pairs/.0.json.railyard-tmp-999-4 exports/.popper_relational.railyard-tmp-999-5/train/bk.pl; do
  mkdir -p "$(dirname "$killed/$leftover")" && echo half >"$killed/$leftover"
done
"$railyard" intervene "${args[@]}" -o "$tmp/killed" >"$tmp/resumed.log" 2>&1 ||
  { cat "$tmp/resumed.log"; fail "resumed run failed"; }
"$python" "$same_tree" "$tmp/straight" "$tmp/killed" pairs.jsonl || fail "the resumed run differs"

echo "== a pair whose file or sample was damaged is rendered again"
rm "$killed/base/"*/records/2.json
head -c 40 "$killed/pairs/3.json" >"$killed/pairs/3.json.cut" && mv "$killed/pairs/3.json.cut" "$killed/pairs/3.json"
truncate -s 10 "$killed/intervened/"*/images/4_m_train.png
out=$("$railyard" intervene --merge "${args[@]}" -o "$tmp/killed" 2>&1) && fail "merge of a damaged folder passed"
grep -q "pair 2 of" <<<"$out" || fail "merge does not name the damaged pair: $out"
"$railyard" intervene "${args[@]}" -o "$tmp/killed" >"$tmp/repaired.log" 2>&1 ||
  { cat "$tmp/repaired.log"; fail "the run after damage failed"; }
grep -q "3 pairs rendered" "$tmp/repaired.log" || fail "not the 3 damaged pairs rendered: $(cat "$tmp/repaired.log")"
"$python" "$same_tree" "$tmp/straight" "$tmp/killed" pairs.jsonl || fail "the repaired run differs"
"$railyard" verify -q "$killed" || fail "verify refused the repaired pairs folder"
echo "PASS"
