// A plain 2D image: rows top to bottom, pixels left to right, one T per pixel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace railyard {

struct Rgb8 {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb8&) const = default;
};

template <class T>
struct Image {
  int width = 0;
  int height = 0;
  std::vector<T> pixels;

  Image() = default;
  Image(int w, int h, T fill = T{})
      : width(w), height(h), pixels(static_cast<std::size_t>(w) * h, fill) {}

  T& at(int x, int y) { return pixels[static_cast<std::size_t>(y) * width + x]; }
  const T& at(int x, int y) const { return pixels[static_cast<std::size_t>(y) * width + x]; }
  bool operator==(const Image&) const = default;
};

}  // namespace railyard
