// The masks of many pixel sets, built in one pass over an id image: each id belongs to any number
// of masks (a part's own mask and its car's, for example), so every mask, its area and its
// visible box come out of a single walk over the pixels.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tools/lib/records/annotations/pixel_box.h"
#include "tools/lib/records/annotations/rle.h"
#include "util/image.h"

namespace railyard {

// Which masks the pixels of each id belong to. Ids without masks (0, the unannotated ground) are
// skipped.
class MaskMembership {
 public:
  MaskMembership(std::uint32_t id_count, int mask_count);

  void add(std::uint32_t id, int mask);

  std::uint32_t id_count() const { return static_cast<std::uint32_t>(masks_of_id_.size()); }
  int mask_count() const { return mask_count_; }
  std::span<const int> masks_of(std::uint32_t id) const { return masks_of_id_[id]; }

 private:
  std::vector<std::vector<int>> masks_of_id_;
  int mask_count_ = 0;
};

struct VisibleMask {
  Rle rle;
  PixelBox box;  // tight box of the mask's pixels, as pycocotools' toBbox
  std::uint64_t area = 0;
};

// Throws std::invalid_argument when the image holds an id outside the membership table.
std::vector<VisibleMask> encode_masks(const Image<std::uint32_t>& ids,
                                      const MaskMembership& membership);

}  // namespace railyard
