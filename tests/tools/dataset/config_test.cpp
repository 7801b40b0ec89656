#include "tools/dataset/config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "logic/errors.h"

namespace railyard {
namespace {

std::string error_of(const std::string& yaml) {
  try {
    build_config({{YAML::Load(yaml), "test.yaml"}});
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

TEST(DatasetConfig, DefaultsRoundTripThroughTheirYaml) {
  DatasetConfig defaults;
  DatasetConfig again = build_config({{default_config_node(), "defaults"}});
  EXPECT_EQ(emit_config(again), emit_config(defaults));
  EXPECT_EQ(again.count, 10000u);
  EXPECT_EQ(again.width, 480);
}

TEST(DatasetConfig, LayersApplyInOrder) {
  YAML::Node file = YAML::Load(
      "count: 500\nrule: numerical\nmax_cars: 7\nconstraints:\n  roof: [none, flat]\n"
      "  color: {red: 3, blue: 1}\noutputs: {coco: false}\n");
  YAML::Node overrides;
  apply_override(overrides, "count=64");
  apply_override(overrides, "splits.val=0.2");
  apply_override(overrides, "splits.train=0.7");
  DatasetConfig c = build_config(
      {{default_config_node(), "defaults"}, {file, "config.yaml"}, {overrides, "--set"}});
  EXPECT_EQ(c.count, 64u);
  EXPECT_EQ(c.rule, "numerical");
  EXPECT_EQ(c.sampler.max_cars, 7);
  EXPECT_FALSE(c.outputs.coco);
  EXPECT_TRUE(c.outputs.masks);
  EXPECT_DOUBLE_EQ(c.splits.val, 0.2);
  EXPECT_EQ(c.sampler.constraints.describe(Descriptor::Roof), "roof in {none, flat}");
  EXPECT_TRUE(c.sampler.constraints.by_descriptor.at(Descriptor::Shape).custom_weights);
  // The emitted config reads back to the same config.
  DatasetConfig again = build_config({{YAML::Load(emit_config(c)), "printed"}});
  EXPECT_EQ(emit_config(again), emit_config(c));
}

TEST(DatasetConfig, RejectsUnknownKeysNamingKeyAndLine) {
  std::string message = error_of("count: 10\nresolutoin: [1, 2]\n");
  EXPECT_NE(message.find("test.yaml:2: key 'resolutoin': unknown key"), std::string::npos)
      << message;
  EXPECT_NE(error_of("outputs: {depth: true}").find("key 'outputs.depth': unknown key"),
            std::string::npos);
}

TEST(DatasetConfig, RejectsWrongTypesAndImpossibleValues) {
  EXPECT_NE(error_of("count: many").find("key 'count': expected an integer, got 'many'"),
            std::string::npos);
  EXPECT_NE(error_of("count: 0").find("between 1 and"), std::string::npos);
  EXPECT_NE(error_of("occlusion: maybe").find("true or false"), std::string::npos);
  EXPECT_NE(error_of("backend: cycles").find("not one of: raster, pathtrace"), std::string::npos);
  EXPECT_NE(error_of("outputs: {depth_exr_compression: lz4}").find("not one of: none, zip"),
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
  EXPECT_NE(error_of("- a\n- b\n").find("mapping"), std::string::npos);
}

TEST(DatasetConfig, FileErrorsNameTheFile) {
  auto path = std::filesystem::temp_directory_path() / "railyard_bad_config.yaml";
  std::ofstream(path) << "count: [1, 2\n";
  try {
    read_config_file(path);
    FAIL() << "expected an error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string() + ":"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
  EXPECT_THROW(read_config_file(path), ConfigError);
}

TEST(DatasetConfig, OverridesNeedKeyEqualsValue) {
  YAML::Node node;
  EXPECT_THROW(apply_override(node, "count"), ConfigError);
  EXPECT_THROW(apply_override(node, "=3"), ConfigError);
}

}  // namespace
}  // namespace railyard

namespace railyard {
namespace {

TEST(DatasetConfig, ShippedExampleConfigsAreValid) {
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(RAILYARD_SOURCE_DIR) / "configs")) {
    if (entry.path().extension() != ".yaml") continue;
    SCOPED_TRACE(entry.path().string());
    EXPECT_NO_THROW(build_config({{default_config_node(), "defaults"},
                                  {read_config_file(entry.path()), entry.path().string()}}));
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

}  // namespace
}  // namespace railyard
