#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/fuzz/fuzz_targets.h"
#include "tools/dataset/config.h"
#include "util/input_error.h"

namespace railyard {

int fuzz_config(const std::uint8_t* data, std::size_t size) {
  // build_config reads a file, as the command does; one file per process, rewritten per input.
  static const std::filesystem::path file =
      std::filesystem::temp_directory_path() /
      ("railyard_fuzz_config_" + std::to_string(getpid()) + ".yaml");
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  try {
    DatasetConfig config = build_config(file, {});
    emit_config(config);
  } catch (const InputError&) {
  }
  return 0;
}

}  // namespace railyard
