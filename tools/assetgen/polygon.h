// Triangulation of simple planar polygons, for the caps of extrusions.
#pragma once

#include <array>
#include <cstdint>
#include <glm/glm.hpp>
#include <span>
#include <vector>

namespace railyard::assetgen {

// Ear clipping of a simple polygon given counter-clockwise; returns index triples into it, each
// counter-clockwise. Deterministic: always clips the first ear found.
std::vector<std::array<std::uint32_t, 3>> triangulate(std::span<const glm::vec2> polygon);

}  // namespace railyard::assetgen
