// A scene file (scenes/<name>.yaml): everything about a picture that is not the train: camera and
// lens, resolution, sun, sky, ground and background. Adding a scene is adding a file.
#pragma once

#include <filesystem>
#include <glm/glm.hpp>
#include <optional>
#include <string>
#include <vector>

#include "renderer/scene.h"

namespace railyard {

struct SceneSettings {
  std::string name;       // the file's stem, e.g. "base_scene" (V-LoL's base_scene field)
  render::Camera camera;  // pose and lens; width/height = `resolution`
  glm::ivec2 resolution{480, 270};
  glm::ivec2 high_res_resolution{1920, 1080};
  render::Sun sun;
  render::Sky sky;
  render::Material ground;  // the floor under the train, with its procedural pattern
  std::optional<glm::vec3> background_color;  // nullopt: camera rays that miss show the sky

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
