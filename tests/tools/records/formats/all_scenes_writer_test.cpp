#include "tools/lib/records/formats/all_scenes_writer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/scratch_dir.h"
#include "util/io_error.h"

namespace railyard::render {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

class AllScenes : public testing::ScratchDirTest {
 protected:
  std::string Read(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  int FileCount() { return static_cast<int>(std::distance(fs::directory_iterator(dir_), {})); }
};

TEST_F(AllScenes, WritesTheWrapperInOrder) {
  fs::path path = dir_ / "all_scenes.json";
  AllScenesWriter writer(path, {"22/11/2025 03:00:00", "0.1", std::nullopt});
  for (int i = 0; i < 4; ++i) writer.append(Json{{"image_index", i}, {"train", "west 0"}});
  EXPECT_EQ(writer.scene_count(), 4u);
  EXPECT_FALSE(fs::exists(path));  // nothing at the final path before finish()
  writer.finish();
  Json json = Json::parse(Read(path));
  EXPECT_EQ(json["info"],
            (Json{{"date", "22/11/2025 03:00:00"}, {"version", "0.1"}, {"license", nullptr}}));
  ASSERT_EQ(json["scenes"].size(), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(json["scenes"][i]["image_index"], i);
  EXPECT_EQ(FileCount(), 1);  // no temporary left
}

TEST_F(AllScenes, EmptyListAndLicence) {
  fs::path path = dir_ / "all_scenes.json";
  AllScenesWriter writer(path, {"d", "v", "MIT"});
  writer.finish();
  Json json = Json::parse(Read(path));
  EXPECT_EQ(json["info"]["license"], "MIT");
  EXPECT_EQ(json["scenes"], Json::array());
}

TEST_F(AllScenes, StreamsLargeLists) {
  fs::path path = dir_ / "all_scenes.json";
  AllScenesWriter writer(path, {"d", "v", std::nullopt});
  std::string payload(500, 'x');
  for (int i = 0; i < 5000; ++i) writer.append(Json{{"image_index", i}, {"pad", payload}});
  writer.finish();
  Json json = Json::parse(Read(path));
  ASSERT_EQ(json["scenes"].size(), 5000u);
  EXPECT_EQ(json["scenes"][4999]["image_index"], 4999);
}

TEST_F(AllScenes, AbandonedWriterLeavesNothing) {
  fs::path path = dir_ / "all_scenes.json";
  {
    AllScenesWriter writer(path, {"d", "v", std::nullopt});
    std::string payload(500, 'x');
    for (int i = 0; i < 5000; ++i) writer.append(Json{{"pad", payload}});
  }
  EXPECT_EQ(FileCount(), 0);
}

TEST_F(AllScenes, RejectsWhatIsNotAScene) {
  AllScenesWriter writer(dir_ / "all_scenes.json", {"d", "v", std::nullopt});
  EXPECT_THROW(writer.append(Json::array({1, 2})), std::invalid_argument);
  EXPECT_THROW(writer.append(Json("a string")), std::invalid_argument);
}

TEST_F(AllScenes, MissingFolderNamesThePath) {
  fs::path path = dir_ / "no" / "such" / "all_scenes.json";
  try {
    AllScenesWriter writer(path, {"d", "v", std::nullopt});
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace railyard::render
