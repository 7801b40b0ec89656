#include "renderer/embree/mesh_cache.h"

#include <cmath>
#include <cstring>
#include <string>

#include "renderer/embree/device.h"
#include "renderer/renderer.h"

namespace railyard::render::embree {

void validate_mesh(const Mesh& mesh) {
  auto fail = [&](const std::string& why) {
    throw RendererError("mesh '" + mesh.name + "': " + why);
  };
  if (mesh.indices.size() % 3 != 0) {
    fail(std::to_string(mesh.indices.size()) + " indices is not a whole number of triangles");
  }
  if (!mesh.normals.empty() && mesh.normals.size() != mesh.positions.size()) {
    fail(std::to_string(mesh.normals.size()) + " normals for " +
         std::to_string(mesh.positions.size()) + " positions");
  }
  for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
    if (mesh.indices[i] >= mesh.positions.size()) {
      fail("index " + std::to_string(i) + " is " + std::to_string(mesh.indices[i]) +
           " but there are " + std::to_string(mesh.positions.size()) + " positions");
    }
  }
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    const glm::vec3& p = mesh.positions[i];
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
      fail("position " + std::to_string(i) + " is not finite");
    }
  }
}

MeshCache::MeshCache(const Device& device) : device_(device) {}

MeshCache::~MeshCache() {
  for (auto& [key, entry] : entries_) {
    if (entry.scene != nullptr) rtcReleaseScene(entry.scene);
  }
}

RTCScene MeshCache::get(const std::shared_ptr<const Mesh>& mesh) {
  auto found = entries_.find(mesh.get());
  if (found != entries_.end()) {
    if (!found->second.mesh.expired()) return found->second.scene;
    if (found->second.scene != nullptr) rtcReleaseScene(found->second.scene);
    entries_.erase(found);
  }
  RTCScene scene = build(*mesh);
  entries_.emplace(mesh.get(), Entry{mesh, scene});
  return scene;
}

void MeshCache::prune() {
  std::erase_if(entries_, [](auto& item) {
    if (!item.second.mesh.expired()) return false;
    if (item.second.scene != nullptr) rtcReleaseScene(item.second.scene);
    return true;
  });
}

static_assert(sizeof(glm::vec3) == 3 * sizeof(float), "positions are copied as packed floats");

RTCScene MeshCache::build(const Mesh& mesh) const {
  validate_mesh(mesh);
  if (mesh.indices.empty()) return nullptr;
  RTCDevice device = device_.handle();
  RTCGeometry geometry = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
  // Embree-owned copies: they carry the padding Embree's vector loads need past the last vertex.
  auto* vertices = static_cast<float*>(rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0,
                                                               RTC_FORMAT_FLOAT3, 3 * sizeof(float),
                                                               mesh.positions.size()));
  auto* triangles = static_cast<std::uint32_t*>(
      rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                              3 * sizeof(std::uint32_t), mesh.indices.size() / 3));
  if (vertices == nullptr || triangles == nullptr) {
    rtcReleaseGeometry(geometry);
    device_.check(("allocating the buffers of mesh '" + mesh.name + "'").c_str());
    throw RendererError("Embree: cannot allocate the buffers of mesh '" + mesh.name + "'");
  }
  std::memcpy(vertices, mesh.positions.data(), mesh.positions.size() * sizeof(glm::vec3));
  std::memcpy(triangles, mesh.indices.data(), mesh.indices.size() * sizeof(std::uint32_t));
  rtcCommitGeometry(geometry);

  RTCScene scene = rtcNewScene(device);
  // Built once and traced by every frame that shows the mesh: worth the better BVH.
  rtcSetSceneBuildQuality(scene, RTC_BUILD_QUALITY_HIGH);
  rtcAttachGeometryByID(scene, geometry, 0);
  rtcReleaseGeometry(geometry);
  rtcCommitScene(scene);
  try {
    device_.check(("building the BVH of mesh '" + mesh.name + "'").c_str());
  } catch (...) {
    rtcReleaseScene(scene);
    throw;
  }
  return scene;
}

}  // namespace railyard::render::embree
