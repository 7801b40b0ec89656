#include "tools/lib/records/formats/shard_index.h"

#include <cstdio>

#include "util/printable_text.h"

namespace railyard {
namespace {

// A relative path that stays inside the folder.
bool inside(const std::string& text) {
  std::filesystem::path path(text);
  if (text.empty() || path.is_absolute()) return false;
  for (const std::filesystem::path& part : path)
    if (part == ".." || part == ".") return false;
  return true;
}

}  // namespace

std::string shard_name(const std::string& split, std::uint64_t number) {
  char tail[32];
  std::snprintf(tail, sizeof tail, "-%06llu.tar", static_cast<unsigned long long>(number));
  std::string name = split;
  name.append(tail);
  return name;
}

std::string shard_index_text(const ShardIndex& index) {
  return record_json(index).dump(2) + "\n";
}

void check_record(const RecordPlace& at, const ShardIndex& index) {
  if (index.kind != "dataset" && index.kind != "sequences" && index.kind != "pairs" &&
      index.kind != "suite")
    at["kind"].fail("expected dataset, sequences, pairs or suite");
  if (index.key_digits < 1 || index.key_digits > 20) at["key_digits"].fail("expected 1..20");
  if (index.samples_per_shard == 0 && !index.shards.empty())
    at["samples_per_shard"].fail("expected at least 1");
  std::uint64_t units = 0, number = 0;
  for (std::size_t k = 0; k < index.shards.size(); ++k) {
    const ShardEntry& shard = index.shards[k];
    RecordPlace place = at["shards[" + std::to_string(k) + "]"];
    number = k > 0 && index.shards[k - 1].split == shard.split ? number + 1 : 0;
    if (std::string expected = shard_name(shard.split, number); shard.name != expected)
      place["name"].fail(printable(shard.name).append(": expected ").append(expected));
    if (shard.samples == 0 || shard.samples > index.samples_per_shard)
      place["samples"].fail("expected 1.." + std::to_string(index.samples_per_shard));
    units += shard.samples;
  }
  if (units != index.samples)
    at["samples"].fail("is not the " + std::to_string(units) + " units of the shards");
  for (std::size_t k = 0; k < index.folders.size(); ++k)
    if (!inside(index.folders[k]))
      at["folders[" + std::to_string(k) + "]"].fail("not a folder inside this one");
}

void check_record(const RecordPlace& at, const ShardEntry& entry) {
  if (entry.split.empty() || entry.split.find_first_of("/.") != std::string::npos)
    at["split"].fail("not a split's name");
  if (!entry.name.starts_with(entry.split + "-") || !entry.name.ends_with(".tar"))
    at["name"].fail(printable(entry.name).append(": not a shard of its split"));
  check_sha256(at["sha256"], entry.sha256);
}

ShardIndex read_shard_index(const std::filesystem::path& file) {
  return read_record_file<ShardIndex>(file);
}

std::string shard_entry_text(const ShardEntry& entry) {
  return record_json(entry).dump(2) + "\n";
}

}  // namespace railyard
