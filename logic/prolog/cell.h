// Terms as tagged 64-bit cells. The low three bits are the tag, the rest the payload: an index
// into the term heap, an atom or functor id, or a small integer. Unbound variables are cells that
// refer to themselves, so binding is one store and undoing it restores the self-reference.
#pragma once

#include <cstdint>

namespace railyard::prolog {

using Cell = std::uint64_t;

enum Tag : unsigned {
  kRef = 0,      // heap index of a variable cell
  kAtom = 1,     // atom id
  kInt = 2,      // 61-bit signed integer
  kStr = 3,      // heap index of a functor cell followed by the arguments
  kList = 4,     // heap index of two cells: head and tail
  kFloat = 5,    // heap index of a float box: the float header functor cell, then the raw bits
  kFunctor = 6,  // functor id; heads a compound term on the heap
  kCode = 7,     // only in compiled clauses (see CodeKind) and as a copy marker, never a value
};

inline constexpr Tag tag_of(Cell c) {
  return static_cast<Tag>(c & 7);
}
inline constexpr std::uint64_t payload(Cell c) {
  return c >> 3;
}
inline constexpr Cell make_cell(Tag t, std::uint64_t p) {
  return (p << 3) | t;
}
inline constexpr Cell make_ref(std::uint64_t i) {
  return i << 3;
}
inline constexpr Cell make_atom(std::uint32_t a) {
  return make_cell(kAtom, a);
}
inline constexpr Cell make_str(std::uint64_t i) {
  return make_cell(kStr, i);
}
inline constexpr Cell make_list(std::uint64_t i) {
  return make_cell(kList, i);
}
inline constexpr Cell make_float_ref(std::uint64_t i) {
  return make_cell(kFloat, i);
}
inline constexpr Cell make_functor(std::uint32_t f) {
  return make_cell(kFunctor, f);
}

// Term nesting that the reader accepts and that the recursive walks of terms (compiling,
// arithmetic) may meet; deeper text is a syntax error, a deeper goal or expression an error.
// Only nesting in arguments other than the last counts: lists and operator chains such as long
// conjunctions (a, b, c, ...) are walked in loops and may be as long as memory allows.
inline constexpr unsigned kMaxNesting = 1000;

inline constexpr std::int64_t kMaxInt = (std::int64_t{1} << 60) - 1;
inline constexpr std::int64_t kMinInt = -(std::int64_t{1} << 60);
inline constexpr Cell make_int(std::int64_t v) {
  return (static_cast<Cell>(v) << 3) | kInt;
}
inline constexpr std::int64_t int_value(Cell c) {
  return static_cast<std::int64_t>(c) >> 3;
}
inline constexpr bool fits_int(std::int64_t v) {
  return v >= kMinInt && v <= kMaxInt;
}

// Follows variable bindings in a cell array (the heap, or the reader's cells) to a value or an
// unbound variable.
inline Cell deref(const Cell* cells, Cell c) {
  while (tag_of(c) == kRef) {
    Cell next = cells[payload(c)];
    if (next == c) return c;
    c = next;
  }
  return c;
}

// Compiled-clause cells (tag kCode). The payload's low three bits say what it is, the rest is a
// frame slot or an index into the template array.
enum CodeKind : unsigned {
  kFirstVar = 0,  // first occurrence of a clause variable in the head: store, do not unify
  kVar = 1,       // later occurrence: the value in the frame slot
  kVoid = 2,      // a variable that occurs once: matches anything, builds a fresh variable
  kTStr = 3,      // a compound with variables, laid out in the template array like on the heap
  kTList = 4,     // a list cell with variables in the template array
  kMark = 5,      // a variable being copied: payload is its copy's address (copy_term, findall)
};
inline constexpr Cell make_code(CodeKind k, std::uint64_t index) {
  return make_cell(kCode, (index << 3) | k);
}
inline constexpr CodeKind code_kind(Cell c) {
  return static_cast<CodeKind>(payload(c) & 7);
}
inline constexpr std::uint64_t code_index(Cell c) {
  return payload(c) >> 3;
}

}  // namespace railyard::prolog
