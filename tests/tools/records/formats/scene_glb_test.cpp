// A sample's scene as binary glTF (scene_glb.h, sample_scene_glb.h): read back by Assimp's
// importer (another reader than the one that wrote it) and by its JSON chunk, every node must be
// the instance it names, with the part id the masks use, and the camera, lights, materials and
// sample facts where glTF keeps them; the container must be valid and the bytes repeatable.
#include "tools/lib/records/formats/scene_glb.h"

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <assimp/Importer.hpp>
#include <cmath>
#include <glm/gtc/constants.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tests/support/unit_cube.h"
#include "tests/tools/records/formats/box_train.h"
#include "tools/lib/records/formats/glb_file.h"
#include "tools/lib/records/formats/gltf_camera_lights.h"
#include "tools/lib/records/formats/sample_scene_glb.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

using testing::unit_cube;

// The box train (box_train.h) drawn with triangulated cubes: car 1's wheels in two pieces, a
// checkered ground that is no part, a repainted car 2, a sun and two lamps (one facing).
struct Fixture {
  TrainScene train;
  SampleRecord record;
};

Fixture make_fixture() {
  testing::BoxTrain boxes = testing::MakeBoxTrain();
  Fixture f;
  f.train = boxes.train;
  render::Frame frame = render::testing::RayCast(f.train.scene.camera, boxes.boxes);
  f.record = testing::MakeRecord(f.train, frame);
  auto cube = unit_cube();
  std::vector<render::Instance>& instances = f.train.scene.instances;
  for (render::Instance& instance : instances) instance.mesh = cube;
  render::Instance second_wheel = instances[5];  // car 1's wheels
  second_wheel.object_to_world =
      glm::translate(glm::mat4(1.0f), {1.0f, 0.0f, 0.0f}) * second_wheel.object_to_world;
  instances.insert(instances.begin() + 6, second_wheel);
  for (render::Instance& instance : instances)
    if (instance.part == 9) instance.material = render::Material{{0.8f, 0.6f, 0.0f}};
  auto ground = std::make_shared<render::Mesh>();
  ground->name = "ground";
  ground->positions = {{-20, -20, -0.1f}, {20, -20, -0.1f}, {20, 20, -0.1f}, {-20, 20, -0.1f}};
  ground->normals.assign(4, {0, 0, 1});
  ground->indices = {0, 1, 2, 0, 2, 3};
  ground->material.pattern = render::Pattern::Checker;
  ground->material.pattern_color = {0.1f, 0.1f, 0.1f};
  ground->material.pattern_scale = 2.0f;
  render::Instance floor;
  floor.mesh = ground;
  floor.casts_shadow = false;
  instances.push_back(floor);
  render::Scene& scene = f.train.scene;
  scene.sun = {{0.2f, -0.3f, 0.9f}, {2.0f, 1.5f, 1.0f}, 3.0f};
  scene.point_lights = {{{1.0f, 6.0f, 3.0f}, {40.0f, 38.0f, 30.0f}, {0.0f, -0.8f, -0.6f}},
                        {{-4.0f, -2.0f, 5.0f}, {10.0f, 10.0f, 12.0f}, {0.0f, 0.0f, 0.0f}}};
  scene.background_color = glm::vec3(0.05f);
  return f;
}

Glb parse(const std::vector<std::uint8_t>& bytes) {
  return parse_glb(bytes);
}

glm::mat4 node_matrix(const Json& node) {
  glm::mat4 m(1.0f);
  if (!node.contains("matrix")) return m;
  for (int k = 0; k < 16; ++k) m[k / 4][k % 4] = node["matrix"][k].get<float>();
  return m;
}

void expect_near(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-4f) {
  EXPECT_NEAR(a.x, b.x, tolerance);
  EXPECT_NEAR(a.y, b.y, tolerance);
  EXPECT_NEAR(a.z, b.z, tolerance);
}

class SceneGlbTest : public ::testing::Test {
 protected:
  Fixture f_ = make_fixture();
  std::vector<std::uint8_t> bytes_ = sample_scene_glb(f_.train, f_.record, "theoryx");
  Json gltf_ = parse(bytes_).json;
  std::size_t instances_ = f_.train.scene.instances.size();
};

