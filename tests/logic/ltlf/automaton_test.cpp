#include "logic/ltlf/automaton.h"

#include <gtest/gtest.h>

#include <vector>

#include "logic/ltlf/evaluate.h"
#include "util/random.h"

namespace railyard::ltlf {
namespace {

const std::vector<std::string> kPqr = {"p", "q", "r"};

Automaton automaton_of(std::string_view text, const std::vector<std::string>& atoms = kPqr) {
  return build_automaton(parse_formula(text), atoms);
}

bool accepts(const Automaton& dfa, std::span<const std::uint32_t> word) {
  StateId s = dfa.initial();
  for (std::uint32_t letter : word) s = dfa.next(s, letter);
  return dfa.accepting(s);
}

// Letters over (p, q, r) re-expressed over the formula's own atom order, for holds().
std::vector<std::uint32_t> over_formula_atoms(const Formula& f,
                                              std::span<const std::uint32_t> word) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t letter : word) {
    std::uint32_t mapped = 0;
    for (std::size_t i = 0; i < f.atoms().size(); ++i) {
      auto place = std::find(kPqr.begin(), kPqr.end(), f.atoms()[i]) - kPqr.begin();
      mapped |= ((letter >> place) & 1u) << i;
    }
    out.push_back(mapped);
  }
  return out;
}

const char* const kFormulas[] = {"p",
                                 "true",
                                 "false",
                                 "last",
                                 "!p",
                                 "p & q",
                                 "p | q",
                                 "p -> q",
                                 "p <-> q",
                                 "X p",
                                 "WX p",
                                 "F p",
                                 "G p",
                                 "p U q",
                                 "p R q",
                                 "F G p",
                                 "G F p",
                                 "p U (q R r)",
                                 "X WX p",
                                 "WX X p",
                                 "G(p -> F q)",
                                 "!(p U q)",
                                 "last -> p",
                                 "G(p <-> X X q)",
                                 "G((p & X p & X X p) -> X X X q)",
                                 "F p & (q U X p)",
                                 "G(p <-> WX !p)",
                                 "G(p <-> WX !q)",
                                 "!G(p | X q)",
                                 "(p U q) R (r | last)",
                                 "G(p -> X(!p U q))",
                                 "F(p & X(q & X r))",
                                 "!(p R !q) <-> F last",
                                 "X last",
                                 "WX last",
                                 "p <-> q <-> r",
                                 "!(X p -> WX q)",
                                 "G !last -> F p",
                                 "(p U q) U r",
                                 "F(q & WX false)",
                                 "G(X p | last)",
                                 "X !p & WX q"};

TEST(Automaton, LtlZincBenchmarkStateCounts) {
  EXPECT_EQ(automaton_of("G(p <-> X X q)").state_count(), 8u);
  EXPECT_EQ(automaton_of("G((p & X p & X X p) -> X X X q)").state_count(), 5u);
  EXPECT_EQ(automaton_of("F p & (q U X p)").state_count(), 5u);
  EXPECT_EQ(automaton_of("G(p <-> WX !p)").state_count(), 4u);
  EXPECT_EQ(automaton_of("G(p <-> WX !q)").state_count(), 4u);
}

TEST(Automaton, AgreesWithTheDefinitionOnEveryShortWord) {
  for (const char* text : kFormulas) {
    Formula f = parse_formula(text);
    Automaton dfa = build_automaton(f, kPqr);
    std::vector<std::uint32_t> word;
    // Every word of length 0..6 over 8 letters, in counting order.
    for (std::size_t length = 0; length <= 6; ++length) {
      word.assign(length, 0);
      while (true) {
        ASSERT_EQ(accepts(dfa, word), holds(f, over_formula_atoms(f, word)))
            << text << " on a word of length " << length;
        std::size_t i = 0;
        while (i < length && ++word[i] == 8) word[i++] = 0;
        if (i == length) break;
      }
    }
  }
}

