// The gallery's pictures: a rendered image made small, the sample's part masks painted over it
// (from its record's COCO RLE masks, one colour per part kind) and a pair's difference mask.
#pragma once

#include <string_view>

#include "tools/lib/records/annotations/rle.h"
#include "tools/lib/records/formats/sample_record.h"
#include "util/image.h"

namespace railyard::score {

// Box-filtered down by the smallest whole factor that makes it at most `max_width` wide.
Image<Rgb8> downscale(const Image<Rgb8>& image, int max_width);

// The overlay colour of a part kind (the legend uses the same); rails are left unpainted.
struct KindColour {
  std::string_view kind;
  Rgb8 colour;
};
const std::vector<KindColour>& part_kind_colours();

// `image` with every visible part of `record` tinted in its kind's colour. Masks of another
// size than the image (a record that does not belong to it) are skipped.
Image<Rgb8> mask_overlay(const Image<Rgb8>& image, const SampleRecord& record);

// `image` greyed, with the pixels of `difference` in magenta.
Image<Rgb8> difference_overlay(const Image<Rgb8>& image, const Rle& difference);

}  // namespace railyard::score
