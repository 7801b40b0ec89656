// The sequence-wide files of a sequence dataset, made from its samples' records alone (each step's
// record carries its sequence, step, transition and predicates: sequence_step.h), so a merged
// sharded run, a single run and `railyard verify` make the same bytes:
//
//   sequences/sequences.jsonl         one line per sequence: its split, label, samples, state
//                                     trace, per-step predicates and which of them mattered
//   sequences/sequence_<split>.csv    LTLZinc's layout, one row per step: sample_id, seq_id, time,
//                                     accepted, transition (s->t), img_train, out_train, p_<name>
//                                     (1 or 0; "(1)" when the value did not matter there)
//
// The train split shows what `train_annotations` publishes (the sequence label; plus per-step
// predicates; plus the state trace); the other splits and the records show everything.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "logic/train.h"
#include "tools/lib/records/formats/json_values.h"
#include "tools/lib/records/formats/sample_record.h"
#include "tools/lib/records/formats/split_names.h"
#include "tools/lib/records/json/json_fields.h"
#include "util/enum_names.h"

namespace railyard {

// What the train split's sequence files show (sequence.train_annotations), each level adding to
// the one before.
enum class SequenceAnnotations : std::uint8_t { Label, Predicates, States };
inline constexpr auto kSequenceAnnotationNames =
    enum_names<SequenceAnnotations>({{SequenceAnnotations::Label, "label"},
                                     {SequenceAnnotations::Predicates, "predicates"},
                                     {SequenceAnnotations::States, "states"}});

struct SequenceSteps {
  std::uint64_t first_sample = 0;
  std::vector<SequenceStepRecord> steps;
  std::vector<Direction> step_labels;  // each step's train, by the dataset's rule
  std::vector<std::string> images;     // each step's image file
  bool accepted() const { return steps.front().accepted; }
};

class SequenceFiles {
 public:
  // `first_sequence`: the sequence the first record is a step of (a run writing tar shards makes
  // one sequence's line at a time).
  explicit SequenceFiles(std::uint64_t first_sequence = 0) : first_sequence_(first_sequence) {}

  // Records in index order. Throws DatasetError naming the record when it is not the next step
  // (a step missing, out of order, or a record of no sequence).
  void add(const SampleRecord& record);
  // Every sequence seen, complete; throws DatasetError naming the last one when it is cut short.
  const std::vector<SequenceSteps>& sequences() const;
  // The sequences' labels (East: the formula holds), for stratified splits.
  std::vector<Direction> labels() const;

  // splits[s]: sequence s's split ("train", "val", "test"). Writes into `folder` (sequences/).
  void write(const std::filesystem::path& folder, const std::vector<std::string>& splits,
             SequenceAnnotations train_annotations) const;

 private:
  std::uint64_t first_sequence_ = 0;
  std::vector<SequenceSteps> sequences_;
};

// One line of sequences.jsonl: a sequence as the file publishes it. The train split shows what
// `train_annotations` publishes: `states` from States on, `steps` from Predicates on.
struct SequenceLineStep {
  std::vector<std::pair<std::string, bool>> predicates;  // in the alphabet's order
  std::vector<std::string> relevant;
  Direction label = Direction::West;  // the step's train, by the dataset's rule
  StepOrigin origin = StepOrigin::Drawn;
  OptionalKey<std::string> edits;  // edited: the operations from the previous step

  bool operator==(const SequenceLineStep&) const = default;
};

struct SequenceLine {
  std::uint64_t sequence = 0;
  std::string split;  // train | val | test
  bool accepted = false;
  std::uint64_t length = 0;
  std::vector<std::uint64_t> samples;                // length consecutive sample indices
  OptionalKey<std::vector<std::uint32_t>> states;    // the automaton's walk: length + 1 states
  OptionalKey<std::vector<SequenceLineStep>> steps;  // one per sample

  bool operator==(const SequenceLine&) const = default;
};

RAILYARD_RECORD(SequenceLineStep, predicates, relevant, label, origin, edits)
RAILYARD_RECORD(SequenceLine, sequence, split, accepted, length, samples, states, steps)
// Beyond keys and types: a split's name, `length` consecutive samples, states and steps.
void check_record(const RecordPlace& at, const SequenceLine& line);

// Sequence `index` in `split`, as its line shows it.
SequenceLine sequence_line(const SequenceSteps& sequence, std::uint64_t index,
                           const std::string& split, SequenceAnnotations train_annotations);
nlohmann::ordered_json to_json(const SequenceLine& line);
// sequences/sequences.jsonl read back: each line checked as a sequence line (IoError when the
// file cannot be read).
std::vector<SequenceLine> read_sequence_lines(const std::filesystem::path& file);

// The samples of the given sequences, ascending: a split of sequences as a split of samples.
std::vector<std::uint64_t> sequence_samples(const std::vector<SequenceSteps>& sequences,
                                            const std::vector<std::uint64_t>& chosen);

}  // namespace railyard
