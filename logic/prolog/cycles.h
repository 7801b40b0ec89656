// Cyclic terms (rational trees). X = f(X) makes a term that contains itself; the engine unifies,
// compares and copies such terms like SWI-Prolog does, and writes them in SWI-Prolog's notation
// @(Template, [S_1=Subterm, ...]). These functions find the cycles of a term on a cell array.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "logic/prolog/cell.h"
#include "logic/prolog/symbols.h"

namespace railyard::prolog {

// Term walks (unify, compare, copy, ground, write) run a plain loop and start remembering what
// they visited, which makes them terminate on cyclic terms, after this many compounds.
inline constexpr std::uint64_t kCycleCheckAfter = 4096;

// The compounds (heap addresses of their first cell) that some path from them leads back to,
// in the order a left-to-right depth-first walk closes a cycle at them first: SWI-Prolog's
// S_1, S_2, ... Empty for a finite tree. Small terms are settled by a bounded walk; larger ones
// take a table of about 64 bytes per compound, so the walk gives up (nullopt) after
// max_compounds different compounds.
std::optional<std::vector<std::uint64_t>> cycle_points(const Cell* cells, Cell t,
                                                       const Symbols& symbols,
                                                       std::uint64_t max_compounds);

// Whether t is a finite tree; nullopt when that takes more than max_compounds compounds.
std::optional<bool> acyclic_term(const Cell* cells, Cell t, const Symbols& symbols,
                                 std::uint64_t max_compounds);

}  // namespace railyard::prolog
