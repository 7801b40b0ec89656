// Keeping the whole train in the picture: V-LoL's scale rule, an automatic fit of the scale to
// the projected bounds of each train, and a conservative test of what the camera can see.
#pragma once

#include <glm/glm.hpp>
#include <span>

#include "renderer/camera.h"

namespace railyard {

// V-LoL's train scale S: 0.5 for trains of up to 4 cars, 3 / (max_cars + 2) for longer ones.
// The assets are sized at S = 1, so this is the scale the layout applies.
float vlol_train_scale(int max_cars);

// Whether every point, scaled by `scale` about `origin`, projects into the image with
// `margin_px` to spare on every side (and in front of the camera).
bool fits_in_image(const render::Camera& camera, std::span<const glm::vec3> points,
                   const glm::vec3& origin, float scale, float margin_px);

// The largest scale in [min_scale, max_scale] at which the points fit, found by `steps`
// bisections (min_scale when none does). Deterministic for identical input.
float fit_scale(const render::Camera& camera, std::span<const glm::vec3> points,
                const glm::vec3& origin, float margin_px, float min_scale, float max_scale,
                int steps);

// False only when the box [lo, hi] of a model placed by `object_to_world` certainly lies outside
// the camera's view: wholly beyond the far distance, or beyond one side of the pinhole's frustum
// (another lens: of the pyramid around the cone it sees within, when that is under 90 degrees).
bool may_be_visible(const render::Camera& camera, const glm::mat4& object_to_world,
                    const glm::vec3& lo, const glm::vec3& hi);

}  // namespace railyard
