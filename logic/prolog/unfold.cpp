#include "logic/prolog/unfold.h"

#include <algorithm>

#include "logic/prolog/compiler.h"
#include "logic/prolog/errors.h"

namespace railyard::prolog {
namespace {

constexpr unsigned kMaxDepth = 4;             // unfoldings inside unfolded bodies
constexpr std::size_t kMaxCalleeCells = 512;  // larger clauses stay calls
constexpr std::size_t kMaxGrowth = 8192;      // cells one clause may grow by

Cell relocate(Cell c, std::uint64_t offset) {
  switch (tag_of(c)) {
    case kRef:
    case kStr:
    case kList:
    case kFloat: return make_cell(tag_of(c), payload(c) + offset);
    default: return c;
  }
}

}  // namespace

Cell Unfolder::rewrite(Cell body) {
  limit_ = cells.size() + kMaxGrowth;
  return walk(body, 0);
}

// Goals in control constructs that the compiler compiles inline are walked; a goal that is data
// (call/N's argument, aggregate_all's) is left alone, since it may be called as a term. The last
// argument of a chain (a, b, c, ...), which may be as long as memory allows, is walked in the
// loop; the others recurse, as deep as the reader lets terms nest.
Cell Unfolder::walk(Cell goal, unsigned depth) {
  constexpr std::uint64_t kTop = ~std::uint64_t{0};
  std::uint64_t where = kTop;  // the cell holding the goal in hand, kTop for `goal` itself
  Cell result = goal;
  for (Cell g = goal;;) {
    g = deref(g);
    FunctorId f;
    const std::uint64_t at = payload(g);
    if (tag_of(g) == kStr) {
      f = static_cast<FunctorId>(payload(cells[at]));
    } else if (tag_of(g) != kAtom ||
               !m_.symbols.find_functor(static_cast<AtomId>(payload(g)), 0, f)) {
      return result;
    }
    auto walk_arg = [&](unsigned i) {
      Cell r = walk(cells[at + i], depth);  // may grow `cells`: index again after
      cells[at + i] = r;
    };
    if (f == functor::kComma || f == functor::kSemicolon || f == m_.f_bar_ ||
        f == functor::kArrow || f == functor::kSoftArrow || f == functor::kForall) {
      walk_arg(1);
      where = at + 2;
      g = cells[where];
      continue;
    }
    if (f == functor::kNot || f == functor::kNotWord || f == functor::kOnce ||
        f == functor::kIgnore) {
      walk_arg(1);
      return result;
    }
    if (f == functor::kFindall3 || f == functor::kFindall4) {
      walk_arg(2);
      return result;
    }
    if (f < m_.preds.size() && m_.preds[f].control) return result;
    deps.emplace_back(f, f < m_.preds.size() ? m_.preds[f].version : 0);
    if (depth >= kMaxDepth || !unfoldable(f) ||
        std::find(active_.begin(), active_.end(), f) != active_.end())
      return result;
    const Cell unfolded = unfold(g, f, depth);
    if (where == kTop)
      result = unfolded;
    else
      cells[where] = unfolded;
    return result;
  }
}

Cell Unfolder::unfold(Cell g, FunctorId f, unsigned depth) {
  const ClauseSource& s = m_.preds[f].sources.front();
  if (cells.size() + s.cells->size() + 4 > limit_) return g;
  const std::uint64_t offset = append_copy(*s.cells);
  const Cell head = relocate(s.head, offset);
  substitute_head_vars(g, head, offset);
  active_.push_back(f);
  const Cell body = walk(relocate(s.body, offset), depth + 1);
  active_.pop_back();
  const std::uint64_t at = cells.size();
  cells.insert(cells.end(), {make_functor(m_.f_unfolded_), g, head, body});
  wrappers.insert(at);
  return make_str(at);
}

// A head argument that is a variable of the copy, met by a call argument that is a variable or
// an atomic constant, is bound to it here: unifying a fresh variable binds it whatever the order,
// so the body reads the caller's variable (or the constant) and the compiler drops the pair
// (Compiler::unfolded_call). Compound call arguments stay, so no term is built twice.
void Unfolder::substitute_head_vars(Cell g, Cell head, std::uint64_t offset) {
  if (tag_of(g) != kStr || tag_of(head) != kStr) return;
  const unsigned n = m_.symbols.arity(static_cast<FunctorId>(payload(cells[payload(g)])));
  for (unsigned i = 1; i <= n; ++i) {
    const Cell h = deref(cells[payload(head) + i]);
    const Cell a = deref(cells[payload(g) + i]);
    if (tag_of(h) != kRef || payload(h) < offset || h == a) continue;
    if (tag_of(a) == kRef || tag_of(a) == kAtom || tag_of(a) == kInt) cells[payload(h)] = a;
  }
}

bool Unfolder::unfoldable(FunctorId f) const {
  if (f >= m_.preds.size()) return false;
  const Pred& p = m_.preds[f];
  return p.kind == Pred::kClauses && p.clauses.size() == 1 && p.sources.size() == 1 &&
         p.sources.front().cells && p.sources.front().cells->size() <= kMaxCalleeCells &&
         simple_body(p.sources.front());
}

// A conjunction of goals that are not control constructs: no cut, which would cut the caller,
// and straight-line code like the head it follows.
bool Unfolder::simple_body(const ClauseSource& s) const {
  const Cell* c = s.cells->data();
  std::vector<Cell> todo{s.body};
  while (!todo.empty()) {
    Cell g = prolog::deref(c, todo.back());
    todo.pop_back();
    FunctorId f;
    if (tag_of(g) == kStr) {
      f = static_cast<FunctorId>(payload(c[payload(g)]));
      if (f == functor::kComma) {
        todo.push_back(c[payload(g) + 2]);
        todo.push_back(c[payload(g) + 1]);
        continue;
      }
    } else if (tag_of(g) != kAtom ||
               !m_.symbols.find_functor(static_cast<AtomId>(payload(g)), 0, f)) {
      return false;
    }
    if (f < m_.preds.size() && m_.preds[f].control) return false;
  }
  return true;
}

// Appends a clause's cells, renamed apart: its variables become new ones of this clause.
std::uint64_t Unfolder::append_copy(const std::vector<Cell>& src) {
  const std::uint64_t offset = cells.size();
  cells.reserve(offset + src.size());
  for (std::size_t i = 0; i < src.size(); ++i) {
    cells.push_back(relocate(src[i], offset));
    if (src[i] == make_functor(functor::kFloatHeader) && i + 1 < src.size())
      cells.push_back(src[++i]);  // a float's raw bits
  }
  return offset;
}

void Machine::link() {
  auto current = [&](const ClauseSource& s) {
    if (!s.linked) return false;
    for (const auto& [g, version] : s.deps)
      if ((g < preds.size() ? preds[g].version : 0) != version) return false;
    return true;
  };
  for (FunctorId f = 0; f < preds.size(); ++f) {
    if (preds[f].kind != Pred::kClauses) continue;
    for (std::size_t i = 0; i < preds[f].sources.size(); ++i)
      if (!current(preds[f].sources[i])) relink_clause(f, i);
  }
}

void Machine::relink_clause(FunctorId f, std::size_t i) {
  const std::shared_ptr<const std::vector<Cell>> src = preds[f].sources[i].cells;
  const Cell head = preds[f].sources[i].head, body = preds[f].sources[i].body;
  Unfolder u(*this, *src);
  const Cell unfolded_body = u.rewrite(body);
  const bool unfolded = !u.wrappers.empty();
  if (unfolded || preds[f].sources[i].unfolded) {
    h_ = static_top_;
    Clause c;
    try {
      c = Compiler(*this, u.cells.data(), Compiler::Mode::kClause, &u.wrappers)
              .compile_clause(head, unfolded_body);
    } catch (const PrologError&) {
      // Unfolding made it too big to compile: the clause as written compiled when it loaded.
      h_ = static_top_;
      c = Compiler(*this, src->data(), Compiler::Mode::kClause).compile_clause(head, body);
      u.wrappers.clear();
    }
    if (scratch_.size() < c.slots) scratch_.resize(c.slots);
    preds[f].clauses[i] = c;  // compiling may have grown preds: index again
    static_code = static_cast<std::uint32_t>(code.size());
    static_tmpl = static_cast<std::uint32_t>(tmpl.size());
  }
  ClauseSource& s = preds[f].sources[i];
  s.deps = std::move(u.deps);
  s.linked = true;
  s.unfolded = !u.wrappers.empty();
}

}  // namespace railyard::prolog
