#include "tools/lib/shards/shard_verify.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "tools/lib/records/dataset_folder.h"
#include "tools/lib/records/formats/sequence_files.h"
#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/records/pair_record.h"
#include "tools/lib/records/pairs_manifest.h"
#include "tools/lib/records/suite_summary_record.h"
#include "tools/lib/shards/shard_layout.h"
#include "util/content_hash.h"
#include "util/file_system.h"
#include "util/io_error.h"
#include "util/printable_text.h"
#include "util/read_file.h"
#include "util/tar_archive.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

// A member as read: its size and SHA-256, and its text when it is JSON.
struct Seen {
  std::uint64_t bytes = 0;
  std::string sha256, text;
};
using UnitMembers = std::map<std::string, Seen>;  // by name after "<key>."

// What the dataset-wide files say the units are: each one's split, and how its members are
// checked (throwing DatasetError; the members it knows are taken out of the map).
struct Expected {
  std::vector<std::string> split;  // per key
  // `name`: the key as members spell it.
  std::function<void(std::uint64_t key, const std::string& name, UnitMembers&,
                     const std::string& where)>
      check;
};

[[noreturn]] void member_fault(const std::string& where, const std::string& member,
                               const std::string& what) {
  throw DatasetError(where + ": member '" + printable(member) + "': " + what);
}

// The sample under `prefix` of unit `key`: its record is sample `index`'s, in railyard's bytes,
// and each of its files is the member of its name with its record's size and SHA-256.
void check_sample(UnitMembers& members, const std::string& key, const std::string& prefix,
                  std::uint64_t index, const std::string& where) {
  const std::string name = record_member(prefix);
  auto found = members.find(name);
  if (found == members.end())
    member_fault(where, key + "." + name,
                 "missing (the record of sample " + std::to_string(index) + ")");
  JsonOrigin origin{where + ": member '" + key + "." + name + "'"};
  SampleRecord record = sample_record_from_json(parse_json(found->second.text, origin), origin);
  if (record.index != index)
    fail_at(origin, "index",
            "is " + std::to_string(record.index) + ", expected sample " + std::to_string(index));
  if (sample_record_text(record) != found->second.text)
    fail_at(origin, "", "not the bytes railyard writes for this record (edited?)");
  members.erase(found);
  for (const PackedFile& file : sample_members(prefix, DatasetPaths(fs::path()), record)) {
    auto seen = members.find(file.name);
    if (seen == members.end())
      member_fault(where, key + "." + file.name, "missing (its record names it)");
    if (file.check &&
        (seen->second.bytes != file.check->bytes || seen->second.sha256 != file.check->sha256))
      member_fault(where, key + "." + file.name,
                   std::to_string(seen->second.bytes) + " bytes whose SHA-256 is not its record's");
    members.erase(seen);
  }
}

std::vector<std::string> splits_of(const fs::path& dataset, std::uint64_t samples) {
  std::vector<std::string> split(samples);
  for (const char* name : kSplitNames) {
    fs::path file = DatasetPaths(dataset).split(name);
    if (!file_system::exists(file)) throw DatasetError(file.string() + ": missing");
    for (std::uint64_t index : read_split_file(file).indices) {
      if (index >= samples)
        throw DatasetError(file.string() + ": lists " + std::to_string(index) + ", beyond the " +
                           std::to_string(samples) + " samples of the manifest");
      if (!split[index].empty())
        throw DatasetError(file.string() + ": lists " + std::to_string(index) + ", which " +
                           split[index] + ".txt lists too");
      split[index] = name;
    }
  }
  return split;
}

Expected expect_dataset(const fs::path& root) {
  std::uint64_t samples = read_dataset_manifest(root / "manifest.json").counts.samples;
  return {splits_of(root, samples),
          [](std::uint64_t key, const std::string& name, UnitMembers& members,
             const std::string& where) { check_sample(members, name, "", key, where); }};
}

Expected expect_sequences(const fs::path& root) {
  auto lines = std::make_shared<std::vector<SequenceLine>>(
      read_sequence_lines(DatasetPaths(root).sequences() / "sequences.jsonl"));
  std::uint64_t longest = 0;
  Expected expected;
  for (const SequenceLine& line : *lines) {
    longest = std::max(longest, line.length);
    expected.split.push_back(line.split);
  }
  expected.check = [lines, longest](std::uint64_t key, const std::string& name,
                                    UnitMembers& members, const std::string& where) {
    auto found = members.find("json");
    if (found == members.end())
      member_fault(where, name + ".json", "missing (the sequence's line)");
    if (found->second.text != to_json((*lines)[key]).dump() + "\n")
      member_fault(where, name + ".json",
                   "is not line " + std::to_string(key + 1) + " of sequences/sequences.jsonl");
    members.erase(found);
    const SequenceLine& line = (*lines)[key];
    for (std::uint64_t t = 0; t < line.samples.size(); ++t)
      check_sample(members, name, step_prefix(t, longest), line.samples[t], where);
  };
  return expected;
}

