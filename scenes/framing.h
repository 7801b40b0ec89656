// Keeping the whole train in the picture: V-LoL's fixed scale rule for long trains, and an
// automatic fit of the scale to the projected bounds of each train.
#pragma once

#include <glm/glm.hpp>
#include <span>

#include "renderer/camera.h"

namespace railyard {

// V-LoL scales its trains by 0.5, or by 3 / (max_cars + 2) when max_cars > 4. Our assets and
// cameras are sized so that V-LoL's 0.5 is our 1.0 (2 to 4 cars fill the default frame), so this
// is V-LoL's factor divided by 0.5.
float vlol_train_scale(int max_cars);

// Whether every point, scaled by `scale` about the world origin, projects into the image with
// `margin_px` to spare on every side (and in front of the camera).
bool fits_in_image(const render::Camera& camera, std::span<const glm::vec3> points, float scale,
                   float margin_px);

// The largest scale in [min_scale, max_scale] at which the points fit (bisection; min_scale when
// none does). Deterministic for identical input.
float fit_scale(const render::Camera& camera, std::span<const glm::vec3> points, float margin_px,
                float min_scale, float max_scale);

}  // namespace railyard
