#include "tools/lib/records/dataset_folder.h"

#include <algorithm>
#include <charconv>

#include "tools/lib/records/sample_files.h"
#include "util/atomic_file.h"
#include "util/content_hash.h"
#include "util/file_system.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

// "3, 7, 12, ... (40 more)": the first few of a list of indices, for messages.
std::string first_few(const std::vector<std::uint64_t>& indices) {
  std::string list;
  for (std::size_t i = 0; i < indices.size() && i < 5; ++i)
    list += (i ? ", " : "") + std::to_string(indices[i]);
  if (indices.size() > 5) list += ", ... (" + std::to_string(indices.size() - 5) + " more)";
  return list;
}

bool is_subset_name(const std::string& name) {
  return name.size() > 6 && name.starts_with("train_") &&
         name.find_first_not_of("0123456789", 6) == std::string::npos;
}

bool includes(const std::vector<std::uint64_t>& outer, const std::vector<std::uint64_t>& inner) {
  return std::includes(outer.begin(), outer.end(), inner.begin(), inner.end());
}

}  // namespace

SplitFile read_split_file(const fs::path& file) {
  SplitFile split{file.stem().string(), {}};
  std::string text = read_file_text(file);
  std::size_t line = 0, start = 0;
  while (start < text.size()) {
    std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view number(text.data() + start, end - start);
    ++line;
    start = end + 1;
    std::uint64_t index = 0;
    auto [last, ec] = std::from_chars(number.data(), number.data() + number.size(), index);
    if (number.empty() || ec != std::errc() || last != number.data() + number.size())
      throw DatasetError(file.string() + ":" + std::to_string(line) +
                         ": not a sample index (one whole number per line)");
    if (!split.indices.empty() && index <= split.indices.back())
      throw DatasetError(
          file.string() + ":" + std::to_string(line) + ": index " + std::to_string(index) +
          (index == split.indices.back() ? " is listed twice" : " out of order (indices ascend)"));
    split.indices.push_back(index);
  }
  return split;
}

DatasetFolder DatasetFolder::open(const fs::path& root) {
  if (!file_system::is_directory(root)) throw DatasetError(root.string() + ": not a folder");
  DatasetFolder folder(root);
  // A run writing tar shards (outputs.layout: shards) keeps its shards' entries in runs/shards/;
  // finished, it is a shard folder (shards.json), which the readers of shards take.
  if (!file_system::is_directory(folder.paths_.records()) &&
      file_system::is_directory(folder.paths_.runs() / "shards"))
    throw DatasetError(root.string() +
                       ": a dataset written as tar shards (outputs.layout: shards) that is not "
                       "finished (no shards.json): run it again, or --merge its farm tasks");
  if (!file_system::is_directory(folder.paths_.records()))
    throw DatasetError(root.string() +
                       ": no records/ folder; not a railyard dataset (or the folder of its rule "
                       "descriptions)");
  folder.read_manifest();
  folder.check_records();
  folder.read_splits();
  return folder;
}

void DatasetFolder::read_manifest() {
  fs::path file = paths_.manifest();
  if (!file_system::exists(file) || !file_system::is_directory(paths_.splits()))
    throw DatasetError(
        root().string() +
        ": the dataset is not finished (no manifest.json or splits/); finish the run or "
        "merge its shards (`railyard generate ... --merge`) first");
  manifest_ = read_dataset_manifest(file);
  count_ = manifest_.counts.samples;
  if (count_ == 0)
    throw DatasetError(file.string() + ": key 'counts.samples': the dataset is empty");
}

void DatasetFolder::check_records() const {
  std::vector<fs::path> others;
  std::vector<std::uint64_t> surplus;
  std::vector<std::uint64_t> listed = listed_indices(
      paths_.records(),
      [&](std::uint64_t index) {
        if (index >= count_) surplus.push_back(index);
        return index < count_;
      },
      &others);
  for (const fs::path& other : others)
    if (!is_temp_file_name(other.filename().string()))
      throw DatasetError(other.string() +
                         ": not a record (records are records/<index>.json); "
                         "remove it");
  if (!surplus.empty()) {
    std::sort(surplus.begin(), surplus.end());
    throw DatasetError(paths_.records().string() + ": records of samples " + first_few(surplus) +
                       ", beyond the manifest's " + std::to_string(count_) + " samples");
  }
  if (listed.size() == count_) return;
  std::vector<std::uint64_t> missing;
  std::size_t k = 0;
  for (std::uint64_t i = 0; i < count_; ++i)
    if (k < listed.size() && listed[k] == i)
      ++k;
    else
      missing.push_back(i);
  throw DatasetError(paths_.records().string() + ": " + std::to_string(missing.size()) + " of " +
                     std::to_string(count_) + " records missing: " + first_few(missing) +
                     ". Generate again with the same config to render them, then merge");
}

