// Camera rays of a view for full-screen passes: the world direction through a window point,
// scaled to unit view depth, so that a surface at view depth d lies at eye + d * ray.
#pragma once

#include <glm/glm.hpp>

namespace railyard::render {

// ray(w) = base + w.x * dx + w.y * dy for window point w (pixels, OpenGL's lower-left origin).
struct ViewRays {
  glm::vec3 base{0.0f}, dx{0.0f}, dy{0.0f};
};

// Inverts a perspective `clip_from_world` (any sub-pixel shift included) viewed from `eye` over a
// width x height viewport.
ViewRays view_rays(const glm::mat4& clip_from_world, const glm::vec3& eye, int width, int height);

}  // namespace railyard::render