TEST_F(SceneGlbTest, NodesAreTheInstancesNamedForTheirParts) {
  const Json& nodes = gltf_.at("nodes");
  ASSERT_EQ(nodes.size(), 1 + instances_ + 1 + 1 + 2);  // root, instances, camera, sun, lamps
  EXPECT_EQ(nodes[0]["name"], "railyard_scene");
  ASSERT_EQ(nodes[0]["children"].size(), nodes.size() - 1);
  std::vector<std::string> expected = {
      "locomotive",    "rail",          "car1/body",     "car1/wall",     "car1/roof",
      "car1/wheels.0", "car1/wheels.1", "car1/payload0", "car1/payload1", "car2/body",
      "car2/wall",     "car2/wheels",   "ground"};
  ASSERT_EQ(expected.size(), instances_);
  for (std::size_t i = 0; i < instances_; ++i) {
    const render::Instance& instance = f_.train.scene.instances[i];
    const Json& node = nodes[1 + i];
    EXPECT_EQ(node["name"], expected[i]);
    EXPECT_EQ(node["extras"]["part_id"], instance.part) << expected[i];
    EXPECT_TRUE(node.contains("mesh"));
    glm::mat4 m = node_matrix(node);
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) EXPECT_NEAR(m[c][r], instance.object_to_world[c][r], 1e-6f);
    if (instance.part == 0) continue;
    const Part& part = f_.train.parts[instance.part - 1];
    EXPECT_EQ(node["extras"]["kind"], std::string(part_kind_name(part.kind)));
    EXPECT_EQ(node["extras"]["car"], part.car);
    EXPECT_EQ(node["extras"]["label"], part.label);
    EXPECT_EQ(node["extras"].contains("payload"), part.kind == PartKind::Payload);
    EXPECT_EQ(node["extras"].contains("car_attributes"), part.car > 0);
  }
  EXPECT_EQ(nodes[1 + 8]["extras"]["payload"], 1);
  EXPECT_EQ(nodes[1 + 2]["extras"]["car_attributes"]["shape"], "bucket");
  EXPECT_EQ(nodes[1 + 9]["extras"]["car_attributes"]["load_count"], 0);
  EXPECT_EQ(nodes[instances_]["extras"], (Json{{"part_id", 0}, {"casts_shadow", false}}));
}

TEST_F(SceneGlbTest, MeshesAreSharedPerMeshAndMaterial) {
  // (cube, red) for most parts, (cube, repainted) for car 2's body, (ground, checker).
  EXPECT_EQ(gltf_.at("meshes").size(), 3u);
  ASSERT_EQ(gltf_.at("materials").size(), 3u);
  std::map<int, int> uses;
  for (std::size_t i = 0; i < instances_; ++i) ++uses[gltf_["nodes"][1 + i]["mesh"].get<int>()];
  EXPECT_EQ(uses.size(), 3u);
  const Json& red = gltf_["materials"][0];
  EXPECT_EQ(red["name"], gltf_material_name(0));
  EXPECT_FLOAT_EQ(red["pbrMetallicRoughness"]["baseColorFactor"][0].get<float>(), 0.8f);
  EXPECT_FLOAT_EQ(red["pbrMetallicRoughness"]["roughnessFactor"].get<float>(), 0.5f);
  EXPECT_FALSE(red.contains("extras"));
  const Json& checker = gltf_["materials"][2];
  EXPECT_EQ(checker["extras"]["pattern"], "checker");
  EXPECT_EQ(checker["extras"]["pattern_scale_m"], 2.0);
  EXPECT_EQ(checker["extras"]["pattern_color"], (Json{0.1, 0.1, 0.1}));
}

