#include "renderer/embree/scene_bvh.h"

#include <string>

#include "renderer/embree/device.h"
#include "renderer/embree/mesh_cache.h"
#include "renderer/renderer.h"

namespace railyard::render::embree {

SceneBvh::SceneBvh(const Device& device, MeshCache& meshes, const Scene& scene) {
  scene_ = rtcNewScene(device.handle());
  // Rebuilt every frame over a few hundred instances: a fast build beats a better tree.
  rtcSetSceneBuildQuality(scene_, RTC_BUILD_QUALITY_MEDIUM);
  instances_.resize(scene.instances.size());
  for (std::size_t i = 0; i < scene.instances.size(); ++i) {
    const Instance& instance = scene.instances[i];
    if (!instance.mesh) {
      rtcReleaseScene(scene_);
      throw RendererError("instance " + std::to_string(i) + " has no mesh");
    }
    RTCScene mesh_scene = nullptr;
    try {
      mesh_scene = meshes.get(instance.mesh);
    } catch (...) {
      rtcReleaseScene(scene_);
      throw;
    }
    InstanceRecord& record = instances_[i];
    record.mesh = instance.mesh.get();
    record.object_to_world = instance.object_to_world;
    record.normal_to_world = glm::transpose(glm::inverse(glm::mat3(instance.object_to_world)));
    record.material = instance.material ? &*instance.material : &instance.mesh->material;
    record.part = instance.part;
    if (mesh_scene == nullptr) continue;

    RTCGeometry geometry = rtcNewGeometry(device.handle(), RTC_GEOMETRY_TYPE_INSTANCE);
    rtcSetGeometryInstancedScene(geometry, mesh_scene);
    rtcSetGeometryTransform(geometry, 0, RTC_FORMAT_FLOAT4X4_COLUMN_MAJOR,
                            &instance.object_to_world[0][0]);
    rtcCommitGeometry(geometry);
    rtcAttachGeometryByID(scene_, geometry, static_cast<unsigned>(i));
    rtcReleaseGeometry(geometry);
  }
  rtcCommitScene(scene_);
  try {
    device.check("building the scene's BVH");
  } catch (...) {
    rtcReleaseScene(scene_);
    throw;
  }
}

SceneBvh::~SceneBvh() {
  rtcReleaseScene(scene_);
}

bool SceneBvh::intersect(const glm::vec3& origin, const glm::vec3& direction, float t_near,
                         float t_far, Hit& hit, bool coherent) const {
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  context.flags =
      coherent ? RTC_INTERSECT_CONTEXT_FLAG_COHERENT : RTC_INTERSECT_CONTEXT_FLAG_INCOHERENT;
  RTCRayHit query;
  query.ray.org_x = origin.x;
  query.ray.org_y = origin.y;
  query.ray.org_z = origin.z;
  query.ray.dir_x = direction.x;
  query.ray.dir_y = direction.y;
  query.ray.dir_z = direction.z;
  query.ray.tnear = t_near;
  query.ray.tfar = t_far;
  query.ray.time = 0.0f;
  query.ray.mask = 0xffffffffu;
  query.ray.id = 0;
  query.ray.flags = 0;
  query.hit.geomID = RTC_INVALID_GEOMETRY_ID;
  query.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
  rtcIntersect1(scene_, &context, &query);
  if (query.hit.geomID == RTC_INVALID_GEOMETRY_ID) return false;
  hit.distance = query.ray.tfar;
  hit.instance = query.hit.instID[0];
  hit.triangle = query.hit.primID;
  hit.u = query.hit.u;
  hit.v = query.hit.v;
  return true;
}

void SceneBvh::intersect(RayPacket& packet) const {
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  context.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
  alignas(32) RTCRayHit8 query;
  alignas(32) int valid[RayPacket::kSize];
  for (int i = 0; i < RayPacket::kSize; ++i) {
    bool active = i < packet.count && packet.active[i];
    valid[i] = active ? -1 : 0;
    query.ray.org_x[i] = packet.origin.x;
    query.ray.org_y[i] = packet.origin.y;
    query.ray.org_z[i] = packet.origin.z;
    glm::vec3 d = active ? packet.direction[i] : glm::vec3(0.0f, 0.0f, 1.0f);
    query.ray.dir_x[i] = d.x;
    query.ray.dir_y[i] = d.y;
    query.ray.dir_z[i] = d.z;
    query.ray.tnear[i] = active ? packet.range[i].x : 0.0f;
    query.ray.tfar[i] = active ? packet.range[i].y : 0.0f;
    query.ray.time[i] = 0.0f;
    query.ray.mask[i] = 0xffffffffu;
    query.ray.id[i] = static_cast<unsigned>(i);
    query.ray.flags[i] = 0;
    query.hit.geomID[i] = RTC_INVALID_GEOMETRY_ID;
    query.hit.instID[0][i] = RTC_INVALID_GEOMETRY_ID;
  }
  rtcIntersect8(valid, scene_, &context, &query);
  for (int i = 0; i < packet.count; ++i) {
    packet.found[i] = valid[i] != 0 && query.hit.geomID[i] != RTC_INVALID_GEOMETRY_ID;
    if (!packet.found[i]) continue;
    packet.hit[i] = {query.ray.tfar[i], query.hit.instID[0][i], query.hit.primID[i], query.hit.u[i],
                     query.hit.v[i]};
  }
}

bool SceneBvh::occluded(const glm::vec3& origin, const glm::vec3& direction, float t_far) const {
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  context.flags = RTC_INTERSECT_CONTEXT_FLAG_INCOHERENT;
  RTCRay ray;
  ray.org_x = origin.x;
  ray.org_y = origin.y;
  ray.org_z = origin.z;
  ray.dir_x = direction.x;
  ray.dir_y = direction.y;
  ray.dir_z = direction.z;
  ray.tnear = 0.0f;
  ray.tfar = t_far;
  ray.time = 0.0f;
  ray.mask = 0xffffffffu;
  ray.id = 0;
  ray.flags = 0;
  rtcOccluded1(scene_, &context, &ray);
  return ray.tfar < 0.0f;  // Embree marks a blocked ray with tfar = -inf
}

}  // namespace railyard::render::embree
