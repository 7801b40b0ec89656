#include "tools/lib/records/annotations/rle.h"

#include <algorithm>
#include <stdexcept>

namespace railyard {
namespace {

std::uint64_t pixel_count(int height, int width) {
  return static_cast<std::uint64_t>(std::max(height, 0)) *
         static_cast<std::uint64_t>(std::max(width, 0));
}

}  // namespace

Rle encode_mask(const Image<std::uint8_t>& mask) {
  Rle rle{mask.height, mask.width, {}};
  std::uint8_t previous = 0;
  std::uint32_t run = 0;
  for (int x = 0; x < mask.width; ++x) {
    for (int y = 0; y < mask.height; ++y) {
      std::uint8_t inside = mask.at(x, y) != 0;
      if (inside != previous) {
        rle.counts.push_back(run);
        run = 0;
        previous = inside;
      }
      ++run;
    }
  }
  rle.counts.push_back(run);
  return rle;
}

Image<std::uint8_t> decode_mask(const Rle& rle) {
  Image<std::uint8_t> mask(rle.width, rle.height);
  std::uint64_t total = pixel_count(rle.height, rle.width);
  std::uint64_t k = 0;
  std::uint8_t value = 0;
  for (std::uint32_t count : rle.counts) {
    for (std::uint64_t end = std::min<std::uint64_t>(k + count, total); k < end; ++k) {
      auto x = static_cast<int>(k / static_cast<std::uint64_t>(rle.height));
      auto y = static_cast<int>(k % static_cast<std::uint64_t>(rle.height));
      mask.at(x, y) = value;
    }
    value ^= 1;
  }
  return mask;
}

std::string rle_to_string(const Rle& rle) {
  std::string out;
  out.reserve(rle.counts.size() * 3);
  for (std::size_t i = 0; i < rle.counts.size(); ++i) {
    std::int64_t x = rle.counts[i];
    if (i > 2) x -= static_cast<std::int64_t>(rle.counts[i - 2]);
    bool more = true;
    while (more) {
      int c = static_cast<int>(x & 0x1f);
      x >>= 5;  // arithmetic: negative deltas end in a group of ones
      more = (c & 0x10) ? x != -1 : x != 0;
      if (more) c |= 0x20;
      out.push_back(static_cast<char>(c + 48));
    }
  }
  return out;
}

Rle rle_from_string(std::string_view counts, int height, int width) {
  if (height < 0 || width < 0) throw std::invalid_argument("RLE mask size is negative");
  Rle rle{height, width, {}};
  std::size_t p = 0;
  std::uint64_t covered = 0;
  while (p < counts.size()) {
    std::int64_t x = 0;
    int k = 0;
    bool more = true;
    while (more) {
      if (p >= counts.size()) throw std::invalid_argument("RLE string ends inside a count");
      int c = counts[p] - 48;
      if (c < 0 || c > 63)
        throw std::invalid_argument("RLE string has character '" + std::string(1, counts[p]) +
                                    "' outside '0'..'o' at offset " + std::to_string(p));
      if (k >= 7) throw std::invalid_argument("RLE string has a count longer than 32 bits");
      x |= static_cast<std::int64_t>(c & 0x1f) << (5 * k);
      more = (c & 0x20) != 0;
      ++p;
      ++k;
      if (!more && (c & 0x10)) x |= static_cast<std::int64_t>(-1) << (5 * k);
    }
    std::size_t m = rle.counts.size();
    if (m > 2) x += rle.counts[m - 2];
    if (x < 0 || x > UINT32_MAX)
      throw std::invalid_argument("RLE string decodes to run " + std::to_string(m) + " of length " +
                                  std::to_string(x));
    rle.counts.push_back(static_cast<std::uint32_t>(x));
    covered += static_cast<std::uint64_t>(x);
  }
  if (covered != pixel_count(height, width))
    throw std::invalid_argument("RLE runs cover " + std::to_string(covered) + " pixels, but a " +
                                std::to_string(height) + "x" + std::to_string(width) +
                                " mask has " + std::to_string(pixel_count(height, width)));
  return rle;
}

std::uint64_t rle_area(const Rle& rle) {
  std::uint64_t area = 0;
  for (std::size_t i = 1; i < rle.counts.size(); i += 2) area += rle.counts[i];
  return area;
}

PixelBox rle_bbox(const Rle& rle) {
  // As maskApi's rleToBbox: walk the first and last pixel of every run of ones; a run that wraps
  // from one column into the next covers the full height.
  std::size_t m = rle.counts.size() / 2 * 2;
  if (m == 0 || rle.height <= 0) return {};
  auto h = static_cast<std::uint64_t>(rle.height);
  std::uint64_t xs = static_cast<std::uint64_t>(rle.width), ys = h, xe = 0, ye = 0;
  std::uint64_t cc = 0, xp = 0;
  bool any = false;
  for (std::size_t j = 0; j < m; ++j) {
    cc += rle.counts[j];
    if (j % 2 == 1 && rle.counts[j] == 0) continue;  // an empty run of ones marks no pixel
    if (j % 2 == 0 && rle.counts[j + 1] == 0) continue;
    std::uint64_t t = cc - j % 2;
    std::uint64_t y = t % h, x = (t - y) / h;
    if (j % 2 == 0)
      xp = x;
    else if (xp < x) {
      ys = 0;
      ye = h - 1;
    }
    xs = std::min(xs, x);
    xe = std::max(xe, x);
    ys = std::min(ys, y);
    ye = std::max(ye, y);
    any = true;
  }
  if (!any) return {};
  return {static_cast<int>(xs), static_cast<int>(ys), static_cast<int>(xe - xs + 1),
          static_cast<int>(ye - ys + 1)};
}

}  // namespace railyard
