#include "tools/sheet/contact_sheet.h"

#include <algorithm>

namespace railyard {
namespace {

// The plain car every entry varies: long, yellow, solid wall, no roof, 2 axles, one box.
Car plain_car() {
  return {1, Shape::Rectangle, Length::Long, Wall::NotDouble, Roof::None, 2, LoadShape::Rectangle,
          1};
}

Car with_value(Descriptor d, int value) {
  Car car = plain_car();
  set_descriptor_value(car, d, value);
  if (d == Descriptor::LoadShape) car.load_count = 2;  // two, so the shape shows twice
  return car;
}

constexpr int kGap = 12;
constexpr int kCaptionBand = 30;
constexpr Rgb8 kBackground{32, 32, 36};
constexpr Rgb8 kInk{235, 235, 235};

void paste(Image<Rgb8>& sheet, const Image<Rgb8>& image, int x0, int y0) {
  for (int y = 0; y < image.height; ++y)
    std::copy_n(&image.at(0, y), image.width, &sheet.at(x0, y0 + y));
}

}  // namespace

std::vector<SheetEntry> sheet_entries(Vocabulary vocabulary, int angle) {
  std::vector<SheetEntry> entries;
  for (Descriptor d : kDescriptors)
    for (int value : descriptor_values(d)) {
      std::string caption =
          std::string(descriptor_key(d)) + ": " + value_name(vocabulary, d, value);
      entries.push_back({caption, Train{{with_value(d, value)}, angle}});
    }
  return entries;
}

Image<Rgb8> compose_sheet(const std::vector<SheetCell>& cells, int columns,
                          const std::string& title, const TextPainter& text) {
  int cell_w = cells.empty() ? 0 : cells.front().image.width;
  int cell_h = cells.empty() ? 0 : cells.front().image.height;
  int rows = (static_cast<int>(cells.size()) + columns - 1) / columns;
  int title_band = text.line_height() * 2;
  Image<Rgb8> sheet(kGap + columns * (cell_w + kGap),
                    title_band + rows * (cell_h + kCaptionBand + kGap), kBackground);
  text.draw(sheet, kGap, title_band - text.line_height() / 2, title, kInk);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    int x = kGap + static_cast<int>(i) % columns * (cell_w + kGap);
    int y = title_band + static_cast<int>(i) / columns * (cell_h + kCaptionBand + kGap);
    paste(sheet, cells[i].image, x, y);
    text.draw(sheet, x + 4, y + cell_h + kCaptionBand - 9, cells[i].caption, kInk);
  }
  return sheet;
}

}  // namespace railyard