TEST(Automaton, AgreesWithTheDefinitionOnLongRandomWords) {
  RandomStream stream(2025, 26);
  int checked = 0;
  for (int n = 0; n < 10'000; ++n) {
    const char* text = kFormulas[n % std::size(kFormulas)];
    Formula f = parse_formula(text);
    Automaton dfa = build_automaton(f, kPqr);
    std::vector<std::uint32_t> word(stream.uniform_int(0, 100));
    // Skewed letters too, so G and U formulas see long runs.
    bool skewed = stream.bernoulli(0.5);
    for (std::uint32_t& letter : word)
      letter =
          skewed
              ? (stream.bernoulli(0.9) ? 7u : static_cast<std::uint32_t>(stream.uniform_int(0, 7)))
              : static_cast<std::uint32_t>(stream.uniform_int(0, 7));
    ASSERT_EQ(accepts(dfa, word), holds(f, over_formula_atoms(f, word))) << text;
    ++checked;
  }
  EXPECT_EQ(checked, 10'000);
}

// A random formula of at most `depth` operators over p, q, r, built as text.
std::string random_formula(RandomStream& stream, int depth) {
  static const char* const kLeaves[] = {"p", "q", "r", "true", "false", "last"};
  static const char* const kUnary[] = {"!", "X ", "WX ", "F ", "G "};
  static const char* const kBinary[] = {" & ", " | ", " -> ", " <-> ", " U ", " R "};
  auto pick = [&](int n) { return static_cast<std::size_t>(stream.uniform_int(0, n - 1)); };
  if (depth == 0 || stream.bernoulli(0.25)) return kLeaves[pick(stream.bernoulli(0.8) ? 3 : 6)];
  std::string text;
  if (stream.bernoulli(0.4)) {
    text += kUnary[pick(5)];
    text += '(';
    text += random_formula(stream, depth - 1);
  } else {
    text += '(';
    text += random_formula(stream, depth - 1);
    text += kBinary[pick(6)];
    text += random_formula(stream, depth - 1);
  }
  text += ')';
  return text;
}

TEST(Automaton, AgreesWithTheDefinitionOnRandomFormulas) {
  RandomStream stream(26, 0);
  for (int n = 0; n < 300; ++n) {
    std::string text = random_formula(stream, 4);
    Formula f = parse_formula(text);
    EXPECT_EQ(parse_formula(f.to_string()).to_string(), f.to_string());
    Automaton dfa = build_automaton(f, kPqr);
    for (int w = 0; w < 200; ++w) {
      std::vector<std::uint32_t> word(w < 73 ? w / 8 % 4 : stream.uniform_int(0, 12));
      for (std::uint32_t& letter : word)
        letter = static_cast<std::uint32_t>(stream.uniform_int(0, 7));
      ASSERT_EQ(accepts(dfa, word), holds(f, over_formula_atoms(f, word))) << text;
    }
  }
}

// On nonempty traces both say "p at the last step"; on the empty trace G F p holds vacuously and
// F G p does not (formula.h), so their DFAs differ only there.
TEST(Automaton, FinallyGloballyEqualsGloballyFinallyOnNonemptyTraces) {
  Automaton fg = automaton_of("F G p"), gf = automaton_of("G F p");
  EXPECT_EQ(fg.state_count(), 2u);
  EXPECT_EQ(gf.state_count(), 2u);
  EXPECT_FALSE(fg.accepting(0));
  EXPECT_TRUE(gf.accepting(0));
  for (std::uint32_t a = 0; a < 8; ++a)
    for (std::uint32_t b = 0; b < 8; ++b) {
      std::vector<std::uint32_t> one{a}, two{a, b};
      EXPECT_EQ(accepts(fg, one), accepts(gf, one));
      EXPECT_EQ(accepts(fg, two), accepts(gf, two));
    }
  Automaton nonempty_gf = automaton_of("F true & G F p");
  EXPECT_EQ(fg.to_json()["states"], nonempty_gf.to_json()["states"]);
  EXPECT_EQ(fg.to_json()["transitions"], nonempty_gf.to_json()["transitions"]);
}

TEST(Automaton, LanguageEmptyUniversalProper) {
  EXPECT_EQ(automaton_of("p & !p").language(), Language::Empty);
  EXPECT_EQ(automaton_of("F false").language(), Language::Empty);
  EXPECT_EQ(automaton_of("G true").language(), Language::Universal);
  EXPECT_EQ(automaton_of("p | !p").language(), Language::Universal);
  EXPECT_EQ(automaton_of("p").language(), Language::Proper);
  // Unsat and valid formulas minimise to one sink state.
  EXPECT_EQ(automaton_of("F false").state_count(), 1u);
  EXPECT_TRUE(automaton_of("G true").is_sink(0));
  // true holds on the empty trace too, F true does not.
  EXPECT_EQ(automaton_of("F true").language(), Language::Proper);
}

TEST(Automaton, CanonicalNumberingIsBreadthFirst) {
  Automaton dfa = automaton_of("p U q");
  // 0 initial; letter 0 (neither) rejects, letter 1 (p) loops, letter 2 (q) accepts.
  ASSERT_EQ(dfa.state_count(), 3u);
  EXPECT_EQ(dfa.next(0, 0), 1u);
  EXPECT_FALSE(dfa.accepting(1));
  EXPECT_TRUE(dfa.is_sink(1));
  EXPECT_EQ(dfa.next(0, 1), 0u);
  EXPECT_EQ(dfa.next(0, 2), 2u);
  EXPECT_TRUE(dfa.accepting(2));
  EXPECT_TRUE(dfa.is_sink(2));
}

TEST(Automaton, OrphansNeverChangeATransition) {
  Automaton dfa = build_automaton(parse_formula("G(p <-> X X q)"), {"o", "q", "p", "z"});
  EXPECT_EQ(dfa.letter_count(), 16u);
  EXPECT_EQ(dfa.state_count(), 8u);
  for (StateId s = 0; s < dfa.state_count(); ++s)
    for (std::uint32_t letter = 0; letter < 16; ++letter) {
      EXPECT_EQ(dfa.next(s, letter), dfa.next(s, letter & 0b0110));
      EXPECT_EQ(dfa.relevant(s, letter) & 0b1001, 0u);
    }
}

TEST(Automaton, RelevantAndGuardOnAHandCheckedCase) {
  // p U q over (p, q, r): from 0, q decides alone when true; p matters only without q.
  Automaton dfa = automaton_of("p U q");
  EXPECT_EQ(dfa.relevant(0, 0b010), 0b010u);  // q: flipping p or r keeps "accept"
  EXPECT_EQ(dfa.relevant(0, 0b011), 0b010u);
  EXPECT_EQ(dfa.relevant(0, 0b001), 0b011u);  // p alone: flipping p rejects, flipping q accepts
  EXPECT_EQ(dfa.relevant(0, 0b000), 0b011u);
  EXPECT_EQ(dfa.relevant(1, 0b111), 0u);  // sinks: nothing matters
  EXPECT_EQ(dfa.guard(0, 0), "p & !q");
  EXPECT_EQ(dfa.guard(0, 1), "!p & !q");
  EXPECT_EQ(dfa.guard(0, 2), "q");
  EXPECT_EQ(dfa.guard(1, 1), "true");
  EXPECT_EQ(dfa.guard(1, 0), "false");
  EXPECT_EQ(dfa.letters(0, 2), (std::vector<std::uint32_t>{2, 3, 6, 7}));
}

TEST(Automaton, JsonAndText) {
  Automaton dfa = automaton_of("p U q", {"p", "q"});
  nlohmann::ordered_json json = dfa.to_json();
  EXPECT_EQ(json["formula"], "p U q");
  EXPECT_EQ(json["atoms"], (nlohmann::ordered_json{"p", "q"}));
  ASSERT_EQ(json["states"].size(), 3u);
  EXPECT_EQ(json["states"][0].dump(), R"({"id":0,"initial":true,"accepting":false,"sink":false})");
  EXPECT_EQ(json["transitions"][0].dump(), R"({"from":0,"to":0,"guard":"p & !q","letters":[1]})");
  EXPECT_EQ(json["transitions"].size(), 5u);
  std::string text = dfa.to_text();
  EXPECT_NE(text.find("0 -> 2: q"), std::string::npos) << text;
  EXPECT_NE(text.find("states: 3 (proper language)"), std::string::npos) << text;
}

TEST(Automaton, DeterministicAcrossBuilds) {
  for (const char* text : kFormulas)
    EXPECT_EQ(automaton_of(text).to_json().dump(), automaton_of(text).to_json().dump());
}

TEST(Automaton, RefusesAlphabetsItCannotUse) {
  auto error_of = [](std::string_view text, const std::vector<std::string>& atoms,
                     AutomatonLimits limits = {}) -> std::string {
    try {
      build_automaton(parse_formula(text), atoms, limits);
    } catch (const FormulaError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error_of("p U s", kPqr), "formula \"p U s\": atom \"s\" is not in the alphabet");
  EXPECT_EQ(error_of("p", {"p", "p"}), "formula \"p\": atom \"p\" is listed twice in the alphabet");
  std::vector<std::string> many;
  for (char c = 'a'; c <= 'm'; ++c) many.emplace_back(1, c);
  EXPECT_EQ(error_of("a", many), "formula \"a\": 13 atoms, more than the limit max_atoms (12)");
  // Remembering seven steps of p needs more than 2^7 states.
  AutomatonLimits limits;
  limits.max_states = 50;
  EXPECT_EQ(error_of("G(p <-> X X q)", kPqr, limits), "no error");
  EXPECT_EQ(error_of("G(p <-> X X X X X X X q)", kPqr, limits),
            "formula \"G(p <-> X X X X X X X q)\": its automaton has more than 50 states (the "
            "limit max_states)");
}

}  // namespace
}  // namespace railyard::ltlf

