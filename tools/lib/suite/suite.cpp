#include "tools/lib/suite/suite.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "logic/errors.h"
#include "tools/lib/dataset/suite_keys.h"
#include "util/file_system.h"
#include "util/io_error.h"
#include "util/random.h"
#include "util/strict_yaml.h"

namespace railyard {
namespace {

// --scale's largest value.
constexpr double kMaxScale = 1e6;

std::string number_text(double x) {
  char text[40];
  std::snprintf(text, sizeof text, "%.15g", x);
  return text;
}

// The longest name of a suite or variant (it names a folder).
constexpr std::size_t kMaxNameLength = 100;

bool is_name(const std::string& text) {
  return !text.empty() && text.size() <= kMaxNameLength &&
         std::all_of(text.begin(), text.end(),
                     [](char c) {
                       return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ||
                              c == '.';
                     }) &&
         text != "." && text != "..";
}

std::string too_long(const std::string& name) {
  return "'" + name + "' is " + std::to_string(name.size()) +
         " characters long: a name is at most " + std::to_string(kMaxNameLength) +
         " characters (it names a folder)";
}

std::string checked_name(const YamlField& value) {
  std::string text = value.text();
  if (text.size() > kMaxNameLength) value.fail(too_long(text));
  if (!is_name(text))
    value.fail("'" + text +
               "' is not a name: use letters, digits, '_', '-' and '.' (it names a folder)");
  return text;
}

// A ladder value as part of a variant name: 7, desert_scene, 0.25.
std::string name_part(const std::string& text) {
  std::string part;
  for (char c : text)
    part += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' ? c : '_';
  return part;
}

// `value` (given for `key` in a variant's set, a ladder or the base `config`) when `key` is one the
// suite decides.
void refuse_suite_key(const std::string& key, const YamlField& value) {
  if (is_suite_key(key))
    value.fail("the suite sets every variant's " + key +
               " (seed: from the suite's seed and the variant's name; output: the suite's "
               "folder); set it at the top of the suite file");
}

void refuse_suite_keys(const YamlField& map) {
  if (!map.is_map()) return;  // the schema says what is wrong
  for (const auto& [key, value] : map.entries()) refuse_suite_key(key, value);
}

// One value of a ladder, applied like a key of the variant's `set` (`cars` sets min_cars and
// max_cars at once, `steps` a sequence's min_length and max_length).
void apply_ladder_value(const std::string& key, const YamlField& value, DatasetConfig& config) {
  const auto& schema = dataset_schema();
  if (key == "cars") {
    schema.find("min_cars")->set(value, config);
    schema.find("max_cars")->set(value, config);
  } else if (key == "steps") {
    schema.find("sequence.min_length")->set(value, config);
    schema.find("sequence.max_length")->set(value, config);
  } else if (const Setting<DatasetConfig>* setting = schema.find(key)) {
    setting->set(value, config);
  } else {
    value.fail("unknown key '" + key +
               "' for a ladder: a key of the dataset schema, cars or steps");
  }
}

// The values of `ladder: {key: [v1, v2, ...]}` or `ladder: {key: {from: a, to: b}}` (whole
// numbers a..b).
std::pair<std::string, std::vector<YamlField>> ladder_of(const YamlField& ladder) {
  auto entries = ladder.entries();
  if (!ladder.is_map() || entries.size() != 1)
    ladder.fail(
        "expected one key and its values, e.g. {cars: [5, 6, 7]} or {cars: {from: 5, to: 12}}");
  auto [key, values] = entries.front();
  refuse_suite_key(key, values);
  std::vector<YamlField> steps;
  if (values.is_sequence()) {
    steps = values.items();
  } else if (values.is_map()) {
    values.allow_only({"from", "to"});
    std::int64_t from = values["from"].whole(0, 1'000'000'000);
    std::int64_t to = values["to"].whole(from, from + 1000);
    for (std::int64_t v = from; v <= to; ++v)
      steps.push_back(
          YamlField::parse(std::to_string(v), values.file(), false).as_key(values.key()));
  }
  if (steps.empty()) values.fail("expected a list of values or {from: a, to: b}");
  return {key, std::move(steps)};
}

// Runs `action`, prefixing any input error with the suite file and the variant.
template <class Action>
void for_variant(const Suite& suite, const std::string& variant, Action action) {
  try {
    action();
  } catch (const InputError& e) {
    throw ConfigError(suite.file.string() + ": variant '" + variant + "': " + e.what());
  }
}

void apply_holdout(const Suite& suite, SuiteVariant& variant) {
  TrainFilters& filters = variant.config.sampler.filters;
  auto held_out = [&](const TrainPattern& p) {
    return std::find(suite.holdout.begin(), suite.holdout.end(), p) != suite.holdout.end();
  };
  if (variant.holdout) {
    std::erase_if(filters.exclude, held_out);
    filters.require = suite.holdout;
  } else {
    for (const TrainPattern& p : suite.holdout)
      if (std::find(filters.exclude.begin(), filters.exclude.end(), p) == filters.exclude.end())
        filters.exclude.push_back(p);
  }
}

std::vector<SuiteVariant> declared_variants(const Suite& suite, const YamlField& item,
                                            const DatasetConfig& base) {
  item.allow_only({"name", "set", "ladder", "holdout"});
  SuiteVariant declared;
  declared.name = checked_name(item["name"]);
  declared.line = item.line();
  declared.config = base;
  if (auto holdout = item.find("holdout")) {
    declared.holdout = holdout->boolean();
    if (declared.holdout && suite.holdout.empty())
      holdout->fail("a hold-out variant needs the suite's `holdout:` combinations");
  }
  for_variant(suite, declared.name, [&] {
    if (auto set = item.find("set")) {
      refuse_suite_keys(*set);
      dataset_schema().apply(*set, declared.config);
    }
  });
  auto ladder = item.find("ladder");
  if (!ladder) return {declared};
  std::vector<SuiteVariant> rungs;
  for_variant(suite, declared.name, [&] {
    auto [key, steps] = ladder_of(*ladder);
    for (const YamlField& step : steps) {
      SuiteVariant rung = declared;
      rung.name = declared.name + "_" + name_part(step.text());
      if (rung.name.size() > kMaxNameLength)
        step.fail("this value makes the variant name " + too_long(rung.name) +
                  ": shorten the variant's name or the value");
      apply_ladder_value(key, step.as_key("ladder." + key), rung.config);
      rungs.push_back(std::move(rung));
    }
  });
  return rungs;
}

// A rule the suite file gives as a relative path (rules/world_03.pl) is relative to the suite
// file, as `base` is, so a folder of rules and its suite (railyard worlds) can live anywhere.
void resolve_rule_path(const Suite& suite, DatasetConfig& config) {
  const std::string& rule = config.rule;
  bool is_path = rule.find('/') != std::string::npos || rule.ends_with(".pl");
  if (is_path && std::filesystem::path(rule).is_relative())
    config.rule = (suite.file.parent_path() / rule).lexically_normal().string();
}

void finish_variant(const Suite& suite, const SuiteOverrides& overrides, SuiteVariant& variant) {
  for_variant(suite, variant.name, [&] {
    resolve_rule_path(suite, variant.config);
    apply_holdout(suite, variant);
    variant.config.seed = variant_seed(suite.seed, variant.name);
    variant.config.output = suite.folder() / variant.name;
    if (overrides.scale != 1.0) scale_config(variant.config, overrides.scale);
    for (const std::string& assignment : overrides.assignments) {
      std::string key = assignment.substr(0, assignment.find('='));
      if (is_suite_key(key))
        throw ConfigError("--set " + assignment + ": the suite sets every variant's " + key +
                          "; use the suite file's seed or -o");
      dataset_schema().assign(assignment, "--set", variant.config);
    }
    check_config(variant.config);
  });
}

DatasetConfig base_config(const YamlField& root) {
  DatasetConfig base;
  if (auto file = root.find("base")) {
    std::filesystem::path path = file->text();
    if (path.is_relative()) path = std::filesystem::path(root.file()).parent_path() / path;
    std::string why;
    try {
      why = file_system::why_not_a_file(path);
    } catch (const IoError& e) {  // a name too long, a loop of links: told of the key
      file->fail(e.what());
    }
    if (!why.empty()) file->fail("base config " + path.string() + ": " + why);
    dataset_schema().apply(YamlField::load_file(path), base);
  }
  if (auto config = root.find("config")) {
    refuse_suite_keys(*config);
    dataset_schema().apply(*config, base);
  }
  return base;
}

std::vector<TrainPattern> holdout_of(const YamlField& root) {
  auto holdout = root.find("holdout");
  if (!holdout) return {};
  DatasetConfig scratch;  // read as the schema reads `exclude`
  dataset_schema().find("exclude")->set(*holdout, scratch);
  if (scratch.sampler.filters.exclude.empty()) holdout->fail("expected at least one combination");
  return scratch.sampler.filters.exclude;
}

}  // namespace

const SuiteVariant& Suite::variant(const std::string& wanted) const {
  return variants[index_of(wanted)];
}

std::size_t Suite::index_of(const std::string& wanted) const {
  for (std::size_t i = 0; i < variants.size(); ++i)
    if (variants[i].name == wanted) return i;
  std::string names;
  for (const SuiteVariant& v : variants) names += (names.empty() ? "" : ", ") + v.name;
  throw ConfigError(file.string() + ": no variant '" + wanted + "' (variants: " + names + ")");
}

std::uint64_t variant_seed(std::uint64_t suite_seed, const std::string& variant_name) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a, 64 bits
  for (unsigned char c : variant_name) hash = (hash ^ c) * 0x100000001b3ULL;
  return mix64(mix64(suite_seed) ^ hash);
}

void scale_config(DatasetConfig& config, double scale) {
  auto scaled = [&](std::uint64_t n) {
    return static_cast<std::uint64_t>(std::ceil(static_cast<double>(n) * scale - 1e-9));
  };
  // The scaled count must be one `generate` takes: the schema's range for count, checked by it.
  const Setting<DatasetConfig>& count_key = *dataset_schema().find("count");
  double count = std::max(2.0, std::ceil(static_cast<double>(config.count) * scale - 1e-9));
  bool taken = count <= 1e18;
  if (taken) {
    try {
      DatasetConfig scratch;
      count_key.set(
          YamlField::parse(std::to_string(static_cast<std::uint64_t>(count)), "--scale", false)
              .as_key("count"),
          scratch);
    } catch (const InputError&) {
      taken = false;
    }
  }
  if (!taken)
    throw ConfigError("--scale " + number_text(scale) + " makes count " +
                      std::to_string(config.count) + " into " + number_text(count) +
                      ", more than generate takes (count: " + count_key.type +
                      "); use a smaller --scale");
  config.count = static_cast<std::uint64_t>(count);
  // The train split of a balanced set, as make_splits cuts it (per class, rounded).
  std::uint64_t west = (config.count + 1) / 2, east = config.count / 2;
  auto train_split =
      static_cast<std::uint64_t>(std::llround(config.splits.train * static_cast<double>(west)) +
                                 std::llround(config.splits.train * static_cast<double>(east)));
  std::vector<std::uint64_t> subsets;
  for (std::uint64_t size : config.subsets) {
    std::uint64_t s = std::max<std::uint64_t>(1, scaled(size));
    if (s <= train_split && (subsets.empty() || s > subsets.back())) subsets.push_back(s);
  }
  config.subsets = std::move(subsets);
}

Suite load_suite(const std::filesystem::path& file, const SuiteOverrides& overrides) {
  if (!(overrides.scale > 0.0 && overrides.scale <= kMaxScale))
    throw ConfigError("--scale must be a number greater than 0 and at most " +
                      number_text(kMaxScale) + ", got " + number_text(overrides.scale));
  YamlField root = YamlField::load_file(file);
  if (!root.is_map()) root.fail("expected a suite: a map with suite, variants, ...");
  root.allow_only({"suite", "seed", "output", "base", "config", "holdout", "reference",
                   "curriculum", "variants"});
  Suite suite;
  suite.file = file;
  suite.name = checked_name(root["suite"]);
  if (auto seed = root.find("seed")) suite.seed = seed->unsigned_whole();
  suite.output = "output";
  if (auto output = root.find("output")) suite.output = output->text();
  if (!overrides.output.empty()) suite.output = overrides.output;
  if (auto curriculum = root.find("curriculum")) suite.curriculum = curriculum->boolean();
  suite.holdout = holdout_of(root);
  DatasetConfig base = base_config(root);

  YamlField list = root["variants"];
  if (!list.is_sequence() || list.items().empty())
    list.fail("expected a list of variants, each {name: ..., set: {...}}");
  for (const YamlField& item : list.items())
    for (SuiteVariant& variant : declared_variants(suite, item, base)) {
      for (const SuiteVariant& seen : suite.variants)
        if (seen.name == variant.name)
          item.fail("variant name '" + variant.name + "' is used twice (first at line " +
                    std::to_string(seen.line) + "): each variant needs a folder of its own");
      suite.variants.push_back(std::move(variant));
    }
  for (SuiteVariant& variant : suite.variants) finish_variant(suite, overrides, variant);

  suite.reference = suite.variants.front().name;
  if (auto reference = root.find("reference")) {
    suite.reference = reference->text();
    bool found = std::any_of(suite.variants.begin(), suite.variants.end(),
                             [&](const SuiteVariant& v) { return v.name == suite.reference; });
    if (!found) reference->fail("no variant is named '" + suite.reference + "'");
  }
  if (suite.variant(suite.reference).holdout)
    throw ConfigError(file.string() + ": the training set ('" + suite.reference +
                      "', the `reference` or else the first variant) cannot be a hold-out variant");
  return suite;
}

}  // namespace railyard
