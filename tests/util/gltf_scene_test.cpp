#include "util/gltf_scene.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace railyard {
namespace {

const std::vector<glm::vec3> kPositions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
const std::vector<glm::vec3> kNormals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
const std::vector<std::uint32_t> kIndices = {0, 1, 2};

gltf::Scene triangle() {
  gltf::Scene scene;
  scene.materials.push_back({"red", {1.0f, 0.0f, 0.0f}, 0.0f, 0.5f});
  scene.meshes.push_back({"triangle#0", 0, kPositions, kNormals, kIndices});
  scene.root.name = "root";
  scene.root.children.push_back({"placed", glm::mat4(2.0f), {0}, {}});
  return scene;
}

TEST(GltfScene, WritesABinaryGltfWithItsNamesTheSameEachTime) {
  std::vector<std::uint8_t> bytes = gltf::export_glb(triangle());
  ASSERT_GT(bytes.size(), 20u);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "glTF");
  EXPECT_EQ(bytes[4], 2);  // version 2, little-endian
  std::string text(bytes.begin(), bytes.end());
  for (const char* name : {"\"root\"", "\"placed\"", "\"triangle#0\"", "\"red\""})
    EXPECT_NE(text.find(name), std::string::npos) << name;
  EXPECT_EQ(gltf::export_glb(triangle()), bytes);
}

TEST(GltfScene, RefusesNormalsThatAreNotOnePerPosition) {
  gltf::Scene scene = triangle();
  scene.meshes[0].normals = std::span(kNormals).first(2);
  EXPECT_THROW(gltf::export_glb(scene), std::invalid_argument);
  scene.meshes[0].normals = {};  // none is fine
  EXPECT_NO_THROW(gltf::export_glb(scene));
}

}  // namespace
}  // namespace railyard
