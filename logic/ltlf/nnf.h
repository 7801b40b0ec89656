// Negation normal form, the input of formula progression (progression.h): negation only on atoms,
// F and G rewritten through U and R, last as WX false & nonempty. Two constants exist only here:
// `nonempty` (false on the empty trace, true on any other) and `empty` (its negation); they let
// progression express "a next position exists" (X p progresses to p & nonempty).
#pragma once

#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "logic/ltlf/formula.h"

namespace railyard::ltlf {

enum class NnfOp : std::uint8_t {
  True,
  False,
  Nonempty,
  Empty,
  Atom,
  NotAtom,  // leaves
  And,
  Or,
  Next,
  WeakNext,
  Until,
  Release,
};

using NnfId = std::uint32_t;

struct NnfNode {
  NnfOp op = NnfOp::True;
  std::uint32_t bit = 0;  // Atom, NotAtom: the letter bit of the atom
  NnfId left = 0;
  NnfId right = 0;
  auto key() const { return std::tuple(op, bit, left, right); }
};

class Nnf {
 public:
  // `atom_bit[i]` is the letter bit of formula.atoms()[i].
  Nnf(const Formula& formula, const std::vector<std::uint32_t>& atom_bit);

  NnfId root() const { return root_; }
  const NnfNode& node(NnfId id) const { return nodes_[id]; }
  NnfId constant(bool value) { return make({value ? NnfOp::True : NnfOp::False}); }
  NnfId make(const NnfNode& node);

  // The node's truth on the empty trace (formula.h's convention).
  bool holds_on_empty(NnfId id) const;

 private:
  NnfId convert(NodeId id, bool negated);
  NnfId both(NnfId a, NnfId b);    // a & b, constants folded
  NnfId either(NnfId a, NnfId b);  // a | b, constants folded

  const Formula& formula_;
  std::vector<std::uint32_t> atom_bit_;
  std::vector<NnfNode> nodes_;
  std::map<std::tuple<NnfOp, std::uint32_t, NnfId, NnfId>, NnfId> ids_;
  std::map<std::pair<NodeId, bool>, NnfId> converted_;
  NnfId root_ = 0;
};

}  // namespace railyard::ltlf
