#!/usr/bin/env bash
# The symbolic commands end to end: sample writes balanced description and JSON Lines files,
# label relabels them, rule-stats reports a share, and bad input is refused with a message that
# names the key and file and a non-zero exit, leaving no output behind. Usage: cli_test.sh RAILYARD
set -euo pipefail
railyard=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*"; exit 1; }

"$railyard" sample -n 40 --seed 3 -o sampled >/dev/null
lines=sampled/dataset_descriptions/theoryx/MichalskiTrains_len_2-4.txt
[[ $(wc -l <"$lines") == 40 ]] || fail "$lines has $(wc -l <"$lines") lines, wanted 40"
[[ $(wc -l <"${lines%.txt}.jsonl") == 40 ]] || fail "JSON Lines file is not 40 lines"
east=$(grep -c '^east' "$lines" || true)
[[ $east == 20 ]] || fail "balanced set of 40 has $east eastbound trains, wanted 20"

# Same seed, same bytes; another seed, other trains.
"$railyard" sample -n 40 --seed 3 -o again >/dev/null
cmp -s "$lines" again/dataset_descriptions/theoryx/MichalskiTrains_len_2-4.txt ||
  fail "the same seed gave different trains"

# Relabelling keeps the trains and changes only labels.
"$railyard" label "$lines" -r numerical -o relabelled.txt >/dev/null
[[ $(wc -l <relabelled.txt) == 40 ]] || fail "relabelled file is not 40 lines"
diff <(cut -d' ' -f2- "$lines") <(cut -d' ' -f2- relabelled.txt) >/dev/null ||
  fail "label changed the trains, not just the labels"

"$railyard" rule-stats -n 2000 -r easy >stats.txt
grep -q "easy" stats.txt || fail "rule-stats does not name the rule: $(cat stats.txt)"

expect_error() {  # expect_error PATTERN COMMAND...: non-zero exit and a message matching PATTERN
  local pattern=$1
  shift
  if "$@" >out.txt 2>err.txt; then fail "accepted: $*"; fi
  grep -q -- "$pattern" err.txt || fail "message of '$*' lacks '$pattern': $(cat err.txt)"
}
printf 'count: 5\nwidth: -3\n' >bad_value.yaml
expect_error "bad_value.yaml:2: key 'width'" "$railyard" generate bad_value.yaml -o refused
printf 'count: 5\ncolour: red\n' >bad_key.yaml
expect_error "key 'colour'" "$railyard" generate bad_key.yaml -o refused
expect_error "key 'count'" "$railyard" generate --set count=many -o refused
expect_error "no_such_rule" "$railyard" generate -n 4 -r no_such_rule -o refused
expect_error "no_such_scene" "$railyard" generate -n 4 --scene no_such_scene -o refused
[[ ! -e refused ]] || fail "a refused config left an output folder behind"

# Flags and --set apply in the order they are written, the later winning.
"$railyard" generate --print-config -n 5 --set count=7 | grep -q "^count: 7" ||
  fail "--set after -n did not win"
"$railyard" generate --print-config --set count=7 -n 5 | grep -q "^count: 5" ||
  fail "-n after --set did not win"
# --set takes one assignment: the config file after it is still the config file.
printf 'seed: 9\n' >seeded.yaml
"$railyard" generate --set count=3 seeded.yaml --print-config >set_then_file.yaml
grep -q "^seed: 9" set_then_file.yaml || fail "--set swallowed the config file after it"
grep -q "^count: 3" set_then_file.yaml || fail "--set before the file was lost"
# The printed config is a config: it reads back to itself.
"$railyard" generate --print-config --set backend_options.pathtrace.bounces=7 >printed.yaml
"$railyard" generate printed.yaml --print-config | cmp -s - printed.yaml ||
  fail "--print-config does not read back to itself"
expect_error "key 'count.x'" "$railyard" generate --set count.x=1 -o refused
expect_error "given twice" bash -c "printf 'count: 3\ncount: 4\n' >twice.yaml && '$railyard' generate twice.yaml -o refused"

"$railyard" generate --print-config -n 12 --seed 4 >effective.yaml
grep -q "^count: 12" effective.yaml || fail "--print-config does not show the flag's count"
grep -q "^seed: 4" effective.yaml || fail "--print-config does not show the flag's seed"
echo PASS
