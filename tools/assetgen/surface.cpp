#include "tools/assetgen/surface.h"

#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <tuple>
#include <utility>

namespace railyard::assetgen {
namespace {

struct Face {
  std::array<std::uint32_t, 3> v;
  glm::vec3 normal;
  std::array<float, 3> angle;  // interior angle at each corner
};

float corner_angle(const glm::vec3& at, const glm::vec3& p, const glm::vec3& q) {
  glm::vec3 a = p - at, b = q - at;
  return std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b));
}

std::array<std::uint32_t, 3> bits(const glm::vec3& n) {
  std::array<std::uint32_t, 3> b;
  std::memcpy(b.data(), &n, sizeof(float) * 3);
  return b;
}

}  // namespace

Surface& Surface::append(const Surface& other) {
  auto offset = static_cast<std::uint32_t>(positions.size());
  positions.insert(positions.end(), other.positions.begin(), other.positions.end());
  normals.insert(normals.end(), other.normals.begin(), other.normals.end());
  for (std::uint32_t i : other.indices) indices.push_back(i + offset);
  return *this;
}

Surface& Surface::transform(const glm::mat4& m) {
  glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(m)));
  for (glm::vec3& p : positions) p = glm::vec3(m * glm::vec4(p, 1.0f));
  for (glm::vec3& n : normals) n = glm::normalize(normal_matrix * n);
  if (glm::determinant(glm::mat3(m)) < 0.0f)
    for (std::size_t i = 0; i + 2 < indices.size(); i += 3)
      std::swap(indices[i + 1], indices[i + 2]);
  return *this;
}

Surface shade(const Shape& shape, float crease_deg) {
  std::vector<Face> faces;
  for (std::size_t i = 0; i + 2 < shape.indices.size(); i += 3) {
    Face f{{shape.indices[i], shape.indices[i + 1], shape.indices[i + 2]}, {}, {}};
    const glm::vec3& a = shape.positions[f.v[0]];
    const glm::vec3& b = shape.positions[f.v[1]];
    const glm::vec3& c = shape.positions[f.v[2]];
    glm::vec3 n = glm::cross(b - a, c - a);
    float len = glm::length(n);
    if (!(len > 1e-12f)) continue;
    f.normal = n / len;
    f.angle = {corner_angle(a, b, c), corner_angle(b, c, a), corner_angle(c, a, b)};
    faces.push_back(f);
  }
  // Faces around each vertex, in face order so the sums below are reproducible.
  std::vector<std::vector<std::pair<std::uint32_t, int>>> around(shape.positions.size());
  for (std::uint32_t fi = 0; fi < faces.size(); ++fi)
    for (int k = 0; k < 3; ++k) around[faces[fi].v[k]].push_back({fi, k});

  float cos_crease = std::cos(glm::radians(crease_deg));
  Surface out;
  using Key = std::tuple<std::uint32_t, std::array<std::uint32_t, 3>>;
  std::map<Key, std::uint32_t> emitted;
  for (const Face& f : faces) {
    for (int k = 0; k < 3; ++k) {
      std::uint32_t v = f.v[k];
      glm::vec3 sum(0.0f);
      for (auto [gi, gk] : around[v]) {
        const Face& g = faces[gi];
        if (glm::dot(g.normal, f.normal) >= cos_crease) sum += g.angle[gk] * g.normal;
      }
      glm::vec3 n = glm::length(sum) > 1e-12f ? glm::normalize(sum) : f.normal;
      auto [it, inserted] =
          emitted.try_emplace(Key{v, bits(n)}, static_cast<std::uint32_t>(out.positions.size()));
      if (inserted) {
        out.positions.push_back(shape.positions[v]);
        out.normals.push_back(n);
      }
      out.indices.push_back(it->second);
    }
  }
  return out;
}

}  // namespace railyard::assetgen
