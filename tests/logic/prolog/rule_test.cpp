// Rule: loading, labelling, errors, the resolver and the canonical train text.
#include "logic/rule.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

namespace railyard {
namespace {

const std::filesystem::path kRules = std::filesystem::path(RAILYARD_SOURCE_DIR) / "logic" / "rules";
const std::filesystem::path kBackground = kRules / "background.pl";

// A scratch rule file removed at the end of the test. Its name carries the process id: ctest
// runs each test in its own process, several at once, and each numbers its files from 0.
class RuleFile {
 public:
  explicit RuleFile(const std::string& text)
      : path_(std::filesystem::temp_directory_path() /
              ("railyard_rule_test_" + std::to_string(::getpid()) + "_" +
               std::to_string(counter_++) + ".pl")) {
    std::ofstream(path_) << text;
  }
  ~RuleFile() { std::filesystem::remove(path_); }
  const std::filesystem::path& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::filesystem::path path_;
};

TEST(Rule, TheoryxLabelsByItsWords) {
  Rule rule = Rule::load(kRules / "theoryx.pl", kBackground);
  Train closed_short{{make_car(1, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::Flat, 2,
                               LoadShape::Circle, 1)}};
  EXPECT_EQ(rule.label(closed_short), Direction::East);
  Train open_short{{make_car(1, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2,
                             LoadShape::Circle, 1)}};
  EXPECT_EQ(rule.label(open_short), Direction::West);
  // A triangle load with a circle load somewhere behind it.
  Train triangle_then_circle{{make_car(1, Shape::Rectangle, Length::Long, Wall::NotDouble,
                                       Roof::None, 2, LoadShape::Triangle, 1),
                              make_car(2, Shape::Rectangle, Length::Long, Wall::NotDouble,
                                       Roof::None, 2, LoadShape::Rectangle, 1),
                              make_car(3, Shape::Rectangle, Length::Long, Wall::NotDouble,
                                       Roof::None, 2, LoadShape::Circle, 2)}};
  EXPECT_EQ(rule.label(triangle_then_circle), Direction::East);
  std::swap(triangle_then_circle.cars[0], triangle_then_circle.cars[2]);
  EXPECT_EQ(rule.label(triangle_then_circle), Direction::West);
}

TEST(Rule, NumericalAndCloneAgree) {
  Rule rule = Rule::load(kRules / "numerical.pl", kBackground);
  Rule copy = rule.clone();
  Train train{{make_car(1, Shape::Bucket, Length::Short, Wall::NotDouble, Roof::None, 2,
                        LoadShape::Circle, 1),
               make_car(2, Shape::Rectangle, Length::Long, Wall::NotDouble, Roof::Flat, 2,
                        LoadShape::Hexagon, 2)}};
  EXPECT_EQ(rule.label(train), Direction::East);  // car 2: position 2, 2 loads, 2 axles
  EXPECT_EQ(copy.label(train), Direction::East);
  train.cars[1].load_count = 3;
  EXPECT_EQ(rule.label(train), Direction::West);
  EXPECT_EQ(copy.label(train), Direction::West);
}

TEST(Rule, SyntaxErrorsCarryFileLineAndColumn) {
  RuleFile file("eastbound(T) :-\n    has_car(T, C),\n    short(C.\n");
  try {
    Rule::load(file.path(), kBackground);
    FAIL() << "expected RuleError";
  } catch (const RuleError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find(file.path().string() + ":3:"), std::string::npos) << message;
    EXPECT_NE(message.find("syntax error"), std::string::npos) << message;
  }
}

TEST(Rule, MissingEastboundIsAClearError) {
  RuleFile file("westbound(_).\n");
  try {
    Rule::load(file.path(), kBackground);
    FAIL() << "expected RuleError";
  } catch (const RuleError& e) {
    EXPECT_NE(std::string(e.what()).find("does not define eastbound/1"), std::string::npos);
  }
}

TEST(Rule, RuntimeErrorsNameTheRuleFile) {
  RuleFile unknown("eastbound(T) :- has_car(T, C), heavy(C).\n");
  Rule rule = Rule::load(unknown.path(), kBackground);
  Train train{{make_car(1, Shape::Bucket, Length::Short, Wall::NotDouble, Roof::None, 2,
                        LoadShape::Circle, 1)}};
  try {
    rule.label(train);
    FAIL() << "expected RuleError";
  } catch (const RuleError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find(unknown.path().string()), std::string::npos) << message;
    EXPECT_NE(message.find("Unknown procedure: heavy/1"), std::string::npos) << message;
  }
  RuleFile runaway("eastbound(T) :- eastbound([x|T]).\n");
  Rule loop = Rule::load(runaway.path(), kBackground);
  prolog::Limits limits;
  limits.max_steps = 100000;
  loop.set_limits(limits);
  EXPECT_THROW(loop.label(train), RuleError);
  // A rule may redefine background predicates and define helpers.
  RuleFile custom("short(_) :- fail.\neastbound(T) :- has_car(T, C), short(C).\n");
  EXPECT_EQ(Rule::load(custom.path(), kBackground).label(train), Direction::West);
}

// A rule that runs away on 3-car trains only, in the way `runaway` says.
std::string runaway_rule(const std::string& runaway) {
  return "eastbound(T) :- length(T, 3), !, runaway.\n"
         "eastbound(T) :- has_car(T, C), short(C).\n" +
         runaway + "\n";
}

