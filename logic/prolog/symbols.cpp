#include "logic/prolog/symbols.h"

#include "logic/prolog/errors.h"

namespace railyard::prolog {
namespace {

constexpr const char* kAtomNames[] = {"[]",
                                      "true",
                                      "fail",
                                      "false",
                                      ",",
                                      ";",
                                      "->",
                                      "*->",
                                      ":-",
                                      "\\+",
                                      "not",
                                      "!",
                                      "call",
                                      "findall",
                                      "forall",
                                      "aggregate_all",
                                      "count",
                                      "sum",
                                      "max",
                                      "min",
                                      "bag",
                                      "set",
                                      "once",
                                      "ignore",
                                      "-",
                                      "{}",
                                      "[|]",
                                      "|",
                                      "=",
                                      "$float",
                                      ":",
                                      "/",
                                      "pi",
                                      "e",
                                      "inf",
                                      "nan",
                                      "epsilon",
                                      "max_tagged_integer",
                                      "min_tagged_integer",
                                      "<",
                                      ">"};

struct FixedFunctor {
  AtomId name;
  unsigned arity;
};
constexpr FixedFunctor kFunctors[] = {
    {atom::kFloatBox, 0},  {atom::kComma, 2},    {atom::kSemicolon, 2},    {atom::kArrow, 2},
    {atom::kSoftArrow, 2}, {atom::kNot, 1},      {atom::kNotWord, 1},      {atom::kCall, 1},
    {atom::kCall, 2},      {atom::kCall, 3},     {atom::kCall, 4},         {atom::kCall, 5},
    {atom::kCall, 6},      {atom::kCall, 7},     {atom::kCall, 8},         {atom::kFindall, 3},
    {atom::kFindall, 4},   {atom::kForall, 2},   {atom::kAggregateAll, 3}, {atom::kOnce, 1},
    {atom::kIgnore, 1},    {atom::kNeck, 2},     {atom::kNeck, 1},         {atom::kCurly, 1},
    {atom::kMinus, 2},     {atom::kListName, 2}, {atom::kEqual, 2},        {atom::kCount, 1},
    {atom::kSum, 1},       {atom::kMax, 1},      {atom::kMin, 1},          {atom::kBag, 1},
    {atom::kSet, 1},       {atom::kMax, 2},      {atom::kMin, 2},          {atom::kColon, 2},
    {atom::kSlash, 2},
};

}  // namespace

Symbols::Symbols() {
  for (const char* name : kAtomNames) atom(name);
  for (const FixedFunctor& f : kFunctors) {
    AtomId name = f.name;
    FunctorId id = static_cast<FunctorId>(functors_.size());
    functors_.push_back({name, f.arity});
    functor_ids_.emplace((std::uint64_t{name} << 8) | f.arity, id);
  }
}

AtomId Symbols::atom(std::string_view name) {
  auto it = atom_ids_.find(std::string(name));
  if (it != atom_ids_.end()) return it->second;
  AtomId id = static_cast<AtomId>(atoms_.size());
  atoms_.emplace_back(name);
  atom_ids_.emplace(std::string(name), id);
  return id;
}

FunctorId Symbols::functor(AtomId name, unsigned arity) {
  if (arity > 255) throw PrologError("Cannot represent due to `max_arity' (255 arguments)");
  std::uint64_t key = (std::uint64_t{name} << 8) | arity;
  auto it = functor_ids_.find(key);
  if (it != functor_ids_.end()) return it->second;
  FunctorId id = static_cast<FunctorId>(functors_.size());
  functors_.push_back({name, arity});
  functor_ids_.emplace(key, id);
  return id;
}

void Symbols::truncate(std::size_t atoms, std::size_t functors) {
  while (functors_.size() > functors) {
    const Functor& f = functors_.back();
    functor_ids_.erase((std::uint64_t{f.name} << 8) | f.arity);
    functors_.pop_back();
  }
  while (atoms_.size() > atoms) {
    atom_ids_.erase(atoms_.back());
    atoms_.pop_back();
  }
}

bool Symbols::find_atom(std::string_view name, AtomId& out) const {
  auto it = atom_ids_.find(std::string(name));
  if (it == atom_ids_.end()) return false;
  out = it->second;
  return true;
}

bool Symbols::find_functor(AtomId name, unsigned arity, FunctorId& out) const {
  auto it = functor_ids_.find((std::uint64_t{name} << 8) | arity);
  if (it == functor_ids_.end()) return false;
  out = it->second;
  return true;
}

std::string Symbols::indicator(FunctorId f) const {
  return name(functors_[f].name) + "/" + std::to_string(functors_[f].arity);
}

}  // namespace railyard::prolog
