#include "tools/dataset/config.h"

#include <functional>
#include <limits>
#include <map>
#include <sstream>

#include "logic/errors.h"
#include "logic/vocabulary.h"

namespace railyard {
namespace {

using Setter = std::function<void(const YAML::Node&, DatasetConfig&)>;

std::string scalar_text(const YAML::Node& node) {
  return node.IsScalar() ? "'" + node.Scalar() + "'"
                         : "a " + std::string(node.IsMap() ? "mapping" : "list");
}

template <class T>
T as(const YAML::Node& node, const char* what) {
  try {
    if (!node.IsScalar()) throw YAML::Exception(YAML::Mark::null_mark(), "");
    return node.as<T>();
  } catch (const YAML::Exception&) {
    throw ConfigError(std::string("expected ") + what + ", got " + scalar_text(node));
  }
}

std::int64_t integer_in(const YAML::Node& node, std::int64_t lo, std::int64_t hi) {
  auto value = as<std::int64_t>(node, "an integer");
  if (value < lo || value > hi)
    throw ConfigError("must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                      ", got " + std::to_string(value));
  return value;
}

double number_in(const YAML::Node& node, double lo, double hi) {
  auto value = as<double>(node, "a number");
  if (!(value >= lo && value <= hi)) {
    std::ostringstream message;
    message << "must be between " << lo << " and " << hi << ", got " << value;
    throw ConfigError(message.str());
  }
  return value;
}

std::string one_of(const YAML::Node& node, std::initializer_list<const char*> choices) {
  auto value = as<std::string>(node, "a name");
  std::string list;
  for (const char* choice : choices) {
    if (value == choice) return value;
    list += (list.empty() ? "" : ", ") + std::string(choice);
  }
  throw ConfigError("'" + value + "' is not one of: " + list);
}

void set_constraint(const std::string& descriptor_name, const YAML::Node& value,
                    DatasetConfig& config) {
  auto descriptor = parse_descriptor_key(descriptor_name);
  if (!descriptor) throw ConfigError("unknown descriptor");
  if (value.IsSequence() || value.IsScalar()) {
    std::vector<std::string> names;
    if (value.IsScalar()) names.push_back(value.Scalar());
    for (const auto& item : value) names.push_back(as<std::string>(item, "a value name"));
    config.sampler.constraints.allow(*descriptor, names);
  } else if (value.IsMap()) {
    std::vector<std::pair<std::string, double>> weights;
    for (const auto& item : value)
      weights.emplace_back(as<std::string>(item.first, "a value name"),
                           as<double>(item.second, "a weight"));
    config.sampler.constraints.weigh(*descriptor, weights);
  } else {
    throw ConfigError("expected a list of allowed values or a mapping of weights");
  }
}

// Every key, with the function that parses and checks its value. Keys are data: adding a setting
// is adding a line here, to DatasetConfig and to emit_config.
const std::map<std::string, Setter>& schema() {
  static const std::map<std::string, Setter> keys = {
      {"count", [](auto& v, auto& c) { c.count = integer_in(v, 1, 1'000'000'000); }},
      {"seed", [](auto& v, auto& c) { c.seed = as<std::uint64_t>(v, "a non-negative integer"); }},
      {"rule", [](auto& v, auto& c) { c.rule = as<std::string>(v, "a rule name or path"); }},
      {"distribution",
       [](auto& v, auto& c) {
         auto d = parse_distribution(as<std::string>(v, "a distribution name"));
         if (!d) throw ConfigError("is neither MichalskiTrains nor RandomTrains");
         c.sampler.distribution = *d;
       }},
      {"min_cars", [](auto& v, auto& c) { c.sampler.min_cars = integer_in(v, 1, kMaxCars); }},
      {"max_cars", [](auto& v, auto& c) { c.sampler.max_cars = integer_in(v, 1, kMaxCars); }},
      {"occlusion", [](auto& v, auto& c) { c.sampler.occlusion = as<bool>(v, "true or false"); }},
      {"max_attempts", [](auto& v, auto& c) { c.max_attempts = integer_in(v, 1, 1'000'000'000); }},
      {"representation",
       [](auto& v, auto& c) {
         c.representation = one_of(v, {"Trains", "SimpleObjects"});
       }},
      {"scene", [](auto& v, auto& c) { c.scene = as<std::string>(v, "a scene name or path"); }},
      {"backend",
       [](auto& v, auto& c) {
         c.backend = one_of(v, {"raster", "pathtrace"});
       }},
      {"width", [](auto& v, auto& c) { c.width = integer_in(v, 16, 16384); }},
      {"height", [](auto& v, auto& c) { c.height = integer_in(v, 16, 16384); }},
      {"high_res", [](auto& v, auto& c) { c.high_res = as<bool>(v, "true or false"); }},
      {"samples", [](auto& v, auto& c) { c.samples = integer_in(v, 0, 65536); }},
      {"auto_fit", [](auto& v, auto& c) { c.auto_fit = as<bool>(v, "true or false"); }},
      {"outputs.depth_exr",
       [](auto& v, auto& c) { c.outputs.depth_exr = as<bool>(v, "true or false"); }},
      {"outputs.depth_exr_compression",
       [](auto& v, auto& c) {
         c.outputs.depth_exr_compression = one_of(v, {"none", "zip"});
       }},
      {"outputs.depth_png",
       [](auto& v, auto& c) { c.outputs.depth_png = as<bool>(v, "true or false"); }},
      {"outputs.masks", [](auto& v, auto& c) { c.outputs.masks = as<bool>(v, "true or false"); }},
      {"outputs.coco", [](auto& v, auto& c) { c.outputs.coco = as<bool>(v, "true or false"); }},
      {"splits.train", [](auto& v, auto& c) { c.splits.train = number_in(v, 0.0, 1.0); }},
      {"splits.val", [](auto& v, auto& c) { c.splits.val = number_in(v, 0.0, 1.0); }},
      {"splits.test", [](auto& v, auto& c) { c.splits.test = number_in(v, 0.0, 1.0); }},
      {"subsets",
       [](auto& v, auto& c) {
         if (!v.IsSequence()) throw ConfigError("expected a list of sizes, e.g. [100, 1000]");
         c.subsets.clear();
         for (const auto& item : v) c.subsets.push_back(integer_in(item, 1, 1'000'000'000));
       }},
      {"label_noise", [](auto& v, auto& c) { c.label_noise = number_in(v, 0.0, 0.5); }},
      {"output", [](auto& v, auto& c) { c.output = as<std::string>(v, "a folder path"); }},
      {"threads", [](auto& v, auto& c) { c.threads = integer_in(v, 0, 1024); }},
  };
  return keys;
}

// Sections whose keys are nested one level ("outputs.masks"); constraints take any descriptor.
bool is_section(const std::string& key) {
  return key == "outputs" || key == "splits" || key == "constraints";
}

std::string location(const ConfigSource& source, const YAML::Node& node, const std::string& key) {
  std::string where = source.name;
  if (source.has_lines && !node.Mark().is_null())
    where += ":" + std::to_string(node.Mark().line + 1);
  return where + ": key '" + key + "'";
}

void apply_key(const ConfigSource& source, const std::string& key, const YAML::Node& value,
               DatasetConfig& config) {
  try {
    if (key.starts_with("constraints.")) {
      if (value.IsNull())
        config.sampler.constraints.by_descriptor.erase(
            parse_descriptor_key(key.substr(12)).value_or(Descriptor::Shape));
      else
        set_constraint(key.substr(12), value, config);
      return;
    }
    auto it = schema().find(key);
    if (it == schema().end()) throw ConfigError("unknown key");
    it->second(value, config);
  } catch (const ConfigError& e) {
    throw ConfigError(location(source, value, key) + ": " + e.what());
  }
}

void apply_source(const ConfigSource& source, DatasetConfig& config) {
  if (!source.node || source.node.IsNull()) return;
  if (!source.node.IsMap()) throw ConfigError(source.name + ": expected a mapping of keys");
  for (const auto& entry : source.node) {
    std::string key = entry.first.as<std::string>();
    if (is_section(key) && entry.second.IsMap()) {
      if (key == "constraints") config.sampler.constraints = {};
      for (const auto& sub : entry.second)
        apply_key(source, key + "." + sub.first.as<std::string>(), sub.second, config);
    } else if (key == "constraints" && entry.second.IsNull()) {
      config.sampler.constraints = {};
    } else {
      apply_key(source, key, entry.second, config);
    }
  }
}

void check_whole(const DatasetConfig& config) {
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
  TrainSampler check(config.sampler);  // throws when constraints leave nothing to sample
}

}  // namespace

YAML::Node default_config_node() {
  const DatasetConfig defaults;
  return YAML::Load(emit_config(defaults));
}

YAML::Node read_config_file(const std::filesystem::path& path) {
  YAML::Node node;
  try {
    node = YAML::LoadFile(path.string());
  } catch (const YAML::BadFile&) {
    throw ConfigError(path.string() + ": cannot open the config file");
  } catch (const YAML::Exception& e) {
    throw ConfigError(path.string() + ":" + std::to_string(e.mark.line + 1) + ":" +
                      std::to_string(e.mark.column + 1) + ": " + e.msg);
  }
  if (!node.IsNull() && !node.IsMap())
    throw ConfigError(path.string() + ": expected a mapping of keys at the top level");
  return node;
}

void apply_override(YAML::Node& node, const std::string& assignment) {
  std::size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError("--set '" + assignment + "': expected key=value, e.g. splits.val=0.2");
  std::string key = assignment.substr(0, eq);
  YAML::Node value;
  try {
    value = YAML::Load(assignment.substr(eq + 1));
  } catch (const YAML::Exception& e) {
    throw ConfigError("--set '" + assignment + "': " + e.msg);
  }
  std::size_t dot = key.find('.');
  if (dot == std::string::npos)
    node[key] = value;
  else
    node[key.substr(0, dot)][key.substr(dot + 1)] = value;
}

DatasetConfig build_config(const std::vector<ConfigSource>& sources) {
  DatasetConfig config;
  for (const ConfigSource& source : sources) apply_source(source, config);
  check_whole(config);
  return config;
}

std::string emit_config(const DatasetConfig& c) {
  YAML::Emitter out;
  // 15 significant digits give back every decimal a person writes (0.8, not 0.80000000000000004).
  out.SetDoublePrecision(15);
  out << YAML::BeginMap;
  out << YAML::Key << "count" << YAML::Value << c.count;
  out << YAML::Key << "seed" << YAML::Value << c.seed;
  out << YAML::Key << "rule" << YAML::Value << c.rule;
  out << YAML::Key << "distribution" << YAML::Value
      << std::string(distribution_name(c.sampler.distribution));
  out << YAML::Key << "min_cars" << YAML::Value << c.sampler.min_cars;
  out << YAML::Key << "max_cars" << YAML::Value << c.sampler.max_cars;
  out << YAML::Key << "constraints" << YAML::Value;
  if (c.sampler.constraints.empty()) out << YAML::Flow;
  out << YAML::BeginMap;
  for (const auto& [d, constraint] : c.sampler.constraints.by_descriptor) {
    out << YAML::Key << std::string(descriptor_key(d)) << YAML::Value;
    if (constraint.custom_weights) {
      out << YAML::Flow << YAML::BeginMap;
      for (const auto& [value, weight] : constraint.weights)
        out << YAML::Key << value_name(Vocabulary::Michalski, d, value) << YAML::Value << weight;
      out << YAML::EndMap;
    } else {
      out << YAML::Flow << YAML::BeginSeq;
      for (const auto& entry : constraint.weights)
        out << value_name(Vocabulary::Michalski, d, entry.first);
      out << YAML::EndSeq;
    }
  }
  out << YAML::EndMap;
  out << YAML::Key << "occlusion" << YAML::Value << c.sampler.occlusion;
  out << YAML::Key << "max_attempts" << YAML::Value << c.max_attempts;
  out << YAML::Key << "representation" << YAML::Value << c.representation;
  out << YAML::Key << "scene" << YAML::Value << c.scene;
  out << YAML::Key << "backend" << YAML::Value << c.backend;
  out << YAML::Key << "width" << YAML::Value << c.width;
  out << YAML::Key << "height" << YAML::Value << c.height;
  out << YAML::Key << "high_res" << YAML::Value << c.high_res;
  out << YAML::Key << "samples" << YAML::Value << c.samples;
  out << YAML::Key << "auto_fit" << YAML::Value << c.auto_fit;
  out << YAML::Key << "outputs" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "depth_exr" << YAML::Value << c.outputs.depth_exr;
  out << YAML::Key << "depth_exr_compression" << YAML::Value << c.outputs.depth_exr_compression;
  out << YAML::Key << "depth_png" << YAML::Value << c.outputs.depth_png;
  out << YAML::Key << "masks" << YAML::Value << c.outputs.masks;
  out << YAML::Key << "coco" << YAML::Value << c.outputs.coco;
  out << YAML::EndMap;
  out << YAML::Key << "splits" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "train" << YAML::Value << c.splits.train;
  out << YAML::Key << "val" << YAML::Value << c.splits.val;
  out << YAML::Key << "test" << YAML::Value << c.splits.test;
  out << YAML::EndMap;
  out << YAML::Key << "subsets" << YAML::Value << YAML::Flow << c.subsets;
  out << YAML::Key << "label_noise" << YAML::Value << c.label_noise;
  out << YAML::Key << "output" << YAML::Value << c.output.string();
  out << YAML::Key << "threads" << YAML::Value << c.threads;
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

std::string emit_dataset_config(const DatasetConfig& config) {
  DatasetConfig normalised = config;
  normalised.threads = 0;
  normalised.output = ".";
  return emit_config(normalised);
}

}  // namespace railyard
