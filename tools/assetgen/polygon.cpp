#include "tools/assetgen/polygon.h"

#include <stdexcept>

namespace railyard::assetgen {
namespace {

float cross(const glm::vec2& a, const glm::vec2& b, const glm::vec2& c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

bool inside(const glm::vec2& p, const glm::vec2& a, const glm::vec2& b, const glm::vec2& c) {
  return cross(a, b, p) >= 0.0f && cross(b, c, p) >= 0.0f && cross(c, a, p) >= 0.0f;
}

}  // namespace

std::vector<std::array<std::uint32_t, 3>> triangulate(std::span<const glm::vec2> polygon) {
  std::vector<std::uint32_t> left;
  for (std::uint32_t i = 0; i < polygon.size(); ++i) left.push_back(i);
  std::vector<std::array<std::uint32_t, 3>> out;
  while (left.size() > 3) {
    bool clipped = false;
    for (std::size_t i = 0; i < left.size() && !clipped; ++i) {
      std::uint32_t a = left[(i + left.size() - 1) % left.size()], b = left[i],
                    c = left[(i + 1) % left.size()];
      if (cross(polygon[a], polygon[b], polygon[c]) <= 0.0f) continue;  // reflex corner
      bool ear = true;
      for (std::uint32_t k : left) {
        if (k == a || k == b || k == c) continue;
        if (inside(polygon[k], polygon[a], polygon[b], polygon[c])) {
          ear = false;
          break;
        }
      }
      if (!ear) continue;
      out.push_back({a, b, c});
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(i));
      clipped = true;
    }
    if (!clipped) throw std::invalid_argument("triangulate: polygon is not simple or not CCW");
  }
  if (left.size() == 3) out.push_back({left[0], left[1], left[2]});
  return out;
}

}  // namespace railyard::assetgen
