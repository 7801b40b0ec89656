#include "renderer/opengl/mesh_cache.h"

#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "renderer/renderer.h"

namespace railyard::render {
namespace {

std::string mesh_label(const Mesh& mesh) {
  return mesh.name.empty() ? std::string("(unnamed mesh)") : "'" + mesh.name + "'";
}

void validate(const Mesh& mesh) {
  if (mesh.indices.size() % 3 != 0) {
    throw RendererError("mesh " + mesh_label(mesh) + ": index count " +
                        std::to_string(mesh.indices.size()) + " is not a multiple of 3");
  }
  if (!mesh.normals.empty() && mesh.normals.size() != mesh.positions.size()) {
    throw RendererError("mesh " + mesh_label(mesh) + ": " + std::to_string(mesh.normals.size()) +
                        " normals for " + std::to_string(mesh.positions.size()) + " positions");
  }
  for (std::uint32_t index : mesh.indices) {
    if (index >= mesh.positions.size()) {
      throw RendererError("mesh " + mesh_label(mesh) + ": index " + std::to_string(index) +
                          " out of range (" + std::to_string(mesh.positions.size()) +
                          " positions)");
    }
  }
}

// Area-weighted vertex normals, for meshes that come without any.
std::vector<glm::vec3> computed_normals(const Mesh& mesh) {
  std::vector<glm::vec3> normals(mesh.positions.size(), glm::vec3(0.0f));
  for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
    std::uint32_t a = mesh.indices[i], b = mesh.indices[i + 1], c = mesh.indices[i + 2];
    glm::vec3 n =
        glm::cross(mesh.positions[b] - mesh.positions[a], mesh.positions[c] - mesh.positions[a]);
    normals[a] += n;
    normals[b] += n;
    normals[c] += n;
  }
  for (glm::vec3& n : normals) {
    float length = glm::length(n);
    n = length > 0.0f ? n / length : glm::vec3(0.0f, 0.0f, 1.0f);
  }
  return normals;
}

// Every edge of a non-degenerate triangle is met once in each direction, once positions that
// are equal are welded (flat-shaded meshes repeat corners with different normals).
bool is_closed(const Mesh& mesh) {
  if (mesh.indices.empty()) return false;
  std::unordered_map<std::uint64_t, std::uint32_t> weld;
  std::vector<std::uint32_t> welded(mesh.positions.size());
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    const glm::vec3& p = mesh.positions[i];
    std::uint64_t key = 0;
    // Hash-combine the bit patterns; collisions are settled by comparing positions.
    for (float c : {p.x, p.y, p.z}) {
      std::uint32_t bits;
      std::memcpy(&bits, &c, sizeof(bits));
      key = key * 0x9e3779b97f4a7c15ull + bits;
    }
    auto [it, inserted] = weld.emplace(key, static_cast<std::uint32_t>(i));
    if (!inserted && mesh.positions[it->second] != p) return false;  // give up on collisions
    welded[i] = it->second;
  }
  std::unordered_map<std::uint64_t, int> edges;
  auto edge = [](std::uint32_t a, std::uint32_t b) {
    return (static_cast<std::uint64_t>(a) << 32) | b;
  };
  for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    std::uint32_t v[3] = {welded[mesh.indices[t]], welded[mesh.indices[t + 1]],
                          welded[mesh.indices[t + 2]]};
    if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) continue;
    for (int k = 0; k < 3; ++k) {
      if (++edges[edge(v[k], v[(k + 1) % 3])] > 1) return false;
    }
  }
  for (const auto& [key, count] : edges) {
    auto reverse = edges.find((key << 32) | (key >> 32));
    if (reverse == edges.end() || reverse->second != 1) return false;
  }
  return !edges.empty();
}

GpuMesh upload(const Mesh& mesh) {
  validate(mesh);
  const std::vector<glm::vec3>& normals =
      mesh.normals.empty() ? computed_normals(mesh) : mesh.normals;
  std::vector<float> interleaved;
  interleaved.reserve(mesh.positions.size() * 6);
  GpuMesh gpu;
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    const glm::vec3& p = mesh.positions[i];
    const glm::vec3& n = normals[i];
    interleaved.insert(interleaved.end(), {p.x, p.y, p.z, n.x, n.y, n.z});
  }
  for (std::uint32_t index : mesh.indices) gpu.bounds.extend(mesh.positions[index]);
  gpu.vertices = make_buffer();
  gpu.indices = make_buffer();
  glNamedBufferStorage(
      gpu.vertices.get(),
      static_cast<GLsizeiptr>(std::max<std::size_t>(interleaved.size(), 1) * sizeof(float)),
      interleaved.empty() ? nullptr : interleaved.data(), 0);
  glNamedBufferStorage(gpu.indices.get(),
                       static_cast<GLsizeiptr>(std::max<std::size_t>(mesh.indices.size(), 1) *
                                               sizeof(std::uint32_t)),
                       mesh.indices.empty() ? nullptr : mesh.indices.data(), 0);
  gpu.index_count = static_cast<GLsizei>(mesh.indices.size());
  gpu.closed = is_closed(mesh);
  return gpu;
}

}  // namespace

const GpuMesh& MeshCache::get(const std::shared_ptr<const Mesh>& mesh) {
  auto it = entries_.find(mesh.get());
  if (it != entries_.end() && it->second.source.expired()) {
    entries_.erase(it);  // a dead mesh's address, now reused by a new one
    it = entries_.end();
  }
  if (it == entries_.end()) {
    it = entries_.emplace(mesh.get(), Entry{mesh, upload(*mesh)}).first;
  }
  return it->second.gpu;
}

void MeshCache::evict_expired() {
  std::erase_if(entries_, [](const auto& entry) { return entry.second.source.expired(); });
}

}  // namespace railyard::render
