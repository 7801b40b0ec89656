#include "tools/lib/records/open_folder.h"

#include <string>

#include "util/file_system.h"

namespace railyard {

namespace fs = std::filesystem;

namespace {

// Each split's sequences are exactly the samples its split file lists.
void check_sequence_splits(const DatasetFolder& dataset, const std::vector<SequenceLine>& lines,
                           const fs::path& file) {
  for (const SplitFile& split : dataset.split_files()) {
    if (split.name != "train" && split.name != "val" && split.name != "test") continue;
    std::vector<std::uint64_t> samples;
    for (const SequenceLine& line : lines)
      if (line.split == split.name)
        samples.insert(samples.end(), line.samples.begin(), line.samples.end());
    if (samples != split.indices)
      throw DatasetError(file.string() + ": the samples of its " + split.name +
                         " sequences are not those of " +
                         (dataset.paths().splits() / (split.name + ".txt")).string());
  }
}

}  // namespace

FolderContent folder_content(const fs::path& root) {
  if (!file_system::is_directory(root)) throw DatasetError(root.string() + ": not a folder");
  if (file_system::exists(root / "summary.json")) return FolderContent::Suite;
  if (file_system::exists(root / kWorldsIndexFile)) return FolderContent::Worlds;
  if (file_system::exists(root / kScoreReportFile)) return FolderContent::Score;
  if (PairsFolder::is_pairs_folder(root)) return FolderContent::Pairs;
  if (file_system::exists(DatasetPaths(root).sequences() / "sequences.jsonl"))
    return FolderContent::SequenceSet;
  return FolderContent::Dataset;  // or nothing of railyard's: DatasetFolder::open says why
}

SequenceSet SequenceSet::open(const fs::path& root) {
  DatasetFolder dataset = DatasetFolder::open(root);
  const fs::path folder = dataset.paths().sequences();
  const fs::path file = folder / "sequences.jsonl";
  AutomatonFile automaton = read_automaton_file(folder / "automaton.json");
  std::vector<SequenceLine> lines = read_sequence_lines(file);
  std::uint64_t next = 0;  // the first sample of the next sequence
  for (std::size_t s = 0; s < lines.size(); ++s) {
    const std::string where = file.string() + ":" + std::to_string(s + 1) + ": ";
    if (lines[s].sequence != s)
      throw DatasetError(where + "key 'sequence': " + std::to_string(lines[s].sequence) +
                         ", expected " + std::to_string(s) + " (lines are sequences in order)");
    if (lines[s].samples.front() != next)
      throw DatasetError(where + "key 'samples': not the next samples from " +
                         std::to_string(next));
    next += lines[s].length;
  }
  if (next != dataset.count())
    throw DatasetError(file.string() + ": its sequences have " + std::to_string(next) +
                       " steps, the manifest " + std::to_string(dataset.count()) + " samples");
  check_sequence_splits(dataset, lines, file);
  return SequenceSet(std::move(dataset), std::move(automaton), std::move(lines));
}

SuiteFolder SuiteFolder::open(const fs::path& root) {
  const fs::path file = root / "summary.json";
  if (!file_system::exists(file))
    throw DatasetError(file.string() +
                       ": does not exist; not a finished suite folder (railyard suite, or its "
                       "--merge, writes summary.json once every variant is done)");
  SuiteSummary summary = read_suite_summary(file);  // its folders inside the suite
  return SuiteFolder(root, std::move(summary));
}

fs::path SuiteFolder::variant_root(std::size_t v) const {
  return root_ / summary_.variants.at(v).folder;
}

OpenedFolder open_folder(const fs::path& root) {
  switch (folder_content(root)) {
    case FolderContent::Suite: return SuiteFolder::open(root);
    case FolderContent::Pairs: return PairsFolder::open(root);
    case FolderContent::SequenceSet: return SequenceSet::open(root);
    case FolderContent::Worlds: return WorldsFolder::open(root);
    case FolderContent::Score: return ScoreFolder::open(root);
    case FolderContent::Dataset: break;
  }
  return DatasetFolder::open(root);
}

}  // namespace railyard
