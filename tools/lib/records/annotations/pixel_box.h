// An axis-aligned box of whole pixels, [x, y, width, height] with the origin at the top-left
// image corner, as COCO and V-LoL write boxes. An empty box is all zeros.
#pragma once

#include <algorithm>

namespace railyard {

struct PixelBox {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;

  bool empty() const { return width <= 0 || height <= 0; }

  // The smallest box holding both; empty boxes add nothing.
  PixelBox united(const PixelBox& other) const {
    if (other.empty()) return *this;
    if (empty()) return other;
    int x0 = std::min(x, other.x), y0 = std::min(y, other.y);
    int x1 = std::max(x + width, other.x + other.width);
    int y1 = std::max(y + height, other.y + other.height);
    return {x0, y0, x1 - x0, y1 - y0};
  }

  bool contains(const PixelBox& other) const {
    if (other.empty()) return true;
    return other.x >= x && other.y >= y && other.x + other.width <= x + width &&
           other.y + other.height <= y + height;
  }

  bool operator==(const PixelBox&) const = default;
};

}  // namespace railyard
