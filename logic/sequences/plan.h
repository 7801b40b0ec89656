// Planning sequences of letters whose labels an LTLf automaton gives (LTLZinc's sequential
// mode): sequence i is a walk from the automaton's initial state, positive iff it ends in an
// accepting state. Each letter will be drawn as one train whose predicates take the letter's
// values, so the walk only uses letters the train sampler can produce (rate > 0).
//
// Unlike LTLZinc's randomised depth-first search with backtracking, the planner never
// backtracks: a table over (steps left, state, required letter seen) says which endings
// (accepting, rejecting) stay reachable, and each step draws only among letters that keep the
// wanted ending reachable. So every walk reaches its label, labels are exactly balanced, and the
// constructor refuses up front what no walk can do.
//
// Sequence i depends only on (seed, i): its length is uniform in [min_length, max_length] and
// its letters follow from one random stream keyed by (seed, i).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "logic/ltlf/automaton.h"
#include "util/input_error.h"

namespace railyard::sequences {

// A plan no walk can follow (a label unreachable at some length, a required letter unusable)
// or options out of range. Messages name the formula, the label and the length.
class PlanError : public InputError {
 public:
  using InputError::InputError;
};

enum class LabelMode : std::uint8_t {
  Balanced,  // sequence i positive iff i is odd
  Positive,  // every sequence positive
  Natural,   // whatever the walk ends in
};

enum class Decay : std::uint8_t { Off, Linear, Exponential };

// LTLZinc's avoid_states: a transition kind's weight is multiplied by max(0, 1 - rate * n)
// (Linear) or exp(-rate * n) (Exponential), n = the earlier steps of this sequence that offered
// a transition of that kind.
struct DecayRule {
  Decay kind = Decay::Off;
  double rate = 0.0;
};

struct PlanOptions {
  std::uint64_t min_length = 10;  // steps, 1 <= min_length <= max_length
  std::uint64_t max_length = 20;
  LabelMode labels = LabelMode::Balanced;
  DecayRule self_loops;       // the letter keeps the state
  DecayRule accepting_sinks;  // the letter enters an accepting sink from elsewhere
  DecayRule rejecting_sinks;  // the letter enters a rejecting sink from elsewhere
  std::uint32_t orphans = 0;  // letter bits of predicates outside the formula
  bool show_orphans = false;  // best effort: each orphan shown true and false in every sequence
  std::vector<std::uint32_t> excluded;  // letters never used (held-out combinations)
  std::vector<std::uint32_t> required;  // every sequence uses at least one of these letters
};

struct SequencePlan {
  std::uint64_t index = 0;
  bool label = false;                   // the automaton accepts `letters`
  std::vector<std::uint32_t> letters;   // one per step
  std::vector<ltlf::StateId> states;    // letters.size() + 1, states[0] = the initial state
  std::vector<std::uint32_t> relevant;  // per step: automaton.relevant(states[i], letters[i])
};

class SequencePlanner {
 public:
  // rates[letter]: the measured probability of each letter (automaton.letter_count() of them);
  // letters of rate 0 are never used. Throws PlanError when some length in [min_length,
  // max_length] admits no sequence of a wanted label (both labels when Balanced, any walk when
  // Natural), or the options are out of range.
  SequencePlanner(const ltlf::Automaton& automaton, std::vector<double> rates, PlanOptions options);

  // Sequence `index`: a pure function of (seed, index).
  SequencePlan plan(std::uint64_t seed, std::uint64_t index) const;
  // Its length alone (the plan's first draw), without the walk.
  std::uint64_t length(std::uint64_t seed, std::uint64_t index) const;
  // Its label when the mode fixes it (Balanced, Positive); nullopt when the walk decides
  // (Natural).
  std::optional<bool> fixed_label(std::uint64_t index) const;

  const ltlf::Automaton& automaton() const { return automaton_; }
  const PlanOptions& options() const { return options_; }

 private:
  struct Edge {
    std::uint32_t letter = 0;
    ltlf::StateId target = 0;
    double rate = 0.0;
    std::uint8_t kinds = 0;  // bit k: transition kind k (self-loop, accepting / rejecting sink)
    bool required = false;
    std::uint32_t relevant = 0;
  };

  void build_edges();
  void build_reachability();
  void check_every_length() const;
  // Bit 0: an accepting ending is reachable in exactly `steps` steps; bit 1: a rejecting one.
  std::uint8_t endings(std::uint64_t steps, ltlf::StateId s, bool seen) const {
    return reach_[(steps * automaton_.state_count() + s) * 2 + seen];
  }
  std::uint8_t wanted_endings(std::uint64_t index) const;
  [[noreturn]] void refuse(const char* label, std::uint64_t length) const;

  ltlf::Automaton automaton_;
  std::vector<double> rates_;
  PlanOptions options_;
  std::vector<Edge> edges_;                // usable letters, grouped by source state
  std::vector<std::uint32_t> first_edge_;  // state s owns edges_[first_edge_[s], first_edge_[s+1])
  std::vector<std::uint8_t> reach_;
};

// A letter as a conjunction over the automaton's atoms, "p & !q & r" ("true" without atoms).
std::string describe_letter(const ltlf::Automaton& automaton, std::uint32_t letter);

}  // namespace railyard::sequences
