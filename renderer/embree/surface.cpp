#include "renderer/embree/surface.h"

#include <algorithm>
#include <cmath>

#include "renderer/pattern.h"

namespace railyard::render::embree {

SurfacePoint surface_at(const InstanceRecord& instance, unsigned triangle, float u, float v,
                        const glm::vec3& direction) {
  const Mesh& mesh = *instance.mesh;
  const std::uint32_t* index = &mesh.indices[3 * static_cast<std::size_t>(triangle)];
  // World-space corners, as the BVH traced them: no transform per hit.
  const glm::vec3& p0 = instance.world_positions[index[0]];
  const glm::vec3& p1 = instance.world_positions[index[1]];
  const glm::vec3& p2 = instance.world_positions[index[2]];
  float w = 1.0f - u - v;

  SurfacePoint s;
  s.position = w * p0 + u * p1 + v * p2;
  glm::vec3 ng = instance.winding * glm::cross(p1 - p0, p2 - p0);
  float ng_length2 = glm::dot(ng, ng);
  ng = ng_length2 > 0.0f ? ng * (1.0f / std::sqrt(ng_length2))
                         : -direction;  // a sliver too thin for its own normal
  glm::vec3 ns = ng;
  if (!mesh.normals.empty()) {
    glm::vec3 n =
        w * mesh.normals[index[0]] + u * mesh.normals[index[1]] + v * mesh.normals[index[2]];
    n = instance.normal_to_world * n;
    float length2 = glm::dot(n, n);
    if (length2 > 0.0f) ns = n * (1.0f / std::sqrt(length2));
  }
  // Thin open surfaces are seen from both sides: face whichever side the ray came from.
  if (glm::dot(ng, direction) > 0.0f) {
    ng = -ng;
    ns = -ns;
  }
  // Interpolated normals can turn slightly away from the viewer at silhouettes (scene.frag).
  float facing = -glm::dot(ns, direction);
  if (facing < 0.01f) ns = glm::normalize(ns - direction * (0.01f - facing));
  s.geometric_normal = ng;
  s.shading_normal = ns;
  const glm::vec3& p = s.position;
  float scale = 1.0f + std::max(std::abs(p.x), std::max(std::abs(p.y), std::abs(p.z)));
  s.ray_origin = p + (1e-5f * scale) * ng;
  s.material = instance.material;
  s.albedo = pattern::albedo(*instance.material, s.position);
  s.part = instance.part;
  return s;
}

}  // namespace railyard::render::embree
