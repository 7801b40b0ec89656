#include "logic/ltlf/progression.h"

#include <algorithm>
#include <deque>
#include <map>
#include <string>
#include <unordered_map>

#include "logic/ltlf/nnf.h"

namespace railyard::ltlf {
namespace {

using Clause = std::vector<NnfId>;  // a conjunction, sorted, no duplicates
using Dnf = std::vector<Clause>;    // a disjunction, canonical (normalise)

// Element operations one construction may spend (about a second): nested temporal operators
// (G G ... !G F p) can make single states' DNFs explode long before max_states is reached, so the
// work is bounded too.
constexpr std::uint64_t kWorkBudget = 100'000'000;

class Progression {
 public:
  Progression(const Formula& formula, const std::vector<std::uint32_t>& atom_bit)
      : formula_(formula),
        nnf_(formula, atom_bit),
        true_{Clause{}},
        nonempty_{Clause{nnf_.make({NnfOp::Nonempty})}},
        empty_{Clause{nnf_.make({NnfOp::Empty})}} {}

  Dnf initial() { return expand(nnf_.root()); }

  Dnf step(const Dnf& state, std::uint32_t letter) {
    Dnf result;
    for (const Clause& clause : state) {
      const Dnf& term = progress(clause, letter);
      result.insert(result.end(), term.begin(), term.end());
    }
    normalise(result);
    return result;
  }

  // The letter bits the state reads at the current position: atoms not under X or WX.
  std::uint32_t reads(const Dnf& state) {
    std::uint32_t mask = 0;
    for (const Clause& clause : state)
      for (NnfId e : clause) mask |= reads(e);
    return mask;
  }

  bool accepting(const Dnf& state) const {
    return std::any_of(state.begin(), state.end(), [&](const Clause& c) {
      return std::all_of(c.begin(), c.end(), [&](NnfId e) { return nnf_.holds_on_empty(e); });
    });
  }

 private:
  std::uint32_t reads(NnfId id) {
    auto memo = reads_.find(id);
    if (memo != reads_.end()) return memo->second;
    const NnfNode& n = nnf_.node(id);
    std::uint32_t mask = 0;
    switch (n.op) {
      case NnfOp::Atom:
      case NnfOp::NotAtom: mask = 1u << n.bit; break;
      case NnfOp::And:
      case NnfOp::Or:
      case NnfOp::Until:
      case NnfOp::Release: mask = reads(n.left) | reads(n.right); break;
      default: break;  // constants, X, WX
    }
    reads_.emplace(id, mask);
    return mask;
  }

  // A node as a DNF over its non-Boolean parts.
  Dnf expand(NnfId id) {
    const NnfNode& n = nnf_.node(id);
    switch (n.op) {
      case NnfOp::True: return true_;
      case NnfOp::False: return {};
      case NnfOp::And: return conjoin(expand(n.left), expand(n.right));
      case NnfOp::Or: return disjoin(expand(n.left), expand(n.right));
      default: return {Clause{id}};
    }
  }

  // A clause is shared by many states and letters; it reads only its own atoms.
  const Dnf& progress(const Clause& clause, std::uint32_t letter) {
    std::uint32_t read = 0;
    for (NnfId e : clause) read |= reads(e);
    auto [it, inserted] = clause_ids_.try_emplace(clause, clause_ids_.size());
    letter &= read;
    std::uint64_t key = (static_cast<std::uint64_t>(it->second) << 32) | letter;
    auto memo = clause_steps_.find(key);
    if (memo != clause_steps_.end()) return memo->second;
    Dnf term = true_;
    for (NnfId e : clause) {
      term = conjoin(term, progress(e, letter));
      if (term.empty()) break;
    }
    return clause_steps_.emplace(key, std::move(term)).first->second;
  }

  // References into an unordered_map stay valid as it grows.
  const Dnf& progress(NnfId id, std::uint32_t letter) {
    std::uint64_t key = (static_cast<std::uint64_t>(id) << 32) | letter;
    auto memo = progressed_.find(key);
    if (memo != progressed_.end()) return memo->second;
    Dnf result = compute(id, letter);
    return progressed_.emplace(key, std::move(result)).first->second;
  }

  Dnf compute(NnfId id, std::uint32_t letter) {
    const NnfNode n = nnf_.node(id);
    auto value = [&](bool b) { return b ? true_ : Dnf{}; };
    switch (n.op) {
      case NnfOp::True: return true_;
      case NnfOp::False: return {};
      case NnfOp::Nonempty: return true_;  // a letter was read
      case NnfOp::Empty: return {};
      case NnfOp::Atom: return value((letter >> n.bit) & 1u);
      case NnfOp::NotAtom: return value(!((letter >> n.bit) & 1u));
      case NnfOp::And: return conjoin(progress(n.left, letter), progress(n.right, letter));
      case NnfOp::Or: return disjoin(progress(n.left, letter), progress(n.right, letter));
      case NnfOp::Next: return conjoin(expand(n.left), nonempty_);
      case NnfOp::WeakNext: return disjoin(expand(n.left), empty_);
      case NnfOp::Until:  // q now, or p now and p U q from the next position on
        return disjoin(progress(n.right, letter), conjoin(progress(n.left, letter), {Clause{id}}));
      case NnfOp::Release:  // q now, and p now or p R q from the next position on
        return conjoin(progress(n.right, letter), disjoin(progress(n.left, letter), {Clause{id}}));
    }
    return {};
  }