namespace railyard::ltlf {
namespace {

// Every state's transitions in one pass over the letters: the same targets, letters and guards
// as asking for each pair of states.
TEST(AutomatonTransitions, OnePassAgreesWithEachPair) {
  for (const char* text : {"G(east -> X roofed)", "F a & F b & (c U d)", "G(a -> F b) | F G !b"}) {
    Formula f = parse_formula(text);
    std::vector<std::string> alphabet = f.atoms();
    alphabet.push_back("orphan");
    Automaton a = build_automaton(f, alphabet);
    for (StateId s = 0; s < a.state_count(); ++s) {
      std::vector<Automaton::Transition> out = a.transitions_from(s);
      std::size_t k = 0;
      for (StateId t = 0; t < a.state_count(); ++t) {
        if (a.letters(s, t).empty()) continue;
        ASSERT_LT(k, out.size()) << text;
        EXPECT_EQ(out[k].to, t);
        EXPECT_EQ(out[k].letters, a.letters(s, t));
        EXPECT_EQ(out[k].guard, a.guard(s, t));
        ++k;
      }
      EXPECT_EQ(k, out.size()) << text;
    }
  }
}

// Twelve atoms, one F each: 4,096 states and 531,441 transitions, written in seconds (the guards
// were written pair by pair before: minutes).
TEST(AutomatonTransitions, TwelveEventualitiesAreWrittenWhole) {
  std::string text;
  for (int i = 0; i < 12; ++i) text += (i ? " & F a" : "F a") + std::to_string(i);
  Automaton a = build_automaton(parse_formula(text), parse_formula(text).atoms());
  EXPECT_EQ(a.state_count(), 4096u);
  std::size_t transitions = 0;
  for (StateId s = 0; s < a.state_count(); ++s) transitions += a.transitions_from(s).size();
  EXPECT_EQ(transitions, 531'441u);  // 3^12: from each set of atoms seen, to each superset
  EXPECT_EQ(a.transitions_from(0).front().guard,
            "!a0 & !a1 & !a2 & !a3 & !a4 & !a5 & !a6 & !a7 & !a8 & !a9 & !a10 & !a11");
}

}  // namespace
}  // namespace railyard::ltlf
