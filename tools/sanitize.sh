#!/usr/bin/env bash
# Builds the whole tree with AddressSanitizer and UndefinedBehaviorSanitizer in build-asan and runs
# every test there: a memory error, a leak or undefined behaviour fails the test that hits it.
#
#   tools/sanitize.sh                      # with the default compiler (gcc)
#   CC=clang CXX=clang++ tools/sanitize.sh # with clang (its build folder is build-asan-clang)
#
# The tests that render through Mesa's OpenGL (llvmpipe through libEGL, or GLX under Xvfb) run
# without leak detection: LeakSanitizer's thread tracer crashes on llvmpipe's threads at exit, and
# Mesa's drivers leak from libraries already unloaded, which no suppression can name; nor do the
# Python tests (below). Every other test runs with it, but the hostile-input campaign (below).
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
python_tests='^python_'
# The hostile-input campaign times its cases and samples their memory against limits meant for an
# uninstrumented build, and starts Python children without the runtimes preloaded: it runs in the
# normal build only.
hostile='^hostile_inputs$'
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
status=0
ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1" \
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -E "$mesa_tests|$python_tests|$hostile" ||
  status=1
ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:strict_string_checks=1" \
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -R "$mesa_tests" || status=1

# The Python tests load the instrumented module into Debian's python3, which is not instrumented:
# the sanitizer runtimes must be loaded before it (LD_PRELOAD), and CPython's own memory at exit
# is not ours to check (no leak detection).
case "${CXX:-g++}" in
  *clang*) runtimes="$("${CXX}" -print-file-name=libclang_rt.asan-x86_64.so)" ;;
  *) runtimes="$(g++ -print-file-name=libasan.so) $(g++ -print-file-name=libubsan.so)" ;;
esac
LD_PRELOAD="$runtimes" ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:strict_string_checks=1" \
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -R "$python_tests" || status=1
exit $status
