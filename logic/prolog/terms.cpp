// Term operations of the machine: unification, standard order, copying, construction, and the
// error messages that describe terms.
#include <cstring>

#include "logic/prolog/errors.h"
#include "logic/prolog/machine.h"
#include "logic/prolog/writer.h"

namespace railyard::prolog {

bool Machine::unify(Cell a, Cell b) {
  std::size_t base = work_.size();
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
        work_.resize(base);
        return false;
      } else if (ta == kStr) {
        std::uint64_t pa = payload(a), pb = payload(b);
        if (heap_[pa] != heap_[pb]) {
          work_.resize(base);
          return false;
        }
        unsigned n = symbols.arity(static_cast<FunctorId>(payload(heap_[pa])));
        for (unsigned i = 1; i < n; ++i) work_.emplace_back(heap_[pa + i], heap_[pb + i]);
        a = heap_[pa + n];
        b = heap_[pb + n];
        continue;
      } else if (ta == kList) {
        std::uint64_t pa = payload(a), pb = payload(b);
        work_.emplace_back(heap_[pa], heap_[pb]);
        a = heap_[pa + 1];
        b = heap_[pb + 1];
        continue;
      } else if (ta == kFloat) {
        if (heap_[payload(a) + 1] != heap_[payload(b) + 1]) {
          work_.resize(base);
          return false;
        }
      } else {
        work_.resize(base);
        return false;
      }
    }
    if (work_.size() == base) return true;
    a = work_.back().first;
    b = work_.back().second;
    work_.pop_back();
  }
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

int Machine::compare(Cell a, Cell b) const {
  for (;;) {
    a = deref(a);
    b = deref(b);
    if (a == b) return 0;
    int ca = order_class(a), cb = order_class(b);
    if (ca != cb) return ca < cb ? -1 : 1;
    switch (ca) {
      case 0: return payload(a) < payload(b) ? -1 : 1;
      case 1: {
        if (tag_of(a) == kInt && tag_of(b) == kInt) return sign(int_value(a), int_value(b));
        double x = tag_of(a) == kInt ? static_cast<double>(int_value(a)) : float_value(a);
        double y = tag_of(b) == kInt ? static_cast<double>(int_value(b)) : float_value(b);
        if (x != y) return x < y ? -1 : 1;
        if (tag_of(a) != tag_of(b)) return tag_of(a) == kFloat ? -1 : 1;  // Float < Int
        return 0;
      }
      case 3: {
        int c = symbols.name(static_cast<AtomId>(payload(a)))
                    .compare(symbols.name(static_cast<AtomId>(payload(b))));
        return c < 0 ? -1 : (c > 0 ? 1 : 0);
      }
      default: break;
    }
    // Compounds: arity, then name, then arguments left to right.
    FunctorId fa = tag_of(a) == kList ? FunctorId{functor::kList}
                                      : static_cast<FunctorId>(payload(heap_[payload(a)]));
    FunctorId fb = tag_of(b) == kList ? FunctorId{functor::kList}
                                      : static_cast<FunctorId>(payload(heap_[payload(b)]));
    unsigned na = symbols.arity(fa), nb = symbols.arity(fb);
    if (na != nb) return na < nb ? -1 : 1;
    if (fa != fb) {
      int c =
          symbols.name(symbols.functor_name(fa)).compare(symbols.name(symbols.functor_name(fb)));
      return c < 0 ? -1 : 1;
    }
    const Cell* xa = &heap_[payload(a) + (tag_of(a) == kList ? 0 : 1)];
    const Cell* xb = &heap_[payload(b) + (tag_of(b) == kList ? 0 : 1)];
    for (unsigned i = 0; i + 1 < na; ++i) {
      int c = compare(xa[i], xb[i]);
      if (c != 0) return c;
    }
    a = xa[na - 1];
    b = xb[na - 1];
  }
}

std::uint64_t Machine::term_cells(Cell t) const {
  std::uint64_t total = 0;
  std::vector<Cell> todo{t};
  while (!todo.empty()) {
    Cell c = deref(todo.back());
    todo.pop_back();
    switch (tag_of(c)) {
      case kFloat: total += 2; break;
      case kList:
        total += 2;
        todo.push_back(heap_[payload(c)]);
        todo.push_back(heap_[payload(c) + 1]);
        break;
      case kStr: {
        std::uint64_t at = payload(c);
        unsigned n = symbols.arity(static_cast<FunctorId>(payload(heap_[at])));
        total += n + 1;
        for (unsigned i = 1; i <= n; ++i) todo.push_back(heap_[at + i]);
        break;
      }
      default: break;
    }
  }
  return total;
}

// Copies t into dst[root], allocating from dst[top...]; addresses written are index + reloc.
// Variables are marked in place while copying so that shared variables stay shared.
void Machine::copy_cells(Cell t, Cell* dst, std::uint64_t root, std::uint64_t& top,
                         std::int64_t reloc) {
  auto addr = [reloc](std::uint64_t i) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(i) + reloc);
  };
  std::size_t base = work_.size();
  work_.emplace_back(t, root);
  while (work_.size() > base) {
    Cell c = deref(work_.back().first);
    std::uint64_t slot = work_.back().second;
    work_.pop_back();
    switch (tag_of(c)) {
      case kRef:
        heap_[payload(c)] = make_code(kMark, slot);
        marked_.push_back(payload(c));
        dst[slot] = make_ref(addr(slot));
        break;
      case kCode: dst[slot] = make_ref(addr(code_index(c))); break;
      case kFloat: {
        std::uint64_t at = top;
        top += 2;
        dst[at] = heap_[payload(c)];
        dst[at + 1] = heap_[payload(c) + 1];
        dst[slot] = make_float_ref(addr(at));
        break;
      }
      case kList: {
        std::uint64_t at = top;
        top += 2;
        work_.emplace_back(heap_[payload(c) + 1], at + 1);
        work_.emplace_back(heap_[payload(c)], at);
        dst[slot] = make_list(addr(at));
        break;
      }
      case kStr: {
        std::uint64_t src = payload(c);
        unsigned n = symbols.arity(static_cast<FunctorId>(payload(heap_[src])));
        std::uint64_t at = top;
        top += n + 1;
        dst[at] = heap_[src];
        for (unsigned i = n; i >= 1; --i) work_.emplace_back(heap_[src + i], at + i);
        dst[slot] = make_str(addr(at));
        break;
      }
      default: dst[slot] = c; break;
    }
  }
  for (std::uint64_t i : marked_) heap_[i] = make_ref(i);
  marked_.clear();
}

