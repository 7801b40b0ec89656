// A scene file (scenes/<name>.yaml): everything about a picture that is not the train: camera and
// lens, resolution, sun, sky, ground and background, and where and how large the train is laid
// out. Adding a scene is adding a file.
#pragma once

#include <filesystem>
#include <glm/glm.hpp>
#include <optional>
#include <string>
#include <vector>

#include "renderer/scene.h"
#include "scenes/cyclorama.h"

namespace railyard {

// Where the train goes and how large: V-LoL's layout, stated in the scene file.
struct SceneLayout {
  glm::vec3 train_centre{0.0f, -0.1f, 0.0f};  // the train's middle; its rails pass through here
  float rail_radius = 50.0f;  // the rails reach this far from the centre, divided by the scale
  // Auto-fit: the fraction of the image height kept free on each side, the largest scale it may
  // choose, and the bisection steps that find the scale.
  float fit_margin = 0.04f;
  float max_fit_scale = 0.5f;
  int fit_steps = 24;
};

struct SceneSettings {
  std::string name;       // the file's stem, e.g. "base_scene" (V-LoL's base_scene field)
  render::Camera camera;  // pose and lens; width/height = `resolution`
  glm::ivec2 resolution{480, 270};
  glm::ivec2 high_res_resolution{1920, 1080};
  render::Sun sun;
  render::Sky sky;
  std::vector<render::PointLight> point_lights;  // studio lamps (at most render::kMaxPointLights)
  render::Material ground;     // the floor under the train, with its procedural pattern
  float ground_size = 200.0f;  // side of the square floor, centred on the world origin
  // When set, the floor curves up into a backdrop (this mesh, made once per file) instead.
  std::optional<Cyclorama> cyclorama;
  std::shared_ptr<const render::Mesh> cyclorama_mesh;
  std::optional<glm::vec3> background_color;  // nullopt: camera rays that miss show the sky
  SceneLayout layout;

  // The camera at the default or the high-res resolution.
  render::Camera camera_at(bool high_res) const;
};

// Reads and checks a scene file; throws SceneError naming the file, line and key on any problem,
// unknown keys included.
SceneSettings load_scene_settings(const std::filesystem::path& file);
// The same from text; `file_name` is used in messages and its stem becomes the scene name.
SceneSettings parse_scene_settings(const std::string& yaml, const std::string& file_name);

// <data_dir>/scenes/<name>.yaml
std::filesystem::path scene_file(const std::filesystem::path& data_dir, const std::string& name);
// Names of the scene files in <data_dir>/scenes, sorted.
std::vector<std::string> list_scenes(const std::filesystem::path& data_dir);

}  // namespace railyard
