// A contact sheet: one small train per value of every descriptor, rendered as the dataset would
// show it, cropped to the car that shows the value and captioned, so a person can check at a
// glance that every value is told apart.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "logic/train.h"
#include "logic/vocabulary.h"
#include "scenes/part.h"
#include "tools/lib/records/annotations/pixel_box.h"
#include "util/image.h"
#include "util/text_painter.h"

namespace railyard {

struct SheetEntry {
  std::string caption;  // "roof: peaked_roof"
  Train train;
};

// One entry per value of every descriptor, each a one-car train that differs from a plain car
// only in that value; names in `vocabulary`.
std::vector<SheetEntry> sheet_entries(Vocabulary vocabulary, int angle);

struct SheetCell {
  std::string caption;
  Image<Rgb8> image;
};

// The tight box of the pixels showing any part of car `car` (position, 1-based) in a part-id
// image; empty when none does.
PixelBox car_box(const Image<std::uint32_t>& part_ids, const std::vector<Part>& parts, int car);

// Crops every cell to one window, the largest box plus `margin` pixels on each side, placed on its
// own box (and kept inside the image), so all cells share a size and a scale; then enlarges them
// by the whole factor (1 to 4) that makes them at least `min_width` wide, each pixel a square.
void crop_cells(std::vector<SheetCell>& cells, const std::vector<PixelBox>& boxes, int margin,
                int min_width);

// Lays cells out in rows of `columns` under a title; every cell image has the same size.
Image<Rgb8> compose_sheet(const std::vector<SheetCell>& cells, int columns,
                          const std::string& title, const TextPainter& text);

}  // namespace railyard
