#include "tools/score/target.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <string_view>

#include "logic/distribution.h"
#include "logic/vocabulary.h"
#include "tools/dataset/config.h"
#include "tools/dataset/inputs.h"
#include "tools/records/dataset_folder.h"
#include "tools/records/json_fields.h"
#include "tools/records/pair_record.h"
#include "tools/records/pairs_folder.h"
#include "tools/score/score_error.h"
#include "tools/suite/suite_summary_record.h"
#include "util/atomic_file.h"
#include "util/content_hash.h"
#include "util/external_program.h"
#include "util/file_system.h"
#include "util/read_file.h"

namespace railyard::score {

namespace fs = std::filesystem;
using Field = JsonField<nlohmann::json>;

namespace {

// The end of the JSON value that starts at `i` (a string, an object or list with what nests
// in it, or a scalar up to the next ',' or '}'); npos when the text ends first.
std::size_t skip_value(std::string_view text, std::size_t i) {
  int depth = 0;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\') ++i;
      if (i >= text.size()) return std::string_view::npos;
      if (depth == 0) return i + 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (depth == 0 && (c == ',' || c == '}' || c == ']')) {
      return i;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
    }
  }
  return depth == 0 ? i : std::string_view::npos;
}

bool heavy_member(std::string_view key) {
  return key == "parts" || key == "cars" || key == "camera" || key == "file_checks";
}

// The record's top-level members without the heavy ones (masks, camera, checks), which are most
// of its bytes and none of what scoring reads; "" when the text is not an object whose members
// split cleanly (the full parse then names the fault).
std::string light_text(std::string_view text) {
  auto blank = [&](std::size_t& i) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  std::size_t i = 0;
  blank(i);
  if (i >= text.size() || text[i++] != '{') return "";
  std::string out = "{";
  for (;;) {
    blank(i);
    if (i < text.size() && text[i] == '}') break;
    std::size_t key_end = skip_value(text, i);
    if (i >= text.size() || text[i] != '"' || key_end == std::string_view::npos) return "";
    std::string_view key = text.substr(i + 1, key_end - i - 2);
    i = key_end;
    blank(i);
    if (i >= text.size() || text[i++] != ':') return "";
    blank(i);
    std::size_t value_end = skip_value(text, i);
    if (value_end == std::string_view::npos || value_end == i) return "";
    if (!heavy_member(key))
      out.append(out.size() > 1 ? "," : "")
          .append(text.substr(key_end - key.size() - 2, key.size() + 2))
          .append(":")
          .append(text.substr(i, value_end - i));
    i = value_end;
    blank(i);
    if (i < text.size() && text[i] == ',')
      ++i;
    else if (i < text.size() && text[i] == '}')
      break;
    else
      return "";
  }
  return out + "}";
}

// Scoring needs a record's train, label, scene and files, not its masks: they are cut out
// before the parse, which is most of the time.
nlohmann::json parse_record_light(const std::string& text, const fs::path& file) {
  std::string light = light_text(text);
  nlohmann::json json = parse_json(light.empty() ? text : light, JsonOrigin{file.string()});
  if (!json.is_object())
    throw DatasetError(file.string() + ": not a sample record (not a JSON object)");
  return json;
}

Direction direction_of(const Field& field) {
  std::string name = field.as_name({"east", "west"});
  return name == "east" ? Direction::East : Direction::West;
}

Car car_of(const Field& field) {
  Car car;
  car.position = field["position"].as_int();
  for (Descriptor d : kDescriptors) {
    Field value = field[descriptor_key(d)];
    if (d == Descriptor::LoadShape && value.json() == "none") continue;
    std::optional<int> parsed = value.json().is_number_integer()
                                    ? std::optional<int>(value.as_int())
                                    : parse_value(d, value.as_string());
    if (!parsed) value.fail("unknown value");
    set_descriptor_value(car, d, *parsed);
  }
  return car;
}

std::uint16_t scene_slot(DatasetTarget& target, const std::string& scene) {
  auto found = std::find(target.scenes.begin(), target.scenes.end(), scene);
  if (found != target.scenes.end())
    return static_cast<std::uint16_t>(found - target.scenes.begin());
  target.scenes.push_back(scene);
  return static_cast<std::uint16_t>(target.scenes.size() - 1);
}

struct StepTruth {
  std::uint64_t sequence = 0, step = 0, length = 0;
  bool accepted = false;
  std::vector<std::pair<std::string, bool>> predicates;
};

void read_sample(const DatasetFolder& folder, std::uint64_t index, DatasetTarget& target,
                 std::vector<StepTruth>& steps, Sha256& digest) {
  fs::path file = folder.paths().record(index);
  std::string text = read_file_text(file);
  digest.update(text);
  nlohmann::json json = parse_record_light(text, file);
  JsonOrigin origin{file.string()};
  Field field(json, origin);
  if (field["index"].as_unsigned() != index)
    field["index"].fail("must be " + std::to_string(index));
  SampleTruth truth;
  truth.label = direction_of(field["label"]);
  for (const Field& car : field["train"]["cars"].items()) truth.train.cars.push_back(car_of(car));
  truth.train.angle = field["train"]["angle"].as_int();
  truth.scene = scene_slot(target, field["scene"].as_string());
  truth.image = field["files"]["image"].as_string();
  if (truth.image.empty()) truth.image = DatasetPaths::image_name(index);
  if (auto labelled = field.find("labelled")) truth.labelled = labelled->as_bool();
  const std::string& split = folder.split_of(index);
  truth.split = split == "train" ? 0 : split == "val" ? 1 : 2;
  if (auto step = field.find("sequence")) {
    StepTruth s{(*step)["sequence"].as_unsigned(),
                (*step)["step"].as_unsigned(),
                (*step)["length"].as_unsigned(),
                (*step)["accepted"].as_bool(),
                {}};
    for (const auto& [name, value] : (*step)["predicates"].members())
      s.predicates.emplace_back(name, value.as_bool());
    steps.push_back(std::move(s));
  }
  target.samples.push_back(std::move(truth));
}

// A sequence set's steps, in index order, into sequences: each sequence's steps consecutive.
std::vector<SequenceTruth> sequences_of(const std::vector<StepTruth>& steps,
                                        const std::vector<SampleTruth>& samples,
                                        const fs::path& folder) {
  std::vector<SequenceTruth> sequences;
  for (std::uint64_t i = 0; i < steps.size(); ++i) {
    const StepTruth& s = steps[i];
    if (s.step == 0) {
      if (s.sequence != sequences.size())
        throw DatasetError(folder.string() + ": record " + std::to_string(i) + " starts sequence " +
                           std::to_string(s.sequence) + " out of order");
      SequenceTruth sequence{i, s.length, samples[i].split, s.accepted, {}};
      for (const auto& [name, value] : s.predicates) sequence.predicates.push_back({name, {}});
      sequences.push_back(std::move(sequence));
    }
    if (sequences.empty() || s.sequence + 1 != sequences.size() ||
        s.step != i - sequences.back().first_sample)
      throw DatasetError(folder.string() + ": record " + std::to_string(i) +
                         " is not the next step of its sequence");
    auto& predicates = sequences.back().predicates;
    for (std::size_t k = 0; k < predicates.size() && k < s.predicates.size(); ++k)
      predicates[k].second.push_back(s.predicates[k].second);
  }
  return sequences;
}

// The dataset's config as its manifest keeps it, for its distribution and combination filters.
DatasetConfig manifest_config(const DatasetFolder& folder) {
  TemporaryFolder scratch("railyard-score");
  fs::path file = scratch.path() / "config.yaml";
  write_file_atomically(file, folder.manifest().config);
  return build_config(file, {});
}

// The manifest's rule and background inputs, for the rule baseline.
void add_rule_files(DatasetTarget& target, const DatasetManifest& manifest) {
  if (!manifest.inputs || !manifest.inputs->is_array()) return;
  for (const auto& input : *manifest.inputs) {
    if (!input.is_object() || !input.contains("role") || !input.contains("path")) continue;
    std::string role = input["role"].is_string() ? input["role"].get<std::string>() : "";
    fs::path path = input["path"].is_string() ? input["path"].get<std::string>() : "";
    if (path.is_relative() && !file_system::exists(path)) path = data_root() / path;
    if (role == "rule") {
      target.rule_file = path;
      if (input.contains("sha256") && input["sha256"].is_string())
        target.rule_sha256 = input["sha256"].get<std::string>();
    }
    if (role == "background") target.background_file = path;
  }
}

void add_filters(DatasetTarget& target, const DatasetConfig& config) {
  const TrainFilters& filters = config.sampler.filters;
  target.heldout = filters.exclude;
  target.heldout.insert(target.heldout.end(), filters.require.begin(), filters.require.end());
  if (filters.confounder) {
    target.confounder = filters.confounder->attribute;
    target.confounder_east = filters.confounder->east >= filters.confounder->west;
  }
}

Target suite_target(const fs::path& root) {
  Target target{TargetKind::Suite, root};
  SuiteSummary summary = read_suite_summary(root / "summary.json");
  target.curriculum = summary.curriculum;
  std::string hashes = sha256_hex_of_file(root / "summary.json");
  std::optional<TrainFilters> reference;
  for (const SuiteVariantSummary& variant : summary.variants) {
    fs::path folder = root / variant.folder;
    target.datasets.push_back(load_dataset_target(folder, variant.name));
    hashes += sha256_hex_of_file(folder / "manifest.json");
    if (variant.name == summary.reference)
      reference = manifest_config(DatasetFolder::open(folder)).sampler.filters;
  }
  // Every variant is judged against the training set's confounder: where the shortcut the
  // model may have learnt there agrees with the rule (in an unconfounded or reversed test too).
  for (DatasetTarget& dataset : target.datasets)
    if (reference && reference->confounder) {
      dataset.confounder = reference->confounder->attribute;
      dataset.confounder_east = reference->confounder->east >= reference->confounder->west;
    }
  target.sha256 = sha256_hex(hashes);
  return target;
}

Target pairs_target(const fs::path& root) {
  PairsFolder folder = PairsFolder::open(root);
  Target target{TargetKind::Pairs, root};
  target.datasets.push_back(load_dataset_target(folder.base().root(), "base"));
  target.datasets.push_back(load_dataset_target(folder.intervened().root(), "intervened"));
  std::string text = read_file_text(root / "pairs.jsonl");
  std::size_t line = 0;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = std::min(text.find('\n', start), text.size());
    PairRecord pair = pair_record_from_line(std::string_view(text).substr(start, end - start),
                                            root / "pairs.jsonl", ++line);
    std::string kind;
    for (const std::string& k : pair.kinds) kind += (kind.empty() ? "" : "+") + k;
    target.pairs.push_back({pair.operations, kind, pair.flipped});
    start = end + 1;
  }
  target.sha256 = sha256_hex(sha256_hex_of_file(root / "manifest.json") +
                             sha256_hex_of_file(root / "pairs.jsonl"));
  return target;
}

}  // namespace

