// The sun's shadow map: an orthographic view along the sun direction, fitted around the shadow
// casters the camera sees. Flat, wide instances (a ground plane) only receive shadows, so they do
// not widen the fit, and casters are clipped to the shadow region, the part of the view within a
// few focus distances of the camera: long props (rails through the whole view) would otherwise
// spread one map over a hundred metres. Outside the fitted box everything counts as lit.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "renderer/camera.h"
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

// Shadows are drawn out to this many times the distance from the camera to its look-at point;
// beyond it a caster's shadow covers too few pixels to matter.
inline constexpr float kShadowDistanceOverFocus = 2.5f;

// A box around what the camera sees out to the shadow distance, widened by a tenth of it so that
// casters just outside the view still shade what is in it.
Bounds shadow_region(const Camera& camera);

// `world_bounds` of every instance, clipped to `region`; `to_sun` unit direction towards the sun.
ShadowView fit_shadow_view(const std::vector<Bounds>& world_bounds, const glm::vec3& to_sun,
                           const Bounds& region);

}  // namespace railyard::render
