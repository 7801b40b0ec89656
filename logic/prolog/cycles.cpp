#include "logic/prolog/cycles.h"

#include "logic/prolog/cell_table.h"

namespace railyard::prolog {
namespace {

bool compound(Cell c) {
  return tag_of(c) == kStr || tag_of(c) == kList;
}

// Arguments of a compound: where they start and how many.
unsigned arguments(const Cell* cells, Cell c, const Symbols& symbols, const Cell*& first) {
  if (tag_of(c) == kList) {
    first = &cells[payload(c)];
    return 2;
  }
  first = &cells[payload(c) + 1];
  return symbols.arity(static_cast<FunctorId>(payload(cells[payload(c)])));
}

// Whether expanding t as a tree stays within `budget` compounds; a cyclic term never does.
bool small_tree(const Cell* cells, Cell t, const Symbols& symbols, std::uint64_t budget) {
  std::vector<Cell> todo{t};
  while (!todo.empty()) {
    Cell c = deref(cells, todo.back());
    todo.pop_back();
    if (!compound(c)) continue;
    if (budget-- == 0) return false;
    const Cell* args;
    unsigned n = arguments(cells, c, symbols, args);
    todo.insert(todo.end(), args, args + n);
  }
  return true;
}

constexpr std::uint64_t kOnPath = 1, kDone = 2;

// cycle_points for a compound too large for small_tree to settle.
std::optional<std::vector<std::uint64_t>> cycle_points_walk(const Cell* cells, Cell t,
                                                            const Symbols& symbols,
                                                            std::uint64_t max_compounds) {
  std::vector<std::uint64_t> points;
  // Depth-first, each compound once: state kOnPath while its arguments are walked, then kDone.
  // An argument that is on the path closes a cycle there.
  struct Frame {
    Cell term;
    unsigned next;
  };
  CellTable state, is_point;
  std::vector<Frame> path{{t, 0}};
  state.insert(payload(t), 0, kOnPath);
  while (!path.empty()) {
    Frame& top = path.back();
    const Cell* args;
    unsigned n = arguments(cells, top.term, symbols, args);
    if (top.next == n) {
      *state.find(payload(top.term), 0) = kDone;
      path.pop_back();
      continue;
    }
    Cell c = deref(cells, args[top.next++]);
    if (!compound(c)) continue;
    std::uint64_t* s = state.find(payload(c), 0);
    if (s == nullptr) {
      if (state.size() == max_compounds) return std::nullopt;
      state.insert(payload(c), 0, kOnPath);
      path.push_back({c, 0});
    } else if (*s == kOnPath && is_point.insert(payload(c), 0)) {
      points.push_back(payload(c));
    }
  }
  return points;
}

}  // namespace

std::optional<std::vector<std::uint64_t>> cycle_points(const Cell* cells, Cell t,
                                                       const Symbols& symbols,
                                                       std::uint64_t max_compounds) {
  t = deref(cells, t);
  if (!compound(t) || small_tree(cells, t, symbols, kCycleCheckAfter))
    return std::vector<std::uint64_t>{};
  return cycle_points_walk(cells, t, symbols, max_compounds);
}

std::optional<bool> acyclic_term(const Cell* cells, Cell t, const Symbols& symbols,
                                 std::uint64_t max_compounds) {
  std::optional<std::vector<std::uint64_t>> points = cycle_points(cells, t, symbols, max_compounds);
  if (!points) return std::nullopt;
  return points->empty();
}

}  // namespace railyard::prolog
