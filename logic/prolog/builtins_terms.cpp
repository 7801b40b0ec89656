// Term construction and inspection (functor/3, arg/3, =../2, copy_term/2) and sorting. Sorting
// charges steps for its comparisons and term space for its buffers.
#include <algorithm>

#include "logic/prolog/machine.h"

namespace railyard::prolog {
namespace {

bool functor3(Machine& m, Cell* a) {
  Cell t = m.deref(a[0]);
  switch (tag_of(t)) {
    case kRef: {
      Cell name = m.deref(a[1]);
      std::int64_t n = m.get_int(a[2]);
      if (tag_of(name) == kRef) m.instantiation_error();
      if (n == 0) {
        if (tag_of(name) == kStr || tag_of(name) == kList) m.type_error("atomic", name);
        return m.unify(t, name);
      }
      if (n < 0 || n > 255) m.domain_error("arity (0..255)", a[2]);
      if (tag_of(name) != kAtom) m.type_error("atom", name);
      FunctorId f = m.symbols.functor(static_cast<AtomId>(payload(name)), static_cast<unsigned>(n));
      Cell args[256];
      for (std::int64_t i = 0; i < n; ++i) args[i] = m.new_var();
      return m.unify(t, m.new_struct(f, args, static_cast<unsigned>(n)));
    }
    case kStr: {
      FunctorId f = static_cast<FunctorId>(payload(m.heap_[payload(t)]));
      return m.unify(a[1], make_atom(m.symbols.functor_name(f))) &&
             m.unify(a[2], make_int(m.symbols.arity(f)));
    }
    case kList: return m.unify(a[1], make_atom(atom::kListName)) && m.unify(a[2], make_int(2));
    default: return m.unify(a[1], t) && m.unify(a[2], make_int(0));
  }
}

// Address of argument i (1-based) of a compound, or 0.
std::uint64_t arg_address(Machine& m, Cell t, std::int64_t i, unsigned& arity) {
  if (tag_of(t) == kList) {
    arity = 2;
    return (i >= 1 && i <= 2) ? payload(t) + static_cast<std::uint64_t>(i - 1) : 0;
  }
  arity = m.symbols.arity(static_cast<FunctorId>(payload(m.heap_[payload(t)])));
  return (i >= 1 && i <= arity) ? payload(t) + static_cast<std::uint64_t>(i) : 0;
}

bool arg_from(Machine& m, Cell n, Cell t, Cell value, std::int64_t i);

bool arg_redo(Machine& m, const Cell* s) {
  return arg_from(m, s[0], s[1], s[2], int_value(s[3]));
}

bool arg_from(Machine& m, Cell n, Cell t, Cell value, std::int64_t i) {
  unsigned arity;
  std::uint64_t at = arg_address(m, t, i, arity);
  if (at == 0) return false;
  if (i < arity) {
    Cell state[4] = {n, t, value, make_int(i + 1)};
    m.push_redo(arg_redo, state, 4);
  }
  return m.unify(n, make_int(i)) && m.unify(value, m.heap_[at]);
}

bool arg3(Machine& m, Cell* a) {
  Cell n = m.deref(a[0]), t = m.deref(a[1]);
  if (tag_of(t) == kRef) m.instantiation_error();
  if (tag_of(t) != kStr && tag_of(t) != kList) m.type_error("compound", t);
  if (tag_of(n) == kRef) return arg_from(m, n, t, a[2], 1);
  unsigned arity;
  std::uint64_t at = arg_address(m, t, m.get_int(n), arity);
  return at != 0 && m.unify(a[2], m.heap_[at]);
}

bool univ(Machine& m, Cell* a) {
  Cell t = m.deref(a[0]);
  if (tag_of(t) == kStr || tag_of(t) == kList) {
    unsigned arity;
    arg_address(m, t, 1, arity);
    Cell items[257];
    if (tag_of(t) == kList) {
      items[0] = make_atom(atom::kListName);
      items[1] = m.heap_[payload(t)];
      items[2] = m.heap_[payload(t) + 1];
    } else {
      std::uint64_t at = payload(t);
      items[0] = make_atom(m.symbols.functor_name(static_cast<FunctorId>(payload(m.heap_[at]))));
      for (unsigned i = 1; i <= arity; ++i) items[i] = m.heap_[at + i];
    }
    return m.unify(a[1], m.new_list(items, arity + 1, make_atom(atom::kNil)));
  }
  if (tag_of(t) != kRef) return m.unify(a[1], m.new_list(&t, 1, make_atom(atom::kNil)));
  // Build from the list.
  Cell items[257];
  unsigned n = 0;
  Cell l = m.deref(a[1]);
  while (tag_of(l) == kList) {
    if (n == 257) m.domain_error("arity (0..255)", a[1]);
    items[n++] = m.deref(m.heap_[payload(l)]);
    l = m.deref(m.heap_[payload(l) + 1]);
  }
  if (tag_of(l) == kRef) m.instantiation_error();
  if (l != make_atom(atom::kNil)) m.type_error("list", a[1]);
  if (n == 0) m.domain_error("non_empty_list", a[1]);
  if (tag_of(items[0]) == kRef) m.instantiation_error();
  if (n == 1) {
    if (tag_of(items[0]) == kStr || tag_of(items[0]) == kList) m.type_error("atomic", items[0]);
    return m.unify(t, items[0]);
  }
  if (tag_of(items[0]) != kAtom) m.type_error("atom", items[0]);
  FunctorId f = m.symbols.functor(static_cast<AtomId>(payload(items[0])), n - 1);
  return m.unify(t, m.new_struct(f, items + 1, n - 1));
}

Cell sort_key(Machine& m, Cell t, std::int64_t key) {
  if (key == 0) return t;
  t = m.deref(t);
  if (tag_of(t) == kRef) m.instantiation_error();
  if (tag_of(t) != kStr && tag_of(t) != kList) m.type_error("compound", t);
  unsigned arity;
  std::uint64_t at = arg_address(m, t, key, arity);
  if (at == 0) m.type_error("compound with enough arguments", t);
  return m.heap_[at];
}

// sort/4 semantics; sort/2, msort/2 and keysort/2 are special cases.
bool sort_by(Machine& m, Cell list, Cell sorted, std::int64_t key, bool descending, bool dedupe) {
  std::vector<Cell> items = m.list_items(list);
  // items, keys, order and out, and about log2(n) comparisons per element.
  Machine::SpaceHold buffers(m, 4 * items.size());
  std::uint64_t log2 = 1;
  while ((std::uint64_t{1} << log2) < items.size()) ++log2;
  m.charge(items.size() * log2);
  std::vector<Cell> keys(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) keys[i] = sort_key(m, items[i], key);
  std::vector<std::size_t> order(items.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    int c = m.compare(keys[x], keys[y]);
    return descending ? c > 0 : c < 0;
  });
  std::vector<Cell> out;
  for (std::size_t i : order) {
    if (dedupe && !out.empty() && m.compare(keys[i], sort_key(m, out.back(), key)) == 0) continue;
    out.push_back(items[i]);
  }
  return m.unify(sorted, m.new_list(out.data(), out.size(), make_atom(atom::kNil)));
}

bool sort4(Machine& m, Cell* a) {
  std::int64_t key = m.get_int(a[0]);
  if (key < 0) m.domain_error("not_less_than_zero", a[0]);
  const std::string& order = m.symbols.name(m.get_atom(a[1]));
  if (order == "@<") return sort_by(m, a[2], a[3], key, false, true);
  if (order == "@=<") return sort_by(m, a[2], a[3], key, false, false);
  if (order == "@>") return sort_by(m, a[2], a[3], key, true, true);
  if (order == "@>=") return sort_by(m, a[2], a[3], key, true, false);
  m.domain_error("order", a[1]);
}
bool keysort2(Machine& m, Cell* a) {
  for (Cell item : m.list_items(a[0])) {
    Cell p = m.deref(item);
    if (tag_of(p) == kRef) m.instantiation_error();
    if (tag_of(p) != kStr || payload(m.heap_[payload(p)]) != functor::kMinus2)
      m.type_error("pair", p);
  }
  return sort_by(m, a[0], a[1], 1, false, false);
}

}  // namespace

void register_term_builtins(Machine& m) {
  m.define_native("functor", 3, functor3);
  m.define_native("arg", 3, arg3, false, /*nondeterministic=*/true);
  m.define_native("=..", 2, univ);
  m.define_native("copy_term", 2,
                  [](Machine& m, Cell* a) { return m.unify(a[1], m.copy_term(a[0])); });
  m.define_native("msort", 2,
                  [](Machine& m, Cell* a) { return sort_by(m, a[0], a[1], 0, false, false); });
  m.define_native("sort", 2,
                  [](Machine& m, Cell* a) { return sort_by(m, a[0], a[1], 0, false, true); });
  m.define_native("sort", 4, sort4);
  m.define_native("keysort", 2, keysort2);
}

}  // namespace railyard::prolog
