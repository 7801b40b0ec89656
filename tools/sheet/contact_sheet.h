// A contact sheet: one small train per value of every descriptor, rendered as the dataset would
// show it and captioned, so a person can check at a glance that every value is told apart.
#pragma once

#include <string>
#include <vector>

#include "logic/train.h"
#include "logic/vocabulary.h"
#include "tools/sheet/text.h"
#include "util/image.h"

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

// Lays cells out in rows of `columns` under a title; every cell image has the same size.
Image<Rgb8> compose_sheet(const std::vector<SheetCell>& cells, int columns,
                          const std::string& title, const TextPainter& text);

}  // namespace railyard
