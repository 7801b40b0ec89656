// A ray's hit turned into what shading needs: position, normals, material and part. The normals
// follow the raster backend (scene.frag): the surface is two-sided, both normals face the side the
// ray came from, and the interpolated normal is bent towards the viewer at silhouettes.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>

#include "renderer/embree/scene_bvh.h"

namespace railyard::render::embree {

struct SurfacePoint {
  glm::vec3 position;
  glm::vec3 geometric_normal;  // unit, of the triangle, facing the incoming ray
  glm::vec3 shading_normal;    // unit, interpolated from the vertex normals, same side
  // Where rays leaving towards the geometric normal's side start: just off the surface, far enough
  // that they do not hit the surface they start on. The path tracer sends no other rays.
  glm::vec3 ray_origin;
  glm::vec3 albedo;  // the material's colour here, pattern applied
  const Material* material = nullptr;
  std::uint32_t part = 0;
};

// The point at barycentrics (u, v) of triangle `triangle` of the instance, seen along `direction`.
SurfacePoint surface_at(const InstanceRecord& instance, unsigned triangle, float u, float v,
                        const glm::vec3& direction);

}  // namespace railyard::render::embree
