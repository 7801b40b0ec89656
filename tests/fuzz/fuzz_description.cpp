#include <cstdlib>
#include <string_view>

#include "logic/errors.h"
#include "tests/fuzz/fuzz_targets.h"
#include "tools/lib/records/formats/description.h"

namespace railyard {

int fuzz_description(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    try {
      LabelledTrain train = parse_description(line);
      // What is read is written back as it reads: the format is its own inverse.
      if (parse_description(format_description(train)) != train) std::abort();
    } catch (const DescriptionError&) {
    }
  }
  return 0;
}

}  // namespace railyard
