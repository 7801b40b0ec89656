#include "scenes/framing.h"

namespace railyard {

float vlol_train_scale(int max_cars) {
  float vlol = max_cars > 4 ? 3.0f / static_cast<float>(max_cars + 2) : 0.5f;
  return vlol / 0.5f;
}

bool fits_in_image(const render::Camera& camera, std::span<const glm::vec3> points, float scale,
                   float margin_px) {
  float x1 = static_cast<float>(camera.width) - margin_px;
  float y1 = static_cast<float>(camera.height) - margin_px;
  for (const glm::vec3& p : points) {
    auto pixel = camera.project(scale * p);
    if (!pixel || pixel->x < margin_px || pixel->y < margin_px || pixel->x > x1 || pixel->y > y1)
      return false;
  }
  return true;
}

float fit_scale(const render::Camera& camera, std::span<const glm::vec3> points, float margin_px,
                float min_scale, float max_scale) {
  if (fits_in_image(camera, points, max_scale, margin_px)) return max_scale;
  if (!fits_in_image(camera, points, min_scale, margin_px)) return min_scale;
  float lo = min_scale, hi = max_scale;
  for (int i = 0; i < 24; ++i) {
    float mid = 0.5f * (lo + hi);
    (fits_in_image(camera, points, mid, margin_px) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace railyard
