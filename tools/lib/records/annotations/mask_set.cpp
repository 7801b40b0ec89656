#include "tools/lib/records/annotations/mask_set.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace railyard {
namespace {

// Accumulates one mask's runs from column-major runs of ones reported in increasing order.
struct MaskBuilder {
  std::vector<std::uint32_t> counts;
  std::uint32_t run_start = 0;
  std::uint32_t run_end = 0;  // one past the last pixel of the open run of ones
  bool open = false;
  int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive pixel extent
  std::uint64_t area = 0;

  void add(std::uint32_t start, std::uint32_t length, int x, int y) {
    area += length;
    if (open && start == run_end) {
      run_end += length;  // continues the run, e.g. across parts of one car
    } else {
      if (open) counts.push_back(run_end - run_start);
      counts.push_back(start - run_end);  // the zeros since the last run
      run_start = start;
      run_end = start + length;
      open = true;
    }
    if (x1 < 0) {
      x0 = x;
      y0 = y;
      y1 = y + static_cast<int>(length) - 1;
    } else {
      y0 = std::min(y0, y);
      y1 = std::max(y1, y + static_cast<int>(length) - 1);
    }
    x1 = x;  // columns arrive left to right
  }

  VisibleMask finish(int height, int width) {
    auto total = static_cast<std::uint32_t>(height) * static_cast<std::uint32_t>(width);
    if (open) counts.push_back(run_end - run_start);
    if (!open || run_end < total) counts.push_back(total - run_end);
    VisibleMask mask;
    mask.rle = {height, width, std::move(counts)};
    if (x1 >= 0) mask.box = {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    mask.area = area;
    return mask;
  }
};

}  // namespace

MaskMembership::MaskMembership(std::uint32_t id_count, int mask_count)
    : masks_of_id_(id_count), mask_count_(mask_count) {}

void MaskMembership::add(std::uint32_t id, int mask) {
  if (id >= masks_of_id_.size() || mask < 0 || mask >= mask_count_)
    throw std::out_of_range("mask membership: id " + std::to_string(id) + " or mask " +
                            std::to_string(mask) + " out of range");
  auto& masks = masks_of_id_[id];
  if (std::find(masks.begin(), masks.end(), mask) == masks.end()) masks.push_back(mask);
}

std::vector<VisibleMask> encode_masks(const Image<std::uint32_t>& ids,
                                      const MaskMembership& membership) {
  std::vector<MaskBuilder> builders(static_cast<std::size_t>(membership.mask_count()));
  const int w = ids.width, h = ids.height;
  const std::uint32_t id_count = membership.id_count();
  const std::uint32_t* pixels = ids.pixels.data();
  // Column by column, as the runs are counted; each run of equal ids is handed to its masks.
  for (int x = 0; x < w; ++x) {
    const std::uint32_t* column = pixels + x;
    int y = 0;
    while (y < h) {
      std::uint32_t id = column[static_cast<std::size_t>(y) * w];
      int end = y + 1;
      while (end < h && column[static_cast<std::size_t>(end) * w] == id) ++end;
      if (id >= id_count)
        throw std::invalid_argument("the part id image holds id " + std::to_string(id) +
                                    " at pixel (" + std::to_string(x) + ", " + std::to_string(y) +
                                    "), but the scene has only " +
                                    std::to_string(id_count == 0 ? 0 : id_count - 1) + " parts");
      auto start = static_cast<std::uint32_t>(x) * static_cast<std::uint32_t>(h) +
                   static_cast<std::uint32_t>(y);
      for (int mask : membership.masks_of(id))
        builders[static_cast<std::size_t>(mask)].add(start, static_cast<std::uint32_t>(end - y), x,
                                                     y);
      y = end;
    }
  }
  std::vector<VisibleMask> masks;
  masks.reserve(builders.size());
  for (MaskBuilder& builder : builders) masks.push_back(builder.finish(h, w));
  return masks;
}

}  // namespace railyard
