// Shaded triangle geometry: positions with one normal each, ready to write to a file. Shading a
// Shape decides per corner which neighbouring faces to smooth with, by a crease angle, so one
// primitive can be smooth along its curve and sharp at its rims.
#pragma once

#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "tools/assetgen/shape.h"

namespace railyard::assetgen {

struct Surface {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;
  std::vector<std::uint32_t> indices;

  Surface& append(const Surface& other);
  Surface& transform(const glm::mat4& m);
  std::size_t triangle_count() const { return indices.size() / 3; }
};

// Faces meeting at a shared vertex at less than crease_deg are smoothed together (normals
// weighted by the corner angle); sharper edges stay hard. Degenerate faces are dropped.
Surface shade(const Shape& shape, float crease_deg);

inline constexpr float kSmooth = 50.0f;  // curved surfaces with 8+ segments per quarter turn
inline constexpr float kFlat = 1.0f;     // every face its own normal

}  // namespace railyard::assetgen