const char* target_kind_name(TargetKind kind) {
  switch (kind) {
    case TargetKind::Suite: return "suite";
    case TargetKind::Pairs: return "pairs";
    case TargetKind::Sequences: return "sequences";
    default: return "dataset";
  }
}

std::optional<std::uint64_t> DatasetTarget::image_index(const std::string& file) const {
  if (images_.empty())
    for (std::uint64_t i = 0; i < samples.size(); ++i) images_.emplace(samples[i].image, i);
  auto found = images_.find(file);
  if (found == images_.end()) return {};
  return found->second;
}

DatasetTarget load_dataset_target(const fs::path& root, const std::string& name) {
  DatasetFolder folder = DatasetFolder::open(root);
  DatasetTarget target;
  target.name = name;
  target.folder = file_system::absolute(root);
  DatasetConfig config = manifest_config(folder);
  target.distribution = std::string(distribution_name(config.sampler.distribution));
  add_filters(target, config);
  add_rule_files(target, folder.manifest());
  target.samples.reserve(folder.count());
  std::vector<StepTruth> steps;
  Sha256 digest;  // the records' truth is the truth only while they are the manifest's records
  for (std::uint64_t i = 0; i < folder.count(); ++i) read_sample(folder, i, target, steps, digest);
  folder.check_records_digest(digest);
  if (!steps.empty()) {
    if (steps.size() != target.samples.size())
      throw DatasetError(root.string() + ": some records are steps of a sequence, some not");
    target.sequences = sequences_of(steps, target.samples, root);
  }
  return target;
}

Target load_target(const fs::path& folder) {
  fs::path root = file_system::absolute(folder);
  if (!file_system::is_directory(root))
    throw ScoreError(folder.string() + ": not a folder (a dataset, suite or pairs folder)");
  if (file_system::exists(root / "summary.json")) return suite_target(root);
  if (PairsFolder::is_pairs_folder(root)) return pairs_target(root);
  if (!file_system::exists(root / "manifest.json"))
    throw ScoreError(folder.string() +
                     ": holds no manifest.json (a dataset), summary.json (a suite) or pairs.jsonl");
  Target target{TargetKind::Dataset, root};
  target.datasets.push_back(load_dataset_target(root, root.filename().string()));
  if (!target.datasets[0].sequences.empty()) target.kind = TargetKind::Sequences;
  target.sha256 = sha256_hex_of_file(root / "manifest.json");
  return target;
}

}  // namespace railyard::score
