#include "tools/lib/shards/unpack.h"

#include <map>
#include <string>

#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/records/json/dataset_error.h"
#include "tools/lib/records/pairs_manifest.h"
#include "tools/lib/shards/shard_layout.h"
#include "tools/lib/shards/shard_verify.h"
#include "tools/lib/shards/wide_files.h"
#include "util/tar_archive.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

using Members = std::map<std::string, std::string>;  // a unit's, by name after "<key>."

// Where a unit's samples go: the dataset folder (relative to the unpacked folder) of each sample
// prefix the kind uses, and what its own "json" member is.
struct UnitLayout {
  std::map<std::string, fs::path> sides;  // prefix ("", "base.", "intervened.") -> dataset
  bool steps = false;                     // a sequence: every "stepNNN." prefix is the dataset
  bool pair_record = false;               // a pair: "json" is pairs/<key>.json
};

UnitLayout layout_of(const fs::path& shards, const ShardIndex& index) {
  if (index.kind == "pairs") {
    PairsManifest manifest = read_pairs_manifest(shards / "manifest.json");
    return {{{std::string(kBasePrefix), manifest.base},
             {std::string(kIntervenedPrefix), manifest.intervened}},
            false,
            true};
  }
  if (index.kind == "sequences") return {{}, true, false};
  return {{{"", ""}}, false, false};
}

// Member `name` of a unit (verify has found every member its records name).
const std::string& member(const Members& members, const std::string& name,
                          const std::string& where) {
  auto found = members.find(name);
  if (found == members.end()) throw DatasetError(where + ": no member '" + name + "'");
  return found->second;
}

// The sample under `prefix` of a unit: its record back to records/, each file to where the
// record names it in the files layout.
void unpack_sample(StagedFolder& staged, const fs::path& dataset, const std::string& prefix,
                   const Members& members, const std::string& where) {
  const std::string record_name = record_member(prefix);
  JsonOrigin origin{where + ": member '" + record_name + "'"};
  const std::string& text = member(members, record_name, where);
  SampleRecord record = sample_record_from_json(parse_json(text, origin), origin);
  const DatasetPaths paths(dataset);
  staged.write(paths.record(record.index), text);
  for (const PackedFile& file : sample_members(prefix, paths, record))
    staged.write(file.path, member(members, file.name, where));
}

void unpack_unit(StagedFolder& staged, const fs::path& sub, const UnitLayout& layout,
                 const std::string& key, const Members& members, const std::string& where) {
  if (layout.pair_record)
    staged.write(sub / "pairs" / (std::to_string(*key_number(key, key.size())) + ".json"),
                 member(members, record_member(""), where));
  for (const auto& [prefix, dataset] : layout.sides)
    unpack_sample(staged, sub / dataset, prefix, members, where);
  if (layout.steps)
    for (const auto& [name, text] : members)
      if (name.starts_with("step") && name.ends_with(".json") &&
          name.find('.') + 1 == name.size() - 4)
        unpack_sample(staged, sub, name.substr(0, name.size() - 4), members, where);
}

void unpack_shard(StagedFolder& staged, const fs::path& sub, const fs::path& file,
                  const UnitLayout& layout) {
  TarReader tar(file);
  std::string key;
  Members members;
  auto end_unit = [&] {
    if (!key.empty()) unpack_unit(staged, sub, layout, key, members, file.string());
    members.clear();
  };
  while (std::optional<TarMember> member = tar.next()) {
    const std::size_t dot = member->name.find('.');
    const std::string unit = member->name.substr(0, dot);
    if (unit != key) {
      end_unit();
      key = unit;
    }
    std::string& bytes = members[member->name.substr(dot + 1)];
    tar.read([&](std::string_view piece) { bytes.append(piece); });
  }
  end_unit();
}

}  // namespace

void unpack_shards(const fs::path& shards, StagedFolder& staged, const fs::path& sub) {
  for (const VerifyReport& report : verify_shards(shards))
    if (!report.ok()) throw DatasetError(report.faults.front());
  const ShardIndex index = read_shard_index(shards / kShardIndexFile);
  if (index.kind == "suite")
    throw DatasetError(shards.string() + ": a suite's shard folder: unpack its variants");
  const UnitLayout layout = layout_of(shards, index);
  for (const ShardEntry& entry : index.shards)
    unpack_shard(staged, sub, shards / entry.name, layout);
  // Not the shards, their index, runs/ or a card written for the shards.
  copy_wide_files(staged, sub, shards, [](const fs::path& relative) {
    const std::string name = relative.generic_string();
    return name == "runs" || name.ends_with(".tar") || name == kShardIndexFile ||
           name == "README.md" || name == "card.png" || name == "croissant.json";
  });
}

}  // namespace railyard
