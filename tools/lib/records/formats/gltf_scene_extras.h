// What scene_glb.h adds to Assimp's glTF document, which Assimp 5.2.5 cannot write: the camera
// and the KHR_lights_punctual lights on their nodes, each instance node's extras, the pattern of
// a patterned material (glTF has no procedural textures) and the scene's extras with the world
// our renderers light and show it with (sky gradient, flat background, exposure, view
// transform), which glTF cannot hold.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "renderer/scene.h"
#include "tools/lib/records/formats/scene_glb.h"

namespace railyard {

// `names`: every node's name in the document's order, as scene_glb built them. Throws
// std::invalid_argument when Assimp's nodes are not those (it renames a node whose name another
// glTF object took) or its materials not gltf_materials' order.
void add_gltf_extras(nlohmann::ordered_json& gltf, const render::Scene& scene,
                     const SceneGlbContent& content, const std::vector<std::string>& names);

}  // namespace railyard
