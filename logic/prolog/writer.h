// Writes terms as text the way SWI-Prolog's write/1, writeq/1 and write_canonical/1 do, for
// query answers, messages and the write builtins.
#pragma once

#include <string>

#include "logic/prolog/cell.h"
#include "logic/prolog/operators.h"
#include "logic/prolog/symbols.h"

namespace railyard::prolog {

struct WriteOptions {
  bool quoted = true;       // quote atoms that need it (writeq)
  bool ignore_ops = false;  // canonical form f(a,b) instead of operators
};

// `cells` is the array the term's indices refer to (the engine's heap).
std::string write_term(const Cell* cells, Cell term, const Symbols& symbols, const Operators& ops,
                       WriteOptions options = {});

// An atom as writeq writes it.
std::string quote_atom_if_needed(const std::string& name);
// A float as SWI-Prolog writes it: shortest text that reads back exactly, always with a dot.
std::string format_float(double value);

}  // namespace railyard::prolog
