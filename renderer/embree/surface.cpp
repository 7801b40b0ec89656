#include "renderer/embree/surface.h"

#include "renderer/pattern.h"

namespace railyard::render::embree {

SurfacePoint surface_at(const InstanceRecord& instance, unsigned triangle, float u, float v,
                        const glm::vec3& direction) {
  const Mesh& mesh = *instance.mesh;
  const std::uint32_t* index = &mesh.indices[3 * static_cast<std::size_t>(triangle)];
  const glm::vec3& p0 = mesh.positions[index[0]];
  const glm::vec3& p1 = mesh.positions[index[1]];
  const glm::vec3& p2 = mesh.positions[index[2]];
  float w = 1.0f - u - v;

  SurfacePoint s;
  s.position = glm::vec3(instance.object_to_world * glm::vec4(w * p0 + u * p1 + v * p2, 1.0f));
  // The inverse transpose keeps the outward side outward even under mirroring transforms.
  glm::vec3 ng = instance.normal_to_world * glm::cross(p1 - p0, p2 - p0);
  float ng_length = glm::length(ng);
  ng = ng_length > 0.0f ? ng / ng_length : -direction;  // a sliver too thin for its own normal
  glm::vec3 ns = ng;
  if (!mesh.normals.empty()) {
    glm::vec3 n =
        w * mesh.normals[index[0]] + u * mesh.normals[index[1]] + v * mesh.normals[index[2]];
    n = instance.normal_to_world * n;
    float length = glm::length(n);
    if (length > 0.0f) ns = n / length;
  }
  // Thin open surfaces are seen from both sides: face whichever side the ray came from.
  if (glm::dot(ng, direction) > 0.0f) {
    ng = -ng;
    ns = -ns;
  }
  // Interpolated normals can turn slightly away from the viewer at silhouettes (scene.frag).
  glm::vec3 to_viewer = -direction;
  ns = glm::normalize(ns + to_viewer * std::max(0.0f, 0.01f - glm::dot(ns, to_viewer)));
  s.geometric_normal = ng;
  s.shading_normal = ns;
  s.material = instance.material;
  s.albedo = pattern::albedo(*instance.material, s.position);
  s.part = instance.part;
  return s;
}

}  // namespace railyard::render::embree
