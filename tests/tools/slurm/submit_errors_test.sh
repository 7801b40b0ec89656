#!/usr/bin/env bash
# tools/slurm/submit.sh refuses bad calls with a clear message and submits nothing.
# Needs no Slurm: every case fails before sbatch would run.
#   submit_errors_test.sh REPO
set -uo pipefail

repo=$1
submit=$repo/tools/slurm/submit.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "count: 4" >"$work/config.yaml"
# Stands in for a railyard binary in the cases that must fail before running it.
touch "$work/railyard" && chmod +x "$work/railyard"
failures=0

# expect_refusal NAME EXPECTED_TEXT COMMAND...: the command exits with 2 and says EXPECTED_TEXT.
expect_refusal() {
  local name=$1 expected=$2 output status
  shift 2
  output=$("$@" 2>&1)
  status=$?
  if [ "$status" -ne 2 ] || [[ $output != *"$expected"* ]]; then
    echo "FAIL $name: status $status, output:"
    echo "$output"
    failures=$((failures + 1))
  else
    echo "ok   $name: $output"
  fi
}

expect_refusal "no arguments" "usage:" "$submit"
expect_refusal "one argument" "usage:" "$submit" "$work/config.yaml"
expect_refusal "zero shards" "got '0'" "$submit" "$work/config.yaml" 0
expect_refusal "shards not a number" "got 'four'" "$submit" "$work/config.yaml" four
expect_refusal "bad throttle" "got '4%'" "$submit" "$work/config.yaml" 4%
expect_refusal "config missing" "config '$work/none.yaml' not found" \
  "$submit" "$work/none.yaml" 4
expect_refusal "config with a space missing" "config '$work/my config.yaml' not found" \
  "$submit" "$work/my config.yaml" 4
# PATH without sbatch (nor anything else: the script must get this far on shell built-ins).
expect_refusal "no sbatch" "sbatch not found on PATH" \
  env PATH=/nonexistent RAILYARD_BIN="$work/railyard" /bin/bash "$submit" "$work/config.yaml" 4
# Only reached where sbatch exists; a fake one on PATH makes the case run everywhere.
mkdir "$work/bin" && ln -s /bin/false "$work/bin/sbatch"
expect_refusal "binary missing" "railyard binary '$work/missing' not found" \
  env PATH="$work/bin:$PATH" RAILYARD_BIN="$work/missing" "$submit" "$work/config.yaml" 4

# submit_suite.sh: the same refusals, and a suite railyard rejects queues nothing.
suite_submit=$repo/tools/slurm/submit_suite.sh
printf 'suite: s\nvariants:\n  - name: a\n  - name: a\n' >"$work/suite.yaml"
expect_refusal "suite: no arguments" "usage:" "$suite_submit"
expect_refusal "suite: zero shards" "got '0'" "$suite_submit" "$work/suite.yaml" 0
expect_refusal "suite: missing" "suite '$work/none.yaml' not found" \
  "$suite_submit" "$work/none.yaml" 2
expect_refusal "suite: binary missing" "railyard binary '$work/missing' not found" \
  env PATH="$work/bin:$PATH" RAILYARD_BIN="$work/missing" "$suite_submit" "$work/suite.yaml" 2
if [ -x "$repo/build/bin/railyard" ] || [ -n "${RAILYARD_BIN:-}" ]; then
  expect_refusal "suite: rejected by railyard" "nothing submitted" \
    env PATH="$work/bin:$PATH" RAILYARD_BIN="${RAILYARD_BIN:-$repo/build/bin/railyard}" \
    "$suite_submit" "$work/suite.yaml" 2
fi

[ "$failures" -eq 0 ] || exit 1
echo "all refusals as expected"
