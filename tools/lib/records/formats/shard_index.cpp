#include "tools/lib/records/formats/shard_index.h"

#include <cstdio>

#include "util/printable_text.h"

namespace railyard {
namespace {

bool is_sha256(const std::string& text) {
  return text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

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

namespace {

// What shards.json must be beyond its keys and types.
void check_index(const JsonField<nlohmann::json>& field, const ShardIndex& index) {
  if (index.tool != "railyard") field["tool"].fail("expected 'railyard'");
  if (index.kind != "dataset" && index.kind != "sequences" && index.kind != "pairs" &&
      index.kind != "suite")
    field["kind"].fail("expected dataset, sequences, pairs or suite");
  if (index.key_digits < 1 || index.key_digits > 20) field["key_digits"].fail("expected 1..20");
  if (index.samples_per_shard == 0 && !index.shards.empty())
    field["samples_per_shard"].fail("expected at least 1");
  auto shards = field["shards"].items();
  std::uint64_t units = 0, number = 0;
  for (std::size_t k = 0; k < index.shards.size(); ++k) {
    const ShardEntry& shard = index.shards[k];
    number = k > 0 && index.shards[k - 1].split == shard.split ? number + 1 : 0;
    if (shard.split.empty() || !inside(shard.split) || shard.split.find('/') != std::string::npos)
      shards[k]["split"].fail("not a split's name");
    if (std::string expected = shard_name(shard.split, number); shard.name != expected)
      shards[k]["name"].fail(printable(shard.name).append(": expected ").append(expected));
    if (shard.samples == 0 || shard.samples > index.samples_per_shard)
      shards[k]["samples"].fail("expected 1.." + std::to_string(index.samples_per_shard));
    if (!is_sha256(shard.sha256)) shards[k]["sha256"].fail("expected 64 lowercase hex digits");
    units += shard.samples;
  }
  if (units != index.samples)
    field["samples"].fail("is not the " + std::to_string(units) + " units of the shards");
  auto folders = field["folders"].items();
  for (std::size_t k = 0; k < index.folders.size(); ++k)
    if (!inside(index.folders[k])) folders[k].fail("not a folder inside this one");
}

}  // namespace

ShardIndex read_shard_index(const std::filesystem::path& file) {
  return read_record_file<ShardIndex>(file, check_index);
}

std::string shard_entry_text(const ShardEntry& entry) {
  return record_json(entry).dump(2) + "\n";
}

ShardEntry read_shard_entry(const std::filesystem::path& file) {
  return read_record_file<ShardEntry>(
      file, [](const JsonField<nlohmann::json>& field, const ShardEntry& entry) {
        if (entry.split.empty() || entry.split.find_first_of("/.") != std::string::npos)
          field["split"].fail("not a split's name");
        if (!entry.name.starts_with(entry.split + "-") || !entry.name.ends_with(".tar"))
          field["name"].fail(printable(entry.name).append(": not a shard of its split"));
        if (!is_sha256(entry.sha256)) field["sha256"].fail("expected 64 lowercase hex digits");
      });
}

}  // namespace railyard
