// railyard's engine against SWI-Prolog: the same background file and rule loaded into both,
// thousands of trains from both distributions (long ones included), identical labels required;
// and the answers to goals on cyclic terms.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "logic/rule.h"
#include "logic/sampler.h"
#include "tools/bench/swipl.h"
#include "util/external_program.h"

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

// Goals on cyclic terms (rational trees), each binding Out; the engine must give SWI-Prolog's
// answers and write them as SWI-Prolog's writeq/1 does.
const char* const kCyclicGoals[] = {
    "X = f(X), Out = X",
    "X = f(X, Y), Y = g(X), Out = X",
    "X = f(Y), Y = f(X), Out = X",
    "L = [1, 2|L], Out = h(L, L)",
    "X = f(X), Y = f(Y), ( X == Y -> Out = same ; Out = different )",
    "X = f(X), Y = f(f(Y)), ( X = Y -> Out = unified ; Out = failed )",
    "X = f(X, a), Y = f(Y, b), ( X = Y -> Out = unified ; Out = failed )",
    "X = f(X), Y = f(g(Y)), compare(Out, X, Y)",
    "X = f(X, 1), Y = f(Y, 2), compare(Out, X, Y)",
    "X = [a|X], Y = [a, a|Y], compare(Out, X, Y)",
    "X = f(X), copy_term(X, C), ( C == X -> Out = C ; Out = differ )",
    "X = f(X, V), copy_term(X, C), C = f(_, W), ( W == V -> Out = shared ; Out = fresh )",
    "X = f(X), findall(X, member(_, [1, 2]), Out)",
    "X = f(X), Y = g(Y), msort([Y, X, a, Y], Out)",
    "X = f(X), sort([X, X, b], Out)",
    "X = [a|X], ( is_list(X) -> Out = list ; Out = not_list )",
    "X = f(X), ( ground(X) -> Out = ground ; Out = not_ground )",
    "X = f(X, _), ( ground(X) -> Out = ground ; Out = not_ground )",
    "X = f(X), Y = [X, g(X)], Out = Y",
    "X = f(X), X =.. Out",
    "X = f(X), functor(X, N, A), Out = N/A",
    "X = f(X), arg(1, X, A), ( A == X -> Out = yes ; Out = no )",
    "X = (X :- X, \\+ X), Out = X",
    "X = - X, Y = [X|Y], Out = Y",
};

TEST(SwiplBridge, CyclicTermsAnswerAsInSwipl) {
  std::optional<std::filesystem::path> swipl = find_swipl();
  if (!swipl) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH; install swi-prolog-nox";
  TemporaryFolder temp("railyard-cyclic");
  std::ofstream script(temp.path() / "goals.pl");
  script << ":- initialization(main).\n"
            "main :- forall(goal(_, G), G), halt.\n"
            "run(Out, G) :- ( call(G) -> writeq(Out) ; write(false) ), nl.\n";
  std::size_t n = 0;
  for (const char* goal : kCyclicGoals)
    script << "goal(" << n++ << ", run(Out, (" << goal << "))).\n";
  script.close();
  std::string command = swipl->string() + " -q " + (temp.path() / "goals.pl").string() + " > " +
                        (temp.path() / "out.txt").string() + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  std::ifstream out(temp.path() / "out.txt");
  prolog::Engine engine;
  for (const char* goal : kCyclicGoals) {
    std::string theirs;
    std::getline(out, theirs);
    std::string ours = "false";
    if (auto answer = engine.query_once(goal)) {
      for (const auto& [name, value] : *answer)
        if (name == "Out") ours = value;
    }
    EXPECT_EQ(ours, theirs) << goal;
  }
}

}  // namespace
}  // namespace railyard
