// The BVH of one frame: every render::Instance of the scene as an Embree instance of its mesh's
// cached BVH, so the path tracer traces exactly the geometry the raster backend draws. A hit's
// instID is the index into Scene::instances, which leads back to the mesh, the material in effect
// and the part.
#pragma once

#include <embree3/rtcore.h>

#include <array>
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "renderer/scene.h"

namespace railyard::render::embree {

class Device;
class MeshCache;

// What shading needs of an instance, resolved once per frame.
struct InstanceRecord {
  const Mesh* mesh = nullptr;
  glm::mat4 object_to_world{1.0f};
  glm::mat3 normal_to_world{1.0f};     // inverse transpose of the upper 3x3
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

// Up to eight rays from one origin traced together (Embree's packet traversal): the camera rays
// of one pixel's samples, which take nearly the same way through the BVH.
struct RayPacket {
  static constexpr int kSize = 8;
  int count = 0;
  glm::vec3 origin{0.0f};
  std::array<glm::vec3, kSize> direction;
  std::array<glm::vec2, kSize> range;  // (t_near, t_far)
  std::array<bool, kSize> active{};    // inactive rays are not traced
  std::array<bool, kSize> found{};     // out: whether the ray hit
  std::array<Hit, kSize> hit;          // out
};

class SceneBvh {
 public:
  // The scene (meshes and materials) must outlive the SceneBvh. Throws RendererError for a mesh
  // whose indices or normals do not fit its positions, or when Embree fails.
  SceneBvh(const Device& device, MeshCache& meshes, const Scene& scene);
  ~SceneBvh();
  SceneBvh(const SceneBvh&) = delete;
  SceneBvh& operator=(const SceneBvh&) = delete;

  RTCScene handle() const { return scene_; }
  // The closest hit within (t_near, t_far); `coherent` tells Embree that neighbouring calls
  // trace neighbouring rays (camera rays of a tile).
  bool intersect(const glm::vec3& origin, const glm::vec3& direction, float t_near, float t_far,
                 Hit& hit, bool coherent = false) const;
  void intersect(RayPacket& packet) const;
  // Whether anything lies along the ray before t_far.
  bool occluded(const glm::vec3& origin, const glm::vec3& direction, float t_far) const;
  const InstanceRecord& instance(unsigned id) const { return instances_[id]; }

 private:
  RTCScene scene_ = nullptr;
  std::vector<InstanceRecord> instances_;  // indexed like Scene::instances
};

}  // namespace railyard::render::embree
