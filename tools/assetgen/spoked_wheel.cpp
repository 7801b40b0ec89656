#include "tools/assetgen/spoked_wheel.h"

#include <cmath>
#include <vector>

#include "tools/assetgen/primitives.h"

namespace railyard::assetgen {

void spoked_wheel(const SpokedWheel& w, Shape& tyre, Shape& centre) {
  constexpr float kPi = 3.14159265358979f;
  const float r = w.radius, t = w.tyre, h = w.width;
  const std::vector<glm::vec2> tyre_profile = {
      {r - t, -h},    {r + w.flange, -h},       {r + w.flange, -0.7f * h},
      {r, -0.4f * h}, {r - 0.1f * t, 0.8f * h}, {r - t, 0.8f * h},
      {r - t, -h}};
  tyre.append(lathe(tyre_profile, 32).weld());
  centre.append(tube(r - 0.9f * t, r - 1.7f * t, -0.6f * h, 0.6f * h, 32));  // rim in the tyre
  const std::vector<glm::vec2> hub = {
      {0.0f, -h}, {w.hub, -h}, {w.hub, h}, {0.75f * w.hub, 1.4f * h}, {0.0f, 1.4f * h}};
  centre.append(lathe(hub, 16));
  for (int i = 0; i < w.spokes; ++i) {
    float a = 2.0f * kPi * (static_cast<float>(i) + w.spoke_phase) / static_cast<float>(w.spokes);
    glm::vec3 d(std::cos(a), std::sin(a), 0.0f);
    centre.append(beam(0.9f * w.hub * d, (r - 1.5f * t) * d, w.spoke, w.spoke, {0, 0, 1}));
  }
}

}  // namespace railyard::assetgen
