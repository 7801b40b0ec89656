#!/usr/bin/env bash
# Builds the whole tree with AddressSanitizer and UndefinedBehaviorSanitizer in build-asan and runs
# every test there: a memory error, a leak or undefined behaviour fails the test that hits it.
#
#   tools/sanitize.sh                      # with the default compiler (gcc)
#   CC=clang CXX=clang++ tools/sanitize.sh # with clang (its build folder is build-asan-clang)
#
# Leaks inside Mesa's own libraries, which the OpenGL tests load through libEGL, are suppressed
# (tools/lsan.supp); nothing of ours is.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-asan
case "${CXX:-}" in *clang*) build=build-asan-clang ;; esac

flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS="$flags" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" "${launcher[@]}"
cmake --build "$build" -j "$(nproc)"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/tools/lsan.supp:print_suppressions=0"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