TEST(Rule, LimitErrorsNameTheFileAndTheLimitAndTheRuleLabelsOn) {
  struct Case {
    const char* runaway;
    const char* limit;
  };
  const Case cases[] = {
      {"runaway :- between(1, inf, N), N < 0.", "step limit exceeded"},
      {"runaway :- runaway, true.", "depth limit exceeded"},
      // A one-letter typo: Distanct is unbound, so length/2 enumerates ever longer lists.
      {"runaway :- length(Distanct, K), K < 0.", "term space limit exceeded"},
      {"runaway :- findall(L, length(L, _), _).", "term space limit exceeded"},
      {"runaway :- between(1, inf, N), atom_number(A, N), atom_length(A, 0).",
       "term space limit exceeded"},
  };
  Train three{{make_car(1, Shape::Bucket, Length::Short, Wall::NotDouble, Roof::None, 2,
                        LoadShape::Circle, 1),
               make_car(2, Shape::Bucket, Length::Short, Wall::NotDouble, Roof::None, 2,
                        LoadShape::Circle, 1),
               make_car(3, Shape::Bucket, Length::Short, Wall::NotDouble, Roof::None, 2,
                        LoadShape::Circle, 1)}};
  Train short_one{{three.cars[0]}};
  Train long_one{{make_car(1, Shape::Bucket, Length::Long, Wall::NotDouble, Roof::None, 2,
                           LoadShape::Circle, 1)}};
  prolog::Limits limits;
  limits.max_steps = 5000000;
  limits.max_depth = 100000;
  limits.max_term_cells = 1 << 20;
  for (const Case& c : cases) {
    RuleFile file(runaway_rule(c.runaway));
    Rule rule = Rule::load(file.path(), kBackground);
    rule.set_limits(limits);
    for (int round = 0; round < 2; ++round) {
      try {
        rule.label(three);
        ADD_FAILURE() << "expected RuleError for " << c.runaway;
      } catch (const RuleError& e) {
        std::string message = e.what();
        EXPECT_EQ(message.rfind(file.path().string() + ": ", 0), 0u) << message;
        EXPECT_NE(message.find(c.limit), std::string::npos) << message;
      }
      EXPECT_EQ(rule.label(short_one), Direction::East) << c.runaway;
      EXPECT_EQ(rule.label(long_one), Direction::West) << c.runaway;
    }
  }
}

TEST(Rule, HostileRuleFilesAreErrorsWithTheirPosition) {
  std::string deep = "eastbound(T) :- X = ";
  for (int i = 0; i < 20000; ++i) deep += "f(";
  deep += "T";
  for (int i = 0; i < 20000; ++i) deep += ")";
  RuleFile file("% deep\n" + deep + ", X = Y.\n");
  try {
    Rule::load(file.path(), kBackground);
    FAIL() << "expected RuleError";
  } catch (const RuleError& e) {
    std::string message = e.what();
    EXPECT_EQ(message.rfind(file.path().string() + ":2:", 0), 0u) << message.substr(0, 300);
    EXPECT_NE(message.find("nested more than"), std::string::npos) << message.substr(0, 300);
  }
  // A directive that runs away while loading (with the default limits).
  RuleFile directive(":- findall(L, length(L, _), _).\neastbound(_).\n");
  try {
    Rule::load(directive.path(), kBackground);
    FAIL() << "expected RuleError";
  } catch (const RuleError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find(directive.path().string() + ":1:1: directive raised:"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("limit exceeded"), std::string::npos) << message;
  }
}

TEST(Rule, ShippedCustomRuleLoads) {
  Rule rule = Rule::load(kRules / "custom.pl", kBackground);
  Train train{{make_car(1, Shape::Rectangle, Length::Long, Wall::NotDouble, Roof::Flat, 3,
                        LoadShape::Circle, 3),
               make_car(2, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2,
                        LoadShape::Circle, 1)}};
  EXPECT_EQ(rule.label(train), Direction::East);
}

TEST(Rule, ResolvesNamesAndPaths) {
  EXPECT_EQ(resolve_rule("theoryx", kRules), kRules / "theoryx.pl");
  EXPECT_EQ(resolve_rule((kRules / "color.pl").string(), kRules), kRules / "color.pl");
  try {
    resolve_rule("nosuchrule", kRules);
    FAIL() << "expected RuleError";
  } catch (const RuleError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("unknown rule 'nosuchrule'"), std::string::npos);
    EXPECT_NE(message.find("theoryx"), std::string::npos);
    EXPECT_NE(message.find("custom"), std::string::npos);
    EXPECT_EQ(message.find("background"), std::string::npos);
  }
  EXPECT_THROW(resolve_rule("missing/rule.pl", kRules), RuleError);
}

TEST(Rule, TrainTermIsCanonical) {
  Train train{{make_car(1, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2,
                        LoadShape::Circle, 1),
               make_car(2, Shape::Rectangle, Length::Long, Wall::Double, Roof::Flat, 3,
                        LoadShape::Rectangle, 3),
               make_car(3, Shape::UShaped, Length::Short, Wall::NotDouble, Roof::Peaked, 2,
                        LoadShape::Diamond, 0)}};
  EXPECT_EQ(train_term(train),
            "[c(1,rectangle,short,not_double,none,2,l(circle,1)),"
            "c(2,rectangle,long,double,flat,3,l(rectangle,3)),"
            "c(3,u_shaped,short,not_double,peaked,2,l(none,0))]");
}

}  // namespace
}  // namespace railyard
