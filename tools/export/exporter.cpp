#include "tools/export/exporter.h"

#include <nlohmann/json.hpp>

#include "tools/export/aleph_files.h"
#include "tools/export/example_checks.h"
#include "tools/export/logic_split.h"
#include "tools/export/popper_files.h"
#include "tools/export/scene_graph.h"
#include "tools/export/staged_folder.h"

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

std::uint64_t write_logic_files(const ExportOptions& options, const SplitExamples& split,
                                StagedFolder& staged, const std::filesystem::path& subfolder,
                                SplitSummary& summary) {
  bool aleph = options.target == ExportTarget::Aleph;
  LogicSplit logic = build_logic_split(options, split.examples, aleph);
  summary.changed_attributes = logic.changed_attributes;
  std::vector<ExportFile> files =
      aleph ? aleph_files(options.vocabulary, logic) : popper_files(options.vocabulary, logic);
  if (options.noise.rate > 0.0) files.push_back({"noise.jsonl", std::move(logic.noise_records)});
  std::uint64_t bytes = 0;
  for (const ExportFile& file : files) {
    staged.write(subfolder / split.name / file.name, file.text);
    bytes += file.text.size();
  }
  return bytes;
}

std::string manifest(const ExportOptions& options, const ExportSummary& summary) {
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
    splits[split.name] = std::move(entry);
  }
  json["splits"] = std::move(splits);
  return json.dump(2) + "\n";
}

}  // namespace

ExportSummary write_export(const ExportOptions& options, std::span<const Example> examples,
                           const std::filesystem::path& folder) {
  validate_options(options);
  check_examples(examples);
  StagedFolder staged(folder);
  ExportSummary summary = write_export(options, examples, staged, {});
  staged.commit();
  return summary;
}

ExportSummary write_export(const ExportOptions& options, std::span<const Example> examples,
                           StagedFolder& staged, const std::filesystem::path& subfolder) {
  validate_options(options);
  check_examples(examples);
  ExportSummary summary;
  for (const SplitExamples& split : group_by_split(examples)) {
    SplitSummary& counts = summary.splits.emplace_back();
    counts.name = split.name;
    counts.examples = split.examples.size();
    for (const Example* example : split.examples)
      ++(example->train.label == Direction::East ? counts.eastbound : counts.westbound);
    summary.bytes += options.target == ExportTarget::SceneGraphs
                         ? write_scene_graphs(split, staged, subfolder)
                         : write_logic_files(options, split, staged, subfolder, counts);
  }
  std::string json = manifest(options, summary);
  staged.write(subfolder / "export.json", json);
  summary.bytes += json.size();
  return summary;
}

}  // namespace railyard::exports
