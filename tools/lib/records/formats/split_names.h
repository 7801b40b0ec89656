// The splits a dataset is cut into (splits/<name>.txt, a sample's split in its file names, a
// sequence line's "split"), in the order every file and table lists them.
#pragma once

#include <algorithm>
#include <array>
#include <string_view>

namespace railyard {

inline constexpr std::array<const char*, 3> kSplitNames = {"train", "val", "test"};

inline bool is_split_name(std::string_view name) {
  return std::find(kSplitNames.begin(), kSplitNames.end(), name) != kSplitNames.end();
}

}  // namespace railyard
