#include "logic/sequences/plan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "logic/ltlf/evaluate.h"

namespace railyard::sequences {
namespace {

using ltlf::Automaton;

const std::vector<std::string> kPqr = {"p", "q", "r"};

Automaton automaton_of(std::string_view text, const std::vector<std::string>& atoms = kPqr) {
  return ltlf::build_automaton(ltlf::parse_formula(text), atoms);
}

std::vector<double> uniform_rates(const Automaton& dfa) {
  return std::vector<double>(dfa.letter_count(), 1.0 / dfa.letter_count());
}

// Rates of independent atoms: atom i true with probability `odds[i]`.
std::vector<double> independent_rates(const std::vector<double>& odds) {
  std::vector<double> rates(std::size_t{1} << odds.size(), 1.0);
  for (std::uint32_t letter = 0; letter < rates.size(); ++letter)
    for (std::size_t i = 0; i < odds.size(); ++i)
      rates[letter] *= (letter >> i) & 1u ? odds[i] : 1.0 - odds[i];
  return rates;
}

std::string refusal(const Automaton& dfa, std::vector<double> rates, PlanOptions options) {
  try {
    SequencePlanner(dfa, std::move(rates), std::move(options));
  } catch (const PlanError& e) {
    return e.what();
  }
  return "no error";
}

// The letters over the formula's own atom order, for holds().
std::vector<std::uint32_t> over_formula_atoms(const ltlf::Formula& f,
                                              const std::vector<std::uint32_t>& letters) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t letter : letters) {
    std::uint32_t mapped = 0;
    for (std::size_t i = 0; i < f.atoms().size(); ++i) {
      auto place = std::find(kPqr.begin(), kPqr.end(), f.atoms()[i]) - kPqr.begin();
      mapped |= ((letter >> place) & 1u) << i;
    }
    out.push_back(mapped);
  }
  return out;
}

const char* const kBenchmark[] = {"G(p <-> X X q)", "G((p & X p & X X p) -> X X X q)",
                                  "F p & (q U X p)", "G(p <-> WX !p)", "G(p <-> WX !q)"};

TEST(SequencePlanner, BalancedLabelsAreExactAndTrue) {
  for (const char* text : kBenchmark) {
    ltlf::Formula f = ltlf::parse_formula(text);
    Automaton dfa = ltlf::build_automaton(f, kPqr);
    SequencePlanner planner(dfa, independent_rates({0.3, 0.6, 0.5}), {});
    int positive = 0;
    for (std::uint64_t i = 0; i < 1000; ++i) {
      SequencePlan plan = planner.plan(7, i);
      ASSERT_EQ(plan.label, i % 2 == 1) << text;
      ASSERT_EQ(plan.states.size(), plan.letters.size() + 1);
      ASSERT_EQ(plan.relevant.size(), plan.letters.size());
      ASSERT_EQ(plan.states[0], dfa.initial());
      for (std::size_t k = 0; k < plan.letters.size(); ++k) {
        ASSERT_EQ(plan.states[k + 1], dfa.next(plan.states[k], plan.letters[k]));
        ASSERT_EQ(plan.relevant[k], dfa.relevant(plan.states[k], plan.letters[k]));
      }
      ASSERT_EQ(plan.label, dfa.accepting(plan.states.back()));
      ASSERT_EQ(plan.label, ltlf::holds(f, over_formula_atoms(f, plan.letters))) << text;
      positive += plan.label;
    }
    EXPECT_EQ(positive, 500) << text;
  }
}

TEST(SequencePlanner, PositiveModeIsAlwaysPositive) {
  Automaton dfa = automaton_of("G((p & X p & X X p) -> X X X q)");
  PlanOptions options;
  options.labels = LabelMode::Positive;
  SequencePlanner planner(dfa, uniform_rates(dfa), options);
  for (std::uint64_t i = 0; i < 1000; ++i) EXPECT_TRUE(planner.plan(3, i).label);
}

TEST(SequencePlanner, NaturalModeFollowsTheWalk) {
  Automaton dfa = automaton_of("F p");
  PlanOptions options;
  options.labels = LabelMode::Natural;
  SequencePlanner planner(dfa, independent_rates({0.05, 0.5, 0.5}), options);
  int positive = 0;
  for (std::uint64_t i = 0; i < 2000; ++i) {
    SequencePlan plan = planner.plan(3, i);
    bool any_p = std::any_of(plan.letters.begin(), plan.letters.end(),
                             [](std::uint32_t l) { return l & 1u; });
    ASSERT_EQ(plan.label, any_p);
    positive += plan.label;
  }
  // 1 - 0.95^15 is about 0.54: nowhere near balanced or all positive.
  EXPECT_GT(positive, 800);
  EXPECT_LT(positive, 1400);
}

