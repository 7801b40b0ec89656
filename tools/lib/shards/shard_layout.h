// How a unit is named inside a shard, by WebDataset's convention: every member of one unit is
// "<key>.<name>", the key the unit's index zero-padded (000042), so that a reader groups a unit's
// members by the text before the first dot. A unit is a sample of a dataset, a pair (its record,
// then "base." and "intervened." samples) or a sequence (its line, then "step000." ...). A sample's
// members under a prefix:
//   <prefix>json       its record (records/<i>.json)
//   <prefix>png        the image                <prefix>depth.png  V-LoL's depth PNG
//   <prefix>depth.exr  the depth EXR            <prefix>glb        the 3D scene (outputs.scene)
// Within a unit the members are in name order.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/formats/sample_record.h"

namespace railyard {

// Records and lines are read whole; one that claims more is refused before it is read.
inline constexpr std::uint64_t kMaxTextMember = 256ull << 20;

// The digits of every key of a folder of `units` units: at least 6, so keys sort as numbers.
int key_digits(std::uint64_t units);
std::string unit_key(std::uint64_t index, int digits);
// The key's number, or nullopt when `key` is not `digits` decimal digits.
std::optional<std::uint64_t> key_number(std::string_view key, int digits);

// "step003.": the prefix of step t of a sequence whose longest sequence has `longest` steps.
std::string step_prefix(std::uint64_t step, std::uint64_t longest);
inline constexpr std::string_view kBasePrefix = "base.", kIntervenedPrefix = "intervened.";

// A sample's file as a member: its name after the key's dot, its path in the dataset, and its
// check from the record.
struct PackedFile {
  std::string name;  // "png", "base.depth.exr"
  std::filesystem::path path;
  std::optional<FileCheck> check;
};

// The record's member name under `prefix`, and its files' (not the record).
inline std::string record_member(std::string_view prefix) {
  return std::string(prefix) + "json";
}
// The member name under `prefix` of a record's file key (sample_files.h: "image" -> "png").
std::string member_name(std::string_view prefix, std::string_view file_key);
std::vector<PackedFile> sample_members(std::string_view prefix, const DatasetPaths& paths,
                                       const SampleRecord& record);

}  // namespace railyard
