// The list predicates that labelling rules call most: member/2, memberchk/2, length/2 and the
// indexed access behind nth0/3 and nth1/3. The rest of library(lists) is Prolog (library.cpp).
#include "logic/prolog/machine.h"

namespace railyard::prolog {
namespace {

const Cell kNil = make_atom(atom::kNil);

bool member_from(Machine& m, Cell x, Cell list);

bool member_redo(Machine& m, const Cell* s) {
  return member_from(m, s[0], s[1]);
}

// member/2 on an unbound tail: the tail becomes [X|_], then [_,X|_], ...
bool member_open_redo(Machine& m, const Cell* s) {
  Cell tail = m.new_var();
  Cell cell[2] = {m.new_var(), tail};
  m.bind(m.deref(s[1]), m.new_struct(functor::kList, cell, 2));
  return member_from(m, s[0], tail);
}

bool member_from(Machine& m, Cell x, Cell list) {
  Cell l = m.deref(list);
  if (tag_of(l) == kList) {
    Cell head = m.heap_[payload(l)];
    Cell tail = m.deref(m.heap_[payload(l) + 1]);
    // Deterministic on the last element, like SWI-Prolog's member/2.
    if (tag_of(tail) == kList || tag_of(tail) == kRef) {
      Cell state[2] = {x, tail};
      m.push_redo(member_redo, state, 2);
    }
    return m.unify(x, head);
  }
  if (tag_of(l) == kRef) {
    Cell state[2] = {x, l};
    m.push_redo(member_open_redo, state, 2);
    Cell cell[2] = {x, m.new_var()};
    m.bind(l, m.new_struct(functor::kList, cell, 2));
    return true;
  }
  return false;
}

bool member2(Machine& m, Cell* a) {
  return member_from(m, a[0], a[1]);
}

bool memberchk2(Machine& m, Cell* a) {
  Cell x = m.deref(a[0]);
  Cell l = m.deref(a[1]);
  bool atomic = tag_of(x) == kAtom || tag_of(x) == kInt;
  while (tag_of(l) == kList) {
    Cell head = m.deref(m.heap_[payload(l)]);
    if (atomic && (tag_of(head) == kAtom || tag_of(head) == kInt)) {
      if (head == x) return true;
    } else if (m.can_unify(x, head)) {
      return m.unify(x, head);
    }
    l = m.deref(m.heap_[payload(l) + 1]);
  }
  if (tag_of(l) == kRef) {
    // memberchk(X, L) with an open list adds X, as in SWI-Prolog.
    Cell cell[2] = {x, m.new_var()};
    m.bind(l, m.new_struct(functor::kList, cell, 2));
    return true;
  }
  return false;
}

bool length_from(Machine& m, Cell tail, Cell n, std::int64_t known, std::int64_t extra);

bool length_redo(Machine& m, const Cell* s) {
  return length_from(m, s[0], s[1], int_value(s[2]), int_value(s[3]));
}

// Binds an open tail to `extra` fresh elements and N to the total; more on backtracking.
bool length_from(Machine& m, Cell tail, Cell n, std::int64_t known, std::int64_t extra) {
  Cell state[4] = {tail, n, make_int(known), make_int(extra + 1)};
  m.push_redo(length_redo, state, 4);
  m.ensure(2 * static_cast<std::uint64_t>(extra) + 1);
  Cell list = kNil;
  for (std::int64_t i = 0; i < extra; ++i) {
    Cell cell[2] = {m.new_var(), list};
    list = m.new_struct(functor::kList, cell, 2);
  }
  m.bind(m.deref(tail), list);
  return m.unify(n, make_int(known + extra));
}

bool length2(Machine& m, Cell* a) {
  std::int64_t count = 0;
  Cell l = m.deref(a[0]);
  while (tag_of(l) == kList) {
    ++count;
    l = m.deref(m.heap_[payload(l) + 1]);
  }
  Cell n = m.deref(a[1]);
  if (tag_of(n) != kRef && tag_of(n) != kInt) m.type_error("integer", n);
  if (l == kNil) return m.unify(n, make_int(count));
  if (tag_of(l) != kRef) return false;
  if (tag_of(n) == kInt) {
    std::int64_t want = int_value(n);
    if (want < 0) m.domain_error("not_less_than_zero", n);
    if (want < count) return false;
    Cell list = kNil;
    for (std::int64_t i = count; i < want; ++i) {
      Cell cell[2] = {m.new_var(), list};
      list = m.new_struct(functor::kList, cell, 2);
    }
    return m.unify(l, list);
  }
  return length_from(m, l, n, count, 0);
}

// '$nth'(+Index0, ?List, ?Elem): the element at a 0-based index; extends an open list.
bool nth(Machine& m, Cell* a) {
  std::int64_t i = m.get_int(a[0]);
  if (i < 0) return false;
  Cell l = m.deref(a[1]);
  for (;;) {
    if (tag_of(l) == kRef) {
      Cell cell[2] = {m.new_var(), m.new_var()};
      Cell fresh = m.new_struct(functor::kList, cell, 2);
      m.bind(l, fresh);
      l = fresh;
    }
    if (tag_of(l) != kList) return false;
    if (i == 0) return m.unify(a[2], m.heap_[payload(l)]);
    --i;
    l = m.deref(m.heap_[payload(l) + 1]);
  }
}

}  // namespace

void register_list_builtins(Machine& m) {
  m.define_native("member", 2, member2, /*library=*/true, /*nondeterministic=*/true);
  m.define_native("memberchk", 2, memberchk2, /*library=*/true);
  m.define_native("length", 2, length2, false, /*nondeterministic=*/true);
  m.define_native("$nth", 3, nth);
}

}  // namespace railyard::prolog
