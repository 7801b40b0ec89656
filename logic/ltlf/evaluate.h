// The reference semantics of formula.h, written straight from the definition: the test oracle
// for the automaton (automaton.h), with which it shares no code.
#pragma once

#include <cstdint>
#include <span>

#include "logic/ltlf/formula.h"

namespace railyard::ltlf {

// Whether `trace` satisfies `formula`; letter bit i is formula.atoms()[i]. Quadratic in the
// trace's length per subformula: for tests and short traces.
bool holds(const Formula& formula, std::span<const std::uint32_t> trace);

}  // namespace railyard::ltlf
