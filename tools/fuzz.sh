#!/usr/bin/env bash
# Fuzzes the rule engine, the operations language of interventions, LTLf formulas and the loaders of configs,
# suites, scenes, asset manifests and train descriptions: builds the libFuzzer targets of
# tests/fuzz with clang, ASan and UBSan in build-fuzz (only the libraries they need), then runs
# each for SECONDS (default 10, a smoke run)
# from a seed corpus of the shipped files of its kind plus the committed regression inputs. Exits
# non-zero when any target crashes, leaks, hangs past 10 s on one input or needs over 2 GB.
#
#   tools/fuzz.sh            # smoke run, part of tools/test.sh
#   tools/fuzz.sh 3600       # a long run: an hour per target
#
# The corpus grows in build-fuzz/corpus/<target>/ across runs. A failing input is written to
# build-fuzz/crashes/<target>/; reproduce it with build-fuzz/bin/fuzz_<target> FILE, fix the
# cause, and commit the input under tests/fuzz/regressions/<target>/ so that the fuzz_regressions
# test replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
build=build-fuzz

launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
mkdir -p "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
  -DCMAKE_CXX_COMPILER=clang++ -DRAILYARD_FUZZ=ON "${launcher[@]}" > "$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }

targets=()
for source in tests/fuzz/fuzz_*.cpp; do
  name="$(basename "$source" .cpp)"
  [ "$name" = fuzz_targets ] || [ "$name" = fuzz_regressions_test ] || targets+=("${name#fuzz_}")
done
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}"

# Each target starts from the shipped files of its kind and its committed regression inputs.
seeds_of() {
  case "$1" in
    reader | rule) echo logic/rules/*.pl tests/logic/prolog/rules/*.pl ;;
    config) echo configs/*.yaml tests/tools/dataset/golden/*.yaml ;;
    scene) echo scenes/*.yaml ;;
    manifest) echo assets/manifest.yaml ;;
    description) echo tests/fuzz/regressions/description/* ;;
    operations) echo tests/fuzz/seeds/operations/* ;;
    suite) echo configs/suites/*.yaml ;;
    formula) echo tests/fuzz/seeds/formula/* ;;
  esac
}
failed=()
for target in "${targets[@]}"; do
  corpus="$build/corpus/$target"
  crashes="$build/crashes/$target"
  mkdir -p "$corpus" "$crashes"
  # shellcheck disable=SC2046
  cp $(seeds_of "$target") tests/fuzz/regressions/"$target"/* "$corpus"/
  dict=()
  case "$target" in
    reader | rule) dict=(-dict=tests/fuzz/prolog.dict) ;;
    operations) dict=(-dict=tests/fuzz/operations.dict) ;;
  esac
  echo "fuzz_$target: ${seconds}s"
  if ! "$build/bin/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    "${dict[@]}" -artifact_prefix="$crashes/" -print_final_stats=1 \
    "$corpus" > "$build/fuzz_$target.log" 2>&1; then
    tail -n 60 "$build/fuzz_$target.log"
    failed+=("$target")
  else
    grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$build/fuzz_$target.log" || true
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: failing targets: ${failed[*]} (inputs in $build/crashes/)" >&2
  exit 1
fi
echo "fuzz.sh: no failures"
