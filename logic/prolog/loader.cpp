// Consulting program text: clauses join the database, directives run or declare.
#include <memory>

#include "logic/prolog/compiler.h"
#include "logic/prolog/errors.h"
#include "logic/prolog/machine.h"
#include "logic/prolog/reader.h"

namespace railyard::prolog {
namespace {

Cell deref_in(const std::vector<Cell>& src, Cell c) {
  while (tag_of(c) == kRef && src[payload(c)] != c) c = src[payload(c)];
  return c;
}

bool is_struct(const std::vector<Cell>& src, Cell c, FunctorId f) {
  return tag_of(c) == kStr && payload(src[payload(c)]) == f;
}

}  // namespace

void Machine::consult(std::string_view text, const std::string& source_name, bool library) {
  loading_file_ = ++consults_;
  loading_library_ = library;
  keep_symbols();  // builtins' and earlier files' symbols
  Reader reader(text, source_name, symbols, ops);
  reset();
  try {
    read_clauses(reader, source_name);
  } catch (...) {
    // The clauses loaded so far stay: code unfolded from a predicate this file redefined must
    // not outlive the error.
    finish_consult();
    throw;
  }
  finish_consult();
}

void Machine::finish_consult() {
  reset();
  build_key_tables();
  link();
  build_fact_tables();
  keep_symbols();
  reset();
}

void Machine::read_clauses(Reader& reader, const std::string& source_name) {
  std::vector<Cell> cells;
  ReadClause clause;
  while (reader.next(cells, clause)) {
    keep_symbols();  // the program's atoms outlive proofs (reset() forgets the others)
    std::string where =
        source_name + ":" + std::to_string(clause.line) + ":" + std::to_string(clause.column);
    Cell t = deref_in(cells, clause.term);
    FunctorId neck = functor::kNeck;
    if (is_struct(cells, t, functor::kDirective)) {
      run_directive(cells[payload(t) + 1], cells, where);
    } else if (is_struct(cells, t, neck)) {
      add_clause(cells[payload(t) + 1], cells[payload(t) + 2], cells, where);
    } else if (tag_of(t) == kStr && symbols.name(symbols.functor_name(static_cast<FunctorId>(
                                        payload(cells[payload(t)])))) == "-->") {
      throw PrologError(where + ": DCG rules (-->) are not supported by this engine");
    } else {
      add_clause(t, make_atom(atom::kTrue), cells, where);
    }
    cells.clear();
  }
}

namespace {

// A fact calls nothing, so it never needs compiling again (linked at once), and its text is kept
// only while it is its predicate's one clause, which calls to it may unfold: files of millions
// of facts keep no copy of their text.
void add_source(Pred& p, const std::vector<Cell>& src, Cell head, Cell body) {
  const bool fact = deref_in(src, body) == make_atom(atom::kTrue);
  ClauseSource s{nullptr, head, body, {}, fact, false};
  if (!fact || p.sources.empty()) s.cells = std::make_shared<const std::vector<Cell>>(src);
  p.sources.push_back(std::move(s));
  if (p.sources.size() == 2 && p.sources[0].linked && p.sources[0].deps.empty() &&
      deref_in(*p.sources[0].cells, p.sources[0].body) == make_atom(atom::kTrue))
    p.sources[0].cells.reset();
}

}  // namespace

void Machine::redefine(Pred& p) {
  p.kind = Pred::kClauses;
  p.clauses.clear();
  p.facts.clear();
  p.sources.clear();
  p.keys.clear();
  p.key_table.clear();
  p.file = loading_file_;
  p.library = loading_library_;
  p.distinct_keys = true;
  p.version = ++clock_;
}

void Machine::add_clause(Cell head, Cell body, const std::vector<Cell>& src,
                         const std::string& where) {
  head = deref_in(src, head);
  FunctorId f;
  if (tag_of(head) == kAtom) {
    f = symbols.functor(static_cast<AtomId>(payload(head)), 0);
  } else if (tag_of(head) == kStr) {
    f = static_cast<FunctorId>(payload(src[payload(head)]));
  } else if (tag_of(head) == kList) {
    throw PrologError(where + ": No permission to modify static procedure `'[|]'/2'");
  } else {
    throw PrologError(where + ": clause head is not callable" +
                      std::string(tag_of(head) == kRef ? " (a variable)" : ""));
  }
  if (preds.size() <= f) preds.resize(symbols.functor_count());
  Pred* p = &preds[f];
  if (p->control || (p->kind == Pred::kNative && !p->library))
    throw PrologError(where + ": No permission to modify static procedure `" +
                      symbols.indicator(f) + "'");
  // A later file's definition replaces an earlier one, as for user predicates in SWI-Prolog.
  if (p->file != loading_file_) redefine(*p);
  p->arity = symbols.arity(f);
  h_ = static_top_;  // ground terms of the clause go to the static heap
  Clause c;
  try {
    c = Compiler(*this, src.data(), Compiler::Mode::kClause).compile_clause(head, body);
  } catch (const SyntaxError&) {
    throw;
  } catch (const PrologError& e) {
    throw PrologError(where + ": " + e.what());
  }
  p = &preds[f];  // compiling may have grown the table
  if (scratch_.size() < c.slots) scratch_.resize(c.slots);
  Cell key = p->arity ? template_key(tmpl[c.head]) : 0;
  // Whether the key is new is a look-up in the predicate's key table, kept up to date clause by
  // clause (so loading n clauses is O(n), and a directive sees the clauses loaded so far).
  if (p->distinct_keys && (key == 0 || !add_key(*p, key))) {
    p->distinct_keys = false;
    std::vector<std::pair<Cell, std::uint32_t>>().swap(p->key_table);
  }
  p->keys.push_back(key);
  p->facts.clear();
  p->clauses.push_back(c);
  add_source(*p, src, head, body);
  p->version = ++clock_;
  static_code = static_cast<std::uint32_t>(code.size());
  static_tmpl = static_cast<std::uint32_t>(tmpl.size());
  keep_symbols();  // the clause's atoms and the functors it calls
  reset();
}

bool Machine::directive_declaration(Cell goal, const std::vector<Cell>& src,
                                    const std::string& where) {
  goal = deref_in(src, goal);
  FunctorId f;
  if (tag_of(goal) == kAtom) {
    f = symbols.functor(static_cast<AtomId>(payload(goal)), 0);
  } else if (tag_of(goal) == kStr) {
    f = static_cast<FunctorId>(payload(src[payload(goal)]));
  } else {
    return false;
  }
  const std::string& name = symbols.name(symbols.functor_name(f));
  unsigned arity = symbols.arity(f);
  const Cell* a = tag_of(goal) == kStr ? &src[payload(goal) + 1] : nullptr;
  if (arity == 1 && (name == "dynamic" || name == "discontiguous" || name == "multifile" ||
                     name == "table" || name == "public")) {
    if (name != "dynamic") return true;
    // dynamic a/1, b/2 or dynamic [a/1, b/2]: the predicates exist (and fail) without clauses.
    std::vector<Cell> todo{a[0]};
    while (!todo.empty()) {
      Cell spec = deref_in(src, todo.back());
      todo.pop_back();
      if (is_struct(src, spec, functor::kComma)) {
        todo.push_back(src[payload(spec) + 2]);
        todo.push_back(src[payload(spec) + 1]);
      } else if (tag_of(spec) == kList) {
        todo.push_back(src[payload(spec) + 1]);
        todo.push_back(src[payload(spec)]);
      } else if (spec == make_atom(atom::kNil)) {
      } else if (is_struct(src, spec, functor::kSlash)) {
        Cell pn = deref_in(src, src[payload(spec) + 1]);
        Cell pa = deref_in(src, src[payload(spec) + 2]);
        if (tag_of(pn) != kAtom || tag_of(pa) != kInt)
          throw PrologError(where + ": dynamic/1 expects Name/Arity");
        FunctorId pf =
            symbols.functor(static_cast<AtomId>(payload(pn)), static_cast<unsigned>(int_value(pa)));
        if (preds.size() <= pf) preds.resize(symbols.functor_count());
        Pred& p = preds[pf];
        if (p.control || (p.kind == Pred::kNative && !p.library))
          throw PrologError(where + ": No permission to modify static procedure `" +
                            symbols.indicator(pf) + "'");
        if (p.file != loading_file_) redefine(p);
        p.arity = symbols.arity(pf);
      } else {
        throw PrologError(where + ": dynamic/1 expects Name/Arity");
      }
    }
    return true;
  }
  if (arity == 3 && name == "op") {
    Cell pr = deref_in(src, a[0]), ty = deref_in(src, a[1]);
    if (tag_of(pr) != kInt || tag_of(ty) != kAtom || int_value(pr) < 0 || int_value(pr) > 1200)
      throw PrologError(where + ": op/3 expects op(Priority, Type, Names)");
    static const std::pair<const char*, OpType> kTypes[] = {
        {"xfx", OpType::kXfx}, {"xfy", OpType::kXfy}, {"yfx", OpType::kYfx}, {"fy", OpType::kFy},
        {"fx", OpType::kFx},   {"xf", OpType::kXf},   {"yf", OpType::kYf}};
    const std::string& tn = symbols.name(static_cast<AtomId>(payload(ty)));
    const OpType* type = nullptr;
    for (const auto& [text, t] : kTypes)
      if (tn == text) type = &t;
    if (!type) throw PrologError(where + ": op/3: unknown operator type " + tn);
    std::vector<Cell> names;
    Cell list = deref_in(src, a[2]);
    if (tag_of(list) == kAtom && list != make_atom(atom::kNil)) names.push_back(list);
    while (tag_of(list) == kList) {
      names.push_back(deref_in(src, src[payload(list)]));
      list = deref_in(src, src[payload(list) + 1]);
    }
    for (Cell n : names) {
      if (tag_of(n) != kAtom) throw PrologError(where + ": op/3: operator names must be atoms");
      ops.add(static_cast<int>(int_value(pr)), *type, static_cast<AtomId>(payload(n)));
    }
    return true;
  }
  // Module-system and environment directives have no meaning for a single rule database, and
  // initialization goals are not run (a rule file is data, not a program with a main).
  static const char* const kIgnored[] = {"module",          "use_module",     "ensure_loaded",
                                         "set_prolog_flag", "style_check",    "initialization",
                                         "license",         "meta_predicate", "encoding"};
  for (const char* ignored : kIgnored)
    if (name == ignored) return true;
  return false;
}

void Machine::run_directive(Cell goal, const std::vector<Cell>& src, const std::string& where) {
  if (directive_declaration(goal, src, where)) return;
  reset();
  std::vector<std::pair<std::uint64_t, Cell>> vars;
  Cell g = import(src.data(), goal, vars);
  bool ok;
  try {
    ok = solve(g);
  } catch (const PrologError& e) {
    reset();
    throw PrologError(where + ": directive raised: " + e.what());
  }
  if (!ok) warnings.push_back(where + ": Warning: Goal (directive) failed");
  reset();
}

}  // namespace railyard::prolog
