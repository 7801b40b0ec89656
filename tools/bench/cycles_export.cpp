#include "tools/bench/cycles_export.h"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "renderer/pattern.h"
#include "renderer/tone.h"
#include "tools/lib/records/formats/scene_glb.h"
#include "util/file_system.h"

namespace railyard {
namespace {

using nlohmann::json;

// The glb's materials in its order (scene_glb.h), which the sidecar's patterns name.
using MaterialTable = GltfMaterials;
MaterialTable material_table(const render::Scene& scene) {
  return gltf_materials(scene);
}

json to_json(const glm::vec3& v) {
  return json::array({v.x, v.y, v.z});
}

// Row-major, as Blender's mathutils.Matrix takes it.
json to_json(const glm::mat4& m) {
  json rows = json::array();
  for (int r = 0; r < 4; ++r) rows.push_back(json::array({m[0][r], m[1][r], m[2][r], m[3][r]}));
  return rows;
}

json camera_json(const render::Camera& camera) {
  bool pinhole = camera.lens == render::Lens::Pinhole;
  // The equidistant fisheye maps angle to radius linearly: the height spans h / f radians.
  float vertical = pinhole ? camera.vertical_fov()
                           : static_cast<float>(camera.height) / camera.focal_length_px();
  return {{"position", to_json(camera.position)},
          {"look_at", to_json(camera.look_at)},
          {"up", to_json(camera.up)},
          // Looks down its local -Z with +Y up, as a Blender camera does.
          {"camera_to_world", to_json(camera.camera_to_world())},
          {"lens", pinhole ? "pinhole" : "fisheye_equidistant"},
          {"horizontal_fov_deg", camera.fov_deg},
          {"vertical_fov_deg", glm::degrees(vertical)},
          {"width", camera.width},
          {"height", camera.height},
          {"near", camera.near},
          {"far", camera.far}};
}

json patterns_json(const render::Scene& scene) {
  MaterialTable table = material_table(scene);
  json patterns = json::array();
  for (std::size_t i = 0; i < table.materials.size(); ++i) {
    const render::Material& m = table.materials[i];
    if (m.pattern == render::Pattern::None) continue;
    patterns.push_back({{"material", cycles_material_name(i)},
                        {"kind", render::pattern::name(m.pattern)},
                        {"color", to_json(m.pattern_color)},
                        {"scale_m", m.pattern_scale}});
  }
  return patterns;
}

// Radiant intensity on the lamp's axis (renderer/scene.h), in W/sr; a facing lamp emits like
// Blender's area lamp, whose on-axis intensity is its power over pi.
json point_lights_json(const std::vector<render::PointLight>& lamps) {
  json out = json::array();
  for (const render::PointLight& lamp : lamps) {
    bool facing = lamp.facing != glm::vec3(0.0f);
    out.push_back({{"position", to_json(lamp.position)},
                   {"intensity", to_json(lamp.intensity)},
                   {"facing", facing ? to_json(lamp.facing) : json(nullptr)}});
  }
  return out;
}

}  // namespace

std::string cycles_material_name(std::size_t index) {
  return gltf_material_name(index);
}

void write_scene_glb(const render::Scene& scene, const std::filesystem::path& file) {
  // The sidecar carries the camera and lights for cycles_render.py; imported ones would add up.
  SceneGlbContent content;
  content.camera_and_lights = false;
  std::vector<std::uint8_t> bytes = scene_glb(scene, content);
  std::ofstream out(file, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

void write_scene_sidecar(const render::Scene& scene, const std::filesystem::path& file) {
  json sidecar = {
      {"world_up", "z"},
      {"units", "m"},
      {"camera", camera_json(scene.camera)},
      {"sun",
       {{"direction", to_json(scene.sun.direction)},
        {"irradiance", to_json(scene.sun.irradiance)},
        {"angular_radius_deg", scene.sun.angular_radius_deg}}},
      {"sky",
       {{"zenith", to_json(scene.sky.zenith)},
        {"horizon", to_json(scene.sky.horizon)},
        {"ground", to_json(scene.sky.ground)}}},
      // null: camera rays that miss see the sky; otherwise they see this colour, untone-mapped.
      {"point_lights", point_lights_json(scene.point_lights)},
      {"background_color",
       scene.background_color ? to_json(*scene.background_color) : json(nullptr)},
      {"tone", {{"exposure", render::tone::kExposure}, {"view_transform", "standard"}}},
      {"patterns", patterns_json(scene)}};
  std::ofstream out(file);
  out << sidecar.dump(2) << '\n';
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

CyclesExport export_for_cycles(const render::Scene& scene, const std::filesystem::path& dir) {
  file_system::create_folders(dir);
  CyclesExport files{dir / "scene.glb", dir / "scene.json"};
  write_scene_glb(scene, files.glb);
  write_scene_sidecar(scene, files.json);
  return files;
}

}  // namespace railyard
