#include "tools/lib/shards/shard_layout.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string_view>

#include "tools/lib/records/sample_files.h"

namespace railyard {
namespace {

// A record's file keys (sample_files.h) and their members' names.
constexpr std::pair<std::string_view, std::string_view> kMemberNames[] = {
    {"image", "png"}, {"depth_png", "depth.png"}, {"depth_exr", "depth.exr"}, {"scene", "glb"}};

std::string padded(std::uint64_t number, int digits) {
  std::string text = std::to_string(number);
  return std::string(text.size() < static_cast<std::size_t>(digits) ? digits - text.size() : 0,
                     '0') +
         text;
}

}  // namespace

int key_digits(std::uint64_t units) {
  return std::max<int>(6, static_cast<int>(std::to_string(units > 0 ? units - 1 : 0).size()));
}

std::string unit_key(std::uint64_t index, int digits) {
  return padded(index, digits);
}

std::optional<std::uint64_t> key_number(std::string_view key, int digits) {
  std::uint64_t number = 0;
  auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), number);
  if (key.size() != static_cast<std::size_t>(digits) || error != std::errc() ||
      end != key.data() + key.size() || key.find_first_not_of("0123456789") != key.npos)
    return std::nullopt;
  return number;
}

std::string step_prefix(std::uint64_t step, std::uint64_t longest) {
  int digits =
      std::max<int>(3, static_cast<int>(std::to_string(longest > 0 ? longest - 1 : 0).size()));
  return "step" + padded(step, digits) + ".";
}

std::string member_name(std::string_view prefix, std::string_view file_key) {
  auto named = std::find_if(std::begin(kMemberNames), std::end(kMemberNames),
                            [&](const auto& pair) { return pair.first == file_key; });
  if (named == std::end(kMemberNames))
    throw std::logic_error("no member name for a sample's file " + std::string(file_key));
  return std::string(prefix) + std::string(named->second);
}

std::vector<PackedFile> sample_members(std::string_view prefix, const DatasetPaths& paths,
                                       const SampleRecord& record) {
  std::vector<PackedFile> out;
  for (const SampleFile& file : sample_files(paths, record))
    out.push_back({member_name(prefix, file.key), file.path, file.check});
  return out;
}

}  // namespace railyard
