// A render::Scene as binary glTF 2.0 (.glb), for Blender or any glTF viewer: the dataset's
// `outputs.scene: glb` (sample_scene_glb.h names its parts) and `railyard bench pathtrace`'s
// hand-over to Blender Cycles (tools/bench/cycles_export.h).
//
// Assimp's exporter writes the geometry, materials and node tree (util/gltf_scene.h):
//   - a root node "railyard_scene" turning our Z-up world into glTF's Y-up ((x, y, z) ->
//     (x, z, -y)), which Blender's importer turns back, so Blender's world coordinates equal ours;
//   - under it node 1 + i for instance i, named as the caller says, placed by the instance's
//     object_to_world, its mesh shared by every instance of the same (mesh, material) pair;
//   - one metal/roughness material per distinct render::Material (gltf_material_name);
//   - then nodes "camera", "sun" and "lamp<k>" (when camera_and_lights).
// Assimp 5.2.5 writes no cameras, no lights and no extras, so those are added to its JSON chunk
// afterwards (glb_file.h): the camera and KHR_lights_punctual lights (gltf_camera_lights.h),
// each instance node's extras, a patterned material's pattern, the scene's extras and the world
// (sky, background) in the scene's extras. The same scene and content give the same bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "renderer/scene.h"

namespace railyard {

// What the caller says about one instance's node.
struct GltfNode {
  std::string name;               // unique among the file's nodes
  nlohmann::ordered_json extras;  // an object, or null for none
};

struct SceneGlbContent {
  // One per scene instance, in order. Empty: node i is "<mesh name>.<i>", with no extras.
  std::vector<GltfNode> instances;
  nlohmann::ordered_json scene_extras;  // merged into the scene's extras; an object or null
  // The camera and lights as glTF objects. The bench leaves them out: its Blender script builds
  // them from its sidecar, and imported ones would light the scene twice.
  bool camera_and_lights = true;
};

// The file's bytes. Throws std::invalid_argument when `content` does not fit the scene (a count
// or a duplicate name) and std::runtime_error when Assimp cannot export it.
std::vector<std::uint8_t> scene_glb(const render::Scene& scene, const SceneGlbContent& content);

// The scene's distinct materials in order of first use, and each instance's index among them:
// the glTF's materials, in its order.
struct GltfMaterials {
  std::vector<render::Material> materials;
  std::vector<unsigned> of_instance;
};
GltfMaterials gltf_materials(const render::Scene& scene);

// The glTF name of material `index` of gltf_materials: "railyard_material_<index>".
std::string gltf_material_name(std::size_t index);

}  // namespace railyard
