#include "tools/lib/sheet/contact_sheet.h"

#include <algorithm>
#include <cmath>

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

// The w x h window of `image` at (x0, y0), enlarged `factor` times.
Image<Rgb8> crop(const Image<Rgb8>& image, int x0, int y0, int w, int h, int factor) {
  Image<Rgb8> out(w * factor, h * factor);
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) out.at(x, y) = image.at(x0 + x / factor, y0 + y / factor);
  return out;
}

}  // namespace

PixelBox car_box(const Image<std::uint32_t>& part_ids, const std::vector<Part>& parts, int car) {
  int x0 = part_ids.width, y0 = part_ids.height, x1 = -1, y1 = -1;
  for (int y = 0; y < part_ids.height; ++y)
    for (int x = 0; x < part_ids.width; ++x) {
      std::uint32_t id = part_ids.at(x, y);
      if (id == 0 || id > parts.size() || parts[id - 1].car != car) continue;
      x0 = std::min(x0, x);
      y0 = std::min(y0, y);
      x1 = std::max(x1, x);
      y1 = std::max(y1, y);
    }
  if (x1 < 0) return {};
  return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

void crop_cells(std::vector<SheetCell>& cells, const std::vector<PixelBox>& boxes, int margin,
                int min_width) {
  if (cells.empty()) return;
  int image_w = cells.front().image.width, image_h = cells.front().image.height;
  int w = 0, h = 0;
  for (const PixelBox& b : boxes) {
    w = std::max(w, b.width + 2 * margin);
    h = std::max(h, b.height + 2 * margin);
  }
  if (w <= 2 * margin) return;  // no car seen anywhere: keep the whole frames
  w = std::min(w, image_w);
  h = std::min(h, image_h);
  int factor = std::clamp((min_width + w - 1) / w, 1, 4);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const PixelBox& b = boxes[i];
    int x0 = std::clamp(b.x + b.width / 2 - w / 2, 0, image_w - w);
    int y0 = std::clamp(b.y + b.height / 2 - h / 2, 0, image_h - h);
    cells[i].image = crop(cells[i].image, x0, y0, w, h, factor);
  }
}

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
