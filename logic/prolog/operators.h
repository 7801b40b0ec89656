// The operator table: the standard SWI-Prolog operators, extended by op/3 directives.
#pragma once

#include <unordered_map>

#include "logic/prolog/symbols.h"

namespace railyard::prolog {

enum class OpType { kXfx, kXfy, kYfx, kFy, kFx, kXf, kYf };

struct OpDef {
  int priority = 0;  // 0: not an operator of this class
  OpType type = OpType::kXfx;
};

class Operators {
 public:
  explicit Operators(Symbols& symbols);

  // op/3 semantics: priority 0 removes the definition of that class.
  void add(int priority, OpType type, AtomId name);

  OpDef prefix(AtomId a) const { return find(prefix_, a); }
  OpDef infix(AtomId a) const { return find(infix_, a); }
  OpDef postfix(AtomId a) const { return find(postfix_, a); }
  bool is_op(AtomId a) const {
    return prefix_.count(a) != 0 || infix_.count(a) != 0 || postfix_.count(a) != 0;
  }

 private:
  static OpDef find(const std::unordered_map<AtomId, OpDef>& table, AtomId a) {
    auto it = table.find(a);
    return it == table.end() ? OpDef{} : it->second;
  }
  std::unordered_map<AtomId, OpDef> prefix_, infix_, postfix_;
};

}  // namespace railyard::prolog
