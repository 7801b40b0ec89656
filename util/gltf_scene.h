// A glTF scene as plain data (materials, triangle meshes, a node tree), written as binary glTF 2.0
// (.glb) by Assimp's exporter: the one place that builds Assimp's scene, for the asset generator
// (tools/assetgen/glb_writer.h) and a render::Scene's export
// (tools/lib/records/formats/scene_glb.h). Values go out as given: each caller turns its Z-up frame
// into glTF's Y-up its own way (the vertices, or the root node's transform). The same scene gives
// the same bytes.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <span>
#include <string>
#include <vector>

namespace railyard::gltf {

// Metal/roughness, opaque.
struct Material {
  std::string name;
  glm::vec3 base_color{1.0f};  // linear RGB
  float metallic = 0.0f;
  float roughness = 1.0f;
};

// Triangles. The spans are the caller's, read during export_glb.
struct Mesh {
  std::string name;
  unsigned material = 0;  // into Scene::materials
  std::span<const glm::vec3> positions;
  std::span<const glm::vec3> normals;      // one per position, or empty for none
  std::span<const std::uint32_t> indices;  // three per triangle
};

struct Node {
  std::string name;
  glm::mat4 transform{1.0f};     // into the parent's frame
  std::vector<unsigned> meshes;  // into Scene::meshes
  std::vector<Node> children;
};

struct Scene {
  Node root;
  std::vector<Material> materials;
  std::vector<Mesh> meshes;
};

// The .glb file's bytes. Throws std::invalid_argument when a mesh has normals, but not one per
// position, and std::runtime_error when Assimp cannot export the scene.
std::vector<std::uint8_t> export_glb(const Scene& scene);

}  // namespace railyard::gltf
