#include "tools/lib/score/report/thumbnail.h"

#include <algorithm>

#include "scenes/part.h"

namespace railyard::score {

Image<Rgb8> downscale(const Image<Rgb8>& image, int max_width) {
  int factor = std::max(1, (image.width + max_width - 1) / max_width);
  if (factor == 1) return image;
  Image<Rgb8> out(image.width / factor, image.height / factor);
  const int area = factor * factor;
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      int r = 0, g = 0, b = 0;
      for (int dy = 0; dy < factor; ++dy) {
        for (int dx = 0; dx < factor; ++dx) {
          const Rgb8& p = image.at(x * factor + dx, y * factor + dy);
          r += p.r, g += p.g, b += p.b;
        }
      }
      out.at(x, y) = {static_cast<std::uint8_t>((r + area / 2) / area),
                      static_cast<std::uint8_t>((g + area / 2) / area),
                      static_cast<std::uint8_t>((b + area / 2) / area)};
    }
  }
  return out;
}

const std::vector<KindColour>& part_kind_colours() {
  static const std::vector<KindColour> colours = {
      {"locomotive", {148, 103, 189}}, {"body", {255, 127, 14}},   {"wall", {44, 160, 44}},
      {"roof", {214, 39, 40}},         {"wheels", {31, 119, 180}}, {"payload", {240, 200, 0}},
  };
  return colours;
}

namespace {

const Rgb8* colour_of(PartKind kind) {
  for (const KindColour& entry : part_kind_colours())
    if (entry.kind == part_kind_name(kind)) return &entry.colour;
  return nullptr;
}

std::uint8_t mix(std::uint8_t a, std::uint8_t b, int weight_b) {  // weight of b in 1/256
  return static_cast<std::uint8_t>((a * (256 - weight_b) + b * weight_b) >> 8);
}

Rgb8 mix(const Rgb8& a, const Rgb8& b, int weight_b) {
  return {mix(a.r, b.r, weight_b), mix(a.g, b.g, weight_b), mix(a.b, b.b, weight_b)};
}

}  // namespace

Image<Rgb8> mask_overlay(const Image<Rgb8>& image, const SampleRecord& record) {
  Image<Rgb8> out = image;
  for (const PartRecord& part : record.parts) {
    const Rgb8* colour = colour_of(part.kind);
    const Rle& rle = part.region.mask;
    if (!colour || part.region.area == 0 || rle.width != image.width || rle.height != image.height)
      continue;
    Image<std::uint8_t> mask = decode_mask(rle);
    for (std::size_t k = 0; k < mask.pixels.size(); ++k)
      if (mask.pixels[k]) out.pixels[k] = mix(image.pixels[k], *colour, 150);
  }
  return out;
}

Image<Rgb8> difference_overlay(const Image<Rgb8>& image, const Rle& difference) {
  Image<Rgb8> out(image.width, image.height);
  const bool fits = difference.width == image.width && difference.height == image.height;
  Image<std::uint8_t> mask = fits ? decode_mask(difference) : Image<std::uint8_t>();
  for (std::size_t k = 0; k < image.pixels.size(); ++k) {
    const Rgb8& p = image.pixels[k];
    auto grey = static_cast<std::uint8_t>(128 + (p.r * 77 + p.g * 150 + p.b * 29) / 512);
    out.pixels[k] = fits && mask.pixels[k] ? Rgb8{230, 0, 160} : Rgb8{grey, grey, grey};
  }
  return out;
}

}  // namespace railyard::score