TEST(SequencePlanner, PlansArePureFunctionsOfSeedAndIndex) {
  Automaton dfa = automaton_of("G(p <-> X X q)");
  SequencePlanner a(dfa, uniform_rates(dfa), {}), b(dfa, uniform_rates(dfa), {});
  SequencePlan late = a.plan(11, 42);
  for (std::uint64_t i = 0; i < 42; ++i) a.plan(11, i);
  SequencePlan again = a.plan(11, 42), other = b.plan(11, 42);
  EXPECT_EQ(late.letters, again.letters);
  EXPECT_EQ(late.letters, other.letters);
  EXPECT_EQ(late.states, other.states);
  EXPECT_EQ(late.index, 42u);
  EXPECT_NE(a.plan(12, 42).letters, late.letters);
}

TEST(SequencePlanner, LengthsStayInBoundsAndSpreadEvenly) {
  Automaton dfa = automaton_of("G(p <-> WX !q)");
  SequencePlanner planner(dfa, uniform_rates(dfa), {});
  std::map<std::size_t, int> count;
  for (std::uint64_t i = 0; i < 11'000; ++i) ++count[planner.plan(5, i).letters.size()];
  ASSERT_EQ(count.size(), 11u);
  EXPECT_EQ(count.begin()->first, 10u);
  EXPECT_EQ(count.rbegin()->first, 20u);
  for (auto [length, n] : count) {
    EXPECT_GT(n, 850) << length;
    EXPECT_LT(n, 1150) << length;
  }
}

TEST(SequencePlanner, NeverUsesLettersOfRateZeroOrExcluded) {
  Automaton dfa = automaton_of("G(p <-> X X q)");
  std::vector<double> rates = uniform_rates(dfa);
  rates[0b011] = 0.0;
  rates[0b100] = 0.0;
  PlanOptions options;
  options.excluded = {0b110, 0b001};
  SequencePlanner planner(dfa, rates, options);
  for (std::uint64_t i = 0; i < 2000; ++i)
    for (std::uint32_t letter : planner.plan(1, i).letters) {
      ASSERT_NE(letter, 0b011u);
      ASSERT_NE(letter, 0b100u);
      ASSERT_NE(letter, 0b110u);
      ASSERT_NE(letter, 0b001u);
    }
}

TEST(SequencePlanner, EverySequenceHoldsARequiredLetter) {
  Automaton dfa = automaton_of("F p & (q U X p)");
  PlanOptions options;
  options.required = {0b111, 0b100};  // r with p and q, or r alone: rare under these rates
  options.excluded = {0b101};
  SequencePlanner planner(dfa, independent_rates({0.5, 0.5, 0.05}), options);
  int positive = 0;
  for (std::uint64_t i = 0; i < 1000; ++i) {
    SequencePlan plan = planner.plan(9, i);
    ASSERT_TRUE(std::any_of(plan.letters.begin(), plan.letters.end(),
                            [](std::uint32_t l) { return l == 0b111 || l == 0b100; }));
    ASSERT_EQ(plan.label, i % 2 == 1);
    positive += plan.label;
  }
  EXPECT_EQ(positive, 500);
}

TEST(SequencePlanner, RefusesUnreachableLabelsNamingLabelAndLength) {
  Automaton g = automaton_of("G p", {"p"});
  EXPECT_EQ(refusal(g, {0.0, 1.0}, {}),
            "formula \"G p\": no negative sequence of length 10 with the predicates' measured "
            "rates (letters of rate 0: !p)");
  EXPECT_EQ(refusal(g, {1.0, 0.0}, {}),
            "formula \"G p\": no positive sequence of length 10 with the predicates' measured "
            "rates (letters of rate 0: p)");
  PlanOptions natural;
  natural.labels = LabelMode::Natural;
  EXPECT_EQ(refusal(g, {0.0, 0.0}, natural),
            "formula \"G p\": no sequence of length 10 with the predicates' measured rates "
            "(letters of rate 0: !p, p)");
  EXPECT_EQ(refusal(g, {0.0, 1.0}, natural), "no error");
  // X X p needs a third position: [3, 5] plans, [2, 5] fails at 2.
  Automaton xx = automaton_of("X X p", {"p"});
  PlanOptions shortest;
  shortest.min_length = 3;
  shortest.max_length = 5;
  shortest.labels = LabelMode::Positive;
  EXPECT_EQ(refusal(xx, {0.5, 0.5}, shortest), "no error");
  shortest.min_length = 2;
  EXPECT_EQ(refusal(xx, {0.5, 0.5}, shortest),
            "formula \"X X p\": no positive sequence of length 2 with the predicates' measured "
            "rates (every letter has a positive rate)");
  PlanOptions held_out;
  held_out.excluded = {1};
  held_out.required = {0};
  EXPECT_EQ(refusal(g, {0.5, 0.5}, held_out),
            "formula \"G p\": no positive sequence of length 10 with the predicates' measured "
            "rates (every letter has a positive rate; letters excluded: p; each sequence needs one "
            "of: !p)");
  EXPECT_THROW(SequencePlanner(automaton_of("F false"), std::vector<double>(8, 1.0), {}),
               InputError);
}

TEST(SequencePlanner, RefusesOptionsOutOfRange) {
  Automaton g = automaton_of("G p", {"p"});
  PlanOptions lengths;
  lengths.min_length = 0;
  EXPECT_EQ(refusal(g, {0.5, 0.5}, lengths),
            "formula \"G p\": sequence lengths [0, 20] are not 1 <= min <= max");
  EXPECT_EQ(refusal(g, {0.5}, {}), "formula \"G p\": 1 letter rates for 2 letters");
  EXPECT_EQ(refusal(g, {0.5, -1.0}, {}),
            "formula \"G p\": a letter rate is negative or not finite");
  PlanOptions decay;
  decay.self_loops = {Decay::Linear, -0.1};
  EXPECT_EQ(refusal(g, {0.5, 0.5}, decay),
            "formula \"G p\": a decay rate is negative or not finite");
  PlanOptions letters;
  letters.required = {2};
  EXPECT_EQ(refusal(g, {0.5, 0.5}, letters),
            "formula \"G p\": a letter outside the automaton's 2 letters");
  PlanOptions huge;
  huge.max_length = std::uint64_t{1} << 40;
  EXPECT_NE(refusal(g, {0.5, 0.5}, huge).find("too long"), std::string::npos);
}

int self_loops(const SequencePlanner& planner, int plans) {
  int loops = 0;
  for (int i = 0; i < plans; ++i) {
    SequencePlan plan = planner.plan(4, i);
    for (std::size_t k = 0; k < plan.letters.size(); ++k)
      loops += plan.states[k] == plan.states[k + 1];
  }
  return loops;
}

TEST(SequencePlanner, DecayAvoidsSelfLoops) {
  Automaton dfa = automaton_of("G(p -> F q)");
  std::vector<double> rates = independent_rates({0.5, 0.5, 0.5});
  PlanOptions off;
  PlanOptions linear;
  linear.self_loops = {Decay::Linear, 0.1};
  PlanOptions exponential;
  exponential.self_loops = {Decay::Exponential, 0.3};
  int plain = self_loops(SequencePlanner(dfa, rates, off), 2000);
  EXPECT_LT(self_loops(SequencePlanner(dfa, rates, linear), 2000), plain * 0.8);
  EXPECT_LT(self_loops(SequencePlanner(dfa, rates, exponential), 2000), plain * 0.8);
}

TEST(SequencePlanner, DecayAvoidsSinks) {
  Automaton dfa = automaton_of("p U q");
  auto sink_step = [&](const PlanOptions& options) {
    SequencePlanner planner(dfa, uniform_rates(dfa), options);
    long total = 0;
    for (int i = 0; i < 2000; ++i) {
      SequencePlan plan = planner.plan(8, i);
      auto entered = std::find_if(plan.states.begin(), plan.states.end(),
                                  [&](ltlf::StateId s) { return dfa.is_sink(s); });
      total += entered - plan.states.begin();
    }
    return total;
  };
  PlanOptions off, avoid;
  avoid.accepting_sinks = {Decay::Linear, 0.5};
  avoid.rejecting_sinks = {Decay::Linear, 0.5};
  EXPECT_GT(sink_step(avoid), sink_step(off) * 1.2);
}

TEST(SequencePlanner, ShowsEachOrphanBothWays) {
  Automaton dfa = automaton_of("G(p <-> X X q)");
  std::vector<double> rates = independent_rates({0.5, 0.5, 0.03});  // r: rarely true
  auto both_ways = [&](bool show) {
    PlanOptions options;
    options.orphans = 0b100;
    options.show_orphans = show;
    SequencePlanner planner(dfa, rates, options);
    int shown = 0;
    for (int i = 0; i < 1000; ++i) {
      SequencePlan plan = planner.plan(2, i);
      bool r = false, not_r = false;
      for (std::uint32_t l : plan.letters) (l & 0b100 ? r : not_r) = true;
      shown += r && not_r;
    }
    return shown;
  };
  EXPECT_LT(both_ways(false), 700);
  EXPECT_EQ(both_ways(true), 1000);
}

TEST(SequencePlanner, PlansManySequencesQuickly) {
  // Not timed: a regression here shows as a slow test run (100,000 plans take well under 1 s).
  Automaton dfa = automaton_of("G(p <-> X X q)");
  PlanOptions options;
  options.self_loops = {Decay::Linear, 0.1};
  options.rejecting_sinks = {Decay::Linear, 0.01};
  options.accepting_sinks = {Decay::Linear, 0.01};
  options.orphans = 0b100;
  options.show_orphans = true;
  SequencePlanner planner(dfa, independent_rates({0.4, 0.5, 0.5}), options);
  std::uint64_t positive = 0;
  for (std::uint64_t i = 0; i < 100'000; ++i) positive += planner.plan(99, i).label;
  EXPECT_EQ(positive, 50'000u);
}

TEST(DescribeLetter, ConjunctionOverAtoms) {
  Automaton dfa = automaton_of("p U q");
  EXPECT_EQ(describe_letter(dfa, 0b101), "p & !q & r");
  EXPECT_EQ(describe_letter(automaton_of("true", {}), 0), "true");
}

}  // namespace
}  // namespace railyard::sequences