Expected expect_pairs(const fs::path& root) {
  PairsManifest manifest = read_pairs_manifest(root / "manifest.json");
  const fs::path file = root / "pairs.jsonl";
  std::vector<std::string> base_split = splits_of(root / manifest.base, manifest.pairs);
  // Per pair: its line's SHA-256 and its sides' samples (pairs.jsonl holds masks: only digests
  // are kept).
  struct Pair {
    std::string sha256;
    std::uint64_t base = 0, intervened = 0;
  };
  auto pairs = std::make_shared<std::vector<Pair>>();
  Expected expected;
  std::string text = read_file_text(file);
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos)
      throw DatasetError(file.string() + ": its last line has no newline");
    std::string_view line(text.data() + start, end - start);
    PairRecord record = pair_record_from_line(line, file, pairs->size() + 1);
    if (record.base >= base_split.size())
      throw DatasetError(file.string() + ":" + std::to_string(pairs->size() + 1) +
                         ": key 'base': beyond the base side's samples");
    pairs->push_back(
        {sha256_hex(text.substr(start, end + 1 - start)), record.base, record.intervened});
    expected.split.push_back(base_split[record.base]);
    start = end + 1;
  }
  expected.check = [pairs](std::uint64_t key, const std::string& name, UnitMembers& members,
                           const std::string& where) {
    auto found = members.find("json");
    if (found == members.end()) member_fault(where, name + ".json", "missing (the pair's record)");
    if (found->second.sha256 != (*pairs)[key].sha256)
      member_fault(where, name + ".json",
                   "is not line " + std::to_string(key + 1) + " of pairs.jsonl");
    members.erase(found);
    check_sample(members, name, std::string(kBasePrefix), (*pairs)[key].base, where);
    check_sample(members, name, std::string(kIntervenedPrefix), (*pairs)[key].intervened, where);
  };
  return expected;
}

// Reads one shard member by member, unit by unit.
class ShardCheck {
 public:
  ShardCheck(const fs::path& root, const ShardIndex& index, const Expected& expected,
             VerifyReport& report)
      : root_(root), index_(index), expected_(expected), report_(report) {}

  // Units read go to `per_split` as they end, so a shard that breaks halfway counts its good ones.
  void shard(const ShardEntry& entry, std::map<std::string, std::uint64_t>& per_split,
             std::optional<std::uint64_t>& last_key) {
    const fs::path file = root_ / entry.name;
    where_ = file.string();
    units_ = 0;
    key_.reset();
    members_.clear();
    per_split_ = &per_split[entry.split];
    if (!file_system::exists(file)) return fault(where_ + ": listed in shards.json, missing");
    TarReader tar(file);
    while (std::optional<TarMember> member = tar.next()) {
      ++report_.files;
      std::size_t dot = member->name.find('.');
      std::optional<std::uint64_t> key =
          dot == std::string::npos
              ? std::nullopt
              : key_number(std::string_view(member->name).substr(0, dot), index_.key_digits);
      if (!key)
        member_fault(
            where_, member->name,
            "not '<key>.<name>' with a key of " + std::to_string(index_.key_digits) + " digits");
      if (key != key_) {
        end_unit(entry);
        if (last_key && *key <= *last_key)
          member_fault(where_, member->name,
                       "its key is not after the previous unit's (" +
                           unit_key(*last_key, index_.key_digits) + ")");
        if (units_ == 0 && *key != entry.first)
          member_fault(where_, member->name,
                       "the shard's first unit, but shards.json says " +
                           unit_key(entry.first, index_.key_digits));
        key_ = last_key = key;
      }
      if (!members_.emplace(member->name.substr(dot + 1), read(tar, *member)).second)
        member_fault(where_, member->name, "a second member of that name");
    }
    end_unit(entry);
    if (units_ != entry.samples)
      fault(where_ + ": " + std::to_string(units_) + " units, shards.json says " +
            std::to_string(entry.samples));
    if (tar.file_bytes() != entry.bytes)
      fault(where_ + ": " + std::to_string(tar.file_bytes()) + " bytes, shards.json says " +
            std::to_string(entry.bytes));
    else if (tar.file_sha256() != entry.sha256)
      fault(where_ + ": its SHA-256 is not the one shards.json lists");
  }

 private:
  Seen read(TarReader& tar, const TarMember& member) {
    Seen seen;
    if (member.name.ends_with(".json")) {
      seen.text = tar.read_all(kMaxTextMember);
      seen.bytes = seen.text.size();
      seen.sha256 = sha256_hex(seen.text);
      return seen;
    }
    Sha256 digest;
    tar.read([&](std::string_view piece) {
      digest.update(piece);
      seen.bytes += piece.size();
    });
    seen.sha256 = digest.hex();
    return seen;
  }