TEST_F(SceneGlbTest, CameraIsTheSceneCamera) {
  const render::Camera& camera = f_.train.scene.camera;
  ASSERT_EQ(gltf_.at("cameras").size(), 1u);
  const Json& glb_camera = gltf_["cameras"][0];
  EXPECT_EQ(glb_camera["type"], "perspective");
  EXPECT_NEAR(glb_camera["perspective"]["yfov"].get<double>(), camera.vertical_fov(), 1e-6);
  EXPECT_NEAR(glb_camera["perspective"]["aspectRatio"].get<double>(), 240.0 / 135.0, 1e-12);
  EXPECT_EQ(glb_camera["perspective"]["znear"], 0.05);
  EXPECT_EQ(glb_camera["perspective"]["zfar"], 500.0);
  EXPECT_EQ(glb_camera["extras"]["lens"], "pinhole");
  EXPECT_EQ(glb_camera["extras"]["width"], 240);
  const Json& node = gltf_["nodes"][1 + instances_];
  EXPECT_EQ(node["name"], "camera");
  EXPECT_EQ(node["camera"], 0);
  glm::mat4 pose = node_matrix(node), expected = camera.camera_to_world();
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) EXPECT_NEAR(pose[c][r], expected[c][r], 1e-5f);
}

TEST_F(SceneGlbTest, LightsArePunctualLightsInOurUnits) {
  const render::Scene& scene = f_.train.scene;
  // Assimp 5.2.5 lists KHR_materials_volume and FB_ngon_encoding, which nothing uses.
  const Json& used = gltf_.at("extensionsUsed");
  EXPECT_EQ(std::count(used.begin(), used.end(), "KHR_lights_punctual"), 1);
  const Json& lights = gltf_.at("extensions").at("KHR_lights_punctual").at("lights");
  ASSERT_EQ(lights.size(), 3u);
  EXPECT_EQ(lights[0]["type"], "directional");
  EXPECT_NEAR(lights[0]["intensity"].get<double>(), 2.0 * kLumensPerWatt, 1e-9);
  EXPECT_EQ(lights[0]["color"], (Json{1.0, 0.75, 0.5}));
  EXPECT_EQ(lights[1]["type"], "spot");
  EXPECT_NEAR(lights[1]["intensity"].get<double>(), 40.0 * kLumensPerWatt, 1e-9);
  EXPECT_NEAR(lights[1]["spot"]["outerConeAngle"].get<double>(), glm::half_pi<double>(), 1e-12);
  EXPECT_EQ(lights[1]["extras"]["emission"], "cosine");
  EXPECT_EQ(lights[2]["type"], "point");
  EXPECT_EQ(lights[2]["extras"]["intensity_w_sr"], (Json{10.0, 10.0, 12.0}));
  const Json& nodes = gltf_["nodes"];
  std::size_t sun = 2 + instances_;
  EXPECT_EQ(nodes[sun]["name"], "sun");
  EXPECT_EQ(nodes[sun]["extensions"]["KHR_lights_punctual"]["light"], 0);
  // A directional light shines down its -Z: +Z points at the sun.
  expect_near(glm::vec3(node_matrix(nodes[sun])[2]), glm::normalize(scene.sun.direction));
  EXPECT_EQ(nodes[sun + 1]["name"], "lamp0");
  glm::mat4 spot = node_matrix(nodes[sun + 1]);
  expect_near(-glm::vec3(spot[2]), glm::normalize(scene.point_lights[0].facing));
  expect_near(glm::vec3(spot[3]), scene.point_lights[0].position);
  EXPECT_EQ(nodes[sun + 2]["extensions"]["KHR_lights_punctual"]["light"], 2);
  expect_near(glm::vec3(node_matrix(nodes[sun + 2])[3]), scene.point_lights[1].position);
}

TEST_F(SceneGlbTest, SceneExtrasNameTheSample) {
  const Json& extras = gltf_.at("scenes").at(0).at("extras");
  EXPECT_EQ(extras["index"], 12);
  EXPECT_EQ(extras["label"], "east");
  EXPECT_EQ(extras["published_label"], "east");
  EXPECT_FALSE(extras.contains("labelled"));
  EXPECT_EQ(extras["rule"], "theoryx");
  EXPECT_EQ(extras["scene"], "base_scene");
  EXPECT_EQ(extras["train"], record_train_json(f_.record.train.train));
  EXPECT_EQ(extras["world"]["up"], "z");
  EXPECT_EQ(extras["world"]["background_color"], (Json{0.05, 0.05, 0.05}));
  EXPECT_EQ(extras["world"]["sky"]["zenith"][2], 0.65);
  EXPECT_EQ(gltf_["scene"], 0);
}

