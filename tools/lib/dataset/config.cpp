#include "tools/lib/dataset/config.h"

#include <cmath>
#include <cstdio>

#include "logic/errors.h"
#include "logic/train_pattern.h"
#include "logic/vocabulary.h"
#include "tools/lib/export/export_schema.h"

namespace railyard {
namespace {

using DatasetSchema = Schema<DatasetConfig>;

std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

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

Codec<TrainPattern> pattern_codec() {
  return {"{descriptor: value, car: position}", pattern_of, emit_pattern, {}};
}

// confounder: {attribute: {car: 1, color: blue}, east: 0.95, west: 0.05}, or null for none.
Codec<Confounder> confounder_codec() {
  Schema<Confounder> s;
  s.value("attribute", field(&Confounder::attribute), pattern_codec(),
          "the attribute: a combination of values")
      .required();
  s.number("east", field(&Confounder::east), 0.0, 1.0, "share of east trains carrying it")
      .required();
  s.number("west", field(&Confounder::west), 0.0, 1.0, "share of west trains carrying it")
      .required();
  return s.codec("{attribute: {descriptor: value, car: position}, east: share, west: share}");
}

// span: [t0, t1], two positions of the curriculum in [0, 1], t0 <= t1.
Codec<std::array<double, 2>> span_codec() {
  Codec<std::array<double, 2>> codec;
  codec.type = "[t0, t1]";
  codec.parse = [](const YamlField& v) {
    if (!v.is_sequence() || v.items().size() != 2)
      v.fail("expected two positions [t0, t1] in [0, 1], e.g. [0.25, 0.5]");
    std::array<double, 2> span{};
    std::vector<YamlField> items = v.items();
    span[0] = items[0].number();
    span[1] = items[1].number();
    for (std::size_t k = 0; k < 2; ++k)
      if (!(span[k] >= 0.0 && span[k] <= 1.0))
        items[k].fail("must lie in [0, 1] (a position of the curriculum)");
    if (span[0] > span[1]) v.fail("t0 must not be after t1 (the span runs forward)");
    return span;
  };
  codec.emit = [](YAML::Emitter& out, const std::array<double, 2>& span) {
    out << YAML::Flow << YAML::BeginSeq << span[0] << span[1] << YAML::EndSeq;
  };
  return codec;
}

// supervision_decay: {gamma: 0.8, beta: 0.2, span: [0, 1]}.
Codec<SupervisionDecay> decay_codec() {
  Schema<SupervisionDecay> s;
  s.number("gamma", field(&SupervisionDecay::gamma), 0.0, 1.0,
           "share of labels given at the curve's start (t = 0), in (0, 1]")
      .required();
  s.number("beta", field(&SupervisionDecay::beta), 0.0, 1.0,
           "share of labels given at the curve's end (t = 1), in (0, gamma]")
      .required();
  s.value("span", field(&SupervisionDecay::span), span_codec(),
          "the curve's positions of the first and last sample (default [0, 1]; dataset k of a "
          "K-dataset curriculum: [k/K, (k+1)/K])");
  s.check([](const SupervisionDecay& d) {
    if (!(d.gamma > 0.0)) throw ConfigError("gamma must be above 0 (f(t) = gamma * exp(...))");
    if (!(d.beta > 0.0)) throw ConfigError("beta must be above 0 (sigma = log(gamma / beta))");
    if (d.beta > d.gamma)
      throw ConfigError("beta (" + number_text(d.beta) + ") is above gamma (" +
                        number_text(d.gamma) +
                        "): supervision decays from gamma at the start to beta at the end");
  });
  return s.codec("{gamma, beta, span: [t0, t1]}");
}

// compositions: {train: single, val: any, test: several}.
Codec<Compositions> compositions_codec() {
  Schema<Compositions> s;
  s.choice("train", field(&Compositions::train), kCompositionNames,
           "east trains of the train split: any | single (exactly one clause) | several (2+)");
  s.choice("val", field(&Compositions::val), kCompositionNames, "east trains of the val split");
  s.choice("test", field(&Compositions::test), kCompositionNames, "east trains of the test split");
  return s.codec("{train, val, test: any|single|several}");
}

// backend_options.<backend>.<option>, one key for each option a backend declares (its range,
// help and default are the backend's: renderer/registry/backends.cpp).
void add_backend_options(DatasetSchema& s) {
  using Kind = render::BackendOption::Kind;
  for (const render::BackendEntry& backend : render::backends())
    for (const render::BackendOption& option : backend.options) {
      std::string key = "backend_options." + backend.name + "." + option.name;
      auto value = [ b = backend.name, o = option.name ](auto& c) -> auto& {
        return c.backend_options.at(b).at(o);
      };
      switch (option.kind) {
        case Kind::Switch: s.boolean(key, value, option.help); break;
        case Kind::Whole:
          s.whole(key, value, static_cast<std::int64_t>(option.lo),
                  static_cast<std::int64_t>(option.hi), option.help);
          break;
        case Kind::Number: s.number(key, value, option.lo, option.hi, option.help); break;
      }
    }
}

std::vector<std::pair<std::string, std::string>> backend_names() {
  std::vector<std::pair<std::string, std::string>> names;
  for (const render::BackendEntry& backend : render::backends())
    names.emplace_back(backend.name, backend.name);
  return names;
}

// `pinned`: the schema of a dataset's config text (its manifest and run lock), in which a key added
// after datasets were pinned by their bytes is left out while it holds its default, so that a
// config without it makes the same bytes as before the key existed.
DatasetSchema make_schema(bool pinned) {
  DatasetSchema s;
  auto when_set = [&](auto is_set) {
    if (pinned) s.applies_when(is_set);
  };
  s.whole("count", field(&DatasetConfig::count), 1, 1'000'000'000, "number of images",
          "-n,--count");
  s.unsigned_whole("seed", field(&DatasetConfig::seed), "random seed", "--seed");
  s.text("rule", field(&DatasetConfig::rule), "name|path.pl",
         "classification rule: a shipped name (logic/rules) or a .pl file", "-r,--rule");
  s.choice("distribution", field(&DatasetConfig::sampler, &SamplerConfig::distribution),
           kDistributionNames, "car attribute distribution", "--distribution");
  s.whole("min_cars", field(&DatasetConfig::sampler, &SamplerConfig::min_cars), 1, kMaxCars,
          "fewest cars per train", "--min-cars");
  s.whole("max_cars", field(&DatasetConfig::sampler, &SamplerConfig::max_cars), 1, kMaxCars,
          "most cars per train", "--max-cars");
  s.add(constraints_setting());
  constexpr const char* kCombinations =
      "expected a list of combinations, e.g. [{color: red, roof: peaked_roof}]";
  s.list("exclude", field(&DatasetConfig::sampler, &SamplerConfig::filters, &TrainFilters::exclude),
         pattern_codec(),
         "held-out combinations no train may hold, e.g. [{color: red, roof: peaked_roof}, {car: "
         "1, shape: bucket}]",
         kCombinations);
  s.list("require", field(&DatasetConfig::sampler, &SamplerConfig::filters, &TrainFilters::require),
         pattern_codec(), "combinations of which every train holds at least one", kCombinations);
  s.optional("confounder",
             field(&DatasetConfig::sampler, &SamplerConfig::filters, &TrainFilters::confounder),
             confounder_codec(),
             "a spurious attribute tied to the class: the share of east and west trains carrying "
             "it");
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
  s.choice("outputs.scene", field(&DatasetConfig::outputs, &OutputSelection::scene),
           std::vector<std::pair<std::string, SceneFormat>>{{"none", SceneFormat::None},
                                                            {"glb", SceneFormat::Glb}},
           "each sample's 3D scene (train, rails, ground, camera, lights, part ids) as binary "
           "glTF in scenes/");
  when_set([](const DatasetConfig& c) { return c.outputs.scene != SceneFormat::None; });
  s.choice("outputs.layout", field(&DatasetConfig::outputs, &OutputSelection::layout),
           std::vector<std::pair<std::string, OutputLayout>>{{"files", OutputLayout::Files},
                                                             {"shards", OutputLayout::Shards}},
           "files: V-LoL's folders, four files a sample; shards: WebDataset tar shards per split, "
           "the bytes railyard pack makes of the files (a few files per thousand samples)",
           "--layout");
  when_set([](const DatasetConfig& c) { return c.outputs.layout != OutputLayout::Files; });
  s.whole("outputs.samples_per_shard",
          field(&DatasetConfig::outputs, &OutputSelection::samples_per_shard), 0, 1'000'000'000,
          "samples per tar shard (layout: shards); 0: about 1 GB of them, judged by the first "
          "sample as railyard pack judges");
  when_set([](const DatasetConfig& c) { return c.outputs.samples_per_shard != 0; });
  s.number("splits.train", field(&DatasetConfig::splits, &SplitRatios::train), 0.0, 1.0,
           "share of the train split");
  s.number("splits.val", field(&DatasetConfig::splits, &SplitRatios::val), 0.0, 1.0,
           "share of the validation split");
  s.number("splits.test", field(&DatasetConfig::splits, &SplitRatios::test), 0.0, 1.0,
           "share of the test split");
  s.list("subsets", field(&DatasetConfig::subsets), whole_codec<std::uint64_t>(1, 1'000'000'000),
         "nested training subsets, growing, e.g. [100, 1000]",
         "expected a list of sizes, e.g. [100, 1000]");
  s.number("label_noise", field(&DatasetConfig::label_noise), 0.0, 0.5,
           "share of published labels flipped (the truth is kept)", "--label-noise");
  s.number("supervision", field(&DatasetConfig::supervision), 0.0, 1.0,
           "share of labels given; the rest are withheld (splits/unlabelled.txt, the truth is "
           "kept)",
           "--supervision");
  s.optional("supervision_decay", field(&DatasetConfig::supervision_decay), decay_codec(),
             "fading supervision (KANDY): each label given with probability gamma * exp(-log("
             "gamma / beta) * t), t the sample's (a sequence set: the sequence's) position on "
             "span [t0, t1]; replaces supervision");
  when_set([](const DatasetConfig& c) { return c.supervision_decay.has_value(); });
  s.boolean("unique", field(&DatasetConfig::unique),
            "no two samples carry the same symbolic train (cars and their attributes, not the "
            "angle; a sequence set: no two sequences the same list of trains); max_attempts "
            "draws per index before it gives up");
  when_set([](const DatasetConfig& c) { return c.unique; });
  s.optional("compositions", field(&DatasetConfig::compositions), compositions_codec(),
             "per split, how many clauses of the rule's eastbound/1 an east train satisfies: "
             "any | single | several (2+), e.g. {train: single, test: several}");
  when_set([](const DatasetConfig& c) { return c.compositions.has_value(); });
  s.text("output", field(&DatasetConfig::output), "folder", "output folder", "-o,--output");
  s.whole("threads", field(&DatasetConfig::threads), 0, 1024, "worker threads (0: all cores)",
          "-j,--threads");
  s.whole("render_threads", field(&DatasetConfig::render_threads), 0, 16,
          "threads that sample, lay out and render, each with its own renderer (0: 1; on an "
          "H200 4 were slower than 1, BENCHMARKS.md); the bytes do not depend on it",
          "--render-threads");
  when_set([](const DatasetConfig& c) { return c.render_threads != 0; });
  s.section("interventions", field(&DatasetConfig::interventions), intervention_schema());
  s.section("sequence", field(&DatasetConfig::sequence), sequence_schema());
  s.list("exports", field(&DatasetConfig::exports), exports::export_schema().codec(),
         "exports written into the finished dataset (exports/<name>/): target popper|aleph|"
         "scene_graphs, vocabulary relational|michalski, perception noise rate and seed",
         "expected a list, e.g. [{target: popper}]");
  return s;
}

}  // namespace

const Schema<DatasetConfig>& dataset_schema() {
  static const DatasetSchema schema = make_schema(false);
  return schema;
}

static const Schema<DatasetConfig>& pinned_schema() {
  static const DatasetSchema schema = make_schema(true);
  return schema;
}

Supervision dataset_supervision(const DatasetConfig& config, std::uint64_t positions) {
  return {config.supervision, config.supervision_decay, positions};
}

// A sequence dataset's labels are sequence labels: the per-sample knobs for published labels and
// subsets of single trains do not apply.
static void check_sequence_config(const DatasetConfig& config) {
  auto refuse = [](const std::string& key) {
    throw ConfigError(key +
                      " applies to single trains; a sequence dataset (sequence.formula is set) "
                      "publishes sequence labels: choose what its train split shows with "
                      "sequence.train_annotations");
  };
  if (config.label_noise > 0.0) refuse("label_noise");
  if (config.compositions)
    throw ConfigError(
        "compositions applies to single trains of a balanced set; a sequence dataset "
        "(sequence.formula is set) plans its labels per sequence");
  if (config.unique && config.sequence.incremental())
    throw ConfigError(
        "unique applies to whole sequences (sequential mode); incremental mode's episodes are "
        "single trains of one curriculum step: remove unique, or use sequence.mode: sequential");
}

// What a run writing tar shards cannot do, and a key that would do nothing.
static void check_layout(const DatasetConfig& config) {
  if (config.outputs.layout == OutputLayout::Files) {
    if (config.outputs.samples_per_shard != 0)
      throw ConfigError(
          "outputs.samples_per_shard applies to outputs.layout: shards (railyard pack of a "
          "dataset written as files takes --samples-per-shard)");
    return;
  }
  if (!config.exports.empty())
    throw ConfigError(
        "exports read a dataset's per-sample files; with outputs.layout: shards there are none: "
        "write the dataset as files to export it (railyard pack makes the same shards of it)");
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
  if (config.supervision_decay && config.supervision < 1.0)
    throw ConfigError("supervision (" + number_text(config.supervision) +
                      ") and supervision_decay: give one; supervision_decay sets the share of "
                      "labels given at every position (supervision: a constant share)");
  if (config.compositions && *config.compositions == Compositions{})
    throw ConfigError(
        "compositions: every split is 'any'; name single or several for a split, or remove the "
        "key");
  dataset_schema().validate(config);  // the sections' own checks (interventions)
  for (std::uint64_t index : config.interventions.indices)
    if (index >= config.count)
      throw ConfigError("interventions.indices: train " + std::to_string(index) +
                        " is not in the dataset (count is " + std::to_string(config.count) + ")");
  if (config.sequence.enabled()) check_sequence_config(config);
  check_layout(config);
  TrainSampler check(config.sampler);  // throws when constraints leave nothing to sample
}

namespace {

// `fill` applied to the defaults, then the whole config checked; every InputError a ConfigError.
template <class Fill>
DatasetConfig checked_config(Fill&& fill) {
  DatasetConfig config;
  try {
    fill(config);
  } catch (const ConfigError&) {
    throw;
  } catch (const InputError& e) {
    throw ConfigError(e.what());
  }
  check_config(config);
  return config;
}

}  // namespace

DatasetConfig build_config(const std::filesystem::path& file,
                           const std::vector<std::string>& assignments, const std::string& source) {
  return checked_config([&](DatasetConfig& config) {
    if (!file.empty()) dataset_schema().apply(YamlField::load_file(file), config);
    for (const std::string& assignment : assignments)
      dataset_schema().assign(assignment, source, config);
  });
}

DatasetConfig config_from_text(const std::string& yaml, const std::string& source) {
  return checked_config([&](DatasetConfig& config) {
    dataset_schema().apply(YamlField::parse(yaml, source), config);
  });
}

std::string emit_config(const DatasetConfig& config) {
  return dataset_schema().emit(config);
}

std::string emit_dataset_config(const DatasetConfig& config) {
  DatasetConfig normalised = config;
  normalised.threads = 0;
  normalised.render_threads = 0;  // how fast, not what: never pinned
  normalised.output = ".";
  return pinned_schema().emit(normalised);
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
