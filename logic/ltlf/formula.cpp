#include "logic/ltlf/formula.h"

#include <utility>

#include "util/printable_text.h"

namespace railyard::ltlf {

std::string quoted_formula(std::string_view text) {
  return "formula \"" + printable(text) + "\"";
}

bool is_unary(Op op) {
  return op >= Op::Not && op <= Op::Always;
}
bool is_binary(Op op) {
  return op >= Op::And;
}

std::size_t FormulaBuilder::NodeHash::operator()(const Node& n) const {
  std::uint64_t h = static_cast<std::uint64_t>(n.op) * 0x9e3779b97f4a7c15ULL;
  h ^= (static_cast<std::uint64_t>(n.atom) << 1) + (static_cast<std::uint64_t>(n.left) << 22) +
       (static_cast<std::uint64_t>(n.right) << 43);
  return static_cast<std::size_t>(h * 0xbf58476d1ce4e5b9ULL);
}

FormulaBuilder::FormulaBuilder(std::string text) {
  formula_.text_ = std::move(text);
}

NodeId FormulaBuilder::intern(const Node& node) {
  auto [it, inserted] = ids_.try_emplace(node, static_cast<NodeId>(formula_.nodes_.size()));
  if (inserted) formula_.nodes_.push_back(node);
  return it->second;
}

NodeId FormulaBuilder::atom(std::string_view name) {
  auto [it, inserted] =
      atom_ids_.try_emplace(std::string(name), static_cast<std::uint32_t>(formula_.atoms_.size()));
  if (inserted) formula_.atoms_.emplace_back(name);
  return intern({Op::Atom, it->second, 0, 0});
}

NodeId FormulaBuilder::leaf(Op op) {
  return intern({op, 0, 0, 0});
}

NodeId FormulaBuilder::unary(Op op, NodeId operand) {
  return intern({op, 0, operand, 0});
}

NodeId FormulaBuilder::binary(Op op, NodeId left, NodeId right) {
  return intern({op, 0, left, right});
}

Formula FormulaBuilder::finish(NodeId root) && {
  formula_.root_ = root;
  return std::move(formula_);
}

namespace {

// Binding strength as the parser reads it; leaves bind tightest.
int precedence(Op op) {
  switch (op) {
    case Op::Equivalent: return 1;
    case Op::Implies: return 2;
    case Op::Or: return 3;
    case Op::And: return 4;
    case Op::Until: return 5;
    case Op::Release: return 6;
    default: return is_unary(op) ? 7 : 8;
  }
}

bool right_associative(Op op) {
  return op == Op::Implies || op == Op::Until || op == Op::Release;
}

const char* symbol(Op op) {
  switch (op) {
    case Op::True: return "true";
    case Op::False: return "false";
    case Op::Last: return "last";
    case Op::Not: return "!";
    case Op::Next: return "X";
    case Op::WeakNext: return "WX";
    case Op::Eventually: return "F";
    case Op::Always: return "G";
    case Op::And: return "&";
    case Op::Or: return "|";
    case Op::Implies: return "->";
    case Op::Equivalent: return "<->";
    case Op::Until: return "U";
    case Op::Release: return "R";
    default: return "";
  }
}

}  // namespace

std::string Formula::to_string(NodeId id) const {
  const Node& n = nodes_[id];
  if (n.op == Op::Atom) return atoms_[n.atom];
  if (!is_unary(n.op) && !is_binary(n.op)) return symbol(n.op);
  int own = precedence(n.op);
  auto operand = [&](NodeId child, bool tie_needs_parens) {
    int p = precedence(nodes_[child].op);
    bool parens = p < own || (p == own && tie_needs_parens);
    std::string text = parens ? "(" : "";
    text += to_string(child);
    if (parens) text += ")";
    return text;
  };
  if (is_unary(n.op)) {
    std::string inner = operand(n.left, false);
    bool tight = n.op == Op::Not || inner.front() == '(';
    return std::string(symbol(n.op)) + (tight ? "" : " ") + inner;
  }
  // Chains read left to right for & and |, right to left for ->, U, R; <-> never chains, since
  // flloat reads a <-> b <-> c as "all equal".
  bool right = right_associative(n.op);
  bool chains = n.op != Op::Equivalent;
  return operand(n.left, right || !chains) + " " + symbol(n.op) + " " +
         operand(n.right, !right || !chains);
}

}  // namespace railyard::ltlf
