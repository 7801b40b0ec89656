#include "tools/lib/records/formats/gltf_camera_lights.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>
#include <string>

#include "util/shortest_decimal.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

// Floats as their shortest decimals (0.1, not 0.10000000149011612).
double num(float value) {
  return shortest_double(value);
}

Json rgb(const glm::vec3& c) {
  return Json::array({num(c.r), num(c.g), num(c.b)});
}

// {"color", "intensity"}: the brightest channel times `scale` as the intensity, the colour
// relative to it.
void add_colour(Json& light, const glm::vec3& value, double scale) {
  float strength = std::max({value.r, value.g, value.b});
  light["color"] = rgb(strength > 0.0f ? value / strength : glm::vec3(1.0f));
  light["intensity"] = num(strength) * scale;
}

// A rigid pose at `position` whose local +Z is `z` (unit). The other axes are fixed by a
// deterministic choice of helper, since only +Z matters to a light.
glm::mat4 pose_with_z(const glm::vec3& position, const glm::vec3& z) {
  glm::vec3 helper = std::abs(z.z) < 0.99f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0);
  glm::vec3 x = glm::normalize(glm::cross(helper, z));
  glm::vec3 y = glm::cross(z, x);
  return {glm::vec4(x, 0), glm::vec4(y, 0), glm::vec4(z, 0), glm::vec4(position, 1)};
}

bool faces(const render::PointLight& lamp) {
  return lamp.facing != glm::vec3(0.0f);
}

}  // namespace

Json gltf_camera(const render::Camera& camera) {
  float f = camera.focal_length_px();
  double yfov = 2.0 * std::atan(0.5 * camera.height / f);
  Json perspective = {{"aspectRatio", static_cast<double>(camera.width) / camera.height},
                      {"yfov", yfov},
                      {"zfar", num(camera.far)},
                      {"znear", num(camera.near)}};
  Json extras = {{"lens", render::lens_name(camera.lens)},
                 {"horizontal_fov_deg", num(camera.fov_deg)},
                 {"width", camera.width},
                 {"height", camera.height},
                 {"focal_length_px", num(f)}};
  return {{"name", "camera"},
          {"type", "perspective"},
          {"perspective", perspective},
          {"extras", extras}};
}

glm::mat4 gltf_camera_pose(const render::Camera& camera) {
  return camera.camera_to_world();
}

Json gltf_sun(const render::Sun& sun) {
  Json light = {{"name", "sun"}, {"type", "directional"}};
  add_colour(light, sun.irradiance, kLumensPerWatt);
  light["extras"] = {{"irradiance_w_m2", rgb(sun.irradiance)},
                     {"angular_radius_deg", num(sun.angular_radius_deg)}};
  return light;
}

glm::mat4 gltf_sun_pose(const render::Sun& sun) {
  return pose_with_z(glm::vec3(0.0f), glm::normalize(sun.direction));
}

Json gltf_lamp(const render::PointLight& lamp, std::size_t index) {
  Json light = {{"name", "lamp" + std::to_string(index)}, {"type", faces(lamp) ? "spot" : "point"}};
  add_colour(light, lamp.intensity, kLumensPerWatt);
  if (faces(lamp))
    light["spot"] = {{"innerConeAngle", 0.0}, {"outerConeAngle", glm::half_pi<double>()}};
  light["extras"] = {{"intensity_w_sr", rgb(lamp.intensity)},
                     {"emission", faces(lamp) ? "cosine" : "uniform"}};
  return light;
}

glm::mat4 gltf_lamp_pose(const render::PointLight& lamp) {
  // A spot shines down its node's -Z.
  glm::vec3 z = faces(lamp) ? -glm::normalize(lamp.facing) : glm::vec3(0, 0, 1);
  return pose_with_z(lamp.position, z);
}

}  // namespace railyard
