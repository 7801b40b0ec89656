// railyard's engine against SWI-Prolog: the same background file and rule loaded into both,
// thousands of trains from both distributions (long ones included), identical labels required.
#include <gtest/gtest.h>

#include "logic/rule.h"
#include "logic/sampler.h"
#include "tools/bench/swipl.h"

namespace railyard {
namespace {

const std::filesystem::path kSource(RAILYARD_SOURCE_DIR);
const std::filesystem::path kRules = kSource / "logic" / "rules";
const std::filesystem::path kTestRules = kSource / "tests" / "logic" / "prolog" / "rules";

// 5000 Michalski trains of 2..4 cars, 2000 random trains of 2..4 and 1000 of each distribution
// with 5..12 cars.
std::vector<Train> comparison_trains() {
  std::vector<Train> trains;
  auto add = [&](Distribution d, int min_cars, int max_cars, int count, std::uint64_t seed) {
    SamplerConfig config;
    config.distribution = d;
    config.min_cars = min_cars;
    config.max_cars = max_cars;
    TrainSampler sampler(config);
    for (int i = 0; i < count; ++i)
      trains.push_back(sampler.sample(seed, static_cast<std::uint64_t>(i)));
  };
  add(Distribution::Michalski, 2, 4, 5000, 11);
  add(Distribution::Random, 2, 4, 2000, 12);
  add(Distribution::Michalski, 5, 12, 1000, 13);
  add(Distribution::Random, 5, 12, 1000, 14);
  return trains;
}

class AgreesWithSwipl : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(AgreesWithSwipl, SameLabels) {
  if (!find_swipl()) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH; install swi-prolog-nox";
  static const std::vector<Train> trains = comparison_trains();
  const std::filesystem::path& rule_file = GetParam();
  Rule rule = Rule::load(rule_file, kRules / "background.pl");
  SwiplRun reference = label_with_swipl(kRules / "background.pl", rule_file, trains);
  ASSERT_EQ(reference.labels.size(), trains.size());
  std::size_t east = 0, mismatches = 0;
  for (std::size_t i = 0; i < trains.size(); ++i) {
    Direction ours = rule.label(trains[i]);
    east += ours == Direction::East;
    if (ours != reference.labels[i] && ++mismatches <= 5)
      ADD_FAILURE() << rule_file.filename() << " disagrees with SWI-Prolog on "
                    << train_term(trains[i]);
  }
  EXPECT_EQ(mismatches, 0u);
  // A rule that labels everything alike would make the comparison meaningless.
  EXPECT_GT(east, 0u) << rule_file;
  EXPECT_LT(east, trains.size()) << rule_file;
}

std::vector<std::filesystem::path> rule_files() {
  std::vector<std::filesystem::path> files;
  for (const char* name : {"theoryx", "numerical", "complex", "easy", "color", "multi", "custom"})
    files.push_back(kRules / (std::string(name) + ".pl"));
  for (const auto& entry : std::filesystem::directory_iterator(kTestRules))
    if (entry.path().extension() == ".pl") files.push_back(entry.path());
  std::sort(files.begin() + 7, files.end());
  return files;
}

INSTANTIATE_TEST_SUITE_P(Rules, AgreesWithSwipl, ::testing::ValuesIn(rule_files()),
                         [](const auto& info) { return info.param.stem().string(); });

TEST(SwiplBridge, ReportsRuleErrors) {
  if (!find_swipl()) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH; install swi-prolog-nox";
  std::vector<Train> one = {TrainSampler({}).sample(1, 0)};
  EXPECT_THROW(label_with_swipl(kRules / "background.pl", kRules / "background.pl", one),
               SwiplError);  // no eastbound/1
  SwiplRun run = label_with_swipl(kRules / "background.pl", kRules / "theoryx.pl", one);
  EXPECT_EQ(run.labels.size(), 1u);
  EXPECT_GE(run.seconds, 0.0);
}

}  // namespace
}  // namespace railyard
