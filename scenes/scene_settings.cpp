#include "scenes/scene_settings.h"

#include <algorithm>

#include "scenes/scene_error.h"
#include "util/file_system.h"
#include "util/read_file.h"
#include "util/strict_yaml.h"

namespace railyard {
namespace {

glm::ivec2 read_resolution(const YamlField& f) {
  glm::ivec2 r = f.ivec2();
  if (r.x < 16 || r.y < 16 || r.x > 16384 || r.y > 16384)
    f.fail("resolution must be between 16 and 16384 pixels on each side");
  return r;
}

glm::vec3 read_direction(const YamlField& f) {
  glm::vec3 d = f.vec3();
  if (glm::length(d) < 1e-6f) f.fail("direction must not be zero");
  return glm::normalize(d);
}

render::Camera read_camera(const YamlField& f) {
  f.allow_only({"position", "look_at", "up", "fov_deg", "lens", "near", "far"});
  render::Camera c;
  c.position = f["position"].vec3();
  c.look_at = f["look_at"].vec3();
  if (glm::length(c.look_at - c.position) < 1e-4f) f["look_at"].fail("must differ from position");
  if (auto up = f.find("up")) c.up = read_direction(*up);
  if (glm::length(glm::cross(c.up, c.look_at - c.position)) < 1e-6f)
    f["look_at"].fail("viewing direction is parallel to the up vector");
  std::string lens = f["lens"].text();
  if (auto parsed = render::parse_lens(lens))
    c.lens = *parsed;
  else
    f["lens"].fail("expected pinhole, equidistant or equisolid (fisheye: equidistant), got '" +
                   lens + "'");
  c.fov_deg = c.lens == render::Lens::Pinhole ? f["fov_deg"].number(1.0f, 170.0f)
                                              : f["fov_deg"].number(1.0f, 360.0f);
  if (auto n = f.find("near")) c.near = n->number(1e-4f, 100.0f);
  if (auto n = f.find("far")) c.far = n->number(1.0f, 1e6f);
  if (c.far <= c.near) f.fail("far must be beyond near");
  return c;
}

render::Sun read_sun(const YamlField& f) {
  f.allow_only({"direction", "irradiance", "angular_radius_deg"});
  render::Sun s;
  s.direction = read_direction(f["direction"]);
  s.irradiance = f["irradiance"].colour();
  s.angular_radius_deg = f["angular_radius_deg"].number(0.0f, 45.0f);
  return s;
}

render::Sky read_sky(const YamlField& f) {
  f.allow_only({"zenith", "horizon", "ground"});
  return {f["zenith"].colour(), f["horizon"].colour(), f["ground"].colour()};
}

render::Material read_ground(const YamlField& f) {
  f.allow_only(
      {"size", "base_color", "metallic", "roughness", "pattern", "pattern_color", "pattern_scale"});
  render::Material m;
  m.base_color = f["base_color"].colour();
  m.metallic = f["metallic"].number(0.0f, 1.0f);
  m.roughness = f["roughness"].number(0.0f, 1.0f);
  std::string pattern = f["pattern"].text();
  if (pattern == "none")
    m.pattern = render::Pattern::None;
  else if (pattern == "sand")
    m.pattern = render::Pattern::Sand;
  else if (pattern == "checker")
    m.pattern = render::Pattern::Checker;
  else
    f["pattern"].fail("expected none, sand or checker, got '" + pattern + "'");
  if (m.pattern != render::Pattern::None) {
    m.pattern_color = f["pattern_color"].colour();
    m.pattern_scale = f["pattern_scale"].number(1e-3f, 1e3f);
  } else {
    if (auto c = f.find("pattern_color")) m.pattern_color = c->colour();
    if (auto s = f.find("pattern_scale")) m.pattern_scale = s->number(1e-3f, 1e3f);
  }
  return m;
}

std::vector<render::PointLight> read_point_lights(const YamlField& f) {
  if (!f.is_sequence())
    f.fail("expected a list of lights, each {position, intensity} and optionally facing");
  std::vector<render::PointLight> lights;
  for (const YamlField& item : f.items()) {
    item.allow_only({"position", "intensity", "facing"});
    render::PointLight lamp{item["position"].vec3(), item["intensity"].colour()};
    if (auto facing = item.find("facing")) {
      glm::vec3 axis = facing->vec3();
      if (!(glm::length(axis) > 1e-6f)) facing->fail("expected a direction, not zero");
      lamp.facing = glm::normalize(axis);
    }
    lights.push_back(lamp);
  }
  if (lights.size() > static_cast<std::size_t>(render::kMaxPointLights))
    f.fail("at most " + std::to_string(render::kMaxPointLights) + " point lights");
  return lights;
}

Cyclorama read_cyclorama(const YamlField& f) {
  f.allow_only({"width", "height", "distance", "radius", "front"});
  Cyclorama c;
  c.width = f["width"].number(0.1f, 1e5f);
  c.height = f["height"].number(0.1f, 1e5f);
  c.distance = f["distance"].number(-1e5f, 1e5f);
  c.radius = f["radius"].number(0.0f, 1e5f);
  c.front = f["front"].number(0.0f, 1e5f);
  if (c.height < c.radius) f["height"].fail("the backdrop must be at least as high as its curve");
  if (c.front + c.distance <= 0.0f) f["front"].fail("the floor must reach past the curve's start");
  return c;
}

SceneLayout read_layout(const YamlField& f) {
  f.allow_only({"train_centre", "rail_radius", "fit_margin", "max_fit_scale", "fit_steps"});
  SceneLayout l;
  l.train_centre = f["train_centre"].vec3();
  l.rail_radius = f["rail_radius"].number(0.0f, 1e5f);
  l.fit_margin = f["fit_margin"].number(0.0f, 0.45f);
  l.max_fit_scale = f["max_fit_scale"].number(0.02f, 100.0f);
  l.fit_steps = f["fit_steps"].integer();
  if (l.fit_steps < 1 || l.fit_steps > 64) f["fit_steps"].fail("expected 1 to 64 steps");
  return l;
}

}  // namespace

render::Camera SceneSettings::camera_at(bool high_res) const {
  render::Camera c = camera;
  glm::ivec2 r = high_res ? high_res_resolution : resolution;
  c.width = r.x;
  c.height = r.y;
  return c;
}

SceneSettings parse_scene_settings(const std::string& yaml, const std::string& file_name) {
  YamlField root = YamlField::parse(yaml, file_name);
  if (!root.is_map()) root.fail("a scene file is a map of keys (camera, resolution, ...)");
  root.allow_only({"description", "camera", "resolution", "high_res_resolution", "sun", "sky",
                   "point_lights", "ground", "cyclorama", "background", "layout"});
  SceneSettings s;
  s.name = std::filesystem::path(file_name).stem().string();
  if (auto d = root.find("description")) d->text();
  s.camera = read_camera(root["camera"]);
  s.resolution = read_resolution(root["resolution"]);
  s.high_res_resolution = read_resolution(root["high_res_resolution"]);
  s.camera.width = s.resolution.x;
  s.camera.height = s.resolution.y;
  s.sun = read_sun(root["sun"]);
  s.sky = read_sky(root["sky"]);
  if (auto lights = root.find("point_lights")) s.point_lights = read_point_lights(*lights);
  s.ground = read_ground(root["ground"]);
  s.ground_size = root["ground"]["size"].number(1.0f, 1e5f);
  if (auto cyclorama = root.find("cyclorama")) {
    s.cyclorama = read_cyclorama(*cyclorama);
    s.cyclorama_mesh = make_cyclorama_mesh(*s.cyclorama);
  }
  YamlField background = root["background"];
  if (background.is_scalar()) {
    if (background.text() != "sky")
      background.fail("expected sky or a colour [r, g, b], got '" + background.text() + "'");
  } else {
    s.background_color = background.colour();
  }
  s.layout = read_layout(root["layout"]);
  return s;
}

SceneSettings load_scene_settings(const std::filesystem::path& file) {
  return parse_scene_settings(read_file_text(file), file.string());
}

std::filesystem::path scene_file(const std::filesystem::path& data_dir, const std::string& name) {
  return data_dir / "scenes" / (name + ".yaml");
}

std::vector<std::string> list_scenes(const std::filesystem::path& data_dir) {
  std::vector<std::string> names;
  for (const std::filesystem::path& entry : file_system::list_folder(data_dir / "scenes"))
    if (entry.extension() == ".yaml" && file_system::is_regular_file(entry))
      names.push_back(entry.stem().string());
  return names;
}

}  // namespace railyard
