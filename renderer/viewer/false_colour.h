// Pictures of the annotation passes for people: part ids as distinct flat colours, metric depth
// as grey levels (near bright, far dark, nothing black).
#pragma once

#include <cstdint>

#include "util/image.h"

namespace railyard::render {

// The same id always gets the same colour; id 0 (ground, props, sky) is black.
Rgb8 part_colour(std::uint32_t part);
Image<Rgb8> false_colour_parts(const Image<std::uint32_t>& parts);
// Grey levels spread over the finite depths of this image.
Image<Rgb8> grey_depth(const Image<float>& depth);

}  // namespace railyard::render
