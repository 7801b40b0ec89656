// C++ mirrors of the GPU data declared in shaders/common.glsl (std140 FrameBlock and
// InstanceRecord) and shaders/material.glsl (MaterialRecord, three vec4s of a uniform array). The
// static_asserts catch a field added on one side only.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>

#include "renderer/opengl/sky_irradiance.h"
#include "renderer/scene.h"

namespace railyard::render {

struct FrameBlock {
  glm::mat4 light_from_world;
  glm::vec4 camera_position;
  glm::vec4 sun_direction;   // w = tan(angular radius)
  glm::vec4 sun_irradiance;  // w = smallest GGX alpha
  glm::vec4 sky_zenith;
  glm::vec4 sky_horizon;
  glm::vec4 sky_ground;
  glm::vec4 background;     // w = 1 when it replaces the sky
  glm::vec4 shadow_extent;  // texel (m), depth range (m), 1 / map size, map width (m)
  glm::vec4 exposure;  // x exposure; y 1 when the sun casts shadows (not local lighting); z lamps
  glm::vec4 point_light_position[kMaxPointLights];
  glm::vec4 point_light_intensity[kMaxPointLights];
  glm::vec4 point_light_facing[kMaxPointLights];  // xyz unit axis; w 1 for a facing lamp
  glm::vec4 sky_irradiance[kSkyIrradianceSteps + 1];
};
static_assert(sizeof(FrameBlock) ==
              64 + 9 * 16 + 3 * kMaxPointLights * 16 + (kSkyIrradianceSteps + 1) * 16);

enum class PatternCode : std::uint32_t { None = 0, Sand = 1, Checker = 2 };

// The geometry pass packs an instance's material index + 1 and part id into one 32-bit word
// (shaders/surface_record.glsl, which gets kMaterialBits as MATERIAL_BITS when its programs are
// built): the material in the low bits, the part above.
constexpr int kMaterialBits = 12;
constexpr std::uint32_t kMaxRasterPart = (1u << (32 - kMaterialBits)) - 1u;

// What the geometry pass needs to draw one instance.
struct InstanceRecord {
  glm::mat4 object_to_world;
  glm::mat4 normal_to_world;
  glm::uvec4 ids;  // x material index + 1 (see MaterialTable), y part id, z mirrored
};
static_assert(sizeof(InstanceRecord) == 2 * 64 + 16);

// What the lighting pass needs to shade one instance's surface.
struct MaterialRecord {
  glm::vec4 base_color_metallic;
  glm::vec4 pattern_color_roughness;
  glm::vec4 pattern_scale_code;  // x metres per feature, y PatternCode
};
static_assert(sizeof(MaterialRecord) == 3 * 16);

}  // namespace railyard::render
