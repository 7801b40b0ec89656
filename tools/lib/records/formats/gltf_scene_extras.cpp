#include "tools/lib/records/formats/gltf_scene_extras.h"

#include <stdexcept>

#include "renderer/pattern.h"
#include "renderer/tone.h"
#include "tools/lib/records/formats/gltf_camera_lights.h"
#include "util/shortest_decimal.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

Json rgb(const glm::vec3& c) {
  return Json::array({shortest_double(c.r), shortest_double(c.g), shortest_double(c.b)});
}

void check_nodes(const Json& gltf, const std::vector<std::string>& names) {
  const Json& nodes = gltf.at("nodes");
  if (nodes.size() != names.size())
    throw std::invalid_argument("glb: Assimp wrote " + std::to_string(nodes.size()) +
                                " nodes, not " + std::to_string(names.size()));
  for (std::size_t k = 0; k < names.size(); ++k)
    if (nodes[k].value("name", "") != names[k])
      throw std::invalid_argument("glb: Assimp renamed node '" + names[k] + "' to '" +
                                  nodes[k].value("name", "") +
                                  "': another glTF object holds that name");
}

// A node's extras: the caller's, and what the renderers know of the instance that glTF does not.
Json node_extras(const render::Instance& instance, const Json& given) {
  Json extras = given.is_object() ? given : Json::object();
  if (!instance.casts_shadow) extras["casts_shadow"] = false;
  return extras;
}

void add_node_extras(Json& nodes, const render::Scene& scene, const SceneGlbContent& content) {
  for (std::size_t i = 0; i < scene.instances.size(); ++i) {
    Json extras = node_extras(scene.instances[i],
                              content.instances.empty() ? Json() : content.instances[i].extras);
    if (!extras.empty()) nodes[1 + i]["extras"] = std::move(extras);
  }
}

void add_camera_and_lights(Json& gltf, const render::Scene& scene) {
  Json& nodes = gltf["nodes"];
  std::size_t camera_node = 1 + scene.instances.size();
  gltf["cameras"] = Json::array({gltf_camera(scene.camera)});
  nodes[camera_node]["camera"] = 0;
  Json lights = Json::array({gltf_sun(scene.sun)});
  for (std::size_t k = 0; k < scene.point_lights.size(); ++k)
    lights.push_back(gltf_lamp(scene.point_lights[k], k));
  for (std::size_t light = 0; light < lights.size(); ++light)
    nodes[camera_node + 1 + light]["extensions"] = {{"KHR_lights_punctual", {{"light", light}}}};
  gltf["extensionsUsed"].push_back("KHR_lights_punctual");
  gltf["extensions"]["KHR_lights_punctual"] = {{"lights", std::move(lights)}};
}

// renderer/pattern.h's procedural albedo, evaluated from the world position.
void add_patterns(Json& gltf, const render::Scene& scene) {
  GltfMaterials table = gltf_materials(scene);
  Json& materials = gltf.at("materials");
  for (std::size_t i = 0; i < table.materials.size(); ++i) {
    if (i >= materials.size() || materials[i].value("name", "") != gltf_material_name(i))
      throw std::invalid_argument("glb: Assimp's material " + std::to_string(i) + " is not " +
                                  gltf_material_name(i));
    const render::Material& m = table.materials[i];
    if (m.pattern == render::Pattern::None) continue;
    materials[i]["extras"] = {{"pattern", render::pattern::name(m.pattern)},
                              {"pattern_color", rgb(m.pattern_color)},
                              {"pattern_scale_m", shortest_double(m.pattern_scale)}};
  }
}

Json world_json(const render::Scene& scene) {
  return {{"up", "z"},
          {"units", "m"},
          {"sky",
           {{"zenith", rgb(scene.sky.zenith)},
            {"horizon", rgb(scene.sky.horizon)},
            {"ground", rgb(scene.sky.ground)}}},
          // null: camera rays that miss see the sky.
          {"background_color", scene.background_color ? rgb(*scene.background_color) : Json()},
          // Radiance times the exposure, clipped to [0, 1] (Blender's Standard view), then sRGB.
          {"exposure", shortest_double(render::tone::kExposure)},
          {"view_transform", "standard"}};
}

}  // namespace

void add_gltf_extras(Json& gltf, const render::Scene& scene, const SceneGlbContent& content,
                     const std::vector<std::string>& names) {
  check_nodes(gltf, names);
  add_node_extras(gltf["nodes"], scene, content);
  if (content.camera_and_lights) add_camera_and_lights(gltf, scene);
  if (!scene.instances.empty()) add_patterns(gltf, scene);
  Json extras = content.scene_extras.is_object() ? content.scene_extras : Json::object();
  extras["world"] = world_json(scene);
  gltf.at("scenes").at(0)["extras"] = std::move(extras);
}

}  // namespace railyard
