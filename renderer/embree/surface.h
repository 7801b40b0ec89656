// A ray's hit turned into what shading needs: position, normals, material and part. The normals
// follow the raster backend (scene.frag): the surface is two-sided, both normals face the side the
// ray came from, and the interpolated normal is bent towards the viewer at silhouettes.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>

#include "renderer/embree/scene_bvh.h"

namespace railyard::render::embree {

struct SurfacePoint {
  glm::vec3 position;
  glm::vec3 geometric_normal;  // unit, of the triangle, facing the incoming ray
  glm::vec3 shading_normal;    // unit, interpolated from the vertex normals, same side
  glm::vec3 albedo;            // the material's colour here, pattern applied
  const Material* material = nullptr;
  std::uint32_t part = 0;
};

// The point at barycentrics (u, v) of triangle `triangle` of the instance, seen along `direction`.
SurfacePoint surface_at(const InstanceRecord& instance, unsigned triangle, float u, float v,
                        const glm::vec3& direction);

// A ray origin just off the surface on the side `direction` leaves towards, far enough that the
// new ray does not hit the surface it starts on.
inline glm::vec3 offset_origin(const SurfacePoint& surface, const glm::vec3& direction) {
  const glm::vec3& p = surface.position;
  float scale = 1.0f + std::max(std::abs(p.x), std::max(std::abs(p.y), std::abs(p.z)));
  float offset = 1e-5f * scale;
  return p + (glm::dot(direction, surface.geometric_normal) >= 0.0f ? offset : -offset) *
                 surface.geometric_normal;
}

}  // namespace railyard::render::embree
