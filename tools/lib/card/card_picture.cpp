#include "tools/lib/card/card_picture.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "util/text_painter.h"

namespace railyard {
namespace {

constexpr int kPanelWidth = 330, kPanelHeight = 200, kColumns = 3, kTitleHeight = 44;
constexpr Rgb8 kInk{40, 40, 40}, kFaint{120, 120, 120}, kEast{52, 101, 164}, kWest{204, 102, 0},
    kBar{90, 130, 160}, kPaper{255, 255, 255};

struct Panel {
  std::string title;
  std::vector<std::pair<std::string, std::uint64_t>> bars;
  bool labels = false;  // east and west coloured as such
};

std::vector<Panel> panels(const DatasetCounts& counts) {
  std::vector<Panel> out;
  out.push_back({"labels: true, then published",
                 {{"east", counts.east},
                  {"west", counts.west},
                  {"pub. east", counts.published_east},
                  {"pub. west", counts.published_west}},
                 true});
  Panel lengths{"cars per train", {}};
  for (auto [cars, count] : counts.cars_per_train)
    lengths.bars.emplace_back(std::to_string(cars), count);
  out.push_back(lengths);
  for (const auto& [descriptor, values] : counts.attributes)
    out.push_back({descriptor + " (per car)", values});
  return out;
}

void fill(Image<Rgb8>& image, int x0, int y0, int x1, int y1, Rgb8 color) {
  for (int y = std::max(0, y0); y < std::min(image.height, y1); ++y)
    for (int x = std::max(0, x0); x < std::min(image.width, x1); ++x) image.at(x, y) = color;
}

void draw_panel(Image<Rgb8>& image, const TextPainter& text, const TextPainter& small, int x0,
                int y0, const Panel& panel) {
  text.draw(image, x0 + 10, y0 + 22, panel.title, kInk);
  const int top = y0 + 48, bottom = y0 + kPanelHeight - 30, left = x0 + 10;
  const int n = std::max<int>(1, static_cast<int>(panel.bars.size()));
  const int slot = (kPanelWidth - 20) / n;
  std::uint64_t most = 1;
  for (const auto& bar : panel.bars) most = std::max(most, bar.second);
  fill(image, left, bottom, x0 + kPanelWidth - 10, bottom + 1, kFaint);  // the axis
  for (int k = 0; k < static_cast<int>(panel.bars.size()); ++k) {
    const auto& [label, count] = panel.bars[static_cast<std::size_t>(k)];
    int height = static_cast<int>((bottom - top) * static_cast<double>(count) / most);
    int x = left + k * slot + slot / 6, width = std::max(2, slot * 2 / 3);
    Rgb8 color = !panel.labels ? kBar : label.ends_with("east") ? kEast : kWest;
    fill(image, x, bottom - height, x + width, bottom, color);
    std::string number = std::to_string(count);
    small.draw(image, x + (width - small.width(number)) / 2, bottom - height - 4, number, kInk);
    std::string name = small.fitted(label, slot - 2);
    small.draw(image, x + (width - small.width(name)) / 2, bottom + small.line_height() + 4, name,
               kFaint);
  }
}

}  // namespace

Image<Rgb8> card_picture(const CardFacts& facts) {
  std::vector<Panel> all = panels(facts.manifest.counts);
  const int rows = (static_cast<int>(all.size()) + kColumns - 1) / kColumns;
  Image<Rgb8> image(kColumns * kPanelWidth, kTitleHeight + rows * kPanelHeight, kPaper);
  TextPainter title(default_font(), 20), text(default_font(), 15), small(default_font(), 12);
  title.draw(image, 10, 30,
             title.fitted(facts.name + ": " + std::to_string(facts.manifest.counts.samples) +
                              " samples, rule " + facts.manifest.rule,
                          image.width - 20),
             kInk);
  for (std::size_t k = 0; k < all.size(); ++k)
    draw_panel(image, text, small, static_cast<int>(k % kColumns) * kPanelWidth,
               kTitleHeight + static_cast<int>(k / kColumns) * kPanelHeight, all[k]);
  return image;
}

}  // namespace railyard
