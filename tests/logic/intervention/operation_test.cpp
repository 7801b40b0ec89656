// Every operation on a train: what it changes, the renumbering of cars, and each refusal with
// its reason.
#include "logic/intervention/operation.h"

#include <gtest/gtest.h>

#include "logic/sampler.h"
#include "tests/logic/intervention/printers.h"

namespace railyard {
namespace {

// 1: short rectangle, one triangle; 2: long rectangle, flat roof, three axles, two circles;
// 3: short hexagon, flat roof, no load; 4: long u_shaped, three rectangles.
Train example() {
  Train train;
  train.cars = {
      make_car(1, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2,
               LoadShape::Triangle, 1),
      make_car(2, Shape::Rectangle, Length::Long, Wall::NotDouble, Roof::Flat, 3, LoadShape::Circle,
               2),
      make_car(3, Shape::Hexagon, Length::Short, Wall::NotDouble, Roof::Flat, 2,
               LoadShape::Rectangle, 0),
      make_car(4, Shape::UShaped, Length::Long, Wall::Double, Roof::None, 2, LoadShape::Rectangle,
               3),
  };
  train.angle = 30;
  return train;
}

Train applied(std::string_view text, const Train& train = example()) {
  Expected<Train> out = apply_sequence(parse_operations(text), train);
  EXPECT_TRUE(out.has_value()) << text << ": " << out.reason();
  return out ? *out : train;
}

std::string refusal(std::string_view text, const Train& train = example()) {
  Expected<Train> out = apply_sequence(parse_operations(text), train);
  EXPECT_FALSE(out.has_value()) << text << " was not refused";
  return out.reason();
}

void expect_numbered(const Train& train) {
  for (std::size_t i = 0; i < train.cars.size(); ++i)
    EXPECT_EQ(train.cars[i].position, static_cast<int>(i) + 1);
}

TEST(Operation, SwapLoadsExchangesShapeAndCount) {
  Train after = applied("swap_loads(1,2)");
  EXPECT_EQ(after.cars[0].load_shape, LoadShape::Circle);
  EXPECT_EQ(after.cars[0].load_count, 2);
  EXPECT_EQ(after.cars[1].load_shape, LoadShape::Triangle);
  EXPECT_EQ(after.cars[1].load_count, 1);
  EXPECT_EQ(after.cars[2], example().cars[2]);
  EXPECT_EQ(after.angle, 30);
  // With an empty car: the loads move over and the other car is empty.
  after = applied("swap_loads(3,1)");
  EXPECT_EQ(after.cars[0].load_count, 0);
  EXPECT_EQ(after.cars[0].load_shape, LoadShape::Rectangle);  // no loads: the neutral shape
  EXPECT_EQ(after.cars[2].load_shape, LoadShape::Triangle);
}

TEST(Operation, MoveLoads) {
  Train after = applied("move_loads(1,3)");
  EXPECT_EQ(after.cars[0].load_count, 0);
  EXPECT_EQ(after.cars[2].load_shape, LoadShape::Triangle);
  EXPECT_EQ(after.cars[2].load_count, 1);
  after = applied("move_loads(4,3,2)");  // two of three rectangles
  EXPECT_EQ(after.cars[3].load_count, 1);
  EXPECT_EQ(after.cars[2].load_count, 2);
  EXPECT_EQ(after.cars[2].load_shape, LoadShape::Rectangle);
  // Onto a car with loads of the same shape: they add up.
  Train circles = applied("set(4, load_shape=circle, load_count=1)");
  after = applied("move_loads(4,2)", circles);
  EXPECT_EQ(after.cars[1].load_count, 3);
  EXPECT_EQ(after.cars[3].load_count, 0);
}

TEST(Operation, SetAttributes) {
  Train after = applied("set(2, roof=none, color=red, wall=double, wheels=2)");
  const Car& car = after.cars[1];
  EXPECT_EQ(car.roof, Roof::None);
  EXPECT_EQ(car.shape, Shape::Hexagon);
  EXPECT_EQ(car.wall, Wall::Double);
  EXPECT_EQ(car.axles, 2);
  EXPECT_EQ(car.load_count, 2);  // untouched
  // Shortening a long car together with what a short car needs.
  after = applied("set(2, length=short, axles=2)");
  EXPECT_EQ(after.cars[1].length, Length::Short);
  // Loads: a new shape, a new count, removal, and loads for an empty car.
  EXPECT_EQ(applied("set(1, load=diamond)").cars[0].load_shape, LoadShape::Diamond);
  EXPECT_EQ(applied("set(4, loads=1)").cars[3].load_count, 1);
  after = applied("set(1, load_shape=none)");
  EXPECT_EQ(after.cars[0].load_count, 0);
  EXPECT_EQ(after.cars[0].load_shape, LoadShape::Rectangle);
  after = applied("set(3, load_shape=circle, load_count=2)");
  EXPECT_EQ(after.cars[2].load_shape, LoadShape::Circle);
  EXPECT_EQ(after.cars[2].load_count, 2);
  // Setting what is already there changes nothing and is not refused.
  EXPECT_EQ(applied("set(1, roof=none)"), example());
}

TEST(Operation, RefusalsSayWhy) {
  struct Case {
    std::string text, reason;
  };
  const std::vector<Case> cases = {
      {"swap_loads(3,4)",
       "swap_loads(3,4): car 3 would be short with 3 loads (a short car carries at most 2)"},
      {"swap_loads(2,2)", "swap_loads(2,2): names car 2 twice"},
      {"swap_loads(1,5)", "swap_loads(1,5): the train has no car 5 (it has 4 cars)"},
      {"move_loads(1,2)",
       "move_loads(1,2): car 2 carries circle loads and car 1 triangle ones (a car's loads share "
       "one shape)"},
      {"move_loads(3,1)", "move_loads(3,1): car 3 carries no loads"},
      {"move_loads(2,3,3)", "move_loads(2,3,3): car 2 carries only 2 loads"},
      {"move_loads(4,3)",
       "move_loads(4,3): car 3 would be short with 3 loads (a short car carries at most 2)"},
      {"move_loads(4,4)", "move_loads(4,4): names car 4 twice"},
      {"move_loads(9,1)", "move_loads(9,1): the train has no car 9 (it has 4 cars)"},
      {"set(2, length=short)",
       "set(2, length=short): car 2 would be short with 3 axles (a short car has 2 axles)"},
      {"set(4, length=short)",
       "set(4, length=short): car 4 would be short with 3 loads (a short car carries at most 2)"},
      {"set(1, axles=3)",
       "set(1, axles=3): car 1 would be short with 3 axles (a short car has 2 axles)"},
      {"set(1, loads=3)",
       "set(1, load_count=3): car 1 would be short with 3 loads (a short car carries at most 2)"},
      {"set(3, load=circle)",
       "set(3, load_shape=circle): car 3 would carry no loads, so it takes no load shape"},
      {"set(3, loads=1)",
       "set(3, load_count=1): car 3 carries no loads: giving it loads needs a load_shape too"},
      {"set(5, roof=none)", "set(5, roof=none): the train has no car 5 (it has 4 cars)"},
  };
  for (const Case& c : cases) EXPECT_EQ(refusal(c.text), c.reason);
  // Operations built in code can carry what the parser never gives.
  Operation bad = Operation::set(1, Descriptor::Axles, 4);
  EXPECT_EQ(apply(bad, example()).reason(), "set(1, axles=4): 4 is not a value of axles");
  EXPECT_EQ(apply(Operation::set(1), example()).reason(), "set(1): sets no attribute");
  EXPECT_EQ(apply(Operation::set(1, Descriptor::Roof, 9), example()).reason(),
            "set(1, roof=9): 9 is not a value of roof");
}

TEST(Operation, SwapCarsRenumbers) {
  Train after = applied("swap_cars(1,3)");
  expect_numbered(after);
  EXPECT_EQ(after.cars[0].shape, Shape::Hexagon);
  EXPECT_EQ(after.cars[2].load_shape, LoadShape::Triangle);
  EXPECT_EQ(after.cars[1], example().cars[1]);
  EXPECT_EQ(refusal("swap_cars(3,3)"), "swap_cars(3,3): names car 3 twice");
}

TEST(Operation, MoveTakesACarOutAndPutsItBack) {
  Train after = applied("move(4,1)");
  expect_numbered(after);
  EXPECT_EQ(after.cars[0].shape, Shape::UShaped);
  EXPECT_EQ(after.cars[1].load_shape, LoadShape::Triangle);  // old car 1
  EXPECT_EQ(after.cars[3].shape, Shape::Hexagon);            // old car 3
  after = applied("move(1,3)");
  expect_numbered(after);
  EXPECT_EQ(after.cars[0].length, Length::Long);             // old car 2
  EXPECT_EQ(after.cars[1].shape, Shape::Hexagon);            // old car 3
  EXPECT_EQ(after.cars[2].load_shape, LoadShape::Triangle);  // old car 1
  EXPECT_EQ(after.cars[3].shape, Shape::UShaped);
  // Neighbours: a move is a swap.
  EXPECT_EQ(applied("move(2,3)"), applied("swap_cars(2,3)"));
  EXPECT_EQ(refusal("move(2,2)"), "move(2,2): names car 2 twice");
  EXPECT_EQ(refusal("move(2,5)"), "move(2,5): the train has no car 5 (it has 4 cars)");
}

TEST(Operation, InsertAndDeleteRenumber) {
  Train after = applied("insert(2, red,long,solid_wall,none,3,barrel,3)");
  ASSERT_EQ(after.cars.size(), 5u);
  expect_numbered(after);
  EXPECT_EQ(after.cars[1].shape, Shape::Hexagon);
  EXPECT_EQ(after.cars[1].load_count, 3);
  EXPECT_EQ(after.cars[2].shape, Shape::Rectangle);  // old car 2
  EXPECT_EQ(after.cars[4].shape, Shape::UShaped);    // old car 4
  after = applied("insert(5, red,short,solid_wall,none,2,none,0)");
  EXPECT_EQ(after.cars.back().shape, Shape::Hexagon);
  after = applied("delete(1)");
  ASSERT_EQ(after.cars.size(), 3u);
  expect_numbered(after);
  EXPECT_EQ(after.cars[0].length, Length::Long);
  // A sequence sees the renumbered train: delete(1) twice removes the first two cars.
  EXPECT_EQ(applied("delete(1); delete(1)").cars[0].shape, Shape::Hexagon);
}

TEST(Operation, InsertAndDeleteRefusals) {
  EXPECT_EQ(refusal("insert(6, red,short,solid_wall,none,2,none,0)"),
            "insert(6, hexagon,short,not_double,none,2,none,0): a train of 4 cars takes a new car "
            "at positions 1 to 5");
  Train longest;
  for (int p = 1; p <= kMaxCars; ++p)
    longest.cars.push_back(make_car(p, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None,
                                    2, LoadShape::Rectangle, 0));
  EXPECT_EQ(refusal("insert(1, red,short,solid_wall,none,2,none,0)", longest),
            "insert(1, hexagon,short,not_double,none,2,none,0): the train already has 20 cars, "
            "the most it may have");
  Train one;
  one.cars = {example().cars[0]};
  EXPECT_EQ(refusal("delete(1)", one), "delete(1): a train keeps at least one car");
  EXPECT_EQ(refusal("delete(5)"), "delete(5): the train has no car 5 (it has 4 cars)");
  Operation bad = Operation::insert(1, make_car(1, Shape::Rectangle, Length::Short, Wall::NotDouble,
                                                Roof::None, 3, LoadShape::Rectangle, 0));
  EXPECT_EQ(apply(bad, example()).reason(),
            "insert(1, rectangle,short,not_double,none,3,none,0): the new car would be short with "
            "3 axles (a short car has 2 axles)");
  Car odd = example().cars[0];
  odd.roof = static_cast<Roof>(9);
  EXPECT_EQ(apply(Operation::insert(1, odd), example()).reason(),
            "insert(1, rectangle,short,not_double,9,2,triangle,1): 9 is not a value of roof");
}

TEST(Operation, SequenceRefusalNamesItsPlaceAndLeavesTheTrain) {
  Train base = example();
  EXPECT_EQ(refusal("delete(1); delete(9); delete(2)"),
            "operation 2 of 3, delete(9): the train has no car 9 (it has 3 cars)");
  EXPECT_EQ(base, example());
}

TEST(Operation, TryApplyAgreesWithApply) {
  Train base = example();
  for (std::string_view text : {"swap_loads(3,4)", "move_loads(1,2)", "set(2, length=short)",
                                "delete(5)", "swap_loads(1,2)", "move(4,1)"}) {
    Operation op = parse_operation(text);
    Train scratch = base;
    EXPECT_EQ(try_apply(op, scratch), apply(op, base).has_value()) << text;
  }
}

TEST(Operation, ExpectedWithoutValueThrowsWithTheReason) {
  Expected<Train> refused = apply(Operation::remove(9), example());
  EXPECT_THROW(refused.value(), std::logic_error);
  EXPECT_EQ(apply(Operation::remove(1), example()).reason(), "");
}

}  // namespace
}  // namespace railyard
