// sequences/automaton.json read back: the same automaton, and an edit of any part (a state, a
// guard, a letter, a rate, a predicate) refused, naming the file and the key.
#include "tools/lib/records/formats/automaton_file.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "logic/ltlf/formula.h"
#include "tests/tools/records/record_errors.h"

namespace railyard {
namespace {

using testing::input_error_of;
using testing::mentions;
using testing::write_text;

class AutomatonFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = std::filesystem::path(::testing::TempDir()) / "automaton_file_test.json";
    original_.automaton = ltlf::build_automaton(ltlf::parse_formula("G(east -> X !roofed)"),
                                                {"east", "roofed", "heavy"});
    original_.predicates = {{"east", "rule theoryx", false},
                            {"roofed", "roofed(T) :- has_car(T, C), has_roof(C, _).", false},
                            {"heavy", "heavy(T) :- has_car(T, C), has_load(C, _, 3).", true}};
    original_.rates.trains = 1000;
    for (std::uint64_t letter = 0; letter < 8; ++letter)
      original_.rates.counts.push_back(100 + letter);
  }
  void TearDown() override { std::filesystem::remove(file_); }

  std::string read_edited(void (*edit)(nlohmann::ordered_json&)) {
    nlohmann::ordered_json json = original_.to_json();
    edit(json);
    write_text(file_, json.dump(2));
    return input_error_of([&] { read_automaton_file(file_); });
  }

  std::filesystem::path file_;
  AutomatonFile original_;
};

TEST_F(AutomatonFileTest, ReadsBackTheSameAutomaton) {
  write_text(file_, original_.to_json().dump(2) + "\n");
  AutomatonFile read = read_automaton_file(file_);
  EXPECT_EQ(read.to_json(), original_.to_json());
  EXPECT_EQ(read.automaton.state_count(), original_.automaton.state_count());
  for (ltlf::StateId s = 0; s < read.automaton.state_count(); ++s)
    for (std::uint32_t letter = 0; letter < read.automaton.letter_count(); ++letter)
      EXPECT_EQ(read.automaton.next(s, letter), original_.automaton.next(s, letter));
}

TEST_F(AutomatonFileTest, RefusesEveryEdit) {
  std::string guard = read_edited([](auto& j) { j["transitions"][0]["guard"] = "east & !east"; });
  EXPECT_TRUE(mentions(guard, "automaton_file_test.json")) << guard;
  EXPECT_TRUE(mentions(guard, "key 'transitions'")) << guard;
  EXPECT_TRUE(
      mentions(read_edited([](auto& j) { j["states"][0]["accepting"] = false; }), "key 'states'"));
  EXPECT_TRUE(mentions(read_edited([](auto& j) { j["transitions"][0]["letters"].push_back(7); }),
                       "key 'transitions'"));
  EXPECT_TRUE(mentions(read_edited([](auto& j) { j["rates"]["letters"][2]["rate"] = 0.5; }),
                       "key 'rates'"));
  EXPECT_TRUE(mentions(read_edited([](auto& j) { j["predicates"][1]["name"] = "heavy"; }),
                       "predicates[1].name"));
  EXPECT_TRUE(mentions(read_edited([](auto& j) {
                         j["atoms"] = {"east", "roofed"};
                       }),
                       "key 'predicates'"));
  EXPECT_TRUE(mentions(read_edited([](auto& j) { j["formula"] = "G(("; }), "key 'formula'"));
  EXPECT_TRUE(mentions(read_edited([](auto& j) { j["extra"] = 1; }), "extra"));
}

}  // namespace
}  // namespace railyard
