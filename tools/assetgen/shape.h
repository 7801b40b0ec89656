// Indexed triangle geometry without normals. Faces that share a vertex index may be smoothed
// together when the shape is shaded (see surface.h); faces that merely touch never are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

namespace railyard::assetgen {

struct Shape {
  std::vector<glm::vec3> positions;
  std::vector<std::uint32_t> indices;  // three per triangle, counter-clockwise seen from outside

  std::uint32_t add_vertex(const glm::vec3& p);
  void add_triangle(std::uint32_t a, std::uint32_t b, std::uint32_t c);
  void add_quad(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d);

  // Applies an affine transform; mirrors keep faces pointing outwards.
  Shape& transform(const glm::mat4& m);
  Shape& append(const Shape& other);
  // Joins vertices at exactly equal positions and drops triangles that became degenerate, so
  // primitives stitched from patches shade without seams.
  Shape& weld();

  std::size_t triangle_count() const { return indices.size() / 3; }
};

Shape transformed(Shape shape, const glm::mat4& m);

}  // namespace railyard::assetgen
