// shards.json, the index of a folder of tar shards (`railyard pack`): what was packed (its kind),
// how samples are keyed (member "<key>.<name>": the key is the unit's index, zero-padded to
// key_digits), how many units a shard holds, and per shard its file, split, units, bytes and
// SHA-256, in the order a reader streams them (split by split, ascending keys). A suite's index
// names its variants' shard folders, each with its own shards.json. read_shard_index refuses a
// file that is not one, naming the file and the key.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/lib/records/formats/record_members.h"
#include "tools/lib/records/formats/tool_name.h"

namespace railyard {

struct ShardEntry {
  std::string name;           // "<split>-<6 digits>.tar", in the folder
  std::string split;          // train | val | test
  std::uint64_t samples = 0;  // units (samples, pairs or sequences) in the shard
  std::uint64_t first = 0;    // the first unit's key, as a number
  std::uint64_t bytes = 0;
  std::string sha256;

  bool operator==(const ShardEntry&) const = default;
};

struct ShardIndex {
  Tool tool = Tool::Railyard;
  std::string version;
  std::string kind;           // the packed folder's: dataset | sequences | pairs | suite
  std::uint64_t samples = 0;  // units in all shards
  std::uint64_t samples_per_shard = 0;
  int key_digits = 6;
  std::vector<ShardEntry> shards;
  std::vector<std::string> folders;  // a suite's variants: shard folders inside this one

  bool operator==(const ShardIndex&) const = default;
};

RAILYARD_RECORD(ShardEntry, name, split, samples, first, bytes, sha256)
RAILYARD_RECORD(ShardIndex, tool, version, kind, samples, samples_per_shard, key_digits, shards,
                folders)
// What the readers below check beyond keys and types.
void check_record(const RecordPlace& at, const ShardEntry& entry);
void check_record(const RecordPlace& at, const ShardIndex& index);

inline constexpr char kShardIndexFile[] = "shards.json";

// A shard's file name: "train-000003.tar".
std::string shard_name(const std::string& split, std::uint64_t number);

std::string shard_index_text(const ShardIndex& index);  // the bytes of shards.json

// Besides the keys and types: the tool is railyard, the kind one of the four, every shard's name
// its split's and numbered in order, every SHA-256 64 hex digits, the units add up, and the
// folders plain relative paths inside. Throws DatasetError naming the file and the key (IoError
// when it cannot be read).
ShardIndex read_shard_index(const std::filesystem::path& file);

// One shard's entry alone: what a run writing shards keeps of each finished shard until its
// shards.json is written (tools/lib/dataset/tar_shard_sink.h). read_record_file<ShardEntry> checks
// the name, the split and the SHA-256 as read_shard_index does.
std::string shard_entry_text(const ShardEntry& entry);

}  // namespace railyard
