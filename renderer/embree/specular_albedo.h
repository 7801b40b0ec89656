// The directional albedo of the GGX specular lobe: how much of the light arriving from a
// direction the microfacets reflect, E(n.v) = F0 * scale + bias (Schlick's Fresnel is linear in
// F0). The diffuse lobe gets the rest, 1 - E, so a white surface reflects all of its light and no
// more, whatever the roughness and angle. It is the quantity the raster backend approximates with
// Karis' analytic fit for its sky lighting (brdf.glsl, environment_brdf); here it is tabulated by
// integrating the lobe once, so the path tracer's BSDF conserves energy over twenty bounces.
#pragma once

#include <algorithm>
#include <array>
#include <glm/glm.hpp>

namespace railyard::render::embree {

// The table at one roughness: a material's lookups vary only in the cosine, so the roughness is
// interpolated once per material rather than once per path vertex.
class SpecularAlbedo {
 public:
  static constexpr int kCosines = 32;  // n.v from 0 to 1
  explicit SpecularAlbedo(float roughness);
  // (scale, bias) for the cosine from the normal n_dot_v, clamped to [0, 1].
  glm::vec2 at(float n_dot_v) const {
    float x = std::min(std::max(n_dot_v, 0.0f), 1.0f) * (kCosines - 1);
    int i = std::min(static_cast<int>(x), kCosines - 2);
    return glm::mix(column_[i], column_[i + 1], x - static_cast<float>(i));
  }

 private:
  std::array<glm::vec2, kCosines> column_;
};

}  // namespace railyard::render::embree
