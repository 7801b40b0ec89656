#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/fuzz/fuzz_targets.h"
#include "tools/dataset/config.h"
#include "tools/suite/suite.h"
#include "util/input_error.h"

namespace railyard {

int fuzz_suite(const std::uint8_t* data, std::size_t size) {
  // load_suite reads a file, as the command does; one file per process, rewritten per input.
  static const std::filesystem::path file =
      std::filesystem::temp_directory_path() /
      ("railyard_fuzz_suite_" + std::to_string(getpid()) + ".yaml");
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
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
