#include "tests/fuzz/fuzz_targets.h"
#include "tools/lib/dataset/config.h"
#include "util/input_error.h"

namespace railyard {

int fuzz_config(const std::uint8_t* data, std::size_t size) {
  std::filesystem::path file = fuzz_input_file("config.yaml", data, size);
  try {
    DatasetConfig config = build_config(file, {});
    emit_config(config);
  } catch (const InputError&) {
  }
  return 0;
}

}  // namespace railyard
