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

__attribute__((always_inline)) inline void Machine::load_args(const Instr& in, Cell* s) {
  const Cell* t = &tmpl[in.b];
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

void Machine::enter_meta(Cell goal, std::uint64_t cont_pc, std::uint64_t cont_frame) {
  charge(1);
  std::uint32_t slots = 0;
  std::uint32_t entry =
      Compiler(*this, heap_.data(), Compiler::Mode::kMeta).compile_goal(goal, slots);
  reserve_space(0);  // the code just compiled counts too
  ensure(3 + slots);
  std::uint64_t base = h_;
  heap_[base] = cont_pc;
  heap_[base + 1] = cont_frame;
  std::uint64_t depth = heap_[cont_frame - 1] + 1;
  if (depth > limits.max_depth) limit_error(LimitKind::kDepth);
  heap_[base + 2] = depth;
  std::uint64_t frame = base + 3;
  for (std::uint32_t k = 0; k < slots; ++k) heap_[frame + k] = make_ref(frame + k);
  h_ = frame + slots;
  f_ = frame;
  pc_ = entry;
  cut_b_ = b_;
}

Cell Machine::findall_collect(std::uint64_t start, Cell tail) {
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
  return count ? make_list(list_at) : tail;
}

// The registers pc, f (frame), cp and cf (continuation) live in locals while the machine runs:
// as members they would be reloaded after every store to the heap, whose cells may alias them.
// The members are the registers' values on entry and where code outside run() uses them:
// natives (push_redo saves cp_ and cf_), call_goal and enter_meta.
bool Machine::run(Entry entry, FunctorId pred, std::uint32_t clause_index) {
  std::uint64_t pc = pc_, f = f_, cp = cp_, cf = cf_;
  const Clause* clause = nullptr;  // the clause try_clause tries, of a predicate of `arity`
  unsigned arity = 0;
  if (entry == Entry::kCall) goto call;
  if (entry == Entry::kFail) goto fail;
  if (entry == Entry::kClause) {
    // One clause alone: counted as a call, with no choicepoint for the others.
    current_ = pred;
    if (++steps_ > limits.max_steps) limit_error(LimitKind::kSteps);
    cut_b_ = b_;
    clause = &preds[pred].clauses[clause_index];
    arity = preds[pred].arity;
    goto try_clause;
  }
next:
  for (;;) {
    Instr in = code[pc];
  dispatch:
    switch (in.op) {
      case Op::kLookup:
        switch (lookup_fact(in, &heap_[f])) {
          case Lookup::kNoRow: goto fail;
          case Lookup::kCall: in.op = static_cast<Op>(in.aux); goto dispatch;
          case Lookup::kFound: break;
        }
        if (in.aux == static_cast<std::uint16_t>(Op::kExec)) {
          pc = heap_[f - 3];
          f = heap_[f - 2];
        } else if (in.aux == static_cast<std::uint16_t>(Op::kExecLast)) {
          pc = cp;
          f = cf;
        } else {
          ++pc;
        }
        continue;
      case Op::kCall:
        if (in.c) ensure(in.c);
        load_args(in, &heap_[f]);
        cp = pc + 1;
        cf = f;
        pred = in.a;
        goto call;
      case Op::kExec:
        if (in.c) ensure(in.c);
        load_args(in, &heap_[f]);
        cp = heap_[f - 3];
        cf = heap_[f - 2];
        pred = in.a;
        goto call;
      case Op::kBuiltin:
      case Op::kBuiltinDet:
      case Op::kBuiltinLast:
        if (in.c) ensure(in.c);
        load_args(in, &heap_[f]);
        if (in.op == Op::kBuiltin) {
          cp = pc + 1;
          cf = f;
        }
        cp_ = cp;
        cf_ = cf;
        current_ = native_functor[in.a];
        if (!natives[in.a](*this, args_)) goto fail;
        if (in.op == Op::kBuiltinLast) {
          pc = cp;
          f = cf;
        } else {
          ++pc;
        }
        continue;
      case Op::kExecLast:
        if (in.c) ensure(in.c);
        load_args(in, &heap_[f]);
        pred = in.a;
        goto call;
      case Op::kProceedLast:
        pc = cp;
        f = cf;
        continue;
      case Op::kUnfold: {
        if (in.aux == kUnfoldFlat) {
          if (!match_flat(in, f)) goto fail;
          ++pc;
          continue;
        }
        if (in.c) ensure(in.c);
        Cell* s = &heap_[f];
        if (in.aux == kUnfoldPlain) {
          if (!match_plain(in, s)) goto fail;
          ++pc;
          continue;
        }
        load_args(in, s);
        const Cell* head = &tmpl[in.a];
        for (unsigned k = 0; k < in.n; ++k)
          if (!unify_arg(head[k], args_[k], s)) goto fail;
        ++pc;
        continue;
      }
      case Op::kUnify: {
        ensure(in.c);
        Cell* s = &heap_[f];
        Cell x = build(tmpl[in.b], s);
        Cell y = build(tmpl[in.b + 1], s);
        if (!unify_fast(x, y)) goto fail;
        ++pc;
        continue;
      }
      case Op::kIdentical: {
        if (in.c) ensure(in.c);
        Cell* s = &heap_[f];
        Cell tx = tmpl[in.b], ty = tmpl[in.b + 1];
        // Arguments are mostly variables of the clause: their slots without build().
        Cell x =
            deref(tag_of(tx) == kCode && code_kind(tx) == kVar ? s[code_index(tx)] : build(tx, s));
        Cell y =
            deref(tag_of(ty) == kCode && code_kind(ty) == kVar ? s[code_index(ty)] : build(ty, s));
        bool same = x == y;
        if (!same && tag_of(x) == tag_of(y) && tag_of(x) > kInt) {
          current_ = in.a;
          same = identical(x, y);
        }
        if (same == (in.aux != 0)) goto fail;
        ++pc;
        continue;
      }
      case Op::kIs: {
        ensure(in.c);
        Cell* s = &heap_[f];
        current_ = f_is_;
        Number r = eval_template(*this, tmpl[in.b + 1], s);
        Cell lhs = deref(build(tmpl[in.b], s));
        if (!r.is_float) {
          Cell v = make_int(r.i);
          if (tag_of(lhs) == kRef)
            bind(lhs, v);
          else if (lhs != v)
            goto fail;
        } else if (!unify(lhs, number_cell(*this, r))) {
          goto fail;
        }
        ++pc;
        continue;
      }
      case Op::kCompare: {
        Cell* s = &heap_[f];
        {
          // Two integers (constants or bound variables of the clause): no evaluation needed.
          Cell tx = tmpl[in.b], ty = tmpl[in.b + 1];
          Cell x = tag_of(tx) == kCode && code_kind(tx) == kVar ? deref(s[code_index(tx)]) : tx;
          Cell y = tag_of(ty) == kCode && code_kind(ty) == kVar ? deref(s[code_index(ty)]) : ty;
          if (tag_of(x) == kInt && tag_of(y) == kInt) {
            const std::int64_t a = int_value(x), b = int_value(y);
            bool holds;
            switch (in.aux) {
              case kArEq: holds = a == b; break;
              case kArNe: holds = a != b; break;
              case kArLt: holds = a < b; break;
              case kArGt: holds = a > b; break;
              case kArLe: holds = a <= b; break;
              default: holds = a >= b; break;
            }
            if (!holds) goto fail;
            ++pc;
            continue;
          }
        }
        current_ = f_compare_[in.aux];
        Number x = eval_template(*this, tmpl[in.b], s);
        Number y = eval_template(*this, tmpl[in.b + 1], s);
        if (!compare_numbers(*this, static_cast<Comparison>(in.aux), x, y)) goto fail;
        ++pc;
        continue;
      }
      case Op::kProceed:
        pc = heap_[f - 3];
        f = heap_[f - 2];
        continue;
      case Op::kFail: goto fail;
      case Op::kJump: pc = in.a; continue;
      case Op::kTryElse:
        push_choice(Choice::kElse, in.a, f);
        ++pc;
        continue;
      case Op::kMark:
        heap_[f + in.a] = make_int(b_);
        ++pc;
        continue;
      case Op::kGetLevel:
        heap_[f + in.a] = make_int(cut_b_);
        ++pc;
        continue;
      case Op::kCut:
        cut_to(static_cast<std::uint32_t>(int_value(heap_[f + in.a])));
        ++pc;
        continue;
      case Op::kSoftCut: {
        auto b = static_cast<std::uint32_t>(int_value(heap_[f + in.a]));
        if (b < b_) cps_[b].kind = Choice::kDead;
        ++pc;
        continue;
      }
      case Op::kCallVar: {
        ensure(in.c);
        Cell* s = &heap_[f];
        Cell goal = build(tmpl[in.b], s);
        Cell extra[8];
        for (unsigned i = 0; i < in.n; ++i) extra[i] = build(tmpl[in.b + 1 + i], s);
        std::uint64_t cont_pc = in.aux ? heap_[f - 3] : pc + 1;
        std::uint64_t cont_frame = in.aux ? heap_[f - 2] : f;
        if (call_goal(goal, extra, in.n, cont_pc, cont_frame, pred)) {
          cp = cp_;
          cf = cf_;
          goto call;
        }
        pc = pc_;  // enter_meta's compiled goal
        f = f_;
        continue;
      }
      case Op::kFindallBegin:
        heap_[f + in.a] = make_int(static_cast<std::int64_t>(store_.size()));
        push_choice(Choice::kElse, in.b, f);
        ++pc;
        continue;
      case Op::kFindallPush:
        ensure(in.c);
        store_copy(build(tmpl[in.b], &heap_[f]));
        goto fail;
      case Op::kFindallEnd: {
        auto start = static_cast<std::uint64_t>(int_value(heap_[f + in.a]));
        ensure(in.c);
        Cell tail = make_atom(atom::kNil);
        if (in.n == 2) tail = build(tmpl[in.b + 1], &heap_[f]);
        Cell list = findall_collect(start, tail);
        Cell target = build(tmpl[in.b], &heap_[f]);
        if (!unify(target, list)) goto fail;
        ++pc;
        continue;
      }
      case Op::kCountBegin:
        heap_[f + in.a] = make_int(0);
        push_choice(Choice::kElse, in.b, f);
        ++pc;
        continue;
      case Op::kCountInc: heap_[f + in.a] = make_int(int_value(heap_[f + in.a]) + 1); goto fail;
      case Op::kCountEnd: {
        ensure(in.c);
        Cell target = build(tmpl[in.b], &heap_[f]);
        if (!unify(target, heap_[f + in.a])) goto fail;
        ++pc;
        continue;
      }
      case Op::kHalt:
        pc_ = pc;
        f_ = f;
        cp_ = cp;
        cf_ = cf;
        return true;
    }
  }

call : {
  current_ = pred;
  if (++steps_ > limits.max_steps) limit_error(LimitKind::kSteps);
  // Compiled code and call/N only call predicates that preds covers (prove() sees to its own).
  const Pred& p = preds[pred];
  if (p.kind == Pred::kNative) {
    if (p.native == member_native_) {
      // member(X, List) on a list cell: member/2's native inline, with a choicepoint of its own
      // kind; anything else (an open list) goes to the native.
      Cell l = deref(args_[1]);
      if (tag_of(l) == kList) {
        Cell x = args_[0];
        Cell tail = deref(heap_[payload(l) + 1]);
        if (tag_of(tail) == kList) {
          push_choice(Choice::kMember, cp, cf);
          Choice& c = cps_[b_ - 1];
          c.id = pred;
          c.nargs = 2;
          Cell state[2] = {x, tail};
          push_args(state, 2);
        } else if (tag_of(tail) == kRef) {
          goto native;
        }
        if (!unify_fast(x, heap_[payload(l)])) goto fail;
        pc = cp;
        f = cf;
        goto next;
      }
    }
  native:
    cp_ = cp;
    cf_ = cf;
    if (!natives[p.native](*this, args_)) goto fail;
    pc = cp;
    f = cf;
    goto next;
  }
  if (p.kind != Pred::kClauses) unknown_procedure(pred);
  const std::uint32_t n = static_cast<std::uint32_t>(p.keys.size());  // one key per clause
  const Cell* keys = p.keys.data();
  if (n == 1) {  // no choicepoint whatever the key: head unification checks it
    cut_b_ = b_;
    clause = &p.clauses[0];
    arity = p.arity;
    goto try_clause;
  }
  Cell key = p.arity ? index_key(args_[0]) : 0;
  std::uint32_t i = 0;
  if (key) {
    if (!p.key_table.empty()) {
      std::size_t mask = p.key_table.size() - 1;
      std::size_t h = (key * 0x9E3779B97F4A7C15ull) >> p.key_shift;
      while (p.key_table[h].first != key && p.key_table[h].first != 0) h = (h + 1) & mask;
      i = p.key_table[h].first == key ? p.key_table[h].second : n;
    } else {
      while (i < n && keys[i] && keys[i] != key) ++i;
    }
  }
  if (i >= n) goto fail;
  std::uint32_t j = i + 1;
  if (key) {
    if (p.distinct_keys)
      j = n;
    else
      while (j < n && keys[j] && keys[j] != key) ++j;
  }
  cut_b_ = b_;
  if (j < n) {
    push_choice(Choice::kClauses, cp, cf);
    Choice& c = cps_[b_ - 1];
    c.id = pred;
    c.next = j;
    c.nargs = p.arity;
    push_args(args_, p.arity);
  }
  clause = &p.clauses[i];
  arity = p.arity;
  goto try_clause;
}

try_clause : {
  const Clause& c = *clause;
  ensure(c.cells);
  const Cell* head = &tmpl[c.head];
  if (c.body == kNoBody) {
    Cell* s = scratch_.data();
    for (unsigned k = 0; k < arity; ++k)
      if (!unify_arg(head[k], args_[k], s)) goto fail;
    pc = cp;
    f = cf;
    goto next;
  }
  if (c.frameless) {
    Cell* s = &heap_[kScratchBase];
    for (unsigned k = 0; k < arity; ++k)
      if (!unify_arg(head[k], args_[k], s)) goto fail;
    f = kScratchBase;
    const Instr in = code[c.body];
    if (in.op == Op::kExecLast) {  // a body of one call (has_car/2's member/2): no dispatch
      if (in.c) ensure(in.c);
      load_args(in, &heap_[f]);
      pred = in.a;
      goto call;
    }
    pc = c.body;
    goto next;
  }
  std::uint64_t depth = heap_[cf - 1] + 1;
  if (depth > limits.max_depth) limit_error(LimitKind::kDepth);
  std::uint64_t base = h_;
  heap_[base] = cp;
  heap_[base + 1] = cf;
  heap_[base + 2] = depth;
  std::uint64_t frame = base + 3;
  h_ = frame + c.slots;
  for (std::uint32_t k = 0; k < c.slots; ++k) heap_[frame + k] = make_ref(frame + k);
  Cell* s = &heap_[frame];
  for (unsigned k = 0; k < arity; ++k)
    if (!unify_arg(head[k], args_[k], s)) goto fail;
  f = frame;
  pc = c.body;
  goto next;
}

fail : {
  if (b_ == 0) return false;
  Choice& c = cps_[b_ - 1];
  undo_to(c.tr);
  h_ = c.h;
  if (code.size() != c.code_top) code.resize(c.code_top);
  if (tmpl.size() != c.tmpl_top) tmpl.resize(c.tmpl_top);
  switch (c.kind) {
    case Choice::kElse:
      pc = c.pc;
      f = c.frame;
      pop_choice();
      goto next;
    case Choice::kDead: pop_choice(); goto fail;
    case Choice::kClauses: {
      pred = c.id;
      const Pred& p = preds[pred];
      for (unsigned k = 0; k < c.nargs; ++k) args_[k] = argstack_[c.args + k];
      cp = c.pc;
      cf = c.frame;
      const std::uint32_t clause_pos = c.next;
      cut_b_ = b_ - 1;
      const std::uint32_t n = static_cast<std::uint32_t>(p.keys.size());  // one key per clause
      Cell key = p.arity ? index_key(args_[0]) : 0;
      std::uint32_t j = clause_pos + 1;
      if (key) {
        while (j < n && p.keys[j] && p.keys[j] != key) ++j;
      }
      clause = &p.clauses[clause_pos];
      arity = p.arity;
      if (j < n)
        c.next = j;
      else
        pop_choice();
      current_ = pred;
      goto try_clause;
    }
    case Choice::kMember: {
      current_ = c.id;
      if (++steps_ > limits.max_steps) limit_error(LimitKind::kSteps);
      cp = c.pc;
      cf = c.frame;
      Cell x = argstack_[c.args];
      Cell l = argstack_[c.args + 1];  // a list cell
      Cell tail = deref(heap_[payload(l) + 1]);
      if (tag_of(tail) == kList) {
        argstack_[c.args + 1] = tail;  // the same choicepoint, one element on
      } else {
        pop_choice();
        if (tag_of(tail) == kRef) {
          Cell a[2] = {x, l};
          cp_ = cp;
          cf_ = cf;
          if (!natives[member_native_](*this, a)) goto fail;
          pc = cp;
          f = cf;
          goto next;
        }
      }
      if (!unify_fast(x, heap_[payload(l)])) goto fail;
      pc = cp;
      f = cf;
      goto next;
    }
    case Choice::kRedo: {
      // Each retry of a builtin counts as a step, so generators cannot run forever.
      current_ = c.id;
      if (++steps_ > limits.max_steps) limit_error(LimitKind::kSteps);
      cp = cp_ = c.pc;
      cf = cf_ = c.frame;
      Redo redo = c.redo;
      for (unsigned k = 0; k < c.nargs; ++k) redo_state_[k] = argstack_[c.args + k];
      reuse_choice_ = true;
      bool ok = redo(*this, redo_state_);
      if (reuse_choice_) {  // no further alternative
        reuse_choice_ = false;
        pop_choice();
      }
      if (!ok) goto fail;
      pc = cp;
      f = cf;
      goto next;
    }
  }
  return false;
}
}

}  // namespace railyard::prolog
