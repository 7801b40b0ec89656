#pragma once

#include <algorithm>
#include <iterator>
#include <string_view>

namespace railyard {

// Keys a suite decides for every dataset it makes: the seed (from the suite's seed and the
// variant's name) and the output folder (inside the suite's). A variant, a ladder, --set or a
// worlds spec may not give them.
inline constexpr std::string_view kSuiteKeys[] = {"seed", "output"};

inline bool is_suite_key(std::string_view key) {
  return std::ranges::find(kSuiteKeys, key) != std::end(kSuiteKeys);
}

}  // namespace railyard
