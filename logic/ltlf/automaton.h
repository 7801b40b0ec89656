// The minimal complete DFA of an LTLf formula (formula.h) over an alphabet of atoms: the word
// w is accepted iff w satisfies the formula, the empty word included.
//
// Built by formula progression (progression.h), minimised (minimise.h) and numbered canonically:
// breadth first from the initial state 0, letters in increasing order, so the same formula and
// atom order always give the same automaton. The rejecting sink, when reachable, is a state.
//
// Letters are bitmasks over the alphabet's atoms (bit i = atoms()[i]). The alphabet may hold
// atoms the formula lacks ("orphans", LTLZinc's constraints outside the formula): they never
// change a transition.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "logic/ltlf/formula.h"
#include "logic/ltlf/guard_text.h"

namespace railyard::ltlf {

using StateId = std::uint32_t;

struct AutomatonLimits {
  std::size_t max_atoms = 12;       // alphabet size; letters are 2^atoms
  std::size_t max_states = 10'000;  // checked while exploring, before minimisation
};

enum class Language : std::uint8_t {
  Empty,      // no word accepted (no reachable accepting state)
  Universal,  // every word accepted (every reachable state accepting)
  Proper,
};

const char* language_name(Language language);  // "empty", "universal", "proper"

class Automaton {
 public:
  const std::string& formula() const { return formula_; }  // the source text
  const std::vector<std::string>& atoms() const { return atoms_; }

  std::uint32_t state_count() const { return static_cast<std::uint32_t>(accepting_.size()); }
  std::uint32_t letter_count() const { return static_cast<std::uint32_t>(projection_.size()); }
  StateId initial() const { return 0; }
  bool accepting(StateId s) const { return accepting_[s]; }
  StateId next(StateId s, std::uint32_t letter) const {
    return next_[s * core_letter_count_ + projection_[letter]];
  }
  // Every letter loops on `s`.
  bool is_sink(StateId s) const { return sink_[s]; }
  Language language() const { return language_; }

  // The atoms (a bitmask) whose flip alone changes next(s, letter): those relevant to the
  // transition taken, in LTLZinc's sense. Orphans never are.
  std::uint32_t relevant(StateId s, std::uint32_t letter) const;
  // The letters leading from s to t, in increasing order.
  std::vector<std::uint32_t> letters(StateId from, StateId to) const;
  // Those letters as a short DNF over atom names, "p & !q | r"; "true" for every letter,
  // "false" for none. Orphans never appear.
  std::string guard(StateId from, StateId to) const;

  struct Transition {
    StateId to = 0;
    std::vector<std::uint32_t> letters;  // increasing
    std::vector<GuardTerm> terms;        // the guard's DNF over atoms() (guard_text.h)
    std::string guard;                   // the same as text
  };
  // Every transition leaving `from`, by increasing target: one pass over the letters, so a whole
  // automaton's transitions cost states x letters, not states^2 x letters.
  std::vector<Transition> transitions_from(StateId from) const;

  // {formula, atoms, states: [{id, initial, accepting, sink}],
  //  transitions: [{from, to, guard, letters}] sorted by (from, to)}.
  nlohmann::ordered_json to_json() const;
  // A table: one line per state, then one per transition with its guard.
  std::string to_text() const;

 private:
  friend Automaton build_automaton(const Formula&, const std::vector<std::string>&,
                                   const AutomatonLimits&);
  std::string formula_;
  std::vector<std::string> atoms_;
  std::vector<std::uint32_t> core_bits_;   // the alphabet bits of the formula's atoms, ascending
  std::vector<std::uint32_t> projection_;  // letter -> its bits under core_bits_, packed
  std::uint32_t core_letter_count_ = 1;
  std::vector<StateId> next_;  // next_[s * core_letter_count_ + packed letter]
  std::vector<char> accepting_;
  std::vector<char> sink_;
  Language language_ = Language::Proper;
};

// `atom_order` is the alphabet: it must hold every atom of the formula (FormulaError names a
// missing one), at most limits.max_atoms atoms, none twice. Throws FormulaError naming the formula
// and the limit when the automaton grows past limits.max_states.
Automaton build_automaton(const Formula& formula, const std::vector<std::string>& atom_order,
                          const AutomatonLimits& limits = {});

}  // namespace railyard::ltlf
