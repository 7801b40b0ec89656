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
      {"delete(3) x", "column 11: unexpected text after ')': 'x'"},
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

TEST(OperationText, MissingSemicolonIsNamedWhereItIsMissing) {
  struct Case {
    std::string text, expected;
  };
  const std::vector<Case> cases = {
      // The case: the whole run-on text is operation 1, and the column is where the ';'
      // belongs.
      {"swap_loads(1,3) set(2, roof=none)",
       "operation 1 'swap_loads(1,3) set(2, roof=none)', column 17: expected ';' before the next "
       "operation 'set' (operations are separated by ';')"},
      {"swap_loads(1,3)set(2, roof=none)",
       "column 16: expected ';' before the next operation 'set'"},
      {"delete(1); swap_cars(1,2)   move(1,2); delete(2)",
       "operation 2 'swap_cars(1,2)   move(1,2)', column 29: expected ';' before the next "
       "operation 'move'"},
      {"delete(1) delete", "column 11: expected ';' before the next operation 'delete'"},
      // A line break is not a separator either (a list of operations pasted from a file).
      {"swap_loads(1,3)\r\nset(2, roof=none)",
       "operation 1 'swap_loads(1,3)\\r\\nset(2, roof=none)', column 18: expected ';' before the "
       "next operation 'set'"},
      // Nor is a comma.
      {"delete(1), delete(2)", "column 10: expected ';' between operations, not ','"},
      // The ')' is missing too: the next operation's '(' is inside the arguments.
      {"swap_loads(1,3 set(2, roof=none)",
       "column 16: expected ')' and ';' before the next operation 'set'"},
  };
  for (const Case& c : cases)
    EXPECT_NE(parse_error(c.text).find(c.expected), std::string::npos)
        << c.text << " gave: " << parse_error(c.text);
}

TEST(OperationText, OtherMistakesSayWhatIsExpected) {
  struct Case {
    std::string text, expected;
  };
  const std::vector<Case> cases = {
      {"delete(1))", "column 10: unexpected ')' (one too many)"},
      {"set(2, roof=f(x))", "column 14: unexpected '(' inside the arguments"},
      {"(1,2)",
       "column 1: expected an operation's name before '(' (swap_loads, move_loads, set, "
       "swap_cars, move, insert, delete)"},
      {"insert(x, red,short,solid_wall,none,2,barrel,1)", "column 8: 'x' is not a car position"},
      {"insert(1, short,rde,solid_wall,none,2,barrel,1)",
       "column 17: 'rde' is not a value of shape (rectangle, bucket, ellipse, hexagon, u_shaped)"},
      {"set(1, =red)", "column 8: expected a key before '='"},
      {"set(1, roof=)", "column 13: expected a value after 'roof='"},
      {"set(1, roof = )", "column 14: expected a value after 'roof='"},
      {"set(2, roof=nne)", "'nne' is not a value of roof (none, arc, flat, jagged, peaked)"},
      {"set(2, load=spehre)",
       "'spehre' is not a value of load_shape (rectangle, triangle, circle, diamond, hexagon, "
       "utriangle, none)"},
      {"delete(1);;delete(2)",
       "operation 2 '', column 11: empty operation (nothing between two ';')"},
      {";delete(1)", "operation 1 '', column 1: empty operation (nothing before the first ';')"},
      {"delete(1);  ", "operation 2 '', column 13: empty operation (nothing after the last ';')"},
  };
  for (const Case& c : cases)
    EXPECT_NE(parse_error(c.text).find(c.expected), std::string::npos)
        << c.text << " gave: " << parse_error(c.text);
}

// Characters that print as nothing, or as something they are not, are named and shown escaped:
// raw in a message they are invisible, and a NUL would end the message where it stands.
TEST(OperationText, InvisibleCharactersAreShownEscaped) {
  struct Case {
    std::string text, expected;
  };
  using namespace std::string_literals;
  const std::vector<Case> cases = {
      {"swap_loads(1,3)\u200b",
       "operation 1 'swap_loads(1,3)\\u200b', column 16: unexpected character \\u200b (zero width "
       "space): operations are written in ASCII"},
      {"\xef\xbb\xbf"
       "delete(1)",
       "operation 1 '\\ufeffdelete(1)', column 1: unexpected character \\ufeff (byte order mark)"},
      {"set(2,\u00a0roof=none)", "column 7: unexpected character \\u00a0 (no-break space)"},
      {"delete(1\0)"s,
       "operation 1 'delete(1\\0)', column 9: unexpected character \\0 (NUL): "
       "operations are written in ASCII"},
      {"delete(\x1b[31m1)", "column 8: unexpected character \\x1b (escape)"},
      {"delete(\xff)", "column 8: unexpected character \\xff (a byte that is not UTF-8)"},
      {"delete\xef\xbc\x88"
       "1)",
       "column 7: unexpected character \\uff08 (a full-width form of '(')"},
      // A Cyrillic 'o' looks like the Latin one.
      {"swap_l\u043eads(1,3)",
       "column 7: unexpected character \\u043e: operations are written in "
       "ASCII"},
      {"set(1, roof=\u201cnone\u201d)",
       "column 13: unexpected character \\u201c (a typographic quote)"},
      {"delete(\U0001F682)", "column 8: unexpected character \\U0001f682:"},
      // \r is whitespace (CRLF files), but not inside a name.
      {"swap\r_loads(1,3)", "unknown operation 'swap\\r_loads'"},
      {"delete(1\\2)", "'1\\\\2' is not a car position"},
      // Columns count characters, not bytes.
      {"delete(\u00e9); x", "column 8: unexpected character \\u00e9"},
  };
  for (const Case& c : cases) {
    std::string message = parse_error(c.text);
    EXPECT_NE(message.find(c.expected), std::string::npos) << c.text << " gave: " << message;
    // Every message is printable ASCII, whole.
    for (char ch : message)
      EXPECT_TRUE(ch >= 0x20 && ch < 0x7f) << "raw byte " << int(ch) << " in: " << message;
  }
  // \r, \n and \t around the parts are whitespace, as in a CRLF file.
  EXPECT_EQ(parse_operations("swap_loads(1,3);\r\n\tset(2, roof=none\r\n)\r\n"),
            (std::vector<Operation>{Operation::swap_loads(1, 3),
                                    Operation::set(2, Descriptor::Roof, 0)}));
}

TEST(OperationText, LongTextIsCutInMessages) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += "swap_cars(1,2) ";
  std::string message = parse_error(text);
  EXPECT_NE(message.find("column 16: expected ';' before the next operation 'swap_cars'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("swap_cars(1,2) swap_cars(1,2)"), std::string::npos);
  EXPECT_NE(message.find("...', column 16"), std::string::npos) << message;
  EXPECT_LT(message.size(), 300u) << message;
}

TEST(OperationText, SingleOperationRefusesSequence) {
  // The message is copied inside the handler: what() dies with the exception.
  EXPECT_NE(([]() -> std::string {
              try {
                parse_operation("delete(\u00e9); delete(2)");
              } catch (const InterventionError& e) {
                return e.what();
              }
              return "";
            }())
                .find("'delete(\\u00e9); delete(2)', column 10: one operation expected"),
            std::string::npos);
  EXPECT_THROW(parse_operation("delete(1); delete(2)"), InterventionError);
}

}  // namespace
}  // namespace railyard
