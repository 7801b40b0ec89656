#!/usr/bin/env bash
# Sequence datasets (issue #26) end to end through the command: every refusal (a formula that does
# not parse, an unbound atom, an unsatisfiable formula, a tautology, a predicate that does not
# load, an orphan in the formula, an unreachable label or length, too many predicates) exits
# non-zero with a message naming the cause and leaves no file; `railyard ltlf` gives LTLZinc's
# state counts and evaluates traces; thread counts, shards plus merge, and kill -9 plus resume
# give the same bytes; `railyard verify` passes; `railyard sample` writes symbolic sequences; the
# shipped sequence configs plan.
#   sequences_cli_test.sh RAILYARD_BINARY REPO
set -uo pipefail

railyard=$(realpath "$1")
repo=$2
python=/usr/bin/python3
same_tree=$repo/tests/support/same_tree.py
tmp=$(mktemp -d /tmp/railyard-sequences-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
cat >"$tmp/seq.yaml" <<'YAML'
count: 10
width: 64
height: 36
seed: 3
outputs: {depth_exr: false}
sequence:
  formula: "G(east -> X roofed)"
  min_length: 2
  max_length: 6
  predicates:
    roofed: {text: "roofed(T) :- has_car(T, C), closed(C)."}
    heavy: numerical
  orphans: [heavy]
  show_orphans: true
  rate_trains: 2000
YAML

echo "== refusals: non-zero exit, the cause named, no file"
refused() {  # refused EXPECTED-TEXT --set ... ; each run writes into its own folder
  local expected=$1
  shift
  rm -rf "$tmp/refused"
  out=$("$railyard" generate -q "$tmp/seq.yaml" -o "$tmp/refused" "$@" 2>&1) &&
    fail "accepted: $*"
  grep -qF -- "$expected" <<<"$out" || fail "message lacks '$expected': $out"
  [ ! -e "$tmp/refused" ] || fail "files left by: $*"
}
refused "column 13" --set 'sequence.formula=G(east -> X (roofed'
refused "atom 'lamp'" --set 'sequence.formula=G(east -> X lamp)'
refused "unsatisfiable" --set 'sequence.formula=F(roofed & !roofed) & east'
refused "tautology" --set 'sequence.formula=G(roofed | !roofed) | east'
refused "sequence.predicates.roofed" --set 'sequence.predicates={roofed: {text: "roofed(T) :- has_car(T, C"}, heavy: numerical}'
refused "sequence.predicates.roofed" --set 'sequence.predicates={roofed: nosuchrule, heavy: numerical}'
refused "an orphan is a predicate the formula does not use" --set 'sequence.orphans=[roofed]'
refused "length 1" --set 'sequence.formula=X X roofed' --set sequence.min_length=1 \
  --set 'sequence.orphans=[]' --set 'sequence.predicates={roofed: {text: "roofed(T) :- has_car(T, C), closed(C)."}}'
refused "negative" --set 'sequence.formula=G(east | !east) & F roofed' --set sequence.max_length=3 \
  --set 'sequence.predicates={roofed: {text: "roofed(T) :- has_car(T, _)."}, heavy: numerical}'
many="a0 | a1 | a2 | a3 | a4 | a5 | a6 | a7 | a8 | a9 | a10 | a11 | a12"
preds="{$(for i in $(seq 0 12); do printf 'a%d: numerical, ' "$i"; done)}"
refused "max_atoms (12)" --set "sequence.formula=G($many)" --set "sequence.predicates=$preds" \
  --set 'sequence.orphans=[]'
refused "label_noise" --set label_noise=0.1
out=$("$railyard" ltlf "G(p <-> X" 2>&1) && fail "ltlf accepted a broken formula"
grep -q "column" <<<"$out" || fail "ltlf's message lacks the column: $out"

echo "== railyard ltlf: LTLZinc's automata and traces"
for pair in "G(p <-> X X q):8" "G((p & X p & X X p) -> X X X q):5" "F p & (q U X p):5" \
  "G(p <-> WX !p):4" "G(p <-> WX !q):4"; do
  formula=${pair%:*}
  states=$("$railyard" ltlf "$formula" --json | "$python" -c "import json,sys; print(len(json.load(sys.stdin)['states']))")
  [ "$states" = "${pair##*:}" ] || fail "$formula: $states states, LTLZinc's automaton has ${pair##*:}"
done
"$railyard" ltlf "G(p <-> WX !p)" --trace "p; -; p" | grep -q "accepted: true" || fail "p;-;p"
"$railyard" ltlf "G(p <-> WX !p)" --trace "p; -" | grep -q "accepted: false" || fail "p;-"

echo "== one thread, two threads, two shards and a merge: the same bytes"
"$railyard" generate -q "$tmp/seq.yaml" -o "$tmp/one" -j 1 || fail "the one-thread run failed"
"$railyard" generate -q "$tmp/seq.yaml" -o "$tmp/two" -j 2 || fail "the two-thread run failed"
for i in 0 1; do
  "$railyard" generate -q "$tmp/seq.yaml" -o "$tmp/sharded" --shard "$i/2" || fail "shard $i failed"
done
"$railyard" generate -q "$tmp/seq.yaml" -o "$tmp/sharded" --merge || fail "the merge failed"
for other in two sharded; do
  "$python" "$same_tree" "$tmp/one" "$tmp/$other" sequences/sequences.jsonl || fail "$other differs from one thread"
done
dataset=$(echo "$tmp"/one/Trains_*)
"$railyard" verify -q "$dataset" || fail "verify refused the sequence dataset"
lines=$(wc -l <"$dataset/sequences/sequences.jsonl")
[ "$lines" = 10 ] || fail "sequences.jsonl has $lines lines"
positive=$(grep -c '"accepted":true' "$dataset/sequences/sequences.jsonl")
[ "$positive" = 5 ] || fail "$positive of 10 sequences are positive, not 5"

echo "== kill -9 and resume"
args=(-q "$tmp/seq.yaml" -j 2 --set count=40)
"$railyard" generate "${args[@]}" -o "$tmp/straight" >"$tmp/straight.log" 2>&1 ||
  { cat "$tmp/straight.log"; fail "straight run failed"; }
"$railyard" generate "${args[@]}" -o "$tmp/killed" >"$tmp/killed.log" 2>&1 &
pid=$!
n=0
for _ in $(seq 1 600); do
  n=$(ls "$tmp"/killed/Trains_*/records 2>/dev/null | wc -l)
  [ "$n" -ge 12 ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.02
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
echo "killed with $n samples done"
"$railyard" generate "${args[@]}" -o "$tmp/killed" >"$tmp/resumed.log" 2>&1 ||
  { cat "$tmp/resumed.log"; fail "resumed run failed"; }
"$python" "$same_tree" "$tmp/straight" "$tmp/killed" sequences/sequences.jsonl || fail "the resumed run differs"

echo "== railyard sample: symbolic sequences, no images"
(cd "$tmp" && "$railyard" sample "$tmp/seq.yaml" -o "$tmp/symbolic" >"$tmp/sample.log") ||
  fail "sample failed: $(cat "$tmp/sample.log")"
file=$(ls "$tmp"/symbolic/dataset_descriptions/*/*_sequences.jsonl) || fail "no symbolic sequences"
[ "$(wc -l <"$file")" = 10 ] || fail "$file does not hold 10 sequences"

echo "== the shipped sequence configs plan"
for config in "$repo"/configs/sequences/*.yaml; do
  "$railyard" sample "$config" --set count=4 -o "$tmp/shipped" >/dev/null 2>"$tmp/shipped.log" ||
    fail "$(basename "$config"): $(cat "$tmp/shipped.log")"
done
echo "PASS"
