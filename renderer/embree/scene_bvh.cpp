#include "renderer/embree/scene_bvh.h"

#include <cstring>
#include <limits>
#include <string>

#include "renderer/embree/device.h"
#include "renderer/embree/mesh_validation.h"
#include "renderer/renderer.h"

namespace railyard::render::embree {
namespace {

// The instance's triangles placed in the world: one flat BVH over the whole frame traces faster
// than a BVH of instances over cached mesh BVHs, and rebuilding it each frame costs tens of ms.
RTCGeometry world_geometry(const Device& device, const Mesh& mesh, const glm::mat4& to_world,
                           InstanceRecord& record) {
  RTCGeometry geometry = rtcNewGeometry(device.handle(), RTC_GEOMETRY_TYPE_TRIANGLE);
  // Embree-owned buffers: they carry the padding Embree's vector loads need past the last vertex.
  auto* vertices = static_cast<glm::vec3*>(
      rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                              sizeof(glm::vec3), mesh.positions.size()));
  auto* triangles = static_cast<std::uint32_t*>(
      rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                              3 * sizeof(std::uint32_t), mesh.indices.size() / 3));
  if (vertices == nullptr || triangles == nullptr) {
    rtcReleaseGeometry(geometry);
    device.check(("allocating the buffers of mesh '" + mesh.name + "'").c_str());
    throw RendererError("Embree: cannot allocate the buffers of mesh '" + mesh.name + "'");
  }
  for (std::size_t i = 0; i < mesh.positions.size(); ++i)
    vertices[i] = glm::vec3(to_world * glm::vec4(mesh.positions[i], 1.0f));
  std::memcpy(triangles, mesh.indices.data(), mesh.indices.size() * sizeof(std::uint32_t));
  rtcCommitGeometry(geometry);
  record.world_positions = vertices;  // the scene keeps the geometry, hence its buffers
  return geometry;
}

InstanceRecord record_of(const Instance& instance) {
  InstanceRecord record;
  record.mesh = instance.mesh.get();
  glm::mat3 linear(instance.object_to_world);
  record.normal_to_world = glm::transpose(glm::inverse(linear));
  record.winding = glm::determinant(linear) < 0.0f ? -1.0f : 1.0f;
  record.material = &instance.surface_material();
  record.part = instance.part;
  return record;
}

}  // namespace

SceneBvh::SceneBvh(const Device& device, const Scene& scene) {
  scene_ = rtcNewScene(device.handle());
  // Rebuilt every frame over some 20k triangles: the better tree (spatial splits) costs a few
  // ms to build and speeds up every ray.
  rtcSetSceneBuildQuality(scene_, RTC_BUILD_QUALITY_HIGH);
  instances_.resize(scene.instances.size());
  try {
    for (std::size_t i = 0; i < scene.instances.size(); ++i) {
      const Instance& instance = scene.instances[i];
      if (!instance.mesh) throw RendererError("instance " + std::to_string(i) + " has no mesh");
      validate_mesh(*instance.mesh);
      instances_[i] = record_of(instance);
      if (instance.mesh->indices.empty()) continue;
      RTCGeometry geometry =
          world_geometry(device, *instance.mesh, instance.object_to_world, instances_[i]);
      rtcAttachGeometryByID(scene_, geometry, static_cast<unsigned>(i));
      rtcReleaseGeometry(geometry);
    }
    rtcCommitScene(scene_);
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
  rtcIntersect1(scene_, &context, &query);
  if (query.hit.geomID == RTC_INVALID_GEOMETRY_ID) return false;
  hit.distance = query.ray.tfar;
  hit.instance = query.hit.geomID;
  hit.triangle = query.hit.primID;
  hit.u = query.hit.u;
  hit.v = query.hit.v;
  return true;
}

RayPacket::RayPacket() {
  for (int i = 0; i < kSize; ++i) {
    valid_[i] = 0;
    query_.ray.org_x[i] = query_.ray.org_y[i] = query_.ray.org_z[i] = 0.0f;
    query_.ray.dir_x[i] = query_.ray.dir_y[i] = 0.0f;
    query_.ray.dir_z[i] = 1.0f;
    query_.ray.tnear[i] = query_.ray.tfar[i] = 0.0f;
    query_.ray.time[i] = 0.0f;
    query_.ray.mask[i] = 0xffffffffu;
    query_.ray.id[i] = static_cast<unsigned>(i);
    query_.ray.flags[i] = 0;
    query_.hit.geomID[i] = RTC_INVALID_GEOMETRY_ID;
  }
}

namespace {

int only_active(const RayPacket& packet) {
  for (int i = 0; i < RayPacket::kSize; ++i) {
    if (packet.active(i)) return i;
  }
  return -1;
}

}  // namespace

void SceneBvh::intersect(RayPacket& packet, bool coherent) const {
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  context.flags =
      coherent ? RTC_INTERSECT_CONTEXT_FLAG_COHERENT : RTC_INTERSECT_CONTEXT_FLAG_INCOHERENT;
  int count = packet.active_count();
  if (count == 0) return;
  if (count == 1) {  // the tail of a pixel's paths: one ray alone is cheaper without the packet
    int i = only_active(packet);
    Hit hit;
    if (intersect(packet.origin(i), packet.direction(i), packet.t_near(i), packet.t_far(i), hit,
                  coherent)) {
      packet.query_.ray.tfar[i] = hit.distance;
      packet.query_.hit.geomID[i] = hit.instance;
      packet.query_.hit.primID[i] = hit.triangle;
      packet.query_.hit.u[i] = hit.u;
      packet.query_.hit.v[i] = hit.v;
    }
    return;
  }
  rtcIntersect16(packet.valid_, scene_, &context, &packet.query_);
}

void SceneBvh::occluded(RayPacket& packet) const {
  int count = packet.active_count();
  if (count == 0) return;
  if (count == 1) {  // one ray alone is cheaper without the packet
    int i = only_active(packet);
    if (occluded(packet.origin(i), packet.direction(i), packet.t_far(i))) {
      packet.query_.ray.tfar[i] = -std::numeric_limits<float>::infinity();
    }
    return;
  }
  // Shadow rays of different paths head every which way: Embree's incoherent mode traces such a
  // packet fastest (measured).
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  context.flags = RTC_INTERSECT_CONTEXT_FLAG_INCOHERENT;
  rtcOccluded16(packet.valid_, scene_, &context, &packet.query_.ray);
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
