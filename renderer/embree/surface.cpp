#include "renderer/embree/surface.h"

#include "renderer/pattern.h"

namespace railyard::render::embree {
namespace {

// A hit's triangle as it was built, gathered lane by lane.
struct Triangles {
  Vec3s p0, p1, p2;   // world-space corners, as the BVH traced them: no transform per hit
  Vec3s n0, n1, n2;   // object-space vertex normals (zero for a mesh without them)
  Vec3s to_world[3];  // the columns of each lane's InstanceRecord::normal_to_world
  Floats winding, u, v;
  Mask has_normals;
};

Triangles gather(const SceneBvh& bvh, const std::array<Hit, kLanes>& hits) {
  Triangles t;
  for (int i = 0; i < kLanes; ++i) {
    const Hit& hit = hits[static_cast<std::size_t>(i)];
    const InstanceRecord& instance = bvh.instance(hit.instance);
    const Mesh& mesh = *instance.mesh;
    const std::uint32_t* index = &mesh.indices[3 * static_cast<std::size_t>(hit.triangle)];
    t.p0.set_lane(i, instance.world_positions[index[0]]);
    t.p1.set_lane(i, instance.world_positions[index[1]]);
    t.p2.set_lane(i, instance.world_positions[index[2]]);
    t.winding[i] = instance.winding;
    t.u[i] = hit.u;
    t.v[i] = hit.v;
    t.has_normals[i] = !mesh.normals.empty();
    if (t.has_normals[i]) {
      t.n0.set_lane(i, mesh.normals[index[0]]);
      t.n1.set_lane(i, mesh.normals[index[1]]);
      t.n2.set_lane(i, mesh.normals[index[2]]);
    } else {
      t.n0.set_lane(i, glm::vec3(0.0f));
      t.n1.set_lane(i, glm::vec3(0.0f));
      t.n2.set_lane(i, glm::vec3(0.0f));
    }
    for (int c = 0; c < 3; ++c) t.to_world[c].set_lane(i, instance.normal_to_world[c]);
  }
  return t;
}

}  // namespace

SurfacePoints surfaces_at(const SceneBvh& bvh, const std::array<Hit, kLanes>& hits,
                          const Vec3s& direction) {
  Triangles t = gather(bvh, hits);
  Floats w = 1.0f - t.u - t.v;
  Vec3s position = w * t.p0 + t.u * t.p1 + t.v * t.p2;
  Vec3s ng = t.winding * cross(t.p1 - t.p0, t.p2 - t.p0);
  Floats ng_length2 = dot(ng, ng);
  // A sliver too thin for its own normal faces the ray.
  ng = select(ng_length2 > 0.0f, ng * (1.0f / stdx::sqrt(ng_length2)), -direction);
  Vec3s n = w * t.n0 + t.u * t.n1 + t.v * t.n2;
  n = t.to_world[0] * n.x + t.to_world[1] * n.y + t.to_world[2] * n.z;
  Floats length2 = dot(n, n);
  Vec3s ns = select(t.has_normals && length2 > 0.0f, n * (1.0f / stdx::sqrt(length2)), ng);

  // Thin open surfaces are seen from both sides: face whichever side the ray came from.
  Mask behind = dot(ng, direction) > 0.0f;
  ng = select(behind, -ng, ng);
  ns = select(behind, -ns, ns);
  // Interpolated normals can turn slightly away from the viewer at silhouettes (scene.frag).
  Floats facing = -dot(ns, direction);
  Mask away = facing < 0.01f;
  if (stdx::any_of(away)) ns = select(away, normalize(ns - direction * (0.01f - facing)), ns);

  SurfacePoints s;
  s.geometric_normal = ng;
  s.shading_normal = ns;
  // Off the surface by a margin that grows with the coordinates' size (float spacing).
  Floats scale =
      1.0f + max(stdx::abs(position.x), max(stdx::abs(position.y), stdx::abs(position.z)));
  s.ray_origin = position + (1e-5f * scale) * ng;
  for (int i = 0; i < kLanes; ++i) {
    const Material& material = *bvh.instance(hits[static_cast<std::size_t>(i)].instance).material;
    s.albedo.set_lane(i, pattern::albedo(material, position.lane(i)));
  }
  return s;
}

}  // namespace railyard::render::embree
