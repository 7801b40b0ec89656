#include "tools/records/formats/sequence_files.h"

#include <nlohmann/json.hpp>

#include "logic/vocabulary.h"
#include "tools/records/dataset_error.h"
#include "util/atomic_file.h"
#include "util/file_system.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

bool shows(SequenceAnnotations shown, SequenceAnnotations level) {
  return shown >= level;
}

std::string transition(const SequenceStepRecord& step) {
  return std::to_string(step.state) + "->" + std::to_string(step.next_state);
}

bool relevant(const SequenceStepRecord& step, const std::string& name) {
  for (const std::string& r : step.relevant)
    if (r == name) return true;
  return false;
}

// One line of sequences.jsonl, with what `shown` publishes.
Json shown_json(const SequenceSteps& sequence, std::uint64_t index, const std::string& split,
                SequenceAnnotations shown) {
  Json samples = Json::array(), states = Json::array(), steps = Json::array();
  for (std::size_t t = 0; t < sequence.steps.size(); ++t) {
    const SequenceStepRecord& step = sequence.steps[t];
    samples.push_back(sequence.first_sample + t);
    if (t == 0) states.push_back(step.state);
    states.push_back(step.next_state);
    if (!shows(shown, SequenceAnnotations::Predicates)) continue;
    Json predicates = Json::object();
    for (const auto& [atom, value] : step.predicates) predicates[atom] = value;
    Json line = {{"predicates", std::move(predicates)},
                 {"relevant", step.relevant},
                 {"label", std::string(name(sequence.step_labels[t]))},
                 {"origin", step.origin}};
    if (!step.edits.empty()) line["edits"] = step.edits;
    steps.push_back(std::move(line));
  }
  Json json = {{"sequence", index},
               {"split", split},
               {"accepted", sequence.accepted()},
               {"length", sequence.steps.size()},
               {"samples", std::move(samples)}};
  if (shows(shown, SequenceAnnotations::States)) json["states"] = std::move(states);
  if (shows(shown, SequenceAnnotations::Predicates)) json["steps"] = std::move(steps);
  return json;
}

std::string csv_header(const SequenceSteps& any) {
  std::string header = "sample_id,seq_id,time,accepted,transition,img_train,out_train";
  for (const auto& [name, value] : any.steps.front().predicates) header += ",p_" + name;
  return header + "\n";
}

// LTLZinc's rows: a value that did not matter for the transition taken is in parentheses.
void append_csv_rows(std::string& csv, const SequenceSteps& sequence, std::uint64_t index,
                     SequenceAnnotations shown) {
  for (std::size_t t = 0; t < sequence.steps.size(); ++t) {
    const SequenceStepRecord& step = sequence.steps[t];
    csv += std::to_string(sequence.first_sample + t) + "," + std::to_string(index) + "," +
           std::to_string(t) + "," + (sequence.accepted() ? "1" : "0") + ",";
    if (shows(shown, SequenceAnnotations::States)) csv += transition(step);
    csv += "," + sequence.images[t] + ",";
    bool predicates = shows(shown, SequenceAnnotations::Predicates);
    if (predicates) csv += std::string(name(sequence.step_labels[t]));
    for (const auto& [atom, value] : step.predicates) {
      csv += ",";
      if (!predicates) continue;
      std::string bit = value ? "1" : "0";
      csv += relevant(step, atom) ? bit : "(" + bit + ")";
    }
    csv += "\n";
  }
}

}  // namespace

void SequenceFiles::add(const SampleRecord& record) {
  std::string where = "records/" + std::to_string(record.index) + ".json";
  if (!record.sequence)
    throw DatasetError(where +
                       ": key 'sequence': missing; every sample of a sequence dataset "
                       "is a step of a sequence");
  const SequenceStepRecord& step = *record.sequence;
  bool fresh = sequences_.empty() ||
               sequences_.back().steps.size() == sequences_.back().steps.front().length;
  std::uint64_t expected_sequence = sequences_.size() - (fresh ? 0 : 1);
  std::uint64_t expected_step = fresh ? 0 : sequences_.back().steps.size();
  if (step.sequence != expected_sequence || step.step != expected_step)
    throw DatasetError(where + ": key 'sequence': step " + std::to_string(step.step) +
                       " of sequence " + std::to_string(step.sequence) + ", expected step " +
                       std::to_string(expected_step) + " of sequence " +
                       std::to_string(expected_sequence));
  if (fresh) sequences_.push_back({record.index, {}, {}, {}});
  SequenceSteps& sequence = sequences_.back();
  if (!sequence.steps.empty() && (step.length != sequence.steps.front().length ||
                                  step.accepted != sequence.steps.front().accepted ||
                                  step.state != sequence.steps.back().next_state))
    throw DatasetError(where + ": key 'sequence': disagrees with the earlier steps of sequence " +
                       std::to_string(step.sequence) + " (length, label or state)");
  sequence.steps.push_back(step);
  sequence.step_labels.push_back(record.train.label);
  sequence.images.push_back("images/" + record.files.image);
}

const std::vector<SequenceSteps>& SequenceFiles::sequences() const {
  if (!sequences_.empty() &&
      sequences_.back().steps.size() != sequences_.back().steps.front().length)
    throw DatasetError("sequence " + std::to_string(sequences_.size() - 1) + " has " +
                       std::to_string(sequences_.back().steps.size()) + " of its " +
                       std::to_string(sequences_.back().steps.front().length) + " steps");
  return sequences_;
}

std::vector<Direction> SequenceFiles::labels() const {
  std::vector<Direction> labels;
  for (const SequenceSteps& s : sequences())
    labels.push_back(s.accepted() ? Direction::East : Direction::West);
  return labels;
}

void SequenceFiles::write(const std::filesystem::path& folder,
                          const std::vector<std::string>& splits,
                          SequenceAnnotations train_annotations) const {
  file_system::create_folders(folder);
  const auto& all = sequences();
  std::string lines;
  std::vector<std::pair<std::string, std::string>> csvs = {
      {"train", ""}, {"val", ""}, {"test", ""}};
  for (auto& [split, csv] : csvs)
    if (!all.empty()) csv = csv_header(all.front());
  for (std::uint64_t s = 0; s < all.size(); ++s) {
    lines += sequence_line(all[s], s, splits[s], train_annotations).dump() + "\n";
    SequenceAnnotations shown =
        splits[s] == "train" ? train_annotations : SequenceAnnotations::States;
    for (auto& [split, csv] : csvs)
      if (split == splits[s]) append_csv_rows(csv, all[s], s, shown);
  }
  write_file_atomically(folder / "sequences.jsonl", lines);
  for (const auto& [split, csv] : csvs)
    write_file_atomically(folder / ("sequence_" + split + ".csv"), csv);
}

nlohmann::ordered_json sequence_line(const SequenceSteps& sequence, std::uint64_t index,
                                     const std::string& split,
                                     SequenceAnnotations train_annotations) {
  return shown_json(sequence, index, split,
                    split == "train" ? train_annotations : SequenceAnnotations::States);
}

std::vector<std::uint64_t> sequence_samples(const std::vector<SequenceSteps>& sequences,
                                            const std::vector<std::uint64_t>& chosen) {
  std::vector<std::uint64_t> samples;
  for (std::uint64_t s : chosen)
    for (std::size_t t = 0; t < sequences.at(s).steps.size(); ++t)
      samples.push_back(sequences[s].first_sample + t);
  return samples;
}

}  // namespace railyard
