// One opener for every folder railyard writes. A folder's kind is told once, here, from the file
// that only that kind writes (summary.json a suite, pairs.jsonl a pairs folder, worlds.json rule
// worlds, score.json a score folder, manifest.json a dataset, one with sequence files a sequence
// set), and the folder is opened through its checked view (dataset_folder.h, pairs_folder.h, and
// those below): score, export, verify and the Python module read folders through it, so no
// reader guesses a kind its own way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <variant>
#include <vector>

#include "tools/lib/records/dataset_folder.h"
#include "tools/lib/records/formats/automaton_file.h"
#include "tools/lib/records/formats/score_report.h"
#include "tools/lib/records/formats/sequence_files.h"
#include "tools/lib/records/formats/worlds_index.h"
#include "tools/lib/records/pairs_folder.h"
#include "tools/lib/records/suite_summary_record.h"
#include "util/enum_names.h"

namespace railyard {

enum class FolderContent : std::uint8_t { Dataset, SequenceSet, Pairs, Suite, Worlds, Score };
inline constexpr auto kFolderContentNames =
    enum_names<FolderContent>({{FolderContent::Dataset, "dataset"},
                               {FolderContent::SequenceSet, "sequences"},
                               {FolderContent::Pairs, "pairs"},
                               {FolderContent::Suite, "suite"},
                               {FolderContent::Worlds, "worlds"},
                               {FolderContent::Score, "score"}});

// What `root` holds, told by the file only its kind writes; Dataset when none of them is there
// (opening it then says what a dataset lacks). Throws DatasetError when `root` is not a folder.
FolderContent folder_content(const std::filesystem::path& root);

// A dataset whose samples are the steps of sequences, with sequences/automaton.json and
// sequences.jsonl checked against it on opening: lines numbered in order, each sequence the next
// samples, all of them the dataset's, and each split's sequences exactly its split file's samples.
class SequenceSet {
 public:
  // Throws DatasetError (IoError when the disk fails).
  static SequenceSet open(const std::filesystem::path& root);

  const DatasetFolder& dataset() const { return dataset_; }
  const AutomatonFile& automaton() const { return automaton_; }
  const std::vector<SequenceLine>& lines() const { return lines_; }

  // The sequences whose steps the split file `split` lists ("train", "train_100", ...), in
  // order. Throws DatasetError naming the file when there is none or it holds part of a sequence.
  std::vector<std::uint64_t> sequences_in(const std::string& split) const;
  // Sequence `index`'s records, step by step, each checked against its line (sequence, step,
  // length, label) and the automaton (its states the walk on its predicates). Throws DatasetError
  // naming the record of a step that is not what the set says (an edited record).
  std::vector<SampleRecord> read_steps(std::uint64_t index) const;

 private:
  SequenceSet(DatasetFolder dataset, AutomatonFile automaton, std::vector<SequenceLine> lines)
      : dataset_(std::move(dataset)), automaton_(std::move(automaton)), lines_(std::move(lines)) {}

  DatasetFolder dataset_;
  AutomatonFile automaton_;
  std::vector<SequenceLine> lines_;
};

// A finished suite: summary.json, which names each variant's dataset folder.
class SuiteFolder {
 public:
  // Throws DatasetError naming summary.json (IoError when the disk fails).
  static SuiteFolder open(const std::filesystem::path& root);

  const std::filesystem::path& root() const { return root_; }
  const SuiteSummary& summary() const { return summary_; }
  std::filesystem::path summary_file() const { return root_ / "summary.json"; }
  // Variant v's dataset folder, and opened (in the suite file's order: a curriculum's tasks).
  std::filesystem::path variant_root(std::size_t v) const;
  DatasetFolder open_variant(std::size_t v) const { return DatasetFolder::open(variant_root(v)); }

 private:
  SuiteFolder(std::filesystem::path root, SuiteSummary summary)
      : root_(std::move(root)), summary_(std::move(summary)) {}

  std::filesystem::path root_;
  SuiteSummary summary_;
};

// A folder of one record: `railyard worlds` (worlds.json) or `railyard score` (score.json), read
// through the record's checked reader. (Whether the folder is as its command left it is its
// StagedFolder marker's business, util/staged_folder.h.)
template <class Record, Record (*read)(const std::filesystem::path&), const char* kFile>
struct RecordFolder {
  static RecordFolder open(const std::filesystem::path& root) { return {root, read(root / kFile)}; }
  std::filesystem::path root;
  Record record;
};
inline constexpr char kWorldsIndexFile[] = "worlds.json";
inline constexpr char kScoreReportFile[] = "score.json";
using WorldsFolder = RecordFolder<WorldsIndex, read_worlds_index, kWorldsIndexFile>;
using ScoreFolder = RecordFolder<score::ScoreReport, score::read_score_report, kScoreReportFile>;

using OpenedFolder =
    std::variant<DatasetFolder, SequenceSet, PairsFolder, SuiteFolder, WorldsFolder, ScoreFolder>;

// The folder opened as what folder_content says it is (its index in OpenedFolder is the kind's).
OpenedFolder open_folder(const std::filesystem::path& root);

}  // namespace railyard
