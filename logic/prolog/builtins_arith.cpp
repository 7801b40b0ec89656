// Arithmetic builtins as callable predicates (call/N, and clause bodies compile is/2 and the
// comparisons inline), plus between/3, succ/2 and plus/3.
#include "logic/prolog/machine.h"

namespace railyard::prolog {
namespace {

template <Comparison C>
bool compare2(Machine& m, Cell* a) {
  return compare_numbers(m, C, eval(m, a[0]), eval(m, a[1]));
}

bool between_from(Machine& m, Cell x, std::int64_t low, std::int64_t high);

bool between_redo(Machine& m, const Cell* s) {
  return between_from(m, s[0], int_value(s[1]), int_value(s[2]));
}

bool between_from(Machine& m, Cell x, std::int64_t low, std::int64_t high) {
  if (low > high) return false;
  if (low < high) {
    Cell state[3] = {x, make_int(low + 1), make_int(high)};
    m.push_redo(between_redo, state, 3);
  }
  m.bind(x, make_int(low));
  return true;
}

bool between3(Machine& m, Cell* a) {
  std::int64_t low = m.get_int(a[0]);
  Cell hc = m.deref(a[1]);
  std::int64_t high;
  if (tag_of(hc) == kAtom && (m.symbols.name(static_cast<AtomId>(payload(hc))) == "inf" ||
                              m.symbols.name(static_cast<AtomId>(payload(hc))) == "infinite"))
    high = kMaxInt;
  else
    high = m.get_int(hc);
  Cell x = m.deref(a[2]);
  if (tag_of(x) == kInt) return int_value(x) >= low && int_value(x) <= high;
  if (tag_of(x) != kRef) m.type_error("integer", x);
  return between_from(m, x, low, high);
}

// An integer result, or the evaluation error of `is` when it does not fit.
Cell checked_int(Machine& m, std::int64_t v) {
  return number_cell(m, Number{false, v, 0.0});
}

bool succ2(Machine& m, Cell* a) {
  Cell x = m.deref(a[0]);
  if (tag_of(x) == kInt) {
    if (int_value(x) < 0) m.type_error("not_less_than_zero", x);
    return m.unify(a[1], checked_int(m, int_value(x) + 1));
  }
  std::int64_t y = m.get_int(a[1]);
  if (y < 0) m.type_error("not_less_than_zero", a[1]);
  if (y == 0) return false;
  return m.unify(x, make_int(y - 1));
}

bool plus3(Machine& m, Cell* a) {
  Cell x = m.deref(a[0]), y = m.deref(a[1]), z = m.deref(a[2]);
  if (tag_of(x) == kInt && tag_of(y) == kInt)
    return m.unify(z, checked_int(m, int_value(x) + int_value(y)));
  if (tag_of(x) == kInt && tag_of(z) == kInt)
    return m.unify(y, checked_int(m, int_value(z) - int_value(x)));
  if (tag_of(y) == kInt && tag_of(z) == kInt)
    return m.unify(x, checked_int(m, int_value(z) - int_value(y)));
  m.instantiation_error();
}

}  // namespace

void register_arith_builtins(Machine& m) {
  m.define_native("is", 2,
                  [](Machine& m, Cell* a) { return m.unify(a[0], number_cell(m, eval(m, a[1]))); });
  m.define_native("=:=", 2, compare2<kArEq>);
  m.define_native("=\\=", 2, compare2<kArNe>);
  m.define_native("<", 2, compare2<kArLt>);
  m.define_native(">", 2, compare2<kArGt>);
  m.define_native("=<", 2, compare2<kArLe>);
  m.define_native(">=", 2, compare2<kArGe>);
  m.define_native("between", 3, between3, false, /*nondeterministic=*/true);
  m.define_native("succ", 2, succ2);
  m.define_native("plus", 3, plus3);
}

}  // namespace railyard::prolog
