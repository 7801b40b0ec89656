// sequences/automaton.json of a sequence dataset: the formula's minimal automaton
// (logic/ltlf/automaton.h, its to_json), the step predicates and the letters' measured rates.
// A sequence run writes it; export reads it back as the same ltlf::Automaton, rebuilt from the
// file's formula and atoms, so the file vouches for nothing by itself: a state, transition, guard
// or rate that is not what the formula and the counts give is refused, naming the file and key.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "logic/ltlf/automaton.h"
#include "logic/sequences/letter_rates.h"

namespace railyard {

struct StepPredicateSource {
  std::string name;
  std::string source;   // "rule theoryx" (its eastbound/1), or the clauses written inline
  bool orphan = false;  // in the alphabet, not in the formula
};

struct AutomatonFile {
  ltlf::Automaton automaton;  // over the predicates' names, in order
  std::vector<StepPredicateSource> predicates;
  LetterRates rates;  // counts per letter of the automaton

  // {formula, atoms, states, transitions (the automaton's), predicates: [{name, source,
  // orphan}], rates: {trains, letters: [{letter, assignment, trains, rate}]}}.
  nlohmann::ordered_json to_json() const;
};

// Throws DatasetError naming the file and the key (IoError when it cannot be read).
AutomatonFile read_automaton_file(const std::filesystem::path& file);

}  // namespace railyard
