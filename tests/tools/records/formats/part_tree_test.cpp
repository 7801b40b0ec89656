#include "tools/lib/records/formats/part_tree.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/tools/records/formats/box_train.h"

namespace railyard {
namespace {

PartRecord Part(std::uint32_t id, PartKind kind, int car = 0, int payload = -1) {
  PartRecord part;
  part.id = id;
  part.kind = kind;
  part.car = car;
  part.payload = payload;
  return part;
}

// Car 1 of MakeTrain carries two loads, car 2 none.
std::vector<PartRecord> Parts() {
  return {Part(1, PartKind::Locomotive),    Part(2, PartKind::Rail),
          Part(3, PartKind::Body, 1),       Part(4, PartKind::Wall, 1),
          Part(5, PartKind::Roof, 1),       Part(6, PartKind::Wheels, 1),
          Part(7, PartKind::Payload, 1, 1), Part(8, PartKind::Payload, 1, 0),
          Part(9, PartKind::Body, 2),       Part(10, PartKind::Wheels, 2)};
}

TEST(PartTree, EachCarHoldsItsParts) {
  Train train = testing::MakeTrain().train;
  std::vector<PartRecord> parts = Parts();
  PartTree tree = part_tree(train, parts);
  EXPECT_EQ(tree.locomotive, &parts[0]);
  EXPECT_EQ(tree.rail, &parts[1]);
  ASSERT_EQ(tree.cars.size(), 2u);
  const CarPartTree& first = tree.cars[0];
  EXPECT_EQ(first.body, &parts[2]);
  EXPECT_EQ(first.wall, &parts[3]);
  EXPECT_EQ(first.roof, &parts[4]);
  EXPECT_EQ(first.wheels, &parts[5]);
  EXPECT_EQ(first.payloads, (std::vector<const PartRecord*>{&parts[7], &parts[6]}));
  const CarPartTree& second = tree.cars[1];
  EXPECT_EQ(second.body, &parts[8]);
  EXPECT_EQ(second.wall, nullptr);  // not annotated
  EXPECT_EQ(second.roof, nullptr);
  EXPECT_EQ(second.wheels, &parts[9]);
  EXPECT_TRUE(second.payloads.empty());
}

TEST(PartTree, LoadsWithoutAPartKeepTheirSlot) {
  Train train = testing::MakeTrain().train;
  std::vector<PartRecord> parts = {Part(1, PartKind::Payload, 1, 1)};
  PartTree tree = part_tree(train, parts);
  EXPECT_EQ(tree.locomotive, nullptr);
  EXPECT_EQ(tree.cars[0].payloads, (std::vector<const PartRecord*>{nullptr, &parts[0]}));
}

TEST(PartTree, PartsThatDoNotFitTheTrainAreNamed) {
  Train train = testing::MakeTrain().train;
  auto refused = [&](PartRecord extra, const std::string& message) {
    std::vector<PartRecord> parts = Parts();
    parts.push_back(extra);
    try {
      part_tree(train, parts);
      ADD_FAILURE() << "accepted: " << message;
    } catch (const PartTreeError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  };
  refused(Part(11, PartKind::Wall, 3), "part 11 (wall of car 3) names a car the train (2 cars)");
  refused(Part(11, PartKind::Roof, 0), "names a car");
  refused(Part(11, PartKind::Payload, 2, 0), "is not a load: the car carries 0");
  refused(Part(11, PartKind::Payload, 1, 2), "is not a load: the car carries 2");
  refused(Part(11, PartKind::Wheels, 2), "part 11 (wheels of car 2) and part 10");
  refused(Part(11, PartKind::Rail), "are the same object");
  refused(Part(11, PartKind::Locomotive), "and part 1 (");
}

}  // namespace
}  // namespace railyard
