// Unfolding: a call to a predicate of one clause without cuts, like car_color/2 or car_num/2 in
// the background file, is replaced in its caller by that clause: the callee's head unifies with
// the call's arguments in place (Op::kUnfold, no call, no frame) and its body follows inline.
// Labelling runs these calls millions of times, and a call costs more than the unification.
//
// The answers stay the same: a clause of one predicate with no cut proves a goal exactly when
// its head unifies with the goal and its body is proved, which is what the inlined code does.
// What changes is bookkeeping: unfolded calls do not count as steps or depth (recursive calls
// are never unfolded, so every loop still counts). Clauses are unfolded after a whole consult
// (Machine::link) with the definitions of that moment, and compiled again when a predicate they
// relied on changes, so a rule file that redefines a background predicate is seen everywhere.
#pragma once

#include <unordered_set>
#include <vector>

#include "logic/prolog/machine.h"

namespace railyard::prolog {

class Unfolder {
 public:
  // A copy of a clause's cells, to be rewritten.
  Unfolder(const Machine& m, const std::vector<Cell>& clause_cells) : cells(clause_cells), m_(m) {}

  // Rewrites a clause body, replacing each unfoldable call G by '$unfolded'(G, Head, Body) with
  // a renamed copy of the callee's clause; returns the new body.
  Cell rewrite(Cell body);

  std::vector<Cell> cells;                                // the clause's cells, then the copies
  std::unordered_set<std::uint64_t> wrappers;             // where the '$unfolded' terms are
  std::vector<std::pair<FunctorId, std::uint32_t>> deps;  // every callee met, with its version

 private:
  Cell walk(Cell g, unsigned depth);
  Cell unfold(Cell g, FunctorId f, unsigned depth);
  void substitute_head_vars(Cell g, Cell head, std::uint64_t offset);
  bool unfoldable(FunctorId f) const;
  bool simple_body(const ClauseSource& s) const;
  std::uint64_t append_copy(const std::vector<Cell>& src);
  Cell deref(Cell c) const { return prolog::deref(cells.data(), c); }

  const Machine& m_;
  std::size_t limit_ = 0;          // cells may grow to this
  std::vector<FunctorId> active_;  // callees being unfolded: never again inside themselves
};

}  // namespace railyard::prolog
