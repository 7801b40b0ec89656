// Writes terms as text the way SWI-Prolog's write/1, writeq/1 and write_canonical/1 do, for
// query answers, messages and the write builtins. The writer keeps its own stack, so terms of
// any depth write; cyclic terms write in SWI-Prolog's @(Template, [S_1=Subterm, ...]) notation.
#pragma once

#include <string>

#include "logic/prolog/cell.h"
#include "logic/prolog/operators.h"
#include "logic/prolog/symbols.h"

namespace railyard::prolog {

struct WriteOptions {
  bool quoted = true;       // quote atoms that need it (writeq)
  bool ignore_ops = false;  // canonical form f(a,b) instead of operators
  // At most this many bytes (and about as many subterms), then "..." and *truncated is set: a
  // term that shares subterms can stand for text far larger than memory.
  std::size_t max_length = std::string::npos;
};

// `cells` is the array the term's indices refer to (the engine's heap).
std::string write_term(const Cell* cells, Cell term, const Symbols& symbols, const Operators& ops,
                       WriteOptions options = {}, bool* truncated = nullptr);

// An atom as writeq writes it.
std::string quote_atom_if_needed(const std::string& name);
// A float as SWI-Prolog writes it: shortest text that reads back exactly, always with a dot.
std::string format_float(double value);

}  // namespace railyard::prolog
