#include "tools/lib/records/formats/vlol_scene.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "tests/tools/records/formats/box_train.h"
#include "tools/lib/records/formats/description.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;
using render::Frame;
using render::testing::RayCast;
using testing::MakeBoxTrain;
using testing::MakeRecord;
using testing::MakeTrain;

const VlolDataset kDataset{"MichalskiTrains", "theoryx", "Trains", 2, 4, true};

std::vector<std::string> Keys(const Json& object) {
  std::vector<std::string> keys;
  for (const auto& item : object.items()) keys.push_back(item.key());
  return keys;
}

class SceneJson : public ::testing::Test {
 protected:
  void SetUp() override {
    t_ = MakeBoxTrain();
    frame_ = RayCast(t_.train.scene.camera, t_.boxes);
    json_ = vlol_scene_json(MakeRecord(t_.train, frame_), kDataset);
  }

  // Pixels in the frame showing any of these parts.
  std::uint64_t Count(std::set<std::uint32_t> ids) const {
    std::uint64_t n = 0;
    for (std::uint32_t id : frame_.part_ids.pixels) n += ids.count(id);
    return n;
  }

  // Decodes a mask and checks size, area against the frame and b_box against the mask.
  void ExpectMask(const Json& region, std::set<std::uint32_t> ids) const {
    SCOPED_TRACE(region.dump().substr(0, 80));
    const Json& mask = region.at("mask");
    EXPECT_EQ(Keys(mask), (std::vector<std::string>{"size", "counts"}));
    EXPECT_EQ(mask.at("size"), Json::array({135, 240}));
    Rle rle = rle_from_string(mask.at("counts").get<std::string>(), 135, 240);
    EXPECT_EQ(rle_area(rle), Count(ids));
    EXPECT_GT(rle_area(rle), 0u);
    PixelBox box = rle_bbox(rle);
    EXPECT_EQ(region.at("b_box_visible"), Json::array({box.x, box.y, box.width, box.height}));
    const Json& full = region.at("b_box");
    PixelBox full_box{full[0], full[1], full[2], full[3]};
    EXPECT_TRUE(full_box.contains(box));
  }

  testing::BoxTrain t_;
  Frame frame_;
  Json json_;
};

TEST_F(SceneJson, HasTheReferenceLayout) {
  EXPECT_EQ(
      Keys(json_),
      (std::vector<std::string>{
          "base_scene", "train_description", "classification_rule", "visualization", "min_cars",
          "max_cars", "image_index", "image_filename", "blender_filename", "depth_map_filename",
          "depth_exr_filename", "angle", "train", "label", "camera", "car_masks"}));
  EXPECT_EQ(json_["base_scene"], "base_scene");
  EXPECT_EQ(json_["train_description"], "MichalskiTrains");
  EXPECT_EQ(json_["classification_rule"], "theoryx");
  EXPECT_EQ(json_["visualization"], "Trains");
  EXPECT_EQ(json_["min_cars"], 2);
  EXPECT_EQ(json_["max_cars"], 4);
  EXPECT_EQ(json_["image_index"], 12);
  EXPECT_EQ(json_["angle"], 187);
  EXPECT_EQ(json_["train"], format_description(MakeTrain()));
  EXPECT_EQ(json_["train"],
            "east 187 1 bucket long double flat 3 triangle 2 2 rectangle short not_double none 2 "
            "none 0");
  EXPECT_EQ(json_["label"], "east");

  const Json& masks = json_["car_masks"];
  EXPECT_EQ(Keys(masks), (std::vector<std::string>{"loco", "rail", "car_1", "car_2"}));
  std::vector<std::string> part_keys = {"mask", "b_box", "b_box_visible", "world_cord", "part_id"};
  EXPECT_EQ(Keys(masks["loco"]), part_keys);
  EXPECT_EQ(Keys(masks["rail"]), part_keys);
  EXPECT_EQ(
      Keys(masks["car_1"]),
      (std::vector<std::string>{"mask", "b_box", "b_box_visible", "world_cord", "part_id", "roof",
                                "wall", "wheels", "color", "length", "payload_0", "payload_1"}));
  EXPECT_EQ(Keys(masks["car_2"]),
            (std::vector<std::string>{"mask", "b_box", "b_box_visible", "world_cord", "part_id",
                                      "roof", "wall", "wheels", "color", "length"}));
  std::vector<std::string> labelled_keys = {"label",         "mask",       "b_box",
                                            "b_box_visible", "world_cord", "part_id"};
  for (const char* key : {"roof", "wall", "wheels", "payload_0", "payload_1"})
    EXPECT_EQ(Keys(masks["car_1"][key]), labelled_keys) << key;
  EXPECT_EQ(masks["car_2"]["roof"], (Json{{"label", "none"}}));
}

TEST_F(SceneJson, LabelsUseTheTrainsVocabulary) {
  const Json& car = json_["car_masks"]["car_1"];
  EXPECT_EQ(car["color"], (Json{{"label", "green"}}));
  EXPECT_EQ(car["length"], (Json{{"label", "long"}}));
  EXPECT_EQ(car["wall"]["label"], "braced_wall");
  EXPECT_EQ(car["roof"]["label"], "solid_roof");
  EXPECT_EQ(car["wheels"]["label"], "3_wheels");
  EXPECT_EQ(car["payload_0"]["label"], "golden_vase");
  EXPECT_EQ(json_["car_masks"]["car_2"]["wheels"]["label"], "2_wheels");
  EXPECT_EQ(json_["car_masks"]["car_2"]["wall"]["label"], "solid_wall");
}

