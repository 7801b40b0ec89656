#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (`ctest`), then the fuzzers' check
# (tools/fuzz.sh without arguments: every committed input, then a fixed-seed run; the same result
# every time). Exploratory fuzzing with random seeds is `tools/fuzz.sh SECONDS`, run apart. A test
# that skips fails the run unless tests/skip_allowlist.txt names it with its reason
# (tools/check_skips.py).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/build.sh
status=0
ctest --test-dir build --output-on-failure -j "$(nproc)" --output-junit ctest-junit.xml || status=$?
/usr/bin/python3 tools/check_skips.py build/ctest-junit.xml tests/skip_allowlist.txt || status=1
tools/fuzz.sh || status=1
exit $status