  // Counts element operations; throws FormulaError past kWorkBudget.
  void spend(std::uint64_t elements) {
    work_ += elements;
    if (work_ > kWorkBudget)
      throw FormulaError(quoted_formula(formula_.text()) + ": its automaton takes more than " +
                         std::to_string(kWorkBudget) +
                         " steps to build (too deeply nested temporal operators)");
  }

  // Sorted by size then content, duplicates and supersets of a smaller clause dropped: the same
  // Boolean function always has the same form once its clauses are minimal.
  void normalise(Dnf& dnf) {
    std::sort(dnf.begin(), dnf.end(), [](const Clause& a, const Clause& b) {
      return a.size() != b.size() ? a.size() < b.size() : a < b;
    });
    Dnf kept;
    for (Clause& c : dnf) {
      bool subsumed = std::any_of(kept.begin(), kept.end(), [&](const Clause& k) {
        spend(c.size() + k.size());
        return std::includes(c.begin(), c.end(), k.begin(), k.end());
      });
      if (!subsumed) kept.push_back(std::move(c));
    }
    dnf = std::move(kept);
  }

  Dnf disjoin(Dnf a, const Dnf& b) {
    a.insert(a.end(), b.begin(), b.end());
    normalise(a);
    return a;
  }

  Dnf conjoin(const Dnf& a, const Dnf& b) {
    Dnf result;
    for (const Clause& x : a)
      for (const Clause& y : b) {
        spend(1 + x.size() + y.size());
        Clause merged;
        std::set_union(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(merged));
        if (!contradictory(merged)) result.push_back(std::move(merged));
      }
    normalise(result);
    return result;
  }

  // p & !p, nonempty & empty: false on every trace, so the clause goes. One pass: the literals'
  // bits seen either way, and which of the two ends.
  bool contradictory(const Clause& c) const {
    std::uint32_t positive = 0, negative = 0;
    bool nonempty = false, empty = false;
    for (NnfId e : c) {
      const NnfNode& n = nnf_.node(e);
      if (n.op == NnfOp::Atom) positive |= 1u << n.bit;
      if (n.op == NnfOp::NotAtom) negative |= 1u << n.bit;
      nonempty = nonempty || n.op == NnfOp::Nonempty;
      empty = empty || n.op == NnfOp::Empty;
    }
    return (positive & negative) != 0 || (nonempty && empty);
  }

  const Formula& formula_;
  Nnf nnf_;
  Dnf true_, nonempty_, empty_;
  std::uint64_t work_ = 0;
  std::unordered_map<std::uint64_t, Dnf> progressed_;
  std::unordered_map<NnfId, std::uint32_t> reads_;
  std::map<Clause, std::uint64_t> clause_ids_;
  std::unordered_map<std::uint64_t, Dnf> clause_steps_;
};

}  // namespace

ExploredDfa explore_progression(const Formula& formula, const std::vector<std::uint32_t>& atom_bit,
                                std::uint32_t bits, std::size_t max_states) {
  Progression progression(formula, atom_bit);
  ExploredDfa dfa;
  dfa.letter_count = 1u << bits;
  std::map<Dnf, std::uint32_t> ids;
  std::deque<const Dnf*> pending;
  auto id_of = [&](Dnf state) {
    auto [it, inserted] = ids.try_emplace(std::move(state), static_cast<std::uint32_t>(ids.size()));
    if (inserted) {
      if (ids.size() > max_states)
        throw FormulaError(quoted_formula(formula.text()) + ": its automaton has more than " +
                           std::to_string(max_states) + " states (the limit max_states)");
      dfa.accepting.push_back(progression.accepting(it->first));
      pending.push_back(&it->first);
    }
    return it->second;
  };
  id_of(progression.initial());
  while (!pending.empty()) {
    const Dnf& state = *pending.front();
    pending.pop_front();
    // States are numbered in discovery order, so the rows of `next` fill in that order too.
    // Letters differing only in bits the state does not read share the successor of the
    // smallest of them, already computed: most states read few of many atoms.
    std::size_t row = dfa.next.size();
    std::uint32_t reads = progression.reads(state);
    for (std::uint32_t letter = 0; letter < dfa.letter_count; ++letter)
      dfa.next.push_back((letter & ~reads) ? dfa.next[row + (letter & reads)]
                                           : id_of(progression.step(state, letter)));
  }
  return dfa;
}

}  // namespace railyard::ltlf
