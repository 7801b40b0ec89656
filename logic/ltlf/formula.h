// LTLf formulas (LTL over finite traces), as LTLZinc writes them in the syntax of the Python
// library flloat:
//   atoms      [a-z][a-z0-9_]* other than the constants
//   constants  true  false  last (true exactly at the last position)
//   unary      !  X (strong next)  WX (weak next)  F (eventually)  G (always)
//   binary     &  |  -> (right associative)  <-> (a <-> b <-> c: all equal, as flloat)
//              U (until, right associative)  R (release, right associative)
// Precedence, lowest first: <->, ->, |, &, U, R, unary; parentheses group. Operators are upper
// case, and X, WX, F, G, U, R are keywords only there (x and f are atoms). Whitespace is free.
//
// Semantics. A trace is a finite word of letters; a letter is a bitmask over the formula's atoms
// (bit i = atoms()[i]). On a nonempty trace, at position i of n: X p holds iff i+1 < n and p holds
// at i+1; WX p iff i+1 = n or p holds at i+1; last iff i+1 = n; p U q iff q holds at some j >= i
// and p at every k in [i, j); p R q iff !(!p U !q); F p = true U p; G p = false R p. A trace
// satisfies a formula when position 0 does. The EMPTY trace: atoms, X, F, U and last are false
// on it; G, WX and R are true; true is true and false false; ! flips; &, |, ->, <-> as usual.
// With that convention the minimal automata of LTLZinc's benchmark formulas have the sizes its
// paper gives (8, 5, 5, 4, 4 states).
//
// A Formula is immutable: nodes are hash-consed in an arena it owns, so equal subformulas share
// one NodeId and structural equality of two formulas of one arena is id equality.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "util/input_error.h"

namespace railyard::ltlf {

// A formula that does not parse, or that an automaton cannot be built for. Messages start with
// `formula "TEXT":` (the text escaped, util/printable_text.h) and name the column (1-based, in
// characters) or the atom or limit at fault.
class FormulaError : public InputError {
 public:
  using InputError::InputError;
};

// `formula "TEXT"` for messages.
std::string quoted_formula(std::string_view text);

enum class Op : std::uint8_t {
  True,
  False,
  Last,
  Atom,  // leaves
  Not,
  Next,
  WeakNext,
  Eventually,
  Always,  // unary: operand in `left`
  And,
  Or,
  Implies,
  Equivalent,
  Until,
  Release,  // binary
};

bool is_unary(Op op);
bool is_binary(Op op);

using NodeId = std::uint32_t;

struct Node {
  Op op = Op::True;
  std::uint32_t atom = 0;  // Op::Atom: index into Formula::atoms()
  NodeId left = 0;
  NodeId right = 0;
  bool operator==(const Node&) const = default;
};

class Formula {
 public:
  const std::string& text() const { return text_; }
  // Atom names in order of first appearance in the text.
  const std::vector<std::string>& atoms() const { return atoms_; }
  NodeId root() const { return root_; }
  const Node& node(NodeId id) const { return nodes_[id]; }
  std::size_t node_count() const { return nodes_.size(); }

  // Canonical text: the fewest parentheses, binary operators spaced, `!p`, `X p`, `G(p | q)`.
  // It parses back to the same tree.
  std::string to_string() const { return to_string(root_); }
  std::string to_string(NodeId id) const;

 private:
  friend class FormulaBuilder;
  std::string text_;
  std::vector<std::string> atoms_;
  std::vector<Node> nodes_;
  NodeId root_ = 0;
};

// Builds a Formula node by node; equal nodes are made once.
class FormulaBuilder {
 public:
  explicit FormulaBuilder(std::string text);
  NodeId atom(std::string_view name);
  NodeId leaf(Op op);
  NodeId unary(Op op, NodeId operand);
  NodeId binary(Op op, NodeId left, NodeId right);
  Formula finish(NodeId root) &&;

 private:
  NodeId intern(const Node& node);
  struct NodeHash {
    std::size_t operator()(const Node& n) const;
  };
  Formula formula_;
  std::unordered_map<Node, NodeId, NodeHash> ids_;
  std::unordered_map<std::string, std::uint32_t> atom_ids_;
};

// The longest formula text parse_formula reads (a bound on left-associative chains, whose
// recursive walks must stay shallow; nesting is bounded apart).
inline constexpr std::size_t kMaxFormulaLength = 4096;

// Parses flloat syntax; throws FormulaError naming the column and what was expected there.
Formula parse_formula(std::string_view text);

// Whether `name` can be an atom: [a-z][a-z0-9_]*, not one of the constants true, false, last.
bool is_atom_name(std::string_view name);

}  // namespace railyard::ltlf
