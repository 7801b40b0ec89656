#include "logic/prolog/engine.h"

#include "logic/prolog/reader.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard::prolog {

void Engine::consult_file(const std::filesystem::path& file) {
  std::string text;
  try {
    text = read_file_text(file);
  } catch (const IoError& e) {  // "<file>: cannot open: No such file or directory"
    throw PrologError(std::string("cannot read Prolog file ") + e.what());
  }
  consult_text(text, file.string());
}

void Engine::consult_text(std::string_view text, const std::string& source_name) {
  m_.consult(text, source_name);
}

bool Engine::defines(std::string_view name, unsigned arity) const {
  AtomId a;
  FunctorId f;
  if (!m_.symbols.find_atom(name, a) || !m_.symbols.find_functor(a, arity, f)) return false;
  return f < m_.preds.size() && (m_.preds[f].kind != Pred::kUndefined || m_.preds[f].control);
}

Cell Engine::read_goal(std::string_view goal, std::vector<std::pair<std::string, Cell>>& names) {
  std::string text(goal);
  text += "\n.";
  m_.reset();  // before reading: the query's new atoms belong to this proof
  Reader reader(text, "query", m_.symbols, m_.ops);
  std::vector<Cell> cells;
  ReadClause clause;
  if (!reader.next(cells, clause)) throw PrologError("empty query");
  std::vector<std::pair<std::uint64_t, Cell>> vars;
  Cell g = m_.import(cells.data(), clause.term, vars);
  for (const auto& [name, cell] : clause.variables) {
    for (const auto& [index, value] : vars)
      if (index == payload(cell)) names.emplace_back(name, value);
  }
  return g;
}

Bindings Engine::bindings(const std::vector<std::pair<std::string, Cell>>& names) const {
  Bindings out;
  for (const auto& [name, cell] : names)
    if (name[0] != '_') out.emplace_back(name, m_.show(cell, true, 8 * m_.limits.max_term_cells));
  return out;
}

std::optional<Bindings> Engine::query_once(std::string_view goal) {
  std::vector<std::pair<std::string, Cell>> names;
  Cell g = read_goal(goal, names);
  if (!m_.solve(g)) return std::nullopt;
  return bindings(names);
}

std::vector<Bindings> Engine::query_all(std::string_view goal, std::size_t max_solutions) {
  std::vector<std::pair<std::string, Cell>> names;
  Cell g = read_goal(goal, names);
  std::vector<Bindings> out;
  for (bool ok = m_.solve(g); ok && out.size() < max_solutions; ok = m_.solve_next())
    out.push_back(bindings(names));
  return out;
}

}  // namespace railyard::prolog
