#include "tools/lib/dataset/config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <stdexcept>

#include "logic/errors.h"
#include "tests/support/scratch_dir.h"
#include "tools/lib/export/export_schema.h"

namespace railyard {
namespace {

class DatasetConfigTest : public testing::ScratchDirTest {
 protected:
  std::filesystem::path file(const std::string& yaml, const std::string& name = "test.yaml") {
    std::filesystem::path path = dir_ / name;
    std::ofstream(path) << yaml;
    return path;
  }

  // The message of the error building a config from `yaml` (and assignments), or "no error".
  std::string error_of(const std::string& yaml, const std::vector<std::string>& set = {}) {
    try {
      build_config(file(yaml), set);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  }
};

TEST_F(DatasetConfigTest, DefaultsRoundTripThroughTheirYaml) {
  DatasetConfig defaults;
  DatasetConfig again = build_config(file(emit_config(defaults)), {});
  EXPECT_EQ(emit_config(again), emit_config(defaults));
  EXPECT_EQ(again.count, 10000u);
  EXPECT_EQ(again.width, 480);
  EXPECT_EQ(again.backend_options.at("pathtrace").at("bounces"), 20.0);
}

TEST_F(DatasetConfigTest, FileThenAssignmentsInOrder) {
  DatasetConfig c = build_config(
      file("count: 500\nrule: numerical\nmax_cars: 7\nconstraints:\n  roof: [none, flat]\n"
           "  color: {red: 3, blue: 1}\noutputs: {coco: false}\n"),
      {"count=64", "splits.val=0.2", "splits.train=0.7", "count=65"});
  EXPECT_EQ(c.count, 65u);  // the later of two assignments wins
  EXPECT_EQ(c.rule, "numerical");
  EXPECT_EQ(c.sampler.max_cars, 7);
  EXPECT_FALSE(c.outputs.coco);
  EXPECT_TRUE(c.outputs.masks);
  EXPECT_DOUBLE_EQ(c.splits.val, 0.2);
  EXPECT_EQ(c.sampler.constraints.describe(Descriptor::Roof), "roof in {none, flat}");
  EXPECT_TRUE(c.sampler.constraints.by_descriptor.at(Descriptor::Shape).custom_weights);
  // The emitted config reads back to the same config.
  DatasetConfig again = build_config(file(emit_config(c), "printed.yaml"), {});
  EXPECT_EQ(emit_config(again), emit_config(c));
}

TEST_F(DatasetConfigTest, EnumsAndBackendOptionsAreParsedOnce) {
  DatasetConfig c =
      build_config(file("distribution: random\noutputs: {depth_exr_compression: zip}\n"
                        "backend: pathtrace\nbackend_options: {pathtrace: {bounces: 4, "
                        "sky_next_event: false}}\n"),
                   {"backend_options.raster.shadow_map_size=1024"});
  EXPECT_EQ(c.sampler.distribution, Distribution::Random);
  EXPECT_EQ(c.outputs.depth_exr_compression, ExrCompression::Zip);
  render::BackendSettings settings = backend_settings(c);
  EXPECT_EQ(settings.options.at("bounces"), 4.0);
  EXPECT_EQ(settings.options.at("sky_next_event"), 0.0);
  EXPECT_EQ(c.backend_options.at("raster").at("shadow_map_size"), 1024.0);
  std::string printed = emit_config(c);
  EXPECT_NE(printed.find("distribution: RandomTrains"), std::string::npos) << printed;
  EXPECT_NE(printed.find("bounces: 4"), std::string::npos) << printed;
}

TEST_F(DatasetConfigTest, RejectsUnknownKeysNamingKeyAndLine) {
  std::string message = error_of("count: 10\nresolutoin: [1, 2]\n");
  EXPECT_NE(message.find("test.yaml:2: key 'resolutoin': unknown key"), std::string::npos)
      << message;
  EXPECT_NE(error_of("outputs: {depth: true}").find("key 'outputs.depth': unknown key"),
            std::string::npos);
  EXPECT_NE(error_of("coutn: 3").find("did you mean 'count'"), std::string::npos);
  EXPECT_NE(error_of("backend_options: {raster: {bounces: 3}}").find("unknown key"),
            std::string::npos);
}

// Text pasted from a document: the message shows what the file holds, escaped, and ends whole.
TEST_F(DatasetConfigTest, InvisibleCharactersAreShownEscaped) {
  std::string message = error_of("count\u200b: 10\n");
  EXPECT_NE(message.find("'count\\u200b'"), std::string::npos) << message;
  message = error_of("count: \"1\u200b0\"\n");
  EXPECT_NE(message.find("1\\u200b0"), std::string::npos) << message;
  constexpr char kNul[] = "samples: \"4\0x\"\n";
  message = error_of(std::string(kNul, sizeof kNul - 1));
  EXPECT_NE(message.find("4\\0x"), std::string::npos) << message;
  message = error_of("count: 3\r\nwidth: [1, 2]\r\n");
  EXPECT_EQ(message.find('\r'), std::string::npos) << message;
  EXPECT_NE(message.find("expected a single value, got a list"), std::string::npos) << message;
}

TEST_F(DatasetConfigTest, RejectsWrongTypesAndImpossibleValues) {
  EXPECT_NE(error_of("count: many").find("key 'count': expected a whole number, got 'many'"),
            std::string::npos)
      << error_of("count: many");
  EXPECT_NE(error_of("count: 0").find("between 1 and"), std::string::npos);
  EXPECT_NE(error_of("count: 1.5").find("whole number"), std::string::npos);
  EXPECT_NE(error_of("occlusion: maybe").find("true or false"), std::string::npos);
  EXPECT_NE(error_of("backend: cycles").find("not one of: raster|pathtrace"), std::string::npos);
  EXPECT_NE(error_of("outputs: {depth_exr_compression: lz4}").find("not one of: none|zip"),
            std::string::npos);
  EXPECT_NE(error_of("distribution: gaussian").find("key 'distribution'"), std::string::npos);
  EXPECT_NE(error_of("min_cars: 5\nmax_cars: 3").find("larger than max_cars"), std::string::npos);
  EXPECT_NE(error_of("splits: {train: 0.5}").find("must be 1"), std::string::npos);
  EXPECT_NE(error_of("count: 100\nsubsets: [10, 1000]").find("larger than count"),
            std::string::npos);
  EXPECT_NE(error_of("subsets: [100, 10]").find("grow strictly"), std::string::npos);
  EXPECT_NE(error_of("label_noise: 0.7").find("between 0 and 0.5"), std::string::npos);
  EXPECT_NE(error_of("constraints: {roof: [gable]}").find("key 'constraints.roof'"),
            std::string::npos);
  EXPECT_NE(error_of("constraints: {length: [long], roof: [peaked]}").find("leave no car"),
            std::string::npos);
  EXPECT_NE(error_of("- a\n- b\n").find("map of keys"), std::string::npos);
  EXPECT_NE(error_of("backend_options: {pathtrace: {bounces: -1}}").find("between 0 and 1000"),
            std::string::npos);
}

TEST_F(DatasetConfigTest, CombinationsConfounderAndSupervisionRoundTrip) {
  DatasetConfig c =
      build_config(file("exclude: [{color: red, roof: solid_roof}, {car: 1, load_shape: barrel}]\n"
                        "require: [{length: long}]\n"
                        "confounder: {attribute: {car: 2, colour: blue}, east: 0.95, west: 0.05}\n"
                        "supervision: 0.25\n"),
                   {"exclude=[{color: red, roof: solid_roof}, {car: 1, load_shape: barrel}]"});
  const TrainFilters& f = c.sampler.filters;
  ASSERT_EQ(f.exclude.size(), 2u);
  EXPECT_EQ(f.exclude[1].position, 1);
  EXPECT_EQ(f.exclude[0].describe(), "{color: red, roof: solid_roof}");
  ASSERT_TRUE(f.confounder);
  EXPECT_EQ(f.confounder->attribute.describe(), "{car: 2, colour: blue}");
  EXPECT_DOUBLE_EQ(f.confounder->east, 0.95);
  EXPECT_DOUBLE_EQ(c.supervision, 0.25);
  DatasetConfig again = build_config(file(emit_config(c), "printed.yaml"), {});
  EXPECT_EQ(emit_config(again), emit_config(c));
  EXPECT_EQ(again.sampler.filters, c.sampler.filters);
  // null lifts a confounder; the defaults have none and give every label.
  EXPECT_FALSE(
      build_config(file(emit_config(c), "p.yaml"), {"confounder=null"}).sampler.filters.confounder);
  DatasetConfig defaults;
  EXPECT_TRUE(defaults.sampler.filters.empty());
  EXPECT_EQ(defaults.supervision, 1.0);
}

TEST_F(DatasetConfigTest, BadCombinationsAndConfoundersNameTheKey) {
  auto expect = [&](const std::string& yaml, const std::string& text) {
    std::string e = error_of(yaml);
    EXPECT_NE(e.find(text), std::string::npos) << yaml << " -> " << e;
  };
  expect("exclude: {color: red}", "key 'exclude': expected a list of combinations");
  expect("exclude: [{colour: mauve}]", "test.yaml:1: key 'exclude[0]': unknown value 'mauve'");
  expect("require: [{hue: red}]", "unknown descriptor 'hue'");
  expect("require: [red]", "expected a combination of values");
  expect("confounder: {attribute: {color: blue}, east: 1.5, west: 0}", "key 'confounder.east'");
  expect("confounder: {attribute: {color: blue}, east: 0.5}", "key 'confounder.west': missing");
  expect("confounder: {attribute: {color: blue}, east: 0.5, west: 0.5, strength: 1}", "strength");
  expect("supervision: 1.5", "key 'supervision'");
}

// Inputs that used to be accepted silently or escape as raw yaml-cpp messages (issue #9).
TEST_F(DatasetConfigTest, HostileInputIsRefusedNamingFileAndKey) {
  // An unknown descriptor set to null erased the shape constraint instead of being refused.
  EXPECT_NE(error_of("constraints: {roof: [none], colour_x: null}").find("unknown descriptor"),
            std::string::npos);
  EXPECT_NE(error_of("count: 5", {"constraints.colour_x=null"}).find("unknown descriptor"),
            std::string::npos);
  // A file that yaml-cpp reads as an empty document, which silently meant "all defaults".
  std::string leading_comma = error_of(",\ncount: 3\n");
  EXPECT_NE(leading_comma.find("test.yaml:1: invalid YAML"), std::string::npos) << leading_comma;
  // A key given twice (the last used to win).
  std::string twice = error_of("count: 3\nseed: 1\ncount: 4\n");
  EXPECT_NE(twice.find("test.yaml:3: key 'count': given twice (first on line 1)"),
            std::string::npos)
      << twice;
  // Keys that are lists or maps.
  EXPECT_NE(error_of("? [a, b]\n: 1\n").find("a key must be a name"), std::string::npos);
  // A scalar key assigned as if it were a section.
  std::string nested = error_of("count: 3", {"count.x=1"});
  EXPECT_NE(nested.find("key 'count.x': unknown key"), std::string::npos) << nested;
  EXPECT_NE(nested.find("count.x=1"), std::string::npos) << nested;
  EXPECT_NE(error_of("", {"count"}).find("expected key=value"), std::string::npos);
  EXPECT_NE(error_of("", {"=3"}).find("expected key=value"), std::string::npos);
  EXPECT_NE(error_of("outputs: 3").find("key 'outputs': expected a map of keys"),
            std::string::npos);
  EXPECT_NE(error_of("rule: ''").find("must not be empty"), std::string::npos);
}

TEST_F(DatasetConfigTest, AnEmptyOrCommentOnlyFileIsTheDefaults) {
  const DatasetConfig defaults;
  EXPECT_EQ(emit_config(build_config(file(""), {})), emit_config(defaults));
  EXPECT_EQ(emit_config(build_config(file("# nothing set\n---\n"), {})), emit_config(defaults));
}

TEST_F(DatasetConfigTest, FileErrorsNameTheFile) {
  std::filesystem::path path = file("count: [1, 2\n");
  try {
    build_config(path, {});
    FAIL() << "expected an error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string() + ":"), std::string::npos) << e.what();
  }
  EXPECT_ANY_THROW(build_config(dir_ / "missing.yaml", {}));
}

// `exports:` is the export feature's schema taken as a list: items read over ExportOptions'
// defaults, errors naming the item and key with the file and line, one item at a time on the
// command line.
TEST_F(DatasetConfigTest, ExportsAreAListOfTheExportSchemasItems) {
  DatasetConfig c =
      build_config(file("count: 20\nexports:\n  - {target: aleph, vocabulary: michalski, noise: "
                        "0.05, seed: 7}\n  - {target: scene_graphs}\n"),
                   {"exports.0.seed=9", "exports.2={target: popper}", "exports.2.noise=0.1"});
  ASSERT_EQ(c.exports.size(), 3u);
  EXPECT_EQ(c.exports[0].target, exports::ExportTarget::Aleph);
  EXPECT_EQ(c.exports[0].vocabulary, exports::LogicVocabulary::Michalski);
  EXPECT_EQ(c.exports[0].noise.rate, 0.05);  // a double, as `railyard export --noise` reads it
  EXPECT_EQ(c.exports[0].noise.seed, 9u);
  EXPECT_EQ(c.exports[1].target, exports::ExportTarget::SceneGraphs);
  EXPECT_EQ(c.exports[2].noise.rate, 0.1);
  std::string printed = emit_config(c);
  EXPECT_NE(printed.find("exports: [{target: aleph, vocabulary: michalski, noise: 0.05, seed: 9}, "
                         "{target: scene_graphs}, {target: popper, vocabulary: relational, "
                         "noise: 0.1, seed: 0}]"),
            std::string::npos)
      << printed;
  EXPECT_EQ(emit_config(build_config(file(printed, "printed.yaml"), {})), printed);

  auto expect = [&](const std::string& yaml, const std::vector<std::string>& set,
                    const std::string& text) {
    std::string e = error_of(yaml, set);
    EXPECT_NE(e.find(text), std::string::npos) << yaml << " -> " << e;
  };
  expect("exports:\n  - {target: popper}\n  - {target: prolog}\n", {},
         "test.yaml:3: key 'exports[1].target': 'prolog' is not one of: popper|aleph|scene_graphs");
  expect("exports: [{vocabulary: michalski}]", {}, "key 'exports[0].target': missing");
  expect("exports: [{target: popper, colour: 1}]", {},
         "key 'exports[0].colour': unknown key (allowed: target, vocabulary, noise, seed)");
  expect("exports: [{target: scene_graphs, noise: 0.5}]", {},
         "key 'exports[0]': perception noise applies to the popper and aleph exports");
  expect("exports: [{target: popper, noise: 2}]", {}, "key 'exports[0].noise': must be between");
  expect("exports: {target: popper}", {}, "key 'exports': expected a list");
  expect("exports: [{target: popper}]", {"exports.0.noise=3"}, "key 'exports.0.noise'");
  expect("exports: [{target: popper}]", {"exports.0.colour=3"}, "key 'exports.0.colour'");
  expect("exports: [{target: popper}]", {"exports.2={target: aleph}"}, "no item 2 in exports");
  expect("exports: [{target: popper}]", {"exports.1.noise=0.1"}, "no item 1 in exports");
  expect("exports: [{target: scene_graphs}]", {"exports.0.noise=0.1"}, "not to scene_graphs");
}

// The flags of `railyard export` come from the same declaration; so do its defaults.
TEST(ExportSchema, DefaultsAreExportOptionsOwn) {
  const auto& schema = exports::export_schema();
  const exports::ExportOptions defaults;
  EXPECT_EQ(schema.value_text(*schema.find("vocabulary"), defaults), "relational");
  EXPECT_EQ(schema.value_text(*schema.find("noise"), defaults), "0");
  EXPECT_EQ(schema.value_text(*schema.find("seed"), defaults), "0");
  EXPECT_EQ(schema.find("target")->flag, "-t,--target");
  EXPECT_EQ(schema.find("seed")->flag, "--noise-seed");
  EXPECT_EQ(schema.find("target")->choices,
            (std::vector<std::string>{"popper", "aleph", "scene_graphs"}));
}

// `interventions:` is the interventions feature's section; its modes are one list.
TEST(DatasetSchema, InterventionsAreTheirFeaturesSection) {
  for (const auto& setting : intervention_schema().settings())
    EXPECT_TRUE(dataset_schema().find("interventions." + setting.key)) << setting.key;
  std::vector<std::string> modes;
  for (const auto& [mode, name] : kInterventionModeNames) {
    modes.emplace_back(name);
    EXPECT_EQ(intervention_mode_name(mode), name);
  }
  EXPECT_EQ(dataset_schema().find("interventions.mode")->choices, modes);
  // The section's checks are the config's.
  DatasetConfig c;
  c.interventions.mode = InterventionMode::Listed;
  EXPECT_THROW(dataset_schema().validate(c), ConfigError);
}

TEST(DatasetSchema, EveryKeyIsDeclaredOnceWithHelpAndAUniqueFlag) {
  std::set<std::string> keys, flags;
  for (const auto& setting : dataset_schema().settings()) {
    EXPECT_TRUE(keys.insert(setting.key).second) << setting.key;
    EXPECT_FALSE(setting.help.empty()) << setting.key;
    EXPECT_FALSE(setting.type.empty()) << setting.key;
    if (!setting.flag.empty()) {
      EXPECT_TRUE(flags.insert(setting.flag).second) << setting.flag;
    }
  }
  // Every option every backend declares is a key of its own.
  for (const auto& backend : render::backends())
    for (const auto& option : backend.options)
      EXPECT_TRUE(keys.count("backend_options." + backend.name + "." + option.name));
}

TEST(DatasetConfig, ShippedExampleConfigsAreValid) {
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(RAILYARD_SOURCE_DIR) / "configs")) {
    if (entry.path().extension() != ".yaml") continue;
    SCOPED_TRACE(entry.path().string());
    EXPECT_NO_THROW(build_config(entry.path(), {}));
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

}  // namespace
}  // namespace railyard
