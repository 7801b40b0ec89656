// The list predicates that labelling rules call most: member/2, memberchk/2, length/2 and the
// indexed access behind nth0/3 and nth1/3. The rest of library(lists) is Prolog (library.cpp).
// Each retry of member/2 and length/2 is O(1); walks charge steps and refuse cyclic lists.
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
  Cell end;
  std::int64_t n = m.list_length(a[1], end);
  if (n < 0) m.type_error("list", a[1]);
  m.charge(static_cast<std::uint64_t>(n));
  bool atomic = tag_of(x) == kAtom || tag_of(x) == kInt;
  for (Cell l = m.deref(a[1]); tag_of(l) == kList; l = m.deref(m.heap_[payload(l) + 1])) {
    Cell head = m.deref(m.heap_[payload(l)]);
    if (atomic && (tag_of(head) == kAtom || tag_of(head) == kInt)) {
      if (head == x) return true;
    } else if (m.can_unify(x, head)) {
      return m.unify(x, head);
    }
  }
  if (tag_of(end) == kRef) {
    // memberchk(X, L) with an open list adds X, as in SWI-Prolog.
    Cell cell[2] = {x, m.new_var()};
    m.bind(end, m.new_struct(functor::kList, cell, 2));
    return true;
  }
  return false;
}

// A list cell whose head and tail are fresh variables.
Cell open_cell(Machine& m) {
  m.ensure(2);
  std::uint64_t at = m.h_;
  m.h_ += 2;
  m.heap_[at] = make_ref(at);
  m.heap_[at + 1] = make_ref(at + 1);
  return make_list(at);
}

// length(L, N) with L partial and N unbound: N = known, known + 1, ... on backtracking. The
// fresh elements form a skeleton [_1, ..., _k | End] that lives below the choicepoint and grows by
// one cell per retry, so a retry costs O(1) however long the list has grown. State: the open
// tail of L, N, the elements L already had, k, the skeleton (a variable bound to it) and End.
bool length_redo(Machine& m, const Cell* s) {
  Cell end = m.deref(s[5]);
  Cell cell = open_cell(m);
  m.heap_[payload(end)] = cell;  // not trailed: the skeleton outlives the retries
  std::int64_t k = int_value(s[3]) + 1;
  Cell state[6] = {s[0], s[1], s[2], make_int(k), s[4], make_ref(payload(cell) + 1)};
  m.push_redo(length_redo, state, 6);  // the choicepoint now keeps the new cell
  m.bind(m.deref(state[5]), kNil);
  m.bind(m.deref(s[0]), m.deref(s[4]));
  return m.unify(s[1], make_int(int_value(s[2]) + k));
}

bool length2(Machine& m, Cell* a) {
  Cell l;
  std::int64_t count = m.list_length(a[0], l);
  if (count < 0) m.type_error("list", a[0]);
  m.charge(static_cast<std::uint64_t>(count));
  Cell n = m.deref(a[1]);
  if (tag_of(n) != kRef && tag_of(n) != kInt) m.type_error("integer", n);
  if (l == kNil) return m.unify(n, make_int(count));
  if (tag_of(l) != kRef) return false;
  if (tag_of(n) == kInt) {
    std::int64_t want = int_value(n);
    if (want < 0) m.domain_error("not_less_than_zero", n);
    if (want < count) return false;
    m.charge(static_cast<std::uint64_t>(want - count));
    Cell list = kNil;
    for (std::int64_t i = count; i < want; ++i) {
      Cell cell[2] = {m.new_var(), list};
      list = m.new_struct(functor::kList, cell, 2);
    }
    return m.unify(l, list);
  }
  Cell skeleton = m.new_var();
  Cell state[6] = {l, n, make_int(count), make_int(0), skeleton, skeleton};
  m.push_redo(length_redo, state, 6);
  m.bind(l, kNil);
  return m.unify(n, make_int(count));
}

// '$nth'(+Index0, ?List, ?Elem): the element at a 0-based index; extends an open list.
bool nth(Machine& m, Cell* a) {
  std::int64_t i = m.get_int(a[0]);
  if (i < 0) return false;
  m.charge(static_cast<std::uint64_t>(i));
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
