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
#include <string>
#include <vector>

#include "logic/train.h"
#include "tools/records/formats/sample_record.h"
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
  std::vector<SequenceSteps> sequences_;
};

// The line of sequences.jsonl of sequence `index` in `split`: everything, except in the train
// split, which shows what `train_annotations` publishes.
nlohmann::ordered_json sequence_line(const SequenceSteps& sequence, std::uint64_t index,
                                     const std::string& split,
                                     SequenceAnnotations train_annotations);

// The samples of the given sequences, ascending: a split of sequences as a split of samples.
std::vector<std::uint64_t> sequence_samples(const std::vector<SequenceSteps>& sequences,
                                            const std::vector<std::uint64_t>& chosen);

}  // namespace railyard
