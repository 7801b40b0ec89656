// Control, unification, comparison and type-check builtins.
#include "logic/prolog/errors.h"
#include "logic/prolog/machine.h"

namespace railyard::prolog {
namespace {

bool compare3(Machine& m, Cell* a) {
  Cell order = m.deref(a[0]);
  if (tag_of(order) != kRef && tag_of(order) != kAtom) m.type_error("atom", order);
  int c = m.compare(a[1], a[2]);
  AtomId result = c < 0 ? atom::kLess : c > 0 ? atom::kGreater : atom::kEqual;
  return m.unify(order, make_atom(result));
}

// The type tests: whether the argument's tag is one of Tags.
template <Tag... Tags>
bool tag_in(Machine& m, Cell* a) {
  Tag t = tag_of(m.deref(a[0]));
  return ((t == Tags) || ...);
}

bool is_list(Machine& m, Cell* a) {
  Cell tail;
  std::int64_t n = m.list_length(a[0], tail);
  if (n > 0) m.charge(static_cast<std::uint64_t>(n));
  return n >= 0 && tail == make_atom(atom::kNil);
}

bool throw1(Machine& m, Cell* a) {
  throw PrologError("Unhandled exception: " + m.show(m.deref(a[0])));
}

// Fallback for aggregate_all specs the compiler does not inline.
bool aggregate_all(Machine& m, Cell* a) {
  m.domain_error("aggregate_spec", a[0]);
}

}  // namespace

void register_control_builtins(Machine& m) {
  m.define_native("true", 0, [](Machine&, Cell*) { return true; });
  m.define_native("otherwise", 0, [](Machine&, Cell*) { return true; });
  m.define_native("fail", 0, [](Machine&, Cell*) { return false; });
  m.define_native("false", 0, [](Machine&, Cell*) { return false; });
  m.define_native("=", 2, [](Machine& m, Cell* a) { return m.unify(a[0], a[1]); });
  m.define_native("\\=", 2, [](Machine& m, Cell* a) { return !m.can_unify(a[0], a[1]); });
  m.define_native("==", 2, [](Machine& m, Cell* a) { return m.identical(a[0], a[1]); });
  m.define_native("\\==", 2, [](Machine& m, Cell* a) { return !m.identical(a[0], a[1]); });
  m.define_native("@<", 2, [](Machine& m, Cell* a) { return m.compare(a[0], a[1]) < 0; });
  m.define_native("@>", 2, [](Machine& m, Cell* a) { return m.compare(a[0], a[1]) > 0; });
  m.define_native("@=<", 2, [](Machine& m, Cell* a) { return m.compare(a[0], a[1]) <= 0; });
  m.define_native("@>=", 2, [](Machine& m, Cell* a) { return m.compare(a[0], a[1]) >= 0; });
  m.define_native("compare", 3, compare3);
  m.define_native("var", 1, tag_in<kRef>);
  m.define_native("nonvar", 1, [](Machine& m, Cell* a) { return tag_of(m.deref(a[0])) != kRef; });
  m.define_native("atom", 1, tag_in<kAtom>);
  m.define_native("integer", 1, tag_in<kInt>);
  m.define_native("float", 1, tag_in<kFloat>);
  m.define_native("number", 1, tag_in<kInt, kFloat>);
  m.define_native("atomic", 1, tag_in<kAtom, kInt, kFloat>);
  m.define_native("compound", 1, tag_in<kStr, kList>);
  m.define_native("callable", 1, tag_in<kAtom, kStr, kList>);
  m.define_native("is_list", 1, is_list);
  m.define_native("ground", 1, [](Machine& m, Cell* a) { return m.ground(a[0]); });
  m.define_native("acyclic_term", 1, [](Machine& m, Cell* a) { return m.acyclic(a[0]); });
  m.define_native("cyclic_term", 1, [](Machine& m, Cell* a) { return !m.acyclic(a[0]); });
  m.define_native("throw", 1, throw1);
  m.define_native("aggregate_all", 3, aggregate_all, /*library=*/true);
}

}  // namespace railyard::prolog