namespace {

// The files of a folder against the manifest's list of them (manifests since it was kept): a
// split or sequence file swapped or edited is refused even when it still reads.
void check_listed_files(const fs::path& folder, const ListedFiles& listed,
                        const std::vector<fs::path>& present, const char* what) {
  for (const auto& [name, check] : listed) {
    fs::path file = folder / name;
    if (!file_system::exists(file)) throw DatasetError(file.string() + ": missing");
    if (sha256_hex_of_file(file) != check.sha256)
      throw DatasetError(file.string() + ": not the " + what +
                         " the manifest lists (its SHA-256 differs)");
  }
  for (const fs::path& file : present) {
    std::string name = file.filename().string();
    bool known = std::any_of(listed.begin(), listed.end(),
                             [&](const auto& check) { return check.first == name; });
    if (!known) throw DatasetError(file.string() + ": a " + what + " the manifest does not list");
  }
}

// A sequence set's sequences/ folder (its files but killed runs' temporaries).
std::vector<fs::path> sequence_files(const DatasetPaths& paths) {
  std::vector<fs::path> files;
  if (!file_system::is_directory(paths.sequences())) return files;
  for (const fs::path& file : file_system::list_folder(paths.sequences()))
    if (!is_temp_file_name(file.filename().string())) files.push_back(file);
  return files;
}

}  // namespace

void DatasetFolder::read_splits() {
  split_of_.assign(count_, 0);
  for (std::size_t s = 0; s < std::size(kSplitNames); ++s) {
    fs::path file = paths_.split(kSplitNames[s]);
    if (!file_system::exists(file)) throw DatasetError(file.string() + ": missing");
    SplitFile split = read_split_file(file);
    for (std::uint64_t index : split.indices) {
      if (index >= count_)
        throw DatasetError(file.string() + ": index " + std::to_string(index) +
                           " is not a sample (the dataset has " + std::to_string(count_) + ")");
      if (split_of_[index])
        throw DatasetError(file.string() + ": sample " + std::to_string(index) + " is also in " +
                           kSplitNames[split_of_[index] - 1] + ".txt (a sample is in one split)");
      split_of_[index] = static_cast<std::uint8_t>(s + 1);
    }
    splits_.push_back(std::move(split));
  }
  std::vector<std::uint64_t> unsplit;
  for (std::uint64_t i = 0; i < count_; ++i)
    if (!split_of_[i]) unsplit.push_back(i);
  if (!unsplit.empty())
    throw DatasetError(paths_.splits().string() + ": " + std::to_string(unsplit.size()) +
                       " samples are in no split: " + first_few(unsplit));
  std::vector<std::size_t> supervision;  // positions in splits_
  for (const fs::path& file : paths_.split_files()) {
    std::string name = file.stem().string();
    if (name == "train" || name == "val" || name == "test") continue;
    SplitFile split = read_split_file(file);
    if (is_subset_name(name)) {
      if (std::to_string(split.indices.size()) != name.substr(6) ||
          !includes(splits_[0].indices, split.indices))
        throw DatasetError(
            file.string() + ": a subset of " + name.substr(6) +
            " samples of train.txt, but it lists " + std::to_string(split.indices.size()) +
            " samples" + (includes(splits_[0].indices, split.indices) ? "" : ", not all in train"));
    } else if (name != "labelled" && name != "unlabelled") {
      throw DatasetError(file.string() + ": not a split railyard writes; remove it");
    }
    if (name == "labelled" || name == "unlabelled") supervision.push_back(splits_.size());
    splits_.push_back(std::move(split));
  }
  // After the faults that have a name of their own.
  if (manifest_.split_files)
    check_listed_files(paths_.splits(), *manifest_.split_files, paths_.split_files(), "split");
  if (manifest_.sequence_files)
    check_listed_files(paths_.sequences(), *manifest_.sequence_files, sequence_files(paths_),
                       "sequence file");
  if (supervision.empty()) return;
  bool partition = supervision.size() == 2;
  if (partition) {
    const auto& a = splits_[supervision[0]].indices;
    const auto& b = splits_[supervision[1]].indices;
    std::vector<std::uint64_t> both;
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
    partition = a.size() + b.size() == count_ && both.size() == count_ && both.back() == count_ - 1;
  }
  if (!partition)
    throw DatasetError(paths_.splits().string() +
                       ": labelled.txt and unlabelled.txt must together list every sample once");
}

void DatasetFolder::check_records_digest(Sha256& digest) const {
  if (manifest_.records_sha256 && digest.hex() != *manifest_.records_sha256)
    throw DatasetError(paths_.records().string() +
                       ": the records are not the ones the dataset was finished with (their "
                       "SHA-256 differs from the manifest's records_sha256): a record was "
                       "edited or replaced; `railyard verify` checks every file");
}

const std::string& DatasetFolder::split_of(std::uint64_t index) const {
  return splits_.at(split_of_.at(index) - 1).name;
}

SampleRecord DatasetFolder::read_record(std::uint64_t index) const {
  Sha256 unused;
  return read_record(index, unused);
}

SampleRecord DatasetFolder::read_record(std::uint64_t index, Sha256& digest,
                                        RecordDetail detail) const {
  fs::path file = paths_.record(index);
  SampleRecord record;
  try {
    std::string text = read_file_text(file);
    digest.update(text);
    JsonOrigin origin{file.string()};
    record = detail == RecordDetail::Whole
                 ? sample_record_from_json(parse_json(text, origin), origin)
                 : sample_record_from_json(parse_json_without(text, origin, kAnnotationMembers),
                                           origin, detail);
  } catch (const DatasetError&) {
    throw;
  } catch (const std::exception& e) {
    throw DatasetError(e.what());
  }
  if (record.index != index)
    throw DatasetError(file.string() + ": key 'index' is " + std::to_string(record.index) +
                       ": the record of another sample; generate again to render this one");
  return record;
}

}  // namespace railyard
