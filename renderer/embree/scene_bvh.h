// The BVH of one frame: every render::Instance's triangles in world space, one Embree geometry
// per instance, so the path tracer traces exactly the geometry the raster backend draws. A hit's
// geomID is the index into Scene::instances, which leads back to the mesh, the material in effect
// and the part. (Until 2026-11-27 it was a BVH of Embree instances over a cache of per-mesh BVHs:
// cheaper to build, about 11% slower to trace; BENCHMARKS.md, issue #29.)
#pragma once

#include <embree3/rtcore.h>

#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "renderer/scene.h"

namespace railyard::render::embree {

class Device;

// What shading needs of an instance, resolved once per frame.
struct InstanceRecord {
  const Mesh* mesh = nullptr;
  // The mesh's positions in world space, as the BVH holds them (indexed like Mesh::positions).
  const glm::vec3* world_positions = nullptr;
  glm::mat3 normal_to_world{1.0f};  // inverse transpose of Instance::object_to_world's upper 3x3
  // -1 where the instance mirrors its mesh: the world-space winding turns the other way, and
  // the normal the mesh's winding gives must be turned back to stay outward.
  float winding = 1.0f;
  const Material* material = nullptr;  // Instance::material if set, else Mesh::material
  std::uint32_t part = 0;
};

// The closest hit of a ray: distance along the (unit) direction, instance and triangle, and the
// barycentrics of the hit on the triangle.
struct Hit {
  float distance = 0.0f;
  unsigned instance = 0;
  unsigned triangle = 0;
  float u = 0.0f, v = 0.0f;
};

// Up to sixteen rays traced together (Embree's packet traversal): the camera rays of one pixel's
// samples, which take nearly the same way through the BVH, and the shadow and extension rays of
// the paths those samples start. The rays live in Embree's own layout, so tracing copies nothing.
// Sixteen rather than eight: 3-5% less time per frame where the CPU has AVX-512 (Embree splits
// the packet on others); BENCHMARKS.md.
class RayPacket {
 public:
  static constexpr int kSize = 16;

  RayPacket();
  // Makes every ray inactive: inactive rays are not traced.
  void clear() {
    for (int& v : valid_) v = 0;
    count_ = 0;
  }
  void add(int i, const glm::vec3& origin, const glm::vec3& direction, float t_near, float t_far) {
    count_ += valid_[i] == 0;
    valid_[i] = -1;
    query_.ray.org_x[i] = origin.x;
    query_.ray.org_y[i] = origin.y;
    query_.ray.org_z[i] = origin.z;
    query_.ray.dir_x[i] = direction.x;
    query_.ray.dir_y[i] = direction.y;
    query_.ray.dir_z[i] = direction.z;
    query_.ray.tnear[i] = t_near;
    query_.ray.tfar[i] = t_far;
    query_.hit.geomID[i] = RTC_INVALID_GEOMETRY_ID;
  }

  bool active(int i) const { return valid_[i] != 0; }
  int active_count() const { return count_; }
  glm::vec3 origin(int i) const {
    return {query_.ray.org_x[i], query_.ray.org_y[i], query_.ray.org_z[i]};
  }
  glm::vec3 direction(int i) const {
    return {query_.ray.dir_x[i], query_.ray.dir_y[i], query_.ray.dir_z[i]};
  }
  float t_near(int i) const { return query_.ray.tnear[i]; }
  float t_far(int i) const { return query_.ray.tfar[i]; }
  // After SceneBvh::intersect: whether an active ray hit, and its hit.
  bool found(int i) const {
    return valid_[i] != 0 && query_.hit.geomID[i] != RTC_INVALID_GEOMETRY_ID;
  }
  Hit hit(int i) const {
    return {query_.ray.tfar[i], query_.hit.geomID[i], query_.hit.primID[i], query_.hit.u[i],
            query_.hit.v[i]};
  }
  // After SceneBvh::occluded: whether something blocks an active ray (Embree sets its t_far to
  // -inf).
  bool blocked(int i) const { return valid_[i] != 0 && query_.ray.tfar[i] < 0.0f; }

 private:
  friend class SceneBvh;
  alignas(64) RTCRayHit16 query_;
  alignas(64) int valid_[kSize];  // -1: traced, 0: not
  int count_ = 0;                 // of active rays
};

class SceneBvh {
 public:
  // The scene (meshes and materials) must outlive the SceneBvh. Throws RendererError for a mesh
  // whose indices or normals do not fit its positions, or when Embree fails.
  SceneBvh(const Device& device, const Scene& scene);
  ~SceneBvh();
  SceneBvh(const SceneBvh&) = delete;
  SceneBvh& operator=(const SceneBvh&) = delete;

  RTCScene handle() const { return scene_; }
  // The closest hit within (t_near, t_far); `coherent` tells Embree that neighbouring calls
  // trace neighbouring rays (camera rays of a tile).
  bool intersect(const glm::vec3& origin, const glm::vec3& direction, float t_near, float t_far,
                 Hit& hit, bool coherent = false) const;
  // The closest hits of the packet's active rays; `coherent` as above.
  void intersect(RayPacket& packet, bool coherent) const;
  // Whether anything lies along the ray before t_far.
  bool occluded(const glm::vec3& origin, const glm::vec3& direction, float t_far) const;
  // Whether anything lies along each active ray of the packet before its t_far
  // (RayPacket::blocked).
  void occluded(RayPacket& packet) const;
  const InstanceRecord& instance(unsigned id) const { return instances_[id]; }

 private:
  RTCScene scene_ = nullptr;
  std::vector<InstanceRecord> instances_;  // indexed like Scene::instances
};

}  // namespace railyard::render::embree
