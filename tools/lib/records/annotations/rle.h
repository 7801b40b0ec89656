// COCO run-length encoded masks, bit-compatible with pycocotools (maskApi.c): runs are counted in
// column-major order (down each column, columns left to right), starting with a run of zeros
// that may be empty, and alternating. The compressed string form is what COCO JSON files and
// V-LoL's scenes store as "counts".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tools/lib/records/annotations/pixel_box.h"
#include "util/image.h"

namespace railyard {

struct Rle {
  int height = 0;
  int width = 0;
  std::vector<std::uint32_t> counts;  // zeros, ones, zeros, ...; sums to height * width

  bool operator==(const Rle&) const = default;
};

// A mask image (nonzero = inside) to runs. An empty mask is {h*w}; a full one {0, h*w}.
Rle encode_mask(const Image<std::uint8_t>& mask);
// Back to a 0/1 image.
Image<std::uint8_t> decode_mask(const Rle& rle);

// pycocotools' rleToString: each count (for i > 2 as the difference to the count two before)
// in little-endian groups of 5 bits plus a continuation bit, sign-extended from the last group,
// each group written as the character 48 + value.
std::string rle_to_string(const Rle& rle);
// pycocotools' rleFrString, plus checks: throws std::invalid_argument when the string has
// characters outside '0'..'o', ends inside a count, or its runs do not cover height * width.
Rle rle_from_string(std::string_view counts, int height, int width);

// pycocotools' area and toBbox: the number of mask pixels, and the tight box of them.
std::uint64_t rle_area(const Rle& rle);
PixelBox rle_bbox(const Rle& rle);

}  // namespace railyard
