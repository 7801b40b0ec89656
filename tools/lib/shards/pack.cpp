#include "tools/lib/shards/pack.h"

#include <algorithm>
#include <map>
#include <set>
#include <variant>

#include "tools/lib/records/open_folder.h"
#include "tools/lib/shards/shard_layout.h"
#include "tools/lib/shards/shard_verify.h"
#include "tools/lib/shards/shard_writer.h"
#include "tools/lib/shards/unit_members.h"
#include "tools/lib/shards/wide_files.h"
#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/io_error.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

const FolderKind kPackFolder{"railyard pack", kPackMarker};

using SplitUnits = std::vector<std::pair<std::string, std::vector<std::uint64_t>>>;

// What a folder kind packs: its units split by split, and how a unit's members are found.
struct Units {
  std::string kind;
  std::uint64_t count = 0;
  SplitUnits splits;
  std::function<void(UnitMembers&, std::uint64_t)> fill;
  fs::path root;               // the folder, whose dataset-wide files go beside the shards
  std::set<fs::path> skipped;  // its per-sample folders, relative to it
};

// Units grouped by split: train, val and test first, then any other in name order.
SplitUnits by_split(std::uint64_t count,
                    const std::function<std::string(std::uint64_t)>& split_of) {
  std::map<std::string, std::vector<std::uint64_t>> groups;
  for (std::uint64_t unit = 0; unit < count; ++unit) groups[split_of(unit)].push_back(unit);
  SplitUnits out;
  for (const char* name : kSplitNames)
    if (auto found = groups.find(name); found != groups.end()) {
      out.emplace_back(name, std::move(found->second));
      groups.erase(found);
    }
  for (auto& group : groups) out.emplace_back(group.first, std::move(group.second));
  return out;
}

// Every record read in index order against the manifest's digest of them (an edited record is
// refused before anything is packed).
void check_records(const DatasetFolder& folder) {
  Sha256 digest;
  for (std::uint64_t index = 0; index < folder.count(); ++index)
    folder.read_record(index, digest, RecordDetail::Truth);
  folder.check_records_digest(digest);
}

std::uint64_t shard_size(const Units& units, int digits, const PackOptions& options) {
  if (options.samples_per_shard > 0) return options.samples_per_shard;
  auto first = std::find_if(units.splits.begin(), units.splits.end(),
                            [](const auto& split) { return !split.second.empty(); });
  if (first == units.splits.end()) return 1;
  std::uint64_t unit = first->second.front();
  UnitMembers members;
  units.fill(members, unit);
  return judged_units_per_shard(members, unit_key(unit, digits));
}

// The folder's dataset-wide files: everything under `root` but the `skipped` folders (relative
// to it), to the same places under `sub`.
void copy_wide_files(StagedFolder& staged, const fs::path& sub, const fs::path& root,
                     const std::set<fs::path>& skipped) {
  railyard::copy_wide_files(staged, sub, root,
                            [&](const fs::path& relative) { return skipped.count(relative) > 0; });
}

// The units' shards, shards.json and the folder's dataset-wide files, under `sub`.
ShardIndex write_shards(StagedFolder& staged, const fs::path& sub, const Units& units,
                        const PackOptions& options) {
  ShardIndex index;
  index.version = options.version;
  index.kind = units.kind;
  index.key_digits = key_digits(units.count);
  index.samples_per_shard = shard_size(units, index.key_digits, options);
  ShardWriter writer(staged, sub, index.samples_per_shard);
  for (const auto& [split, list] : units.splits)
    for (std::uint64_t unit : list) {
      UnitMembers members;
      units.fill(members, unit);
      members.write(writer.unit(split, unit), unit_key(unit, index.key_digits));
      if (++index.samples % index.samples_per_shard == 0 && options.progress)
        options.progress(
            (sub.empty() ? staged.destination() : staged.destination() / sub).string() + ": " +
            std::to_string(index.samples) + " of " + std::to_string(units.count) + " units (" +
            units.kind + ") packed");
    }
  index.shards = writer.finish();
  staged.write(sub / kShardIndexFile, shard_index_text(index));
  copy_wide_files(staged, sub, units.root, units.skipped);
  return index;
}

// A dataset's per-sample folders (and its runs' records and locks), relative to `side`.
void skip_samples(std::set<fs::path>& skipped, const fs::path& side) {
  for (const char* folder : {"images", "depths", "scenes", "records", "runs"})
    skipped.insert(side / folder);
}

