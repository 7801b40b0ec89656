// The four modes on theory X: listed operations and the change report, random edits and their
// determinism, the counterfactual search (order, bounds, refusals) and label-preserving edits,
// with V-LoL's two published interventions.
#include "logic/intervention/intervention.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <thread>

#include "logic/intervention/candidates.h"
#include "logic/sampler.h"
#include "tests/logic/intervention/printers.h"

namespace railyard {
namespace {

const std::filesystem::path kRules = std::filesystem::path(RAILYARD_SOURCE_DIR) / "logic" / "rules";

Rule theoryx() {
  return Rule::load(kRules / "theoryx.pl", kRules / "background.pl");
}

Car car(int position, Length length, Roof roof, LoadShape load, int count) {
  return make_car(position, Shape::Rectangle, length, Wall::NotDouble, roof, 2, load, count);
}

Train train_of(std::initializer_list<Car> cars) {
  Train train;
  train.cars = cars;
  return train;
}

std::vector<Operation> ops(std::string_view text) {
  return parse_operations(text);
}

// V-LoL: swapping two payloads so that the barrel (circle) stands behind the golden vase
// (triangle) flips theory X from west to east.
TEST(Intervention, VlolSwappingPayloadsFlipsTheoryX) {
  Rule rule = theoryx();
  Train train = train_of({car(1, Length::Short, Roof::None, LoadShape::Circle, 1),
                          car(2, Length::Short, Roof::None, LoadShape::Triangle, 1),
                          car(3, Length::Long, Roof::Flat, LoadShape::Rectangle, 2)});
  Expected<Intervention> swapped = intervene(train, ops("swap_loads(1,2)"), rule);
  ASSERT_TRUE(swapped) << swapped.reason();
  EXPECT_EQ(swapped->base_label, Direction::West);
  EXPECT_EQ(swapped->label, Direction::East);
  EXPECT_TRUE(swapped->flipped());
  EXPECT_EQ(format_changes(*swapped),
            "car 1: load_shape; car 2: load_shape");  // one load each: only the shapes differ
}

// V-LoL: removing the roofs of cars 1 and 3, which theory X ignores (long cars), keeps the label.
TEST(Intervention, VlolRemovingIgnoredRoofsKeepsTheoryX) {
  Rule rule = theoryx();
  Train train = train_of({car(1, Length::Long, Roof::Flat, LoadShape::Rectangle, 1),
                          car(2, Length::Short, Roof::None, LoadShape::Triangle, 1),
                          car(3, Length::Long, Roof::Jagged, LoadShape::Circle, 2)});
  Expected<Intervention> open = intervene(train, ops("set(1, roof=none); set(3, roof=none)"), rule);
  ASSERT_TRUE(open) << open.reason();
  EXPECT_EQ(open->base_label, Direction::East);
  EXPECT_EQ(open->label, Direction::East);
  EXPECT_FALSE(open->flipped());
  EXPECT_EQ(format_changes(*open), "car 1: roof; car 3: roof");
  // The preserve mode finds both edits on its own.
  CounterfactualSearch search(rule, {});
  std::vector<Operation> keeping;
  for (const Intervention& kept : search.preserving(train)) keeping.push_back(kept.operations[0]);
  for (std::string_view text : {"set(1, roof=none)", "set(3, roof=none)"})
    EXPECT_NE(std::find(keeping.begin(), keeping.end(), parse_operation(text)), keeping.end())
        << text;
}

TEST(Intervention, ChangesFollowCarsThroughReordering) {
  Rule rule = theoryx();
  Train train = train_of({car(1, Length::Short, Roof::None, LoadShape::Triangle, 1),
                          car(2, Length::Long, Roof::Flat, LoadShape::Circle, 2),
                          car(3, Length::Short, Roof::None, LoadShape::Rectangle, 0),
                          car(4, Length::Long, Roof::None, LoadShape::Rectangle, 3)});
  Expected<Intervention> done = intervene(train,
                                          ops("swap_loads(1,3); move(4,1); delete(2); "
                                              "insert(1, red,short,solid_wall,none,2,none,0)"),
                                          rule);
  ASSERT_TRUE(done) << done.reason();
  // Cars now: new, old 4, old 2, old 3 (with old 1's load); old 1 is gone.
  ASSERT_EQ(done->cars.size(), 4u);
  EXPECT_TRUE(done->cars[0].added());
  EXPECT_EQ(done->cars[1], (CarChange{2, 4, 0}));
  EXPECT_EQ(done->cars[2], (CarChange{3, 2, 0}));
  EXPECT_EQ(done->cars[3].from, 3);
  EXPECT_TRUE(done->cars[3].changed(Descriptor::LoadShape));
  EXPECT_TRUE(done->cars[3].changed(Descriptor::LoadCount));
  EXPECT_FALSE(done->cars[3].changed(Descriptor::Roof));
  EXPECT_EQ(done->removed, std::vector<int>{1});
  EXPECT_EQ(format_changes(*done),
            "car 1 added; car 2 (was car 4); car 3 (was car 2); car 4 (was car 3): load_shape, "
            "load_count; car 1 removed");
  EXPECT_EQ(done->train, *apply_sequence(done->operations, train));
  EXPECT_EQ(done->label, rule.label(done->train));
}

TEST(Intervention, ListedRefusalNamesTheOperation) {
  Rule rule = theoryx();
  Train train = train_of({car(1, Length::Short, Roof::None, LoadShape::Triangle, 1)});
  Expected<Intervention> refused = intervene(train, ops("set(1, roof=flat); delete(1)"), rule);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.reason(), "operation 2 of 2, delete(1): a train keeps at least one car");
  Expected<Intervention> unchanged = intervene(train, ops("set(1, roof=none)"), rule);
  ASSERT_TRUE(unchanged);
  EXPECT_EQ(format_changes(*unchanged), "no change");
}

std::vector<Train> sampled(int count, std::uint64_t seed,
                           Distribution distribution = Distribution::Michalski) {
  SamplerConfig config;
  config.distribution = distribution;
  TrainSampler sampler(config);
  std::vector<Train> trains;
  for (int i = 0; i < count; ++i)
    trains.push_back(sampler.sample(seed, static_cast<std::uint64_t>(i)));
  return trains;
}

// The random edit of each index, as text, computed in the given index order.
std::vector<std::string> random_edits(const std::vector<Train>& trains, EditKinds kinds, Rule& rule,
                                      bool reversed) {
  std::vector<std::string> out(trains.size());
  for (std::size_t k = 0; k < trains.size(); ++k) {
    std::size_t i = reversed ? trains.size() - 1 - k : k;
    RandomStream random = intervention_stream(7, i);
    Expected<Intervention> edit = intervene_randomly(trains[i], kinds, random, rule);
    out[i] = edit ? format_operations(edit->operations) : "refused: " + edit.reason();
  }
  return out;
}

TEST(Intervention, RandomEditsDependOnlyOnSeedAndIndex) {
  Rule rule = theoryx();
  std::vector<Train> trains = sampled(300, 3);
  EditKinds kinds = EditKinds::all();
  std::vector<std::string> forward = random_edits(trains, kinds, rule, false);
  EXPECT_EQ(random_edits(trains, kinds, rule, true), forward);
  // On four threads, each with its own rule, interleaved indices.
  std::vector<std::string> threaded(trains.size());
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      Rule own = rule.clone();
      for (std::size_t i = t; i < trains.size(); i += 4) {
        RandomStream random = intervention_stream(7, i);
        Expected<Intervention> edit = intervene_randomly(trains[i], kinds, random, own);
        threaded[i] = edit ? format_operations(edit->operations) : "refused: " + edit.reason();
      }
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(threaded, forward);
  // Another seed draws other edits; many kinds come up.
  std::size_t same = 0;
  std::set<std::string> names;
  for (std::size_t i = 0; i < trains.size(); ++i) {
    RandomStream random = intervention_stream(8, i);
    Expected<Intervention> edit = intervene_randomly(trains[i], kinds, random, rule);
    ASSERT_TRUE(edit) << edit.reason();
    same += format_operations(edit->operations) == forward[i];
    names.insert(forward[i].substr(0, forward[i].find('(')));
  }
  EXPECT_LT(same, trains.size() / 4);
  EXPECT_EQ(names.size(), 7u);  // every operation kind, insert and delete included
}

TEST(Intervention, RandomEditsKeepToTheirKindsAndApply) {
  Rule rule = theoryx();
  EditKinds kinds = parse_edit_kinds("set_roof, swap_loads");
  std::vector<Train> trains = sampled(200, 4);
  for (std::size_t i = 0; i < trains.size(); ++i) {
    const Train& train = trains[i];
    RandomStream random = intervention_stream(1, i);
    Expected<Intervention> edit = intervene_randomly(train, kinds, random, rule);
    ASSERT_TRUE(edit) << edit.reason();
    ASSERT_EQ(edit->operations.size(), 1u);
    const Operation& op = edit->operations[0];
    EXPECT_TRUE(op.kind == OperationKind::SwapLoads ||
                (op.kind == OperationKind::Set && op.assigned(Descriptor::Roof)))
        << format_operation(op);
    EXPECT_NE(edit->train, train);
    EXPECT_EQ(edit->train, *apply(op, train));
    EXPECT_EQ(edit->label, rule.label(edit->train));
  }
  Train single = train_of({car(1, Length::Short, Roof::None, LoadShape::Triangle, 1)});
  RandomStream random = intervention_stream(1, 0);
  EXPECT_EQ(
      intervene_randomly(single, parse_edit_kinds("swap_cars, delete"), random, rule).reason(),
      "no edit of the kinds delete, swap_cars applies to this train");
}

TEST(Counterfactual, RefusesBadOptions) {
  Rule rule = theoryx();
  for (int k : {0, 4, -1}) {
    SearchOptions options;
    options.max_edits = k;
    try {
      CounterfactualSearch search(rule, options);
      ADD_FAILURE() << "k = " << k << " accepted";
    } catch (const InterventionError& e) {
      EXPECT_EQ(std::string(e.what()),
                "a counterfactual search takes 1 to 3 edits (k), not " + std::to_string(k));
    }
  }
  SearchOptions none;
  none.kinds = EditKinds();
  EXPECT_THROW(CounterfactualSearch(rule, none), InterventionError);
}

// East because car 1 is short and closed: the cheapest single flip is opening it.
TEST(Counterfactual, TakesTheCheapestEditFirst) {
  Rule rule = theoryx();
  Train train = train_of({car(1, Length::Short, Roof::Flat, LoadShape::Rectangle, 1),
                          car(2, Length::Long, Roof::None, LoadShape::Rectangle, 1)});
  auto flip = [&](std::string_view kinds) {
    SearchOptions options;
    options.kinds = parse_edit_kinds(kinds);
    CounterfactualSearch search(rule, options);
    Expected<Intervention> found = search.flip(train);
    return found ? format_operations(found->operations) : found.reason();
  };
  EXPECT_EQ(flip("all"), "set(1, roof=none)");
  EXPECT_EQ(flip("set_length, delete"), "delete(1)");            // cost 1 before cost 2
  EXPECT_EQ(flip("set_length, insert"), "set(1, length=long)");  // cost 2 before cost 4
  EXPECT_EQ(flip("swap_cars, move"), "no flip within 1 edit of the kinds swap_cars, move");
}

TEST(Counterfactual, FindsPairsInSearchOrder) {
  Rule rule = theoryx();
  // Two short closed cars: no single edit opens both.
  Train train = train_of({car(1, Length::Short, Roof::Flat, LoadShape::Rectangle, 1),
                          car(2, Length::Short, Roof::Peaked, LoadShape::Rectangle, 1)});
  SearchOptions options;
  options.max_edits = 2;
  CounterfactualSearch search(rule, options);
  Expected<Intervention> found = search.flip(train);
  ASSERT_TRUE(found) << found.reason();
  EXPECT_EQ(format_operations(found->operations), "set(1, roof=none); set(2, roof=none)");
  EXPECT_EQ(found->base_label, Direction::East);
  EXPECT_EQ(found->label, Direction::West);
  EXPECT_EQ(rule.label(found->train), Direction::West);
  EXPECT_EQ(format_changes(*found), "car 1: roof; car 2: roof");
  // With k = 1 there is none, and the search says so.
  CounterfactualSearch single(rule, {1, parse_edit_kinds("set_roof"), 1'000'000});
  EXPECT_EQ(single.flip(train).reason(), "no flip within 1 edit of the kinds set_roof");
}

TEST(Counterfactual, ReportsTrainsWithoutFlip) {
  Rule rule = theoryx();
  Train train = train_of({car(1, Length::Short, Roof::Flat, LoadShape::Rectangle, 1),
                          car(2, Length::Short, Roof::Arc, LoadShape::Rectangle, 1),
                          car(3, Length::Short, Roof::Peaked, LoadShape::Rectangle, 1)});
  CounterfactualSearch search(rule, {2, parse_edit_kinds("set_roof, set_load"), 1'000'000});
  EXPECT_EQ(search.flip(train).reason(),
            "no flip within 2 edits of the kinds set_roof, set_load_shape");
  EXPECT_FALSE(search.stats().out_of_budget);
  CounterfactualSearch three(rule, {3, parse_edit_kinds("set_roof"), 1'000'000});
  Expected<Intervention> found = three.flip(train);
  ASSERT_TRUE(found) << found.reason();
  EXPECT_EQ(found->operations.size(), 3u);
}

TEST(Counterfactual, StopsAtTheCandidateBudget) {
  Rule rule = theoryx();
  Train train = train_of({car(1, Length::Short, Roof::Flat, LoadShape::Rectangle, 1),
                          car(2, Length::Short, Roof::Arc, LoadShape::Rectangle, 1),
                          car(3, Length::Short, Roof::Peaked, LoadShape::Rectangle, 1)});
  CounterfactualSearch search(rule, {3, EditKinds::search_default(), 50});
  EXPECT_EQ(search.flip(train).reason(),
            "no flip found before the budget of 50 candidate trains ran out");
  EXPECT_TRUE(search.stats().out_of_budget);
  EXPECT_EQ(search.stats().built, 50u);
}

TEST(Counterfactual, RefusesInvalidTrains) {
  Rule rule = theoryx();
  Train bad = train_of({car(1, Length::Short, Roof::Flat, LoadShape::Rectangle, 1)});
  bad.cars[0].axles = 3;
  CounterfactualSearch search(rule, {});
  EXPECT_NE(search.flip(bad).reason().find("not a valid train"), std::string::npos);
  EXPECT_TRUE(search.preserving(bad).empty());
  RandomStream random = intervention_stream(0, 0);
  EXPECT_NE(intervene_randomly(bad, EditKinds::all(), random, rule).reason().find("not a valid"),
            std::string::npos);
  Train misnumbered = train_of({car(2, Length::Short, Roof::Flat, LoadShape::Rectangle, 1)});
  EXPECT_FALSE(search.flip(misnumbered));
}

// A flip of length L means no shorter sequence flips: checked for L = 2 by labelling every
// single edit, and the flip's own train is relabelled.
TEST(Counterfactual, FlipsAreMinimalAndCorrect) {
  Rule rule = theoryx();
  SearchOptions options;
  options.max_edits = 2;
  CounterfactualSearch search(rule, options);
  int pairs = 0;
  for (const Train& train : sampled(400, 5)) {
    Expected<Intervention> found = search.flip(train);
    if (!found) continue;
    EXPECT_EQ(found->train, *apply_sequence(found->operations, train));
    EXPECT_EQ(rule.label(found->train), found->label);
    EXPECT_EQ(found->base_label, rule.label(train));
    EXPECT_TRUE(found->flipped());
    if (found->operations.size() != 2) continue;
    ++pairs;
    Train scratch;
    for_each_candidate(train, options.kinds, scratch,
                       [&](const Operation& op, EditKind, const Train& result) {
                         EXPECT_EQ(rule.label(result), found->base_label)
                             << format_operation(op) << " flips on its own";
                         return true;
                       });
  }
  EXPECT_GT(pairs, 10);
}

// A search object only keeps scratch space between calls: each answer depends on its train alone.
TEST(Counterfactual, AnswersDependOnlyOnTheTrain) {
  Rule rule = theoryx();
  SearchOptions options;
  options.max_edits = 2;
  std::vector<Train> trains = sampled(200, 8);
  auto answer = [](Expected<Intervention> found) {
    return found ? format_operations(found->operations) : found.reason();
  };
  CounterfactualSearch reused(rule, options);
  std::vector<std::string> forward;
  for (const Train& train : trains) forward.push_back(answer(reused.flip(train)));
  for (std::size_t i = trains.size(); i-- > 0;) {
    Rule own = rule.clone();
    CounterfactualSearch fresh(own, options);
    EXPECT_EQ(answer(fresh.flip(trains[i])), forward[i]) << train_term(trains[i]);
  }
}

TEST(Counterfactual, PreservingEditsKeepTheLabelInCandidateOrder) {
  Rule rule = theoryx();
  CounterfactualSearch search(rule, {});
  for (const Train& train : sampled(50, 6)) {
    std::vector<Intervention> kept = search.preserving(train);
    // The candidate order of every edit, to check the order of what came back.
    std::vector<Operation> order;
    Train scratch;
    for_each_candidate(train, EditKinds::search_default(), scratch,
                       [&](const Operation& op, EditKind, const Train&) {
                         order.push_back(op);
                         return true;
                       });
    std::ptrdiff_t last = -1;
    for (const Intervention& edit : kept) {
      ASSERT_EQ(edit.operations.size(), 1u);
      EXPECT_FALSE(edit.flipped());
      EXPECT_EQ(rule.label(edit.train), edit.base_label);
      EXPECT_NE(edit.train, train);
      std::ptrdiff_t at = std::find(order.begin(), order.end(), edit.operations[0]) - order.begin();
      EXPECT_GT(at, last);
      last = at;
    }
    EXPECT_FALSE(kept.empty());
  }
}

TEST(Candidates, EveryCandidateAppliesAndChangesTheTrain) {
  for (const Train& train : sampled(100, 9, Distribution::Random)) {
    Train scratch;
    std::size_t count = 0, inserts = 0;
    int last_cost = 0;
    for_each_candidate(train, EditKinds::all(), scratch,
                       [&](const Operation& op, EditKind kind, const Train& result) {
                         ++count;
                         inserts += kind == EditKind::Insert;
                         EXPECT_GE(edit_cost(kind), last_cost);  // cheapest kinds first
                         last_cost = edit_cost(kind);
                         Expected<Train> applied = apply(op, train);
                         EXPECT_TRUE(applied) << applied.reason();
                         if (applied) {
                           EXPECT_EQ(*applied, result);
                         }
                         EXPECT_NE(result.cars, train.cars);
                         return true;
                       });
    EXPECT_EQ(inserts, (train.cars.size() + 1) * valid_cars().size());
    EXPECT_GT(count, inserts);
  }
  // 5 shapes x 2 walls x 5 roofs: short cars with 2 axles and no load or 1-2 of 6 shapes, long
  // cars with 2 or 3 axles and no load or 1-3 of 6 shapes.
  EXPECT_EQ(valid_cars().size(), 50u * (1 + 12) + 50u * 2 * (1 + 18));
}

TEST(EditKinds, ParseAndFormat) {
  EXPECT_EQ(parse_edit_kinds("set_roof, set_load_shape"),
            EditKinds().with(EditKind::SetRoof).with(EditKind::SetLoadShape));
  EXPECT_EQ(
      parse_edit_kinds("set_color,set_wheels , set_loads"),
      EditKinds().with(EditKind::SetShape).with(EditKind::SetAxles).with(EditKind::SetLoadCount));
  EXPECT_EQ(parse_edit_kinds("all"), EditKinds::all());
  EXPECT_EQ(format_edit_kinds(parse_edit_kinds("set")),
            "set_roof, set_load_shape, set_load_count, set_shape, set_wall, set_axles, set_length");
  EXPECT_EQ(parse_edit_kinds(format_edit_kinds(EditKinds::search_default())),
            EditKinds::search_default());
  EXPECT_FALSE(EditKinds::search_default().contains(EditKind::Insert));
  try {
    parse_edit_kinds("set_roof, swap");
    ADD_FAILURE() << "swap accepted";
  } catch (const InterventionError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown edit kind 'swap'"), std::string::npos);
  }
  EXPECT_THROW(parse_edit_kinds("set_roof,,delete"), InterventionError);
}

}  // namespace
}  // namespace railyard
