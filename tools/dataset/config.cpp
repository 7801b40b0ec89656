#include "tools/dataset/config.h"

#include <cmath>

#include "logic/errors.h"
#include "logic/intervention/edit_kinds.h"
#include "logic/intervention/operation.h"
#include "logic/train_pattern.h"
#include "logic/vocabulary.h"
#include "tools/dataset/export_settings.h"

namespace railyard {
namespace {

using DatasetSchema = Schema<DatasetConfig>;

// Wraps the constraint parser's errors (which name values, not keys) into the key's message.
template <class Action>
void as_key(const YamlField& value, Action action) {
  try {
    action();
  } catch (const ConfigError& e) {
    value.fail(e.what());
  }
}

Descriptor descriptor_of(const YamlField& where, const std::string& name) {
  std::optional<Descriptor> d = parse_descriptor_key(name);
  if (!d) {
    std::string list;
    for (Descriptor k : kDescriptors)
      list += (list.empty() ? "" : ", ") + std::string(descriptor_key(k));
    where.fail("unknown descriptor '" + name + "' (" + list + ")");
  }
  return *d;
}

// One descriptor's constraint: a value or a list of allowed values, or a map of weights; null
// lifts it.
void set_constraint(Constraints& constraints, Descriptor d, const YamlField& value) {
  if (value.is_null()) {
    constraints.by_descriptor.erase(d);
  } else if (value.is_map()) {
    std::vector<std::pair<std::string, double>> weights;
    for (const auto& [name, weight] : value.entries()) weights.emplace_back(name, weight.number());
    as_key(value, [&] { constraints.weigh(d, weights); });
  } else {
    std::vector<std::string> names;
    if (value.is_scalar()) names.push_back(value.text());
    if (value.is_sequence())
      for (const YamlField& item : value.items()) names.push_back(item.text());
    as_key(value, [&] { constraints.allow(d, names); });
  }
}

Setting<DatasetConfig> constraints_setting() {
  Setting<DatasetConfig> s;
  s.key = "constraints";
  s.type = "{descriptor: [values] | {value: weight}}";
  s.help = "allowed values or weights per descriptor, e.g. {roof: [none, flat]}";
  s.set = [](const YamlField& value, DatasetConfig& c) {
    Constraints constraints;
    if (!value.is_null()) {
      if (!value.is_map()) value.fail("expected a map of descriptors, e.g. {roof: [none, flat]}");
      for (const auto& [name, entry] : value.entries())
        set_constraint(constraints, descriptor_of(entry, name), entry);
    }
    c.sampler.constraints = std::move(constraints);
  };
  s.set_entry = [](const std::string& name, const YamlField& value, DatasetConfig& c) {
    set_constraint(c.sampler.constraints, descriptor_of(value, name), value);
  };
  s.emit = [](YAML::Emitter& out, const DatasetConfig& c) {
    const Constraints& constraints = c.sampler.constraints;
    if (constraints.empty()) out << YAML::Flow;
    out << YAML::BeginMap;
    for (const auto& [d, constraint] : constraints.by_descriptor) {
      out << YAML::Key << std::string(descriptor_key(d)) << YAML::Value << YAML::Flow;
      if (constraint.custom_weights) {
        out << YAML::BeginMap;
        for (const auto& [value, weight] : constraint.weights)
          out << YAML::Key << value_name(Vocabulary::Michalski, d, value) << YAML::Value << weight;
        out << YAML::EndMap;
      } else {
        out << YAML::BeginSeq;
        for (const auto& entry : constraint.weights)
          out << value_name(Vocabulary::Michalski, d, entry.first);
        out << YAML::EndSeq;
      }
    }
    out << YAML::EndMap;
  };
  return s;
}

// A combination of attribute values: {color: red, roof: peaked_roof}, {car: 1, shape: bucket}.
TrainPattern pattern_of(const YamlField& value) {
  if (!value.is_map())
    value.fail("expected a combination of values, e.g. {color: red, roof: peaked_roof}");
  std::vector<std::pair<std::string, std::string>> entries;
  for (const auto& [name, entry] : value.entries()) entries.emplace_back(name, entry.text());
  TrainPattern pattern;
  as_key(value, [&] { pattern = parse_pattern(entries); });
  return pattern;
}

void emit_pattern(YAML::Emitter& out, const TrainPattern& pattern) {
  out << YAML::Flow << YAML::BeginMap;
  if (pattern.position > 0) out << YAML::Key << "car" << YAML::Value << pattern.position;
  for (const PatternValue& v : pattern.values)
    out << YAML::Key << v.key << YAML::Value << v.spelling;
  out << YAML::EndMap;
}

// exclude / require: a list of combinations.
Setting<DatasetConfig> patterns_setting(std::string key,
                                        std::vector<TrainPattern> TrainFilters::*list,
                                        std::string help) {
  Setting<DatasetConfig> s;
  s.key = std::move(key);
  s.type = "[{descriptor: value, car: position}]";
  s.help = std::move(help);
  s.set = [list](const YamlField& value, DatasetConfig& c) {
    std::vector<TrainPattern> patterns;
    if (!value.is_null()) {
      if (!value.is_sequence())
        value.fail("expected a list of combinations, e.g. [{color: red, roof: peaked_roof}]");
      for (const YamlField& item : value.items()) patterns.push_back(pattern_of(item));
    }
    c.sampler.filters.*list = std::move(patterns);
  };
  s.emit = [list](YAML::Emitter& out, const DatasetConfig& c) {
    out << YAML::Flow << YAML::BeginSeq;
    for (const TrainPattern& p : c.sampler.filters.*list) emit_pattern(out, p);
    out << YAML::EndSeq;
  };
  return s;
}

double share_of(const YamlField& value) {
  double share = value.number();
  if (!(share >= 0.0 && share <= 1.0)) value.fail("must be between 0 and 1, got " + value.text());
  return share;
}

// confounder: {attribute: {car: 1, color: blue}, east: 0.95, west: 0.05}, or null for none.
Setting<DatasetConfig> confounder_setting() {
  Setting<DatasetConfig> s;
  s.key = "confounder";
  s.type = "{attribute: {descriptor: value, car: position}, east: share, west: share} | null";
  s.help = "a spurious attribute tied to the class: the share of east and west trains carrying it";
  s.set = [](const YamlField& value, DatasetConfig& c) {
    if (value.is_null()) {
      c.sampler.filters.confounder.reset();
      return;
    }
    if (!value.is_map())
      value.fail("expected {attribute: {car: 1, color: blue}, east: 0.95, west: 0.05} or null");
    value.allow_only({"attribute", "east", "west"});
    Confounder confounder;
    confounder.attribute = pattern_of(value["attribute"]);
    confounder.east = share_of(value["east"]);
    confounder.west = share_of(value["west"]);
    c.sampler.filters.confounder = std::move(confounder);
  };
  s.emit = [](YAML::Emitter& out, const DatasetConfig& c) {
    const auto& confounder = c.sampler.filters.confounder;
    if (!confounder) {
      out << YAML::Null;
      return;
    }
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "attribute" << YAML::Value;
    emit_pattern(out, confounder->attribute);
    out << YAML::Key << "east" << YAML::Value << confounder->east << YAML::Key << "west"
        << YAML::Value << confounder->west << YAML::EndMap;
  };
  return s;
}

Setting<DatasetConfig> subsets_setting() {
  Setting<DatasetConfig> s;
  s.key = "subsets";
  s.type = "[sizes]";
  s.help = "nested training subsets, growing, e.g. [100, 1000]";
  s.set = [](const YamlField& value, DatasetConfig& c) {
    if (!value.is_sequence()) value.fail("expected a list of sizes, e.g. [100, 1000]");
    c.subsets.clear();
    for (const YamlField& item : value.items())
      c.subsets.push_back(static_cast<std::uint64_t>(item.whole(1, 1'000'000'000)));
  };
  s.emit = [](YAML::Emitter& out, const DatasetConfig& c) { out << YAML::Flow << c.subsets; };
  return s;
}

// backend_options.<backend>.<option>, one key for each option a backend declares.
void add_backend_options(DatasetSchema& schema) {
  using Kind = render::BackendOption::Kind;
  for (const render::BackendEntry& backend : render::backends())
    for (const render::BackendOption& option : backend.options) {
      Setting<DatasetConfig> s;
      s.key = "backend_options." + backend.name + "." + option.name;
      s.help = option.help;
      auto value_of = [b = backend.name, o = option.name](auto& c) -> double& {
        return c.backend_options[b][o];
      };
      auto read_value = [b = backend.name, o = option.name](const DatasetConfig& c) {
        return c.backend_options.at(b).at(o);
      };
      if (option.kind == Kind::Switch) {
        s.type = "true|false";
        s.set = [=](const YamlField& v, DatasetConfig& c) { value_of(c) = v.boolean() ? 1 : 0; };
        s.emit = [=](YAML::Emitter& out, const DatasetConfig& c) { out << (read_value(c) != 0); };
      } else if (option.kind == Kind::Whole) {
        auto lo = static_cast<std::int64_t>(option.lo), hi = static_cast<std::int64_t>(option.hi);
        s.type = std::to_string(lo) + ".." + std::to_string(hi);
        s.set = [=](const YamlField& v, DatasetConfig& c) {
          value_of(c) = static_cast<double>(v.whole(lo, hi));
        };
        s.emit = [=](YAML::Emitter& out, const DatasetConfig& c) {
          out << static_cast<std::int64_t>(read_value(c));
        };
      } else {
        s.type = "number";
        s.set = [=, lo = option.lo, hi = option.hi](const YamlField& v, DatasetConfig& c) {
          double value = v.number();
          if (!(value >= lo && value <= hi))
            v.fail("must be between " + std::to_string(lo) + " and " + std::to_string(hi));
          value_of(c) = value;
        };
        s.emit = [=](YAML::Emitter& out, const DatasetConfig& c) { out << read_value(c); };
      }
      schema.add(std::move(s));
    }
}

// interventions.operations: "swap_loads(1,3); set(2, roof=none)", or a list of operations.
Setting<DatasetConfig> operations_setting() {
  Setting<DatasetConfig> s;
  s.key = "interventions.operations";
  s.type = "operations | [operations]";
  s.help = "listed mode: operations applied in order, e.g. \"swap_loads(1,3); set(2, roof=none)\"";
  s.set = [](const YamlField& value, DatasetConfig& c) {
    if (value.is_map())
      value.fail(
          "expected operations: text such as \"swap_loads(1,3); set(2, roof=none)\" or a list "
          "of them, e.g. [\"swap_loads(1,3)\", \"set(2, roof=none)\"]");
    std::string text;
    if (value.is_sequence()) {
      for (const YamlField& item : value.items()) {
        if (!item.is_scalar())
          item.fail("expected an operation such as \"swap_loads(1,3)\" (in quotes)");
        text += (text.empty() ? "" : "; ") + item.text();
      }
    } else if (!value.is_null()) {
      text = value.text();
    }
    try {
      c.interventions.operations = text.empty() ? std::vector<Operation>{} : parse_operations(text);
    } catch (const InterventionError& e) {
      value.fail(e.what());
    }
  };
  s.emit = [](YAML::Emitter& out, const DatasetConfig& c) {
    out << format_operations(c.interventions.operations);
  };
  return s;
}

Setting<DatasetConfig> intervention_indices_setting() {
  Setting<DatasetConfig> s;
  s.key = "interventions.indices";
  s.type = "[indices]";
  s.help = "listed mode: the base trains the operations apply to (empty: every train)";
  s.set = [](const YamlField& value, DatasetConfig& c) {
    if (!value.is_null() && !value.is_sequence())
      value.fail("expected a list of train indices, e.g. [0, 5, 12]");
    c.interventions.indices.clear();
    if (value.is_null()) return;
    for (const YamlField& item : value.items())
      c.interventions.indices.push_back(static_cast<std::uint64_t>(item.whole(0, 999'999'999)));
  };
  s.emit = [](YAML::Emitter& out, const DatasetConfig& c) {
    out << YAML::Flow << c.interventions.indices;
  };
  return s;
}

// interventions.kinds: "set_roof, swap_loads", or a list [set_roof, swap_loads].
Setting<DatasetConfig> edit_kinds_setting() {
  Setting<DatasetConfig> s;
  s.key = "interventions.kinds";
  s.type = "kinds | [kinds]";
  s.help =
      "random, flip, preserve: the edits to choose from, e.g. \"set_roof, swap_loads\" or "
      "[set_roof, swap_loads] (\"set\": every set_*, \"all\": every kind)";
  s.set = [](const YamlField& value, DatasetConfig& c) {
    constexpr const char* kExpected =
        "expected edit kinds: a name, names separated by commas (\"set_roof, swap_loads\") or a "
        "list of names ([set_roof, swap_loads]); \"set\" is every set_*, \"all\" every kind";
    std::string text;
    if (value.is_sequence()) {
      if (value.items().empty())
        value.fail("no edit kinds to choose from: " + std::string(kExpected));
      for (const YamlField& item : value.items()) {
        if (!item.is_scalar()) item.fail(kExpected);
        text += (text.empty() ? "" : ", ") + item.text();
      }
    } else if (value.is_scalar()) {
      text = value.text();
    } else {
      value.fail(kExpected);
    }
    try {
      c.interventions.kinds = parse_edit_kinds(text);
    } catch (const InterventionError& e) {
      value.fail(e.what());
    }
  };
  s.emit = [](YAML::Emitter& out, const DatasetConfig& c) {
    out << format_edit_kinds(c.interventions.kinds);
  };
  return s;
}

// The modes by their config names: the one list the schema, messages and folder names use.
const std::vector<std::pair<std::string, InterventionMode>>& intervention_modes() {
  static const std::vector<std::pair<std::string, InterventionMode>> modes = {
      {"flip", InterventionMode::Flip},
      {"preserve", InterventionMode::Preserve},
      {"listed", InterventionMode::Listed},
      {"random", InterventionMode::Random}};
  return modes;
}

// The `interventions:` section (railyard intervene; tools/dataset/pairs/).
void add_intervention_settings(DatasetSchema& s) {
  s.choice("interventions.mode", field(&DatasetConfig::interventions, &InterventionSettings::mode),
           intervention_modes(), "how a base train becomes its intervened twin");
  s.add(operations_setting());
  s.add(intervention_indices_setting());
  s.add(edit_kinds_setting());
  s.whole("interventions.max_edits",
          field(&DatasetConfig::interventions, &InterventionSettings::max_edits), 1, 3,
          "flip: the most edits a counterfactual may make (k)");
  s.choice("interventions.keep", field(&DatasetConfig::interventions, &InterventionSettings::keep),
           std::vector<std::pair<std::string, PairKeep>>{{"all", PairKeep::All},
                                                         {"flipped", PairKeep::Flipped},
                                                         {"preserved", PairKeep::Preserved}},
           "which pairs to keep; the others are reported in unpaired.jsonl");
  s.choice("interventions.on_refusal",
           field(&DatasetConfig::interventions, &InterventionSettings::on_refusal),
           std::vector<std::pair<std::string, OnRefusal>>{{"fail", OnRefusal::Fail},
                                                          {"skip", OnRefusal::Skip}},
           "listed mode: a train refusing an operation stops the run, or is left unpaired");
}

std::vector<std::pair<std::string, std::string>> backend_names() {
  std::vector<std::pair<std::string, std::string>> names;
  for (const render::BackendEntry& backend : render::backends())
    names.emplace_back(backend.name, backend.name);
  return names;
}

DatasetSchema make_schema() {
  DatasetSchema s;
  s.whole("count", field(&DatasetConfig::count), 1, 1'000'000'000, "number of images",
          "-n,--count");
  s.unsigned_whole("seed", field(&DatasetConfig::seed), "random seed", "--seed");
  s.text("rule", field(&DatasetConfig::rule), "name|path.pl",
         "classification rule: a shipped name (logic/rules) or a .pl file", "-r,--rule");
  s.choice("distribution", field(&DatasetConfig::sampler, &SamplerConfig::distribution),
           std::vector<std::pair<std::string, Distribution>>{
               {"MichalskiTrains", Distribution::Michalski},
               {"RandomTrains", Distribution::Random},
               {"michalski", Distribution::Michalski},
               {"random", Distribution::Random}},
           "car attribute distribution", "--distribution");
  s.whole("min_cars", field(&DatasetConfig::sampler, &SamplerConfig::min_cars), 1, kMaxCars,
          "fewest cars per train", "--min-cars");
  s.whole("max_cars", field(&DatasetConfig::sampler, &SamplerConfig::max_cars), 1, kMaxCars,
          "most cars per train", "--max-cars");
  s.add(constraints_setting());
  s.add(patterns_setting("exclude", &TrainFilters::exclude,
                         "held-out combinations no train may hold, e.g. [{color: red, roof: "
                         "peaked_roof}, {car: 1, shape: bucket}]"));
  s.add(patterns_setting("require", &TrainFilters::require,
                         "combinations of which every train holds at least one"));
  s.add(confounder_setting());
  s.boolean("occlusion", field(&DatasetConfig::sampler, &SamplerConfig::occlusion),
            "V-LoL's wider viewpoint range, [-70, 70] degrees", "--occlusion");
  s.whole("max_attempts", field(&DatasetConfig::max_attempts), 1, 1'000'000'000,
          "draws per train before a class counts as unreachable", "--max-attempts");
  s.text("representation", field(&DatasetConfig::representation), "Trains|SimpleObjects|...",
         "how trains are drawn: a representation of assets/manifest.yaml", "--representation");
  s.text("scene", field(&DatasetConfig::scene), "name|path.yaml",
         "scene: a shipped name (scenes/) or a .yaml file", "--scene");
  s.choice("backend", field(&DatasetConfig::backend), backend_names(), "renderer backend",
           "--backend");
  add_backend_options(s);
  s.whole("width", field(&DatasetConfig::width), 16, 16384, "image width", "--width");
  s.whole("height", field(&DatasetConfig::height), 16, 16384, "image height", "--height");
  s.boolean("high_res", field(&DatasetConfig::high_res), "1920x1080 instead of width x height",
            "--high-res");
  s.whole("samples", field(&DatasetConfig::samples), 0, 65536,
          "samples per pixel: the raster's MSAA, the path tracer's paths (0: default)",
          "--samples");
  s.boolean("auto_fit", field(&DatasetConfig::auto_fit), "fit each train to the frame",
            "--auto-fit");
  s.boolean("local_lighting", field(&DatasetConfig::local_lighting),
            "light each surface alone: no shadows, no indirect light (pairs change only what "
            "an intervention touched)",
            "--local-lighting");
  s.boolean("outputs.depth_exr", field(&DatasetConfig::outputs, &OutputSelection::depth_exr),
            "metric depth as OpenEXR");
  s.choice("outputs.depth_exr_compression",
           field(&DatasetConfig::outputs, &OutputSelection::depth_exr_compression),
           std::vector<std::pair<std::string, ExrCompression>>{{"none", ExrCompression::None},
                                                               {"zip", ExrCompression::Zip}},
           "lossless compression of the depth EXR");
  s.choice("outputs.depth_exr_precision",
           field(&DatasetConfig::outputs, &OutputSelection::depth_exr_precision),
           std::vector<std::pair<std::string, DepthPrecision>>{{"half", DepthPrecision::Half},
                                                               {"float", DepthPrecision::Float}},
           "depth EXR channel: half (relative error < 4.9e-4) or 32-bit float");
  s.boolean("outputs.depth_png", field(&DatasetConfig::outputs, &OutputSelection::depth_png),
            "V-LoL's normalised depth picture");
  s.boolean("outputs.masks", field(&DatasetConfig::outputs, &OutputSelection::masks),
            "RLE masks in all_scenes.json and the COCO file");
  s.boolean("outputs.coco", field(&DatasetConfig::outputs, &OutputSelection::coco),
            "COCO instances file");
  s.number("splits.train", field(&DatasetConfig::splits, &SplitRatios::train), 0.0, 1.0,
           "share of the train split");
  s.number("splits.val", field(&DatasetConfig::splits, &SplitRatios::val), 0.0, 1.0,
           "share of the validation split");
  s.number("splits.test", field(&DatasetConfig::splits, &SplitRatios::test), 0.0, 1.0,
           "share of the test split");
  s.add(subsets_setting());
  s.number("label_noise", field(&DatasetConfig::label_noise), 0.0, 0.5,
           "share of published labels flipped (the truth is kept)", "--label-noise");
  s.number("supervision", field(&DatasetConfig::supervision), 0.0, 1.0,
           "share of labels given; the rest are withheld (splits/unlabelled.txt, the truth is "
           "kept)",
           "--supervision");
  s.text("output", field(&DatasetConfig::output), "folder", "output folder", "-o,--output");
  s.whole("threads", field(&DatasetConfig::threads), 0, 1024, "worker threads (0: all cores)",
          "-j,--threads");
  add_intervention_settings(s);
  s.add(exports_setting());
  return s;
}

}  // namespace

const Schema<DatasetConfig>& dataset_schema() {
  static const DatasetSchema schema = make_schema();
  return schema;
}

void check_config(const DatasetConfig& config) {
  if (config.sampler.min_cars > config.sampler.max_cars)
    throw ConfigError("min_cars (" + std::to_string(config.sampler.min_cars) +
                      ") is larger than max_cars (" + std::to_string(config.sampler.max_cars) +
                      ")");
  double total = config.splits.train + config.splits.val + config.splits.test;
  if (std::abs(total - 1.0) > 1e-9)
    throw ConfigError("splits.train + splits.val + splits.test must be 1, got " +
                      std::to_string(total));
  std::uint64_t previous = 0;
  for (std::uint64_t size : config.subsets) {
    if (size <= previous) throw ConfigError("subsets must grow strictly, e.g. [100, 1000, 10000]");
    if (size > config.count)
      throw ConfigError("subset of " + std::to_string(size) + " is larger than count (" +
                        std::to_string(config.count) + ")");
    previous = size;
  }
  check_intervention_settings(config.interventions);
  for (std::uint64_t index : config.interventions.indices)
    if (index >= config.count)
      throw ConfigError("interventions.indices: train " + std::to_string(index) +
                        " is not in the dataset (count is " + std::to_string(config.count) + ")");
  TrainSampler check(config.sampler);  // throws when constraints leave nothing to sample
}

std::string_view intervention_mode_name(InterventionMode mode) {
  for (const auto& [name, value] : intervention_modes())
    if (value == mode) return name;
  return "flip";
}

void check_intervention_settings(const InterventionSettings& settings) {
  const InterventionSettings defaults;
  InterventionMode mode = settings.mode;
  std::string mode_text = "interventions.mode is " + std::string(intervention_mode_name(mode));
  // A key the mode never reads: refused rather than silently ignored.
  auto ignored = [&](const std::string& key, const std::string& why) {
    throw ConfigError("interventions." + key + ": " + mode_text + ", which ignores " + key + " (" +
                      why + "); remove it or change interventions.mode");
  };
  bool listed = mode == InterventionMode::Listed;
  if (!listed && !settings.operations.empty())
    ignored("operations", "only listed mode applies given operations");
  if (!listed && !settings.indices.empty())
    ignored("indices", "only listed mode picks base trains; the other modes try every train");
  if (!listed && settings.on_refusal != defaults.on_refusal)
    ignored("on_refusal",
            "only listed operations are refused; in the other modes a train without a twin is "
            "always left unpaired, in unpaired.jsonl");
  if (listed && settings.kinds != defaults.kinds)
    ignored("kinds", "listed mode applies its operations; kinds are for flip, preserve and random");
  if (mode != InterventionMode::Flip && settings.max_edits != defaults.max_edits)
    ignored("max_edits",
            "only flip searches up to k edits; preserve and random make one edit, listed its "
            "operations");
  if (listed && settings.operations.empty())
    throw ConfigError(
        "interventions.operations: listed mode needs operations, e.g. "
        "\"swap_loads(1,3)\"");
  if (settings.kinds.empty())
    throw ConfigError("interventions.kinds: no edit kinds to choose from");
  // A keep that no pair of the mode can meet: the run would have nothing to render.
  if (mode == InterventionMode::Flip && settings.keep == PairKeep::Preserved)
    throw ConfigError(
        "interventions.keep: preserved keeps no pair of interventions.mode: flip (every flip "
        "changes the label); use keep: flipped or all, or mode: preserve");
  if (mode == InterventionMode::Preserve && settings.keep == PairKeep::Flipped)
    throw ConfigError(
        "interventions.keep: flipped keeps no pair of interventions.mode: preserve (every "
        "preserving edit keeps the label); use keep: preserved or all, or mode: flip");
}

DatasetConfig build_config(const std::filesystem::path& file,
                           const std::vector<std::string>& assignments, const std::string& source) {
  DatasetConfig config;
  try {
    if (!file.empty()) dataset_schema().apply(YamlField::load_file(file), config);
    for (const std::string& assignment : assignments)
      dataset_schema().assign(assignment, source, config);
  } catch (const ConfigError&) {
    throw;
  } catch (const InputError& e) {
    throw ConfigError(e.what());
  }
  check_config(config);
  return config;
}

std::string emit_config(const DatasetConfig& config) {
  return dataset_schema().emit(config);
}

std::string emit_dataset_config(const DatasetConfig& config) {
  DatasetConfig normalised = config;
  normalised.threads = 0;
  normalised.output = ".";
  return emit_config(normalised);
}

render::BackendSettings backend_settings(const DatasetConfig& config) {
  render::BackendSettings settings;
  settings.threads = config.threads;
  if (auto found = config.backend_options.find(config.backend);
      found != config.backend_options.end())
    settings.options = found->second;
  return settings;
}

DatasetIdentity dataset_identity(const DatasetConfig& config, const std::string& rule_name,
                                 const std::string& scene_name) {
  return {config.output,
          config.representation,
          rule_name,
          std::string(distribution_name(config.sampler.distribution)),
          scene_name,
          config.sampler.min_cars,
          config.sampler.max_cars};
}

}  // namespace railyard
