// Images as numpy arrays (copies: the array owns its pixels, whatever happens to the Image).
#pragma once

#include <pybind11/numpy.h>

#include <cstring>

#include "python/bindings/bindings.h"
#include "util/image.h"

namespace railyard::python {

template <class T>
py::array_t<T> to_array(const Image<T>& image) {
  py::array_t<T> array({image.height, image.width});
  std::memcpy(array.mutable_data(), image.pixels.data(), image.pixels.size() * sizeof(T));
  return array;
}

// H x W x 3, uint8.
inline py::array_t<std::uint8_t> to_array(const Image<Rgb8>& image) {
  static_assert(sizeof(Rgb8) == 3);
  py::array_t<std::uint8_t> array({image.height, image.width, 3});
  std::memcpy(array.mutable_data(), image.pixels.data(), image.pixels.size() * 3);
  return array;
}

}  // namespace railyard::python