  void end_unit(const ShardEntry& entry) {
    if (!key_) return;
    ++units_;
    ++*per_split_;
    ++report_.samples;
    const std::uint64_t key = *key_;
    const std::string name = unit_key(key, index_.key_digits);
    try {
      if (key >= expected_.split.size())
        throw DatasetError(where_ + ": unit " + name + ": no such unit (the folder has " +
                           std::to_string(expected_.split.size()) + ")");
      if (expected_.split[key] != entry.split)
        throw DatasetError(where_ + ": unit " + name + ": in a " + entry.split +
                           " shard, but its split is '" + expected_.split[key] + "'");
      expected_.check(key, name, members_, where_);
      for (const auto& [rest, seen] : members_)
        member_fault(where_, name + "." + rest, "not a member of this unit");
    } catch (const DatasetError& e) {
      fault(e.what());
    }
    members_.clear();
  }
  void fault(const std::string& what) { report_.faults.push_back(what); }

  const fs::path& root_;
  const ShardIndex& index_;
  const Expected& expected_;
  VerifyReport& report_;
  std::string where_;
  std::optional<std::uint64_t> key_;
  std::uint64_t units_ = 0;
  std::uint64_t* per_split_ = nullptr;  // the current shard's split's count
  UnitMembers members_;
};

void check_listing(const fs::path& root, const ShardIndex& index, VerifyReport& report) {
  std::set<std::string> listed;
  for (const ShardEntry& entry : index.shards) listed.insert(entry.name);
  for (const fs::path& entry : file_system::list_folder(root))
    if (entry.extension() == ".tar" && !listed.count(entry.filename().string()))
      report.faults.push_back(entry.string() + ": a shard shards.json does not list");
}

void verify_folder(const fs::path& root, std::vector<VerifyReport>& reports,
                   const std::function<void(std::uint64_t)>& progress);

// The suite's own report is reports[at]; its variants' come after it.
void verify_suite(const fs::path& root, const ShardIndex& index, std::size_t at,
                  std::vector<VerifyReport>& reports,
                  const std::function<void(std::uint64_t)>& progress) {
  SuiteSummary summary = read_suite_summary(root / "summary.json");
  std::vector<std::string> folders;
  for (const SuiteVariantSummary& variant : summary.variants) folders.push_back(variant.folder);
  if (folders != index.folders)
    reports[at].faults.push_back((root / kShardIndexFile).string() +
                                 ": key 'folders': not the variants of summary.json");
  for (const std::string& folder : index.folders) verify_folder(root / folder, reports, progress);
}

void verify_folder(const fs::path& root, std::vector<VerifyReport>& reports,
                   const std::function<void(std::uint64_t)>& progress) {
  reports.emplace_back().root = root;
  std::size_t at = reports.size() - 1;
  try {
    ShardIndex index = read_shard_index(root / kShardIndexFile);
    if (index.kind == "suite") return verify_suite(root, index, at, reports, progress);
    Expected expected = index.kind == "pairs"       ? expect_pairs(root)
                        : index.kind == "sequences" ? expect_sequences(root)
                                                    : expect_dataset(root);
    VerifyReport& report = reports[at];
    check_listing(root, index, report);
    if (index.samples != expected.split.size())
      report.faults.push_back(
          (root / kShardIndexFile).string() + ": key 'samples': " + std::to_string(index.samples) +
          ", the folder's files have " + std::to_string(expected.split.size()) + " units");
    std::map<std::string, std::uint64_t> per_split, expected_split;
    for (const std::string& split : expected.split) ++expected_split[split];
    std::map<std::string, std::optional<std::uint64_t>> last_key;
    ShardCheck check(root, index, expected, report);
    for (const ShardEntry& entry : index.shards) {
      try {
        check.shard(entry, per_split, last_key[entry.split]);
      } catch (const InputError& e) {
        report.faults.push_back(e.what());
      } catch (const IoError& e) {
        report.faults.push_back(e.what());
      }
      if (progress) progress(report.samples);
    }
    for (const auto& [split, units] : expected_split)
      if (per_split[split] != units)
        report.faults.push_back(root.string() + ": " + std::to_string(per_split[split]) + " " +
                                split + " units in the shards, the split has " +
                                std::to_string(units));
  } catch (const InputError& e) {
    reports[at].faults.push_back(e.what());
  } catch (const IoError& e) {
    reports[at].faults.push_back(e.what());
  }
}

}  // namespace

bool is_shard_folder(const fs::path& root) {
  return file_system::exists(root / kShardIndexFile) || file_system::exists(root / kPackMarker);
}

std::vector<VerifyReport> verify_shards(const fs::path& root,
                                        const std::function<void(std::uint64_t)>& progress) {
  std::vector<VerifyReport> reports;
  verify_folder(root, reports, progress);
  return reports;
}

}  // namespace railyard
