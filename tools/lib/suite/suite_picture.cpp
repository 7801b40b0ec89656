#include "tools/lib/suite/suite_picture.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include "util/text_painter.h"

namespace railyard {
namespace {

using Variant = SuiteVariantSummary;

constexpr Rgb8 kInk{30, 30, 30}, kGrey{120, 120, 120}, kRule{215, 215, 215}, kPaper{255, 255, 255},
    kStripe{246, 246, 248}, kEast{52, 101, 164}, kWest{230, 140, 40}, kBar{90, 90, 90},
    kGood{40, 140, 60}, kBad{200, 30, 30}, kTrack{232, 232, 232};

constexpr int kWidth = 1660, kRowHeight = 64, kTop = 92;  // room for a confounder named in full

// Column starts and widths.
constexpr int kName = 12, kSize = 290, kBalance = 370, kLengths = 540, kDistance = 770,
              kDistanceStep = 62, kHoldout = 1276, kConfounder = 1376;

struct Painter {
  Image<Rgb8>& image;
  TextPainter text, small;

  void rect(int x, int y, int w, int h, Rgb8 colour) {
    for (int yy = std::max(0, y); yy < std::min(image.height, y + h); ++yy)
      for (int xx = std::max(0, x); xx < std::min(image.width, x + w); ++xx)
        image.at(xx, yy) = colour;
  }
  void label(const TextPainter& font, int x, int y, std::string s, Rgb8 colour, int width = 10000) {
    font.draw(image, x, y, font.fitted(std::move(s), width), colour);
  }
};

std::string format(const char* pattern, double x) {
  char text[32];
  std::snprintf(text, sizeof text, pattern, x);
  return text;
}

void draw_balance(Painter& p, const Variant& v, int y) {
  std::uint64_t east = v.counts.east, west = v.counts.west;
  double e = east + west ? static_cast<double>(east) / static_cast<double>(east + west) : 0.0;
  int w = 150;
  p.rect(kBalance, y + 12, static_cast<int>(std::lround(e * w)), 16, kEast);
  p.rect(kBalance + static_cast<int>(std::lround(e * w)), y + 12,
         w - static_cast<int>(std::lround(e * w)), 16, kWest);
  p.label(p.small, kBalance, y + 46,
          "E " + format("%.0f%%", 100 * e) + "  W " + format("%.0f%%", 100 * (1 - e)), kGrey);
}

void draw_lengths(Painter& p, const Variant& v, int y, int shortest, int longest) {
  std::uint64_t most = 1;
  for (const auto& [n, count] : v.counts.cars_per_train) most = std::max(most, count);
  int slots = longest - shortest + 1, step = std::max(8, std::min(24, 210 / slots));
  for (int n = shortest; n <= longest; ++n) {
    int x = kLengths + (n - shortest) * step;
    auto found = v.counts.cars_per_train.find(static_cast<std::uint64_t>(n));
    std::uint64_t count = found == v.counts.cars_per_train.end() ? 0 : found->second;
    int h = static_cast<int>(
        std::lround(34.0 * static_cast<double>(count) / static_cast<double>(most)));
    p.rect(x, y + 4, step - 3, 34, kTrack);
    p.rect(x, y + 38 - h, step - 3, h, kBar);
    if (slots <= 10 || n == shortest || n == longest || n % 5 == 0)
      p.label(p.small, x, y + 54, std::to_string(n), kGrey);
  }
}

void draw_distances(Painter& p, const Variant& v, int y) {
  int column = 0;
  for (const auto& [key, tv] : v.distance) {
    int x = kDistance + column++ * kDistanceStep;
    double d = std::clamp(tv, 0.0, 1.0);
    p.rect(x, y + 6, kDistanceStep - 14, 30, kTrack);
    int h = static_cast<int>(std::lround(30 * d));
    p.rect(x, y + 36 - h, kDistanceStep - 14, std::max(h, d > 0 ? 1 : 0), d > 0.1 ? kBad : kBar);
    p.label(p.small, x, y + 54, format("%.2f", d), d > 0.1 ? kBad : kInk);
  }
}

void draw_holdout(Painter& p, const SuiteSummary& summary, const Variant& v, int y) {
  if (summary.holdout.empty()) {
    p.label(p.small, kHoldout, y + 30, "-", kGrey);
    return;
  }
  std::uint64_t holding = v.holdout_trains, samples = v.counts.samples;
  if (v.holdout) {
    bool ok = holding == samples;
    p.label(p.text, kHoldout, y + 26,
            "covers " + format("%.0f%%", samples ? 100.0 * holding / samples : 0.0),
            ok ? kGood : kBad);
    p.label(p.small, kHoldout, y + 46, "hold-out test", kGrey);
  } else {
    p.label(p.text, kHoldout, y + 26, "leak " + std::to_string(holding),
            holding == 0 ? kGood : kBad);
    p.label(p.small, kHoldout, y + 46, "must be 0", kGrey);
  }
}

void draw_confounder(Painter& p, const Variant& v, int y) {
  if (v.confounders.empty()) {
    p.label(p.small, kConfounder, y + 30, "-", kGrey);
    return;
  }
  const SuiteConfounder& c = v.confounders[0];  // the picture shows the first; summary.md has all
  double e = c.east_share, w = c.west_share;
  int width = 60;
  p.rect(kConfounder, y + 8, width, 12, kTrack);
  p.rect(kConfounder, y + 8, static_cast<int>(std::lround(e * width)), 12, kEast);
  p.rect(kConfounder, y + 24, width, 12, kTrack);
  p.rect(kConfounder, y + 24, static_cast<int>(std::lround(w * width)), 12, kWest);
  p.label(p.small, kConfounder + width + 6, y + 19, format("E %.2f", e), kInk);
  p.label(p.small, kConfounder + width + 6, y + 35, format("W %.2f", w), kInk);
  p.label(p.small, kConfounder, y + 54, "strength " + format("%+.2f", e - w), kGrey);
}

void draw_header(Painter& p, const SuiteSummary& summary) {
  std::string title = "Suite " + summary.suite + "   (seed " + std::to_string(summary.seed) + ", " +
                      std::to_string(summary.variants.size()) +
                      " variants; distances: " + "total variation to '" + summary.reference + "')";
  p.label(p.text, kName, 26, title, kInk);
  int y = kTop - 16;
  p.label(p.small, kName, y,
          summary.curriculum ? "task: rule, cars, scene" : "variant: rule, cars, scene", kGrey);
  p.label(p.small, kSize, y, "samples", kGrey);
  p.label(p.small, kBalance, y, "east / west", kGrey);
  p.label(p.small, kLengths, y, "train lengths (cars)", kGrey);
  int column = 0;
  for (const auto& [key, tv] : summary.variants.at(0).distance) {
    std::string name = key == "cars_per_train" ? "cars"
                       : key == "load_shape"   ? "load"
                       : key == "load_count"   ? "loads"
                                               : key;
    p.label(p.small, kDistance + column++ * kDistanceStep, y, name, kGrey, kDistanceStep - 4);
  }
  p.label(p.small, kDistance, y - 18,
          "distance to the training set (total variation, 0 to 1; red above 0.1)", kGrey);
  p.label(p.small, kHoldout, y, "hold-out", kGrey);
  std::string attribute = summary.confounders.empty() ? "" : summary.confounders[0];
  p.label(p.small, kConfounder, y - 18, "confounder", kGrey);
  p.label(p.small, kConfounder, y, attribute, kGrey, kWidth - kConfounder - 4);
  p.rect(0, kTop - 6, kWidth, 1, kRule);
}

}  // namespace

Image<Rgb8> summary_picture(const SuiteSummary& summary) {
  const std::vector<Variant>& variants = summary.variants;
  int shortest = 1000, longest = 0;
  for (const Variant& v : variants)
    for (const auto& [n, count] : v.counts.cars_per_train) {
      shortest = std::min(shortest, static_cast<int>(n));
      longest = std::max(longest, static_cast<int>(n));
    }
  if (longest < shortest) shortest = longest = 1;
  Image<Rgb8> image(kWidth, kTop + static_cast<int>(variants.size()) * kRowHeight + 8, kPaper);
  Painter p{image, TextPainter(default_font(), 17), TextPainter(default_font(), 13)};
  draw_header(p, summary);
  int task = 0;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const Variant& v = variants[i];
    int y = kTop + static_cast<int>(i) * kRowHeight;
    if (i % 2 == 1) p.rect(0, y - 4, kWidth, kRowHeight, kStripe);
    std::string name = v.name;
    if (summary.curriculum) name = std::to_string(++task) + ". " + name;
    if (v.name == summary.reference) name += "  (train)";
    p.label(p.text, kName, y + 22, name, kInk, kSize - kName - 10);
    std::string what = v.rule + ", " + v.cars + " cars, " + v.scene;
    if (v.supervision < 1.0) what += format(", %.0f%% labelled", 100 * v.supervision);
    if (v.label_noise > 0.0) what += format(", %.0f%% noise", 100 * v.label_noise);
    p.label(p.small, kName, y + 44, what, kGrey, kSize - kName - 10);
    p.label(p.text, kSize, y + 26, std::to_string(v.counts.samples), kInk);
    draw_balance(p, v, y);
    draw_lengths(p, v, y, shortest, longest);
    draw_distances(p, v, y);
    draw_holdout(p, summary, v, y);
    draw_confounder(p, v, y);
  }
  return image;
}

}  // namespace railyard