TEST_F(SceneGlbTest, AssimpReadsTheGeometryCameraAndLightsBack) {
  Assimp::Importer importer;
  const aiScene* read = importer.ReadFileFromMemory(bytes_.data(), bytes_.size(), 0, "glb");
  ASSERT_NE(read, nullptr) << importer.GetErrorString();
  EXPECT_EQ(read->mRootNode->mNumChildren, instances_ + 4);
  EXPECT_EQ(read->mNumCameras, 1u);
  ASSERT_EQ(read->mNumLights, 3u);
  EXPECT_EQ(read->mLights[0]->mType, aiLightSource_DIRECTIONAL);
  EXPECT_EQ(read->mLights[1]->mType, aiLightSource_SPOT);
  EXPECT_EQ(read->mLights[2]->mType, aiLightSource_POINT);
  const aiScene* flat = importer.ApplyPostProcessing(aiProcess_PreTransformVertices);
  ASSERT_NE(flat, nullptr);
  std::size_t triangles = 0;
  glm::vec3 lo(1e30f), hi(-1e30f);
  for (unsigned m = 0; m < flat->mNumMeshes; ++m) {
    triangles += flat->mMeshes[m]->mNumFaces;
    for (unsigned v = 0; v < flat->mMeshes[m]->mNumVertices; ++v) {
      const aiVector3D& p = flat->mMeshes[m]->mVertices[v];
      glm::vec3 z_up(p.x, -p.z, p.y);  // glTF's Y-up back to our Z-up
      lo = glm::min(lo, z_up);
      hi = glm::max(hi, z_up);
    }
  }
  EXPECT_EQ(triangles, 12u * (instances_ - 1) + 2u);
  expect_near(lo, {-20.0f, -20.0f, -0.1f});
  expect_near(hi, {20.0f, 20.0f, 1.5f});
}

TEST_F(SceneGlbTest, BytesRepeatAndTheContainerIsAligned) {
  EXPECT_EQ(sample_scene_glb(f_.train, f_.record, "theoryx"), bytes_);
  EXPECT_NE(sample_scene_glb(f_.train, f_.record, "numerical"), bytes_);
  EXPECT_EQ(bytes_.size() % 4, 0u);
  std::uint32_t length = bytes_[8] | bytes_[9] << 8 | bytes_[10] << 16 | bytes_[11] << 24;
  EXPECT_EQ(length, bytes_.size());
  std::uint32_t json_length = bytes_[12] | bytes_[13] << 8 | bytes_[14] << 16 | bytes_[15] << 24;
  EXPECT_EQ(json_length % 4, 0u);
  Glb glb = parse(bytes_);
  EXPECT_EQ(glb_bytes(glb), bytes_);
  EXPECT_GE(glb.bin.size(), gltf_["buffers"][0]["byteLength"].get<std::size_t>());
}

TEST_F(SceneGlbTest, WithoutCameraAndLightsForTheBench) {
  SceneGlbContent content;
  content.camera_and_lights = false;
  Json gltf = parse(scene_glb(f_.train.scene, content)).json;
  EXPECT_EQ(gltf["nodes"].size(), 1 + instances_);
  EXPECT_FALSE(gltf.contains("cameras"));
  EXPECT_FALSE(gltf.contains("extensions"));
  const Json& used = gltf.at("extensionsUsed");
  EXPECT_EQ(std::count(used.begin(), used.end(), "KHR_lights_punctual"), 0);
  EXPECT_EQ(gltf["nodes"][1]["name"], "cube.0");
  EXPECT_FALSE(gltf["nodes"][1].contains("extras"));
  EXPECT_TRUE(gltf["scenes"][0]["extras"].contains("world"));
}

