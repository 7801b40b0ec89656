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
expect_refusal "no command" "no railyard command after '--'" "$submit" 4
expect_refusal "no command after --" "usage:" "$submit" 4 --
expect_refusal "zero tasks" "got '0'" "$submit" 0 -- generate "$work/config.yaml"
expect_refusal "tasks not a number" "got 'four'" "$submit" four -- generate "$work/config.yaml"
expect_refusal "bad throttle" "got '4%'" "$submit" 4% -- generate "$work/config.yaml"
expect_refusal "not a run command" "'verify' is not a run command" \
  "$submit" 4 -- verify "$work/config.yaml"
# PATH without sbatch (nor anything else: the script must get this far on shell built-ins).
expect_refusal "no sbatch" "sbatch not found on PATH" \
  env PATH=/nonexistent RAILYARD_BIN="$work/railyard" /bin/bash "$submit" 4 -- generate \
  "$work/config.yaml"
# Only reached where sbatch exists; a fake one on PATH makes the case run everywhere.
mkdir "$work/bin" && ln -s /bin/false "$work/bin/sbatch"
expect_refusal "binary missing" "railyard binary '$work/missing' not found" \
  env PATH="$work/bin:$PATH" RAILYARD_BIN="$work/missing" "$submit" 4 -- generate \
  "$work/config.yaml"

# What railyard itself refuses (a missing config, a bad suite) queues nothing.
printf 'suite: s\nvariants:\n  - name: a\n  - name: a\n' >"$work/suite.yaml"
real=${RAILYARD_BIN:-$repo/build/bin/railyard}
if [ -x "$real" ]; then
  for command in generate intervene; do
    expect_refusal "$command: config missing" "nothing submitted" \
      env PATH="$work/bin:$PATH" RAILYARD_BIN="$real" "$submit" 2 -- "$command" \
      "$work/none.yaml"
  done
  expect_refusal "suite: rejected by railyard" "nothing submitted" \
    env PATH="$work/bin:$PATH" RAILYARD_BIN="$real" "$submit" 2 -- suite "$work/suite.yaml"
else
  echo "FAIL: no railyard binary at $real to check its refusals"
  failures=$((failures + 1))
fi

[ "$failures" -eq 0 ] || exit 1
echo "all refusals as expected"
