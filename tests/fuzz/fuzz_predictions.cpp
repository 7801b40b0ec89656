#include <cstdlib>
#include <fstream>

#include "tests/fuzz/fuzz_targets.h"
#include "tools/lib/score/matching.h"
#include "tools/lib/score/predictions.h"
#include "util/input_error.h"

namespace railyard {
namespace {

// A dataset of eight samples and a sequence set of three sequences (two steps each, one
// predicate), made in memory: what lines are matched against.
score::Target small_target(bool sequences) {
  score::Target target;
  target.kind = sequences ? score::TargetKind::Sequences : score::TargetKind::Dataset;
  score::DatasetTarget& dataset = target.datasets.emplace_back();
  dataset.name = "small";
  for (std::uint64_t i = 0; i < (sequences ? 6u : 8u); ++i) {
    score::SampleTruth& truth = dataset.samples.emplace_back();
    truth.label = i % 2 ? Direction::East : Direction::West;
    truth.image = std::to_string(i) + "_m_train.png";
  }
  if (sequences)
    for (std::uint64_t s = 0; s < 3; ++s)
      dataset.sequences.push_back({2 * s, 2, 0, s % 2 == 1, {{"roofed", {true, false}}}});
  return target;
}

// The lines predictions_text writes (a baseline's): by index, without predicates.
bool writable(const std::vector<score::Prediction>& predictions) {
  for (const score::Prediction& p : predictions)
    if (!p.index || !p.image.empty() || !p.predicates.empty() ||
        p.variant.find_first_of(",\"\r\n") != std::string::npos)
      return false;
  return true;
}

void check(const std::vector<score::Prediction>& predictions) {
  for (bool sequences : {false, true})
    for (bool partial : {false, true}) try {
        score::match_predictions(small_target(sequences), predictions, partial);
      } catch (const InputError&) {
      }
}

}  // namespace

// A predictions file, read as JSON Lines and as CSV (railyard score's two formats); what reads
// is matched against a small dataset and a small sequence set, whole and --partial, and, when a
// baseline could have written it, written back in that format, which must read back the same.
int fuzz_predictions(const std::uint8_t* data, std::size_t size) {
  for (const char* name : {"predictions.jsonl", "predictions.csv"}) {
    std::filesystem::path file = fuzz_input_file(name, data, size);
    std::vector<score::Prediction> predictions;
    try {
      predictions = score::read_predictions(file);
    } catch (const InputError&) {
      continue;
    }
    check(predictions);
    if (!writable(predictions)) continue;
    bool csv = std::string_view(name).ends_with(".csv");
    std::ofstream(file, std::ios::binary | std::ios::trunc)
        << score::predictions_text(predictions, csv);
    std::vector<score::Prediction> again = score::read_predictions(file);
    if (again.size() != predictions.size()) std::abort();
    for (std::size_t i = 0; i < again.size(); ++i)
      if (again[i].predicted != predictions[i].predicted ||
          again[i].index != predictions[i].index || again[i].image != predictions[i].image ||
          again[i].variant != predictions[i].variant)
        std::abort();
  }
  return 0;
}

}  // namespace railyard
