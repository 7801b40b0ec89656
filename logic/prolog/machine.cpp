#include "logic/prolog/machine.h"

#include <iostream>

#include "logic/prolog/compiler.h"
#include "logic/prolog/errors.h"
#include "logic/prolog/inline_calls.h"

namespace railyard::prolog {
namespace {

constexpr Cell kListKey = make_functor(functor::kList);
constexpr Cell kFloatKey = make_functor(functor::kFloatHeader);

}  // namespace

Machine::Machine() : out(&std::cout) {
  heap_.resize(1 << 16);
  heap_[0] = make_atom(atom::kNil);  // index 0 is never a variable
  code.push_back({Op::kHalt});
  halt_pc_ = 0;
  static_code = 1;
  f_unfolded_ = symbols.functor("$unfolded", 3);
  f_is_ = symbols.functor("is", 2);
  f_unify_ = symbols.functor("=", 2);
  f_identical_ = symbols.functor("==", 2);
  f_not_identical_ = symbols.functor("\\==", 2);
  const char* comparisons[6] = {"=:=", "=\\=", "<", ">", "=<", ">="};
  for (int k = 0; k < 6; ++k) f_compare_[k] = symbols.functor(comparisons[k], 2);
  f_bar_ = symbols.functor("|", 2);
  f_aggr_sum_ = symbols.functor("$aggr_sum", 2);
  f_aggr_max_ = symbols.functor("$aggr_max", 2);
  f_aggr_min_ = symbols.functor("$aggr_min", 2);
  f_aggr_max_w_ = symbols.functor("$aggr_max_witness", 2);
  f_aggr_min_w_ = symbols.functor("$aggr_min_witness", 2);
  f_sort_ = symbols.functor("sort", 2);
  f_module_ = symbols.functor(":", 2);
  preds.resize(symbols.functor_count());
  for (FunctorId f : {FunctorId{functor::kComma},
                      FunctorId{functor::kSemicolon},
                      FunctorId{functor::kArrow},
                      FunctorId{functor::kSoftArrow},
                      FunctorId{functor::kNot},
                      FunctorId{functor::kNotWord},
                      FunctorId{functor::kCall1},
                      FunctorId{functor::kCall2},
                      FunctorId{functor::kCall3},
                      FunctorId{functor::kCall4},
                      FunctorId{functor::kCall5},
                      FunctorId{functor::kCall6},
                      FunctorId{functor::kCall7},
                      FunctorId{functor::kCall8},
                      FunctorId{functor::kFindall3},
                      FunctorId{functor::kFindall4},
                      FunctorId{functor::kForall},
                      FunctorId{functor::kOnce},
                      FunctorId{functor::kIgnore},
                      f_bar_,
                      f_module_,
                      symbols.functor(atom::kCut, 0)}) {
    preds.resize(symbols.functor_count());
    preds[f].control = true;
  }
  setup_arithmetic(*this);
  register_control_builtins(*this);
  register_term_builtins(*this);
  register_arith_builtins(*this);
  register_list_builtins(*this);
  member_native_ = preds[symbols.functor("member", 2)].native;
  register_atom_builtins(*this);
  register_io_builtins(*this);
  consult(kLibraryText, "library", true);
}

namespace {

// Capacities above these are given back at the end of a proof that needed them, so one
// exceptional train does not keep its memory for the rest of a run.
constexpr std::size_t kKeptHeapCells = std::size_t{1} << 22;
constexpr std::size_t kKeptStackEntries = std::size_t{1} << 20;

template <class T>
void shrink(std::vector<T>& v, std::size_t keep) {
  if (v.capacity() > keep && v.size() <= keep) {
    v.resize(std::min(v.size(), keep));
    v.shrink_to_fit();
  }
}

}  // namespace

void Machine::release_memory() {
  if (heap_.size() > kKeptHeapCells && static_top_ + kScratchSlots < kKeptHeapCells / 2) {
    heap_.resize(kKeptHeapCells);
  }
  shrink(trail_, kKeptStackEntries);
  shrink(store_, kKeptStackEntries);
  shrink(argstack_, kKeptStackEntries);
  shrink(cps_, kKeptStackEntries);
  shrink(work_, kKeptStackEntries);
  shrink(marked_, kKeptStackEntries);
}

void Machine::define_native(std::string_view name, unsigned arity, Native fn, bool library,
                            bool nondeterministic) {
  FunctorId f = symbols.functor(name, arity);
  if (preds.size() <= f) preds.resize(symbols.functor_count());
  Pred& p = preds[f];
  p.kind = Pred::kNative;
  p.library = library;
  p.nondeterministic = nondeterministic;
  p.arity = arity;
  p.native = static_cast<std::uint32_t>(natives.size());
  natives.push_back(fn);
  native_functor.push_back(f);
}

void Machine::reset() {
  // What only an error, a large proof or builtins making atoms leave behind.
  if (!marked_.empty() || seen_.size() > 0 || symbols.atom_count() != static_atoms_ ||
      symbols.functor_count() != static_functors_ || heap_.size() > kKeptHeapCells ||
      cps_.size() > kKeptStackEntries)
    clean_up();
  h_ = static_top_;
  trail_.clear();
  b_ = 0;
  hb_ = 0;
  argstack_.clear();
  store_.clear();
  work_.clear();
  code.resize(static_code);
  tmpl.resize(static_tmpl);
  aux_cells_ = 0;
  nesting_ = 0;
  ensure(3);
  heap_[h_] = halt_pc_;
  heap_[h_ + 1] = 0;
  heap_[h_ + 2] = 0;  // depth
  h_ += 3;
  top_frame_ = h_;
  steps_ = 0;
  reuse_choice_ = false;
}

void Machine::clean_up() {
  unmark();  // after an error in the middle of a copy
  if (seen_.size() > 0) seen_.clear();
  symbols.truncate(static_atoms_, static_functors_);
  if (preds.size() > static_functors_) preds.resize(static_functors_);
  release_memory();
}

bool Machine::prove(FunctorId pred, const Cell* args, unsigned arity) {
  // Compiled calls name predicates the table covers; a functor the caller interned may be new.
  if (pred >= preds.size()) preds.resize(symbols.functor_count());
  for (unsigned i = 0; i < arity; ++i) args_[i] = args[i];
  cp_ = halt_pc_;
  cf_ = top_frame_;
  steps_ = 0;
  return run(Entry::kCall, pred);
}

bool Machine::prove_clause(FunctorId pred, std::size_t clause, const Cell* args, unsigned arity) {
  if (clause >= clause_count(pred))
    throw PrologError("no clause " + std::to_string(clause + 1) + " of " +
                      symbols.name(symbols.functor_name(pred)) + "/" + std::to_string(arity) +
                      " (it has " + std::to_string(clause_count(pred)) + ")");
  for (unsigned i = 0; i < arity; ++i) args_[i] = args[i];
  cp_ = halt_pc_;
  cf_ = top_frame_;
  steps_ = 0;
  return run(Entry::kClause, pred, static_cast<std::uint32_t>(clause));
}

bool Machine::solve(Cell goal) {
  steps_ = 0;
  FunctorId pred = 0;
  pc_ = halt_pc_;
  f_ = top_frame_;
  if (call_goal(goal, nullptr, 0, halt_pc_, top_frame_, pred)) return run(Entry::kCall, pred);
  return run(Entry::kNext, 0);
}

bool Machine::solve_next() {
  return run(Entry::kFail, 0);
}

void Machine::grow_choices() {
  reserve_space(kChoiceCells);
  cps_.emplace_back();
}

void Machine::grow_args(unsigned n) {
  reserve_space(n);
  argstack_.reserve(std::max<std::size_t>(2 * argstack_.capacity(), argstack_.size() + n));
}

bool Machine::can_unify(Cell a, Cell b) {
  push_choice(Choice::kDead, 0, 0);
  std::uint64_t tr = trail_.size();
  bool ok = unify(a, b);
  undo_to(tr);
  pop_choice();
  return ok;
}

void Machine::push_redo(Redo redo, const Cell* state, unsigned n) {
  if (reuse_choice_) {
    // Backtracking into a redo that leaves another alternative: the same as popping the
    // choicepoint and pushing a new one, without the copying.
    reuse_choice_ = false;
    Choice& c = cps_[b_ - 1];
    if (c.nargs == n) {
      c.redo = redo;
      c.pc = cp_;
      c.frame = cf_;
      c.h = h_;
      c.tr = trail_.size();
      hb_ = h_;
      for (unsigned k = 0; k < n; ++k) argstack_[c.args + k] = state[k];
      return;
    }
    pop_choice();
  }
  push_choice(Choice::kRedo, cp_, cf_);
  Choice& c = cps_[b_ - 1];
  c.id = current_;
  c.redo = redo;
  c.nargs = n;
  push_args(state, n);
}

__attribute__((always_inline)) inline Cell Machine::index_key(Cell c) const {
  c = deref(c);
  switch (tag_of(c)) {
    case kAtom:
    case kInt: return c;
    case kStr: return heap_[payload(c)];
    case kList: return kListKey;
    case kFloat: return kFloatKey;
    default: return 0;
  }
}

Cell Machine::template_key(Cell t) const {
  switch (tag_of(t)) {
    case kAtom:
    case kInt: return t;
    case kStr: return heap_[payload(t)];
    case kList: return kListKey;
    case kFloat: return kFloatKey;
    case kCode:
      if (code_kind(t) == kTStr) return tmpl[code_index(t)];
      if (code_kind(t) == kTList) return kListKey;
      return 0;
    default: return 0;
  }
}

// Builds a template as a term on the heap. The caller has ensured the space.
Cell Machine::build(Cell t, Cell* s) {
  if (tag_of(t) != kCode) return t;
  std::uint64_t idx = code_index(t);
  switch (code_kind(t)) {
    case kVar: return s[idx];
    case kFirstVar: {
      std::uint64_t i = h_++;
      heap_[i] = make_ref(i);
      s[idx] = heap_[i];
      return heap_[i];
    }
    case kVoid: {
      std::uint64_t i = h_++;
      heap_[i] = make_ref(i);
      return heap_[i];
    }
    case kTList:
    case kTStr: {
      Cell last;
      std::uint64_t last_dst;
      Cell c = build_compound(t, s, last, last_dst);
      build_into(last, last_dst, s);
      return c;
    }
    default: return t;
  }
}

// Allocates the compound of a kTList or kTStr template and builds its arguments but the last,
// whose template and heap cell go to last and last_dst.
Cell Machine::build_compound(Cell t, Cell* s, Cell& last, std::uint64_t& last_dst) {
  std::uint64_t idx = code_index(t);
  if (code_kind(t) == kTList) {
    std::uint64_t at = h_;
    h_ += 2;
    build_into(tmpl[idx], at, s);
    last = tmpl[idx + 1];
    last_dst = at + 1;
    return make_list(at);
  }
  Cell header = tmpl[idx];
  unsigned n = symbols.arity(static_cast<FunctorId>(payload(header)));
  std::uint64_t at = h_;
  h_ += n + 1;
  heap_[at] = header;
  for (unsigned i = 1; i < n; ++i) build_into(tmpl[idx + i], at + i, s);
  last = tmpl[idx + n];
  last_dst = at + n;
  return make_str(at);
}

// Builds a template into heap cell dst. Arguments other than the last recurse (the reader bounds
// their nesting); the last, which carries lists and operator chains, is built in the loop.
void Machine::build_into(Cell t, std::uint64_t dst, Cell* s) {
  for (;;) {
    if (tag_of(t) != kCode) {
      heap_[dst] = t;
      return;
    }
    std::uint64_t idx = code_index(t);
    switch (code_kind(t)) {
      case kVar: heap_[dst] = s[idx]; return;
      case kFirstVar:
        heap_[dst] = make_ref(dst);
        s[idx] = heap_[dst];
        return;
      case kVoid: heap_[dst] = make_ref(dst); return;
      case kTList:
      case kTStr: {
        std::uint64_t into = dst;
        Cell c = build_compound(t, s, t, dst);
        heap_[into] = c;
        continue;
      }
      default: heap_[dst] = t; return;
    }
  }
}

// The arguments of a structure template that are not void (tp[-1] is their mask) against the
// structure at heap index `at`, whose functor matched: constants and clause variables inline.
// A compound argument recurses, unless it is the last one: that one goes back to the caller in
// t and v (kLast), so long chains in last arguments are walked in a loop.
[[gnu::always_inline]] inline Machine::Match Machine::match_args(const Cell* tp, std::uint64_t at,
                                                                 Cell* s, Cell& t, Cell& v) {
  for (std::uint64_t mask = tp[-1]; mask; mask &= mask - 1) {
    const unsigned i = static_cast<unsigned>(__builtin_ctzll(mask)) + 1;
    const Cell ti = tp[i];
    Cell vi = heap_[at + i];
    if (tag_of(ti) == kAtom || tag_of(ti) == kInt) {
      vi = deref(vi);
      if (vi == ti) continue;
      if (tag_of(vi) != kRef) return Match::kFail;
      bind(vi, ti);
    } else if (tag_of(ti) == kCode && code_kind(ti) == kFirstVar) {
      s[code_index(ti)] = vi;
    } else if (tag_of(ti) == kCode && code_kind(ti) == kVar) {
      if (!unify_fast(s[code_index(ti)], vi)) return Match::kFail;
    } else if ((mask & (mask - 1)) == 0) {
      t = ti;
      v = vi;
      return Match::kLast;
    } else if (!unify_head(ti, vi, s)) {
      return Match::kFail;
    }
  }
  return Match::kDone;
}

// Like build_into, recursion for arguments other than the last, the last in the loop.
bool Machine::unify_head(Cell t, Cell v, Cell* s) {
  for (;;) {
    switch (tag_of(t)) {
      case kAtom:
      case kInt: {
        v = deref(v);
        if (v == t) return true;
        if (tag_of(v) == kRef) {
          bind(v, t);
          return true;
        }
        return false;
      }
      case kCode: {
        std::uint64_t idx = code_index(t);
        switch (code_kind(t)) {
          case kFirstVar: s[idx] = v; return true;
          case kVar: return unify_fast(s[idx], v);
          case kVoid: return true;
          case kTStr: {
            v = deref(v);
            if (tag_of(v) == kRef) {
              bind(v, build(t, s));
              return true;
            }
            if (tag_of(v) != kStr) return false;
            std::uint64_t at = payload(v);
            const Cell* tp = &tmpl[idx];
            if (heap_[at] != tp[0]) return false;
            if (tp[-1] == ~std::uint64_t{0}) {  // 64 arguments or more: no mask
              unsigned n = symbols.arity(static_cast<FunctorId>(payload(tp[0])));
              for (unsigned i = 1; i < n; ++i)
                if (!unify_head(tp[i], heap_[at + i], s)) return false;
              t = tp[n];
              v = heap_[at + n];
              continue;
            }
            Match m = match_args(tp, at, s, t, v);
            if (m != Match::kLast) return m == Match::kDone;
            continue;
          }
          case kTList: {
            v = deref(v);
            if (tag_of(v) == kRef) {
              bind(v, build(t, s));
              return true;
            }
            if (tag_of(v) != kList) return false;
            std::uint64_t at = payload(v);
            if (!unify_head(tmpl[idx], heap_[at], s)) return false;
            t = tmpl[idx + 1];
            v = heap_[at + 1];
            continue;
          }
          default: return false;
        }
      }
      default: return unify(t, v);
    }
  }
}

[[gnu::always_inline]] inline void Machine::load_args(const Instr& in, std::uint64_t frame) {
  if (in.c) ensure(in.c);
  const Cell* t = &tmpl[in.b];
  Cell* s = &heap_[frame];
  Cell* out = args_;
  const unsigned n = in.n;
  for (unsigned i = 0; i < n; ++i) {
    Cell ti = t[i];
    if (tag_of(ti) != kCode) {
      out[i] = ti;
    } else if (code_kind(ti) == kVar) {
      out[i] = s[code_index(ti)];
    } else {
      out[i] = build(ti, s);
    }
  }
}

// One head argument: constants and first occurrences inline, the rest in unify_head.
__attribute__((always_inline)) inline bool Machine::unify_arg(Cell t, Cell v, Cell* s) {
  if (tag_of(t) == kAtom || tag_of(t) == kInt) {
    v = deref(v);
    if (v == t) return true;
    if (tag_of(v) != kRef) return false;
    bind(v, t);
    return true;
  }
  if (tag_of(t) != kCode) return unify_head(t, v, s);
  switch (code_kind(t)) {
    case kFirstVar: s[code_index(t)] = v; return true;
    case kVar: return unify_fast(s[code_index(t)], v);
    case kVoid: return true;
    case kTList: {
      // A list pattern met by a list cell, like [Car|Cars]: first occurrences inline.
      Cell d = deref(v);
      if (tag_of(d) != kList) break;
      const Cell* tp = &tmpl[code_index(t)];
      const std::uint64_t at = payload(d);
      for (unsigned k = 0; k < 2; ++k) {
        Cell ti = tp[k];
        if (tag_of(ti) == kCode && code_kind(ti) == kFirstVar)
          s[code_index(ti)] = heap_[at + k];
        else if (!unify_head(ti, heap_[at + k], s))
          return false;
      }
      return true;
    }
    case kTStr: {
      // A structure pattern met by a structure, like c(_, Shape, _, _, _, _, _).
      Cell d = deref(v);
      const Cell* tp = &tmpl[code_index(t)];
      if (tag_of(d) != kStr || tp[-1] == ~std::uint64_t{0}) break;
      const std::uint64_t at = payload(d);
      if (heap_[at] != tp[0]) return false;
      Match m = match_args(tp, at, s, t, v);
      return m == Match::kLast ? unify_head(t, v, s) : m == Match::kDone;
    }
    default: break;
  }
  return unify_head(t, v, s);
}

[[gnu::always_inline]] inline bool Machine::unify_args(const Cell* head, unsigned n, Cell* s) {
  for (unsigned k = 0; k < n; ++k)
    if (!unify_arg(head[k], args_[k], s)) return false;
  return true;
}

bool Machine::call_goal(Cell goal, const Cell* extra, unsigned n_extra, std::uint64_t cont_pc,
                        std::uint64_t cont_frame, FunctorId& pred) {
  goal = deref(goal);
  AtomId name;
  unsigned arity = 0;
  std::uint64_t at = 0;
  if (tag_of(goal) == kAtom) {
    name = static_cast<AtomId>(payload(goal));
  } else if (tag_of(goal) == kStr) {
    at = payload(goal);
    FunctorId gf = static_cast<FunctorId>(payload(heap_[at]));
    name = symbols.functor_name(gf);
    arity = symbols.arity(gf);
  } else if (tag_of(goal) == kRef) {
    instantiation_error();
  } else {
    type_error("callable", goal);
  }
  if (arity + n_extra > 255)
    throw PrologError("Cannot represent due to `max_arity' (" + symbols.name(name) + "/" +
                      std::to_string(arity + n_extra) + " has more than 255 arguments)");
  FunctorId f = symbols.functor(name, arity + n_extra);
  if (preds.size() <= f) preds.resize(symbols.functor_count());
  if (preds[f].control || (f == functor::kAggregateAll && preds[f].kind != Pred::kClauses)) {
    if (n_extra > 0) {
      Cell all[256];
      for (unsigned i = 0; i < arity; ++i) all[i] = heap_[at + 1 + i];
      for (unsigned i = 0; i < n_extra; ++i) all[arity + i] = extra[i];
      goal = new_struct(f, all, arity + n_extra);
    }
    enter_meta(goal, cont_pc, cont_frame);
    return false;
  }
  for (unsigned i = 0; i < arity; ++i) args_[i] = heap_[at + 1 + i];
  for (unsigned i = 0; i < n_extra; ++i) args_[arity + i] = extra[i];
  cp_ = cont_pc;
  cf_ = cont_frame;
  pred = f;
  return true;
}

// A frame for a body: below it the continuation and the call depth, then `slots` fresh
// variables. Returns the frame (f). The caller has ensured the space.
[[gnu::always_inline]] inline std::uint64_t Machine::push_frame(std::uint32_t slots,
                                                                std::uint64_t cp,
                                                                std::uint64_t cf) {
  const std::uint64_t depth = heap_[cf - 1] + 1;
  if (depth > limits.max_depth) limit_error(LimitKind::kDepth);
  const std::uint64_t frame = h_ + 3;
  heap_[frame - 3] = cp;
  heap_[frame - 2] = cf;
  heap_[frame - 1] = depth;
  h_ = frame + slots;
  for (std::uint32_t k = 0; k < slots; ++k) heap_[frame + k] = make_ref(frame + k);
  return frame;
}

void Machine::enter_meta(Cell goal, std::uint64_t cont_pc, std::uint64_t cont_frame) {
  charge(1);
  std::uint32_t slots = 0;
  std::uint32_t entry =
      Compiler(*this, heap_.data(), Compiler::Mode::kMeta).compile_goal(goal, slots);
  reserve_space(0);  // the code just compiled counts too
  ensure(3 + slots);
  f_ = push_frame(slots, cont_pc, cont_frame);
  pc_ = entry;
  cut_b_ = b_;
}

// call/N (Op::kCallVar): the goal and extra arguments built, then called with the continuation
// of the instruction at pc (the frame's own for a last call). See call_goal.
bool Machine::call_var(Instr in, std::uint64_t pc, std::uint64_t f, FunctorId& pred) {
  ensure(in.c);
  Cell* s = &heap_[f];
  Cell goal = build(tmpl[in.b], s);
  Cell extra[8];
  for (unsigned i = 0; i < in.n; ++i) extra[i] = build(tmpl[in.b + 1 + i], s);
  if (in.aux) return call_goal(goal, extra, in.n, heap_[f - 3], heap_[f - 2], pred);
  return call_goal(goal, extra, in.n, pc + 1, f, pred);
}

// Op::kFindallEnd: the results stored since the slot's mark, as a list (with the tail template
// when in.n is 2), unified with the list template.
bool Machine::findall_end(Instr in, std::uint64_t f) {
  const auto start = static_cast<std::uint64_t>(int_value(heap_[f + in.a]));
  ensure(in.c);
  Cell tail = in.n == 2 ? build(tmpl[in.b + 1], &heap_[f]) : make_atom(atom::kNil);
  std::uint64_t total = 0, count = 0;
  for (std::uint64_t pos = start; pos < store_.size(); pos += 1 + store_[pos]) {
    total += store_[pos];
    ++count;
  }
  ensure(total + 2 * count);
  std::uint64_t list_at = h_;
  h_ += 2 * count;
  std::uint64_t k = 0;
  for (std::uint64_t pos = start; pos < store_.size(); pos += 1 + store_[pos], ++k) {
    std::uint64_t len = store_[pos];
    std::uint64_t base = h_;
    const Cell* block = &store_[pos + 1];
    for (std::uint64_t i = 0; i < len; ++i) {
      Cell c = block[i];
      switch (tag_of(c)) {
        case kRef:
        case kStr:
        case kList:
        case kFloat: c = make_cell(tag_of(c), payload(c) + base); break;
        case kFunctor:
          if (payload(c) == functor::kFloatHeader) {
            heap_[base + i] = c;
            ++i;
            c = block[i];
          }
          break;
        default: break;
      }
      heap_[base + i] = c;
    }
    h_ += len;
    heap_[list_at + 2 * k] = heap_[base];
    heap_[list_at + 2 * k + 1] = k + 1 < count ? make_list(list_at + 2 * k + 2) : tail;
  }
  store_.resize(start);
  Cell list = count ? make_list(list_at) : tail;
  return unify(build(tmpl[in.b], &heap_[f]), list);
}

// A native with the continuation in cp_ and cf_, where push_redo saves it.
[[gnu::always_inline]] inline bool Machine::run_native(std::uint32_t native, Cell* args,
                                                       const Registers& r) {
  cp_ = r.cp;
  cf_ = r.cf;
  return natives[native](*this, args);
}

// A call to a native predicate: member/2 on a list cell inline (inline_calls.h), the rest
// through their native.
[[gnu::always_inline]] inline bool Machine::call_native(const Pred& p, const Registers& r) {
  if (p.native == member_native_) {
    const Cell list = deref(args_[1]);
    if (tag_of(list) == kList) return member_inline(args_[0], list, nullptr, r);
  }
  return run_native(p.native, args_, r);
}

// Backtracking into a nondeterministic builtin: its redo runs with the state it saved, and may
// refill the same choicepoint (push_redo) for a further solution.
bool Machine::redo_native(Choice& c) {
  cp_ = c.pc;
  cf_ = c.frame;
  Redo redo = c.redo;
  for (unsigned k = 0; k < c.nargs; ++k) redo_state_[k] = argstack_[c.args + k];
  reuse_choice_ = true;
  bool ok = redo(*this, redo_state_);
  if (reuse_choice_) {  // no further alternative
    reuse_choice_ = false;
    pop_choice();
  }
  return ok;
}

// The clause a call of p tries first (Pred::first_clause on its first argument's key), with a
// choicepoint (Choice::kClauses) when a later one may match too; null when none may.
[[gnu::always_inline]] inline const Clause* Machine::select_clause(const Pred& p, FunctorId pred,
                                                                   const Registers& r) {
  const auto n = static_cast<std::uint32_t>(p.keys.size());  // one key per clause
  std::uint32_t i = 0, next = n;
  if (n != 1) {  // one clause: no choicepoint whatever the key, head unification checks it
    const Cell key = p.arity ? index_key(args_[0]) : 0;
    i = p.first_clause(key);
    if (i >= n) return nullptr;
    next = p.next_clause(key, i);
  }
  cut_b_ = b_;
  if (next < n) {
    push_choice(Choice::kClauses, r.cp, r.cf);
    Choice& c = cps_[b_ - 1];
    c.id = pred;
    c.next = next;
    c.nargs = p.arity;
    push_args(args_, p.arity);
  }
  return &p.clauses[i];
}

// Backtracking into a call's clauses: its arguments and continuation again, its next clause,
// and the choicepoint kept while a later clause may match.
[[gnu::always_inline]] inline const Clause* Machine::retry_clauses(Choice& c, Registers& r) {
  const Pred& p = preds[c.id];
  for (unsigned k = 0; k < c.nargs; ++k) args_[k] = argstack_[c.args + k];
  r.cp = c.pc;
  r.cf = c.frame;
  current_ = c.id;
  cut_b_ = b_ - 1;
  const std::uint32_t i = c.next;
  const std::uint32_t next = p.next_clause(p.arity ? index_key(args_[0]) : 0, i);
  if (next < p.keys.size())
    c.next = next;
  else
    pop_choice();
  return &p.clauses[i];
}

// The machine. Four places, jumped between: `next` runs instructions, `call` calls a predicate
// (its arguments in args_, its continuation in cp/cf), `try_clause` enters a clause, `fail`
// backtracks to the newest choicepoint. The registers (Registers) live in a local while it runs:
// as members they would be reloaded after every store to the heap, whose cells may alias them.
// The members pc_, f_, cp_ and cf_ are their values on entry and where code outside run() uses
// them: natives (push_redo saves cp_ and cf_), call_goal and enter_meta. Aligned to a cache line,
// so that its hot blocks keep their place whatever code precedes it in the binary (a shift of
// 16 bytes moved color's labelling rate by 10%).
[[gnu::aligned(64)]] bool Machine::run(Entry entry, FunctorId pred, std::uint32_t clause_index) {
  Registers r{pc_, f_, cp_, cf_};
  const Clause* clause = nullptr;  // the clause try_clause enters, of a predicate of `arity`
  unsigned arity = 0;
  switch (entry) {
    case Entry::kNext: break;
    case Entry::kCall: goto call;
    case Entry::kFail: goto fail;
    case Entry::kClause:  // one clause alone: counted as a call, no choicepoint for the others
      step(pred);
      cut_b_ = b_;
      clause = &preds[pred].clauses[clause_index];
      arity = preds[pred].arity;
      goto try_clause;
  }
next:
  for (;;) {
    Instr in = code[r.pc];
    bool ok = true;  // an instruction that breaks goes on to the next one if ok, else fails
  dispatch:
    switch (in.op) {
      // Calls: the arguments into args_ and the continuation into cp/cf, then `call`.
      case Op::kCall:
        r.call_returns_here();
        load_args(in, r.f);
        pred = in.a;
        goto call;
      case Op::kExec:
        r.call_returns_from_frame(heap_);
        load_args(in, r.f);
        pred = in.a;
        goto call;
      case Op::kExecLast:  // a frameless body's continuation is in cp/cf already
        load_args(in, r.f);
        pred = in.a;
        goto call;
      case Op::kLookup:  // a fact table's row instead of a call (indexing.cpp)
        switch (lookup_fact(in, &heap_[r.f])) {
          case Lookup::kNoRow: goto fail;
          case Lookup::kCall: in.op = static_cast<Op>(in.aux); goto dispatch;
          case Lookup::kFound: break;
        }
        r.after_call(static_cast<Op>(in.aux), heap_);
        continue;
      // Builtins: a nondeterministic one (kBuiltin) keeps the continuation in its choicepoint.
      case Op::kBuiltin:
      case Op::kBuiltinDet:
      case Op::kBuiltinLast:
        load_args(in, r.f);
        if (in.op == Op::kBuiltin) r.call_returns_here();
        current_ = native_functor[in.a];
        if (!run_native(in.a, args_, r)) goto fail;
        if (in.op != Op::kBuiltinLast) break;
        r.proceed();
        continue;
      // Work done in the caller's frame, without a call: an unfolded callee's head, and the
      // builtins compiled to instructions (inline_calls.h).
      case Op::kUnfold: ok = match_unfolded(in, r.f); break;
      case Op::kUnify: ok = op_unify(in, r.f); break;
      case Op::kIdentical: ok = op_identical(in, r.f); break;
      case Op::kIs: ok = op_is(in, r.f); break;
      case Op::kCompare: ok = op_compare(in, r.f); break;
      // Control: the ends of bodies, and the choicepoints and cuts of the control constructs.
      case Op::kProceed: r.leave_frame(heap_); continue;
      case Op::kProceedLast: r.proceed(); continue;
      case Op::kFail: goto fail;
      case Op::kJump: r.pc = in.a; continue;
      case Op::kTryElse: push_choice(Choice::kElse, in.a, r.f); break;
      case Op::kMark: heap_[r.f + in.a] = make_int(b_); break;
      case Op::kGetLevel: heap_[r.f + in.a] = make_int(cut_b_); break;
      case Op::kCut: cut_to(static_cast<std::uint32_t>(int_value(heap_[r.f + in.a]))); break;
      case Op::kSoftCut:  // *->: the else branch's choicepoint no longer resumes
        if (const auto b = static_cast<std::uint32_t>(int_value(heap_[r.f + in.a])); b < b_)
          cps_[b].kind = Choice::kDead;
        break;
      case Op::kCallVar:  // call/N: a goal known only now, a control construct compiled now
        if (call_var(in, r.pc, r.f, pred)) {
          r.cp = cp_;
          r.cf = cf_;
          goto call;
        }
        r.pc = pc_;  // enter_meta's compiled goal
        r.f = f_;
        continue;
      // findall/3 and aggregate_all(count): the goal runs under a choicepoint that resumes at
      // the end once every solution has been stored or counted and failed.
      case Op::kFindallBegin:
      case Op::kCountBegin:
        heap_[r.f + in.a] =
            make_int(in.op == Op::kCountBegin ? 0 : static_cast<std::int64_t>(store_.size()));
        push_choice(Choice::kElse, in.b, r.f);
        break;
      case Op::kFindallPush:
        ensure(in.c);
        store_copy(build(tmpl[in.b], &heap_[r.f]));
        goto fail;
      case Op::kCountInc: heap_[r.f + in.a] = make_int(int_value(heap_[r.f + in.a]) + 1); goto fail;
      case Op::kFindallEnd: ok = findall_end(in, r.f); break;
      case Op::kCountEnd: {
        ensure(in.c);
        Cell target = build(tmpl[in.b], &heap_[r.f]);
        ok = unify(target, heap_[r.f + in.a]);
        break;
      }
      case Op::kHalt:  // the query succeeded; solve_next() resumes from the registers
        pc_ = r.pc;
        f_ = r.f;
        cp_ = r.cp;
        cf_ = r.cf;
        return true;
    }
    if (!ok) goto fail;
    ++r.pc;
  }

call : {
  step(pred);
  // Compiled code and call/N only call predicates that preds covers (prove() sees to its own).
  const Pred& p = preds[pred];
  if (p.kind == Pred::kNative) {
    if (!call_native(p, r)) goto fail;
    r.proceed();
    goto next;
  }
  if (p.kind != Pred::kClauses) unknown_procedure(pred);
  clause = select_clause(p, pred, r);
  if (clause == nullptr) goto fail;
  arity = p.arity;
}  // on into try_clause

try_clause : {  // the head against args_, then the body in its frame; a fact returns at once
  const Clause& c = *clause;
  ensure(c.cells);
  const Cell* head = &tmpl[c.head];
  if (c.body == kNoBody) {
    if (!unify_args(head, arity, scratch_.data())) goto fail;
    r.proceed();
    goto next;
  }
  if (c.frameless) {  // slots in the scratch area, the continuation left in cp/cf
    if (!unify_args(head, arity, &heap_[kScratchBase])) goto fail;
    r.f = kScratchBase;
    const Instr in = code[c.body];
    if (in.op == Op::kExecLast) {  // a body of one call (has_car/2's member/2): no dispatch
      load_args(in, r.f);
      pred = in.a;
      goto call;
    }
    r.pc = c.body;
    goto next;
  }
  r.f = push_frame(c.slots, r.cp, r.cf);
  if (!unify_args(head, arity, &heap_[r.f])) goto fail;
  r.pc = c.body;
  goto next;
}

fail : {  // the newest choicepoint's heap, trail and code back, then its alternative
  if (b_ == 0) return false;
  Choice& c = cps_[b_ - 1];
  undo_to(c.tr);
  h_ = c.h;
  if (code.size() != c.code_top) code.resize(c.code_top);
  if (tmpl.size() != c.tmpl_top) tmpl.resize(c.tmpl_top);
  switch (c.kind) {
    case Choice::kElse:  // the other branch of a control construct
      r.pc = c.pc;
      r.f = c.frame;
      pop_choice();
      goto next;
    case Choice::kDead: pop_choice(); goto fail;  // a branch cut away by *->, or a barrier
    case Choice::kClauses:                        // the call's next clause that may match
      pred = c.id;
      arity = preds[pred].arity;
      clause = retry_clauses(c, r);
      goto try_clause;
    // member/2's next element, a nondeterministic builtin's next solution: each retry counts as
    // a step, so generators cannot run forever.
    case Choice::kMember:
      step(c.id);
      r.cp = c.pc;
      r.cf = c.frame;
      if (!member_inline(argstack_[c.args], argstack_[c.args + 1], &c, r)) goto fail;
      r.proceed();
      goto next;
    case Choice::kRedo:
      step(c.id);
      r.cp = c.pc;
      r.cf = c.frame;
      if (!redo_native(c)) goto fail;
      r.proceed();
      goto next;
  }
  return false;
}
}

}  // namespace railyard::prolog
