// Calls the machine runs without calling: a fact table's row (Op::kLookup), the head of an
// unfolded clause (Op::kUnfold), the builtins compiled to instructions (=/2, ==/2, \==/2, is/2,
// comparisons) and member/2 on a list. Included by machine.cpp alone, where Machine::run inlines
// them.
#pragma once

#include "logic/prolog/machine.h"

namespace railyard::prolog {

// A call to a fact table: the row of its first argument, an atom or integer, against the other
// arguments. kCall when the first argument is not atomic, or the table is gone (a consult is
// changing the predicate): the call then runs as compiled.
[[gnu::always_inline]] inline Machine::Lookup Machine::lookup_fact(const Instr& in, Cell* s) {
  const Pred& p = preds[in.a];
  const Cell* t = &tmpl[in.b];
  Cell key = t[0];
  if (tag_of(key) == kCode && code_kind(key) == kVar) key = deref(s[code_index(key)]);
  if ((tag_of(key) != kAtom && tag_of(key) != kInt) || p.facts.empty()) return Lookup::kCall;
  step(in.a);
  const std::uint32_t i = p.find_row(key);
  if (i == p.keys.size()) return Lookup::kNoRow;
  const Cell* row = &p.facts[std::size_t{i} * p.arity];
  for (unsigned k = 1; k < in.n; ++k) {
    const Cell tk = t[k];
    Cell v = tk;
    if (tag_of(tk) == kCode) {
      switch (code_kind(tk)) {
        case kVar: v = deref(s[code_index(tk)]); break;
        case kFirstVar: s[code_index(tk)] = row[k]; continue;  // a new variable, bound
        case kVoid: continue;
        default: return Lookup::kNoRow;  // a compound never unifies with an atomic value
      }
    }
    if (v == row[k]) continue;
    if (tag_of(v) != kRef) return Lookup::kNoRow;
    bind(v, row[k]);
  }
  return Lookup::kFound;
}

// An unfolded head whose call's arguments are clause variables or constants (Instr::aux 1): each
// against its head argument, with no argument registers in between. New variables, constants
// and the arguments of a structure met by a structure (car_color's c(_, Shape, _, _, _, _, _))
// inline; the rest as unify_arg.
[[gnu::always_inline]] inline bool Machine::match_plain(const Instr& in, Cell* s) {
  const Cell* t = &tmpl[in.b];
  const Cell* head = &tmpl[in.a];
  for (unsigned k = 0; k < in.n; ++k) {
    Cell v = tag_of(t[k]) == kCode ? s[code_index(t[k])] : t[k];
    const Cell h = head[k];
    if (tag_of(h) != kCode) {  // a constant
      v = deref(v);
      if (v == h) continue;
      if (tag_of(v) != kRef) return false;
      bind(v, h);
      continue;
    }
    if (code_kind(h) == kFirstVar) {
      s[code_index(h)] = v;
      continue;
    }
    const Cell* tp = &tmpl[code_index(h)];
    if (code_kind(h) != kTStr || tp[-1] == ~std::uint64_t{0} || tag_of(v = deref(v)) != kStr) {
      if (!unify_arg(h, v, s)) return false;
      continue;
    }
    const std::uint64_t at = payload(v);
    if (heap_[at] != tp[0]) return false;
    for (std::uint64_t mask = tp[-1]; mask; mask &= mask - 1) {
      const unsigned i = static_cast<unsigned>(__builtin_ctzll(mask)) + 1;
      const Cell ti = tp[i];
      if (tag_of(ti) == kCode && code_kind(ti) == kFirstVar) {
        s[code_index(ti)] = heap_[at + i];
      } else if (tag_of(ti) == kAtom || tag_of(ti) == kInt) {
        Cell vi = deref(heap_[at + i]);
        if (vi == ti) continue;
        if (tag_of(vi) != kRef) return false;
        bind(vi, ti);
      } else if (!unify_head(ti, heap_[at + i], s)) {
        return false;
      }
    }
  }
  return true;
}

// kUnfoldFlat: one clause variable against a structure pattern of new variables and constants.
// Anything but a structure of the pattern's functor goes to unify_arg, which may build.
[[gnu::always_inline]] inline bool Machine::match_flat(const Instr& in, std::uint64_t frame) {
  const Cell h = tmpl[in.a];
  const Cell* tp = &tmpl[code_index(h)];
  const Cell v = deref(heap_[frame + code_index(tmpl[in.b])]);
  if (tag_of(v) != kStr) {
    if (in.c) ensure(in.c);  // may move the heap
    return unify_arg(h, v, &heap_[frame]);
  }
  Cell* s = &heap_[frame];
  const std::uint64_t at = payload(v);
  if (heap_[at] != tp[0]) return false;
  for (std::uint64_t mask = tp[-1]; mask; mask &= mask - 1) {
    const unsigned i = static_cast<unsigned>(__builtin_ctzll(mask)) + 1;
    const Cell ti = tp[i];
    if (tag_of(ti) == kCode) {  // a new variable
      s[code_index(ti)] = heap_[at + i];
      continue;
    }
    const Cell vi = deref(heap_[at + i]);
    if (vi == ti) continue;
    if (tag_of(vi) != kRef) return false;
    bind(vi, ti);
  }
  return true;
}

// Op::kUnfold as in.aux says (UnfoldKind): the general kind through the argument registers.
[[gnu::always_inline]] inline bool Machine::match_unfolded(const Instr& in, std::uint64_t frame) {
  if (in.aux == kUnfoldFlat) return match_flat(in, frame);
  if (in.aux == kUnfoldPlain) {
    if (in.c) ensure(in.c);
    return match_plain(in, &heap_[frame]);
  }
  load_args(in, frame);
  return unify_args(&tmpl[in.a], in.n, &heap_[frame]);
}

[[gnu::always_inline]] inline bool Machine::op_unify(const Instr& in, std::uint64_t f) {
  ensure(in.c);
  Cell* s = &heap_[f];
  Cell x = build(tmpl[in.b], s);
  Cell y = build(tmpl[in.b + 1], s);
  return unify_fast(x, y);
}

// ==/2 (in.aux 0) or \==/2 (in.aux 1).
[[gnu::always_inline]] inline bool Machine::op_identical(const Instr& in, std::uint64_t f) {
  if (in.c) ensure(in.c);
  Cell* s = &heap_[f];
  Cell tx = tmpl[in.b], ty = tmpl[in.b + 1];
  // Arguments are mostly variables of the clause: their slots without build().
  Cell x = deref(tag_of(tx) == kCode && code_kind(tx) == kVar ? s[code_index(tx)] : build(tx, s));
  Cell y = deref(tag_of(ty) == kCode && code_kind(ty) == kVar ? s[code_index(ty)] : build(ty, s));
  bool same = x == y;
  if (!same && tag_of(x) == tag_of(y) && tag_of(x) > kInt) {
    current_ = in.a;
    same = identical(x, y);
  }
  return same == (in.aux == 0);
}

[[gnu::always_inline]] inline bool Machine::op_is(const Instr& in, std::uint64_t f) {
  ensure(in.c);
  Cell* s = &heap_[f];
  current_ = f_is_;
  Number r = eval_template(*this, tmpl[in.b + 1], s);
  Cell lhs = deref(build(tmpl[in.b], s));
  if (r.is_float) return unify(lhs, number_cell(*this, r));
  Cell v = make_int(r.i);
  if (tag_of(lhs) != kRef) return lhs == v;
  bind(lhs, v);
  return true;
}

[[gnu::always_inline]] inline bool Machine::op_compare(const Instr& in, std::uint64_t f) {
  Cell* s = &heap_[f];
  // Two integers (constants or bound variables of the clause): no evaluation needed.
  Cell tx = tmpl[in.b], ty = tmpl[in.b + 1];
  Cell x = tag_of(tx) == kCode && code_kind(tx) == kVar ? deref(s[code_index(tx)]) : tx;
  Cell y = tag_of(ty) == kCode && code_kind(ty) == kVar ? deref(s[code_index(ty)]) : ty;
  if (tag_of(x) == kInt && tag_of(y) == kInt) {
    const std::int64_t a = int_value(x), b = int_value(y);
    switch (in.aux) {
      case kArEq: return a == b;
      case kArNe: return a != b;
      case kArLt: return a < b;
      case kArGt: return a > b;
      case kArLe: return a <= b;
      default: return a >= b;
    }
  }
  current_ = f_compare_[in.aux];
  Number a = eval_template(*this, tx, s);
  Number b = eval_template(*this, ty, s);
  return compare_numbers(*this, static_cast<Comparison>(in.aux), a, b);
}

// member(X, List) on a list cell: X against its head, under a choicepoint of member's own kind
// (Choice::kMember: X and the rest) while the rest is a list cell; deterministic on the last
// element, like SWI-Prolog's. `retry`: that choicepoint when backtracking into it, else null. An
// unbound rest goes to the native, which enumerates open lists.
[[gnu::always_inline]] inline bool Machine::member_inline(Cell x, Cell list, Choice* retry,
                                                          const Registers& r) {
  const Cell tail = deref(heap_[payload(list) + 1]);
  if (tag_of(tail) == kList) {
    if (retry) {
      argstack_[retry->args + 1] = tail;  // the same choicepoint, one element on
    } else {
      push_choice(Choice::kMember, r.cp, r.cf);
      cps_[b_ - 1].id = current_;
      cps_[b_ - 1].nargs = 2;
      const Cell state[2] = {x, tail};
      push_args(state, 2);
    }
  } else {
    if (retry) pop_choice();
    if (tag_of(tail) == kRef) {
      Cell args[2] = {x, list};
      return run_native(member_native_, args, r);
    }
  }
  return unify_fast(x, heap_[payload(list)]);
}

}  // namespace railyard::prolog
