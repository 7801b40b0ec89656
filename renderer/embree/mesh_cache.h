// One Embree BVH per render::Mesh, kept across frames: the same asset meshes recur in every frame
// of a dataset, so each is built once. Entries are keyed by the Mesh's address and live only as
// long as the Mesh does (a weak reference tells a dead mesh from a new one at the same address).
#pragma once

#include <embree3/rtcore.h>

#include <memory>
#include <unordered_map>

#include "renderer/scene.h"

namespace railyard::render::embree {

class Device;

class MeshCache {
 public:
  explicit MeshCache(const Device& device);
  ~MeshCache();
  MeshCache(const MeshCache&) = delete;
  MeshCache& operator=(const MeshCache&) = delete;

  // The committed single-geometry scene of the mesh (geometry 0, primitives in index order);
  // nullptr for a mesh without triangles. Throws RendererError naming the mesh when its indices
  // or normals do not fit its positions.
  RTCScene get(const std::shared_ptr<const Mesh>& mesh);
  // Releases the BVHs of meshes that no longer exist.
  void prune();
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::weak_ptr<const Mesh> mesh;
    RTCScene scene = nullptr;
  };
  RTCScene build(const Mesh& mesh) const;

  const Device& device_;
  std::unordered_map<const Mesh*, Entry> entries_;
};

// Throws RendererError when the mesh's indices or normals do not fit its positions.
void validate_mesh(const Mesh& mesh);

}  // namespace railyard::render::embree
