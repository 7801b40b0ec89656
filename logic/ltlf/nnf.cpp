#include "logic/ltlf/nnf.h"

namespace railyard::ltlf {

Nnf::Nnf(const Formula& formula, const std::vector<std::uint32_t>& atom_bit)
    : formula_(formula), atom_bit_(atom_bit) {
  root_ = convert(formula.root(), false);
}

NnfId Nnf::make(const NnfNode& node) {
  auto [it, inserted] = ids_.try_emplace(node.key(), static_cast<NnfId>(nodes_.size()));
  if (inserted) nodes_.push_back(node);
  return it->second;
}

NnfId Nnf::both(NnfId a, NnfId b) {
  NnfOp x = nodes_[a].op, y = nodes_[b].op;
  if (x == NnfOp::False || y == NnfOp::False) return constant(false);
  if (x == NnfOp::True) return b;
  if (y == NnfOp::True) return a;
  return make({NnfOp::And, 0, a, b});
}

NnfId Nnf::either(NnfId a, NnfId b) {
  NnfOp x = nodes_[a].op, y = nodes_[b].op;
  if (x == NnfOp::True || y == NnfOp::True) return constant(true);
  if (x == NnfOp::False) return b;
  if (y == NnfOp::False) return a;
  return make({NnfOp::Or, 0, a, b});
}

// `negated` pushes a pending ! down through the dualities (X/WX, U/R, F/G, &/|).
NnfId Nnf::convert(NodeId id, bool negated) {
  auto memo = converted_.find({id, negated});
  if (memo != converted_.end()) return memo->second;
  const Node& n = formula_.node(id);
  auto sub = [&](NodeId child, bool flip) { return convert(child, negated != flip); };
  NnfId result = 0;
  switch (n.op) {
    case Op::True: result = constant(!negated); break;
    case Op::False: result = constant(negated); break;
    case Op::Atom:
      result = make({negated ? NnfOp::NotAtom : NnfOp::Atom, atom_bit_[n.atom], 0, 0});
      break;
    case Op::Last: {
      // last = WX false & nonempty; !last = X true | empty.
      NnfId t = constant(true), f = constant(false);
      result = negated ? either(make({NnfOp::Next, 0, t, 0}), make({NnfOp::Empty}))
                       : both(make({NnfOp::WeakNext, 0, f, 0}), make({NnfOp::Nonempty}));
      break;
    }
    case Op::Not: result = sub(n.left, true); break;
    case Op::Next:
      result = make({negated ? NnfOp::WeakNext : NnfOp::Next, 0, sub(n.left, false), 0});
      break;
    case Op::WeakNext:
      result = make({negated ? NnfOp::Next : NnfOp::WeakNext, 0, sub(n.left, false), 0});
      break;
    case Op::Eventually:  // F p = true U p; !F p = false R !p
      result = make(
          {negated ? NnfOp::Release : NnfOp::Until, 0, constant(!negated), sub(n.left, false)});
      break;
    case Op::Always:  // G p = false R p; !G p = true U !p
      result =
          make({negated ? NnfOp::Until : NnfOp::Release, 0, constant(negated), sub(n.left, false)});
      break;
    case Op::And:
      result = negated ? either(sub(n.left, false), sub(n.right, false))
                       : both(sub(n.left, false), sub(n.right, false));
      break;
    case Op::Or:
      result = negated ? both(sub(n.left, false), sub(n.right, false))
                       : either(sub(n.left, false), sub(n.right, false));
      break;
    case Op::Implies:  // a -> b = !a | b; !(a -> b) = a & !b
      result = negated ? both(convert(n.left, false), convert(n.right, true))
                       : either(convert(n.left, true), convert(n.right, false));
      break;
    case Op::Equivalent: {  // a <-> b = (a & b) | (!a & !b); negated pairs a with !b
      NnfId a = convert(n.left, false), not_a = convert(n.left, true);
      NnfId b = convert(n.right, negated), not_b = convert(n.right, !negated);
      result = either(both(a, b), both(not_a, not_b));
      break;
    }
    case Op::Until:
      result = make(
          {negated ? NnfOp::Release : NnfOp::Until, 0, sub(n.left, false), sub(n.right, false)});
      break;
    case Op::Release:
      result = make(
          {negated ? NnfOp::Until : NnfOp::Release, 0, sub(n.left, false), sub(n.right, false)});
      break;
  }
  converted_.emplace(std::pair(id, negated), result);
  return result;
}

bool Nnf::holds_on_empty(NnfId id) const {
  const NnfNode& n = nodes_[id];
  switch (n.op) {
    case NnfOp::True:
    case NnfOp::Empty:
    case NnfOp::NotAtom:
    case NnfOp::WeakNext:
    case NnfOp::Release: return true;
    case NnfOp::And: return holds_on_empty(n.left) && holds_on_empty(n.right);
    case NnfOp::Or: return holds_on_empty(n.left) || holds_on_empty(n.right);
    default: return false;  // false, nonempty, atoms, X, U
  }
}

}  // namespace railyard::ltlf
