#include <string>

#include "scenes/scene_settings.h"
#include "tests/fuzz/fuzz_targets.h"
#include "util/input_error.h"

namespace railyard {

int fuzz_scene(const std::uint8_t* data, std::size_t size) {
  try {
    parse_scene_settings(std::string(reinterpret_cast<const char*>(data), size), "fuzz.yaml");
  } catch (const InputError&) {
  }
  return 0;
}

}  // namespace railyard
