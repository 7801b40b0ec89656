// libFuzzer's entry point for one fuzz target, chosen at compile time (see CMakeLists.txt).
#include "tests/fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return railyard::RAILYARD_FUZZ_TARGET(data, size);
}
