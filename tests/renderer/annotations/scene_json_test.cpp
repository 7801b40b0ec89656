#include "renderer/annotations/scene_json.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "box_world.h"
#include "logic/description.h"

namespace railyard::render {
namespace {

using Json = nlohmann::ordered_json;
using testing::Box;
using testing::BoxInstance;
using testing::GridCube;
using testing::RayCast;

std::vector<std::string> Keys(const Json& object) {
  std::vector<std::string> keys;
  for (const auto& item : object.items()) keys.push_back(item.key());
  return keys;
}

LabelledTrain MakeTrain() {
  LabelledTrain labelled;
  labelled.label = Direction::East;
  labelled.train.angle = 187;
  Car first{1, Shape::Bucket, Length::Long, Wall::Double, Roof::Flat, 3, LoadShape::Triangle, 2};
  Car second{
      2, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2, LoadShape::Rectangle, 0};
  labelled.train.cars = {first, second};
  return labelled;
}

// A locomotive, a rail and two cars of boxes along x. Car 1 has a roof and two payloads; car 2
// neither.
struct TrainScene {
  Scene scene;
  std::vector<Box> boxes;
};

TrainScene MakeScene() {
  TrainScene t;
  Camera& camera = t.scene.camera;
  camera.position = {0.0f, -12.0f, 4.0f};
  camera.look_at = {0.0f, 0.0f, 0.5f};
  camera.width = 240;
  camera.height = 135;
  struct Spec {
    Part part;
    glm::vec3 min, max;
  };
  std::vector<Spec> specs = {
      {{PartKind::Locomotive, 0, -1, "loco", {}}, {-6.0f, -0.5f, 0.0f}, {-4.0f, 0.5f, 1.5f}},
      {{PartKind::Rail, 0, -1, "rail", {}}, {-8.0f, -0.6f, -0.05f}, {8.0f, 0.6f, 0.0f}},
      {{PartKind::Body, 1, -1, "", {}}, {-3.5f, -0.5f, 0.0f}, {-1.0f, 0.5f, 0.6f}},
      {{PartKind::Wall, 1, -1, "", {}}, {-3.5f, 0.5f, 0.0f}, {-1.0f, 0.6f, 0.9f}},
      {{PartKind::Roof, 1, -1, "", {}}, {-3.5f, -0.5f, 1.3f}, {-1.0f, 0.6f, 1.4f}},
      {{PartKind::Wheels, 1, -1, "", {}}, {-3.3f, -0.55f, -0.05f}, {-1.2f, -0.5f, 0.2f}},
      {{PartKind::Payload, 1, 0, "", {}}, {-3.2f, -0.3f, 0.6f}, {-2.6f, 0.3f, 1.0f}},
      {{PartKind::Payload, 1, 1, "", {}}, {-2.0f, -0.3f, 0.6f}, {-1.4f, 0.3f, 1.0f}},
      {{PartKind::Body, 2, -1, "", {}}, {0.0f, -0.5f, 0.0f}, {2.0f, 0.5f, 0.6f}},
      {{PartKind::Wall, 2, -1, "", {}}, {0.0f, 0.5f, 0.0f}, {2.0f, 0.6f, 0.9f}},
      {{PartKind::Wheels, 2, -1, "", {}}, {0.2f, -0.55f, -0.05f}, {1.8f, -0.5f, 0.2f}},
  };
  auto cube = GridCube(4);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    Spec& spec = specs[i];
    spec.part.centre = 0.5f * (spec.min + spec.max);
    t.scene.parts.push_back(spec.part);
    Box box{spec.min, spec.max, static_cast<std::uint32_t>(i + 1)};
    t.boxes.push_back(box);
    t.scene.instances.push_back(BoxInstance(cube, box));
  }
  return t;
}

SceneRecord MakeRecord() {
  SceneRecord record;
  record.image_index = 12;
  record.base_scene = "base_scene";
  record.distribution = "MichalskiTrains";
  record.classification_rule = "theoryx";
  record.visualization = "Trains";
  record.min_cars = 2;
  record.max_cars = 4;
  record.image_filename = "12_m_train.png";
  record.blender_filename = "12_m_train.blend";
  record.depth_map_filename = "12_m_train.png";
  record.depth_exr_filename = "12_m_train.exr";
  record.train = MakeTrain();
  return record;
}

class SceneJson : public ::testing::Test {
 protected:
  void SetUp() override {
    t_ = MakeScene();
    frame_ = RayCast(t_.scene.camera, t_.boxes);
    json_ = scene_json(MakeRecord(), annotate_image(frame_, t_.scene), t_.scene);
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

  TrainScene t_;
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
    glm::vec2 expected = *t_.scene.camera.project(p);
    EXPECT_NEAR(pixel.x, expected.x, 1e-3);
    EXPECT_NEAR(pixel.y, expected.y, 1e-3);
  }
}

TEST_F(SceneJson, SurvivesSerialisation) {
  EXPECT_EQ(Json::parse(json_.dump()), json_);
}

TEST_F(SceneJson, FrameOverloadAnnotatesFirst) {
  EXPECT_EQ(scene_json(MakeRecord(), frame_, t_.scene), json_);
}

TEST(SceneJsonErrors, PartsThatDoNotFitTheTrain) {
  TrainScene t = MakeScene();
  Frame frame = RayCast(t.scene.camera, t.boxes);
  auto fails = [&](Scene scene) {
    ImageAnnotations annotations = annotate_image(frame, scene);
    EXPECT_THROW(scene_json(MakeRecord(), annotations, scene), std::invalid_argument);
  };
  Scene third_car = t.scene;
  third_car.parts[8].car = 3;
  fails(third_car);
  Scene two_walls = t.scene;
  two_walls.parts[3] = two_walls.parts[9];  // a second wall of car 2
  fails(two_walls);
  Scene third_payload = t.scene;
  third_payload.parts[7].payload = 2;
  fails(third_payload);
}

TEST(SceneJsonOptional, NoMetricDepthFileNoKey) {
  TrainScene t = MakeScene();
  SceneRecord record = MakeRecord();
  record.depth_exr_filename.clear();
  Json json =
      scene_json(record, annotate_image(RayCast(t.scene.camera, t.boxes), t.scene), t.scene);
  EXPECT_FALSE(json.contains("depth_exr_filename"));
}

}  // namespace
}  // namespace railyard::render
