#include "tests/fuzz/fuzz_targets.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/suite/suite.h"
#include "util/input_error.h"

namespace railyard {

int fuzz_suite(const std::uint8_t* data, std::size_t size) {
  std::filesystem::path file = fuzz_input_file("suite.yaml", data, size);
  try {
    // As `railyard suite --scale 0.01` and `--print-config` would: every variant's config whole.
    for (double scale : {1.0, 0.01}) {
      Suite suite = load_suite(file, {scale, {}, {}});
      for (const SuiteVariant& variant : suite.variants) emit_config(variant.config);
    }
  } catch (const InputError&) {
  }
  return 0;
}

}  // namespace railyard
