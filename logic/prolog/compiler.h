// Compiles clauses and goals into machine code: head arguments become templates that unify
// against the argument registers, bodies become instruction sequences with control constructs
// (conjunction, disjunction, if-then-else, negation, cut, findall, forall, aggregate_all) inline.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <unordered_set>

#include "logic/prolog/machine.h"

namespace railyard::prolog {

class Compiler {
 public:
  // kClause: a clause read into `src` (the reader's cells); ground compounds move to the static
  // heap and variables become frame slots. kMeta: a goal on the machine heap for call/1; its
  // terms are used in place.
  enum class Mode { kClause, kMeta };
  // `unfolded`: where the '$unfolded' terms that an Unfolder made are (unfold.h).
  Compiler(Machine& m, const Cell* src, Mode mode,
           const std::unordered_set<std::uint64_t>* unfolded = nullptr)
      : m_(m), src_(src), mode_(mode), unfolded_(unfolded) {}

  Clause compile_clause(Cell head, Cell body);
  // Compiles `goal` as an anonymous clause body; returns its address and sets its frame size.
  std::uint32_t compile_goal(Cell goal, std::uint32_t& slots);

 private:
  struct VarInfo {
    int slot = -1;
    int count = 0;
    bool seen = false;
  };

  Cell deref(Cell c) const;
  void count_vars(Cell t);
  void find_nonground(Cell t);
  bool ground(Cell t) const;
  bool is_void(Cell t) const;
  // Writes the template of t into tmpl[slot].
  void emit_into(Cell t, bool head, std::uint64_t slot);
  std::uint32_t cells_of(Cell t) const;
  void count_control();
  std::uint32_t arg_templates(const Cell* args, unsigned n, std::uint32_t& cells);
  bool has_cut(Cell g);
  std::uint32_t new_slot() { return slots_++; }
  std::uint32_t emit(Instr in);
  std::uint32_t here() const { return static_cast<std::uint32_t>(m_.code.size()); }
  int local_cut(Cell g);  // a mark for cuts local to g, or -1 when g has none

  void goal(Cell g, int cut, bool last);
  void simple_goal(Cell g, int cut, bool last);
  void call(FunctorId f, const Cell* args, unsigned n, bool last);
  void call_var(const Cell* goal_and_extra, unsigned extra, bool last);
  void unfolded_call(const Cell* a, bool last);
  std::uint16_t unfold_kind(const Instr& in) const;
  void negation(Cell g, bool last);
  void findall(Cell templ, Cell g, Cell list, const Cell* tail, bool last);
  bool aggregate(Cell spec, Cell g, Cell result, bool last);
  void proceed_if(bool last);
  bool linear_body(std::uint32_t from) const;

  Machine& m_;
  const Cell* src_;
  Mode mode_;
  const std::unordered_set<std::uint64_t>* unfolded_;
  bool frameless_ = false;  // compiling a linear body without a frame (see Clause::frameless)
  // Goals of the body's top-level conjunction (not inside a disjunction, if-then-else, negation,
  // findall, ...): code that every path runs, and runs again after backtracking to any earlier
  // choicepoint, so a variable's first occurrence there may store into its slot as in a head.
  bool top_level_ = true;
  bool first_store_ = false;  // emitting the arguments of a fact table lookup there
  std::uint32_t lookup_arg_templates(FunctorId f, const Cell* args, unsigned n,
                                     std::uint32_t& cells);
  std::unordered_map<std::uint64_t, VarInfo> vars_;
  std::unordered_set<std::uint64_t> nonground_;  // compounds of the clause with a variable
  std::uint32_t slots_ = 0;
  std::uint64_t control_ = 0;  // control constructs met, to catch cyclic goals
  Cell root_ = 0;              // the goal or clause being compiled
};

}  // namespace railyard::prolog
