#include "tools/lib/sheet/contact_sheet.h"

#include <gtest/gtest.h>

namespace railyard {
namespace {

// Parts: 1 the locomotive (car 0), 2 and 3 parts of car 1, 4 a part of car 2.
std::vector<Part> parts() {
  std::vector<Part> p(4);
  p[0].car = 0;
  p[1].car = 1;
  p[2].car = 1;
  p[3].car = 2;
  return p;
}

TEST(ContactSheet, CarBoxHoldsEveryPixelOfTheCarsParts) {
  Image<std::uint32_t> ids(20, 10, 0);
  ids.at(2, 2) = 1;  // the locomotive: not the car
  ids.at(5, 3) = 2;
  ids.at(9, 7) = 3;
  ids.at(15, 1) = 4;  // another car
  EXPECT_EQ(car_box(ids, parts(), 1), (PixelBox{5, 3, 5, 5}));
  EXPECT_EQ(car_box(ids, parts(), 2), (PixelBox{15, 1, 1, 1}));
  EXPECT_TRUE(car_box(ids, parts(), 3).empty());
}

TEST(ContactSheet, CellsShareOneWindowPlacedOnTheirOwnCar) {
  // Two 100x50 frames, each with one marked pixel at its car's centre.
  std::vector<SheetCell> cells(2);
  cells[0].image = Image<Rgb8>(100, 50, Rgb8{10, 10, 10});
  cells[1].image = Image<Rgb8>(100, 50, Rgb8{10, 10, 10});
  cells[0].image.at(30, 20) = Rgb8{255, 0, 0};
  cells[1].image.at(95, 45) = Rgb8{0, 255, 0};  // near the corner: the window stays inside
  std::vector<PixelBox> boxes = {{20, 10, 21, 21}, {90, 40, 11, 11}};
  crop_cells(cells, boxes, 2, 100);
  // Window 25 x 25 (largest box plus the margins), enlarged 4 times (100 / 25).
  for (const SheetCell& c : cells) {
    EXPECT_EQ(c.image.width, 100);
    EXPECT_EQ(c.image.height, 100);
  }
  // The first car's centre pixel lands in the middle of its cell, as a 4 x 4 square.
  EXPECT_EQ(cells[0].image.at(12 * 4, 12 * 4), (Rgb8{255, 0, 0}));
  EXPECT_EQ(cells[0].image.at(12 * 4 + 3, 12 * 4 + 3), (Rgb8{255, 0, 0}));
  // The second window is pushed back inside the frame: x from 75, y from 25.
  EXPECT_EQ(cells[1].image.at((95 - 75) * 4, (45 - 25) * 4), (Rgb8{0, 255, 0}));
}

TEST(ContactSheet, NoCarSeenKeepsTheWholeFrames) {
  std::vector<SheetCell> cells(1);
  cells[0].image = Image<Rgb8>(40, 30);
  crop_cells(cells, {PixelBox{}}, 3, 200);
  EXPECT_EQ(cells[0].image.width, 40);
  EXPECT_EQ(cells[0].image.height, 30);
}

TEST(ContactSheet, EveryValueOfEveryDescriptorHasAnEntry) {
  auto entries = sheet_entries(Vocabulary::Blocks, 0);
  std::size_t values = 0;
  for (Descriptor d : kDescriptors) values += descriptor_values(d).size();
  EXPECT_EQ(entries.size(), values);
  EXPECT_EQ(entries.front().caption, "shape: yellow");
  bool platform = false;
  for (const SheetEntry& e : entries) platform = platform || e.caption == "roof: hemisphere";
  EXPECT_TRUE(platform);
}

}  // namespace
}  // namespace railyard
