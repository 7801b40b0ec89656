#include "tools/assetgen/shape.h"

#include <array>
#include <map>
#include <utility>

namespace railyard::assetgen {

std::uint32_t Shape::add_vertex(const glm::vec3& p) {
  positions.push_back(p);
  return static_cast<std::uint32_t>(positions.size() - 1);
}

void Shape::add_triangle(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  if (a == b || b == c || a == c) return;
  indices.insert(indices.end(), {a, b, c});
}

void Shape::add_quad(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
  add_triangle(a, b, c);
  add_triangle(a, c, d);
}

Shape& Shape::transform(const glm::mat4& m) {
  for (glm::vec3& p : positions) p = glm::vec3(m * glm::vec4(p, 1.0f));
  if (glm::determinant(glm::mat3(m)) < 0.0f)
    for (std::size_t i = 0; i + 2 < indices.size(); i += 3)
      std::swap(indices[i + 1], indices[i + 2]);
  return *this;
}

Shape& Shape::append(const Shape& other) {
  auto offset = static_cast<std::uint32_t>(positions.size());
  positions.insert(positions.end(), other.positions.begin(), other.positions.end());
  for (std::uint32_t i : other.indices) indices.push_back(i + offset);
  return *this;
}

Shape& Shape::weld() {
  using Key = std::array<float, 3>;
  std::map<Key, std::uint32_t> first;
  std::vector<glm::vec3> welded;
  std::vector<std::uint32_t> remap(positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) {
    Key key{positions[i].x, positions[i].y, positions[i].z};
    auto [it, inserted] = first.try_emplace(key, static_cast<std::uint32_t>(welded.size()));
    if (inserted) welded.push_back(positions[i]);
    remap[i] = it->second;
  }
  std::vector<std::uint32_t> old = std::move(indices);
  indices.clear();
  positions = std::move(welded);
  for (std::size_t i = 0; i + 2 < old.size(); i += 3)
    add_triangle(remap[old[i]], remap[old[i + 1]], remap[old[i + 2]]);
  return *this;
}

Shape transformed(Shape shape, const glm::mat4& m) {
  shape.transform(m);
  return shape;
}

}  // namespace railyard::assetgen
