// Calls the machine runs without calling: a fact table's row (Op::kLookup) and the head of an
// unfolded clause (Op::kUnfold). Included by machine.cpp alone, where Machine::run inlines them.
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
  current_ = in.a;
  if (++steps_ > limits.max_steps) limit_error(LimitKind::kSteps);
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

}  // namespace railyard::prolog
