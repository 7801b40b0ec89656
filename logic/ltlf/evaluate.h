// The reference semantics of formula.h, written straight from the definition: the test oracle
// for the automaton (automaton.h), with which it shares no code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "logic/ltlf/formula.h"

namespace railyard::ltlf {

// Whether a trace of `length` steps satisfies `formula`; atom_true(a, i) is the truth of
// formula.atoms()[a] at step i. One backward pass over the steps, each computing every subformula
// from the step after it: linear in length times the formula's size, memory in the formula's size
// only, so traces of any length and formulas of any number of atoms.
bool holds(const Formula& formula, std::size_t length,
           const std::function<bool(std::uint32_t atom, std::size_t step)>& atom_true);

// The same for a trace of letters (bit i = formula.atoms()[i]). Throws FormulaError for a formula
// of more than 32 atoms, whose letters do not fit.
bool holds(const Formula& formula, std::span<const std::uint32_t> trace);

}  // namespace railyard::ltlf
