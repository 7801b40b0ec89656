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

}  // namespace

bool holds(const Formula& f, std::size_t length,
           const std::function<bool(std::uint32_t, std::size_t)>& atom_true) {
  if (length == 0) return holds_on_empty(f, f.root());
  // now[id]: subformula id at step i; next[id]: at step i + 1. Children have smaller ids than
  // their parents (the arena is built bottom up), so one sweep in id order fills a step.
  std::vector<char> now(f.node_count()), next(f.node_count());
  for (std::size_t i = length; i-- > 0;) {
    bool last = i + 1 == length;
    for (NodeId id = 0; id < f.node_count(); ++id) {
      const Node& n = f.node(id);
      bool p = n.left < id && now[n.left], q = n.right < id && now[n.right];
      bool later = !last && next[id];  // the same subformula one step on
      bool value = false;
      switch (n.op) {
        case Op::True: value = true; break;
        case Op::False: value = false; break;
        case Op::Last: value = last; break;
        case Op::Atom: value = atom_true(n.atom, i); break;
        case Op::Not: value = !p; break;
        case Op::Next: value = !last && next[n.left]; break;
        case Op::WeakNext: value = last || next[n.left]; break;
        case Op::Eventually: value = p || later; break;
        case Op::Always: value = p && (last || next[id]); break;
        case Op::And: value = p && q; break;
        case Op::Or: value = p || q; break;
        case Op::Implies: value = !p || q; break;
        case Op::Equivalent: value = p == q; break;
        case Op::Until: value = q || (p && later); break;               // q now, or p now and later
        case Op::Release: value = q && (p || last || next[id]); break;  // q until p releases it
      }
      now[id] = value;
    }
    std::swap(now, next);
  }
  return next[f.root()];  // step 0, swapped into next
}

bool holds(const Formula& f, std::span<const std::uint32_t> trace) {
  if (f.atoms().size() > 32)
    throw FormulaError(quoted_formula(f.text()) + ": " + std::to_string(f.atoms().size()) +
                       " atoms do not fit in a 32-bit letter; give the trace step by step");
  return holds(f, trace.size(),
               [&](std::uint32_t atom, std::size_t i) { return (trace[i] >> atom) & 1u; });
}

}  // namespace railyard::ltlf