TEST_F(SceneGlbTest, FisheyeKeepsItsLensInExtras) {
  render::Camera& camera = f_.train.scene.camera;
  camera.lens = render::Lens::Equisolid;
  camera.fov_deg = 98.0f;
  Json glb_camera = parse(sample_scene_glb(f_.train, f_.record, "theoryx")).json["cameras"][0];
  EXPECT_EQ(glb_camera["extras"]["lens"], "equisolid");
  EXPECT_EQ(glb_camera["extras"]["horizontal_fov_deg"], 98.0);
  // The pinhole of the lens's focal length: it agrees with the fisheye at the image centre.
  double f = camera.focal_length_px();
  EXPECT_NEAR(glb_camera["perspective"]["yfov"].get<double>(), 2.0 * std::atan(67.5 / f), 1e-6);
}

TEST_F(SceneGlbTest, ContentThatDoesNotFitTheSceneIsRefused) {
  render::Scene& scene = f_.train.scene;
  SceneGlbContent content = sample_glb_content(f_.train, f_.record, "theoryx");
  SceneGlbContent fewer = content;
  fewer.instances.pop_back();
  EXPECT_THROW(scene_glb(scene, fewer), std::invalid_argument);
  SceneGlbContent twice = content;
  twice.instances[1].name = twice.instances[0].name;
  EXPECT_THROW(scene_glb(scene, twice), std::invalid_argument);
  SceneGlbContent taken = content;
  taken.instances[0].name = "camera";
  EXPECT_THROW(scene_glb(scene, taken), std::invalid_argument);
  SceneGlbContent hash = content;
  hash.instances[0].name = "cube#0";  // Assimp's name for the mesh
  EXPECT_THROW(scene_glb(scene, hash), std::invalid_argument);
  SceneGlbContent assimp_id = content;
  assimp_id.instances[0].name = "material_0";  // Assimp's id of material 0: it renames the node
  EXPECT_THROW(scene_glb(scene, assimp_id), std::invalid_argument);
  f_.train.scene.instances[0].part = 99;
  EXPECT_THROW(sample_glb_content(f_.train, f_.record, "theoryx"), std::invalid_argument);
}

TEST(GlbFileTest, DamagedContainersAreRefused) {
  Fixture f = make_fixture();
  std::vector<std::uint8_t> good = sample_scene_glb(f.train, f.record, "theoryx");
  auto damaged = [&](auto damage) {
    std::vector<std::uint8_t> bytes = good;
    damage(bytes);
    return bytes;
  };
  EXPECT_THROW(parse_glb(damaged([](auto& b) { b[0] = 'x'; })), GlbError);
  EXPECT_THROW(parse_glb(damaged([](auto& b) { b[4] = 1; })), GlbError);
  EXPECT_THROW(parse_glb(damaged([](auto& b) { b.resize(b.size() - 4); })), GlbError);
  EXPECT_THROW(parse_glb(damaged([](auto& b) { b.resize(10); })), GlbError);
  EXPECT_THROW(parse_glb(damaged([](auto& b) { b[16] = 'X'; })), GlbError);  // chunk type
  EXPECT_THROW(parse_glb(damaged([](auto& b) { b[20] = '['; })), GlbError);  // not an object
  EXPECT_THROW(parse_glb(damaged([](auto& b) {  // bytes after the BIN chunk
                 b.insert(b.end(), {0, 0, 0, 0});
                 for (int k = 0; k < 4; ++k)
                   b[8 + k] = static_cast<std::uint8_t>(b.size() >> 8 * k);
               })),
               GlbError);
  Glb empty{Json::object(), {}};
  std::vector<std::uint8_t> bytes = glb_bytes(empty);
  EXPECT_EQ(bytes.size(), 12u + 8u + 4u);  // "{}" padded with two spaces
  EXPECT_EQ(parse_glb(bytes).json, Json::object());
  EXPECT_TRUE(parse_glb(bytes).bin.empty());
}

}  // namespace
}  // namespace railyard