TEST_F(SceneJson, MasksDecodeToTheRenderedPixels) {
  const Json& masks = json_["car_masks"];
  ExpectMask(masks["loco"], {1});
  ExpectMask(masks["rail"], {2});
  ExpectMask(masks["car_1"], {3, 4, 5, 6, 7, 8});
  ExpectMask(masks["car_1"]["wall"], {4});
  ExpectMask(masks["car_1"]["roof"], {5});
  ExpectMask(masks["car_1"]["wheels"], {6});
  ExpectMask(masks["car_1"]["payload_0"], {7});
  ExpectMask(masks["car_1"]["payload_1"], {8});
  ExpectMask(masks["car_2"], {9, 10, 11});
  EXPECT_EQ(masks["car_1"]["payload_1"]["part_id"], 8);
  EXPECT_EQ(masks["car_2"]["part_id"], 9);
}

TEST_F(SceneJson, EachPayloadHasItsOwnBox) {
  const Json& car = json_["car_masks"]["car_1"];
  EXPECT_NE(car["payload_0"]["b_box"], car["payload_1"]["b_box"]);
  EXPECT_NE(car["payload_0"]["b_box_visible"], car["payload_1"]["b_box_visible"]);
  // V-LoL gave each payload the box of the part before it.
  EXPECT_NE(car["payload_0"]["b_box"], car["wheels"]["b_box"]);
  EXPECT_NE(car["payload_1"]["b_box_visible"], car["payload_0"]["b_box"]);
}

TEST_F(SceneJson, WorldCoordinatesAreThePartCentres) {
  const Json& car = json_["car_masks"]["car_1"];
  EXPECT_EQ(car["world_cord"], Json::array({-2.25, 0.0, 0.3}));
  EXPECT_EQ(car["payload_1"]["world_cord"], Json::array({-1.7, 0.0, 0.8}));
}

TEST_F(SceneJson, CameraProjectsLikeTheRenderer) {
  const Json& camera = json_["camera"];
  EXPECT_EQ(camera["lens"], "pinhole");
  EXPECT_EQ(camera["width"], 240);
  EXPECT_EQ(camera["height"], 135);
  glm::mat3 k(0.0f);
  glm::mat4 m(0.0f);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) k[c][r] = camera["K"][r][c].get<float>();
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) m[c][r] = camera["world_to_camera"][r][c].get<float>();
  EXPECT_FLOAT_EQ(k[2][0], 120.0f);
  EXPECT_FLOAT_EQ(k[2][1], 67.5f);
  for (glm::vec3 p : {glm::vec3(-2.0f, 0.3f, 0.5f), glm::vec3(3.0f, -1.0f, 1.0f)}) {
    glm::vec3 camera_point = glm::vec3(m * glm::vec4(p, 1.0f));
    EXPECT_GT(camera_point.z, 0.0f);  // z forward
    glm::vec3 pixel = k * (camera_point / camera_point.z);
    glm::vec2 expected = *t_.train.scene.camera.project(p);
    EXPECT_NEAR(pixel.x, expected.x, 1e-3);
    EXPECT_NEAR(pixel.y, expected.y, 1e-3);
  }
}

TEST_F(SceneJson, SurvivesSerialisation) {
  EXPECT_EQ(Json::parse(json_.dump()), json_);
}

TEST_F(SceneJson, WithoutMasksRegionsKeepBoxesAndLabels) {
  VlolDataset no_masks = kDataset;
  no_masks.masks = false;
  Json json = vlol_scene_json(MakeRecord(t_.train, frame_), no_masks);
  const Json& car = json["car_masks"]["car_1"];
  EXPECT_FALSE(car.contains("mask"));
  EXPECT_FALSE(car["payload_0"].contains("mask"));
  EXPECT_EQ(car["payload_0"]["b_box"], json_["car_masks"]["car_1"]["payload_0"]["b_box"]);
  EXPECT_EQ(car["payload_0"]["label"], "golden_vase");
}

TEST_F(SceneJson, LabelNoiseShowsThePublishedLabelAndKeepsTheTruth) {
  SampleRecord record = MakeRecord(t_.train, frame_);
  record.published = Direction::West;
  Json json = vlol_scene_json(record, kDataset);
  EXPECT_EQ(json["label"], "west");
  EXPECT_TRUE(json["train"].get<std::string>().starts_with("west 187 "));
  EXPECT_EQ(json["true_label"], "east");
  EXPECT_FALSE(json_.contains("true_label"));
}

TEST(SceneJsonErrors, PartsThatDoNotFitTheTrain) {
  testing::BoxTrain t = MakeBoxTrain();
  Frame frame = RayCast(t.train.scene.camera, t.boxes);
  auto fails = [&](TrainScene train) {
    EXPECT_THROW(vlol_scene_json(MakeRecord(train, frame), kDataset), std::invalid_argument);
  };
  TrainScene third_car = t.train;
  third_car.parts[8].car = 3;
  fails(third_car);
  TrainScene two_walls = t.train;
  two_walls.parts[3] = two_walls.parts[9];  // a second wall of car 2
  fails(two_walls);
  TrainScene third_payload = t.train;
  third_payload.parts[7].payload = 2;
  fails(third_payload);
}

TEST(SceneJsonOptional, NoMetricDepthFileNoKey) {
  testing::BoxTrain t = MakeBoxTrain();
  SampleRecord record = MakeRecord(t.train, RayCast(t.train.scene.camera, t.boxes));
  record.files.depth_exr.clear();
  EXPECT_FALSE(vlol_scene_json(record, kDataset).contains("depth_exr_filename"));
}

}  // namespace
}  // namespace railyard
