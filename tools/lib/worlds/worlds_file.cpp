#include "tools/lib/worlds/worlds_file.h"

#include <yaml-cpp/yaml.h>

#include "logic/errors.h"
#include "tools/lib/dataset/suite_keys.h"

namespace railyard {
namespace {

using worlds::Band;
using worlds::LiteralKind;
using worlds::WorldSpec;

// [low, high], both in [0, 1].
Codec<Band> band_codec() {
  Codec<Band> codec;
  codec.type = "[low, high]";
  codec.parse = [](const YamlField& v) {
    auto items = v.is_sequence() ? v.items() : std::vector<YamlField>{};
    if (items.size() != 2) v.fail("expected [low, high], shares between 0 and 1");
    Band band{items[0].number(), items[1].number()};
    if (!(0.0 <= band.low && band.low < band.high && band.high <= 1.0))
      v.fail("expected 0 <= low < high <= 1");
    return band;
  };
  codec.emit = [](YAML::Emitter& out, const Band& band) {
    out << YAML::Flow << YAML::BeginSeq << band.low << band.high << YAML::EndSeq;
  };
  return codec;
}

// [min, max] whole numbers in [lo, hi], or one number for both.
Codec<worlds::IntRange> range_codec(int lo, int hi) {
  Codec<worlds::IntRange> codec;
  codec.type = "[min, max] in " + std::to_string(lo) + ".." + std::to_string(hi);
  codec.parse = [=](const YamlField& v) {
    if (v.is_scalar()) {
      int n = static_cast<int>(v.whole(lo, hi));
      return worlds::IntRange{n, n};
    }
    auto items = v.is_sequence() ? v.items() : std::vector<YamlField>{};
    if (items.size() != 2) v.fail("expected [min, max] or one number");
    worlds::IntRange range{static_cast<int>(items[0].whole(lo, hi)),
                           static_cast<int>(items[1].whole(lo, hi))};
    if (range.min > range.max) v.fail("expected min <= max");
    return range;
  };
  codec.emit = [](YAML::Emitter& out, const worlds::IntRange& range) {
    out << YAML::Flow << YAML::BeginSeq << range.min << range.max << YAML::EndSeq;
  };
  return codec;
}

Codec<LiteralKind> kind_codec() {
  Codec<LiteralKind> codec;
  codec.type = "attribute|comparison|equality|infront";
  codec.parse = [](const YamlField& v) {
    for (LiteralKind k : {LiteralKind::Attribute, LiteralKind::Comparison, LiteralKind::Equality,
                          LiteralKind::Infront})
      if (v.is_scalar() && v.text() == worlds::kind_name(k)) return k;
    v.fail("expected one of attribute, comparison, equality, infront");
  };
  codec.emit = [](YAML::Emitter& out, LiteralKind k) { out << worlds::kind_name(k); };
  return codec;
}

// The dataset keys that differ from the defaults, as a flow map (dotted keys for sections).
std::string changed_keys(const DatasetConfig& config) {
  const DatasetConfig defaults;
  YAML::Emitter out;
  out << YAML::Flow << YAML::BeginMap;
  for (const auto& setting : dataset_schema().settings()) {
    if (is_suite_key(setting.key) || setting.key == "threads") continue;
    YAML::Emitter mine, theirs;
    setting.emit(mine, config);
    setting.emit(theirs, defaults);
    if (std::string(mine.c_str()) == theirs.c_str()) continue;
    out << YAML::Key << setting.key << YAML::Value;
    setting.emit(out, config);
  }
  out << YAML::EndMap;
  return out.c_str();
}

}  // namespace

const Schema<WorldSpec>& world_spec_schema() {
  static const Schema<WorldSpec> schema = [] {
    using S = WorldSpec;
    using worlds::GrammarBounds;
    Schema<S> s;
    s.text("name", field(&S::name), "name",
           "the family's name: rule files <name>_<k>.pl, the suite's name");
    s.unsigned_whole("seed", field(&S::seed),
                     "the worlds' seed: the same spec and seed give the same bytes");
    s.whole("pool", field(&S::pool), 1, 10'000, "concepts in the pool (GraphLog: 76)");
    s.whole("window", field(&S::window), 1, 1'000, "concepts per world, w (GraphLog: 20)");
    s.whole("stride", field(&S::stride), 1, 1'000,
            "s: neighbouring worlds share w - s concepts (GraphLog: 1)");
    s.value("concepts.cars", field(&S::grammar, &GrammarBounds::cars),
            range_codec(1, worlds::kMaxConceptCars), "car variables per concept");
    s.value("concepts.literals", field(&S::grammar, &GrammarBounds::literals),
            range_codec(1, worlds::kMaxConceptLiterals),
            "tests per concept (binding a car to the train is not one)");
    s.list("concepts.kinds", field(&S::grammar, &GrammarBounds::kinds), kind_codec(),
           "kinds of test: attribute (closed(C1)), comparison (car_num(C1, A), load_num(C1, B), "
           "A < B), equality (car_color(C1, A), car_color(C2, A)), infront (infront(T, C1, C2))",
           "expected a list of kinds, e.g. [attribute, infront]");
    s.number("concepts.negation", field(&S::grammar, &GrammarBounds::negation), 0.0, 1.0,
             "chance an attribute test is negated (\\+ closed(C1))");
    s.value("concepts.share", field(&S::concept_share), band_codec(),
            "each concept's east share alone, on the probe set");
    s.value("worlds.share", field(&S::world_share), band_codec(),
            "the band each world's east share lies in, its whole confidence interval inside");
    s.number("worlds.confidence", field(&S::confidence), 0.5, 0.999999,
             "of the world shares' Wilson intervals");
    s.whole("worlds.split.train", field(&S::split, &worlds::WorldSplitCounts::train), 1, 10'000,
            "training worlds (on both sides of the val and test blocks)");
    s.whole("worlds.split.val", field(&S::split, &worlds::WorldSplitCounts::val), 0, 10'000,
            "validation worlds");
    s.whole("worlds.split.test", field(&S::split, &worlds::WorldSplitCounts::test), 0, 10'000,
            "test worlds: they alone combine the held-out concept pairs");
    s.whole("probe.trains", field(&S::probe_trains), 100, 1'000'000,
            "the fixed trains on which meanings are compared (labels, not text)");
    s.whole("probe.share_trains", field(&S::share_trains), 100, 10'000'000,
            "fresh trains on which each world's share and interval are measured");
    s.number("probe.min_distance", field(&S::min_distance), 0.0, 1.0,
             "least share of probe trains any two concepts, and any two worlds, label differently");
    s.whole("patience", field(&S::patience), 1, 10'000'000,
            "candidates tried for one pool position before the spec is given up");
    s.check(worlds::check_spec);
    return s;
  }();
  return schema;
}

const Schema<CurriculumSupervision>& curriculum_schema() {
  static const Schema<CurriculumSupervision> schema = [] {
    using C = CurriculumSupervision;
    Schema<C> s;
    s.number("curriculum.gamma", field(&C::gamma), 0.000001, 1.0,
             "share of labels given at the curriculum's start (KANDY's gamma)");
    s.number("curriculum.beta", field(&C::beta), 0.000001, 1.0,
             "share of labels given at its end (beta <= gamma)");
    s.check([](const C& c) {
      if (c.beta > c.gamma)
        throw ConfigError("curriculum: beta (" + std::to_string(c.beta) + ") is above gamma (" +
                          std::to_string(c.gamma) + "): labels fade from gamma to beta");
    });
    return s;
  }();
  return schema;
}

WorldsFile load_worlds_file(const std::filesystem::path& file,
                            const std::vector<std::string>& assignments) {
  WorldsFile out;
  out.file = file;
  const auto& schema = world_spec_schema();
  // The suite decides these for every world's dataset, and the command line the threads.
  auto refuse_suite_key = [](const std::string& key, const YamlField& value) {
    if (is_suite_key(key) || key == "threads")
      value.fail("dataset." + key + " belongs to the suite and its command line, not the worlds");
    if (key == "rule")
      value.fail("dataset.rule: each world's dataset takes its world's rule (rules/<name>_<k>.pl)");
  };
  auto apply = [&](const std::string& key, const YamlField& value) {
    if (key == "dataset") {
      if (value.is_map())
        for (const auto& [name, item] : value.entries()) refuse_suite_key(name, item);
      dataset_schema().apply(value, out.dataset);
    } else if (key.starts_with("dataset.")) {
      refuse_suite_key(key.substr(8), value);
      dataset_schema().set_key(key.substr(8), value, out.dataset);
    } else if (key == "curriculum" || key.starts_with("curriculum.")) {
      curriculum_schema().set_key(key, value, out.curriculum);
    } else {
      schema.set_key(key, value, out.spec);
    }
  };
  YamlField root = YamlField::load_file(file);
  if (!root.is_map()) root.fail("expected a map of keys (a worlds spec)");
  for (const auto& [key, value] : root.entries()) apply(key, value);
  for (const std::string& assignment : assignments) {
    auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ConfigError("--set " + assignment + ": expected key=value");
    std::string key = assignment.substr(0, eq);
    apply(key, YamlField::parse(assignment.substr(eq + 1), "--set " + key, false).as_key(key));
  }
  check_config(out.dataset);
  try {  // what only the whole spec can tell, told of its file
    schema.validate(out.spec);
  } catch (const worlds::WorldsError& e) {
    throw worlds::WorldsError(file.string() + ": " + e.what());
  }
  curriculum_schema().validate(out.curriculum);
  out.spec.sampler = out.dataset.sampler;
  out.dataset_yaml = changed_keys(out.dataset);
  return out;
}

}  // namespace railyard
