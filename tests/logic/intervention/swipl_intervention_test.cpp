// The claims of the flip and preserve modes checked by SWI-Prolog: on thousands of sampled trains,
// every intervened train's label under swipl (same background and rule files) is the label the
// search claims: the opposite of the base label for a flip, the base label for a preserving edit.
#include <gtest/gtest.h>

#include "logic/intervention/intervention.h"
#include "logic/sampler.h"
#include "tests/logic/intervention/printers.h"
#include "tools/bench/swipl.h"

namespace railyard {
namespace {

const std::filesystem::path kRules = std::filesystem::path(RAILYARD_SOURCE_DIR) / "logic" / "rules";

// 2,000 Michalski trains and 1,000 random ones, 2..4 cars.
std::vector<Train> base_trains() {
  std::vector<Train> trains;
  for (auto [distribution, count, seed] : {std::tuple{Distribution::Michalski, 2000, 31},
                                           std::tuple{Distribution::Random, 1000, 32}}) {
    SamplerConfig config;
    config.distribution = distribution;
    TrainSampler sampler(config);
    for (int i = 0; i < count; ++i)
      trains.push_back(
          sampler.sample(static_cast<std::uint64_t>(seed), static_cast<std::uint64_t>(i)));
  }
  return trains;
}

// Trains and the labels the search claims for them, checked in one swipl run.
struct Claims {
  std::vector<Train> trains;
  std::vector<Direction> labels;
  std::vector<std::string> what;

  void add(const Train& train, Direction label, std::string description) {
    trains.push_back(train);
    labels.push_back(label);
    what.push_back(std::move(description));
  }
};

class ClaimsAgreeWithSwipl : public ::testing::TestWithParam<std::string> {};

TEST_P(ClaimsAgreeWithSwipl, FlipAndPreserve) {
  if (!find_swipl()) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH; install swi-prolog-nox";
  std::filesystem::path rule_file = kRules / (GetParam() + ".pl");
  Rule rule = Rule::load(rule_file, kRules / "background.pl");
  SearchOptions options;
  options.max_edits = 2;
  CounterfactualSearch search(rule, options);
  // Roofs and loads only, up to three edits: the V-LoL kind of probe, on theory X (other rules
  // rarely flip with these edits, and an exhaustive three-edit search is slow to refute).
  CounterfactualSearch parts(
      rule, {3, parse_edit_kinds("set_roof, set_load_shape, set_load_count"), 1'000'000});
  Claims claims;
  std::size_t flips = 0, pairs = 0, triples = 0, kept = 0;
  std::vector<Train> trains = base_trains();
  for (std::size_t i = 0; i < trains.size(); ++i) {
    const Train& train = trains[i];
    std::string index = "train " + std::to_string(i) + " ";
    Expected<Intervention> flip = search.flip(train);
    if (flip) {
      claims.add(train, flip->base_label, index + "(base)");
      claims.add(flip->train, flip->label, index + format_operations(flip->operations));
      ++flips;
      pairs += flip->operations.size() == 2;
    }
    if (GetParam() == "theoryx" && i % 8 == 0) {
      Expected<Intervention> part_flip = parts.flip(train);
      if (part_flip) {
        claims.add(part_flip->train, part_flip->label,
                   index + format_operations(part_flip->operations));
        triples += part_flip->operations.size() == 3;
      }
    }
    // The first, a middle and the last preserving edit.
    std::vector<Intervention> preserving = search.preserving(train);
    if (preserving.empty()) continue;
    for (std::size_t k : {std::size_t{0}, preserving.size() / 2, preserving.size() - 1}) {
      const Intervention& edit = preserving[k];
      claims.add(edit.train, edit.label, index + format_operations(edit.operations));
      ++kept;
    }
  }
  SwiplRun reference = label_with_swipl(kRules / "background.pl", rule_file, claims.trains);
  ASSERT_EQ(reference.labels.size(), claims.trains.size());
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < claims.trains.size(); ++i)
    if (reference.labels[i] != claims.labels[i] && ++mismatches <= 5)
      ADD_FAILURE() << GetParam() << ": " << claims.what[i] << " claims " << name(claims.labels[i])
                    << ", SWI-Prolog says " << name(reference.labels[i]) << " for "
                    << train_term(claims.trains[i]);
  EXPECT_EQ(mismatches, 0u);
  // Enough of each claim to mean something.
  EXPECT_GT(flips, trains.size() / 2);
  EXPECT_GT(pairs, 100u);
  if (GetParam() == "theoryx") {
    EXPECT_GT(triples, 0u);
  }
  EXPECT_GT(kept, trains.size());
}

INSTANTIATE_TEST_SUITE_P(Rules, ClaimsAgreeWithSwipl,
                         ::testing::Values("theoryx", "numerical", "complex"));

}  // namespace
}  // namespace railyard
