#include "tools/lib/export/exporter.h"

#include <nlohmann/json.hpp>

#include "tools/lib/export/aleph_files.h"
#include "tools/lib/export/example_checks.h"
#include "tools/lib/export/logic_split.h"
#include "tools/lib/export/popper_files.h"
#include "tools/lib/export/scene_graph.h"
#include "tools/lib/export/sequence_facts.h"

namespace railyard::exports {
namespace {

struct SplitExamples {
  std::string name;
  std::vector<const Example*> examples;
};

std::vector<SplitExamples> group_by_split(std::span<const Example> examples) {
  std::vector<SplitExamples> splits;
  for (const Example& example : examples) {
    auto it = std::find_if(splits.begin(), splits.end(),
                           [&](const SplitExamples& s) { return s.name == example.split; });
    if (it == splits.end()) it = splits.insert(splits.end(), {example.split, {}});
    it->examples.push_back(&example);
  }
  return splits;
}

// Scene graphs go to their file in pieces: a large dataset's are hundreds of megabytes.
std::uint64_t write_scene_graphs(const SplitExamples& split, StagedFolder& staged,
                                 const std::filesystem::path& subfolder) {
  constexpr std::size_t kPiece = 1 << 20;
  StagedFile file(staged, subfolder / split.name / "scene_graphs.jsonl");
  std::string graphs;
  std::uint64_t bytes = 0;
  for (const Example* example : split.examples) {
    append_scene_graph(graphs, *example);
    if (graphs.size() < kPiece) continue;
    file.write(graphs);
    bytes += graphs.size();
    graphs.clear();
  }
  file.write(graphs);
  file.close();
  return bytes + graphs.size();
}

std::uint64_t write_files(StagedFolder& staged, const std::filesystem::path& folder,
                          const std::vector<ExportFile>& files) {
  std::uint64_t bytes = 0;
  for (const ExportFile& file : files) {
    staged.write(folder / file.name, file.text);
    bytes += file.text.size();
  }
  return bytes;
}

std::uint64_t write_logic_files(const ExportOptions& options, const SplitExamples& split,
                                const SequenceExamples* sequences, StagedFolder& staged,
                                const std::filesystem::path& subfolder, SplitSummary& summary) {
  bool aleph = options.target == ExportTarget::Aleph;
  LogicSplit logic = build_logic_split(options, split.examples, aleph);
  summary.changed_attributes = logic.changed_attributes;
  std::vector<ExportFile> files =
      aleph ? aleph_files(options.vocabulary, logic) : popper_files(options.vocabulary, logic);
  if (options.noise.rate > 0.0) files.push_back({"noise.jsonl", std::move(logic.noise_records)});
  std::uint64_t bytes = write_files(staged, subfolder / split.name, files);
  if (sequences == nullptr) return bytes;
  // The split's second problem: its sequences, over the same (noisy) trains' facts.
  SequenceSplit problem = build_sequence_split(*sequences, split.name);
  summary.sequences = problem.positives.size() + problem.negatives.size();
  summary.accepted = problem.positives.size();
  summary.rejected = problem.negatives.size();
  summary.annotations = problem.shown;
  if (summary.sequences == 0) return bytes;
  files = aleph ? aleph_sequence_files(options.vocabulary, logic, problem)
                : popper_sequence_files(options.vocabulary, logic, problem);
  return bytes + write_files(staged, subfolder / split.name / "sequences", files);
}

std::string manifest(const ExportOptions& options, const ExportSummary& summary,
                     const SequenceExamples* sequences) {
  nlohmann::ordered_json json;
  json["target"] = target_key(options.target);
  if (options.target != ExportTarget::SceneGraphs) {
    json["vocabulary"] = vocabulary_key(options.vocabulary);
    json["noise"] = {{"rate", options.noise.rate},
                     {"seed", options.noise.seed},
                     {"respects_visual_constraints", true}};
  }
  nlohmann::ordered_json splits = nlohmann::ordered_json::object();
  for (const SplitSummary& split : summary.splits) {
    nlohmann::ordered_json entry = {{"examples", split.examples},
                                    {"eastbound", split.eastbound},
                                    {"westbound", split.westbound}};
    if (options.noise.rate > 0.0) entry["changed_attributes"] = split.changed_attributes;
    if (sequences != nullptr)
      entry["sequences"] = {{"sequences", split.sequences},
                            {"accepted", split.accepted},
                            {"rejected", split.rejected},
                            {"annotations", kSequenceAnnotationNames.name(split.annotations)}};
    splits[split.name] = std::move(entry);
  }
  json["splits"] = std::move(splits);
  if (sequences != nullptr) {
    nlohmann::ordered_json predicates = nlohmann::ordered_json::array();
    std::vector<std::string> atoms = sequences->automaton.atoms();
    std::sort(atoms.begin(), atoms.end());
    for (const std::string& atom : atoms) predicates.push_back(step_predicate(atom));
    json["sequences"] = {
        {"formula", sequences->automaton.formula()},
        {"step_predicates", std::move(predicates)},
        {"states", sequences->automaton.state_count()},
        {"train_annotations", kSequenceAnnotationNames.name(sequences->train_annotations)}};
  }
  return json.dump(2) + "\n";
}

}  // namespace

ExportSummary write_export(const ExportOptions& options, std::span<const Example> examples,
                           const std::filesystem::path& folder, const SequenceExamples* sequences) {
  validate_options(options);
  check_examples(examples);
  StagedFolder staged(folder, kExportFolder);
  ExportSummary summary = write_export(options, examples, staged, {}, sequences);
  staged.commit();
  return summary;
}

ExportSummary write_export(const ExportOptions& options, std::span<const Example> examples,
                           StagedFolder& staged, const std::filesystem::path& subfolder,
                           const SequenceExamples* sequences) {
  validate_options(options);
  check_examples(examples);
  // Scene graphs are per train: a sequence dataset's are its steps'.
  if (options.target == ExportTarget::SceneGraphs) sequences = nullptr;
  if (sequences != nullptr) check_sequences(examples, *sequences);
  ExportSummary summary;
  for (const SplitExamples& split : group_by_split(examples)) {
    SplitSummary& counts = summary.splits.emplace_back();
    counts.name = split.name;
    counts.examples = split.examples.size();
    for (const Example* example : split.examples)
      ++(example->train.label == Direction::East ? counts.eastbound : counts.westbound);
    summary.bytes += options.target == ExportTarget::SceneGraphs
                         ? write_scene_graphs(split, staged, subfolder)
                         : write_logic_files(options, split, sequences, staged, subfolder, counts);
  }
  std::string json = manifest(options, summary, sequences);
  staged.write(subfolder / "export.json", json);
  summary.bytes += json.size();
  return summary;
}

}  // namespace railyard::exports
