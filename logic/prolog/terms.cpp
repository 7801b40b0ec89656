// Term operations of the machine: unification, standard order, copying, construction, and the
// error messages that describe terms. Every walk is a loop over an explicit stack or recurses
// only as deep as the reader allows, and every walk that may meet a cyclic term terminates on
// it (see kCycleCheckAfter).
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "logic/prolog/errors.h"
#include "logic/prolog/machine.h"
#include "logic/prolog/writer.h"

namespace railyard::prolog {

bool Machine::remember(std::uint64_t a, std::uint64_t b, std::uint64_t value) {
  if (seen_.will_grow()) reserve_space(seen_.cells_after_growth() - seen_.cells());
  return seen_.insert(a, b, value);
}

namespace {

// Work below this many compounds is part of the call that asked for it; above, it is charged.
constexpr std::uint64_t kFreeWork = 64;

}  // namespace

// Iterative, the last argument in the loop and the others on work_. Past kCycleCheckAfter
// compound pairs it remembers the pairs it has matched and skips them when they come again: two
// rational trees unify when no difference is found, which is SWI-Prolog's answer.
bool Machine::unify(Cell a, Cell b) {
  std::size_t base = work_.size();
  std::uint64_t compounds = 0;
  for (;;) {
    a = deref(a);
    b = deref(b);
    if (a != b) {
      Tag ta = tag_of(a), tb = tag_of(b);
      if (ta == kRef) {
        // Bind the younger variable to the older one; a variable to a value otherwise.
        if (tb == kRef && payload(b) > payload(a))
          bind(b, a);
        else
          bind(a, b);
      } else if (tb == kRef) {
        bind(b, a);
      } else if (ta != tb) {
        return unify_failed(base, compounds);
      } else if (ta == kStr || ta == kList) {
        std::uint64_t pa = payload(a), pb = payload(b);
        if (++compounds > kCycleCheckAfter && !remember(pa, pb)) goto next;
        if (ta == kList) {
          work_.emplace_back(heap_[pa], heap_[pb]);
          a = heap_[pa + 1];
          b = heap_[pb + 1];
          continue;
        }
        if (heap_[pa] != heap_[pb]) return unify_failed(base, compounds);
        unsigned n = symbols.arity(static_cast<FunctorId>(payload(heap_[pa])));
        for (unsigned i = 1; i < n; ++i) work_.emplace_back(heap_[pa + i], heap_[pb + i]);
        a = heap_[pa + n];
        b = heap_[pb + n];
        continue;
      } else if (ta != kFloat || heap_[payload(a) + 1] != heap_[payload(b) + 1]) {
        return unify_failed(base, compounds);
      }
    }
  next:
    if (work_.size() == base) {
      if (compounds > kFreeWork) end_walk(compounds);
      return true;
    }
    a = work_.back().first;
    b = work_.back().second;
    work_.pop_back();
  }
}

bool Machine::unify_failed(std::size_t base, std::uint64_t compounds) {
  work_.resize(base);
  if (compounds > kFreeWork) end_walk(compounds);
  return false;
}

void Machine::end_walk(std::uint64_t compounds) {
  if (seen_.size() > 0) seen_.clear();
  charge(compounds);
}

namespace {

int order_class(Cell c) {
  switch (tag_of(c)) {
    case kRef: return 0;
    case kInt:
    case kFloat: return 1;
    case kAtom: return 3;
    default: return 4;
  }
}

template <class T>
int sign(T a, T b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

}  // namespace

int Machine::compare_atomic(Cell a, Cell b) const {
  switch (order_class(a)) {
    case 0: return sign(payload(a), payload(b));
    case 1: {
      if (tag_of(a) == kInt && tag_of(b) == kInt) return sign(int_value(a), int_value(b));
      double x = tag_of(a) == kInt ? static_cast<double>(int_value(a)) : float_value(a);
      double y = tag_of(b) == kInt ? static_cast<double>(int_value(b)) : float_value(b);
      if (x != y) return x < y ? -1 : 1;
      if (tag_of(a) != tag_of(b)) return tag_of(a) == kFloat ? -1 : 1;  // Float < Int
      return 0;
    }
    default: {
      int c = symbols.name(static_cast<AtomId>(payload(a)))
                  .compare(symbols.name(static_cast<AtomId>(payload(b))));
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
  }
}

// Standard order, left to right with an explicit stack; like unify, pairs of compounds already
// compared count as equal once the walk is large, so cyclic terms compare as in SWI-Prolog.
int Machine::compare(Cell a, Cell b) {
  std::size_t base = work_.size();
  std::uint64_t compounds = 0;
  int result = 0;
  for (;;) {
    a = deref(a);
    b = deref(b);
    if (a != b) {
      int ca = order_class(a), cb = order_class(b);
      if (ca != cb) {
        result = ca < cb ? -1 : 1;
        break;
      }
      if (ca != 4) {
        result = compare_atomic(a, b);
        if (result != 0) break;
        goto next;
      }
      // Compounds: arity, then name, then arguments left to right.
      FunctorId fa = tag_of(a) == kList ? FunctorId{functor::kList}
                                        : static_cast<FunctorId>(payload(heap_[payload(a)]));
      FunctorId fb = tag_of(b) == kList ? FunctorId{functor::kList}
                                        : static_cast<FunctorId>(payload(heap_[payload(b)]));
      unsigned na = symbols.arity(fa), nb = symbols.arity(fb);
      if (na != nb) {
        result = na < nb ? -1 : 1;
        break;
      }
      if (fa != fb) {
        int c =
            symbols.name(symbols.functor_name(fa)).compare(symbols.name(symbols.functor_name(fb)));
        result = c < 0 ? -1 : 1;
        break;
      }
      if (++compounds > kCycleCheckAfter && !remember(payload(a), payload(b))) goto next;
      std::uint64_t xa = payload(a) + (tag_of(a) == kList ? 0 : 1);
      std::uint64_t xb = payload(b) + (tag_of(b) == kList ? 0 : 1);
      for (unsigned i = na - 1; i >= 1; --i) work_.emplace_back(heap_[xa + i], heap_[xb + i]);
      a = heap_[xa];
      b = heap_[xb];
      continue;
    }
  next:
    if (work_.size() == base) break;
    a = work_.back().first;
    b = work_.back().second;
    work_.pop_back();
  }
  work_.resize(base);
  if (compounds > kFreeWork) end_walk(compounds);
  return result;
}

namespace {

// Where copy_cells puts a copy: the heap (copy_term) or the findall store. Addresses written
// into the copy are the target's indices plus `reloc`.
struct HeapTarget {
  Machine& m;
  std::int64_t reloc = 0;
  std::uint64_t top() const { return m.h_; }
  std::uint64_t alloc(std::uint64_t n) {
    m.ensure(n);
    std::uint64_t at = m.h_;
    m.h_ += n;
    return at;
  }
  Cell& at(std::uint64_t i) { return m.heap_[i]; }
  void rollback(std::uint64_t top) { m.h_ = top; }
};

struct StoreTarget {
  Machine& m;
  std::int64_t reloc = 0;
  std::uint64_t top() const { return m.store_.size(); }
  std::uint64_t alloc(std::uint64_t n) {
    std::uint64_t at = m.store_.size();
    // Checked when the store must grow: it then doubles, so the check covers the new capacity.
    if (at + n > m.store_.capacity()) m.reserve_space(std::max<std::uint64_t>(n, at));
    m.store_.resize(at + n);
    return at;
  }
  Cell& at(std::uint64_t i) { return m.store_[i]; }
  void rollback(std::uint64_t top) { m.store_.resize(top); }
};

}  // namespace

// Copies t into a cell allocated from `target`. Variables are marked in place while copying so
// that shared variables stay shared (the caller unmarks them). Untracked, it gives up (false)
// after kCycleCheckAfter compounds; tracked, it remembers where each compound went, so
// sharing is kept and cyclic terms are copied as cyclic terms.
template <class Target>
bool Machine::copy_cells(Cell t, Target& target, bool track) {
  auto addr = [&](std::uint64_t i) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(i) + target.reloc);
  };
  std::uint64_t compounds = 0;
  std::size_t base = work_.size();
  work_.emplace_back(t, target.alloc(1));
  while (work_.size() > base) {
    Cell c = deref(work_.back().first);
    std::uint64_t slot = work_.back().second;
    work_.pop_back();
    switch (tag_of(c)) {
      case kRef:
        heap_[payload(c)] = make_code(kMark, slot);
        marked_.push_back(payload(c));
        target.at(slot) = make_ref(addr(slot));
        break;
      case kCode: target.at(slot) = make_ref(addr(code_index(c))); break;
      case kFloat: {
        std::uint64_t at = target.alloc(2);
        target.at(at) = heap_[payload(c)];
        target.at(at + 1) = heap_[payload(c) + 1];
        target.at(slot) = make_float_ref(addr(at));
        break;
      }
      case kList:
      case kStr: {
        std::uint64_t src = payload(c);
        if (track) {
          if (const std::uint64_t* done = seen_.find(src, 0)) {
            target.at(slot) = make_cell(tag_of(c), addr(*done));
            break;
          }
        } else if (++compounds > kCycleCheckAfter) {
          work_.resize(base);
          return false;
        }
        bool list = tag_of(c) == kList;
        unsigned n = list ? 2 : symbols.arity(static_cast<FunctorId>(payload(heap_[src])));
        unsigned first = list ? 0 : 1;  // where the arguments start
        std::uint64_t at = target.alloc(first + n);
        if (track) remember(src, 0, at);
        if (!list) target.at(at) = heap_[src];
        for (unsigned i = first + n - 1; i + 1 > first; --i)
          work_.emplace_back(heap_[src + i], at + i);
        target.at(slot) = make_cell(tag_of(c), addr(at));
        break;
      }
      default: target.at(slot) = c; break;
    }
  }
  return true;
}

void Machine::unmark() {
  for (std::uint64_t i : marked_) heap_[i] = make_ref(i);
  marked_.clear();
}

// A copy of t allocated from `target`: untracked first, which is the fast path for the small
// terms of labelling, then tracked from scratch when the term turned out large.
template <class Target>
Cell Machine::copy_into(Cell t, Target& target) {
  std::uint64_t start = target.top();
  bool done;
  try {
    done = copy_cells(t, target, false);
    unmark();
    if (!done) {
      target.rollback(start);
      copy_cells(t, target, true);
      unmark();
    }
  } catch (...) {
    unmark();
    throw;
  }
  std::uint64_t cells = target.top() - start;
  if (!done || cells > kFreeWork) end_walk(cells);
  return target.at(start);
}

Cell Machine::copy_term(Cell t) {
  HeapTarget target{*this};
  return copy_into(t, target);
}

void Machine::store_copy(Cell t) {
  std::uint64_t start = store_.size();
  StoreTarget target{*this, -static_cast<std::int64_t>(start + 1)};
  target.alloc(1);  // the block's length, filled in below
  copy_into(t, target);
  store_[start] = store_.size() - start - 1;
}

bool Machine::ground(Cell t) {
  std::size_t base = work_.size();
  std::uint64_t compounds = 0;
  bool ground = true;
  work_.emplace_back(t, 0);
  while (work_.size() > base) {
    Cell c = deref(work_.back().first);
    work_.pop_back();
    if (tag_of(c) == kRef) {
      ground = false;
      break;
    }
    if (tag_of(c) != kStr && tag_of(c) != kList) continue;
    if (++compounds > kCycleCheckAfter && !remember(payload(c), 0)) continue;
    std::uint64_t at = payload(c);
    if (tag_of(c) == kList) {
      work_.emplace_back(heap_[at], 0);
      work_.emplace_back(heap_[at + 1], 0);
      continue;
    }
    unsigned n = symbols.arity(static_cast<FunctorId>(payload(heap_[at])));
    for (unsigned i = 1; i <= n; ++i) work_.emplace_back(heap_[at + i], 0);
  }
  work_.resize(base);
  if (compounds > kFreeWork) end_walk(compounds);
  return ground;
}

bool Machine::acyclic(Cell t) const {
  // The walk's table takes about 8 cells per compound, out of the term space left.
  std::uint64_t used = space_used();
  std::uint64_t left = used < limits.max_term_cells ? limits.max_term_cells - used : 0;
  std::optional<bool> answer = acyclic_term(heap_.data(), t, symbols, left / 8);
  if (!answer) limit_error(LimitKind::kTermSpace);
  return *answer;
}

std::int64_t Machine::list_length(Cell list, Cell& tail) const {
  // Brent's cycle detection: `mark` jumps ahead to the current cell at every power of two.
  Cell l = deref(list), mark = l;
  std::int64_t n = 0;
  std::uint64_t power = 1, steps = 0;
  while (tag_of(l) == kList) {
    l = deref(heap_[payload(l) + 1]);
    ++n;
    if (l == mark) return -1;
    if (++steps == power) {
      mark = l;
      power *= 2;
      steps = 0;
    }
  }
  tail = l;
  return n;
}

std::vector<Cell> Machine::list_items(Cell list) {
  Cell tail;
  std::int64_t n = list_length(list, tail);
  if (n < 0) type_error("list", list);
  if (tag_of(tail) == kRef) instantiation_error();
  if (tail != make_atom(atom::kNil)) type_error("list", list);
  charge(static_cast<std::uint64_t>(n));
  std::vector<Cell> items;
  items.reserve(static_cast<std::size_t>(n));
  for (Cell l = deref(list); tag_of(l) == kList; l = deref(heap_[payload(l) + 1]))
    items.push_back(heap_[payload(l)]);
  return items;
}

// Arguments other than the last recurse (the reader bounds their nesting); the last argument,
// which carries lists and operator chains such as long conjunctions, is followed in the loop.
void Machine::import_into(const Cell* src, Cell t, std::uint64_t dst,
                          std::unordered_map<std::uint64_t, Cell>& vars) {
  for (;;) {
    while (tag_of(t) == kRef && src[payload(t)] != t) t = src[payload(t)];
    switch (tag_of(t)) {
      case kRef: {
        auto [it, fresh] = vars.try_emplace(payload(t), make_ref(dst));
        heap_[dst] = it->second;
        return;
      }
      case kFloat: {
        double d;
        std::memcpy(&d, &src[payload(t) + 1], sizeof d);
        Cell f = new_float(d);
        heap_[dst] = f;
        return;
      }
      case kStr:
      case kList: {
        std::uint64_t p = payload(t);
        bool list = tag_of(t) == kList;
        unsigned n = list ? 2 : symbols.arity(static_cast<FunctorId>(payload(src[p])));
        unsigned first = list ? 0 : 1;
        ensure(first + n);
        std::uint64_t at = h_;
        h_ += first + n;
        if (!list) heap_[at] = src[p];
        heap_[dst] = make_cell(tag_of(t), at);
        for (unsigned i = first; i + 1 < first + n; ++i) import_into(src, src[p + i], at + i, vars);
        dst = at + first + n - 1;
        t = src[p + first + n - 1];
        continue;
      }
      default: heap_[dst] = t; return;
    }
  }
}

Cell Machine::import(const Cell* src, Cell t, std::vector<std::pair<std::uint64_t, Cell>>& vars) {
  std::unordered_map<std::uint64_t, Cell> index(vars.begin(), vars.end());
  ensure(1);
  std::uint64_t root = h_++;
  import_into(src, t, root, index);
  vars.assign(index.begin(), index.end());
  return heap_[root];
}

Cell Machine::new_float(double d) {
  ensure(2);
  std::uint64_t at = h_;
  h_ += 2;
  heap_[at] = make_functor(functor::kFloatHeader);
  std::memcpy(&heap_[at + 1], &d, sizeof d);
  return make_float_ref(at);
}

double Machine::float_value(Cell c) const {
  double d;
  std::memcpy(&d, &heap_[payload(c) + 1], sizeof d);
  return d;
}

Cell Machine::new_struct(FunctorId f, const Cell* args, unsigned n) {
  if (f == functor::kList) {
    ensure(2);
    std::uint64_t at = h_;
    h_ += 2;
    heap_[at] = args[0];
    heap_[at + 1] = args[1];
    return make_list(at);
  }
  if (n == 0) return make_atom(symbols.functor_name(f));
  ensure(n + 1);
  std::uint64_t at = h_;
  h_ += n + 1;
  heap_[at] = make_functor(f);
  for (unsigned i = 0; i < n; ++i) heap_[at + 1 + i] = args[i];
  return make_str(at);
}

Cell Machine::new_list(const Cell* items, std::size_t n, Cell tail) {
  if (n == 0) return tail;
  ensure(2 * n);
  std::uint64_t at = h_;
  h_ += 2 * n;
  for (std::size_t i = 0; i < n; ++i) {
    heap_[at + 2 * i] = items[i];
    heap_[at + 2 * i + 1] = i + 1 < n ? make_list(at + 2 * i + 2) : tail;
  }
  return make_list(at);
}

std::string Machine::show(Cell t, bool quoted, std::size_t max_length) const {
  WriteOptions options;
  options.quoted = quoted;
  options.max_length = max_length;
  return write_term(heap_.data(), t, symbols, ops, options);
}

std::string Machine::write_text(Cell t, WriteOptions options) {
  std::uint64_t used = space_used();
  std::uint64_t left = used < limits.max_term_cells ? limits.max_term_cells - used : 0;
  options.max_length = 8 * left;
  bool truncated = false;
  std::string text = write_term(heap_.data(), t, symbols, ops, options, &truncated);
  if (truncated) limit_error(LimitKind::kTermSpace);
  charge(text.size() / 8);
  return text;
}

AtomId Machine::intern(std::string_view name) {
  AtomId a;
  if (symbols.find_atom(name, a)) return a;
  // The name and its two table entries.
  std::uint64_t cells = name.size() / 8 + 12;
  reserve_space(cells);
  aux_cells_ += cells;
  charge(name.size() / 8);
  return symbols.atom(name);
}

void Machine::grow_heap(std::uint64_t cells) {
  // The heap itself is allocated in doublings, but never beyond what the limit leaves.
  reserve_space(cells);
  std::uint64_t needed = h_ + cells;
  std::uint64_t room = limits.max_term_cells - (space_used() - h_);
  std::uint64_t size = std::max<std::uint64_t>(heap_.size() * 2, needed + 1024);
  heap_.resize(std::max(needed, std::min(size, room)));
}

void Machine::limit_error(LimitKind kind) const {
  std::string where = symbols.indicator(current_);
  switch (kind) {
    case LimitKind::kSteps:
      throw LimitError(kind, "runaway recursion? step limit exceeded in " + where + " (more than " +
                                 std::to_string(limits.max_steps) +
                                 " steps in one proof: calls, retries and builtin work)");
    case LimitKind::kDepth:
      throw LimitError(kind, "runaway recursion: depth limit exceeded in " + where +
                                 " (more than " + std::to_string(limits.max_depth) +
                                 " nested calls)");
    case LimitKind::kTermSpace: break;
  }
  char size[32];
  std::snprintf(size, sizeof size, "%.4g MiB", static_cast<double>(limits.max_term_cells) / 131072);
  throw LimitError(kind, "runaway recursion? term space limit exceeded in " + where +
                             " (more than " + size +
                             " of terms, findall results, choicepoints and atoms in one proof)");
}

void Machine::nesting_error(const char* what) {
  --nesting_;  // the guard that throws is not constructed, so it will not undo its count
  throw PrologError(std::string("Cannot ") + what + ": term nested more than " +
                    std::to_string(kMaxNesting) + " levels deep, or cyclic (in " +
                    symbols.indicator(current_) + ")");
}

void Machine::unknown_procedure(FunctorId f) const {
  throw PrologError("Unknown procedure: " + symbols.indicator(f));
}

void Machine::instantiation_error() const {
  throw PrologError("Arguments are not sufficiently instantiated (in " +
                    symbols.indicator(current_) + ")");
}

namespace {
const char* describe(const Machine& m, Cell c) {
  switch (tag_of(c)) {
    case kAtom: return "an atom";
    case kInt: return "an integer";
    case kFloat: return "a float";
    case kRef: return "a variable";
    default: {
      // Only what the message shows is worth a walk.
      std::optional<bool> acyclic = acyclic_term(m.heap_.data(), c, m.symbols, kCycleCheckAfter);
      return acyclic.value_or(true) ? "a compound" : "a cyclic";
    }
  }
}
}  // namespace

void Machine::type_error(const char* type, Cell culprit) const {
  culprit = deref(culprit);
  throw PrologError(std::string("Type error: `") + type + "' expected, found `" + show(culprit) +
                    "' (" + describe(*this, culprit) + ") (in " + symbols.indicator(current_) +
                    ")");
}

void Machine::domain_error(const char* domain, Cell culprit) const {
  throw PrologError(std::string("Domain error: `") + domain + "' expected, found `" +
                    show(deref(culprit)) + "' (in " + symbols.indicator(current_) + ")");
}

std::int64_t Machine::get_int(Cell c) const {
  c = deref(c);
  if (tag_of(c) == kInt) return int_value(c);
  if (tag_of(c) == kRef) instantiation_error();
  type_error("integer", c);
}

AtomId Machine::get_atom(Cell c) const {
  c = deref(c);
  if (tag_of(c) == kAtom) return static_cast<AtomId>(payload(c));
  if (tag_of(c) == kRef) instantiation_error();
  type_error("atom", c);
}

}  // namespace railyard::prolog
