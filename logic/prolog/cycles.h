// Cyclic terms (rational trees). X = f(X) makes a term that contains itself; the engine unifies,
// compares and copies such terms like SWI-Prolog does, and writes them in SWI-Prolog's notation
// @(Template, [S_1=Subterm, ...]). These functions find the cycles of a term on a cell array.
#pragma once

#include <cstdint>
#include <vector>

#include "logic/prolog/cell.h"
#include "logic/prolog/symbols.h"

namespace railyard::prolog {

// Term walks (unify, compare, copy, ground, write) run a plain loop and start remembering what
// they visited, which makes them terminate on cyclic terms, after this many compounds.
inline constexpr std::uint64_t kCycleCheckAfter = 4096;

// Whether t is a finite tree. Cheap for small terms: a bounded walk settles most of them.
bool acyclic_term(const Cell* cells, Cell t, const Symbols& symbols);

// The compounds (heap addresses of their first cell) that some path from them leads back to,
// in the order a left-to-right depth-first walk closes a cycle at them first: SWI-Prolog's
// S_1, S_2, ... Empty for a finite tree.
std::vector<std::uint64_t> cycle_points(const Cell* cells, Cell t, const Symbols& symbols);

}  // namespace railyard::prolog
