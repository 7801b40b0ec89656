// Control, unification, comparison and type-check builtins.
#include "logic/prolog/errors.h"
#include "logic/prolog/machine.h"

namespace railyard::prolog {
namespace {

bool succeed(Machine&, Cell*) {
  return true;
}
bool fail(Machine&, Cell*) {
  return false;
}
bool unify2(Machine& m, Cell* a) {
  return m.unify(a[0], a[1]);
}
bool not_unify(Machine& m, Cell* a) {
  return !m.can_unify(a[0], a[1]);
}
bool identical(Machine& m, Cell* a) {
  return m.identical(a[0], a[1]);
}
bool not_identical(Machine& m, Cell* a) {
  return !m.identical(a[0], a[1]);
}
bool term_less(Machine& m, Cell* a) {
  return m.compare(a[0], a[1]) < 0;
}
bool term_greater(Machine& m, Cell* a) {
  return m.compare(a[0], a[1]) > 0;
}
bool term_less_eq(Machine& m, Cell* a) {
  return m.compare(a[0], a[1]) <= 0;
}
bool term_greater_eq(Machine& m, Cell* a) {
  return m.compare(a[0], a[1]) >= 0;
}

bool compare3(Machine& m, Cell* a) {
  Cell order = m.deref(a[0]);
  if (tag_of(order) != kRef && tag_of(order) != kAtom) m.type_error("atom", order);
  int c = m.compare(a[1], a[2]);
  AtomId result = c < 0 ? atom::kLess : c > 0 ? atom::kGreater : atom::kEqual;
  return m.unify(order, make_atom(result));
}

bool is_var(Machine& m, Cell* a) {
  return tag_of(m.deref(a[0])) == kRef;
}
bool is_nonvar(Machine& m, Cell* a) {
  return tag_of(m.deref(a[0])) != kRef;
}
bool is_atom(Machine& m, Cell* a) {
  return tag_of(m.deref(a[0])) == kAtom;
}
bool is_integer(Machine& m, Cell* a) {
  return tag_of(m.deref(a[0])) == kInt;
}
bool is_float(Machine& m, Cell* a) {
  return tag_of(m.deref(a[0])) == kFloat;
}
bool is_number(Machine& m, Cell* a) {
  Tag t = tag_of(m.deref(a[0]));
  return t == kInt || t == kFloat;
}
bool is_atomic(Machine& m, Cell* a) {
  Tag t = tag_of(m.deref(a[0]));
  return t == kAtom || t == kInt || t == kFloat;
}
bool is_compound(Machine& m, Cell* a) {
  Tag t = tag_of(m.deref(a[0]));
  return t == kStr || t == kList;
}
bool is_callable(Machine& m, Cell* a) {
  Tag t = tag_of(m.deref(a[0]));
  return t == kAtom || t == kStr || t == kList;
}
bool is_list(Machine& m, Cell* a) {
  Cell tail;
  std::int64_t n = m.list_length(a[0], tail);
  if (n > 0) m.charge(static_cast<std::uint64_t>(n));
  return n >= 0 && tail == make_atom(atom::kNil);
}
bool is_ground(Machine& m, Cell* a) {
  return m.ground(a[0]);
}
bool is_acyclic(Machine& m, Cell* a) {
  return m.acyclic(a[0]);
}
bool is_cyclic(Machine& m, Cell* a) {
  return !m.acyclic(a[0]);
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
  m.define_native("true", 0, succeed);
  m.define_native("otherwise", 0, succeed);
  m.define_native("fail", 0, fail);
  m.define_native("false", 0, fail);
  m.define_native("=", 2, unify2);
  m.define_native("\\=", 2, not_unify);
  m.define_native("==", 2, identical);
  m.define_native("\\==", 2, not_identical);
  m.define_native("@<", 2, term_less);
  m.define_native("@>", 2, term_greater);
  m.define_native("@=<", 2, term_less_eq);
  m.define_native("@>=", 2, term_greater_eq);
  m.define_native("compare", 3, compare3);
  m.define_native("var", 1, is_var);
  m.define_native("nonvar", 1, is_nonvar);
  m.define_native("atom", 1, is_atom);
  m.define_native("integer", 1, is_integer);
  m.define_native("float", 1, is_float);
  m.define_native("number", 1, is_number);
  m.define_native("atomic", 1, is_atomic);
  m.define_native("compound", 1, is_compound);
  m.define_native("callable", 1, is_callable);
  m.define_native("is_list", 1, is_list);
  m.define_native("ground", 1, is_ground);
  m.define_native("acyclic_term", 1, is_acyclic);
  m.define_native("cyclic_term", 1, is_cyclic);
  m.define_native("throw", 1, throw1);
  m.define_native("aggregate_all", 3, aggregate_all, /*library=*/true);
}

}  // namespace railyard::prolog
