// Meshes uploaded to the GPU once and reused while the render::Mesh lives: the same asset meshes
// recur in every frame of a dataset. Entries are keyed by the Mesh's address and hold a weak
// pointer, so a new mesh allocated at a dead one's address is uploaded afresh.
#pragma once

#include <memory>
#include <unordered_map>

#include "renderer/opengl/bounds.h"
#include "renderer/opengl/gl_objects.h"
#include "renderer/scene.h"

namespace railyard::render {

struct GpuMesh {
  GlObject vertices;  // interleaved position, normal (6 floats)
  GlObject indices;   // uint32 triangles
  GLsizei index_count = 0;
  Bounds bounds;  // object space
  // Watertight and consistently wound (after welding equal positions): its back faces are never
  // seen from outside, so they may be culled.
  bool closed = false;
};

class MeshCache {
 public:
  // The uploaded mesh; uploads it first if needed. Throws RendererError naming the mesh when its
  // indices or normals are inconsistent with its positions.
  const GpuMesh& get(const std::shared_ptr<const Mesh>& mesh);
  // Frees the GPU copies of meshes that no longer exist.
  void evict_expired();
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::weak_ptr<const Mesh> source;
    GpuMesh gpu;
  };
  std::unordered_map<const Mesh*, Entry> entries_;
};

}  // namespace railyard::render
