#include "tools/lib/records/open_folder.h"

#include <algorithm>
#include <string>

#include "util/file_system.h"

namespace railyard {

namespace fs = std::filesystem;

namespace {

// Each split's sequences are exactly the samples its split file lists.
void check_sequence_splits(const DatasetFolder& dataset, const std::vector<SequenceLine>& lines,
                           const fs::path& file) {
  for (const SplitFile& split : dataset.split_files()) {
    if (!is_split_name(split.name)) continue;
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

std::vector<std::uint64_t> SequenceSet::sequences_in(const std::string& split) const {
  const fs::path file = dataset_.paths().split(split);
  const std::vector<SplitFile>& splits = dataset_.split_files();
  auto found = std::find_if(splits.begin(), splits.end(),
                            [&](const SplitFile& s) { return s.name == split; });
  if (found == splits.end()) throw DatasetError(file.string() + ": does not exist");
  std::vector<std::uint64_t> out;
  for (const SequenceLine& line : lines_) {
    auto listed = std::count_if(line.samples.begin(), line.samples.end(), [&](std::uint64_t s) {
      return std::binary_search(found->indices.begin(), found->indices.end(), s);
    });
    if (listed == static_cast<std::ptrdiff_t>(line.samples.size()))
      out.push_back(line.sequence);
    else if (listed > 0)
      throw DatasetError(file.string() + ": holds part of sequence " +
                         std::to_string(line.sequence) + " (a split holds whole sequences)");
  }
  return out;
}

std::vector<SampleRecord> SequenceSet::read_steps(std::uint64_t index) const {
  const SequenceLine& line = lines_.at(index);
  const ltlf::Automaton& automaton = automaton_.automaton;
  std::vector<SampleRecord> records;
  std::uint32_t state = automaton.initial();
  for (std::uint64_t t = 0; t < line.length; ++t) {
    SampleRecord record = dataset_.read_record(line.samples[t]);
    const std::string where = dataset_.paths().record(line.samples[t]).string() + ": step " +
                              std::to_string(t) + " of sequence " + std::to_string(index);
    const std::optional<SequenceStepRecord>& step = record.sequence;
    if (!step || step->sequence != index || step->step != t || step->length != line.length ||
        step->accepted != line.accepted)
      throw DatasetError(where +
                         ": not that step as sequences.jsonl has it (its key 'sequence' "
                         "disagrees)");
    std::uint32_t letter = 0;  // bit i: atom i holds
    bool named = step->predicates.size() == automaton.atoms().size();
    for (std::size_t i = 0; named && i < automaton.atoms().size(); ++i) {
      auto found = std::find_if(step->predicates.begin(), step->predicates.end(),
                                [&](const auto& p) { return p.first == automaton.atoms()[i]; });
      named = found != step->predicates.end();
      if (named && found->second) letter |= 1u << i;
    }
    const std::uint32_t next = named ? automaton.next(state, letter) : state;
    if (!named || step->state != state || step->next_state != next)
      throw DatasetError(where + " does not follow sequences/automaton.json (state " +
                         std::to_string(step->state) + " -> " + std::to_string(step->next_state) +
                         ", the automaton gives " + std::to_string(state) + " -> " +
                         (named ? std::to_string(next) : "? on other predicates") +
                         "): an edited record");
    state = next;
    records.push_back(std::move(record));
  }
  return records;
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
