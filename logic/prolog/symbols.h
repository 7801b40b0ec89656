// Interned atoms and functors. Atoms and functors are small integers at run time; names are only
// looked at when reading and writing terms. Symbols interned while a proof runs (atom_codes/2,
// atom_concat/3, functor/3, ...) are forgotten when it ends (truncate), so a long labelling run
// does not grow the table without bound.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace railyard::prolog {

using AtomId = std::uint32_t;
using FunctorId = std::uint32_t;

// Atoms every part of the engine refers to; interned first, in this order (see symbols.cpp).
namespace atom {
enum : AtomId {
  kNil,
  kTrue,
  kFail,
  kFalse,
  kComma,
  kSemicolon,
  kArrow,
  kSoftArrow,
  kNeck,
  kNot,
  kNotWord,
  kCut,
  kCall,
  kFindall,
  kForall,
  kAggregateAll,
  kCount,
  kSum,
  kMax,
  kMin,
  kBag,
  kSet,
  kOnce,
  kIgnore,
  kMinus,
  kCurly,
  kListName,
  kBar,
  kEqual,
  kFloatBox,
  kColon,
  kSlash,
  kPi,
  kE,
  kInf,
  kNan,
  kEpsilon,
  kMaxTagged,
  kMinTagged,
  kLess,
  kGreater,
};
}  // namespace atom

// Functors with fixed ids, interned right after the atoms, in this order.
namespace functor {
enum : FunctorId {
  kFloatHeader,  // heads a float box on the heap; never a term of its own
  kComma,
  kSemicolon,
  kArrow,
  kSoftArrow,
  kNot,
  kNotWord,
  kCall1,
  kCall2,
  kCall3,
  kCall4,
  kCall5,
  kCall6,
  kCall7,
  kCall8,
  kFindall3,
  kFindall4,
  kForall,
  kAggregateAll,
  kOnce,
  kIgnore,
  kNeck,
  kDirective,
  kCurly,
  kMinus2,
  kList,
  kEqual,
  kCount1,
  kSum1,
  kMax1,
  kMin1,
  kBag1,
  kSet1,
  kMax2,
  kMin2,
  kColon,
  kSlash,
};
}  // namespace functor

class Symbols {
 public:
  Symbols();

  AtomId atom(std::string_view name);
  FunctorId functor(AtomId name, unsigned arity);
  FunctorId functor(std::string_view name, unsigned arity) { return functor(atom(name), arity); }
  // Lookups that never intern; return false when unknown.
  bool find_atom(std::string_view name, AtomId& out) const;
  bool find_functor(AtomId name, unsigned arity, FunctorId& out) const;

  const std::string& name(AtomId a) const { return atoms_[a]; }
  AtomId functor_name(FunctorId f) const { return functors_[f].name; }
  unsigned arity(FunctorId f) const { return functors_[f].arity; }
  std::size_t functor_count() const { return functors_.size(); }
  std::size_t atom_count() const { return atoms_.size(); }
  // Forgets the atoms and functors interned after the first `atoms` and `functors`.
  void truncate(std::size_t atoms, std::size_t functors);
  // "name/arity" as SWI writes it in messages.
  std::string indicator(FunctorId f) const;

 private:
  struct Functor {
    AtomId name;
    unsigned arity;
  };
  std::vector<std::string> atoms_;
  std::unordered_map<std::string, AtomId> atom_ids_;
  std::vector<Functor> functors_;
  std::unordered_map<std::uint64_t, FunctorId> functor_ids_;
};

}  // namespace railyard::prolog
