#include "logic/prolog/operators.h"

#include <string_view>

namespace railyard::prolog {
namespace {

struct StandardOp {
  int priority;
  OpType type;
  std::string_view names;  // space separated
};

// SWI-Prolog 9's default table (the parts that make sense without modules and tabling).
constexpr StandardOp kStandard[] = {
    {1200, OpType::kXfx, ":- -->"},
    {1200, OpType::kFx, ":- ?-"},
    {1150, OpType::kFx,
     "dynamic discontiguous initialization meta_predicate module_transparent multifile public "
     "thread_local table"},
    {1100, OpType::kXfy, "; |"},
    {1105, OpType::kXfy, "|"},
    {1050, OpType::kXfy, "-> *->"},
    {1000, OpType::kXfy, ","},
    {990, OpType::kXfx, ":="},
    {900, OpType::kFy, "\\+"},
    {700, OpType::kXfx, "= \\= == \\== @< @> @=< @>= =.. is =:= =\\= < > =< >= >:< :< as"},
    {600, OpType::kXfy, ":"},
    {500, OpType::kYfx, "+ - /\\ \\/ xor"},
    {500, OpType::kFx, "?"},
    {400, OpType::kYfx, "* / // mod rem << >> div rdiv divmod"},
    {200, OpType::kXfx, "**"},
    {200, OpType::kXfy, "^"},
    {200, OpType::kFy, "- + \\"},
    {100, OpType::kYfx, "."},
    {1, OpType::kFx, "$"},
};

}  // namespace

Operators::Operators(Symbols& symbols) {
  for (const StandardOp& op : kStandard) {
    std::string_view rest = op.names;
    while (!rest.empty()) {
      std::size_t end = rest.find(' ');
      add(op.priority, op.type, symbols.atom(rest.substr(0, end)));
      rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    }
  }
}

void Operators::add(int priority, OpType type, AtomId name) {
  std::unordered_map<AtomId, OpDef>* table = &infix_;
  if (type == OpType::kFy || type == OpType::kFx) table = &prefix_;
  if (type == OpType::kXf || type == OpType::kYf) table = &postfix_;
  if (priority == 0)
    table->erase(name);
  else
    (*table)[name] = OpDef{priority, type};
}

}  // namespace railyard::prolog
