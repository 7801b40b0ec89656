#include "logic/prolog/compiler.h"

#include <vector>

#include "logic/prolog/errors.h"

namespace railyard::prolog {
namespace {

// The functor of an atom or compound source cell, interning atoms as name/0.
bool goal_functor(Machine& m, const Cell* src, Cell g, FunctorId& f, const Cell*& args) {
  if (tag_of(g) == kAtom) {
    f = m.symbols.functor(static_cast<AtomId>(payload(g)), 0);
    args = nullptr;
    return true;
  }
  if (tag_of(g) == kStr) {
    f = static_cast<FunctorId>(payload(src[payload(g)]));
    args = &src[payload(g) + 1];
    return true;
  }
  return false;
}

}  // namespace

Cell Compiler::deref(Cell c) const {
  while (tag_of(c) == kRef) {
    Cell next = src_[payload(c)];
    if (next == c) return c;
    c = next;
  }
  return c;
}

void Compiler::count_vars(Cell t) {
  std::vector<Cell> todo{t};
  while (!todo.empty()) {
    Cell c = deref(todo.back());
    todo.pop_back();
    switch (tag_of(c)) {
      case kRef: ++vars_[payload(c)].count; break;
      case kStr: {
        std::uint64_t at = payload(c);
        unsigned n = m_.symbols.arity(static_cast<FunctorId>(payload(src_[at])));
        for (unsigned i = n; i >= 1; --i) todo.push_back(src_[at + i]);
        break;
      }
      case kList:
        todo.push_back(src_[payload(c) + 1]);
        todo.push_back(src_[payload(c)]);
        break;
      default: break;
    }
  }
}

// Marks the compounds of a clause term that contain a variable, in one post-order pass, so that
// emit_into knows what is ground without walking each subterm again.
void Compiler::find_nonground(Cell t) {
  struct Visit {
    Cell term;
    bool done;  // arguments visited
  };
  std::vector<Visit> todo{{t, false}};
  while (!todo.empty()) {
    Visit v = todo.back();
    todo.pop_back();
    Cell c = deref(v.term);
    if (tag_of(c) != kStr && tag_of(c) != kList) continue;
    std::uint64_t at = payload(c);
    const Cell* args = tag_of(c) == kList ? &src_[at] : &src_[at + 1];
    unsigned n =
        tag_of(c) == kList ? 2 : m_.symbols.arity(static_cast<FunctorId>(payload(src_[at])));
    if (!v.done) {
      todo.push_back({c, true});
      for (unsigned i = 0; i < n; ++i) todo.push_back({args[i], false});
      continue;
    }
    for (unsigned i = 0; i < n; ++i) {
      Cell a = deref(args[i]);
      if (tag_of(a) == kRef ||
          ((tag_of(a) == kStr || tag_of(a) == kList) && nonground_.count(payload(a)))) {
        nonground_.insert(at);
        break;
      }
    }
  }
}

bool Compiler::ground(Cell t) const {
  Cell c = deref(t);
  if (tag_of(c) == kRef) return false;
  if (tag_of(c) != kStr && tag_of(c) != kList) return true;
  return nonground_.count(payload(c)) == 0;
}

bool Compiler::is_void(Cell t) const {
  Cell c = deref(t);
  if (tag_of(c) != kRef || mode_ == Mode::kMeta) return false;
  auto it = vars_.find(payload(c));
  return it != vars_.end() && it->second.count == 1;
}

// Arguments other than the last recurse (the reader bounds their nesting); the last, which
// carries lists and long operator chains, is emitted in the loop.
void Compiler::emit_into(Cell t, bool head, std::uint64_t slot) {
  for (;;) {
    Cell c = deref(t);
    switch (tag_of(c)) {
      case kAtom:
      case kInt: m_.tmpl[slot] = c; return;
      case kRef: {
        if (mode_ == Mode::kMeta) {
          m_.tmpl[slot] = c;
          return;
        }
        VarInfo& v = vars_[payload(c)];
        if (v.count == 1) {
          m_.tmpl[slot] = make_code(kVoid, 0);
          return;
        }
        if (v.slot < 0) v.slot = static_cast<int>(new_slot());
        // Frameless bodies are straight-line code, so a first occurrence there is first on every
        // path and may store into the slot; so may a fact table call's at the top level of a
        // framed body (lookup_arg_templates). Elsewhere framed bodies read slots initialised
        // as variables.
        bool first = (head || frameless_ || first_store_) && !v.seen;
        v.seen = true;
        m_.tmpl[slot] = make_code(first ? kFirstVar : kVar, static_cast<std::uint64_t>(v.slot));
        return;
      }
      default: break;
    }
    if (mode_ == Mode::kMeta) {
      m_.tmpl[slot] = c;
      return;
    }
    if (ground(c)) {
      std::vector<std::pair<std::uint64_t, Cell>> none;
      Cell imported = m_.import(src_, c, none);
      m_.static_top_ = m_.h_;
      m_.tmpl[slot] = imported;
      return;
    }
    std::uint64_t at = payload(c);
    if (tag_of(c) == kList) {
      std::uint64_t idx = m_.tmpl.size();
      m_.tmpl.resize(idx + 2);
      m_.tmpl[slot] = make_code(kTList, idx);
      emit_into(src_[at], head, idx);
      t = src_[at + 1];
      slot = idx + 1;
      continue;
    }
    unsigned n = m_.symbols.arity(static_cast<FunctorId>(payload(src_[at])));
    // Layout: [mask of the arguments that are not void][functor][arguments...]; the mask lets
    // head unification skip the anonymous arguments of patterns like c(_, Shape, _, _, _, _, _).
    std::uint64_t idx = m_.tmpl.size() + 1;
    m_.tmpl.resize(idx + 1 + n);
    m_.tmpl[idx] = src_[at];
    std::uint64_t mask = 0;
    for (unsigned i = 1; i <= n; ++i)
      if (!is_void(src_[at + i])) mask |= std::uint64_t{1} << (i - 1);
    m_.tmpl[idx - 1] = n < 64 ? mask : ~std::uint64_t{0};
    m_.tmpl[slot] = make_code(kTStr, idx);
    for (unsigned i = 1; i < n; ++i) emit_into(src_[at + i], head, idx + i);
    t = src_[at + n];
    slot = idx + n;
  }
}

std::uint32_t Compiler::cells_of(Cell t) const {
  std::uint32_t total = 0;
  for (;;) {
    if (tag_of(t) != kCode) return total;
    std::uint64_t idx = code_index(t);
    switch (code_kind(t)) {
      case kVoid:
      case kFirstVar: return total + 1;  // built as a new variable outside heads
      case kTList:
        total += 2 + cells_of(m_.tmpl[idx]);
        t = m_.tmpl[idx + 1];
        continue;
      case kTStr: {
        unsigned n = m_.symbols.arity(static_cast<FunctorId>(payload(m_.tmpl[idx])));
        total += 1 + n;
        for (unsigned i = 1; i < n; ++i) total += cells_of(m_.tmpl[idx + i]);
        t = m_.tmpl[idx + n];
        continue;
      }
      default: return total;
    }
  }
}

std::uint32_t Compiler::arg_templates(const Cell* args, unsigned n, std::uint32_t& cells) {
  std::uint64_t idx = m_.tmpl.size();
  m_.tmpl.resize(idx + n);
  cells = 0;
  for (unsigned i = 0; i < n; ++i) {
    emit_into(args[i], false, idx + i);
    cells += cells_of(m_.tmpl[idx + i]);
  }
  return static_cast<std::uint32_t>(idx);
}

// Arguments of a call to a fact table (Op::kLookup): at the top level of a framed body, first
// occurrences store the row's values (top_level_), with no binding to trail and undo. Should
// the call run as a call, they are built as new variables, as in frameless bodies.
std::uint32_t Compiler::lookup_arg_templates(FunctorId f, const Cell* args, unsigned n,
                                             std::uint32_t& cells) {
  first_store_ = top_level_ && mode_ == Mode::kClause && !m_.preds[f].facts.empty();
  const std::uint32_t at = arg_templates(args, n, cells);
  first_store_ = false;
  return at;
}

// Whether a cut in g cuts g's clause: cuts inside ',', ';', '->' and '*->' do, cuts in other
// constructs (\+, call/1, findall, ...) are local to them.
bool Compiler::has_cut(Cell g) {
  std::vector<Cell> todo{g};
  while (!todo.empty()) {
    g = deref(todo.back());
    todo.pop_back();
    count_control();
    if (tag_of(g) == kAtom && payload(g) == atom::kCut) return true;
    if (tag_of(g) != kStr) continue;
    std::uint64_t at = payload(g);
    FunctorId f = static_cast<FunctorId>(payload(src_[at]));
    const Cell* a = &src_[at + 1];
    if (f == functor::kComma || f == functor::kSemicolon || f == m_.f_bar_) {
      todo.push_back(a[1]);
      Cell left = deref(a[0]);
      FunctorId lf =
          tag_of(left) == kStr ? static_cast<FunctorId>(payload(src_[payload(left)])) : 0;
      // The condition of an if-then-else is local: only its then-branch counts.
      todo.push_back(lf == functor::kArrow || lf == functor::kSoftArrow ? src_[payload(left) + 2]
                                                                        : a[0]);
    } else if (f == functor::kArrow || f == functor::kSoftArrow || f == m_.f_module_) {
      todo.push_back(a[1]);
    }
  }
  return false;
}

void Compiler::count_control() {
  if (++control_ == kCycleCheckAfter && mode_ == Mode::kMeta && !m_.acyclic(root_))
    throw PrologError("Cannot represent due to `cyclic_term' (the goal is a cyclic term)");
}

std::uint32_t Compiler::emit(Instr in) {
  m_.code.push_back(in);
  return static_cast<std::uint32_t>(m_.code.size() - 1);
}

int Compiler::local_cut(Cell g) {
  if (!has_cut(g)) return -1;
  std::uint32_t s = new_slot();
  emit({Op::kMark, 0, 0, s});
  return static_cast<int>(s);
}

void Compiler::proceed_if(bool last) {
  if (last) emit({frameless_ ? Op::kProceedLast : Op::kProceed});
}

bool Compiler::linear_body(std::uint32_t from) const {
  for (std::uint32_t pc = from; pc < m_.code.size(); ++pc) {
    switch (m_.code[pc].op) {
      case Op::kUnify:
      case Op::kUnfold:
      case Op::kIdentical:
      case Op::kIs:
      case Op::kCompare:
      case Op::kBuiltinDet:
      case Op::kExec:
      case Op::kProceed: break;
      case Op::kBuiltin:  // nondeterministic: only as the last goal
        if (pc + 2 != m_.code.size() || m_.code[pc + 1].op != Op::kProceed) return false;
        break;
      default: return false;
    }
  }
  return true;
}

void Compiler::call(FunctorId f, const Cell* args, unsigned n, bool last) {
  if (m_.preds.size() <= f) m_.preds.resize(m_.symbols.functor_count());
  Instr in;
  in.n = static_cast<std::uint8_t>(n);
  in.b = lookup_arg_templates(f, args, n, in.c);
  const Pred& p = m_.preds[f];
  if (p.kind == Pred::kNative && !p.library) {
    in.a = p.native;
    if (frameless_ && last && p.nondeterministic) {
      in.op = Op::kBuiltinLast;
      emit(in);
      return;
    }
    in.op = p.nondeterministic ? Op::kBuiltin : Op::kBuiltinDet;
    emit(in);
    proceed_if(last);
    return;
  }
  if (frameless_ && last) {
    in.op = Op::kExecLast;
    in.a = f;
    emit(in);
    return;
  }
  in.op = last ? Op::kExec : Op::kCall;
  in.a = f;
  emit(in);
}

void Compiler::call_var(const Cell* goal_and_extra, unsigned extra, bool last) {
  Instr in{Op::kCallVar};
  in.n = static_cast<std::uint8_t>(extra);
  in.aux = last ? 1 : 0;
  in.b = arg_templates(goal_and_extra, extra + 1, in.c);
  emit(in);
}

// '$unfolded'(Goal, Head, Body): the callee's head against the goal's arguments, then its body.
// The head's variables are new to this clause and first met here, on every path that reads them.
// Argument pairs that the unfolder made the same term (unfold.h) need no unification.
void Compiler::unfolded_call(const Cell* a, bool last) {
  Cell call = deref(a[0]), head = deref(a[1]);
  if (tag_of(call) == kStr) {
    const unsigned arity = m_.symbols.arity(static_cast<FunctorId>(payload(src_[payload(call)])));
    Cell call_args[256], head_args[256];
    unsigned n = 0;
    for (unsigned i = 1; i <= arity; ++i) {
      const Cell c = src_[payload(call) + i], h = src_[payload(head) + i];
      if (deref(c) == deref(h)) continue;
      call_args[n] = c;
      head_args[n++] = h;
    }
    if (n > 0) {
      Instr in{Op::kUnfold};
      in.n = static_cast<std::uint8_t>(n);
      in.b = arg_templates(call_args, n, in.c);
      in.a = static_cast<std::uint32_t>(m_.tmpl.size());
      m_.tmpl.resize(in.a + n);
      for (unsigned i = 0; i < n; ++i) {
        emit_into(head_args[i], true, in.a + i);
        in.c += cells_of(m_.tmpl[in.a + i]);
      }
      in.aux = unfold_kind(in);
      emit(in);
    }
  }
  goal(a[2], -1, last);
}

// How Machine::run matches an unfolded head (UnfoldKind): kUnfoldPlain when the call's arguments
// are clause variables (not first occurrences, which build) or constants; kUnfoldFlat when that
// is one variable against a structure pattern whose arguments are new variables or constants,
// like car_color's c(_, Shape, _, _, _, _, _).
std::uint16_t Compiler::unfold_kind(const Instr& in) const {
  for (unsigned k = 0; k < in.n; ++k) {
    const Cell t = m_.tmpl[in.b + k];
    if (tag_of(t) != kAtom && tag_of(t) != kInt && !(tag_of(t) == kCode && code_kind(t) == kVar))
      return kUnfoldGeneral;
  }
  const Cell h = m_.tmpl[in.a];
  if (in.n != 1 || tag_of(m_.tmpl[in.b]) != kCode || tag_of(h) != kCode || code_kind(h) != kTStr)
    return kUnfoldPlain;
  const Cell* tp = &m_.tmpl[code_index(h)];
  if (tp[-1] == ~std::uint64_t{0}) return kUnfoldPlain;
  for (std::uint64_t mask = tp[-1]; mask; mask &= mask - 1) {
    const Cell ti = tp[__builtin_ctzll(mask) + 1];
    if (tag_of(ti) == kCode && code_kind(ti) != kFirstVar) return kUnfoldPlain;
    if (tag_of(ti) != kCode && tag_of(ti) != kAtom && tag_of(ti) != kInt) return kUnfoldPlain;
  }
  return kUnfoldFlat;
}

void Compiler::negation(Cell g, bool last) {
  std::uint32_t s = new_slot();
  emit({Op::kMark, 0, 0, s});
  std::uint32_t t = emit({Op::kTryElse});
  goal(g, local_cut(g), false);
  emit({Op::kCut, 0, 0, s});
  emit({Op::kFail});
  m_.code[t].a = here();
  proceed_if(last);
}

void Compiler::findall(Cell templ, Cell g, Cell list, const Cell* tail, bool last) {
  std::uint32_t s = new_slot();
  std::uint32_t begin = emit({Op::kFindallBegin, 0, 0, s});
  goal(g, local_cut(g), false);
  Instr push{Op::kFindallPush};
  push.b = arg_templates(&templ, 1, push.c);
  emit(push);
  m_.code[begin].b = here();
  Instr end{Op::kFindallEnd};
  end.a = s;
  Cell results[2] = {list, tail ? *tail : 0};
  end.n = tail ? 2 : 1;
  end.b = arg_templates(results, end.n, end.c);
  emit(end);
  proceed_if(last);
}

bool Compiler::aggregate(Cell spec, Cell g, Cell result, bool last) {
  spec = deref(spec);
  if (spec == make_atom(atom::kCount)) {
    std::uint32_t s = new_slot();
    std::uint32_t begin = emit({Op::kCountBegin, 0, 0, s});
    goal(g, local_cut(g), false);
    emit({Op::kCountInc, 0, 0, s});
    m_.code[begin].b = here();
    Instr end{Op::kCountEnd};
    end.a = s;
    end.b = arg_templates(&result, 1, end.c);
    emit(end);
    proceed_if(last);
    return true;
  }
  if (tag_of(spec) != kStr) return false;
  std::uint64_t at = payload(spec);
  FunctorId f = static_cast<FunctorId>(payload(src_[at]));
  const Cell* a = &src_[at + 1];
  if (f == functor::kBag1) {
    findall(a[0], g, result, nullptr, last);
    return true;
  }
  FunctorId helper;
  if (f == functor::kSum1)
    helper = m_.f_aggr_sum_;
  else if (f == functor::kMax1)
    helper = m_.f_aggr_max_;
  else if (f == functor::kMin1)
    helper = m_.f_aggr_min_;
  else if (f == functor::kSet1)
    helper = m_.f_sort_;
  else if (f == functor::kMax2)
    helper = m_.f_aggr_max_w_;
  else if (f == functor::kMin2)
    helper = m_.f_aggr_min_w_;
  else
    return false;
  // Collect into a fresh slot, then reduce it with the helper: helper(Collected, Result).
  std::uint32_t collected = new_slot();
  std::uint32_t s = new_slot();
  std::uint32_t begin = emit({Op::kFindallBegin, 0, 0, s});
  goal(g, local_cut(g), false);
  Instr push{Op::kFindallPush};
  if (f == functor::kMax2 || f == functor::kMin2) {
    // Collect Value-Witness pairs.
    std::uint64_t idx = m_.tmpl.size() + 1;
    m_.tmpl.resize(idx + 4);
    m_.tmpl[idx - 1] = 3;
    m_.tmpl[idx] = make_functor(functor::kMinus2);
    emit_into(a[0], false, idx + 1);
    emit_into(a[1], false, idx + 2);
    m_.tmpl[idx + 3] = make_code(kTStr, idx);
    push.b = static_cast<std::uint32_t>(idx + 3);
    push.c = cells_of(m_.tmpl[idx + 3]);
  } else {
    push.b = arg_templates(a, 1, push.c);
  }
  emit(push);
  m_.code[begin].b = here();
  Instr end{Op::kFindallEnd};
  end.a = s;
  end.n = 1;
  end.b = static_cast<std::uint32_t>(m_.tmpl.size());
  m_.tmpl.push_back(make_code(kVar, collected));
  emit(end);
  // helper(Collected, Result)
  Instr in;
  in.n = 2;
  in.b = static_cast<std::uint32_t>(m_.tmpl.size());
  m_.tmpl.push_back(make_code(kVar, collected));
  m_.tmpl.push_back(0);
  emit_into(result, false, m_.tmpl.size() - 1);
  in.c = cells_of(m_.tmpl.back());
  if (m_.preds.size() <= helper) m_.preds.resize(m_.symbols.functor_count());
  const Pred& p = m_.preds[helper];
  if (p.kind == Pred::kNative && !p.library) {
    in.op = p.nondeterministic ? Op::kBuiltin : Op::kBuiltinDet;
    in.a = p.native;
    emit(in);
    proceed_if(last);
  } else {
    in.op = last ? Op::kExec : Op::kCall;
    in.a = helper;
    emit(in);
  }
  return true;
}

namespace {

// Puts back Compiler::top_level_ when a construct's goals are compiled.
struct TopLevel {
  bool& flag;
  bool saved;
  ~TopLevel() { flag = saved; }
};

// Control constructs whose goals run in a scope of their own (not at the top level).
bool construct(FunctorId f) {
  return f == functor::kNot || f == functor::kNotWord || f == functor::kCall1 ||
         (f >= functor::kCall2 && f <= functor::kCall8) || f == functor::kFindall3 ||
         f == functor::kFindall4 || f == functor::kForall || f == functor::kAggregateAll ||
         f == functor::kOnce || f == functor::kIgnore;
}

}  // namespace

// Conjunctions, disjunctions and if-then-else chains, which run as long as a clause body, are
// compiled in a loop; the goals inside them recurse, as deep as kMaxNesting.
void Compiler::goal(Cell g, int cut, bool last) {
  Machine::Nested nested(m_, "compile the goal");
  TopLevel restore{top_level_, top_level_};
  std::vector<std::uint32_t> jumps;  // from the ends of branches to the end of the chain
  for (;;) {
    count_control();
    g = deref(g);
    FunctorId f;
    const Cell* a;
    if (tag_of(g) != kStr || !goal_functor(m_, src_, g, f, a)) break;
    if (f == functor::kComma) {
      goal(a[0], cut, false);
      g = a[1];
      continue;
    }
    if (f == functor::kSemicolon || f == m_.f_bar_ || f == functor::kArrow ||
        f == functor::kSoftArrow || f == functor::kCall1)
      top_level_ = false;  // branches, conditions, call/1's goal
    if (f == functor::kSemicolon || f == m_.f_bar_) {
      Cell left = deref(a[0]);
      FunctorId lf = 0;
      if (tag_of(left) == kStr) lf = static_cast<FunctorId>(payload(src_[payload(left)]));
      std::uint32_t t;
      if (lf == functor::kArrow || lf == functor::kSoftArrow) {
        const Cell* ia = &src_[payload(left) + 1];
        std::uint32_t s = new_slot();
        emit({Op::kMark, 0, 0, s});
        t = emit({Op::kTryElse});
        goal(ia[0], local_cut(ia[0]), false);
        emit({lf == functor::kArrow ? Op::kCut : Op::kSoftCut, 0, 0, s});
        goal(ia[1], cut, last);
      } else {
        t = emit({Op::kTryElse});
        goal(a[0], cut, last);
      }
      if (!last) jumps.push_back(emit({Op::kJump}));
      m_.code[t].a = here();
      g = a[1];
      continue;
    }
    if (f == functor::kArrow) {
      std::uint32_t s = new_slot();
      emit({Op::kMark, 0, 0, s});
      goal(a[0], static_cast<int>(s), false);
      emit({Op::kCut, 0, 0, s});
      g = a[1];
      continue;
    }
    if (f == functor::kSoftArrow) {
      goal(a[0], local_cut(a[0]), false);
      g = a[1];
      continue;
    }
    if (f == m_.f_module_) {
      g = a[1];
      continue;
    }
    if (f == functor::kCall1) {
      Cell inner = deref(a[0]);
      if (tag_of(inner) != kAtom && tag_of(inner) != kStr) break;
      cut = local_cut(inner);
      g = inner;
      continue;
    }
    break;
  }
  simple_goal(g, cut, last);
  for (std::uint32_t j : jumps) m_.code[j].a = here();
}

// A goal that is not a chain: a builtin, a call, or a construct with its own scope.
void Compiler::simple_goal(Cell g, int cut, bool last) {
  FunctorId f;
  const Cell* a;
  if (tag_of(g) == kRef) {
    call_var(&g, 0, last);
    return;
  }
  if (unfolded_ && tag_of(g) == kStr && unfolded_->count(payload(g)))
    return unfolded_call(&src_[payload(g) + 1], last);
  if (!goal_functor(m_, src_, g, f, a)) {
    // A number as a goal: type error when it runs, like SWI.
    call_var(&g, 0, last);
    return;
  }
  TopLevel restore{top_level_, top_level_};
  if (tag_of(g) == kStr && construct(f)) top_level_ = false;
  if (tag_of(g) == kAtom) {
    switch (payload(g)) {
      case atom::kTrue: proceed_if(last); return;
      case atom::kFail:
      case atom::kFalse: emit({Op::kFail}); return;
      case atom::kCut:
        emit({Op::kCut, 0, 0, static_cast<std::uint32_t>(cut)});
        proceed_if(last);
        return;
      default: call(f, nullptr, 0, last); return;
    }
  }
  if (f == functor::kNot || f == functor::kNotWord) return negation(a[0], last);
  if (f == functor::kCall1) return call_var(a, 0, last);
  if (f >= functor::kCall2 && f <= functor::kCall8) return call_var(a, f - functor::kCall1, last);
  if (f == functor::kFindall3) return findall(a[0], a[1], a[2], nullptr, last);
  if (f == functor::kFindall4) return findall(a[0], a[1], a[2], &a[3], last);
  if (f == functor::kForall) {
    // \+ (C, \+ A)
    std::uint32_t s = new_slot();
    emit({Op::kMark, 0, 0, s});
    std::uint32_t t = emit({Op::kTryElse});
    goal(a[0], local_cut(a[0]), false);
    negation(a[1], false);
    emit({Op::kCut, 0, 0, s});
    emit({Op::kFail});
    m_.code[t].a = here();
    proceed_if(last);
    return;
  }
  if (f == functor::kAggregateAll && (m_.preds.size() <= f || m_.preds[f].kind != Pred::kClauses)) {
    if (aggregate(a[0], a[1], a[2], last)) return;
  }
  if (f == functor::kOnce) {
    std::uint32_t s = new_slot();
    emit({Op::kMark, 0, 0, s});
    goal(a[0], static_cast<int>(s), false);
    emit({Op::kCut, 0, 0, s});
    proceed_if(last);
    return;
  }
  if (f == functor::kIgnore) {
    std::uint32_t s = new_slot();
    emit({Op::kMark, 0, 0, s});
    std::uint32_t t = emit({Op::kTryElse});
    goal(a[0], local_cut(a[0]), false);
    emit({Op::kCut, 0, 0, s});
    m_.code[t].a = here();
    proceed_if(last);
    return;
  }
  if (f == m_.f_unify_) {
    Instr in{Op::kUnify};
    in.b = arg_templates(a, 2, in.c);
    emit(in);
    proceed_if(last);
    return;
  }
  if (f == m_.f_identical_ || f == m_.f_not_identical_) {
    Instr in{Op::kIdentical};
    in.aux = f == m_.f_not_identical_ ? 1 : 0;
    in.a = f;
    in.b = arg_templates(a, 2, in.c);
    emit(in);
    proceed_if(last);
    return;
  }
  if (f == m_.f_is_) {
    Instr in{Op::kIs};
    in.b = arg_templates(a, 2, in.c);
    in.c += 2;  // a float result
    emit(in);
    proceed_if(last);
    return;
  }
  for (std::uint16_t k = 0; k < 6; ++k) {
    if (f == m_.f_compare_[k]) {
      Instr in{Op::kCompare};
      in.aux = k;
      in.b = arg_templates(a, 2, in.c);
      emit(in);
      proceed_if(last);
      return;
    }
  }
  call(f, a, m_.symbols.arity(f), last);
}

Clause Compiler::compile_clause(Cell head, Cell body) {
  count_vars(head);
  count_vars(body);
  find_nonground(head);
  find_nonground(body);
  Clause c;
  head = deref(head);
  unsigned arity = 0;
  const Cell* args = nullptr;
  if (tag_of(head) == kStr) {
    arity = m_.symbols.arity(static_cast<FunctorId>(payload(src_[payload(head)])));
    args = &src_[payload(head) + 1];
  }
  c.head = static_cast<std::uint32_t>(m_.tmpl.size());
  m_.tmpl.resize(c.head + arity);
  std::uint32_t cells = 0;
  for (unsigned i = 0; i < arity; ++i) {
    emit_into(args[i], true, c.head + i);
    cells += cells_of(m_.tmpl[c.head + i]);
  }
  body = deref(body);
  if (body != make_atom(atom::kTrue)) {
    // Compile once with a frame; when the body turns out linear, compile it again frameless.
    std::size_t code_mark = m_.code.size(), tmpl_mark = m_.tmpl.size();
    std::uint64_t heap_mark = m_.h_;
    auto saved_vars = vars_;
    std::uint32_t saved_slots = slots_;
    c.body = here();
    int cut = -1;
    if (has_cut(body)) {
      cut = static_cast<int>(new_slot());
      emit({Op::kGetLevel, 0, 0, static_cast<std::uint32_t>(cut)});
    }
    goal(body, cut, true);
    if (mode_ == Mode::kClause && cut < 0 && linear_body(c.body) && slots_ <= kScratchSlots) {
      m_.code.resize(code_mark);
      m_.tmpl.resize(tmpl_mark);
      m_.h_ = m_.static_top_ = heap_mark;
      vars_ = std::move(saved_vars);
      slots_ = saved_slots;
      frameless_ = true;
      goal(body, -1, true);
      c.frameless = true;
    }
  }
  c.slots = slots_;
  c.cells = 3 + slots_ + cells + 8;
  return c;
}

std::uint32_t Compiler::compile_goal(Cell g, std::uint32_t& slots) {
  root_ = g;
  std::uint32_t entry = here();
  int cut = -1;
  if (has_cut(g)) {
    cut = static_cast<int>(new_slot());
    emit({Op::kGetLevel, 0, 0, static_cast<std::uint32_t>(cut)});
  }
  goal(g, cut, true);
  slots = slots_;
  return entry;
}

}  // namespace railyard::prolog
