// The sun's shadow map: an orthographic view along the sun direction, fitted around the shadow
// casters. Flat, wide instances (a ground plane) only receive shadows, so they do not widen the
// fit; outside the fitted box everything counts as lit.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "renderer/opengl/bounds.h"

namespace railyard::render {

struct ShadowView {
  glm::mat4 clip_from_world;     // for drawing the map (glClipControl zero-to-one depth)
  glm::mat4 texture_from_world;  // xy in [0,1] across the map, z depth in [0,1]
  float width_m = 1.0f;          // side of the square the map covers
  float depth_range_m = 1.0f;    // world distance along the sun from depth 0 to depth 1
};

// True for boxes thinner than 1% of their largest side (planes, heightfield grounds).
bool is_flat(const Bounds& world);

// `world_bounds` of every instance; `to_sun` unit direction towards the sun.
ShadowView fit_shadow_view(const std::vector<Bounds>& world_bounds, const glm::vec3& to_sun);

}  // namespace railyard::render
