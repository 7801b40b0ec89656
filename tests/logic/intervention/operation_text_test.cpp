// The textual form of operations: canonical formatting, round trips, both vocabularies and the
// aliases, and messages that name the operation and the column of a mistake.
#include <gtest/gtest.h>

#include "logic/intervention/operation.h"

namespace railyard {
namespace {

// One operation of every kind, written canonically.
const std::vector<std::string> kCanonical = {
    "swap_loads(1,3)",
    "move_loads(1,3)",
    "move_loads(2,1,2)",
    "set(2, roof=none)",
    "set(1, shape=hexagon, length=long)",
    "set(3, shape=u_shaped, length=short, wall=double, roof=peaked, axles=2, "
    "load_shape=utriangle, load_count=2)",
    "set(4, load_count=0)",
    "swap_cars(1,2)",
    "move(4,1)",
    "insert(2, hexagon,short,not_double,none,2,circle,1)",
    "insert(1, rectangle,long,double,jagged,3,none,0)",
    "delete(3)",
};

TEST(OperationText, CanonicalTextRoundTrips) {
  for (const std::string& text : kCanonical) {
    Operation op = parse_operation(text);
    EXPECT_EQ(format_operation(op), text);
    EXPECT_EQ(parse_operation(format_operation(op)), op) << text;
  }
}

TEST(OperationText, ParsesEveryKindToItsValue) {
  EXPECT_EQ(parse_operation("swap_loads(1,3)"), Operation::swap_loads(1, 3));
  EXPECT_EQ(parse_operation("move_loads(1,3)"), Operation::move_loads(1, 3));
  EXPECT_EQ(parse_operation("move_loads(1,3,2)"), Operation::move_loads(1, 3, 2));
  EXPECT_EQ(parse_operation("set(2, roof=none)"), Operation::set(2, Descriptor::Roof, 0));
  EXPECT_EQ(parse_operation("swap_cars(1,2)"), Operation::swap_cars(1, 2));
  EXPECT_EQ(parse_operation("move(4,1)"), Operation::move(4, 1));
  EXPECT_EQ(parse_operation("delete(3)"), Operation::remove(3));
  Car car = make_car(2, Shape::Hexagon, Length::Short, Wall::NotDouble, Roof::None, 2,
                     LoadShape::Circle, 1);
  EXPECT_EQ(parse_operation("insert(2, hexagon,short,not_double,none,2,circle,1)"),
            Operation::insert(2, car));
  Operation set = parse_operation("set(1, color=red, length=long)");
  EXPECT_EQ(set.assigned(Descriptor::Shape), static_cast<int>(Shape::Hexagon));
  EXPECT_EQ(set.assigned(Descriptor::Length), static_cast<int>(Length::Long));
  EXPECT_EQ(set.assigned(Descriptor::Roof), std::nullopt);
}

TEST(OperationText, AcceptsEveryVocabularyAndAlias) {
  // V-LoL Trains names and aliases give the same operation as Michalski names.
  EXPECT_EQ(parse_operation("set(1, color=red, wheels=3, load=barrel, loads=2)"),
            parse_operation("set(1, shape=hexagon, axles=3, load_shape=circle, load_count=2)"));
  EXPECT_EQ(parse_operation("set(2, roof=solid_roof, wall=braced_wall)"),
            parse_operation("set(2, roof=flat, wall=double)"));
  // Blocks names.
  EXPECT_EQ(parse_operation("set(2, roof=hemisphere, wall=black_top, payload=cube)"),
            parse_operation("set(2, roof=flat, wall=double, load_shape=circle)"));
  // The issue's own example puts the length first; the values tell which is which.
  EXPECT_EQ(parse_operation("insert(2, short,red,solid_wall,none,2,barrel,1)"),
            parse_operation("insert(2, red,short,solid_wall,none,2,barrel,1)"));
  EXPECT_EQ(parse_operation("insert(1, red,short,solid_wall,none,2,golden_vase,1)"),
            parse_operation("insert(1, hexagon,short,not_double,none,2,triangle,1)"));
  EXPECT_EQ(format_operation(parse_operation("set(1, colour=blue, load_num=3)")),
            "set(1, shape=u_shaped, load_count=3)");
}

TEST(OperationText, WhitespaceIsFree) {
  EXPECT_EQ(parse_operation("  swap_loads ( 1 , 3 )  "), Operation::swap_loads(1, 3));
  EXPECT_EQ(format_operation(parse_operation("set(2,roof = none,  color=red)")),
            "set(2, shape=hexagon, roof=none)");
}

TEST(OperationText, LoadShapeNoneMeansNoLoads) {
  EXPECT_EQ(parse_operation("set(1, load_shape=none)"),
            Operation::set(1, Descriptor::LoadCount, 0));
  EXPECT_EQ(parse_operation("set(1, load=none, loads=0)"),
            Operation::set(1, Descriptor::LoadCount, 0));
  // A car without loads is written with load shape none, whatever shape it was given.
  EXPECT_EQ(format_operation(parse_operation("insert(1, rectangle,long,double,none,2,circle,0)")),
            "insert(1, rectangle,long,double,none,2,none,0)");
}

TEST(OperationText, SequencesRoundTrip) {
  std::string text = "swap_loads(1,3);set(2, roof = none) ;  delete(1)";
  std::vector<Operation> ops = parse_operations(text);
  ASSERT_EQ(ops.size(), 3u);
  EXPECT_EQ(ops[1], Operation::set(2, Descriptor::Roof, 0));
  EXPECT_EQ(format_operations(ops), "swap_loads(1,3); set(2, roof=none); delete(1)");
  EXPECT_EQ(parse_operations(format_operations(ops)), ops);
}

// The message of the InterventionError that parsing `text` throws.
std::string parse_error(std::string_view text) {
  try {
    parse_operations(text);
  } catch (const InterventionError& e) {
    return e.what();
  }
  ADD_FAILURE() << "'" << text << "' parsed";
  return "";
}

TEST(OperationText, MalformedTextNamesOperationAndColumn) {
  struct Case {
    std::string text, expected;
  };
  const std::vector<Case> cases = {
      {"swap_loads(1,x)", "operation 1 'swap_loads(1,x)', column 14: 'x' is not a car position"},
      {"swap_loads(1,3); set(2, roof=nne)",
       "operation 2 'set(2, roof=nne)', column 30: 'nne' is not a value of roof"},
      {"sway_loads(1,3)", "column 1: unknown operation 'sway_loads'"},
      {"delete 3", "column 1: expected '(' after the operation's name"},
      {"delete(3", "column 9: missing ')'"},
      {"delete(3) x", "column 10: unexpected text after ')'"},
      {"delete()", "column 8: expected arguments before ')'"},
      {"swap_cars(1,,2)", "column 13: empty argument"},
      {"swap_cars(1)", "expected swap_cars(car, car), got 1 argument"},
      {"move_loads(1,2,0)", "column 16: '0' is not a load count of at least 1"},
      {"delete(0)", "'0' is not a car position"},
      {"delete(-1)", "'-1' is not a car position"},
      {"delete(99999999999)", "'99999999999' is not a car position"},
      {"set(1)", "expected set(car, key=value, ...)"},
      {"set(1, roof)", "column 8: expected key=value"},
      {"set(1, colr=red)", "column 8: unknown key 'colr'"},
      {"set(1, color=red, shape=blue)", "column 19: shape is set twice"},
      {"set(1, axles=4)", "'4' is not a value of axles"},
      {"set(1, load=none, loads=2)", "load_shape=none contradicts load_count=2"},
      {"insert(1, red,short)",
       "expected insert(position, shape, length, wall, roof, axles, "
       "load_shape, load_count), got 3 arguments"},
      {"insert(1, short,long,solid_wall,none,2,barrel,1)",
       "column 11: 'short' is not a value of "
       "shape"},
      {"insert(1, red,short,solid_wall,none,2,none,1)", "load shape 'none' with 1 loads"},
      {"insert(1, red,short,solid_wall,none,3,barrel,1)", "breaks the visual constraints"},
      {"delete(1);", "operation 2 '', column 11: empty operation"},
      {"", "operation 1 '', column 1: empty operation"},
  };
  for (const Case& c : cases)
    EXPECT_NE(parse_error(c.text).find(c.expected), std::string::npos)
        << c.text << " gave: " << parse_error(c.text);
}

TEST(OperationText, SingleOperationRefusesSequence) {
  EXPECT_THROW(parse_operation("delete(1); delete(2)"), InterventionError);
}

}  // namespace
}  // namespace railyard
