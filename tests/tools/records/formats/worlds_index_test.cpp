// worlds.json as a typed record: it reads back as the same bytes, and a file that is not what
// `railyard worlds` writes (a key missing, a world file outside rules/, a concept the pool lacks,
// a matrix of another size) is refused naming the file and the key.
#include "tools/lib/records/formats/worlds_index.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/tools/records/record_errors.h"

namespace railyard {
namespace {

using testing::input_error_of;
using testing::mentions;
using testing::write_text;

WorldsIndex example() {
  WorldsIndex index;
  index.spec.name = "small";
  index.concepts = {{"c0",
                     0,
                     "eastbound(T) :- has_car(T, C1), long(C1).",
                     1,
                     1,
                     {"attribute"},
                     0,
                     2,
                     0.3,
                     0.31,
                     100,
                     {12}},
                    {"c1",
                     1,
                     "eastbound(T) :- has_car(T, C1), closed(C1).",
                     1,
                     1,
                     {"attribute"},
                     0,
                     2,
                     0.2,
                     0.22,
                     100,
                     {9}}};
  index.worlds = {
      {"small_0",
       0,
       "rules/small_0.pl",
       "train",
       {"c0", "c1"},
       4,
       0.5,
       {0.4, 0.6},
       50,
       100,
       0.5,
       {3, 4}},
      {"small_1", 1, "rules/small_1.pl", "test", {"c1"}, 2, 0.3, {0.2, 0.4}, 30, 100, 0.25, {5}}};
  index.splits = {{"small_0"}, {}, {"small_1"}};
  index.similarity = {{2, 1}, {1, 1}};
  index.distance = {{0.0, 0.25}, {0.25, 0.0}};
  index.heldout_pairs = {{"c0", "c1"}};
  index.rejections = {{"same text", 3}};
  return index;
}

class WorldsIndexTest : public ::testing::Test {
 protected:
  std::filesystem::path file_ = std::filesystem::path(::testing::TempDir()) / "worlds.json";
  void TearDown() override { std::filesystem::remove(file_); }
  std::string refused(void (*edit)(nlohmann::json&)) {
    nlohmann::json json = record_json(example());
    edit(json);
    write_text(file_, json.dump());
    return input_error_of([&] { read_worlds_index(file_); });
  }
};

TEST_F(WorldsIndexTest, ReadsBackAsTheSameBytes) {
  std::string text = worlds_index_text(example());
  write_text(file_, text);
  EXPECT_EQ(worlds_index_text(read_worlds_index(file_)), text);
}

TEST_F(WorldsIndexTest, RefusesWhatWorldsDoesNotWrite) {
  std::string message = refused([](nlohmann::json& j) { j.erase("similarity"); });
  EXPECT_TRUE(mentions(message, "worlds.json: key 'similarity': missing")) << message;
  message = refused([](nlohmann::json& j) { j["worlds"][1]["file"] = "../../escape.pl"; });
  EXPECT_TRUE(mentions(message, "key 'worlds[1].file'")) << message;
  message = refused([](nlohmann::json& j) { j["worlds"][0]["concepts"][1] = "c9"; });
  EXPECT_TRUE(mentions(message, "'c9' is not a concept")) << message;
  message = refused([](nlohmann::json& j) { j["distance"][1].erase(1); });
  EXPECT_TRUE(mentions(message, "key 'distance[1]'")) << message;
  message = refused([](nlohmann::json& j) { j["spec"]["pool"] = 1.5; });
  EXPECT_TRUE(mentions(message, "key 'spec.pool'")) << message;
}

}  // namespace
}  // namespace railyard