Cell Machine::copy_term(Cell t) {
  std::uint64_t need = term_cells(t) + 1;
  ensure(need);
  std::uint64_t root = h_;
  std::uint64_t top = h_ + 1;
  copy_cells(t, heap_.data(), root, top, 0);
  h_ = top;
  return heap_[root];
}

Cell Machine::import(const Cell* src, Cell t, std::vector<std::pair<std::uint64_t, Cell>>& vars) {
  while (tag_of(t) == kRef && src[payload(t)] != t) t = src[payload(t)];
  switch (tag_of(t)) {
    case kRef: {
      for (auto& [index, cell] : vars)
        if (index == payload(t)) return cell;
      Cell v = new_var();
      vars.emplace_back(payload(t), v);
      return v;
    }
    case kFloat: {
      double d;
      std::memcpy(&d, &src[payload(t) + 1], sizeof d);
      return new_float(d);
    }
    case kStr: {
      std::uint64_t p = payload(t);
      unsigned n = symbols.arity(static_cast<FunctorId>(payload(src[p])));
      ensure(n + 1);
      std::uint64_t at = h_;
      h_ += n + 1;
      heap_[at] = src[p];
      for (unsigned i = 1; i <= n; ++i) {
        Cell arg = import(src, src[p + i], vars);
        heap_[at + i] = arg;
      }
      return make_str(at);
    }
    case kList: {
      // Iterative along the tail so long lists do not recurse deeply.
      ensure(2);
      std::uint64_t first = h_;
      h_ += 2;
      std::uint64_t cell = first;
      for (;;) {
        std::uint64_t p = payload(t);
        Cell head = import(src, src[p], vars);
        heap_[cell] = head;
        t = src[p + 1];
        while (tag_of(t) == kRef && src[payload(t)] != t) t = src[payload(t)];
        if (tag_of(t) != kList) {
          Cell tail = import(src, t, vars);
          heap_[cell + 1] = tail;
          return make_list(first);
        }
        ensure(2);
        std::uint64_t next = h_;
        h_ += 2;
        heap_[cell + 1] = make_list(next);
        cell = next;
      }
    }
    default: return t;
  }
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

bool Machine::callable_functor(Cell c, FunctorId& f) {
  c = deref(c);
  if (tag_of(c) == kAtom) {
    f = symbols.functor(static_cast<AtomId>(payload(c)), 0);
    return true;
  }
  if (tag_of(c) == kStr) {
    f = static_cast<FunctorId>(payload(heap_[payload(c)]));
    return true;
  }
  if (tag_of(c) == kList) {
    f = functor::kList;
    return true;
  }
  return false;
}

std::string Machine::show(Cell t, bool quoted) const {
  return write_term(heap_.data(), t, symbols, ops, WriteOptions{quoted, false});
}

void Machine::grow_heap(std::uint64_t cells) {
  std::uint64_t needed = h_ + cells + 1024;
  if (needed > limits.max_heap_cells) limit_error("memory", limits.max_heap_cells);
  std::uint64_t size = std::max<std::uint64_t>(heap_.size() * 2, needed);
  heap_.resize(std::min<std::uint64_t>(size, std::max(needed, limits.max_heap_cells)));
}

void Machine::throw_error(const std::string& message) const {
  throw PrologError(message);
}

void Machine::limit_error(const char* what, std::uint64_t limit) const {
  std::string where = symbols.indicator(current_);
  std::string kind = what;
  if (kind == "step")
    throw LimitError("runaway recursion? step limit exceeded in " + where + " (more than " +
                     std::to_string(limit) + " calls in one proof)");
  if (kind == "depth")
    throw LimitError("runaway recursion: depth limit exceeded in " + where + " (more than " +
                     std::to_string(limit) + " nested calls)");
  throw LimitError("runaway recursion? memory limit exceeded in " + where + " (more than " +
                   std::to_string(limit) + " cells of term memory)");
}

void Machine::unknown_procedure(FunctorId f) const {
  throw PrologError("Unknown procedure: " + symbols.indicator(f));
}

void Machine::instantiation_error() const {
  throw PrologError("Arguments are not sufficiently instantiated (in " +
                    symbols.indicator(current_) + ")");
}

namespace {
const char* describe(Cell c) {
  switch (tag_of(c)) {
    case kAtom: return "an atom";
    case kInt: return "an integer";
    case kFloat: return "a float";
    case kRef: return "a variable";
    default: return "a compound";
  }
}
}  // namespace

void Machine::type_error(const char* type, Cell culprit) const {
  culprit = deref(culprit);
  throw PrologError(std::string("Type error: `") + type + "' expected, found `" + show(culprit) +
                    "' (" + describe(culprit) + ") (in " + symbols.indicator(current_) + ")");
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
