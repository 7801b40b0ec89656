#include "tools/lib/score/chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "util/text_painter.h"

namespace railyard::score {

namespace {

constexpr Rgb8 kInk{30, 30, 30}, kGrey{120, 120, 120}, kRule{220, 220, 220}, kPaper{255, 255, 255},
    kBar{52, 101, 164}, kBarLight{170, 195, 230}, kWhisker{20, 20, 20}, kDiagonal{200, 60, 40},
    kCount{225, 225, 225};

struct Canvas {
  Image<Rgb8> image;
  TextPainter text{default_font(), 15}, small{default_font(), 12};

  Canvas(int w, int h) : image(w, h, kPaper) {}
  void rect(int x, int y, int w, int h, Rgb8 colour) {
    for (int yy = std::max(0, y); yy < std::min(image.height, y + h); ++yy)
      for (int xx = std::max(0, x); xx < std::min(image.width, x + w); ++xx)
        image.at(xx, yy) = colour;
  }
  void line(int x0, int y0, int x1, int y1, Rgb8 colour) {
    int steps = std::max(std::abs(x1 - x0), std::abs(y1 - y0)) + 1;
    for (int k = 0; k <= steps; ++k) {
      int x = x0 + (x1 - x0) * k / steps, y = y0 + (y1 - y0) * k / steps;
      rect(x, y, 2, 2, colour);
    }
  }
  void label(const TextPainter& font, int x, int y, std::string s, Rgb8 colour, int width = 10000) {
    font.draw(image, x, y, font.fitted(std::move(s), width), colour);
  }
};

std::string percent(double x) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", 100 * x);
  return text;
}

// Horizontal grid lines at 0, 25, ..., 100% of a vertical axis from `top` down to `bottom`.
void vertical_axis(Canvas& c, int left, int right, int top, int bottom) {
  for (int k = 0; k <= 4; ++k) {
    int y = bottom - (bottom - top) * k / 4;
    c.rect(left, y, right - left, 1, kRule);
    c.label(c.small, 8, y + 4, percent(k / 4.0), kGrey);
  }
}

}  // namespace

Image<Rgb8> column_chart(const std::string& title, const std::string& x_label,
                         const std::vector<ChartRow>& rows) {
  int columns = std::max<int>(1, static_cast<int>(rows.size()));
  int step = std::clamp(760 / columns, 14, 80), width = std::max(420, 70 + step * columns + 30);
  Canvas c(width, 380);
  int left = 56, top = 48, bottom = 320;
  c.label(c.text, 12, 26, title, kInk);
  vertical_axis(c, left, width - 20, top, bottom);
  auto y_of = [&](double v) { return bottom - static_cast<int>(std::lround(v * (bottom - top))); };
  for (int k = 0; k < static_cast<int>(rows.size()); ++k) {
    const Figure& f = rows[k].figure;
    int x = left + k * step + step / 2;
    if (f.n) {
      c.rect(x - step / 4, y_of(f.value), std::max(2, step / 2), bottom - y_of(f.value), kBarLight);
      c.rect(x - 1, y_of(f.high), 3, y_of(f.low) - y_of(f.high) + 1, kWhisker);
      c.rect(x - step / 6, y_of(f.high), std::max(3, step / 3), 2, kWhisker);
      c.rect(x - step / 6, y_of(f.low), std::max(3, step / 3), 2, kWhisker);
      c.rect(x - 3, y_of(f.value) - 3, 7, 7, kBar);
    }
    if (step >= 24 || k % std::max(1, 24 / step) == 0)
      c.label(c.small, x - std::min(step - 2, c.small.width(rows[k].label)) / 2, bottom + 18,
              rows[k].label, kInk, step - 2);
  }
  c.label(c.small, left, bottom + 44, x_label + "  (marks: value; whiskers: interval)", kGrey);
  return std::move(c.image);
}

Image<Rgb8> bar_chart(const std::string& title, const std::vector<ChartRow>& rows) {
  int height = 70 + 26 * static_cast<int>(rows.size());
  Canvas c(900, height);
  int left = 260, right = 820, top = 50;
  c.label(c.text, 12, 26, title, kInk);
  for (int k = 0; k <= 4; ++k) {
    int x = left + (right - left) * k / 4;
    c.rect(x, top - 6, 1, height - top - 10, kRule);
    c.label(c.small, x - 12, height - 4, percent(k / 4.0), kGrey);
  }
  auto x_of = [&](double v) { return left + static_cast<int>(std::lround(v * (right - left))); };
  for (int k = 0; k < static_cast<int>(rows.size()); ++k) {
    const Figure& f = rows[k].figure;
    int y = top + 26 * k;
    c.label(c.small, 12, y + 15, rows[k].label, kInk, left - 20);
    if (!f.n) continue;
    c.rect(left, y + 4, x_of(f.value) - left, 14, kBar);
    c.rect(x_of(f.low), y + 10, x_of(f.high) - x_of(f.low) + 1, 2, kWhisker);
    c.rect(x_of(f.low), y + 5, 2, 12, kWhisker);
    c.rect(x_of(f.high), y + 5, 2, 12, kWhisker);
    c.label(c.small, right + 8, y + 15, percent(f.value), kInk);
  }
  return std::move(c.image);
}

Image<Rgb8> reliability_diagram(const std::string& title, const std::vector<CalibrationBin>& bins) {
  Canvas c(440, 440);
  int left = 56, right = 420, top = 48, bottom = 400;
  c.label(c.text, 12, 26, title, kInk);
  vertical_axis(c, left, right, top, bottom);
  std::uint64_t most = 1;
  for (const CalibrationBin& b : bins) most = std::max(most, b.n);
  int w = (right - left) / std::max<int>(1, static_cast<int>(bins.size()));
  for (std::size_t k = 0; k < bins.size(); ++k) {
    const CalibrationBin& b = bins[k];
    int x = left + static_cast<int>(k) * w;
    int count = static_cast<int>(40.0 * static_cast<double>(b.n) / static_cast<double>(most));
    c.rect(x + 1, bottom - count, w - 2, count, kCount);
    if (!b.n) continue;
    int y = bottom - static_cast<int>(std::lround(b.accuracy * (bottom - top)));
    c.rect(x + 3, y, w - 6, bottom - y, kBarLight);
    int yc = bottom - static_cast<int>(std::lround(b.confidence * (bottom - top)));
    c.rect(x + 3, yc - 1, w - 6, 3, kBar);
  }
  c.line(left, bottom, right, top, kDiagonal);
  c.label(c.small, left, bottom + 20, "p(east) bins: share of east (bars), mean p(east) (marks)",
          kGrey);
  return std::move(c.image);
}

}  // namespace railyard::score
