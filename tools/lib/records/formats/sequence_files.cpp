#include "tools/lib/records/formats/sequence_files.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include "logic/vocabulary.h"
#include "tools/lib/records/json/dataset_error.h"
#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/printable_text.h"
#include "util/read_file.h"

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

// A step's line as the file shows it.
SequenceLineStep line_step(const SequenceStepRecord& step, Direction label) {
  return {step.predicates, step.relevant, label, step.origin, step.edits};
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
  std::uint64_t expected_sequence = first_sequence_ + sequences_.size() - (fresh ? 0 : 1);
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
    throw DatasetError("sequence " + std::to_string(first_sequence_ + sequences_.size() - 1) +
                       " has " + std::to_string(sequences_.back().steps.size()) + " of its " +
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
    lines += to_json(sequence_line(all[s], s, splits[s], train_annotations)).dump() + "\n";
    SequenceAnnotations shown =
        splits[s] == "train" ? train_annotations : SequenceAnnotations::States;
    for (auto& [split, csv] : csvs)
      if (split == splits[s]) append_csv_rows(csv, all[s], s, shown);
  }
  write_file_atomically(folder / "sequences.jsonl", lines);
  for (const auto& [split, csv] : csvs)
    write_file_atomically(folder / ("sequence_" + split + ".csv"), csv);
}

SequenceLine sequence_line(const SequenceSteps& sequence, std::uint64_t index,
                           const std::string& split, SequenceAnnotations train_annotations) {
  const SequenceAnnotations shown =
      split == "train" ? train_annotations : SequenceAnnotations::States;
  SequenceLine line;
  line.sequence = index;
  line.split = split;
  line.accepted = sequence.accepted();
  line.length = sequence.steps.size();
  std::vector<std::uint32_t> states;
  std::vector<SequenceLineStep> steps;
  for (std::size_t t = 0; t < sequence.steps.size(); ++t) {
    const SequenceStepRecord& step = sequence.steps[t];
    line.samples.push_back(sequence.first_sample + t);
    if (t == 0) states.push_back(step.state);
    states.push_back(step.next_state);
    steps.push_back(line_step(step, sequence.step_labels[t]));
  }
  if (shows(shown, SequenceAnnotations::States)) line.states = std::move(states);
  if (shows(shown, SequenceAnnotations::Predicates)) line.steps = std::move(steps);
  return line;
}

Json to_json(const SequenceLine& line) {
  return record_json<Json>(line);
}

void check_record(const RecordPlace& at, const SequenceLine& line) {
  if (!is_split_name(line.split))
    at["split"].fail("expected one of train, val, test, got '" + printable(line.split) + "'");
  if (line.length == 0 || line.samples.size() != line.length)
    at["samples"].fail("not `length` samples (a sequence has at least one step)");
  for (std::size_t t = 1; t < line.samples.size(); ++t)
    if (line.samples[t] != line.samples[0] + t) at["samples"].fail("not consecutive samples");
  if (line.states && line.states->size() != line.length + 1)
    at["states"].fail("expected a list of " + std::to_string(line.length + 1) + ", got " +
                      std::to_string(line.states->size()) + " items");
  if (line.steps && line.steps->size() != line.length)
    at["steps"].fail("expected a list of " + std::to_string(line.length) + ", got " +
                     std::to_string(line.steps->size()) + " items");
}

std::vector<SequenceLine> read_sequence_lines(const std::filesystem::path& file) {
  std::ifstream in = open_input_stream(file);
  std::vector<SequenceLine> lines;
  std::string text;
  for (std::size_t number = 1; std::getline(in, text); ++number) {
    JsonOrigin origin{file.string(), number};
    Json json = parse_ordered_json(text, origin);
    read_record(JsonField<Json>(json, origin), lines.emplace_back());
  }
  return lines;
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
