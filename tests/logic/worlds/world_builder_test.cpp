// The world builder's promises on a small spec, each checked independently of the builder: the
// window structure, distinct meanings, needed literals and concepts, shares in the band, the
// same bytes from the same seed, and an impossible spec refused with its counts.
#include "logic/worlds/world_builder.h"

#include <gtest/gtest.h>

#include "logic/rule.h"
#include "logic/worlds/concept_labeller.h"

namespace railyard::worlds {
namespace {

const std::filesystem::path kBackground =
    std::filesystem::path(RAILYARD_SOURCE_DIR) / "logic/rules/background.pl";

const prolog::Engine& background() {
  static const prolog::Engine engine = [] {
    prolog::Engine e;
    e.consult_file(kBackground);
    return e;
  }();
  return engine;
}

WorldSpec small_spec() {
  WorldSpec spec;
  spec.name = "small";
  spec.seed = 3;
  spec.grammar.cars.max = 2;
  spec.grammar.literals.max = 3;
  spec.grammar.negation = 0.2;
  spec.probe_trains = 2000;
  spec.share_trains = 10000;
  return spec;
}

const WorldSet& small_worlds() {
  static const WorldSet set = build_worlds(small_spec(), background());
  return set;
}

// Labels of a whole rule text on trains, by a Rule of its own.
LabelBits rule_labels(const std::string& text, const std::vector<Train>& trains) {
  Rule rule = Rule::from_text(text, "test rule", background());
  LabelBits bits(trains.size());
  for (std::size_t i = 0; i < trains.size(); ++i)
    if (rule.proves(trains[i])) bits.set(i);
  return bits;
}

std::string world_text(const WorldSet& set, std::size_t k, int skip = -1) {
  std::string text;
  for (int p = set.worlds[k].first; p < set.worlds[k].first + set.spec.window; ++p)
    if (p != skip)
      text += "eastbound(T) :- " + set.pool[static_cast<std::size_t>(p)].clause.body() + ".\n";
  return text;
}

TEST(WorldBuilder, WindowsSlideOverThePool) {
  const WorldSet& set = small_worlds();
  ASSERT_EQ(set.pool.size(), 8u);
  ASSERT_EQ(set.worlds.size(), 5u);
  for (std::size_t k = 0; k < set.worlds.size(); ++k) {
    EXPECT_EQ(set.worlds[k].first, static_cast<int>(k));
    if (k > 0) {
      EXPECT_EQ(set.shared(k - 1, k), set.spec.window - set.spec.stride);
    }
    EXPECT_EQ(set.shared(k, k), set.spec.window);
  }
  EXPECT_EQ(set.shared(0, 4), 0);
  // 3 train, 1 val, 1 test: train, test, val, train, train.
  EXPECT_EQ(set.worlds[1].role, WorldRole::Test);
  EXPECT_EQ(set.worlds[2].role, WorldRole::Val);
}

TEST(WorldBuilder, NoTwoConceptsOrWorldsMeanTheSame) {
  const WorldSet& set = small_worlds();
  std::vector<Train> trains = probe_trains(set.spec);
  ConceptLabeller labeller(background(), trains);
  for (std::size_t i = 0; i < set.pool.size(); ++i) {
    LabelBits mine = labeller.labels(set.pool[i].clause);
    EXPECT_EQ(mine, set.pool[i].probe);
    for (std::size_t j = 0; j < i; ++j)
      EXPECT_GE(mine.distance(set.pool[j].probe), set.spec.min_distance) << i << " " << j;
  }
  for (std::size_t i = 0; i < set.worlds.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      EXPECT_GE(
          rule_labels(world_text(set, i), trains).distance(rule_labels(world_text(set, j), trains)),
          set.spec.min_distance);
}

TEST(WorldBuilder, EveryLiteralAndEveryConceptIsNeeded) {
  const WorldSet& set = small_worlds();
  ConceptLabeller labeller(background(), probe_trains(set.spec));
  for (const PoolConcept& c : set.pool)
    for (std::size_t i = 0; i < c.clause.literals.size(); ++i)
      EXPECT_NE(labeller.labels(c.clause.without(i)), c.probe) << c.clause.body() << " " << i;
  std::vector<Train> trains = probe_trains(set.spec);
  for (std::size_t k = 0; k < set.worlds.size(); ++k) {
    LabelBits whole = rule_labels(world_text(set, k), trains);
    EXPECT_EQ(whole, set.worlds[k].probe);
    for (int p = set.worlds[k].first; p < set.worlds[k].first + set.spec.window; ++p)
      EXPECT_NE(rule_labels(world_text(set, k, p), trains), whole)
          << "world " << k << " concept " << p;
  }
}

TEST(WorldBuilder, SharesLieInTheBandWithTheirIntervals) {
  const WorldSet& set = small_worlds();
  std::vector<Train> trains = share_trains(set.spec);
  for (std::size_t k = 0; k < set.worlds.size(); ++k) {
    const World& w = set.worlds[k];
    LabelBits labels = rule_labels(world_text(set, k), trains);
    EXPECT_EQ(labels.count(), w.east);
    EXPECT_TRUE(w.interval.contains(w.share));
    EXPECT_GE(w.interval.low, set.spec.world_share.low);
    EXPECT_LE(w.interval.high, set.spec.world_share.high);
  }
}

TEST(WorldBuilder, SameSpecSameWorlds) {
  WorldSet again = build_worlds(small_spec(), background());
  ASSERT_EQ(again.pool.size(), small_worlds().pool.size());
  for (std::size_t i = 0; i < again.pool.size(); ++i)
    EXPECT_EQ(again.pool[i].clause.body(), small_worlds().pool[i].clause.body());
  WorldSpec other = small_spec();
  other.seed = 4;
  EXPECT_NE(build_worlds(other, background()).pool[0].clause.body(),
            small_worlds().pool[0].clause.body());
}

TEST(WorldBuilder, MoreConceptsThanTheGrammarHasMeaningsIsRefusedWithCounts) {
  WorldSpec spec = small_spec();
  spec.grammar.cars.min = spec.grammar.cars.max = 1;
  spec.grammar.literals.min = spec.grammar.literals.max = 1;
  spec.grammar.kinds = {LiteralKind::Attribute};
  spec.grammar.negation = 0.0;
  spec.concept_share = {0.0, 1.0};
  spec.world_share = {0.0, 1.0};
  spec.pool = 40;  // 25 attribute tests, fewer meanings
  spec.window = 1;
  spec.split = {40, 0, 0};
  spec.patience = 300;
  try {
    build_worlds(spec, background());
    FAIL() << "an impossible spec was met";
  } catch (const WorldsError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("of the 40 needed"), std::string::npos) << message;
    EXPECT_NE(message.find("same text"), std::string::npos) << message;
    EXPECT_NE(message.find("same meaning"), std::string::npos) << message;
  }
}

TEST(WorldBuilder, InconsistentSpecsAreRefusedBeforeAnyWork) {
  WorldSpec spec = small_spec();
  spec.pool = 9;
  spec.stride = 2;
  EXPECT_THROW(check_spec(spec), WorldsError);
  spec = small_spec();
  spec.split = {3, 1, 2};
  EXPECT_THROW(check_spec(spec), WorldsError);
  spec = small_spec();
  spec.world_share = {0.7, 0.3};
  EXPECT_THROW(check_spec(spec), WorldsError);
  // The name becomes file names: one plain word, never a path (issue #40: ../escape wrote rule
  // files outside the folder).
  for (const char* name : {"../escape", "/tmp/abs", "a b", "", "..", "9lives", "x/y"}) {
    spec = small_spec();
    spec.name = name;
    EXPECT_THROW(check_spec(spec), WorldsError) << name;
  }
  // Concepts of one car with kinds that relate two (issue #40: a read past an empty list).
  for (LiteralKind two : {LiteralKind::Infront, LiteralKind::Equality}) {
    spec = small_spec();
    spec.grammar.cars = {1, 2};
    spec.grammar.kinds = {two};
    EXPECT_THROW(check_spec(spec), WorldsError);
    spec.grammar.cars = {2, 2};
    EXPECT_NO_THROW(check_spec(spec));
  }
}

}  // namespace
}  // namespace railyard::worlds
