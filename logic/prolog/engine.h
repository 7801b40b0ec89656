// railyard's Prolog engine: the public face of the machine. Consult files, then prove goals
// either from terms built directly on the engine's heap (the fast path that labelling uses) or
// from text (tests and tools). An Engine is a value: copying one clones the loaded program, so
// each thread can have its own. One Engine must not be used by two threads at once.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "logic/prolog/errors.h"
#include "logic/prolog/machine.h"

namespace railyard::prolog {

// Variable name -> value as writeq/1 writes it, in the order the variables appear in the goal.
using Bindings = std::vector<std::pair<std::string, std::string>>;

class Engine {
 public:
  Engine() = default;  // the built-in library is loaded

  // Clauses for a predicate that an earlier consult (or the library) defined replace it.
  // Throws SyntaxError ("file:line:column: syntax error: ...") or PrologError.
  void consult_file(const std::filesystem::path& file);
  void consult_text(std::string_view text, const std::string& source_name = "user");

  void set_limits(const Limits& limits) { m_.limits = limits; }
  const Limits& limits() const { return m_.limits; }
  void set_output(std::ostream& out) { m_.out = &out; }
  // Whether name/arity is defined (clauses, declared dynamic, a builtin or a control construct).
  bool defines(std::string_view name, unsigned arity) const;
  // Warnings from consulting (directives that failed).
  const std::vector<std::string>& warnings() const { return m_.warnings; }
  // The work of first-argument indexing while consulting, over the engine's life: slots of the
  // key tables visited. Linear in the clauses loaded (tests hold it to that).
  std::uint64_t key_table_probes() const { return m_.key_probes; }

  // --- Proving goals built as terms ----------------------------------------------------------
  // Starts a new proof, discarding the terms of the previous one.
  void begin() { m_.reset(); }
  // Atoms and functors interned here stay for the life of the engine.
  AtomId atom(std::string_view name) {
    AtomId a = m_.symbols.atom(name);
    m_.keep_symbols();
    return a;
  }
  FunctorId functor(std::string_view name, unsigned arity) {
    FunctorId f = m_.symbols.functor(name, arity);
    m_.keep_symbols();
    return f;
  }
  // Atoms in the symbol table: those of the program and the caller's; the ones builtins make
  // during a proof are forgotten when the next begins.
  std::size_t atom_count() const { return m_.symbols.atom_count(); }
  static Cell integer(std::int64_t v) { return make_int(v); }
  static Cell atom_cell(AtomId a) { return make_atom(a); }
  Cell compound(FunctorId f, std::span<const Cell> args) {
    return m_.new_struct(f, args.data(), static_cast<unsigned>(args.size()));
  }
  Cell list(std::span<const Cell> items, Cell tail = make_atom(atom::kNil)) {
    return m_.new_list(items.data(), items.size(), tail);
  }
  // `n` fresh heap cells for a term the caller lays out itself (functor cells, make_str,
  // make_list, ...), every one of them written before the next call; returns the first's index.
  // Counts against the term space like compound().
  std::uint64_t allocate(std::size_t n) {
    m_.ensure(n);
    std::uint64_t at = m_.h_;
    m_.h_ += n;
    return at;
  }
  Cell* cells(std::uint64_t at) { return &m_.heap_[at]; }
  // Proves pred(args...) once. Throws PrologError (unknown procedure, limits, ...).
  bool prove(FunctorId pred, std::span<const Cell> args) {
    return m_.prove(pred, args.data(), static_cast<unsigned>(args.size()));
  }
  // The number of clauses of pred as loaded, in file order (0 for a builtin or an undefined one).
  std::size_t clause_count(FunctorId pred) const { return m_.clause_count(pred); }
  // Proves pred(args...) once with only its clause number `clause` (0-based, file order): its
  // head unifies and its body succeeds, with full backtracking inside the body. The same limits
  // and errors as prove(); PrologError when there is no such clause.
  bool prove_clause(FunctorId pred, std::size_t clause, std::span<const Cell> args) {
    return m_.prove_clause(pred, clause, args.data(), static_cast<unsigned>(args.size()));
  }
  std::string show(Cell t) const { return m_.show(t); }

  // --- Proving goals from text ---------------------------------------------------------------
  std::optional<Bindings> query_once(std::string_view goal);
  std::vector<Bindings> query_all(std::string_view goal, std::size_t max_solutions = 100000);
  bool succeeds(std::string_view goal) { return query_once(goal).has_value(); }

 private:
  Cell read_goal(std::string_view goal, std::vector<std::pair<std::string, Cell>>& names);
  Bindings bindings(const std::vector<std::pair<std::string, Cell>>& names) const;

  Machine m_;
};

}  // namespace railyard::prolog
