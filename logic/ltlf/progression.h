// Formula progression (derivatives): reading letter a turns "f holds on a.w" into "prog(f, a)
// holds on w". A state is a positive Boolean combination of NNF subformulas kept canonical as a
// DNF whose clauses form an antichain of minimal sets, so finitely many states exist; a state
// accepts when it holds on the empty trace. Exploring every state reachable from the formula
// gives a complete DFA (the rejecting sink is the empty DNF), not yet minimal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "logic/ltlf/formula.h"

namespace railyard::ltlf {

struct ExploredDfa {
  std::uint32_t letter_count = 0;   // 2^(bits of atom_bit)
  std::vector<std::uint32_t> next;  // next[state * letter_count + letter]
  std::vector<char> accepting;      // state 0 is the formula itself
};

// `atom_bit[i]` is the letter bit of formula.atoms()[i], below `bits`. Throws FormulaError once
// more than `max_states` states appear.
ExploredDfa explore_progression(const Formula& formula, const std::vector<std::uint32_t>& atom_bit,
                                std::uint32_t bits, std::size_t max_states);

}  // namespace railyard::ltlf
