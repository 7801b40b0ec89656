// The Cycles export is only a fair benchmark if Blender gets our scene: the glTF, read back,
// must hold every triangle where our scene has it, and the sidecar the camera and the lights.
#include "tools/bench/cycles_export.h"

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>

#include <assimp/Importer.hpp>
#include <fstream>
#include <glm/gtc/matrix_transform.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "tests/support/scratch_dir.h"
#include "tests/support/unit_cube.h"

namespace railyard {
namespace {

using testing::ScratchDirTest;

using testing::unit_cube;

render::Instance placed(std::shared_ptr<const render::Mesh> mesh, const glm::mat4& to_world) {
  render::Instance instance;
  instance.mesh = std::move(mesh);
  instance.object_to_world = to_world;
  return instance;
}

// A checkered ground and three cubes: two share mesh and material, one is turned, scaled and
// repainted.
render::Scene test_scene() {
  render::Scene scene;
  auto ground = std::make_shared<render::Mesh>();
  ground->name = "ground";
  ground->positions = {{-20, -20, 0}, {20, -20, 0}, {20, 20, 0}, {-20, 20, 0}};
  ground->normals.assign(4, {0, 0, 1});
  ground->indices = {0, 1, 2, 0, 2, 3};
  render::Instance floor = placed(ground, glm::mat4(1.0f));
  floor.material = render::Material{};
  floor.material->pattern = render::Pattern::Checker;
  floor.material->pattern_color = {0.1f, 0.1f, 0.1f};
  floor.material->pattern_scale = 2.0f;
  scene.instances.push_back(floor);
  auto cube = unit_cube();
  scene.instances.push_back(placed(cube, glm::translate(glm::mat4(1.0f), {1, 2, 0})));
  scene.instances.push_back(placed(cube, glm::translate(glm::mat4(1.0f), {-3, 0, 0})));
  render::Instance turned =
      placed(cube, glm::translate(glm::mat4(1.0f), {5, 5, 1}) *
                       glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), {0, 0, 1}) *
                       glm::scale(glm::mat4(1.0f), {2, 1, 3}));
  turned.material = render::Material{};
  turned.material->base_color = {0.1f, 0.2f, 0.9f};
  scene.instances.push_back(turned);
  scene.camera.position = {0, -30.5f, 18.5f};
  scene.camera.look_at = {0, -1.4f, 0.5f};
  scene.background_color = glm::vec3(0.45f);
  return scene;
}

struct Bounds {
  glm::vec3 lo{1e30f}, hi{-1e30f};
  void add(const glm::vec3& p) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
};

Bounds scene_bounds(const render::Scene& scene) {
  Bounds b;
  for (const render::Instance& instance : scene.instances)
    for (const glm::vec3& p : instance.mesh->positions)
      b.add(glm::vec3(instance.object_to_world * glm::vec4(p, 1.0f)));
  return b;
}

void expect_near(const glm::vec3& a, const glm::vec3& b) {
  EXPECT_NEAR(a.x, b.x, 1e-4f);
  EXPECT_NEAR(a.y, b.y, 1e-4f);
  EXPECT_NEAR(a.z, b.z, 1e-4f);
}

using CyclesExportTest = ScratchDirTest;

TEST_F(CyclesExportTest, GlbHoldsEveryTriangleWhereTheSceneHasIt) {
  render::Scene scene = test_scene();
  CyclesExport files = export_for_cycles(scene, dir_);

  Assimp::Importer importer;
  const aiScene* stored = importer.ReadFile(files.glb.string(), 0);
  ASSERT_NE(stored, nullptr) << importer.GetErrorString();
  // Shared: (cube, red) twice, (cube, blue) and (ground, checker) once each.
  EXPECT_EQ(stored->mNumMeshes, 3u);
  // Assimp's reader adds a default material of its own; ours are found by name.
  for (std::size_t i = 0; i < 3; ++i) {
    std::string name = cycles_material_name(i);
    bool found = false;
    for (unsigned m = 0; m < stored->mNumMaterials; ++m)
      found = found || stored->mMaterials[m]->GetName() == aiString(name);
    EXPECT_TRUE(found) << name;
  }

  const aiScene* flat = importer.ApplyPostProcessing(aiProcess_PreTransformVertices);
  ASSERT_NE(flat, nullptr);
  std::size_t triangles = 0;
  Bounds bounds;
  for (unsigned m = 0; m < flat->mNumMeshes; ++m) {
    const aiMesh* mesh = flat->mMeshes[m];
    triangles += mesh->mNumFaces;
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
      const aiVector3D& p = mesh->mVertices[v];
      bounds.add({p.x, -p.z, p.y});  // glTF's Y-up back to our Z-up, as Blender imports it
    }
  }
  EXPECT_EQ(triangles, 2u + 3u * 12u);
  Bounds expected = scene_bounds(scene);
  expect_near(bounds.lo, expected.lo);
  expect_near(bounds.hi, expected.hi);
}

TEST_F(CyclesExportTest, SidecarCarriesCameraLightsAndPatterns) {
  render::Scene scene = test_scene();
  CyclesExport files = export_for_cycles(scene, dir_);
  nlohmann::json sidecar = nlohmann::json::parse(std::ifstream(files.json));

  const auto& camera = sidecar.at("camera");
  EXPECT_EQ(camera.at("width"), 480);
  EXPECT_EQ(camera.at("height"), 270);
  EXPECT_EQ(camera.at("lens"), "pinhole");
  EXPECT_FLOAT_EQ(camera.at("horizontal_fov_deg").get<float>(), 40.0f);
  EXPECT_NEAR(camera.at("vertical_fov_deg").get<float>(), 23.0f, 0.5f);
  // The matrix's translation column is the camera's position.
  EXPECT_FLOAT_EQ(camera.at("camera_to_world")[1][3].get<float>(), -30.5f);
  EXPECT_FLOAT_EQ(camera.at("camera_to_world")[2][3].get<float>(), 18.5f);

  EXPECT_FLOAT_EQ(sidecar.at("sun").at("irradiance")[0].get<float>(), scene.sun.irradiance.x);
  EXPECT_FLOAT_EQ(sidecar.at("sky").at("zenith")[2].get<float>(), scene.sky.zenith.z);
  EXPECT_FLOAT_EQ(sidecar.at("background_color")[0].get<float>(), 0.45f);

  ASSERT_EQ(sidecar.at("patterns").size(), 1u);
  EXPECT_EQ(sidecar["patterns"][0].at("kind"), "checker");
  EXPECT_EQ(sidecar["patterns"][0].at("material"), cycles_material_name(0));
  EXPECT_FLOAT_EQ(sidecar["patterns"][0].at("scale_m").get<float>(), 2.0f);
}

}  // namespace
}  // namespace railyard
