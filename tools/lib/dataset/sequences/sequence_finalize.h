// How a sequence dataset is finished, from its records alone (so `railyard verify` remakes the
// same bytes): as many samples as the sequences have steps, splits that partition sequences
// (stratified by the sequence label; a sequence is never split), and the sequence files
// (formats/sequence_files.h) written before the manifest and the exports.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tools/lib/dataset/finalize.h"
#include "tools/lib/records/formats/sequence_files.h"

namespace railyard {

// Sequences split by their labels (splits.h's stratified split over sequences, with subsets), and
// each sequence's split by name.
struct SequenceSplits {
  Splits by_sequence;
  std::vector<std::string> split_of;  // "train", "val" or "test", per sequence
};
SequenceSplits split_sequences(std::span<const Direction> labels, const DatasetConfig& config);

class SequenceFinalize {
 public:
  // `automaton`: automaton.json's content, from the sequence model (the run's, or verify's own).
  SequenceFinalize(const DatasetConfig& config, std::uint64_t samples,
                   std::optional<nlohmann::ordered_json> automaton);
  // Points the context's sample count and hooks at this object, which must outlive it.
  void attach(FinalizeContext& context);

 private:
  Splits splits();
  void write_files(const DatasetPaths& paths) const;

  const DatasetConfig& config_;
  std::uint64_t samples_;
  std::optional<nlohmann::ordered_json> automaton_;
  SequenceFiles files_;
  std::vector<std::string> split_of_;  // per sequence
};

}  // namespace railyard
