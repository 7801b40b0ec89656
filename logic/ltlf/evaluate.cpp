#include "logic/ltlf/evaluate.h"

#include <vector>

namespace railyard::ltlf {
namespace {

// The convention for the empty trace (formula.h).
bool holds_on_empty(const Formula& f, NodeId id) {
  const Node& n = f.node(id);
  switch (n.op) {
    case Op::True: return true;
    case Op::Not: return !holds_on_empty(f, n.left);
    case Op::WeakNext:
    case Op::Always:
    case Op::Release: return true;
    case Op::And: return holds_on_empty(f, n.left) && holds_on_empty(f, n.right);
    case Op::Or: return holds_on_empty(f, n.left) || holds_on_empty(f, n.right);
    case Op::Implies: return !holds_on_empty(f, n.left) || holds_on_empty(f, n.right);
    case Op::Equivalent: return holds_on_empty(f, n.left) == holds_on_empty(f, n.right);
    default: return false;  // false, last, atoms, X, F, U
  }
}

// Truth of a subformula at a position of a nonempty trace, memoised per (node, position).
class Evaluator {
 public:
  Evaluator(const Formula& f, std::span<const std::uint32_t> trace)
      : f_(f), trace_(trace), memo_(f.node_count() * trace.size(), kUnknown) {}

  bool at(NodeId id, std::size_t i) {
    signed char& m = memo_[id * trace_.size() + i];
    if (m == kUnknown) m = compute(id, i) ? 1 : 0;
    return m == 1;
  }

 private:
  static constexpr signed char kUnknown = -1;

  bool compute(NodeId id, std::size_t i) {
    const Node& n = f_.node(id);
    std::size_t size = trace_.size();
    switch (n.op) {
      case Op::True: return true;
      case Op::False: return false;
      case Op::Last: return i + 1 == size;
      case Op::Atom: return (trace_[i] >> n.atom) & 1u;
      case Op::Not: return !at(n.left, i);
      case Op::Next: return i + 1 < size && at(n.left, i + 1);
      case Op::WeakNext: return i + 1 == size || at(n.left, i + 1);
      case Op::Eventually:
        for (std::size_t j = i; j < size; ++j)
          if (at(n.left, j)) return true;
        return false;
      case Op::Always:
        for (std::size_t j = i; j < size; ++j)
          if (!at(n.left, j)) return false;
        return true;
      case Op::And: return at(n.left, i) && at(n.right, i);
      case Op::Or: return at(n.left, i) || at(n.right, i);
      case Op::Implies: return !at(n.left, i) || at(n.right, i);
      case Op::Equivalent: return at(n.left, i) == at(n.right, i);
      case Op::Until: return until(n.left, n.right, i);
      case Op::Release: return release(n.left, n.right, i);
    }
    return false;
  }

  // q at some j >= i, p at every k in [i, j).
  bool until(NodeId p, NodeId q, std::size_t i) {
    for (std::size_t j = i; j < trace_.size(); ++j) {
      if (at(q, j)) return true;
      if (!at(p, j)) return false;
    }
    return false;
  }

  // For every j >= i: q at j, or p at some k in [i, j).
  bool release(NodeId p, NodeId q, std::size_t i) {
    for (std::size_t j = i; j < trace_.size(); ++j) {
      if (!at(q, j)) return false;
      if (at(p, j)) return true;
    }
    return true;
  }

  const Formula& f_;
  std::span<const std::uint32_t> trace_;
  std::vector<signed char> memo_;
};

}  // namespace

bool holds(const Formula& formula, std::span<const std::uint32_t> trace) {
  if (trace.empty()) return holds_on_empty(formula, formula.root());
  return Evaluator(formula, trace).at(formula.root(), 0);
}

}  // namespace railyard::ltlf
