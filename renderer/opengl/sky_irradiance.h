// Irradiance from render::Sky on a surface, for the raster backend's diffuse sky lighting (a path
// tracer samples the sky instead). The sky depends on the direction's z alone, so the irradiance
// depends on the normal's z alone; it is tabulated at kSkyIrradianceSteps + 1 points and the
// shader interpolates (shaders/sky.glsl).
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "renderer/scene.h"

namespace railyard::render {

inline constexpr int kSkyIrradianceSteps = 32;

// Entry i is the irradiance at normal z = -1 + 2 i / kSkyIrradianceSteps.
std::array<glm::vec3, kSkyIrradianceSteps + 1> sky_irradiance_table(const Sky& sky);

}  // namespace railyard::render
