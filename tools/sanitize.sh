#!/usr/bin/env bash
# Builds the whole tree with AddressSanitizer and UndefinedBehaviorSanitizer in build-asan and runs
# every test there: a memory error, a leak or undefined behaviour fails the test that hits it.
#
#   tools/sanitize.sh                      # with the default compiler (gcc)
#   CC=clang CXX=clang++ tools/sanitize.sh # with clang (its build folder is build-asan-clang)
#
# The tests that render through Mesa's OpenGL (llvmpipe through libEGL, or GLX under Xvfb) run
# without leak detection: LeakSanitizer's thread tracer crashes on llvmpipe's threads at exit, and
# Mesa's drivers leak from libraries already unloaded, which no suppression can name. Every other
# test runs with it.
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

mesa_tests='OpenGlRendererTest|EglPlatformTest|viewer_under_xvfb|railyard_view_under_xvfb'
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
status=0
ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1" \
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -E "$mesa_tests" || status=1
ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:strict_string_checks=1" \
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -R "$mesa_tests" || status=1
exit $status
