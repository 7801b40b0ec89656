// What a renderer backend draws: meshes placed as instances, a camera, lights and a background.
// The scene stage (scenes/) builds it; every backend (OpenGL raster, Embree path tracer) consumes
// exactly this, so both see identical geometry and identical part ids.
//
// World frame: right-handed, Z up, ground plane z = 0, units of metres.
#pragma once

#include <algorithm>
#include <cstdint>
#include <glm/glm.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "renderer/camera.h"

namespace railyard::render {

// Procedural albedo patterns, evaluated from the world position so both backends agree.
enum class Pattern : std::uint8_t { None, Sand, Checker };

// Metal/roughness material, as in glTF 2.0. Colours are linear RGB.
struct Material {
  glm::vec3 base_color{0.8f};
  float metallic = 0.0f;
  float roughness = 0.5f;
  Pattern pattern = Pattern::None;
  glm::vec3 pattern_color{0.0f};  // second colour the pattern blends towards
  float pattern_scale = 1.0f;     // size of one pattern feature in metres

  bool operator==(const Material&) const = default;
};

// Triangle mesh in object space. Shared between instances and frames, so backends may cache
// uploaded or built data keyed by the Mesh's address for as long as it is alive.
struct Mesh {
  std::string name;
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;      // one per position
  std::vector<std::uint32_t> indices;  // three per triangle, counter-clockwise seen from outside
  Material material;                   // the asset's own material; an instance may override it
};

struct Instance {
  std::shared_ptr<const Mesh> mesh;
  glm::mat4 object_to_world{1.0f};
  // What the id pass shows for the instance's pixels: 0 = nothing annotated (ground, props).
  // The renderer draws ids; what an id means is the caller's (scenes/part.h for trains).
  std::uint32_t part = 0;
  std::optional<Material> material;  // replaces mesh->material, e.g. a car's paint colour
  // False for what can shade nothing the camera sees (a backdrop the sun shines on from in front):
  // the raster then leaves it out of the shadow map, which stays fitted to the real casters.
  bool casts_shadow = true;

  // What the instance's surface is made of: its own material, else its mesh's.
  const Material& surface_material() const { return material ? *material : mesh->material; }
};

// A distant sun (soft shadows from its disc) plus a sky that lights from every direction.
struct Sun {
  glm::vec3 direction{0.3f, -0.4f, 0.87f};  // unit vector from the scene towards the sun
  glm::vec3 irradiance{3.0f};               // linear RGB, on a surface facing the sun
  float angular_radius_deg = 2.0f;          // softness of shadows
};

// A studio lamp: a point of radiant intensity whose light falls off with the square of the
// distance. The path tracer traces its shadows; the raster backend lights without them (only the
// sun has a shadow map), so scenes keep lamps for fill and back light and the sun as the key.
struct PointLight {
  glm::vec3 position{0.0f};
  glm::vec3 intensity{0.0f};  // linear RGB, irradiance at 1 m facing the lamp (on its axis)
  // Unit axis of a lamp that emits like Blender's area lamps (V-LoL's studio): intensity times
  // the cosine to the axis, nothing behind it. Zero: the same every way.
  glm::vec3 facing{0.0f};

  bool operator==(const PointLight&) const = default;
};

// The share of a lamp's intensity that leaves it along unit direction `from_lamp`.
inline float lamp_emission(const PointLight& lamp, const glm::vec3& from_lamp) {
  if (lamp.facing == glm::vec3(0.0f)) return 1.0f;
  return std::max(0.0f, glm::dot(lamp.facing, from_lamp));
}

// The most point lights a scene may hold (the raster backend's uniform arrays).
inline constexpr int kMaxPointLights = 4;

// Sky radiance as a gradient from horizon to zenith; below the horizon, the ground colour.
struct Sky {
  glm::vec3 zenith{0.35f, 0.45f, 0.65f};
  glm::vec3 horizon{0.75f, 0.8f, 0.85f};
  glm::vec3 ground{0.3f, 0.28f, 0.25f};
};

struct Scene {
  std::vector<Instance> instances;
  Camera camera;
  Sun sun;
  Sky sky;
  std::vector<PointLight> point_lights;  // at most kMaxPointLights
  // What camera rays that hit nothing show: the sky, or a flat colour (linear RGB).
  std::optional<glm::vec3> background_color;
};

}  // namespace railyard::render
