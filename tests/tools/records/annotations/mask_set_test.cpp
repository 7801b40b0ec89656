#include "tools/lib/records/annotations/mask_set.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

namespace railyard::render {
namespace {

// Blocky id images with ids 0..id_count-1, like a rendering of parts.
Image<std::uint32_t> BlockyIds(int w, int h, std::uint32_t id_count, std::mt19937& rng) {
  Image<std::uint32_t> ids(w, h);
  for (int block = 0; block < 30; ++block) {
    int x0 = static_cast<int>(rng() % w), y0 = static_cast<int>(rng() % h);
    int x1 = std::min(w, x0 + 1 + static_cast<int>(rng() % 15));
    int y1 = std::min(h, y0 + 1 + static_cast<int>(rng() % 15));
    std::uint32_t id = rng() % id_count;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) ids.at(x, y) = id;
  }
  return ids;
}

TEST(MaskSet, OnePassEqualsOneMaskAtATime) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    int w = 1 + static_cast<int>(rng() % 60), h = 1 + static_cast<int>(rng() % 40);
    const std::uint32_t id_count = 8;
    Image<std::uint32_t> ids = BlockyIds(w, h, id_count, rng);
    // Masks 0..6: ids 1..7 alone; mask 7: the union of ids 1, 2, 3 (a car); mask 8: of 3..7.
    MaskMembership membership(id_count, 9);
    for (std::uint32_t id = 1; id < id_count; ++id) membership.add(id, static_cast<int>(id) - 1);
    for (std::uint32_t id : {1u, 2u, 3u}) membership.add(id, 7);
    for (std::uint32_t id : {3u, 4u, 5u, 6u, 7u}) membership.add(id, 8);
    std::vector<VisibleMask> masks = encode_masks(ids, membership);
    ASSERT_EQ(masks.size(), 9u);
    for (int m = 0; m < 9; ++m) {
      Image<std::uint8_t> expected(w, h);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          std::uint32_t id = ids.at(x, y);
          bool inside = m < 7 ? id == static_cast<std::uint32_t>(m) + 1
                              : (m == 7 ? (id >= 1 && id <= 3) : id >= 3);
          expected.at(x, y) = inside;
        }
      Rle rle = encode_mask(expected);
      EXPECT_EQ(masks[m].rle, rle) << "mask " << m;
      EXPECT_EQ(masks[m].area, rle_area(rle));
      EXPECT_EQ(masks[m].box, rle_bbox(rle));
    }
  }
}

TEST(MaskSet, RunsContinueAcrossColumnsAndIds) {
  // 2 columns of 3: ids 1 1 2 | 2 0 0 in column-major order. The union of 1 and 2 is one run.
  Image<std::uint32_t> ids(2, 3);
  ids.at(0, 0) = 1, ids.at(0, 1) = 1, ids.at(0, 2) = 2, ids.at(1, 0) = 2;
  MaskMembership membership(3, 1);
  membership.add(1, 0);
  membership.add(2, 0);
  std::vector<VisibleMask> masks = encode_masks(ids, membership);
  EXPECT_EQ(masks[0].rle.counts, (std::vector<std::uint32_t>{0, 4, 2}));
  EXPECT_EQ(masks[0].box, (PixelBox{0, 0, 2, 3}));
}

TEST(MaskSet, UnknownIdIsAnError) {
  Image<std::uint32_t> ids(4, 4, 0);
  ids.at(2, 3) = 9;
  MaskMembership membership(3, 2);
  try {
    encode_masks(ids, membership);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("id 9 at pixel (2, 3)"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace railyard::render