Units dataset_units(const DatasetFolder& folder) {
  check_records(folder);
  Units units{"dataset",
              folder.count(),
              by_split(folder.count(), [&](std::uint64_t u) { return folder.split_of(u); }),
              [&](UnitMembers& members, std::uint64_t u) { members.sample("", folder, u); },
              folder.root(),
              {}};
  skip_samples(units.skipped, "");
  return units;
}

Units sequence_units(const SequenceSet& set) {
  const DatasetFolder& folder = set.dataset();
  check_records(folder);
  const std::vector<SequenceLine>& lines = set.lines();
  std::uint64_t longest = 0;
  for (const SequenceLine& line : lines) longest = std::max(longest, line.length);
  Units units{"sequences",
              lines.size(),
              by_split(lines.size(), [&](std::uint64_t s) { return lines[s].split; }),
              [&, longest](UnitMembers& members, std::uint64_t s) {
                members.bytes("json", to_json(lines[s]).dump() + "\n");
                for (std::uint64_t t = 0; t < lines[s].samples.size(); ++t)
                  members.sample(step_prefix(t, longest), folder, lines[s].samples[t]);
              },
              folder.root(),
              {}};
  skip_samples(units.skipped, "");
  return units;
}

Units pair_units(const PairsFolder& pairs) {
  check_records(pairs.base());
  check_records(pairs.intervened());
  const std::vector<PairRecord>& records = pairs.pair_records();
  Units units{"pairs",
              records.size(),
              by_split(records.size(),
                       [&](std::uint64_t p) { return pairs.base().split_of(records[p].base); }),
              [&](UnitMembers& members, std::uint64_t p) {
                members.bytes("json", pair_record_text(records[p]));
                members.sample(kBasePrefix, pairs.base(), records[p].base);
                members.sample(kIntervenedPrefix, pairs.intervened(), records[p].intervened);
              },
              pairs.root(),
              {"pairs", "runs"}};
  for (const DatasetFolder* side : {&pairs.base(), &pairs.intervened()})
    skip_samples(units.skipped, side->root().lexically_relative(pairs.root()));
  return units;
}

ShardIndex pack_into(StagedFolder& staged, const fs::path& sub, const fs::path& root,
                     const PackOptions& options);

ShardIndex pack_suite(StagedFolder& staged, const fs::path& sub, const SuiteFolder& suite,
                      const PackOptions& options) {
  ShardIndex index;
  index.version = options.version;
  index.kind = "suite";
  std::set<fs::path> skipped;
  for (std::size_t v = 0; v < suite.summary().variants.size(); ++v) {
    const std::string& folder = suite.summary().variants[v].folder;
    pack_into(staged, sub / folder, suite.variant_root(v), options);
    index.folders.push_back(folder);
    skipped.insert(*fs::path(folder).begin());  // the variant's whole folder
  }
  staged.write(sub / kShardIndexFile, shard_index_text(index));
  copy_wide_files(staged, sub, suite.root(), skipped);
  if (options.describe) options.describe(staged, sub, suite.root(), index);
  return index;
}

ShardIndex pack_into(StagedFolder& staged, const fs::path& sub, const fs::path& root,
                     const PackOptions& options) {
  if (is_shard_folder(root))
    throw DatasetError(root.string() + ": already a folder of shards (railyard pack wrote it)");
  OpenedFolder opened = open_folder(root);
  if (std::holds_alternative<DatasetFolder>(opened) ||
      std::holds_alternative<SequenceSet>(opened)) {
    auto* dataset = std::get_if<DatasetFolder>(&opened);
    ShardIndex index = write_shards(
        staged, sub,
        dataset ? dataset_units(*dataset) : sequence_units(std::get<SequenceSet>(opened)), options);
    if (options.describe) options.describe(staged, sub, root, index);
    return index;
  }
  if (auto* pairs = std::get_if<PairsFolder>(&opened)) {
    ShardIndex index = write_shards(staged, sub, pair_units(*pairs), options);
    if (options.describe) options.describe(staged, sub, root, index);
    return index;
  }
  if (auto* suite = std::get_if<SuiteFolder>(&opened))
    return pack_suite(staged, sub, *suite, options);
  throw DatasetError(root.string() + ": a " +
                     std::string(kFolderContentNames.name(folder_content(root))) +
                     " folder, which has no samples to pack (pack takes a dataset, a sequence "
                     "set, a pairs folder or a suite)");
}

}  // namespace

ShardIndex pack_folder(const fs::path& root, const fs::path& destination,
                       const PackOptions& options) {
  StagedFolder staged(destination, kPackFolder);
  ShardIndex index = pack_into(staged, "", root, options);
  staged.commit();
  return index;
}

}  // namespace railyard
