#!/usr/bin/env bash
# Fuzzes the rule engine, the operations language of interventions, LTLf formulas, the loaders of
# configs, suites, worlds specs, scenes, asset manifests and train descriptions, railyard
# score's predictions files, and tar shards: builds the libFuzzer targets of tests/fuzz with
# clang, ASan and UBSan in build-fuzz (only the libraries they need). A target fails on a crash,
# a leak, one input past 10 s or over 2 GB.
#
#   tools/fuzz.sh              # the check tools/test.sh runs: the same result every time
#   tools/fuzz.sh check rule   # the check, some targets only
#   tools/fuzz.sh 3600         # exploratory: an hour per target, random seeds
#   tools/fuzz.sh 600 worlds   # exploratory, some targets only
#
# The check replays every committed input (the shipped files of each kind, tests/fuzz/seeds and
# every past finding in tests/fuzz/regressions), then mutates them for a fixed number of runs
# from a fixed seed in a scratch corpus: nothing in it depends on the day, the clock or an earlier
# run. Exploratory runs draw a fresh seed each time and keep their corpus in build-fuzz/corpus;
# a failing input lands in build-fuzz/crashes/<target>/. Reproduce it with
# build-fuzz/bin/fuzz_<target> FILE, fix the cause, and commit the input under
# tests/fuzz/regressions/<target>/: the check (and the fuzz_regressions test of the normal build)
# replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-}"
shift || true
if [ "$seconds" = check ]; then seconds=""; fi
build=build-fuzz
check_runs=3000  # mutations per target in the check

launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
mkdir -p "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
  -DCMAKE_CXX_COMPILER=clang++ -DRAILYARD_FUZZ=ON "${launcher[@]}" > "$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for source in tests/fuzz/fuzz_*.cpp; do
    name="$(basename "$source" .cpp)"
    [ "$name" = fuzz_targets ] || [ "$name" = fuzz_regressions_test ] || targets+=("${name#fuzz_}")
  done
fi
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}"

# The committed inputs of a target: the shipped files of its kind, its seeds, its findings.
inputs_of() {
  case "$1" in
    reader | rule) echo logic/rules/*.pl tests/logic/prolog/rules/*.pl ;;
    config) echo configs/*.yaml tests/tools/dataset/golden/*.yaml ;;
    scene) echo scenes/*.yaml ;;
    manifest) echo assets/manifest.yaml ;;
    suite) echo configs/suites/*.yaml ;;
    worlds) echo configs/worlds/*.yaml ;;
  esac
  if [ -d "tests/fuzz/seeds/$1" ]; then echo tests/fuzz/seeds/"$1"/*; fi
  echo tests/fuzz/regressions/"$1"/*
}

options=(-timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1)
dict_of() {
  case "$1" in
    reader | rule) echo -dict=tests/fuzz/prolog.dict ;;
    operations) echo -dict=tests/fuzz/operations.dict ;;
  esac
}

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
failed=()
for target in "${targets[@]}"; do
  binary="$build/bin/fuzz_$target"
  log="$build/fuzz_$target.log"
  # shellcheck disable=SC2207  # committed paths hold no spaces
  committed=($(inputs_of "$target"))
  if [ -z "$seconds" ]; then
    # Every committed input once, then a fixed-seed mutation run from them in a scratch corpus.
    corpus="$scratch/$target"
    mkdir -p "$corpus" "$scratch/crashes-$target"
    cp "${committed[@]}" "$corpus"/
    echo "fuzz_$target: ${#committed[@]} committed inputs, then $check_runs runs from seed 1"
    if ! { "$binary" "${options[@]}" "${committed[@]}" &&
      "$binary" "${options[@]}" $(dict_of "$target") -seed=1 -runs="$check_runs" \
        -artifact_prefix="$scratch/crashes-$target/" "$corpus"; } > "$log" 2>&1; then
      tail -n 60 "$log"
      mkdir -p "$build/crashes/$target"
      cp "$scratch/crashes-$target"/* "$build/crashes/$target"/ 2> /dev/null || true
      failed+=("$target")
    fi
  else
    corpus="$build/corpus/$target"
    mkdir -p "$corpus" "$build/crashes/$target"
    cp "${committed[@]}" "$corpus"/
    echo "fuzz_$target: ${seconds}s"
    # shellcheck disable=SC2046
    if ! "$binary" "${options[@]}" $(dict_of "$target") -max_total_time="$seconds" \
      -artifact_prefix="$build/crashes/$target/" "$corpus" > "$log" 2>&1; then
      tail -n 60 "$log"
      failed+=("$target")
    else
      grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$log" || true
    fi
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: failing targets: ${failed[*]} (inputs in $build/crashes/)" >&2
  exit 1
fi
echo "fuzz.sh: no failures"
